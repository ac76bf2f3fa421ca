"""Every place of the schema that holds an id or an amount is checked, because the schema says so.

The schema tags each reference to an id with its kind (``x-ref``: rulekit/language/places.py);
the validation checks every tagged place, with no list of its own. Here, for each tagged place,
a ruleset that writes something there (a bundled one, or the house rule below that writes
what none does) gets a typo at that place: the validation must report the unknown id at the
line of the typo. A place tagged and never reached, or reached and not checked, fails.
"""
from __future__ import annotations

import copy
import json

import pytest
import yaml

from rulekit.language import bundled_rulesets, load_ruleset, validate_path
from rulekit.language import places
from rulekit.language.validation import amount_places

#: What no bundled ruleset writes, so that every tagged place has an example.
EVERY_PLACE = """\
extends: events
id: every-place
sailors:
  entry: coin
workers:
  camp: {entry: labor_low}
structures:
  lighthouse:
    name: Lighthouse
    cost: {labor: 1}
    vp: {first: 1, later: 0}
    effects:
      - gain: {when: built, coin: 1}
      - space_bonus: {space: coin, worker: sailor, coin: 1}
      - space_bonus: {space: labor_top, worker: green, labor: 1}
      - income: {coin: {per: held, resource: labor}, labor: {per: coins_held, coin: gold}}
      - income: {coin: {per: workers, exclude: [camp]}}
      - gain: {when: built, coin: {per: held, resource: labor}, labor: {per: coins_held, coin: gold}}
      - gain: {when: first_turn, coin: {per: workers, exclude: [camp]}}
  beacon:
    name: Beacon
    cost: {labor: 1}
    vp: {first: 1, later: 0}
    requires: {any_of: [mill, lighthouse]}
  tower:
    name: Tower
    cost: {labor: 2}
    vp: {first: 2, later: 1}
    replaces: beacon
events:
  tides:
    name: Tides
    reveal: {on_build: lighthouse}
    lasts: round
    cards:
      - {id: high, name: High tide, forbid: {space: labor_low}}
      - {id: fair, name: Fair, cost: {structures: [mill, lighthouse], add: {coin: -1}}}
      - {id: plenty, name: Plenty, space_yield: {space: coin, set: {labor: 2}}}
abilities:
  raid:
    name: Raid
    pay: {labor: 1}
    requires: {any_of: [mill, lighthouse]}
    steal: {from: chosen, coin: 1}
scoring:
  measures:
    - {metric: held, resource: labor, vp: 1}
    - {metric: workers, exclude: [camp], vp: 1}
    - {metric: coins_held, coin: gold, vp: 1}
    - {metric: conversions_this_turn, conversion: grind, vp: 1}
    - {metric: owns, structure: mill, vp: 1}
"""

TYPO = "zzq_typo"

#: A condition naming each kind of id a condition names, to write at every place a condition is.
CONDITIONS = [
    {"metric": "coins_held", "coin": "gold", "at_least": 1},
    {"metric": "conversions_this_turn", "conversion": "grind", "at_least": 1},
    {"metric": "workers", "exclude": ["camp"], "at_least": 1},
    {"metric": "held", "resource": "labor", "at_least": 1},
    {"metric": "owns", "structure": "mill", "at_least": 1},
]


def _every_place() -> str:
    """EVERY_PLACE, with each condition of CONDITIONS on each effect that takes one, as a goal, an objective
    and an end condition."""
    patch = yaml.safe_load(EVERY_PLACE)
    for i, cond in enumerate(CONDITIONS):
        patch["structures"][f"checked_{i}"] = {
            "name": f"Checked {i}", "cost": {"labor": 1}, "vp": {"first": 1, "later": 0},
            "effects": [{"income": {"coin": 1, "if": cond}}, {"gain": {"when": "built", "coin": 1, "if": cond}},
                        {"space_yield": {"space": "coin", "coin": 1, "if": cond}},
                        {"space_bonus": {"space": "labor_top", "labor": 1, "if": cond}}]}
        patch["scoring"]["measures"].append({"metric": "structures", "vp": 1, "if": cond})
        patch.setdefault("goals", {})[f"checked_{i}"] = {"name": f"Checked {i}", "check": "end_of_turn",
                                                         "condition": cond}
        patch.setdefault("objectives", {"deal": 2, "keep": 1, "cards": {}})["cards"][f"checked_{i}"] = {
            "name": f"Checked {i}", "vp": 1, "check": "end_of_turn", "condition": cond}   # "this turn" counts
    patch["end"] = {"conditions": [{"player_condition": {**cond, "at_least": 9}} for cond in CONDITIONS]
                    + [{"all_structures_built": {}}]}
    return yaml.safe_dump(patch, sort_keys=False, allow_unicode=True)


def _examples(tmp_path_factory) -> dict[str, dict]:
    """{ruleset id: its resolved data} for the bundled rulesets of the language, and the house rule above."""
    out = {}
    for rid in bundled_rulesets():
        ruleset = load_ruleset(rid)
        if ruleset.family == "province":           # the language of the schema (rulekit/language/schema)
            out[rid] = json.loads(json.dumps(ruleset.data))
    folder = tmp_path_factory.mktemp("every-place")
    path = folder / "every-place.yaml"
    path.write_text(_every_place(), encoding="utf-8")
    assert [str(p) for p in validate_path(str(path))] == []
    out["every-place"] = json.loads(json.dumps(load_ruleset(str(path)).data))
    return out


@pytest.fixture(scope="module")
def examples(tmp_path_factory):
    return _examples(tmp_path_factory)


def _first_reference(examples, where):
    for rid, data in examples.items():
        for ref in places.references(data):
            if ref.where == where:
                return rid, data, ref
    return None


def _at(data, pointer):
    parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]
    parent = data
    for part in parts[:-1]:
        parent = parent[int(part)] if isinstance(parent, list) else parent[part]
    return parent, parts[-1]


def _with_typo(data, ref):
    """``data`` with the id of ``ref`` replaced by :data:`TYPO` (a key renamed in place, keeping the order)."""
    data = copy.deepcopy(data)
    parent, last = _at(data, ref.pointer)
    if isinstance(parent, list):
        parent[int(last)] = TYPO
    elif parent[last] == ref.ident and not ref.where.endswith(tuple(f"propertyNames{s}" for s in ("", "/anyOf/0", "/anyOf/1"))):
        parent[last] = TYPO
    else:
        renamed = {(TYPO if k == last else k): v for k, v in parent.items()}
        parent.clear()
        parent.update(renamed)
    return data


def test_the_schema_tags_references_of_every_kind():
    kinds = set(places.tagged_places().values())
    assert kinds == set(places.KINDS)


@pytest.mark.parametrize("where", sorted(places.tagged_places()))
def test_a_typo_at_every_tagged_place_is_reported_at_its_line(where, examples, tmp_path):
    found = _first_reference(examples, where)
    assert found is not None, f"no bundled ruleset nor EVERY_PLACE writes an id at {where}: add one to EVERY_PLACE"
    rid, data, ref = found
    broken = _with_typo(data, ref)
    text = yaml.safe_dump(broken, sort_keys=False, allow_unicode=True, width=1000)
    lines = [i for i, line in enumerate(text.splitlines(), 1) if TYPO in line]
    assert len(lines) == 1, lines
    path = tmp_path / f"{rid}-typo.yaml"
    path.write_text(text, encoding="utf-8")
    problems = validate_path(str(path))
    reported = [p for p in problems if p.line == lines[0] and TYPO in p.message and p.file == str(path)]
    assert reported, f"{ref.pointer} ({ref.kind}): {[str(p) for p in problems]}"
    assert reported[0].message.startswith("unknown "), reported[0].message
    assert str(reported[0]).startswith(f"{path}:{lines[0]}:")


def test_the_unbroken_examples_are_valid(examples, tmp_path):
    """The house rule that writes what no bundled ruleset does, written back as a complete file, validates:
    a typo is then the only problem of a broken file."""
    data = examples["every-place"]
    path = tmp_path / "every-place-complete.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=1000), encoding="utf-8")
    assert [str(p) for p in validate_path(str(path))] == []


def test_amount_places_come_from_the_schema(examples):
    """Every amount is where the schema says one is, with the fields of that place beside the resources."""
    data = examples["every-place"]
    found = {pointer: others for pointer, _mapping, others in amount_places(data)}
    assert found["/structures/camp/cost"] == ()
    assert found["/sailors/cost"] == ()
    assert found["/work_cycle/spaces/0/yields"] == ()
    assert found["/structures/lighthouse/effects/0/gain"] == ("when", "if", "to")
    assert found["/structures/lighthouse/effects/1/space_bonus"] == ("space", "worker", "if")
    assert found["/events/seasons/cards/4/give"] == ()
    assert found["/events/seasons/cards/0/space_yield/add"] == ()
    assert found["/borrowing/repay"] == ()
    assert found["/casting/outcomes/0/benefit/income"] == ()
    assert all(not p.startswith("/components") for p in found)      # coins are defined, not amounts


def test_a_new_place_tagged_in_the_schema_is_checked_without_code(monkeypatch):
    """A tag is all it takes: a field the schema tags ``x-ref`` is checked as a reference."""
    schema = copy.deepcopy(places._schema())
    schema["$defs"]["ruleset"]["properties"]["title"] = {"$ref": "#/$defs/id", "x-ref": "structure"}
    monkeypatch.setattr(places, "_schema", lambda: schema)
    data = {"title": "mil", "structures": {"mill": {}}}
    assert [(r.pointer, r.ident, r.kind) for r in places.references(data)] == [("/title", "mil", "structure")]


def test_a_new_amount_in_the_schema_is_checked_without_code(monkeypatch):
    """design review 4, §5b: a setup field of starting bundles, each an amount (``$ref: #/$defs/amount``), names a
    resource that does not exist: the reference is found from the schema alone, and the amount is one."""
    schema = copy.deepcopy(places._schema())
    schema["$defs"]["ruleset"]["properties"]["setup"]["properties"]["choose_start"] = {
        "type": "array", "items": {"$ref": "#/$defs/amount"}}
    monkeypatch.setattr(places, "_schema", lambda: schema)
    data = {"setup": {"choose_start": [{"coin": 3}, {"gold": 3}]}}
    assert [(r.pointer, r.ident, r.kind) for r in places.references(data)] == [
        ("/setup/choose_start/0/coin", "coin", "resource"), ("/setup/choose_start/1/gold", "gold", "resource")]
    assert [(a.pointer, a.others) for a in places.amount_places(data)] == [
        ("/setup/choose_start/0", ()), ("/setup/choose_start/1", ())]
