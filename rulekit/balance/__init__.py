"""Balance tools: many seeded games between bots, and what they say.

- :mod:`.simulate` — ``rulekit simulate``: win rates with their intervals,
  structures, goals and end reasons, and the comparison of two rulesets.

This package imports the language, the engine and the bots; only
:mod:`rulekit.cli` imports it (docs/architecture.md).
"""
