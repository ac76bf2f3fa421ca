"""The generic engine: a ruleset compiled into tables, and the games played on them.

- :mod:`.game` compiles a :class:`rulekit.language.Ruleset` once into integer
  tables (:func:`compile_ruleset`) and plays games on them (:class:`State`:
  legal actions, apply, clone, scores, result); :func:`new_game` starts one;
- :mod:`.coins` holds physical coins and the change-making policy;
- :mod:`.record` writes, reads and replays game records.

Nothing here names a structure, a goal or an edition. This package imports
only :mod:`rulekit.errors` and :mod:`rulekit.i18n` (docs/architecture.md): it
takes a ruleset that the language has loaded, and never loads one itself.
"""
from .game import (
                   BORROW,
                   BUILD,
                   CONVERT,
                   END,
                   EXCHANGE,
                   HIRE,
                   LEAP,
                   MOVE,
                   OVER,
                   PHASE_NAMES,
                   REPAY,
                   SOURCES,
                   SPEND,
                   SPENDING,
                   WORK,
                   Compiled,
                   State,
                   compile_ruleset,
                   new_game,
)

__all__ = ["BORROW", "BUILD", "CONVERT", "END", "EXCHANGE", "HIRE", "LEAP", "MOVE", "OVER", "PHASE_NAMES", "REPAY",
           "SOURCES", "SPEND", "SPENDING", "WORK", "Compiled", "State", "compile_ruleset", "new_game"]
