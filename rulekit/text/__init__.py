"""Rules into words: everything that writes a ruleset as text.

- :mod:`.sentences` — one sentence per primitive of the language, in the
  current language; the rulebook, ``diff`` and the play screen's ``rules``
  all write them from here;
- :mod:`.rulebook` — rulebooks in Markdown, HTML and PDF (``templates/``);
- :mod:`.diff` — the differences between two rulesets, in words.

This package imports the language (to load a base ruleset) and
:mod:`rulekit.i18n`, never the engine (docs/architecture.md).
"""
