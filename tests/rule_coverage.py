"""List the rule sentences of a rule text that no rule test quotes.

    python tests/rule_coverage.py SEED.txt --edition RULESET MODULE...
    python tests/rule_coverage.py province-en.txt --edition province-en tests/test_rules*.py
    python tests/rule_coverage.py province-fr.txt --edition province-fr tests/test_rules*.py

(SEED.txt, province-en.txt, province-fr.txt: the edition's rule text.)

A rule test quotes the sentence it checks, verbatim, in one of two places:

* a test of one edition (tests/test_rules_en.py, tests/test_rules_fr.py: a
  module that names its edition in ``RULESET = "..."``) starts its docstring
  with the sentence;
* a scenario the editions share (tests/test_rules.py) carries each edition's
  sentence in its decorator, ``@rule({"province-en": "...", "province-fr": "..."})``,
  keyed by ruleset id; its docstring is an explanation, not a quote.

Both are read statically with ``ast``; no module is imported. For the edition
named by ``--edition``, the tool splits the rule text into sentences (markdown
emphasis, headings and list bullets stripped; the component list split into
items) and prints each one that no quote of that edition contains, except
headings, flavour text and the sentences listed in the ``NOT_RULES`` of that
edition's module (sentence -> why it has no test). It exits 1 when a sentence
is missing, and also when a quote is not in the text (tests named
``test_note_*`` check the readings of rules-notes, not a sentence, and are not
checked). A module that names no edition and has no ``@rule`` decorator (the
glob above also matches tests/test_ruleset_*.py) adds nothing.

Without ``--edition``, the edition is the one the modules' ``RULESET`` names,
if they name exactly one: ``python tests/rule_coverage.py SEED.txt
tests/test_rules_en.py`` still works, but reads that module only.

It is a tool, not a test: the rule texts are the project's specification and
live outside the repository. Exit status 2: the command line names no edition
the modules know.
"""
from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path

DECORATOR = "rule"          # the decorator of tests/test_rules.py that carries the quotes


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


# ------------------------------------------------------------ reading tests
def module_edition(tree: ast.Module) -> str | None:
    """The ruleset id of ``RULESET = "..."`` at the module's top level, if any."""
    for node in tree.body:
        if (isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "RULESET" for t in node.targets)
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            return node.value.value
    return None


def rule_quotes(func: ast.FunctionDef) -> dict[str, str] | None:
    """The ``{ruleset id: sentence}`` of the function's ``@rule({...})`` decorator, or None."""
    for dec in func.decorator_list:
        if not isinstance(dec, ast.Call):
            continue
        name = dec.func.id if isinstance(dec.func, ast.Name) else getattr(dec.func, "attr", "")
        if name != DECORATOR:
            continue
        if len(dec.args) != 1 or dec.keywords:
            raise SystemExit(f"{func.name}: @{DECORATOR} takes one dict literal {{ruleset id: sentence}}")
        quotes = ast.literal_eval(dec.args[0])
        if not isinstance(quotes, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                   for k, v in quotes.items()):
            raise SystemExit(f"{func.name}: @{DECORATOR} takes one dict literal {{ruleset id: sentence}}")
        return quotes
    return None


def quotes_of(modules: list[Path], edition: str) -> tuple[dict[str, tuple[str, bool]], dict[str, str]]:
    """For ``edition``: {"module::test": (quote, shared)} and the NOT_RULES of its module(s).

    A single-edition test's quote is its whole docstring (the sentence starts
    it; the tool reads the first paragraph as the quote to check against the
    text); a shared test's quote is its decorator's entry for the edition.
    """
    quotes: dict[str, tuple[str, bool]] = {}
    skip: dict[str, str] = {}
    for module in modules:
        tree = ast.parse(module.read_text(encoding="utf-8"))
        own = module_edition(tree) == edition
        for node in tree.body:
            if own and isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "NOT_RULES" for t in node.targets):
                skip.update(ast.literal_eval(node.value))
            if not (isinstance(node, ast.FunctionDef) and node.name.startswith("test_")):
                continue
            shared = rule_quotes(node)
            key = f"{module.name}::{node.name}"
            if shared is not None:
                if edition in shared:
                    quotes[key] = (shared[edition], True)
            elif own:
                quotes[key] = (ast.get_docstring(node, clean=True) or "", False)
    return quotes, skip


def editions_named(modules: list[Path]) -> set[str]:
    """Every ruleset id a module's RULESET or a @rule decorator names."""
    found = set()
    for module in modules:
        tree = ast.parse(module.read_text(encoding="utf-8"))
        if module_edition(tree):
            found.add(module_edition(tree))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                found.update(rule_quotes(node) or {})
    return found


# ---------------------------------------------------------------- the check
def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="rule_coverage.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("seed", type=Path, help="the edition's rule text")
    ap.add_argument("modules", type=Path, nargs="+", help="rule test modules (tests/test_rules*.py)")
    ap.add_argument("--edition", help="ruleset id whose quotes to read (default: the modules' RULESET)")
    args = ap.parse_args(argv)
    named = editions_named(args.modules)
    edition = args.edition
    if edition is None:
        own = {module_edition(ast.parse(m.read_text(encoding="utf-8"))) for m in args.modules} - {None}
        if len(own) != 1:
            print(f"name the edition with --edition (the modules name {sorted(named) or 'none'})", file=sys.stderr)
            return 2
        edition = own.pop()
    elif edition not in named:
        print(f"no module names the edition {edition!r} (they name {sorted(named) or 'none'})", file=sys.stderr)
        return 2

    text = args.seed.read_text(encoding="utf-8")
    flat_text = normalize(text)
    quotes, not_rules = quotes_of(args.modules, edition)
    skip = {normalize(k) for k in not_rules}
    flat_quotes = [normalize(q) for q, _ in quotes.values()]
    missing = []
    for heading, body in sections(text):
        if heading.upper() in {"STORY", "HISTOIRE", "CRÉDITS", "CREDITS"}:
            continue
        if heading.upper() in {"COMPONENTS", "MATERIEL DU JEU"}:
            items = [normalize(i) for i in re.split(r"[\t\n]+", body) if i.strip()]
            items = [i for i in items if not i.endswith(":")]
            for item in items:
                if not any(item in q for q in flat_quotes):
                    missing.append(item)
            continue
        for s in sentences(body):
            if is_heading(s) or s in skip:
                continue
            if not any(s in q for q in flat_quotes):
                missing.append(s)
    bad_quotes = []
    for key, (quote, shared) in quotes.items():
        if key.split("::")[1].startswith("test_note_") or not quote:
            continue
        quote = normalize(quote if shared else quote.split("\n\n")[0])
        if quote not in flat_text:
            bad_quotes.append((key, quote))
    for s in missing:
        print(f"not quoted by any test: {s}")
    for key, q in bad_quotes:
        print(f"{key}: quote not in the rule text: {q}")
    n_shared = sum(1 for _, shared in quotes.values() if shared)
    print(f"{edition}: {len(quotes)} tests ({n_shared} shared with another edition); "
          f"{len(missing)} sentences not quoted; {len(bad_quotes)} quotes not found")
    return 1 if missing or bad_quotes else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
