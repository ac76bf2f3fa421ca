"""Translations: every user-visible string goes through these functions.

- :mod:`.catalogs`: the ``.po`` catalogs (bundled and ``RULEKIT_LOCALES``),
  read through Babel at run time, and the current language;
- :mod:`.formatting`: ``_``/``ngettext``/``pgettext``, translated messages
  that know the forms of a name (``{structure.the}``), numbers and lists in
  the current language;
- :mod:`.pseudo`: the pseudo-locale ``en_XA``, which shows every string that
  escapes the catalog.

Where a ruleset keeps the names it shows, and the names shown in the current
language (``display_name``), is the rules language's:
:mod:`rulekit.language.names`.

>>> set_language("en")
>>> ngettext("%(num)d coin", "%(num)d coins", 2) % {"num": 2}
'2 coins'
>>> pseudo("Workers")
'[Ŵöŕķéŕš ~~]'
"""
from .catalogs import (
    DOMAIN,
    LOCALES_ENV,
    SOURCE_LANGUAGE,
    available_languages,
    babel_locale,
    catalog_files,
    clear_cache,
    get_language,
    has_translation,
    is_available,
    lang_chain,
    language,
    load_catalog,
    locales_dirs,
    negotiate_language,
    set_language,
)
from .formatting import (
    NAME_FORMS,
    Message,
    N_,
    Name,
    _,
    elide_de,
    format_list,
    format_number,
    gettext,
    install_jinja,
    join_names,
    language_name,
    ngettext,
    npgettext,
    pgettext,
)
from .pseudo import PSEUDO_LANGUAGE, PseudoTranslations, is_pseudo, pseudo, unwrapped_words

__all__ = [
    "DOMAIN", "LOCALES_ENV", "NAME_FORMS", "N_", "Message", "Name", "PSEUDO_LANGUAGE", "PseudoTranslations",
    "SOURCE_LANGUAGE", "_", "available_languages", "babel_locale", "catalog_files", "clear_cache", "elide_de",
    "format_list", "format_number", "get_language", "gettext", "has_translation", "install_jinja", "is_available",
    "is_pseudo", "join_names", "lang_chain", "language", "language_name", "load_catalog", "locales_dirs",
    "negotiate_language", "ngettext", "npgettext", "pgettext", "pseudo", "set_language", "unwrapped_words",
]
