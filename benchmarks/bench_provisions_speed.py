"""The speed of the Provisions engine and its search bot: two checkouts side by side, in one run.

    nice -n 5 python benchmarks/bench_provisions_speed.py --base DIR [--head DIR] [--rounds 5]
                                                          [--players 2] [--games 60] [--decisions 24]

``--base`` and ``--head`` are two checkouts of rulekit (the head defaults to the one holding this
script), each with its compiled modules in place (since issue 31's fifth step they include the
Provisions engine and its search; a checkout before it runs them as pure Python).
Each round runs one worker process per checkout, alternately (head, then base), with
``PYTHONPATH`` set to the checkout, so that both see the same load; the figures printed are the
medians over the rounds, and the ratios (head / base) are taken between medians of the same run.
On a shared machine the ratios are what to read, not the absolute rates.

Each worker measures, on one core, for ``provisions-1849`` at ``--players``:

- **random games per second**: GAMES games (seeds 0 to GAMES - 1), each action chosen by Python's
  ``random.Random(seed).choice`` from ``legal_actions()`` (the same games in both checkouts when
  their engines agree);
- **search decisions per second, fixed search**: the framework's determinized search
  (``DeterminizedMCTSBot``) with 64 iterations, random rollouts of 12 actions and no evaluation,
  on DECISIONS fixed positions (seeded random games stopped at various points): what the engine
  costs a search (``determinize``, ``clone``, ``legal_actions``, ``apply``), whatever the bots;
- **hard decisions per second**: the checkout's own ``hard`` bot of the family on the same
  positions (its budget and its policy are the checkout's: between two versions of the bot this
  is the price of a decision, not the engine's speed alone).

Figures go to stdout only (docs/provisions.md and docs/performance.md quote them by hand).
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
RULESET = "provisions-1849"


def positions(rules, players: int, count: int) -> list:
    """``count`` fixed positions with a choice to make: seeded random games stopped after 2 to 40 actions."""
    from rulekit.engine import new_game

    out = []
    seed = 0
    while len(out) < count:
        st = new_game(rules, seed=seed, players=players)
        rng = random.Random(seed)
        stop = 2 + (seed * 7) % 39
        for _i in range(stop):
            if st.is_terminal():
                break
            st.apply(rng.choice(st.legal_actions()))
        if not st.is_terminal() and len(st.legal_actions()) > 1:
            out.append(st)
        seed += 1
    return out


def random_games(rules, players: int, games: int) -> float:
    from rulekit.engine import new_game

    start = time.perf_counter()
    for seed in range(games):
        st = new_game(rules, seed=seed, players=players)
        choice = random.Random(seed).choice
        while not st.is_terminal():
            st.apply(choice(st.legal_actions()))
    return games / (time.perf_counter() - start)


def decisions(make, states) -> float:
    start = time.perf_counter()
    for k, st in enumerate(states):
        make(k).choose(st.clone())
    return len(states) / (time.perf_counter() - start)


def worker(args) -> dict:
    from rulekit.bots.determinized import DeterminizedMCTSBot
    from rulekit.bots.registry import make_bot
    from rulekit.language import load_ruleset

    rules = load_ruleset(RULESET)
    states = positions(rules, args.players, args.decisions)
    return {
        "random": random_games(rules, args.players, args.games),
        "search": decisions(lambda k: DeterminizedMCTSBot(seed=k, iterations=64, depth=12), states),
        "hard": decisions(lambda k: make_bot("hard", k, family="provisions"), states),
    }


def run(checkout: Path, args) -> dict:
    env = dict(os.environ, PYTHONPATH=str(checkout))
    cmd = [sys.executable, str(HERE / "bench_provisions_speed.py"), "--worker", "--players", str(args.players),
           "--games", str(args.games), "--decisions", str(args.decisions)]
    out = subprocess.run(cmd, env=env, cwd=str(checkout), capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path)
    parser.add_argument("--head", type=Path, default=HERE.parent)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--decisions", type=int, default=24)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(args)))
        return 0
    if args.base is None:
        parser.error("--base DIR is required")
    runs = {"head": [], "base": []}
    started = time.perf_counter()
    for r in range(args.rounds):
        for name, checkout in (("head", args.head), ("base", args.base)):
            runs[name].append(run(checkout.resolve(), args))
        print(f"round {r + 1}: " + "; ".join(
            f"{name} " + ", ".join(f"{k} {v:.2f}" for k, v in runs[name][-1].items()) for name in runs), flush=True)
    print(f"\n{RULESET}, {args.players} players, medians of {args.rounds} alternated rounds "
          f"({time.perf_counter() - started:.0f} s):")
    labels = {"random": "random games/s", "search": "fixed-search decisions/s (64 its, random rollouts)",
              "hard": "hard decisions/s (each checkout's hard)"}
    for key, label in labels.items():
        head = statistics.median(x[key] for x in runs["head"])
        base = statistics.median(x[key] for x in runs["base"])
        print(f"  {label}: base {base:.2f}, head {head:.2f}, ratio {head / base:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
