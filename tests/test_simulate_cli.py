"""``rulekit simulate`` through click's CliRunner."""
import json
from pathlib import Path

import jsonschema
from click.testing import CliRunner

from rulekit.balance import backend
from rulekit.cli import cli
from scenario import variant

SCHEMA = json.loads((Path(__file__).parent.parent / "docs" / "schemas" / "simulate.schema.json").read_text())


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_table_for_people():
    r = run("simulate", "province-en", "--games", "6", "--seed", "1")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "Province (province-en): 6 games, bot A (greedy) against bot B (greedy), seed 1" in out
    for heading in ("Who wins", "What decided the winner", "Game length:", "Victory points",
                    "Structures", "Goals", "How the games ended"):
        assert heading in out
    assert "first player wins" in out and "95% interval" in out
    assert "Bank" in out and "2-VP Structure" in out


def test_json_output_validates_and_is_identical_across_jobs():
    a = run("simulate", "province-en", "--games", "8", "--seed", "4", "--json")
    b = run("simulate", "province-en", "--games", "8", "--seed", "4", "--json", "--jobs", "2")
    assert a.exit_code == 0 and b.exit_code == 0, a.output + b.output
    doc = json.loads(a.output)
    jsonschema.validate(doc, SCHEMA)
    assert doc["settings"] == {"games": 8, "seed": 4, "bots": ["greedy", "greedy"], "first_player": "alternate",
                               "max_turns": 200, "bots_deterministic": True}
    assert a.output == b.output


def test_compare_of_a_variant(tmp_path):
    rich = variant(tmp_path, {"title": "Rich start", "setup": {"starting_coins": [5, 6]}}, name="rich")
    r = run("simulate", rich, "--compare", "province-en", "--games", "10")
    assert r.exit_code == 0, r.output
    assert "Compared with Province (province-en), on the same seeds" in r.output
    assert "difference = rich minus province-en" in r.output
    assert ("significant difference" in r.output) or ("No significant difference." in r.output)
    j = run("simulate", rich, "--compare", "province-en", "--games", "4", "--json")
    doc = json.loads(j.output)
    jsonschema.validate(doc, SCHEMA)
    assert doc["ruleset"]["id"] == "rich" and doc["compare"]["ruleset"]["id"] == "province-en"


def test_compare_with_itself_says_no_difference():
    r = run("simulate", "province-en", "--compare", "province-en", "--games", "10")
    assert r.exit_code == 0, r.output
    assert "No significant difference." in r.output


def test_french_report():
    r = run("simulate", "province-fr", "--games", "4", "--lang", "fr")
    assert r.exit_code == 0, r.output
    assert "4\u00a0parties" in r.output
    assert "Qui gagne" in r.output
    assert "100,0\u00a0%" in r.output        # Babel's French percent pattern
    assert "graine 0" in r.output


def test_bad_bots_value_lists_the_valid_ones():
    r = run("simulate", "province-en", "--bots", "greedy,clever")
    assert r.exit_code == 2
    assert "invalid bot “clever”" in r.output and "mcts:N" in r.output and "mcts:Ts" in r.output
    assert "random, careless, greedy, mcts" in r.output
    r = run("simulate", "province-en", "--bots", "greedy")
    assert r.exit_code == 2
    assert "two bots separated by a comma" in r.output


def test_bad_games_and_unknown_ruleset():
    r = run("simulate", "province-en", "--games", "0")
    assert r.exit_code == 2
    r = run("simulate", "no-such-ruleset", "--games", "2")
    assert r.exit_code == 1
    assert "rulekit:" in r.output and "Traceback" not in r.output


def test_help_is_translated():
    r = run("simulate", "--help", "--lang", "fr")
    assert r.exit_code == 0
    assert "--compare" in r.output


def test_turn_cap_option():
    r = run("simulate", "province-en", "--games", "4", "--max-turns", "3")
    assert r.exit_code == 0, r.output
    assert "A game still running after 3 turns stops there" in r.output
    assert "unfinished (stopped at the turn cap)" in r.output
    assert "stopped at the turn cap (unfinished)" in r.output and "unfinished: stopped" not in r.output
    j = run("simulate", "province-en", "--games", "4", "--max-turns", "3", "--json")
    assert j.exit_code == 0, j.output
    doc = json.loads(j.output)
    jsonschema.validate(doc, SCHEMA)
    assert doc["results"]["wins"]["unfinished"]["count"] == 4
    bad = run("simulate", "province-en", "--games", "4", "--max-turns", "0")
    assert bad.exit_code == 2


def test_first_seat_headline_and_two_strengths():
    r = run("simulate", "province-en", "--games", "6", "--seed", "1", "--bots", "greedy,greedy",
            "--bots", "mcts:2,mcts:2", "--json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output)
    jsonschema.validate(doc, SCHEMA)
    assert [p["bots"] for p in doc["strengths"]] == [["greedy", "greedy"], ["mcts:2", "mcts:2"]]
    assert doc["seat_balance"] == doc["strengths"][0]["seat_balance"]
    sb = doc["strengths"][1]["seat_balance"]
    fs = sb["seats"][0]
    first_player, second_player = (seat["wins"] for seat in doc["strengths"][1]["results"]["seats"])
    assert fs["wins"] == first_player["count"]
    assert sb["decided"] == first_player["count"] + second_player["count"]
    text = run("simulate", "province-en", "--games", "6", "--seed", "1", "--bots", "greedy,greedy",
               "--bots", "mcts:2,mcts:2").output
    assert "== With bot A (mcts:2) against bot B (mcts:2) ==" in text
    assert "First seat at each strength" in text and "First seat: wins" in text


def test_cluster_without_a_scheduler_is_a_clear_error(monkeypatch):
    monkeypatch.setattr(backend, "CONNECT_TIMEOUT", "0.5s")   # users wait 20 s; nothing listens on port 9
    r = run("simulate", "province-en", "--games", "2", "--cluster", "tcp://127.0.0.1:9")
    assert r.exit_code == 1 and "Dask scheduler at tcp://127.0.0.1:9" in r.output


def test_bots_that_do_not_search_are_no_measure_of_balance():
    """Between greedy bots the report says that their first-seat figure is no measure of
    balance; with a search bot on either side it does not."""
    note = "Neither bot looks ahead"
    greedy = run("simulate", "province-en", "--games", "4", "--bots", "greedy,random")
    assert greedy.exit_code == 0, greedy.output
    assert note in greedy.output and "--bots mcts:16,mcts:16" in greedy.output
    levels = run("simulate", "province-en", "--games", "2", "--bots", "easy,normal")
    assert note in levels.output
    for bots in ("mcts:2,greedy", "hard,normal"):
        searching = run("simulate", "province-en", "--games", "2", "--bots", bots)
        assert searching.exit_code == 0, searching.output
        assert "First seat: wins" in searching.output and note not in searching.output
    both = run("simulate", "province-en", "--games", "2", "--bots", "greedy,greedy", "--bots", "mcts:2,mcts:2")
    assert both.output.count(note) == 1
    french = run("simulate", "province-en", "--games", "2", "--lang", "fr")
    assert "Aucun des deux bots n’anticipe" in french.output


def test_the_number_of_bots_is_the_number_of_players():
    """--bots gives one bot per player: a number the ruleset does not allow is a clear error naming
    the numbers it allows, in English and French, with a non-zero exit and no game played."""
    r = run("simulate", "province-en", "--games", "2", "--bots", "greedy,greedy,greedy")
    assert r.exit_code != 0 and r.exit_code != 130
    assert "rulekit:" in r.output and "Traceback" not in r.output
    assert r.exit_code == 2           # a usage error, as an unknown bot is
    assert "province-en is played by 2 players, not 3: give one bot per player" in r.output
    fr = run("simulate", "province-en", "--games", "2", "--bots", "greedy,greedy,greedy", "--lang", "fr")
    assert fr.exit_code == r.exit_code
    assert "province-en se joue à 2 joueurs, pas à 3\u202f: donnez un bot par joueur" in fr.output
    strengths = run("simulate", "province-en", "--games", "2", "--bots", "greedy,greedy", "--bots", "mcts:2,mcts:2,mcts:2")
    assert strengths.exit_code == r.exit_code and "greedy,greedy and mcts:2,mcts:2,mcts:2 differ" in strengths.output


def test_three_players_report_every_seat():
    """province-3p is played by three: with no --bots, three greedy bots; the headline names the seat
    furthest from a third, and every table has a column or a row per seat."""
    r = run("simulate", "province-3p", "--games", "6", "--seed", "2")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "6 games between 3 players, bot A (greedy), bot B (greedy), and bot C (greedy), seed 2" in out
    assert "Furthest from a fair share: the " in out and "fair would be 33.3% (3 players)" in out
    assert "Every seat: first player " in out
    for label in ("first player wins", "second player wins", "third player wins", "bot C (greedy) wins",
                  "VP of the third player", "first by 3rd player", "by 3rd player"):
        assert label in out
    j = run("simulate", "province-3p", "--games", "6", "--seed", "2", "--bots", "greedy,mcts:2,greedy", "--json")
    assert j.exit_code == 0, j.output
    doc = json.loads(j.output)
    jsonschema.validate(doc, SCHEMA)
    assert len(doc["results"]["seats"]) == 3 and doc["seat_balance"]["players"] == 3
    assert sum(s["wins"]["count"] for s in doc["results"]["seats"]) + doc["results"]["wins"]["draws"]["count"] \
        + doc["results"]["wins"]["unfinished"]["count"] == 6
    two = run("simulate", "province-3p", "--games", "2", "--bots", "greedy,greedy")
    assert two.exit_code == 2 and "province-3p is played by 3 players, not 2: give one bot per player" in two.output
    fr = run("simulate", "province-3p", "--games", "3", "--lang", "fr")
    assert fr.exit_code == 0, fr.output
    assert "victoires du troisième joueur" in fr.output and "PV du deuxième joueur" in fr.output


def test_prose_wraps_to_the_terminal_and_tables_stay_whole(monkeypatch):
    """On a terminal, a line of prose longer than it is wrapped by words (never "--bots mcts:16" cut in
    two); a table's row keeps its columns; to a file the report is unchanged."""
    import os
    import sys

    from rulekit.cli.simulate_cmds import for_terminal

    prose = "First seat: wins 62.4% of the games someone won, with two mcts:16 bots (--bots mcts:16,mcts:16)."
    row = "  first player wins                 310   62.0%  58.0% to 66.5%"
    text = prose + "\n" + row
    assert for_terminal(text) == text                         # not a terminal here
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.setattr("shutil.get_terminal_size", lambda *a, **k: os.terminal_size((48, 24)))
    lines = for_terminal(text).split("\n")
    assert all(len(line) <= 47 for line in lines[:-1]) and len(lines) > 2
    assert "--bots" in " ".join(lines) and any("mcts:16,mcts:16)." in line for line in lines)
    assert lines[-1] == row


def test_on_an_80_column_terminal_every_line_of_the_report_fits(tmp_path):
    """French review F43: on a terminal of 80 columns the whole report fits, its tables too: a table wider than
    the terminal has its headers and labels wrapped, or, when the labels would be too narrow beside the figures
    (the comparison), each label on a line of its own with its figures under it. Through a pipe it is
    unchanged (the other tests)."""
    import os
    import re
    import sys

    import pexpect

    env = dict(os.environ, RULEKIT_NO_PROGRESS="1", TERM="xterm")
    for args in (["--lang", "fr"], ["--lang", "fr", "--compare", "province-fr"], ["--lang", "en", "--compare",
                                                                                  "province-fr"]):
        child = pexpect.spawn(sys.executable, ["-m", "rulekit", "simulate", "province-en", "--games", "40", *args],
                              env=env, encoding="utf-8", timeout=300, dimensions=(24, 80), cwd=str(tmp_path))
        child.expect(pexpect.EOF)
        child.close()
        out = child.before.replace("\r\n", "\n")
        assert child.exitstatus == 0, out
        lines = out.split("\n")
        assert all(len(line) <= 79 for line in lines), [line for line in lines if len(line) > 79]
        flat = " ".join(out.split())
        assert re.search(r"(victoires du premier joueur|first player wins) [\d\s]*\d", flat), out   # a row whole
        if "--compare" in args:                           # the labels over their figures
            label = "victoires du premier joueur" if "fr" in args else "first player wins"
            at = lines.index(label)
            assert re.match(r"\s+\d", lines[at + 1]) and "%" in lines[at + 1], lines[at:at + 2]
