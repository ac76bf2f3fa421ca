"""Where a ruleset keeps the names it shows, and the names shown in the current language.

A ruleset names its entries (structures, goals, worker kinds, coins,
conversions, resources, Work Cycle spaces, cast outcomes), the hired sailors,
two fields of the casting section and its own free texts (title, edition,
story, description). This module is the one list of where those names live:
:mod:`.extract` (the Babel extractor) pulls them into the catalogs,
:mod:`.validation` and :mod:`.soundness` name entries in their messages, and
the sentences, the rulebook and the play screen show them
(:func:`display_name`). Translation itself (catalogs, name forms such as
``{structure.the}``) is :mod:`rulekit.i18n`'s.

>>> from rulekit.i18n import set_language
>>> set_language("en")
>>> data = {"structures": {"well": {}, "inn": {"name": "Old Inn"}}}
>>> display_name(data, "structure", "inn"), display_name(data, "structure", "well")
('Old Inn', 'Well')
"""
from __future__ import annotations

from ..i18n import (
    PSEUDO_LANGUAGE,
    SOURCE_LANGUAGE,
    Name,
    format_list,
    get_language,
    has_translation,
    lang_chain,
    language_name,
    load_catalog,
    ngettext,
    pgettext,
)

#: Message contexts of the names a ruleset provides (see :func:`display_name`).
NAME_KINDS = ("structure", "goal", "worker", "coin", "conversion", "space", "outcome", "resource",
              "holder", "heading", "good", "month", "objective", "deck", "ability")
#: Free texts of a ruleset, translated with the context ``ruleset``.
RULESET_FIELDS = ("title", "edition", "story", "description")

#: Where the entries of each kind live: the path of a mapping of entries by id.
ENTRY_TABLES = {
    "structure": ("structures",),
    "goal": ("goals",),
    "worker": ("workers",),
    "coin": ("components", "coins"),
    "conversion": ("conversions",),
    "resource": ("resources",),
    "good": ("goods",),                     # the Provisions family (family: provisions)
    "objective": ("objectives", "cards"),   # secret objectives
    "deck": ("events",),                    # event decks (a card's name is written in its deck's list)
    "ability": ("abilities",),              # activated abilities
}
#: Where the entries of each kind live as a list, each entry with its ``id``.
ENTRY_LISTS = {
    "space": ("work_cycle", "spaces"),
    "outcome": ("casting", "outcomes"),
    "month": ("months",),                   # the Provisions family
}
#: The section of the hired sailors, and the id of the worker kind they are: the engine
#: plays them as that kind (:attr:`rulekit.language.Ruleset.sailor_kind`), the names and the
#: notation call them by it.
SAILORS_SECTION = "sailors"
SAILOR_KIND = "sailor"
#: The names a section holds as fields rather than entries: (kind, id) -> (section, field).
#: ``casting.holder`` (the title of the player who casts), ``casting.heading`` (the heading of
#: the rulebook's section on the casts) and ``headings.conversions`` (the heading of its section
#: on the conversions, id ``conversions``), each written as a name.
SECTION_NAMES = {("holder", "holder"): ("casting", "holder"), ("heading", "heading"): ("casting", "heading"),
                 ("heading", "conversions"): ("headings", "conversions")}


def _dict_or_empty(value) -> dict:
    return value if isinstance(value, dict) else {}


def _at(data: dict, path):
    """The value at ``path`` (a tuple of keys) in ``data``, or None where a level is missing."""
    value = data
    for key in path:
        value = value.get(key) if isinstance(value, dict) else None
    return value


def _entry(data: dict, kind: str, ident: str = ""):
    if (kind, ident) in SECTION_NAMES:
        section, key = SECTION_NAMES[kind, ident]
        value = _dict_or_empty(data.get(section)).get(key)
        return {"name": value} if value else None
    if kind in ENTRY_LISTS:
        for item in _at(data, ENTRY_LISTS[kind]) or ():
            if isinstance(item, dict) and item.get("id") == ident:
                return item
        return None
    table = _at(data, ENTRY_TABLES[kind]) if kind in ENTRY_TABLES else None
    entry = table.get(ident) if isinstance(table, dict) else None
    if entry is None and kind == "worker" and ident == SAILOR_KIND:
        entry = data.get(SAILORS_SECTION)          # the worker kind of the hired sailors
    return entry if isinstance(entry, dict) else None


def id_title(ident: str) -> str:
    """The name shown for an entry without one: ``labor_top`` -> ``Labor Top``."""
    return str(ident).replace("_", " ").strip().title()


def source_name(data: dict, kind: str, ident: str) -> str:
    """The untranslated (source) name of an entry: its ``name``, else its id title-cased."""
    if kind == "ruleset":
        value = data.get(ident)
        return value if isinstance(value, str) else ""
    return str(entry_name_source(_entry(data, kind, ident), ident))


def entry_name_source(entry, ident: str) -> str:
    """The untranslated name of one entry: its ``name`` (its English one when
    written per language), else its id title-cased."""
    name = entry.get("name") if isinstance(entry, dict) else None
    if isinstance(name, dict):            # written per language: the English one is the source
        own = own_name(entry, SOURCE_LANGUAGE)
        if own is None:
            first = next((v for v in name.values() if isinstance(v, (str, dict))), None)
            own = own_name({"name": {"x": first}}, "x") if first is not None else None
        name = own[0] if own else None
    return name if isinstance(name, str) and name else id_title(ident)


def own_name(entry, lang: str | None = None):
    """A name written in the ruleset per language (``name: {en: Market, fr: Marché}``).

    Returns ``(text, forms)`` in ``lang`` (or its base language), or None when
    the entry's name is a plain string or lacks the language. A language's value
    is the name, or a mapping ``{name: Marché, the: le Marché}`` with its forms.
    """
    name = entry.get("name") if isinstance(entry, dict) else None
    if not isinstance(name, dict):
        return None
    lang = get_language() if lang is None else lang
    for code in lang_chain(lang):
        value = name.get(code)
        if isinstance(value, str) and value:
            return value, {}
        if isinstance(value, dict) and isinstance(value.get("name"), str):
            return value["name"], {k: v for k, v in value.items() if k != "name" and isinstance(v, str)}
    return None


def display_name(data: dict, kind: str, ident: str) -> str:
    """The translated name of a ruleset entry, e.g. ``display_name(data, "structure", structure_id)``.

    ``kind`` is one of :data:`NAME_KINDS`, or ``"ruleset"`` with ``ident`` one of
    :data:`RULESET_FIELDS`. The extraction (``rulekit.language.extract``) pulls the
    same texts with the same contexts, so every name shown has a catalog entry.
    A name the ruleset writes per language (``name: {en: Market, fr: Marché}``)
    is shown in the current language; the catalog still wins when it
    translates the English name. The result is a :class:`Name`, which knows
    its forms (``{structure.the}``).
    """
    if kind == "ruleset":
        text = source_name(data, kind, ident)
        return pgettext(kind, text) if text else text
    return entry_name(_entry(data, kind, ident), kind, ident)


def entry_name(entry, kind: str, ident: str) -> Name:
    """The shown name of one entry of a ruleset (see :func:`display_name`)."""
    text = entry_name_source(entry, ident)
    name = entry.get("name") if isinstance(entry, dict) else None
    if not isinstance(name, dict) or has_translation(kind, text) or get_language() == PSEUDO_LANGUAGE:
        return Name(pgettext(kind, text), kind, text)
    own = own_name(entry, get_language())
    if own is not None:
        return Name(own[0], kind, text, own[1])
    return Name(text, kind, text)


def ruleset_names(data: dict):
    """Every ``(kind, source text)`` a ruleset shows, in a stable order."""
    return [(kind, text) for kind, text, _ident in _ruleset_entries(data)]


def _ruleset_entries(data: dict):
    """Every ``(kind, source text, id)`` a ruleset shows, in a stable order."""
    seen = []
    for field in RULESET_FIELDS:
        text = source_name(data, "ruleset", field)
        if text:
            seen.append(("ruleset", text, field))
    for kind, path in ENTRY_TABLES.items():
        for ident in _dict_or_empty(_at(data, path)):
            seen.append((kind, source_name(data, kind, ident), ident))
    if isinstance(data.get(SAILORS_SECTION), dict):
        seen.append(("worker", source_name(data, "worker", SAILOR_KIND), SAILOR_KIND))
    for kind, path in ENTRY_LISTS.items():
        for item in _at(data, path) or ():
            if isinstance(item, dict) and "id" in item:
                seen.append((kind, source_name(data, kind, item["id"]), item["id"]))
    for kind, ident in SECTION_NAMES:
        if _entry(data, kind, ident) is not None:
            seen.append((kind, source_name(data, kind, ident), ident))
    unique, pairs = [], set()
    for kind, text, ident in seen:
        if (kind, text) not in pairs:
            pairs.add((kind, text))
            unique.append((kind, text, ident))
    return unique


def untranslated_names(data: dict, lang: str | None = None) -> list[tuple[str, str]]:
    """The ``(kind, name)`` pairs of a ruleset with no translation in ``lang``.

    Empty for English (the source language) and the pseudo-locale.
    """
    lang = get_language() if lang is None else lang
    if lang in (SOURCE_LANGUAGE, PSEUDO_LANGUAGE):
        return []
    catalog = load_catalog(lang)
    return [(kind, name) for kind, name, ident in _ruleset_entries(data)
            if catalog.get(name, context=kind) is None
            and (kind == "ruleset" or own_name(_entry(data, kind, ident), lang) is None)]


def untranslated_hint(pairs, lang: str | None = None) -> str:
    """A note telling how to translate the names of :func:`untranslated_names`."""
    lang = get_language() if lang is None else lang
    names = format_list([name for _kind, name in pairs])
    return ngettext(
        "{count} name has no {language} translation, so it is shown as written: {names}. "
        "To translate it, add it to a catalog as explained in docs/translating.md.",
        "{count} names have no {language} translation, so they are shown as written: {names}. "
        "To translate them, add them to a catalog as explained in docs/translating.md.",
        len(pairs),
    ).format(count=len(pairs), language=language_name(lang), names=names)
