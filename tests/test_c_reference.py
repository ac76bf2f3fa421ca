"""The C reference engine of the benchmark (benchmarks/c_reference/province_en.c) plays province-en as rulekit does.

rulekit plays seeded random games and writes each step's legal actions and the action chosen; the C engine
replays them and must list the same legal actions in the same order and reach the same scores. Its own random
games (those benchmarks/bench_c_reference.py times) must be State.playout's, action for action. It needs a C
compiler, so those tests run in the full tier (tests/README.md); there, a machine without one fails them with a
message saying so, never skips them. The quick tier checks rulekit's side: the games the log records are
State.playout's.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import tier

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks" / "c_reference"))
import verify  # noqa: E402

GAMES = tier.games(full=1000, quick=20)


@pytest.fixture(scope="module")
def binary(tmp_path_factory):
    try:
        return verify.build(tmp_path_factory.mktemp("c_reference"))
    except verify.NoCompiler as e:
        pytest.fail(f"{e}; this full-tier test builds the benchmark's C reference engine and cannot run without "
                    "one", pytrace=False)


@pytest.mark.full_tier
def test_the_c_engine_lists_the_same_legal_actions_and_reaches_the_same_scores(binary):
    ok, report = verify.replay(binary, range(GAMES))
    assert ok, report
    assert report.startswith(f"verified {GAMES} games, ")


@pytest.mark.full_tier
def test_the_c_engines_random_games_are_state_playouts(binary):
    ok, report = verify.compare_playouts(binary, GAMES)
    assert ok, report


@pytest.mark.full_tier
def test_a_divergence_is_found_and_told(binary, tmp_path):
    """The replay really compares: one legal action left out of rulekit's list, or one score changed, is a
    divergence, told with the seed and both lists."""
    log = tmp_path / "steps.log"
    with open(log, "w") as out:
        verify.write_log(out, [3])
    lines = log.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("legal ") and ";" in line)
    shortened = lines[:at] + [lines[at].rsplit(";", 1)[0]] + lines[at + 1:]
    done = subprocess.run([str(binary), "verify"], input="\n".join(shortened) + "\n", capture_output=True, text=True)
    assert done.returncode == 1 and "DIVERGENCE seed 3" in done.stdout and "rulekit:" in done.stdout, done.stdout
    last = lines[-1].split()
    changed = lines[:-1] + [f"scores {int(last[1]) + 1} {last[2]}"]
    done = subprocess.run([str(binary), "verify"], input="\n".join(changed) + "\n", capture_output=True, text=True)
    assert done.returncode == 1 and "scores" in done.stdout, done.stdout
    ok, report = verify.replay(binary, [3], log)  # the log kept in a file: the same game, agreed
    assert ok and report.startswith("verified 1 games, "), report


@pytest.mark.full_tier
def test_a_c_engine_with_one_rule_changed_diverges(binary, tmp_path):
    """The Bank's Coin cost written 5 in place of 4: the replay, streamed, stops at the first step where rulekit
    offers `build bank` and that engine does not."""
    text = verify.SOURCE.read_text()
    line = "static const int COST_COIN[N_STRUCT] = {2, 4, 3, 3, 2, 2, 2, 2};"
    assert line in text
    source = tmp_path / "mutant.c"
    source.write_text(text.replace(line, line.replace("{2, 4,", "{2, 5,")))
    ok, report = verify.replay(verify.build(tmp_path, source=source), range(GAMES))
    assert not ok and report.startswith("DIVERGENCE seed "), report
    told = {who.strip(): listed.strip().split(";") for who, listed in
            (line.split(":", 1) for line in report.splitlines()[1:])}
    assert "build bank" in told["rulekit"] and "build bank" not in told["C"], report


def test_without_a_compiler_the_message_says_so(tmp_path):
    with pytest.raises(verify.NoCompiler, match="no C compiler 'no-such-cc' on PATH"):
        verify.build(tmp_path, "no-such-cc")


def test_the_logged_games_are_state_playouts(tmp_path):
    """The log's choices are State.playout's for the same seed (the games the C engine's bench plays): the
    actions written are the playout's history, and the scores its scores."""
    from rulekit.engine import new_game
    from rulekit.language import load_ruleset

    log = tmp_path / "steps.log"
    with open(log, "w") as out:
        steps = verify.write_log(out, [0, 1])
    games = log.read_text().split("game ")[1:]
    assert len(games) == 2 and steps == sum(g.count("\nplay ") for g in games)
    rs = load_ruleset("province-en")
    for seed, text in enumerate(games):
        st = new_game(rs, seed=seed, first_player=seed % 2)
        st.playout(seed)
        lines = text.splitlines()
        assert lines[0] == f"{seed} {seed % 2}"
        assert [line[5:] for line in lines if line.startswith("play ")] == st.history_notation()
        assert lines[-1] == "scores {} {}".format(*st.scores())
        for legal, play in zip(lines[1::2], lines[2::2]):   # each action chosen among those listed before it
            assert legal.startswith("legal ") and play[5:] in legal[6:].split(";")
