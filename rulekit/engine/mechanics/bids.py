"""The decisions before the first turn (``setup.bid`` and ``setup.draft``): each seat bids once for the seat
order, then the seats play from the highest bid to the lowest, the starting amounts are dealt in that order and
the bids are paid (every bid, or with ``pays: winner`` only the first seat's); a draft, with or without a bid,
lets each seat pick structures of a pool in turn order, owned from the start.

One module for both: the draft is asked in the order of play, which a bid makes only as its last bid is in, so
the bid's last resolution asks the picks; kept together, that sequence is in one place and no mechanism calls
into another. Told in the log as ``("bid", seat, amount, sealed)``, then ``("bids", bids, order, paid)``, and
``("pick", seat, structure)``.

The state it keeps is :class:`State`'s ``bids`` (per seat, its bid, -1 before it is made; empty without a bid:
shared by clones and copied on write) and the core's turn order ``seat_next`` and first player, which the bids
set; its tables are :class:`Compiled`'s ``bid_*`` and ``draft_*``, and ``deal_later`` (read by the core: with a
bid, a new game does not deal the starting amounts, the bids do).
"""
from __future__ import annotations

from ..game import DECISIONS, Mechanism


class Bids(Mechanism):
    """``setup.bid`` and ``setup.draft``."""

    def compile(self, c) -> bool:
        """``bid_max`` (0: no bid), whether the bids are sealed, ties drawn at random, who pays
        (``bid_winner_pays``) and in what (``bid_pool``: a pool resource, or -1: coins); ``draft_ids`` (empty: no
        draft), their structures, how many picks, snake order, whether a pick counts as the first build."""
        setup = c.data["setup"]
        bid = setup.get("bid") or {}
        c.bid_max = bid["max"] if bid else 0
        c.bid_sealed = bool(bid.get("sealed", False))
        c.bid_ties_random = bid.get("ties", "bidding_order") == "random"
        c.bid_winner_pays = bid.get("pays", "all") == "winner"
        res = bid.get("in")
        c.bid_pool = c.pool_ids.index(res) if res in c.pool_ids else -1
        c.deal_later = bool(c.bid_max)               # the starting amounts follow the order the bids make
        draft = setup.get("draft") or {}
        c.draft_ids = tuple(draft["structures"]) if draft else ()
        c.draft_structs = tuple(c.struct_ids.index(s) for s in c.draft_ids)
        c.draft_picks = draft.get("picks", 1) if draft else 0
        c.draft_snake = draft.get("order", "snake") == "snake" if draft else False
        c.draft_first = draft.get("vp", "first") == "first"
        return bool(c.bid_max or c.draft_ids)

    def decisions(self, c) -> None:
        """The kinds ``bid`` (options 0 to ``max``) and ``draft`` (one per structure of the pool), in that order;
        asked before any other mechanism's decisions at setup (the bid makes the order the rest follows): the
        bids, or without a bid the picks (with one, the last bid asks them)."""
        if c.bid_max:
            c.add_decision("bid", [f"bid {i}" for i in range(c.bid_max + 1)])
        if c.draft_ids:
            c.add_decision("draft", [f"pick {s}" for s in c.draft_ids])
        c.pregame.insert(0, _ask_bids if c.bid_max else _ask_draft)

    def setup(self, st) -> None:
        """No bid made yet (-1 per seat)."""
        if st.c.bid_max:
            st.bids = [-1] * st.c.n_players

    def view(self, st, player: int) -> dict:
        """``bids``: each seat's bid, None before it is made; a sealed bid of another seat is ``"sealed"`` until
        every seat has bid. Nothing without a bid."""
        if not st.bids:
            return {}
        hidden = st.c.bid_sealed and min(st.bids) < 0
        return {"bids": [None if b < 0 else "sealed" if hidden and q != player else b for q, b in enumerate(st.bids)]}


def _bid_options(st, seat: int, arg: int) -> list:
    """setup.bid: any whole amount from 0 to its max (validation keeps max within every starting amount)."""
    return list(range(st.c.bid_max + 1))


def _bid_resolve(st, seat: int, arg: int, option: int):
    """One seat's bid, kept until every seat has bid; the last one sets the order (:func:`_bid_order`)."""
    bids = list(st.bids)                 # copied on write: a state's bids are shared with its clones
    bids[seat] = option
    st.bids = bids
    st.log.append(("bid", seat, option, st.c.bid_sealed))
    for b in st.bids:
        if b < 0:
            return
    _bid_order(st)


def _bid_order(st):
    """Every bid is in: the seats play from the highest bid to the lowest (ties: the earlier bidder, or drawn
    at random); the starting amounts are dealt in that order, then every seat pays its bid to the supply
    (``pays: winner``: only the first seat; coins through the change-making; what the coins cannot pay is not
    paid); the draft, if any, follows."""
    c = st.c
    n = c.n_players
    bidders = _bidders(st)
    if c.bid_ties_random and len(set(st.bids)) < n:
        for i in range(n - 1, 0, -1):           # a tie drawn at random: shuffle, then sort by bid (stable)
            j = st._rand(i + 1)
            bidders[i], bidders[j] = bidders[j], bidders[i]
    order = sorted(bidders, key=lambda q: -st.bids[q])
    nxt = [0] * n
    for i in range(n):
        nxt[order[i]] = order[(i + 1) % n]
    st.seat_next = tuple(nxt)
    st.first = order[0]
    st.current = order[0]
    _deal(st, order)
    paid = [0] * n
    for q in (order[:1] if c.bid_winner_pays else order):
        amount = st.bids[q]
        if c.bid_pool >= 0:
            i = q * c.n_pool + c.bid_pool
            amount = min(amount, st.pool[i])
            st.pool[i] -= amount
        else:
            while amount and not st._can_pay(q, amount):
                amount -= 1
            st._pay(q, amount)
        paid[q] = amount
    st.spent = 0                                # a bid is not spent in a turn
    st.log.append(("bids", tuple(st.bids), tuple(order), tuple(paid)))   # each seat's bid, the order, each one paid
    if c.draft_ids:
        _ask_draft(st)


def _deal(st, order):
    """The starting coins and pool resources, in turn order from the first player (``order``)."""
    c = st.c
    for i, amount in enumerate(c.starting_coins):
        st._earn_coin(order[i], amount)
    for r in range(c.n_pool):
        for i, amount in enumerate(c.pool_start[r]):
            st.pool[order[i] * c.n_pool + r] = amount
    if c.seats_dealt:                           # what belongs to some seats only (the order now known)
        st._deal_seats()


def _bidders(st) -> list:
    """The bidding order: in turn order from the first seat, or from the seat drawn at random with
    ``first_player: random`` (the bids, not an agreement, decide who plays first: a record of the game then
    replays the same bids, whatever first player it names)."""
    c = st.c
    seats = [st.first if c.first_random else 0]
    while len(seats) < c.n_players:
        seats.append(c.next_seat[seats[-1]])
    return seats


def _ask_bids(st):
    for seat in _bidders(st):
        st.ask("bid", seat, 0)


def _draft_options(st, seat: int, arg: int) -> list:
    """setup.draft: the structures of the pool nobody has picked yet."""
    c = st.c
    out = []
    for o, s in enumerate(c.draft_structs):
        taken = False
        for q in range(c.n_players):
            if st.owned[q] >> s & 1:
                taken = True
        if not taken:
            out.append(o)
    return out


def _draft_resolve(st, seat: int, arg: int, option: int):
    """A pick: the seat owns the structure from the start (as a given structure: no `built` or `first_turn`
    gain), its first builder with `vp: first`; its unlocked workers enter the Work Cycle."""
    c = st.c
    s = c.draft_structs[option]
    st.owned[seat] = st.owned[seat] | (1 << s)
    if c.draft_first:
        st.first_builder[s] = seat
    st._enter_unlocked(s)
    st.log.append(("pick", seat, s))


def _ask_draft(st):
    """The picks in turn order from the first player, ``picks`` rounds; ``snake``: every other round reversed."""
    c = st.c
    seats = [st.first]
    while len(seats) < c.n_players:
        seats.append(st.seat_next[seats[-1]])
    for rnd in range(c.draft_picks):
        row = seats[::-1] if c.draft_snake and rnd % 2 else seats
        for q in row:
            st.ask("draft", q, rnd)


# The bids and the picks, one decision each (docs/engine.md, "Who decides").
DECISIONS["bid"] = (_bid_options, _bid_resolve)
DECISIONS["draft"] = (_draft_options, _draft_resolve)
