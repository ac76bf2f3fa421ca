"""Whatever validates plays, ends and prints safely; whatever is loaded is checked.

The reproduction files of the reliability review (``tests/rulesets/reliability/``,
``tests/records/``) each give a clear message, a bounded game or a clean
exit; malformed records (``tests/records/bad/``) and special files are
refused with a message naming the file; control characters in a ruleset
never reach the output of any command.
"""
from __future__ import annotations

import difflib
import json
import os
import re
import shutil
import threading
from pathlib import Path

import pytest
from play_support import run

from rulekit.engine import compile_ruleset, new_game
from rulekit.engine.record import SCHEMA_PATH, GameRecord, replay
from rulekit.language import bundled_rulesets, load_ruleset, validate_path, check_path
from rulekit.language import validation
from rulekit.play.session import DEFAULT_MAX_TURNS

HERE = Path(__file__).parent
REPRO = HERE / "rulesets" / "reliability"
RECORDS = HERE / "records"
BAD_RECORDS = RECORDS / "bad"
#: A character that steers a terminal (ESC, BEL, C1 controls, DEL).
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def clean(output: str) -> bool:
    return not CONTROL.search(output) and "Traceback" not in output


def messages(path) -> list[str]:
    return [p.message for p in validate_path(path)]


# ---------------------------------------------------------------------------
# A. Files the validator accepted, then crashed, hung or never ended

@pytest.mark.parametrize("name,line,fragment", [
    ("float-draw.yaml", 4, "expected a whole number, found a decimal number 5.0"),
    ("ships-huge.yaml", 4, "100000000 is too large: the maximum is 1000"),
    ("coins-blowup.yaml", 5, "too many coins: these 3000 coins can be held in 1003003001 different ways"),
    ("noop-conversion.yaml", 5, "conversion swap (pay 0 Labor, 1 Coin; gain 0 Labor, 1 Coin) gives back"),
    ("both-at-once.yaml", 14, "cannot pay both starting amounts (200 and 200) at once"),
    ("esc-title.yaml", 3, "control character U+001B"),
    ("sailors-past-limit.yaml", 5, "too many workers: 65 with the sailors (60), where a ruleset may have 62"),
])
def test_reproductions_that_are_refused(name, line, fragment):
    problems = validate_path(REPRO / name)
    assert any(p.line == line and fragment in p.message for p in problems), [str(p) for p in problems]
    result = run(["validate", str(REPRO / name)])
    assert result.exit_code == 1 and fragment in result.output and clean(result.output)
    result = run(["play", str(REPRO / name), "--players", "bot:random,bot:random", "--seed", "1"])
    assert result.exit_code == 1 and clean(result.output)


def test_the_starting_coins_are_checked_at_any_size():
    """500.0 is not a whole number; large amounts the supply cannot pay to both are refused."""
    base = ("extends: province-en\nid: t\ngoals: {coin10: null}\ncomponents:\n  coins:\n    silver: null\n"
            "    gold: null\n    platinum: null\n    x: {value: 300, count: 2}\n    y: {value: 200, count: 1}\n"
            "    z: {value: 1, count: 100}\n")
    assert any("decimal number 400.0" in m for m in check_text(base + "setup: {starting_coins: [400.0, 400.0]}\n"))
    assert any("cannot pay both starting amounts (400 and 400) at once" in m
               for m in check_text(base + "setup: {starting_coins: [400, 400]}\n"))
    assert check_text(base + "setup: {starting_coins: [400, 300]}\n") == []


def test_at_most_62_structures_and_conversions():
    """The engine holds a set of structures (or conversions) in a 64-bit integer: 62 validate, 63 do not."""
    def ruleset(key, n, body):
        return f"extends: province-en\nid: t\n{key}:\n" + "".join(f"  x{i}: {body}\n" for i in range(n))

    structure = "{name: X, cost: {labor: 1}, vp: {first: 1, later: 0}, effects: []}"
    conversion = "{name: X, pay: {labor: 9}, gain: {coin: 1}}"
    base = load_ruleset("province-en").data
    for key, body in (("structures", structure), ("conversions", conversion)):
        room = 62 - len(base.get(key) or {})
        assert not [m for m in check_text(ruleset(key, room, body)) if "too many" in m]
        assert f"too many {key}: 63, where a ruleset may have 62" in check_text(ruleset(key, room + 1, body))


def test_at_most_16_pool_resources(tmp_path):
    """The engine keeps each seat's pool resources in a row of 16 (rulekit.engine.game.MAX_POOL): 16
    validate and play, 17 do not."""
    from rulekit.engine import game
    from rulekit.language.soundness import MAX_POOL

    assert MAX_POOL == game.MAX_POOL == 16

    def ruleset(n):
        return ("extends: province-en\nid: t\nresources:\n"
                + "".join(f"  r{i}: {{name: R{i}, kind: pool, end_of_turn: kept}}\n" for i in range(n)))

    pools = sum(1 for spec in load_ruleset("province-en").data["resources"].values() if spec["kind"] == "pool")
    assert not [m for m in check_text(ruleset(16 - pools)) if "too many" in m]
    assert f"too many pool resources: 17, where a ruleset may have 16" in check_text(ruleset(17 - pools))
    path = tmp_path / "t.yaml"
    path.write_text(ruleset(16 - pools), encoding="utf-8")
    st = new_game(load_ruleset(str(path)), seed=1)
    assert st.c.n_pool == 16
    st.playout(1)
    assert st.is_terminal() and len(st.pool) == 2 * 16


def check_text(text) -> list[str]:
    from rulekit.language.ruleset import resolve_file
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "t.yaml"
        path.write_text(text, encoding="utf-8")
        res = resolve_file(path)
        return [p.message for p in res.problems + validation.check_resolution(res)]


@pytest.mark.parametrize("conversions,refused", [
    ({"a": {"pay": {"coin": 1}, "gain": {"coin": 1}}}, "a"),
    ({"a": {"pay": {"coin": 1}, "gain": {"coin": 2}}}, "a"),
    ({"a": {"pay": {"labor": 1}, "gain": {"labor": 1, "coin": 1}}}, "a"),
    ({"a": {"pay": {"coin": 1}, "gain": {"labor": 2}}, "b": {"pay": {"labor": 2}, "gain": {"coin": 1}}}, "a and b"),
    ({"a": {"pay": {"coin": 1}, "gain": {"labor": 3}}, "b": {"pay": {"labor": 2}, "gain": {"coin": 1}}}, "a and b"),
    ({"a": {"pay": {"coin": 2}, "gain": {"labor": 1}}, "b": {"pay": {"labor": 2}, "gain": {"coin": 1}}}, None),
    ({"a": {"pay": {"coin": 1}, "gain": {"coin": 1}, "per_turn": 3}}, None),
])
def test_conversions_repeatable_at_no_loss_are_refused(conversions, refused):
    body = {k: {"name": k.upper(), "always": True, **v} for k, v in conversions.items()}
    text = "extends: province-en\nid: t\nconversions:\n  grind: null\n  union: null\n" + \
        "".join(f"  {k}: {json.dumps(v)}\n" for k, v in body.items()) + \
        "structures: {union: {effects: [{income: {labor: 1}}]}}\ngoals: {grind: null}\n"
    found = [m for m in check_text(text) if "without end" in m]
    if refused is None:
        assert found == []
    elif refused == "a":
        assert len(found) == 1 and found[0].startswith("conversion a (")
    else:
        assert len(found) == 1 and found[0].startswith("conversions a (") and " and b (" in found[0]


def test_an_end_met_at_setup_ends_the_game_there():
    rs = load_ruleset(REPRO / "end-at-setup.yaml")
    st = new_game(rs, seed=1)
    assert st.is_terminal() and st.legal_actions() == [] and st.turn == 0 and st.end_reason == "player_condition"
    result = run(["play", str(REPRO / "end-at-setup.yaml"), "--players", "bot:random,bot:random", "--seed", "1"])
    assert result.exit_code == 0 and "A tie" in result.output


@pytest.mark.parametrize("name,warning", [
    ("never-ends.yaml", "it can never be built"),
    ("odd-coins.yaml", "no set of coins in the box is worth exactly 1 Coin"),
    ("end-out-of-reach.yaml", "asks for 8 structures, but a player can own at most 7 (7 structure tokens, "
                              "8 structures): it never ends a game"),
])
def test_games_that_may_not_end_are_warned_about_and_bounded(name, warning):
    problems, warnings = check_path(REPRO / name)
    assert problems == [] and any(warning in w.message and w.message.startswith("warning: ") for w in warnings)
    assert all(w.file.endswith(name) for w in warnings)          # located in the house rule, where it can be fixed
    result = run(["validate", str(REPRO / name)])
    assert result.exit_code == 0 and warning in result.output
    result = run(["play", str(REPRO / name), "--players", "bot:random,bot:greedy", "--seed", "2", "--max-turns", "40"])
    assert result.exit_code == 0 and clean(result.output)
    assert "Stopped at turn 40" in result.output or "GAME OVER" in result.output.upper()


def test_unknown_ids_are_checked_in_linear_time(monkeypatch):
    """1,100 misspelt ids: a suggestion for the first few only, every one reported (and the 1,108
    structures are more than a ruleset may have)."""
    calls = []
    real = difflib.get_close_matches
    monkeypatch.setattr(validation.difflib, "get_close_matches", lambda *a, **k: calls.append(1) or real(*a, **k))
    problems = validate_path(REPRO / "slow-unknown-ids.yaml")
    unknown = [p for p in problems if "unknown structure" in p.message]
    assert len(unknown) == 1100 and len(problems) == 1101
    assert [p.message for p in problems if p not in unknown] == [
        "too many structures: 1108, where a ruleset may have 62"]
    assert len(calls) <= validation.SUGGESTED_IDS
    assert "did you mean tower_number_00000?" in unknown[0].message
    assert all(len(p.message) < 1000 for p in problems)


def test_the_631_turn_game_is_within_the_turn_limit_of_play(tmp_path):
    """docs/engine.md: a random province-fr game lasted 631 turns; 600 is no bound, play's limit is.

    The game was played on the French first table of costs, which the variant
    original-costs-fr keeps (province-fr's costs were balanced since)."""
    data = json.loads((RECORDS / "fr-631-turns.json").read_text(encoding="utf-8"))
    rs = load_ruleset("original-costs-fr")
    data["ruleset"]["sha256"] = rs.sha256          # the game is replayed on the rules as they are now
    st = replay(GameRecord.from_json(data), rs)
    assert st.is_terminal() and st.turn + 1 == 631 == data["result"]["turns"]
    assert 600 < st.turn + 1 < DEFAULT_MAX_TURNS
    assert "631 turns" in (HERE.parent / "docs" / "engine.md").read_text(encoding="utf-8")


def test_every_bot_honours_its_budget_on_a_large_variant(tmp_path):
    """62 workers (the most a ruleset may have: 40 green, 20 sailors), an income of 1,000 Labor: MCTS
    answers within its limit (here 0.5 s)."""
    from rulekit.bots import make_bot
    from rulekit.bots.mcts import MCTSBot

    path = tmp_path / "big.yaml"
    path.write_text("extends: province-en\nid: big\nworkers: {green: {count: 40, start: [%s]}}\n"
                    "sailors: {count: 10, max_on_cycle: null}\n"
                    "structures: {mill: {effects: [{income: {labor: 1000}}]}}\n" % ", ".join(
                        ["labor_top", "coin", "labor_low"] * 13 + ["labor_top"]), encoding="utf-8")
    rs = load_ruleset(path)
    assert compile_ruleset(rs).n_workers == 62
    st = new_game(rs, seed=3)
    for bot in (make_bot("random", 1), make_bot("greedy", 1), MCTSBot(seed=1, max_seconds=0.5)):
        assert bot.choose(st) in st.legal_actions()


# ---------------------------------------------------------------------------
# B. Loaded data: records and special files

#: What each malformed record is refused for (the field named, or the reason).
BAD = {
    "action-escape.json": "actions/0",
    "action-illegal.json": "build nothing",
    "action-int.json": "actions/0 has the wrong type",
    "actions-missing.json": "missing field actions",
    "empty.json": "not a valid game record",
    "first-player-float.json": "first_player has the wrong type",
    "first-player-two.json": "the \"first_player\" field must be a seat from 0 to 1, or null",
    "format-other.json": "\"format\" field",
    "id-escape.json": "ruleset/id",
    "id-long.json": "ruleset/id is too long",
    "language-bad.json": "language",
    "latin1.json": "not UTF-8",
    "nested-deep.json": "nested too deeply",
    "not-json.json": "not a valid game record",
    "players-ints.json": "players/0 has the wrong type",
    "players-objects.json": "players/0 has the wrong type",
    "players-unknown.json": "players/1",
    "result-changed.json": "differs from the replayed one",
    "result-list.json": "result has the wrong type",
    "result-of-unfinished.json": "differs from the replayed one (not finished)",
    "result-string.json": "result has the wrong type",
    "seed-100000-digits.json": "a number is too long",
    "seed-float.json": "seed has the wrong type",
    "seed-huge.json": "seed is out of range",
    "sha-not-hex.json": "ruleset/sha256",
    "source-int.json": "ruleset/source has the wrong type",
    "source-list.json": "ruleset/source has the wrong type",
    "source-long.json": "ruleset/source",
    "top-list.json": "\"format\" field",
    "version-three.json": "unsupported version 3",
}


def test_every_malformed_record_has_an_expectation():
    assert sorted(p.name for p in BAD_RECORDS.glob("*.json")) == sorted(BAD)


def _current(path: Path, tmp_path: Path) -> Path:
    """A copy of a record whose ruleset hash is that of the bundled rules as they are now,
    so that only the defect the file is about is seen."""
    copy = tmp_path / path.name
    shutil.copyfile(path, copy)
    try:
        data = json.loads(copy.read_text(encoding="utf-8"))
        if re.fullmatch(r"[0-9a-f]{64}", data["ruleset"]["sha256"]) and data["ruleset"]["id"] in bundled_rulesets():
            data["ruleset"]["sha256"] = load_ruleset(data["ruleset"]["id"]).sha256
            copy.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    except (ValueError, KeyError, TypeError, RecursionError, UnicodeDecodeError):
        pass
    return copy


@pytest.mark.parametrize("name", sorted(BAD))
def test_malformed_records_are_refused_naming_the_field(name, tmp_path):
    path = _current(BAD_RECORDS / name, tmp_path)
    for args in (["replay", str(path)], ["replay", "--json", str(path)],
                 ["play", "--resume", str(path), "--players", "bot:random,bot:random"]):
        result = run(args)
        assert result.exit_code == 1, (args, result.output)
        assert BAD[name] in result.output and name in result.output, (args, result.output)
        assert clean(result.output), result.output
        if "--json" in args:
            assert '"ok": false' in result.output


def test_the_record_schema_is_published():
    assert (HERE.parent / "docs" / "schemas" / "record.schema.json").read_bytes() == SCHEMA_PATH.read_bytes()
    good = json.loads((RECORDS / "greedy-3.json").read_text(encoding="utf-8"))
    good["a_later_field"] = {"documented": "elsewhere"}       # optional fields a later rulekit may add are ignored
    assert GameRecord.from_json(good).seed == 3


def _fifo(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    # Should a regression open the pipe blocking, a writer comes after a while
    # and the test fails on the content instead of hanging.
    def unblock():
        try:
            fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError:
            return
        os.write(fd, b"id: read-from-a-pipe\n")
        os.close(fd)
    timer = threading.Timer(20, unblock)
    timer.start()
    return fifo, timer


SPECIAL = ["fifo", "dev-zero", "directory", "long-name"]


@pytest.mark.parametrize("kind", SPECIAL)
def test_special_files_are_refused_at_file_1_1(kind, tmp_path):
    timer = None
    if kind == "fifo":
        target, timer = _fifo(tmp_path)
        why = "not a regular file"
    elif kind == "dev-zero":
        target, why = Path("/dev/zero"), "not a regular file"
    elif kind == "directory":
        target, why = tmp_path / "folder", "directory"
        target.mkdir()
    else:
        target, why = tmp_path / ("x" * 5000 + ".yaml"), "name too long"
    try:
        variant = tmp_path / "v.yaml"
        variant.write_text(f"extends: {target}\nid: v\n", encoding="utf-8")
        for args in (["validate", str(target)], ["play", str(target), "--players", "bot:random,bot:random"],
                     ["show", str(target)], ["validate", str(variant)], ["replay", str(target)],
                     ["play", "--resume", str(target)]):
            result = run(args)
            if kind == "directory" and args[0] in ("replay", "play") and str(target) == args[-1]:
                assert result.exit_code == 2 and "is a directory" in result.output   # click's own check
                continue
            assert result.exit_code == 1, (args, result.output)
            assert why in result.output.lower() and "Traceback" not in result.output, (args, result.output)
            assert ":1:1:" in result.output or "(at /extends)" in result.output, (args, result.output)
    finally:
        if timer is not None:
            timer.cancel()


def test_a_record_naming_a_special_file_as_its_source_is_not_read_from_it(tmp_path):
    """The source a record names is a hint: a pipe or a name too long is passed over, not read."""
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    for source in (str(fifo), "/dev/zero", "/" + "a" * 300):
        record = json.loads((RECORDS / "greedy-3.json").read_text(encoding="utf-8"))
        record["ruleset"].update(source=source, sha256=load_ruleset("middle-costs").sha256)   # its table (issue 35)
        path = tmp_path / "game.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        result = run(["replay", str(path)])
        assert result.exit_code == 0 and "Tied on 7 VP" in result.output, (source, result.output)


# ---------------------------------------------------------------------------
# C. Control characters never reach the output

ESC_TEXT = "Esc \x1b]0;PWNED\x07 \x1b[2J \u202e"


def test_no_control_character_reaches_the_output_of_any_command(tmp_path):
    bad = tmp_path / "esc.yaml"
    bad.write_text("extends: province-en\nid: esc\ntitle: \"%s\"\nstructures: {mill: {name: \"Mill\\e[2J\"}}\n"
                   "goals: {grind: {flavor: \"\\a\"}}\n" % ESC_TEXT.replace("\x1b", "\\e").replace("\x07", "\\a")
                   .replace("\u202e", "\\u202e"), encoding="utf-8")
    assert "\\e" in bad.read_text(encoding="utf-8")
    escaped_name = tmp_path / "name\x1b[2J.yaml"
    shutil.copyfile(bad, escaped_name)
    record = json.loads((RECORDS / "greedy-3.json").read_text(encoding="utf-8"))
    record["players"] = ["human\x1b[2J", "bot:\x07"]
    record["ruleset"]["source"] = "/tmp/\x1b]0;x\x07"
    rec = tmp_path / "rec.json"
    rec.write_text(json.dumps(record), encoding="utf-8")
    commands = [
        ["validate", str(bad)], ["validate", str(escaped_name)], ["validate", "missing\x1b[2J.yaml"],
        ["show", str(bad)], ["rulebook", str(bad)], ["rulebook", str(escaped_name)],
        ["diff", str(bad), "province-en"], ["diff", "province-en", str(bad)],
        ["simulate", str(bad), "--games", "1"], ["simulate", "province-en", "--games", "1", "--compare", str(bad)],
        ["play", str(bad), "--players", "bot:random,bot:random"], ["play", "--players", "human,bot:\x1b[2J"],
        ["play", "\x1b]0;PWNED\x07"], ["replay", str(rec)], ["play", "--resume", str(rec)],
        ["validate", "province-en", "--lang", "\x1b[2J"],
    ]
    for args in commands:
        result = run(args)
        assert result.exit_code != 0, (args, result.output)
        assert clean(result.output), (args, result.output)


def test_the_control_characters_are_those_of_unicode():
    import unicodedata

    from rulekit.errors import CONTROL_RE, printable

    for code in range(0x110000):
        ch = chr(code)
        assert bool(CONTROL_RE.fullmatch(ch)) == (unicodedata.category(ch) in ("Cc", "Cf") and ch != "\u200d"), hex(code)
    assert printable("a\x1b[2J\u202eb\n") == "a\\x1b[2J\\u202eb\n" and printable("é\u200d«\u202f»") == "é\u200d«\u202f»"


def test_refused_texts_are_located():
    problems = validate_path(REPRO / "esc-title.yaml")
    assert [(p.line, p.pointer) for p in problems] == [(3, "/title"), (4, "/structures/mill/name")]
    assert all(clean(str(p)) for p in problems)


# ---------------------------------------------------------------------------
# D. Interruption and lost work

def _session(tmp_path, record_path=None):
    from rulekit.play.session import Console, Session

    out = []
    console = Console(interactive=True, color=False, write=out.append, read_line=lambda prompt: "1",
                      clear=lambda: None)
    return Session(ruleset=load_ruleset("province-en"), seed=4, players=["human", "bot:greedy"], console=console,
                   first_player=0, record_path=record_path), out


def test_a_second_ctrl_c_while_saving_exits_130(tmp_path, monkeypatch):
    session, out = _session(tmp_path, tmp_path / "g.json")

    def interrupted(*_a, **_k):
        raise KeyboardInterrupt

    monkeypatch.setattr(session, "_run", interrupted)
    monkeypatch.setattr(session, "save", interrupted)      # Ctrl-C again while the game is being saved
    assert session.run() == 130


def test_a_save_that_cannot_be_written_says_so(tmp_path):
    folder = tmp_path / "read-only"
    folder.mkdir()
    session, out = _session(tmp_path, folder / "missing" / "g.json")
    session._leave()
    assert session.save_failed and any("Could not save the game to" in line for line in out)
    result = run(["play", "--players", "human,bot:greedy", "--seed", "3", "--record", str(folder / "no" / "g.json")],
                 input="quit\n")
    assert result.exit_code == 1 and "cannot write" in result.output


def test_ruleset_ids_are_limited_in_length(tmp_path):
    path = tmp_path / "long.yaml"
    path.write_text("extends: province-en\nid: %s\n" % ("a" * 5000), encoding="utf-8")
    assert any("too long: at most 64 characters" in m for m in messages(path))
