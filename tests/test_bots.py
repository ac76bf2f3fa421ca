"""The bots: legal choices only, deterministic for a seed, and greedy beats random."""
import pytest

from rulekit.bots import GreedyBot, RandomBot, evaluate, make_bot, play_game
from rulekit.engine import compile_ruleset, new_game
from rulekit.language import load_ruleset


#: The turn limit of these games, as `rulekit play`'s: the rules bound a turn, not a game (docs/engine.md,
#: "Termination"). In province-fr, seed 64, the greedy bot came to hold 41 of the 43 coins and built no more, and
#: the random bot could afford nothing; since a greedy bot builds in a stalled game (rulekit/bots/greedy.py) it
#: ends (tests/test_bots_progress.py).
MAX_TURNS = 2000


def greedy_vs_random(ruleset_id, games):
    rs = load_ruleset(ruleset_id)
    first_random = compile_ruleset(rs).first_random
    wins = 0
    for seed in range(games):
        greedy_seat = seed % 2
        bots = [None, None]
        bots[greedy_seat] = GreedyBot(seed)
        bots[1 - greedy_seat] = RandomBot(seed)
        first = None if first_random else (seed // 2) % 2
        state = play_game(rs, bots, seed=seed, first_player=first, max_turns=MAX_TURNS)
        wins += state.is_terminal() and state.winner() == greedy_seat
    return wins


@pytest.mark.parametrize("ruleset_id", ["province-en", "province-fr"])
def test_greedy_beats_random_in_90_percent_of_200_games(ruleset_id):
    wins = greedy_vs_random(ruleset_id, 200)
    assert wins >= 180, f"greedy won {wins} of 200"


def test_bots_choose_legal_actions_and_are_deterministic():
    rs = load_ruleset("province-en")
    for name in ("random", "greedy"):
        runs = []
        for _ in range(2):
            bots = [make_bot(name, seed=5), make_bot(name, seed=6)]
            st = new_game(rs, seed=11)
            while not st.is_terminal():
                bot = bots[st.current]
                action = bot.choose(st)
                assert action in st.legal_actions()
                assert bot.last_reason
                st.apply(action)
            runs.append(st.history)
        assert runs[0] == runs[1]


def test_evaluation_prefers_vp():
    """Building a structure worth VP scores higher than ending the turn with the resources."""
    rs = load_ruleset("province-en")
    st = new_game(rs, seed=3, first_player=0)
    # Moving all three workers earns 2 Labor and 1 Coin: 3 Coin in all, enough for the Lender (2 Labor, 2 Coin).
    for text in ["move green@labor_top", "move green@coin", "move green@labor_low", "spend"]:
        st.play(text)
    build = st.clone()
    build.play("build lender")
    end = st.clone()
    end.play("end")
    assert evaluate(build, 0) > evaluate(end, 0)


def test_unknown_bot_name():
    with pytest.raises(ValueError):
        make_bot("grandmaster")


def test_evaluation_weights_scale_their_terms():
    """The evaluation is linear in its weights: doubling every weight doubles it, one term at zero
    takes that term out, and the hand-set weights are the default."""
    from rulekit.bots.policy import WEIGHT_NAMES, WEIGHTS, make_weights

    rs = load_ruleset("province-en")
    st = new_game(rs, seed=3, first_player=0)
    for text in ["move green@labor_top", "move green@coin", "move green@labor_low", "spend", "build lender"]:
        st.play(text)
    for p in (0, 1):
        assert evaluate(st, p) == evaluate(st, p, WEIGHTS)
        assert evaluate(st, p, tuple(2 * w for w in WEIGHTS)) == pytest.approx(2 * evaluate(st, p))
    # Player 0 built the Lender (1 VP): the VP term is 10 × the VP difference, and nothing else moves.
    no_vp = make_weights(vp=0)
    assert evaluate(st, 0) - evaluate(st, 0, no_vp) == pytest.approx(10 * (st.score(0) - st.score(1)))
    assert st.score(0) - st.score(1) == 1
    with pytest.raises(ValueError, match="unknown evaluation terms"):
        make_weights(speed=1)
    assert len(WEIGHT_NAMES) == len(WEIGHTS)


def test_bots_play_with_their_own_weights():
    """A bot that values income at nothing plays another game than the hand-set one."""
    from rulekit.bots.policy import make_weights

    rs = load_ruleset("province-en")
    games = []
    for weights in (None, make_weights(income=0, conversion=0, worker=0)):
        bots = [GreedyBot(1), GreedyBot(2)] if weights is None else [GreedyBot(1, weights), GreedyBot(2, weights)]
        games.append(list(play_game(rs, bots, seed=7, first_player=0).history))
    assert games[0] != games[1]
