"""The compiled engine against the pure-Python engine, side by side, in one run.

    python benchmarks/bench_engine.py [--games N] [--rounds R] [--no-write]

Each round runs one worker process per engine, alternately (compiled, then
pure Python with ``RULEKIT_PURE_PYTHON=1``), so that both see the same load;
the figures are the medians over the rounds, and the ratios are taken between
medians of the same run. Each worker measures on one core:

- random games per second, per bundled ruleset (N seeded games, both players
  picking uniformly among the legal actions, as in bench_random.py);
- greedy decisions per second (greedy against greedy on province-en);
- MCTS simulations per second (as in bench_bots.py);
- clone + legal_actions per second over positions of random games.

Figures go to stdout and to the "engine" section of docs/performance.md.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def random_rate(rs, games: int) -> float:
    from bench_random import play_random

    return games / play_random(rs, games)[0]


def clone_legal_rate(rs, positions: int = 400, repeat: int = 20) -> float:
    from rulekit.engine import new_game

    states = []
    seed = 0
    while len(states) < positions:
        rng = random.Random(seed)
        st = new_game(rs, seed=seed, first_player=seed % 2)
        while st.phase != 2 and len(states) < positions:
            if rng.random() < 0.1:
                states.append(st.clone())
            st._apply(rng.choice(st.legal_actions()))
        seed += 1
    start = time.perf_counter()
    for _ in range(repeat):
        for st in states:
            st.clone().legal_actions()
    return positions * repeat / (time.perf_counter() - start)


def worker(games: int) -> dict:
    from bench_bots import greedy_rate, mcts_rate

    from rulekit.engine import ENGINE
    from rulekit.language import bundled_rulesets, load_ruleset

    out = {"engine": ENGINE, "random": {}}
    for rid in sorted(bundled_rulesets()):
        rs = load_ruleset(rid)
        random_rate(rs, 5)   # warm the tables and the change-making caches
        out["random"][rid] = random_rate(rs, games)
    rs = load_ruleset("province-en")
    out["clone_legal"] = clone_legal_rate(rs)
    out["greedy"] = greedy_rate(games=40)
    out["mcts"] = mcts_rate(decisions=8, iterations=300)
    return out


def run_worker(pure: bool, games: int) -> dict:
    env = dict(os.environ)
    env.pop("RULEKIT_PURE_PYTHON", None)
    if pure:
        env["RULEKIT_PURE_PYTHON"] = "1"
    proc = subprocess.run([sys.executable, __file__, "--worker", "--games", str(games)], env=env,
                          capture_output=True, text=True, check=True)
    return json.loads(proc.stdout.splitlines()[-1])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="random games per ruleset per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/performance.md alone")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(args.games)))
        return
    from _report import machine, write_section

    runs = {"compiled": [], "pure Python": []}
    loads = [os.getloadavg()[0]]
    for r in range(args.rounds):
        for pure in (False, True):
            res = run_worker(pure, args.games)
            runs[res["engine"]].append(res)
            print(f"round {r + 1}/{args.rounds}: {res['engine']}: province-en "
                  f"{res['random']['province-en']:,.0f} games/s", file=sys.stderr, flush=True)
            loads.append(os.getloadavg()[0])
    if not runs["compiled"]:
        sys.exit("bench_engine: the compiled engine is not built here (pip install -e . with a C compiler)")

    def med(engine, *path):
        vals = []
        for res in runs[engine]:
            v = res
            for p in path:
                v = v[p]
            vals.append(v)
        return statistics.median(vals)

    def row(label, *path):
        c, p = med("compiled", *path), med("pure Python", *path)
        return f"| {label} | {c:,.0f} | {p:,.0f} | {c / p:.1f}× |"

    rids = sorted(runs["compiled"][0]["random"])
    rows = [row(f"random games/s, {rid}", "random", rid) for rid in rids]
    rows += [row("greedy decisions/s (province-en)", "greedy"),
             row("MCTS simulations/s (province-en)", "mcts"),
             row("clone + legal_actions/s (province-en)", "clone_legal")]
    en = med("compiled", "random", "province-en")
    body = "\n".join([
        "## Compiled and pure-Python engine (one run)",
        "",
        f"Machine: {machine()}. `python benchmarks/bench_engine.py --games {args.games} --rounds {args.rounds}`:",
        f"{args.rounds} rounds, each a worker process per engine, alternately; medians over the rounds,",
        "ratios between the medians. The machine is shared, so absolute figures move from run to run;",
        "the ratios are the measurement. Load average (1 min) during the run: "
        f"{min(loads):.1f} to {max(loads):.1f} on {os.cpu_count()} cores.",
        "",
        "| measure | compiled | pure Python | ratio |",
        "|---|---:|---:|---:|",
        *rows,
        "",
        f"The aim is 2,000 random games/s for province-en; the compiled engine reaches {en / 2000:.0%} of it here.",
    ])
    print(body)
    if not args.no_write:
        write_section("engine", body)


if __name__ == "__main__":
    main()
