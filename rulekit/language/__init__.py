"""The rules language: a ruleset is YAML, checked against a JSON Schema.

- :mod:`.yamlload` reads YAML with a position (file, line, column) for every value;
- :mod:`.ruleset` finds rulesets (bundled ids or paths), follows ``extends`` and
  merges the layers (RFC 7396) into an immutable :class:`Ruleset`;
- :mod:`.validation` checks the schema (``schema/ruleset.schema.json``) and the
  semantic rules, and reports every problem as ``FILE:LINE:COL``;
- :mod:`.load` is what the rest of rulekit calls: :func:`load_ruleset`, :func:`validate_path`;
- :mod:`.extract` is the Babel extractor of the names a ruleset shows;
- :mod:`.provisions` is the Provisions family (``family: provisions``): its schema, checks and
  loaded rules (:class:`ProvisionsRules`), beside Province's language.

This package imports nothing of rulekit but :mod:`rulekit.errors`,
:mod:`rulekit.paths` and :mod:`rulekit.i18n` (docs/architecture.md).
"""
from .load import check_and_load, check_path, load_ruleset, validate_path
from .provisions import ProvisionsRules
from .ruleset import Ruleset, bundled_rulesets, display_path
from .validation import schema

__all__ = ["ProvisionsRules", "Ruleset", "bundled_rulesets", "check_and_load", "check_path", "display_path", "load_ruleset", "schema",
           "validate_path"]
