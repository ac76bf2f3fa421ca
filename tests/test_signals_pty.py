"""Ctrl-C on a real pseudo-terminal: ``play`` saves and exits 130; ``simulate`` (one process or
``--jobs 2``) stops, prints what was finished and exits 130."""
from __future__ import annotations

import os
import re
import signal
import sys
import time
from pathlib import Path

import pexpect
import pytest

from rulekit.engine.record import GameRecord


def _env():
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "LC_ALL", "LC_MESSAGES", "LANG")}
    env.update(TERM="xterm", COLUMNS="120", LINES="50")
    env.pop("RULEKIT_NO_PROGRESS", None)
    return env


def _default_sigint():
    """In the child: Ctrl-C as on a user's terminal (default action, not blocked), whatever
    the pytest process inherited (a shell without job control starts a background job with
    SIGINT ignored) or holds (a thread's blocked mask is inherited through fork and exec)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(x) for x in (task / "children").read_text().split()]
        except OSError:
            pass
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _interrupt(args, prepare, cwd, lang="en"):
    """Run ``rulekit ARGS`` on a pseudo-terminal, call ``prepare(child)``, press Ctrl-C;
    (exit status as a shell reports it, what was printed after)."""
    child = pexpect.spawn(sys.executable, ["-m", "rulekit", *args, "--lang", lang], env=_env(), encoding="utf-8",
                          timeout=60, dimensions=(50, 120), cwd=str(cwd), preexec_fn=_default_sigint)
    try:
        prepare(child)
        child.sendintr()
        child.expect(pexpect.EOF)
        out = child.before
    finally:
        child.close()
    # As a shell reports it: death by a signal (Ctrl-C before Python is up) is 128 + its number.
    return child.exitstatus if child.exitstatus is not None else 128 + child.signalstatus, out


def test_ctrl_c_at_the_prompt_saves_and_exits_130(tmp_path):
    record = tmp_path / "game.json"

    def one_move(child):
        child.expect("Your choice: ")
        child.sendline("1")                        # one move, so the record holds something
        child.expect("Your choice: ")

    status, out = _interrupt(["play", "--seed", "5", "--record", str(record)], one_move, tmp_path)
    assert status == 130, out
    assert "Interrupted." in out and "Saved to" in out and "Traceback" not in out
    assert len(GameRecord.load(record).actions) >= 1


def test_ctrl_c_stops_simulate_with_two_jobs(tmp_path):
    workers = []

    def started(child):
        child.expect("Playing")
        for _ in range(300):                       # the pool starts its processes as work is submitted
            workers[:] = _children(child.pid)
            if len(workers) >= 2:
                break
            time.sleep(0.05)
        assert len(workers) >= 2

    status, out = _interrupt(["simulate", "province-en", "--games", "4000", "--jobs", "2"], started, tmp_path)
    assert status == 130, out
    assert "Interrupted:" in out and "of 4,000 games finished" in out and "Traceback" not in out
    assert not [pid for pid in workers if _alive(pid)]


@pytest.mark.parametrize("lang, label, stopped", [
    ("en", "Playing", r"Interrupted: (\d{1,3}(,\d{3})*) of 100,000 games finished\.\r?\n"
                      r"Province \(province-en\): (\1) games,"),
    ("fr", "Parties en cours", r"Interrompu\s; parties finies\s: (\d{1,3}(\s\d{3})*) sur 100\s000\.\r?\n"
                               r"Province \(province-en\)\s: (\1)\sparties,"),
])
def test_ctrl_c_stops_a_long_simulate_with_what_it_finished(tmp_path, lang, label, stopped):
    """A real SIGINT (the terminal's Ctrl-C) in a long ``simulate``: the count finished, written as the report
    writes its numbers, then the report of those games, exit 130, no traceback."""
    def playing(child):
        child.expect(label)
        child.expect("[1-9]%")                     # 1,000 games or more played: the report has something

    status, out = _interrupt(["simulate", "province-en", "--games", "100000"], playing, tmp_path, lang)
    assert status == 130, out
    found = re.search(stopped, out)
    assert found, out
    assert found.group(1) == found.group(3) and "Traceback" not in out and "Aborted" not in out


def test_ctrl_c_while_the_command_starts_exits_130(tmp_path):
    """While Python loads the command, the ruleset is read or the bot thinks: 130, no traceback."""
    def at_once(child):
        pass

    for args in (["play", "--players", "bot:mcts,human", "--seed", "2"], ["validate", "province-en", "province-fr"]):
        status, out = _interrupt(args, at_once, tmp_path)
        assert status in (130, 0) and "Traceback" not in out and "Aborted" not in out, (args, out)
