"""Hot-seat players' names (``--names``) are kept in the game record, so that ``--resume`` calls the players
by them; a record without the field (older ones) reads as before."""
from __future__ import annotations

import json

from play_support import run
from rulekit.engine.record import GameRecord, record_validator


def test_names_survive_a_resume(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    first = run(["play", "--lang", "en", "--seed", "5", "--players", "human,human", "--names", "Anna, Bob",
                 "--record", "g.json"], input="move green@coin\nspend\nend\n")
    assert "Player 1: Anna (plays first)" in first.output
    data = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    assert data["names"] == ["Anna", "Bob"] and data["version"] == 2
    assert not list(record_validator().iter_errors(data))
    # the advice needs no --names: the record has them
    assert "Continue with: rulekit play --resume g.json --lang en\n" in first.output
    again = run(["play", "--resume", "g.json", "--lang", "en"], input="")
    assert "Player 1: Anna (plays first)" in again.output and "Player 2: Bob" in again.output
    assert "Score: Anna 0 VP, Bob 0 VP." in again.output
    assert json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))["names"] == ["Anna", "Bob"]
    # --names given again wins, and is kept from then on
    renamed = run(["play", "--resume", "g.json", "--lang", "en", "--names", "Chloé,Dan"], input="")
    assert "Player 1: Chloé (plays first)" in renamed.output
    assert GameRecord.load(tmp_path / "g.json").names == ["Chloé", "Dan"]
    replay = run(["replay", "g.json", "--lang", "en"])
    assert "Chloé" in replay.output, replay.output


def test_a_record_without_names_still_reads(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run(["play", "--lang", "en", "--seed", "5", "--players", "human,human", "--record", "g.json"],
        input="move green@coin\n")
    data = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    assert data["names"] == []
    del data["names"]                                  # as a record written before the field
    (tmp_path / "old.json").write_text(json.dumps(data), encoding="utf-8")
    assert GameRecord.load(tmp_path / "old.json").names == []
    again = run(["play", "--resume", "old.json", "--lang", "en"], input="")
    assert "  Player 1 plays first" in again.output
    assert "Traceback" not in again.output and "Score: Player 1 0 VP, Player 2 0 VP." in again.output


def test_a_name_the_record_could_not_keep_is_refused():
    for names in ("Anna,B\x1bob", "A" * 65):
        r = run(["play", "--lang", "en", "--players", "human,human", "--names", names], input="")
        assert r.exit_code == 2 and "--names" in r.output, r.output
