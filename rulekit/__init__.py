"""rulekit: board-game rules as data.

One package per concern; imports only go down (docs/architecture.md):

- :mod:`rulekit.language` — the rules language: YAML with positions, ``extends``, the schema, validation;
- :mod:`rulekit.engine`   — rulesets compiled into tables, games (``State``), coins, records;
- :mod:`rulekit.bots`     — computer players and the registry that makes one from a name;
- :mod:`rulekit.play`     — ``rulekit play``: the session, the screen, the notation in the player's language;
- :mod:`rulekit.text`     — sentences, rulebooks and differences written from a ruleset;
- :mod:`rulekit.i18n`     — translations through Babel catalogs, and the catalog checks;
- :mod:`rulekit.balance`  — many games between bots, and what they say about a ruleset;
- :mod:`rulekit.cli`      — the ``rulekit`` command, the only place that turns errors into messages and exit codes.
"""

__version__ = "0.1.0"
