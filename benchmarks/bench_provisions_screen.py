"""How tall and wide the terminal screen of a Provisions game is, over many positions.

    python benchmarks/bench_provisions_screen.py [--size 80x24] [--positions 200] [--lang en]

Each position is a seeded random game of ``provisions-1849`` (2 to 5 players in turn, a human in the
first seat against ``bot:normal`` names), stopped at a decision of the human seat somewhere in the
game. The screen ``rulekit play`` draws there (the session's ``screen_lines``, for a terminal of the
given size) is measured as a terminal shows it: the rows it takes (a line wider than the terminal
takes several), the widest line, and how many numbered choices it offers. Printed: the largest and
the median of each, and the share of screens taller than the terminal.
"""
from __future__ import annotations

import argparse
import random
import statistics


def positions(count: int, seed0: int = 0):
    """``(players, notations)``: seeded random games stopped at a decision of seat 0."""
    from rulekit.engine import new_game
    from rulekit.language import load_ruleset

    rules = load_ruleset("provisions-1849")
    out = []
    seed = seed0
    while len(out) < count:
        players = 2 + seed % 4
        rng = random.Random(seed)
        st = new_game(rules, seed=seed, players=players)
        stop = rng.randrange(0, 19 * players + players)
        while not st.is_terminal() and (len(st.history) < stop or st.decider != 0):
            st.apply(rng.choice(st.legal_actions()))
        if not st.is_terminal():
            out.append((seed, players, st.history_notation()))
        seed += 1
    return rules, out


def measure(rules, seed, players, actions, columns, rows):
    """Rows taken, widest line and choices shown by the screen of this position."""
    from rulekit.play.layout import visible_len
    from rulekit.play.session import Console
    from rulekit.play.sessions import session_class

    console = Console(interactive=True, color=False, write=lambda _t: None, read_line=lambda _p: None,
                      clear=lambda: None, size=(columns, rows))
    session = session_class(rules)(ruleset=rules, seed=seed, players=["human"] + ["bot:normal=greedy"] * (players - 1),
                                   console=console, actions=actions, autosave=False)
    lines = session.screen_lines()
    taken = sum(max(1, -(-visible_len(line) // columns)) for line in lines)
    widest = max(visible_len(line) for line in lines)
    shown = len(session.menu()) if hasattr(session, "menu") else len(session.state.legal_actions())
    return taken, widest, shown


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--lang", default="en")
    args = parser.parse_args(argv)
    from rulekit.i18n import language

    columns, rows = (int(x) for x in args.size.split("x"))
    rules, cases = positions(args.positions)
    taken, widest, shown = [], [], []
    with language(args.lang):
        for seed, players, actions in cases:
            t, w, s = measure(rules, seed, players, actions, columns, rows)
            taken.append(t)
            widest.append(w)
            shown.append(s)
    over = sum(1 for t in taken if t > rows - 1)
    print(f"{len(cases)} positions, {columns}x{rows}, language {args.lang}")
    print(f"rows taken: median {statistics.median(taken):g}, max {max(taken)}, min {min(taken)}; "
          f"taller than the terminal (prompt row kept): {over}")
    print(f"widest line: median {statistics.median(widest):g}, max {max(widest)} (terminal: {columns})")
    print(f"choices shown: median {statistics.median(shown):g}, max {max(shown)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
