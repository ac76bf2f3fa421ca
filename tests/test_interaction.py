"""The house-rule vocabulary of interaction between players: each rule's sentence and its play, together.

- ``work_cycle.spaces[].toll``: a player moving a worker onto the space pays the amount to each other player
  who owns a worker already standing there — a sailor they hired, or a worker of a kind only they may move now
  (docs/readings.md) — coins purse to purse; a move whose tolls the mover cannot pay is not legal;
- the ``steal`` effect: as the structure is built, its builder takes the amount from the next player in turn
  order (``from: richest``: from the other player holding the most of the first resource named), as much as
  they have.

Each rule is played on both engines (the compiled core and its source run as pure Python), and every coin
is conserved: tolls and steals move coins between purses, never to or from nowhere.
"""
from __future__ import annotations

import random

import pytest

from rulekit import engine as fast_engine
from rulekit import i18n
from rulekit.engine import core
from rulekit.language import check_path, load_ruleset
from rulekit.play import screen
from rulekit.text import sentences as s
from rulekit.text.diff import rule_diff
from rulekit.text.rulebook import render_markdown

from scenario import coins_of, give_structures, place_worker, random_games_agree, set_purse, variant

PURE = core.load_source("rulekit._pure_interaction")
# Both engines where a core is compiled; the pure one alone where none is (they are then the same code).
ENGINES = [fast_engine.game] if fast_engine.ENGINE == "pure Python" else [fast_engine.game, PURE.game]
SPACES = [{"id": "labor_top", "yields": {"labor": 1}},
          {"id": "coin", "yields": {"coin": 1}, "toll": {"coin": 1}},
          {"id": "labor_low", "yields": {"labor": 1}}]


def toll_rules(tmp_path, base="province-en", toll=None, name="toll"):
    spaces = [dict(sp) for sp in SPACES]
    if toll is not None:
        spaces[1]["toll"] = toll
    return load_ruleset(variant(tmp_path, {"work_cycle": {"spaces": spaces}}, base=base, name=name))


def move_action(st, kind, frm):
    """The action index of the move of a worker of ``kind`` from ``frm``, legal or not."""
    return next(a for a in range(len(st.c.actions)) if st.notation(a) == f"move {kind}@{frm}")


def move(st, kind, frm):
    """Play the move of a worker of ``kind`` from space ``frm`` (by its notation)."""
    st.apply(st.parse(f"move {kind}@{frm}"))


# -------------------------------------------------------------------- tolls

@pytest.mark.parametrize("engine", ENGINES)
def test_a_toll_is_paid_to_the_player_whose_sailor_stands_there(tmp_path, engine):
    """"Toll on Coin: when your opponent's worker (a sailor they hired, or a worker of a kind only they may
    move) stands there, moving a worker onto it costs you 1 Coin, paid to your opponent\""""
    rs = toll_rules(tmp_path)
    assert s.toll_sentence(rs.data, rs.data["work_cycle"]["spaces"][1]) == (
        "Toll on Coin: when your opponent's worker (a sailor they hired or a worker of a kind only they may move) "
        "stands there, moving a worker onto it costs you 1 Coin, paid to your opponent; without it, you may not "
        "make that move.")
    st = engine.new_game(rs, seed=1, first_player=0)
    totals = coins_of(st)
    place_worker(st, "sailor", "coin", owner=1)
    set_purse(st, 0, silver=2)
    set_purse(st, 1, silver=0)
    move(st, "green", "labor_top")                  # onto Coin, where seat 1's sailor stands
    assert st.coin_value(0) == 2 - 1 + 1           # paid 1, then earned the space's 1
    assert st.coin_value(1) == 1
    assert ("toll", 0, 1, st.c.space_ids.index("coin")) in list(st.log)
    assert coins_of(st) == totals


@pytest.mark.parametrize("engine", ENGINES)
def test_no_toll_on_ones_own_sailor_or_a_shared_worker(tmp_path, engine):
    """The toll is paid to another player's worker only: one's own sailor, or a green worker (every player
    may move it), standing there costs nothing."""
    rs = toll_rules(tmp_path)
    st = engine.new_game(rs, seed=1, first_player=0)
    place_worker(st, "sailor", "coin", owner=0)
    set_purse(st, 0, silver=2)
    before = st.coin_value(1)
    move(st, "green", "labor_top")                  # onto Coin: a green worker and seat 0's own sailor there
    assert st.coin_value(0) == 3 and st.coin_value(1) == before
    assert not [e for e in st.log if e[0] == "toll"]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_move_whose_toll_the_mover_cannot_pay_is_not_legal(tmp_path, engine):
    """"without it, you may not make that move": with an empty purse, the move onto the tolled space is not
    offered; once the mover has a coin it is."""
    rs = toll_rules(tmp_path)
    st = engine.new_game(rs, seed=1, first_player=0)
    place_worker(st, "sailor", "coin", owner=1)
    set_purse(st, 0, silver=0)
    onto_coin = move_action(st, "green", "labor_top")
    assert onto_coin not in st.legal_actions()
    assert st.parse("move green@coin") in st.legal_actions()        # elsewhere: legal
    set_purse(st, 0, silver=1)
    assert onto_coin in st.legal_actions()


@pytest.mark.parametrize("engine", ENGINES)
def test_a_worker_of_a_kind_only_one_player_may_move_is_theirs(tmp_path, engine):
    """The Camp worker, when seat 1 alone owns the Camp, is seat 1's: moving onto its space pays seat 1;
    when both own a Camp it is nobody's."""
    rs = toll_rules(tmp_path)
    st = engine.new_game(rs, seed=1, first_player=0)
    give_structures(st, 1, "camp")
    place_worker(st, "camp", "coin", frm="labor_top")
    set_purse(st, 0, silver=3)
    set_purse(st, 1, silver=0)
    totals = coins_of(st)
    move(st, "green", "labor_top")
    assert st.coin_value(1) == 1 and coins_of(st) == totals
    st2 = engine.new_game(rs, seed=1, first_player=0)
    give_structures(st2, 1, "camp")
    give_structures(st2, 0, "camp", first=False)
    place_worker(st2, "camp", "coin", frm="labor_top")
    set_purse(st2, 1, silver=0)
    move(st2, "green", "labor_top")
    assert st2.coin_value(1) == 0


@pytest.mark.parametrize("engine", ENGINES)
def test_with_three_players_each_other_owner_is_paid_once_in_turn_order(tmp_path, engine):
    """"costs 1 Coin paid to each other player whose worker ... stands there; without enough for all of
    them, you may not make that move\""""
    rs = toll_rules(tmp_path, base="province-3p", name="toll-3p")
    assert "paid to each other player whose worker" in s.toll_sentence(rs.data, rs.data["work_cycle"]["spaces"][1])
    st = engine.new_game(rs, seed=1, first_player=0, players=3)
    place_worker(st, "sailor", "coin", owner=1)
    place_worker(st, "sailor", "coin", owner=2)
    set_purse(st, 1, silver=0)
    set_purse(st, 2, silver=0)
    set_purse(st, 0, silver=1)
    assert move_action(st, "green", "labor_top") not in st.legal_actions()   # 2 tolls, 1 Coin
    set_purse(st, 0, silver=2)
    totals = coins_of(st)
    move(st, "green", "labor_top")
    sp = st.c.space_ids.index("coin")
    assert [e for e in st.log if e[0] == "toll"] == [("toll", 0, 1, sp), ("toll", 0, 2, sp)]
    assert (st.coin_value(1), st.coin_value(2)) == (1, 1) and coins_of(st) == totals


@pytest.mark.parametrize("engine", ENGINES)
def test_a_toll_makes_change_between_the_two_purses(tmp_path, engine):
    """A 5 paid for a toll of 1: the payee gives 4 back from their own purse when they can."""
    rs = toll_rules(tmp_path)
    st = engine.new_game(rs, seed=1, first_player=0)
    place_worker(st, "sailor", "coin", owner=1)
    set_purse(st, 0, gold=1)
    set_purse(st, 1, silver=4)
    supply = st.supply
    move(st, "green", "labor_top")
    assert st.coin_value(1) == 5 and st.coin_value(0) == 4 + 1
    silver = st.c.coin_ids.index("silver")
    # the toll itself moved coins between the two purses only; the supply paid the space's yield (1 silver)
    assert st.supply[silver] == supply[silver] - 1


def test_random_games_with_a_toll_conserve_coins_and_agree_on_both_engines(tmp_path):
    rs = toll_rules(tmp_path, base="province-3p", name="toll-random")
    logs = random_games_agree(rs, ENGINES, range(6), players=3)
    assert sum(1 for log in logs for e in log if e[0] == "toll")


# -------------------------------------------------------------------- steals

def steal_rules(tmp_path, steal, base="province-en", name="steal"):
    return load_ruleset(variant(tmp_path, {"structures": {"den": {
        "name": "Den", "cost": "free", "vp": {"first": 1, "later": 0}, "effects": [{"steal": steal}]}}},
        base=base, name=name))


@pytest.mark.parametrize("engine", ENGINES)
def test_a_steal_takes_from_the_opponent_as_much_as_they_have(tmp_path, engine):
    """"When you build it, take 2 Coin from your opponent at once, as much as they have.\""""
    rs = steal_rules(tmp_path, {"coin": 2})
    assert s.effect_sentence(rs.data, {"steal": {"coin": 2}}) == \
        "When you build it, take 2 Coin from your opponent at once, as much as they have."
    for held, taken in ((5, 2), (1, 1), (0, 0)):
        st = engine.new_game(rs, seed=1, first_player=0)
        totals = coins_of(st)
        set_purse(st, 0, silver=0)
        set_purse(st, 1, silver=held)
        st._build(0, st.c.struct_ids.index("den"))
        assert (st.coin_value(0), st.coin_value(1)) == (taken, held - taken)
        assert st.log[-1] == ("steal", 0, 1, taken, st.c.no_pool)
        assert coins_of(st) == totals


@pytest.mark.parametrize("engine", ENGINES)
def test_a_steal_from_the_next_player_or_the_richest(tmp_path, engine):
    """"from the next player in turn order" / "from the other player who holds the most Labor (the first of
    them in turn order on a tie)\""""
    nxt = steal_rules(tmp_path, {"labor": 2}, base="province-3p", name="steal-next")
    rich = steal_rules(tmp_path, {"labor": 2, "from": "richest"}, base="province-3p", name="steal-rich")
    assert s.effect_sentence(nxt.data, {"steal": {"labor": 2}}) == \
        "When you build it, take 2 Labor at once from the next player in turn order, as much as they have."
    assert s.effect_sentence(rich.data, {"steal": {"labor": 2, "from": "richest"}}) == (
        "When you build it, take 2 Labor at once from the other player who holds the most Labor "
        "(the first of them in turn order on a tie), as much as they have.")
    for rs, victim in ((nxt, 1), (rich, 2)):
        st = engine.new_game(rs, seed=1, first_player=0, players=3)
        n = st.c.n_pool
        labor = st.c.pool_ids.index("labor")
        st.pool[0 * n + labor], st.pool[1 * n + labor], st.pool[2 * n + labor] = 0, 1, 3
        st._build(0, st.c.struct_ids.index("den"))
        assert st.pool[labor] == (1 if victim == 1 else 2)
        assert st.pool[victim * n + labor] == (0 if victim == 1 else 1)
        assert st.log[-1][:3] == ("steal", 0, victim)


def test_the_screen_tells_tolls_and_steals(tmp_path):
    rs = toll_rules(tmp_path)
    st = fast_engine.new_game(rs, seed=1, first_player=0)
    names = ["Ann", "Bob"]
    sp = st.c.space_ids.index("coin")
    assert screen.event_line(st, ("toll", 0, 1, sp), names) == "Ann pays 1 Coin to Bob as a toll on Coin."
    assert screen.event_line(st, ("steal", 1, 0, 2, st.c.no_pool), names) == "Bob takes 2 Coin from Ann."


def test_the_rulebook_has_a_toll_column_only_where_a_space_has_a_toll():
    book = render_markdown(load_ruleset("tolls"))
    assert "| Space | A worker landing here earns | Toll to another player's worker there | Workers at the start |" in book
    assert "Toll to another player" not in render_markdown(load_ruleset("province-en"))


def test_a_moves_choice_says_the_toll_it_pays(tmp_path):
    """The choice of a move onto a space with a toll says the toll, as the move's gain is net of it."""
    rs = toll_rules(tmp_path)
    st = fast_engine.new_game(rs, seed=1, first_player=0)
    place_worker(st, "sailor", "coin", owner=1)
    set_purse(st, 0, silver=2)
    onto_coin = move_action(st, "green", "labor_top")
    assert screen.describe(st, onto_coin).endswith(", after a toll of 1 Coin to 1 other player")
    other = move_action(st, "green", "coin")
    assert "toll" not in screen.describe(st, other)


# ---------------------------------------------------------------- the example

def test_the_example_house_rule_validates_prints_diff_and_plays():
    problems, warnings = check_path("rulesets/variants/tolls.yaml")
    assert problems == [] and warnings == []
    rs = load_ruleset("tolls")
    lines = [str(c) for c in rule_diff(load_ruleset("province-en"), rs)]
    assert any("toll" in line.lower() for line in lines)
    assert any("Toll House" in line for line in lines)
    book = render_markdown(rs)
    assert "Toll on Coin" in book and "take 2 Coin from your opponent" in book
    for engine in ENGINES:
        st = engine.new_game(rs, seed=3, first_player=0)
        totals = coins_of(st)
        rng = random.Random(3)
        while not st.is_terminal():
            st.apply(rng.choice(st.legal_actions()))
        assert coins_of(st) == totals


def test_the_example_in_french_says_what_it_plays():
    rs = load_ruleset("tolls")
    book = render_markdown(rs, lang="fr")
    assert "Péage sur Zone de Revenu\u202f: quand un Ouvrier de votre adversaire" in book
    assert "prenez aussitôt 2\u00a0Pièces à votre adversaire, autant qu’il en a" in book
    st = fast_engine.new_game(rs, seed=1, first_player=0)
    with i18n.language("fr"):
        line = screen.event_line(st, ("toll", 0, 1, st.c.space_ids.index("coin")), ["Ann", "Bob"])
    assert line == "Ann paie 1\u00a0Pièce à Bob pour le péage de Zone de Revenu."
