"""How full each page of a PDF is: render every page to PNG (pdftoppm) and
measure how far down the page the content reaches (the page-number footer
left out). Used by .ci/checks/35-pages.

    python .ci/pagefill.py BOOK.pdf [...]     # prints one line per page; exit 1 on a near-empty page
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

#: A page other than the last whose content ends above this fraction of the
#: printable height is "more than half empty".
LIMIT = 0.5
#: The bottom of the page that holds the page number (the @page margin).
FOOTER = 16 / 210          # 16 mm of an A5 page's 210 mm


def fill(png: Path) -> float:
    """The fraction of the page height, footer excluded, down to the last inked row."""
    image = Image.open(png).convert("L")
    width, height = image.size
    usable = int(height * (1 - FOOTER))
    pixels = image.load()
    last = 0
    for y in range(usable):
        if any(pixels[x, y] < 200 for x in range(0, width, 2)):
            last = y
    return last / usable


def pages(pdf: Path, out: Path) -> list[Path]:
    prefix = out / pdf.stem
    subprocess.run(["pdftoppm", "-png", "-r", "40", str(pdf), str(prefix)], check=True)
    return sorted(out.glob(f"{pdf.stem}-*.png"))


def main(argv) -> int:
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name in argv:
            pdf = Path(name)
            rendered = pages(pdf, Path(tmp))
            for number, png in enumerate(rendered, 1):
                share = fill(png)
                last = number == len(rendered)
                flag = "" if last or share >= LIMIT else "  <- more than half empty"
                bad += bool(flag)
                print(f"{pdf.name} page {number}/{len(rendered)}: content down to {share:.0%}{flag}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
