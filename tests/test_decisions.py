"""Who decides: decisions asked of a seat outside the actions of its own turn (docs/engine.md, "Who decides").

The engine's mechanism, on both engine paths, with a decision kind registered by the test itself (the
language's decisions — objectives kept, bids, answers to an offer — have their own tests): a decision asked
at setup is made before the first turn, seat by seat, and the first turn then starts as it would have
without it; one asked during a turn is made by its seat and the turn goes on; clones, keys, bots, the play
screen's words and the notation all follow ``State.decider``.
"""
from __future__ import annotations

import pytest

from rulekit import engine as compiled
from rulekit.bots import make_bot
from rulekit.bots.base import play_game
from rulekit.language import load_ruleset
from rulekit.play import notation as notation_mod
from rulekit.play import screen
from scenario import variant
from test_engine_differential import PURE

ENGINES = pytest.mark.parametrize("eng", [compiled, PURE], ids=["engine", "pure"])
OPTIONS = ("pick red", "pick green", "pick blue")


def _options(st, seat, arg):
    # Option 2 is offered only to seat 1 (the options may depend on the seat and the state).
    return [0, 1, 2] if seat == 1 else [0, 1]


def _resolve(st, seat, arg, option):
    st.log.append(("picked", seat, arg, option))


def tables(eng, tmp_path, pregame=True):
    """A fresh ruleset's tables for ``eng`` with the test's decision kind added (and asked of every seat at
    setup when ``pregame``)."""
    eng.game.DECISIONS["test_pick"] = (_options, _resolve)
    rs = load_ruleset(variant(tmp_path, {"title": "Decisions"}, name=f"decide{int(pregame)}"))
    c = eng.game.compile_ruleset(rs)
    before = len(c.actions)
    assert c.add_decision("test_pick", OPTIONS) == 0
    assert c.add_decision("test_pick", OPTIONS) == 0          # a second call adds nothing
    assert len(c.actions) == before + len(OPTIONS)
    if pregame:
        c.pregame.append(lambda st: [st.ask("test_pick", seat, 7) for seat in range(c.n_players)])
    return rs, c


def picks(st):
    return [e for e in st.log if e[0] == "picked"]


@ENGINES
def test_a_decision_asked_at_setup_is_made_before_the_first_turn(eng, tmp_path):
    rs, c = tables(eng, tmp_path)
    plain = eng.game.new_game(load_ruleset("province-en"), seed=3, first_player=1)
    st = eng.game.new_game(rs, seed=3, first_player=1)
    assert st.phase_name == "setup" and st.pending
    assert st.decider == 0                                      # seat by seat from seat 0, whoever plays first
    base = c.decision_base[0]
    assert st.legal_actions() == [base, base + 1]
    st.apply(base + 1)
    assert st.decider == 1 and st.legal_actions() == [base, base + 1, base + 2]
    with pytest.raises(Exception):
        st.apply(c.a_end)                                      # no turn action while a decision is asked
    st.apply(base + 2)
    assert picks(st) == [("picked", 0, 7, 1), ("picked", 1, 7, 2)]
    assert not st.pending and st.phase_name == "work"
    assert st.current == st.decider == 1
    # The first turn starts as it does without the decision: same position, same legal actions.
    assert st.key() == plain.key()
    assert st.legal_actions() == plain.legal_actions()


@ENGINES
def test_a_decision_asked_during_a_turn_is_made_by_its_seat_and_the_turn_goes_on(eng, tmp_path):
    rs, c = tables(eng, tmp_path, pregame=False)
    st = eng.game.new_game(rs, seed=5)
    assert st.phase_name == "work" and st.decider == st.current == 0
    legal = st.legal_actions()
    st.apply(legal[0])
    after_move = st.legal_actions()
    st.ask("test_pick", 1, 4)
    assert st.decider == 1 and st.current == 0
    copy = st.clone()
    assert copy.key() == st.key() and copy.pending == st.pending
    other = st.clone()                       # the pending list is shared until one of them changes it
    other.ask("test_pick", 0, 1)
    assert len(other.pending) == 2 and len(st.pending) == len(copy.pending) == 1
    st.apply(c.decision_base[0] + 2)
    assert picks(st) == [("picked", 1, 4, 2)]
    assert st.decider == 0 and st.legal_actions() == after_move
    assert copy.pending and copy.decider == 1                   # the clone still waits for its decision
    assert copy.key() != st.key()


@ENGINES
def test_bots_make_the_decisions_and_games_end(eng, tmp_path):
    rs, c = tables(eng, tmp_path)
    # The greedy bot's compiled policy reads the compiled engine's states: the pure engine plays random bots.
    for bots in (["random", "random"], ["greedy", "greedy"]) if eng is compiled else (["random", "random"],):
        st = eng.game.new_game(rs, seed=2)
        players = [make_bot(b, seed=i) for i, b in enumerate(bots)]
        while not st.is_terminal():
            st._apply(players[st.decider].choose(st))
        assert [(e[1], e[2]) for e in picks(st)] == [(0, 7), (1, 7)]


def test_play_game_asks_the_seat_that_decides(tmp_path):
    rs, c = tables(compiled, tmp_path)
    st = play_game(rs, [make_bot("greedy", seed=0), make_bot("random", seed=1)], seed=4)
    assert st.is_terminal() and [e[1] for e in picks(st)] == [0, 1]


def test_a_search_bot_answers_a_decision_with_one_of_its_options(tmp_path):
    rs, c = tables(compiled, tmp_path)
    st = compiled.new_game(rs, seed=1)
    bot = make_bot("mcts:20", seed=1)
    a = bot.choose(st)
    assert a in st.legal_actions() and c.actions[a].kind == compiled.CHOOSE
    assert bot.last_reason


def test_the_screen_and_the_notation_follow_the_decider(tmp_path):
    rs, c = tables(compiled, tmp_path)
    st = compiled.new_game(rs, seed=1)
    names = ["Ann", "Bob"]
    base = c.decision_base[0]
    assert screen.describe(st, base) == "pick red"
    assert screen.report(st, base, "Ann") == "Ann chooses pick red."
    assert screen.phase_label(st.phase_name) == "before the first turn"
    assert "decision" in screen.phase_hint(st)
    assert screen.choice_lines(st, names, _Plain(), hint=False)[0].startswith("Choices for Ann")
    st.apply(base)
    assert screen.choice_lines(st, names, _Plain(), hint=False)[0].startswith("Choices for Bob")
    # An option of a decision kind without words of its own is written and read as the engine writes it.
    assert notation_mod.notation(st, base + 2) == "pick blue"
    assert notation_mod.parse(st, "pick blue") == base + 2


class _Plain:
    """The least a console offers choice_lines: no styles."""

    @staticmethod
    def style(text, **_kw):
        return text
