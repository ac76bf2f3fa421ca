# C types for coins.py, read by Cython when it compiles coins.py (setup.py);
# coins.py stays the only source and runs unchanged as pure Python.
import cython

@cython.final
cdef class Coinage:
    cdef dict __dict__
    cdef public tuple values, totals
    cdef public int n, total_value
    cdef public dict _by_value, _transfers, _exchanges

    @cython.locals(key=tuple)
    cpdef object transfer(self, a, b, c, int amount)

    @cython.locals(key=tuple)
    cpdef object exchange(self, purse, supply, int denom, up)

    @cython.locals(i=cython.int, t=cython.int)
    cpdef int value(self, counts)
