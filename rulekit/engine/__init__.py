"""The generic engine: a ruleset compiled into tables, and the games played on them.

- :mod:`.game` compiles a :class:`rulekit.language.Ruleset` once into integer
  tables (:func:`compile_ruleset`) and plays games on them (:class:`State`:
  legal actions, apply, clone, scores, result); :func:`new_game` starts one;
- :mod:`.mechanics` holds the mechanisms (events ...), a module each with its compile step and its
  runtime on the moments of a game (:class:`.game.Mechanism`), registered in ``game.MECHANISMS``;
- :mod:`.primitives` holds the engine's row for each primitive of the rules
  language (an effect, a metric): how it compiles into the tables;
- :mod:`.coins` holds physical coins and the change-making policy;
- :mod:`.record` writes, reads and replays game records;
- :mod:`.trail` is the append-only history and log that clones share;
- :mod:`.core` says which engine runs;
- :mod:`.common` holds what every family shares: the protocol of a game (:class:`GameState`), its
  :class:`Outcome`, the generator;
- :mod:`.families` is the table of families, a row each (:mod:`.province`: Province's row, whose
  engine is :mod:`.game`; :mod:`.provisions`: the Provisions family's own tables and
  :class:`.provisions.State`); :func:`new_game` starts a game of any family.

Nothing here names a structure, a goal or an edition. This package imports
only :mod:`rulekit.errors` and :mod:`rulekit.i18n` (docs/architecture.md): it
takes a ruleset that the language has loaded, and never loads one itself.

:data:`ENGINE` says which engine runs: ``"compiled"`` (the modules built by
Cython at install, see :mod:`.core`) or ``"pure Python"`` (no compiler at
install, or ``RULEKIT_PURE_PYTHON=1``). Both play the same games.
"""
from . import core as _core

if _core.pure_requested():
    _core.load_source(__name__)

from . import game as _game  # noqa: E402
from .game import (  # noqa: E402
                   BORROW,
                   BUILD,
                   CHOOSE,
                   CONVERT,
                   DECISIONS,
                   END,
                   EXCHANGE,
                   HIRE,
                   LEAP,
                   MOVE,
                   OFFER,
                   OVER,
                   PHASE_NAMES,
                   REPAY,
                   SETUP,
                   SOURCES,
                   SPEND,
                   SPENDING,
                   USE,
                   WORK,
                   Compiled,
                   Outcome,
                   State,
                   compile_ruleset,
)
from . import mechanics  # noqa: E402,F401  (the mechanisms register in game.MECHANISMS)
from .common import GameState  # noqa: E402
from .families import FAMILIES, new_game  # noqa: E402
# The families' engines, each registering its row in FAMILIES: one line per family.
from . import province  # noqa: E402,F401
from . import provisions  # noqa: E402


ENGINE = "compiled" if _core.is_compiled(_game) else "pure Python"

__all__ = ["ENGINE", "BORROW", "BUILD", "CHOOSE", "CONVERT", "DECISIONS", "END", "EXCHANGE", "HIRE", "LEAP", "MOVE", "OFFER", "OVER", "PHASE_NAMES",
           "REPAY",
           "SETUP", "SOURCES", "SPEND", "SPENDING", "USE", "WORK", "Compiled", "FAMILIES", "GameState", "Outcome", "State", "compile_ruleset", "new_game"]
