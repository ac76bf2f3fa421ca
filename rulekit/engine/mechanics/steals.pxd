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


@cython.locals(c=Compiled, v=cython.int)
cpdef steal(State st, int p, int richest, int measure, tuple amounts, int coin)
@cython.locals(v=cython.int, q=cython.int, best=cython.int, h=cython.int)
cpdef int richest_of(State st, tuple others, int measure) except -1
@cython.locals(c=Compiled, taken=cython.int, amount=cython.int, base=cython.int, cg=Coinage, t=cython.longlong)
cpdef take(State st, int p, int v, tuple amounts, int coin)
