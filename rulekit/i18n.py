"""Translations: every user-visible string goes through these functions.

Catalogs are the ``.po`` files under ``locales/``; they are read at run time
through Babel and compiled in memory, so no compiled ``.mo`` file is kept in
git and none can go stale (see docs/translating.md).

>>> set_language("en")
>>> ngettext("%(num)d coin", "%(num)d coins", 2) % {"num": 2}
'2 coins'
"""
from __future__ import annotations

import gettext as _gettext
import io
import os
from functools import lru_cache

from babel import Locale, UnknownLocaleError
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from .paths import LOCALES_DIR

DOMAIN = "rulekit"
SOURCE_LANGUAGE = "en"

_current = {"lang": SOURCE_LANGUAGE, "translations": _gettext.NullTranslations()}


def available_languages() -> list[str]:
    """Languages with a catalog, plus the source language."""
    langs = {SOURCE_LANGUAGE}
    if LOCALES_DIR.is_dir():
        for po in LOCALES_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"):
            langs.add(po.parent.parent.name)
    return sorted(langs)


@lru_cache(maxsize=None)
def _load(lang: str) -> _gettext.NullTranslations:
    po_path = LOCALES_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if not po_path.is_file():
        return _gettext.NullTranslations()
    with po_path.open("rb") as fh:
        catalog = read_po(fh, locale=lang, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return Translations(fp=buf, domain=DOMAIN)


def set_language(lang: str) -> None:
    """Use ``lang`` (a catalog's folder name, e.g. ``fr``) for every later string."""
    _current["lang"] = lang
    _current["translations"] = _load(lang) if lang != SOURCE_LANGUAGE else _gettext.NullTranslations()


def get_language() -> str:
    return _current["lang"]


def negotiate_language(environ=None) -> str:
    """The language to use from ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``, else English."""
    environ = os.environ if environ is None else environ
    available = available_languages()
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(var, "")
        if not value or value in ("C", "POSIX") or value.startswith("C."):
            continue
        wanted = value.split(".")[0].split("@")[0]
        found = Locale.negotiate([wanted], available, sep="_")
        if found is not None:
            return str(found)
        base = wanted.split("_")[0]
        if base in available:
            return base
        return SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def babel_locale() -> Locale:
    """The Babel locale for number, list and date formatting."""
    lang = get_language()
    try:
        return Locale.parse(lang)
    except (UnknownLocaleError, ValueError):
        return Locale.parse(SOURCE_LANGUAGE)


def gettext(message: str) -> str:
    return _current["translations"].gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, n: int) -> str:
    return _current["translations"].ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _current["translations"].pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _current["translations"].npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark a string for extraction; translate it later with ``_``."""
    return message
