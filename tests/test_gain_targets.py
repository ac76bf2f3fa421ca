"""Targets of a gain (issue 53, aim 2, "seats ... for gains"): ``gain: {when: ..., to: next | each_other}`` pays the
gain to the player after the one ``when`` names, or to every other player in turn order, on both engine paths; the
model, the sentences in English and French, the diff, the rulebook, the screen's line and the bundled variant
``neighbors`` (Province for Three: the Mill gives the player after you 2 Coin, the Village each other player 1).
"""
from __future__ import annotations

import random

import pytest

from rulekit import engine as compiled
from rulekit import i18n
from rulekit.language import load_ruleset
from rulekit.language.province_model import model_of
from rulekit.play import screen
from rulekit.text import sentences as s
from rulekit.text.diff import render_text, rule_diff
from rulekit.text.rulebook import render_markdown
from scenario import give_structures, set_labor, set_phase, set_purse, variant
from test_engine_differential import PURE, play_both

ENGINES = pytest.mark.parametrize("eng", [compiled, PURE], ids=["engine", "pure"])


def gift(tmp_path, to, when="built", base="province-3p", extra=None, name=None):
    """The Mill with a gain of 2 Coin ``to`` someone, ``when``."""
    gain = {"when": when, "to": to, "coin": 2, **(extra or {})}
    return load_ruleset(variant(tmp_path, {"structures": {"mill": {"effects": [{"income": {"labor": 1}},
                                                                               {"gain": gain}]}}},
                                base=base, name=name or f"gift-{to}-{when}"))


def build_mill(eng, rs):
    """Seat 0 builds the Mill (5 Coin and 4 Labor in hand); returns the state and each seat's coins before."""
    st = eng.game.new_game(rs, seed=1, first_player=0)
    set_phase(st, "spending")
    set_purse(st, 0, gold=1)
    set_labor(st, 4)
    before = [st.coin_value(q) for q in range(st.c.n_players)]
    st.play("build mill")
    return st, before


@ENGINES
def test_the_next_player_gains_not_the_builder(eng, tmp_path):
    st, before = build_mill(eng, gift(tmp_path, "next"))
    after = [st.coin_value(q) for q in range(3)]
    assert after == [before[0] - 2, before[1] + 2, before[2]]      # the Mill's 2 Coin paid; seat 1 earns 2
    assert ("gain_to", 0, 1, st.c.struct_ids.index("mill"), st.c.no_pool, 2) in list(st.log)


@ENGINES
def test_each_other_player_gains_in_turn_order(eng, tmp_path):
    st, before = build_mill(eng, gift(tmp_path, "each_other"))
    assert [st.coin_value(q) for q in range(3)] == [before[0] - 2, before[1] + 2, before[2] + 2]
    assert [e[2] for e in st.log if e[0] == "gain_to"] == [1, 2]


@ENGINES
def test_self_is_the_gain_as_before(eng, tmp_path):
    st, before = build_mill(eng, gift(tmp_path, "self"))
    assert [st.coin_value(q) for q in range(3)] == [before[0], before[1], before[2]]   # paid 2, earned 2
    assert not any(e[0] == "gain_to" for e in st.log)


@ENGINES
def test_a_condition_is_checked_on_the_owner(eng, tmp_path):
    rs = gift(tmp_path, "next", extra={"if": {"metric": "structures", "at_least": 3}}, name="gift-if")
    st, before = build_mill(eng, rs)                  # the builder owns 1 structure: nothing is given
    assert st.coin_value(1) == before[1] and ("if", 0, st.c.struct_ids.index("mill"), "gain", False) in list(st.log)
    st = eng.game.new_game(rs, seed=1, first_player=0)
    give_structures(st, 0, "lender", "camp")
    set_phase(st, "spending")
    set_purse(st, 0, gold=1)
    set_labor(st, 4)
    was = st.coin_value(1)
    st.play("build mill")
    assert st.coin_value(1) == was + 2


@ENGINES
def test_at_the_first_turn_and_at_the_end_of_the_game(eng, tmp_path):
    st, before = build_mill(eng, gift(tmp_path, "next", when="first_turn"))
    assert not any(e[0] == "gain_to" for e in st.log)    # not yet: at the start of the builder's next turn
    st.play("end")
    while st.current != 0:
        legal = [st.notation(a) for a in st.legal_actions()]
        st.play("end" if "end" in legal else legal[0])
    assert [e[:3] for e in st.log if e[0] == "gain_to"] == [("gain_to", 0, 1)]
    rs = gift(tmp_path, "each_other", when="end_of_game", base="province-en")
    st = eng.game.new_game(rs, seed=1, first_player=0)
    give_structures(st, 0, "mill")
    was = st.coin_value(1)
    st._end_gains()                                       # as the game ends: each owner's gain, to the others
    assert st.coin_value(1) == was + 2 and [e[:3] for e in st.log if e[0] == "gain_to"] == [("gain_to", 0, 1)]


def test_the_model_the_sentences_the_diff_and_the_rulebook(tmp_path):
    rs = gift(tmp_path, "next")
    effect = model_of(rs.data).structures["mill"].effects[1]
    assert effect.target == "next" and effect.when == "built"
    assert model_of(rs.data).structures["mill"].effects[0].target is None
    base = load_ruleset("province-3p")
    with i18n.language("en"):
        assert s.effect_sentence(rs.data, effect) == "When you build it, the player after you earns 2 Coin at once."
        diff = render_text(rule_diff(base, rs), base, rs)
        assert "When you build it, the player after you earns 2 Coin at once." in diff, diff
        assert "the player after you earns 2 Coin" in render_markdown(rs)
        other = gift(tmp_path, "each_other", when="end_of_game")
        assert s.effect_sentence(other.data, model_of(other.data).structures["mill"].effects[1]) == (
            "When the game ends, each other player earns 2 Coin (before the scores are counted).")
    with i18n.language("fr"):
        assert s.effect_sentence(rs.data, effect) == "Quand vous le construisez, le joueur qui vous suit gagne aussitôt 2\u00a0Pièces."
        assert "le joueur qui vous suit gagne aussitôt 2\u00a0Pièces" in render_text(rule_diff(base, rs), base, rs)


def test_the_screen_tells_who_earned_what(tmp_path):
    st, _before = build_mill(compiled, gift(tmp_path, "next"))
    event = next(e for e in st.log if e[0] == "gain_to")
    with i18n.language("en"):
        assert screen.event_line(st, event, ["Ann", "You", "Cy"]) == "You earn 2 Coin from Ann's Mill."
        assert screen.event_line(st, event, ["You", "Bob", "Cy"]) == "Bob earns 2 Coin from your Mill."
        assert screen.event_line(st, event, ["Ann", "Bob", "Cy"]) == "Bob earns 2 Coin from Ann's Mill."
    with i18n.language("fr"):
        assert screen.event_line(st, event, ["Ann", "Vous", "Cy"]).startswith("Vous gagnez 2\u00a0Pièces grâce à l’effet du Moulin")


def test_the_bundled_variant_plays_the_same_on_both_engines_and_gives():
    rs = load_ruleset("neighbors")
    given = 0
    for seed in range(4):
        play_both(rs, seed)
        st = compiled.new_game(rs, seed=seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            st.apply(rng.choice(st.legal_actions()))
        given += sum(1 for e in st.log if e[0] == "gain_to")
    assert given
