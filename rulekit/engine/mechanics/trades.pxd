# C types for trades.py (game.pxd's header says how these files are read): the moments it overrides, and the
# functions they call, with the state typed so that they read its C rows (purses, pools) directly.
import cython
from libc.stdint cimport int64_t
from rulekit.engine.coins cimport Coinage
from rulekit.engine.game cimport State, Compiled, Mechanism

cdef int IB
cdef long long IM


cdef class Trades(Mechanism):
    @cython.locals(c=Compiled, p=cython.int, seats=cython.int, o=cython.int, q=cython.int)
    cdef int legal_into(self, State st, int* buf, int n, int phase) except -1
    cpdef bint apply(self, State st, int p, int kind, int arg, int arg2) except -1


@cython.locals(c=Compiled, coin=cython.int)
cpdef bint trade_ok(State st, int p, int q, int o) except -1
@cython.locals(c=Compiled, cg=Coinage, a=cython.int, b=cython.int, supply=cython.int, t=cython.longlong)
cpdef bint trade_coins(State st, int p, int q, int o, bint pay) except -1
@cython.locals(c=Compiled, n=cython.int, r=cython.int, x=cython.int, give=tuple, get=tuple)
cpdef answer(State st, int q, int o, int accept)
