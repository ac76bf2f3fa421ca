"""Physical coins and the change-making policy.

Coins are physical: the supply and each purse hold coins of the declared
denominations, and no coin is ever created or lost. Holdings are tuples of
counts, one per denomination, smallest denomination first.

Every movement of value goes through :meth:`Coinage.transfer`: *amount* of
value moves from party A to party B, and a third party C (the opponent when a
player pays or earns, so that "your opponent must make change") may swap
coins with them at equal value. Among all the ways to do it, the policy picks
the first by these keys, so the result is always the same for the same
holdings (docs/coins.md):

1. touch the third party's coins as little as possible (only when A and B
   alone cannot do it);
2. give A back as few coins as possible (pay exactly when you can);
3. move as few coins as possible in all;
4. between ways that move as many coins, let A keep its larger coins.

>>> c = Coinage((1, 5, 10), (10, 3, 1))
>>> supply, purse, other = (10, 3, 1), (0, 0, 0), (0, 0, 0)
>>> c.transfer(supply, purse, other, 2)      # earn 2 from the supply
((8, 3, 1), (2, 0, 0), (0, 0, 0))
>>> c.transfer((0, 1, 0), (10, 2, 1), (0, 0, 0), 3)   # pay 3 with a 5: the supply gives 2 back
((2, 0, 0), (8, 3, 1), (0, 0, 0))
"""
from __future__ import annotations

from collections import defaultdict
from itertools import product

Holding = tuple

#: Answers a Coinage keeps before it starts over (each is a few small tuples).
CACHE_SIZE = 1 << 16


class Coinage:
    """The coins of one ruleset: denomination values and how many of each exist."""

    def __init__(self, values, totals):
        self.values = tuple(values)
        self.totals = tuple(totals)
        self.n = len(self.values)
        self.total_value = sum(v * t for v, t in zip(self.values, self.totals))
        by_value = defaultdict(list)
        for counts in product(*(range(t + 1) for t in self.totals)):
            by_value[self.value(counts)].append(counts)
        self._by_value = {k: tuple(v) for k, v in by_value.items()}
        # Answers cached per instance: transfers repeat a lot within and across games.
        self._transfers = {}
        self._exchanges = {}

    def value(self, counts) -> int:
        t = 0
        for i in range(self.n):
            t += self.values[i] * counts[i]
        return t

    def transfer(self, a: Holding, b: Holding, c: Holding, amount: int):
        """:meth:`_transfer`, cached (a plain dict: a hit is one look-up; emptied when it grows past 65,536)."""
        key = (a, b, c, amount)
        try:
            return self._transfers[key]
        except KeyError:
            pass
        if len(self._transfers) >= CACHE_SIZE:
            self._transfers.clear()
        r = self._transfers[key] = self._transfer(a, b, c, amount)
        return r

    def exchange(self, purse: Holding, supply: Holding, denom: int, up: bool):
        """:meth:`_exchange`, cached like :meth:`transfer`."""
        key = (purse, supply, denom, up)
        try:
            return self._exchanges[key]
        except KeyError:
            pass
        if len(self._exchanges) >= CACHE_SIZE:
            self._exchanges.clear()
        r = self._exchanges[key] = self._exchange(purse, supply, denom, up)
        return r

    def representations(self, value: int):
        """All holdings (within the coins that exist) worth exactly ``value``."""
        return self._by_value.get(value, ())

    def _transfer(self, a: Holding, b: Holding, c: Holding, amount: int):
        """Move ``amount`` of value from ``a`` to ``b``; ``c`` may make change.

        Returns the new ``(a, b, c)`` or ``None`` when no arrangement of the
        existing coins allows it.
        """
        if amount == 0:
            return a, b, c
        n = self.n
        va = self.value(a) - amount
        if va < 0:
            return None
        vb = self.value(b) + amount
        # Key 1 first: when A and B alone can do it (C untouched), only A's new
        # holding is free (B gets the rest of A's and B's coins): one loop, not two.
        ab = tuple(a[i] + b[i] for i in range(n))
        best = None
        best_key = None
        for a2 in self._by_value.get(va, ()):
            if any(a2[i] > ab[i] for i in range(n)):
                continue
            a_gets = sum(max(0, a2[i] - a[i]) for i in range(n))
            moved = sum(abs(a2[i] - a[i]) + abs(ab[i] - a2[i] - b[i]) for i in range(n))
            key = (0, a_gets, moved, tuple(-x for x in reversed(a2)))
            if best_key is None or key < best_key:
                best_key = key
                best = (a2, tuple(ab[i] - a2[i] for i in range(n)), c)
        if best is not None:
            return best
        pool = tuple(a[i] + b[i] + c[i] for i in range(n))
        for a2 in self._by_value.get(va, ()):
            if any(a2[i] > pool[i] for i in range(n)):
                continue
            for b2 in self._by_value.get(vb, ()):
                c2 = tuple(pool[i] - a2[i] - b2[i] for i in range(n))
                if min(c2) < 0:
                    continue
                c_moved = sum(abs(c2[i] - c[i]) for i in range(n))
                a_gets = sum(max(0, a2[i] - a[i]) for i in range(n))
                moved = c_moved + sum(abs(a2[i] - a[i]) + abs(b2[i] - b[i]) for i in range(n))
                key = (c_moved, a_gets, moved, tuple(-x for x in reversed(a2)))
                if best_key is None or key < best_key:
                    best_key = key
                    best = (a2, b2, c2)
        return best

    def _exchange(self, purse: Holding, supply: Holding, denom: int, up: bool):
        """Swap coins with the supply at equal value so the purse gains (``up``)
        or loses one coin of denomination index ``denom``; other coins of that
        size or larger stay as they are. Returns ``(purse, supply)`` or None.
        """
        n = self.n
        want = purse[denom] + (1 if up else -1)
        if want < 0:
            return None
        pool = tuple(purse[i] + supply[i] for i in range(n))
        best = None
        best_key = None
        for p2 in self._by_value.get(self.value(purse), ()):
            if p2[denom] != want:
                continue
            if any(p2[i] != purse[i] for i in range(denom + 1, n)):
                continue
            s2 = tuple(pool[i] - p2[i] for i in range(n))
            if min(s2) < 0:
                continue
            key = (sum(abs(p2[i] - purse[i]) for i in range(n)), tuple(-x for x in reversed(p2)))
            if best_key is None or key < best_key:
                best_key, best = key, (p2, s2)
        return best
