"""The difficulty ladder: each level of `rulekit play` against the one below.

    nice -n 5 python benchmarks/bench_ladder.py [--games 200] [--jobs 1] [--step hard,normal ...]
                                                [--ruleset province-en] [--players 2] [--no-write]

The levels are the registry's (``rulekit.bots.registry.levels()``, weakest
first: easy, normal, hard) with the specs they stand for there; the floor is
``random`` below the weakest level. For each step (a level against the one
below it), GAMES seeded games on the ruleset: game i uses seed i, the upper
level sits in seat 0 in even games and in seat 1 in odd ones, and seat
``(i // 2) % 2`` plays first (so each level plays each seat first equally
often). A game still running after MAX_TURNS turns is stopped and counted as
unfinished.

With ``--players N`` (N > 2; the ruleset must allow N players, e.g.
``--ruleset province-3p --players 3``) the upper level plays against N - 1
bots of the level below: it sits in seat ``i mod N``, seat ``(i // N) mod N``
plays first, and the bots' seeds are ``N i`` (the upper level) and
``N i + 1`` … (the others), as ``rulekit simulate`` seats its bots. A game the
upper level shares first place in is a draw; a fair share of the wins would
be 1/N. Its figures go to the "ladder-Np" section of docs/performance.md.

For each step: the upper level's wins, draws, losses (and unfinished games),
its win rate with the Wilson 95% interval, and each side's time per move
(median and mean over its decisions that had more than one legal action,
timed with ``time.perf_counter``). The aim is a win rate of at least 70% at
each step.

Figures go to stdout and to the "ladder" section of docs/performance.md. The
level budgets are in simulations, so the results (not the times) are the same
on any machine; re-run after any change to the levels, the bots or the ruleset.
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _report import machine, write_section  # noqa: E402

from rulekit.balance.simulate import wilson_interval  # noqa: E402
from rulekit.bots.registry import canonical_bot, levels, make_bot  # noqa: E402
from rulekit.engine import new_game  # noqa: E402
from rulekit.language import load_ruleset  # noqa: E402

MAX_TURNS = 200
FLOOR = "random"


def play(task):
    """One game; (result for the upper side: 1/0/-1/2 unfinished, times of upper, times of lower, turns)."""
    index, upper, lower, ruleset, players = task
    rs = load_ruleset(ruleset)
    useat = index % players
    first = (index // players) % players
    bots = [None] * players
    bots[useat] = make_bot(upper, players * index)
    for k in range(1, players):
        bots[(useat + k) % players] = make_bot(lower, players * index + k)
    times = ([], [])
    st = new_game(rs, seed=index, first_player=first, players=players)
    while not st.is_terminal():
        if st.turn >= MAX_TURNS:
            return 2, times[0], times[1], st.turn
        seat = st.current
        several = len(st.legal_actions()) > 1
        t = time.perf_counter()
        a = bots[seat].choose(st)
        if several:
            times[0 if seat == useat else 1].append(time.perf_counter() - t)
        st._apply(a)
    winners = st.outcome().winners
    return (1 if winners == (useat,) else 0 if useat in winners else -1), times[0], times[1], st.turn


def step(upper: str, lower: str, games: int, jobs: int, ruleset: str, deadline=None, players: int = 2):
    """GAMES games (fewer if ``deadline``, a ``time.perf_counter()`` value, passes: the games
    played so far in order are counted, and the table says how many)."""
    start = time.perf_counter()
    results = []
    tasks = [(i, upper, lower, ruleset, players) for i in range(games)]
    with cf.ProcessPoolExecutor(max_workers=jobs) as pool:
        for r in pool.map(play, tasks, chunksize=1):
            results.append(r)
            if len(results) % 10 == 0:
                w = sum(1 for x in results if x[0] == 1)
                print(f"  {upper} vs {lower}: {len(results)}/{games} games, {w} won", file=sys.stderr, flush=True)
            if deadline is not None and time.perf_counter() > deadline and len(results) % players == 0:
                for f in pool._pending_work_items.values():
                    f.future.cancel()
                break
    games = len(results)
    wall = time.perf_counter() - start
    wins = sum(1 for r in results if r[0] == 1)
    draws = sum(1 for r in results if r[0] == 0)
    unfinished = sum(1 for r in results if r[0] == 2)
    up_t = [t for r in results for t in r[1]]
    lo_t = [t for r in results for t in r[2]]
    finished = [r[3] for r in results if r[0] != 2]
    return {"upper": upper, "lower": lower, "games": games, "wins": wins, "draws": draws,
            "losses": games - wins - draws - unfinished, "unfinished": unfinished,
            "ci": wilson_interval(wins, games), "turns": sum(finished) / max(1, len(finished)),
            "upper_median": statistics.median(up_t) if up_t else 0.0,
            "upper_mean": statistics.fmean(up_t) if up_t else 0.0,
            "lower_median": statistics.median(lo_t) if lo_t else 0.0,
            "lower_mean": statistics.fmean(lo_t) if lo_t else 0.0,
            "upper_moves": len(up_t) / games, "wall": wall}


def _ms(x: float) -> str:
    return f"{x * 1000:,.1f} ms" if x < 0.1 else f"{x:.2f} s"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--ruleset", default="province-en")
    parser.add_argument("--players", type=int, default=2,
                        help="players per game: the upper level against players - 1 bots of the level below")
    parser.add_argument("--step", action="append", default=[], metavar="UPPER,LOWER",
                        help="play only these steps (specs as rulekit reads them: hard,normal or deep:300,mcts:100)")
    parser.add_argument("--minutes", type=float, default=None,
                        help="stop each step after this many minutes (an even number of games; the table says how many)")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args(argv)
    if args.step:
        steps = [tuple(canonical_bot(x) for x in s.split(",")) for s in args.step]
    else:
        ladder = [FLOOR] + [canonical_bot(level) for level in levels()]
        steps = [(ladder[i + 1], ladder[i]) for i in range(len(ladder) - 1)]
    rows = []
    for upper, lower in steps:
        deadline = None if args.minutes is None else time.perf_counter() + 60 * args.minutes
        m = step(upper, lower, args.games, args.jobs, args.ruleset, deadline, args.players)
        lo, hi = m["ci"]
        rows.append(f"| `{upper}` | `{lower}` | {m['games']} | {m['wins']} | {m['draws']} | {m['losses']} "
                    f"| {m['unfinished']} | {m['wins'] / m['games']:.0%} ({lo:.0%} to {hi:.0%}) "
                    f"| {_ms(m['upper_median'])} ({_ms(m['upper_mean'])}) "
                    f"| {_ms(m['lower_median'])} ({_ms(m['lower_mean'])}) | {m['upper_moves']:.0f} "
                    f"| {m['turns']:.1f} | {m['wall'] / 60:.0f} min |")
        print(rows[-1], flush=True)
    command = "nice -n 5 python benchmarks/bench_ladder.py" + (f" --games {args.games}" if args.games != 200 else "") \
        + f" --jobs {args.jobs}" + "".join(f" --step {s}" for s in args.step) \
        + (f" --ruleset {args.ruleset}" if args.ruleset != "province-en" else "") \
        + (f" --players {args.players}" if args.players != 2 else "") \
        + (f" --minutes {args.minutes:g}" if args.minutes is not None else "")
    if args.players != 2:
        write(rows, command, args)
        return
    body = "\n".join([
        "## The difficulty ladder: each level against the one below",
        "",
        f"Machine: {machine()}. `{command}`.",
        "",
        f"On {args.ruleset}; the upper level alternates seats and the first player alternates, game i has seed i;",
        "a win rate is the upper level's wins over all games, with its Wilson 95% interval; time per move is",
        "the median (mean) over the decisions with more than one legal action, while the other games of the run",
        "shared the machine (the budgets are in simulations, so the results do not depend on the machine).",
        "",
        "| upper | lower | games | wins | draws | losses | unfinished | win rate (Wilson 95%) "
        "| upper's time per move | lower's time per move | upper's moves per game | turns per game | wall time |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        *rows,
        "",
        "The aim is a win rate of at least 70% at each step (docs/bots.md).",
    ])
    if not args.no_write:
        write_section("ladder", body)


def write(rows, command: str, args) -> None:
    """The section of a ladder with more than two players."""
    n = args.players
    body = "\n".join([
        f"## The difficulty ladder with {n} players: each level against {n - 1} of the one below",
        "",
        f"Machine: {machine()}. `{command}`.",
        "",
        f"On {args.ruleset}; the upper level sits in seat i mod {n} and seat (i // {n}) mod {n} plays first, game i",
        f"has seed i; the other {n - 1} seats are bots of the level below. A win is the upper level winning alone",
        "(a draw: it shares first place); a win rate is its wins over all games, with its Wilson 95% interval,",
        f"against a fair share of 1/{n} = {1 / n:.0%}. Time per move is the median (mean) over the decisions with",
        "more than one legal action, while the other games of the run shared the machine (the budgets are in",
        "simulations, so the results do not depend on the machine).",
        "",
        "| upper | lower | games | wins | draws | losses | unfinished | win rate (Wilson 95%) "
        "| upper's time per move | lower's time per move | upper's moves per game | turns per game | wall time |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        *rows,
    ])
    if not args.no_write:
        write_section(f"ladder-{n}p", body)


if __name__ == "__main__":
    main()
