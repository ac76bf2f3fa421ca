"""The Provisions family of the rules language (a ruleset that says ``family: provisions``).

A second family beside Province's language, not Province's language stretched
(docs/architecture.md): its own schema (``schema.json``), its own checks (:mod:`.validation`)
and its own loaded rules (:class:`.rules.ProvisionsRules`), read with the same YAML loader, the
same ``extends`` and the same :class:`rulekit.errors.Problem`. :func:`rulekit.language.load_ruleset`
and :func:`rulekit.language.validate_path` dispatch on ``family``.
"""
from .rules import FAMILY, Good, Month, Objective, Prospector, ProvisionsRules

__all__ = ["FAMILY", "Good", "Month", "Objective", "Prospector", "ProvisionsRules"]
