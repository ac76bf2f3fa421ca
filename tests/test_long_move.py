"""The long_move effect: one worker moves two steps once per turn (action ``leap KIND@SPACE``).

Played, written in both languages' notation, offered to bots, worded in the
rulebook and the diff.
"""

import scenario as S
from rulekit.bots import make_bot
from rulekit.engine import LEAP, new_game
from rulekit.i18n import language
from rulekit.language import load_ruleset, validate_path
from rulekit.play.notation import for_state
from rulekit.play.screen import describe
from rulekit.text import sentences as s
from rulekit.text.diff import rule_diff
from scenario import labor, labor_earned  # noqa: F401

ROAD = """
    structures:
      road:
        name: Road
        cost: {labor: 1}
        vp: {first: 1, later: 0}
        effects:
          - long_move: {steps: 2}
"""


def test_a_worker_moves_two_steps_once_per_turn(tmp_path):
    ref = S.variant(tmp_path, ROAD)
    st = S.new(ref, seed=0)
    S.set_goals(st, "coin10", ("two_vp", "structure"))
    assert not [n for n in S.notations(st) if n.startswith("leap")]          # not without the Road
    S.give_structures(st, 0, "road")
    assert {"leap green@labor_top", "leap green@coin", "leap green@labor_low"} <= set(S.notations(st))
    before = st.coin_value(0)
    st.play("leap green@labor_top")                                           # labor_top -> coin -> labor_low
    assert labor(st) == 1 and st.coin_value(0) == before
    assert [space for kind, space, _o in st.view(0)["workers"] if kind == "green"].count("labor_low") == 2
    assert not [n for n in S.notations(st) if n.startswith("leap")]          # once per turn
    assert "move green@coin" in S.notations(st)
    st.play("end")
    S.quick_turn(st)
    assert [n for n in S.notations(st) if n.startswith("leap")]              # again next turn


def test_notation_screen_and_sentence_in_both_languages(tmp_path):
    ref = S.variant(tmp_path, ROAD)
    st = S.new(ref, seed=0)
    S.give_structures(st, 0, "road")
    a = st.parse("leap green@coin")
    assert st.c.actions[a].kind == LEAP
    with language("fr"):
        local = for_state(st).of(a)
        assert local.startswith("bondir ") and local.endswith("@revenu"), local
        assert for_state(st).parse(st, local) == a
    assert describe(st, a) == "Move a worker (Green) several steps, once this turn: Coin → Labor Top, +1 Labor"
    data = load_ruleset(ref).data
    sentence = s.effect_sentence(data, data["structures"]["road"]["effects"][0])
    assert sentence == ("Once per turn, you may move one worker 2 steps at once instead of one; "
                        "it earns what the space it lands on yields.")
    assert any(sentence in c.sentence() for c in rule_diff(load_ruleset("province-en"), load_ruleset(ref)))
    with language("fr"):
        assert "2" in s.effect_sentence(data, data["structures"]["road"]["effects"][0])


def test_bots_play_it(tmp_path):
    rs = load_ruleset(S.variant(tmp_path, ROAD))
    leaps = 0
    for seed in range(4):
        st = new_game(rs, seed=seed, first_player=0)
        bots = [make_bot("random", seed=seed), make_bot("greedy", seed=seed)]
        while not st.is_terminal() and st.turn < 400:
            a = bots[st.current].choose(st)
            leaps += st.c.actions[a].kind == LEAP
            st.apply(a)
        assert st.is_terminal()
    assert leaps > 0


def test_too_many_steps(tmp_path):
    found = [p.message for p in validate_path(S.variant(tmp_path, ROAD.replace("steps: 2", "steps: 3")))]
    assert found == ["a long move of 3 steps on a Work Cycle of 3 spaces would bring the worker back or around"]
