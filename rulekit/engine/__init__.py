"""The generic engine: a ruleset compiled into tables, and the games played on them.

- :mod:`.game` compiles a :class:`rulekit.language.Ruleset` once into integer
  tables (:func:`compile_ruleset`) and plays games on them (:class:`State`:
  legal actions, apply, clone, scores, result); :func:`new_game` starts one;
- :mod:`.primitives` holds the engine's row for each primitive of the rules
  language (an effect, a metric): how it compiles into the tables;
- :mod:`.coins` holds physical coins and the change-making policy;
- :mod:`.record` writes, reads and replays game records;
- :mod:`.trail` is the append-only history and log that clones share;
- :mod:`.core` says which engine runs;
- :mod:`.provisions` is the engine of the Provisions family (``family: provisions``): its own
  tables and :class:`.provisions.State`, with the same protocol; :func:`new_game` starts a game
  of either family.

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
                   WORK,
                   Compiled,
                   Outcome,
                   State,
                   compile_ruleset,
                   new_game as _province_new_game,
)
from . import provisions  # noqa: E402


def new_game(ruleset, seed: int = 0, first_player: int | None = None, players: int | None = None):
    """A new game of ``ruleset`` for ``players`` (None: the fewest it allows), in the engine of its
    family: Province's :class:`State`, or :class:`rulekit.engine.provisions.State` for a ruleset of
    the Provisions family."""
    if getattr(ruleset, "family", None) == provisions.FAMILY:
        return provisions.new_game(ruleset, seed=seed, players=players, first_player=first_player)
    return _province_new_game(ruleset, seed=seed, first_player=first_player, players=players)


ENGINE = "compiled" if _core.is_compiled(_game) else "pure Python"

__all__ = ["ENGINE", "BORROW", "BUILD", "CHOOSE", "CONVERT", "DECISIONS", "END", "EXCHANGE", "HIRE", "LEAP", "MOVE", "OFFER", "OVER", "PHASE_NAMES",
           "REPAY",
           "SETUP", "SOURCES", "SPEND", "SPENDING", "WORK", "Compiled", "Outcome", "State", "compile_ruleset", "new_game",
           "provisions"]
