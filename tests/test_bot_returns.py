"""The returns the bots use, for any number of players: one per seat, summing to 0.

A search bot values a simulation by a vector of returns, one per seat, and
maximizes its own entry: :meth:`State.returns` when the game is over,
:func:`rulekit.bots.mcts.leaf_values` otherwise. Both sum to 0 and lie in
[-1, 1]; with two players the leaf value is ``tanh`` of the evaluation
difference and its negation, as it always was.
"""
import math

import tier
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from rulekit.bots import RandomBot, make_bot, play_game
from rulekit.bots.mcts import SCALE, chance, leaf_values
from rulekit.bots.policy import WEIGHTS, advantage, evaluate
from rulekit.bots.wide import WIDE_WEIGHTS
from rulekit.engine import new_game
from rulekit.language import load_ruleset

GAMES = [("province-en", 2), ("province-fr", 2), ("province-3p", 3)]


def _position(ruleset_id, players, seed, plies):
    """The position after ``plies`` random actions of a game (or its end)."""
    rs = load_ruleset(ruleset_id)
    st = new_game(rs, seed=seed, players=players)
    bot = RandomBot(seed)
    for _ in range(plies):
        if st.is_terminal():
            break
        st._apply(bot.choose(st))
    return st


@pytest.mark.parametrize("ruleset_id, players", GAMES)
@settings(max_examples=tier.games(full=40, quick=10), deadline=None)
@given(seed=st_.integers(0, 10_000), plies=st_.integers(0, 400), weights=st_.sampled_from([WEIGHTS, WIDE_WEIGHTS]))
def test_leaf_values_are_one_return_per_seat_summing_to_zero(ruleset_id, players, seed, plies, weights):
    st = _position(ruleset_id, players, seed, plies)
    if st.is_terminal():
        r = st.returns()
        assert len(r) == players and math.fsum(r) == pytest.approx(0, abs=1e-12)
        assert all(-1 <= x <= 1 for x in r)
        return
    for p in range(players):
        v = leaf_values(st, p, weights)
        assert len(v) == players
        assert math.fsum(v) == pytest.approx(0, abs=1e-12)
        assert all(-1 <= x <= 1 for x in v)
        if players == 2:
            # The two-player value, exactly: tanh of the evaluation difference, negated for the opponent.
            mine = math.tanh((evaluate(st, p, weights) - evaluate(st, 1 - p, weights)) / SCALE)
            assert v[p] == mine and v[1 - p] == -mine
            assert advantage(st, p, weights) == evaluate(st, p, weights) - evaluate(st, 1 - p, weights)
        else:
            # The seat the evaluations favour most gets the highest return; the chance it stands for is a share.
            evals = [evaluate(st, k, weights) for k in range(players)]
            assert v.index(max(v)) == evals.index(max(evals))
            assert 0 <= chance(v[p], players) <= 1


@pytest.mark.parametrize("ruleset_id, players", GAMES)
def test_finished_games_return_a_vector_summing_to_zero(ruleset_id, players):
    """Whole games between bots: the final state's returns have one entry per seat, sum to 0, and
    give a sole winner 1 (with two players, the loser -1; a tie is all zeros)."""
    rs = load_ruleset(ruleset_id)
    for seed in range(6):
        bots = [make_bot("greedy" if k % 2 else "careless", seed * players + k) for k in range(players)]
        st = play_game(rs, bots, seed=seed)
        assert st.is_terminal() and st.n_players == players
        r = st.returns()
        assert len(r) == players and math.fsum(r) == pytest.approx(0, abs=1e-12)
        w = st.winner()
        if w is not None:
            assert r[w] == 1 and all(r[k] == -1 / (players - 1) for k in range(players) if k != w)


def test_chance_inverts_the_returns():
    assert chance(1.0, 3) == 1 and chance(-0.5, 3) == 0 and chance(0.0, 3) == pytest.approx(1 / 3)
    assert chance(0.0, 2) == 0.5 and chance(-1.0, 2) == 0 and chance(0.5, 2) == 0.75
