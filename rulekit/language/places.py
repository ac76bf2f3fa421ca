"""Where a ruleset holds amounts and ids, read from the schema rather than listed by hand.

The schema (``schema/ruleset.source.json``) marks every reference to an id with its kind:
``{"$ref": "#/$defs/id", "x-ref": "structure"}`` on a value (``requires`` items, ``upgrades``,
a card's ``forbid.build`` ...), and on the ``propertyNames`` of a mapping whose keys are ids
(``{"$ref": "#/$defs/id", "x-ref": "resource"}``: the keys of a cost, a yield, an income ...).
A mapping whose keys are resources and whose other values are whole numbers is an *amount*
(``$defs/amount``, or written in place with fields of its own beside the resources, as an
effect's ``if`` or ``when``). :func:`walk` follows the schema through a ruleset's data and
reports both, so a new place in the schema is checked as soon as it is tagged: the validation
reports an unknown id there (``FILE:LINE``) without a line of its own.

The kinds (``x-ref``): ``structure``, ``worker``, ``conversion``, ``space``, ``resource``,
``coin``, and ``worker_or_sailor`` (a worker kind, or the sailors' kind when the ruleset has
sailors).

A house rule's structures, as its file writes them (a tower that requires a shed and earns 1 Coin at the start
of each turn to an owner of 3 structures or more):

>>> data = {"structures": {
...     "shed": {"name": "Shed", "cost": {"labor": 1}, "vp": {"first": 1, "later": 0}},
...     "tower": {"name": "Tower", "cost": {"labor": 2, "coin": 5}, "vp": {"first": 3, "later": 1},
...               "requires": ["shed"], "effects": [{"income": {"coin": 1, "if": {"metric": "structures", "at_least": 3}}}]}}}
>>> for ref in references(data):
...     print(ref.kind, ref.pointer)
resource /structures/shed/cost/labor
resource /structures/tower/cost/labor
resource /structures/tower/cost/coin
structure /structures/tower/requires/0
resource /structures/tower/effects/0/income/coin
>>> tower = next(a for a in amount_places(data) if a.pointer == "/structures/tower/cost")
>>> tower.mapping, tower.others
({'labor': 2, 'coin': 5}, ())
>>> tower.where
'#/$defs/ruleset/properties/structures/additionalProperties > #/$defs/structure/properties/cost/oneOf/0'
>>> income = next(a for a in amount_places(data) if a.pointer.endswith("/income"))
>>> income.mapping["coin"], income.others
(1, ('if',))
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterator, NamedTuple

from .ruleset import schema
from .yamlload import join

#: The tag of a reference to an id, and the kinds of ids a ruleset defines.
REF = "x-ref"
KINDS = ("structure", "worker", "conversion", "space", "resource", "coin", "worker_or_sailor")
#: Where the complete form of a ruleset is, in the published schema (rulekit_tools.schemagen).
COMPLETE = "#/$defs/ruleset"
#: How a place reached through a ``$ref`` is written: the place of the ``$ref``, this, and the place in the
#: definition (``...spaces/items/properties/yields > #/$defs/amount/propertyNames``): a definition used in
#: several places is as many places.
THROUGH = " > "


class Reference(NamedTuple):
    """An id the ruleset names at ``pointer`` (a value, or a key of a mapping), of ``kind``;
    ``where`` is the place of the schema that tags it (``#/$defs/ruleset/properties/events/additionalProperties
    > #/$defs/deck/properties/cards/items > #/$defs/card/properties/forbid/...``: :data:`THROUGH`)."""
    pointer: str
    ident: str
    kind: str
    where: str


class Amount(NamedTuple):
    """An amount of resources at ``pointer``: ``mapping`` and its ``others`` (the keys that are fields
    of the place, such as ``if`` or ``when``, not resources); ``where`` as for :class:`Reference`."""
    pointer: str
    mapping: dict
    others: tuple
    where: str


@lru_cache(maxsize=1)
def _schema() -> dict:
    return schema()


def _resolve(ref: str) -> tuple[dict, str]:
    node = _schema()
    for part in ref.lstrip("#").strip("/").split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node, ref


def _types(node) -> set | None:
    kind = node.get("type")
    if kind is None:
        return None
    return {kind} if isinstance(kind, str) else set(kind)


def _fits(node, value) -> bool:
    """Whether ``value`` has a type ``node`` allows (a branch of a choice that may apply)."""
    if "$ref" in node and "type" not in node:
        node = _resolve(node["$ref"])[0]
    types = _types(node)
    if types is None:
        return True
    if isinstance(value, bool):
        return "boolean" in types
    if isinstance(value, int):
        return bool(types & {"integer", "number"})
    if isinstance(value, float):
        return "number" in types
    if isinstance(value, str):
        return "string" in types
    if isinstance(value, dict):
        return "object" in types
    if isinstance(value, list):
        return "array" in types
    return "null" in types


def _key_kind(names) -> tuple[str | None, str]:
    """The kind of id the keys of a mapping are (its ``propertyNames``, or one of their choices), with
    the place of the tag."""
    if not isinstance(names, dict):
        return None, ""
    if REF in names:
        return names[REF], ""
    for i, sub in enumerate(names.get("anyOf", ())):
        if isinstance(sub, dict) and REF in sub:
            return sub[REF], f"/anyOf/{i}"
    return None, ""


def _whole_numbers(node) -> bool:
    """Whether the values of a mapping are whole numbers: an amount (or a choice whose first form is one, as an
    effect's amount that may also be written ``{per: METRIC, ...}``)."""
    if not isinstance(node, dict):
        return False
    if "$ref" in node and "type" not in node:
        node = _resolve(node["$ref"])[0]
    if "type" not in node and node.get("oneOf"):
        return _whole_numbers(node["oneOf"][0])
    return node.get("type") == "integer"


def _walk(node, where: str, value, pointer: str, seen: set) -> Iterator:
    if not isinstance(node, dict):
        return
    if REF in node and isinstance(value, str):
        yield Reference(pointer, value, node[REF], where)
    if "$ref" in node:
        target, ref = _resolve(node["$ref"])
        yield from _walk(target, f"{where}{THROUGH}{ref}", value, pointer, seen)
    for key in ("oneOf", "anyOf", "allOf"):
        for i, sub in enumerate(node.get(key, ())):
            if _fits(sub, value):
                yield from _walk(sub, f"{where}/{key}/{i}", value, pointer, seen)
    if isinstance(value, dict):
        props = node.get("properties", {})
        extra = node.get("additionalProperties")
        kind, at = _key_kind(node.get("propertyNames"))
        for key, sub in value.items():
            here = join(pointer, key)
            if key in props:
                yield from _walk(props[key], f"{where}/properties/{key}", sub, here, seen)
                continue
            if kind is not None and isinstance(key, str):
                yield Reference(here, key, kind, f"{where}/propertyNames{at}")
            if isinstance(extra, dict):
                yield from _walk(extra, f"{where}/additionalProperties", sub, here, seen)
        if kind == "resource" and _whole_numbers(extra) and (pointer, where) not in seen:
            seen.add((pointer, where))
            yield Amount(pointer, value, tuple(props), where)
    elif isinstance(value, list) and isinstance(node.get("items"), dict):
        for i, sub in enumerate(value):
            yield from _walk(node["items"], f"{where}/items", sub, f"{pointer}/{i}", seen)


def walk(data) -> Iterator:
    """Every :class:`Reference` and :class:`Amount` of a complete ruleset's ``data``, as its schema tags
    them; a part of the data that is not of the schema's shape is passed over (the schema's messages
    say what is wrong there)."""
    found = set()
    for item in _walk(_resolve(COMPLETE)[0], COMPLETE, data if isinstance(data, dict) else {}, "", set()):
        key = (type(item), item.pointer, getattr(item, "kind", None))
        if key not in found:            # two choices of the schema that both apply to a value
            found.add(key)
            yield item


def references(data) -> list[Reference]:
    """Every id ``data`` names, with the kind the schema gives it."""
    return [item for item in walk(data) if isinstance(item, Reference)]


def amount_places(data) -> list[Amount]:
    """Every amount of resources ``data`` writes (costs, yields, tolls, incomes, gains, conversions,
    the sailors' cost, repayment, offers, cards, ship results ...), with its keys that are not resources."""
    return [item for item in walk(data) if isinstance(item, Amount)]


class Field(NamedTuple):
    """A value a ruleset writes (a number, a text, true or false, or null) at ``pointer``, with the place
    of the schema that says what it may be (``where``, the node ``schema``) and, for an id it names, its
    kind (``ref``)."""
    pointer: str
    value: object
    where: str
    schema: dict
    ref: str | None


def _fields(node, where: str, value, pointer: str, ref: str | None) -> Iterator[Field]:
    if not isinstance(node, dict):
        return
    if "$ref" in node:
        target, to = _resolve(node["$ref"])
        # A value is the field where it is written (an id is a structure's requirement, not "an id"); a
        # mapping or a list is what it is defined as (every structure's fields are those of $defs/structure).
        yield from _fields(target, to if isinstance(value, (dict, list)) else where, value, pointer,
                           node.get(REF, ref))
        return
    for key in ("oneOf", "anyOf"):
        for i, sub in enumerate(node.get(key, ())):
            if _fits(sub, value) and _says_what(sub):
                yield from _fields(sub, f"{where}/{key}/{i}", value, pointer, ref)
                return
    if isinstance(value, dict):
        props = node.get("properties", {})
        extra = node.get("additionalProperties")
        for key, sub in value.items():
            if key in props:
                yield from _fields(props[key], f"{where}/properties/{key}", sub, join(pointer, key), None)
            elif isinstance(extra, dict):
                yield from _fields(extra, f"{where}/additionalProperties", sub, join(pointer, key), None)
    elif isinstance(value, list):
        if isinstance(node.get("items"), dict):
            for i, sub in enumerate(value):
                yield from _fields(node["items"], f"{where}/items", sub, f"{pointer}/{i}", None)
    else:
        yield Field(pointer, value, where, node, node.get(REF, ref))


def _says_what(node) -> bool:
    """Whether a choice of the schema says what a value is (not only which fields are present)."""
    return isinstance(node, dict) and any(k in node for k in ("type", "enum", "const", "$ref", "properties"))


def fields(data) -> list[Field]:
    """Every value a complete ruleset's ``data`` writes, with what the schema says of it (a test changes
    each and requires the diff and the rulebook to say so)."""
    return list(_fields(_resolve(COMPLETE)[0], COMPLETE, data if isinstance(data, dict) else {}, "", None))


def tagged_places() -> dict[str, str]:
    """``{place in the schema: kind}`` for every reference the schema tags, reached from a complete
    ruleset (a test makes a typo at each and requires the validation to report it)."""
    out = {}

    def visit(node, where, chain):
        if not isinstance(node, dict):
            return
        if REF in node:
            out[where] = node[REF]
        if "$ref" in node:
            target, ref = _resolve(node["$ref"])
            if ref not in chain:          # a definition inside itself (a condition's all): its places once
                visit(target, f"{where}{THROUGH}{ref}", chain | {ref})
        for key, sub in node.items():
            if key in ("properties", "$defs") and isinstance(sub, dict):
                for name, child in sub.items():
                    if isinstance(child, dict) and "x-former-name-of" in child:
                        continue          # the first language's name of a section, renamed as a file is read
                    visit(child, f"{where}/{key}/{name}", chain)
            elif key in ("oneOf", "anyOf", "allOf"):
                for i, child in enumerate(sub):
                    visit(child, f"{where}/{key}/{i}", chain)
            elif key in ("items", "additionalProperties", "propertyNames"):
                visit(sub, f"{where}/{key}", chain)

    visit(_resolve(COMPLETE)[0], COMPLETE, frozenset())
    return out
