"""Province's row in the language's table of families (:mod:`.families`): the default family, whose
schema, checks and defaults are :mod:`.validation`, :mod:`.soundness` and :mod:`.ruleset`'s."""
from .families import LanguageFamily, register
from .ruleset import Ruleset, complete_defaults
from .validation import check_resolution, check_warnings

#: The value of ``family`` that names Province's language (a ruleset that names no family is of it).
FAMILY = "province"

ROW = register(LanguageFamily(FAMILY, check=check_resolution, load=Ruleset, warnings=check_warnings,
                              complete=complete_defaults, keeps_family_key=False), default=True)
