"""Saved playthroughs (tests/transcripts/) re-run and diffed.

Each case is a game record, the lines typed at ``rulekit play`` (its actions
in the notation of the case's language: French notation for the French
cases), the output ``rulekit play`` gave, and the output of ``rulekit
replay``, in English or French. A difference means the screen, a translation or the rules
changed; if the change is intended, regenerate with
``python tests/transcripts/make_transcripts.py`` and read the diff.
"""
from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest
from play_support import run

from rulekit import i18n
from rulekit.engine.record import GameRecord

HERE = Path(__file__).parent / "transcripts"
CASES = json.loads((HERE / "cases.json").read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def _same(expected: str, got: str, what: str):
    if expected != got:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), got.splitlines(True), "expected", "got"))
        pytest.fail(f"{what} differs from the saved transcript "
                    f"(regenerate with python tests/transcripts/make_transcripts.py if intended):\n{diff}")


def test_there_are_transcripts_of_both_editions_in_both_languages():
    seen = {(GameRecord.load(HERE / f"{name}.json").ruleset_id, case["lang"]) for name, case in CASES.items()}
    assert seen == {("province-en", "en"), ("province-en", "fr"), ("province-fr", "fr"), ("province-fr", "en")}


@pytest.mark.parametrize("name", sorted(CASES))
def test_play_transcript(name, monkeypatch):
    monkeypatch.chdir(HERE)
    record = GameRecord.load(f"{name}.json")
    args = ["play", record.ruleset_id, "--players", "human,human", "--seed", str(record.seed),
            "--lang", CASES[name]["lang"]]
    if record.first_player is not None:
        args += ["--first", str(record.first_player + 1)]
    typed = (HERE / f"{name}.input.txt").read_text(encoding="utf-8")
    assert len(typed.splitlines()) == len(record.actions)
    result = run(args, input=typed)
    assert result.exit_code == 0, result.output
    _same((HERE / f"{name}.play.txt").read_text(encoding="utf-8"), result.output, f"rulekit play ({name})")
    for refused in ("not a legal action", "n'est pas une action permise", "could be any of", "peut désigner"):
        assert refused not in result.output                           # every line typed was accepted


@pytest.mark.parametrize("name", sorted(n for n in CASES if CASES[n]["lang"] == "fr"))
def test_french_transcripts_are_typed_in_french_notation(name):
    typed = (HERE / f"{name}.input.txt").read_text(encoding="utf-8").split()
    verbs = {line.split()[0] for line in (HERE / f"{name}.input.txt").read_text(encoding="utf-8").splitlines()}
    assert {"déplacer", "acheter", "finir", "construire"} <= verbs
    assert not {"move", "spend", "end", "build", "exchange", "borrow", "repay", "hire"} & set(typed)
    record = GameRecord.load(HERE / f"{name}.json")
    assert "spend" in record.actions and not any(a.startswith("déplacer") for a in record.actions)


@pytest.mark.parametrize("name", sorted(CASES))
def test_replay_transcript(name, monkeypatch):
    monkeypatch.chdir(HERE)
    result = run(["replay", f"{name}.json", "--lang", CASES[name]["lang"]])
    assert result.exit_code == 0, result.output
    _same((HERE / f"{name}.replay.txt").read_text(encoding="utf-8"), result.output, f"rulekit replay ({name})")
