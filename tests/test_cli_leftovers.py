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


def test_the_continue_advice_carries_the_turn_limit(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = run("play", "province-en", "--players", "bot:random,bot:random", "--seed", "1", "--record", "g.json",
            "--max-turns", "3", "--lang", "en")
    assert "Stopped at turn 3" in r.output, r.output
    # the same limit would stop the game again at once: the advice gives a larger one
    assert "Continue with: rulekit play --resume g.json --lang en --max-turns 2003" in r.output
    again = run("play", "--resume", "g.json", "--lang", "en", "--max-turns", "5")
    assert "Stopped at turn 5" in again.output and "--max-turns 2005" in again.output


def test_a_game_left_before_its_limit_is_continued_with_the_same_limit():
    from rulekit.language import load_ruleset
    from rulekit.play import Console, Session

    rs = load_ruleset("province-en")
    con = Console(interactive=False, color=False, write=lambda s: None)
    players = ["bot:random", "bot:random"]
    assert Session(ruleset=rs, seed=1, players=players, console=con, max_turns=50).resume_command(
        "g.json").endswith("--lang en --max-turns 50")
    assert Session(ruleset=rs, seed=1, players=players, console=con).resume_command(
        "g.json").endswith("--resume g.json --lang en")                      # the default limit: not said
