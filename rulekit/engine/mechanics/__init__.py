"""The mechanisms of the rules, one module each: its compile step and its runtime, on named moments of a game.

Each module defines a subclass of :class:`rulekit.engine.game.Mechanism` (the moments: its docstring and
docs/engine.md, "Mechanisms") and is registered below, under the name of what it plays, in the engine's
table (``game.MECHANISMS``, read as each ruleset is compiled): ``game.py`` never imports this package, which
:mod:`rulekit.engine` imports after it (as the families register their rows). The order is the order of the
moments' calls, and so of the random draws they make at setup and in a determinization: a new mechanism goes
at the end, so that no game already played changes.
"""
from ..game import MECHANISMS
from .abilities import Abilities
from .bids import Bids
from .borrowing import Borrowing
from .caps import Caps
from .chance import Chance
from .clocks import Clocks
from .events import Events
from .objectives import Objectives
from .ships import Ships
from .steals import Steals
from .tolls import Tolls
from .trades import Trades

#: The modules here, in import order: compiled where a compiler is present (setup.py), loaded from their sources
#: by :func:`rulekit.engine.core.load_source` (with the engine's ``game.py`` they subclass).
MODULES = ("events", "objectives", "trades", "steals", "tolls", "clocks", "bids", "abilities", "chance", "borrowing", "ships",
           "caps")

#: name -> the mechanism's class, in the order its moments are called (the engine's table, filled here).
MECHANISMS["events"] = Events
MECHANISMS["objectives"] = Objectives
MECHANISMS["trades"] = Trades
MECHANISMS["steals"] = Steals
MECHANISMS["tolls"] = Tolls
MECHANISMS["clocks"] = Clocks
MECHANISMS["bids"] = Bids
MECHANISMS["abilities"] = Abilities
MECHANISMS["chance"] = Chance
MECHANISMS["borrowing"] = Borrowing
MECHANISMS["ships"] = Ships
MECHANISMS["caps"] = Caps

__all__ = ["MECHANISMS", "MODULES", "Abilities", "Bids", "Borrowing", "Caps", "Chance", "Clocks", "Events", "Objectives",
           "Ships", "Steals", "Tolls", "Trades"]
