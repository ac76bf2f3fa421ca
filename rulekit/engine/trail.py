"""An append-only sequence whose clones share what was written before them.

A game's history (actions played) and event log only ever grow, and search
bots clone a state thousands of times a second. A :class:`Trail` makes that
clone cost nothing per entry already written: :meth:`fork` freezes the
entries written since the last fork into a shared, immutable chunk, and both
the original and the fork go on appending to lists of their own. Reading
(``len``, indexing, slicing, iteration, ``==`` with a list) sees the whole
sequence, as a list would.

>>> t = Trail()
>>> t.append(1); t.append(2)
>>> u = t.fork()
>>> u.append(3); t.append(9)
>>> list(t), list(u), len(u), u[-1], u[1:]
([1, 2, 9], [1, 2, 3], 3, 3, [2, 3])
>>> u == [1, 2, 3]
True
>>> u.extend([4, 5]); list(u), list(t)
([1, 2, 3, 4, 5], [1, 2, 9])

A *muted* trail (``Trail(muted=True)``) keeps nothing: appending to it and :meth:`take` do nothing, and it
reads as empty; its forks are muted too. Search bots mute the states they play on and throw away
(``State.mute``): nothing in the rules reads a history or a log, so the game plays the same.

>>> m = Trail(muted=True)
>>> m.append(1); m.fork().append(2)
>>> list(m), len(m), bool(m)
([], 0, False)
"""
from __future__ import annotations


class Trail:
    """Append-only; ``fork()`` is O(entries since the last fork), never O(all entries)."""

    __slots__ = ("_chain", "_n_chain", "_own", "_cache", "_muted")

    def __init__(self, items=(), muted: bool = False):
        self._chain = None          # None, or (earlier chain, tuple of entries): shared, never mutated
        self._n_chain = 0
        self._muted = muted         # keeps nothing (see the module's text)
        self._own = [] if muted else list(items)     # entries written since the last fork
        self._cache = None          # the whole sequence as a tuple, while nothing was appended

    def append(self, item) -> None:
        if self._muted:
            return
        self._own.append(item)
        self._cache = None

    def extend(self, items: list) -> None:
        """Append each of ``items``, in order."""
        if self._muted:
            return
        self._own.extend(items)
        self._cache = None

    def _freeze(self) -> None:
        """Move the entries written since the last fork into the shared chain."""
        if self._own:
            self._chain = (self._chain, tuple(self._own))
            self._n_chain += len(self._own)
            self._own = []

    def fork(self) -> "Trail":
        """A trail with the same entries, sharing them with this one."""
        self._freeze()
        t = Trail.__new__(Trail)
        t._chain = self._chain
        t._n_chain = self._n_chain
        t._own = []
        t._cache = self._cache
        t._muted = self._muted
        return t

    def take(self, other: "Trail") -> None:
        """Make this trail hold ``other``'s entries (shared, as :meth:`fork` shares them), dropping its own:
        :meth:`fork` without a new trail, for a state the caller reuses (``State.copy_into``). A muted trail
        takes nothing."""
        if self._muted:
            return
        other._freeze()
        self._chain = other._chain
        self._n_chain = other._n_chain
        if self._own:
            del self._own[:]         # this trail's own list: never shared (fork and _freeze give new ones)
        self._cache = other._cache

    def _all(self) -> tuple:
        if self._cache is None:
            chunks = []
            link = self._chain
            while link is not None:
                link, chunk = link
                chunks.append(chunk)
            out = []
            for chunk in reversed(chunks):
                out.extend(chunk)
            out.extend(self._own)
            self._cache = tuple(out)
        return self._cache

    def __len__(self) -> int:
        return self._n_chain + len(self._own)

    def __bool__(self) -> bool:
        return self._n_chain > 0 or bool(self._own)

    def __iter__(self):
        return iter(self._all())

    def __getitem__(self, i):
        if isinstance(i, slice):
            return list(self._all()[i])
        if i < 0:
            i += len(self)
        if i >= self._n_chain and i < len(self):
            return self._own[i - self._n_chain]
        return self._all()[i]

    def __eq__(self, other):
        if isinstance(other, Trail):
            return self._all() == other._all()
        if isinstance(other, (list, tuple)):
            return list(self._all()) == list(other)
        return NotImplemented

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = None

    def __repr__(self) -> str:
        return repr(list(self._all()))
