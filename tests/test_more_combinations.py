"""More combinations of issue 53 (aim 2), each checked beside the play it describes, on both engine paths.

- An event card's cost change on one structure (``cost: {structure: ID, add: ...}``, as before), on every
  structure (``cost: {structures: all, add: ...}``) or on a set of them (``cost: {structures: [A, B], add:
  ...}``): the set form compiles to one row per structure of the card's cost table, the table the one-structure
  form fills.
- An amount written per a metric (``income: {coin: {per: structures, income: true}}``, ``gain: {when: built,
  labor: {per: structures, each: 2}}``): measured for the owner as it is paid; an effect written with numbers
  only compiles to exactly the tables it always did.
- End-of-game VP with a condition on the owner: a measure of ``scoring.measures`` with ``if`` (the conditions
  effects take), scored only by a player who meets it ("1 VP for each structure with an income, for the Guild
  Hall's owner"; "3 VP if you own the Harbor").
"""
from __future__ import annotations

import pytest

from rulekit import engine as compiled
from rulekit import i18n
from rulekit.language import load_ruleset
from rulekit.play import screen
from rulekit.text import sentences as s
from rulekit.text.diff import render_text, rule_diff
from rulekit.text.rulebook import render_html
from scenario import begin_turn, give_structures, labor, set_labor, set_phase, set_value, variant
from test_engine_differential import PURE

ENGINES = pytest.mark.parametrize("eng", [compiled, PURE], ids=["engine", "pure"])


# ----------------------------------------------------------------- a cost change on a set of structures

def cost_card_rules(tmp_path, cost, name="cost-set"):
    """province-en with one deck of one card, revealed at the start of the first round and lasting the game."""
    return load_ruleset(variant(tmp_path, {"events": {"seasons": {
        "name": "Seasons", "reveal": "start_of_round", "lasts": "game",
        "cards": [{"id": "thrift", "name": "Thrift", "cost": cost}]}}}, name=name))


def printed_cost(rs, sid):
    spec = rs.data["structures"][sid]["cost"]
    return (0, 0) if spec == "free" else (spec.get("labor", 0), spec.get("coin", 0))


def cost_now(st, sid):
    """(Labor, Coin) building ``sid`` costs now, as the engine will take it."""
    s_ = st.c.struct_ids.index(sid)
    return st.ev_cost_pool[s_][st.c.pool_ids.index("labor")], st.ev_cost_coin[s_]


@ENGINES
@pytest.mark.parametrize("which, changed", [
    ("all", ["lender", "bank", "camp", "village", "mill", "smithy", "union", "harbor"]),
    (["mill", "camp"], ["mill", "camp"]),
])
def test_a_card_changes_the_cost_of_every_structure_of_its_set(eng, tmp_path, which, changed):
    rs = cost_card_rules(tmp_path, {"structures": which, "add": {"labor": -1, "coin": 1}})
    st = eng.game.new_game(rs, seed=1, first_player=0)
    assert [st.c.card_ids[e[1]] for e in st.ev_active] == ["thrift"]     # revealed at the first round's start
    for sid in rs.data["structures"]:
        labor, coin = printed_cost(rs, sid)
        expected = (max(0, labor - 1), coin + 1) if sid in changed else (labor, coin)
        assert cost_now(st, sid) == expected, sid
    # And the build takes that cost: the Mill for 1 Labor less and 1 Coin more.
    set_phase(st, "spending")
    labor, coin = printed_cost(rs, "mill")
    set_labor(st, labor - 1)
    set_value(st, 0, coin + 1)
    st.play("build mill")
    assert st.held(0, st.c.pool_ids.index("labor")) == 0 and st.coin_value(0) == 0


def test_the_set_form_compiles_to_one_row_per_structure(tmp_path):
    one = compiled.game.compile_ruleset(cost_card_rules(tmp_path, {"structure": "bank", "add": {"coin": 1}}, "one"))
    bank = one.struct_ids.index("bank")
    assert one.card_cost == [((bank, one.no_pool, 1),)]
    every = compiled.game.compile_ruleset(cost_card_rules(tmp_path, {"structures": "all", "add": {"coin": 1}}, "every"))
    assert every.card_cost == [tuple((s_, every.no_pool, 1) for s_ in range(every.n_struct))]


def test_the_words_in_both_languages(tmp_path):
    base = load_ruleset("province-en")
    every = cost_card_rules(tmp_path, {"structures": "all", "add": {"labor": -1}}, "every")
    some = cost_card_rules(tmp_path, {"structures": ["mill", "camp", "union"], "add": {"coin": -1}}, "some")
    card = every.data["events"]["seasons"]["cards"][0]
    assert s.card_sentence(every.data, card) == "Every structure costs 1 Labor less to build (never less than nothing)."
    assert ("Seasons deck — Thrift: Building the Mill, Camp, or Union costs 1 Coin less (never less than nothing). (new)"
            in render_text(rule_diff(base, some), base, some))
    assert "Every structure costs 1 Labor less to build" in render_html(every)
    with i18n.language("fr"):
        assert s.card_sentence(every.data, card) == ("Chaque Bâtiment coûte 1\u00a0point d’Ouvrage de moins à construire "
                                                     "(jamais moins que rien).")
        assert ("construire le Moulin, le Camp ou la Guilde coûte 1\u00a0Pièce de moins (jamais moins que rien)"
                in render_text(rule_diff(base, some), base, some))
    # The screen tells the card as it is revealed, and shows the costs it changed.
    st = compiled.game.new_game(every, seed=1, first_player=0)
    set_phase(st, "spending")
    lines = "\n".join(screen.cost_lines(st, ["You", "Computer"], width=200))
    labor, coin = printed_cost(every, "mill")
    assert screen.cost_text(st.ev_cost_pool[st.c.struct_ids.index("mill")], coin, st.c) in lines
    assert st.ev_cost_pool[st.c.struct_ids.index("mill")][0] == labor - 1


# ----------------------------------------------------------------- amounts per a metric

GUILD_HALL = {"name": "Guild Hall", "cost": {"labor": 2}, "vp": {"first": 1, "later": 0}, "effects": [
    {"income": {"coin": {"per": "structures", "income": True}}},
    {"gain": {"when": "built", "labor": {"per": "structures", "each": 2}}},
    {"gain": {"when": "end_of_game", "coin": {"per": "held", "resource": "labor"}}}]}


def per_rules(tmp_path, name="per"):
    return load_ruleset(variant(tmp_path, {"structures": {"guild_hall": GUILD_HALL}}, name=name))


def effects_text(rs):
    return " ".join(s.effect_sentence(rs.data, e) for e in rs.data["structures"]["guild_hall"]["effects"])


@ENGINES
def test_an_amount_per_a_metric_is_measured_as_it_is_paid(eng, tmp_path):
    rs = per_rules(tmp_path)
    st = eng.game.new_game(rs, seed=3, first_player=0)
    give_structures(st, 0, "mill", "camp")              # the Mill has an income (1 Labor); the Camp none
    set_phase(st, "spending")
    set_labor(st, 2)
    st.play("build guild_hall")
    assert labor(st) == 2 * 3                            # 2 Labor for each of the 3 structures owned, this one too
    # At the start of each turn: 1 Coin for each structure with an income (the Mill and the Guild Hall).
    before = st.coin_value(0)
    begin_turn(st, 0)
    assert st.coin_value(0) - before == 2
    give_structures(st, 0, "union")                    # a structure without an income counts for nothing
    before = st.coin_value(0)
    begin_turn(st, 0)
    assert st.coin_value(0) - before == 2


def test_the_words_of_an_amount_per_a_metric(tmp_path):
    rs = per_rules(tmp_path)
    text = effects_text(rs)
    assert "At the start of each of your turns, earn 1 Coin for each structure with an income you own." in text
    assert "earn 2 Labor for each structure you own" in text
    assert "earn 1 Coin for each Labor you hold" in text
    base = load_ruleset("province-en")
    assert "1 Coin for each structure with an income you own" in render_text(rule_diff(base, rs), base, rs)
    assert "1 Coin for each structure with an income you own" in render_html(rs)
    with i18n.language("fr"):
        text = effects_text(rs)
        assert "gagnez 1\u00a0Pièce par Bâtiment à revenu que vous possédez" in text
        assert "2\u00a0points d’Ouvrage par Bâtiment que vous possédez" in text
    # The screen's start-of-turn line says what the measure paid.
    from rulekit.play import story
    st = compiled.game.new_game(rs, seed=3, first_player=0)
    give_structures(st, 0, "mill", "guild_hall")
    before = st.coin_value(0)
    begin_turn(st, 0)
    assert "Guild Hall +2" in story.start_income_line(st, ["You", "Computer"], before)


def test_numbers_only_compile_to_the_same_tables(tmp_path):
    """The editions and a constant amount fill no table of their own: the same tables as before."""
    for rid in ("province-en", "province-fr"):
        c = compiled.game.compile_ruleset(load_ruleset(rid))
        assert c.per_income_mask == 0 and not any(c.per_income) and not any(c.per_gain)
    rs = per_rules(tmp_path)
    c = compiled.game.compile_ruleset(rs)
    hall = c.struct_ids.index("guild_hall")
    assert c.income_coin[hall] == 0 and c.built_pool[hall] == c.no_pool     # all of it is measured
    assert [row[1:] for row in c.per_income[hall]] == [(1, -1, None)]
    assert [(row[0],) + row[2:] for row in c.per_gain[hall]] == [("built", 2, 0, None), ("end_of_game", 1, -1, None)]


# ----------------------------------------------------------------- end-of-game VP with a condition on the owner

OWNER_MEASURES = [
    {"metric": "structures", "income": True, "vp": 1, "if": {"metric": "owns", "structure": "guild_hall", "at_least": 1}},
    {"metric": "owns", "structure": "harbor", "vp": 3, "if": {"metric": "owns", "structure": "guild_hall", "at_least": 1}},
]


def owner_rules(tmp_path, name="owner"):
    return load_ruleset(variant(tmp_path, {"structures": {"guild_hall": GUILD_HALL},
                                           "scoring": {"measures": OWNER_MEASURES}}, name=name))


@ENGINES
def test_only_the_owner_scores_a_measure_with_a_condition(eng, tmp_path):
    rs = owner_rules(tmp_path)
    st = eng.game.new_game(rs, seed=3, first_player=0)
    give_structures(st, 0, "mill", "harbor")
    give_structures(st, 1, "mill", "harbor")
    assert [st.score_by_source(p)["measures"] for p in (0, 1)] == [0, 0]     # nobody owns the Guild Hall yet
    give_structures(st, 0, "guild_hall")
    # Seat 0: the Mill and the Guild Hall have an income (2 VP), and the Harbor (3 VP); seat 1 the same but no Hall.
    assert [st.score_by_source(p)["measures"] for p in (0, 1)] == [5, 0]
    assert st.score(0) == sum(st.score_by_source(0).values())


def test_the_words_of_a_measure_with_a_condition(tmp_path):
    rs = owner_rules(tmp_path)
    text = s.measures_sentence(rs.data)
    assert ("At the end, each player scores 1 VP for each structure with an income they own. A player scores them "
            "only if they meet this condition at the end: own the Guild Hall.") in text
    assert "At the end, each player who owns the Harbor scores 3 VP." in text
    base = load_ruleset("province-en")
    assert "only if they meet this condition at the end: own the Guild Hall" in render_text(rule_diff(base, rs), base, rs)
    assert "only if they meet this condition at the end: own the Guild Hall" in render_html(rs)
    with i18n.language("fr"):
        text = s.measures_sentence(rs.data)
        assert "Un joueur ne les marque que s’il remplit cette condition à la fin\u202f: possédez" in text
        assert "À la fin, chaque joueur qui possède le Port marque 3\u00a0PV." in text
    # The end screen has its row of VP counted at the end.
    assert "measures" in screen.scored_sources(rs.data)
    assert screen.source_label("measures", rs.data) == "VP counted at the end"


# ----------------------------------------------------------------- both engine paths, whole games

def test_same_games_on_both_engine_paths(tmp_path):
    """Random and greedy games compared action by action between the compiled core and pure Python, on a
    deck whose cards change every structure's cost, a set's and one structure's."""
    from test_engine_differential import play_both, policy_both
    rs = load_ruleset(variant(tmp_path, {"events": {"seasons": {
        "name": "Seasons", "reveal": "start_of_turn", "lasts": "round", "cards": [
            {"id": "thrift", "name": "Thrift", "count": 3, "cost": {"structures": "all", "add": {"labor": -1}}},
            {"id": "fair", "name": "Fair", "count": 3, "cost": {"structures": ["mill", "camp", "union"],
                                                                "add": {"coin": -2, "labor": 1}}},
            {"id": "boom", "name": "Boom", "count": 3, "cost": {"structure": "bank", "add": {"coin": 1}}}]}}},
        name="seasons"))
    assert sum(play_both(rs, seed) for seed in range(12)) > 12 * 10
    assert sum(policy_both(rs, seed) for seed in range(3)) > 3 * 10


def test_amounts_per_a_metric_same_games_on_both_engine_paths(tmp_path):
    from test_engine_differential import play_both, policy_both
    rs = load_ruleset(variant(tmp_path, {"structures": {
        "guild_hall": GUILD_HALL,
        "mill": {"effects": [{"income": {"labor": 1, "coin": {"per": "coins_held", "coin": "silver"}}}]}}},
        name="per-both"))
    assert sum(play_both(rs, seed) for seed in range(12)) > 12 * 10
    assert sum(policy_both(rs, seed) for seed in range(3)) > 3 * 10


def test_measures_with_a_condition_same_games_on_both_engine_paths(tmp_path):
    from test_engine_differential import play_both, policy_both
    rs = owner_rules(tmp_path, "owner-both")
    assert sum(play_both(rs, seed) for seed in range(12)) > 12 * 10
    assert sum(policy_both(rs, seed) for seed in range(3)) > 3 * 10


# ----------------------------------------------------------------- an amount per a metric with a condition

GUILD_HALL_IF = {"name": "Guild Hall", "cost": {"labor": 2}, "vp": {"first": 1, "later": 0}, "effects": [
    {"income": {"coin": {"per": "structures"}, "if": {"metric": "vp_behind", "at_least": 1}}},
    {"gain": {"when": "built", "labor": {"per": "structures"}, "coin": 1, "if": {"metric": "structures", "at_least": 3}}}]}


def per_if_rules(tmp_path, name="per-if"):
    return load_ruleset(variant(tmp_path, {"structures": {"guild_hall": GUILD_HALL_IF}}, name=name))


@ENGINES
def test_an_amount_per_a_metric_with_a_condition_is_paid_only_when_it_holds(eng, tmp_path):
    rs = per_if_rules(tmp_path)
    hall_rows = eng.game.compile_ruleset(rs)
    st = eng.game.new_game(rs, seed=3, first_player=0)
    hall = st.c.struct_ids.index("guild_hall")
    give_structures(st, 0, "camp")                       # 2 structures with the Hall: the gain's condition fails
    set_phase(st, "spending")
    set_labor(st, 2)
    before = st.coin_value(0)
    st.play("build guild_hall")
    assert labor(st) == 0 and st.coin_value(0) == before
    assert ("if", 0, hall, "gain", False) in list(st.log)
    st = eng.game.new_game(rs, seed=3, first_player=0)
    give_structures(st, 0, "camp", "mill")               # 3 with the Hall: 3 Labor, and the Coin beside it
    set_phase(st, "spending")
    set_labor(st, 2)
    before = st.coin_value(0)
    st.play("build guild_hall")
    assert labor(st) == 3 and st.coin_value(0) == before + 1
    # The income: 1 Coin per structure, only while behind in VP.
    assert st.score(0) > st.score(1)
    before = st.coin_value(0)
    begin_turn(st, 0)
    assert st.coin_value(0) == before and ("if", 0, hall, "income", False) in list(st.log)
    give_structures(st, 1, "lender", "bank", "harbor", "union", "smithy", check_requires=False)
    assert st.score(0) < st.score(1)
    before = st.coin_value(0)
    begin_turn(st, 0)
    assert st.coin_value(0) - before == 3 and ("if", 0, hall, "income", True) in list(st.log)   # camp, mill, hall
    assert hall_rows.per_income[hall][0][3] is not None


def test_the_words_of_an_amount_per_a_metric_with_a_condition(tmp_path):
    rs = per_if_rules(tmp_path)
    first = s.effect_sentence(rs.data, rs.data["structures"]["guild_hall"]["effects"][0])
    assert first.startswith("At the start of each of your turns, earn 1 Coin for each structure you own. "
                            "Only if you meet this condition at that moment:"), first
    base = load_ruleset("province-en")
    assert "Only if you meet this condition" in render_text(rule_diff(base, rs), base, rs)
    with i18n.language("fr"):
        assert "par Bâtiment que vous possédez" in s.effect_sentence(rs.data, rs.data["structures"]["guild_hall"]["effects"][0])


def test_amounts_per_a_metric_with_a_condition_same_games_on_both_engine_paths(tmp_path):
    from test_engine_differential import play_both
    rs = per_if_rules(tmp_path, name="per-if-both")
    assert sum(play_both(rs, seed) for seed in range(8)) > 8 * 10
