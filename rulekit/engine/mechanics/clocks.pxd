# C types for clocks.py (game.pxd's header says how these files are read): the moment it overrides, typed as
# game.Mechanism declares it, so that the core calls it in C.
import cython
from rulekit.engine.game cimport State, Compiled, Mechanism


cdef class Clocks(Mechanism):
    @cython.locals(c=Compiled)
    cpdef turn_end(self, State st)
