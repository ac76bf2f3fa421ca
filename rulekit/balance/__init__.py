"""Balance tools: many seeded games between bots, and what they say.

- :mod:`.simulate` — ``rulekit simulate``: win rates with their intervals,
  structures, goals and end reasons, and the comparison of two rulesets; the
  verdict on a seat balance (an equivalence test against the fairness band)
  and the strength curve.
- :mod:`.plot` — the strength curve drawn as SVG (a template in ``templates/``).
- :mod:`.tune` — ``rulekit tune``: a search of numeric fields for a fair
  variant, its winner measured again on fresh seeds.
- :mod:`.backend` — where the games are played;
- :mod:`.families` — the table of families: how each family's games are summed up
  (:mod:`.province`, :mod:`.provisions`).

This package imports the language, the engine and the bots; only
:mod:`rulekit.cli` imports it (docs/architecture.md).
"""

# The families' reports, each registering its row in families.FAMILIES: one line per family.
from . import province, provisions  # noqa: E402,F401
