"""Conditions on effects and relative measures: each rule's sentence and its play, together.

- the metrics ``vp_lead`` (your VP minus the best other player's, 0 when not ahead), ``vp_behind``
  (the best other player's VP minus yours, 0 when leading or level) and ``rank`` (1 for the most VP,
  ties sharing the better rank);
- a condition's ``compare: most | fewest`` (no other player has more / fewer; ties count);
- ``if: CONDITION`` inside an ``income``, ``gain``, ``space_yield`` or ``space_bonus``: the effect
  applies only when its owner meets the condition at the moment it would apply; the effects that last
  (unlock_worker, conversion, borrowing, ship_benefit, long_move) refuse one.

Both engines play each rule (the differential test's generated house rules draw them too).
"""
from __future__ import annotations

import random

import pytest

from rulekit import i18n
from rulekit.engine import new_game
from rulekit.engine.game import Condition
from rulekit.language import load_ruleset, validate_path
from rulekit.play import screen, story
from rulekit.text import sentences as s
from rulekit.text.diff import rule_diff
from rulekit.text.rulebook import render_markdown

import scenario as S
from scenario import variant


def play_randomly(st, seed):
    rng = random.Random(seed)
    while not st.is_terminal():
        st.apply(rng.choice(st.legal_actions()))
    return st


def holds(st, spec, p):
    """Whether seat ``p`` meets the condition ``spec`` now (compiled as the engine compiles a goal's)."""
    return Condition(st.c, spec).holds(st, p)


def three_players_at(kits):
    """A three-player game where each seat owns these structures (as their first builder)."""
    st = S.new("province-3p", players=3)
    for p, names in enumerate(kits):
        S.give_structures(st, p, *names, check_requires=False)
    return st


AHEAD = (("camp", "village", "mill"), ("lender", "bank"), ())     # 4, 3 and 0 VP
LEVEL = ((), ("camp", "village"), ("lender", "bank"))             # 0, 3 and 3 VP


# ------------------------------------------------------------ relative measures

def test_vp_lead_behind_and_rank_measure_every_player():
    st = three_players_at(AHEAD)
    assert st.scores() == (4, 3, 0)
    assert [st.metric("vp_lead", p, 0) for p in range(3)] == [1, 0, 0]
    assert [st.metric("vp_behind", p, 0) for p in range(3)] == [0, 1, 4]
    assert [st.metric("rank", p, 0) for p in range(3)] == [1, 2, 3]


def test_players_level_share_the_better_rank_and_nobody_leads():
    st = three_players_at(LEVEL)
    assert st.scores()[1] == st.scores()[2] > st.scores()[0]
    assert [st.metric("rank", p, 0) for p in range(3)] == [3, 1, 1]
    assert [st.metric("vp_lead", p, 0) for p in range(3)] == [0, 0, 0]
    assert st.metric("vp_behind", 1, 0) == st.metric("vp_behind", 2, 0) == 0


@pytest.mark.parametrize("metric, you, player", [
    ("vp_lead", "Lead by at least 2 VP (your VP minus the best other player's; 0 when you are not ahead).",
     "A player leads by at least 2 VP (their VP minus the best other player's; 0 when they are not ahead)."),
    ("vp_behind", "Trail by at least 2 VP (the best other player's VP minus yours; 0 when you lead or are level).",
     "A player trails by at least 2 VP (the best other player's VP minus theirs; 0 when they lead or are level)."),
    ("rank", "Have the rank at least 2 on VP (rank 1 has the most VP; players with equal VP share the better rank).",
     "A player has the rank at least 2 on VP (rank 1 has the most VP; players with equal VP share the better rank)."),
])
def test_each_relative_measure_beside_its_sentence(metric, you, player):
    """The sentence in both persons, and the condition met exactly as it says (4, 3 and 0 VP)."""
    data = load_ruleset("province-3p").data
    spec = {"metric": metric, "at_least": 2}
    assert s.condition_sentence(data, spec) == you
    assert s.end_condition_sentence(data, {"player_condition": spec}).startswith(player)
    st = three_players_at(AHEAD)
    met = [holds(st, spec, p) for p in range(3)]
    assert met == {"vp_lead": [False, False, False], "vp_behind": [False, False, True],
                   "rank": [False, True, True]}[metric]
    with i18n.language("fr"):
        french = s.condition_sentence(data, spec)
    i18n.set_language("en")
    assert french != you and "PV" in french


@pytest.mark.parametrize("metric", ["vp_lead", "vp_behind", "rank"])
def test_a_measure_of_the_vp_themselves_is_refused(tmp_path, metric):
    problems = validate_path(variant(tmp_path, {"scoring": {"measures": [{"metric": metric, "vp": 1}]}}))
    assert [p.message for p in problems] == [
        "VP cannot be counted from the VP themselves: choose another metric for this measure"]


# ------------------------------------------------------------------- compare

def test_compare_most_and_fewest_count_ties():
    """"No other player has more / fewer; ties count": players level at the top all meet most."""
    st = three_players_at(AHEAD)
    most = {"metric": "structures", "compare": "most"}
    fewest = {"metric": "structures", "compare": "fewest"}
    assert [holds(st, most, p) for p in range(3)] == [True, False, False]
    assert [holds(st, fewest, p) for p in range(3)] == [False, False, True]
    S.give_structures(st, 1, "harbor")                  # seat 1 draws level with seat 0: 3 structures each
    assert [holds(st, most, p) for p in range(3)] == [True, True, False]
    bounded = {"metric": "structures", "compare": "most", "at_least": 5}
    assert not any(holds(st, bounded, p) for p in range(3))   # both bounds hold, or it is not met


def test_compare_beside_its_sentence():
    data = load_ruleset("province-en").data
    assert s.condition_sentence(data, {"metric": "structures", "compare": "most"}) == (
        "Own the most structures. Compared with every other player; ties count: players level at the top all meet it.")
    assert s.condition_sentence(data, {"metric": "coin_value", "compare": "fewest"}).startswith(
        "Hold the fewest Coin")
    assert s.condition_sentence(data, {"metric": "structures", "compare": "most", "at_least": 3}) == (
        "Own at least 3 structures. No other player may have more (ties count: players level at the top all meet it).")
    assert s.end_condition_sentence(data, {"player_condition": {"metric": "vp", "compare": "fewest", "at_most": 4}}).startswith(
        "A player has at most 4 VP. No other player may have less (ties count: players level at the bottom all meet it).")


def test_compare_may_stand_without_bounds_and_refuses_another_value(tmp_path):
    good = variant(tmp_path, {"goals": {"structure": {"condition": {"metric": "structures", "compare": "most"}}}},
                   name="most")
    assert not validate_path(good)
    bad = variant(tmp_path, {"goals": {"structure": {"condition": {"metric": "structures", "compare": "best"}}}},
                  name="best")
    assert any("most, fewest" in p.message for p in validate_path(bad))


# ---------------------------------------------------------- conditional effects

def almshouse(tmp_path, effect, name="alms"):
    """province-en with an Almshouse whose one effect is ``effect``."""
    return load_ruleset(variant(tmp_path, {"structures": {"almshouse": {
        "name": "Almshouse", "cost": {"labor": 1}, "vp": {"first": 0, "later": 0}, "effects": [effect]}}}, name=name))


POOR = {"metric": "coin_value", "at_most": 2}


@pytest.mark.parametrize("coins, paid", [(2, True), (3, False)])
def test_a_conditional_income_pays_only_when_its_owner_meets_it_at_the_start_of_their_turn(tmp_path, coins, paid):
    rs = almshouse(tmp_path, {"income": {"labor": 1, "if": POOR}})
    effect = rs.data["structures"]["almshouse"]["effects"][0]
    assert s.effect_sentence(rs.data, effect) == (
        "At the start of each of your turns, earn 1 Labor. Only if you meet this condition at that moment: "
        "hold at most 2 Coin (the total value of your coins).")
    st = new_game(rs, first_player=0)
    S.give_structures(st, 1, "almshouse")
    S.set_value(st, 1, coins)
    S.quick_turn(st)                                     # seat 1's turn starts: the income is checked
    assert st.current == 1 and S.labor(st) == (1 if paid else 0)
    assert st.log[-1] == ("if", 1, st.c.struct_ids.index("almshouse"), "income", paid)
    line = story.start_income_line(st, ["Ann", "Bob"], coins)
    assert ("Almshouse" in line) == paid
    told = screen.event_line(st, st.log[-1], ["Ann", "Bob"])
    assert (told == "") == paid
    if not paid:
        assert told == "Bob does not meet the condition of the Almshouse's effect: it gives nothing this time."


@pytest.mark.parametrize("behind, paid", [(2, True), (1, False)])
def test_the_catch_up_income_pays_the_player_behind(behind, paid):
    rs = load_ruleset("catch-up")
    st = S.new("catch-up")
    S.give_structures(st, 1, "almshouse")                # 1 VP
    S.give_structures(st, 0, *(("camp", "village") if behind == 2 else ("camp", "lender")))   # 3 or 2 VP
    S.set_value(st, 0, 1)
    S.set_value(st, 1, 1)
    assert st.metric("vp_behind", 1, st.c.lender_penalty) == behind
    S.quick_turn(st)
    assert st.coin_value(1) == 1 + (2 if paid else 0)


@pytest.mark.parametrize("coins, paid", [(0, True), (3, False)])
def test_a_conditional_gain_is_paid_only_when_its_builder_meets_it_as_it_is_paid(tmp_path, coins, paid):
    rs = almshouse(tmp_path, {"gain": {"when": "built", "labor": 2, "if": POOR}})
    assert s.effect_sentence(rs.data, rs.data["structures"]["almshouse"]["effects"][0]).startswith(
        "When you build it, earn 2 Labor at once. Only if you meet this condition at that moment:")
    st = new_game(rs, first_player=0)
    S.spending(st, labor=1)
    S.set_value(st, 0, coins)
    st.play("build almshouse")
    assert S.labor(st) == (2 if paid else 0)


@pytest.mark.parametrize("coins, replaced", [(1, True), (4, False)])
def test_a_conditional_yield_replaces_the_space_only_when_its_owner_meets_it_as_the_worker_lands(tmp_path, coins,
                                                                                                 replaced):
    rs = almshouse(tmp_path, {"space_yield": {"space": "labor_low", "labor": 3, "if": POOR}})
    assert "instead of 1 Labor. Only if you meet this condition at that moment:" in s.effect_sentence(
        rs.data, rs.data["structures"]["almshouse"]["effects"][0])
    st = new_game(rs, first_player=0)
    S.give_structures(st, 0, "almshouse")
    S.set_value(st, 0, coins)
    S.place_worker(st, "green", "coin")
    st.play("move green@coin")                          # coin -> labor_low
    assert S.labor(st) == (3 if replaced else 1)


@pytest.mark.parametrize("coins, bonus", [(2, True), (3, False)])
def test_a_conditional_bonus_is_added_only_when_its_owner_meets_it_as_the_worker_lands(tmp_path, coins, bonus):
    rs = almshouse(tmp_path, {"space_bonus": {"space": "labor_low", "labor": 2, "if": POOR}})
    assert "on top of what the space gives (bonuses of several structures add up). Only if you meet" in s.effect_sentence(
        rs.data, rs.data["structures"]["almshouse"]["effects"][0])
    st = new_game(rs, first_player=0)
    S.give_structures(st, 0, "almshouse")
    S.set_value(st, 0, coins)
    S.place_worker(st, "green", "coin")
    st.play("move green@coin")
    assert S.labor(st) == (3 if bonus else 1)


def test_an_effect_that_lasts_refuses_a_condition_by_name(tmp_path):
    bad = variant(tmp_path, {"structures": {"camp": {"effects": [
        {"unlock_worker": {"worker": "camp", "if": POOR}}]}}})
    messages = [p.message for p in validate_path(bad)]
    assert any(m.startswith("the effect unlock_worker takes no condition (if)") for m in messages), messages


# ----------------------------------------------------------------- the example

def test_catch_up_prints_diffs_and_plays_in_both_languages():
    rs = load_ruleset("catch-up")
    base = load_ruleset("province-en")
    texts = {}
    for lang in ("en", "fr"):
        with i18n.language(lang):
            texts[lang] = (render_markdown(rs), [c.new for c in rule_diff(base, rs) if c.new],
                           s.effect_sentence(rs.data, rs.data["structures"]["almshouse"]["effects"][0]))
    i18n.set_language("en")
    assert "Only if you meet this condition at that moment: trail by at least 2 VP" in texts["en"][0]
    assert any("No other player may have more" in line for line in texts["en"][1] if line)
    assert texts["fr"][1] and "Seulement si vous remplissez cette condition" in texts["fr"][2]
    paid = unmet = 0
    for seed in range(6):
        st = play_randomly(new_game(rs, seed=seed), seed)
        assert st.is_terminal()
        paid += sum(1 for e in st.log if e[0] == "if" and e[4])
        unmet += sum(1 for e in st.log if e[0] == "if" and not e[4])
    assert paid and unmet                                # both sides of the condition are played


def test_the_rulebooks_list_of_incomes_says_an_incomes_condition():
    """The start of a turn lists each income; a conditional one with its condition."""
    from rulekit.text.rulebook import render_markdown
    book = render_markdown(load_ruleset("catch-up"))
    assert "   - Almshouse: 2 Coin, only if: Trail by at least 2 VP" in book
