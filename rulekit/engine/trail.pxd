# C types for trail.py, read by Cython when it compiles trail.py (setup.py);
# trail.py stays the only source and runs unchanged as pure Python.
import cython

@cython.final
cdef class Trail:
    cdef object _chain, _cache
    cdef Py_ssize_t _n_chain
    cdef list _own
    cdef bint _muted

    cpdef append(self, item)
    cpdef extend(self, list items)
    cpdef _freeze(self)

    @cython.locals(t=Trail)
    cpdef Trail fork(self)

    cpdef take(self, Trail other)
