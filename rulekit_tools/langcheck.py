"""A language gate for the French texts: Grammalecte over every French
translation and over the text of the French rulebooks (a developer tool).

::

    python -m rulekit_tools.langcheck [--text FILE ...]

Grammalecte (``grammalecte-cli``, packaged by Debian) checks grammar,
agreement, typography (no-break spaces, apostrophes, dashes, ellipses) and
spelling. This tool gives it:

- every French ``msgstr`` of ``locales/fr/LC_MESSAGES/*.po``, one per line,
  each placeholder replaced by a number (``1`` in the singular form of a
  plural entry, ``2`` elsewhere; ``{name.omit}`` by nothing), runs of spaces
  made one (column layouts) and trailing spaces removed (prompts); a text
  without any small letter (a metavar such as ``RÈGLES``) is left out;
- with ``--agreement``, every structure, good and card name of the bundled
  rulesets rendered through every French message that takes one
  (:mod:`rulekit_tools.agreement`);
- the text of each ``--html`` file, block by block (a paragraph, a list item,
  a table cell, a heading: ``.ci/checks/40-language`` writes the French
  rulebooks of both editions as HTML and checks them so).

A finding is reported as ``FILE:LINE: [rule] message: «text»`` unless it is in
the allowlist, ``locales/fr/grammalecte-allow.txt`` (one ``rule<TAB>flagged
text<TAB>piece of the checked text`` per line, each with a comment saying why).
A token the English text has too (``bot:greedy``, ``-o``, ``province-en``) is
code and is masked before the check. A word Grammalecte does not know is not
reported when the English texts use it too: it is a name or a piece of code
(``YAML``, ``greedy``, ``rulekit``), not French.

``--english`` checks the English texts instead (the messages of
``locales/rulekit.pot``): proselint (typography, style) and hunspell (en_US
spelling, with the project's words in ``locales/en-words.txt``); findings
allowed in ``locales/en-allow.txt`` (``rule<TAB>piece of the text``).

Exit status: 0 when nothing is reported, 1 otherwise, 2 when Grammalecte is
missing. This tool speaks English only (it is for developers and translators).
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from html.parser import HTMLParser

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
ALLOWLIST = ROOT / "locales" / "fr" / "grammalecte-allow.txt"
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*")


@dataclass(frozen=True)
class Finding:
    file: str
    line: int
    rule: str
    text: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: [{self.rule}] {self.message}: «{self.text}»"


@dataclass(frozen=True)
class Text:
    file: str
    line: int
    text: str


#: A token of code (``bot:greedy``, ``-o``, ``province-en``, ``'rulekit[pdf]'``).
_CODE = re.compile(r"^['\w.:,\[\]=/@#{}%-]*[A-Za-z]['\w.:,\[\]=/@#{}%-]*$", re.ASCII)
#: A YAML setting quoted in a message (``sailors: null``, ``{field}: free``).
_SETTING = re.compile(r"(?<![^\s(])[\w{}.$]+: [\w{}.]+")
_LOCATION = re.compile(r"^(?:\{[^{}]*\}:)+ ?")
#: Placeholders that hold the count choosing a plural form.
_COUNTS = {"num", "count"}


def _fold(text: str) -> str:
    """``text`` without its accents (``immédiate`` → ``immediate``), for the ASCII pattern of code."""
    import unicodedata

    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


def _prepare(text: str, number: str, english: str) -> str:
    """A translation made checkable: placeholders filled, code carried over unchanged masked."""
    def field(m):
        name = re.split(r"[.!:\[]", m.group(0)[1:-1], maxsplit=1)[0]
        if m.group(0).endswith(".omit}"):
            return ""
        return number if name in _COUNTS else "X"
    def core(token):
        return token.strip('()“”".,;:…\u202f\xa0')

    code = {core(t) for t in english.split() if _CODE.match(core(t)) and re.search(r"[-:_,\[\]=/.@#]", core(t))}
    # a player spec in the French words (humain,bot:difficile): code too, never prose ("word:word")
    code |= {core(t) for t in text.split() if re.search(r"[a-z]:[a-zé]", core(t)) and _CODE.match(core(t).replace("é", "e"))}
    # code the translation writes in its own words, of a shape the English's code has: a list of bots
    # (glouton,hasard for greedy,random), a metavar's form (CHEMIN=MIN..MAX for PATH=LO..HI), a file name
    # (IDENTIFIANT-tuned.yaml for ID-tuned.yaml)
    shapes = [shape for shape in (r"\w,\w", r"\w=\w", r"\w\.\.\w", r"\.yaml$")
              if any(re.search(shape, c) for c in code)]
    code |= {core(t) for t in text.split()
             if any(re.search(shape, core(t)) for shape in shapes) and _CODE.match(_fold(core(t)))}
    text = _LOCATION.sub("", text.replace("\n", " "))   # FILE:LINE: is not prose
    for setting in set(_SETTING.findall(english)):      # YAML carried over unchanged is code too
        text = text.replace(setting, "X")
    words = [(token.replace(core(token), "X") if core(token) in code else token) for token in text.split(" ")]
    text = " ".join(words)
    text = _PLACEHOLDER.sub(field, text)
    text = re.sub(r"\bX(?:\W{1,3}X\b)+", "X", text)   # masked neighbours are one thing
    return re.sub(r" {2,}", " ", text).rstrip()


def catalog_texts(locales: Path | None = None) -> tuple[list[Text], set[str]]:
    """The French translations to check, and the words of the English texts."""
    locales = ROOT / "locales" if locales is None else Path(locales)
    texts, english = [], set()
    for po in sorted((locales / "fr" / "LC_MESSAGES").glob("*.po")):
        rel = po.relative_to(locales.parent).as_posix() if locales.parent in po.parents else str(po)
        with po.open("rb") as fh:
            catalog = read_po(fh, locale="fr")
        for message in catalog:
            if not message.id or not message.string or (message.context or "").endswith(":gender"):
                continue                    # a name's gender (« f », « m.pl ») is data, not prose
            ids = message.id if isinstance(message.id, (list, tuple)) else [message.id]
            for text in ids:
                for word in _WORD.findall(text):
                    english.add(word)
                    english.update(word.split("_"))
            strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
            plural = len(strings) > 1
            for index, string in enumerate(strings):
                if not any(c.islower() for c in _PLACEHOLDER.sub("", string)):
                    continue                # a metavar (RÈGLES) or placeholders only
                number = "1" if plural and index == 0 else "2"
                texts.append(Text(rel, message.lineno, _prepare(string, number, " ".join(ids))))
    return texts, english


_BLOCKS = {"p", "li", "td", "th", "h1", "h2", "h3", "h4", "caption", "figcaption", "dt", "dd", "title"}
_SKIPPED = {"style", "script", "svg", "nav"}


class _Blocks(HTMLParser):
    """The text of every block of an HTML page, with the line where it starts."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.blocks, self._stack, self._skip = [], [], 0

    def handle_starttag(self, tag, attrs):
        if tag in _SKIPPED:
            self._skip += 1
        elif tag in _BLOCKS:
            self._stack.append([self.getpos()[0], []])

    def handle_endtag(self, tag):
        if tag in _SKIPPED:
            self._skip = max(0, self._skip - 1)
        elif tag in _BLOCKS and self._stack:
            line, parts = self._stack.pop()
            text = " ".join("".join(parts).split(" ")).strip()
            text = re.sub(r"[ \t\n]+", " ", text)
            if text:
                self.blocks.append((line, text))

    def handle_data(self, data):
        if not self._skip and self._stack:
            self._stack[-1][1].append(data)


def html_texts(path: Path) -> list[Text]:
    parser = _Blocks()
    parser.feed(Path(path).read_text(encoding="utf-8"))
    parser.close()
    return [Text(str(path), line, text) for line, text in parser.blocks if any(c.islower() for c in text)]


def read_allowlist(path: Path = ALLOWLIST) -> list[tuple[str, str, str]]:
    """``(rule, flagged text, a piece of the checked text)`` per line of the allowlist.

    A line is ``rule<TAB>flagged text<TAB>piece``; what follows ``#`` is a
    comment (why the finding is right to keep)."""
    allowed = []
    if not path.is_file():
        return allowed
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].rstrip()
        if line.strip():
            rule, flagged, piece = (line.split("\t") + ["", ""])[:3]
            allowed.append((rule.strip(), flagged, piece))
    return allowed


def grammalecte(texts: list[Text], exe: str) -> list[tuple[Finding, Text]]:
    """Run ``grammalecte-cli`` over the texts (one paragraph each)."""
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "texts.txt"
        source.write_text("\n".join(t.text for t in texts) + "\n", encoding="utf-8")
        proc = subprocess.run([exe, "-f", str(source), "-j", "-ctx"], capture_output=True, text=True,
                              check=False)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or f"{exe} failed ({proc.returncode})")
    data = json.loads(proc.stdout)
    findings = []
    for para in data.get("data", []):
        where = texts[para["iParagraph"] - 1]
        for error in para.get("lGrammarErrors", []):
            findings.append((Finding(where.file, where.line, error["sRuleId"], error.get("sUnderlined", ""),
                                     error.get("sMessage", "")), where))
        for error in para.get("lSpellingErrors", []):
            findings.append((Finding(where.file, where.line, "spelling", error["sValue"], "unknown word"), where))
    return findings


def agreement_texts() -> list[Text]:
    """Every structure, good and objective card name of the bundled rulesets rendered through every
    French message that takes one (:mod:`rulekit_tools.agreement`), each sentence once."""
    from . import agreement

    seen, texts = set(), []
    for english, _text, _field, name, out in agreement.rendered():
        if name.kind == "objective":
            # « la mission Marchand »: a card's title in apposition, which Grammalecte takes for an
            # adjective that should agree (the article and agreement checks read these)
            continue
        prepared = _prepare(out, "2", english)
        if prepared not in seen:
            seen.add(prepared)
            texts.append(Text(f"rendered names ({english[:40]})", len(texts) + 1, prepared))
    return texts


def check(extra_files=(), locales: Path | None = None, allowlist: Path = ALLOWLIST,
          exe: str | None = None, names: bool = False) -> list[Finding]:
    """Every finding not in the allowlist (and not a word of the English texts)."""
    exe = exe or shutil.which("grammalecte-cli")
    if exe is None:
        raise FileNotFoundError("grammalecte-cli not found (Debian: apt-get install grammalecte-cli)")
    texts, english = catalog_texts(locales)
    for path in extra_files:
        texts.extend(html_texts(path))
    if names:
        texts.extend(agreement_texts())
    allowed = read_allowlist(allowlist)
    found = []
    for finding, text in grammalecte(texts, exe):
        if finding.rule == "spelling" and finding.text in english:
            continue
        if any(rule == finding.rule and flagged == finding.text and piece in text.text
               for rule, flagged, piece in allowed):
            continue
        found.append(finding)
    return found


# ---------------------------------------------------------------------------
# English: proselint (typography, style) and hunspell (spelling)

EN_ALLOWLIST = ROOT / "locales" / "en-allow.txt"
EN_WORDS = ROOT / "locales" / "en-words.txt"


def english_texts(locales: Path | None = None) -> list[Text]:
    """Every English message of the template, placeholders filled and code masked."""
    locales = ROOT / "locales" if locales is None else Path(locales)
    with (locales / "rulekit.pot").open("rb") as fh:
        catalog = read_po(fh)
    texts = []
    for message in catalog:
        ids = message.id if isinstance(message.id, (list, tuple)) else [message.id]
        for index, text in enumerate(ids):
            if message.id and any(c.islower() for c in _PLACEHOLDER.sub("", text)):
                texts.append(Text("locales/rulekit.pot", message.lineno,
                                  _prepare(text, "1" if index == 0 and len(ids) > 1 else "2", text)))
    return texts


def check_english(locales: Path | None = None, allowlist: Path = EN_ALLOWLIST, words: Path = EN_WORDS):
    """proselint and hunspell findings on the English texts, less the allowed ones."""
    proselint, hunspell = shutil.which("proselint"), shutil.which("hunspell")
    if proselint is None or hunspell is None:
        raise FileNotFoundError("proselint or hunspell not found "
                                "(Debian: apt-get install python3-proselint hunspell hunspell-en-us)")
    texts = english_texts(locales)
    allowed = read_allowlist(allowlist)
    found = []
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "texts.txt"
        source.write_text("\n".join(t.text for t in texts) + "\n", encoding="utf-8")
        out = subprocess.run([proselint, str(source)], capture_output=True, text=True, check=False).stdout
        for line in out.splitlines():
            m = re.match(r"^.*?:(\d+):\d+: (\S+) (.*)$", line)
            if not m:
                continue
            where = texts[int(m.group(1)) - 1]
            finding = Finding(where.file, where.line, m.group(2), where.text, m.group(3))
            if not any(rule == finding.rule and piece in where.text for rule, piece, _x in allowed):
                found.append(finding)
        spelled = subprocess.run([hunspell, "-d", "en_US", "-p", str(words), "-L", str(source)],
                                 capture_output=True, text=True, check=False).stdout.splitlines()
        bad_lines = set(spelled)
        unknown = subprocess.run([hunspell, "-d", "en_US", "-p", str(words), "-l", str(source)],
                                 capture_output=True, text=True, check=False).stdout.split()
        for word in sorted(set(unknown)):
            where = next((t for t in texts if t.text in bad_lines and re.search(rf"\b{re.escape(word)}\b", t.text)),
                         texts[0])
            found.append(Finding(where.file, where.line, "spelling", word, "unknown word"))
    return found


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulekit_tools.langcheck", description=__doc__.split("\n\n")[0])
    parser.add_argument("--html", action="append", default=[], type=Path,
                        help="an HTML page in French to check too (a rulebook)")
    parser.add_argument("--agreement", action="store_true",
                        help="check too every name of the bundled rulesets rendered through every French "
                             "message that takes one (rulekit_tools.agreement)")
    parser.add_argument("--english", action="store_true",
                        help="check the English texts instead (proselint and hunspell)")
    args = parser.parse_args(argv)
    try:
        found = check_english() if args.english else check(args.html, names=args.agreement)
    except FileNotFoundError as exc:
        print(f"langcheck: {exc}", file=sys.stderr)
        return 2
    for finding in found:
        print(finding)
    what = "English" if args.english else "French"
    print(f"langcheck: {len(found)} finding(s)" if found else f"langcheck: {what} texts OK", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
