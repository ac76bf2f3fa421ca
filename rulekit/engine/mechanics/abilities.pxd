# C types for abilities.py (game.pxd's header says how these files are read): the moments it overrides, with the
# state typed so that they read its C rows (owned structures, purses, pools) directly.
import cython
from rulekit.engine.game cimport State, Compiled, Mechanism
from rulekit.engine.mechanics.steals cimport richest_of, take

cdef int NEXT, RICHEST, CHOSEN, EACH_OTHER
cdef long long BIT


cdef class Abilities(Mechanism):
    cdef public int phases
    @cython.locals(c=Compiled, p=cython.int, seats=cython.int, a=cython.int, q=cython.int, coin=cython.int,
                   owned=cython.longlong, req=cython.longlong)
    cdef int legal_into(self, State st, int* buf, int n, int phase) except -1
    @cython.locals(c=Compiled, a=cython.int, frm=cython.int, coin=cython.int, q=cython.int, pool=tuple)
    cpdef bint apply(self, State st, int p, int kind, int arg, int arg2) except -1
