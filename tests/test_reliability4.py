"""The reliability review's round 4, its smaller causes (the web server's are tests/test_web_server.py,
tests/test_web_load.py and tests/test_web.py; the records' tests/test_record_upgrades.py): each one's
reproduction, now answered with a clear message and the right exit."""
from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

from play_support import run

from rulekit.engine.record import GameRecord
from rulekit.errors import RecordError

HERE = Path(__file__).resolve().parent


@pytest.mark.parametrize("given", ["[mill]", "{a: 1}"])
@pytest.mark.parametrize("command", [["validate"], ["show"], ["rulebook", "--format", "md"]])
def test_d10_a_given_structure_written_as_a_list_or_a_mapping_is_a_located_error(tmp_path, given, command):
    path = tmp_path / "given.yaml"
    path.write_text(f"extends: province-en\nid: given\ntitle: Given\nsetup:\n  given_structures:\n"
                    f"    - {{structure: {given}, vp: none}}\n", encoding="utf-8")
    result = run([*command, str(path), "--lang", "en"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"{path}:6:" in result.output and "wrong type: expected text" in result.output


@pytest.mark.parametrize("args", [["simulate", "province-en", "--games", "2", "--cluster", "tcp://a[b:1"],
                                  ["tune", "province-en", "--vary", "structures.bank.cost.coin=2..3",
                                   "--cluster", "\x1b[2J"]])
def test_d11_a_cluster_address_with_a_bracket_is_a_usage_error(args):
    result = run([*args, "--lang", "en"])
    assert result.exit_code == 2 and "is not an address" in result.output
    assert "\x1b" not in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("args", [["list", "\x1b]0;PWNED\x07"], ["play", "province-en", "\x1b[2J"],
                                  ["diff", "a", "b", "x\u202ey"]])
def test_d12_clicks_extra_argument_error_escapes_control_characters(args):
    result = run([*args, "--lang", "en"])
    assert result.exit_code == 2 and "unexpected extra argument" in result.output
    assert not any(ch in result.output for ch in "\x1b\x07\u202e")
    assert "\\x1b" in result.output or "\\u202e" in result.output


def test_d14_a_records_names_are_checked_as_names_are(tmp_path):
    data = json.loads((HERE / "records" / "greedy-3.json").read_text(encoding="utf-8"))
    data["names"] = ["Ann\u202e", "Bob"]
    path = tmp_path / "rtl.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match="names/0"):
        GameRecord.load(path)
    for args in (["replay", str(path)], ["play", "--resume", str(path), "--players", "bot:random,bot:random"]):
        result = run([*args, "--lang", "en"])
        assert result.exit_code == 1 and "names/0" in result.output and "\u202e" not in result.output
    assert run(["play", "--names", "Ann\u202e,Bob", "--lang", "en"]).exit_code == 2     # as --names refuses it


@pytest.mark.parametrize("lang, words", [("en", "warning: {} changes nothing here"),
                                         ("fr", "attention\u202f: {} ne change rien ici")])
def test_d15_the_empty_mapping_warning_shows_braces_once(tmp_path, lang, words):
    path = tmp_path / "empty.yaml"
    path.write_text("extends: province-en\nid: empty\ntitle: Empty\ngoals: {}\n", encoding="utf-8")
    result = run(["validate", str(path), "--lang", lang])
    assert result.exit_code == 0 and words in result.output and "{{}}" not in result.output


def test_d16_a_signal_during_plays_start_up_save_is_said_and_leaves_no_temporary_file(tmp_path, monkeypatch):
    """SIGTERM while the temporary file of the start-up save is written (before the game's loop installs its
    handlers): the temporary file is removed, "Interrupted." is said, the exit is 128 + 15."""
    monkeypatch.chdir(tmp_path)
    sent = []
    real = os.replace

    def replace(src, dst):                                  # the temporary file is whole: now the signal
        if not sent and str(src).endswith(".tmp"):
            sent.append(src)
            os.kill(os.getpid(), signal.SIGTERM)
        return real(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    previous = signal.getsignal(signal.SIGTERM)
    try:
        result = run(["play", "province-en", "--seed", "3", "--record", "g.json", "--lang", "en"], input="")
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert sent and result.exit_code == 128 + signal.SIGTERM
    assert "Interrupted." in result.output
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
