# C types for events.py (game.pxd's header says how these files are read): the moments it overrides, typed as
# game.Mechanism declares them, so that the core calls them in C.
import cython
from rulekit.engine.game cimport State, Compiled, Mechanism

cdef long long BIT


cdef class Events(Mechanism):
    cpdef setup(self, State st)
    @cython.locals(c=Compiled, d=cython.int, new_round=cython.bint)
    cpdef turn_start(self, State st)
    @cython.locals(c=Compiled, d=cython.int)
    cpdef built(self, State st, int p, int s)
    cpdef dict view(self, State st, int player)
    cpdef determinize(self, State st, State source, int observer)
    @cython.locals(c=Compiled, k=cython.int, n=cython.int, until=cython.int, q=cython.int, cards=list)
    cpdef reveal(self, State st, int d)
    @cython.locals(c=Compiled)
    cpdef set_active(self, State st, tuple active)
