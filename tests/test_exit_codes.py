"""Every kind of RulekitError carries the exit status of the command, and ``rulekit`` exits with it.

The group reports the errors in one place (``RkGroup.invoke``): a command made to
raise each kind shows ``rulekit: message`` on standard error, as ``fail()`` does,
and exits with the kind's ``exit_code``.
"""
from __future__ import annotations

import importlib
import pkgutil

import click
import pytest
from click.testing import CliRunner

import rulekit
from rulekit.cli import cli
from rulekit.cli.base import RkCommand
from rulekit.errors import (
    BotSpecError,
    ClusterError,
    IllegalActionError,
    RecordError,
    RulekitError,
    RulesetError,
    TuneError,
    UnknownRulesetError,
)

NO_LOCALE_ENV = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": None, "RULEKIT_LOCALES": None, "NO_COLOR": None}


def _import_every_module() -> None:
    """Kinds are defined outside rulekit.errors too (ReplayError, RulebookError…): load them all."""
    for info in pkgutil.walk_packages(rulekit.__path__, "rulekit."):
        if info.name.rsplit(".", 1)[-1] != "__main__":
            importlib.import_module(info.name)


def _kinds(cls=RulekitError) -> list[type]:
    out = [cls]
    for sub in cls.__subclasses__():
        out += [k for k in _kinds(sub) if k not in out]
    return out


_import_every_module()
KINDS = sorted(_kinds(), key=lambda k: f"{k.__module__}.{k.__qualname__}")


def _name(kind: type) -> str:
    return kind.__qualname__


def test_the_walk_finds_the_kinds_defined_elsewhere():
    from rulekit.engine.record import ReplayError
    from rulekit.play.notation import AmbiguousActionError
    from rulekit.text.rulebook import RulebookError

    assert {RulekitError, RulesetError, ReplayError, RulebookError, AmbiguousActionError} <= set(KINDS)


@pytest.mark.parametrize("kind", KINDS, ids=_name)
def test_every_kind_has_an_exit_code(kind):
    code = kind.exit_code
    assert type(code) is int and code >= 1, (kind, code)
    assert code != 130, "130 is the status of an interrupted command"


def test_the_codes_of_today():
    """The statuses the commands exited with before the codes moved onto the errors."""
    from rulekit.engine.record import ReplayError
    from rulekit.play.notation import AmbiguousActionError
    from rulekit.text.rulebook import RulebookError

    expected = {RulekitError: 1, RulesetError: 1, UnknownRulesetError: 1, IllegalActionError: 1,
                AmbiguousActionError: 1, RecordError: 1, ReplayError: 1, ClusterError: 1, RulebookError: 1,
                BotSpecError: 2, TuneError: 2}
    assert {kind: kind.exit_code for kind in expected} == expected


def _instance(kind: type, message: str) -> RulekitError:
    """An error of ``kind`` saying ``message`` (the kinds' constructors take different arguments)."""
    exc = BaseException.__new__(kind)
    exc.args = (message,)
    return exc


@pytest.fixture
def raising(monkeypatch):
    """``rulekit raise-it``: a command of the real group that raises the given exception."""

    def install(exc):
        @click.command("raise-it", cls=RkCommand)
        def raise_it():
            raise exc

        monkeypatch.setitem(cli.commands, "raise-it", raise_it)
        return CliRunner().invoke(cli, ["raise-it", "--lang", "en"], env=NO_LOCALE_ENV, catch_exceptions=False)

    return install


@pytest.mark.parametrize("kind", KINDS, ids=_name)
def test_the_command_exits_with_the_kind_s_code(kind, raising):
    result = raising(_instance(kind, "the ruleset \x1b[2J is bad"))
    assert result.exit_code == kind.exit_code
    assert result.stdout == ""
    # as fail() prints it: on stderr, after "rulekit: ", the control characters made visible
    assert result.stderr == "rulekit: the ruleset \\x1b[2J is bad\n"


def test_the_message_is_translated(monkeypatch):
    exc = _instance(TuneError, "--vary 'x'")

    @click.command("raise-it", cls=RkCommand)
    def raise_it():
        raise exc

    monkeypatch.setitem(cli.commands, "raise-it", raise_it)
    result = CliRunner().invoke(cli, ["raise-it", "--lang", "fr"], env=NO_LOCALE_ENV, catch_exceptions=False)
    assert result.exit_code == 2
    assert result.stderr == "rulekit\u202f: --vary 'x'\n"


def test_a_real_command_exits_with_the_code_of_its_error(tmp_path):
    missing = CliRunner().invoke(cli, ["simulate", "no-such-ruleset", "--lang", "en"], env=NO_LOCALE_ENV,
                                 catch_exceptions=False)
    assert missing.exit_code == UnknownRulesetError.exit_code == 1
    assert missing.stderr.startswith("rulekit: unknown ruleset no-such-ruleset")
    bad = CliRunner().invoke(cli, ["tune", "province-en", "--vary", "nonsense", "--lang", "en",
                                   "-o", str(tmp_path / "t.yaml")], env=NO_LOCALE_ENV, catch_exceptions=False)
    assert bad.exit_code == TuneError.exit_code == 2
    assert bad.stderr.startswith("rulekit: cannot read --vary 'nonsense'")
    assert not (tmp_path / "t.yaml").exists()


def test_ctrl_c_in_a_command_is_still_130(raising):
    result = raising(KeyboardInterrupt())
    assert result.exit_code == 130
    assert result.stderr == "\n"
