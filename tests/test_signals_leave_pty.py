"""SIGTERM and SIGHUP (a closed terminal) in ``rulekit play`` on a real pseudo-terminal: the game is saved
and the command exits as on Ctrl-C, with 128 + the signal's number, leaving no temporary file."""
from __future__ import annotations

import signal
import sys

import pexpect
import pytest

from rulekit.engine.record import GameRecord
from test_signals_pty import _env


def _default_signals():
    """In the child: SIGTERM and SIGHUP with their default action, whatever the test's process inherited."""
    for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(signum, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGHUP, signal.SIGINT})


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_play_saves_and_exits_on_a_signal(tmp_path, signum):
    record = tmp_path / "game.json"
    child = pexpect.spawn(sys.executable, ["-m", "rulekit", "play", "--seed", "5", "--record", str(record),
                                           "--max-turns", "500", "--lang", "en"],
                          env=_env(), encoding="utf-8", timeout=60, dimensions=(50, 120), cwd=str(tmp_path),
                          preexec_fn=_default_signals)
    try:
        child.expect("Your choice: ")
        child.sendline("1")                        # one move, so the record holds something
        child.expect("Your choice: ")
        child.kill(signum)
        child.expect(pexpect.EOF)
        out = child.before
    finally:
        child.close()
    assert child.signalstatus is None, out         # it exited by itself, not killed by the signal
    assert child.exitstatus == 128 + signum, out
    assert "Interrupted." in out and "Traceback" not in out
    if signum == signal.SIGTERM:                   # the terminal is still there to read what it says
        assert f"Saved to {record}." in out and "--max-turns 500" in out
    assert len(GameRecord.load(record).actions) >= 1
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]     # no game.json.XXXX.tmp beside it
