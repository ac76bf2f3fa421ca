"""Hold the C reference engine (province_en.c) to rulekit, game by game.

    python benchmarks/c_reference/verify.py [--games N] [--start SEED] [--playouts M] [--cc CC] [--log FILE]

rulekit plays seeded random games of province-en (seed s, first player s % 2, each choice the one
``State.playout(s)`` makes: a SplitMix64 generator seeded with s * GOLDEN + MIX2, ``legal[x % len(legal)]``) and
writes, per step, the notations of the legal actions in rulekit's order and the one chosen, then the final
scores. The C engine replays the choices and must list the same legal actions **in the same order** and reach
the same scores (``province_en verify``). Then the C engine's own random games (``province_en playout``, the
games the benchmark times) are compared with rulekit's ``State.playout`` for the same seeds: the number of
actions, of turns and the scores of each. Exit 0 when every game agrees; else the first divergence is printed
and the exit is 1. The C compiler is the system's ``cc`` (or ``--cc``, or ``$CC``); without one the exit is 2
with a message saying so.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "province_en.c"
RULESET = "province-en"


class NoCompiler(RuntimeError):
    """No C compiler to build the reference engine with."""


def build(out_dir: Path, cc: str | None = None, source: Path = SOURCE) -> Path:
    """Compile province_en.c (or ``source``) into ``out_dir`` with ``cc`` (default: $CC, else the system's ``cc``);
    the binary's path. NoCompiler without one, RuntimeError with the compiler's message when it fails."""
    cc = cc or os.environ.get("CC") or "cc"
    if shutil.which(cc) is None:
        raise NoCompiler(f"no C compiler {cc!r} on PATH: the C reference engine ({SOURCE.name}) needs one "
                         "(install gcc or clang, or give --cc / $CC)")
    binary = Path(out_dir) / Path(source).stem
    done = subprocess.run([cc, "-O3", "-o", str(binary), str(source)], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{cc} could not build {Path(source).name}:\n{done.stderr}")
    return binary


def chooser(seed: int):
    """State.playout's choices for ``seed``: a function from the legal actions to the one chosen."""
    from rulekit.engine.rng import GOLDEN, MASK64, MIX2, mix

    x = (seed * GOLDEN + MIX2) & MASK64

    def choose(legal):
        nonlocal x
        x = (x + GOLDEN) & MASK64
        return legal[mix(x) % len(legal)]
    return choose


def write_log(out, seeds) -> int:
    """rulekit plays the games of ``seeds`` and writes each step into ``out``; returns the steps written."""
    from rulekit.engine import new_game
    from rulekit.language import load_ruleset

    rs = load_ruleset(RULESET)
    steps = 0
    for seed in seeds:
        first = seed % 2
        st = new_game(rs, seed=seed, first_player=first)
        choose = chooser(seed)
        out.write(f"game {seed} {first}\n")
        while not st.is_terminal():
            legal = st.legal_actions()
            a = choose(legal)
            out.write("legal " + ";".join(st.notation(b) for b in legal) + "\n")
            out.write(f"play {st.notation(a)}\n")
            st.apply(a)
            steps += 1
        s0, s1 = st.scores()
        out.write(f"scores {s0} {s1}\n")
    return steps


def replay(binary: Path, seeds, log_path: Path | None = None) -> tuple[bool, str]:
    """Have the C engine replay rulekit's games of ``seeds``: (agreed, its report). The log streams into the C
    engine as rulekit writes it (no file, whatever the number of games), or, with ``log_path``, is written there
    first and kept."""
    if log_path is not None:
        with open(log_path, "w") as out:
            write_log(out, seeds)
        with open(log_path) as log:
            done = subprocess.run([str(binary), "verify"], stdin=log, capture_output=True, text=True)
        return done.returncode == 0, (done.stdout + done.stderr).strip()
    proc = subprocess.Popen([str(binary), "verify"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        write_log(proc.stdin, seeds)
    except BrokenPipeError:                       # the C engine stopped reading: a divergence, told below
        pass
    out, err = proc.communicate()
    return proc.returncode == 0, (out + err).strip()


def compare_playouts(binary: Path, games: int) -> tuple[bool, str]:
    """The C engine's random games of seeds 0 to games - 1 against rulekit's State.playout of the same seeds."""
    from rulekit.engine import new_game
    from rulekit.language import load_ruleset

    rs = load_ruleset(RULESET)
    done = subprocess.run([str(binary), "playout", str(games)], capture_output=True, text=True, check=True)
    lines = done.stdout.split("\n")
    for seed in range(games):
        st = new_game(rs, seed=seed, first_player=seed % 2)
        n = st.playout(seed)
        mine = f"{seed} {n} {st.turn + 1} {st.score(0)} {st.score(1)}"
        if lines[seed] != mine:
            return False, (f"DIVERGENCE in the random game of seed {seed}: rulekit (seed, actions, turns, scores) "
                           f"{mine}; C {lines[seed]}")
    return True, f"the C engine's {games} random games are State.playout's: the same actions, turns and scores"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games replayed step by step (default 1000)")
    parser.add_argument("--start", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument("--playouts", type=int, default=None,
                        help="random games compared whole with State.playout (default: --games)")
    parser.add_argument("--cc", default=None, help="the C compiler (default: $CC, else cc)")
    parser.add_argument("--log", type=Path, default=None, help="also keep the step log in this file")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="c_reference-") as tmp:
        try:
            binary = build(Path(tmp), args.cc)
        except NoCompiler as e:
            print(f"verify: {e}", file=sys.stderr)
            return 2
        ok, report = replay(binary, range(args.start, args.start + args.games), args.log)
        print(report)
        if not ok:
            return 1
        ok, report = compare_playouts(binary, args.games if args.playouts is None else args.playouts)
        print(report)
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
