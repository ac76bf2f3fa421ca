# C types for policy.py, read by Cython when it compiles policy.py with the
# engine (setup.py); policy.py stays the only source and runs unchanged as
# pure Python. The functions take the compiled engine's State: rulekit.bots
# imports the .py source instead when the engine runs as pure Python.
import cython
from rulekit.engine.game cimport Compiled, State

# A set's lowest member, as the processor's instruction (policy.py defines it for Python).
cdef extern from *:
    int _ctz "__builtin_ctzll" (unsigned long long x) nogil

cpdef bint _past(deadline) except -1

cpdef double action_value(State state, int a, int p, tuple weights=*) except? -1

@cython.locals(child=State)
cpdef double _value_on(State state, int a, int p, tuple weights, State scratch) except? -1

cpdef int greedy_action(State state, list legal, tuple weights=*) except -1

@cython.locals(p=cython.int, best=cython.int, a=cython.int, i=cython.int, v=cython.double, best_v=cython.double)
cpdef int _greedy_on(State state, list legal, tuple weights, State scratch) except -1

@cython.locals(p=cython.int, scratch=State)
cpdef list action_values(State state, list legal, tuple weights=*)

@cython.locals(lt=cython.double, j=cython.int, k=cython.int, best_u=cython.double, u=cython.double)
cpdef int ucb_pick(list n, list w, double exploration, int done) except -1

@cython.locals(steps=cython.int, legal=list, scratch=State)
cpdef int play_greedy(State st, int until_turn=*, int max_steps=*, deadline=*, tuple weights=*) except -1

@cython.locals(played=cython.int, i=cython.Py_ssize_t, a=cython.int)
cpdef int play_plan(State st, tuple plan) except -1

@cython.final
cdef class Tables:
    # Per structure (the engine's MAX_ITEMS, which a test keeps equal): its income and conversion terms.
    cdef int income[64]
    cdef int convs[64]
    cdef public long long extra
    cdef double w[8]                  # the terms of the weights w_of (WEIGHTS' length)
    cdef public object w_of

    @cython.locals(i=cython.int)
    cpdef _set_weights(self, tuple weights)

    @cython.locals(s=cython.int, w=cython.int)
    cpdef _fill_rows(self, Compiled c)

@cython.locals(t=Tables)
cpdef Tables tables(Compiled c)

@cython.locals(c=Compiled, others=tuple, best=cython.int, s=cython.int, i=cython.int, v=cython.double, terminal=cython.bint, n=cython.int, r=cython.int,
               w_vp=cython.double, w_coin=cython.double, w_pool=cython.double, w_income=cython.double,
               w_conv=cython.double, w_worker=cython.double, w_debt=cython.double, w_win=cython.double,
               t=Tables, incomes=cython.int, convs=cython.int, extra=cython.int, ws=cython.longlong, kinds=cython.longlong,
               owned=cython.longlong, sailor=cython.int, w=cython.int, k=cython.int)
cpdef double evaluate(State state, int p, tuple weights=*) except? -1

@cython.locals(others=tuple, best=cython.double, x=cython.double, i=cython.int)
cpdef double advantage(State state, int p, tuple weights=*) except? -1

# The search's walk over a turn's plans (mcts.py's candidates): typed, so that its loop runs in C between the
# engine's calls.
@cython.locals(kinds=tuple, exchange=cython.int, turn=cython.int, seen=set, out=list, stack=list, visited=cython.int,
               p=cython.int, ch=State, s=State, a=cython.int, claimed=cython.int, acts=tuple, seq=tuple, rest=tuple)
cpdef list turn_plans(State state, int limit=*, deadline=*)
