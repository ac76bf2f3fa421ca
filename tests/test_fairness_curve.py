"""The verdicts a house-rule author can trust (an equivalence test against the fairness band), the
strength curve (text plot, SVG, JSON), and tune's re-measure of its winner on fresh seeds."""
import json
import xml.etree.ElementTree as ET

import pytest
import yaml
from click.testing import CliRunner

from rulekit.balance import simulate as sim
from rulekit.balance import tune as tuning
from rulekit.cli import cli
from rulekit.cli.simulate_cmds import PLOT_CELLS, text_plot, verdict_line
from rulekit.i18n import language
from rulekit.language import Ruleset, load_ruleset

SVG = "{http://www.w3.org/2000/svg}"


def run(*args):
    return CliRunner().invoke(cli, list(args))


def _game(first, winner, players=2):
    order = tuple((first + k) % players for k in range(players))
    return sim.GameSummary(index=0, seed=0, first=first, order=order, seat_of_a=0, winner=winner, decided_by="vp",
                           turns=1, actions=1, scores=(0,) * players, sources=((),) * players, first_builder=(),
                           built=(), goals=(), end_reason=None)


def _balance(first_wins, second_wins):
    """Two players: the first seat wins ``first_wins`` decided games, the second ``second_wins``."""
    return sim.seat_balance([_game(0, 0)] * first_wins + [_game(0, 1)] * second_wins)


# ---------------------------------------------------------------------------
# The verdict


def test_27_to_57_percent_over_39_games_is_not_called_fair():
    """16 first-seat wins of 39: the interval (27.1% to 56.6%) includes 50%, which used to be called
    fair; it straddles the band's edge (45%), so there are not enough games to tell."""
    sb = _balance(16, 23)
    lo, hi = sb["seats"][0]["ci95"]
    assert (round(lo, 3), round(hi, 3)) == (0.271, 0.566)
    assert lo <= 0.5 <= hi                       # what the old verdict looked at
    assert sb["verdict"] == "undecided" and sb["fair"] is False
    assert sb["band"] == [0.45, 0.55]
    needed = sb["games_needed"]
    assert isinstance(needed, int) and needed > 39
    # At the observed share, that many games give an interval wholly outside the band; one fewer does not.
    share = 16 / 39
    assert sim.wilson_interval(share * needed, needed)[1] < 0.45
    assert sim.wilson_interval(share * (needed - 1), needed - 1)[1] >= 0.45
    line = verdict_line(sb, ("mcts:100", "mcts:100"))
    assert line.startswith("Verdict: not enough games to tell (the interval reaches beyond the fairness band, "
                           "45.0% to 55.0%, but does not lie wholly outside it).")
    assert f"About {needed:,} games in all would settle it, as unfair with the second seat ahead" in line


def test_fair_only_inside_the_band_and_unfair_only_wholly_outside():
    inside = _balance(520, 480)                   # 52.0%: 48.9% to 55.1%: not inside yet
    assert inside["verdict"] == "undecided"
    assert _balance(1040, 960)["verdict"] == "fair"        # 52.0% of 2,000: 49.8% to 54.2%
    assert _balance(1040, 960)["fair"] is True
    unfair = _balance(70, 30)                     # 70.0%: 60.4% to 78.1%, wholly above 55%
    assert unfair["verdict"] == "unfair" and unfair["games_needed"] is None and not unfair["fair"]
    assert verdict_line(unfair, ("mcts:2", "mcts:2")).startswith("Verdict: unfair, the first seat ahead")
    assert verdict_line(_balance(30, 70), ("mcts:2", "mcts:2")).startswith("Verdict: unfair, the second seat ahead")
    assert verdict_line(_balance(1040, 960), ("mcts:2", "mcts:2")).startswith("Verdict: fair (the whole interval "
                                                                              "lies inside the fairness band")
    # A share on the band's edge is never settled by more games.
    edge = _balance(11, 9)
    assert edge["verdict"] == "undecided" and edge["games_needed"] is None
    line = verdict_line(edge, ("mcts:2", "mcts:2"))
    assert "No number of games" not in line
    assert "55.0% and 45.0%, lie exactly on the band's edge" in line and "neither way" in line
    # Inside the band: it leans fair, and says so.
    assert ", as fair, if the shares stayed" in verdict_line(_balance(52, 48), ("mcts:2", "mcts:2"))
    # No decided game: no verdict.
    none = sim.seat_balance([_game(0, None)] * 4)
    assert none["verdict"] is None and none["fair"] is False


def test_games_to_settle_is_the_first_number_that_settles():
    band = sim.fair_band(2)
    for share in (0.5, 0.47, 0.53, 0.6, 0.3):
        n = sim.games_to_settle(share, band)
        inside = band[0] < share < band[1]

        def settled(k):
            lo, hi = sim.wilson_interval(share * k, k)
            return (band[0] <= lo and hi <= band[1]) if inside else (hi < band[0] or lo > band[1])

        assert settled(n) and not settled(n - 1)
    assert sim.games_to_settle(0.5, band) < sim.games_to_settle(0.47, band)


def test_three_seats_are_judged_against_a_third_plus_or_minus_five_points():
    games = [_game(f, (f + k) % 3, 3) for f in (0, 1, 2) for k in (0, 1, 2)]
    sb = sim.seat_balance(games * 100)                     # 300 wins each of 900
    assert [round(x, 4) for x in sb["band"]] == [0.2833, 0.3833]
    assert sb["verdict"] == "fair"
    small = sim.seat_balance(games * 3)
    assert small["verdict"] == "undecided" and small["games_needed"] > 27
    lopsided = sim.seat_balance([_game(0, 0, 3)] * 60 + [_game(0, 1, 3)] * 20 + [_game(0, 2, 3)] * 20)
    assert lopsided["verdict"] == "unfair"
    line = verdict_line(lopsided, ("mcts:2",) * 3)
    assert line.startswith("Verdict: unfair (the interval of the first player lies wholly outside the fairness band")


def test_weak_bots_alone_never_call_a_rule_fair():
    sb = _balance(1040, 960)
    line = verdict_line(sb, ("greedy", "greedy"))
    assert "fair" not in line.replace("fairness", "")
    assert "they do not look ahead: no verdict on the rules" in line
    assert verdict_line(sb, ("greedy", "mcts:2")).startswith("Verdict: fair")


# ---------------------------------------------------------------------------
# The strength curve


def _parts():
    return [{"bots": ["greedy", "greedy"], "seat_balance": _balance(1040, 960)},
            {"bots": ["mcts:100", "mcts:100"], "seat_balance": _balance(1050, 950)},
            {"bots": ["hard=wide:30", "hard=wide:30"], "seat_balance": _balance(370, 30)},
            {"bots": ["mcts:100", "greedy"], "seat_balance": _balance(16, 23)}]


def test_the_curve_names_where_the_rule_is_fair_and_where_not():
    c = sim.curve(_parts())
    assert [p["strength"] for p in c["points"]] == ["greedy", "mcts:100", "hard=wide:30", "mcts:100 / greedy"]
    assert c["fair_at"] == ["greedy", "mcts:100"] and c["unfair_at"] == ["hard=wide:30"]
    assert c["undecided_at"] == ["mcts:100 / greedy"] and c["searched"]
    assert [p["searches"] for p in c["points"]] == [False, True, True, True]
    assert c["points"][2]["shares"] == [370 / 400, 30 / 400]
    assert c["points"][2]["ci95"][0] == list(sim.wilson_interval(370, 400))
    from rulekit.cli.simulate_cmds import curve_verdict_lines

    lines = curve_verdict_lines(c)
    assert "Fair at: mcts:100." in lines and "Unfair at: hard=wide:30." in lines
    assert "Not enough games to tell at: mcts:100 / greedy." in lines
    assert any("between bots that do not look ahead (no verdict on the rules) at: greedy." in x for x in lines)
    weak = curve_verdict_lines(sim.curve(_parts()[:1]))
    assert not any(x.startswith("Fair at") for x in weak)
    assert any("none of which looks ahead" in x for x in weak)


def test_the_text_plot_fits_80_columns_and_puts_each_share_in_its_cell():
    c = sim.curve(_parts() + [{"bots": ["mcts:100000", "mcts:100000"], "seat_balance": _balance(30, 70)}])
    lines = text_plot(c)
    assert all(len(line) <= 80 for line in lines)
    rows = lines[3:-1]
    assert len(rows) == 5
    for row, point in zip(rows, c["points"]):
        plot = row[19:19 + PLOT_CELLS]
        share = point["shares"][0]
        a, b, dot = (round(x * (PLOT_CELLS - 1)) for x in (*point["ci95"][0], share))
        assert plot.index("●") == dot
        assert plot[a] in "├●" and plot[b] in "┤●"
        assert all(plot[i] in "─●" for i in range(a + 1, b))
        assert set(plot[:a] + plot[b + 1:]) <= {" ", "░"}
        assert row.endswith(f"{share:.1%}")
    assert lines[2][19:].index("┼") == 0 and "░" in lines[2]          # the axis, with the band on it
    three = sim.curve([{"bots": ["mcts:2"] * 3, "seat_balance": sim.seat_balance(
        [_game(0, 0, 3)] * 6 + [_game(0, 1, 3)] * 3 + [_game(0, 2, 3)] * 3)}])
    lines = text_plot(three)
    assert all(len(line) <= 80 for line in lines)
    assert [line.split()[0] for line in lines[4:7]] == ["1st", "2nd", "3rd"]


def _svg_figures(path):
    """What a reader of the SVG sees: the plot area, the band, every point, interval and label."""
    root = ET.parse(path).getroot()

    def by_class(cls):
        return [e for e in root.iter() if e.get("class") == cls]

    area = by_class("plot-area")[0]
    top, height = float(area.get("y")), float(area.get("height"))

    def share(y):
        return 1 - (float(y) - top) / height

    band = by_class("band")[0]
    points = [(share(e.get("cy")), float(e.get("cx"))) for e in by_class("point")]
    intervals = [(share(e.get("y1")), share(e.get("y2"))) for e in by_class("interval")]
    return {
        "band": (share(float(band.get("y")) + float(band.get("height"))), share(band.get("y"))),
        "points": points, "intervals": intervals,
        "labels": [e.text for e in by_class("strength")],
        "verdicts": [e.text for e in by_class("verdict")],
        "title": root.find(SVG + "title").text,
        "ticks": [e.text for e in by_class("tick")],
    }


def test_plot_draws_the_curve_that_the_json_carries(tmp_path):
    out = tmp_path / "curve.svg"
    args = ["simulate", "province-en", "--games", "8", "--seed", "3", "--bots", "greedy,greedy",
            "--bots", "mcts:2,mcts:2"]
    r = run(*args, "--plot", str(out))
    assert r.exit_code == 0, r.output
    assert f"The strength curve is drawn in {out}." in r.output
    assert "The first seat's share of the decided games at each strength:" in r.output
    doc = json.loads(run(*args, "--json").output)
    c = doc["curve"]
    assert [p["strength"] for p in c["points"]] == ["greedy", "mcts:2"]
    assert [p["bots"] for p in c["points"]] == [p["bots"] for p in doc["strengths"]]
    for point, part in zip(c["points"], doc["strengths"]):
        sb = part["seat_balance"]
        assert point["games"] == 8 and point["decided"] == sb["decided"] and point["verdict"] == sb["verdict"]
        assert point["shares"] == [s["rate"] for s in sb["seats"]]
    fig = _svg_figures(out)
    assert fig["band"] == pytest.approx((0.45, 0.55), abs=1e-3)
    assert fig["labels"] == ["greedy", "mcts:2"]
    words = {"fair": "fair", "unfair": "unfair", "undecided": "not enough games to tell"}
    assert fig["verdicts"] == [words[p["verdict"]] for p in c["points"]]
    assert [s for s, _x in fig["points"]] == pytest.approx([p["shares"][0] for p in c["points"]], abs=1e-3)
    assert fig["points"][0][1] < fig["points"][1][1]              # strengths left to right, in order
    assert [x for i in fig["intervals"] for x in i] == pytest.approx(
        [x for p in c["points"] for x in p["ci95"][0]], abs=1e-3)
    assert fig["ticks"] == ["0%", "25%", "50%", "75%", "100%"]
    assert fig["title"] == "province-en: the first seat's share at each strength"


def test_plot_with_three_players_draws_every_seat_in_french(tmp_path):
    out = tmp_path / "trois.svg"
    r = run("simulate", "province-3p", "--games", "6", "--bots", "greedy,greedy,greedy", "--plot", str(out),
            "--lang", "fr")
    assert r.exit_code == 0, r.output
    fig = _svg_figures(out)
    assert len(fig["points"]) == 3 and fig["labels"] == ["glouton"]
    assert fig["band"] == pytest.approx((1 / 3 - 0.05, 1 / 3 + 0.05), abs=1e-3)
    assert fig["ticks"][2] == "50\u00a0%"
    assert sum(s for s, _x in fig["points"]) == pytest.approx(1, abs=1e-3)


def test_plot_refuses_a_file_it_reads_before_any_game(tmp_path):
    rule = tmp_path / "mine.yaml"
    rule.write_text(yaml.safe_dump({"extends": "province-en", "id": "mine"}))
    before = rule.read_text()
    r = run("simulate", str(rule), "--games", "2", "--plot", str(rule))
    assert r.exit_code != 0 and "a file this command reads" in r.output
    assert rule.read_text() == before
    r = run("simulate", "province-en", "--games", "2", "--plot", str(tmp_path / "no-such-folder" / "c.svg"))
    assert r.exit_code != 0 and "does not exist" in r.output and "Who wins" not in r.output


def test_compare_says_both_verdicts_in_the_same_words():
    r = run("simulate", "province-en", "--compare", "province-fr", "--games", "6", "--bots", "mcts:2,mcts:2")
    assert r.exit_code == 0, r.output
    assert r.output.count("Verdict: ") == 2
    assert "province-fr: first seat " in r.output


# ---------------------------------------------------------------------------
# tune: the winner played again on fresh seeds


@pytest.fixture
def poor_second(tmp_path):
    p = tmp_path / "poor-second.yaml"
    p.write_text(yaml.safe_dump({"extends": "province-en", "id": "poor-second", "setup": {"starting_coins": [2, 0]}}))
    return p


def test_tune_measures_its_winner_again_on_seeds_the_search_never_used(poor_second):
    r = tuning.tune(str(poor_second), ["setup.starting_coins.1=0..3"], budget=24, seed=5)
    fresh = r["fresh"]
    most = max(c["games"] for c in r["candidates"])
    assert fresh["first_game"] == most == r["best"]["games"]
    assert fresh["games"] == tuning.fresh_games(most, 2) and fresh["games"] % 4 == 0
    # The fresh figure is simulate's on those games: game indices after the search's, the same seed.
    rs = load_ruleset(str(poor_second))
    vary = tuning.parse_vary("setup.starting_coins.1=0..3", rs.data)
    data = tuning.apply_values(rs.data, [vary], tuple(r["best"]["values"].values()))
    games = [sim.play_one(Ruleset(id="x", data=data), ("greedy", "greedy"), i, 5)
             for i in range(fresh["first_game"], fresh["first_game"] + fresh["games"])]
    assert sim.seat_balance(games) == fresh["seat_balance"]
    assert fresh["verdict"] == fresh["seat_balance"]["verdict"]
    assert {g.seed for g in games}.isdisjoint(range(5, 5 + most))
    assert tuning.tune(str(poor_second), ["setup.starting_coins.1=0..3"], budget=24, seed=5, fresh=6)["fresh"][
        "games"] == 8


def test_tune_reports_both_figures_and_the_fresh_verdict(poor_second, tmp_path):
    out = tmp_path / "t.yaml"
    r = run("tune", str(poor_second), "--vary", "setup.starting_coins.1=0..3", "--budget", "24", "--bots",
            "mcts:1,mcts:1", "--fresh", "12", "-o", str(out))
    assert r.exit_code == 0, r.output
    assert "In the search, with them the first seat won " in r.output
    assert "On 12 fresh games (seeds the search never used), the first seat wins " in r.output
    assert "the winner's curse" in r.output and "Verdict: " in r.output
    assert "Measured between two mcts:1 bots only" in r.output
    assert "games played in the search and 12 on fresh seeds" in r.output
    text = out.read_text()
    assert "# In the search the first seat wins " in text and "# on 12 fresh games (seeds the search never used)" in text
    assert "--fresh 12" in text
    j = json.loads(run("tune", str(poor_second), "--vary", "setup.starting_coins.1=0..3", "--budget", "24",
                       "--json", "-o", str(out)).output)
    assert j["fresh"]["verdict"] in ("fair", "unfair", "undecided") and j["fresh"]["games"] >= 2
    fr = run("tune", str(poor_second), "--vary", "setup.starting_coins.1=0..3", "--budget", "24", "--lang", "fr",
             "-o", str(out))
    assert fr.exit_code == 0, fr.output
    assert "parties neuves" in fr.output


def test_french_verdicts():
    with language("fr"):
        line = verdict_line(_balance(16, 23), ("mcts:100", "mcts:100"))
    assert line.startswith("Verdict\u202f: pas assez de parties pour conclure")


def test_the_house_rule_never_calls_a_weak_bots_fresh_figure_fair(poor_second):
    r = tuning.tune(str(poor_second), ["setup.starting_coins.1=0..3"], budget=24, seed=5)
    r["fresh"]["verdict"] = "fair"
    text = tuning.house_rule(r, "poor-second.yaml", load_ruleset(str(poor_second)).data, "poor-second-tuned",
                             "Tuned", "rulekit tune …")
    assert "between bots that do not look ahead: no verdict on the rules" in text and ": fair," not in text
    r["settings"]["bots"] = ["mcts:2", "mcts:2"]
    text = tuning.house_rule(r, "poor-second.yaml", load_ruleset(str(poor_second)).data, "poor-second-tuned",
                             "Tuned", "rulekit tune …")
    assert ": fair," in text


def test_plot_shows_the_game_counts_and_a_legend_for_the_band_and_no_shape_holds_a_title(tmp_path):
    out = tmp_path / "curve.svg"
    args = ["simulate", "province-en", "--games", "8", "--seed", "3", "--bots", "greedy,greedy",
            "--bots", "mcts:2,mcts:2"]
    assert run(*args, "--plot", str(out)).exit_code == 0
    doc = json.loads(run(*args, "--json").output)
    root = ET.parse(out).getroot()
    games = [e for e in root.iter(SVG + "text") if e.get("class") == "games"]
    assert [e.text for e in games] == [f"8 games, {p['decided']} decided" for p in doc["curve"]["points"]]
    legend = [g for g in root.iter(SVG + "g") if g.get("class") == "band-legend"][0]
    assert [e.text for e in legend.iter(SVG + "text")] == ["the fairness band, 45.0% to 55.0%"]
    swatch = legend.find(SVG + "rect")
    band = [e for e in root.iter(SVG + "rect") if e.get("class") == "band"][0]
    assert swatch.get("fill") == band.get("fill")
    # A hover text lives on a group: a renderer that drops a shape holding a <title> (ImageMagick's) keeps the points.
    for shape in ("circle", "rect", "line"):
        assert all(e.find(SVG + "title") is None for e in root.iter(SVG + shape))
    assert all(g.find(SVG + "title") is not None for g in root.iter(SVG + "g") if g.get("class") == "seat-point")
