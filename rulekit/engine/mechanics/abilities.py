"""Activated abilities (the ``abilities`` section): in the phases it names, at most ``per_turn`` times a turn, the
current player who owns what the ability ``requires`` pays its ``pay`` (the pool amounts held, the coins paid to
the supply by the usual rules) and steals its amounts (as much as the victim has, as a structure's ``steal``): from
a seat they choose (``from: chosen``, one action per ability and seat), the next player, the other player holding
most of the first resource named (``richest``) or each other player in turn order (``each_other``). The action kind
``USE``, laid after every other; told in the log as ``("use", player, ability, chosen seat or -1)``, then one
``("steal", ...)`` per seat taken from.

The state it keeps is :class:`State`'s ``uses``: the uses this turn, 4 bits per ability (reset with the turn's
counters).
"""
from __future__ import annotations

from ..game import USE, Mechanism
from .steals import richest_of, take

#: The seats an ability takes from (the ``steal`` words' ``from``): their codes in ``c.ability_from``.
FROM = ("next", "richest", "chosen", "each_other")
NEXT, RICHEST, CHOSEN, EACH_OTHER = range(4)
BIT = 1                   # one bit for sets (a 64-bit C integer compiled: abilities.pxd)


class Abilities(Mechanism):
    """The ``abilities`` section's activated abilities."""

    def compile(self, c) -> bool:
        """Per ability, in the ruleset's order: its payment (``ability_pay_pool``, ``ability_pay_coin``), its uses a
        turn, the structures it requires (all of ``ability_requires``, one of ``ability_requires_any``; 0: none), in
        which phases (bit 1: work, bit 2: spending), whom it takes from (``ability_from``: a code of ``FROM``;
        ``ability_measure``, the pool resource measuring ``richest`` or -1 for the coins) and what (``ability_take_pool``,
        ``ability_take_coin``)."""
        section = c.data.get("abilities") or {}
        c.ability_ids = tuple(section)
        rows = [section[a] for a in c.ability_ids]
        sidx = {s: i for i, s in enumerate(c.struct_ids)}
        c.ability_pay_pool = tuple([c.pools(r.get("pay") or {}) for r in rows])
        c.ability_pay_coin = tuple([c.coins(r.get("pay") or {}) for r in rows])
        c.ability_per_turn = tuple([r.get("per_turn", 1) for r in rows])
        req = [r.get("requires") or () for r in rows]
        c.ability_requires = tuple([sum(BIT << sidx[s] for s in q) if isinstance(q, (list, tuple)) else 0 for q in req])
        c.ability_requires_any = tuple([sum(BIT << sidx[s] for s in q["any_of"]) if isinstance(q, dict) else 0
                                        for q in req])
        c.ability_phases = tuple([(1 if "work" in r.get("phases", ["spending"]) else 0)
                                  | (2 if "spending" in r.get("phases", ["spending"]) else 0) for r in rows])
        steals = [{k: v for k, v in r["steal"].items() if k != "from"} for r in rows]
        c.ability_from = tuple([FROM.index(r["steal"].get("from", "next")) for r in rows])
        c.ability_measure = tuple([c.pool_ids.index(next(iter(s))) if next(iter(s)) in c.pool_ids else -1
                                   for s in steals])
        c.ability_take_pool = tuple([c.pools(s) for s in steals])
        c.ability_take_coin = tuple([c.coins(s) for s in steals])
        c.ability_action = ()
        self.phases = 0
        for ph in c.ability_phases:
            self.phases |= ph
        return bool(c.ability_ids)

    def legal_phases(self, c) -> int:
        return self.phases

    def decisions(self, c) -> None:
        """The abilities' actions, after every other: ``use ID on SEAT`` (seats written from 1) per seat for an
        ability whose player chooses the seat, else one ``use ID``; ``ability_action[a * n_players + q]``: ability
        ``a`` used on seat ``q`` (on seat 0 for one that names no seat)."""
        n = c.n_players
        rows = []
        for a, aid in enumerate(c.ability_ids):
            for q in range(n):
                if c.ability_from[a] == CHOSEN:
                    rows.append((a, q, f"use {aid} on {q + 1}"))
                elif q == 0:
                    rows.append((a, -1, f"use {aid}"))
        numbers = c.add_actions(USE, rows)
        table = []
        i = 0
        for a in range(len(c.ability_ids)):
            for q in range(n):
                if c.ability_from[a] == CHOSEN:
                    table.append(numbers[i])
                    i += 1
                else:
                    table.append(numbers[i] if q == 0 else -1)
            if c.ability_from[a] != CHOSEN:
                i += 1
        c.ability_action = tuple(table)

    def legal_into(self, st, buf, n: int, phase: int) -> int:
        """The abilities the current player may use now (in phase bit ``phase``: 1 work, 2 spending), written into
        ``buf`` from ``n`` on (the new count is returned): each one of this phase used fewer than ``per_turn`` times
        this turn, whose required structures they own and whose payment they can make; one action per other seat
        where they choose the seat."""
        c = st.c
        p = st.current
        seats = c.n_players
        owned = st._owned[p]
        for a in range(len(c.ability_ids)):
            if not c.ability_phases[a] & phase:
                continue
            if (st.uses >> (4 * a) & 15) >= c.ability_per_turn[a]:
                continue
            req = c.ability_requires[a]
            if owned & req != req:
                continue
            req = c.ability_requires_any[a]
            if req and not owned & req:
                continue
            if not st._has(p, c.ability_pay_pool[a]):
                continue
            coin = c.ability_pay_coin[a]
            if coin and not (st.coin_value(p) >= coin and st._can_pay(p, coin)):
                continue
            if c.ability_from[a] == CHOSEN:
                for q in c.others[p]:
                    buf[n] = c.ability_action[a * seats + q]
                    n += 1
            else:
                buf[n] = c.ability_action[a * seats]
                n += 1
        return n

    def apply(self, st, p: int, kind: int, arg: int, arg2: int) -> bool:
        """Player ``p`` uses ability ``arg`` (on seat ``arg2``, or -1): pays it, counts the use, told in the log as
        ``("use", p, arg, arg2)``, then takes from the seats it names; the goals and the end are checked after it."""
        if kind != USE:
            return False
        c = st.c
        a = arg
        st._take(p, c.ability_pay_pool[a])
        st._pay(p, c.ability_pay_coin[a])
        st.uses += BIT << (4 * a)
        st.log.append(("use", p, a, arg2))
        frm = c.ability_from[a]
        pool = c.ability_take_pool[a]
        coin = c.ability_take_coin[a]
        if frm == CHOSEN:
            take(st, p, arg2, pool, coin)
        elif frm == NEXT:
            take(st, p, c.others[p][0], pool, coin)
        elif frm == RICHEST:
            take(st, p, richest_of(st, c.others[p], c.ability_measure[a]), pool, coin)
        else:
            for q in c.others[p]:
                take(st, p, q, pool, coin)
        st._checks(False, False)
        return True
