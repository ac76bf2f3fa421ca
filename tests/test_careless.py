"""The careless bot (the easy level): the greedy bot's move, or a random one three times in ten."""
import pytest

from rulekit.bots import GreedyBot, RandomBot, evaluate, make_bot, play_game
from rulekit.bots.careless import SLIP_RATE, CarelessBot
from rulekit.bots.registry import canonical_bot, level_spec
from rulekit.engine import new_game
from rulekit.i18n import language
from rulekit.language import load_ruleset
from scenario import bundled_of


@pytest.fixture(scope="module")
def rs():
    return load_ruleset("province-en")


def test_the_spec_the_easy_level_and_the_french_name():
    assert isinstance(make_bot("careless", 3), CarelessBot)
    assert level_spec("easy") == "careless" and isinstance(make_bot("easy", 3), CarelessBot)
    assert canonical_bot("easy") == "easy=careless"
    with language("fr"):
        assert canonical_bot("distrait") == "careless"


def _greedy_best(state):
    """The actions the greedy bot could play here (its best evaluation, ties included)."""
    p = state.current
    values = {}
    for a in state.legal_actions():
        child = state.clone()
        child._apply(a)
        values[a] = evaluate(child, p)
    top = max(values.values())
    return {a for a, v in values.items() if v >= top - 1e-9}


def test_it_slips_about_three_times_in_ten_and_otherwise_plays_greedily(rs):
    bot = CarelessBot(seed=5)
    slips = decisions = 0
    for seed in range(12):
        st = new_game(rs, seed=seed, first_player=seed % 2)
        other = GreedyBot(seed)
        while not st.is_terminal():
            if st.current == 0:
                best = _greedy_best(st)
                a = bot.choose(st)
                assert a in st.legal_actions()
                decisions += 1
                if bot.last_reason == "a careless move, chosen at random":
                    slips += 1
                else:
                    assert a in best and bot.last_reason.startswith("best evaluation one action ahead")
            else:
                a = other.choose(st)
            st._apply(a)
    assert decisions > 300
    assert abs(slips / decisions - SLIP_RATE) < 0.06


def test_without_slips_it_plays_as_the_greedy_bot_would(rs):
    st = new_game(rs, seed=8, first_player=0)
    bot = CarelessBot(seed=2, slip_rate=0.0)
    for _ in range(40):
        if st.is_terminal():
            break
        a = bot.choose(st)
        assert a in _greedy_best(st)
        st._apply(a)


def test_deterministic_for_a_seed(rs):
    def line(seed):
        st = new_game(rs, seed=seed, first_player=0)
        bot = CarelessBot(seed)
        out = []
        while not st.is_terminal():
            out.append(bot.choose(st))
            st._apply(out[-1])
        return out
    assert line(4) == line(4) != line(5)


@pytest.mark.parametrize("ruleset_id", bundled_of("province"))   # Province's bots and board
def test_plays_whole_games_legally_on_every_bundled_ruleset(ruleset_id):
    """A careless bot and random ones, one per seat of the ruleset's smallest game."""
    rs = load_ruleset(ruleset_id)
    bots = [CarelessBot(1)] + [RandomBot(2 + k) for k in range(rs.min_players - 1)]
    st = play_game(rs, bots, seed=3, max_turns=300)
    assert st.is_terminal()


def test_it_sits_between_the_random_and_the_greedy_bot(rs):
    """The ladder's two lower steps, on 20 seeded games each, seats alternating."""
    def wins(upper, lower):
        n = 0
        for i in range(20):
            bots = [upper(2 * i), lower(2 * i + 1)] if i % 2 == 0 else [lower(2 * i + 1), upper(2 * i)]
            st = play_game(rs, bots, seed=i, first_player=(i // 2) % 2)
            n += st.winner() == (0 if i % 2 == 0 else 1)
        return n
    assert wins(CarelessBot, RandomBot) >= 17
    assert wins(GreedyBot, CarelessBot) >= 14
