"""The catalogs and the current language.

Catalogs are the ``.po`` files under ``locales/<lang>/LC_MESSAGES/``; they are
read at run time through Babel and compiled in memory, so no compiled ``.mo``
file is kept in git and none can go stale (see docs/translating.md).

Every ``*.po`` file of a language is loaded and merged into one catalog
(``rulekit.po`` wins over the others). The environment variable
``RULEKIT_LOCALES`` names more locales folders (separated by ``os.pathsep``),
searched before the bundled one: a translator or a house-rule author can add
a language, or translate their own names, without touching the code.
"""
from __future__ import annotations

import contextlib
import gettext as _gettext
import io
import os
from functools import lru_cache
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.core import negotiate_locale
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from ..paths import LOCALES_DIR
from .pseudo import PSEUDO_LANGUAGE, PseudoTranslations

DOMAIN = "rulekit"
SOURCE_LANGUAGE = "en"
LOCALES_ENV = "RULEKIT_LOCALES"

#: The language in use and its translations (read by :mod:`.formatting`).
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


def lang_chain(lang: str) -> list[str]:
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
    for code in lang_chain(lang):
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
    for code in lang_chain(lang):
        try:
            return Locale.parse(code)
        except (UnknownLocaleError, ValueError):
            continue
    return Locale.parse(SOURCE_LANGUAGE)


def has_translation(context: str, message: str) -> bool:
    """Whether the current catalog translates ``message`` in ``context``."""
    catalog = getattr(_current["translations"], "_catalog", None)
    return catalog is not None and f"{context}\x04{message}" in catalog
