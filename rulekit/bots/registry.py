"""Bots by name: what ``--players bot:SPEC``, ``--bots A,B`` and ``tune --bots`` make.

A *bot spec* is a name, optionally followed by a budget for the bots that
search:

- ``random``, ``greedy`` — no budget;
- ``mcts`` — the default budget (:data:`rulekit.bots.mcts.DEFAULT_ITERATIONS`
  simulations per decision);
- ``mcts:N`` — ``N`` simulations per decision (deterministic for a seed);
- ``mcts:Ts`` — ``T`` seconds per decision (``mcts:0.5s``; the number of
  simulations then depends on the machine).

:func:`parse_bot` is the one place that reads a spec; it returns a
:class:`BotSpec` whose :attr:`BotSpec.text` is the canonical form records
and reports carry (``mcts`` is written ``mcts:1000``, so a report always says
which budget was used). :data:`FACTORIES` maps each name to the factory that
makes the bot: a new bot, or a named level built on an existing one (for
instance an ``easy`` that is ``mcts:50``), is one more entry there
(:func:`register_bot`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from ..errors import BotSpecError
from ..i18n import _
from .greedy import GreedyBot
from .mcts import DEFAULT_ITERATIONS, MCTSBot
from .uniform import RandomBot

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


FACTORIES: dict[str, Factory] = {}


def register_bot(name: str, factory: Factory) -> None:
    """Add a bot name (or a named level) to the registry."""
    FACTORIES[name] = factory


register_bot("random", Factory(lambda seed, iterations, seconds: RandomBot(seed)))
register_bot("greedy", Factory(lambda seed, iterations, seconds: GreedyBot(seed)))
register_bot("mcts", Factory(lambda seed, iterations, seconds: MCTSBot(seed=seed, iterations=iterations,
                                                                       seconds=seconds),
                             budget=True, default_iterations=DEFAULT_ITERATIONS))


def bot_names() -> tuple[str, ...]:
    """The names a spec may start with."""
    return tuple(FACTORIES)


#: The names of the bots (kept for callers that list them).
BOT_NAMES = ("random", "greedy", "mcts")


def legal_forms() -> list[str]:
    """Every form a spec may take, for messages: ``random``, ``mcts:N``…"""
    out = []
    for name, f in FACTORIES.items():
        out.append(name)
        if f.budget:
            out += [f"{name}:N", f"{name}:Ts"]
    return out


@dataclass(frozen=True)
class BotSpec:
    """A parsed bot spec: the bot's name and its budget per decision."""

    name: str
    iterations: int | None = None
    seconds: float | None = None

    @property
    def text(self) -> str:
        """The canonical spec: ``greedy``, ``mcts:200``, ``mcts:0.5s``."""
        if self.seconds is not None:
            return f"{self.name}:{_fmt_seconds(self.seconds)}s"
        if self.iterations is not None:
            return f"{self.name}:{self.iterations}"
        return self.name

    @property
    def deterministic(self) -> bool:
        """True unless the budget is in seconds (then the play depends on the machine's speed)."""
        return self.seconds is None

    def make(self, seed: int = 0):
        return FACTORIES[self.name].make(seed, self.iterations, self.seconds)

    def __str__(self) -> str:
        return self.text


def _fmt_seconds(x: float) -> str:
    return f"{x:g}"


_BUDGET = re.compile(r"^(?:(?P<n>[0-9]+)|(?P<t>[0-9]+(?:\.[0-9]*)?|\.[0-9]+)s)$")


def _error(text: str, why: str) -> BotSpecError:
    return BotSpecError(_("invalid bot “{bot}”: {why}; legal forms: {forms} "
                          "(N simulations per decision, T seconds per decision, e.g. mcts:200 or mcts:0.5s)").format(
        bot=text, why=why, forms=", ".join(legal_forms())))


def parse_bot(text) -> BotSpec:
    """Read a bot spec (see the module's documentation); raises :class:`BotSpecError`."""
    if isinstance(text, BotSpec):
        return text
    raw = str(text).strip()
    name, sep, budget = raw.lower().partition(":")
    factory = FACTORIES.get(name)
    if factory is None:
        raise _error(raw, _("no bot is called “{name}”").format(name=name))
    if factory.alias_of is not None:
        if sep:
            raise _error(raw, _("“{name}” takes no budget").format(name=name))
        return parse_bot(factory.alias_of)
    if not sep:
        return BotSpec(name, factory.default_iterations if factory.budget else None)
    if not factory.budget:
        raise _error(raw, _("“{name}” takes no budget").format(name=name))
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


def canonical_bot(text) -> str:
    """The canonical form of a spec (``mcts`` → ``mcts:1000``); raises :class:`BotSpecError`."""
    return parse_bot(text).text


def make_bot(spec, seed: int = 0):
    """A bot from its spec (``greedy``, ``mcts:200``, ``mcts:2s``…); raises :class:`BotSpecError`."""
    return parse_bot(spec).make(seed)
