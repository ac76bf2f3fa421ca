"""Leftovers of the third reliability review (C18) in the command: an invalid --cluster port refused at once,
the "Continue with" advice of a game stopped by its turn cap, and play's exit on SIGTERM or SIGHUP."""
from __future__ import annotations

from click.testing import CliRunner

from rulekit.cli import cli


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_an_invalid_cluster_port_is_refused_before_any_connection(monkeypatch):
    from rulekit.balance import backend

    def no_connection(*a, **k):
        raise AssertionError("tried to connect")
    monkeypatch.setattr(backend, "_connect", no_connection)
    for address in ("tcp://127.0.0.1:99999", "tcp://127.0.0.1:0", "127.0.0.1:http"):
        for command in (["simulate", "province-en", "--games", "2"],
                        ["tune", "province-en", "--vary", "setup.starting_coins.1=0..2", "--budget", "4"]):
            r = run(*command, "--cluster", address)
            assert r.exit_code == 2, (address, r.output)
            assert "is not a port: a port is a number from 1 to 65535" in r.output
    fr = run("simulate", "province-en", "--games", "2", "--cluster", "tcp://127.0.0.1:99999", "--lang", "fr")
    assert fr.exit_code == 2 and "99999 n’est pas un port" in fr.output

