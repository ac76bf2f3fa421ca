# C types for borrowing.py (game.pxd's header says how these files are read): the moments it overrides and the
# borrows' listing, with the state typed so that they read its C rows (the structures owned) directly.
import cython
from rulekit.engine.game cimport State, Compiled, Mechanism

# A set's lowest member: the processor's instruction (as game.pxd's _ctz).
cdef extern from *:
    int _lowest "__builtin_ctzll" (unsigned long long x) nogil

cdef long long BIT
cdef int KIND_BORROW, KIND_REPAY


cdef class Borrowing(Mechanism):
    @cython.locals(c=Compiled, p=cython.int, theirs=cython.longlong, m=cython.longlong, candidates=cython.longlong)
    cdef int legal_into(self, State st, int* buf, int n, int phase) except -1
    @cython.locals(c=Compiled)
    cpdef bint apply(self, State st, int p, int kind, int arg, int arg2) except -1
    cpdef lent_end(self, State st)
