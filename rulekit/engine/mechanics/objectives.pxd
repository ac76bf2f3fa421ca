# C types for objectives.py (game.pxd's header says how these files are read): the moments it overrides.
import cython
from rulekit.engine.game cimport State, Compiled, Mechanism


cdef class Objectives(Mechanism):
    cpdef setup(self, State st)
    @cython.locals(c=Compiled, p=cython.int, o=cython.int, k=cython.int, met=tuple)
    cpdef check(self, State st, bint end_of_turn)
    @cython.locals(c=Compiled, p=cython.int)
    cpdef game_over(self, State st)
    @cython.locals(c=Compiled, total=cython.int)
    cpdef int score(self, State st, int p) except? -1
    cpdef dict view(self, State st, int player)
    cpdef determinize(self, State st, State source, int observer)
