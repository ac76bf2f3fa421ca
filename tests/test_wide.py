"""The wide bot: the MCTS bot's search over more candidate turns, legal and deterministic on every ruleset."""
import pytest

from rulekit.bots import make_bot
from rulekit.bots.mcts import MCTSBot
from rulekit.bots.registry import canonical_bot
from rulekit.bots.wide import WIDE_CANDIDATES, WIDE_ITERATIONS, WIDE_WEIGHTS, WideBot
from rulekit.engine import new_game
from rulekit.language import load_ruleset
from scenario import bundled_of
from test_mcts import _line, assert_finds_the_winning_build


@pytest.fixture(scope="module")
def rs():
    return load_ruleset("province-en")


def test_the_bare_spec_and_its_settings():
    bot = make_bot("wide", 4)
    assert isinstance(bot, WideBot) and isinstance(bot, MCTSBot)
    assert bot.iterations == WIDE_ITERATIONS and bot.candidates == WIDE_CANDIDATES > MCTSBot().candidates
    assert canonical_bot("wide") == f"wide:{WIDE_ITERATIONS}"
    assert make_bot("wide:0.2s", 4).seconds == 0.2
    from rulekit.i18n import language
    with language("fr"):
        assert canonical_bot("large:7") == "wide:7"


def test_it_compares_more_candidate_turns_than_the_mcts_bot(rs):
    """The first position of a game has more distinct turns than either bot keeps."""
    st = new_game(rs, seed=2, first_player=0)
    wide = WideBot(seed=1).candidate_plans(st)
    narrow = MCTSBot(seed=1, weights=WIDE_WEIGHTS).candidate_plans(st)
    assert len(narrow) <= MCTSBot().candidates + 1 < len(wide) <= WIDE_CANDIDATES + 1
    # the same ordering: with the same evaluation, the MCTS bot's candidates are the wide bot's best ones
    assert [p for p in narrow if p in wide] == narrow


def test_it_values_with_its_own_weights(rs):
    """The wide bot's evaluation is the tuned one, and it orders the candidate turns."""
    from rulekit.bots.policy import WEIGHTS

    assert WideBot().weights == WIDE_WEIGHTS != WEIGHTS
    st = new_game(rs, seed=2, first_player=0)
    assert WideBot(seed=1, weights=WEIGHTS).candidate_plans(st) != WideBot(seed=1).candidate_plans(st)


def test_deterministic_for_a_seed_and_an_iteration_budget(rs):
    assert _line(rs, 3, 20, 20, WideBot) == _line(rs, 3, 20, 20, WideBot)


@pytest.mark.parametrize("ruleset_id", bundled_of("province"))   # Province's bots and board
def test_plays_whole_games_legally_on_every_bundled_ruleset(ruleset_id):
    st = new_game(load_ruleset(ruleset_id), seed=11)
    # The wide bot and greedy ones, one per seat of the ruleset's smallest game.
    bots = [WideBot(seed=1, iterations=5)] + [make_bot("greedy", 2 + k) for k in range(st.n_players - 1)]
    while not st.is_terminal():
        a = bots[st.current].choose(st)
        assert a in st.legal_actions()
        st.apply(a)
        assert st.turn < 200
    assert bots[0].total_iterations > 0 and bots[0].last_reason


def test_finds_the_winning_build(rs):
    assert_finds_the_winning_build(rs, lambda seed: WideBot(seed=seed, iterations=60))


def test_the_hard_level_is_the_wide_search_played_four_turns_on():
    from rulekit.bots.registry import level_spec
    from rulekit.bots.wide import FarBot
    assert level_spec("hard") == "far:100"            # issue 54: the horizon, not wide:30's budget
    assert isinstance(make_bot("hard", 1), FarBot) and isinstance(make_bot("hard", 1), WideBot)
    assert canonical_bot("hard") == "hard=" + level_spec("hard")
