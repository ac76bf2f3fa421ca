"""Province's row in the language's table of families (:mod:`.families`): the default family, whose
schema, checks and defaults are :mod:`.validation`, :mod:`.soundness` and :mod:`.ruleset`'s, and whose
typed rules model is :mod:`.province_model`'s."""
from .families import LanguageFamily, register
from .province_model import model_of
from .ruleset import Ruleset, complete_defaults
from .validation import check_resolution, check_warnings

#: The value of ``family`` that names Province's language (a ruleset that names no family is of it).
FAMILY = "province"

ROW = register(LanguageFamily(FAMILY, check=check_resolution, load=Ruleset, warnings=check_warnings,
                              complete=complete_defaults, keeps_family_key=False,
                              model=model_of), default=True)
