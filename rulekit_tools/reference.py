"""The field tables of docs/ruleset-reference.md, written from the language's JSON Schema (a developer tool).

::

    python -m rulekit_tools.reference            # rewrite the tables
    python -m rulekit_tools.reference --check    # exit 1, naming each table that differs

Each field's meaning has one place: its ``description`` in
``rulekit/language/schema/ruleset.source.json`` (the hand-written schema of a
complete ruleset, from which ``python -m rulekit_tools.schemagen`` writes the
published ``ruleset.schema.json`` that editors read and show on hover). The reference keeps its prose, examples and headings by hand; each
field table sits between two markers and is written from the schema::

    <!-- fields: /properties/components -->
    | field | required | meaning |
    ...
    <!-- end fields -->

The marker names a JSON pointer to an object of the schema (``/`` for the top
level), optionally followed by ``only:`` and the fields to list (the top level
lists its metadata; its sections have tables of their own). A row gives the
field, whether it is required (from ``required``) and its meaning: the
description, then what the schema allows where the description does not say
it (a constant, the values of an enum it does not name, the range of a whole
number, a name). A field that is an object with fixed fields of its own
(``cast``, ``vp``) is listed as its fields (``cast.on_first_build``); a
mapping by id or a list of objects is one row, its entries having a table of
their own.

The tool speaks English only and assumes a checkout of the repository.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "docs" / "ruleset-reference.md"
SCHEMA = ROOT / "rulekit" / "language" / "schema" / "ruleset.source.json"
COMMAND = "python -m rulekit_tools.reference"

#: One field table: the opening marker (pointer, optional ``only:`` list), the table, the closing marker.
MARKER = re.compile(r"(?P<open><!-- fields: (?P<pointer>\S+)(?: only: (?P<only>[^>]*?))? -->\n)"
                    r"(?P<body>.*?)"
                    r"(?P<close><!-- end fields -->)", re.S)
HEADER = "| field | required | meaning |\n|---|---|---|\n"
#: A mention of another document in a description becomes a link in the reference.
_DOC = re.compile(r"docs/([a-z0-9-]+\.md)")


@dataclass(frozen=True)
class Table:
    """One marked table of the reference: where it is and what the schema makes of it."""
    pointer: str
    only: tuple[str, ...]
    start: int          # the offsets of the text between the markers
    end: int
    heading: str        # the section of the reference the table is in
    text: str           # the table as it is in the reference

    @property
    def name(self) -> str:
        return f"{self.heading!r} ({self.pointer}{' only: ' + ' '.join(self.only) if self.only else ''})"


def load_schema(path: Path = SCHEMA) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def lookup(schema: dict, pointer: str) -> dict:
    """The part of ``schema`` at a JSON pointer; ``/`` (or nothing) is the whole schema."""
    node = schema
    for part in pointer.strip("/").split("/") if pointer.strip("/") else ():
        part = part.replace("~1", "/").replace("~0", "~")
        try:
            node = node[part]
        except (KeyError, TypeError):
            raise KeyError(f"the schema has nothing at {pointer}") from None
    if not isinstance(node, dict):
        raise KeyError(f"{pointer} is not an object of the schema")
    return node


def resolve(schema: dict, node: dict) -> dict:
    """``node`` with its ``$ref`` followed; the keywords written beside the ``$ref`` win."""
    seen = set()
    while isinstance(node.get("$ref"), str) and node["$ref"].startswith("#/"):
        ref = node["$ref"]
        if ref in seen:
            break
        seen.add(ref)
        node = {**lookup(schema, ref[1:]), **{k: v for k, v in node.items() if k != "$ref"}}
    return node


def _fixed_fields(node: dict) -> bool:
    """An object whose fields are all named (no mapping by id, no choice of shapes): listed as its fields."""
    return (node.get("type") == "object" and bool(node.get("properties"))
            and node.get("additionalProperties") is False
            and not any(k in node for k in ("anyOf", "allOf"))
            and all(set(branch) == {"required"} for branch in node.get("oneOf", ())))   # "one of these fields"


def rows(schema: dict, node: dict, only: tuple[str, ...] = (), prefix: str = "",
         required: bool = True) -> list[tuple[str, bool, str]]:
    """(field, required, meaning) of each field of the object ``node``, in the schema's order."""
    node = resolve(schema, node)
    props = node.get("properties", {})
    missing = [name for name in only if name not in props]
    if missing:
        raise KeyError(f"no field {', '.join(missing)} here; the fields are: {', '.join(props)}")
    out = []
    for name, prop in props.items():
        if only and name not in only:
            continue
        needed = required and name in node.get("required", ())
        target = resolve(schema, prop)
        if _fixed_fields(target):
            out += rows(schema, target, (), f"{prefix}{name}.", needed)
        else:
            out.append((prefix + name, needed, meaning(schema, prop)))
    return out


def description(schema: dict, prop: dict) -> str:
    """The field's own description, else the one of what it refers to."""
    return (prop.get("description") or resolve(schema, prop).get("description") or "").strip()


def _number(n) -> str:
    return f"{n:,}" if isinstance(n, int) else str(n)


def allows(schema: dict, prop: dict, said: str) -> str:
    """What the schema allows for ``prop`` that the description ``said`` does not say, as a sentence (or '')."""
    if prop.get("$ref") == "#/$defs/name":
        return "A [name](#the-file)."
    node = resolve(schema, prop)
    if "const" in node:
        return f"Always `{json.dumps(node['const'])}`."
    values = node.get("enum") or (node.get("items") or {}).get("enum")
    if values and not all(re.search(rf"(?<![\w.]){re.escape(str(v))}(?!\w)", said) for v in values):
        listed = ", ".join(f"`{v}`" for v in values)
        return f"A list of {listed}." if "items" in node else f"One of {listed}."
    types = node.get("type")
    types = [types] if isinstance(types, str) else list(types or ())
    if "integer" in types:
        low, high = node.get("minimum"), node.get("maximum")
        if low is not None and high is not None:
            text = f"A whole number from {_number(low)} to {_number(high)}"
        elif low is not None:
            text = f"A whole number, at least {_number(low)}"
        else:
            text = "A whole number"
        return text + (", or `null`." if "null" in types else ".")
    return ""


def meaning(schema: dict, prop: dict) -> str:
    said = description(schema, prop)
    extra = allows(schema, prop, said)
    text = f"{said} {extra}".strip()
    text = _DOC.sub(lambda m: f"[{m.group(1)}]({m.group(1)})", text)
    return text.replace("|", "\\|").replace("\n", " ")


def table(schema: dict, pointer: str, only: tuple[str, ...] = ()) -> str:
    """The markdown table of the object at ``pointer``."""
    lines = [f"| `{field}` | {'yes' if needed else 'no'} | {text} |"
             for field, needed, text in rows(schema, lookup(schema, pointer), only)]
    return HEADER + "\n".join(lines) + "\n"


def _heading(text: str) -> str:
    """The last heading of ``text`` (a ``#`` line outside a fenced block: not a YAML comment)."""
    heading, fenced = "(top)", False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(r"#+ ", line):
            heading = line.lstrip("#").strip()
    return heading


def tables(text: str) -> list[Table]:
    """The marked tables of the reference, in order."""
    return [Table(m.group("pointer"), tuple((m.group("only") or "").split()), m.start("body"), m.end("body"),
                  _heading(text[:m.start()]), m.group("body"))
            for m in MARKER.finditer(text)]


def render(text: str, schema: dict) -> tuple[str, list[Table]]:
    """The reference with every marked table written from ``schema``, and the tables that differed."""
    out, last, changed = [], 0, []
    for t in tables(text):
        new = table(schema, t.pointer, t.only)
        if new != t.text:
            changed.append(t)
        out += [text[last:t.start], new]
        last = t.end
    out.append(text[last:])
    return "".join(out), changed


def undescribed(schema: dict, pointer: str, only: tuple[str, ...] = ()) -> list[str]:
    """The fields under the object at ``pointer`` (nested ones too, in every shape a value may take)
    that have no description of their own nor by reference: pointers into the schema."""
    missing = []

    def walk(node: dict, at: str, names: tuple[str, ...] = ()) -> None:
        for name, prop in node.get("properties", {}).items():
            if names and name not in names:
                continue
            here = f"{at}/properties/{name}"
            if not description(schema, prop):
                missing.append(here)
            if "$ref" not in prop:
                visit(prop, here)
        for key in ("additionalProperties", "items", "not"):
            if isinstance(node.get(key), dict) and "$ref" not in node[key]:
                visit(node[key], f"{at}/{key}")
        for key in ("oneOf", "anyOf", "allOf"):
            for i, branch in enumerate(node.get(key, ())):
                if isinstance(branch, dict) and "$ref" not in branch:
                    visit(branch, f"{at}/{key}/{i}")

    def visit(node: dict, at: str) -> None:
        if isinstance(node, dict):
            walk(node, at)

    walk(resolve(schema, lookup(schema, pointer)), pointer.rstrip("/"), only)
    return missing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=COMMAND, description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 and name each table that differs from the schema")
    parser.add_argument("--reference", type=Path, default=REFERENCE, help="the reference (default: %(default)s)")
    parser.add_argument("--schema", type=Path, default=SCHEMA, help="the schema (default: %(default)s)")
    args = parser.parse_args(argv)
    text = args.reference.read_text(encoding="utf-8")
    new, changed = render(text, load_schema(args.schema))
    if args.check:
        for t in changed:
            print(f"{args.reference}: the table of {t.name} differs from the schema", file=sys.stderr)
        if changed:
            print(f"run: {COMMAND}", file=sys.stderr)
        return 1 if changed else 0
    if new != text:
        args.reference.write_text(new, encoding="utf-8")
    for t in changed:
        print(f"rewrote the table of {t.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
