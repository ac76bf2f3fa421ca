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
        # the record says the level and what it stood for
        assert canonical_bot("testlevel") == "testlevel=mcts:7"
        assert parse_bot("testlevel").bare == "mcts:7"
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
    for players in (["human", "bot:mcts:200"], ["bot:mcts:0.5s", "bot:greedy"],
                    ["human", "bot:hard=deep:200"], ["bot:easy=careless", "bot:normal=mcts:100"]):
        jsonschema.validate(players, items)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(["human", "bot:mcts:fast"], items)


# ---------------------------------------------------------------------------
# Levels


def test_the_levels_are_weakest_first_and_each_stands_for_a_bot():
    from rulekit.bots.registry import levels, level_spec

    assert levels() == ("easy", "normal", "hard", "expert")
    for level in levels():
        spec = parse_bot(level)
        assert spec.level == level and spec.bare == canonical_bot(level_spec(level))
        assert spec.text == f"{level}={spec.bare}" and parse_bot(spec.text) == spec
        assert spec.deterministic       # a level's budget is in simulations: the same seed, the same game
        assert make_bot(level, 1).choose is not None


def test_a_recorded_level_replays_what_it_stood_for():
    # a record made when "hard" meant another budget replays that budget
    spec = parse_bot("hard=mcts:33")
    assert spec.level == "hard" and spec.bare == "mcts:33" and make_bot(spec, 1).iterations == 33
    for bad in ("nope=mcts:3", "greedy=mcts:3", "hard=easy", "hard=mcts:zero", "hard:5"):
        with pytest.raises(BotSpecError, match="legal forms: easy, normal, hard"):
            parse_bot(bad)


def test_level_names_are_read_in_french_with_or_without_accents():
    from rulekit.i18n import language as use_language

    with use_language("fr"):
        assert parse_bot("facile").text == canonical_bot("easy")
        assert parse_bot("Difficile").level == "hard" and parse_bot("normal").level == "normal"
        assert parse_bot("glouton").text == "greedy"
        with pytest.raises(BotSpecError) as info:
            parse_bot("maître")
        assert "facile (easy), normal, difficile (hard)" in str(info.value)


def test_play_reads_levels_in_both_languages_and_records_them():
    from rulekit.i18n import language as use_language
    from rulekit.play import parse_players
    from rulekit.play.session import DEFAULT_PLAYERS, available_bots
    from rulekit.bots.registry import bot_names, DEFAULT_LEVEL

    assert parse_players("human,bot:hard") == ["human", "bot:" + canonical_bot("hard")]
    with use_language("fr"):
        assert parse_players("humain,bot:difficile") == ["human", "bot:" + canonical_bot("hard")]
        assert parse_players("bot:FACILE,bot:Difficile")[0] == "bot:" + canonical_bot("easy")
    assert available_bots() == list(bot_names())
    assert DEFAULT_PLAYERS == f"human,bot:{DEFAULT_LEVEL}"


def test_the_hard_search_is_deterministic_for_a_seed():
    from rulekit.engine import new_game
    from rulekit.language import load_ruleset

    rs = load_ruleset("province-en")
    state = new_game(rs, seed=4, first_player=0)
    picks = {make_bot("deep:40", 9).choose(state) for _ in range(3)}
    assert len(picks) == 1 and picks <= set(state.legal_actions())


def test_help_lists_the_levels_from_the_registry_in_both_languages():
    from play_support import run

    from rulekit.bots.registry import bot_label, levels
    from rulekit.i18n import language

    for lang in ("en", "fr"):
        for command in ("play", "simulate", "tune"):
            text = " ".join(run(["--lang", lang, command, "--help"]).output.split())
            with language(lang):
                words = [bot_label(level) for level in levels()]
            assert all(word in text for word in words), (lang, command, text)
            assert "mcts:Ts" in text
            # the bots' budgeted forms in the help's language (French « profond:N »), as they are typed
            with language(lang):
                deep = bot_label("deep")
            assert f"{deep}:N" in text
        # the help names the default players the play command uses, in the help's language
        import re

        from rulekit.play.session import DEFAULT_PLAYERS, parse_players
        text = " ".join(run(["--lang", lang, "play", "--help"]).output.split())
        named = re.search(r"(\w+,bot:\w+)[,)]", text)
        assert named, text
        with language(lang):
            assert parse_players(named.group(1)) == parse_players(DEFAULT_PLAYERS), (lang, named.group(1))


def test_simulate_reports_a_level_with_its_spec():
    import json

    from play_support import run

    result = run(["simulate", "province-en", "--bots", "easy,random", "--games", "2", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["settings"]["bots"] == ["easy=careless", "random"]
