"""The house-rule vocabulary of structures: given at setup, and built over another (an upgrade).

- ``setup.given_structures: [{structure: ID, vp: none|first|later}]``: every player owns it from the
  start, scoring nothing, its first-builder or its later-builder VP; nobody builds it, and
  ``all_structures_built`` counts only the others;
- ``structures.<id>.upgrades: OTHER``: only a player who owns OTHER may build it, and OTHER then goes
  back to the box (its VP and effects are no longer theirs; they may build it again).

Each rule's sentence is checked beside its play; both engines play them (the differential test's
generated house rules draw them too).
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


def play_randomly(st, seed, until=None):
    rng = random.Random(seed)
    while not st.is_terminal() and not (until and until(st)):
        st.apply(rng.choice(st.legal_actions()))
    return st


# ------------------------------------------------------------------ given

@pytest.mark.parametrize("vp,expected", [("none", 0), ("first", 1), ("later", 0)])
def test_a_given_structure_is_owned_by_every_player_from_the_start(tmp_path, vp, expected):
    """"Every player starts with the Mill, which scores …": owned at once, never built, scoring what it says."""
    rs = load_ruleset(variant(tmp_path, {"setup": {"given_structures": [{"structure": "mill", "vp": vp}]}},
                              name=f"given-{vp}"))
    sentence = s.given_structures_sentence(rs.data)
    assert sentence.startswith("Every player starts with the Mill, which scores " +
                               ("no VP." if vp == "none" else f"{expected} VP."))
    st = new_game(rs, seed=1)
    mill = st.c.struct_ids.index("mill")
    assert all(st.owned[p] >> mill & 1 for p in range(2))
    assert st.score_by_source(0)["structures"] == expected == st.structure_vp(1, mill)
    for seed in range(4):
        st = new_game(rs, seed=seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            assert st.c.build_action[mill] not in st.legal_actions()
            st.apply(rng.choice(st.legal_actions()))
        assert st.first_builder[mill] == -1 and all(st.owned[p] >> mill & 1 for p in range(2))


def test_a_given_income_structure_pays_from_the_first_turn(tmp_path):
    """The given Mill's income ("At the start of each of your turns, earn 1 Labor") is earned on turn one."""
    plain = new_game(load_ruleset("province-en"), seed=2)
    rs = load_ruleset(variant(tmp_path, {"setup": {"given_structures": [{"structure": "mill"}]}}, name="given-mill"))
    st = new_game(rs, seed=2)
    labor = st.c.pool_ids.index("labor")
    assert st.held(st.current, labor) == plain.held(plain.current, labor) + 1


def test_a_given_structure_that_unlocks_a_worker_puts_it_on_the_work_cycle(tmp_path):
    rs = load_ruleset(variant(tmp_path, {"setup": {"given_structures": [{"structure": "camp"}]}}, name="given-camp"))
    st = new_game(rs, seed=3)
    camp_kind = st.c.kind_ids.index("camp")
    assert any(st.c.worker_kind[w] == camp_kind and st.wpos[w] >= 0 for w in range(st.c.n_workers))
    assert all(st._kind_access(p) >> camp_kind & 1 for p in range(2))


def test_all_structures_built_counts_only_those_not_given(tmp_path):
    """"Each of the 7 structures not given at setup has been built at least once.\""""
    rs = load_ruleset(variant(tmp_path, {"setup": {"given_structures": [{"structure": "mill"}]},
                                         "end": {"conditions": [{"all_structures_built": {}}, {"clock": {"rounds": 80}}]}},
                              name="given-all"))
    cond = rs.data["end"]["conditions"][0]
    assert s.end_condition_sentence(rs.data, cond) == "Each of the 7 structures not given at setup has been built at least once."
    ended = 0
    for seed in range(8):                     # the clock stops a random game that never builds them all
        st = play_randomly(new_game(rs, seed=seed), seed)
        if st.end_reason == "all_structures_built":
            ended += 1
            assert all(st.first_builder[i] >= 0 for i, sid in enumerate(st.c.struct_ids) if sid != "mill")
    assert ended


# --------------------------------------------------------------- upgrades

def test_a_town_is_built_over_a_village_which_goes_back_to_the_box(tmp_path):
    """"It is built over your Village: you must own it, and it goes back to the box as you build this one
    (its VP and effects are no longer yours; you may build it again later).\""""
    rs = load_ruleset("settled-land")
    assert s.upgrades_sentence(rs.data, "town") == (
        "It is built over your Village: you must own it, and it goes back to the box as you build this one "
        "(its VP and effects are no longer yours; you may build it again later).")
    # Free Villages and Towns, so that random games build and rebuild them often.
    rs = load_ruleset(variant(tmp_path, {"structures": {"town": {"cost": "free"},
                                                        "village": {"cost": "free", "requires": None}}},
                              base="settled-land", name="cheap-town"))
    c = new_game(rs).c
    town, village = c.struct_ids.index("town"), c.struct_ids.index("village")
    upgraded = rebuilt = 0
    for seed in range(40):
        st = new_game(rs, seed=seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            p = st.current
            legal = st.legal_actions()
            if c.build_action[town] in legal:
                assert st.owned[p] >> village & 1                # only over one's own Village
            action = rng.choice(legal)
            before = st.owned[p]
            st.apply(action)
            if action == c.build_action[town]:
                upgraded += 1
                assert before >> village & 1 and not st.owned[p] >> village & 1 and st.owned[p] >> town & 1
            if action == c.build_action[village] and st.owned[p] >> town & 1:
                rebuilt += 1                                      # the Village again, beside the Town
    assert upgraded and rebuilt


def test_an_upgrade_takes_the_old_structures_vp_away(tmp_path):
    rs = load_ruleset("settled-land")
    c = new_game(rs).c
    town, village = c.struct_ids.index("town"), c.struct_ids.index("village")
    for seed in range(60):
        st = new_game(rs, seed=seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            p = st.current
            legal = st.legal_actions()
            if c.build_action[town] in legal:
                score = st.score_by_source(p)["structures"]
                st.apply(c.build_action[town])
                assert st.score_by_source(p)["structures"] == (
                    score - st.structure_vp(p, village) + st.structure_vp(p, town))
                return
            st.apply(rng.choice(legal))
    pytest.fail("no game offered the Town")


# ------------------------------------------------------------ the example

def test_settled_land_prints_diffs_and_plays_in_both_languages():
    rs = load_ruleset("settled-land")
    base = load_ruleset("province-en")
    for lang in ("en", "fr"):
        with i18n.language(lang):
            book = render_markdown(rs)
            lines = rule_diff(base, rs)
            assert book and lines
            if lang == "fr":
                assert s.given_structures_sentence(rs.data) != ""
                assert "Moulin" in s.given_structures_sentence(rs.data)
    i18n.set_language("en")
    assert play_randomly(new_game(rs, seed=1), 1).is_terminal()
