"""Province's row in the engine's table of families (:mod:`.families`): its engine is :mod:`.game`
(with :mod:`.coins`, :mod:`.trail` and :mod:`.primitives`)."""
from .families import EngineFamily, register
from .game import SOURCES, new_game

#: The ``family`` of the rulesets this engine plays (a ruleset that names none is of this family: the
#: language decides that, :mod:`rulekit.language.province`).
FAMILY = "province"

ROW = register(EngineFamily(FAMILY, new_game, SOURCES))
