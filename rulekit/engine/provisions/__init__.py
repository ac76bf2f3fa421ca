"""The engine of the Provisions family: a :class:`rulekit.language.provisions.ProvisionsRules`
compiled into tables (:mod:`.tables`) and games played on them (:class:`.state.State`).

Plain Python (compiled by Cython as it is where a compiler is present, like Province's engine:
:mod:`rulekit.engine.core`), beside Province's engine and sharing nothing with it but the protocol
of a game (``legal_actions``, ``apply``, ``clone``, ``view``, ``determinize``, ``returns``,
``outcome``, ``notation``/``parse``: :class:`rulekit.engine.common.GameState`) and
:mod:`rulekit.engine.common`. Like the rest
of the engine it never loads a ruleset nor names game content: it plays the rules it is given.
"""
from ..families import EngineFamily, register
from .state import BONUS, OCTOBER, OVER, PLAY, State, new_game
from .tables import BUY, KEEP, KINDS, PASS, SELL, SWAP, TAKE, TRADE, Action, Tables, compile_rules

#: The ``family`` of the rulesets this engine plays.
FAMILY = "provisions"
#: Where a score comes from.
SOURCES = ("prospectors", "bonus")
#: The modules of this family's engine, in import order: compiled where a compiler is present
#: (setup.py), loaded from their sources by :func:`rulekit.engine.core.load_source`.
MODULES = ("tables", "state")

ROW = register(EngineFamily(FAMILY, new_game, SOURCES))

__all__ = ["BONUS", "FAMILY", "MODULES", "OCTOBER", "ROW", "SOURCES", "OVER", "PLAY", "BUY", "KEEP", "KINDS", "PASS", "SELL", "SWAP", "TAKE", "TRADE", "Action", "State", "Tables",
           "compile_rules", "new_game"]
