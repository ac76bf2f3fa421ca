"""Rulebooks written from a resolved ruleset: Markdown, HTML and PDF.

The book is rendered from one Jinja2 template, ``templates/rulebook.html.j2``,
whose texts are translatable (``jinja2.ext.i18n`` wired to :mod:`rulekit.i18n`)
and whose rules come from the ruleset data through :mod:`rulekit.text.sentences`:
nothing is written by hand, so a changed cost can never be stale.

- HTML: one self-contained file (CSS and the Work Cycle's SVG inline), with
  Jinja's autoescaping, so ruleset text such as a name containing ``<script>``
  shows as text.
- Markdown and plain text are converted from that HTML (see
  :class:`_TextWriter`); text is escaped for Markdown.
- PDF: the HTML with the print stylesheet, through WeasyPrint, with no date
  and a fixed identifier, so identical input gives identical bytes.

A variant (a ruleset whose ``extends`` chain has a base) opens with a "House
rules" box listing its changes from the base, from :func:`rulekit.text.diff.rule_diff`.
"""
from __future__ import annotations

import contextlib
import hashlib
import math
import os
import re
from html.parser import HTMLParser
from pathlib import Path

import jinja2

from .. import i18n
from ..errors import RulekitError
from ..language.names import display_name
from ..language.province_model import model_of
from ..language.ruleset import coins_resource
from ..paths import TEMPLATES_DIR
from . import sentences
from .diff import grouped, rule_diff, section_title

FORMATS = ("md", "html", "pdf")

#: The sections of a rulebook, in order (also the ids of ``section_text``).
SECTIONS = ("story", "winning", "components", "setup", "turn", "work", "spending", "structures",
            "borrowing", "casting", "conversions", "goals", "end", "scoring")

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")


class RulebookError(RulekitError):
    """A rulebook could not be written (for example, no PDF engine)."""


@contextlib.contextmanager
def language(lang: str | None):
    """Use ``lang`` for the strings made inside the block, then restore the previous language."""
    previous = i18n.get_language()
    if lang:
        i18n.set_language(lang)
    try:
        yield
    finally:
        i18n.set_language(previous)


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES_DIR)),
        autoescape=True,
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )
    i18n.install_jinja(env)      # gettext, ngettext, pgettext, npgettext (newstyle)
    return env


_ENV = None


def environment() -> jinja2.Environment:
    global _ENV
    if _ENV is None:
        _ENV = _environment()
    return _ENV


# --------------------------------------------------------------------------
# The Work Cycle drawing


def work_cycle_svg_data(data) -> dict:
    """Positions for the Work Cycle drawing: spaces on a circle, clockwise from the top."""
    spaces = data["work_cycle"]["spaces"]
    n = len(spaces)
    # the full names of the spaces, as the text and the table name them (« Zone d'Ouvrage supérieure »),
    # on two lines when long
    names = [str(sentences.space_name(data, s["id"])) for s in spaces]
    name_lines = [_two_lines(name) for name in names]
    # wide enough for the longest line (about 0.6 em per character at 10.5 px)
    longest = max([len(line) for lines in name_lines for line in lines]
                  + [len(_short_yield(data, s.get("yields") or {})) for s in spaces])
    radius = max(42.0, longest * 3.2 + 8) if n <= 4 else max(24.0, 150.0 / n)
    ring = max(88.0, radius * 1.9)
    cx, cy = ring + radius + 8, ring + radius + 6
    nodes = []
    start_counts = {}
    for worker in data["workers"].values():
        for sid in worker.get("start") or []:
            start_counts[sid] = start_counts.get(sid, 0) + 1
    for i, space in enumerate(spaces):
        angle = -math.pi / 2 + 2 * math.pi * i / n
        x, y = cx + ring * math.cos(angle), cy + ring * math.sin(angle)
        nodes.append({
            "x": round(x, 1), "y": round(y, 1), "name": names[i], "lines": name_lines[i],
            "yields": _short_yield(data, space.get("yields") or {}),
            "coin": bool((space.get("yields") or {}).get(coins_resource(data) or "")),
            "workers": start_counts.get(space["id"], 0),
            "entry": space["id"] == data["work_cycle"]["entry"],
        })
    arrows = []
    for i in range(n):
        a, b = nodes[i], nodes[(i + 1) % n]
        dx, dy = b["x"] - a["x"], b["y"] - a["y"]
        dist = math.hypot(dx, dy) or 1.0
        ux, uy = dx / dist, dy / dist
        # bend the arrow outwards a little, so it reads as going round the cycle
        mx, my = (a["x"] + b["x"]) / 2, (a["y"] + b["y"]) / 2
        ox, oy = mx - cx, my - cy
        olen = math.hypot(ox, oy) or 1.0
        bend = 18.0
        qx, qy = mx + ox / olen * bend, my + oy / olen * bend
        sx, sy = a["x"] + ux * (radius + 4), a["y"] + uy * (radius + 4)
        ex, ey = b["x"] - ux * (radius + 9), b["y"] - uy * (radius + 9)
        arrows.append({"d": f"M {sx:.1f} {sy:.1f} Q {qx:.1f} {qy:.1f} {ex:.1f} {ey:.1f}"})
    width = round(2 * cx)
    height = round(cy + ring * max(math.sin(-math.pi / 2 + 2 * math.pi * i / n) for i in range(n)) + radius + 8)
    return {"nodes": nodes, "arrows": arrows, "r": round(radius, 1), "cx": round(cx, 1), "cy": round(cy, 1),
            "width": width, "height": height}


def _short(name) -> str:
    return name.short if isinstance(name, i18n.Name) else str(name)


def _two_lines(name: str, most: int = 14) -> list[str]:
    """A space's name on one line, or on two of about equal length when it is long."""
    words = name.split()
    if len(name) <= most or len(words) < 2:
        return [name]
    best = min(range(1, len(words)), key=lambda k: max(len(" ".join(words[:k])), len(" ".join(words[k:]))))
    return [" ".join(words[:best]), " ".join(words[best:])]


# --------------------------------------------------------------------------
# The drawing of which structures require which


def requirements_svg_data(data) -> dict | None:
    """Boxes and arrows, as on the board: an arrow goes from a structure to one that requires it.

    Columns by depth (a structure with no requirement on the left), each
    structure on the row of the first structure it requires. None when no
    structure requires another."""
    structures = model_of(data).structures
    # The model's requirements: an arrow from each of all_of; from each of any_of, dashed (one of them is enough).
    either = {sid: [r for r in st.requires.any_of if r in structures] for sid, st in structures.items()}
    requires = {sid: [r for r in st.requires.all_of if r in structures] + either[sid]
                for sid, st in structures.items()}
    involved = [sid for sid in structures if requires[sid] or any(sid in r for r in requires.values())]
    if not involved:
        return None
    depth = {}

    def depth_of(sid, seen=()):
        if sid not in depth:
            depth[sid] = 0 if not requires[sid] or sid in seen else \
                1 + max(depth_of(r, seen + (sid,)) for r in requires[sid])
        return depth[sid]

    for sid in involved:
        depth_of(sid)
    row, next_row = {}, 0
    for level in range(max(depth[s] for s in involved) + 1):
        for sid in involved:
            if depth[sid] != level:
                continue
            parent_rows = [row[r] for r in requires[sid] if r in row]
            wanted = min(parent_rows) if parent_rows else next_row
            taken = {row[o] for o in row if depth[o] == level}
            while wanted in taken:
                wanted += 1
            row[sid] = wanted
            next_row = max(next_row, wanted + 1)
    names = {sid: str(sentences.structure_name(data, sid)) for sid in involved}
    box_w = max(70.0, max(len(n) for n in names.values()) * 7.0 + 16)
    box_h, gap_x, gap_y, margin = 24.0, 44.0, 12.0, 4.0
    nodes = {sid: {"x": margin + depth[sid] * (box_w + gap_x), "y": margin + row[sid] * (box_h + gap_y),
                   "name": names[sid]} for sid in involved}
    arrows = []
    for sid in involved:
        for r in requires[sid]:
            a, b = nodes[r], nodes[sid]
            sx, sy = a["x"] + box_w, a["y"] + box_h / 2
            ex, ey = b["x"] - 7, b["y"] + box_h / 2
            arrows.append({"d": f"M {sx:.1f} {sy:.1f} C {sx + gap_x / 2:.1f} {sy:.1f} "
                                f"{ex - gap_x / 2:.1f} {ey:.1f} {ex:.1f} {ey:.1f}", "any": r in either[sid]})
    width = round(margin * 2 + (max(depth.values()) + 1) * box_w + max(depth.values()) * gap_x)
    height = round(margin * 2 + next_row * box_h + (next_row - 1) * gap_y)
    return {"nodes": list(nodes.values()), "arrows": arrows, "w": round(box_w, 1), "h": box_h,
            "width": width, "height": height}


def _short_yield(data, yields) -> str:
    parts = []
    for rid in data.get("resources") or {}:
        if yields.get(rid):
            parts.append(i18n.npgettext("work cycle", "+{num} {resource}", "+{num} {resource}", yields[rid]).format(
                num=yields[rid], resource=display_name(data, "resource", rid)))
    return " ".join(parts)


# --------------------------------------------------------------------------
# Rendering


def _font_css() -> str:
    faces = []
    for weight, style, fname in (("normal", "normal", "DejaVuSans.ttf"), ("bold", "normal", "DejaVuSans-Bold.ttf"),
                                 ("normal", "italic", "DejaVuSans-Oblique.ttf"), ("bold", "italic", "DejaVuSans-BoldOblique.ttf")):
        path = FONT_DIR / fname
        if path.is_file():
            faces.append("@font-face { font-family: 'Rulebook Sans'; font-weight: %s; font-style: %s; src: url('%s'); }"
                         % (weight, style, path.as_uri()))
    return "\n".join(faces)


def _house_rules(ruleset):
    """(base title, grouped changes) when ``ruleset`` extends another one, else None."""
    if len(ruleset.chain) < 2:
        return None
    from ..language import load_ruleset
    base = load_ruleset(ruleset.chain[1])
    changes = rule_diff(base, ruleset)
    title = sentences.ruleset_text(base.data.get("title", base.id))
    if base.data.get("edition"):
        title = i18n._("{title}, {edition}").format(title=title, edition=sentences.ruleset_text(base.data["edition"]))
    groups = []
    sections = grouped(changes)
    for sec, items in sections:
        if sec == "story" and len(sections) > 1:    # not a rule: the book's story already tells the new one
            continue
        added = all(c.old is None for c in items)
        heading = section_title(sec, items)
        if added:
            heading = i18n._("{section} (added)").format(section=heading)
        groups.append((heading, [c.boxed(added) for c in items]))
    return {"base": title, "groups": groups, "description": ruleset.data.get("description", "")}


def render_html(ruleset, lang: str | None = None, print_css: bool = False) -> str:
    """The rulebook as one self-contained HTML document."""
    lang = lang or ruleset.language
    data = ruleset.data
    with language(lang):
        env = environment()
        css = env.get_template("rulebook.css").render()
        context = {
            "data": data,
            "model": model_of(data),
            "s": sentences,
            "lang": lang,
            "title": sentences.ruleset_text(data.get("title", ruleset.id)),
            "edition": sentences.ruleset_text(data.get("edition", "")),
            "version": data.get("version", ""),
            "house": _house_rules(ruleset),
            "cycle": work_cycle_svg_data(data),
            "requirements": requirements_svg_data(data),
            "css": css,
            "font_css": _font_css() if print_css else "",
            "print": print_css,
            "section_title": section_title,
        }
        text = env.get_template("rulebook.html.j2").render(**context)
    return text


def render_markdown(ruleset, lang: str | None = None) -> str:
    """The rulebook in Markdown (converted from the HTML, text escaped for Markdown)."""
    return html_to_text(render_html(ruleset, lang), markdown=True)


def pdf_missing_message(exc: ImportError) -> str:
    """Why there is no PDF, and how to get it: WeasyPrint not installed (the usual case: said without
    Python's own words), or installed but unable to load (its reason kept: a system library missing)."""
    if isinstance(exc, ModuleNotFoundError) and (exc.name or "").split(".")[0] == "weasyprint":
        return i18n._("PDF output needs WeasyPrint, which is not installed. Install it with: "
                      "pip install 'rulekit[pdf]' (or write HTML: -o FILE.html).")
    return i18n._("PDF output needs WeasyPrint, which is installed but could not be loaded: {error}. "
                  "See the WeasyPrint installation guide for the system libraries it needs.").format(error=exc)


def render_pdf(ruleset, lang: str | None = None) -> bytes:
    """The rulebook as PDF bytes: identical input gives identical bytes."""
    return render_pdf_html(render_html(ruleset, lang, print_css=True))


def render_pdf_html(text: str) -> bytes:
    """A rulebook's HTML (with the print stylesheet) as PDF bytes: identical input gives identical bytes."""
    try:
        import weasyprint
    except ImportError as exc:
        raise RulebookError(pdf_missing_message(exc)) from exc
    identifier = hashlib.sha256(text.encode("utf-8")).hexdigest()[:32].encode("ascii")
    # Font subsetting (fontTools) stamps each embedded font with the current
    # time unless SOURCE_DATE_EPOCH is set: fix it for the build, so that
    # identical input gives identical bytes. WeasyPrint writes no date itself.
    saved = os.environ.get("SOURCE_DATE_EPOCH")
    if saved is None:
        os.environ["SOURCE_DATE_EPOCH"] = "0"
    try:
        document = weasyprint.HTML(string=text, base_url=str(TEMPLATES_DIR)).render()
        return document.write_pdf(pdf_identifier=identifier)
    finally:
        if saved is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)


def render(ruleset, fmt: str = "md", lang: str | None = None):
    """``str`` for md and html, ``bytes`` for pdf."""
    if fmt == "md":
        return render_markdown(ruleset, lang)
    if fmt == "html":
        return render_html(ruleset, lang)
    if fmt == "pdf":
        return render_pdf(ruleset, lang)
    raise RulebookError(i18n._("unknown format {format}: use md, html or pdf").format(format=fmt))


def section_text(ruleset, section: str, lang: str | None = None) -> str:
    """Plain text of one section of the rulebook (for the ``rules`` screen of ``rulekit play``).

    ``lang`` defaults to the current language (the player's), not the ruleset's.
    """
    if section not in SECTIONS:
        raise RulebookError(i18n._("unknown rulebook section {section}; sections: {sections}").format(
            section=section, sections=", ".join(SECTIONS)))
    page = render_html(ruleset, lang or i18n.get_language())
    match = re.search(r'<section id="%s"[^>]*>(.*?)</section>' % re.escape(section), page, re.S)
    if not match:
        return ""
    return html_to_text(match.group(1), markdown=False).strip() + "\n"


# --------------------------------------------------------------------------
# HTML to Markdown / plain text


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|#])")


def md_escape(text: str) -> str:
    text = _MD_SPECIAL.sub(r"\\\1", text)
    return text


def _squash(text: str) -> str:
    """Collapse runs of ASCII whitespace (HTML source layout); keep no-break and narrow spaces."""
    return re.sub(r"[ \t\r\n\f]+", " ", text).strip(" \t\r\n\f")


class _TextWriter(HTMLParser):
    """Converts the rulebook's HTML (a known, small set of tags) to Markdown or plain text."""

    BLOCKS = {"p", "h1", "h2", "h3", "h4", "li", "figcaption", "div"}

    def __init__(self, markdown: bool):
        super().__init__(convert_charrefs=True)
        self.md = markdown
        self.out: list[str] = []
        self.inline: list[str] = []
        self.lists: list[list] = []        # [kind, counter]
        self.quote = 0
        self.skip = 0                      # inside <svg>, <style>, <head>
        self.table = None                  # list of rows, each a list of cells
        self.cell = None
        self.heading = 0
        self.classes: list[str] = []

    # -- helpers
    def _prefix(self):
        return "> " * self.quote if self.md else "  " * self.quote

    def _emit_line(self, line: str):
        prefix = self._prefix()
        self.out.append((prefix + line).rstrip() if line else prefix.rstrip())

    def _blank(self):
        if self.out and self.out[-1].strip(" >") != "":
            self._emit_line("")

    def _flush(self):
        text = _squash("".join(self.inline))
        self.inline = []
        if not text:
            return
        if self.heading:
            if self.md:
                self._blank()
                self._emit_line("#" * self.heading + " " + text)
                self._blank()
            else:
                self._blank()
                self._emit_line(text)
                self._emit_line(("=" if self.heading <= 2 else "-") * len(text))
            return
        if self.lists:
            kind, counter = self.lists[-1]
            indent = "   " * (len(self.lists) - 1)
            if kind == "ol":
                self.lists[-1][1] += 1
                bullet = f"{self.lists[-1][1]}. "
            else:
                bullet = "- "
            self._emit_line(indent + bullet + text)
            return
        if self.md and re.match(r"^([-+]|\d+[.)])\s", text):
            text = "\\" + text
        self._blank()
        self._emit_line(text)
        self._blank()

    # -- parser callbacks
    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("svg", "style", "head", "script", "nav"):
            self.skip += 1
            return
        if self.skip:
            return
        if self.table is not None:
            if tag == "tr":
                self.table.append([])
            elif tag in ("td", "th"):
                self.cell = []
            elif tag in ("strong", "b") and self.md:
                self.cell.append("**")
            return
        if tag in ("h1", "h2", "h3", "h4"):
            self._flush()
            self.heading = int(tag[1])
        elif tag in ("ul", "ol"):
            self._flush()
            if not self.lists:
                self._blank()
            self.lists.append([tag, 0])
        elif tag in self.BLOCKS:
            self._flush()
        elif tag == "aside":
            self._flush()
            self._blank()
            self.quote += 1
        elif tag == "table":
            self._flush()
            self.table = []
        elif tag == "br":
            self.inline.append(" ")
        elif tag in ("strong", "b") and self.md:
            self.inline.append("**")
        elif tag in ("em", "i") and self.md:
            self.inline.append("*")

    def handle_endtag(self, tag):
        if tag in ("svg", "style", "head", "script", "nav"):
            self.skip -= 1
            return
        if self.skip:
            return
        if self.table is not None:
            if tag in ("td", "th"):
                self.table[-1].append(_squash("".join(self.cell)))
                self.cell = None
            elif tag in ("strong", "b") and self.md and self.cell is not None:
                self.cell.append("**")
            elif tag == "table":
                rows, self.table = self.table, None
                self._write_table(rows)
            return
        if tag in ("h1", "h2", "h3", "h4"):
            self._flush()
            self.heading = 0
        elif tag in ("ul", "ol"):
            self._flush()
            self.lists.pop()
            if not self.lists:
                self._blank()
        elif tag in self.BLOCKS:
            self._flush()
        elif tag == "aside":
            self._flush()
            self.quote -= 1
            while self.out and self.out[-1].strip(" >") == "":
                self.out.pop()
            self.out.append("")
        elif tag in ("strong", "b") and self.md:
            self.inline.append("**")
        elif tag in ("em", "i") and self.md:
            self.inline.append("*")

    def handle_data(self, text):
        if self.skip:
            return
        if self.md:
            text = md_escape(text)
        if self.table is not None:
            if self.cell is not None:
                self.cell.append(text)
            return
        self.inline.append(text)

    def _write_table(self, rows):
        rows = [r for r in rows if r]
        if not rows:
            return
        width = max(len(r) for r in rows)
        rows = [r + [""] * (width - len(r)) for r in rows]
        self._blank()
        if self.md:
            self._emit_line("| " + " | ".join(rows[0]) + " |")
            self._emit_line("|" + "|".join("---" for _ in rows[0]) + "|")
            for row in rows[1:]:
                self._emit_line("| " + " | ".join(row) + " |")
        else:
            sizes = [max(len(r[i]) for r in rows) for i in range(width)]
            for row in rows:
                self._emit_line("  ".join(cell.ljust(sizes[i]) for i, cell in enumerate(row)).rstrip())
        self._blank()

    def result(self) -> str:
        self._flush()
        lines = self.out
        while lines and not lines[0].strip():
            lines.pop(0)
        while lines and not lines[-1].strip(" >"):
            lines.pop()
        text = "\n".join(lines)
        text = re.sub(r"\n{3,}", "\n\n", text)
        return text + "\n"


def html_to_text(markup: str, markdown: bool = True) -> str:
    writer = _TextWriter(markdown)
    writer.feed(markup)
    writer.close()
    return writer.result()


__all__ = ["render", "render_html", "render_markdown", "render_pdf", "section_text", "SECTIONS", "FORMATS",
           "RulebookError", "html_to_text", "md_escape", "language"]
