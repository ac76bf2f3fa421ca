"""rulekit tune over several strengths (``--bots A,B --bots C,D``): fair at each, or at the strongest."""
import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from click.testing import CliRunner

from rulekit.balance import simulate as sim
from rulekit.balance import tune as tuning
from rulekit.cli import cli
from rulekit.errors import TuneError
from rulekit.language import Ruleset, load_ruleset

SCHEMA = json.loads((Path(__file__).parent.parent / "docs" / "schemas" / "tune.schema.json").read_text())

UNFAIR = {"extends": "province-en", "id": "poor-second", "setup": {"starting_coins": [2, 0]}}
VARY = "setup.starting_coins.1=0..3"
WEAK, STRONG = ("random", "random"), ("greedy", "greedy")


@pytest.fixture
def poor_second(tmp_path):
    p = tmp_path / "poor-second.yaml"
    p.write_text(yaml.safe_dump(UNFAIR))
    return p


def two_strengths(path, target="fair", **kw):
    return tuning.tune(str(path), [VARY], target=target, bots=WEAK, strengths=[STRONG], budget=64, seed=3,
                       **kw)


def variant_games(path, values, bots, start, stop, seed=3):
    """The games of a candidate played by simulate's plan (game i uses seed S+i), from ``start``."""
    rs = load_ruleset(str(path))
    data = tuning.apply_values(rs.data, [tuning.parse_vary(VARY, rs.data)], values)
    return sim.play_chunk(((None, Ruleset(id="x", data=data)), tuple(bots), seed, start, stop, 200))


def test_the_target_names():
    assert tuning.target_over("fair") == "each" and tuning.target_over("first:0.5") == "each"
    assert tuning.target_over("strongest") == "strongest"
    assert tuning.parse_target("strongest") == ("fair", 0.5)
    with pytest.raises(TuneError) as info:
        tuning.parse_target("strongest:2")
    assert "strongest" in str(info.value)


def test_fair_at_each_strength_scores_a_candidate_by_its_worst_strength(poor_second):
    r = two_strengths(poor_second)
    s = r["settings"]
    assert s["strengths"] == [list(WEAK), list(STRONG)] and s["target"]["over"] == "each" and s["counted"] == [0, 1]
    # The budget is the whole search's, shared between the two strengths that count.
    assert r["games_played"] <= 64
    for c in r["candidates"]:
        games = [f["games"] for f in c["strengths"]]
        assert games[0] == games[1] == c["games"] > 0
        distances = [f["distance"] for f in c["strengths"]]
        assert c["distance"] == max(distances)
        assert c["worst_strength"] == distances.index(max(distances))
        assert c["seat_balance"] == c["strengths"][c["worst_strength"]]["seat_balance"]
    # The winner has the smallest worst distance of the last round's candidates.
    last = [c for c in r["candidates"] if c["games"] == r["best"]["games"]]
    assert r["best"]["distance"] == min(c["distance"] for c in last)


def test_each_strengths_figures_are_simulates_games(poor_second):
    r = two_strengths(poor_second)
    best = r["best"]
    values = tuple(best["values"].values())
    for k, bots in enumerate((WEAK, STRONG)):
        games = variant_games(poor_second, values, bots, 0, best["strengths"][k]["games"])
        assert sim.seat_balance(games, 2) == best["strengths"][k]["seat_balance"]


def test_the_winner_is_played_again_at_every_strength_on_fresh_seeds(poor_second):
    r = two_strengths(poor_second)
    fresh = r["fresh"]
    assert [f["bots"] for f in fresh["strengths"]] == [list(WEAK), list(STRONG)]
    first = fresh["first_game"]
    assert first == r["rounds"][-1]["games_each"]           # after every game of the search
    values = tuple(r["best"]["values"].values())
    for k, bots in enumerate((WEAK, STRONG)):
        f = fresh["strengths"][k]
        assert f["counted"] is True and f["games"] == fresh["games"]
        games = variant_games(poor_second, values, bots, first, first + f["games"])
        assert sim.seat_balance(games, 2) == f["seat_balance"]
        assert f["verdict"] == sim.fairness(f["seat_balance"])["verdict"]
    assert fresh["verdict"] == tuning.combined_verdict(f["verdict"] for f in fresh["strengths"])
    assert fresh["seat_balance"] == fresh["strengths"][fresh["worst_strength"]]["seat_balance"]


def test_fair_at_the_strongest_plays_only_the_strongest_in_the_search(poor_second):
    r = two_strengths(poor_second, target="strongest")
    assert r["settings"]["target"]["over"] == "strongest" and r["settings"]["counted"] == [1]
    for c in r["candidates"]:
        assert c["strengths"][0]["games"] == 0 and c["strengths"][0]["counted"] is False
        assert c["strengths"][1]["games"] == c["games"] > 0
        assert c["distance"] == c["strengths"][1]["distance"]
    # The strongest alone decides: the same answer as a one-strength search between the strongest bots
    # with the same budget.
    alone = tuning.tune(str(poor_second), [VARY], bots=STRONG, budget=64, seed=3)
    assert r["best"]["values"] == alone["best"]["values"]
    assert r["best"]["seat_balance"] == alone["best"]["seat_balance"]
    # The fresh games are played at both strengths; only the strongest counts for the verdict.
    fresh = r["fresh"]
    assert [f["counted"] for f in fresh["strengths"]] == [False, True]
    assert fresh["strengths"][0]["games"] == fresh["strengths"][1]["games"] == alone["fresh"]["games"]
    assert fresh["strengths"][1]["seat_balance"] == alone["fresh"]["seat_balance"]
    assert fresh["verdict"] == fresh["strengths"][1]["verdict"]


def test_one_strength_keeps_the_one_strength_result(poor_second):
    r = tuning.tune(str(poor_second), [VARY], bots=STRONG, budget=24, seed=3)
    assert "strengths" not in r["settings"] and "strengths" not in r["best"] and "strengths" not in r["fresh"]


def test_strengths_of_different_sizes_are_refused(poor_second):
    with pytest.raises(TuneError) as info:
        tuning.tune(str(poor_second), [VARY], bots=STRONG, strengths=[("greedy",) * 3], budget=24)
    assert "as many bots" in str(info.value)


def test_the_combined_verdict():
    assert tuning.combined_verdict(["fair", "fair"]) == "fair"
    assert tuning.combined_verdict(["fair", "undecided"]) == "undecided"
    assert tuning.combined_verdict(["undecided", "unfair"]) == "unfair"
    assert tuning.combined_verdict(["fair", None]) is None


def test_the_cli_takes_several_bots_and_reports_each_strength(poor_second, tmp_path):
    out = tmp_path / "tuned.yaml"
    args = ["tune", str(poor_second), "--vary", VARY, "--bots", "random,random", "--bots", "greedy,greedy",
            "--budget", "32", "--seed", "1", "-o", str(out)]
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 0, r.output
    assert "Over 2 strengths (random and greedy): the target holds at each" in r.output
    lines = r.output.splitlines()
    rows = [line.split() for line in lines if line.startswith(("random ", "greedy ")) and "%" in line
            and "Verdict" not in line]
    assert [row[:2] for row in rows] == [["random", "yes"], ["greedy", "yes"]]
    assert sum(line.startswith(("random — Verdict", "greedy — Verdict")) for line in lines) == 2
    assert "at each strength, seeds the search never used" in r.output
    text = out.read_text()
    assert "--bots random,random --bots greedy,greedy" in text
    assert "# at random, on " in text and "# at greedy, on " in text
    load_ruleset(str(out))
    js = CliRunner().invoke(cli, args[:-2] + ["-o", str(tmp_path / "t2.yaml"), "--json"])
    assert js.exit_code == 0, js.output
    doc = json.loads(js.output)
    assert doc["settings"]["strengths"] == [["random", "random"], ["greedy", "greedy"]]
    assert [f["strength"] for f in doc["fresh"]["strengths"]] == ["random", "greedy"]
    jsonschema.validate(doc, SCHEMA)                       # the published schema knows the strengths' fields


def test_the_cli_target_strongest(poor_second, tmp_path):
    r = CliRunner().invoke(cli, ["tune", str(poor_second), "--vary", VARY, "--bots", "random,random", "--bots",
                                 "greedy,greedy", "--target", "strongest", "--budget", "16", "--json",
                                 "-o", str(tmp_path / "t.yaml")])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output)
    assert doc["settings"]["counted"] == [1] and doc["settings"]["target"]["over"] == "strongest"
    assert [f["counted"] for f in doc["best"]["strengths"]] == [False, True]
    jsonschema.validate(doc, SCHEMA)


def test_the_french_report_names_the_strengths(poor_second, tmp_path):
    r = CliRunner().invoke(cli, ["--lang", "fr", "tune", str(poor_second), "--vary", VARY, "--bots", "random,random",
                                 "--bots", "greedy,greedy", "--budget", "16", "-o", str(tmp_path / "t.yaml")])
    assert r.exit_code == 0, r.output
    # the strengths named in the report's words, as its header and simulate name the bots (review 4 item 67)
    assert "Sur 2 forces de jeu (hasard et glouton)" in r.output and "force de jeu" in r.output
    assert "random" not in r.output and "greedy" not in r.output.split("rulekit tune")[0]
