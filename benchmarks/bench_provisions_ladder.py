"""The difficulty ladder of the Provisions family: each level against the one below, and the speed.

    nice -n 5 python benchmarks/bench_provisions_ladder.py [--games 32] [--players 2]
                                                           [--ruleset provisions-1849] [--no-write]

The levels are the registry's for the family (``rulekit.bots.registry.FAMILY_LEVELS["provisions"]``:
easy, normal, hard, weakest first). For each step (a level against the one below), GAMES seeded
games: game i uses seed i, the upper level sits in seat ``i mod N`` against N - 1 bots of the level
below (N players), and seat ``(i // N) mod N`` plays first; the bots' seeds are ``N i`` (the upper
level) and ``N i + 1`` … A game the upper level shares first place in is a draw; a fair share would
be 1/N. For each step: the upper level's wins, draws and losses, its win rate with the Wilson 95%
interval, its mean margin over the best other seat, and its time per move.

It also measures random games per second (one core), the speed the issue asks to note.

Figures go to stdout and to the "provisions-ladder" section of docs/performance.md. The budgets are
in simulations, so the results (not the times) are the same on any machine.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _report import machine, write_section  # noqa: E402

from rulekit.balance.simulate import wilson_interval  # noqa: E402
from rulekit.bots.registry import FAMILY_LEVELS, canonical_bot, make_bot  # noqa: E402
from rulekit.engine import new_game  # noqa: E402
from rulekit.language import load_ruleset  # noqa: E402

FAMILY = "provisions"


def step(rules, upper: str, lower: str, games: int, players: int) -> dict:
    wins = draws = losses = 0
    margins, times = [], []
    for i in range(games):
        seat = i % players
        first = (i // players) % players
        bots = [make_bot(lower, players * i + 1 + k, family=FAMILY) for k in range(players)]
        bots[seat] = make_bot(upper, players * i, family=FAMILY)
        st = new_game(rules, seed=i, players=players, first_player=first)
        while not st.is_terminal():
            bot = bots[st.current]
            if st.current == seat and len(st.legal_actions()) > 1:
                t = time.perf_counter()
                action = bot.choose(st)
                times.append(time.perf_counter() - t)
            else:
                action = bot.choose(st)
            st.apply(action)
        out = st.outcome()
        if seat in out.winners:
            if len(out.winners) == 1:
                wins += 1
            else:
                draws += 1
        else:
            losses += 1
        scores = st.scores()
        margins.append(scores[seat] - max(scores[q] for q in range(players) if q != seat))
    lo, hi = wilson_interval(wins, games)
    return {"upper": canonical_bot(upper, FAMILY), "lower": canonical_bot(lower, FAMILY), "wins": wins,
            "draws": draws, "losses": losses, "rate": wins / games, "lo": lo, "hi": hi,
            "margin": statistics.mean(margins), "move": statistics.median(times) if times else 0.0}


def random_speed(rules, players: int, seconds: float = 5.0) -> tuple[float, float]:
    """Random games per second and actions per game."""
    n = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        st = new_game(rules, seed=n, players=players)
        rng = random.Random(n)
        while not st.is_terminal():
            st.apply(rng.choice(st.legal_actions()))
            actions += 1
        n += 1
    return n / (time.perf_counter() - start), actions / n


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=32)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--ruleset", default="provisions-1849")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args(argv)
    rules = load_ruleset(args.ruleset)
    names = list(FAMILY_LEVELS[FAMILY])           # easy is the random bot: no floor below it
    rows = []
    started = time.perf_counter()
    for lower, upper in zip(names, names[1:]):
        r = step(rules, upper, lower, args.games, args.players)
        rows.append(r)
        print(f"{r['upper']} vs {r['lower']}: {r['wins']}-{r['draws']}-{r['losses']} "
              f"({r['rate']:.0%}, {r['lo']:.0%} to {r['hi']:.0%}), margin {r['margin']:+.1f}, "
              f"{r['move'] * 1000:.0f} ms a move", flush=True)
    speed, length = random_speed(rules, args.players)
    print(f"random games: {speed:.1f} games/s, {length:.0f} actions a game")
    lines = [f"## Provisions: the ladder and random games ({args.ruleset}, {args.players} players)", "",
             f"`nice -n 5 python benchmarks/bench_provisions_ladder.py --games {args.games} --players {args.players}`"
             f" on {machine()}, {time.perf_counter() - started:.0f} s. Each level against {args.players - 1} "
             "bot(s) of the level below, seats and first player rotating; a fair share would be "
             f"{1 / args.players:.0%}.", "",
             "| level | against | wins | draws | losses | win rate (Wilson 95%) | mean margin | time per move |",
             "|---|---|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        lines.append(f"| {r['upper']} | {r['lower']} | {r['wins']} | {r['draws']} | {r['losses']} | "
                     f"{r['rate']:.0%} ({r['lo']:.0%} to {r['hi']:.0%}) | {r['margin']:+.1f} | "
                     f"{r['move'] * 1000:.0f} ms |")
    from rulekit.engine import core
    from rulekit.engine.provisions import state

    how = "compiled by Cython" if core.is_compiled(state) else "pure Python"
    lines += ["", f"Random games: {speed:.1f} games/s on one core ({length:.0f} actions a game; the family's "
              f"engine {how})."]
    if not args.no_write:
        write_section(f"provisions-ladder-{args.players}p", "\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
