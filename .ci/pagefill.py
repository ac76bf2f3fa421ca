"""The page faults of a PDF rulebook, read from the PDF itself. Used by .ci/checks/35-pages.

    python .ci/pagefill.py BOOK.pdf [...]     # one line per page; exit 1 on a fault

Three faults, none allowed (the pages a publisher would send back):

- a page, other than the last, **more than a third empty**: rendered to PNG (pdftoppm), its
  content (text, tables, drawings; the page-number footer left out) ends above two thirds of the
  printable height;
- a page that **holds only a heading**: every line of its text is set larger than the body text
  (a heading), as when a heading is left behind by the table or text that follows it;
- a page that **ends with a heading**: its last line is a heading, cut from what it heads (a
  table pushed to the next page, a list that starts there), or a heading with a single line under
  it when its section goes on at the top of the next page.

A heading is told from its size: ``pdftotext -bbox-layout`` gives every line's box, and a line
whose height is at least :data:`HEADING` times the page-number footer's (set at 8 pt, the body
text at 10 pt, a table at 9.2 pt, an h3 at 10.8 pt and an h2 at 13.5 pt: rulebook.css) is a
heading.
"""
from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from PIL import Image

#: A page other than the last whose content ends above this fraction of the printable height is
#: "more than a third empty".
LIMIT = 2 / 3
#: The bottom of the page that holds the page number (the @page margin).
FOOTER = 16 / 210          # 16 mm of an A5 page's 210 mm
#: A line at least this many times the footer's height is a heading (the body is 1.25 times it).
HEADING = 1.3


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


_PAGE = re.compile(r'<page width="[\d.]+" height="([\d.]+)">(.*?)</page>', re.S)
_LINE = re.compile(r'<line xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">(.*?)</line>', re.S)
_WORD = re.compile(r"<word [^>]*>(.*?)</word>")


def page_lines(pdf: Path) -> tuple[list[list[tuple[float, float, str]]], float]:
    """Each page's lines of text, top to bottom: (top, height, text), the footer left out; and
    the footer's line height."""
    xml = subprocess.run(["pdftotext", "-bbox-layout", str(pdf), "-"], check=True, capture_output=True,
                         text=True).stdout
    out, footer = [], Counter()
    for height, body in _PAGE.findall(xml):
        bottom = float(height) * (1 - FOOTER)
        lines = []
        for top, low, words in _LINE.findall(body):
            if float(top) >= bottom:
                footer[round(float(low) - float(top), 1)] += 1
                continue
            lines.append((float(top), float(low) - float(top), " ".join(_WORD.findall(words))))
        out.append(sorted(lines))
    return out, (footer.most_common(1)[0][0] if footer else 0.0)


def heading_faults(lines, footer: float, following=()) -> str:
    """The heading fault of a page ("" when none): only a heading, or a heading at its foot
    (``following``: the next page's lines)."""
    if not lines or not footer:
        return ""
    big = lambda line: line[1] >= footer * HEADING  # noqa: E731
    if all(big(line) for line in lines):
        return "holds only a heading («" + " ".join(t for _y, _h, t in lines) + "»)"
    if big(lines[-1]):
        return "ends with a heading, cut from what it heads («" + lines[-1][2] + "»)"
    if len(lines) >= 2 and big(lines[-2]) and following and not big(following[0]):
        return "ends with a heading and one line of its section («" + lines[-2][2] + "»)"
    return ""


def check(pdf: Path, tmp: Path) -> list[str]:
    """One line per page, each fault marked with ``<-``."""
    rendered = pages(pdf, tmp)
    texts, footer = page_lines(pdf)
    report = []
    for number, png in enumerate(rendered, 1):
        share = fill(png)
        last = number == len(rendered)
        faults = []
        if not last and share < LIMIT:
            faults.append("more than a third empty")
        lines = texts[number - 1] if number <= len(texts) else []
        following = texts[number] if number < len(texts) else []
        heading = heading_faults(lines, footer, following) if not (last and number == 1) else ""
        if heading and not (last and heading.startswith("ends")):
            faults.append(heading)
        flag = ("  <- " + "; ".join(faults)) if faults else ""
        report.append(f"{pdf.name} page {number}/{len(rendered)}: content down to {share:.0%}{flag}")
    return report


def main(argv) -> int:
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name in argv:
            for line in check(Path(name), Path(tmp)):
                bad += "<-" in line
                print(line)
    if bad:
        print(f"pagefill: {bad} page(s) with a fault", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
