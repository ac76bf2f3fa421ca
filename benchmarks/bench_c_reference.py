"""Random games of province-en per CPU-second: the hand-written C engine against rulekit, in one run.

    python benchmarks/bench_c_reference.py [--games N] [--rounds R] [--base CHECKOUT] [--core K] [--no-write]

The C engine is benchmarks/c_reference/province_en.c (built here with the system's ``cc -O3``, the level
Python builds the compiled core with), held to rulekit game by game by benchmarks/c_reference/verify.py.
Every engine plays the same N games (seeds 0 to N - 1, the first player seed % 2, every choice the one
``State.playout(seed)`` makes), each timed with its process's CPU time:

- C: the N games, played 10 times over in one process (so that its time is long enough to measure);
- rulekit, playout: ``State.playout(seed)``, the whole game in the engine (one C loop in the compiled core);
- rulekit, Python loop: ``legal_actions()`` then ``_apply`` from Python, the same choices;
- with ``--base CHECKOUT``: the same two for another checkout (its own ``rulekit``, compiled in place), so that
  the ratio to the start of a change is measured in the same run.

Each round runs one process per engine, in turn (the order reversed every other round), each pinned to core K
(``taskset -c K``, default 1) when taskset is installed; the figures are the medians over the rounds and the
ratios are taken between medians of the same run. Every process reports the actions it played: the script
checks that they are the same games. Figures go to stdout and to the "c-reference" section of
docs/performance.md. Run it on the compiled core: a tree whose engine is pure Python is refused (``--base``
too).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "c_reference"))

C_REPEAT = 10


def worker(games: int, mode: str) -> dict:
    """rulekit's side of a round, in this process: the games' CPU time with ``mode`` (playout or loop)."""
    from rulekit.engine import ENGINE, new_game
    from rulekit.engine.rng import GOLDEN, MASK64, MIX2, mix
    from rulekit.language import load_ruleset

    rs = load_ruleset("province-en")

    def play(seeds) -> int:
        actions = 0
        for seed in seeds:
            st = new_game(rs, seed=seed, first_player=seed % 2)
            if mode == "playout":
                actions += st.playout(seed)
                continue
            x = (seed * GOLDEN + MIX2) & MASK64
            apply = st._apply
            legal_actions = st.legal_actions
            while st.phase != 2:
                x = (x + GOLDEN) & MASK64
                legal = legal_actions()
                apply(legal[mix(x) % len(legal)])
                actions += 1
        return actions

    play(range(5))                                 # the tables compiled, the change-making tables filled
    start = time.process_time()
    actions = play(range(games))
    return {"engine": ENGINE, "seconds": time.process_time() - start, "games": games, "actions": actions,
            "python": str(Path(sys.modules["rulekit"].__file__).resolve().parent)}


def pinned(core: int | None) -> list:
    return ["taskset", "-c", str(core)] if core is not None else []


def run_c(binary: Path, games: int, core: int | None) -> dict:
    out = subprocess.run([*pinned(core), str(binary), "bench", str(games), str(C_REPEAT)], capture_output=True,
                         text=True, check=True).stdout.split()
    fields = dict(zip(out[0::2], out[1::2]))
    return {"seconds": float(fields["cpu_seconds"]), "games": int(fields["games"]), "actions": int(fields["actions"])}


def run_rulekit(checkout: Path, games: int, mode: str, core: int | None) -> dict:
    env = dict(os.environ, PYTHONPATH=str(checkout))
    env.pop("RULEKIT_PURE_PYTHON", None)
    out = subprocess.run([*pinned(core), sys.executable, str(Path(__file__).resolve()), "--worker", mode,
                          "--games", str(games)], env=env, cwd=str(checkout), capture_output=True, text=True,
                         check=True).stdout
    return json.loads(out.splitlines()[-1])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000, help="games per engine per round (default 5000)")
    parser.add_argument("--rounds", type=int, default=7, help="rounds (default 7; the medians are over them)")
    parser.add_argument("--base", type=Path, default=None, help="another checkout, measured in the same run")
    parser.add_argument("--core", type=int, default=1, help="the core every process is pinned to (default 1)")
    parser.add_argument("--cc", default=None, help="the C compiler (default: $CC, else cc)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/performance.md alone")
    parser.add_argument("--worker", choices=("playout", "loop"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(args.games, args.worker)))
        return 0
    import verify
    from _report import machine, write_section

    if not 0 <= args.core < (os.cpu_count() or 1):
        sys.exit(f"bench_c_reference: no core {args.core} on this machine (--core: 0 to {(os.cpu_count() or 1) - 1})")
    core = args.core if shutil.which("taskset") else None
    if core is None:
        print("bench_c_reference: taskset is not installed; the processes are not pinned to one core",
              file=sys.stderr)
    checkouts = [("head", ROOT)] + ([("base", args.base.resolve())] if args.base else [])
    engines = [("C", None, None)]
    for name, path in checkouts:
        engines += [(f"{name} playout", path, "playout"), (f"{name} loop", path, "loop")]
    runs = {label: [] for label, _, _ in engines}
    loads = [os.getloadavg()[0]]
    with tempfile.TemporaryDirectory(prefix="bench_c_reference-") as tmp:
        try:
            binary = verify.build(Path(tmp), args.cc)
        except verify.NoCompiler as e:
            sys.exit(f"bench_c_reference: {e}")
        for r in range(args.rounds):
            for label, path, mode in (engines if r % 2 == 0 else engines[::-1]):
                if path is None:
                    res = run_c(binary, args.games, core)
                else:
                    res = run_rulekit(path, args.games, mode, core)
                    if res["python"] != str(path / "rulekit"):
                        sys.exit(f"bench_c_reference: the worker for {path} imported rulekit from {res['python']}")
                    if res["engine"] != "compiled":
                        sys.exit(f"bench_c_reference: the engine of {path} is {res['engine']}, not compiled "
                                 "(build it in place: python setup.py build_ext --inplace)")
                runs[label].append(res)
                print(f"round {r + 1}/{args.rounds}: {label}: {res['games'] / res['seconds']:,.0f} games per "
                      "CPU-second", file=sys.stderr, flush=True)
                loads.append(os.getloadavg()[0])
    actions = runs["C"][0]["actions"] // C_REPEAT
    same = all(res["actions"] == (actions * C_REPEAT if label == "C" else actions)
               for label, rs in runs.items() for res in rs)

    def rate(label):
        return statistics.median(res["games"] / res["seconds"] for res in runs[label])

    c_rate = rate("C")
    rows = []
    for label, _, _ in engines[1:]:
        name, mode = label.split()
        how = "`State.playout`" if mode == "playout" else "Python loop"
        rows.append(f"| rulekit {name}, {how} | {rate(label):,.0f} | {c_rate / rate(label):.1f}× |")
    extra = []
    if args.base:
        base_commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                                     cwd=str(args.base)).stdout.strip() or "?"
        extra.append(f"- BASE: a checkout of commit {base_commit}, compiled in place; head: this tree.")
        for mode in ("playout", "loop"):
            extra.append(f"- head against base ({'`State.playout`' if mode == 'playout' else 'Python loop'}): "
                         f"{rate('head ' + mode) / rate('base ' + mode):.2f}× the base's games per CPU-second.")
    command = "python benchmarks/bench_c_reference.py" + (f" --games {args.games}" if args.games != 5000 else "") \
        + (f" --rounds {args.rounds}" if args.rounds != 7 else "") + (" --base BASE" if args.base else "")
    body = "\n".join([
        "## Hand-written C engine (one run)",
        "",
        f"Machine: {machine()}. `{command}`: the same {args.games:,} random games of province-en",
        f"({actions / args.games:.0f} actions per game; every choice the one `State.playout(seed)` makes) played by",
        "the C reference engine (`benchmarks/c_reference/province_en.c`, `cc -O3`, held to rulekit step by step by",
        "`benchmarks/c_reference/verify.py`) and by rulekit's compiled core; "
        f"{args.rounds} rounds, each a process per engine in turn,",
        f"{'pinned to core ' + str(core) if core is not None else 'not pinned'}, timed by its CPU time; medians "
        "over the rounds, ratios between the medians of this run. The machine is shared, so the absolute "
        "figures move from run to run; the ratios are the measurement. "
        f"Load average (1 min) during the run: {min(loads):.1f} to {max(loads):.1f} on {os.cpu_count()} cores. "
        f"The same games in every process: {'yes' if same else 'NO'}.",
        "",
        "| engine | games per CPU-second (median) | C is faster by |",
        "|---|---:|---:|",
        f"| C reference | {c_rate:,.0f} | 1.0× |",
        *rows,
        *([""] + extra if extra else []),
        "",
        "The aim (issue 58) is rulekit's random games within 3× of the C engine's: `State.playout` is at "
        f"{c_rate / rate('head playout'):.1f}× here. How the C engine is held to rulekit: "
        "`python benchmarks/c_reference/verify.py --games N` has rulekit play N seeded games of these and write "
        "each step's legal actions (their notations, in rulekit's order) and the action chosen; the C engine "
        "replays them and must list the same actions in the same order and reach the same scores; then its own "
        "random games are compared whole with `State.playout`'s (actions, turns, scores). "
        "tests/test_c_reference.py runs it on 1,000 games in the full tier.",
    ])
    print(body)
    if not same:
        print("bench_c_reference: the engines did not play the same games (run benchmarks/c_reference/verify.py)",
              file=sys.stderr)
        return 1
    if not args.no_write:
        write_section("c-reference", body)
    return 0


if __name__ == "__main__":
    sys.exit(main())
