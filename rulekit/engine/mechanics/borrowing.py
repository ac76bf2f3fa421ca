"""Borrowing (the ``borrowing`` effect of a structure, a Lender, and the ``borrowing`` section): a player who owns a
Lender may, in the phases the section names and up to ``per_turn`` times a turn, take the borrowing token and have
for the rest of the turn the effects of a structure one of the seats of ``c.lenders`` (``other_players.borrow_from``)
owns and they do not; a structure that earns an income pays it at once. While they hold the token they may give it
back by paying ``repay`` (not in the turn they took it unless ``repay_same_turn``; with ``repay_ends_effect``, the
borrowed effects end with it), and may not borrow; another player holding it may have it taken only if they own a
Lender too and ``take_from_opponent``. Its holder scores ``penalty_vp`` less.

The compile step lays ``c.borrow_phases`` (bit 1 work, bit 2 spending; 0 without borrowing), ``c.repay_pool``,
``c.repay_coin``, ``c.repay_same_turn``, ``c.take_from_opponent``, ``c.lender_penalty``, ``c.borrow_per_turn`` and
``c.repay_ends_effect``, and its ``legal_owned`` (the Lenders, ``c.borrow_mask``, which the effect's row of
``primitives.EFFECTS`` fills). The core lays the ``BORROW`` and ``REPAY`` actions where they always were
(``c.borrow_action``, ``c.a_repay``: the editions' action numbers never change), reads the effects borrowed this
turn (``State.borrowed_mask``, in ``State._active_structs``) and counts the penalty in the score (its source
``borrowing``). Its state is ``State``'s slots ``holder``, ``token_turn``, ``borrowed``, ``borrowed_mask`` and
``borrows`` (the last three reset with the turn's counters).

Its actions are listed where the core listed them, so that the editions' games are the same: the borrows after the
work phase's moves and after the spending phase's builds (the places asked of a Lender's owner only: one C test for
the other players), the repayment after the hire (the place asked of the token's holder only).
"""
from __future__ import annotations

try:
    import cython                 # compiled: cython.compiled is True; Cython's pure-Python shadow: False
except ImportError:               # pure Python without Cython installed
    from .. import nocython as cython

from ..game import BORROW, REPAY, Mechanism

BIT = 1                   # one bit for sets (a 64-bit C integer compiled: borrowing.pxd)
KIND_BORROW = BORROW      # the action kinds, as C integers compiled (borrowing.pxd)
KIND_REPAY = REPAY


class Borrowing(Mechanism):
    """The borrowing token, the borrows and the repayment."""

    def compile(self, c) -> bool:
        """The section's tables (empty ones without it, or without a Lender); the borrows are open to the Lenders'
        owners (``legal_owned``)."""
        b = c.data.get("borrowing")
        c.borrow_phases = 0
        if b and c.borrow_mask:
            c.borrow_phases = (1 if "work" in b["phases"] else 0) | (2 if "spending" in b["phases"] else 0)
            c.repay_coin = c.coins(b["repay"])
            c.repay_pool = c.pools(b["repay"])
            c.repay_same_turn = b["repay_same_turn"]
            c.take_from_opponent = b["take_from_opponent"]
            c.lender_penalty = b["penalty_vp"]
            c.borrow_per_turn = b.get("per_turn", 1)
            c.repay_ends_effect = bool(b.get("repay_ends_effect", False))
        else:
            c.repay_coin = 0
            c.repay_pool = c.no_pool
            c.repay_same_turn = True
            c.take_from_opponent = False
            c.lender_penalty = 0
            c.borrow_per_turn = 0
            c.repay_ends_effect = False
        self.legal_owned = c.borrow_mask
        c.legal_owned_uses = c.borrow_per_turn      # the core skips the borrows' places once they are spent
        return c.borrow_phases != 0

    def legal_phases(self, c) -> int:
        """The borrows after the work phase's moves (bit 8) and after the spending phase's builds (bit 16), in the
        phases the section names; the repayment after the hire (bit 32)."""
        return (8 if c.borrow_phases & 1 else 0) | (16 if c.borrow_phases & 2 else 0) | 32

    def legal_into(self, st, buf, n: int, phase: int) -> int:
        """The borrows open to the current player, an owner of a Lender (places 3 and 4: in the structures'
        order), or the repayment, the token being theirs (place 5), written into ``buf`` from ``n`` on; the new
        count. One function, asked once per list of a Lender's owner: its common case first."""
        c = st.c
        p = st.current
        if phase != 5:
            if st.borrows >= c.borrow_per_turn or st.holder == p:
                return n
            # Another player holds the token: it may be taken from them only if they own a Lender too.
            if st.holder >= 0 and not (c.take_from_opponent and st._owned[st.holder] & c.borrow_mask):
                return n
            theirs = 0
            m = c._lender_seats[p]
            while m:
                theirs |= st._owned[_lowest(m)]
                m &= m - 1
            candidates = theirs & ~st._owned[p] & ~st.borrowed_mask
            while candidates:                     # in the structures' order
                buf[n] = c.borrow_action[_lowest(candidates)]
                n += 1
                candidates &= candidates - 1
            return n
        if c.repay_same_turn or st.token_turn != st.turn:
            if st.coin_value(p) >= c.repay_coin and st._has(p, c.repay_pool) and st._can_pay(p, c.repay_coin):
                buf[n] = c.a_repay
                n += 1
        return n

    def apply(self, st, p: int, kind: int, arg: int, arg2: int) -> bool:
        """A borrow of structure ``arg`` (a structure that earns an income pays it at once), or the repayment;
        then the checks, as after any action of the core."""
        c = st.c
        if kind == KIND_BORROW:
            st.holder = p
            st.token_turn = st.turn
            st.borrowed = arg
            st.borrowed_mask |= BIT << arg
            st.borrows += 1
            st._income(p, BIT << arg)
        elif kind == KIND_REPAY:
            st._take(p, c.repay_pool)
            st._pay(p, c.repay_coin)
            st.holder = -1
            if c.repay_ends_effect:
                st.borrowed = -1
                st.borrowed_mask = 0
        else:
            return False
        st._checks(False, False)
        return True

    def lent_end(self, st) -> None:
        """The borrowed effects end with the turn (or the game stopped at once)."""
        st.borrowed = -1
        st.borrowed_mask = 0


if not cython.compiled:
    def _lowest(m: int) -> int:
        """The lowest member of set ``m`` (compiled: the processor's instruction, borrowing.pxd)."""
        return (m & -m).bit_length() - 1
