"""The expert level: above hard, the wide search playing each simulation four turns on (``far:200``)."""
import pytest

from rulekit.bots import canonical_bot, make_bot, parse_bot
from rulekit.bots.registry import DEFAULT_LEVEL, bot_label, level_spec, levels
from rulekit.bots.wide import EXPERT_SPEC, FAR_HORIZON, FarBot, WideBot
from rulekit.errors import BotSpecError
from rulekit.i18n import language


def test_expert_is_the_strongest_level_and_stands_for_far_200():
    assert levels()[-2:] == ("hard", "expert")
    assert level_spec("expert") == EXPERT_SPEC == "far:200"
    spec = parse_bot("expert")
    assert spec.text == "expert=far:200" and spec.deterministic and spec.searches
    bot = make_bot("expert", 3)
    assert isinstance(bot, FarBot) and isinstance(bot, WideBot)
    assert bot.iterations == 200 and bot.horizon == FAR_HORIZON == 4
    hard = make_bot("hard", 3)     # the same search with half the budget (issue 54)
    assert isinstance(hard, FarBot) and hard.iterations == 100 and hard.horizon == FAR_HORIZON
    assert bot.weights == hard.weights and bot.candidates == hard.candidates
    # play still opens against hard: expert is for analysis
    assert DEFAULT_LEVEL == "hard"


def test_far_takes_a_budget_like_wide():
    assert canonical_bot("far") == "far:200"
    assert make_bot("far:7", 1).iterations == 7 and make_bot("far:0.5s", 1).seconds == 0.5
    assert parse_bot("expert=far:50").bare == "far:50"      # a record of another budget replays it


def test_expert_in_french():
    with language("fr"):
        assert bot_label("expert") == "expert"
        assert parse_bot("Expert").level == "expert"
        assert parse_bot(bot_label("far")).name == "far"


def test_expert_plays_a_legal_move_and_the_same_for_a_seed():
    from rulekit.engine import new_game
    from rulekit.language import load_ruleset

    state = new_game(load_ruleset("province-en"), seed=2, first_player=0)
    picks = {make_bot("far:12", 5).choose(state) for _ in range(2)}
    assert len(picks) == 1 and picks <= set(state.legal_actions())


def test_a_family_without_an_expert_level_says_so():
    with pytest.raises(BotSpecError) as info:
        parse_bot("expert", family="provisions")
    assert "no level “expert”" in str(info.value) and "easy, normal, hard" in str(info.value)
    assert parse_bot("hard", family="provisions").level == "hard"
