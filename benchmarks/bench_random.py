"""Full random games per second, per bundled ruleset, on one core.

    python benchmarks/bench_random.py [--games N] [--playout] [--no-write]

A random game: both players pick uniformly among the legal actions until the
game ends (the engine's own generator, no legality re-check): by default
Python's ``random.Random`` chooses from ``legal_actions()`` in a Python loop;
with ``--playout`` the engine plays the whole game itself (``State.playout``,
one C loop in the compiled core). Figures go to stdout and, without
``--playout``, to the "random" section of docs/performance.md
(benchmarks/bench_checkouts.py compares the two ways between two checkouts).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _report import machine, write_section  # noqa: E402

from rulekit.engine import ENGINE, compile_ruleset, new_game
from rulekit.language import bundled_rulesets, load_ruleset  # noqa: E402


def play_random(rs, games: int, playout: bool = False) -> tuple[float, int, int]:
    """Play `games` seeded random games of ruleset `rs`; return (seconds, actions, turns) in all.
    With `playout`, each game is the engine's own ``State.playout(seed)``.

    Shared with bench_engine.py, which times the same games on both engines.
    """
    first_random = compile_ruleset(rs).first_random
    actions = turns = 0
    start = time.perf_counter()
    for seed in range(games):
        st = new_game(rs, seed=seed, first_player=None if first_random else seed % 2)
        if playout:
            actions += st.playout(seed)
        else:
            choice = random.Random(seed).choice
            while st.phase != 2:
                st._apply(choice(st.legal_actions()))
                actions += 1
        turns += st.turn + 1
    return time.perf_counter() - start, actions, turns


def bench(ruleset_id: str, games: int, playout: bool = False):
    elapsed, actions, turns = play_random(load_ruleset(ruleset_id), games, playout)
    return games / elapsed, actions / elapsed, turns / games, actions / games


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--playout", action="store_true", help="the engine's own playout (print only)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/performance.md alone")
    args = parser.parse_args(argv)
    print(f"engine: {ENGINE}" + (", State.playout" if args.playout else ""), flush=True)
    rows = []
    aim_ratio = en_actions = "?"
    for rid in sorted(bundled_rulesets()):
        gps, aps, turns, acts = bench(rid, args.games, args.playout)
        if rid == "province-en":
            aim_ratio, en_actions = f"{gps / 2000:.0%}", f"{aps:,.0f}"
        rows.append(f"| {rid} | {gps:,.0f} | {aps:,.0f} | {turns:.0f} | {acts:.0f} |")
        print(rows[-1], flush=True)
    body = "\n".join([
        "## Random games per second (one core)",
        "",
        f"Machine: {machine()}. Engine: {ENGINE}. {args.games} seeded games per ruleset, "
        "`python benchmarks/bench_random.py` (benchmarks/bench_engine.py compares both engines).",
        "",
        "| ruleset | games/s | actions/s | turns per game | actions per game |",
        "|---|---:|---:|---:|---:|",
        *rows,
        "",
        f"The aim is 2,000 random games per second for province-en; this engine ({ENGINE}) reaches",
        f"{aim_ratio} of it, at {en_actions} actions a second. A random game is long (both players pick any",
        "legal action, so it lasts over a hundred turns and several hundred actions). What limits the",
        "rest is in docs/performance.md (History of the compiled core).",
    ])
    if not args.no_write and not args.playout:
        write_section("random", body)


if __name__ == "__main__":
    main()
