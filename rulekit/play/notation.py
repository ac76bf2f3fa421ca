"""The action notation in the player's language (the play screen only).

The engine and the game records keep the canonical notation of
docs/notation.md (``build lender``, ``move green@coin``): it is made of the
ruleset's ids, so a record replays in any language. On the screen of
``rulekit play`` an action is written in the current language instead:

- the verb comes from the catalog (``pgettext("notation", "build")``, in
  French ``construire``);
- an id is written as a *slug* of the item's translated name
  (:func:`slug`: ``Prêteur`` → ``prêteur``, ``Ouvrage (haut)`` →
  ``ouvrage_haut``), so the French screen shows ``construire prêteur`` and
  ``déplacer vert@revenu``;
- in English (the source language) the screen shows the canonical notation
  unchanged.

A name that cannot be told apart falls back to the id: two items of the same
kind whose names give the same slug, a slug that is empty, a verb that two
actions share, a localized form that is another action's canonical form.

What the player may type (:meth:`LocalNotation.parse`), case and extra spaces
aside: the localized notation, the canonical one, the localized one without
its accents (``construire preteur``), and the short form of a move
(``déplacer revenu``, ``move coin``) when only one kind of worker can move
from that space. A form that fits several legal actions is refused with the
list of those actions (:class:`AmbiguousActionError`).

Nothing here names game content: the words come from the catalog and the
ruleset's names.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from ..engine import BORROW, BUILD, CHOOSE, CONVERT, END, EXCHANGE, HIRE, LEAP, MOVE, REPAY, SPEND
from ..engine.game import OFFER, TRADE_ANSWERS, USE
from ..errors import IllegalActionError
from ..i18n import PSEUDO_LANGUAGE, SOURCE_LANGUAGE, Name, get_language, language, pgettext
from ..language.names import display_name

#: Canonical verbs of the actions that take an argument (``VERB ID``).
ARG_VERBS = ("move", "leap", "build", "borrow", "exchange")
#: Canonical words of the actions written as one word.
BARE_VERBS = ("spend", "end", "hire", "repay")


class AmbiguousActionError(IllegalActionError):
    """What was typed fits several legal actions; ``choices`` are their localized notations."""

    def __init__(self, action, choices, legal):
        self.choices = list(choices)
        super().__init__(action, legal, f"ambiguous action {action!r}: {', '.join(self.choices)}")


# ---------------------------------------------------------------------------
# Words


def slug(text: str) -> str:
    """An item's name as one typable word: lower case, every run of spaces and
    punctuation turned into ``_``, accents kept (``Ouvrage (haut)`` → ``ouvrage_haut``)."""
    text = unicodedata.normalize("NFC", str(text)).lower()
    return re.sub(r"[\W_]+", "_", text).strip("_")


_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "ß": "ss", "ø": "o", "ł": "l", "đ": "d", "ı": "i"})


def fold(text: str) -> str:
    """``text`` without its accents (``prêteur`` → ``preteur``, ``œ`` → ``oe``)."""
    decomposed = unicodedata.normalize("NFKD", str(text))
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return unicodedata.normalize("NFC", bare).translate(_LIGATURES)


def typed(text: str) -> str:
    """What the player typed, as compared: composed, lower case, single spaces."""
    return " ".join(unicodedata.normalize("NFC", str(text)).lower().split())


def is_canonical_language(lang: str) -> bool:
    """English (the source language, and its regional variants) shows the canonical notation."""
    return lang != PSEUDO_LANGUAGE and lang.replace("-", "_").split("_")[0] == SOURCE_LANGUAGE


def _verb_texts() -> dict:
    # One literal call per verb, so that the catalog extraction finds them.
    return {
        "move": pgettext("notation", "move"),
        # Translators: a move of several steps at once (a long_move effect), "leap green@coin".
        "leap": pgettext("notation", "leap"),
        "build": pgettext("notation", "build"),
        "borrow": pgettext("notation", "borrow"),
        "exchange": pgettext("notation", "exchange"),
        "spend": pgettext("notation", "spend"),
        "end": pgettext("notation", "end"),
        "hire": pgettext("notation", "hire"),
        "repay": pgettext("notation", "repay"),
        # Translators: "offer labor_for_coin to 2": an offer of the trades section made to player 2.
        "offer": pgettext("notation", "offer"),
        "to": pgettext("notation", "to"),
        # Translators: the two answers to an offer of a trade.
        "accept": pgettext("notation", "accept"),
        "refuse": pgettext("notation", "refuse"),
        # Translators: "use raid on 2": an activated ability (the abilities section) used on player 2.
        "use": pgettext("notation", "use"),
        "on": pgettext("notation", "on"),
    }


def _distinct(wanted: dict, fallback: dict, avoid_fallbacks: bool = False) -> dict:
    """``wanted`` (key -> word) where a word that is empty or that several keys
    share is replaced by its key's ``fallback`` (repeated until none is left);
    with ``avoid_fallbacks``, also a word equal to another key's fallback."""
    words = dict(wanted)
    owner = {word: key for key, word in fallback.items()}
    for _round in range(len(words) + 1):
        seen = {}
        for key, word in words.items():
            seen[word] = seen.get(word, 0) + 1
        bad = [key for key, word in words.items()
               if word != fallback[key]
               and (not word or seen[word] > 1 or (avoid_fallbacks and owner.get(word, key) != key))]
        if not bad:
            break
        for key in bad:
            words[key] = fallback[key]
    return words


# ---------------------------------------------------------------------------
# The table of one ruleset in one language


@dataclass(frozen=True)
class LocalNotation:
    """The localized notation of every action of a compiled ruleset, in one language."""

    canonical: tuple        # action index -> canonical notation (the engine's)
    local: tuple            # action index -> localized notation
    short: tuple            # action index -> (localized, canonical) short forms of a move, or ()
    localized: bool         # False in English: ``local`` is ``canonical``
    worker_aliases: tuple = ()   # (folded word, the worker's word in ``local``): every name a worker is shown by
    bare_aliases: tuple = ()     # (folded word, a one-word action in ``local``): a conversion by its name (« corvées »)

    def of(self, action: int) -> str:
        return self.local[action]

    def example_move(self, compiled) -> tuple[str, str]:
        """``(full, short)`` forms of a move of the first worker kind from the first space."""
        a = compiled.action_index.get((MOVE, 0, 0))
        if a is None:
            return "", ""
        return self.local[a], self.short[a][0]

    def forms(self, action: int) -> list[str]:
        """Every form of ``action`` that is accepted as typed (without the short forms)."""
        return [self.local[action], self.canonical[action]]

    def parse(self, state, text: str) -> int:
        """The legal action ``text`` stands for; raises :class:`AmbiguousActionError`
        when it fits several, :class:`IllegalActionError` when none."""
        legal = state.legal_actions()
        try:
            return self._parse(legal, text, typed(text))
        except IllegalActionError:
            unaliased = self._unalias(typed(text))
            if unaliased == typed(text):
                raise
            return self._parse(legal, text, unaliased)

    def _parse(self, legal, text: str, words: str) -> int:
        for compare in (lambda s: s, fold):
            key = compare(words)
            full = [a for a in legal if key in {compare(f) for f in self.forms(a)}]
            if len(set(full)) == 1:
                return full[0]
            if len(set(full)) > 1:
                raise AmbiguousActionError(text, [self.local[a] for a in dict.fromkeys(full)], self._legal(legal))
            shorts = [a for a in legal if self.short[a] and key in {compare(f) for f in self.short[a]}]
            if len(shorts) == 1:
                return shorts[0]
            if len(shorts) > 1:
                raise AmbiguousActionError(text, [self.local[a] for a in shorts], self._legal(legal))
            by_worker = [a for a in legal if key in {compare(f) for f in self.worker_forms(a)}]
            if len(by_worker) == 1:
                return by_worker[0]
            if len(by_worker) > 1:
                raise AmbiguousActionError(text, [self.local[a] for a in by_worker], self._legal(legal))
        raise IllegalActionError(text, self._legal(legal))

    def _unalias(self, words: str) -> str:
        """``déplacer jaune@revenu`` → ``déplacer camp@revenu``: a worker typed by any name the
        screen gives it (its colour, its name in either language) stands for its word in the notation;
        ``corvées`` → ``corvée``: a conversion typed by its name stands for its word."""
        bare = dict(self.bare_aliases).get(fold(words))
        if bare is not None:
            return bare
        if not self.worker_aliases:
            return words
        verb, sep, rest = words.partition(" ")
        if not sep or not rest:
            return words
        worker, at, space = rest.partition("@")
        aliases = dict(self.worker_aliases)
        local = aliases.get(fold(worker))
        if local is None:
            return words
        return f"{verb} {local}{at}{space}"

    def worker_forms(self, action: int) -> list[str]:
        """``move camp``: a move named by its worker alone (accepted when only one such move is legal)."""
        if not self.short[action]:
            return []
        out = []
        for written in (self.local[action], self.canonical[action]):
            verb, _sep, rest = written.partition(" ")
            worker = rest.split("@", 1)[0]
            out.append(f"{verb} {worker}")
        return out

    def find(self, text: str):
        """The action of the game (legal now or not) whose full notation is ``text``, or ``None``."""
        words = typed(text)
        for compare in (lambda s: s, fold):
            key = compare(words)
            for a in range(len(self.local)):
                if key in {compare(f) for f in self.forms(a)}:
                    return a
        return None

    def _legal(self, legal) -> list[str]:
        return [self.local[a] for a in legal]


# Each action kind's localized form, from the words of one ruleset in one language. One row per
# kind of the engine: LOCAL_FORMS, below.


class _Words(NamedTuple):
    arg_verbs: dict         # canonical verb of ARG_VERBS -> its localized slug
    names: dict             # "worker", "space", "structure", "coin" -> {id: localized slug}
    bare: dict              # ("verb", a verb of BARE_VERBS) or ("conversion", id) -> its localized word


def _worker_at_space(verb: str):
    def form(c, info, words: _Words) -> str:
        return "{} {}@{}".format(words.arg_verbs[verb], words.names["worker"][c.kind_ids[info.arg]],
                                 words.names["space"][c.space_ids[info.arg2]])
    return form


def _structure(verb: str):
    def form(c, info, words: _Words) -> str:
        return "{} {}".format(words.arg_verbs[verb], words.names["structure"][c.struct_ids[info.arg]])
    return form


def _coin(verb: str):
    def form(c, info, words: _Words) -> str:
        return "{} {}".format(words.arg_verbs[verb], words.names["coin"][c.coin_ids[info.arg]])
    return form


def _bare_verb(verb: str):
    def form(c, info, words: _Words) -> str:
        return words.bare[("verb", verb)]
    return form


def _conversion(c, info, words: _Words) -> str:
    return words.bare[("conversion", c.conv_ids[info.arg])]


#: decision kind (engine.DECISIONS, by name) -> form(c, info, words): the localized notation of its options
#: (an option of a kind without a row is written as the engine writes it).
DECISION_FORMS: dict = {}


def _bid_form(c, info, words: _Words) -> str:
    # Translators: a bid for the seat order before the first turn, "bid 2" (one word, typed by the player).
    return "{} {}".format(pgettext("notation", "bid"), info.arg2)


def _pick_form(c, info, words: _Words) -> str:
    # Translators: a structure picked in the draft before the first turn, "pick mill" (one word).
    return "{} {}".format(pgettext("notation", "pick"), words.names["structure"][c.draft_ids[info.arg2]])


DECISION_FORMS["bid"] = _bid_form
DECISION_FORMS["draft"] = _pick_form


def _decision(c, info, words: _Words) -> str:
    form = DECISION_FORMS.get(c.decision_names[info.arg])
    return form(c, info, words) if form is not None else info.notation


def _offer(c, info, words: _Words) -> str:
    """``offer labor_for_coin to 2``: the offer's id as the ruleset writes it (offers have no names), the seat from 1."""
    verbs = _verb_texts()
    return "{} {} {} {}".format(slug(verbs["offer"]) or "offer", c.trade_ids[info.arg], slug(verbs["to"]) or "to",
                                info.arg2 + 1)


def _trade_answer(c, info, words: _Words) -> str:
    verbs = _verb_texts()
    word = TRADE_ANSWERS[info.arg2]                 # the canonical words: "refuse", "accept"
    return slug(verbs[word]) or word


DECISION_FORMS["trade"] = _trade_answer


def _kept_form(c, info, words: _Words) -> str:
    """``keep 1 gold 2 silver``: the coins kept over a cap on the coins, the largest first (``keep nothing``)."""
    counts = c.coinage.holding[info.arg2]
    parts = ["{} {}".format(counts[d], words.names["coin"][c.coin_ids[d]])
             for d in range(len(counts) - 1, -1, -1) if counts[d]]
    # Translators: the coins a player keeps over a cap on the coins, "keep 1 gold 2 silver" (one word).
    keep = slug(pgettext("notation", "keep")) or "keep"
    # Translators: "keep nothing": a player over a cap on the coins keeps none (one word).
    return "{} {}".format(keep, " ".join(parts) if parts else slug(pgettext("notation", "nothing")) or "nothing")


DECISION_FORMS["give_back"] = _kept_form


def _use(c, info, words: _Words) -> str:
    """``use raid on 2``: the ability's name as typed, on the seat (from 1) where its player chooses one."""
    verbs = _verb_texts()
    aid = c.ability_ids[info.arg]
    text = "{} {}".format(slug(verbs["use"]) or "use", slug(_typed_name(c.data, "ability", aid)) or aid)
    if info.arg2 >= 0:
        text += " {} {}".format(slug(verbs["on"]) or "on", info.arg2 + 1)
    return text


#: action kind -> form(c, info, words): its localized notation. tests/test_primitives.py checks there
#: is one row per action kind of the engine.
LOCAL_FORMS = {
    MOVE: _worker_at_space("move"),
    LEAP: _worker_at_space("leap"),
    BUILD: _structure("build"),
    BORROW: _structure("borrow"),
    EXCHANGE: _coin("exchange"),
    CONVERT: _conversion,
    SPEND: _bare_verb("spend"),
    END: _bare_verb("end"),
    HIRE: _bare_verb("hire"),
    REPAY: _bare_verb("repay"),
    CHOOSE: _decision,
    OFFER: _offer,
    USE: _use,
}


def _build(c, lang: str) -> LocalNotation:
    canonical = tuple(info.notation for info in c.actions)
    canon_short = tuple(f"move {c.space_ids[info.arg2]}" if info.kind == MOVE else "" for info in c.actions)
    if is_canonical_language(lang):
        short = tuple((s, s) if s else () for s in canon_short)
        return LocalNotation(canonical, canonical, short, False, _worker_aliases(c, {i: i for i in c.kind_ids}))
    d = c.data
    verbs = _verb_texts()
    arg_verbs = _distinct({v: slug(verbs[v]) for v in ARG_VERBS}, {v: v for v in ARG_VERBS})
    tables = {"worker": c.kind_ids, "space": c.space_ids, "structure": c.struct_ids, "coin": c.coin_ids}
    names = {kind: _distinct({i: slug(_typed_name(d, kind, i)) for i in ids}, {i: i for i in ids})
             for kind, ids in tables.items()}
    # The one-word actions (spend, end, hire, repay and the conversions) share one namespace.
    bare_wanted = {("verb", v): slug(verbs[v]) for v in BARE_VERBS}
    bare_wanted.update({("conversion", i): slug(_typed_name(d, "conversion", i)) for i in c.conv_ids})
    bare = _distinct(bare_wanted, {key: key[1] for key in bare_wanted})

    words = _Words(arg_verbs, names, bare)
    local = []
    for info in c.actions:
        form = LOCAL_FORMS.get(info.kind)
        local.append(form(c, info, words) if form is not None else info.notation)
    # Last guard: a localized form never stands for two actions, nor for another action's canonical form.
    fixed = _distinct(dict(enumerate(local)), dict(enumerate(canonical)), avoid_fallbacks=True)
    local = tuple(fixed[i] for i in range(len(canonical)))
    short = []
    for a, info in enumerate(c.actions):
        if info.kind != MOVE:
            short.append(())
        elif local[a] == canonical[a]:
            short.append((canon_short[a], canon_short[a]))
        else:
            short.append(("{} {}".format(local[a].split(" ", 1)[0], names["space"][c.space_ids[info.arg2]]),
                          canon_short[a]))
    typed_words = {fold(word) for word in bare.values()}
    bare_aliases = tuple((fold(slug(display_name(d, "conversion", i))), bare[("conversion", i)]) for i in c.conv_ids
                         if fold(slug(display_name(d, "conversion", i))) not in typed_words)
    return LocalNotation(canonical, local, tuple(short), local != canonical, _worker_aliases(c, names["worker"]),
                         bare_aliases)


def _worker_aliases(c, local_words: dict) -> tuple:
    """Every word a worker kind is shown by (each part of its name, in the current language and in
    English, and its colour), folded, -> its word in the localized notation; a word that could name
    two kinds, or a space, is left out."""
    d = c.data
    seen: dict = {}
    for ident in c.kind_ids:
        shown = display_name(d, "worker", ident)
        texts = [str(shown), getattr(shown, "source", "") or "", ident, _typed_name(d, "worker", ident)]
        entry = (d.get("workers") or {}).get(ident) or {}
        if isinstance(entry, dict) and isinstance(entry.get("color"), str):
            texts.append(entry["color"])
        for text in texts:
            for part in re.split(r"[()\[\],;:/]+", str(text)):
                word = fold(slug(part))
                if word:
                    seen.setdefault(word, set()).add(ident)
    spaces = {fold(slug(_typed_name(d, "space", i))) for i in c.space_ids} | {fold(i) for i in c.space_ids}
    return tuple((word, local_words[next(iter(kinds))]) for word, kinds in seen.items()
                 if len(kinds) == 1 and word not in spaces)


@lru_cache(maxsize=32)
def _cached(c, lang: str, signature: tuple) -> LocalNotation:
    return _build(c, lang)


def _signature(c) -> tuple:
    """Every translated word the table is made of (a changed catalog gives a new table)."""
    d = c.data
    words = list(_verb_texts().values())
    for kind, ids in (("worker", c.kind_ids), ("space", c.space_ids), ("structure", c.struct_ids),
                      ("coin", c.coin_ids), ("conversion", c.conv_ids), ("ability", c.ability_ids)):
        words.extend(_typed_name(d, kind, i) for i in ids)
    return tuple(words)


def _typed_name(d, kind: str, ident: str) -> str:
    """The name typed in the notation: its short form ("Revenu" for "Zone de Revenu")."""
    name = display_name(d, kind, ident)
    return name.form("short") if isinstance(name, Name) else name


def for_compiled(c, lang: str | None = None) -> LocalNotation:
    """The localized notation of a compiled ruleset in ``lang`` (default: the current language)."""
    current = get_language()
    lang = lang or current
    if is_canonical_language(lang):
        return _cached(c, lang, ())
    if lang != current:
        with language(lang):
            return _cached(c, lang, _signature(c))
    return _cached(c, lang, _signature(c))


def for_state(state, lang: str | None = None) -> LocalNotation:
    return for_compiled(state.c, lang)


def notation(state, action: int) -> str:
    """``action`` as the screen writes it, in the current language."""
    return for_compiled(state.c).of(action)


def parse(state, text: str) -> int:
    """The legal action typed as ``text`` (see :meth:`LocalNotation.parse`)."""
    return for_compiled(state.c).parse(state, text)


__all__ = ["LocalNotation", "AmbiguousActionError", "slug", "fold", "typed", "for_compiled", "for_state",
           "notation", "parse", "is_canonical_language"]
