"""Shared by the benchmark scripts: the machine's description and docs/performance.md sections."""
from __future__ import annotations

import os
import platform
import re
import subprocess
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "performance.md"
HEADER = """# Performance

How fast rulekit runs, for developers: the figures measured by the scripts in
`benchmarks/` on the machine described in each section (each script rewrites
only its own section). They are measurements, not assertions: the test suite
never times anything.

"""


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                                cwd=DOC.parent.parent).stdout.strip()
    except OSError:
        commit = "?"
    return (f"{cpu}, {os.cpu_count()} cores; Python {platform.python_version()} "
            f"({platform.python_implementation()}) on {platform.system()} {platform.release()}; commit {commit}")


def write_section(name: str, body: str) -> None:
    text = DOC.read_text(encoding="utf-8") if DOC.exists() else HEADER
    start, end = f"<!-- bench:{name} -->", f"<!-- /bench:{name} -->"
    block = f"{start}\n{body.rstrip()}\n{end}"
    if start in text:
        text = re.sub(re.escape(start) + r".*?" + re.escape(end), lambda _: block, text, flags=re.S)
    else:
        text = text.rstrip() + "\n\n" + block + "\n"
    DOC.parent.mkdir(exist_ok=True)
    DOC.write_text(text, encoding="utf-8")
