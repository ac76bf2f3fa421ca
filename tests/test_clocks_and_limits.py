"""The house-rule vocabulary of clocks, limits and structures: each rule's sentence and its play, together.

- ``end.conditions: [{clock: {rounds: N}}]`` / ``{turns: N}``: the game is over at the end of the turn
  that completes N rounds (N turns), that turn played whole;
- the metrics ``round`` and ``turn``: the round and turn numbers, from 1;
- ``resources.<id>.cap``: what a player keeps at the end of their turn, at most;
- ``scoring.measures``: VP for each full ``per`` of a measure, counted in the score;
- ``structures.<id>.copies``: how many players in all may build a structure;
- the ``structures`` metric's ``income``: only the structures with an income.

Both engines play each rule (the differential test's generated house rules draw them too).
"""
from __future__ import annotations

import random

import pytest

from rulekit import i18n
from rulekit.engine import new_game
from rulekit.language import load_ruleset
from rulekit.text import sentences as s
from rulekit.text.diff import rule_diff
from rulekit.text.rulebook import render_markdown

from scenario import variant

# The edition's own ends, which a clock joins (a list replaces the base's list).
EDITION_ENDS = [{"player_condition": {"metric": "structures", "at_least": 7}},
                {"all_structures_built": {}}, {"goals_exhausted": {}}]
# Ends no random game reaches early: the clock decides.
FAR_ENDS = [{"player_condition": {"metric": "structures", "at_least": 8}}]


def play_randomly(st, seed, until=None):
    """Random legal actions until the game is over (or ``until(st)`` holds); returns the turns seen."""
    rng = random.Random(seed)
    while not st.is_terminal() and not (until and until(st)):
        st.apply(rng.choice(st.legal_actions()))
    return st


def turns_per_seat(st):
    """How many turns each seat began (from the log of the turns' ends and the current one)."""
    n = st.n_players
    counts = [0] * n
    seat = st.first
    for _ in range(st.turn + 1):
        counts[seat] += 1
        seat = st.c.next_seat[seat]
    return counts


# ------------------------------------------------------------------- clocks

@pytest.mark.parametrize("base,players", [("province-en", 2), ("province-3p", 3)])
@pytest.mark.parametrize("rounds", [1, 3, 5])
def test_a_clock_of_rounds_ends_the_game_when_every_player_has_had_that_many_turns(tmp_path, base, players, rounds):
    """"Round N is over: every player has had N turns (the game ends after the last player's turn of that
    round).\""""
    rs = load_ruleset(variant(tmp_path, {"end": {"conditions": FAR_ENDS + [{"clock": {"rounds": rounds}}]}},
                              base=base, name=f"clock-{base}-{rounds}"))
    cond = rs.data["end"]["conditions"][-1]
    assert s.end_condition_sentence(rs.data, cond).startswith(
        f"Round {rounds} is over: every player has had {rounds} turn" if rounds > 1 else "Round 1 is over: every player has had a turn")
    for seed in range(4):
        st = play_randomly(new_game(rs, seed=seed), seed)
        assert st.is_terminal()
        assert st.end_reason == "clock"
        assert turns_per_seat(st) == [rounds] * players        # every player had N turns, no more
        assert st.metric("round", st.current) == rounds       # the last turn was in round N


def test_a_clock_of_turns_counts_every_players_turns(tmp_path):
    """"N turns have been played, counting every player's turns (the game ends after the last of them).\""""
    rs = load_ruleset(variant(tmp_path, {"end": {"conditions": FAR_ENDS + [{"clock": {"turns": 5}}]}},
                              base="province-3p", name="clock-turns"))
    assert s.end_condition_sentence(rs.data, rs.data["end"]["conditions"][-1]).startswith(
        "5 turns have been played, counting every player's turns")
    st = play_randomly(new_game(rs, seed=2), 2)
    assert st.turn + 1 == 5 and turns_per_seat(st) == [2, 2, 1]


def test_with_finish_round_a_clock_of_turns_lets_the_round_finish(tmp_path):
    """end.finish_round with a clock that stops inside a round: the others play on to its end."""
    rs = load_ruleset(variant(tmp_path, {"end": {"conditions": FAR_ENDS + [{"clock": {"turns": 5}}],
                                                 "finish_round": True}},
                              base="province-3p", name="clock-turns-round"))
    st = play_randomly(new_game(rs, seed=2), 2)
    assert turns_per_seat(st) == [2, 2, 2] and st.end_reason == "clock"


def test_a_clock_is_not_met_before_its_last_turn_is_over(tmp_path):
    """During the last turn the clock does not yet hold, and an ending is announced only when that turn ends."""
    rs = load_ruleset(variant(tmp_path, {"end": {"conditions": FAR_ENDS + [{"clock": {"rounds": 2}}]}},
                              name="clock-last-turn"))
    st = play_randomly(new_game(rs, seed=5), 5, until=lambda st: st.turn == 3)
    assert not st.is_terminal() and not st.ending and st.end_conditions_met() == []
    st = play_randomly(st, 6)
    assert st.end_conditions_met() == [1] and [e for e in st.log if e[0] == "ending"][0][1] == (st.first + 1) % 2


def test_the_first_end_wins_over_the_clock(tmp_path):
    """A clock is one end among the others: an edition's end met before it ends the game for its own reason."""
    rs = load_ruleset(variant(tmp_path, {"end": {"conditions": EDITION_ENDS + [{"clock": {"rounds": 500}}]}},
                              name="clock-far"))
    reasons = {play_randomly(new_game(rs, seed=seed), seed).end_reason for seed in range(6)}
    assert "clock" not in reasons and reasons <= {"player_condition", "all_structures_built", "goals_exhausted"}


def test_the_round_and_turn_metrics_count_from_one(tmp_path):
    """"The round number is at least 2" is met from the first turn of round 2, by the player who plays it."""
    goal = {"late": {"name": "Late", "check": "immediate", "condition": {"metric": "round", "at_least": 2}}}
    rs = load_ruleset(variant(tmp_path, {"goals": goal, "components": {"goal_tokens": {"draw": 1}},
                                         "end": {"conditions": FAR_ENDS + [{"clock": {"rounds": 3}}]}},
                              name="round-goal"))
    gid = rs.data["goals"]
    assert s.goal_sentence(rs.data, "late").startswith("The round number is at least 2")
    for seed in range(300):                   # the goal turned up first: one seed in ten
        st = new_game(rs, seed=seed)
        if st.c.goal_ids[st.face_up] != "late":
            continue
        assert st.metric("round", st.first) == 1 and st.metric("turn", st.first) == 1
        st = play_randomly(st, seed, until=lambda st: st.turn == 2)
        assert st.metric("round", st.current) == 2 and st.metric("turn", st.current) == 3
        assert st.claimed[st.current] == [st.c.goal_ids.index("late")]
        break
    else:
        pytest.fail(f"no seed turned up the goal in {sorted(gid)}")


# ------------------------------------------------------------------- limits

def test_a_cap_discards_what_is_over_it_at_the_end_of_the_turn(tmp_path):
    """"At the end of your turn you keep at most 2 Labor: the rest is discarded.\""""
    rs = load_ruleset(variant(tmp_path, {"resources": {"labor": {"end_of_turn": "kept", "cap": 2}}}, name="cap"))
    assert s.resource_end_sentence(rs.data, "labor").endswith(
        "At the end of your turn you keep at most 2 Labor: the rest is discarded.")
    labor = rs.data and new_game(rs).c.pool_ids.index("labor")
    above = 0
    for seed in range(6):
        st = new_game(rs, seed=seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            p, turn = st.current, st.turn
            held = st.held(p, labor)
            st.apply(rng.choice(st.legal_actions()))
            if st.turn != turn and not st.is_terminal():       # p's turn ended: kept, up to 2
                after = st.held(p, labor)
                assert after <= 2
                above += held > 2 and after == 2
    assert above                                               # some turns ended above the cap


def test_kept_labor_without_a_cap_is_all_kept(tmp_path):
    """The cap's counterpart: without one, kept Labor grows past 2 in some game."""
    rs = load_ruleset(variant(tmp_path, {"resources": {"labor": {"end_of_turn": "kept"}}}, name="no-cap"))
    labor = new_game(rs).c.pool_ids.index("labor")
    most = 0
    for seed in range(6):
        st = new_game(rs, seed=seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            st.apply(rng.choice(st.legal_actions()))
            most = max(most, *(st.held(p, labor) for p in range(2)))
    assert most > 2


# ---------------------------------------------------------------- measures

def test_measures_score_what_their_sentence_says(tmp_path):
    """"At the end, each player scores 2 VP for each structure with an income they own." and "… loses 1 VP
    for each full 2 Labor they hold.\""""
    measures = [{"metric": "structures", "income": True, "vp": 2},
                {"metric": "held", "resource": "labor", "per": 2, "vp": -1}]
    rs = load_ruleset(variant(tmp_path, {"scoring": {"measures": measures},
                                         "resources": {"labor": {"end_of_turn": "kept"}}}, name="measures"))
    assert s.measure_sentence(rs.data, measures[0]) == \
        "At the end, each player scores 2 VP for each structure with an income they own."
    assert s.measure_sentence(rs.data, measures[1]) == \
        "At the end, each player loses 1 VP for each full 2 Labor they hold."
    income = [sid for sid, st in rs.data["structures"].items() if any("income" in e for e in st.get("effects") or ())]
    assert income
    scored = 0
    for seed in range(6):
        st = play_randomly(new_game(rs, seed=seed), seed)
        for p in range(2):
            owned = [sid for i, sid in enumerate(st.c.struct_ids) if st.owned[p] >> i & 1]
            expected = 2 * sum(1 for sid in owned if sid in income) - st.held(p, st.c.pool_ids.index("labor")) // 2
            assert st.score_by_source(p)["measures"] == expected
            assert st.score(p) == sum(st.score_by_source(p).values())
            scored += expected != 0
    assert scored


def test_a_structures_condition_may_count_only_those_with_an_income(tmp_path):
    """"Own at least 1 structure with an income." is met once you own a structure with an income."""
    goal = {"earner": {"name": "Earner", "check": "immediate",
                       "condition": {"metric": "structures", "income": True, "at_least": 1}}}
    rs = load_ruleset(variant(tmp_path, {"goals": goal}, name="income-goal"))
    assert s.goal_sentence(rs.data, "earner").startswith("Own at least 1 structure with an income.")
    cond = new_game(rs).c.goal_cond[new_game(rs).c.goal_ids.index("earner")]
    income = {i for i, sid in enumerate(rs.data["structures"])
              if any("income" in e for e in rs.data["structures"][sid].get("effects") or ())}
    for seed in range(4):
        st = new_game(rs, seed=seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            st.apply(rng.choice(st.legal_actions()))
            for p in range(2):
                assert cond.holds(st, p) == any(st.owned[p] >> i & 1 for i in income)


# -------------------------------------------------------------- structures

def test_a_structure_with_one_copy_is_built_by_one_player_only(tmp_path):
    """"Only one player in all may build it: once it is built, nobody else can.\""""
    rs = load_ruleset("one-of-each")
    assert s.copies_sentence(rs.data, "bank") == "Only one player in all may build it: once it is built, nobody else can."
    assert s.copies_sentence(rs.data, "mill") == "Each player may build it once."
    c = new_game(rs).c
    limited = [c.struct_ids.index("bank"), c.struct_ids.index("village")]
    built_once = 0
    for seed in range(10):
        st = new_game(rs, seed=seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            for s_ in limited:
                owners = sum(st.owned[p] >> s_ & 1 for p in range(2))
                assert owners <= 1
                if owners:
                    assert c.build_action[s_] not in st.legal_actions()
            st.apply(rng.choice(st.legal_actions()))
        built_once += sum(any(st.owned[p] >> s_ & 1 for p in range(2)) for s_ in limited)
    assert built_once


def test_without_a_copy_limit_both_players_build_the_same_structure(tmp_path):
    """The limit's counterpart: in the edition, some random game has both players owning the Bank or Village."""
    rs = load_ruleset("province-en")
    c = new_game(rs).c
    both = 0
    for seed in range(10):
        st = play_randomly(new_game(rs, seed=seed), seed)
        both += any(all(st.owned[p] >> c.struct_ids.index(sid) & 1 for p in range(2)) for sid in ("bank", "village"))
    assert both


# ----------------------------------------------------------- the examples

@pytest.mark.parametrize("rid", ["eight-rounds", "one-of-each"])
def test_the_example_house_rules_print_diff_and_play_in_both_languages(rid):
    rs = load_ruleset(rid)
    base = load_ruleset("province-en")
    for lang in ("en", "fr"):
        with i18n.language(lang):
            assert render_markdown(rs)
            assert rule_diff(base, rs)
    i18n.set_language("en")
    st = play_randomly(new_game(rs, seed=1), 1)
    assert st.is_terminal()


def test_eight_rounds_in_french_says_what_it_plays():
    rs = load_ruleset("eight-rounds")
    with i18n.language("fr"):
        clock = s.end_condition_sentence(rs.data, rs.data["end"]["conditions"][-1])
        measure = s.measures_sentence(rs.data)
        cap = s.resource_end_sentence(rs.data, "labor")
    i18n.set_language("en")
    assert "8" in clock and clock != s.end_condition_sentence(rs.data, rs.data["end"]["conditions"][-1])
    assert "1" in measure and "4" in cap
