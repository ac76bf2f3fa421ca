"""Two combinations of issue 53: ``requires: {any_of: [...]}`` and ``setup.bid.pays: winner``.

``requires`` is a list (every structure of it must be owned, as before) or ``{any_of: [A, B, ...]}`` (one of
them is enough); ``setup.bid.pays`` is ``all`` (absent: every seat pays its bid, won or lost) or ``winner``
(only the seat the bids make first pays). Each sentence is checked beside the play it describes, on both
engine paths, then the screen's words, the diff, the rulebook and the bots.
"""
from __future__ import annotations

import random

import pytest

from rulekit import engine as compiled
from rulekit import i18n
from rulekit.bots import make_bot
from rulekit.language import load_ruleset
from rulekit.play import screen
from rulekit.text import sentences as s
from rulekit.text.diff import render_text, rule_diff
from rulekit.text.rulebook import render_html
from scenario import give_structures, set_labor, set_phase, set_value, variant
from test_engine_differential import PURE

ENGINES = pytest.mark.parametrize("eng", [compiled, PURE], ids=["engine", "pure"])


def either_rules(tmp_path):
    return load_ruleset(variant(tmp_path, {"structures": {"smithy": {"requires": {"any_of": ["mill", "union"]}}}},
                                name="either"))


def build_smithy_possible(st, p: int, *owned: str) -> bool:
    give_structures(st, p, *owned)
    set_phase(st, "spending")
    set_labor(st, 5)
    set_value(st, p, 5)
    return "build smithy" in [st.c.actions[a].notation for a in st.legal_actions()]


@ENGINES
@pytest.mark.parametrize("owned, built", [((), False), (("mill",), True), (("union",), True),
                                          (("mill", "union"), True), (("camp",), False)])
def test_one_of_several_is_enough_to_build(eng, tmp_path, owned, built):
    rs = either_rules(tmp_path)
    # "Requires: Mill or Union": one of them is enough.
    assert s.requires_phrase(rs.data, "smithy") == "Mill or Union"
    assert "Requires: Mill or Union." in s.structure_summary(rs.data, "smithy")
    st = eng.game.new_game(rs, seed=1, first_player=0)
    assert build_smithy_possible(st, 0, *owned) is built
    if built:                                           # and it is built as any other structure
        st.play("build smithy")
        assert st.owned[0] >> st.c.struct_ids.index("smithy") & 1


def test_the_list_form_still_needs_every_structure(tmp_path):
    rs = load_ruleset(variant(tmp_path, {"structures": {"smithy": {"requires": ["mill", "union"]}}}, name="both"))
    assert s.requires_phrase(rs.data, "smithy") == "Mill and Union"
    st = compiled.game.new_game(rs, seed=1, first_player=0)
    assert not build_smithy_possible(st, 0, "union")
    c = st.c
    assert c.any_req_mask == 0 and not any(c.requires_any)      # the list compiles to today's table only
    edition = compiled.game.compile_ruleset(load_ruleset("province-en"))
    assert edition.any_req_mask == 0 and edition.requires_any == (0,) * edition.n_struct


def test_the_screen_says_what_is_missing(tmp_path):
    rs = either_rules(tmp_path)
    st = compiled.game.new_game(rs, seed=1, first_player=0)
    give_structures(st, 0, "camp")
    set_phase(st, "spending")
    names = ["You", "Computer"]

    def smithy():
        lines = screen.cost_lines(st, names, width=200)
        at = next(i for i, line in enumerate(lines) if line.strip().startswith("Smithy"))
        return lines[at], lines[at + 1].strip()
    line, status = smithy()
    assert " · Mill or Union · " in line and status == "→ not yet: needs Mill or Union"
    give_structures(st, 0, "union")
    assert "not yet" not in smithy()[1]


def test_the_diff_and_the_rulebook_say_it_in_both_languages(tmp_path):
    base, rs = load_ruleset("province-en"), either_rules(tmp_path)
    assert "  - Smithy — requires: Mill or Union (was: Mill)" in render_text(rule_diff(base, rs), base, rs)
    html = render_html(rs)
    assert "any one of them is enough" in html and "stroke-dasharray" in html
    with i18n.language("fr"):
        assert "  - Forge — prérequis\u202f: Moulin ou Guilde (avant\u202f: Moulin)" in render_text(rule_diff(base, rs), base, rs)
    assert "l’un d’eux suffit" in render_html(rs, lang="fr")


# ----------------------------------------------------------------- the bid only the winner pays

def bid_rules(tmp_path, **bid):
    return load_ruleset(variant(tmp_path, {"setup": {"bid": {"in": "coin", "max": 2, **bid}}}, name="winner"))


def coins(st):
    return [st.coin_value(p) for p in range(st.c.n_players)]


@ENGINES
def test_only_the_winner_pays_its_bid(eng, tmp_path):
    rs = bid_rules(tmp_path, pays="winner")
    text = s.bid_sentence(rs.data)
    assert "only the player who plays first pays their bid to the supply; the others pay nothing" in text
    assert "won or lost" not in text
    st = eng.game.new_game(rs, seed=3, first_player=0)
    st.play("bid 1")
    st.play("bid 2")
    # Bob bid 2 and plays first: dealt 2 Coin, pays 2; Ann, second, is dealt 3 and keeps her bid of 1.
    assert st.first == 1 and coins(st) == [3, 2 - 2]
    assert st.log[[e[0] for e in st.log].index("bids")] == ("bids", (1, 2), (1, 0), (0, 2))
    names = ["Ann", "Bob"]
    event = next(e for e in st.log if e[0] == "bids")
    assert screen._bids_line(st, event, names).endswith("Only Bob pays their bid to the supply.")


@ENGINES
def test_without_pays_every_bid_is_paid_as_before(eng, tmp_path):
    for rs in (bid_rules(tmp_path), bid_rules(tmp_path, pays="all")):
        assert "each player pays their own bid to the supply, won or lost" in s.bid_sentence(rs.data)
        st = eng.game.new_game(rs, seed=3, first_player=0)
        st.play("bid 1")
        st.play("bid 2")
        assert coins(st) == [3 - 1, 2 - 2]


def test_the_words_the_diff_and_the_bots(tmp_path):
    base, rs = bid_rules(tmp_path), bid_rules(tmp_path, pays="winner")
    st = compiled.game.new_game(rs, seed=3, first_player=0)
    assert "only the first player pays" in screen.describe(st, st.parse("bid 1"))
    text = render_text(rule_diff(base, rs), base, rs)
    assert "only the player who plays first pays their bid" in text and "won or lost" in text   # new, and was
    with i18n.language("fr"):
        assert "seul le joueur qui joue en premier paie sa mise" in s.bid_sentence(rs.data)
    # The greedy bot: a losing bid costs nothing, so against an open bid of 2 it bids what it likes but never
    # has to fear paying; a bid of 0 and one below the other's are worth the same (nothing).
    from rulekit.bots.policy import action_value
    st.play("bid 2")
    values = {st.c.actions[a].notation: action_value(st, a, 1) for a in st.legal_actions()}
    assert values["bid 0"] == values["bid 1"] == values["bid 2"]
    bot = make_bot("greedy", seed=1)
    st2 = compiled.game.new_game(rs, seed=5, first_player=0)
    rng = random.Random(2)
    while not st2.is_terminal() and st2.turn < 4:
        st2.apply(bot.choose(st2) if st2.phase_name == "setup" else rng.choice(st2.legal_actions()))
    assert st2.phase_name != "setup"


# ----------------------------------------------------------------- both engine paths, whole games

@pytest.mark.parametrize("pays", ["winner", "all"])
def test_same_games_on_both_engine_paths(tmp_path, pays):
    """Random games and greedy ones, compared action by action between the compiled core and pure Python
    (tests/test_engine_differential.py's own two players), on a house rule with both: an any_of that two
    structures and a given one can meet, and a bid."""
    from test_engine_differential import play_both, policy_both
    rs = load_ruleset(variant(tmp_path, {
        "setup": {"bid": {"in": "coin", "max": 2, "pays": pays}},
        "structures": {"smithy": {"requires": {"any_of": ["mill", "union"]}},
                       "bank": {"requires": {"any_of": ["lender", "camp", "harbor"]}}}}, name=f"both-{pays}"))
    assert sum(play_both(rs, seed) for seed in range(12)) > 12 * 10
    assert sum(policy_both(rs, seed) for seed in range(3)) > 3 * 10
