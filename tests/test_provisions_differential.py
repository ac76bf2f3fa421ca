"""The Provisions family's engine and search, compiled and as pure Python: the same games.

Where a C compiler is present, Cython compiles ``rulekit/engine/provisions/`` and the bots'
``determinized.py`` and ``provisions_policy.py`` as they are (setup.py); the same files run as pure
Python with ``RULEKIT_PURE_PYTHON=1`` or without a compiler. Both are loaded in this process (the pure
ones from the sources, under other names) and fed the same seeded choices, random ones and the rollout
policy's: after every action the legal actions and every field of the two states must be equal, and
so must the outcome and the search's choices. Without a compiled core both sides are the sources.
"""
import random
import sys
from pathlib import Path

import pytest

from provisions_support import RULES
from rulekit import engine as default_engine
from rulekit.bots import determinized as fast_search
from rulekit.bots import provisions_policy as fast_policy
from rulekit.engine import core
from rulekit.language import load_ruleset

PURE = core.load_source("rulekit._pure_engine_provisions").provisions
FAST = default_engine.provisions
BOTS = Path(core.__file__).resolve().parent.parent / "bots"
# Named inside rulekit.bots, so that their relative imports resolve (they import the engine's constants only).
PURE_POLICY = core.source_module("rulekit.bots._pure_provisions_policy", BOTS / "provisions_policy.py")
PURE_SEARCH = core.source_module("rulekit.bots._pure_determinized", BOTS / "determinized.py")
GAMES = 40


def fields(st) -> dict:
    """Everything a state holds but its tables and rules (shared, and built by each engine's own module)."""
    return {k: getattr(st, k) for k in type(st).__slots__ if k not in ("t", "rules")}


def play_both(rules, players, seed):
    """One seeded game on both engines, a third of its actions the rollout policy's (each engine its own
    policy), the others chosen at random: the same legal actions, states and outcome throughout."""
    a = FAST.new_game(rules, seed=seed, players=players, first_player=seed % players)
    b = PURE.new_game(rules, seed=seed, players=players, first_player=seed % players)
    assert type(a) is not type(b) and fields(a) == fields(b)
    pick, ra, rb = random.Random(seed), random.Random(seed + 1), random.Random(seed + 1)
    steps = 0
    while not a.is_terminal():
        legal = a.legal_actions()
        assert legal == b.legal_actions(), f"seed {seed}, action {steps}"
        if steps % 3 == 0:
            action = fast_policy.rollout_policy(a, ra)
            assert PURE_POLICY.rollout_policy(b, rb) == action, f"seed {seed}, action {steps}"
        else:
            action = pick.choice(legal)
        a.apply(action)
        b.apply(action)
        steps += 1
        assert fields(a) == fields(b), f"seed {seed}, action {steps}"
    assert b.is_terminal() and steps > 0
    oa, ob = a.outcome(), b.outcome()            # each engine's Outcome class: compared field by field
    assert (oa.scores, oa.ranks, oa.winners, oa.decided_by) == (ob.scores, ob.ranks, ob.winners, ob.decided_by)
    assert a.scores() == b.scores() and a.returns() == b.returns()


def test_the_provisions_engine_is_compiled_with_provinces():
    """Compiled where Province's engine is (one install builds both), and the sources here are sources."""
    compiled = default_engine.ENGINE == "compiled"
    for module in (FAST.state, FAST.tables, fast_policy, fast_search):
        assert core.is_compiled(module) == compiled, module.__name__
    for module in (PURE.state, PURE.tables, PURE_POLICY, PURE_SEARCH):
        assert not core.is_compiled(module) and module.__file__.endswith(".py")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_same_games_on_both_engines(players):
    for seed in range(GAMES):
        play_both(RULES, players, seed)


def test_same_games_on_a_variant():
    rules = load_ruleset("provisions-seats")
    for seed in range(GAMES):
        play_both(rules, 2 + seed % 4, seed)


def test_the_search_chooses_the_same_on_both_engines(monkeypatch):
    """The hard level's search (determinized MCTS with the rollout policy), compiled and from its sources, on
    the two engines' states of the same positions: the same choice and the same statistics."""
    for seed in range(3):
        a = FAST.new_game(RULES, seed=seed, players=3)
        b = PURE.new_game(RULES, seed=seed, players=3)
        pick = random.Random(seed)
        for _ in range(8 + 5 * seed):
            action = pick.choice(a.legal_actions())
            a.apply(action)
            b.apply(action)
        fast = fast_policy.make_search(seed=seed, iterations=40)
        with monkeypatch.context() as m:       # make_search imports the search when called: here, its source
            m.setitem(sys.modules, "rulekit.bots.determinized", PURE_SEARCH)
            pure = PURE_POLICY.make_search(seed=seed, iterations=40)
        assert type(pure) is PURE_SEARCH.DeterminizedMCTSBot and type(fast) is fast_search.DeterminizedMCTSBot
        assert fast.choose(a) == pure.choose(b)
        assert fast.last_stats == pure.last_stats and fast.last_stats["iterations"] == 40
