"""The Provisions family of the rules language (a ruleset that says ``family: provisions``).

A second family beside Province's language, not Province's language stretched
(docs/architecture.md): its own schema (``schema.json``), its own checks (:mod:`.validation`)
and its own loaded rules (:class:`.rules.ProvisionsRules`), read with the same YAML loader, the
same ``extends`` and the same :class:`rulekit.errors.Problem`: its row in the language's table of
families (:mod:`rulekit.language.families`), which :func:`rulekit.language.load_ruleset` and
:func:`rulekit.language.validate_path` read.
"""
from ..families import LanguageFamily, register
from .rules import FAMILY, Good, Month, Objective, Prospector, ProvisionsRules
from .validation import check_resolution

ROW = register(LanguageFamily(FAMILY, check=check_resolution, load=ProvisionsRules.from_data))

__all__ = ["FAMILY", "ROW", "Good", "Month", "Objective", "Prospector", "ProvisionsRules"]
