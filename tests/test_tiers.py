"""The suite's two tiers (tests/README.md) and a clean Ctrl-C."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest
from _pytest._code import ExceptionInfo

import conftest
import tier

TESTS = Path(__file__).parent


def test_the_tier_is_the_one_asked_for(request):
    asked = bool(request.config.getoption("--full")) or os.environ.get("RULEKIT_FULL", "") not in ("", "0")
    assert tier.FULL == asked
    assert tier.games(full=1000, quick=30) == (1000 if asked else 30)
    assert conftest.pytest_report_header(request.config).startswith("rulekit tier: full" if asked else
                                                                    "rulekit tier: quick")
    with pytest.raises(AssertionError):
        tier.games(full=10, quick=0)              # a quick tier plays fewer games, never none


@pytest.mark.parametrize("args, env", [(["--full"], "0"), ([], "1")])
def test_full_or_rulekit_full_chooses_the_full_tier(args, env):
    """The option or the environment variable chooses the full tier (pytest's header says which); this run's
    own tier is the other test's."""
    environ = dict(os.environ, RULEKIT_FULL=env, PYTEST_DISABLE_PLUGIN_AUTOLOAD="1")   # no plugin: it only collects
    out = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-p", "no:cacheprovider",
                          str(TESTS / "test_tiers.py"), *args], env=environ, capture_output=True, text=True,
                         cwd=TESTS.parent).stdout
    assert "rulekit tier: full" in out and "rulekit tier: quick" not in out


@pytest.mark.parametrize("env", ["0", "1"])
def test_the_quick_tier_leaves_out_the_full_tiers_own_tests(env):
    """test_web_server.py runs in the full tier only: the quick tier collects it and deselects every test of it,
    which pytest's summary counts; the full tier selects them all."""
    environ = dict(os.environ, RULEKIT_FULL=env, PYTEST_DISABLE_PLUGIN_AUTOLOAD="1")
    out = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                          str(TESTS / "test_web_server.py")], env=environ, capture_output=True, text=True,
                         cwd=TESTS.parent).stdout
    listed = [line for line in out.splitlines() if "test_web_server.py::" in line]
    if env == "1":
        assert len(listed) >= 8 and "deselected" not in out, out
    else:
        left = re.search(r"no tests collected \((\d+) deselected\)", out)
        assert not listed and left and int(left.group(1)) >= 8, out


def test_the_seeded_game_tests_play_fewer_games_in_the_quick_tier():
    import test_engine_differential as diff

    assert (diff.GAMES_PER_RULESET, diff.GAMES_PER_VARIANT, diff.POLICY_GAMES) == \
        ((1000, 100, 60) if tier.FULL else (8, 5, 6))


def _interrupted_where_no_line_is_known():
    """A KeyboardInterrupt whose traceback ends in an entry without a line number (``tb_lineno`` is None),
    as when Ctrl-C lands in a frame of the compiled core at an instruction no line maps to."""
    frame = sys._getframe()
    nowhere = types.TracebackType(None, frame, 10 ** 6, -1)
    assert nowhere.tb_lineno is None
    try:
        raise KeyboardInterrupt().with_traceback(nowhere)
    except KeyboardInterrupt as exc:
        return ExceptionInfo.from_exception(exc)


def test_ctrl_c_in_the_suite_ends_in_pytests_summary_not_a_type_error():
    excinfo = _interrupted_where_no_line_is_known()
    with pytest.raises(TypeError):                # what pytest's own rendering does with such a frame
        excinfo.getrepr(funcargs=True)
    excinfo = _interrupted_where_no_line_is_known()
    conftest.pytest_keyboard_interrupt(excinfo)   # the hook runs before the terminal's
    shown = str(excinfo.getrepr(funcargs=True))
    assert "KeyboardInterrupt" in shown and "_interrupted_where_no_line_is_known" in shown


ENDLESS = '''\
from rulekit import engine
from rulekit.language import load_ruleset


def test_plays_until_interrupted():
    rs = load_ruleset("province-en")
    print("playing", flush=True)
    seed = 0
    while True:                                   # the compiled core's playouts, one after another
        engine.new_game(rs, seed=seed).playout(seed)
        seed += 1
'''


def test_a_real_ctrl_c_in_the_suite_ends_in_pytests_summary(tmp_path):
    """SIGINT, as the terminal's Ctrl-C sends it, to a pytest run with this suite's conftest while a test plays
    the compiled core's games: pytest's own summary and exit status 2, never an error of its own."""
    import pexpect
    from test_signals_pty import _default_sigint, _env

    (tmp_path / "test_endless.py").write_text(ENDLESS, encoding="utf-8")
    env = dict(_env(), PYTHONPATH=os.pathsep.join([str(TESTS), str(TESTS.parent)]))
    child = pexpect.spawn(sys.executable, ["-m", "pytest", "-p", "conftest", "-p", "no:cacheprovider", "-s", "-q",
                                           "test_endless.py"], env=env, encoding="utf-8", timeout=120,
                          dimensions=(24, 80), cwd=str(tmp_path), preexec_fn=_default_sigint)
    try:
        child.expect("playing")
        child.sendintr()
        child.expect(pexpect.EOF)
        out = child.before
    finally:
        child.close()
    assert child.exitstatus == 2, out              # pytest's status for an interrupted run
    assert "KeyboardInterrupt" in out and "no tests ran" in out, out
    assert "TypeError" not in out and "INTERNALERROR" not in out and "Traceback (most recent call last)" not in out
