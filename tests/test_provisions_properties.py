"""Properties of Provisions games, over random games (hypothesis): every game ends with a result,
goods are conserved, a seat's view never shows what it may not see, and a game replays exactly
from its seed and its actions."""
from __future__ import annotations

import random

import pytest
import tier
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from provisions_support import RULES, goods_total
from rulekit.engine.provisions import new_game

PLAYERS = st.integers(min_value=2, max_value=5)
SEEDS = st.integers(min_value=0, max_value=2 ** 32)
#: More actions than any game takes (5 picks, 5 takes, 90 turns at five players).
LONGEST = 5 + 5 + 5 * sum(m.turns for m in RULES.months)


def random_game(players, seed, stop=None):
    """A game played at random (seeded) to its end, or ``stop`` actions; with its actions."""
    game = new_game(RULES, seed=seed, players=players)
    rng = random.Random(seed)
    actions = []
    while not game.is_terminal() and (stop is None or len(actions) < stop):
        action = rng.choice(game.legal_actions())
        actions.append(action)
        game.apply(action)
    return game, actions


@settings(max_examples=tier.games(full=40, quick=10), deadline=None)
@given(PLAYERS, SEEDS)
def test_every_game_ends_with_a_result(players, seed):
    game, actions = random_game(players, seed)
    assert game.is_terminal() and len(actions) <= LONGEST
    out = game.outcome()
    assert game.n_players == players and len(out.scores) == players and out.winners
    assert all(score >= 0 for score in out.scores)
    assert abs(sum(game.returns())) < 1e-9
    assert game.turn == players * sum(m.turns for m in RULES.months)


@settings(max_examples=tier.games(full=25, quick=6), deadline=None)
@given(PLAYERS, SEEDS)
def test_goods_are_conserved(players, seed):
    """Supply + suppliers + stores + vigilantes = 80 after every action (nothing is ever discarded:
    goods paid go back to the supply, the vigilantes' leftovers too)."""
    game = new_game(RULES, seed=seed, players=players)
    rng = random.Random(seed)
    while not game.is_terminal():
        game.apply(rng.choice(game.legal_actions()))
        assert goods_total(game) == RULES.total_goods == 80
        assert min(game.holding + game.area + game.vigilantes) >= 0
        assert all(0 <= n <= RULES.spaces for stock in game.stock for n in stock)
        assert all(n <= RULES.capacity for n in game.area)


@settings(max_examples=tier.games(full=40, quick=10), deadline=None)
@given(PLAYERS, SEEDS, st.integers(min_value=0, max_value=120), SEEDS)
def test_view_never_leaks(players, seed, stop, other_seed):
    """What a seat sees is the same in every world consistent with what it has seen: redrawing what it
    cannot see (the pile's order, the face-down discard, the other seats' bonus cards) changes
    nothing of its view, nor of the public log; and the other seats' bonus cards are not in it."""
    game, _actions = random_game(players, seed, stop)
    for seat in range(players):
        view = game.view(seat)
        world = game.determinize(other_seed, seat)
        assert world.view(seat) == view
        assert world.log == game.log
        assert isinstance(view["pile"], int) and isinstance(view["discard"], int)
        if not game.is_terminal():
            assert [b is None for b in view["bonus"]] == [q != seat or game.bonus[seat] < 0 for q in range(players)]
            assert world.hands[seat] == game.hands[seat] and world.bonus[seat] == game.bonus[seat]
            assert sorted(world.pile + world.hidden_discard) == sorted(game.pile + game.hidden_discard)
            hidden = {RULES.bonus_cards[b][0] for q in range(players) if q != seat for b in game.hands[q]}
            assert not hidden & set(map(str, _strings(view)))


def _strings(value):
    """Every string in a view."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


def test_determinize_redraws_what_is_hidden():
    """The leak test above would see a leak: determinize does change the hidden parts."""
    game, _actions = random_game(3, 12, stop=10)
    worlds = [game.determinize(s, 0) for s in range(20)]
    assert any(w.bonus[1:] != game.bonus[1:] for w in worlds)
    assert any(w.pile != game.pile for w in worlds)
    assert all(w.view(0) == game.view(0) for w in worlds)
    assert any(w.view(1) != game.view(1) for w in worlds)


@settings(max_examples=tier.games(full=20, quick=5), deadline=None)
@given(PLAYERS, SEEDS)
def test_seed_and_actions_replay_the_game(players, seed):
    game, actions = random_game(players, seed)
    again = new_game(RULES, seed=seed, players=players)
    for action in actions:
        assert action in again.legal_actions()
        notation = again.notation(action)
        assert again.parse(notation) == action
        again.apply(action)
    assert again.scores() == game.scores() and again.log == game.log and again.view(0) == game.view(0)


@settings(max_examples=tier.games(full=20, quick=5), deadline=None)
@given(PLAYERS, SEEDS, st.integers(min_value=0, max_value=35))
def test_clone_is_independent(players, seed, stop):
    game, _actions = random_game(players, seed, stop)
    assume(not game.is_terminal())
    copy = game.clone()
    before = game.view(0)
    rng = random.Random(seed)
    while not copy.is_terminal():
        copy.apply(rng.choice(copy.legal_actions()))
    assert game.view(0) == before and not game.is_terminal()


@settings(max_examples=tier.games(full=15, quick=4), deadline=None)
@given(PLAYERS, SEEDS)
def test_apply_accepts_exactly_the_legal_actions(players, seed):
    """``apply`` checks the one action it is given (not the whole list): at every position of a
    game, every entry of the action table (and a few numbers outside it) is accepted exactly when
    ``legal_actions`` lists it, and a refused one changes nothing."""
    from rulekit.errors import IllegalActionError

    game = new_game(RULES, seed=seed, players=players)
    rng = random.Random(seed)
    table = range(-1, len(game.t.actions) + 1)
    while True:
        legal = game.legal_actions()
        assert [a for a in table if game._allows(a)] == legal
        if game.is_terminal():
            break
        refused = next((a for a in table if a not in legal), None)
        if refused is not None:
            before = game.view(game.decider)
            with pytest.raises(IllegalActionError):
                game.apply(refused)
            assert game.view(game.decider) == before
        game.apply(rng.choice(legal))
    assert legal == []
