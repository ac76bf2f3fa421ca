"""Bots by name: what ``--players bot:SPEC``, ``--bots A,B`` and ``tune --bots`` make.

A *bot spec* is a name, optionally followed by a budget for the bots that
search:

- ``random``, ``careless``, ``greedy`` — no budget;
- ``mcts`` — the default budget (:data:`rulekit.bots.mcts.DEFAULT_ITERATIONS`
  simulations per decision);
- ``mcts:N`` — ``N`` simulations per decision (deterministic for a seed);
- ``mcts:Ts`` — ``T`` seconds per decision (``mcts:0.5s``; the number of
  simulations then depends on the machine);
- ``easy``, ``normal``, ``hard``, ``expert`` — the difficulty levels: each is a
  name for one of the specs above (defined here and nowhere else; ``expert``,
  above ``hard``, is for analysis: slower, and a family of its own may have no
  such level).

A name may also be typed in the language of the messages, without its
accents (``glouton``, ``facile``, ``difficile``).

:func:`parse_bot` is the one place that reads a spec; it returns a
:class:`BotSpec` whose :attr:`BotSpec.text` is the canonical form records
and reports carry (``mcts`` is written ``mcts:1000``, so a report always says
which budget was used; a level is written ``LEVEL=SPEC``, ``hard=far:100``, so a
record or a report says both the level and what it stood for, and a game
replays the same even if a later version redefines the level). :data:`FACTORIES` maps each name to the factory that
makes the bot: a new bot, or a named level built on an existing one (for
instance an ``easy`` that is ``mcts:50``), is one more entry there
(:func:`register_bot`).

Each family's rulesets are played by bots of its own: its module (:mod:`.province`,
:mod:`.provisions`) calls :func:`register_family`, which names them and says what its levels stand
for, and
:func:`parse_bot` / :func:`make_bot` given ``family=`` read a spec for that family (``hard`` is
then the family's hard bot; a bot the family has not is refused).
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Callable

from ..errors import BotSpecError
from ..i18n import _, pgettext
from ..tables import Table
from .careless import CarelessBot
from .greedy import GreedyBot
from .deep import DEEP_ITERATIONS, DeepBot
from .mcts import DEFAULT_ITERATIONS, MCTSBot
from .uniform import RandomBot
from .wide import EXPERT_SPEC, FAR_ITERATIONS, WIDE_ITERATIONS, FarBot, WideBot

#: Most simulations per decision a spec may ask for.
MAX_ITERATIONS = 10_000_000
#: Most seconds per decision a spec may ask for.
MAX_SECONDS = 3600.0


@dataclass(frozen=True)
class Factory:
    """How to make the bots of one name.

    ``make(seed, iterations, seconds)`` returns a bot; ``budget`` tells
    whether the name takes a budget (``mcts:N``, ``mcts:Ts``), and
    ``default_iterations`` the budget of the bare name.
    """

    make: Callable
    budget: bool = False
    default_iterations: int | None = None
    #: A spec that replaces this name entirely (a named level: ``"mcts:50"``).
    alias_of: str | None = None
    #: The name as shown and typed in the current language (``pgettext("bot", …)``,
    #: called when needed so it follows the language); None: the name itself.
    label: Callable[[], str] | None = None
    #: The name as a plural adjective ("two greedy bots", French « deux bots gloutons »), called when
    #: needed; None: the label.
    plural: Callable[[], str] | None = None


FACTORIES: dict[str, Factory] = {}


def register_bot(name: str, factory: Factory) -> None:
    """Add a bot name (or a named level) to the registry."""
    FACTORIES[name] = factory


register_bot("random", Factory(lambda seed, iterations, seconds: RandomBot(seed),
                               label=lambda: pgettext("bot", "random"),
                               plural=lambda: pgettext("bots", "random")))
register_bot("careless", Factory(lambda seed, iterations, seconds: CarelessBot(seed),
                                 # the greedy bot with a random move three times in ten
                                 label=lambda: pgettext("bot", "careless"),
                                 plural=lambda: pgettext("bots", "careless")))
register_bot("greedy", Factory(lambda seed, iterations, seconds: GreedyBot(seed),
                               label=lambda: pgettext("bot", "greedy"),
                               plural=lambda: pgettext("bots", "greedy")))
register_bot("mcts", Factory(lambda seed, iterations, seconds: MCTSBot(seed=seed, iterations=iterations,
                                                                       seconds=seconds),
                             budget=True, default_iterations=DEFAULT_ITERATIONS,
                             label=lambda: pgettext("bot", "MCTS")))
register_bot("deep", Factory(lambda seed, iterations, seconds: DeepBot(seed=seed, iterations=iterations,
                                                                       seconds=seconds),
                             budget=True, default_iterations=DEEP_ITERATIONS,
                             label=lambda: pgettext("bot", "deep"),
                             plural=lambda: pgettext("bots", "deep")))
register_bot("wide", Factory(lambda seed, iterations, seconds: WideBot(seed=seed, iterations=iterations,
                                                                       seconds=seconds),
                             budget=True, default_iterations=WIDE_ITERATIONS,
                             # the search that compares more candidate turns
                             label=lambda: pgettext("bot", "wide"),
                             plural=lambda: pgettext("bots", "wide")))
register_bot("far", Factory(lambda seed, iterations, seconds: FarBot(seed=seed, iterations=iterations,
                                                                     seconds=seconds),
                            budget=True, default_iterations=FAR_ITERATIONS,
                            # the wide search, each simulation played four turns on instead of two
                            label=lambda: pgettext("bot", "far"),
                            plural=lambda: pgettext("bots", "far")))

# The difficulty levels, weakest first: each is a name for a spec above, and this
# is the one place that says which (docs/bots.md gives the ladder measured
# between them by benchmarks/bench_ladder.py).
register_bot("easy", Factory(None, alias_of="careless", label=lambda: pgettext("bot", "easy")))
register_bot("normal", Factory(None, alias_of="greedy", label=lambda: pgettext("bot", "normal")))
register_bot("hard", Factory(None, alias_of="far:100", label=lambda: pgettext("bot", "hard")))
# After hard, for analysis (balance at the top of the strength curve) rather than for play: EXPERT_SPEC, the
# same search with twice hard's budget (since issue 54 not measurably stronger than hard: docs/bots.md).
register_bot("expert", Factory(None, alias_of=EXPERT_SPEC, label=lambda: pgettext("bot", "expert")))

#: The bots layer's table of families (each family's module registers its row: :mod:`.province`,
#: :mod:`.provisions`): the bots that play its rulesets, by name (a name of :data:`FACTORIES`).
FAMILY_BOTS: Table = Table("bots")
#: Per family: the spec each level stands for.
FAMILY_LEVELS: Table = Table("bot levels")


def register_family(family: str, bots: dict, levels: dict) -> None:
    """The bots of a family (``{name: Factory}``, names that :data:`FACTORIES` has) and what its
    levels stand for (``{"easy": "random", …}``)."""
    FAMILY_BOTS.register(dict(bots), family)
    FAMILY_LEVELS.register(dict(levels), family)


def family_bots(family: str | None) -> dict | None:
    """The bots of ``family`` by name, or None where no family is known yet (every bot of :data:`FACTORIES`)."""
    return FAMILY_BOTS.get(family) if family else None


#: The level a newcomer finds a fair fight: the computer ``rulekit play`` plays by default.
#: It is the strongest level made for play (``expert``, above it, is for analysis): a first-time player
#: beat the greedy bot 12–2 (docs/bots.md).
DEFAULT_LEVEL = "hard"


def bot_names() -> tuple[str, ...]:
    """The names a spec may start with (bots, then levels)."""
    return tuple(FACTORIES)


def levels() -> tuple[str, ...]:
    """The difficulty levels, weakest first."""
    return tuple(name for name, f in FACTORIES.items() if f.alias_of is not None)


def level_spec(level: str, family: str | None = None) -> str:
    """What a level stands for (``normal`` → ``greedy``), in ``family`` (None: no family known yet, the level's
    own alias)."""
    if family in FAMILY_LEVELS:
        if level not in FAMILY_LEVELS[family]:
            raise _error(level, _("the rulesets of the {family} family have no level “{name}”; their levels: "
                                  "{levels}").format(family=family, name=bot_label(level),
                                                     levels=", ".join(FAMILY_LEVELS[family])))
        return FAMILY_LEVELS[family][level]
    return FACTORIES[level].alias_of


#: The names of the bots (kept for callers that list them).
BOT_NAMES = bot_names()


def bot_label(name: str) -> str:
    """A bot's or a level's name in the current language (``greedy`` → ``glouton`` in French)."""
    f = FACTORIES.get(name)
    return f.label() if f is not None and f.label is not None else name


def bot_plural(name: str) -> str:
    """A bot's name as a plural adjective in the current language ("two greedy bots", French « deux bots
    gloutons »): its plural label, else its label."""
    f = FACTORIES.get(name)
    return f.plural() if f is not None and f.plural is not None else bot_label(name)


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", str(text))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()


def bot_word(word: str) -> str | None:
    """The registry name a typed word stands for: the name, or its label in the
    current language with or without accents."""
    if word in FACTORIES:
        return word
    folded = _fold(word)
    for name in FACTORIES:
        if _fold(bot_label(name)) == folded:
            return name
    return None


def level_words() -> list[str]:
    """The levels as typed in the current language, weakest first: ``easy``, or
    ``facile (easy)`` where the word differs."""
    out = []
    for name in levels():
        label = bot_label(name)
        out.append(name if _fold(label) == name else f"{label} ({name})")
    return out


def legal_forms() -> list[str]:
    """Every form a spec may take, for messages: the levels first (in the current
    language), then ``random``, ``mcts:N``…"""
    return level_words() + bot_forms()


def bot_forms() -> list[str]:
    """The forms that name a bot rather than a level, as typed in the current language: ``random``,
    ``mcts``, ``mcts:N``…, or ``glouton (greedy)``, ``profond:N`` where the word differs (as
    :func:`level_words`)."""
    out = []
    for name, f in FACTORIES.items():
        if f.alias_of is not None:
            continue
        label = bot_label(name)
        word = name if _fold(label) == name else label
        out.append(name if word == name else f"{label} ({name})")
        if f.budget:
            out += [f"{word}:N", f"{word}:Ts"]
    return out


@dataclass(frozen=True)
class BotSpec:
    """A parsed bot spec: the bot's name and its budget per decision, and the
    level it was named by (``hard``), if any."""

    name: str
    iterations: int | None = None
    seconds: float | None = None
    level: str | None = None
    #: The family of rulesets the bot is made for (None: read before the ruleset was known).
    family: str | None = None

    @property
    def bare(self) -> str:
        """The spec without its level: ``greedy``, ``mcts:200``, ``mcts:0.5s``."""
        if self.seconds is not None:
            return f"{self.name}:{_fmt_seconds(self.seconds)}s"
        if self.iterations is not None:
            return f"{self.name}:{self.iterations}"
        return self.name

    @property
    def text(self) -> str:
        """The canonical spec: ``greedy``, ``mcts:200``, ``mcts:0.5s``, ``hard=far:100``."""
        return f"{self.level}={self.bare}" if self.level else self.bare

    @property
    def searches(self) -> bool:
        """True for a bot that looks ahead within a budget (``mcts``, ``deep``, ``wide``,
        or a level that names one); False for ``random``, ``careless`` and ``greedy``."""
        return FACTORIES[self.name].budget

    @property
    def deterministic(self) -> bool:
        """True unless the budget is in seconds (then the play depends on the machine's speed)."""
        return self.seconds is None

    def make(self, seed: int = 0):
        own = family_bots(self.family)
        factory = own[self.name] if own is not None else FACTORIES[self.name]
        return factory.make(seed, self.iterations, self.seconds)

    def __str__(self) -> str:
        return self.text


def _fmt_seconds(x: float) -> str:
    return f"{x:g}"


_BUDGET = re.compile(r"^(?:(?P<n>[0-9]+)|(?P<t>[0-9]+(?:\.[0-9]*)?|\.[0-9]+)s)$")


def _error(text: str, why: str) -> BotSpecError:
    return BotSpecError(_("invalid bot “{bot}”: {why}; legal forms: {forms} "
                          "(N simulations per decision, T seconds per decision, e.g. mcts:200 or mcts:0.5s)").format(
        bot=text, why=why, forms=", ".join(legal_forms())))


def parse_bot(text, family: str | None = None) -> BotSpec:
    """Read a bot spec (see the module's documentation) for a ruleset of ``family`` (None: before the
    ruleset is known, any bot of :data:`FACTORIES`); raises :class:`BotSpecError`."""
    if isinstance(text, BotSpec):
        text = text.text
    spec = _parse_bot(text, family)
    own = family_bots(family)
    if own is not None:
        if spec.name not in own:
            raise _error(str(text).strip(), _("“{name}” does not play the rulesets of the {family} family; "
                                              "they are played by {bots}").format(
                name=bot_label(spec.name), family=family, bots=", ".join(own)))
        spec = BotSpec(spec.name, spec.iterations, spec.seconds, level=spec.level, family=family)
    return spec


def _parse_bot(text, family: str | None) -> BotSpec:
    if isinstance(text, BotSpec):
        return text
    raw = str(text).strip()
    lowered = raw.lower()
    level, eq, rest = lowered.partition("=")
    if eq:
        # LEVEL=SPEC, as records and reports write a level: the spec is played.
        name = bot_word(level.strip())
        if name is None or FACTORIES[name].alias_of is None:
            raise _error(raw, _("no level is called “{name}”").format(name=level.strip()))
        inner = _parse_bot(rest, family)
        if inner.level is not None:
            raise _error(raw, _("a level stands for a bot, not for another level"))
        return BotSpec(inner.name, inner.iterations, inner.seconds, level=name)
    word, sep, budget = lowered.partition(":")
    name = bot_word(word.strip())
    if name is None:
        raise _error(raw, _("no bot is called “{name}”").format(name=word.strip()))
    factory = FACTORIES[name]
    if factory.alias_of is not None:
        if sep:
            raise _error(raw, _("“{name}” takes no budget").format(name=word.strip()))
        inner = _parse_bot(level_spec(name, family), family)
        return BotSpec(inner.name, inner.iterations, inner.seconds, level=name)
    own = family_bots(family)
    if own is not None and name in own:
        factory = own[name]
    if not sep:
        return BotSpec(name, factory.default_iterations if factory.budget else None)
    if not factory.budget:
        raise _error(raw, _("“{name}” takes no budget").format(name=word.strip()))
    m = _BUDGET.match(budget)
    if not m:
        raise _error(raw, _("the budget is a number of simulations (N) or of seconds (Ts)"))
    if m.group("n") is not None:
        n = int(m.group("n"))
        if not 1 <= n <= MAX_ITERATIONS:
            raise _error(raw, _("the number of simulations must be between 1 and {most}").format(
                most=MAX_ITERATIONS))
        return BotSpec(name, iterations=n)
    t = float(m.group("t"))
    if not 0 < t <= MAX_SECONDS:
        raise _error(raw, _("the number of seconds must be above 0 and at most {most}").format(
            most=_fmt_seconds(MAX_SECONDS)))
    return BotSpec(name, seconds=t)


def canonical_bot(text, family: str | None = None) -> str:
    """The canonical form of a spec (``mcts`` → ``mcts:1000``, ``hard`` → ``hard=far:100``);
    raises :class:`BotSpecError`."""
    return parse_bot(text, family).text


def make_bot(spec, seed: int = 0, family: str | None = None):
    """A bot from its spec (``greedy``, ``mcts:200``, ``mcts:2s``…) for a ruleset of ``family``
    (None: any bot of :data:`FACTORIES`); raises :class:`BotSpecError`."""
    return parse_bot(spec, family).make(seed)
