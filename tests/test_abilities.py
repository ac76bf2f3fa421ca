"""Activated abilities (the ``abilities`` section) and an event card that sets a space's yield: each rule's
sentence and its play, together, on both engines (the compiled core and its source run as pure Python).

An ability: on their turn, in its phases, a player who owns what it ``requires`` pays its ``pay`` (the usual rules:
pool amounts held, coins to the supply with change) to take its ``steal`` amounts, as much as the other player has,
from the seat its ``from`` names (``chosen``: one action per other seat), at most ``per_turn`` times a turn. The
tests fail if the engine ignores the payment, the limit, the requirement or the seat.
"""
from __future__ import annotations

import random

import pytest

from rulekit import engine as fast_engine
from rulekit import i18n
from rulekit.bots import make_bot
from rulekit.bots.base import play_game
from rulekit.engine import core
from rulekit.engine.record import GameRecord, replay
from rulekit.language import check_path, load_ruleset
from rulekit.play import notation as notation_mod
from rulekit.play import screen
from rulekit.text import sentences as s
from rulekit.text.diff import rule_diff
from rulekit.text.rulebook import render_markdown

from scenario import coins_of, give_structures, random_games_agree, set_phase, set_purse, variant

PURE = core.load_source("rulekit._pure_abilities")
# Both engines where a core is compiled; the pure one alone where none is (they are then the same code).
ENGINES = [fast_engine.game] if fast_engine.ENGINE == "pure Python" else [fast_engine.game, PURE.game]
RAID = {"name": "Raid", "pay": {"labor": 2}, "per_turn": 1, "requires": ["camp"], "steal": {"from": "chosen", "coin": 2}}


def ability_rules(tmp_path, base="province-en", name="raid", **fields):
    ability = {**RAID, **fields}
    return load_ruleset(variant(tmp_path, {"abilities": {"raid": {k: v for k, v in ability.items() if v is not None}}},
                                base=base, name=name))


def labor_of(st, p):
    return st.pool[p * st.c.n_pool + st.c.pool_ids.index("labor")]


def set_labor_of(st, p, n):
    st.pool[p * st.c.n_pool + st.c.pool_ids.index("labor")] = n


def spending(engine, rs, players=None):
    """A game at seat 0's Resource Spending Phase (first player seat 0), seat 0 owning the Camp with 4 Labor, every
    other seat 3 Coin."""
    st = engine.new_game(rs, seed=1, first_player=0, players=players)
    give_structures(st, 0, "camp")
    set_phase(st, "spending")
    set_labor_of(st, 0, 4)
    for q in range(st.c.n_players):
        set_purse(st, q, silver=3 if q else 0)
    return st


def uses(st):
    return [a for a in st.legal_actions() if st.c.actions[a].kind == fast_engine.game.USE]


# ------------------------------------------------------------------ the rule, played

@pytest.mark.parametrize("engine", ENGINES)
def test_a_use_pays_takes_from_the_seat_chosen_and_counts(tmp_path, engine):
    """"Raid: In your Resource Spending Phase, at most 1 time per turn. You pay 2 Labor and take 2 Coin from another
    player of your choice, as much as they have.\""""
    rs = ability_rules(tmp_path, base="province-3p")
    assert s.ability_sentence(rs.data, "raid") == (
        "Raid: In your Resource Spending Phase, at most 1 time per turn. You pay 2 Labor and take 2 Coin from another "
        "player of your choice, as much as they have. Only a player who owns this structure may use it: Camp.")
    st = spending(engine, rs, players=3)
    totals = coins_of(st)
    assert [st.notation(a) for a in uses(st)] == ["use raid on 2", "use raid on 3"]
    st.apply(st.parse("use raid on 3"))
    assert labor_of(st, 0) == 2                                           # the payment
    assert [st.coin_value(q) for q in range(3)] == [2, 3, 1]               # from seat 3 only: the seat chosen
    assert coins_of(st) == totals
    a = st.c.ability_ids.index("raid")
    assert [e for e in st.log if e[0] in ("use", "steal")] == [("use", 0, a, 2), ("steal", 0, 2, 2, st.c.no_pool)]
    assert uses(st) == []                                                 # once per turn
    assert st.phase_name == "spending" and st.current == 0


@pytest.mark.parametrize("engine", ENGINES)
def test_the_limit_per_turn_resets_with_the_turn(tmp_path, engine):
    rs = ability_rules(tmp_path, per_turn=2, pay={"labor": 1})
    st = spending(engine, rs)
    st.apply(st.parse("use raid on 2"))
    assert uses(st) and labor_of(st, 0) == 3
    st.apply(st.parse("use raid on 2"))
    assert uses(st) == [] and labor_of(st, 0) == 2 and st.coin_value(0) == 3      # 2, then 1: all they had
    assert st.uses != 0
    st.apply(st.parse("end"))
    assert st.uses == 0


@pytest.mark.parametrize("engine", ENGINES)
def test_who_may_use_it_and_what_it_costs(tmp_path, engine):
    """Not without its payment (Labor, or coins paid to the supply), nor without the structure it requires."""
    rs = ability_rules(tmp_path)
    st = spending(engine, rs)
    set_labor_of(st, 0, 1)
    assert uses(st) == []                                                 # 1 Labor: cannot pay 2
    set_labor_of(st, 0, 2)
    assert len(uses(st)) == 1
    rs = ability_rules(tmp_path, name="paid", pay={"coin": 2}, requires=None)
    st = spending(engine, rs)
    assert uses(st) == []                                                 # no coins to pay with
    set_purse(st, 0, silver=2)
    supply = st.supply_value() if hasattr(st, "supply_value") else None
    st.apply(st.parse("use raid on 2"))
    assert st.coin_value(0) == 2 and st.coin_value(1) == 1 and st.spent == 2   # paid 2 to the supply, took 2
    assert supply is None or st.supply_value() == supply + 2
    rs = ability_rules(tmp_path, name="owners", requires=["mill"])
    st = spending(engine, rs)
    assert uses(st) == []                                                 # owns the Camp, not the Mill
    give_structures(st, 0, "mill")
    assert len(uses(st)) == 1


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("source, after", [("next", [2, 1, 6]), ("each_other", [4, 1, 4]), ("richest", [2, 3, 4])])
def test_the_seats_it_takes_from(tmp_path, engine, source, after):
    """next: the player after; each_other: every other player; richest: the one holding the most coins."""
    rs = ability_rules(tmp_path, base="province-3p", name=f"from-{source}", requires=None,
                       steal={"from": source, "coin": 2}, pay={"labor": 1})
    st = engine.new_game(rs, seed=1, first_player=0, players=3)
    set_phase(st, "spending")
    set_labor_of(st, 0, 1)
    for q, silver in enumerate((0, 3, 6)):
        set_purse(st, q, silver=silver)
    assert [st.notation(a) for a in uses(st)] == ["use raid"]
    st.apply(uses(st)[0])
    assert [st.coin_value(q) for q in range(3)] == after


# ------------------------------------------------------------------ an event that sets a yield

def set_yield_rules(tmp_path, add=None):
    cards = [{"id": "plenty", "name": "Plenty", "space_yield": {"space": "coin", "set": {"labor": 2}}}]
    if add is not None:
        cards.insert(0, {"id": "more", "name": "More", "space_yield": {"space": "coin", "add": add}})
    deck = {"name": "Fair", "reveal": "start_of_turn", "lasts": "game", "cards": cards}
    return load_ruleset(variant(tmp_path, {"events": {"fair": deck}}, name="set-yield" if add is None else "set-add"))


@pytest.mark.parametrize("engine", ENGINES)
def test_a_card_sets_a_space_yield(tmp_path, engine):
    """"Each worker moved onto the Coin space earns 2 Labor, instead of what the space and the structures give." —
    even with the Bank, which makes the space yield 2 Coin."""
    rs = set_yield_rules(tmp_path)
    assert s.card_sentence(rs.data, rs.data["events"]["fair"]["cards"][0]) == (
        "Each worker moved onto the Coin space earns 2 Labor, instead of what the space and the structures give.")
    st = engine.new_game(rs, seed=1, first_player=0)
    give_structures(st, 0, "lender", "bank")
    coins, labor = st.coin_value(0), labor_of(st, 0)
    st.apply(st.parse("move green@labor_top"))                           # onto the Coin space
    assert (st.coin_value(0), labor_of(st, 0)) == (coins, labor + 2)


@pytest.mark.parametrize("engine", ENGINES)
def test_the_other_cards_changes_are_added_to_a_yield_set(tmp_path, engine):
    rs = set_yield_rules(tmp_path, add={"labor": 1, "coin": 1})
    st = engine.new_game(rs, seed=1, first_player=0)
    for _seat in range(2):                                                # seat 0's turn, then seat 1's
        set_phase(st, "spending")
        st.apply(st.parse("end"))
    assert st.current == 0 and len(st.ev_active) == 2                     # both cards are in effect
    assert len(st.ev_active) == 2
    coins, labor = st.coin_value(0), labor_of(st, 0)
    st.apply(st.parse("move green@labor_top"))
    assert (st.coin_value(0), labor_of(st, 0)) == (coins + 1, labor + 3)


def test_the_yield_set_in_the_diff_and_in_french(tmp_path):
    rs = set_yield_rules(tmp_path)
    lines = [line for line in rule_diff(load_ruleset("province-en"), rs) if "Plenty" in str(line)]
    assert lines and "earns 2 Labor, instead of" in str(lines[0])
    with i18n.language("fr"):
        text = s.card_sentence(rs.data, rs.data["events"]["fair"]["cards"][0])
    assert "2 points d’Ouvrage" in text.replace("\xa0", " ") and "au lieu de" in text


# ------------------------------------------------------------------ random games, records, words, bots

def test_random_games_with_abilities_agree_on_both_engines(tmp_path):
    rs = ability_rules(tmp_path, base="province-3p", name="random", per_turn=2, phases=["work", "spending"],
                       requires=None, pay={"labor": 1})
    logs = random_games_agree(rs, ENGINES, range(5), players=3, check=lambda st: min(st.pool) >= 0)
    assert sum(1 for log in logs for e in log if e[0] == "use")


def test_a_record_with_uses_replays(tmp_path):
    rs = ability_rules(tmp_path, requires=None, pay={"labor": 1})
    rng = random.Random(3)
    st = fast_engine.new_game(rs, seed=3)
    while not st.is_terminal():
        st.apply(rng.choice(st.legal_actions()))
    assert any(e[0] == "use" for e in st.log)
    record = GameRecord.for_state(rs, st, players=("bot:random", "bot:random"))
    again = replay(GameRecord.from_json(record.to_json()), rs)
    assert again.key() == st.key() and list(again.log) == list(st.log)


def test_the_screen_and_the_notation_in_french(tmp_path):
    rs = ability_rules(tmp_path)
    st = spending(fast_engine.game, rs)
    use = st.parse("use raid on 2")
    assert screen.describe(st, use) == ("Raid on Player 2: You pay 2 Labor and take 2 Coin from your opponent, "
                                        "as much as they have.")
    with i18n.language("fr"):
        local = notation_mod.notation(st, use)
        assert local == "utiliser razzia sur 2"
        assert notation_mod.parse(st, local) == use
        assert "Joueur 2" in screen.describe(st, use)
    st.apply(use)
    lines = [screen.event_line(st, e, ["Ann", "Bob"]) for e in st.log if e[0] == "steal"]
    assert lines == ["Ann takes 2 Coin from Bob."]


def test_bots_play_games_with_abilities(tmp_path):
    rs = ability_rules(tmp_path, requires=None, pay={"labor": 1}, name="bots")
    for bots in (("random", "greedy"), ("greedy", "random")):
        st = play_game(rs, [make_bot(b, seed=i) for i, b in enumerate(bots)], seed=0)
        assert st.is_terminal()
        assert any(e[0] == "use" for e in st.log)
    for bots in (("greedy", "mcts:8"), ("greedy", "deep:4")):    # the search bots: the first turns
        st = play_game(rs, [make_bot(b, seed=i) for i, b in enumerate(bots)], seed=0, max_turns=12)
        assert st.turn == 12 or st.is_terminal()


def test_the_raids_variant_validates_prints_its_diff_and_rulebook():
    problems, warnings = check_path("rulesets/variants/raids.yaml")
    assert problems == [] and warnings == []
    rs = load_ruleset("raids")
    diff = [str(line) for line in rule_diff(load_ruleset("province-3p"), rs)]
    assert any("Raid" in line and "2 Coin" in line for line in diff)
    assert "### Abilities" in render_markdown(rs)
    book = render_markdown(rs, lang="fr").replace("\xa0", " ")
    assert "Capacités" in book and "Razzia" in book


def test_the_web_page_lists_a_use_in_the_screens_words():
    """rulekit/web/game.py lists the legal actions with the screen's words: a raid per other seat, then played."""
    from rulekit.web.game import WebGame

    game = WebGame.new(load_ruleset("raids"), ["human", "human", "human"], 1, first_player=0)
    st = game.state
    give_structures(st, 0, "camp")
    set_phase(st, "spending")
    set_labor_of(st, 0, 2)
    set_purse(st, 2, silver=3)
    labels = [a["label"] for a in game.payload([game.tokens[0]])["actions"]]
    assert [label for label in labels if label.startswith("Raid")] == [
        f"Raid on Player {n}: You pay 2 Labor and take 2 Coin from another player of your choice, as much as they have."
        for n in (2, 3)]
    told = game.act(game.tokens[0], st.parse("use raid on 3"))
    assert "takes 2 Coin from Player 3" in told and st.coin_value(2) == 1
