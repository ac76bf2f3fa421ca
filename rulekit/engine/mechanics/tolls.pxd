# C types for tolls.py (game.pxd's header says how these files are read): the moments it overrides, and the
# tolls themselves with the state typed, so that they read its C rows (workers, purses, pools) directly.
import cython
from libc.stdint cimport int64_t
from rulekit.engine.coins cimport Coinage
from rulekit.engine.game cimport State, Compiled, Mechanism

cdef long long BIT
cdef int IB
cdef long long IM


cdef class Tolls(Mechanism):
    cdef public tuple at                  # per space: 1 where a toll is paid (toll_mask)
    @cython.locals(c=Compiled, i=cython.int, j=cython.int, a=cython.int, dest=cython.int, known=cython.longlong,
                   payable=cython.longlong, ok=cython.bint)
    cdef int legal_moves(self, State st, int p, int* buf, int n) except -1
    cpdef moving(self, State st, int p, int w, int dest)
    @cython.locals(c=Compiled, dest=cython.int, sp=cython.int)
    cpdef bint toll_ok(self, State st, int p, int a) except -1


@cython.locals(owner=cython.int, q=cython.int)
cpdef int kind_owner(State st, int k) except? -2    # -1 is an answer (none)
@cython.locals(c=Compiled, owners=cython.longlong, w=cython.int, q=cython.int, k=cython.int)
cpdef int64_t toll_owners(State st, int p, int dest, int skip) except? -1
@cython.locals(c=Compiled, q=cython.int, coin=cython.int, base=cython.int, r=cython.int, cg=Coinage,
               purse=cython.int, supply=cython.int, t=cython.longlong, owners=cython.longlong, k=cython.int,
               x=cython.longlong)
cpdef bint tolls(State st, int p, int dest, int skip, bint pay) except -1
