"""Every field is told: a rule changed anywhere is a line of ``rulekit diff`` and a change of the rulebook.

For every field of the schema that a bundled ruleset, a docs' house rule or a generated one writes
(rulekit.language.places.fields: each value with the place of the schema that says what it is),
the value is changed to another one the validator accepts (a number one more or one less, the other
truth value, another choice of an enum, another id of the same kind, another text), and the diff's
facts (text/diff.py ``_facts``) and the rulebook's text (without its box of house rules, which is the
diff again) must both change. A field whose change is not told would be a rule the players cannot
read. Only the fields on :data:`NOT_PLAY` (what names, describes or decorates, never what plays) are
left out, each with its reason.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path

import tier
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_
from test_language_v2_properties import house_rules

from rulekit.i18n import language
from rulekit.language import bundled_rulesets, load_ruleset, places
from rulekit.language.ruleset import Ruleset
from rulekit.language.validation import check_resolved
from rulekit.text.diff import _facts
from rulekit.text.rulebook import render_markdown

ROOT = Path(__file__).resolve().parent.parent
R = "#/$defs/ruleset/properties"

#: The fields whose change cannot change play, so neither the diff nor the book need say it (each with why).
NOT_PLAY = {
    # What a ruleset is called and where it comes from: the book's title page, never a rule.
    f"{R}/id": "the ruleset's id, how the command line names it",
    f"{R}/title": "the title of the book",
    f"{R}/edition": "the edition's label under the title",
    f"{R}/version": "the ruleset's version number",
    f"{R}/language": "the language the ruleset's texts are written in (the book's language is chosen apart)",
    f"{R}/description": "the one-paragraph summary a list of rulesets shows",
    f"{R}/$schema": "where an editor finds the schema",
    # Ids name a thing to the other fields of the file; what the players read is its name.
    f"{R}/work_cycle/properties/spaces/items/properties/id": "a space's id (its name is what is shown)",
    "#/$defs/card/properties/id": "a card's id (its name is what is shown)",
    "#/$defs/outcome/properties/id": "a ship result's id (its label is what is shown)",
    # Looks, not rules: the pieces' colors and the coins' symbols on the screens.
    "#/$defs/worker/properties/color": "the color a worker is drawn in",
    f"{R}/sailors/properties/worker_color/items": "the color each seat's sailors are drawn in",
    "#/$defs/coin/properties/symbol": "the letter a coin is drawn with",
    # Flavor text: a sentence of atmosphere under a structure's or a goal's rule.
    "#/$defs/structure/properties/flavor": "a structure's flavor text",
    "#/$defs/goal/properties/flavor": "a goal's flavor text",
    # The grammatical forms of a name written per language ("le Pari", "Minerais"): a sentence of that language
    # uses the one it needs, and a form no sentence of the book needs is in none (the name itself is tested).
    **{f"#/$defs/name/oneOf/1/additionalProperties/oneOf/1/properties/{form}": f"a name's form {form!r}"
       for form in ("the", "a", "plural", "short", "one")},
    # The name screens and notation show for a hired sailor; the book's sentences say "sailor" in every language.
    f"{R}/sailors/properties/name/oneOf/0": "the name screens show for a hired sailor",
    # The book marks a rule the edition's text does not state as rulekit's reading; the rule played is the same.
    f"{R}/readings/items": "marks a rule as rulekit's reading in the book (the schema: it changes no play)",
}

#: House rules that give the fields room to change where the bundled rulesets leave none (a single choice
#: whose every other value is refused there: a resource only Labor and Coin could be, a deck whose cards
#: forbid for good if they lasted longer, a structure's copies with two players, a measure with a parameter).
EXTRA = {
    "every-field": """\
extends: province-en
id: every-field
resources:
  ore: {name: Ore, kind: pool, end_of_turn: kept, start: [2, 2]}
setup:
  bid: {in: coin, max: 1}
borrowing:
  phases: [spending]
goals:
  hoard:
    name: Hoard
    check: end_of_turn
    condition: {metric: held, resource: ore, at_least: 3}
events:
  market:
    name: Market
    reveal: start_of_round
    lasts: round
    cards:
      - {id: fair, name: Fair, give: {coin: 1}}
      - {id: thrift, name: Thrift, cost: {structures: [mill, camp], add: {labor: -1}}}
structures:
  guild_hall:
    name: Guild Hall
    cost: {labor: 2}
    vp: {first: 1, later: 0}
    effects:
      - income: {coin: {per: structures, each: 2}}
scoring:
  measures:
    - {metric: coin_value, per: 3, vp: 1}
    - {metric: structures, income: true, vp: 1, if: {metric: owns, structure: mill, at_least: 1}}
""",
    "every-field-3p": """\
extends: province-3p
id: every-field-3p
structures:
  bank: {copies: 1}
""",
}


def _corpus(folder: Path) -> dict[str, dict]:
    """The complete rulesets of the language whose fields are changed: the bundled ones, and :data:`EXTRA`."""
    out = {}
    for rid, text in EXTRA.items():
        path = folder / f"{rid}.yaml"
        path.write_text(text, encoding="utf-8")
        out[rid] = json.loads(json.dumps(load_ruleset(path).data))
        assert check_resolved(out[rid], path.name) == [], rid
    for rid in bundled_rulesets():
        ruleset = load_ruleset(rid)
        if ruleset.family == "province":
            out[rid] = json.loads(json.dumps(ruleset.data))
    return out


def _compound(field, data):
    """Changes of more than one value that a change of ``field`` needs to stay a valid ruleset, as
    ``[{pointer: value}, ...]``: the ship results cover every number of white ships once (a result's
    ``white`` changes with another's; one more ship token needs one more result); a number of players
    is a range, or has a seat more in every per-seat list; no coin bonus is a bonus."""
    where, value = field.where, field.value
    if where == "#/$defs/outcome/properties/white":
        outcomes = data["casting"]["outcomes"]
        i = int(field.pointer.split("/")[-2])
        return [{field.pointer: o["white"], f"/casting/outcomes/{j}/white": value}
                for j, o in enumerate(outcomes) if j != i and o["white"] != value]
    if where == f"{R}/components/properties/ship_tokens":
        outcomes = data["casting"]["outcomes"]
        extra = {"id": "one_more", "white": value + 1, "benefit": {"income": {"coin": 1}}}
        return [{field.pointer: value + 1, "/casting/outcomes": outcomes + [extra]}]
    if where == f"{R}/components/properties/players/oneOf/0":
        return [{field.pointer: {"min": value - 1, "max": value}}] if value > 2 else []
    if where == f"{R}/scoring/properties/coin_bonus/oneOf/0":
        return [{field.pointer: {"per": 3, "vp": 1}}]
    return []


def _alternatives(field, data):
    """Other values for ``field``, the likeliest to be valid first."""
    node, value = field.schema, field.value
    types = node.get("type")
    types = {types} if isinstance(types, str) else set(types or ())
    if field.ref is not None:
        kind = "worker" if field.ref == "worker_or_sailor" else field.ref
        known = {"structure": data.get("structures", {}), "worker": data.get("workers", {}),
                 "conversion": data.get("conversions", {}), "resource": data.get("resources", {}),
                 "coin": data.get("components", {}).get("coins", {}),
                 "space": [s["id"] for s in data.get("work_cycle", {}).get("spaces", [])]}[kind]
        return [k for k in known if k != value]
    if "enum" in node:
        return [v for v in node["enum"] if v != value]
    if "const" in node:
        return []
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        low, high = node.get("minimum", -10 ** 6), node.get("maximum", 10 ** 6)
        return [v for v in (value + 1, value - 1, value + 2) if low <= v <= high and v != value]
    if value is None and "integer" in types:
        return [1, 2]
    if isinstance(value, str):
        return [value + " (changed)"]
    return []


def _set(data, pointer, value):
    data = copy.deepcopy(data)
    parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]
    parent = data
    for part in parts[:-1]:
        parent = parent[int(part)] if isinstance(parent, list) else parent[part]
    last = parts[-1]
    if isinstance(parent, list):
        parent[int(last)] = value
    else:
        parent[last] = value
    return data


def _book(data, lang: str = "en") -> str:
    return render_markdown(Ruleset(id=str(data.get("id", "x")), data=data), lang=lang)


def _language_of(pointer: str) -> str:
    """The language a name written per language is shown in (``/resources/ore/name/fr/plural``, or
    ``/structures/almshouse/name/fr``: fr)."""
    parts = pointer.split("/")
    return next((parts[i + 1] for i in range(len(parts) - 1) if parts[i] == "name" and parts[i + 1] != "en"), "en")


#: What _told says of a field none of whose other values makes a valid ruleset.
NO_VALID_CHANGE = "no other value of it validates"


def _catalog_names_it(data, pointer: str) -> bool:
    """Whether ``pointer`` is inside a name written per language (``/conversions/gamble/name/fr/name``) whose
    English name the catalog translates: the catalog's name is shown then (rulekit.language.names.display_name),
    so the ruleset's own translation is not, and its change is no change of what is shown."""
    from rulekit.language.names import NAME_KINDS, entry_name_source, has_translation

    parts = pointer.split("/")
    if "name" not in parts:
        return False
    node = data
    for part in parts[1:parts.index("name")]:
        node = node.get(part) if isinstance(node, dict) else None
    if not isinstance(node, dict) or not isinstance(node.get("name"), dict):
        return False
    text = entry_name_source(node, parts[parts.index("name") - 1])
    with language(_language_of(pointer)):
        return any(has_translation(kind, text) for kind in NAME_KINDS)


def _told(data, field) -> str | None:
    """None when a valid change of ``field`` is told by the diff and the book; else what is missing
    (:data:`NO_VALID_CHANGE` when no other value of it validates, or when the catalog's name is shown instead)."""
    lang = _language_of(field.pointer)
    if lang != "en" and _catalog_names_it(data, field.pointer):
        return NO_VALID_CHANGE
    with language(lang):
        facts, book = _facts(data), None
    changes = [{field.pointer: other} for other in _alternatives(field, data)] + _compound(field, data)
    for change in changes:
        changed = data
        for pointer, value in change.items():
            changed = _set(changed, pointer, value)
        other = change[field.pointer]
        if check_resolved(changed, "changed.yaml"):
            continue                              # not a valid ruleset: try another value
        book = _book(data, lang) if book is None else book
        with language(lang):
            same_facts = _facts(changed) == facts
        missing = [what for what, same in (("diff", same_facts), ("rulebook", _book(changed, lang) == book)) if same]
        if not missing:
            return None
        return f"{field.pointer}: {field.value!r} -> {other!r} changes no line of the {' nor the '.join(missing)}"
    return NO_VALID_CHANGE


def _fields_by_place(corpus):
    """{place of the schema: [(ruleset id, field), ...]} for every field the corpus writes, but NOT_PLAY."""
    out = {}
    for rid, data in corpus.items():
        for field in places.fields(data):
            if field.where in NOT_PLAY:
                continue
            out.setdefault(field.where, []).append((rid, field))
    return out


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return _corpus(tmp_path_factory.mktemp("every-field"))


def test_the_exclusions_are_fields_of_the_schema():
    """Every field NOT_PLAY names is a field of the schema (a stale exclusion would hide nothing)."""
    for where in NOT_PLAY:
        node = places._schema()
        for part in where.lstrip("#").strip("/").split("/"):   # a KeyError where the schema has no such place
            node = places._resolve(node["$ref"])[0] if part not in node and "$ref" in node else node
            node = node[int(part)] if isinstance(node, list) else node[part]
        assert node.get("type") == "string" or "$ref" in node or "enum" in node, where


def test_every_field_a_bundled_ruleset_writes_is_told(corpus):
    untold = []
    for where, found in sorted(_fields_by_place(corpus).items()):
        for rid, field in found[:40]:                     # a few of its places: one whose change is valid
            result = _told(corpus[rid], field)
            if result != NO_VALID_CHANGE:
                break
        if result is not None:
            untold.append(f"{where} ({rid}): {result}")
    assert untold == []


@settings(max_examples=tier.games(full=12, quick=4), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(patch=house_rules(), choice=st_.data())
def test_every_field_a_generated_house_rule_writes_is_told(tmp_path, patch, choice):
    """The same on the house rules tests/test_language_v2_properties.py generates: a field drawn from those
    the house rule writes (one place of the schema, then one of its values), changed, is told."""
    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump(patch), encoding="utf-8")
    data = json.loads(json.dumps(load_ruleset(path).data))
    found = _fields_by_place({"house": data})
    where = choice.draw(st_.sampled_from(sorted(found)), label="field")
    _rid, field = choice.draw(st_.sampled_from(found[where]), label="value")
    assert _told(data, field) in (None, NO_VALID_CHANGE)
