"""The playout bot: simulations to the end of the game, rollouts drawn by a softmax over greedy values."""
import math
import random
from collections import Counter

import pytest

from rulekit import engine
from rulekit.bots import make_bot
from rulekit.bots.greedy import evaluate
from rulekit.bots.mcts import MCTSBot, greedy_action, softmax_action
from rulekit.bots.playout import PLAYOUT_ITERATIONS, PLAYOUT_TEMPERATURE, PlayoutBot
from rulekit.bots.registry import canonical_bot
from rulekit.engine import compile_ruleset, new_game
from rulekit.language import bundled_rulesets, load_ruleset
from test_mcts import _winning_position


@pytest.fixture(scope="module")
def rs():
    return load_ruleset("province-en")


def _spread_position(rs):
    """A position whose legal actions do not all have the same one-step value."""
    st = new_game(rs, seed=3, first_player=0)
    for _ in range(200):
        legal = st.legal_actions()
        values = []
        for a in legal:
            child = st.clone()
            child._apply(a)
            values.append(evaluate(child, st.current))
        if len(set(values)) >= 3:
            return st, legal, values
        st._apply(greedy_action(st, legal))
    pytest.fail("no position with three different action values")


def test_the_bare_spec_and_its_settings():
    bot = make_bot("playout", 4)
    assert isinstance(bot, PlayoutBot) and isinstance(bot, MCTSBot)
    assert bot.iterations == PLAYOUT_ITERATIONS and bot.horizon == 0
    assert bot.temperature == PLAYOUT_TEMPERATURE > 0
    assert canonical_bot("playout") == f"playout:{PLAYOUT_ITERATIONS}"
    assert make_bot("playout:0.2s", 4).seconds == 0.2
    # the French name, typed without its accent
    from rulekit.i18n import language
    with language("fr"):
        assert canonical_bot("denouement:7") == "playout:7"


def test_softmax_draws_in_proportion_to_exp_value_over_temperature(rs):
    st, legal, values = _spread_position(rs)
    rng = random.Random(5)
    temperature = 5.0
    draws = Counter(softmax_action(st, legal, rng, temperature) for _ in range(4000))
    weights = [math.exp(v / temperature) for v in values]
    total = sum(weights)
    for a, w in zip(legal, weights):
        expected = 4000 * w / total
        # within five standard deviations of the binomial count
        assert abs(draws[a] - expected) <= 5 * math.sqrt(expected * (1 - w / total)) + 1, (a, draws[a], expected)


def test_a_cold_softmax_is_the_greedy_choice_and_a_seed_repeats_it(rs):
    st, legal, values = _spread_position(rs)
    assert {softmax_action(st, legal, random.Random(s), 0.01) for s in range(20)} == {greedy_action(st, legal)}
    warm = [softmax_action(st, legal, rng, 3.0) for rng in (random.Random(8),) for _ in range(30)]
    assert warm == [softmax_action(st, legal, rng, 3.0) for rng in (random.Random(8),) for _ in range(30)]
    assert len(set(warm)) > 1


def test_a_zero_temperature_keeps_the_mcts_bot_greedy(rs):
    st, legal, _ = _spread_position(rs)
    bot = MCTSBot(seed=1, iterations=5)
    assert bot.temperature == 0 and bot._rollout_action(st, legal, random.Random(0)) == greedy_action(st, legal)
    with pytest.raises(ValueError):
        MCTSBot(temperature=-1)


def _line(rs, seed, plies=20):
    st = new_game(rs, seed=seed, first_player=0)
    bot = PlayoutBot(seed=seed, iterations=12)
    out = []
    for _ in range(plies):
        if st.is_terminal():
            break
        a = bot.choose(st)
        out.append(a)
        st._apply(a)
    return out


def test_deterministic_for_a_seed_and_an_iteration_budget(rs):
    assert _line(rs, 3) == _line(rs, 3)


@pytest.mark.parametrize("ruleset_id", sorted(bundled_rulesets()))
def test_plays_whole_games_legally_on_every_bundled_ruleset(ruleset_id):
    rs = load_ruleset(ruleset_id)
    st = new_game(rs, seed=11)
    bots = [PlayoutBot(seed=1, iterations=3), make_bot("greedy", 2)]
    while not st.is_terminal():
        a = bots[st.current].choose(st)
        assert a in st.legal_actions()
        st.apply(a)
        assert st.turn < 200
    assert bots[0].total_iterations > 0 and bots[0].last_reason


def test_finds_the_winning_build(rs):
    st, idx = _winning_position(rs)
    build_bank = compile_ruleset(rs).action_index[(engine.BUILD, idx["bank"], 0)]
    for seed in range(3):
        bot = PlayoutBot(seed=seed, iterations=60)
        game = st.clone()
        while not game.is_terminal():
            a = bot.choose(game)
            assert a != build_bank
            game.apply(a)
        assert game.winner() == 0
