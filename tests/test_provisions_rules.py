"""Provisions 1849, one test per rule of the text, each quoting the sentence it checks.

The rule text is the specification (it is not in the repository); each docstring quotes the
few words of the sentence a test holds the engine to, and the test fails if the engine breaks
it. Where the text reads two ways, the reading is docs/provisions-readings.md's.
"""
from __future__ import annotations

from collections import Counter

import pytest

from provisions_support import (COLOURS, RULES, advance, c, first_legal, goods_total, prospector, started,
                                 variant)
from rulekit.engine.provisions import BONUS, OCTOBER, OVER, PLAY, new_game

G = len(COLOURS)


def notations(st):
    return {st.notation(a) for a in st.legal_actions()}


def only_production(*cards):
    """Rules whose production deck is these cards (ints: +n produce, -n steal)."""
    return variant(production={"deck": len(cards), "cards": [
        {"produce": v} if v > 0 else {"steal": -v} for v in cards]})


def empty_market(st):
    """No goods anywhere but the supply (the cubes back in the suppliers' holding areas)."""
    for g in range(G):
        st.holding[g] += st.area[g] + st.vigilantes[g] + sum(s[g] for s in st.stock)
        st.area[g] = st.vigilantes[g] = 0
        for s in st.stock:
            s[g] = 0


# --------------------------------------------------------------------------- contents and setup

def test_contents():
    """"8 Supplier Boards", "80 Goods (10 Cubes of 8 Colors)", "18 Production Cards",
    "52 Prospector Cards", "5 General Store Player Boards", "16 Bonus Cards", "1 Turn Tracker
    (6 Months)"."""
    assert len(RULES.goods) == 8 and all(g.cubes == 10 for g in RULES.goods) and RULES.total_goods == 80
    assert len(RULES.production_cards) == 18
    assert len(RULES.prospectors) == 52
    assert RULES.max_players == 5 and RULES.min_players == 2
    assert len(RULES.bonus_cards) == 16
    assert [m.id for m in RULES.months] == ["july", "august", "september", "october", "november", "december"]


def test_goods_start_in_the_holding_areas():
    """"Place the Goods cubes of each color in each Supplier Card's Holding Area." """
    st = new_game(RULES, seed=3, players=3)
    assert st.holding == [10] * G and st.area == [0] * G and st.vigilantes == [0] * G
    assert all(s == [0] * G for s in st.stock)


def test_customer_row_and_discard_pile():
    """"Flip the first 6 cards face up in a row ... Place 1 card face down to the right of Customer
    Row to form a Discard Pile." """
    st = new_game(RULES, seed=5, players=2)
    view = st.view(0)
    assert len(view["row"]) == 6 and view["discard"] == 1 and view["pile"] == 52 - 7
    assert len(set(st.row + st.pile + st.hidden_discard)) == 52


def test_bonus_cards_dealt_three_and_one_kept_secretly():
    """"Shuffle the Bonus Cards and deal 3 to each player. Players secretly look at their cards and
    select one to keep." """
    st = new_game(RULES, seed=2, players=5)
    assert st.phase == BONUS
    dealt = [card for hand in st.hands for card in hand]
    assert all(len(hand) == 3 for hand in st.hands) and len(set(dealt)) == 15
    order = []
    while st.phase == BONUS:
        seat = st.decider
        order.append(seat)
        assert len(st.legal_actions()) == 3
        assert all(st.notation(a).startswith("keep b") for a in st.legal_actions())
        st.apply(st.legal_actions()[1])
        assert st.bonus[seat] == st.hands[seat][1]
    assert order == [0, 1, 2, 3, 4]
    assert st.view(0)["bonus"][0] is not None and st.view(0)["bonus"][1:] == [None] * 4


def test_unselected_bonus_cards_are_seen_by_no_one():
    """"Remove the unselected and remaining Bonus Cards to the game box without anyone seeing them." """
    st = started(players=3, seed=4)
    view = st.view(0)
    shown = {b for b in view["bonus"] if b is not None} | set(view["hand"])
    others = {RULES.bonus_cards[b][0] for q in (1, 2) for b in st.hands[q]}
    assert not shown & others
    assert "b" not in str([e for e in st.log if e["event"] == "keep"])


def test_turn_tracker_starts_in_july():
    """"place the Turn Tracker Token (Barrel) on the leftmost START position in July." """
    st = started(players=2, seed=1)
    assert st.view(0)["month"] == "july" and st.round == 0


def test_gold_nugget_to_the_youngest_player():
    """"Place the Starting Player Token (Gold Nugget) in front of the youngest player." (the seat
    given as the first player)"""
    st = new_game(RULES, seed=1, players=4, first_player=2)
    assert st.nugget == 2 and st.decider == 2
    while st.phase == BONUS:
        st.apply(0)
    assert st.nugget == 2 and st.decider == 2


# --------------------------------------------------------------------------- the rounds

def test_six_rounds_one_per_month():
    """"The game is played over 6 Rounds – one for each month from July through December." """
    st = started(players=2, seed=9)
    months = []
    while not st.is_terminal():
        if not months or months[-1] != st.month:
            months.append(st.month)
        st.apply(first_legal(st))
    assert months == [0, 1, 2, 3, 4, 5]
    assert st.turn == 2 * sum(m.turns for m in RULES.months)


def test_each_round_has_production_then_actions():
    """"Each Round has 2 Phases: Production Phase and Buy/Sell/Trade Phase." """
    st = new_game(RULES, seed=7, players=2)
    while st.phase == BONUS:
        st.apply(0)
    events = [e["event"] for e in st.log]
    month = events.index("month")
    assert {"produce", "steal"} & set(events[month:])
    assert st.phase == PLAY and sum(st.area) > 0


# --------------------------------------------------------------------------- production

def test_empty_supplier_gets_one_cube_before_production():
    """"If any Supplier is currently empty, add 1 Goods cube of its color from its Holding Area to its
    Production Area." """
    st = started(players=3, seed=1, rules=only_production(*[-5] * 8))
    st.area = [0, 3, 0, 1, 0, 0, 2, 0]
    st.vigilantes = [0] * G
    st._produce()
    restocked = {e["good"]: e["amount"] for e in st.log[-16:] if e["event"] == "restock"}
    assert restocked == {COLOURS[g]: 1 for g in (0, 2, 4, 5, 7)}
    assert st.vigilantes == [1, 3, 1, 1, 1, 1, 2, 1]       # each stolen in full after the top-up


def test_four_and_five_players_two_cubes_minimum():
    """"For 4-5 player games, each Supplier should have at least TWO Goods cubes in the Production Area
    to start the Production Phase." """
    for players, low in ((3, 1), (4, 2), (5, 2)):
        st = started(players=players, seed=1, rules=only_production(*[-5] * 8))
        st.area = [0, 1, 3, 0, 0, 0, 0, 0]
        st.vigilantes = [0] * G
        st._produce()
        assert st.vigilantes == [max(low, a) for a in (0, 1, 3, 0, 0, 0, 0, 0)]


def test_one_production_card_per_supplier():
    """"Shuffle the Production Cards and place one face up next to each Supplier." """
    st = started(players=2, seed=3)
    shown = st.view(0)["production_cards"]
    assert set(shown) == set(COLOURS)
    assert not Counter(shown.values()) - Counter(RULES.production_cards)


def test_production_area_holds_at_most_five():
    """"Once a Supplier's Production Area is full, additional Goods cannot be added. Maximum is 5
    Goods per Supplier." """
    st = started(players=2, seed=2, rules=only_production(*[3] * 8))
    st.area = [4, 2, 5, 1, 1, 1, 1, 1]
    st.holding = [10 - a for a in st.area]
    st._produce()
    assert st.area == [5, 5, 5, 4, 4, 4, 4, 4]


def test_production_limited_by_the_holding_area():
    """"If there aren't enough Goods remaining in the Holding Area to produce the full amount on the
    card, just add the amount remaining in the Holding Area to the Production Area." """
    st = started(players=2, seed=2, rules=only_production(*[3] * 8))
    st.area = [1] * G
    st.holding = [1, 0, 2, 9, 9, 9, 9, 9]
    st._produce()
    assert st.area[:3] == [2, 1, 3] and st.holding[:3] == [0, 0, 0]


def test_stolen_goods_go_to_the_vigilantes():
    """"Any Stolen Goods must be moved to the purple-outlined Holding Area of the Vigilantes Board." """
    st = started(players=2, seed=2, rules=only_production(*[-2] * 8))
    st.area = [4] * G
    st.vigilantes = [0] * G
    st._produce()
    assert st.area == [2] * G and st.vigilantes == [2] * G


def test_vigilantes_take_what_is_left():
    """"If there aren't enough Goods remaining in the Supplier's Production Area to move to the
    Vigilantes, just give them everything left there." """
    st = started(players=2, seed=2, rules=only_production(*[-5] * 8))
    st.area = [1, 2, 3, 4, 5, 1, 1, 1]
    st.vigilantes = [0] * G
    st._produce()
    assert st.area == [0] * G and st.vigilantes == [1, 2, 3, 4, 5, 1, 1, 1]


def test_production_cards_return_to_their_deck():
    """"Return the used Production Cards to their deck and set them aside." (each month deals from the
    whole deck again)"""
    cards = (1, 2, 3, 4, 5, -1, -2, -3)
    st = started(players=2, seed=6, rules=only_production(*cards))
    seen = []
    while not st.is_terminal():
        if not seen or seen[-1][0] != st.month:
            seen.append((st.month, sorted(st.production_shown)))
        st.apply(first_legal(st))
    assert len(seen) == 6 and all(shown == sorted(cards) for _m, shown in seen)


# --------------------------------------------------------------------------- buy, sell, trade

def test_players_act_from_the_gold_nugget_clockwise():
    """"Beginning with the player with the Gold Nugget and moving clockwise, each player takes one of the
    following actions" """
    st = new_game(RULES, seed=1, players=4, first_player=1)
    while st.phase == BONUS:
        st.apply(0)
    order = []
    for _i in range(8):
        order.append(st.decider)
        st.apply(first_legal(st))
    assert order == [1, 2, 3, 0, 1, 2, 3, 0]


def test_buying_moves_goods_to_the_stock_area():
    """"To buy Goods, a player takes Goods cubes from a Supplier's Production Area and moves them to the
    corresponding color of their General Store Player Board's Stock Area." """
    st = started(players=2, seed=1)
    st.area = [3, 3, 0, 0, 0, 0, 0, 0]
    p = st.decider
    st.play("buy brown+white")
    assert st.area[:2] == [2, 2] and st.stock[p][:2] == [1, 1]


def test_two_from_one_supplier_only_when_it_has_more_than_two():
    """"A player can buy 2 Goods from a single Supplier if that Supplier has MORE than 2 Goods in their
    Production Area." """
    st = started(players=2, seed=1)
    st.area = [2, 3, 0, 0, 0, 0, 0, 0]
    legal = notations(st)
    assert "buy white@2" in legal and "buy brown@2" not in legal
    st.play("buy white@2")
    assert st.area[1] == 1


def test_one_each_from_two_suppliers():
    """"A player can buy 1 Good from each of 2 different Suppliers." """
    st = started(players=2, seed=1)
    st.area = [1, 0, 1, 0, 0, 0, 1, 0]
    buys = {n for n in notations(st) if n.startswith("buy")}
    assert buys == {"buy brown+red", "buy brown+blue", "buy red+blue"}


def test_stock_space_limits_buying():
    """"When buying Goods, a player cannot exceed the amount of available space in their General Store's
    Stock Area for that color." """
    st = started(players=2, seed=1)
    st.area = [5, 5, 5, 0, 0, 0, 0, 0]
    p = st.decider
    st.stock[p][:3] = [RULES.spaces - 1, RULES.spaces, 0]
    buys = {n for n in notations(st) if n.startswith("buy")}
    assert buys == {"buy brown+red", "buy red@2"}


def test_a_sale_provisions_every_item():
    """"To sell Goods, a player must be able to completely provision a Prospector with all the items
    needed in the card's Provisions Strip" """
    st = started(players=2, seed=1)
    p = st.decider
    st.row[0] = prospector("p04")                      # brown, yellow
    st.stock[p][c("brown")] = 1
    assert "sell p04" not in notations(st)
    st.stock[p][c("yellow")] = 1
    assert "sell p04" in notations(st)


def test_contract_goods_help_provision():
    """"The player can use any combination of Goods from their General Store Stock Area along with any
    Contract Goods earned from previous Prospector sales" """
    st = started(players=2, seed=1)
    p = st.decider
    st.row[0] = prospector("p04")                      # brown, yellow
    st.sold[p].append(prospector("p03"))               # contract: brown
    st.contracts[p][c("brown")] = 1
    st.stock[p][c("yellow")] = 1
    assert "sell p04" in notations(st)
    st.play("sell p04")
    assert st.stock[p][c("brown")] == 0 and st.stock[p][c("yellow")] == 0
    assert st.contracts[p][c("brown")] == 1           # a contract good is kept for later sales


def test_one_contract_good_per_card_each_sale():
    """"Only 1 Contract Goods per card can be used each sale." """
    st = started(players=2, seed=1)
    p = st.decider
    st.row[0] = prospector("p03")                      # black, grey, grey
    st.stock[p][c("black")] = 1
    st.contracts[p][c("grey")] = 1                     # one card with a grey contract
    assert "sell p03" not in notations(st)
    st.stock[p][c("grey")] = 1
    assert "sell p03" in notations(st)
    st.stock[p][c("grey")] = 0
    st.contracts[p][c("grey")] = 2                     # two such cards: one grey each
    assert "sell p03" in notations(st)


def test_goods_used_go_back_to_the_holding_area():
    """"Any Goods cubes used to provision a Prospector must be returned to the Goods Holding Area of the
    Supplier Board of the same color." """
    st = started(players=2, seed=1)
    p = st.decider
    st.row[0] = prospector("p04")
    st.stock[p][c("brown")] = st.stock[p][c("yellow")] = 1
    st.holding[c("brown")] -= 1
    st.holding[c("yellow")] -= 1
    before = list(st.holding)
    st.play("sell p04")
    assert st.holding[c("brown")] == before[c("brown")] + 1 and st.holding[c("yellow")] == before[c("yellow")] + 1


def test_the_prospector_goes_to_the_seller():
    """"Once a Prospector is provisioned, the player moves that Prospector card into their playing area
    next to their General Store." """
    st = started(players=2, seed=1)
    p = st.decider
    st.row[2] = prospector("p04")
    st.stock[p][c("brown")] = st.stock[p][c("yellow")] = 1
    st.play("sell p04")
    assert st.sold[p] == [prospector("p04")] and st.view(1 - p)["sold"][p] == ["p04"]


def test_the_row_moves_right_and_a_card_is_added_left():
    """"When a Prospector card is provisioned, move all remaining cards in Customer Row to the right and
    add another card to the left from the Prospectors Pile." """
    st = started(players=2, seed=1)
    p = st.decider
    st.row[2] = prospector("p04")
    st.stock[p][c("brown")] = st.stock[p][c("yellow")] = 1
    row, top = list(st.row), st.pile[-1]
    st.play("sell p04")
    assert st.row == [top] + row[:2] + row[3:]


def test_two_goods_for_one_the_vigilantes_already_have():
    """"Trade any 2 Goods from their General Store Stock Area to the Vigilantes Holding Area in return
    for a single Goods cube from the Vigilantes Holding Area." (for goods they already have)"""
    st = started(players=2, seed=1)
    empty_market(st)
    p = st.decider
    st.stock[p][c("white")] = st.stock[p][c("red")] = 1
    st.holding[c("white")] -= 1
    st.holding[c("red")] -= 1
    st.vigilantes[c("blue")] = 1
    st.holding[c("blue")] -= 1
    assert not any(n.startswith("trade") for n in notations(st))      # they have no flour nor beans
    st.vigilantes[c("white")] = st.vigilantes[c("red")] = 1
    st.holding[c("white")] -= 1
    st.holding[c("red")] -= 1
    assert "trade white+red>blue" in notations(st)
    st.play("trade red+white>blue")
    assert st.stock[p][c("blue")] == 1 and st.stock[p][c("white")] == st.stock[p][c("red")] == 0
    assert st.vigilantes[c("white")] == st.vigilantes[c("red")] == 2 and st.vigilantes[c("blue")] == 0
    assert goods_total(st) == 80


def test_one_for_one_for_a_colour_they_lack():
    """"Trade any single Goods cube of a color that they DON'T currently have for a single Goods cube
    that they have." """
    st = started(players=2, seed=1)
    empty_market(st)
    p = st.decider
    st.stock[p][c("black")] = 1
    st.stock[p][c("brown")] = 1
    st.vigilantes[c("yellow")] = 1
    st.vigilantes[c("brown")] = 1
    for g in ("black", "brown", "yellow", "brown"):
        st.holding[c(g)] -= 1
    swaps = {n for n in notations(st) if n.startswith("swap")}
    assert swaps == {"swap black>yellow", "swap black>brown"}      # they have brown: no swap of brown
    st.play("swap black>yellow")
    assert st.stock[p][c("yellow")] == 1 and st.vigilantes[c("black")] == 1 and st.vigilantes[c("yellow")] == 0


def test_pass_only_when_nothing_else():
    """"If there are no more Goods available to buy or trade or no Prospectors that can be provisioned
    during a player's turn, the player must pass." """
    st = started(players=2, seed=1)
    empty_market(st)
    assert notations(st) == {"pass"}
    st.area[0] = 1
    st.area[1] = 1
    st.holding[0] -= 1
    st.holding[1] -= 1
    assert "pass" not in notations(st)


# --------------------------------------------------------------------------- end of turn

def test_same_month_another_action_each():
    """"If the token remains in the same month, each player takes another Buy/Sell/Trade Goods
    action." """
    st = started(players=3, seed=2)
    nugget = st.nugget
    for _i in range(3):
        st.apply(first_legal(st))
    assert st.month == 0 and st.round == 1 and st.decider == nugget


@pytest.mark.parametrize("month", [1, 2, 4])
def test_august_september_november_a_prospector_leaves(month):
    """"If the token moves to August, September, or November: Remove the rightmost Prospector Card and
    place it face down on the Discard Pile ... Add another card to the left ... Move the Gold Nugget
    clockwise" """
    st = started(players=2, seed=3)
    advance(st, lambda s: s.month == month - 1 and s.round == RULES.months[month - 1].turns - 1
            and s.seat_in_round == 1 and s.phase == PLAY)
    row, top, nugget, discard = list(st.row), st.pile[-1], st.nugget, len(st.discard)
    st.apply(first_legal(st))
    assert st.month == month and st.nugget == (nugget + 1) % 2
    assert st.row == [top] + row[:-1] and st.discard[-1] == row[-1] and len(st.discard) == discard + 1


def test_october_each_player_takes_one_of_the_vigilantes_goods():
    """"In turn order, each player takes 1 Goods cube from the Vigilante's Holding Area and moves it to
    their General Store Stock Area. Move any remaining Goods to the corresponding Supplier Cards'
    Holding Areas." """
    st = started(players=3, seed=4)
    advance(st, lambda s: s.month == 2 and s.round == RULES.months[2].turns - 1 and s.seat_in_round == 2)
    nugget = st.nugget
    for g in range(G):
        st.holding[g] += st.vigilantes[g]
        st.vigilantes[g] = 0
        for s in st.stock:
            st.holding[g] += s[g]
            s[g] = 0
    st.vigilantes[c("grey")] = 2
    st.vigilantes[c("blue")] = 3
    st.holding[c("grey")] -= 2
    st.holding[c("blue")] -= 3
    st.apply(first_legal(st))
    assert st.phase == OCTOBER and st.decider == nugget
    takers = []
    while st.phase == OCTOBER:
        takers.append(st.decider)
        assert notations(st) <= {"take grey", "take blue"}
        st.play("take grey" if "take grey" in notations(st) else "take blue")
    assert takers == [nugget, (nugget + 1) % 3, (nugget + 2) % 3]
    assert sorted(st.stock[q][c("grey")] for q in range(3)) == [0, 1, 1]
    returned = [e for e in st.log if e["event"] == "vigilantes_leave"][-1]["returned"]
    assert returned == {"blue": 2} and st.nugget == (nugget + 1) % 3 and goods_total(st) == 80


def test_new_vigilantes_steal_in_october():
    """"a new and stronger band of Vigilantes arrives and begins stealing goods once again in October!" """
    st = started(players=2, seed=4, rules=only_production(*[-1] * 8))
    advance(st, lambda s: s.month == 3 and s.phase == PLAY)
    assert sum(st.vigilantes) > 0
    events = [e["event"] for e in st.log]
    left = len(events) - 1 - events[::-1].index("vigilantes_leave")
    assert "steal" in events[left:] and sum(st.vigilantes) == sum(
        e["amount"] for e in st.log[left:] if e["event"] == "steal")


def test_december_a_prospector_leaves_before_every_action():
    """"during the final month of December, each time a player is about to take a Buy/Sell/Trade Goods
    action, the rightmost Prospector card is removed ... UNLESS the previous player just provisioned a
    Prospector" """
    st = started(players=2, seed=8)
    advance(st, lambda s: s.month == 5)
    assert [e["event"] for e in st.log[-3:]][-2:] == ["leave", "arrive"]
    row, top = list(st.row), st.pile[-1]
    action = first_legal(st)
    assert st.action_kind(action) != "sell"
    st.apply(action)                                   # not a sale: the next action has a departure
    assert st.row == [top] + row[:-1]
    assert st.log[-1]["event"] == "arrive" and st.log[-2]["event"] == "leave"
    p = st.decider
    card = st.t.prospector_ids[st.row[0]]
    for g in range(G):
        st.stock[p][g] = max(st.stock[p][g], st.t.asks[st.row[0]][g])
    row = list(st.row)
    st.play(f"sell {card}")
    assert st.log[-1]["event"] == "arrive" and st.log[-2]["event"] == "sell"     # no departure after a sale
    assert st.row[1:] == row[1:]


def test_off_the_track_the_game_is_over():
    """"If the token moves off the Track, the game is over!" """
    st = started(players=2, seed=5)
    advance(st, lambda s: False)
    assert st.is_terminal() and st.phase == OVER and st.legal_actions() == []
    assert st.turn == 2 * sum(m.turns for m in RULES.months)


# --------------------------------------------------------------------------- scoring

def scoring_rules():
    """The text's scoring example as bonus cards: 'b01' +5 pistols, +3 flour, +2 equipment; 'b02' +8
    lanterns and pistols combined (and +2 beans); 'b03' +7 most sales."""
    bonus = {"deal": 3, "deck": 16, "cards": {
        "b01": [{"most": ["grey"], "points": 5}, {"most": ["white"], "points": 3}, {"most": ["blue"], "points": 2}],
        "b02": [{"most": ["yellow", "grey"], "points": 8}, {"most": ["red"], "points": 2}],
        "b03": [{"most": "sales", "points": 7}],
        **{f"x{i:02d}": [{"most": "sales", "points": 0}] for i in range(13)}}}
    return variant(bonus=bonus)


def scored_example():
    rules = scoring_rules()
    st = started(players=3, seed=1, rules=rules)
    st.bonus = [0, 1, 2]
    sold = {0: {"grey": 4, "white": 5, "blue": 2, "yellow": 0, "red": 3},
            1: {"grey": 3, "white": 2, "blue": 2, "yellow": 6, "red": 3},
            2: {"grey": 1, "white": 1, "blue": 2, "yellow": 2, "red": 1}}
    for p, goods in sold.items():
        st.sold_goods[p] = [goods.get(colour, 0) for colour in COLOURS]
    points = {0: 10, 1: 13, 2: 11}
    sales = {0: 5, 1: 5, 2: 6}
    by_points = {}
    for k, pr in enumerate(rules.prospectors):
        by_points.setdefault(pr.points, k)
    for p in range(3):
        st.sold[p] = [by_points[1]] * points[p]           # as many cards of 1 point as points
    st.sold[2] = [by_points[1]] * 5 + [by_points[6]]     # 11 points in 6 sales
    st.sold[0] = [by_points[1]] * 4 + [by_points[6]]     # 10 points in 5 sales
    st.sold[1] = [by_points[1]] * 3 + [by_points[6]] + [by_points[4]]   # 13 points in 5 sales
    assert [len(st.sold[p]) for p in range(3)] == [sales[p] for p in range(3)]
    return st


def test_final_score_is_provision_plus_bonus_points():
    """"Each player's Final Score = Provision Points + Bonus Points." """
    st = scored_example()
    assert [st.provision_points(p) for p in range(3)] == [10, 13, 11]
    assert st.scores() == tuple(st.provision_points(p) + st.bonus_points(p) for p in range(3))


def test_provision_points_from_each_prospector():
    """"Provision Points: Add up the total points from the upper-right corner of each Prospector card in
    the player's area." """
    st = scored_example()
    assert st.provision_points(1) == sum(st.t.points[k] for k in st.sold[1]) == 13


def test_bonus_points_for_each_objective_completed():
    """"Bonus Points: Add up the total points from the player's individual Bonus Card for each objective
    that was completed." (the text's example: 5 + 3, 8, 7)"""
    st = scored_example()
    assert [st.bonus_points(p) for p in range(3)] == [8, 8, 7]
    assert st.scores() == (18, 21, 18)


def test_a_tied_objective_is_not_achieved():
    """"Player 1 did not achieve the +2 bonus for Equipment because each player sold 2." """
    st = scored_example()
    st.sold_goods[0][c("blue")] = 3
    assert st.bonus_points(0) == 10
    st.sold_goods[1][c("blue")] = 3
    assert st.bonus_points(0) == 8


def test_goods_sold_by_the_provisions_strips():
    """"Goods sold are based on the Provisions Strips." (a good paid with a contract good counts)"""
    st = started(players=2, seed=1)
    p = st.decider
    st.row[0] = prospector("p03")                      # black, grey, grey
    st.contracts[p][c("grey")] = 2
    st.stock[p][c("black")] = 1
    st.play("sell p03")
    assert st.sold_goods[p][c("grey")] == 2 and st.sold_goods[p][c("black")] == 1


def test_highest_score_wins():
    """"The player with the highest Final Score wins." """
    st = scored_example()
    out = st.outcome()
    assert out.winners == (1,) and out.decided_by == "points" and st.returns()[1] > 0


def test_ties_most_prospectors_then_most_goods_then_shared():
    """"In the case of a tie, the player with the most Prospector Cards wins. If still a tie, the player
    with the most remaining Goods in their General Store Stock Area wins. If still a tie, share the
    victory!" """
    st = scored_example()
    st.sold_goods[1] = [0] * G                         # player 2 loses the +8: 18, 13, 18
    assert st.scores() == (18, 13, 18)
    out = st.outcome()
    assert out.winners == (2,) and out.decided_by == "prospectors"      # 6 sales against 5
    st.bonus = [3, 3, 3]                               # bonus cards worth nothing: provision points only
    st.sold[2] = list(st.sold[0])
    st.sold[1] = st.sold[1][:1]
    for s in st.stock:
        s[:] = [0] * G
    st.stock[0][0] = 1
    assert st.scores()[0] == st.scores()[2] > st.scores()[1] and len(st.sold[0]) == len(st.sold[2])
    out = st.outcome()
    assert out.winners == (0,) and out.decided_by == "goods"
    st.stock[2][1] = 1
    out = st.outcome()
    assert out.winners == (0, 2) and out.decided_by == "tie" and out.winner is None


# --------------------------------------------------------------------------- house rule: seat compensation

def test_seat_compensation_adds_points_by_place_in_the_turn_order():
    """House rule (`compensation`, rulebook: "each player adds to the final score the points given to
    their place in the turn order, counted from the first player, who holds the gold nugget in the
    first month")."""
    rules = variant(compensation=[{"players": 3, "points": [1, 0, 4]}])
    base = advance(new_game(RULES, seed=6, players=3, first_player=1), lambda s: False)
    st = advance(new_game(rules, seed=6, players=3, first_player=1), lambda s: False)
    assert st.is_terminal() and st.history == base.history    # the same game: only the score changes
    # seat 1 is the first player, seat 2 the second, seat 0 the third
    assert [st.compensation_points(p) for p in range(3)] == [4, 1, 0]
    for p in range(3):
        assert st.score(p) == st.provision_points(p) + st.bonus_points(p) + st.compensation_points(p)
        assert st.score(p) == base.score(p) + (4, 1, 0)[p]
    assert st.view(0)["compensation"] == [4, 1, 0] and base.view(0)["compensation"] == [0, 0, 0]


def test_seat_compensation_decides_the_winner_and_only_at_its_number_of_players():
    """House rule: the compensation is part of the final score, so it can decide who wins; a number of
    players it does not list plays without one."""
    rules = variant(compensation=[{"players": 3, "points": [0, 0, 100]}])
    for first in range(3):
        st = advance(new_game(rules, seed=2, players=3, first_player=first), lambda s: False)
        assert st.outcome().winners == ((first + 2) % 3,) and st.outcome().decided_by == "points"
    two = advance(new_game(rules, seed=2, players=2), lambda s: False)
    plain = advance(new_game(RULES, seed=2, players=2), lambda s: False)
    assert two.scores() == plain.scores() and two.view(0)["compensation"] == [0, 0]
    assert rules.compensation_for(2) == (0, 0) and rules.compensation_for(3) == (0, 0, 100)
