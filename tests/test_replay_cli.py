"""``rulekit replay RECORD [--json] [--ruleset RULESET]``."""
from __future__ import annotations

import json
import shutil

import pytest
from play_support import library_game, run, score_rows

from rulekit import i18n
from rulekit.engine import new_game
from rulekit.engine.record import GameRecord, result_summary
from rulekit.language import bundled_rulesets, load_ruleset


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def save_game(tmp_path, ruleset_id="province-en", seed=12, name="g.json"):
    rs, st = library_game(ruleset_id, seed)
    path = tmp_path / name
    GameRecord.for_state(rs, st, players=["bot:greedy", "bot:greedy"]).save(path)
    return path, rs, st


@pytest.mark.parametrize("ruleset_id", ["province-en", "province-fr"])
def test_replay_prints_scores_by_source_and_the_winner(tmp_path, ruleset_id):
    path, rs, st = save_game(tmp_path, ruleset_id)
    result = run(["replay", str(path), "--lang", "en"])
    assert result.exit_code == 0, result.output
    n = len(st.history)
    assert f"{path}: {n} actions, all legal ({ruleset_id}, seed 12)." in result.output
    rows = score_rows(result.output)
    for seat in (0, 1):
        by = st.score_by_source(seat)
        assert rows["VP from structures"][seat] == by["structures"]
        assert rows["VP from goals"][seat] == by["goals"]
        assert rows["Lender token penalty"][seat] == by["borrowing"]
        if rs.data["scoring"].get("coin_bonus"):
            assert rows["VP from coins"][seat] == by["coins"]
        else:
            assert "VP from coins" not in rows
        assert rows["Total VP"][seat] == st.scores()[seat]
    res = st.result()
    if res["winner"] is not None:
        assert f"Computer {res['winner'] + 1} (greedy) wins" in result.output
    assert "The game ended because:" in result.output


def test_replay_json(tmp_path):
    path, rs, st = save_game(tmp_path, "province-fr", seed=5)
    result = run(["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    summary = result_summary(st)
    assert data["ok"] is True and data["finished"] is True
    assert data["scores"] == summary["scores"] and data["by_source"] == summary["by_source"]
    assert data["winner"] == summary["winner"] and data["decided_by"] == summary["decided_by"]
    assert data["actions"] == len(st.history) and data["ruleset"]["sha256"] == rs.sha256


def test_replay_in_french(tmp_path):
    path, rs, st = save_game(tmp_path, "province-en", seed=3)
    result = run(["replay", str(path), "--lang", "fr"])
    assert result.exit_code == 0, result.output
    assert "toutes permises" in result.output
    assert "l’emporte" in result.output or "Égalité" in result.output


def test_an_illegal_action_is_reported_with_its_index(tmp_path):
    path, rs, st = save_game(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"][4] = "build bank"            # not affordable on the first turns
    data["result"] = None
    path.write_text(json.dumps(data), encoding="utf-8")
    # the legal choices at that point, from the library
    prefix = new_game(rs, seed=data["seed"], first_player=data["first_player"])
    for text in data["actions"][:4]:
        prefix.play(text)
    legal = [prefix.notation(a) for a in prefix.legal_actions()]
    result = run(["replay", str(path), "--lang", "en"])
    assert result.exit_code == 1
    assert f"action 5 (build bank) is not legal at that point; the legal actions were: {', '.join(legal)}" \
        in result.output
    result = run(["replay", str(path), "--json"])
    assert result.exit_code == 1
    report = json.loads(result.output[:result.output.rindex("}") + 1])
    assert report == {"ok": False, "index": 5, "action": "build bank", "legal": legal}


def test_a_record_of_another_ruleset_content_is_refused(tmp_path):
    """Rules changed since the record (neither hash matches) under which the game does not replay to the
    result written: refused, saying so. (Changed rules under which it does replay: accepted with a warning,
    tests/test_reliability3_io.py.)"""
    from rulekit.bots import GreedyBot, play_game

    house = tmp_path / "house.yaml"
    shutil.copy(bundled_rulesets()["province-fr"], house)
    text = house.read_text(encoding="utf-8").replace("id: province-fr", "id: maison")
    house.write_text(text, encoding="utf-8")
    rs = load_ruleset(house)
    st = play_game(rs, [GreedyBot(1), GreedyBot(2)], seed=1)
    assert st.is_terminal()
    path = tmp_path / "g.json"
    GameRecord.for_state(rs, st, players=["bot:greedy", "bot:greedy"]).save(path)
    ok = run(["replay", str(path), "--lang", "en"])
    assert ok.exit_code == 0 and "all legal" in ok.output
    changed = text.replace("vp: {first: 1, later: 0}", "vp: {first: 3, later: 0}").replace(
        "coin_bonus: {per: 5, vp: 1}", "coin_bonus: {per: 1, vp: 1}")
    house.write_text(changed, encoding="utf-8")
    # the record keeps the rules it was played under: it replays with them, and says so
    kept = run(["replay", str(path), "--lang", "en"])
    assert kept.exit_code == 0 and "taken with the rules kept in the record" in " ".join(kept.output.split())
    # a record written before records kept their rules: refused, saying how to get the game back
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["rules"]
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run(["replay", str(path), "--lang", "en"])
    assert result.exit_code == 1
    assert "different version of ruleset maison" in result.output
    assert f"rulekit replay {path} --ruleset FILE" in " ".join(result.output.split())
    # and a record replayed with an explicitly different ruleset
    result = run(["replay", str(path), "--lang", "en", "--ruleset", str(house)])
    assert result.exit_code == 1 and "different version" in result.output



def test_a_corrupt_record_or_a_changed_result_is_refused(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    result = run(["replay", str(bad), "--lang", "en"])
    assert result.exit_code == 1 and "not a valid game record" in result.output and "Traceback" not in result.output
    path, rs, st = save_game(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["result"]["scores"] = [99, 0]
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run(["replay", str(path), "--lang", "en"])
    assert result.exit_code == 1 and "differs from the replayed one" in result.output


def test_replay_of_a_three_player_game_shows_every_seat(tmp_path):
    players = ["bot:greedy", "bot:greedy", "bot:greedy"]
    rs, st = library_game("province-3p", 3, players=players)
    path = tmp_path / "three.json"
    GameRecord.for_state(rs, st, players=players).save(path)
    result = run(["replay", str(path), "--lang", "en"])
    assert result.exit_code == 0, result.output
    rows = score_rows(result.output, seats=3)
    assert rows["Total VP"] == list(st.scores()) and rows["Rank"] == list(st.outcome().ranks)
    for seat in range(3):
        assert rows["VP from structures"][seat] == st.score_by_source(seat)["structures"]
    data = json.loads(run(["replay", str(path), "--json"]).output)
    assert data["scores"] == list(st.scores())
    assert data["by_source"] == [st.score_by_source(p) for p in range(3)] == result_summary(st)["by_source"]
    assert data["winner"] == st.outcome().winner and data["decided_by"] == st.outcome().decided_by
    # unfinished: the scores so far, one column a seat
    part = GameRecord.for_state(rs, st, players=players)
    part.actions, part.result = part.actions[:40], None
    part.save(path)
    result = run(["replay", str(path), "--lang", "en"])
    assert result.exit_code == 0 and "The game is not finished; the scores so far:" in result.output
    header = next(line for line in result.output.splitlines() if "Computer 1 (greedy)" in line)
    assert "Computer 2 (greedy)" in header and "Computer 3 (greedy)" in header
