"""rulekit.simulate: seeded runs, statistics, confidence intervals, comparison."""
import json
import math
from pathlib import Path

import jsonschema
import pytest

from rulekit.balance import simulate as sim

SCHEMA = json.loads((Path(__file__).parent.parent / "docs" / "schemas" / "simulate.schema.json").read_text())


# --- confidence intervals against published values ---------------------------
# Newcombe RG (1998), "Two-sided confidence intervals for the single proportion:
# comparison of seven methods", Statistics in Medicine 17:857-872, Table I
# (method 3, score interval without continuity correction).
@pytest.mark.parametrize("k,n,lo,hi", [
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
])
def test_wilson_interval_matches_newcombe_1998(k, n, lo, hi):
    got = sim.wilson_interval(k, n)
    assert got[0] == pytest.approx(lo, abs=5e-5)
    assert got[1] == pytest.approx(hi, abs=5e-5)


# Newcombe RG (1998), "Interval estimation for the difference between
# independent proportions: comparison of eleven methods", Statistics in
# Medicine 17:873-890, Table II (method 10, hybrid score interval).
@pytest.mark.parametrize("k1,n1,k2,n2,lo,hi", [
    (56, 70, 48, 80, 0.0524, 0.3339),
    (9, 10, 3, 10, 0.1705, 0.8090),
    (5, 56, 0, 29, -0.0381, 0.1926),
    (6, 7, 2, 7, 0.0582, 0.8062),
    (0, 10, 0, 20, -0.1611, 0.2775),
    (10, 10, 0, 20, 0.6791, 1.0),
])
def test_difference_interval_matches_newcombe_1998(k1, n1, k2, n2, lo, hi):
    d, got_lo, got_hi = sim.proportion_difference(k1, n1, k2, n2)
    assert d == pytest.approx(k1 / n1 - k2 / n2)
    assert got_lo == pytest.approx(lo, abs=5e-5)
    assert got_hi == pytest.approx(hi, abs=5e-5)


def test_mean_intervals_use_the_normal_approximation():
    lo, hi = sim.mean_interval(10.0, 2.0, 100)
    assert (lo, hi) == pytest.approx((10 - 1.959964 * 0.2, 10 + 1.959964 * 0.2), abs=1e-6)
    d, lo, hi = sim.mean_difference(5.0, 3.0, 100, 4.0, 4.0, 100)
    assert d == 1.0
    assert (hi - lo) / 2 == pytest.approx(1.959964 * 0.5, abs=1e-6)   # sqrt(9/100 + 16/100) = 0.5


def test_summary_quartiles():
    s = sim.summary([1, 2, 3, 4, 5])
    assert (s["min"], s["q1"], s["median"], s["q3"], s["max"]) == (1, 2, 3, 4, 5)
    assert s["mean"] == 3 and s["sd"] == pytest.approx(1.5811388, abs=1e-6)


# --- runs ---------------------------------------------------------------------
def test_game_plan_alternates_seats_and_first_player():
    plans = [sim.game_plan(i, 10, False) for i in range(4)]
    assert [p[0] for p in plans] == [10, 11, 12, 13]
    assert [p[1] for p in plans] == [0, 1, 0, 1]
    assert [p[2] for p in plans] == [0, 0, 1, 1]
    assert [p[3:] for p in plans] == [(20, 21), (22, 23), (24, 25), (26, 27)]
    assert sim.game_plan(3, 10, True)[2] is None


def test_game_plan_with_three_bots_puts_each_bot_in_each_place_of_the_turn_order():
    """Bot j sits in seat (i + j) mod 3 and seat (i // 3) mod 3 starts: in every 3 games each bot plays
    first, second and third once (turn order p, p+1, p+2), and in 9 games every seat starts 3 times."""
    plans = [sim.game_plan(i, 0, False, 3) for i in range(9)]
    assert [len(p) for p in plans] == [6] * 9
    assert plans[4][3:] == (12, 13, 14)
    for block in range(3):
        places = set()
        for game_seed, seat_of_a, first, *_seeds in plans[3 * block:3 * block + 3]:
            for j in range(3):
                places.add((j, ((seat_of_a + j) - first) % 3))
        assert places == {(j, k) for j in range(3) for k in range(3)}
    assert sorted(p[2] for p in plans) == [0, 0, 0, 1, 1, 1, 2, 2, 2]


def test_same_seed_same_result_whatever_the_jobs():
    one = sim.report("province-en", 12, seed=5, jobs=1)
    again = sim.report("province-en", 12, seed=5, jobs=1)
    two = sim.report("province-en", 12, seed=5, jobs=2)
    assert one == again == two
    other_seed = sim.report("province-en", 12, seed=6, jobs=1)
    assert other_seed["results"] != one["results"]


def test_run_many_is_in_seed_order_with_jobs():
    a, = sim.run_many(["province-fr"], 9, seed=3, jobs=2)
    assert [g.index for g in a] == list(range(9))
    assert [g.seed for g in a] == list(range(3, 12))
    assert a == sim.run("province-fr", 9, seed=3, jobs=1)


def test_statistics_are_consistent():
    doc = sim.report("province-en", 16, seed=1)
    r = doc["results"]
    w = r["wins"]
    first_player, second_player = (seat["wins"] for seat in r["seats"])
    bot_a, bot_b = (bot["wins"] for bot in r["bots"])
    assert first_player["count"] + second_player["count"] + w["draws"]["count"] == 16
    assert bot_a["count"] + bot_b["count"] + w["draws"]["count"] == 16
    assert sum(v["count"] for v in r["end_reasons"].values()) == 16
    assert sum(v["count"] for v in r["decided_by"].values()) == 16
    for s in r["structures"].values():
        first_by_first_player, first_by_second_player = s["first_by_seat"]
        assert first_by_first_player["count"] + first_by_second_player["count"] == s["built"]["count"]
    drawn = sum(g["drawn"]["count"] for g in r["goals"].values())
    assert drawn == 16 * 5           # province-en draws 5 goals a game
    for g in r["goals"].values():
        assert g["claimed"]["count"] + g["removed"]["count"] <= g["drawn"]["count"]
    vp = r["vp"]
    assert vp["per_player"]["mean"] == pytest.approx(sum(v["mean"] for v in vp["by_source"].values()))
    assert r["length"]["turns"]["min"] <= r["length"]["turns"]["median"] <= r["length"]["turns"]["max"]


def test_json_matches_the_documented_schema():
    doc = sim.report("province-en", 6, seed=2, other="province-fr")
    jsonschema.validate(json.loads(json.dumps(doc)), SCHEMA)
    assert doc["compare"]["ruleset"]["id"] == "province-fr"
    # Figures of one ruleset only are marked (the French edition has other goals).
    only = {d["only_in"] for d in doc["compare"]["differences"]}
    assert {"this", "other"} <= only


def test_compare_with_itself_finds_no_significant_difference():
    doc = sim.report("province-en", 20, seed=0, other="province-en")
    diffs = doc["compare"]["differences"]
    assert diffs
    assert not any(d["significant"] for d in diffs)
    assert all(d["difference"] == 0 for d in diffs)
    assert all(d["ci95"][0] <= 0 <= d["ci95"][1] for d in diffs)


def test_compare_flags_a_real_difference():
    doc = sim.report("province-en", 60, seed=0, other="province-en", bots=("greedy", "random"))
    doc2 = sim.report("province-en", 60, seed=0, bots=("random", "greedy"))
    diffs = {d["metric"]: d for d in sim.compare(doc["results"], doc2["results"])}
    assert diffs["bots/0/wins"]["significant"] and diffs["bots/0/wins"]["difference"] > 0.5


def test_unknown_bot_is_refused():
    with pytest.raises(ValueError):
        sim.run("province-en", 2, bots=("greedy", "nobody"))


# --- the turn cap ----------------------------------------------------------------
def test_play_game_stops_at_the_turn_cap():
    from rulekit.bots import GreedyBot, play_game
    from rulekit.language import load_ruleset

    rs = load_ruleset("province-en")
    st = play_game(rs, [GreedyBot(1), GreedyBot(2)], seed=3, first_player=0, max_turns=4)
    assert not st.is_terminal()
    assert st.turn == 4
    full = play_game(rs, [GreedyBot(1), GreedyBot(2)], seed=3, first_player=0)
    assert full.is_terminal() and full.turn > 4
    # The capped game is the start of the full one.
    assert full.history[:len(st.history)] == st.history


def test_games_stopped_at_the_turn_cap_are_unfinished_never_won():
    rs_games = sim.run("province-en", 6, seed=2, max_turns=5)
    assert all(not g.finished and g.winner is None and g.decided_by is None for g in rs_games)
    doc = sim.report("province-en", 6, seed=2, max_turns=5)
    jsonschema.validate(doc, SCHEMA)
    wins = doc["results"]["wins"]
    assert wins["unfinished"]["count"] == 6
    bot_a, bot_b = (bot["wins"] for bot in doc["results"]["bots"])
    first_player, second_player = (seat["wins"] for seat in doc["results"]["seats"])
    assert wins["draws"]["count"] == bot_a["count"] == bot_b["count"] == 0
    assert first_player["count"] == second_player["count"] == 0
    assert doc["results"]["end_reasons"]["unfinished"]["count"] == 6
    assert sum(v["count"] for v in doc["results"]["decided_by"].values()) == 0
    assert doc["results"]["length"]["turns"]["n"] == 0
    assert doc["settings"]["max_turns"] == 5


def test_a_generous_cap_changes_nothing():
    capped = sim.run("province-en", 4, seed=7, max_turns=200)
    free = sim.run("province-en", 4, seed=7, max_turns=None)
    assert capped == free
    assert all(g.finished for g in capped)
    doc = sim.report("province-en", 4, seed=7)
    assert doc["results"]["wins"]["unfinished"]["count"] == 0
    assert doc["results"]["end_reasons"]["unfinished"]["count"] == 0


def _summary(first, winner, finished=True, players=2):
    order = tuple((first + k) % players for k in range(players))
    return sim.GameSummary(index=0, seed=0, first=first, order=order, seat_of_a=0, winner=winner, decided_by="vp",
                           turns=1, actions=1, scores=(0,) * players, sources=((),) * players, first_builder=(),
                           built=(), goals=(), end_reason=None, finished=finished)


def test_first_seat_counts_decided_games_and_flags_a_seat_that_decides():
    games = [_summary(0, 0)] * 60 + [_summary(1, 1)] * 40 + [_summary(0, None)] * 7
    sb = sim.seat_balance(games)
    fs = sb["seats"][0]
    assert sb["furthest"] == 0 and sb["players"] == 2 and sb["fair_share"] == 0.5
    assert (fs["wins"], sb["decided"], sb["games"]) == (100, 100, 107)
    assert sb["seat_decides"] and not sb["fair"] and fs["advantage"] == 0.5
    assert sb["seats"][1]["wins"] == 0 and sb["distance"] == 0.5
    # An even split is fair once its interval lies inside the band (45% to 55%): 500 of 1,000, not 50 of 100.
    even = [_summary(0, 0), _summary(0, 1)] * 500
    sb = sim.seat_balance(even)
    fs = sb["seats"][0]
    assert sb["fair"] and not sb["seat_decides"] and fs["rate"] == 0.5
    assert fs["ci95"] == list(sim.wilson_interval(500, 1000))
    # The second seat winning nine games in ten decides too; with two players the first seat is named.
    second = [_summary(0, 1)] * 60 + [_summary(1, 0)] * 40
    sb = sim.seat_balance(second)
    assert sb["seat_decides"] and sb["furthest"] == 0 and sb["seats"][0]["advantage"] == -0.5
    assert sb["seats"][1]["wins"] == 100


def test_seat_balance_with_three_seats_names_the_seat_furthest_from_a_third():
    """Seats are places in the turn order: a game won by the seat after the first player's is a
    second-seat win, whoever that seat is; draws and unfinished games are left out of the shares."""
    games = ([_summary(f, f, players=3) for f in (0, 1, 2)] * 10            # 30 first-seat wins
             + [_summary(f, (f + 1) % 3, players=3) for f in (0, 1, 2)] * 10  # 30 second-seat wins
             + [_summary(2, 1, players=3)] * 30                               # 30 third-seat wins
             + [_summary(0, 2, players=3)] * 30                               # 30 third-seat wins
             + [_summary(0, None, players=3)] * 4 + [_summary(1, None, False, players=3)] * 2)
    sb = sim.seat_balance(games)
    assert sb["players"] == 3 and sb["fair_share"] == 1 / 3 and sb["games"] == 126 and sb["decided"] == 120
    assert [s["wins"] for s in sb["seats"]] == [30, 30, 60]
    assert sb["furthest"] == 2 and sb["distance"] == pytest.approx(0.5 - 1 / 3)
    assert [s["seat"] for s in sb["seats"]] == [0, 1, 2]
    assert sb["seats"][2]["advantage"] == pytest.approx(1 / 6)
    assert not sb["fair"] and not sb["seat_decides"]
    assert sb["seats"][0]["ci95"] == list(sim.wilson_interval(30, 120))
    even = [_summary(f, (f + k) % 3, players=3) for f in (0, 1, 2) for k in (0, 1, 2)] * 100
    sb = sim.seat_balance(even)
    assert sb["fair"] and sb["distance"] == 0 and sb["furthest"] == 0


def test_a_ctrl_c_while_the_workers_start_is_an_interrupted_run(monkeypatch):
    """The pool starts its processes before the first game: a Ctrl-C then is reported as a run with
    no game finished (the CLI's "Interrupted: 0 of N games finished"), not as a bare KeyboardInterrupt."""
    def starting(*_a, **_k):
        raise KeyboardInterrupt

    monkeypatch.setattr(sim, "open_backend", starting)
    with pytest.raises(sim.SimulationInterrupted) as caught:
        sim.report("province-en", 40, jobs=2)
    assert caught.value.finished == 0 and caught.value.total == 40 and caught.value.doc is None


def test_a_ctrl_c_while_describing_the_games_reports_them(monkeypatch):
    """Games played, then a Ctrl-C while their figures are computed: the report still covers them."""
    real = sim.statistics
    calls = {"n": 0}

    def slow(*a, **k):
        calls["n"] += 1
        if calls["n"] == 1:
            raise KeyboardInterrupt
        return real(*a, **k)

    monkeypatch.setattr(sim, "statistics", slow)
    with pytest.raises(sim.SimulationInterrupted) as caught:
        sim.report("province-en", 6, seed=3)
    assert caught.value.finished == 6 and caught.value.doc["settings"]["games"] == 6
    assert caught.value.doc["results"]["games"] == 6


# --- three players ----------------------------------------------------------------
def test_three_seats_add_up_to_the_games():
    """Three bots, three players: every seat has its wins and share, and with the draws and the
    unfinished games the seats' wins add up to the games, as the bots' do."""
    doc = sim.report("province-3p", 18, seed=3, bots=("greedy", "careless", "greedy"))
    jsonschema.validate(json.loads(json.dumps(doc)), SCHEMA)
    r = doc["results"]
    assert r["players"] == 3 and doc["settings"]["bots"] == ["greedy", "careless", "greedy"]
    assert [s["seat"] for s in r["seats"]] == [0, 1, 2] and len(r["bots"]) == 3
    w = r["wins"]
    seat_wins = [s["wins"]["count"] for s in r["seats"]]
    assert sum(seat_wins) + w["draws"]["count"] + w["unfinished"]["count"] == 18
    assert sum(b["wins"]["count"] for b in r["bots"]) == sum(seat_wins)
    decided = sum(seat_wins)
    assert all(s["share"]["n"] == decided and s["share"]["count"] == s["wins"]["count"] for s in r["seats"])
    if decided:
        assert math.fsum(s["share"]["rate"] for s in r["seats"]) == pytest.approx(1)
    sb = doc["seat_balance"]
    assert sb["players"] == 3 and sb["fair_share"] == 1 / 3 and sb["decided"] == decided
    assert [s["wins"] for s in sb["seats"]] == seat_wins
    assert sb["distance"] == max(abs(s["rate"] - 1 / 3) for s in sb["seats"])
    for s in r["structures"].values():
        assert len(s["first_by_seat"]) == 3
        assert sum(p["count"] for p in s["first_by_seat"]) == s["built"]["count"]
    for g in r["goals"].values():
        assert sum(p["count"] for p in g["claimed_by_seat"]) == g["claimed"]["count"]
    assert sum(v["count"] for v in r["decided_by"].values()) == 18 - w["unfinished"]["count"]
    # Each bot played each place in the turn order as often (every 3 games: 18 games, 6 each).
    games = sim.run("province-3p", 18, bots=("greedy", "careless", "greedy"), seed=3)
    for j in range(3):
        places = [g.place(g.seat_of_bot(j)) for g in games]
        assert [places.count(k) for k in range(3)] == [6, 6, 6]
    assert all(g.players == 3 and len(g.scores) == 3 for g in games)


def test_the_number_of_bots_must_be_a_number_of_players():
    from rulekit.errors import BotSpecError, PlayerCountError

    with pytest.raises(PlayerCountError, match="province-3p is played by 3 players, not 2: give one bot per player"):
        sim.report("province-3p", 2, bots=("greedy", "greedy"))
    with pytest.raises(PlayerCountError, match="province-en is played by 2 players, not 3"):
        sim.run("province-en", 2, bots=("greedy",) * 3)
    with pytest.raises(BotSpecError, match="every --bots must give as many bots"):
        sim.report("province-en", 2, bots=("greedy", "greedy"), strengths=[("greedy",) * 3])
    # With no bots given, a greedy bot sits in every seat of the smallest game.
    assert sim.report("province-3p", 1)["settings"]["bots"] == ["greedy"] * 3


def test_a_ruleset_for_two_or_three_plays_as_many_as_there_are_bots(tmp_path):
    """With a range of players, the number of bots chooses: two bots play the two-player game (the
    first two starting amounts), three the three-player one; four are refused, naming the range."""
    from rulekit.errors import PlayerCountError
    from scenario import variant

    ranged = variant(tmp_path, {"components": {"players": {"min": 2, "max": 3}}}, base="province-3p",
                     name="two-or-three")
    two = sim.report(ranged, 4, seed=1)
    assert two["settings"]["bots"] == ["greedy", "greedy"] and two["results"]["players"] == 2
    three = sim.report(ranged, 3, seed=1, bots=("greedy",) * 3)
    assert three["results"]["players"] == 3 and len(three["seat_balance"]["seats"]) == 3
    with pytest.raises(PlayerCountError, match="two-or-three is played by 2 to 3 players, not 4: give one bot"):
        sim.report(ranged, 2, bots=("greedy",) * 4)
