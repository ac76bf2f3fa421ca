"""Throughput of ``rulekit simulate`` at 1 and 2 jobs (greedy against greedy).

    python benchmarks/bench_simulate.py [--games N] [--ruleset ID] [--no-write]

Plays the same seeded games with ``--jobs 1`` and ``--jobs 2``, checks that
the results are identical, and writes games per second and the speed-up to
the "simulate" section of docs/performance.md.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _report import machine, write_section  # noqa: E402

from rulekit.balance.simulate import report  # noqa: E402


def timed(ruleset, games, jobs, seed=0):
    start = time.perf_counter()
    doc = report(ruleset, games, ("greedy", "greedy"), seed, jobs)
    return time.perf_counter() - start, doc


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--ruleset", action="append", help="ruleset id or file (repeatable; default both editions)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/performance.md alone")
    args = parser.parse_args(argv)
    rulesets = args.ruleset or ["province-en", "province-fr"]
    rows = []
    for rid in rulesets:
        t1, d1 = timed(rid, args.games, 1)
        t2, d2 = timed(rid, args.games, 2)
        same = "yes" if d1 == d2 else "NO"
        turns = d1["results"]["length"]["turns"]["mean"]
        rows.append(f"| {rid} | {args.games:,} | {turns:.1f} | {args.games / t1:,.0f} | {args.games / t2:,.0f} "
                    f"| {t1 / t2:.2f}× | {same} |")
        print(rows[-1], flush=True)
    body = "\n".join([
        "## Simulate throughput (greedy against greedy)",
        "",
        f"Machine: {machine()}. `python benchmarks/bench_simulate.py --games {args.games}`: the same seeded",
        "games played by `rulekit.simulate.report` with `--jobs 1`, then `--jobs 2` (process pool, chunks of",
        "consecutive seeds); wall-clock time including the pool's start-up and the statistics.",
        "",
        "| ruleset | games | turns per game | games/s, 1 job | games/s, 2 jobs | speed-up | identical results |",
        "|---|---:|---:|---:|---:|---:|:---:|",
        *rows,
        "",
        "The issue's aim is a speed-up of at least 1.8× from 1 to 2 jobs. A `--compare` run plays both",
        "rulesets, so `rulekit simulate VARIANT --compare province-en --games 2000 --jobs 2` takes about",
        "twice the 2-jobs time of one ruleset above.",
    ])
    if not args.no_write:
        write_section("simulate", body)


if __name__ == "__main__":
    main()
