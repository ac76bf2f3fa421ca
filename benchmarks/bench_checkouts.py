"""Two checkouts of rulekit side by side, in one run: random games, MCTS simulations, simulate.

    python benchmarks/bench_checkouts.py --base DIR [--head DIR] [--games N] [--rounds R]
                                         [--ruleset ID ...] [--greedy] [--mcts] [--simulate GAMES]
                                         [--no-write]

``--base`` and ``--head`` are two checkouts (the head defaults to the one holding this
script), each with its compiled core built in place (``python setup.py build_ext --inplace``,
or ``pip install -e .``). Each round runs one worker process per checkout, alternately (head,
then base), with ``PYTHONPATH`` set to the checkout, so that both see the same load; the
figures are the medians over the rounds and the ratios are taken between medians of the same
run. Each worker measures, on one core:

- random games per second of each ruleset (default ``province-en``, ``province-3p``, ``tolls``,
  ``gamble``), two ways: the caller's loop of ``bench_random.play_random`` (Python's
  ``random.Random`` choosing from ``legal_actions()``, the same loop for both checkouts), and
  the engine's own random playout (``State.playout``) where the checkout has one (where it has
  none, the caller's loop again). Both ways pick uniformly among the legal actions; they draw
  different games of the same kind, so the actions per game are printed beside them;
- with ``--greedy``, the greedy bot's decisions per second (``bench_bots.greedy_rate``, 100 games of
  province-en: the policy the search bots' simulations play);
- with ``--mcts``, MCTS simulations per second (``bench_bots.mcts_rate``);
- with ``--simulate GAMES``, games per second of ``simulate.run(province-en, GAMES,
  bots=("hard", "hard"))``, one job.

Figures go to stdout and, unless ``--no-write``, to the "checkouts" section of
docs/performance.md.
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
RULESETS = ("province-en", "province-3p", "tolls", "gamble")


def _new(rs, c, seed):
    from rulekit.engine import new_game

    return new_game(rs, seed=seed, first_player=None if c.first_random else seed % c.n_players,
                    players=c.n_players)


def loop_games(rs, games: int) -> tuple[float, int]:
    """``games`` random games by the caller's loop: (seconds, actions)."""
    from rulekit.engine import compile_ruleset

    c = compile_ruleset(rs)
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        st = _new(rs, c, seed)
        choice = rng.choice
        while st.phase != 2:
            st._apply(choice(st.legal_actions()))
            actions += 1
    return time.perf_counter() - start, actions


def playout_games(rs, games: int) -> tuple[float, int]:
    """``games`` random games by ``State.playout`` where the engine has it (else the caller's loop)."""
    from rulekit.engine import compile_ruleset
    from rulekit.engine.game import State

    if not hasattr(State, "playout"):
        return loop_games(rs, games)
    c = compile_ruleset(rs)
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        st = _new(rs, c, seed)
        actions += st.playout(seed)
    return time.perf_counter() - start, actions


def worker(games: int, rulesets: list, mcts: bool, simulate: int, greedy: bool = False) -> dict:
    import rulekit
    from rulekit.engine import ENGINE
    from rulekit.language import load_ruleset

    out = {"engine": ENGINE, "source": str(Path(rulekit.__file__).resolve().parent.parent), "random": {}}
    for rid in rulesets:
        rs = load_ruleset(rid)
        loop_games(rs, 50)     # warm the tables and the change-making caches, for both ways
        playout_games(rs, 50)
        t_loop, a_loop = loop_games(rs, games)
        t_play, a_play = playout_games(rs, games)
        out["random"][rid] = {"loop": games / t_loop, "playout": games / t_play,
                              "loop_actions": a_loop / games, "playout_actions": a_play / games}
    if greedy:
        from bench_bots import greedy_rate

        greedy_rate(5)         # warm the caches
        out["greedy"] = greedy_rate(100)
    if mcts:
        from bench_bots import mcts_rate

        out["mcts"] = mcts_rate(decisions=8, iterations=300)
    if simulate:
        from rulekit.balance.simulate import run

        start = time.perf_counter()
        run("province-en", simulate, bots=("hard", "hard"), seed=0, jobs=1)
        out["simulate"] = simulate / (time.perf_counter() - start)
    return out


def run_worker(checkout: Path, args) -> dict:
    env = dict(os.environ)
    env.pop("RULEKIT_PURE_PYTHON", None)
    env["PYTHONPATH"] = os.pathsep.join([str(checkout), str(HERE)])
    cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", "--games", str(args.games),
           "--simulate", str(args.simulate)] + (["--mcts"] if args.mcts else []) + (["--greedy"] if args.greedy else [])
    for rid in args.ruleset:
        cmd += ["--ruleset", rid]
    proc = subprocess.run(cmd, env=env, cwd=str(checkout), capture_output=True, text=True)
    if proc.returncode:
        sys.exit(f"bench_checkouts: the worker failed in {checkout}:\n{proc.stderr}")
    res = json.loads(proc.stdout.splitlines()[-1])
    if Path(res["source"]) != checkout.resolve():
        sys.exit(f"bench_checkouts: {checkout} ran rulekit from {res['source']}")
    if res["engine"] != "compiled":
        sys.exit(f"bench_checkouts: {checkout} runs the {res['engine']} engine (build its core in place)")
    return res


def commit(checkout: Path) -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              cwd=checkout).stdout.strip() or "?"
    except OSError:
        return "?"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, help="the checkout to compare against")
    parser.add_argument("--head", type=Path, default=HERE.parent, help="the checkout measured (default: this one)")
    parser.add_argument("--games", type=int, default=300, help="random games per ruleset per round and way")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--ruleset", action="append", help=f"ruleset id (repeatable; default {', '.join(RULESETS)})")
    parser.add_argument("--mcts", action="store_true", help="MCTS simulations per second too")
    parser.add_argument("--greedy", action="store_true",
                        help="the greedy bot's decisions per second too (the search bots' simulations' policy)")
    parser.add_argument("--simulate", type=int, default=0, metavar="GAMES",
                        help="games per second of simulate with hard against hard, GAMES games a round")
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/performance.md alone")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    args.ruleset = args.ruleset or list(RULESETS)
    if args.worker:
        print(json.dumps(worker(args.games, args.ruleset, args.mcts, args.simulate, args.greedy)))
        return
    if args.base is None:
        parser.error("--base is required")
    sys.path.insert(0, str(HERE))
    from _report import machine, write_section

    runs = {"head": [], "base": []}
    loads = [os.getloadavg()[0]]
    for r in range(args.rounds):
        for name, checkout in (("head", args.head), ("base", args.base)):
            res = run_worker(checkout, args)
            runs[name].append(res)
            en = res["random"][args.ruleset[0]]
            print(f"round {r + 1}/{args.rounds}: {name}: {args.ruleset[0]} {en['loop']:,.0f} games/s (loop), "
                  f"{en['playout']:,.0f} (playout)", file=sys.stderr, flush=True)
            loads.append(os.getloadavg()[0])

    def med(name, *path):
        vals = []
        for res in runs[name]:
            for p in path:
                res = res[p]
            vals.append(res)
        return statistics.median(vals)

    rows = []
    for rid in args.ruleset:
        base_loop = med("base", "random", rid, "loop")
        for way, label in (("loop", "the caller's loop"), ("playout", "the engine's playout")):
            h, b = med("head", "random", rid, way), med("base", "random", rid, way)
            rows.append(f"| random games/s, {rid}, {label} | {h:,.0f} | {b:,.0f} | {h / b:.2f}× | {h / base_loop:.2f}× "
                        f"| {med('head', 'random', rid, way + '_actions'):.0f} "
                        f"/ {med('base', 'random', rid, way + '_actions'):.0f} |")
    if args.greedy:
        h, b = med("head", "greedy"), med("base", "greedy")
        rows.append(f"| greedy decisions/s (province-en) | {h:,.0f} | {b:,.0f} | {h / b:.2f}× | {h / b:.2f}× | |")
    if args.mcts:
        h, b = med("head", "mcts"), med("base", "mcts")
        rows.append(f"| MCTS simulations/s (province-en) | {h:,.0f} | {b:,.0f} | {h / b:.2f}× | {h / b:.2f}× | |")
    if args.simulate:
        h, b = med("head", "simulate"), med("base", "simulate")
        rows.append(f"| simulate hard,hard games/s (province-en) | {h:.2f} | {b:.2f} | {h / b:.2f}× | {h / b:.2f}× | |")
    body = "\n".join([
        "## Two checkouts (one run)",
        "",
        f"Machine: {machine()}. Head {commit(args.head)} against base {commit(args.base)}, both compiled:",
        f"`python benchmarks/bench_checkouts.py --base BASE --games {args.games} --rounds {args.rounds}"
        + (" --greedy" if args.greedy else "") + (" --mcts" if args.mcts else "")
        + (f" --simulate {args.simulate}" if args.simulate else "") + "`.",
        f"{args.rounds} rounds, each a worker process per checkout, alternately; medians over the rounds,",
        "ratios between the medians of this run: to the base's same way (a base without `State.playout`",
        "runs its loop for both), and to the base's own loop (Python's `random.Random` choosing from",
        "`legal_actions()`). The engine's playout draws other games of the same kind (uniform among",
        "the legal actions): their mean length is in the last column.",
        "Load average (1 min) during the run: "
        f"{min(loads):.1f} to {max(loads):.1f} on {os.cpu_count()} cores.",
        "",
        "| measure | head | base | ratio | ratio to the base's loop | actions per game, head / base |",
        "|---|---:|---:|---:|---:|---:|",
        *rows,
    ])
    print(body)
    if not args.no_write:
        write_section("checkouts", body)


if __name__ == "__main__":
    main()
