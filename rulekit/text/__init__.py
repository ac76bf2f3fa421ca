"""Rules into words: everything that writes a ruleset as text.

- :mod:`.sentences` — one sentence per primitive of the language, in the
  current language; the rulebook, ``diff`` and the play screen's ``rules``
  all write them from here;
- :mod:`.rulebook` — rulebooks in Markdown, HTML and PDF (``templates/``);
- :mod:`.diff` — the differences between two rulesets, in words (each a :class:`.changes.Change`);
- :mod:`.families` — the table of families: each family's book and diff (:mod:`.province`,
  :mod:`.provisions`, whose own words are :mod:`.provisions_words`, ``_rulebook`` and ``_diff``).

This package imports the language (to load a base ruleset) and
:mod:`rulekit.i18n`, never the engine (docs/architecture.md).
"""

# The families' books and diffs, each registering its row in families.FAMILIES: one line per family.
from . import province, provisions  # noqa: E402,F401
