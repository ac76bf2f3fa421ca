"""No level hoards (issue 54): from any position, a computer player that could build a structure that
scores does not let turn after turn go by without building (a property test over random positions:
random plies from a seeded game, then the bots play on, every level from easy to expert); and games
between weak bots end, since a greedy bot builds in a stalled game."""
import random

import pytest
import tier

from hypothesis import given, settings
from hypothesis import strategies as st

from rulekit.bots.registry import make_bot
from rulekit.engine import BUILD, new_game
from rulekit.language import load_ruleset

#: Own turns in a row with a scoring build legal and none built that no bot may pass.
MAX_PASSED = 3
#: Own turns a property example follows.
TURNS = 40


def _scores(state, action) -> bool:
    c = state.c
    info = c.actions[action]
    if info.kind != BUILD:
        return False
    s = info.arg
    return (c.vp_first[s] if state.first_builder[s] < 0 else c.vp_later[s]) > 0


def _longest_pass(ruleset, spec, seed, plies, players=None):
    """The most own turns in a row in which the player to move at a random position had a build that
    scores among its legal actions and built nothing; every seat is played by ``spec``."""
    rnd = random.Random(seed)
    state = new_game(load_ruleset(ruleset), seed=seed, players=players)
    for _ in range(plies):
        if state.is_terminal():
            return 0
        state._apply(rnd.choice(state.legal_actions()))
    me = state.current
    bots = [make_bot(spec, seed * 10 + p) for p in range(state.c.n_players)]
    run = longest = turns = 0
    could = built = False
    turn = state.turn
    while not state.is_terminal() and turns < TURNS:
        p = state.decider
        if p == me and not could:
            could = any(_scores(state, a) for a in state.legal_actions())
        a = bots[p].choose(state)
        if p == me and state.c.actions[a].kind == BUILD:
            built = True
        state._apply(a)
        if state.turn != turn:
            if p == me:
                turns += 1
                run = run + 1 if could and not built else 0
                longest = max(longest, run)
                could = built = False
            turn = state.turn
    return longest


@settings(max_examples=tier.games(full=40, quick=10), deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 60), spec=st.sampled_from(["easy", "normal"]))
def test_easy_and_normal_never_sit_on_a_scoring_build(seed, plies, spec):
    assert _longest_pass("province-en", spec, seed, plies) < MAX_PASSED


@settings(max_examples=tier.games(full=8, quick=3), deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 60))
def test_hard_never_sits_on_a_scoring_build(seed, plies):
    assert _longest_pass("province-en", "hard", seed, plies) < MAX_PASSED


@settings(max_examples=3, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 60))
def test_expert_never_sits_on_a_scoring_build(seed, plies):
    """The expert level too (a few examples: its search is the slowest of the levels)."""
    assert _longest_pass("province-en", "expert", seed, plies) < MAX_PASSED


@settings(max_examples=tier.games(full=15, quick=4), deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 80), ruleset=st.sampled_from(["province-fr", "province-3p"]))
def test_normal_builds_in_the_other_bundled_games_too(seed, plies, ruleset):
    players = 3 if ruleset == "province-3p" else None
    assert _longest_pass(ruleset, "normal", seed, plies, players) < MAX_PASSED


def test_the_measure_sees_a_player_that_never_builds():
    """The property is not empty: the greedy bot made never to build is caught."""
    from rulekit.engine import END

    class Hoarder:
        def __init__(self, seed):
            self.greedy = real("normal", seed)

        def choose(self, state):
            a = self.greedy.choose(state)
            if state.c.actions[a].kind != BUILD:
                return a
            legal = [b for b in state.legal_actions() if state.c.actions[b].kind != BUILD]
            ends = [b for b in legal if state.c.actions[b].kind == END]
            return (ends or legal)[0]

    real = make_bot
    try:
        globals()["make_bot"] = lambda spec, seed: Hoarder(seed) if spec == "hoarder" else real(spec, seed)
        assert max(_longest_pass("province-en", "hoarder", s, 0) for s in range(3)) >= MAX_PASSED
    finally:
        globals()["make_bot"] = real


#: Seeded games in which the greedy bot, before it built in a stalled game, held the coins until nobody could
#: build or claim the last goals, so that the game reached the turn cap (province-fr, from seed 7,920,000: games
#: 154 and 200 between `greedy` and `random`, and games between `careless` and `greedy` too).
STALLED = ("province-fr", 7_920_000, 300)


@pytest.mark.parametrize("bots", [("greedy", "random"), ("careless", "greedy")])
def test_games_between_weak_bots_end(bots):
    """No game stops at the turn cap: a greedy bot in a game where nobody has built for a while builds."""
    from rulekit.balance.simulate import DEFAULT_MAX_TURNS, run

    ruleset, seed, games = STALLED
    played = run(ruleset, games, bots=list(bots), seed=seed, max_turns=DEFAULT_MAX_TURNS)
    unfinished = [g.index for g in played if not g.finished]
    assert len(played) == games and unfinished == []


def test_a_stalled_greedy_bot_builds():
    """Once nobody has built for STALL_TURNS turns, a build, when legal, is the greedy bot's choice, even one
    that scores nothing (seat 0 greedy, seat 1 random, in the games of STALLED)."""
    from rulekit.bots.greedy import STALL_TURNS, GreedyBot

    ruleset, seed, games = STALLED
    rs = load_ruleset(ruleset)
    stalled_builds = 0
    for game in range(40):
        state = new_game(rs, seed=seed + game)
        bot, rnd = GreedyBot(game), random.Random(game)
        last_build, seen = 0, 0
        while not state.is_terminal() and state.turn < 200:
            legal = state.legal_actions()
            builds = [b for b in legal if state.c.actions[b].kind == BUILD]
            if state.decider == 0:
                owned = sum(o.bit_count() for o in state.owned)     # the structures built, as the bot sees them
                if owned != seen:
                    last_build, seen = state.turn, owned
                a = bot.choose(state)
                if state.turn - last_build >= STALL_TURNS and builds:
                    assert a in builds, (game, state.turn)
                    stalled_builds += 1
            else:
                a = rnd.choice(legal)
            state._apply(a)
        assert state.is_terminal(), game
    assert stalled_builds > 0
