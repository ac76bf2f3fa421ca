# C types for caps.py (game.pxd's header says how these files are read): the moments it overrides, typed as
# game.Mechanism declares them, so that the core calls them in C.
import cython
from rulekit.engine.coins cimport Coinage
from rulekit.engine.game cimport State, Compiled, Mechanism

cdef int IB
cdef long long IM


cdef class Caps(Mechanism):
    cpdef turn_end(self, State st)
    cpdef game_over(self, State st)


# The ways and the give-back with the state typed, so that they read its C rows (purses, supply) directly.
@cython.locals(c=Compiled, cg=Coinage, purse=cython.int, held=cython.int, amount=cython.int, g=cython.int,
               r=cython.longlong, kept=cython.int, q=cython.int, d=cython.int, found=dict, subsets=list)
cpdef list ways(State st, int p)
cpdef give(State st, int p, tuple way)
@cython.locals(c=Compiled, cg=Coinage, held=cython.int, amount=cython.int, q=cython.int, r=cython.longlong)
cpdef auto_give_back(State st, int p)
