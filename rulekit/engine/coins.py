# cython: boundscheck=False, wraparound=False
# (Read by Cython alone: the compiled core indexes lists and tuples without checking the bounds. Its
# indexes come from the counts of the coins and are never negative; run as pure Python, where an index out of
# range raises, this file plays the same games action by action: tests/test_engine_differential.py.)
"""Physical coins and the change-making policy.

Coins are physical: the supply and each purse hold coins of the declared
denominations, and no coin is ever created or lost. Holdings are tuples of
counts, one per denomination, smallest denomination first.

Every movement of value goes through :meth:`Coinage.transfer`: *amount* of
value moves from party A to party B, and a third party C (another player when a
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

from array import array
from collections import defaultdict
from itertools import product

try:
    import cython                 # compiled: cython.compiled is True; Cython's pure-Python shadow: False
except ImportError:               # pure Python without Cython installed
    from . import nocython as cython

Holding = tuple

#: Answers a Coinage keeps before it starts over (each is a few small tuples).
CACHE_SIZE = 1 << 16

#: Slots of the table in front of exchange_at's cache (a prime: a key's slot is the key modulo it). A slot keeps
#: the last key that landed there and its answer; a key not found there is looked up in the cache.
SLOTS = 16381
#: Slots of transfer_at's table (a prime): its keys (three purses and an amount) are many more than an exchange's.
PSLOTS = 131071
#: The most entries of transfer_at's table of exact payments (Coinage._hexact: one per holding and amount); coins
#: held in more ways than that go without it.
EXACT_ENTRIES = 1 << 18

#: A holding's index (below ``Coinage._holdings``) takes 14 bits in the packed answers of
#: :meth:`Coinage.transfer_at` and :meth:`Coinage.exchange_at`: a ruleset's coins allow at most
#: rulekit.language.soundness.MAX_HOLDINGS (10,000) holdings, below 2 ** 14 (a test keeps them so).
INDEX_BITS = 14
INDEX_MASK = (1 << INDEX_BITS) - 1
#: INDEX_BITS again, a C integer in the compiled core (coins.pxd): the answers are packed in C.
_IB = INDEX_BITS

#: The most kinds of coins :meth:`Coinage._transfer_at` searches in C (more: :meth:`Coinage._transfer`, tuples).
MAX_DENOMS = 16


def shared(values, totals) -> "Coinage":
    """The one Coinage of these coins in this process: its answers depend on the coins alone, so every ruleset
    (and number of players) with the same coins shares its tables and caches, which are large (a few MB)."""
    key = (tuple(values), tuple(totals))
    coinage = _SHARED.get(key)
    if coinage is None:
        coinage = _SHARED[key] = Coinage(*key)
    return coinage


_SHARED = {}


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
        self._radix = tuple(t + 1 for t in self.totals)
        holdings = 1
        for r in self._radix:
            holdings *= r
        self._holdings = holdings
        self._transfers = {}          # transfer()'s and exchange()'s, keyed by the holdings
        self._exchanges = {}
        # Holdings by index (the engine's purses and supply are indexes: docs/engine.md, "Coins as indexes"):
        # the counts of each, its value, and each count in a flat table (index * n + denomination), so that the
        # compiled core reads a count or a value as one C array read.
        self.indexed = holdings <= 1 << INDEX_BITS
        self.holding = tuple(product(*(range(r) for r in self._radix))) if self.indexed else ()
        self._hvalue = array("q", [self.value(h) for h in self.holding])
        self._hcount = array("q", [x for h in self.holding for x in h])
        # transfer_at's and exchange_at's answers, packed integers (-1: none): keyed by an integer (the indexes and
        # the amount as the digits of a number), a slot table of C integers for both keys and answers (a hit makes
        # no Python object) in front of a dict. A slot's key and answer are side by side (2 * slot, 2 * slot + 1):
        # the table is larger than the processor's caches, and a hit then reads one cache line, not two.
        # The holdings of each value, by index (the order of _by_value's): _vitems[_vstart[v]:_vstart[v + 1]], and
        # each denomination's place in an index (_place[i]: the product of the radixes after it), for _transfer_at.
        values = [self.value(h) for h in self.holding]
        order = sorted(range(len(values)), key=lambda i: (values[i], i))
        starts = [0] * (self.total_value + 2)
        for i in order:
            starts[values[i] + 1] += 1
        for v in range(self.total_value + 1):
            starts[v + 1] += starts[v]
        place = [1] * self.n
        for i in range(self.n - 2, -1, -1):
            place[i] = place[i + 1] * self._radix[i + 1]
        self._vitems, self._vstart, self._place = array("q", order), array("q", starts), array("q", place)
        # Per holding, the most it can pay exactly with no change, every smaller amount too (_cover): a payment
        # of no more than that needs no one else's coins, so the engine knows it can be made without asking
        # transfer_at (its policy's first key: the payer and the payee alone, paying exactly when they can).
        self._hcover = array("q", [self._cover(h) for h in self.holding])
        # Per holding and denomination (index * n + d): 1 where its coins smaller than d are worth one coin of d at
        # least. Else no exchange can give it one more coin of d (the larger stay, the value stays): exchange_at
        # answers at once.
        self._hup = array("q", [0]) * (len(self.holding) * self.n)
        for i, h in enumerate(self.holding):
            low = 0                               # the value of h's coins smaller than denomination d
            for d in range(self.n):
                if low >= self.values[d]:
                    self._hup[i * self.n + d] = 1
                low += self.values[d] * h[d]
        self._pslots = array("q", [-1, 0]) * PSLOTS
        self._eslots = array("q", [-1, 0]) * SLOTS
        self._epacked = {}
        self._packed_keys = holdings ** 3 * (self.total_value + 1) < (1 << 62)
        # Exact payments, per holding A and amount (index * (total_value + 1) + amount): A's holding after paying it
        # with its own coins and no change, -1 where it cannot, -2 until asked. Such a payment is the policy's
        # answer whoever is paid (key 2, paying exactly, comes before all the rest but key 1, and ranks the
        # ways by A's coins alone), and the same table serves every payee and change maker: a small table
        # the processor's caches keep, in front of the large one (transfer_at).
        self._exact = self.indexed and self._packed_keys and holdings * (self.total_value + 1) <= EXACT_ENTRIES
        self._hexact = array("q", [-2]) * (holdings * (self.total_value + 1) if self._exact else 0)

    def _cover(self, h: Holding) -> int:
        """The largest ``a`` such that holding ``h`` pays each of 0 to ``a`` exactly (a set of its coins worth it)."""
        sums = 1                                  # bit v set: some of h's coins are worth v
        for i in range(self.n):
            for _ in range(h[i]):
                sums |= sums << self.values[i]
        return ((sums + 1) & ~sums).bit_length() - 2     # the lowest value not paid exactly, less 1

    def value(self, counts) -> int:
        t = 0
        for i in range(self.n):
            v = self.values[i]
            x = counts[i]
            t += v * x
        return t

    def _index(self, h: Holding) -> int:
        """``h`` as a number below ``_holdings`` (its counts as digits), or -1 outside the box's coins."""
        k = 0
        for i in range(self.n):
            x = h[i]
            r = self._radix[i]
            if x < 0 or x >= r:
                return -1
            k = k * r + x
        return k

    def transfer(self, a: Holding, b: Holding, c: Holding, amount: int):
        """:meth:`_transfer`, cached (a plain dict keyed by the holdings: a hit is one look-up; emptied when it grows
        past 65,536). The engine asks :meth:`transfer_at`, the same answers for holdings' indexes."""
        key = (a, b, c, amount)
        r = self._transfers.get(key, self)
        if r is self:
            if len(self._transfers) >= CACHE_SIZE:
                self._transfers.clear()
            r = self._transfers[key] = self._transfer(a, b, c, amount)
        return r

    def exchange(self, purse: Holding, supply: Holding, denom: int, up: bool):
        """:meth:`_exchange`, cached like :meth:`transfer` (the engine asks :meth:`exchange_at`)."""
        key = (purse, supply, denom, up)
        r = self._exchanges.get(key, self)
        if r is self:
            if len(self._exchanges) >= CACHE_SIZE:
                self._exchanges.clear()
            r = self._exchanges[key] = self._exchange(purse, supply, denom, up)
        return r

    # ------------------------------------------------------------------ holdings by index
    def index(self, h: Holding) -> int:
        """The index of holding ``h`` (its counts as the digits of a number, the first denomination's the
        highest); ValueError for a holding outside the coins in the box."""
        k = self._index(tuple(h)) if self.indexed and len(h) == self.n else -1
        if k < 0:
            raise ValueError(f"no holding {tuple(h)} among these coins (at most {self.totals} of each)")
        return k

    def value_at(self, i: int) -> int:
        """The value of the holding of index ``i``."""
        return self._hvalue[i]

    def count_at(self, i: int, d: int) -> int:
        """How many coins of denomination ``d`` the holding of index ``i`` has."""
        return self._hcount[i * self.n + d]

    def transfer_at(self, ia: int, ib: int, ic: int, amount: int) -> int:
        """:meth:`transfer` on holdings given by index; its answer packed as ``a << 28 | b << 14 | c`` (the
        holdings' indexes, :data:`INDEX_BITS` bits each), or -1 where it has none. Cached in a slot table of C
        integers (a key's slot keeps the last key that landed there and its answer; another key is searched
        again: a dict behind the table was found nearly always to miss too). A payment A can make exactly is
        answered before, from ``_hexact`` (A's holding after it, per holding and amount: see __init__)."""
        if self._packed_keys and 0 <= amount <= self.total_value:
            if self._exact:
                e = ia * (self.total_value + 1) + amount
                x = self._hexact[e]
                if x == -2:                       # asked of A alone (the empty holding paid): exact, or nothing
                    x = self._transfer_at(ia, 0, 0, amount)
                    x = x >> _IB >> _IB if x >= 0 else -1
                    self._hexact[e] = x
                if x >= 0:                        # B gets the coins A gives (their indexes: counts by place)
                    return (x << _IB | ib + ia - x) << _IB | ic
            k = ((ia * self._holdings + ib) * self._holdings + ic) * (self.total_value + 1) + amount
            slot = k % PSLOTS
            if self._pslots[2 * slot] == k:
                return self._pslots[2 * slot + 1]
            r = self._transfer_at(ia, ib, ic, amount)
            self._pslots[2 * slot] = k
            self._pslots[2 * slot + 1] = r
            return r
        return self._pack3(self.transfer(self.holding[ia], self.holding[ib], self.holding[ic], amount))

    def _transfer_at(self, ia: int, ib: int, ic: int, amount: int) -> int:
        """:meth:`_transfer` on holdings given by index, its answer packed as :meth:`transfer_at`'s: the same
        search, over the counts of the holdings' table and the holdings of a value by index, so that the
        compiled core makes no Python object (tests/test_coins.py compares both). At most MAX_DENOMS kinds of
        coins (else :meth:`_transfer`)."""
        n = self.n
        if n > MAX_DENOMS:
            return self._pack3(self._transfer(self.holding[ia], self.holding[ib], self.holding[ic], amount))
        if amount == 0:
            x = ia                                # a 64-bit integer, compiled: the packed answer takes 42 bits
            return (x << _IB | ib) << _IB | ic
        va = self._hvalue[ia] - amount
        if va < 0:
            return -1
        vb = self._hvalue[ib] + amount
        cnt = self._hcount
        if cython.compiled:
            w = work
        else:
            w = [0] * (2 * MAX_DENOMS)
        for i in range(n):                        # w: A's and B's coins together, then all three's
            w[i] = cnt[ia * n + i] + cnt[ib * n + i]
            w[MAX_DENOMS + i] = w[i] + cnt[ic * n + i]
        vstart = self._vstart
        items = self._vitems
        # Key 1 first: A and B alone (C untouched): only A's new holding is free.
        best = -1
        best_gets = best_moved = 0
        for j in range(vstart[va], vstart[va + 1]):
            x = items[j]
            a_gets = moved = 0
            fits = True
            for i in range(n):
                y = cnt[x * n + i]
                if y > w[i]:
                    fits = False
                    break
                d = y - cnt[ia * n + i]
                if d > 0:
                    a_gets += d
                    moved += d
                else:
                    moved -= d
                e = w[i] - y - cnt[ib * n + i]
                moved += e if e >= 0 else -e
            if not fits:
                continue
            if best < 0 or self._better_at(0, a_gets, moved, x, 0, best_gets, best_moved, best):
                best, best_gets, best_moved = x, a_gets, moved
        if best >= 0:
            b2 = 0
            for i in range(n):
                b2 += (w[i] - cnt[best * n + i]) * self._place[i]
            return (best << _IB | b2) << _IB | ic
        if vb > self.total_value:                 # no holding has that value
            return -1
        best_b = -1
        best_c = 0
        for j in range(vstart[va], vstart[va + 1]):
            x = items[j]
            fits = True
            for i in range(n):
                if cnt[x * n + i] > w[MAX_DENOMS + i]:
                    fits = False
                    break
            if not fits:
                continue
            for jb in range(vstart[vb], vstart[vb + 1]):
                xb = items[jb]
                c_moved = a_gets = moved = 0
                for i in range(n):
                    y = w[MAX_DENOMS + i] - cnt[x * n + i] - cnt[xb * n + i]
                    if y < 0:
                        fits = False
                        break
                    e = y - cnt[ic * n + i]
                    c_moved += e if e >= 0 else -e
                    d = cnt[x * n + i] - cnt[ia * n + i]
                    if d > 0:
                        a_gets += d
                        moved += d
                    else:
                        moved -= d
                    e = cnt[xb * n + i] - cnt[ib * n + i]
                    moved += e if e >= 0 else -e
                if not fits:
                    fits = True
                    continue
                moved += c_moved
                if best < 0 or self._better_at(c_moved, a_gets, moved, x, best_c, best_gets, best_moved, best):
                    best, best_b, best_c, best_gets, best_moved = x, xb, c_moved, a_gets, moved
        if best < 0:
            return -1
        c2 = 0
        for i in range(n):
            c2 += (w[MAX_DENOMS + i] - cnt[best * n + i] - cnt[best_b * n + i]) * self._place[i]
        return (best << _IB | best_b) << _IB | c2

    def _better_at(self, c_moved: int, a_gets: int, moved: int, x: int,
                   best_c: int, best_gets: int, best_moved: int, best: int) -> bool:
        """Whether a way ranks strictly before the best so far (:meth:`_better`), A's new holdings given by index
        (``x``, ``best``): their counts compared from the largest coin down."""
        if c_moved != best_c:
            return c_moved < best_c
        if a_gets != best_gets:
            return a_gets < best_gets
        if moved != best_moved:
            return moved < best_moved
        n = self.n
        i = n - 1
        while i >= 0:
            if self._hcount[x * n + i] != self._hcount[best * n + i]:
                return self._hcount[x * n + i] > self._hcount[best * n + i]
            i -= 1
        return False

    def _pack3(self, r) -> int:
        if r is None:
            return -1
        return (self._index(r[0]) << INDEX_BITS | self._index(r[1])) << INDEX_BITS | self._index(r[2])

    def exchange_at(self, ip: int, isup: int, denom: int, up: bool) -> int:
        """:meth:`exchange` on holdings given by index; its answer packed as ``purse << 14 | supply``, or -1."""
        if 0 <= denom < self.n:
            if up and not self._hup[ip * self.n + denom]:
                return -1
            k = ((ip * self._holdings + isup) * self.n + denom) * 2 + (1 if up else 0)
            slot = k % SLOTS
            if self._eslots[2 * slot] == k:
                return self._eslots[2 * slot + 1]
            known = self._epacked.get(k)
            if known is None:
                if len(self._epacked) >= CACHE_SIZE:
                    self._epacked.clear()
                e = self._exchange(self.holding[ip], self.holding[isup], denom, up)
                known = self._epacked[k] = -1 if e is None else self._index(e[0]) << INDEX_BITS | self._index(e[1])
            r = known
            self._eslots[2 * slot] = k
            self._eslots[2 * slot + 1] = r
            return r
        return -1

    def representations(self, value: int):
        """All holdings (within the coins that exist) worth exactly ``value``."""
        return self._by_value.get(value, ())

    def _better(self, c_moved: int, a_gets: int, moved: int, a2: Holding,
                best_c: int, best_gets: int, best_moved: int, best_a2: Holding) -> bool:
        """Whether a way ranks strictly before the best so far by the policy's keys (the
        module's docstring): fewer of C's coins touched, fewer coins given back to A, fewer
        coins moved, then A keeping its larger coins (compared from the largest down): :meth:`_better_at`
        on the holdings' indexes."""
        return self._better_at(c_moved, a_gets, moved, self._index(a2), best_c, best_gets, best_moved,
                               self._index(best_a2))

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
        candidates = self._by_value.get(va, ())
        # Key 1 first: when A and B alone can do it (C untouched), only A's new
        # holding is free (B gets the rest of A's and B's coins): one loop, not two.
        ab = tuple([a[i] + b[i] for i in range(n)])
        best = None
        best_a2 = None
        best_gets = best_moved = 0
        for a2 in candidates:
            a_gets = moved = 0
            fits = True
            for i in range(n):
                x = a2[i]
                if x > ab[i]:
                    fits = False
                    break
                d = x - a[i]
                if d > 0:
                    a_gets += d
                    moved += d
                else:
                    moved -= d
                e = ab[i] - x - b[i]
                moved += e if e >= 0 else -e
            if not fits:
                continue
            if best is None or self._better(0, a_gets, moved, a2, 0, best_gets, best_moved, best_a2):
                best_a2, best_gets, best_moved = a2, a_gets, moved
                best = (a2, tuple([ab[i] - a2[i] for i in range(n)]), c)
        if best is not None:
            return best
        pool = tuple([a[i] + b[i] + c[i] for i in range(n)])
        best_c = 0
        for a2 in candidates:
            fits = True
            for i in range(n):
                if a2[i] > pool[i]:
                    fits = False
                    break
            if not fits:
                continue
            for b2 in self._by_value.get(vb, ()):
                c_moved = a_gets = moved = 0
                for i in range(n):
                    y = pool[i] - a2[i] - b2[i]
                    if y < 0:
                        fits = False
                        break
                    e = y - c[i]
                    c_moved += e if e >= 0 else -e
                    d = a2[i] - a[i]
                    if d > 0:
                        a_gets += d
                        moved += d
                    else:
                        moved -= d
                    e = b2[i] - b[i]
                    moved += e if e >= 0 else -e
                if not fits:
                    fits = True
                    continue
                moved += c_moved
                if best is None or self._better(c_moved, a_gets, moved, a2, best_c, best_gets, best_moved, best_a2):
                    best_a2, best_c, best_gets, best_moved = a2, c_moved, a_gets, moved
                    best = (a2, b2, tuple([pool[i] - a2[i] - b2[i] for i in range(n)]))
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
        best = None
        best_moved = 0
        for p2 in self._by_value.get(self.value(purse), ()):
            if p2[denom] != want:
                continue
            fits = True
            moved = 0
            for i in range(n):
                d = p2[i] - purse[i]
                if (i > denom and d != 0) or purse[i] + supply[i] - p2[i] < 0:
                    fits = False
                    break
                moved += d if d >= 0 else -d
            if not fits:
                continue
            # Fewest coins swapped, then the purse keeping its larger coins.
            if best is None or self._better(0, 0, moved, p2, 0, 0, best_moved, best[0]):
                best_moved = moved
                best = (p2, tuple([purse[i] + supply[i] - p2[i] for i in range(n)]))
        return best
