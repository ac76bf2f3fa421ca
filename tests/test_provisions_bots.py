"""The bots of the Provisions family: levels by family, legal choices, the hidden cards unread."""
from __future__ import annotations

import pytest

from rulekit.bots import play_game
from rulekit.bots.determinized import DeterminizedMCTSBot
from rulekit.bots.provisions_policy import ProvisionsGreedyBot, evaluate, make_search, rollout_policy
from rulekit.bots.registry import make_bot, parse_bot
from rulekit.errors import BotSpecError
from rulekit.engine import new_game
from rulekit.language import load_ruleset

RULES = load_ruleset("provisions-1849")


def test_levels_are_resolved_by_the_family():
    assert parse_bot("easy", "provisions").text == "easy=random"
    assert parse_bot("normal", "provisions").text == "normal=greedy"
    assert parse_bot("hard", "provisions").name == "mcts"
    assert parse_bot("hard", "provisions").text == "hard=mcts:512"     # docs/provisions.md, "The ladder"
    assert parse_bot("hard").text == "hard=far:100"            # Province's own levels
    assert isinstance(make_bot("normal", 1, family="provisions"), ProvisionsGreedyBot)
    assert isinstance(make_bot("hard", 1, family="provisions"), DeterminizedMCTSBot)


def test_a_bot_the_family_has_not_is_refused():
    with pytest.raises(BotSpecError) as info:
        parse_bot("wide", "provisions")
    assert "does not play" in str(info.value)


@pytest.mark.parametrize("level", ["easy", "normal", "hard=mcts:4"])
def test_each_level_plays_a_whole_game_of_legal_actions(level):
    bots = [make_bot(level, seed, family="provisions") for seed in range(3)]
    st = play_game(RULES, bots, seed=7)
    assert st.is_terminal()
    assert len(st.scores()) == 3


def test_the_greedy_bot_beats_the_random_one_most_of_the_time():
    from rulekit.bots.uniform import RandomBot

    wins = 0
    for seed in range(6):
        seat = seed % 2
        bots = [RandomBot(seed), RandomBot(seed)]
        bots[seat] = ProvisionsGreedyBot(seed)
        st = play_game(RULES, bots, seed=seed)
        wins += st.outcome().winner == seat
    assert wins >= 5


def test_the_search_is_deterministic_for_a_seed():
    st = new_game(RULES, seed=3, players=2)
    while st.phase == "bonus":
        st.apply(st.legal_actions()[0])
    a = make_search(11, iterations=12).choose(st)
    b = make_search(11, iterations=12).choose(st)
    assert a == b and a in st.legal_actions()


def test_the_evaluation_does_not_read_the_others_bonus_cards():
    st = new_game(RULES, seed=5, players=3)
    while st.phase == "bonus":
        st.apply(st.legal_actions()[0])
    me = st.current
    other = st.determinize(99, observer=me)
    assert evaluate(st, me) == evaluate(other, me)


def test_the_rollout_policy_provisions_when_it_can():
    import random

    st = new_game(RULES, seed=2, players=2)
    rng = random.Random(0)
    while not st.is_terminal():
        legal = st.legal_actions()
        action = rollout_policy(st, rng)
        assert action in legal
        st.apply(action)
    assert sum(len(s) for s in st.sold) > 0
