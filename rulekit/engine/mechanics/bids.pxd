# C types for bids.py (game.pxd's header says how these files are read): the moments it overrides. The decisions'
# rows stay Python functions (called once per bid or pick, through game.DECISIONS).
from rulekit.engine.game cimport State, Compiled, Mechanism


cdef class Bids(Mechanism):
    cpdef setup(self, State st)
    cpdef dict view(self, State st, int player)
