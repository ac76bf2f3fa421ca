"""A cap on the coins (issue 53, aim 2: "a cap on any holding, coins included"), on both engine paths.

``resources.coin.cap: N``: at the end of their turn a player holding coins worth more than N gives the excess
back to the supply as a payment is made (docs/coins.md: exactly when the coins can, else with change from the
supply, then from each change maker); when no one can make that change, the least larger amount the coins can
give. The coins given back are the engine's (the payment's policy), not the player's choice.
"""
from __future__ import annotations

import random

import pytest

from rulekit import engine as compiled
from rulekit import i18n
from rulekit.language import check_path, load_ruleset
from rulekit.play import screen
from rulekit.text import sentences as s
from rulekit.text.diff import render_text, rule_diff
from rulekit.text.rulebook import render_html
from scenario import set_phase, set_purse, variant
from test_engine_differential import PURE, play_both, policy_both

ENGINES = pytest.mark.parametrize("eng", [compiled, PURE], ids=["engine", "pure"])
CAP = 6


def capped(tmp_path, cap=CAP, name="coin-cap"):
    return load_ruleset(variant(tmp_path, {"resources": {"coin": {"cap": cap}}}, name=name))


def end_turn_holding(eng, rs, **coins):
    """Seat 0, in the spending phase holding exactly these coins, ends its turn; returns the state."""
    st = eng.game.new_game(rs, seed=1, first_player=0)
    set_phase(st, "spending")
    set_purse(st, 0, **coins)
    st.play("end")
    return st


@ENGINES
def test_the_excess_goes_back_to_the_supply_at_the_end_of_the_turn(eng, tmp_path):
    rs = capped(tmp_path)
    st = end_turn_holding(eng, rs, platinum=1, silver=2)            # worth 12, 6 over the cap
    # paid as a payment is: the 10 and a 1 given, a 5 back (the fewest coins back to the payer)
    assert st.coin_value(0) == CAP and st.purses[0] == (1, 1, 0)
    assert ("give_back", 0, 6) in list(st.log)
    assert st.spent == 0 or st.current != 0                 # given back, not spent


@ENGINES
def test_without_a_cap_the_coins_are_kept(eng):
    st = end_turn_holding(eng, load_ruleset("province-en"), platinum=1, silver=2)
    assert st.coin_value(0) == 12
    assert not any(e[0] == "give_back" for e in st.log)


@ENGINES
def test_at_or_under_the_cap_nothing_is_given_back(eng, tmp_path):
    st = end_turn_holding(eng, capped(tmp_path), gold=1, silver=1)
    assert st.coin_value(0) == CAP
    assert not any(e[0] == "give_back" for e in st.log)


@ENGINES
def test_paid_exactly_when_the_coins_can(eng, tmp_path):
    st = end_turn_holding(eng, capped(tmp_path), gold=2, silver=3)    # 13: 7 over, paid 5 + 1 + 1
    assert st.purses[0] == (1, 1, 0)                            # 1 x 1 and 1 x 5 kept: 6
    assert ("give_back", 0, 7) in list(st.log)


@ENGINES
def test_when_no_one_can_make_change_the_least_larger_amount_is_given(eng, tmp_path):
    rs = load_ruleset(variant(tmp_path, {"other_players": {"make_change": "nobody"},
                                         "resources": {"coin": {"cap": 7}}}, name="no-change"))
    st = eng.game.new_game(rs, seed=1, first_player=0)
    set_phase(st, "spending")
    set_purse(st, 0, platinum=1)
    set_purse(st, 1, silver=10)                  # every 1 with seat 1, who makes no change: the supply holds three 5s
    assert st.supply == (0, 3, 0)
    st.play("end")
    # 3 over the cap: the 10 cannot be changed for 7 nor 6; for 5 it can (the supply gives a 5 back)
    assert st.purses[0] == (0, 1, 0) and st.supply == (0, 2, 1)
    assert ("give_back", 0, 5) in list(st.log)


@ENGINES
def test_a_capped_game_never_leaves_a_player_over_the_cap_after_their_turn(eng, tmp_path):
    rs = capped(tmp_path, cap=4)
    gave = 0
    for seed in range(4):
        st = eng.game.new_game(rs, seed=seed, first_player=0)
        rng = random.Random(seed)
        while not st.is_terminal():
            p, turn = st.current, st.turn
            st._apply(rng.choice(st.legal_actions()))
            if st.turn != turn or st.is_terminal():
                assert st.coin_value(p) <= 4, f"seed {seed}: seat {p} ends its turn over the cap"
        gave += sum(1 for e in st.log if e[0] == "give_back")
        assert sum(st.c.coinage.value(h) for h in [st.supply, *st.purses]) == st.c.coinage.total_value
    assert gave > 0                                       # the cap was met in these games


def test_the_engines_play_the_same_capped_games(tmp_path):
    rs = capped(tmp_path, cap=5)
    for seed in range(6):
        play_both(rs, seed)
    for seed in range(3):
        policy_both(rs, seed)
    st = compiled.game.new_game(rs, seed=0, first_player=0)
    assert st.c.coin_cap == 5
    assert compiled.game.new_game(load_ruleset("province-en"), seed=0).c.coin_cap == -1


def test_the_cap_is_said_in_both_languages_the_diff_and_the_rulebook(tmp_path):
    rs = capped(tmp_path)
    with i18n.language("en"):
        text = s.labor_carry_sentence(rs.data)
        assert "At the end of your turn you keep at most 6 Coin: you give the rest back to the supply" in text
        base = load_ruleset("province-en")
        diff = render_text(rule_diff(base, rs), base, rs)
        assert "Coin kept at the end of a turn" in diff and "You keep all your Coin from turn to turn." in diff, diff
        assert "you keep at most 6 Coin" in render_html(rs)
    with i18n.language("fr"):
        text = s.labor_carry_sentence(load_ruleset(variant(tmp_path, {"resources": {"coin": {"cap": 6}}},
                                                            base="province-fr", name="plafond")).data)
        assert "vous gardez au plus 6" in text


def test_the_screen_tells_what_was_given_back(tmp_path):
    rs = capped(tmp_path)
    st = end_turn_holding(compiled, rs, platinum=1, silver=2)
    event = next(e for e in st.log if e[0] == "give_back")
    with i18n.language("en"):
        assert screen.event_line(st, event, ["You", "Bob"]) == "You keep at most 6 Coin: you give 6 Coin back to the supply."
        assert screen.event_line(st, event, ["Ann", "Bob"]) == "Ann keeps at most 6 Coin: gives 6 Coin back to the supply."


def test_a_cap_below_a_structure_s_coin_cost_is_a_warning(tmp_path):
    path = variant(tmp_path, {"resources": {"coin": {"cap": 3}}}, name="tight")
    problems, warnings = check_path(path)
    assert problems == []
    said = [w.message for w in warnings]
    assert any("bank costs 4 Coin, but a player keeps coins worth at most 3 from one turn to the next" in m for m in said), said
    assert check_path(variant(tmp_path, {"resources": {"coin": {"cap": 20}}}, name="loose")) == ([], [])
