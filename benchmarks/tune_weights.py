"""Tune the evaluation's weights by self-play: a coordinate search between equal search bots.

    nice -n 5 python benchmarks/tune_weights.py [--bot wide:30] [--games 100] [--rounds 1]
                                                [--start NAME=VALUE ...] [--confirm 400] [--jobs 2]

The evaluation (``rulekit.bots.policy.evaluate``) adds up terms with hand-set
weights (``WEIGHTS``; docs/bots.md). Starting from them (or from ``--start``),
each round tries every term but ``vp`` (the unit the others are counted in)
at half and at twice its current weight: the bot with the changed weights
plays GAMES games against the same bot with the current weights (game i has
seed SEED + i, the changed bot in seat i mod 2, seat (i // 2) mod 2 first;
games still running after 200 turns count as half a win). A change that wins
more than ``--keep`` of its games (55% by default) is kept, the best first,
then the next round starts from the new weights. ``--confirm N`` then plays
the final weights against the hand-set ones on N fresh games (seeds from
100,000) and prints the win rate with its Wilson 95% interval.

The games are the same for the same options whatever ``--jobs`` is. It prints
its progress and the result; nothing is written to the docs (the hard level's
weights are chosen by reading this output: docs/bots.md says which run).
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import sys
import time

from rulekit.balance.simulate import wilson_interval
from rulekit.bots.policy import WEIGHT_NAMES, WEIGHTS, make_weights
from rulekit.bots.registry import make_bot
from rulekit.engine import new_game
from rulekit.language import load_ruleset

MAX_TURNS = 200
CONFIRM_SEED = 100_000


def _bot(spec, weights, seed):
    bot = make_bot(spec, seed)
    if not hasattr(bot, "weights"):
        raise SystemExit(f"{spec}: this bot has no evaluation weights")
    bot.weights = tuple(weights)
    return bot


def play(task) -> float:
    """One game; the changed bot's score: 1 win, 0.5 draw or unfinished, 0 loss."""
    index, spec, w_new, w_old, ruleset = task
    rs = load_ruleset(ruleset)
    seat = index % 2
    bots = [None, None]
    bots[seat] = _bot(spec, w_new, 2 * index)
    bots[1 - seat] = _bot(spec, w_old, 2 * index + 1)
    st = new_game(rs, seed=index, first_player=(index // 2) % 2)
    while not st.is_terminal():
        if st.turn >= MAX_TURNS:
            return 0.5
        st._apply(bots[st.current].choose(st))
    w = st.winner()
    return 0.5 if w is None else float(w == seat)


def match(pool, spec, w_new, w_old, games, seed, ruleset) -> float:
    tasks = [(seed + i, spec, w_new, w_old, ruleset) for i in range(games)]
    results = pool.map(play, tasks, chunksize=max(1, games // 16)) if pool else map(play, tasks)
    return sum(results)


def show(weights) -> str:
    return ", ".join(f"{n}={w:g}" for n, w in zip(WEIGHT_NAMES, weights))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bot", default="wide:30", help="the search bot whose evaluation is tuned (default: wide:30)")
    ap.add_argument("--ruleset", default="province-en")
    ap.add_argument("--games", type=int, default=100, help="games per candidate (default: 100)")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--keep", type=float, default=0.55, help="win rate a change needs to be kept (default: 0.55)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--start", action="append", default=[], metavar="NAME=VALUE",
                    help=f"a starting weight other than the hand-set one ({', '.join(WEIGHT_NAMES)})")
    ap.add_argument("--confirm", type=int, default=0, help="games of the final weights against the hand-set ones")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    try:
        current = make_weights(**{k: float(v) for k, v in (s.split("=", 1) for s in args.start)})
    except ValueError as exc:
        ap.error(str(exc))
    print(f"start: {show(current)}", flush=True)
    pool = cf.ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    seed = args.seed
    started = time.perf_counter()
    try:
        for rnd in range(args.rounds):
            tried = []
            for k, name in enumerate(WEIGHT_NAMES):
                if name == "vp":
                    continue
                for factor in (0.5, 2.0):
                    cand = list(current)
                    cand[k] = current[k] * factor
                    won = match(pool, args.bot, cand, current, args.games, seed, args.ruleset)
                    lo, hi = wilson_interval(round(won), args.games)
                    tried.append((won, k, cand[k]))
                    print(f"round {rnd + 1}: {name} {current[k]:g} -> {cand[k]:g}: {won:g} of {args.games} "
                          f"({won / args.games:.0%}, {lo:.0%} to {hi:.0%})  [{time.perf_counter() - started:.0f} s]",
                          flush=True)
            seed += args.games
            changed = False
            done = set()
            for won, k, value in sorted(tried, reverse=True):
                if won / args.games > args.keep and k not in done:
                    current = tuple(value if i == k else w for i, w in enumerate(current))
                    done.add(k)
                    changed = True
            print(f"after round {rnd + 1}: {show(current)}", flush=True)
            if not changed:
                break
        if args.confirm:
            won = match(pool, args.bot, current, WEIGHTS, args.confirm, CONFIRM_SEED, args.ruleset)
            lo, hi = wilson_interval(round(won), args.confirm)
            print(f"confirm: {show(current)} against the hand-set weights: {won:g} of {args.confirm} "
                  f"({won / args.confirm:.1%}, 95% interval {lo:.1%} to {hi:.1%})", flush=True)
    except KeyboardInterrupt:
        print(f"interrupted; weights so far: {show(current)}", file=sys.stderr)
        return 130
    finally:
        if pool:
            pool.shutdown(cancel_futures=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
