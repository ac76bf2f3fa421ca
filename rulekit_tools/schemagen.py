"""The published ruleset schema, written from the hand-maintained one (a developer tool).

::

    python -m rulekit_tools.schemagen            # rewrite rulekit/language/schema/ruleset.schema.json
    python -m rulekit_tools.schemagen --check    # exit 1 when that file is not what would be written

``rulekit/language/schema/ruleset.source.json`` is written by hand: the JSON Schema of
a *complete* ruleset, each field with its ``description``. Editors, ``rulekit schema``
and rulekit's own validation read ``ruleset.schema.json``, written from it here, which
says both forms a ruleset file takes (docs/ruleset-reference.md, "Your editor and the
schema"):

- a complete ruleset (no ``extends``): the source as it is, kept under
  ``$defs/ruleset`` (with the source's own ``$defs`` beside it) and applied by the
  ``else`` of ``if: {required: [extends]}``. rulekit validates the resolved ruleset
  (which has no ``extends``) against the same file, so that is the form it checks;
- a patch (``extends`` present), merged into its base by the loader
  (:func:`rulekit.language.ruleset.resolve_file`): every field of every mapping is
  optional and may be ``null`` (which removes it), a list replaces the base's and is
  written whole (its items in the complete form), unknown fields are refused by name.
  ``extends`` and ``id`` are the patch's own: required, and never ``null``.

The patch form of each section is the file's top-level ``properties``, which apply to
every file: a patch form accepts whatever the complete form accepts, and where it
refuses a value it does so with the same keyword as the complete form at the same
place, so rulekit's messages on a resolved ruleset are those of the complete form.
The patch form of a node is the source's node with:

- ``required``, ``minProperties``, ``maxProperties`` and the choices that only say
  which fields are present (``anyOf: [{required: [a]}, ...]``) left out: the base has
  the rest;
- ``null`` allowed: the keywords that would refuse it (``type``, ``enum``, ``const``,
  ``oneOf``, ``anyOf``, ``allOf``) moved under ``else`` of ``if: {type: "null"}``,
  everything else (``properties``, ``pattern``, ``items`` ...) left in place;
- the nodes in a mapping patched in turn (``properties``, ``additionalProperties``,
  ``$ref`` to a ``$defs/patch-NAME`` written alongside), the items of a list left
  whole;
- ``description``, ``title`` and ``x-`` annotations kept, so that an editor completes
  and explains a patch as it does a complete file.

A keyword this tool does not know how to patch stops it with a message naming the
place in the source, rather than publishing a schema that could refuse a valid
house rule: teach it the keyword here.

The tool speaks English only and assumes a checkout of the repository.
"""
from __future__ import annotations

import argparse
import copy
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "rulekit" / "language" / "schema" / "ruleset.source.json"
PUBLISHED = ROOT / "rulekit" / "language" / "schema" / "ruleset.schema.json"
COMMAND = "python -m rulekit_tools.schemagen"

#: Where the complete form of the top level goes, and the prefix of the patch forms of ``$defs``.
COMPLETE = "ruleset"
PATCH = "patch"
PATCH_PREFIX = "patch-"
#: Top-level fields a patch writes for itself, not merged into the base: the loader reads ``extends``
#: before merging, and a ruleset that extends another needs an ``id`` of its own (never ``null``).
OWN_FIELDS = ("extends", "id")

#: Keywords that explain and never refuse.
ANNOTATIONS = {"description", "title", "$comment", "default", "examples", "deprecated", "readOnly", "writeOnly"}
#: Keywords that only say which fields are present: the base may supply what a patch leaves out.
PRESENCE = {"required", "minProperties", "maxProperties", "dependentRequired"}
#: Keywords that refuse ``null``: in a patch, under ``else`` of ``if: {type: null}``.
SHAPE = ("type", "enum", "const")
CHOICES = ("oneOf", "anyOf", "allOf")
#: Keywords that hold the same of a present value in either form and never refuse ``null``.
SAME = {"pattern", "minLength", "maxLength", "format", "minimum", "maximum", "exclusiveMinimum",
        "exclusiveMaximum", "multipleOf", "propertyNames"}
#: Keywords about lists: a list replaces the base's, so its items are written whole.
LIST = {"items", "prefixItems", "contains", "minContains", "maxContains", "minItems", "maxItems", "uniqueItems"}


class SchemaShapeError(ValueError):
    """The source uses a keyword, or a form of one, that this tool cannot turn into a patch form."""


def _is_annotation(key: str) -> bool:
    return key in ANNOTATIONS or key.startswith("x-")


def _presence_only(node) -> bool:
    """Whether ``node`` only says which fields are present (``{required: [...]}`` and choices of those)."""
    if not isinstance(node, dict) or not node:
        return False
    for key, value in node.items():
        if key in PRESENCE or _is_annotation(key):
            continue
        if key in CHOICES and all(_presence_only(v) for v in value):
            continue
        if key in ("if", "then", "else") and _presence_only(value):
            continue
        return False
    return True


def _json_types(node, defs, where) -> set[str]:
    """The JSON types a value of ``node`` may have (integers count as numbers)."""
    if node is True or node == {}:
        raise SchemaShapeError(f"{where}: a choice that takes any value")
    if "$ref" in node:
        return _json_types(_lookup_def(node["$ref"], defs, where), defs, where)
    found = set()
    if "type" in node:
        found |= {node["type"]} if isinstance(node["type"], str) else set(node["type"])
    for value in ([node["const"]] if "const" in node else []) + list(node.get("enum", ())):
        found.add(_type_of(value))
    for key in CHOICES:
        for sub in node.get(key, ()):
            found |= _json_types(sub, defs, where)
    if not found:
        raise SchemaShapeError(f"{where}: a choice whose type the schema does not say")
    return {"number" if t == "integer" else t for t in found}


def _type_of(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def _lookup_def(ref: str, defs: dict, where: str) -> dict:
    prefix = "#/$defs/"
    if not ref.startswith(prefix) or "/" in ref[len(prefix):] or ref[len(prefix):] not in defs:
        raise SchemaShapeError(f"{where}: $ref {ref} is not one of the source's $defs")
    return defs[ref[len(prefix):]]


class _Patcher:
    """Writes the patch form of the nodes of one source schema, and of the ``$defs`` they use."""

    def __init__(self, source: dict):
        self.source = source
        self.defs = source.get("$defs", {})
        self.patch_defs: dict[str, dict] = {}

    # A node in a mapping: a field's value (which a patch may remove with null).
    def field(self, node, where: str):
        if isinstance(node, bool):
            return node
        relaxed = self.relaxed(node, where)
        refusing = {k: relaxed.pop(k) for k in (*SHAPE, *CHOICES) if k in relaxed}
        if not refusing:
            return relaxed
        if any(k in relaxed for k in ("if", "then", "else")):
            raise SchemaShapeError(f"{where}: if/then/else beside {', '.join(refusing)}")
        relaxed["if"] = {"type": "null"}
        relaxed["else"] = refusing
        return relaxed

    def relaxed(self, node: dict, where: str) -> dict:
        """``node`` as a patch writes it, ``null`` left to the caller."""
        out = {}
        for key, value in node.items():
            here = f"{where}/{key}"
            if _is_annotation(key) or key in SHAPE:
                out[key] = copy.deepcopy(value)
            elif key in SAME or key in LIST:
                out[key] = _complete_refs(value)          # the same as in a complete ruleset
            elif key in PRESENCE:
                continue
            elif key == "properties":
                out[key] = {name: self.field(sub, f"{here}/{name}") for name, sub in value.items()}
            elif key in ("additionalProperties", "unevaluatedProperties") and isinstance(value, bool):
                out[key] = value
            elif key == "additionalProperties":
                out[key] = self.field(value, here)
            elif key == "patternProperties":
                out[key] = {pattern: self.field(sub, f"{here}/{pattern}") for pattern, sub in value.items()}
            elif key == "$ref":
                out[key] = self.ref(value, here)
            elif key in CHOICES:
                if all(_presence_only(sub) for sub in value):
                    continue
                if any(_presence_only(sub) for sub in value):
                    raise SchemaShapeError(f"{here}: a choice between fields present and values")
                out[key] = [self.relaxed(sub, f"{here}/{i}") for i, sub in enumerate(value)]
                if key == "oneOf":
                    self.check_apart(value, here)
            elif key in ("if", "then", "else"):
                if not all(_presence_only(node[k]) for k in ("if", "then", "else") if k in node):
                    raise SchemaShapeError(f"{here}: if/then/else about values (only about fields present is known)")
            else:
                raise SchemaShapeError(f"{here}: the keyword {key} (teach {COMMAND} how a patch writes it)")
        return out

    def check_apart(self, choices: list, where: str):
        """A ``oneOf`` stays a ``oneOf`` in a patch only when its choices differ in type: loosening one
        choice could then never make a value match two."""
        seen: set[str] = set()
        for i, sub in enumerate(choices):
            types = _json_types(sub, self.defs, f"{where}/{i}")
            if types & seen:
                raise SchemaShapeError(f"{where}: choices of oneOf that share the type {sorted(types & seen)[0]}")
            seen |= types

    def ref(self, ref: str, where: str) -> str:
        if ref.startswith("#/properties/"):
            return f"#/$defs/{PATCH}" + ref[1:]
        _lookup_def(ref, self.defs, where)
        name = ref[len("#/$defs/"):]
        if name not in self.patch_defs:
            self.patch_defs[name] = {}   # taken: a definition that refers to itself
            self.patch_defs[name] = self.field(self.defs[name], f"#/$defs/{name}")
        return f"#/$defs/{PATCH_PREFIX}{name}"


def _complete_refs(node):
    """``node`` with its references to the top-level properties pointed at ``$defs/ruleset``."""
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str) and value.startswith("#/properties/"):
                value = f"#/$defs/{COMPLETE}" + value[1:]
            out[key] = _complete_refs(value)
        return out
    if isinstance(node, list):
        return [_complete_refs(v) for v in node]
    return node


def _former_sections(source: dict) -> dict:
    """``{former name: its section}``: a file writes one of them, not both (the loader's rule)."""
    return {name: spec["x-former-name-of"] for name, spec in source.get("properties", {}).items()
            if isinstance(spec, dict) and "x-former-name-of" in spec}


def _shared(node, item: bool = False):
    """What the top level of the published file says of a field whichever form the file has: its
    annotations (``description`` above all, so that an editor explains it in either form), its fields
    (a mapping of fixed fields), a text's ``pattern``, and the ``enum`` of a list's items (which are
    never null). Nothing that refuses ``null`` or an absent field, nothing reached through ``$ref``:
    the form that applies (``then`` or ``else``) checks the rest, and errors found here are found
    there too, with the same keyword at the same place."""
    if not isinstance(node, dict):
        return node
    out = {}
    for key, value in node.items():
        if _is_annotation(key) or key == "pattern" or (item and key == "enum"):
            out[key] = copy.deepcopy(value)
        elif key == "properties":
            out[key] = {name: _shared(sub) for name, sub in value.items()}
        elif key == "items" and isinstance(value, dict):
            out[key] = _shared(value, item=True)
    return out


def published(source: dict) -> dict:
    """The published schema: both forms, written from the source (the complete form)."""
    for key in ("properties", "required"):
        if key not in source:
            raise SchemaShapeError(f"the source has no top-level {key}")
    if any(name.startswith(PATCH_PREFIX) or name in (COMPLETE, PATCH) for name in source.get("$defs", {})):
        raise SchemaShapeError(f"the $defs {COMPLETE!r}, {PATCH!r} and {PATCH_PREFIX}NAME are the published file's")
    patcher = _Patcher(source)
    patch = {"type": "object", "description": (
        "A patch (a file with extends): merged into its base, mapping by mapping. Every field is optional; "
        "null removes the base's; a list replaces the base's and is written whole."), "properties": {}}
    for name, spec in source["properties"].items():
        where = f"#/properties/{name}"
        patch["properties"][name] = _complete_refs(spec) if name in OWN_FIELDS else patcher.field(spec, where)
    patch["additionalProperties"] = False
    patch["required"] = [name for name in OWN_FIELDS if name in source["properties"]]
    complete = {k: _complete_refs(v) for k, v in source.items()
                if k not in ("$schema", "$id", "title", "description", "$defs")}
    complete["description"] = ("A complete ruleset (a file without extends, and every ruleset once its "
                               "extends is resolved): the form rulekit validates.")

    out = {k: source[k] for k in ("$schema", "$id", "title") if k in source}
    out["description"] = (source.get("description", "") + " A file without extends is a complete ruleset "
                          f"($defs/{COMPLETE}); a file with extends is a patch of its base ($defs/{PATCH}).").strip()
    out["$comment"] = (f"Written by {COMMAND} from ruleset.source.json (the complete form, edited by hand); "
                       "do not edit this file.")
    out["type"] = "object"
    out["properties"] = {name: _shared(spec) for name, spec in source["properties"].items()}
    formers = _former_sections(source)
    if formers:
        out["dependentSchemas"] = {old: {"not": {"required": [new]}} for old, new in formers.items()}
    out["if"] = {"required": ["extends"]}
    out["then"] = {"$ref": f"#/$defs/{PATCH}"}
    out["else"] = {"$ref": f"#/$defs/{COMPLETE}"}
    defs = {name: _complete_refs(d) for name, d in source.get("$defs", {}).items()}
    defs[COMPLETE] = complete
    defs[PATCH] = patch
    for name in sorted(patcher.patch_defs):
        defs[PATCH_PREFIX + name] = patcher.patch_defs[name]
    out["$defs"] = defs
    return out


def render(source: dict) -> str:
    return json.dumps(published(source), indent=2) + "\n"


def load(path: Path = SOURCE) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=COMMAND, description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 when the published schema is not what would be written")
    parser.add_argument("--source", type=Path, default=SOURCE, help="the complete form (default: %(default)s)")
    parser.add_argument("--published", type=Path, default=PUBLISHED,
                        help="the schema editors read (default: %(default)s)")
    args = parser.parse_args(argv)
    try:
        text = render(load(args.source))
    except SchemaShapeError as exc:
        print(f"{args.source}: {exc}", file=sys.stderr)
        return 1
    current = args.published.read_text(encoding="utf-8") if args.published.exists() else None
    if args.check:
        if current != text:
            print(f"{args.published} is not written from {args.source}: run {COMMAND}", file=sys.stderr)
            return 1
        return 0
    if current != text:
        args.published.write_text(text, encoding="utf-8")
        print(f"rewrote {args.published}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
