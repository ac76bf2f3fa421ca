"""Bots: greedy decisions per second, MCTS iterations per second, and MCTS against greedy.

    python benchmarks/bench_bots.py [--match GAMES:ITERATIONS ...] [--jobs J] [--no-write]

1. Greedy decisions per second: greedy against greedy games, timing every choice.
2. MCTS iterations per second (one core, ``--calibrate-iterations`` per decision),
   and the iteration budget that takes about one second per decision here.
3. For each ``--match GAMES:ITERATIONS`` (ITERATIONS may be ``auto``: the
   one-second budget of step 2), GAMES seeded games of MCTS against greedy on
   province-en: MCTS sits in seat 0 in even games, seat 1 in odd ones; seat
   ``(i // 2) % 2`` plays first. Wins with their Wilson 95% interval.

Figures go to stdout and to the "bots" section of docs/performance.md, with
the number of games actually played.
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _report import machine, write_section  # noqa: E402

from rulekit.balance.simulate import wilson_interval  # noqa: E402
from rulekit.bots import GreedyBot  # noqa: E402
from rulekit.bots.mcts import MCTSBot  # noqa: E402
from rulekit.engine import new_game  # noqa: E402
from rulekit.language import load_ruleset  # noqa: E402

RULESET = "province-en"
#: A game still running after this many turns is stopped and counted as unfinished
#: (a greedy game lasts about 14 turns; two bots can stall, neither able to build).
MAX_TURNS = 200


def greedy_rate(games: int = 200):
    rs = load_ruleset(RULESET)
    n = 0
    spent = 0.0
    for seed in range(games):
        st = new_game(rs, seed=seed, first_player=seed % 2)
        bots = [GreedyBot(2 * seed), GreedyBot(2 * seed + 1)]
        while not st.is_terminal():
            t = time.perf_counter()
            a = bots[st.current].choose(st)
            spent += time.perf_counter() - t
            n += 1
            st._apply(a)
    return n / spent


def mcts_rate(decisions: int = 20, iterations: int = 500):
    """Simulations per second over positions of greedy games (one core), listing the plans included."""
    rs = load_ruleset(RULESET)
    bot = MCTSBot(seed=1, iterations=iterations)
    done = 0
    seed = 0
    while done < decisions:
        st = new_game(rs, seed=seed, first_player=0)
        g = GreedyBot(seed)
        k = 0
        while not st.is_terminal() and done < decisions:
            if k % 7 == 3 and len(st.legal_actions()) > 1:
                bot.choose(st)
                done += 1
            st._apply(g.choose(st))
            k += 1
        seed += 1
    return bot.total_iterations / bot.total_seconds


def play(task):
    index, iterations = task
    rs = load_ruleset(RULESET)
    mseat = index % 2
    first = (index // 2) % 2
    mcts = MCTSBot(seed=2 * index, iterations=iterations)
    bots = [None, None]
    bots[mseat] = mcts
    bots[1 - mseat] = GreedyBot(2 * index + 1)
    st = new_game(rs, seed=index, first_player=first)
    decisions = 0
    while not st.is_terminal():
        if st.turn >= MAX_TURNS:
            return 2, decisions, mcts.total_seconds, mcts.total_iterations, st.turn   # unfinished
        bot = bots[st.current]
        a = bot.choose(st)
        if bot is mcts and mcts.last_iterations:
            decisions += 1
        st._apply(a)
    w = st.winner()
    return (1 if w == mseat else 0 if w is None else -1), decisions, mcts.total_seconds, mcts.total_iterations, st.turn


def match(games: int, iterations: int, jobs: int):
    start = time.perf_counter()
    results = []
    with cf.ProcessPoolExecutor(max_workers=jobs) as pool:
        for r in pool.map(play, [(i, iterations) for i in range(games)], chunksize=1):
            results.append(r)
            if len(results) % 10 == 0:
                print(f"  {len(results)}/{games} games", file=sys.stderr, flush=True)
    wall = time.perf_counter() - start
    wins = sum(1 for r in results if r[0] == 1)
    draws = sum(1 for r in results if r[0] == 0)
    unfinished = sum(1 for r in results if r[0] == 2)
    finished = [r[4] for r in results if r[0] != 2]
    decisions = sum(r[1] for r in results)
    seconds = sum(r[2] for r in results)
    its = sum(r[3] for r in results)
    return {"games": games, "iterations": iterations, "wins": wins, "draws": draws,
            "losses": games - wins - draws - unfinished, "unfinished": unfinished,
            "turns": sum(finished) / max(1, len(finished)), "ci": wilson_interval(wins, games),
            "s_per_decision": seconds / max(1, decisions), "its": its / max(seconds, 1e-9),
            "decisions_per_game": decisions / games, "wall": wall}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--match", action="append", default=[], metavar="GAMES:ITERATIONS")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args(argv)
    greedy = greedy_rate()
    print(f"greedy decisions/s: {greedy:,.0f}", flush=True)
    its = mcts_rate()
    budget = int(round(its, -1))
    print(f"mcts iterations/s: {its:,.0f}; one-second budget: {budget}", flush=True)
    rows = []
    for spec in args.match or ["20:auto"]:
        g, it = spec.split(":")
        it = budget if it == "auto" else int(it)
        m = match(int(g), it, args.jobs)
        lo, hi = m["ci"]
        rows.append(f"| {m['games']} | {m['iterations']:,} | {m['s_per_decision']:.2f} s | {m['wins']} | {m['draws']} "
                    f"| {m['losses']} | {m['unfinished']} | {m['turns']:.1f} "
                    f"| {m['wins'] / m['games']:.0%} ({lo:.0%} to {hi:.0%}) | {m['wall'] / 60:.0f} min |")
        print(rows[-1], flush=True)
    body = "\n".join([
        "## Bots: decisions per second and MCTS against greedy",
        "",
        f"Machine: {machine()}. `python benchmarks/bench_bots.py "
        + " ".join(f"--match {s}" for s in (args.match or ["20:auto"])) + f" --jobs {args.jobs}`.",
        "",
        f"- Greedy bot: {greedy:,.0f} decisions per second (one core, greedy against greedy on {RULESET}).",
        f"- MCTS bot: {its:,.0f} iterations (simulations of a turn plan, docs/bots.md) per second "
        f"(one core, listing the plans included); about one second per decision is therefore a budget of {budget:,} iterations.",
        "  (With two matches running on the two cores the rate per process is a little lower: see the",
        "  seconds per decision below.)",
        "",
        f"MCTS against greedy on {RULESET} (MCTS alternates seats, the first player alternates; a decision",
        "with a single legal action is played without search and not counted):",
        "",
        "| games played | iterations per decision | MCTS time per decision | MCTS wins | draws | losses "
        f"| unfinished after {MAX_TURNS} turns | turns per finished game | win rate (Wilson 95%) | wall time |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        *rows,
        "",
        "The issue's figure is 200 games at about one second per decision; a game has about 45 MCTS",
        "decisions, so that is about 1¼ hours of two cores: the table says how many games were actually played",
        "at each budget. A stalled game is stopped after "
        f"{MAX_TURNS} turns and counted as unfinished (not as a loss nor a win; the rate is wins over all games).",
    ])
    if not args.no_write:
        write_section("bots", body)


if __name__ == "__main__":
    main()
