"""``rulekit tune`` through click's CliRunner: the report, the house rule, JSON, errors, --cluster local."""
import json
from pathlib import Path

import jsonschema
import yaml
from click.testing import CliRunner

from rulekit.cli import cli
from rulekit.language import load_ruleset

SCHEMA = json.loads((Path(__file__).parent.parent / "docs" / "schemas" / "tune.schema.json").read_text())


def run(*args, cwd=None):
    return CliRunner().invoke(cli, list(args))


def unfair(tmp_path):
    p = tmp_path / "poor-second.yaml"
    p.write_text(yaml.safe_dump({"extends": "province-en", "id": "poor-second",
                                 "setup": {"starting_coins": [2, 0]}}))
    return p


def test_report_and_house_rule(tmp_path):
    src = unfair(tmp_path)
    out = tmp_path / "sub" / "tuned.yaml"
    out.parent.mkdir()
    r = run("tune", str(src), "--vary", "setup.starting_coins.1=0..3", "--budget", "24", "--seed", "1",
            "-o", str(out))
    assert r.exit_code == 0, r.output
    assert "Best settings" in r.output and "setup.starting_coins.1" in r.output and "Runner-ups" in r.output
    assert "games played in" in r.output and str(out) in r.output
    assert "Neither bot looks ahead" in r.output                # greedy bots, the default
    assert "tune with bots that search, e.g. --bots mcts:16,mcts:16." in r.output
    written = yaml.safe_load(out.read_text())
    assert written["extends"] == "../poor-second.yaml" and written["id"] == "poor-second-tuned"
    load_ruleset(str(out))
    assert "# Reproduce: rulekit tune" in out.read_text()


def test_json_is_documented_and_the_same_with_jobs(tmp_path):
    src = unfair(tmp_path)
    args = ["tune", str(src), "--vary", "setup.starting_coins.1=0..3", "--budget", "24", "--json",
            "-o", str(tmp_path / "t.yaml")]
    a = json.loads(run(*args).output)
    b = json.loads(run(*args, "--jobs", "2").output)
    jsonschema.validate(a, SCHEMA)
    a.pop("elapsed_seconds"), b.pop("elapsed_seconds")
    assert a == b


def test_cluster_local_gives_the_same_answer(tmp_path):
    src = unfair(tmp_path)
    args = ["tune", str(src), "--vary", "setup.starting_coins.1=1..2", "--budget", "8", "--json",
            "-o", str(tmp_path / "t.yaml")]
    a = json.loads(run(*args).output)
    r = run(*args, "--cluster", "local", "--jobs", "1")
    assert r.exit_code == 0, r.output
    b = json.loads(r.output)
    a.pop("elapsed_seconds"), b.pop("elapsed_seconds")
    assert a == b


def test_usage_errors(tmp_path):
    r = run("tune", "province-en", "--vary", "structures.bank.cost.gold=1..3")
    assert r.exit_code == 2 and "no field 'gold'" in r.output and "labor, coin" in r.output
    r = run("tune", "province-en", "--vary", "structures.bank.cost.coin=1..3", "--target", "short")
    assert r.exit_code == 2 and "first:P" in r.output
    r = run("tune", "province-en", "--vary", "structures.bank.cost.coin=1..3", "--bots", "mcts:x,greedy")
    assert r.exit_code == 2 and "mcts:Ts" in r.output
    r = run("tune", "province-en")
    assert r.exit_code == 2


def test_progress_bar_and_ctrl_c_on_a_terminal(tmp_path):
    """On a terminal: a progress bar (round, candidate, best so far); Ctrl-C prints the best so far."""
    import os
    import signal
    import sys

    import pexpect

    src = unfair(tmp_path)
    env = {k: v for k, v in os.environ.items() if k != "RULEKIT_NO_PROGRESS"}
    child = pexpect.spawn(sys.executable, ["-m", "rulekit", "tune", str(src), "--vary", "setup.starting_coins.1=0..8",
                                           "--budget", "600", "--lang", "en", "-o", str(tmp_path / "t.yaml")],
                          env=env, encoding="utf-8", timeout=300, dimensions=(30, 200), cwd=str(tmp_path),
                          # Ctrl-C as on a user's terminal, whatever SIGINT state pytest inherited
                          preexec_fn=lambda: (signal.signal(signal.SIGINT, signal.SIG_DFL),
                                              signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})))
    try:
        child.expect("round 2/4, candidate [0-9]+; best so far [0-9]+ ")
        child.sendintr()
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 130
    assert "Interrupted: the best candidate of the last finished round is shown." in child.before
    assert "Best settings" in child.before and "Rounds: 9;" in child.before
    assert load_ruleset(str(tmp_path / "t.yaml")).data["setup"]["starting_coins"][0] == 2


def test_search_bots_get_no_caution(tmp_path):
    r = run("tune", "province-en", "--vary", "structures.bank.cost.coin=3..4", "--bots", "mcts:1,mcts:1",
            "--budget", "4", "-o", str(tmp_path / "t.yaml"))
    assert r.exit_code == 0, r.output
    assert "Best settings" in r.output and "Neither bot looks ahead" not in r.output


def test_a_french_run_speaks_french_in_its_report_and_its_variant(tmp_path):
    """French books review 4, items 66, 67 and 74: the header names the bots as the rest of the report
    (« glouton contre glouton »), « deux bots gloutons », « Étapes », and the variant written with --lang fr
    has a French title and description; in English both stay English."""
    out = tmp_path / "fr.yaml"
    r = run("tune", "short-game", "--vary", "setup.starting_coins.1=2..3", "--budget", "8", "--seed", "1",
            "-o", str(out), "--lang", "fr")
    assert r.exit_code == 0, r.output
    head = r.output.splitlines()[0]
    assert head.startswith("Province — partie courte (short-game)"), head
    assert "glouton contre glouton" in head and "greedy" not in r.output
    assert "bots glouton " not in r.output and "bots glouton." not in r.output
    assert "Étapes : " in r.output.replace("\u202f", " ")
    written = yaml.safe_load(out.read_text())
    assert written["title"] == "Province — partie courte — réglée"
    assert written["description"].startswith("Réglée par simulation\u202f: ")
    comments = [line for line in out.read_text(encoding="utf-8").splitlines() if line.startswith("#")]
    assert comments[0].startswith("# Choisi par rulekit tune (élimination de moitié successive sur 2 candidats, ")
    told = " ".join(comments).replace("\u202f", " ").replace("\u00a0", " ")
    assert "Pendant la recherche, le premier joueur gagne " in told and "intervalle à 95 % : de " in told
    assert "# Pour reproduire : rulekit tune" in told and "# Modifié : " in told
    for english in ("Chosen by", "In the search", "decided games", "Reproduce", "Changed", ", seed "):
        assert english not in told, english
    from rulekit.cli.tune_cmds import _previous_output
    assert _previous_output(out)                      # an earlier tune's output, in French: the next run replaces it
    en_out = tmp_path / "en.yaml"
    en = run("tune", "short-game", "--vary", "setup.starting_coins.1=2..3", "--budget", "8", "--seed", "1",
             "-o", str(en_out))
    assert en.exit_code == 0, en.output
    assert "greedy against greedy" in en.output.splitlines()[0]
    english = yaml.safe_load(en_out.read_text())
    assert english["title"] == "Province — Short Game — tuned"
    assert english["description"].startswith("Tuned by simulation: ")
    assert en_out.read_text().startswith("# Chosen by rulekit tune (sequential halving over 2 candidates, ")
    assert "# In the search the first seat wins " in en_out.read_text() and _previous_output(en_out)
    (tmp_path / "mine.yaml").write_text("# my own notes\nextends: short-game\n")
    assert not _previous_output(tmp_path / "mine.yaml")


def test_the_help_never_breaks_a_file_name_at_its_hyphen():
    """French review 4: click's wrapping cut « IDENTIFIANT- / tuned-2.yaml » at its hyphen; the help keeps every
    hyphenated word whole on its line, and prints plain hyphens."""
    for lang, name in (("fr", "IDENTIFIANT-tuned-2.yaml"), ("en", "ID-tuned-2.yaml")):
        for width in (60, 72, 80, 100):
            r = CliRunner().invoke(cli, ["tune", "--help", "--lang", lang], terminal_width=width)
            assert r.exit_code == 0, r.output
            assert any(name in line for line in r.output.splitlines()), (lang, width, r.output)
            assert "\u2011" not in r.output
            assert not [line for line in r.output.splitlines() if line.rstrip().endswith("-") and
                        not line.rstrip().endswith(" -")], r.output
