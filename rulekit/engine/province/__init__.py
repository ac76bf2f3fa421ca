"""Province's row in the engine's table of families (:mod:`rulekit.engine.families`): its engine is the
core's own, :mod:`rulekit.engine.game` (with :mod:`~rulekit.engine.coins`, :mod:`~rulekit.engine.trail` and
:mod:`~rulekit.engine.primitives`), so this subpackage holds no module of its own (``MODULES`` is empty)."""
from ..families import EngineFamily, register
from ..game import SOURCES, new_game

#: The ``family`` of the rulesets this engine plays (a ruleset that names none is of this family: the
#: language decides that, :mod:`rulekit.language.province`).
FAMILY = "province"

#: The modules of this family's own (none: :func:`rulekit.engine.core.load_source` reads this).
MODULES = ()

ROW = register(EngineFamily(FAMILY, new_game, SOURCES))
