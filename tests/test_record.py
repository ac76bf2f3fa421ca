"""Game records: round trips, atomic saves, refusals with clear messages."""
import json

import pytest

from rulekit.bots import GreedyBot, play_game
from rulekit.engine.record import GameRecord, ReplayError, RulesChangedError, files_hash, replay, ruleset_matches
from rulekit.errors import RecordError
from rulekit.language import load_ruleset


@pytest.fixture(scope="module", params=["province-en", "province-fr"])
def finished(request):
    rs = load_ruleset(request.param)
    st = play_game(rs, [GreedyBot(1), GreedyBot(2)], seed=9)
    return rs, st


def test_record_round_trip_replays_the_same_game(finished, tmp_path):
    rs, st = finished
    path = tmp_path / "game.json"
    GameRecord.for_state(rs, st, players=["bot:greedy", "bot:greedy"]).save(path)
    rec = GameRecord.load(path)
    again = replay(rec, rs)
    assert again == st
    assert rec.result["scores"] == list(st.scores())
    assert rec.result["winner"] == st.winner()
    assert not list(tmp_path.glob("*.tmp"))


def test_record_of_a_changed_ruleset_is_refused(finished, tmp_path):
    """Other rules (neither hash matches) under which the recorded game no longer replays: refused, saying so."""
    rs, st = finished
    rec = GameRecord.for_state(rs, st)
    rec.ruleset_sha256 = "0" * 64
    rec.ruleset_files_sha256 = "1" * 64
    rec.actions = ["build nothing"] + rec.actions
    with pytest.raises(RecordError, match="different version of ruleset") as info:
        replay(rec, rs)
    assert isinstance(info.value, RulesChangedError)
    assert "action 1" in str(info.value)


def test_record_of_changed_rules_that_still_replays_is_accepted(finished):
    """Neither hash matches (a record of another version of rulekit), but every action is legal: it replays,
    and ruleset_matches tells the caller to warn."""
    rs, st = finished
    rec = GameRecord.for_state(rs, st)
    rec.ruleset_sha256 = "0" * 64
    rec.ruleset_files_sha256 = "1" * 64
    assert not ruleset_matches(rec, rs)
    assert replay(rec, rs) == st


def test_the_files_hash_alone_names_the_rules(finished):
    """A record whose resolved hash differs (another version resolves the file otherwise) but whose files are
    byte for byte the same names these rules."""
    rs, st = finished
    rec = GameRecord.for_state(rs, st)
    assert rec.ruleset_files_sha256 == files_hash(rs) and len(rec.ruleset_files_sha256) == 64
    rec.ruleset_sha256 = "0" * 64
    assert ruleset_matches(rec, rs)


def test_illegal_action_reports_index_and_choices(finished):
    rs, st = finished
    rec = GameRecord.for_state(rs, st)
    rec.actions = rec.actions[:3] + ["build nothing"] + rec.actions[3:]
    with pytest.raises(ReplayError) as info:
        replay(rec, rs)
    assert info.value.index == 3
    assert info.value.action == "build nothing"
    assert "action 4" in str(info.value)
    assert info.value.legal


@pytest.mark.parametrize("content,message", [
    ("{", "not a valid game record"),
    ('{"format": "other"}', "format"),
    ('{"format": "rulekit-record", "version": 99}', "unsupported version"),
    ('{"format": "rulekit-record", "version": 1, "ruleset": {"id": "x"}}', "sha256"),
    ('{"format": "rulekit-record", "version": 1, "ruleset": {"id": "x", "sha256": "y"}, "seed": "z"}', "seed"),
    ('{"format": "rulekit-record", "version": 1, "ruleset": {"id": "x", "sha256": "y"}, "seed": 1, "actions": [1]}',
     "actions"),
])
def test_corrupt_records(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(RecordError, match=message):
        GameRecord.load(path)


def test_unreadable_records(tmp_path):
    with pytest.raises(RecordError, match="no such file"):
        GameRecord.load(tmp_path / "missing.json")
    with pytest.raises(RecordError, match="directory"):
        GameRecord.load(tmp_path)
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b'{"x": "\xe9"}')
    with pytest.raises(RecordError, match="UTF-8"):
        GameRecord.load(bad)


def test_record_json_shape(finished):
    rs, st = finished
    data = json.loads(json.dumps(GameRecord.for_state(rs, st).to_json()))
    assert data["format"] == "rulekit-record"
    assert data["ruleset"]["id"] == rs.id and data["ruleset"]["sha256"] == rs.sha256
    assert data["actions"] == [st.notation(a) for a in st.history]
