"""rulekit tune: the search space, sequential halving, the house rule it writes, and backends that agree."""
import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from rulekit.balance import simulate as sim
from rulekit.balance import tune as tuning
from rulekit.balance.backend import open_backend
from rulekit.errors import TuneError
from rulekit.language import load_ruleset

SCHEMA = json.loads((Path(__file__).parent.parent / "docs" / "schemas" / "tune.schema.json").read_text())
EN = load_ruleset("province-en")


def test_vary_reads_a_path_of_the_resolved_ruleset():
    v = tuning.parse_vary("structures.bank.cost.coin=2..6", EN.data)
    assert v.path == ("structures", "bank", "cost", "coin") and list(v.values) == [2, 3, 4, 5, 6]
    assert v.base == EN.data["structures"]["bank"]["cost"]["coin"]
    assert tuning.parse_vary("/setup/starting_coins/1=0..4", EN.data).path == ("setup", "starting_coins", 1)


@pytest.mark.parametrize("text, words", [
    ("structures.bank.cost.coin", ["PATH=LO..HI"]),
    ("structures.bank.cost.gold=1..2", ["no field 'gold'", "labor", "coin"]),
    ("structures.castle.cost.coin=1..2", ["no field 'castle'", "lender", "harbor"]),
    ("setup.starting_coins.5=1..2", ["positions are 0 to 1"]),
    ("structures.bank.name=1..2", ["not a whole number"]),
    ("structures.bank.cost.coin=5..2", ["empty"]),
])
def test_a_bad_vary_says_what_is_wrong(text, words):
    with pytest.raises(TuneError) as info:
        tuning.parse_vary(text, EN.data)
    for w in words:
        assert w in str(info.value)


def test_targets():
    assert tuning.parse_target("fair") == ("fair", 0.5)
    assert tuning.parse_target("fair", 4) == ("fair", 0.25)
    assert tuning.parse_target("first:0.4", 3) == ("first", 0.4)
    assert tuning.parse_target("first:55%") == ("first", 0.55)
    assert tuning.parse_target("first:0.4") == ("first", 0.4)
    with pytest.raises(TuneError, match="fair"):
        tuning.parse_target("short")


def test_sequential_halving_plan_halves_and_spends_at_most_the_budget():
    plan = tuning.plan_rounds(9, 600)
    assert [n for n, _g in plan] == [9, 5, 3, 2]
    assert sum(n * g for n, g in plan) <= 600
    assert all(g % 2 == 0 and g >= 2 for _n, g in plan)
    assert tuning.fit_candidates(32, 40) < 32


def test_a_sampled_grid_is_seeded_and_keeps_the_base_values():
    vs = [tuning.parse_vary(f"structures.{s}.cost.coin=0..6", EN.data) for s in ("bank", "camp", "mill")]
    a = tuning.candidate_grid(vs, 3, 20)
    assert a == tuning.candidate_grid(vs, 3, 20) and len(a) == 20
    assert tuple(v.base for v in vs) in a


UNFAIR = {"extends": "province-en", "id": "poor-second", "setup": {"starting_coins": [2, 0]}}


@pytest.fixture
def poor_second(tmp_path):
    p = tmp_path / "poor-second.yaml"
    p.write_text(yaml.safe_dump(UNFAIR))
    return p


def small_tune(path, **kw):
    return tuning.tune(str(path), ["setup.starting_coins.1=0..5"], budget=48, seed=2, **kw)


def test_tune_is_the_same_whatever_the_jobs(poor_second):
    one = small_tune(poor_second)
    two = small_tune(poor_second, jobs=2)
    assert one == two
    jsonschema.validate(json.loads(json.dumps({**one, "output": None, "elapsed_seconds": 1.0})), SCHEMA)
    assert one["best"]["values"]["setup.starting_coins.1"] in range(6)
    assert one["games_played"] <= 48
    # Every candidate played the same games: its first-round figures are those of simulate on the variant.
    c0 = one["candidates"][0]
    data = tuning.apply_values(load_ruleset(str(poor_second)).data, [tuning.parse_vary(
        "setup.starting_coins.1=0..5", load_ruleset(str(poor_second)).data)], (0,))
    from rulekit.language import Ruleset
    games = sim.run(Ruleset(id="x", data=data), c0["games"], seed=2)
    assert sim.seat_balance(games) == c0["seat_balance"]


def test_tune_on_an_in_process_dask_cluster_gives_the_identical_answer(poor_second):
    from dask.distributed import Client

    local = small_tune(poor_second)
    with Client(processes=False, n_workers=2, threads_per_worker=1, dashboard_address="127.0.0.1:0") as client:
        assert small_tune(poor_second, cluster=client) == local
        with open_backend(cluster=client) as be:
            assert sim.report("province-fr", 6, seed=4, backend=be) == sim.report("province-fr", 6, seed=4)


def test_interrupting_keeps_the_best_of_the_last_finished_round(poor_second):
    calls = {"n": 0}

    def progress(p):
        calls["n"] += 1
        if p.round == 2:
            raise KeyboardInterrupt

    r = small_tune(poor_second, progress=progress)
    assert r["interrupted"] and r["best"] is not None
    assert len(r["rounds"]) == 1


def test_the_written_house_rule_extends_the_input_and_validates(poor_second, tmp_path):
    r = small_tune(poor_second)
    r["best"]["values"]["setup.starting_coins.1"] = 4
    text = tuning.house_rule(r, "poor-second.yaml", load_ruleset(str(poor_second)).data, "poor-second-tuned",
                             "Tuned", "rulekit tune …")
    out = tmp_path / "tuned.yaml"
    out.write_text(text)
    rs = load_ruleset(str(out))
    assert rs.data["setup"]["starting_coins"] == [2, 4]
    assert yaml.safe_load(text)["extends"] == "poor-second.yaml"
    assert "starting_coins.1: 0 -> 4" in text


def test_interrupting_while_the_workers_start_stops_with_no_best(poor_second, monkeypatch):
    """A Ctrl-C while the processes start (before any game) ends the search cleanly, with nothing to show."""
    def starting(*_a, **_k):
        raise KeyboardInterrupt

    monkeypatch.setattr(tuning, "open_backend", starting)
    r = small_tune(poor_second, jobs=2)
    assert r["interrupted"] and r["best"] is None and r["rounds"] == [] and r["games_played"] == 0


def _balance(wins):
    """A seat_balance with these wins per seat (every game decided)."""
    games = []
    players = len(wins)
    for seat, w in enumerate(wins):
        games += [sim.GameSummary(index=0, seed=0, first=0, order=tuple(range(players)), seat_of_a=0, winner=seat,
                                  decided_by="vp", turns=1, actions=1, scores=(0,) * players,
                                  sources=((),) * players, first_builder=(), built=(), goals=(), end_reason=None)] * w
    return sim.seat_balance(games, players)


def test_the_objective_with_three_seats_is_the_largest_gap_to_a_third():
    fair = tuning.target_shares(*tuning.parse_target("fair", 3), 3)
    assert fair == (1 / 3,) * 3
    assert tuning.objective(_balance([40, 30, 30]), fair) == pytest.approx(0.4 - 1 / 3)
    assert tuning.objective(_balance([30, 30, 40]), fair) == pytest.approx(0.4 - 1 / 3)
    assert tuning.objective(_balance([50, 40, 10]), fair) == pytest.approx(1 / 3 - 0.1)
    assert tuning.objective(_balance([20, 20, 20]), fair) == 0
    assert tuning.objective(_balance([0, 0, 0]), fair) == 1.0           # no decided game: the worst
    # first:P gives the first seat P and the others the rest equally.
    shares = tuning.target_shares(*tuning.parse_target("first:40%", 3), 3)
    assert shares == pytest.approx((0.4, 0.3, 0.3))
    assert tuning.objective(_balance([40, 30, 30]), shares) == pytest.approx(0)
    assert tuning.objective(_balance([30, 40, 30]), shares) == pytest.approx(0.1)


def test_the_objective_with_two_seats_is_the_first_seats_gap_as_before():
    fair = tuning.target_shares(*tuning.parse_target("fair"), 2)
    assert fair == (0.5, 0.5)
    for wins in ([37, 63], [1, 2], [70, 30], [5, 5], [2, 7]):
        rate = wins[0] / sum(wins)
        assert tuning.objective(_balance(wins), fair) == abs(rate - 0.5)
        shares = tuning.target_shares("first", 0.55, 2)
        assert tuning.objective(_balance(wins), shares) == abs(rate - 0.55)


def test_tune_refuses_a_number_of_bots_the_ruleset_does_not_allow(poor_second):
    from rulekit.errors import PlayerCountError

    with pytest.raises(PlayerCountError, match="played by 2 players"):
        small_tune(poor_second, bots=("greedy", "greedy", "greedy"))


def test_tune_with_three_players_targets_a_third_for_every_seat():
    """Three bots tune a three-player ruleset: each candidate's distance is its largest gap to 1/3."""
    r = tuning.tune("province-3p", ["setup.starting_coins.2=0..2"], budget=18, seed=1,
                    bots=("greedy", "greedy", "greedy"))
    jsonschema.validate(json.loads(json.dumps({**r, "output": None, "elapsed_seconds": 1.0})), SCHEMA)
    assert r["settings"]["target"]["shares"] == [1 / 3] * 3 and r["settings"]["bots"] == ["greedy"] * 3
    for c in r["candidates"]:
        sb = c["seat_balance"]
        assert sb["players"] == 3 and len(sb["seats"]) == 3
        if sb["decided"]:
            assert c["distance"] == max(abs(s["rate"] - 1 / 3) for s in sb["seats"])
    # The answer is the finalist nearest to a third for every seat (finalists: the most games played).
    most = max(c["games"] for c in r["candidates"])
    finalists = [c for c in r["candidates"] if c["games"] == most]
    best = min(finalists, key=lambda c: 1.0 if c["distance"] is None else c["distance"])
    assert r["best"]["values"] == best["values"] and r["best"]["eliminated_in"] is None
