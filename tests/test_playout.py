"""The engine's random playout (``State.playout``): the same game as a Python loop making the same
choices, on both engines, for every bundled ruleset and generated house rules.

``playout(seed)`` chooses each action as ``legal[x % len(legal)]``, ``x`` the next output of a
SplitMix64 generator seeded by ``seed``; :func:`reference_playout` is that loop written in Python
over ``legal_actions()`` and ``_apply``. Compiled, the playout runs in C without returning to
Python; as pure Python it is the same source. Both must end in the same state (``key()``,
history, event log, scores) as the reference loop on the pure engine.
"""
import pytest

import tier

from rulekit import engine as default_engine
from rulekit.engine import core
from rulekit.language import load_ruleset
from scenario import bundled_of
from test_engine_differential import generated_variant, long_table_variant

PURE = core.load_source("rulekit._pure_engine_playout")
ENGINES = (default_engine,) if default_engine.ENGINE == "pure Python" else (default_engine, PURE.game)
MASK64 = (1 << 64) - 1
GOLDEN, MIX1, MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
GAMES = tier.games(full=30, quick=8)    # seeded games per ruleset (tests/README.md)


def choices(seed):
    """The playout's generator: SplitMix64 from ``seed``, written out here on purpose (not imported)."""
    x = (seed * GOLDEN + MIX2) & MASK64
    while True:
        x = (x + GOLDEN) & MASK64
        z = ((x ^ (x >> 30)) * MIX1) & MASK64
        z = ((z ^ (z >> 27)) * MIX2) & MASK64
        yield z ^ (z >> 31)


def reference_playout(st, seed, max_turns=-1):
    n = 0
    draw = choices(seed)
    while not st.is_terminal() and (max_turns < 0 or st.turn < max_turns):
        legal = st.legal_actions()
        assert legal, "a game not over has a legal action"
        st._apply(legal[next(draw) % len(legal)])
        n += 1
    return n


def summary(st):
    return st.key(), list(st.history), list(st.log), st.scores(), st.is_terminal() and st.result()


def check_same(rs, seed, max_turns=-1):
    n = rs.player_counts[seed % len(rs.player_counts)]
    first = None if PURE.game.compile_ruleset(rs, n).first_random else seed % n
    ref = PURE.game.new_game(rs, seed=seed, first_player=first, players=n)
    played = reference_playout(ref, seed, max_turns)
    assert played == len(ref.history) and played > 0
    for eng in ENGINES:
        st = eng.new_game(rs, seed=seed, first_player=first, players=n)
        assert st.playout(seed, max_turns) == played, f"{eng.ENGINE}, seed {seed}"
        assert summary(st) == summary(ref), f"{eng.ENGINE}, seed {seed}: the playout differs from the loop"


@pytest.mark.parametrize("ruleset_id", bundled_of("province"))   # Province's compiled core
def test_playout_plays_the_reference_loop_on_bundled_rulesets(ruleset_id):
    rs = load_ruleset(ruleset_id)
    for seed in range(GAMES):
        check_same(rs, seed)
    st = default_engine.new_game(rs, seed=1)
    assert st.playout(1) > 0 and st.is_terminal()
    assert st.playout(2) == 0 and st.legal_actions() == []     # a finished game stays finished


@pytest.mark.parametrize("n", range(0, 12, 4))
def test_playout_plays_the_reference_loop_on_generated_variants(tmp_path, n):
    rs = generated_variant(tmp_path, n)
    for seed in range(GAMES):
        check_same(rs, seed)


def test_playout_plays_the_reference_loop_past_the_stack_buffer(tmp_path):
    """An action table longer than the compiled core's buffer on the C stack: the playout lists the legal
    actions in a buffer it allocates, and plays the same games."""
    rs = long_table_variant(tmp_path)
    for seed in range(10):
        check_same(rs, seed)


def test_playout_writes_the_history_after_the_one_before_and_nothing_when_muted():
    """The playout writes its actions into the history at its end, after those played before it; a muted
    state's history (a search's) stays empty."""
    rs = load_ruleset("province-en")
    for eng in ENGINES:
        st = eng.new_game(rs, seed=4, first_player=0)
        st.playout(4, 3)
        before = list(st.history)
        ref = st.clone()
        n = st.playout(9)
        assert reference_playout(ref, 9) == n > 0
        assert list(st.history) == list(ref.history) == before + list(st.history)[len(before):]
        assert len(st.history) == len(before) + n
        muted = eng.new_game(rs, seed=4, first_player=0).mute()
        assert muted.playout(4) > 0 and muted.is_terminal() and list(muted.history) == []


def test_playout_stops_at_max_turns_and_goes_on_from_there():
    rs = load_ruleset("province-en")
    for seed in range(10):
        check_same(rs, seed, max_turns=7)
        st = default_engine.new_game(rs, seed=seed, first_player=0)
        st.playout(seed, 7)
        assert st.turn == 7 and not st.is_terminal()
        st.playout(seed)
        assert st.is_terminal() and st.turn > 7
    # A playout from the middle of a game plays on from that state, on a clone without touching it.
    st = default_engine.new_game(rs, seed=3, first_player=1)
    st.playout(5, 4)
    before = st.key()
    a, b = st.clone(), st.clone()
    assert a.playout(9) == b.playout(9) and a.key() == b.key() and st.key() == before
    assert a.playout(9) == 0
