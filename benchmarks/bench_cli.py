"""Whole-process time of ``rulekit --help`` and ``rulekit validate``, against a baseline install.

    python benchmarks/bench_cli.py --baseline /path/to/other/venv/bin/python [--runs N] [--no-write]

Runs ``python -m rulekit --help`` and ``python -m rulekit validate
rulesets/province-en.yaml`` with this interpreter and with the baseline's
(another install of rulekit, e.g. the main branch), interleaved run by run so
both see the same load; prints the medians and their ratio, and writes the
"cli" section of docs/performance.md.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

COMMANDS = {
    "rulekit --help": ["--help"],
    "rulekit validate rulesets/province-en.yaml": ["validate", str(ROOT / "rulesets" / "province-en.yaml")],
}


def once(python: str, args: list[str]) -> float:
    start = time.perf_counter()
    # Outside the checkout, so that each interpreter imports its own install of rulekit.
    subprocess.run([python, "-m", "rulekit", *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=True, cwd=tempfile.gettempdir())
    return time.perf_counter() - start


def describe(python: str) -> str:
    """Which rulekit ``python`` imports: its commit when it is a git checkout, else its folder."""
    found = subprocess.run([python, "-c", "import rulekit, os; print(os.path.dirname(rulekit.__file__))"],
                           capture_output=True, text=True, cwd=tempfile.gettempdir())
    folder = found.stdout.strip()
    commit = subprocess.run(["git", "-C", folder, "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return f"commit {commit.stdout.strip()}" if commit.returncode == 0 and folder else folder or "unknown"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", required=True, help="the Python of another rulekit install")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/performance.md alone")
    args = parser.parse_args(argv)
    rows = []
    for label, cmd in COMMANDS.items():
        once(sys.executable, cmd), once(args.baseline, cmd)     # warm the file cache
        ours, base = [], []
        for _ in range(args.runs):
            ours.append(once(sys.executable, cmd))
            base.append(once(args.baseline, cmd))
        mo, mb = statistics.median(ours), statistics.median(base)
        rows.append(f"| `{label}` | {mo * 1000:.0f} ms | {mb * 1000:.0f} ms | {mo / mb:.2f} |")
        print(rows[-1], flush=True)
    from _report import machine, write_section

    body = "\n".join([
        "## Command start-up (whole process)",
        "",
        f"Machine: {machine()}. `python benchmarks/bench_cli.py --baseline PYTHON --runs {args.runs}`: each command",
        f"{args.runs} times with this install and with the baseline's ({describe(args.baseline)}), interleaved;",
        "medians and their ratio (below 1: faster than the baseline).",
        "",
        "| command | this install | baseline | ratio |",
        "|---|---:|---:|---:|",
        *rows,
    ])
    if not args.no_write:
        write_section("cli", body)


if __name__ == "__main__":
    main()
