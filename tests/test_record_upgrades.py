"""Records that outlive upgrades (review round 4, D6): a record keeps the rules it was played under, so it
replays and resumes with them after its ruleset's file or bundled edition changed, and says so; a record of an
earlier release, which keeps no copy, is refused with the way to get the game back, and replays with the
ruleset file of its time (``tests/records/da38335/``)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from play_support import run

from rulekit.engine.record import GameRecord

OLD = Path(__file__).resolve().parent / "records" / "da38335"


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("name, ruleset", [("province-en-1-finished.json", "province-en.yaml"),
                                           ("province-en-3-finished.json", "province-en.yaml"),
                                           ("province-fr-2-finished.json", "province-fr.yaml"),
                                           ("short-game-1-finished.json", "short-game.yaml")])
def test_a_finished_record_of_the_previous_release_says_how_to_get_it_back(tmp_path, name, ruleset):
    for f in OLD.iterdir():
        shutil.copy(f, tmp_path / f.name)
    record = tmp_path / name
    old = json.loads(record.read_text(encoding="utf-8"))
    assert old["version"] == 1 and "rules" not in old
    today = run(["replay", str(record), "--lang", "en"])
    assert today.exit_code == 1 and "Traceback" not in today.output
    said = words(today.output)
    assert "does not replay under the rules as they are now" in said
    assert f"rulekit replay {record} --ruleset FILE" in said and f"rulekit play FILE --resume {record}" in said
    back = run(["replay", str(record), "--ruleset", str(tmp_path / ruleset), "--lang", "en"])
    assert back.exit_code == 0, back.output
    assert f"{len(old['actions'])} actions, all legal" in back.output
    scores = old["result"]["scores"]
    assert f"{max(scores)} VP" in back.output


def test_an_unfinished_record_of_the_previous_release_resumes_and_then_keeps_its_rules(tmp_path):
    record = tmp_path / "g.json"
    shutil.copy(OLD / "province-en-unfinished.json", record)
    old = json.loads(record.read_text(encoding="utf-8"))
    resumed = run(["play", "--resume", str(record), "--players", "bot:random,bot:random", "--max-turns", "9",
                   "--lang", "en"])
    assert resumed.exit_code == 0, resumed.output
    assert "changed since this game was recorded" in words(resumed.output)
    new = json.loads(record.read_text(encoding="utf-8"))
    assert new["version"] == 2 and new["actions"][:len(old["actions"])] == old["actions"]
    assert new["rules"]["sha256"] == new["ruleset"]["sha256"] and new["rules"]["data"]["id"] == "province-en"


def _house(tmp_path, camp="{labor: 2, coin: 2}"):
    house = tmp_path / "house.yaml"
    house.write_text(f"extends: province-en\nid: house\ntitle: House\nstructures: {{camp: {{cost: {camp}}}}}\n",
                     encoding="utf-8")
    return house


def test_a_record_replays_with_the_rules_it_keeps_after_its_file_changed_or_went(tmp_path):
    house = _house(tmp_path)
    played = run(["play", str(house), "--players", "bot:greedy,bot:greedy", "--seed", "3",
                  "--record", str(tmp_path / "g.json"), "--lang", "en"])
    assert played.exit_code == 0, played.output
    record = GameRecord.load(tmp_path / "g.json")
    assert record.result and any(a.startswith("build camp") for a in record.actions)
    _house(tmp_path, camp="{labor: 9, coin: 9}")          # no Camp can be built any more
    for _ in range(2):
        again = run(["replay", str(tmp_path / "g.json"), "--lang", "en"])
        assert again.exit_code == 0, again.output
        said = words(again.output)
        assert "taken with the rules kept in the record" in said and "all legal" in said
        house.unlink(missing_ok=True)                     # and when the file is gone
    # a copy that is not the one its hash names is not taken: refused, as a record without one
    data = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    data["rules"]["data"]["title"] = "Other"
    (tmp_path / "g.json").write_text(json.dumps(data), encoding="utf-8")
    _house(tmp_path, camp="{labor: 9, coin: 9}")
    refused = run(["replay", str(tmp_path / "g.json"), "--lang", "en"])
    assert refused.exit_code == 1 and "does not replay under the rules as they are now" in refused.output


def test_a_resumed_game_continues_with_the_rules_it_keeps_and_says_so(tmp_path):
    from rulekit.web.game import WebGame

    house = _house(tmp_path)
    record = tmp_path / "g.json"
    game = WebGame.new(__import__("rulekit.language", fromlist=["load_ruleset"]).load_ruleset(str(house)),
                       ["human", "bot:easy"], 5, record_path=record)
    token = game.tokens[0]
    while not game.state.is_terminal() and len(game.state.history) < 60:
        if game.bot_to_play():
            game.play_bot(*game.bot_choice())
        else:
            game.act(token, game.state.legal_actions()[0])
    played = json.loads(record.read_text(encoding="utf-8"))["actions"]
    _house(tmp_path, camp="{labor: 9, coin: 9}")
    said = []
    again = WebGame.resume(record, warn=said.append)
    assert [again.state.notation(a) for a in again.state.history] == played
    assert again.session.ruleset.data["structures"]["camp"]["cost"] == {"labor": 2, "coin": 2}
    assert said and "rules kept in the record" in said[0] and "kept in the record" in again.message
    resumed = run(["play", "--resume", str(record), "--players", "bot:random,bot:random", "--max-turns", "30",
                   "--lang", "en"])
    assert resumed.exit_code == 0 and "rules kept in the record" in words(resumed.output)


RELEASES = Path(__file__).resolve().parent / "rulesets" / "releases"


@pytest.mark.parametrize("path", sorted(RELEASES.rglob("*.yaml")), ids=lambda p: str(p.relative_to(RELEASES)))
def test_the_rulesets_of_an_earlier_release_still_load_play_and_print(path):
    """The bundled rulesets and variants of release da38335, as written then (a variant extends today's
    edition, as a house rule does): valid, played to the end, printed."""
    from rulekit.bots import GreedyBot, play_game
    from rulekit.language import check_path, load_ruleset

    problems, _warnings = check_path(path)
    assert not problems, problems
    rs = load_ruleset(path)
    state = play_game(rs, [GreedyBot(1), GreedyBot(2)], seed=1)
    assert state.is_terminal()
    result = run(["rulebook", str(path), "--format", "md", "--lang", "en"])
    assert result.exit_code == 0 and rs.title in result.output
