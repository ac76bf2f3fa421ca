"""Why the first seat wins: the races of many games between two bots, counted.

    nice -n 10 python benchmarks/race_analysis.py province-en --bots hard,hard --games 100 [--seed 0]
                                                  [--json races.json]

Plays the games ``rulekit simulate RULESET --bots A,B --games N --seed S``
plays (the same seeds, seats and first players: ``game_plan``), one process,
and follows each game action by action. For each structure it counts who
built it first (the first player or the second) and in which round (round
*r* is the first player's *r*-th turn and the second player's answer), for
each goal who claimed it and in which round, which structure each player
built first and in which round, the winner and by how much, and for the
games the first player won and lost the first builders of each structure.
Printed as Markdown tables (docs/balance.md quotes them); ``--json`` writes
the per-game records too. Two-player rulesets of Province's family only.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter, defaultdict

from rulekit.balance.simulate import game_plan, wilson_interval
from rulekit.bots import canonical_bot, make_bot
from rulekit.engine import compile_ruleset, new_game
from rulekit.language import load_ruleset

MAX_TURNS = 200


def play(rs, c, bots, index: int, seed: int) -> dict:
    """Game ``index`` of the run, followed: who did what first, and when (places: 0 = first player)."""
    game_seed, seat_of_a, first, *bot_seeds = game_plan(index, seed, c.first_random, 2)
    seats = [None, None]
    for j, (name, bot_seed) in enumerate(zip(bots, bot_seeds)):
        seats[(seat_of_a + j) % 2] = make_bot(name, bot_seed)
    st = new_game(rs, seed=game_seed, first_player=first, players=2)
    n_struct, n_goal = len(c.struct_ids), len(c.goal_ids)
    built = [None] * n_struct            # (place, round) of the first build
    claimed = [None] * n_goal            # (place, round) of the claim
    own_first = [None, None]             # per place: (structure, round) of its first build
    first_seat = None
    while not st.is_terminal() and st.turn < MAX_TURNS:
        st._apply(seats[st.decider].choose(st))
        if first_seat is None:
            first_seat = st.first
        rnd = st.turn // 2 + 1

        def place(seat):
            return 0 if seat == st.first else 1

        for s in range(n_struct):
            fb = st.first_builder[s]
            if fb >= 0 and built[s] is None:
                built[s] = (place(fb), rnd)
                if own_first[place(fb)] is None:
                    own_first[place(fb)] = (c.struct_ids[s], rnd)
        for p in range(2):
            for g in st.claimed[p]:
                if claimed[g] is None:
                    claimed[g] = (place(p), rnd)
    finished = st.is_terminal()
    winner = None
    if finished:
        w = st.result()["winner"]
        winner = None if w is None else (0 if w == st.first else 1)
    scores = st.scores()
    return {
        "index": index, "seed": game_seed, "finished": finished, "winner": winner,
        "a_first": seat_of_a == st.first,
        "turns": st.turn + 1 if finished else st.turn,
        "scores": [scores[st.first], scores[1 - st.first]],
        "built": {c.struct_ids[s]: built[s] for s in range(n_struct)},
        "claimed": {c.goal_ids[g]: claimed[g] for g in range(n_goal)},
        "drawn": [c.goal_ids[g] for g in range(n_goal) if claimed[g] is not None or g in st.removed
                  or g in st.stack or g == st.face_up],
        "own_first": own_first,
        "end_reason": st.end_reason if finished else None,
    }


def pct(k: int, n: int) -> str:
    if not n:
        return "—"
    lo, hi = wilson_interval(k, n)
    return f"{k} of {n} ({k / n:.1%}, {lo:.1%} to {hi:.1%})"


def median(xs) -> str:
    return f"{statistics.median(xs):g}" if xs else "—"


def report(records: list[dict], c) -> str:
    out = []
    n = len(records)
    decided = [r for r in records if r["winner"] is not None]
    first_wins = sum(1 for r in decided if r["winner"] == 0)
    out.append(f"games: {n}; decided: {len(decided)}; the first player wins {pct(first_wins, len(decided))}")
    out.append(f"turns (both players' counted): median {median([r['turns'] for r in records])}; "
               f"rounds: median {median([(r['turns'] + 1) // 2 for r in records])}")
    for a_first, where in ((True, "first"), (False, "second")):
        games = [r for r in decided if r["a_first"] == a_first]
        out.append(f"bot A as the {where} player wins {pct(sum(r['winner'] == (0 if a_first else 1) for r in games), len(games))}")
    margins = [r["scores"][0] - r["scores"][1] for r in decided]
    out.append(f"VP, first player minus second: median {median(margins)}; "
               f"mean VP first {statistics.mean(r['scores'][0] for r in records):.2f}, "
               f"second {statistics.mean(r['scores'][1] for r in records):.2f}")
    ends = Counter(r["end_reason"] for r in records)
    out.append("end reasons: " + ", ".join(f"{k}: {v}" for k, v in ends.most_common()))
    out.append("")
    out.append("| structure | built first by the first player / the second / nobody | median round of the "
               "first build (first player's / second's) | first player's win rate when it built it first / "
               "when the second did |")
    out.append("|---|---|---|---|")
    for s in c.struct_ids:
        by = [r["built"][s] for r in records]
        k0 = [b[1] for b in by if b and b[0] == 0]
        k1 = [b[1] for b in by if b and b[0] == 1]
        none = sum(1 for b in by if b is None)
        w0 = [r for r in decided if r["built"][s] and r["built"][s][0] == 0]
        w1 = [r for r in decided if r["built"][s] and r["built"][s][0] == 1]
        out.append(f"| {s} | {len(k0)} / {len(k1)} / {none} | {median(k0)} / {median(k1)} | "
                   f"{sum(r['winner'] == 0 for r in w0)} of {len(w0)} / {sum(r['winner'] == 0 for r in w1)} "
                   f"of {len(w1)} |")
    out.append("")
    out.append("| goal | drawn | claimed by the first player / the second | median round of the claim |")
    out.append("|---|---|---|---|")
    for g in c.goal_ids:
        drawn = sum(1 for r in records if g in r["drawn"])
        cl = [r["claimed"][g] for r in records if r["claimed"][g]]
        k0 = sum(1 for x in cl if x[0] == 0)
        out.append(f"| {g} | {drawn} | {k0} / {len(cl) - k0} | {median([x[1] for x in cl])} |")
    out.append("")
    for place, who in ((0, "first player"), (1, "second player")):
        firsts = Counter(r["own_first"][place][0] for r in records if r["own_first"][place])
        rounds = defaultdict(list)
        for r in records:
            if r["own_first"][place]:
                rounds[r["own_first"][place][0]].append(r["own_first"][place][1])
        out.append(f"the {who}'s first structure: " + ", ".join(
            f"{s} {k} (round {median(rounds[s])})" for s, k in firsts.most_common()))
    return "\n".join(out) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ruleset")
    ap.add_argument("--bots", default="hard,hard")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", metavar="FILE")
    args = ap.parse_args(argv)
    rs = load_ruleset(args.ruleset)
    c = compile_ruleset(rs, players=2)
    bots = tuple(canonical_bot(b) for b in args.bots.split(","))
    records = []
    for i in range(args.games):
        records.append(play(rs, c, bots, i, args.seed))
        if (i + 1) % 20 == 0:
            print(f"  {i + 1}/{args.games} games", file=sys.stderr)
    print(f"{args.ruleset}, {' vs '.join(bots)}, {args.games} games, seed {args.seed}")
    print(report(records, c), end="")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({"ruleset": args.ruleset, "bots": bots, "seed": args.seed, "games": records}, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
