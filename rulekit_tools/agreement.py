"""French agreement and elision of the names of every bundled ruleset (a developer tool).

Every structure, good and objective card name of every bundled ruleset, rendered in French
through every message of the catalog that takes a name of its kind (:func:`rendered`). Two
checks read the result: :func:`article_problems` (the article and the elision the text writes are
those the name's own forms give: « la Forge », « l’Équipement », never « le Forge », « de
Équipement ») and :func:`agreement_problems` (a word that agrees with the name, a pronoun or a
participle, changes with its gender: « la Forge … (elle lui rapporte 2 PV) »). The test
``tests/test_french_agreement.py`` runs both; ``python -m rulekit_tools.langcheck --agreement``
gives the rendered sentences to Grammalecte too (.ci/checks/40-language).
"""
from __future__ import annotations

import functools
import re
import string
from pathlib import Path

from babel.messages.pofile import read_po

from rulekit.i18n import Message, Name, language
from rulekit.language import bundled_rulesets, load_ruleset
from rulekit.language.names import ENTRY_TABLES, display_name
from rulekit.text.sentences import objective_cards

ROOT = Path(__file__).resolve().parents[1]
PO = ROOT / "locales" / "fr" / "LC_MESSAGES" / "rulekit.po"

#: The placeholders that hold a name, by the kind of the name.
PLACEHOLDER_KINDS = {"structure": "structure", "required": "structure", "good": "good", "goods": "good",
                     "objective": "objective"}
#: Words that agree in gender with the name they stand for or describe.
AGREEING = {"il", "elle", "ils", "elles", "construit", "construite", "construits", "construites", "vendu", "vendue",
            "vendus", "vendues", "emprunté", "empruntée", "pris", "prise"}
#: Messages whose {goods} is a counted phrase (« 2 × Haricots et 1 × Café »), not a name.
PHRASES = {"buy {goods}", "give {goods} to the vigilantes for 1 × {good}"}
#: Messages whose agreeing word is about something else than the name (checked by hand).
ABOUT_SOMETHING_ELSE = {
    # « il manque » is impersonal
    "the {structure} needs the {required} first",
    # « il ne donne rien »: the effect (l’effet, masculine), not the structure
    "You do not meet the condition of the {structure}'s effect: it gives nothing this time.",
    "{player} does not meet the condition of the {structure}'s effect: it gives nothing this time.",
    # « il »: the computer player
    "it turned what it had into coins toward the {structure} ({cost}; it has {coin})",
    "it did not build this turn, though it could have built the {structure} ({cost})",
    "it lacked the {resource} to build more (next: {structure}, {cost})",
    "it is saving its coins (next: {structure}, {cost}; it has {coin})",
    # « Il se construit »: the structure being described, not the one it is built over
    "It is built over your {structure}: you must own it, and it goes back to the box as you build this one "
    "(its VP and effects are no longer yours; you may build it again later).",
}


@functools.lru_cache(maxsize=None)
def names() -> dict[str, list[Name]]:
    """Every structure, good and objective card name of the bundled rulesets, in French."""
    found: dict[str, dict[str, Name]] = {"structure": {}, "good": {}, "objective": {}}
    with language("fr"):
        for ident in bundled_rulesets():
            rules = load_ruleset(ident)
            data = rules.data
            for kind in ("structure", "good"):
                table = data
                for key in ENTRY_TABLES[kind]:
                    table = table.get(key, {}) if isinstance(table, dict) else {}
                for entry in table or {}:
                    name = display_name(data, kind, entry)
                    found[kind].setdefault(name.source, name)
            if "objectives" in data:
                for entry in objective_cards(data):
                    name = display_name(data, "objective", entry)
                    found["objective"].setdefault(name.source, name)
    return {kind: list(names.values()) for kind, names in found.items()}


class Any(Name):
    """Any other value of a message: a number-like text that takes every format spec."""

    def __format__(self, spec):
        return str(self)


@functools.lru_cache(maxsize=None)
def messages():
    """(English text, French texts) of every translated message that takes a name."""
    with PO.open("rb") as fh:
        catalog = read_po(fh, locale="fr")
    out = []
    for message in catalog:
        if not message.id or not message.string or message.context:
            continue
        ids = message.id if isinstance(message.id, (list, tuple)) else [message.id]
        fields = {field.split(".")[0] for _l, field, _s, _c in string.Formatter().parse(ids[-1]) if field}
        kinds = {PLACEHOLDER_KINDS[f] for f in fields if f in PLACEHOLDER_KINDS}
        if not kinds or ids[0] in PHRASES:
            continue
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        out.append((ids[0], [s for s in strings if s], fields))
    return out



def render(text: str, fields, kind_names: dict) -> str:
    values = {f: kind_names.get(f, Any("2", "")) for f in fields}
    return Message(text).format(**values)


def rendered():
    """(English id, French text, name, rendering) for every message and every name of its kinds."""
    out = []
    with language("fr"):
        for english, strings, fields in messages():
            for field in fields:
                kind = PLACEHOLDER_KINDS.get(field)
                if kind is None:
                    continue
                for name in names()[kind]:
                    for text in strings:
                        out.append((english, text, field, name, render(text, fields, {field: name})))
    return out


def article_problems() -> list[str]:
    """Each rendering whose article or elision is not the one the name's data gives."""
    bad = []
    with language("fr"):
        for english, _text, _field, name, out in rendered():
            bare = str(name)
            the = name.form("the")
            elides = the[:2] in ("l’", "l'")
            wrong = [f"de {bare}", f"le {bare}", f"la {bare}"] if elides else [f"d’{bare}", f"l’{bare}"]
            if the.startswith("la "):
                wrong += [f"le {bare}", f"du {bare}", f"au {bare}"]
            elif the.startswith("le "):
                wrong += [f"la {bare}"]
            wrong = [w for w in wrong if re.search(r"(?<![\w’])" + re.escape(w) + r"(?!\w)", out)]
            if wrong:
                bad.append(f"{english!r} with {bare}: {out!r} ({', '.join(wrong)})")
    return bad


def agreement_problems() -> list[str]:
    """Each message whose agreeing words (after the name) stay the same for a masculine and a
    feminine name."""
    bad = []
    with language("fr"):
        for english, strings, fields in messages():
            if english in ABOUT_SOMETHING_ELSE:
                continue
            for field in fields:
                kind = PLACEHOLDER_KINDS.get(field)
                if kind not in ("structure", "good"):
                    continue
                male = next(n for n in names()[kind] if n.form("gender") == "m")
                female = next(n for n in names()[kind] if n.form("gender") == "f")
                for text in strings:
                    words = {}
                    for name in (male, female):
                        out = render(text, fields, {field: name})
                        for form in (name.form("the"), str(name)):
                            out = out.replace(form, "NAME")
                        # the words after the name: those before it (« un joueur construit la Forge »)
                        # do not stand for it
                        after = out.split("NAME", 1)[1] if "NAME" in out else ""
                        words[name.form("gender")] = re.findall(r"\w+", after.lower())
                    shared = set(words["m"]) & set(words["f"]) & AGREEING
                    if shared:
                        bad.append(f"{english!r}: {text!r} does not agree ({', '.join(sorted(shared))})")
    return bad
