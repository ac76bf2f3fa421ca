"""Perft for Provisions 1849: the number of legal action sequences from fixed seeded positions.

As python-chess's perft: the tree below a position is walked to depth 1, 2 and 3 and its leaves
counted, at 2 and 5 players. The engine's counts are checked against an independent, slow
enumeration (:func:`slow_moves`) that rebuilds the legal actions at every node from the seat's
view and the rule text — lists of cubes and combinations of them, not the engine's tables — and
against the counts pinned below, those of that slow enumeration. Depth 1 of a position set up by
hand is counted by hand.
"""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from provisions_support import RULES, c, prospector, started
from rulekit.engine.provisions import new_game

CARDS = {p.id: p for p in RULES.prospectors}


def cubes(counts: dict) -> list:
    """A colour per cube, as the cubes lie in an area."""
    return [colour for colour, n in counts.items() for _i in range(n)]


def slow_moves(st) -> set:
    """The legal actions of ``st.decider`` in notation, rebuilt from its view and the rule text."""
    view = st.view(st.decider)
    me = view["decider"]
    order = view["goods"]
    if view["terminal"]:
        return set()
    if view["phase"] == "bonus":
        return {f"keep {b}" for b in view["hand"]}
    stock = view["stock"][me]
    room = {g: RULES.spaces - stock[g] for g in order}
    if view["phase"] == "vigilantes":
        return {f"take {g}" for g in set(cubes(view["vigilantes"])) if room[g] >= 1}
    moves = set()
    # Buy: any two cubes of the production areas; two of one colour only from a supplier with more than 2.
    for a, b in combinations(cubes(view["production"]), 2):
        x, y = sorted((a, b), key=order.index)
        if x == y and view["production"][x] > 2 and room[x] >= 2:
            moves.add(f"buy {x}@2")
        elif x != y and room[x] >= 1 and room[y] >= 1:
            moves.add(f"buy {x}+{y}")
    # Sell: the strip paid with at most one contract good per sold card, the rest from the stock.
    contracts = Counter(CARDS[k].contract for k in view["sold"][me])
    for card in view["row"]:
        missing = Counter(CARDS[card].asks) - contracts
        if not missing - Counter(cubes(stock)):
            moves.add(f"sell {card}")
    # Trade: two cubes of the stock, of colours the vigilantes hold, for one of theirs.
    have = {g for g, n in view["vigilantes"].items() if n}
    for a, b in combinations(cubes(stock), 2):
        if a in have and b in have:
            x, y = sorted((a, b), key=order.index)
            for got in have:
                left = room[got] + (got == x) + (got == y)
                if left >= 1:
                    moves.add(f"trade {x}+{y}>{got}")
    # Swap: one cube of a colour the vigilantes lack for one of theirs.
    for a in set(cubes(stock)) - have:
        for got in have:
            if room[got] >= 1:
                moves.add(f"swap {a}>{got}")
    return moves or {"pass"}


def perft(st, depth: int, check: bool = False) -> int:
    legal = st.legal_actions()
    if check:
        assert {st.notation(a) for a in legal} == slow_moves(st)
        assert len({st.notation(a) for a in legal}) == len(legal)
    if depth == 1:
        return len(legal)
    total = 0
    for a in legal:
        child = st.clone()
        child.apply(a)
        total += perft(child, depth - 1, check) if not child.is_terminal() else 1
    return total


def position(players: int, seed: int, moves: int):
    """The game of ``seed`` after ``moves`` actions chosen at random (seeded) — a fixed position."""
    st = new_game(RULES, seed=seed, players=players)
    rng = random.Random(seed)
    for _i in range(moves):
        st.apply(rng.choice(st.legal_actions()))
    return st


POSITIONS = {                     # players, seed, actions played
    "2p-start": (2, 1, 0),        # the bonus pick
    "2p-july": (2, 1, 2),         # the first action
    "2p-october": (2, 7, 20),     # the vigilantes leave: each seat takes one of their goods
    "2p-december": (2, 9, 37),    # the last actions, down to the end of the game
    "5p-start": (5, 3, 0),
    "5p-july": (5, 3, 5),
    "5p-october": (5, 5, 60),
    "5p-november": (5, 6, 80),
}
#: Leaves at depth 1, 2 and 3, as the slow enumeration counts them.
EXPECTED = {
    "2p-start": [3, 9, 135],
    "2p-july": [15, 204, 3498],
    "2p-october": [5, 25, 725],
    "2p-december": [59, 4412, 275201],
    "5p-start": [3, 9, 27],
    "5p-july": [19, 299, 3983],
    "5p-october": [29, 964, 29561],
    "5p-november": [73, 1855, 123627],
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_perft_against_the_slow_enumeration(name):
    st = position(*POSITIONS[name])
    counts = [perft(st, d, check=(d <= 2)) for d in (1, 2, 3)]
    assert counts == EXPECTED[name]


def test_depth_one_by_hand():
    """A position set up by hand, its legal actions counted by hand.

    Production areas: brown 3, white 1, red 2, the others empty. The seat's stock: one black, one
    brown; the vigilantes hold one black and one yellow; the row's first card is p04 (brown, yellow);
    no contract goods. Buy: brown@2 (brown has more than 2), brown+white, brown+red, white+red: 4
    (red@2 is not: red has only 2). Sell: none (no yellow for p04; the other cards of this row ask for goods the seat lacks).
    Trade two for one: black and brown, but they lack brown: none. Swap: brown (they lack it) for
    black or yellow: 2. Total 6."""
    st = started(players=2, seed=1)
    p = st.decider
    for g in range(len(st.area)):
        st.holding[g] += st.area[g] + st.vigilantes[g] + st.stock[0][g] + st.stock[1][g]
        st.area[g] = st.vigilantes[g] = st.stock[0][g] = st.stock[1][g] = 0
    st.area[c("brown")], st.area[c("white")], st.area[c("red")] = 3, 1, 2
    st.stock[p][c("black")] = st.stock[p][c("brown")] = 1
    st.vigilantes[c("black")] = st.vigilantes[c("yellow")] = 1
    st.row = [prospector("p04")] + [k for k in st.row if k != prospector("p04")][:5]
    expected = {"buy brown@2", "buy brown+white", "buy brown+red", "buy white+red",
                "swap brown>black", "swap brown>yellow"}
    assert {st.notation(a) for a in st.legal_actions()} == expected
    assert perft(st, 1) == 6 and slow_moves(st) == expected
