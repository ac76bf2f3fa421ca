"""Translations: every user-visible string goes through these functions.

Catalogs are the ``.po`` files under ``locales/<lang>/LC_MESSAGES/``; they are
read at run time through Babel and compiled in memory, so no compiled ``.mo``
file is kept in git and none can go stale (see docs/translating.md).

Every ``*.po`` file of a language is loaded and merged into one catalog
(``rulekit.po`` wins over the others). The environment variable
``RULEKIT_LOCALES`` names more locales folders (separated by ``os.pathsep``),
searched before the bundled one: a translator or a house-rule author can add
a language, or translate their own names, without touching the code.

``en_XA`` is a pseudo-locale: every translated string comes out accented,
bracketed and lengthened (``[Ŵöŕķéŕš ~~]``), so a string that escapes the
catalog shows up as plain English (see :func:`unwrapped_words`).

>>> set_language("en")
>>> ngettext("%(num)d coin", "%(num)d coins", 2) % {"num": 2}
'2 coins'
>>> pseudo("Workers")
'[Ŵöŕķéŕš ~~]'
"""
from __future__ import annotations

import contextlib
import gettext as _gettext
import io
import os
import re
import string
from _string import formatter_field_name_split as _formatter_field_name_split
from functools import lru_cache
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.core import negotiate_locale
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from ..paths import LOCALES_DIR

DOMAIN = "rulekit"
SOURCE_LANGUAGE = "en"
PSEUDO_LANGUAGE = "en_XA"
LOCALES_ENV = "RULEKIT_LOCALES"

#: Message contexts of the names a ruleset provides (see :func:`display_name`).
NAME_KINDS = ("structure", "goal", "worker", "coin", "conversion", "space", "outcome", "resource",
              "holder", "heading")
#: Free texts of a ruleset, translated with the context ``ruleset``.
RULESET_FIELDS = ("title", "edition", "story", "description")

_current = {"lang": SOURCE_LANGUAGE, "translations": _gettext.NullTranslations()}


# ---------------------------------------------------------------------------
# Finding and loading catalogs


def locales_dirs() -> list[Path]:
    """The locales folders searched, first wins: ``RULEKIT_LOCALES``, then the bundled one."""
    dirs = []
    for part in os.environ.get(LOCALES_ENV, "").split(os.pathsep):
        if part.strip():
            dirs.append(Path(part.strip()).expanduser())
    dirs.append(LOCALES_DIR)
    return dirs


def catalog_files(lang: str, dirs=None) -> list[Path]:
    """Every ``.po`` file of ``lang``, in priority order (``rulekit.po`` first in each folder)."""
    found = []
    for base in locales_dirs() if dirs is None else dirs:
        folder = Path(base) / lang / "LC_MESSAGES"
        if not folder.is_dir():
            continue
        files = sorted(folder.glob("*.po"), key=lambda p: (p.name != f"{DOMAIN}.po", p.name))
        found.extend(files)
    return found


def available_languages() -> list[str]:
    """Languages with a catalog, plus the source language and the pseudo-locale."""
    langs = {SOURCE_LANGUAGE, PSEUDO_LANGUAGE}
    for base in locales_dirs():
        if base.is_dir():
            for po in base.glob("*/LC_MESSAGES/*.po"):
                langs.add(po.parent.parent.name)
    return sorted(langs)


def _lang_chain(lang: str) -> list[str]:
    """``fr_CA`` -> ``["fr_CA", "fr"]``: a regional variant falls back on its language."""
    chain = [lang]
    base = lang.split("_")[0]
    if base != lang:
        chain.append(base)
    return chain


def _read_catalog(path: Path, lang: str) -> Catalog:
    with path.open("rb") as fh:
        try:
            return read_po(fh, locale=lang, domain=DOMAIN)
        except (UnknownLocaleError, ValueError):
            fh.seek(0)
            return read_po(fh, domain=DOMAIN)


def _translated(message) -> bool:
    if message.fuzzy or not message.id:
        return False
    if isinstance(message.string, (list, tuple)):
        return all(message.string)
    return bool(message.string)


@lru_cache(maxsize=None)
def _merged_catalog(lang: str, dirs_key: tuple) -> Catalog:
    """One catalog with every translated, non-fuzzy entry of ``lang``'s ``.po`` files."""
    try:
        merged = Catalog(locale=lang, domain=DOMAIN, fuzzy=False)
    except (UnknownLocaleError, ValueError):
        merged = Catalog(domain=DOMAIN, fuzzy=False)
    plural_header = None
    for code in _lang_chain(lang):
        for path in catalog_files(code, [Path(d) for d in dirs_key]):
            catalog = _read_catalog(path, code)
            if plural_header is None and "Plural-Forms" in dict(catalog.mime_headers):
                plural_header = dict(catalog.mime_headers)["Plural-Forms"]
            for message in catalog:
                if not _translated(message):
                    continue
                key = (message.id, message.context)
                if merged.get(*key) is None:       # first file wins
                    merged.add(message.id, message.string, context=message.context)
    if plural_header is not None:
        # The translations were written for their file's plural rule, which may not be the rule of
        # the Babel installed (Babel 2.19 gives French a third form, for millions): the file's wins.
        merged.mime_headers = [("Plural-Forms", plural_header)]
    return merged


def _dirs_key() -> tuple:
    return tuple(str(d) for d in locales_dirs())


def load_catalog(lang: str) -> Catalog:
    """The merged catalog of ``lang`` (cached; see :func:`clear_cache`)."""
    return _merged_catalog(lang, _dirs_key())


@lru_cache(maxsize=None)
def _translations(lang: str, dirs_key: tuple) -> _gettext.NullTranslations:
    catalog = _merged_catalog(lang, dirs_key)
    if not len(catalog):
        return _gettext.NullTranslations()
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return Translations(fp=buf, domain=DOMAIN)


def _load(lang: str) -> _gettext.NullTranslations:
    if lang == PSEUDO_LANGUAGE:
        return PseudoTranslations()
    if lang == SOURCE_LANGUAGE:
        return _gettext.NullTranslations()
    return _translations(lang, _dirs_key())


def clear_cache() -> None:
    """Forget the loaded catalogs (after editing a ``.po`` file or ``RULEKIT_LOCALES``)."""
    _merged_catalog.cache_clear()
    _translations.cache_clear()
    set_language(get_language())


def set_language(lang: str) -> None:
    """Use ``lang`` (a catalog's folder name, e.g. ``fr``) for every later string."""
    _current["lang"] = lang
    _current["translations"] = _load(lang)


def get_language() -> str:
    return _current["lang"]


@contextlib.contextmanager
def language(lang: str):
    """Use ``lang`` inside a ``with`` block, then go back to the previous language."""
    saved = get_language()
    set_language(lang)
    try:
        yield
    finally:
        set_language(saved)


def is_available(lang: str) -> bool:
    return lang in available_languages()


def negotiate_language(environ=None) -> str:
    """The language to use from ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``, else English."""
    environ = os.environ if environ is None else environ
    available = available_languages()
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(var, "")
        if not value or value in ("C", "POSIX") or value.startswith("C."):
            continue
        wanted = value.split(".")[0].split("@")[0]
        found = negotiate_locale([wanted], available, sep="_")
        if found is not None:
            return found
        base = wanted.split("_")[0]
        if base in available:
            return base
        return SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def babel_locale() -> Locale:
    """The Babel locale for number, list and date formatting."""
    lang = get_language()
    for code in _lang_chain(lang):
        try:
            return Locale.parse(code)
        except (UnknownLocaleError, ValueError):
            continue
    return Locale.parse(SOURCE_LANGUAGE)


# ---------------------------------------------------------------------------
# The translation functions


#: The letters before which French elides « de » into « d’ ». A word starting
#: with h is not elided: whether its h is mute is not written in the word.
_FRENCH_VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüœæ")


def elide_de(text: str) -> str:
    """French « de » before ``text``: « d’Ouvrage », « d’Or », « de Pièces »; joined
    with an article: « du joueur 1 » (« de le »), « des Pièces » (« de les »)."""
    text = text.strip()
    for article, joined in (("le ", "du "), ("les ", "des ")):
        if text.startswith(article):
            return joined + text[len(article):]
    return f"d’{text}" if text[:1].lower() in _FRENCH_VOWELS else f"de {text}"


class _MessageFormatter(string.Formatter):
    """Formats a translated message. Besides Python's fields, a translation may
    write ``{structure.the}``: the form a :class:`Name` has for that word
    ("la Guilde"); ``{reason.inner}``: the value starting with a small letter
    (a sentence quoted inside another, after a colon); ``{token_of.omit}``:
    nothing (a translation that does not need the value, such as the French
    « la Pièce d’Emprunt » for "the Lender token"); ``{coins.de}``, ``{coins.de_plural}``
    (``de_`` and any form): the value, or that form of it, after the French « de »,
    elided before a vowel (« de Pièces », « d’Or »). A value that has no such
    form (a plain string) is shown as it is."""

    def get_field(self, field_name, args, kwargs):
        first, rest = _formatter_field_name_split(field_name)
        obj = self.get_value(first, args, kwargs)
        for is_attr, key in rest:
            if is_attr and key == "omit":
                obj = ""
            elif is_attr and key == "inner" and isinstance(obj, Name) and "inner" in NAME_FORMS.get(obj.kind, ()):
                obj = obj.form("inner")       # a name with a form inside a sentence (a ship result)
            elif is_attr and key == "inner":
                # a sentence, not a name (names keep their capital: "Forge")
                text = str(obj)
                if not isinstance(obj, Name) and text[:1].isupper() and not text[1:2].isupper():
                    text = text[:1].lower() + text[1:]
                obj = text
            elif is_attr and (key == "de" or key.startswith("de_") and key[3:] in _ALL_FORMS):
                form = key[3:]
                obj = elide_de(obj.form(form) if form and isinstance(obj, Name) else str(obj))
            elif is_attr and key in _ALL_FORMS:
                obj = obj.form(key) if isinstance(obj, Name) else obj
            elif is_attr:
                obj = getattr(obj, key)
            else:
                obj = obj[key]
        return obj, first


class Message(str):
    """A translated message: ``.format`` understands name forms (see :class:`Name`)."""

    def format(self, *args, **kwargs):
        return _FORMATTER.vformat(str(self), args, kwargs)


_FORMATTER = _MessageFormatter()


def gettext(message: str) -> str:
    return Message(_current["translations"].gettext(message))


_ = gettext


def ngettext(singular: str, plural: str, n: int) -> str:
    return Message(_current["translations"].ngettext(singular, plural, n))


def pgettext(context: str, message: str) -> str:
    return Message(_current["translations"].pgettext(context, message))


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return Message(_current["translations"].npgettext(context, singular, plural, n))


def N_(message: str) -> str:
    """Mark a string for extraction; translate it later with ``_``."""
    return message


def install_jinja(env) -> None:
    """Give a Jinja environment (with ``jinja2.ext.i18n``) these translation functions.

    Templates use ``{% trans %}`` blocks or ``_()``, with whitespace trimmed
    (the same policy as the extraction in ``babel.cfg``).
    """
    env.policies["ext.i18n.trimmed"] = True
    # Not "newstyle": the functions return a Message as they are, whose
    # ``.format`` knows name forms ({structure.the}); Jinja then escapes the
    # formatted text as a whole (no translation holds markup).
    env.install_gettext_callables(
        gettext, ngettext, newstyle=False, pgettext=pgettext, npgettext=npgettext
    )


# ---------------------------------------------------------------------------
# Formatting through Babel


def format_number(number) -> str:
    """``12345`` -> ``12,345`` in English, ``12 345`` in French."""
    from babel.numbers import format_decimal

    return format_decimal(number, locale=babel_locale())


def format_list(items, style: str = "standard") -> str:
    """``["A", "B", "C"]`` -> ``A, B, and C`` in English, ``A, B et C`` in French."""
    from babel.lists import format_list as _format_list

    items = [str(i) for i in items]
    if get_language() != PSEUDO_LANGUAGE or len(items) < 2:
        return _format_list(items, style=style, locale=babel_locale())
    # Pseudo-locale: the English pattern, its glue words pseudo-localized.
    marks = [f"\x00{i}\x00" for i in range(len(items))]
    pattern = _format_list(marks, style=style, locale="en")
    parts = re.split("\x00(\\d+)\x00", pattern)
    out = []
    for i, part in enumerate(parts):
        out.append(items[int(part)] if i % 2 else _accent(part))
    return "".join(out)


# ---------------------------------------------------------------------------
# Ruleset names


SAILOR_KIND = "sailor"   # the worker kind the engine gives hired sailors (rulekit.engine.game)


#: The names a section holds as fields rather than entries: kind -> (section, field).
#: ``casting.holder`` (the title of the player who casts) and ``casting.heading``
#: (the heading of the rulebook's section on the casts), each written as a name.
SECTION_NAMES = {"holder": ("casting", "holder"), "heading": ("casting", "heading")}


def _entry(data: dict, kind: str, ident: str = ""):
    if kind in SECTION_NAMES:
        section, key = SECTION_NAMES[kind]
        value = _dict_or_empty(data.get(section)).get(key)
        return {"name": value} if value else None
    if kind in ("space", "outcome"):
        items = (data.get("work_cycle", {}).get("spaces", []) if kind == "space"
                 else _dict_or_empty(data.get("casting")).get("outcomes", []))
        for item in items or ():
            if isinstance(item, dict) and item.get("id") == ident:
                return item
        return None
    if kind == "coin":
        table = data.get("components", {}).get("coins", {})
    else:
        table = data.get(f"{kind}s", {})
    entry = table.get(ident) if isinstance(table, dict) else None
    if entry is None and kind == "worker" and ident == SAILOR_KIND:
        entry = data.get("sailors")          # the engine's worker kind for hired sailors
    return entry if isinstance(entry, dict) else None


def _dict_or_empty(value) -> dict:
    return value if isinstance(value, dict) else {}


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


#: The grammatical forms a name of each kind has, used in a translation as an
#: attribute: ``{structure.the}`` -> "la Guilde", ``{worker.a}`` -> "un Ouvrier
#: Vert", ``{worker.plural}`` -> "Ouvriers Verts"; ``short`` is the word typed
#: in the notation ("revenu" for "la Zone de Revenu"). A form comes from the catalog
#: (context ``structure:the``, the English name as msgid), else from the name's
#: own ``name:`` mapping in the ruleset, else from a template (context
#: ``structure:the``, msgid ``the {name}``) that every language translates.
NAME_FORMS = {
    "structure": ("the",),
    "worker": ("the", "a", "plural", "short"),
    "space": ("the", "short"),
    "player": ("subject", "the"),
    "resource": ("one", "plural", "the", "heading"),
    # the player who casts, inside a sentence: "the Harbormaster" / « le Maître du Port »
    "holder": ("the",),
    # a ship result inside a sentence, after a colon: « lancés : deux noirs »
    "outcome": ("inner",),
}
_ALL_FORMS = frozenset(spec for specs in NAME_FORMS.values() for spec in specs)


def _form_templates() -> dict:
    """The templates of the forms a name has no translation for (see :data:`NAME_FORMS`)."""
    return {
        ("structure", "the"): pgettext("structure:the", "the {name}"),
        ("worker", "the"): pgettext("worker:the", "the {name} worker"),
        ("worker", "a"): pgettext("worker:a", "a {name} worker"),
        ("worker", "plural"): pgettext("worker:plural", "{name} workers"),
        ("space", "the"): pgettext("space:the", "the {name} space"),
        ("worker", "short"): pgettext("worker:short", "{name}"),
        ("space", "short"): pgettext("space:short", "{name}"),
        ("resource", "one"): pgettext("resource:one", "{name}"),
        ("resource", "plural"): pgettext("resource:plural", "{name}"),
        ("resource", "the"): pgettext("resource:the", "{name}"),
        ("resource", "heading"): pgettext("resource:heading", "{name}"),
        ("holder", "the"): pgettext("holder:the", "the {name}"),
        ("outcome", "inner"): pgettext("outcome:inner", "{name}"),
    }


def _has_translation(context: str, message: str) -> bool:
    """Whether the current catalog translates ``message`` in ``context``."""
    catalog = getattr(_current["translations"], "_catalog", None)
    return catalog is not None and f"{context}\x04{message}" in catalog


class Name(str):
    """A name shown to the player, which knows its grammatical forms.

    It is a plain string (its bare form); in a translated template an
    attribute picks a form: ``"construit {structure.the}"``. A list of names joined
    with :func:`join_names` keeps the forms (each form joined).
    """

    def __new__(cls, text: str, kind: str = "", source: str = "", forms=None):
        obj = super().__new__(cls, text)
        obj.kind = kind
        obj.source = source or text
        obj.own_forms = dict(forms or {})
        return obj

    def __getattr__(self, attr: str):
        # {structure.the} through any formatter (Jinja's too), not only Message.format
        if attr in _ALL_FORMS:
            return self.form(attr)
        raise AttributeError(attr)

    def form(self, spec: str) -> str:
        if spec not in NAME_FORMS.get(self.kind, ()):
            return str(self)
        if spec in self.own_forms:
            return self.own_forms[spec]
        context = f"{self.kind}:{spec}"
        if self.source and _has_translation(context, self.source):
            return pgettext(context, self.source)
        template = _form_templates().get((self.kind, spec))
        return template.format(name=str(self)) if template else str(self)


def join_names(names, style: str = "standard") -> str:
    """Names joined with Babel's list pattern ("A, B et C"), keeping their forms."""
    names = list(names)
    if not names:
        return ""
    text = format_list([str(n) for n in names], style=style)
    kinds = {getattr(n, "kind", "") for n in names}
    if len(kinds) != 1 or not all(isinstance(n, Name) for n in names):
        return text
    kind = kinds.pop()
    forms = {spec: format_list([n.form(spec) for n in names], style=style)
             for spec in NAME_FORMS.get(kind, ())}
    return Name(text, kind, text, forms)


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
    for code in _lang_chain(lang):
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
    if not isinstance(name, dict) or _has_translation(kind, text) or get_language() == PSEUDO_LANGUAGE:
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
    tables = {
        "structure": data.get("structures", {}),
        "goal": data.get("goals", {}),
        "worker": data.get("workers", {}),
        "coin": data.get("components", {}).get("coins", {}),
        "conversion": data.get("conversions", {}),
        "resource": data.get("resources", {}),
    }
    for kind in ("structure", "goal", "worker", "coin", "conversion", "resource"):
        for ident in tables[kind] or {}:
            seen.append((kind, source_name(data, kind, ident), ident))
    if isinstance(data.get("sailors"), dict):
        seen.append(("worker", source_name(data, "worker", SAILOR_KIND), SAILOR_KIND))
    for item in data.get("work_cycle", {}).get("spaces", []) or ():
        if isinstance(item, dict) and "id" in item:
            seen.append(("space", source_name(data, "space", item["id"]), item["id"]))
    for item in _dict_or_empty(data.get("casting")).get("outcomes", []) or ():
        if isinstance(item, dict) and "id" in item:
            seen.append(("outcome", source_name(data, "outcome", item["id"]), item["id"]))
    for kind in SECTION_NAMES:
        if _entry(data, kind) is not None:
            seen.append((kind, source_name(data, kind, kind), kind))
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


def language_name(lang: str) -> str:
    """The name of ``lang`` in the current language (``fr`` -> ``French`` / ``français``)."""
    if lang == PSEUDO_LANGUAGE:
        return _("pseudo-localized English")
    for code in _lang_chain(lang):
        try:
            return Locale.parse(code).get_display_name(babel_locale()) or lang
        except (UnknownLocaleError, ValueError):
            continue
    return lang


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


# ---------------------------------------------------------------------------
# The pseudo-locale

_ACCENTS = dict(zip(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
))
# What is kept as is: brace fields ({name}, {name!r}, {{, }}), %-style
# conversions (%(name)s, %d, %%), markup tags and entities.
_KEEP = re.compile(
    r"\{\{|\}\}|\{[^{}]*\}|%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[a-zA-Z%]|<[^<>]*>|&[a-zA-Z#0-9]+;"
)


def _accent(text: str) -> str:
    out, pos = [], 0
    for m in _KEEP.finditer(text):
        out.append("".join(_ACCENTS.get(c, c) for c in text[pos:m.start()]))
        out.append(m.group(0))
        pos = m.end()
    out.append("".join(_ACCENTS.get(c, c) for c in text[pos:]))
    return "".join(out)


def pseudo(message: str) -> str:
    """Pseudo-localize ``message``: accented, bracketed, about a third longer.

    Placeholders (``{name}``, ``%(name)s``), markup and the surrounding
    whitespace are kept, so the result formats like the original.
    """
    if not message or not message.strip():
        return message
    stripped = message.strip()
    lead = message[: len(message) - len(message.lstrip())]
    trail = message[len(message.rstrip()):]
    visible = len(_KEEP.sub("", stripped))
    padding = "~" * max(1, visible // 3)
    return f"{lead}[{_accent(stripped)} {padding}]{trail}"


class PseudoTranslations(_gettext.NullTranslations):
    """Translations of the pseudo-locale, computed from the English messages."""

    def gettext(self, message):
        return pseudo(message)

    def ngettext(self, singular, plural, n):
        return pseudo(singular if n == 1 else plural)

    def pgettext(self, context, message):
        return pseudo(message)

    def npgettext(self, context, singular, plural, n):
        return pseudo(singular if n == 1 else plural)


_WORD = re.compile(r"[A-Za-z][A-Za-z']*")


def unwrapped_words(text: str, min_length: int = 2, allow=()) -> list[str]:
    """The plain (not pseudo-localized) words in ``text``, in order.

    The pseudo-locale accents every ASCII letter, so any word written in
    plain ASCII letters escaped the catalog. Words shorter than
    ``min_length`` and the words in ``allow`` (ids, file names…) are ignored.
    """
    allowed = set(allow)
    return [w for w in _WORD.findall(text) if len(w) >= min_length and w not in allowed]


def is_pseudo(text: str, min_length: int = 2, allow=()) -> bool:
    """True when every word of ``text`` went through the pseudo-locale."""
    return not unwrapped_words(text, min_length=min_length, allow=allow)
