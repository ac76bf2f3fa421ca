# C types for coins.py, read by Cython when it compiles coins.py (setup.py);
# coins.py stays the only source and runs unchanged as pure Python.
import cython

@cython.final
cdef class Coinage:
    cdef dict __dict__
    cdef public tuple values, totals
    cdef public int n, total_value
    cdef public dict _by_value
    cdef public object transfer, exchange

    @cython.locals(i=cython.int, t=cython.int)
    cpdef int value(self, counts)
