# C types for clocks.py (game.pxd's header says how these files are read): the moments it overrides, typed as
# game.Mechanism declares them, so that the core calls them in C.
import cython
from rulekit.engine.game cimport State, Compiled, Mechanism

cdef long long BIT


cdef class Clocks(Mechanism):
    cpdef bint end_met(self, State st, int i) except -1
    @cython.locals(c=Compiled)
    cpdef turn_end(self, State st)
