"""Event decks (the ``events`` section): shuffled at setup, a card revealed at the start of each turn or round,
or as a structure is built; a card in effect changes costs and yields (or sets a yield), forbids builds, spaces or conversions, or
gives every player something as it is revealed (``primitives.CARD_EFFECTS`` compiles each effect).

The state it keeps is :class:`State`'s: ``decks`` (the cards left in each deck, the top at the end),
``ev_active`` (the cards in effect: deck, card, the first turn it no longer lasts or -1) and what they change,
which the core's hot paths read in place of the ruleset's tables: ``ev_cost_pool``, ``ev_cost_coin``,
``ev_yield`` (per space, with ``ev_yield_mask``), ``ev_no_build``, ``ev_no_space``, ``ev_no_conv``.
"""
from __future__ import annotations

from ..game import Mechanism
from ..primitives import CARD_EFFECTS

BIT = 1                   # one bit for sets: a 64-bit C integer compiled (events.pxd)


class Events(Mechanism):
    """The ``events`` section's decks."""

    def compile(self, c) -> bool:
        """The decks' moments and durations, and one row per card (numbered across the decks) filled by
        ``primitives.CARD_EFFECTS``; ``deck_cards[d]``: deck ``d``'s cards, one entry per copy, in the order the
        ruleset lists them (``setup`` shuffles them)."""
        ev = c.data.get("events") or {}
        sidx = {s: i for i, s in enumerate(c.struct_ids)}
        c.deck_ids = list(ev)
        c.n_decks = len(c.deck_ids)
        decks = [ev[dk] for dk in c.deck_ids]
        # reveal: 0 at the start of each round, 1 of each turn, 2 when deck_on_build[d] is built.
        c.deck_reveal = tuple(0 if dk["reveal"] == "start_of_round" else 1 if dk["reveal"] == "start_of_turn" else 2
                              for dk in decks)
        c.deck_on_build = tuple(sidx[dk["reveal"]["on_build"]] if isinstance(dk["reveal"], dict) else -1 for dk in decks)
        c.reveal_build_mask = sum(BIT << s for s in c.deck_on_build if s >= 0)
        self.built_mask = c.reveal_build_mask
        # lasts: 0 to the end of the round, 1 until the deck's next card, 2 to the end of the game.
        c.deck_lasts = tuple(("round", "until_next", "game").index(dk["lasts"]) for dk in decks)
        c.card_ids, c.card_deck, cards, deck_cards = [], [], [], []
        for i, dk in enumerate(decks):
            own = []
            for card in dk["cards"]:
                own.extend([len(cards)] * card.get("count", 1))
                c.card_ids.append(card["id"])
                c.card_deck.append(i)
                cards.append(card)
            deck_cards.append(tuple(own))
        c.deck_cards = tuple(deck_cards)
        n = len(cards)
        c.card_yield = [None] * n      # (space, pool change, coin change), + (pool amounts, coins) it sets
        c.card_cost = [()] * n         # ((structure, pool change, coin change), ...): one row per structure
        c.card_forbid = [None] * n     # (0 build | 1 space | 2 conversion, its index)
        c.card_give = [None] * n       # (pool amounts, coins) each player gains as the card is revealed
        for k, card in enumerate(cards):
            for name, compile_effect in CARD_EFFECTS.items():
                if name in card:
                    compile_effect(c, k, card[name])
        return c.n_decks > 0

    def setup(self, st) -> None:
        """Each deck shuffled (after every other draw of the setup, so a ruleset without decks draws as before)."""
        st.decks = [st._shuffled(list(cards)) for cards in st.c.deck_cards]

    def turn_start(self, st) -> None:
        """The cards whose round is over end, then each deck revealed at the start of every turn, or of the round
        (the first player's turn), reveals its next card."""
        c = st.c
        if st.ev_active:
            ended = [e for e in st.ev_active if 0 <= e[2] <= st.turn]
            if ended:
                for e in ended:
                    st.log.append(("event_end", e[0], e[1]))
                self.set_active(st, tuple([e for e in st.ev_active if not 0 <= e[2] <= st.turn]))
        new_round = st.turn % c.n_players == 0
        for d in range(c.n_decks):
            if c.deck_reveal[d] == 1 or c.deck_reveal[d] == 0 and new_round:
                self.reveal(st, d)

    def built(self, st, p: int, s: int) -> None:
        """The decks revealed when structure ``s`` is built reveal their next card."""
        c = st.c
        for d in range(c.n_decks):
            if c.deck_on_build[d] == s:
                self.reveal(st, d)

    def view(self, st, player: int) -> dict:
        """The cards in effect (deck, card) in the order revealed, and how many each deck has left (never their
        order)."""
        c = st.c
        return {"events": [(c.deck_ids[e[0]], c.card_ids[e[1]]) for e in st.ev_active],
                "decks_left": {c.deck_ids[d]: len(st.decks[d]) for d in range(c.n_decks)}}

    def determinize(self, st, source, observer: int) -> None:
        """The cards not yet revealed, shuffled from their sorted list: the result never depends on their real
        order."""
        st.decks = [st._shuffled(sorted(cards)) for cards in st.decks]

    def reveal(self, st, d: int):
        """Deck ``d``'s top card is revealed, told in the log as ``("event", d, card, current player)``: the
        deck's card before it ends if it lasts until the next one (``("event_end", d, card)``), each player
        gains its give (the current player first, then in turn order), and its changes apply from now.
        An empty deck reveals nothing."""
        c = st.c
        cards = st.decks[d]
        if not cards:
            return
        k = cards.pop()
        active = st.ev_active
        if c.deck_lasts[d] == 1:
            for e in active:
                if e[0] == d:
                    st.log.append(("event_end", e[0], e[1]))
            active = tuple([e for e in active if e[0] != d])
        n = c.n_players
        until = (st.turn // n + 1) * n if c.deck_lasts[d] == 0 else -1   # the first turn of the next round
        st.log.append(("event", d, k, st.current))
        self.set_active(st, active + ((d, k, until),))
        give = c.card_give[k]
        if give is not None:
            q = st.current
            for _ in range(n):
                st._gain(q, give[0])
                if give[1]:
                    st._earn_coin(q, give[1])
                q = c.next_seat[q]

    def set_active(self, st, active: tuple):
        """The cards in effect become ``active`` (``(deck, card, first turn it no longer lasts or -1)``): the
        costs, yields and forbidden actions they change, summed card by card, each amount never below 0; a
        space's yield the last of them that sets it sets (``ev_yield[space]``: ``(pool change, coin change)``, then
        with a card that sets it ``(pool amounts, coins)``)."""
        c = st.c
        st.ev_active = active
        st.ev_no_build = st.ev_no_space = st.ev_no_conv = st.ev_yield_mask = 0
        if not active:                            # none in effect: the ruleset's own
            st.ev_cost_pool = c.cost_pool
            st.ev_cost_coin = c.cost_coin
            st.ev_yield = c.no_yields
            return
        cost_pool, cost_coin = list(c.cost_pool), list(c.cost_coin)
        yields = [None] * c.n_spaces
        changed = set()
        for e in active:
            k = e[1]
            for s, pool, coin in c.card_cost[k]:
                cost_pool[s] = c.added(cost_pool[s], pool) if pool is not c.no_pool else cost_pool[s]
                cost_coin[s] += coin
                changed.add(s)
            if c.card_yield[k] is not None:
                row = c.card_yield[k]
                sp = row[0]
                pool = row[1]
                old = yields[sp] or (c.no_pool, 0)
                y = (c.added(old[0], pool) if pool is not c.no_pool else old[0], old[1] + row[2])
                # a card that sets the yield: the last revealed in effect sets it, the others' changes added
                yields[sp] = y + row[3:] if len(row) > 3 else y + old[2:]
                st.ev_yield_mask |= BIT << sp
            if c.card_forbid[k] is not None:
                kind, i = c.card_forbid[k]
                if kind == 0:
                    st.ev_no_build |= BIT << i
                elif kind == 1:
                    st.ev_no_space |= BIT << i
                else:
                    st.ev_no_conv |= BIT << i
        for s in changed:
            pool = tuple([max(0, a) for a in cost_pool[s]])
            cost_pool[s] = pool if any(pool) else c.no_pool
            cost_coin[s] = max(0, cost_coin[s])
        st.ev_cost_pool = tuple(cost_pool) if changed else c.cost_pool
        st.ev_cost_coin = tuple(cost_coin) if changed else c.cost_coin
        st.ev_yield = tuple(yields)
