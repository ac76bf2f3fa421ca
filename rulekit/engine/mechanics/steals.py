"""Steals (the ``steal`` effect of a structure): as a copy is built, its builder takes from the next player in turn
order, or from the other player holding most of a resource, each amount as much as they have (coins purse to
purse, the supply making change only when the two cannot), told in the log as ``("steal", builder, victim, coins
taken, pool amounts taken)``. The effect's row of ``primitives.EFFECTS`` fills ``c.steals`` (per structure:
(1 from the richest else 0 for the next, the pool resource measuring "richest" or -1 for the coins' value, pool
amounts, coins)); it keeps no state of its own.
"""
from __future__ import annotations

from ..coins import INDEX_BITS, INDEX_MASK
from ..game import Mechanism

BIT = 1                   # one bit for sets (a 64-bit C integer compiled: steals.pxd)
IB = INDEX_BITS           # a holding's index bits in Coinage.transfer_at's packed answers
IM = INDEX_MASK


class Steals(Mechanism):
    """The structures with a ``steal`` effect."""

    def compile(self, c) -> bool:
        """``steal_mask``: the structures with a steal; the build of one calls ``building``."""
        c.steal_mask = sum(BIT << i for i in range(c.n_struct) if c.steals[i])
        self.building_mask = c.steal_mask
        return c.steal_mask != 0

    def building(self, st, p: int, s: int) -> None:
        """Each steal of structure ``s``, built by ``p``."""
        for richest, measure, amounts, coin in st.c.steals[s]:
            steal(st, p, richest, measure, amounts, coin)


def steal(st, p: int, richest: int, measure: int, amounts: tuple, coin: int):
    """A steal effect of a structure ``p`` builds: from the next player in turn order (or the other player
    holding most of resource ``measure``, the first in turn order on a tie), take each amount (:func:`take`)."""
    c = st.c
    others = c.others[p]
    v = others[0]
    if richest:
        v = richest_of(st, others, measure)
    take(st, p, v, amounts, coin)


def richest_of(st, others: tuple, measure: int) -> int:
    """The seat of ``others`` holding most of pool resource ``measure`` (-1: the coins, by value), the first of
    them in their order on a tie."""
    v = others[0]
    best = -1
    for q in others:
        h = st.held(q, measure)
        if h > best:
            best = h
            v = q
    return v


def take(st, p: int, v: int, amounts: tuple, coin: int):
    """Seat ``p`` takes from seat ``v`` each amount, as much as they have: coins purse to purse (the supply
    making change only when the two cannot; the most their coins can pay exactly); told in the log as
    ``("steal", p, v, coins taken, pool amounts taken)``."""
    c = st.c
    taken = 0
    if coin:
        cg = c.coinage
        amount = min(coin, st.coin_value(v))
        while amount > 0:
            t = cg.transfer_at(st._purses[v], st._purses[p], st._supply, amount)
            if t >= 0:
                st._purses[v] = t >> IB >> IB
                st._purses[p] = t >> IB & IM
                st._supply = t & IM
                taken = amount
                break
            amount -= 1
    took = c.no_pool
    if amounts is not c.no_pool:
        base = v * c.n_pool
        took = tuple([min(amounts[r], st._pool[base + r]) for r in range(c.n_pool)])
        st._take(v, took)
        st._gain(p, took)
    st.log.append(("steal", p, v, taken, took))
