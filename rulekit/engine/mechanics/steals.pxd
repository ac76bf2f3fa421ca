# C types for steals.py (game.pxd's header says how these files are read): the moment it overrides, and the steal
# itself with the state typed, so that it reads its C rows (purses, pools) directly.
import cython
from rulekit.engine.coins cimport Coinage
from rulekit.engine.game cimport State, Compiled, Mechanism

cdef long long BIT
cdef int IB
cdef long long IM


cdef class Steals(Mechanism):
    cpdef building(self, State st, int p, int s)


@cython.locals(c=Compiled, v=cython.int, q=cython.int, best=cython.int, h=cython.int, taken=cython.int,
               amount=cython.int, base=cython.int, cg=Coinage, t=cython.longlong)
cpdef steal(State st, int p, int richest, int measure, tuple amounts, int coin)
