"""``rulekit simulate``'s labels: a compared variant's end condition named by its own ruleset, and the bots
named in the report's language."""
import re

from click.testing import CliRunner

from rulekit.cli import cli

ENGLISH_BOT_WORDS = ("greedy", "random", "hard", "easy", "wide")   # "normal" is French too


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_a_compared_variant_names_its_own_end_condition():
    r = run("simulate", "rulesets/variants/short-game.yaml", "--compare", "province-en", "--games", "20")
    assert r.exit_code == 0, r.output
    ended = [line for line in r.output.splitlines() if line.startswith("ended because a player has built")]
    assert ended, r.output
    # the short game ends at 5 structures; the base's 7 is said as the base's, never as the variant's
    assert all(line.startswith("ended because a player has built at least 5 structures") for line in ended)
    assert all("(province-en: a player has built at least 7 structures)" in line for line in ended)


def test_a_french_report_names_no_english_bot_word():
    for bots in (None, "hard,mcts:2", "random,greedy"):
        args = ["simulate", "province-fr", "--games", "2", "--lang", "fr"] + (["--bots", bots] if bots else [])
        r = run(*args)
        assert r.exit_code == 0, r.output
        # "--bots mcts:16,mcts:16" in the advice is an option to type, not a name: it has no English word
        words = set(re.findall(r"[a-z]+", r.output.lower()))
        assert not words & set(ENGLISH_BOT_WORDS), (bots, words & set(ENGLISH_BOT_WORDS))
        assert "bot A (" in r.output
    assert "difficile=lointain:100" in run("simulate", "province-fr", "--games", "2", "--lang", "fr",
                                       "--bots", "hard,greedy").output
    english = run("simulate", "province-en", "--games", "2", "--bots", "hard,greedy").output
    assert "bot A (hard=far:100) against bot B (greedy)" in english
