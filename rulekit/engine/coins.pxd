# C types for coins.py, read by Cython when it compiles coins.py (setup.py);
# coins.py stays the only source and runs unchanged as pure Python.
import cython
from libc.stdint cimport int64_t

# The slot tables' size (coins.py), a C integer: a key's slot is computed in C.
cdef int SLOTS, PSLOTS, MAX_DENOMS, EXACT_ENTRIES
cdef long long _IB                # INDEX_BITS: a shift by it is made in 64 bits

@cython.final
cdef class Coinage:
    cdef dict __dict__
    cdef public tuple values, totals
    cdef public int n, total_value
    cdef public dict _by_value, _transfers, _exchanges
    cdef public tuple _radix
    cdef public long long _holdings
    # Holdings by index: their values, their counts (index * n + denomination), the packed answers' caches.
    cdef public bint indexed, _packed_keys, _exact
    cdef public tuple holding
    cdef public long long[::1] _hvalue, _hcount, _pslots, _eslots, _vitems, _vstart, _place, _hcover, _hup, _hexact
    cdef public dict _epacked

    cpdef int64_t value_at(self, int i) except -1
    cpdef int64_t count_at(self, int i, int d) except -1
    @cython.locals(k=cython.longlong, slot=cython.int, r=cython.longlong, e=cython.longlong, x=cython.longlong)
    cpdef int64_t transfer_at(self, int ia, int ib, int ic, int amount) except? -1
    cpdef int64_t _pack3(self, r) except? -1
    @cython.locals(n=cython.int, va=cython.longlong, vb=cython.longlong, i=cython.int, j=cython.longlong,
                   jb=cython.longlong, x=cython.longlong, xb=cython.longlong, y=cython.longlong, d=cython.longlong,
                   e=cython.longlong, a_gets=cython.longlong, moved=cython.longlong, c_moved=cython.longlong,
                   best=cython.longlong, best_b=cython.longlong, best_c=cython.longlong, best_gets=cython.longlong,
                   best_moved=cython.longlong, fits=cython.bint, b2=cython.longlong, c2=cython.longlong,
                   cnt="long long[::1]", vstart="long long[::1]", items="long long[::1]",
                   w=cython.p_longlong, work=cython.longlong[32])
    cpdef int64_t _transfer_at(self, int ia, int ib, int ic, int amount) except? -2
    @cython.locals(n=cython.int, i=cython.int)
    cpdef bint _better_at(self, long long c_moved, long long a_gets, long long moved, long long x,
                          long long best_c, long long best_gets, long long best_moved, long long best) except -1
    @cython.locals(k=cython.longlong, slot=cython.int, r=cython.longlong)
    cpdef int64_t exchange_at(self, int ip, int isup, int denom, bint up) except? -1

    @cython.locals(k=cython.longlong, x=cython.longlong, r=cython.longlong, i=cython.int)
    cpdef int64_t _index(self, tuple h) except? -1

    cpdef object transfer(self, a, b, c, int amount)
    cpdef object exchange(self, purse, supply, int denom, up)

    @cython.locals(i=cython.int, t=cython.int, v=cython.int, x=cython.int)
    cpdef int value(self, counts) except? -1
    @cython.locals(sums=object, i=cython.int)
    cpdef int64_t _cover(self, tuple h) except? -1

    cpdef bint _better(self, long long c_moved, long long a_gets, long long moved, a2,
                       long long best_c, long long best_gets, long long best_moved, best_a2) except -1

    @cython.locals(n=cython.int, va=cython.longlong, vb=cython.longlong, i=cython.int, x=cython.longlong,
                   d=cython.longlong, e=cython.longlong, y=cython.longlong, a_gets=cython.longlong,
                   moved=cython.longlong, c_moved=cython.longlong, best_c=cython.longlong,
                   best_gets=cython.longlong, best_moved=cython.longlong, fits=cython.bint, ab=tuple, pool=tuple)
    cpdef object _transfer(self, a, b, c, int amount)

    @cython.locals(n=cython.int, want=cython.longlong, i=cython.int, d=cython.longlong, moved=cython.longlong,
                   best_moved=cython.longlong, fits=cython.bint)
    cpdef object _exchange(self, purse, supply, int denom, up)
