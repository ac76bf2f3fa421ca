"""benchmarks/race_analysis.py follows the very games simulate plays and counts their races as simulate does."""
import importlib.util
from pathlib import Path

from rulekit.balance import simulate as sim
from rulekit.engine import compile_ruleset
from rulekit.language import load_ruleset

SCRIPT = Path(__file__).parent.parent / "benchmarks" / "race_analysis.py"


def load_script():
    spec = importlib.util.spec_from_file_location("race_analysis", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_races_are_those_of_simulates_games():
    races = load_script()
    for edition in ("province-en", "province-fr"):
        rs = load_ruleset(edition)
        c = compile_ruleset(rs, players=2)
        bots = ("greedy", "random")
        for i in range(4):
            rec = races.play(rs, c, bots, i, 7)
            game = sim.play_one(rs, bots, i, 7)
            first = game.first
            place = {first: 0, 1 - first: 1}
            assert rec["winner"] == (None if game.winner is None else place[game.winner])
            assert rec["turns"] == game.turns
            for s, seat in zip(c.struct_ids, game.first_builder):
                assert (rec["built"][s] or (None,))[0] == (None if seat < 0 else place[seat])
            for g, who in zip(c.goal_ids, game.goals):
                assert (rec["claimed"][g] or (None,))[0] == (place[who] if who >= 0 else None)
            assert rec["a_first"] == (game.seat_of_a == first)


def test_the_report_counts_every_game():
    races = load_script()
    rs = load_ruleset("province-en")
    c = compile_ruleset(rs, players=2)
    records = [races.play(rs, c, ("greedy", "greedy"), i, 0) for i in range(4)]
    text = races.report(records, c)
    assert text.startswith("games: 4;")
    for s in c.struct_ids:
        row = next(line for line in text.splitlines() if line.startswith(f"| {s} |"))
        counts = [int(x) for x in row.split("|")[2].split("/")]
        assert sum(counts) == 4
