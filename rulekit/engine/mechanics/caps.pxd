# C types for caps.py (game.pxd's header says how these files are read): the moments it overrides, typed as
# game.Mechanism declares them, so that the core calls them in C.
import cython
from rulekit.engine.game cimport State, Compiled, Mechanism


cdef class Caps(Mechanism):
    cpdef turn_end(self, State st)
    cpdef game_over(self, State st)
