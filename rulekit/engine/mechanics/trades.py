"""Trades with consent (the ``trades`` section): in the phases it names, at most ``per_turn`` times a turn, the
current player offers one of the declared trades to another seat (the action kind ``OFFER``, one action per offer
and seat, laid by the core's action table after every other), and that seat decides at once, ``accept`` or
``refuse`` (the decision kind ``trade``); accepted, the amounts change hands, pool amounts then coins purse to
purse. Told in the log as ``("offer", player, seat asked, offer)`` and ``("answer", player, seat asked, offer, 1
accepted / 0 refused)``.

The state it keeps is :class:`State`'s ``offers`` (the offers made this turn, reset with the turn's counters).
"""
from __future__ import annotations

from ..coins import INDEX_BITS, INDEX_MASK
from ..game import DECISIONS, OFFER, TRADE_ANSWERS, Mechanism

IB = INDEX_BITS           # a holding's index bits in Coinage.transfer_at's packed answers (C integers: trades.pxd)
IM = INDEX_MASK


class Trades(Mechanism):
    """The ``trades`` section's offers."""

    def compile(self, c) -> bool:
        """The offers' ids, what the offering player gives (``trade_give_*``) and gets (``trade_get_*``, what the seat
        asked gives when it accepts), how many offers a turn allows, in which phases (bit 1: work, bit 2:
        spending); ``trade_per_turn`` 0: no trades."""
        t = c.data.get("trades") or {}
        c.trade_ids = tuple(t.get("offers") or ())
        offers = [t["offers"][o] for o in c.trade_ids]
        c.trade_give_pool = tuple([c.pools(o.get("give") or {}) for o in offers])
        c.trade_give_coin = tuple([c.coins(o.get("give") or {}) for o in offers])
        c.trade_get_pool = tuple([c.pools(o.get("get") or {}) for o in offers])
        c.trade_get_coin = tuple([c.coins(o.get("get") or {}) for o in offers])
        c.trade_per_turn = t.get("per_turn", 1) if c.trade_ids else 0
        phases = t.get("phases", ["spending"])
        c.trade_phases = ((1 if "work" in phases else 0) | (2 if "spending" in phases else 0)) if c.trade_ids else 0
        return bool(c.trade_ids)

    def legal_phases(self, c) -> int:
        return c.trade_phases

    def decisions(self, c) -> None:
        """The answer to an offer: option 0 refuses, 1 accepts."""
        c.add_decision("trade", TRADE_ANSWERS)

    def legal_into(self, st, buf, n: int, phase: int) -> int:
        """The offers the current player may make now (in phase bit ``phase``: 1 work, 2 spending), written into
        ``buf`` from ``n`` on (the new count is returned): each declared offer whose side they can give (its pool
        amounts held, its coins payable purse to purse), to each other seat in turn order."""
        c = st.c
        if st.offers >= c.trade_per_turn:
            return n
        p = st.current
        seats = c.n_players
        for o in range(len(c.trade_ids)):
            if trade_ok(st, p, -1, o):
                for q in c.others[p]:
                    buf[n] = c.offer_action[o * seats + q]
                    n += 1
        return n

    def apply(self, st, p: int, kind: int, arg: int, arg2: int) -> bool:
        """Player ``p`` offers ``arg`` to seat ``arg2``: told in the log as ``("offer", p, q, o)``, counted against
        the turn's offers, and asked of the seat (the decision ``trade``)."""
        if kind != OFFER:
            return False
        st.offers += 1
        st.log.append(("offer", p, arg2, arg))
        st.ask("trade", arg2, arg)
        return True


def trade_ok(st, p: int, q: int, o: int) -> bool:
    """Whether offer ``o`` can be made by ``p`` (``q`` < 0: ``p``'s side alone, given to nobody in particular) or
    carried out between ``p`` (who gives its give) and ``q`` (who gives its get): every pool amount held, every
    coin paid purse to purse, the supply making change only when the two purses cannot (Coinage.transfer's
    policy), ``p``'s coins first."""
    c = st.c
    if not st._has(p, c.trade_give_pool[o]):
        return False
    if q < 0:
        coin = c.trade_give_coin[o]
        return coin == 0 or st.coin_value(p) >= coin and st._can_pay(p, coin)
    if not st._has(q, c.trade_get_pool[o]):
        return False
    return trade_coins(st, p, q, o, False)


def trade_coins(st, p: int, q: int, o: int, pay: bool) -> bool:
    """Offer ``o``'s coins between ``p`` and ``q``: ``p`` pays its give to ``q``, then ``q`` its get to ``p``;
    whether both can be paid (with ``pay``, paid)."""
    c = st.c
    cg = c.coinage
    a = st._purses[p]
    b = st._purses[q]
    supply = st._supply
    if c.trade_give_coin[o]:
        t = cg.transfer_at(a, b, supply, c.trade_give_coin[o])
        if t < 0:
            return False
        a, b, supply = t >> IB >> IB, t >> IB & IM, t & IM
    if c.trade_get_coin[o]:
        t = cg.transfer_at(b, a, supply, c.trade_get_coin[o])
        if t < 0:
            return False
        b, a, supply = t >> IB >> IB, t >> IB & IM, t & IM
    if pay:
        st._purses[p] = a
        st._purses[q] = b
        st._supply = supply
    return True


def answer(st, q: int, o: int, accept: int):
    """Seat ``q``'s answer to the current player's offer ``o``; accepted, the amounts change hands (pool amounts,
    then coins purse to purse). Told in the log as ``("answer", offering player, q, o, 1 accepted / 0 refused)``.
    A trade is neither an earning nor a spending (earned_this_turn and coins_spent_this_turn do not count it)."""
    c = st.c
    p = st.current
    if accept:
        n = c.n_pool
        give = c.trade_give_pool[o]
        get = c.trade_get_pool[o]
        for r in range(n):
            x = give[r] - get[r]
            if x:
                st._pool[p * n + r] -= x
                st._pool[q * n + r] += x
        trade_coins(st, p, q, o, True)
    st.log.append(("answer", p, q, o, 1 if accept else 0))


def _options(st, seat: int, o: int) -> list:
    """The answers seat ``seat`` may give to offer ``o``: refuse, and accept when the trade can be carried out."""
    return [0, 1] if trade_ok(st, st.current, seat, o) else [0]


def _resolve(st, seat: int, o: int, option: int):
    answer(st, seat, o, option)


DECISIONS["trade"] = (_options, _resolve)
