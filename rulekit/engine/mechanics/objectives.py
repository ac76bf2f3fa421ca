"""Secret objectives (the ``objectives`` section): cards dealt to each seat at setup (``deal``), of which it keeps
``keep`` (a decision per card kept, before the first turn, when fewer are kept than dealt); each kept card is
worth its ``vp`` to its holder if its condition holds when the game is over, revealed then in the log as
``("objective", seat, card, VP it scores)``. A card whose ``check`` is ``immediate`` or ``end_of_turn`` is also
checked during the game, at the goals' checks (the ``check`` moment: after every action, decision and turn's
start for the first, at the end of each of its holder's turns for the second): met once its condition holds
there, it stays met and scores when the game is over, and the log says so as ``("objective_met", seat, card)``
(the screens tell it to that seat only). Hidden information: a seat sees its own cards only (and
which of them are met), and a determinization deals the others again (none of them met).

The state it keeps is :class:`State`'s: ``objectives`` (per seat, the cards it holds), ``obj_dealt`` (per seat,
the cards dealt to it, kept or returned), both shared by clones and copied on write, and ``obj_met`` (the cards
met during the game, in the order met: a tuple, replaced whole).
"""
from __future__ import annotations

from ..game import DECISIONS, OVER, Condition, Mechanism, _added


#: A card's ``check``, as ``c.obj_check`` holds it: when the game is over only (absent), or during the game too.
CHECKS = {"end_of_game": 0, "immediate": 1, "end_of_turn": 2}


class Objectives(Mechanism):
    """The ``objectives`` section's cards."""

    def compile(self, c) -> bool:
        """``obj_deal`` cards dealt to each seat at setup, ``obj_keep`` of them kept; each kept card is worth
        ``obj_vps`` to its holder if ``obj_cond`` holds when the game is over."""
        objs = c.data.get("objectives") or {}
        cards = objs.get("cards") or {}
        c.obj_ids = list(cards)
        c.obj_cond = [Condition(c, cards[o]["condition"]) for o in c.obj_ids]
        c.obj_vps = tuple(cards[o]["vp"] for o in c.obj_ids)
        c.obj_check = tuple(CHECKS[cards[o].get("check", "end_of_game")] for o in c.obj_ids)
        c.obj_deal = objs.get("deal", 0) if cards else 0
        c.obj_keep = objs.get("keep", c.obj_deal) if cards else 0
        self.checking = c.obj_deal > 0 and any(c.obj_check)
        return c.obj_deal > 0

    def decisions(self, c) -> None:
        """Each seat keeps ``obj_keep`` of its dealt cards, one decision per card, before the first turn."""
        if 0 < c.obj_keep < c.obj_deal:
            c.add_decision("objective", [f"keep {o}" for o in c.obj_ids])
            c.pregame.append(_ask_objectives)

    def setup(self, st) -> None:
        """The cards shuffled, then dealt in turn order from the first player."""
        deal(st, list(range(len(st.c.obj_ids))), -1)

    def check(self, st, end_of_turn: bool) -> None:
        """The goals' checks: each kept card checked ``immediate`` and not met yet, for its holder; at the end of
        a turn, also the current player's cards checked ``end_of_turn``. A card whose condition holds is met
        (``obj_met``) for the rest of the game, told in the log as ``("objective_met", holder, card)`` (a secret
        of its holder's: the screens tell it to the holder only)."""
        c = st.c
        met = st.obj_met
        for p in range(c.n_players):
            for o in st.objectives[p]:
                k = c.obj_check[o]
                if (k == 1 or k == 2 and end_of_turn and p == st.current) and o not in met \
                        and c.obj_cond[o].holds(st, p):
                    met = met + (o,)
                    st.log.append(("objective_met", p, o))
        if met is not st.obj_met:
            st.obj_met = met

    def game_over(self, st) -> None:
        """Every seat's objectives face up, each told in the log as (objective, player, card, VP it scores: its
        vp if it was met during the game or its condition holds now, else 0)."""
        c = st.c
        for p in range(c.n_players):
            for o in st.objectives[p]:
                st.log.append(("objective", p, o, c.obj_vps[o] if is_met(st, o, p) else 0))

    def score(self, st, p: int) -> int:
        """VP of player ``p``'s objectives: counted once the game is over only (secret until then)."""
        if st.phase != OVER:
            return 0
        c = st.c
        total = 0
        for o in st.objectives[p]:
            if o in st.obj_met or c.obj_cond[o].holds(st, p):
                total += c.obj_vps[o]
        return total

    def view(self, st, player: int) -> dict:
        """Each seat's objectives (its own, or everyone's once the game is over; else None), how many each holds,
        the cards dealt to each and those of its cards met during the game (as its objectives)."""
        c = st.c
        over = st.phase == OVER
        return {
            "objectives": [[c.obj_ids[o] for o in st.objectives[q]] if q == player or over else None
                           for q in range(c.n_players)],
            "objectives_held": [len(st.objectives[q]) for q in range(c.n_players)],
            "objectives_dealt": [[c.obj_ids[o] for o in st.obj_dealt[q]] if q == player or over else None
                                 for q in range(c.n_players)],
            "objectives_met": [[c.obj_ids[o] for o in st.obj_met if o in st.objectives[q]] if q == player or over
                               else None for q in range(c.n_players)],
        }

    def determinize(self, st, source, observer: int) -> None:
        """The others' objectives are dealt again, as many each as they hold, from the cards the observer does
        not hold; the observer's own are kept, and only they stay met (nobody knows whether the others' were)."""
        if source.phase == OVER:
            return
        if observer < 0:
            observer = source.decider
        mine = source.obj_dealt[observer]
        st.obj_dealt = [list(cards) for cards in source.obj_dealt]
        st.obj_met = tuple([o for o in source.obj_met if o in mine])
        deal(st, [o for o in range(len(st.c.obj_ids)) if o not in mine], observer)


def met(st, p: int) -> list:
    """Player ``p``'s objectives met during the game or whose condition holds now (what they would score if the
    game ended here)."""
    return [o for o in st.objectives[p] if is_met(st, o, p)]


def is_met(st, o: int, p: int) -> bool:
    """Whether card ``o`` (held by ``p``) scores if the game ended here: met during the game (its ``check``), or
    its condition holds now."""
    return o in st.obj_met or bool(st.c.obj_cond[o].holds(st, p))


def deal(st, cards: list, skip: int):
    """Shuffle ``cards`` with the game's generator and deal each seat but ``skip`` as many as were dealt to
    it (at setup, ``skip`` -1: ``obj_deal``), in turn order from the first player. A seat keeps as many of
    its new cards as it kept before (at setup: all of them, unless it chooses, objectives.keep)."""
    c = st.c
    for i in range(len(cards) - 1, 0, -1):
        j = st._rand(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    seat = st.first
    top = 0
    st.obj_dealt = list(st.obj_dealt)     # copied on write (shared with clones)
    st.objectives = list(st.objectives)
    for _ in range(c.n_players):
        if seat != skip:
            k = len(st.obj_dealt[seat]) if skip >= 0 else c.obj_deal
            kept = len(st.objectives[seat]) if skip >= 0 else (k if c.obj_keep >= k else 0)
            st.obj_dealt[seat] = cards[top:top + k]
            st.objectives[seat] = cards[top:top + kept]
            top += k
        seat = c.next_seat[seat]


def _options(st, seat, arg):
    """The cards ``seat`` may keep: those dealt to it and not kept yet (an option is a card's number)."""
    kept = st.objectives[seat]
    return [o for o in st.obj_dealt[seat] if o not in kept]


def _keep(st, seat, arg, option):
    """``seat`` keeps card ``option``; once it has kept ``obj_keep``, the rest of its cards are returned
    (they stay in ``obj_dealt``: its own to know, nobody else's)."""
    st.objectives = _added(st.objectives, seat, option)


def _ask_objectives(st):
    """At setup: each seat in turn order from the first player chooses its cards, one decision per card kept."""
    c = st.c
    seat = st.first
    for _ in range(c.n_players):
        for _ in range(c.obj_keep):
            st.ask("objective", seat)
        seat = c.next_seat[seat]


# The cards a seat keeps when fewer are kept than dealt (objectives.keep), one at a time.
DECISIONS["objective"] = (_options, _keep)
