"""What game.py reads of Cython where Cython is not installed: the engine runs as pure Python.

game.py asks ``cython.compiled`` in the few places where the compiled core and pure Python hold
the state differently (its rows: C arrays there, lists here); Cython answers True when it compiles
the module, its own pure-Python shadow module False, and this module False when Cython is absent.
"""
compiled = False
