"""The notation of a game of the Provisions family in the player's language (the play screen only).

The engine and the records keep the canonical notation (``keep b14``, ``buy brown@2``,
``trade red+white>black``, ``swap blue>grey``, ``take green``, ``sell p12``, ``pass``), made of the
ruleset's ids. On the screen the verb comes from the catalog (``pgettext("notation", "buy")``, in
French ``acheter``) and a colour is written by its name in the current language (``marron``), so
the French screen shows ``acheter marron@2``. The player may type either form, with or without
accents (as in Province: :mod:`rulekit.play.notation`). Card ids (``b14``, ``p12``) are the same in
every language.
"""
from __future__ import annotations

import re

from ..i18n import pgettext
from ..text.provisions_words import colour_name
from .notation import fold

#: The canonical verbs of the family's actions.
VERBS = ("keep", "buy", "sell", "trade", "swap", "take", "pass")


def _verbs() -> dict:
    return {"keep": pgettext("notation", "keep"), "buy": pgettext("notation", "buy"),
            "sell": pgettext("notation", "sell"), "trade": pgettext("notation", "trade"),
            "swap": pgettext("notation", "swap"), "take": pgettext("notation", "take"),
            "pass": pgettext("notation", "pass")}


def _word(text: str) -> str:
    return re.sub(r"[\s_]+", "_", str(text).strip().lower())


def local(state, action: int) -> str:
    """``action`` as the screen writes it: the canonical notation with its verb and colours translated."""
    return to_local(state, state.notation(action))


def colour_words(state) -> dict:
    """Each colour of the goods (its id) -> the word the notation types for it in the current language
    (``brown`` -> « marron »); two colours with one name: their ids."""
    colours = {c: _word(colour_name(c)) for c in state.rules.colours}
    if len(set(colours.values())) != len(colours):
        colours = {c: c for c in colours}
    return colours


def to_local(state, canonical: str) -> str:
    verb, _sep, rest = canonical.partition(" ")
    verbs = _verbs()
    colours = colour_words(state)
    rest = re.sub(r"[a-z_]+", lambda m: colours.get(m.group(0), m.group(0)), rest)
    return (verbs.get(verb, verb) + (" " + rest if rest else "")).strip()


def to_canonical(state, text: str) -> str:
    """What was typed, in the canonical notation: verbs and colour names of the current language (or
    English), accents optional."""
    words = " ".join(str(text).strip().lower().split())
    verb, _sep, rest = words.partition(" ")
    verbs = {fold(v.lower()): k for k, v in _verbs().items()}
    verbs.update({k: k for k in VERBS})
    colours = {fold(_word(colour_name(c))): c for c in state.rules.colours}
    colours.update({c: c for c in state.rules.colours})
    verb = verbs.get(fold(verb), verb)
    rest = re.sub(r"[^\s+>@]+", lambda m: colours.get(fold(m.group(0)), m.group(0)), rest)
    return (verb + (" " + rest if rest else "")).strip()


def parse(state, text: str) -> int:
    """The legal action typed as ``text``, in the current language's notation or the canonical one."""
    return state.parse(to_canonical(state, text))
