"""rulekit: board-game rules as data.

The pieces, each in a module whose name says what it is:

- :mod:`rulekit.ruleset`   — loading YAML rulesets, ``extends`` and merging (the ruleset model);
- :mod:`rulekit.validation` — schema and semantic checks, every problem with FILE:LINE:COL;
- :mod:`rulekit.engine`    — the generic game engine (``Ruleset`` → ``State``);
- :mod:`rulekit.coins`     — physical coins and the change-making policy;
- :mod:`rulekit.record`    — game records and replays;
- :mod:`rulekit.bots`      — computer players;
- :mod:`rulekit.rulebook`  — rulebooks (Markdown, HTML, PDF) written from a ruleset;
- :mod:`rulekit.i18n`      — gettext through Babel catalogs;
- :mod:`rulekit.cli`       — the ``rulekit`` command.
"""

__version__ = "0.1.0"
