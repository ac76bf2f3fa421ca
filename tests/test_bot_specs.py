"""Bot specs: one parser (rulekit.bots.registry), its budgets reach the bot, bad specs name the legal forms."""
import pytest
from hypothesis import given, strategies as st

from rulekit.bots import BotSpec, MCTSBot, canonical_bot, make_bot, parse_bot
from rulekit.bots.mcts import DEFAULT_ITERATIONS
from rulekit.bots.registry import FACTORIES, Factory, legal_forms, register_bot
from rulekit.errors import BotSpecError, RulekitError


def test_simulations_and_seconds_reach_the_mcts_bot():
    bot = make_bot("mcts:200", 3)
    assert isinstance(bot, MCTSBot) and bot.iterations == 200 and bot.seconds is None
    bot = make_bot("mcts:0.5s", 3)
    assert bot.seconds == 0.5 and bot.iterations is None


def test_a_bare_mcts_is_written_with_its_default_budget():
    assert canonical_bot("mcts") == f"mcts:{DEFAULT_ITERATIONS}"
    assert canonical_bot(" MCTS:200 ") == "mcts:200"
    assert canonical_bot("mcts:.25s") == "mcts:0.25s"
    assert canonical_bot("greedy") == "greedy" and canonical_bot("random") == "random"
    assert parse_bot("mcts:2s").deterministic is False and parse_bot("mcts:2").deterministic


@given(st.integers(1, 10_000_000))
def test_canonical_specs_read_back_the_same(n):
    spec = parse_bot(f"mcts:{n}")
    assert parse_bot(spec.text) == spec == BotSpec("mcts", iterations=n)


@pytest.mark.parametrize("text", ["grandmaster", "greedy:5", "mcts:", "mcts:0", "mcts:-3", "mcts:1.5",
                                  "mcts:0s", "mcts:abc", "mcts:3m", "mcts:99999999999"])
def test_bad_specs_list_the_legal_forms(text):
    with pytest.raises(BotSpecError) as info:
        parse_bot(text)
    message = str(info.value)
    assert text.strip() in message
    for form in ("random", "greedy", "mcts", "mcts:N", "mcts:Ts"):
        assert form in message
    assert isinstance(info.value, RulekitError) and isinstance(info.value, ValueError)


def test_a_named_level_is_one_entry_in_the_registry():
    register_bot("testlevel", Factory(make=None, alias_of="mcts:7"))
    try:
        assert canonical_bot("testlevel") == "mcts:7"
        assert make_bot("testlevel", 1).iterations == 7
        assert "testlevel" in legal_forms()
        with pytest.raises(BotSpecError):
            parse_bot("testlevel:3")
    finally:
        del FACTORIES["testlevel"]


def test_play_takes_a_budget_and_records_it():
    from rulekit.play import PlayersError, parse_players

    assert parse_players("bot:mcts:200,human") == ["bot:mcts:200", "human"]
    assert parse_players("human,bot:mcts") == ["human", f"bot:mcts:{DEFAULT_ITERATIONS}"]
    with pytest.raises(PlayersError, match="mcts:Ts"):
        parse_players("human,bot:mcts:zero")
    with pytest.raises(PlayersError, match="bot:mcts:N"):
        parse_players("human,bot:genius")


def test_the_record_schema_takes_canonical_specs():
    import json
    from pathlib import Path

    import jsonschema

    schema = json.loads((Path(__file__).parent.parent / "docs" / "schemas" / "record.schema.json").read_text())
    items = schema["properties"]["players"]
    for players in (["human", "bot:mcts:200"], ["bot:mcts:0.5s", "bot:greedy"]):
        jsonschema.validate(players, items)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(["human", "bot:mcts:fast"], items)
