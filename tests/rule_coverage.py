"""List the rule sentences of a rule text that no test docstring quotes.

    python tests/rule_coverage.py SEED.txt tests/test_rules_en.py

The rule tests (tests/test_rules_*.py) start each docstring with the sentence
they check, quoted verbatim. This tool splits the rule text into sentences
(markdown emphasis, headings and list bullets stripped; the component list
split into items) and prints each one that no docstring of the test module
contains, except headings, flavour text and the sentences listed in the
module's ``NOT_RULES`` (sentence -> why it has no test). It exits 1 when a
sentence is missing, and also when a docstring's quote is not in the text.

It is a tool, not a test: the rule texts are the project's specification and
live outside the repository.
"""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path


def normalize(text: str) -> str:
    text = re.sub(r"^#+\s*", "", text, flags=re.M)          # headings
    text = re.sub(r"^\s*-\s*", "", text, flags=re.M)        # bullets
    text = text.replace("*", "")                             # emphasis
    return " ".join(text.split())


SECTION = re.compile(r"^(?:#+\s*)?([A-ZÀ-Üa-zà-ü' ]+):\s*$", re.M)


def sections(text: str) -> list[tuple[str, str]]:
    """(heading, body) for each heading line of the text."""
    out = []
    marks = list(SECTION.finditer(text))
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        out.append((m.group(1).strip(), text[m.end():end]))
    return out


def sentences(body: str) -> list[str]:
    flat = normalize(body)
    parts = re.split(r"(?:(?<=[.!?:])|(?<=\.\)))\s+", flat)
    return [p.strip() for p in parts if p.strip()]


def is_heading(sentence: str) -> bool:
    return sentence.endswith(":") and len(sentence.split()) <= 5


def docstrings(module: Path) -> dict[str, str]:
    tree = ast.parse(module.read_text(encoding="utf-8"))
    out = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
            out[node.name] = ast.get_docstring(node, clean=True) or ""
    return out


def not_rules(module: Path) -> dict[str, str]:
    tree = ast.parse(module.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "NOT_RULES" for t in node.targets):
            return ast.literal_eval(node.value)
    return {}


def main(argv: list[str]) -> int:
    seed, module = Path(argv[0]), Path(argv[1])
    text = seed.read_text(encoding="utf-8")
    flat_text = normalize(text)
    docs = docstrings(module)
    skip = {normalize(k) for k in not_rules(module)}
    flat_docs = [normalize(d) for d in docs.values()]
    missing = []
    for heading, body in sections(text):
        if heading.upper() in {"STORY", "HISTOIRE", "CRÉDITS", "CREDITS"}:
            continue
        if heading.upper() in {"COMPONENTS", "MATERIEL DU JEU"}:
            items = [normalize(i) for i in re.split(r"[\t\n]+", body) if i.strip()]
            items = [i for i in items if not i.endswith(":")]
            for item in items:
                if not any(item in d for d in flat_docs):
                    missing.append(item)
            continue
        for s in sentences(body):
            if is_heading(s) or s in skip:
                continue
            if not any(s in d for d in flat_docs):
                missing.append(s)
    bad_quotes = []
    for name, doc in docs.items():
        if name.startswith("test_note_") or not doc:
            continue
        quote = normalize(doc.split("\n\n")[0])
        if quote not in flat_text:
            bad_quotes.append((name, quote))
    for s in missing:
        print(f"not quoted by any test: {s}")
    for name, q in bad_quotes:
        print(f"{name}: quote not in the rule text: {q}")
    print(f"{len(docs)} tests; {len(missing)} sentences not quoted; {len(bad_quotes)} quotes not found")
    return 1 if missing or bad_quotes else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
