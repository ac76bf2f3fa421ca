# C types for chance.py (game.pxd's header says how these files are read): the moments it overrides, typed as
# game.Mechanism declares them, so that the core calls them in C.
import cython
from rulekit.engine.game cimport State, Compiled, Mechanism

cdef int KIND_CONVERT


cdef class Chance(Mechanism):
    @cython.locals(c=Compiled)
    cpdef bint apply(self, State st, int p, int kind, int arg, int arg2) except -1
    @cython.locals(c=Compiled, k=cython.int, sides=cython.int, least=cython.int, value=cython.int,
                   share=cython.int, child=State, out=list)
    cpdef list outcomes(self, State st, int action)


cpdef convert(State st, int p, int k, int value)
