"""The view of a state (rulekit/play/view.py) agrees with the engine, for every bundled ruleset."""
from __future__ import annotations

import random
from dataclasses import FrozenInstanceError

import pytest

from rulekit.engine import BUILD, CONVERT, HIRE, MOVE, REPAY, new_game
from rulekit.language import load_ruleset
from scenario import bundled_of
from rulekit.play import screen
from rulekit.play.notation import for_state
from rulekit.play.view import amounts_map, state_view

RULESETS = bundled_of("province")          # the play screen's view is Province's


def _table_amounts(c, pool, coin):
    out = {c.pool_ids[r]: n for r, n in enumerate(pool) if n}
    if coin:
        out[c.coins_id] = coin
    return out


def _states(ruleset_id, seed, count=6):
    """``count`` states of one random game, spread over it, the last one finished."""
    rs = load_ruleset(ruleset_id)
    return _states_of(rs, seed, count)


def _states_of(rs, seed, count):
    st = new_game(rs, seed=seed)
    rng = random.Random(seed)
    seen = []
    ply = 0
    while not st.is_terminal() and ply < 3000:
        if ply % 37 == 0:
            seen.append(st.clone())
        st.apply(rng.choice(st.legal_actions()))
        ply += 1
    step = max(1, len(seen) // (count - 1))
    return seen[::step][:count - 1] + [st]


@pytest.fixture
def stone(tmp_path):
    from test_resources import STONE                    # a fourth space and a third resource

    path = tmp_path / "stone.yaml"
    path.write_text(STONE, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("ruleset_id", RULESETS + ["stone"])
def test_the_view_and_the_engine_agree(ruleset_id, request):
    if ruleset_id == "stone":
        ruleset_id = request.getfixturevalue("stone")
    for seed in (1, 2):
        for st in _states(ruleset_id, seed):
            c = st.c
            v = state_view(st, seat=-1, label=screen.describe)
            assert v.current == st.current and v.turn == st.turn and v.phase == st.phase_name
            # every legal action exactly once, in the engine's order, with its cost
            legal = [] if st.is_terminal() else st.legal_actions()
            assert [a.index for a in v.actions] == legal
            table = for_state(st)
            for a in v.actions:
                info = c.actions[a.index]
                assert a.notation == table.of(a.index)
                assert a.label == screen.describe(st, a.index)
                if info.kind == BUILD:
                    assert a.structure == c.struct_ids[info.arg]
                    assert amounts_map(a.cost) == _table_amounts(c, c.cost_pool[info.arg], c.cost_coin[info.arg])
                elif info.kind == CONVERT:
                    assert a.conversion == c.conv_ids[info.arg]
                    assert amounts_map(a.cost) == _table_amounts(c, c.conv_pay_pool[info.arg],
                                                                 c.conv_pay_coin[info.arg])
                    assert amounts_map(a.gain) == _table_amounts(c, c.conv_gain_pool[info.arg],
                                                                 c.conv_gain_coin[info.arg])
                elif info.kind == HIRE:
                    assert amounts_map(a.cost) == _table_amounts(c, c.sailor_cost_pool, c.sailor_cost)
                elif info.kind == REPAY:
                    assert amounts_map(a.cost) == _table_amounts(c, c.repay_pool, c.repay_coin)
                elif info.kind == MOVE:
                    assert a.worker == c.kind_ids[info.arg] and a.origin == c.space_ids[info.arg2]
                    assert a.cost == ()                     # a move costs nothing
            # the board: every worker once, where the engine has it
            placed = [w.index for sp in v.spaces for w in sp.workers] + [w.index for w in v.off_cycle]
            assert sorted(placed) == list(range(c.n_workers))
            for sp in v.spaces:
                assert sp.id == c.space_ids[sp.index]
                assert all(st.wpos[w.index] == sp.index and w.owner == st.wowner[w.index] for w in sp.workers)
            assert [sp.id for sp in v.spaces] == list(c.space_ids)
            for p, pv in enumerate(v.players):
                assert pv.score == st.score(p) and pv.coin_value == st.coin_value(p)
                assert sum(n * c.coin_values[i] for i, (_cid, n) in enumerate(pv.purse)) == st.coin_value(p)
                assert {s.id for s in pv.structures} == {c.struct_ids[s] for s in range(c.n_struct)
                                                         if st.owned[p] >> s & 1}
                assert dict(pv.resources) == {c.pool_ids[r]: st.held(p, r) for r in range(c.n_pool)}
                assert pv.tokens_left == c.tokens - len(pv.structures)
            assert v.goals.remaining == len(st.stack)
            assert v.progress.ending == bool(st.ending)
            if st.is_terminal():
                assert v.outcome is not None and v.outcome.scores == st.scores()
                assert v.outcome.winners == st.outcome().winners
            else:
                assert v.outcome is None


def test_a_seat_sees_its_actions_only_on_its_turn():
    st = new_game(load_ruleset("province-en"), seed=4)
    mine = state_view(st, seat=st.current)
    theirs = state_view(st, seat=1 - st.current)
    assert [a.index for a in mine.actions] == st.legal_actions()
    assert theirs.actions == ()
    assert mine.players == theirs.players


def test_the_view_is_immutable():
    v = state_view(new_game(load_ruleset("province-en"), seed=4))
    with pytest.raises(FrozenInstanceError):
        v.turn = 3
    with pytest.raises(FrozenInstanceError):
        v.spaces[0].name = "x"
    assert isinstance(v.spaces, tuple) and isinstance(v.actions, tuple)
