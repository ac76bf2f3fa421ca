"""Random playouts on every bundled ruleset, with invariants checked after every action.

OpenSpiel-style conformance: whatever the ruleset (edition or house rule),
1,000 seeded random games must respect the invariants below. What bounds a
turn, and what does not bound a game, is in docs/engine.md. The suite runs on
both engines: the one ``rulekit.engine`` imports (compiled where a C compiler
was present at install) and the pure-Python modules loaded from their sources.
"""
import random

import pytest

import rulekit.engine
import rulekit.engine.record
from rulekit.engine import core
from rulekit.language import bundled_rulesets, load_ruleset
from scenario import labor, labor_earned  # noqa: F401

GAMES = 1000
TURN_BOUND = 600          # what these seeds show (docs/engine.md); not a bound of the rules
ACTIONS_PER_TURN_BOUND = 60


def check_invariants(st, totals, n_goals):
    c = st.c
    # Coins are conserved per denomination across the supply and both purses.
    for d in range(len(totals)):
        assert st.supply[d] + st.purses[0][d] + st.purses[1][d] == totals[d]
        assert st.supply[d] >= 0 and st.purses[0][d] >= 0 and st.purses[1][d] >= 0
    assert labor(st) >= 0
    for p in (0, 1):
        assert bin(st.owned[p]).count("1") <= c.tokens
    # Every goal is in at most one place.
    places = list(st.stack) + st.claimed[0] + st.claimed[1] + st.removed + ([st.face_up] if st.face_up >= 0 else [])
    assert len(places) == len(set(places)) and len(places) <= n_goals
    # A structure's first builder owns it.
    for s, f in enumerate(st.first_builder):
        if f >= 0:
            assert st.owned[f] >> s & 1
    if c.sailor_max is not None:
        on = sum(1 for w in range(c.n_workers) if c.worker_kind[w] == c.sailor_kind and st.wpos[w] >= 0)
        assert on <= c.sailor_max
    assert st.holder in (-1, 0, 1)


RULESETS = sorted(bundled_rulesets())
_PURE = core.load_source("rulekit._pure_engine")
ENGINES = {  # name -> (game module, record module)
    "default": (rulekit.engine, rulekit.engine.record),
    "pure": (_PURE.game, _PURE.record),
}


@pytest.mark.parametrize("engine", sorted(ENGINES))
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_random_playouts(ruleset_id, engine):
    game, record = ENGINES[engine]
    compile_ruleset, new_game = game.compile_ruleset, game.new_game
    GameRecord, replay = record.GameRecord, record.replay
    rs = load_ruleset(ruleset_id)
    c = compile_ruleset(rs)
    totals = c.coinage.totals
    n_goals = len(c.goal_ids)
    for seed in range(GAMES):
        rng = random.Random(seed)
        st = new_game(rs, seed=seed, first_player=None if c.first_random else seed % 2)
        check_invariants(st, totals, n_goals)
        actions_this_turn = 0
        turn = st.turn
        while not st.is_terminal():
            legal = st.legal_actions()
            assert legal, "a non-terminal state has legal actions"
            assert len(legal) == len(set(legal))
            st.apply(rng.choice(legal))
            check_invariants(st, totals, n_goals)
            if st.turn != turn:
                turn, actions_this_turn = st.turn, 0
            actions_this_turn += 1
            assert actions_this_turn <= ACTIONS_PER_TURN_BOUND
            assert st.turn <= TURN_BOUND
            if seed % 50 == 0:
                assert st.clone() == st
        assert st.legal_actions() == []
        assert st.end_reason is not None
        if seed % 10 == 0:
            rec = GameRecord.from_json(GameRecord.for_state(rs, st).to_json())
            assert replay(rec, rs) == st
