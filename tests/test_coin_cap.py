"""A cap on the coins (issue 53, aim 2: "a cap on any holding, coins included (the player chooses what to give
back, change made by the usual rules)"), on both engine paths: the mechanism ``mechanics/caps.py``.

``resources.coin.cap: N``: at the end of their turn a player holding coins worth more than N gives the excess
back to the supply. They choose the coins they hand over, and the change is made by the usual rules (docs/coins.md:
the payment's keys, with the supply, then with each change maker); an option is the holding they keep. Where
there is one way, it is played at once; where there are several, the decision ``give_back`` is asked of them as
their turn ends, and the turn is closed once it is made. When no one can make change for the excess, the least
larger amount some hand-over can be changed for.
"""
from __future__ import annotations

import random

import pytest

from rulekit import engine as compiled
from rulekit import i18n
from rulekit.bots import make_bot
from rulekit.bots.base import play_game
from rulekit.engine.record import GameRecord, replay
from rulekit.language import check_path, load_ruleset
from rulekit.play import notation, screen
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
def test_where_there_are_several_ways_the_player_chooses_the_coins_kept(eng, tmp_path):
    rs = capped(tmp_path)
    st = end_turn_holding(eng, rs, platinum=1, silver=2)            # worth 12, 6 over the cap; the supply 5, 3, 0
    assert st.supply == (5, 3, 0)
    # asked of seat 0 as its turn ends: hand over the 10 and a 1 (a 5 back), or the 10 alone (four 1s back)
    assert st.pending and st.decider == 0 and st.current == 0 and st.coin_value(0) == 12
    assert [st.notation(a) for a in st.legal_actions()] == ["keep 1 gold 1 silver", "keep 6 silver"]
    assert not any(e[0] == "give_back" for e in st.log)
    other = st.clone()
    st.play("keep 6 silver")
    assert st.purses[0] == (6, 0, 0) and st.supply == (1, 3, 1)
    assert ("give_back", 0, 6) in list(st.log) and st.current == 1 and not st.pending
    other.play("keep 1 gold 1 silver")                            # the payment's own way: the fewest coins back
    assert other.purses[0] == (1, 1, 0) and other.supply == (6, 2, 1) and other.current == 1
    assert other.key() != st.key()


@ENGINES
def test_one_way_is_played_at_once(eng, tmp_path):
    st = end_turn_holding(eng, capped(tmp_path), gold=2)           # 10, 4 over: a 5 handed over, a 1 back
    assert not st.pending and st.current == 1
    assert st.purses[0] == (1, 1, 0) and ("give_back", 0, 4) in list(st.log)


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
    rs = capped(tmp_path, cap=5)
    gave = asked = 0
    for seed in range(4):
        st = eng.game.new_game(rs, seed=seed, first_player=0)
        rng = random.Random(seed)
        while not st.is_terminal():
            p, turn = st.current, st.turn
            if st.pending:
                asked += 1
                assert st.decider == p and st.coin_value(p) > 5
            st._apply(rng.choice(st.legal_actions()))
            if st.turn != turn or st.is_terminal():
                assert st.coin_value(p) <= 5, f"seed {seed}: seat {p} ends its turn over the cap"
        gave += sum(1 for e in st.log if e[0] == "give_back")
        assert sum(st.c.coinage.value(h) for h in [st.supply, *st.purses]) == st.c.coinage.total_value
    assert gave > 0 and asked > 0                         # the cap was met in these games, and asked


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
        assert ("At the end of your turn you keep at most 6 Coin: you give the rest back to the supply, choosing the "
                "coins you hand over, and change is made as for a payment") in text
        base = load_ruleset("province-en")
        diff = render_text(rule_diff(base, rs), base, rs)
        assert "Coin kept at the end of a turn" in diff and "You keep all your Coin from turn to turn." in diff, diff
        assert "you keep at most 6 Coin" in render_html(rs)
    with i18n.language("fr"):
        text = s.labor_carry_sentence(load_ruleset(variant(tmp_path, {"resources": {"coin": {"cap": 6}}},
                                                            base="province-fr", name="plafond")).data)
        assert "vous gardez au plus 6" in text and "en choisissant les Pièces que vous donnez" in text


def test_the_screen_tells_what_was_given_back(tmp_path):
    rs = capped(tmp_path)
    st = end_turn_holding(compiled, rs, gold=1, platinum=1)          # 15, 9 over: a 10 handed over, a 1 back
    event = next(e for e in st.log if e[0] == "give_back")
    with i18n.language("en"):
        assert screen.event_line(st, event, ["You", "Bob"]) == "You keep at most 6 Coin: you give 9 Coin back to the supply."
        assert screen.event_line(st, event, ["Ann", "Bob"]) == "Ann keeps at most 6 Coin: gives 9 Coin back to the supply."


def test_a_cap_below_a_structure_s_coin_cost_is_a_warning(tmp_path):
    path = variant(tmp_path, {"resources": {"coin": {"cap": 3}}}, name="tight")
    problems, warnings = check_path(path)
    assert problems == []
    said = [w.message for w in warnings]
    assert any("bank costs 4 Coin, but a player keeps coins worth at most 3 from one turn to the next" in m for m in said), said
    assert check_path(variant(tmp_path, {"resources": {"coin": {"cap": 20}}}, name="loose")) == ([], [])


@ENGINES
def test_a_game_that_stops_at_once_gives_the_excess_back_the_payment_s_way(eng, tmp_path):
    """No turn end to ask in: an end condition whose finish_turn is false stops the game during the turn, and the
    excess goes back as a payment of it is made (the 10 and a 1 handed over, a 5 back), without a decision."""
    rs = load_ruleset(variant(tmp_path, {"resources": {"coin": {"cap": CAP}}, "end": {
        "finish_turn": False, "conditions": [{"player_condition": {"metric": "coin_value", "at_least": 12}}]}},
        name="at-once"))
    st = eng.game.new_game(rs, seed=1, first_player=0)
    set_phase(st, "spending")
    set_purse(st, 0, platinum=1, silver=2)
    st.play("end")                                # the end's check, before the turn's end: the game stops
    assert st.is_terminal() and not st.pending and st.legal_actions() == []
    assert st.purses[0] == (1, 1, 0) and ("give_back", 0, 6) in list(st.log)


def test_the_choice_in_english_and_french_notation_and_screen(tmp_path):
    rs = capped(tmp_path)
    st = end_turn_holding(compiled, rs, platinum=1, silver=2)
    keep, small = st.legal_actions()
    with i18n.language("en"):
        assert notation.notation(st, keep) == "keep 1 gold 1 silver"
        assert screen.describe(st, small) == "Keep Silver ×6 and give the rest back to the supply"
        assert screen.report(st, keep, "Ann") == "Ann keeps Silver ×1, Gold ×1."
        assert screen.phase_hint(st).startswith("You hold 12 Coin, more than the 6 Coin you may keep: choose the coins")
    fr = load_ruleset(variant(tmp_path, {"resources": {"coin": {"cap": CAP}}}, base="province-fr", name="plafond"))
    st = compiled.game.new_game(fr, seed=2)
    p = st.current
    set_phase(st, "spending")
    set_purse(st, p, platinum=1, silver=2)
    set_purse(st, 1 - p, silver=0)
    st.play("end")
    assert st.pending, st.supply
    with i18n.language("fr"):
        said = [notation.notation(st, a) for a in st.legal_actions()]
        assert said == ["garder 1 or 1 argent", "garder 6 argent"], said
        assert st.legal_actions()[1] == notation.parse(st, "garder 6 argent")
        assert screen.describe(st, st.legal_actions()[1]) == "Garder Argent ×6 et rendre le reste à la réserve"
        assert screen.report(st, st.legal_actions()[0], "Vous") == "Vous gardez Argent ×1, Or ×1."
        assert screen.phase_hint(st).startswith("Vous avez 12\u00a0Pièces, plus que les 6\u00a0Pièces que vous pouvez garder\u202f:")


@pytest.mark.parametrize("bot,seed", [("random", 4), ("greedy", 0)])
def test_the_bots_choose_and_a_record_replays_the_choice(bot, seed, tmp_path):
    rs = capped(tmp_path, cap=5)
    st = compiled.game.new_game(rs, seed=seed)
    bots = [make_bot(bot, seed=1), make_bot(bot, seed=2)]
    asked = 0
    while not st.is_terminal():
        if st.pending:
            asked += 1
        st.apply(bots[st.decider].choose(st))
    assert asked
    record = GameRecord.for_state(rs, st, players=(f"bot:{bot}", f"bot:{bot}"))
    again = replay(GameRecord.from_json(record.to_json()), rs)
    assert sum(1 for t in record.actions if t.startswith("keep ")) == asked    # the choices, as notations
    assert again.key() == st.key() and list(again.log) == list(st.log)
