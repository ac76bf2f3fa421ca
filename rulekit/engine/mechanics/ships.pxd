# C types for ships.py (game.pxd's header says how these files are read): the moments it overrides, and the cast,
# the benefit and the hiring with the state typed, so that they read its C rows (workers, pools) directly.
import cython
from rulekit.engine.game cimport State, Compiled, Mechanism

cdef long long BIT

cdef extern from *:
    int _ctz "__builtin_ctzll" (unsigned long long x) nogil


cdef class Ships(Mechanism):
    cpdef holder_turn(self, State st)
    cpdef income(self, State st, int p)
    @cython.locals(p=cython.int)
    cdef int legal_into(self, State st, int* buf, int n, int phase) except -1
    cpdef bint apply(self, State st, int p, int kind, int arg, int arg2) except -1
    cpdef built(self, State st, int p, int s)
    cpdef turn_closing(self, State st)


cdef lay_cap(Compiled c, int cap)
cpdef cast(State st)
@cython.locals(c=Compiled, white=cython.int)
cdef inline cast_tokens(State st)
@cython.locals(c=Compiled, o=cython.int)
cdef inline apply_benefit(State st, int p)          # inline: a C function gcc folds into its one caller
@cython.locals(c=Compiled, on=cython.int, m=cython.longlong)
cdef inline bint can_hire(State st, int p, int value) except -1
@cython.locals(c=Compiled, w=cython.int, m=cython.longlong)
cpdef int free_sailor(State st, int p) except? -2    # -1 is an answer (none)
@cython.locals(c=Compiled, w=cython.int)
cpdef hire(State st, int p)
