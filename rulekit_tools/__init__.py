"""Developers' and translators' tools for rulekit: never imported by the runtime.

- ``python -m rulekit_tools.catalogcheck update|check|init|names``: keep the
  translation catalogs (``locales/``) up to date and check them
  (docs/translating.md);
- ``python -m rulekit_tools.langcheck``: the language gate over the French and
  English texts (Grammalecte, proselint, hunspell);
- ``python -m rulekit_tools.reference [--check]``: the field tables of
  docs/ruleset-reference.md, written from the schema's descriptions;
- ``python -m rulekit_tools.schemagen [--check]``: the published ruleset schema
  (a complete ruleset or a patch), written from the hand-written one.

They speak English only and assume a checkout of the repository. ``rulekit``
itself imports nothing from here (``tests/test_architecture.py`` checks it);
CI (``.ci/checks/``), the tests and the docs use them.
"""
