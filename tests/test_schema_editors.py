"""The published ruleset schema, as an editor reads it (issue 36).

A standard JSON Schema client that rulekit did not write (``check-jsonschema``, which applies a
2020-12 schema as the YAML language server of an editor does) reads
``rulekit/language/schema/ruleset.schema.json`` — the file every modeline names and
``rulekit schema`` prints — and must agree with ``rulekit validate`` wherever a schema can see:

- every bundled ruleset and variant, every ruleset example of the docs (a fragment of the
  reference checked as the patch it would be), every ruleset of ``tests/rulesets/`` that rulekit
  accepts: accepted;
- every file of ``tests/rulesets/bad/`` is classified below, in one place: wrong in a way a
  schema sees (refused), wrong only for the checks beyond a schema (accepted: the schema is no
  stricter than rulekit), unreadable YAML (refused before any schema), or written in the first
  language, which the schema does not describe.

The validator runs once over all those files (a module fixture), not once per file. The
published file is written by ``python -m rulekit_tools.schemagen`` from the hand-maintained
complete form (``ruleset.source.json``): it must be what the tool writes, pass the 2020-12
metaschema, and a field added to the complete form must appear in the patch form by itself.
"""
from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import jsonschema
import pytest
import yaml

from rulekit.language import check_path, load_ruleset, schema as language_schema
from rulekit.language.validation import check_resolved
from rulekit.language.yamlload import load_yaml
from rulekit.paths import SCHEMA_PATH
from rulekit_tools import schemagen
from test_ruleset_docs import DOCS, STEP

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent
BAD = TESTS / "rulesets" / "bad"
YAML_BLOCK = re.compile(r"```yaml\n(.*?)```", re.S)          # as tests/test_ruleset_docs.py reads them

# ---------------------------------------------------------------------------
# tests/rulesets/bad/, classified: every file in exactly one group.

#: Wrong in a way the schema sees: the schema refuses it, at (or above) the place rulekit names.
SCHEMA_VISIBLE = (
    "above-maximum.yaml", "bad-id.yaml", "below-minimum.yaml", "borrow-per-turn-zero.yaml",
    "casting-and-harbor.yaml",              # harbor is the former name of casting: one or the other
    "clock-rounds-and-turns.yaml",          # a list item is written whole: its one-of-two holds
    "copies-zero.yaml",
    "roll-sides-above-maximum.yaml",
    "events-count-zero.yaml", "events-unknown-moment.yaml", "events-unknown-duration.yaml",
    "objectives-unknown-metric.yaml",
    "bid-max-zero.yaml",
    "steal-from-unknown.yaml", "toll-below-minimum.yaml",
    "trade-per-turn-zero.yaml", "trade-unknown-phase.yaml",
    "ability-unknown-target.yaml", "ability-per-turn-zero.yaml", "events-yield-add-and-set.yaml",
    "compare-unknown.yaml", "if-on-unlock-worker.yaml",   # compare: most or fewest; if: on an effect of a moment
    "coin-bonus-zero.yaml", "condition-all-wrong-type.yaml", "cost-not-free.yaml", "cost-wrong-type.yaml",
    "counting-not-allowed.yaml", "effect-two-primitives.yaml",
    "empty.yaml",                           # an empty document is null, not a mapping
    "end-finish-turn-wrong-type.yaml",
    "extends-not-text.yaml", "gain-without-amount.yaml", "gain-wrong-type.yaml", "goal-rules-unknown-field.yaml",
    "goal-vp-wrong-type.yaml", "later-builder-vp-above-maximum.yaml", "listed-twice.yaml",
    "long-move-one-step.yaml", "long-move-wrong-type.yaml",
    "missing-top-level-field.yaml",         # a complete ruleset (no extends) without its sections
    "needs-payout-wrong-type.yaml", "not-allowed-value.yaml", "players-too-many.yaml",
    "repay-ends-effect-wrong-type.yaml", "resource-wrong-type.yaml", "sailors-hired-above-maximum.yaml",
    "space-bonus-above-maximum.yaml", "space-bonus-wrong-type.yaml", "starting-labor-above-maximum.yaml",
    "top-level-list.yaml", "turn-builds-zero.yaml", "turn-carry-wrong-type.yaml",
    "turn-move-steps-above-maximum.yaml", "turn-unknown-field.yaml", "unknown-effect.yaml",
    "unknown-end-condition.yaml", "unknown-field.yaml",
    "variant-without-id.yaml",              # a patch needs an id of its own
    "worker-entry-wrong-type.yaml", "wrong-type.yaml",
    "requires-any-of-one.yaml", "bid-pays-unknown.yaml", "coin-cap-negative.yaml", "gain-to-unknown.yaml",
    "events-cost-structure-and-structures.yaml", "events-cost-structures-not-all.yaml", "per-unknown-metric.yaml",
    "worker-seats-wrong.yaml",
)
#: Wrong only for what a schema cannot know: the base (what a null removes, whether an entry is
#: new and so must be complete), the ids a ruleset refers to, the checks across fields. The schema
#: accepts them, as it accepts the same file made right.
CHECKS_ONLY = (
    "borrowing-without-section.yaml", "end-of-turn-on-coins.yaml", "cap-on-lost.yaml", "casting-outcome-missing.yaml",
    "clock-finish-turn.yaml", "given-casting-structure.yaml", "given-one-copy.yaml", "given-twice.yaml",
    "given-unknown-structure.yaml",
    "condition-without-threshold.yaml",     # a new goal's condition: a patch's may rely on the base's
    "duplicate-space-id.yaml", "exclude-without-workers-metric.yaml", "extends-cycle-a.yaml",
    "extends-cycle-b.yaml", "extends-missing-file.yaml", "extends-missing.yaml", "goals-removed-below-draw.yaml",
    "harbor-outcome-missing.yaml", "harbor-outcome-too-many-white.yaml", "harbor-outcome-twice.yaml",
    "hire-sailor-without-sailors.yaml", "measure-vp.yaml", "measure-without-resource.yaml",
    "old-carry-over-beside-end-of-turn.yaml", "old-starting-labor-beside-start.yaml",   # both forms valid alone
    "metric-missing-parameter.yaml", "metric-parameter.yaml",
    "missing-field.yaml",                   # a new structure without vp: a patch's may be a change
    "no-worker-starts.yaml", "owns-unknown-structure.yaml", "players-list-too-short.yaml",
    "players-range-reversed.yaml", "players-reading-missing.yaml", "players-sailor-colours.yaml",
    "prerequisite-cycle.yaml", "remove-nothing.yaml", "removed-lender-still-required.yaml",
    "requires-any-of-unknown.yaml", "requires-any-of-unreachable.yaml",
    "requires-itself.yaml", "resource-second-coins.yaml", "resource-unknown-id.yaml",
    "roll-always-wins.yaml", "roll-never-wins.yaml",
    "events-card-no-effect.yaml", "events-unknown-space.yaml", "events-forbid-space-for-game.yaml",
    "events-forbid-build-for-game.yaml", "events-forbid-space-until-next.yaml", "events-forbid-build-until-next.yaml",
    "events-card-id-twice.yaml", "events-on-build-unknown-structure.yaml", "events-cost-unknown-in-set.yaml",
    "per-missing-parameter.yaml", "per-unknown-resource.yaml", "gain-to-per-metric.yaml",
    "measure-if-vp.yaml", "measure-if-unknown-structure.yaml",
    "objectives-keep-above-deal.yaml", "objectives-deal-above-cards.yaml", "objectives-unknown-structure.yaml",
    "objectives-vp-metric.yaml", "objectives-this-turn-at-end.yaml",
    "bid-unknown-resource.yaml", "bid-max-unpayable.yaml", "draft-pool-too-small.yaml",
    "draft-unknown-structure.yaml", "draft-given-structure.yaml", "draft-upgrade.yaml",
    "steal-without-amount.yaml", "toll-never-paid.yaml", "toll-unknown-resource.yaml",
    "trade-both-ways.yaml", "trade-gives-nothing.yaml", "trade-unknown-resource.yaml",
    "ability-without-amount.yaml", "ability-unknown-requires.yaml",
    "measure-rank.yaml", "if-without-amount.yaml", "if-unknown-resource.yaml",
    "sailors-entry-unknown-space.yaml", "ship-benefit-without-harbor.yaml", "space-bonus-unknown-worker.yaml",
    "start-longer-than-count.yaml", "starting-coins-above-supply.yaml", "starting-coins-not-both.yaml",
    "starting-coins-three-seats.yaml", "starting-coins-unpayable.yaml", "too-many-goals-drawn.yaml",
    "unknown-coin-in-goal.yaml", "unknown-conversion-in-effect.yaml", "unknown-conversion-in-goal.yaml",
    "unknown-entry-space.yaml", "unknown-harbor-structure.yaml", "unknown-requires.yaml",
    "unknown-space-in-effect.yaml", "unknown-start-space.yaml", "unknown-worker-in-effect.yaml",
    "unknown-worker-in-goal.yaml", "upgrade-cycle.yaml", "upgrades-itself.yaml", "worker-entry-unknown-space.yaml",
    "replaces-and-upgrades.yaml", "replaces-itself.yaml", "replace-cycle.yaml", "replaces-unknown-structure.yaml",
    "seats-beyond-players.yaml", "worker-seats-beyond-players.yaml", "given-seats-too-few-copies.yaml",
    "given-seats-and-build-seats.yaml", "draft-seats.yaml",
)
#: Not YAML the reader takes (syntax, tabs, two documents, a duplicate key, an unknown alias):
#: refused before any schema, by check-jsonschema's reader as by rulekit's.
UNREADABLE = ("duplicate-key.yaml", "syntax-error.yaml", "tab-indent.yaml", "two-documents.yaml",
              "unknown-alias.yaml")
#: Wrong only for the checks (at_least above at_most), but written with the first language's
#: metric name labor_earned_this_turn, which rulekit still reads and the schema does not describe
#: (docs/ruleset-reference.md, "Your editor and the schema"): the schema refuses the name.
FIRST_LANGUAGE = {"impossible-condition.yaml": "/goals/labor/condition/metric"}

# ---------------------------------------------------------------------------
# The docs' examples: which are mistakes the docs make on purpose (doc, file name, occurrence).

DOCS_MISTAKES = {
    ("first-house-rule.md", "my-house-rule.yaml", 1): "/structures/bank",        # cots: a misspelt cost
    ("house-rules-tutorial.md", "typo.yaml", 1): "/resources/stone",               # kept: not a field
}

#: Nulls that remove what the no-lender variant removes, and each on its own.
NULLS = {
    "null-all": "structures:\n  lender: null\n  bank: {requires: null}\nborrowing: null\n",
    "null-lender": "structures:\n  lender: null\n",
    "null-borrowing": "borrowing: null\n",
    "null-requires": "structures:\n  bank:\n    requires: null\n",
}

#: Patches the schema must refuse, and the place it names.
WRONG_PATCHES = {
    "own-id-null": ("id: null\n", "/id"),
    "list-items-whole": ("work_cycle:\n  spaces: [{id: a}, {id: b, yields: {coin: 1}}]\n", "/work_cycle/spaces/0"),
    "unknown-field-named": ("turn: {builds_per_turn: 2}\n", "/turn"),
    "title-type": ("title: 5\n", "/title"),
}


def _pointer(path: str) -> str:
    """check-jsonschema's ``$.a.b[0]`` as a JSON pointer ``/a/b/0``."""
    parts = re.findall(r"\.([^.\[\]]+)|\[(\d+)\]|\['((?:[^'\\]|\\.)*)'\]", path[1:])
    return "".join("/" + (a or b or c) for a, b, c in parts)


def _related(a: str, b: str) -> bool:
    """Whether one pointer is the other or inside it."""
    a_parts, b_parts = a.split("/")[1:] if a else [], b.split("/")[1:] if b else []
    n = min(len(a_parts), len(b_parts))
    return a_parts[:n] == b_parts[:n]


def _patch(body: str) -> str:
    """``body`` as a house rule of province-en (with an id of its own unless it has one)."""
    has = yaml.safe_load(body) or {}
    return "extends: province-en\n" + ("" if "id" in has else "id: schema-example\n") + body


def _docs_examples(tmp: Path) -> list[tuple[tuple, Path]]:
    """Every YAML example of docs/*.md as a file: a ruleset file as written, a fragment of the
    reference as the patch it would be (its sections at the top level, or a structure's fields
    under a structure). Keyed by (doc, file name or "block", occurrence)."""
    top = set(schemagen.load()["properties"])
    structure_fields = set(schemagen.load()["$defs"]["structure"]["properties"])
    found, seen = [], {}
    for doc in sorted(DOCS.glob("*.md")):
        text = doc.read_text(encoding="utf-8")
        named = {m.start(3): m.group(2) for m in STEP.finditer(text) if m.group(1) == "file"}
        for block in YAML_BLOCK.finditer(text):
            body = block.group(1)
            name = named.get(block.start(1), "block")
            seen[(doc.name, name)] = n = seen.get((doc.name, name), 0) + 1
            data = yaml.safe_load(body)
            assert isinstance(data, dict), (doc.name, body)
            if "extends" not in data and set(data) <= top:
                body = _patch(body)
            elif "extends" not in data:
                assert set(data) <= structure_fields, (doc.name, body)
                body = _patch("structures:\n  example:\n" + textwrap.indent(body, "    "))
            path = tmp / f"{doc.stem}-{n}-{name}"
            path = path.with_name(path.name if path.name.endswith(".yaml") else path.name + ".yaml")
            path.write_text(body, encoding="utf-8")
            found.append(((doc.name, name, n), path))
    return found


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    """Every file of this test, checked by check-jsonschema in one run: the files by group, and
    ``{file: [(pointer, message), ...]}`` of the schema's errors and the set of unreadable files."""
    tmp = tmp_path_factory.mktemp("schema-editors")
    docs = _docs_examples(tmp)
    groups = {
        # The published schema is Province's language's; a ruleset of another family (family: provisions)
        # is checked by that family's own schema when rulekit loads it (tests/test_provisions_validation.py).
        "bundled": sorted(p for p in (ROOT / "rulesets").rglob("*.yaml") if load_ruleset(p).family == "province"),
        "docs": [path for key, path in docs if key not in DOCS_MISTAKES],
        "docs mistakes": {path: DOCS_MISTAKES[key] for key, path in docs if key in DOCS_MISTAKES},
        "tests": sorted(p for p in (TESTS / "rulesets").rglob("*.yaml") if BAD not in p.parents),
        "bad": sorted(BAD.glob("*.yaml")),
    }
    (tmp / "nulls").mkdir()
    groups["nulls"] = []
    for name, body in NULLS.items():
        path = tmp / "nulls" / f"{name}.yaml"
        path.write_text(_patch(body), encoding="utf-8")
        groups["nulls"].append(path)
    groups["wrong patches"] = {}
    for name, (body, pointer) in WRONG_PATCHES.items():
        path = tmp / f"wrong-{name}.yaml"
        path.write_text(_patch(body), encoding="utf-8")
        groups["wrong patches"][path] = pointer
    files = [str(p) for group in groups.values() for p in group]
    run = subprocess.run([sys.executable, "-m", "check_jsonschema", "--output-format", "json",
                          "--schemafile", str(SCHEMA_PATH), *files], capture_output=True, text=True, timeout=300)
    report = json.loads(run.stdout)
    errors = {f: [] for f in files}
    for error in report["errors"]:
        errors[error["filename"]].append((_pointer(error["path"]), error["message"]))
    unreadable = {error["filename"] for error in report["parse_errors"]}
    return groups, errors, unreadable


def _accepted(checked, path) -> bool:
    _groups, errors, unreadable = checked
    return not errors[str(path)] and str(path) not in unreadable


def test_every_bundled_ruleset_and_variant_is_accepted(checked):
    groups, errors, _unreadable = checked
    assert len(groups["bundled"]) >= 8
    assert {p: errors[str(p)] for p in groups["bundled"] if not _accepted(checked, p)} == {}


def test_every_example_of_the_docs_is_accepted(checked):
    groups, errors, _unreadable = checked
    assert len(groups["docs"]) >= 35
    assert {p.name: errors[str(p)] for p in groups["docs"] if not _accepted(checked, p)} == {}


def test_the_mistakes_the_docs_make_on_purpose_are_refused_where_they_are(checked):
    groups, errors, _unreadable = checked
    assert len(groups["docs mistakes"]) == len(DOCS_MISTAKES)
    for path, pointer in groups["docs mistakes"].items():
        assert any(_related(at, pointer) for at, _message in errors[str(path)]), (path.name, errors[str(path)])


def test_every_ruleset_of_the_tests_that_rulekit_accepts_is_accepted(checked):
    groups, errors, _unreadable = checked
    valid = [p for p in groups["tests"] if check_path(p)[0] == []]
    assert len(valid) >= 4
    assert {p.name: errors[str(p)] for p in valid if not _accepted(checked, p)} == {}


def test_every_bad_file_is_classified_once():
    groups = [SCHEMA_VISIBLE, CHECKS_ONLY, UNREADABLE, tuple(FIRST_LANGUAGE)]
    names = [name for group in groups for name in group]
    assert len(names) == len(set(names))
    assert sorted(names) == sorted(p.name for p in BAD.glob("*.yaml"))


@pytest.mark.parametrize("name", SCHEMA_VISIBLE)
def test_a_bad_file_wrong_in_a_way_a_schema_sees_is_refused_there(checked, name):
    _groups, errors, unreadable = checked
    path = BAD / name
    assert str(path) not in unreadable
    found = errors[str(path)]
    assert found, f"{name}: the schema accepts it"
    # Refused for rulekit's reason: at, inside or above a place rulekit names, or on its line (rulekit
    # names a field of the first language where it is loaded to: setup.starting_labor is a resource's start).
    problems = check_path(path)[0]
    doc = load_yaml(path)
    assert any(_related(at, p.pointer or "") or doc.where(at)[0] == p.line for at, _m in found for p in problems), \
        (found, problems)


@pytest.mark.parametrize("name", CHECKS_ONLY)
def test_a_bad_file_a_schema_cannot_see_is_accepted_by_it(checked, name):
    assert check_path(BAD / name)[0], f"{name} is not bad"
    assert _accepted(checked, BAD / name), checked[1][str(BAD / name)]


@pytest.mark.parametrize("name", UNREADABLE)
def test_an_unreadable_file_is_refused_before_any_schema(checked, name):
    assert str(BAD / name) in checked[2]


@pytest.mark.parametrize("name", sorted(FIRST_LANGUAGE))
def test_the_first_language_metric_names_are_not_in_the_schema(checked, name):
    assert [at for at, _m in checked[1][str(BAD / name)]] == [FIRST_LANGUAGE[name]]


def test_null_removes_the_lender_the_borrowing_rules_and_a_prerequisite(checked):
    """The schema accepts each null; whether the ruleset still holds without what it removes is
    rulekit's to say (the base's Bank requires the Lender, whose effect needs the borrowing rules)."""
    groups, _errors, _unreadable = checked
    by_name = {p.stem: p for p in groups["nulls"]}
    assert all(_accepted(checked, path) for path in by_name.values())
    assert check_path(by_name["null-all"])[0] == []
    assert check_path(by_name["null-requires"])[0] == []
    assert check_path(by_name["null-lender"])[0] and check_path(by_name["null-borrowing"])[0]


def test_a_patch_is_still_checked_field_by_field(checked):
    groups, errors, _unreadable = checked
    for path, pointer in groups["wrong patches"].items():
        found = errors[str(path)]
        assert found and all(at == pointer for at, _m in found), (path.name, found)
    unknown = errors[str(next(p for p in groups["wrong patches"] if "unknown-field" in p.name))]
    assert "builds_per_turn" in unknown[0][1]


# ---------------------------------------------------------------------------
# The schema itself

def test_the_schema_is_a_2020_12_schema():
    run = subprocess.run([sys.executable, "-m", "check_jsonschema", "--check-metaschema", str(SCHEMA_PATH),
                          str(schemagen.SOURCE)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_the_published_schema_is_written_from_the_complete_form():
    assert SCHEMA_PATH == schemagen.PUBLISHED
    assert SCHEMA_PATH.read_text(encoding="utf-8") == schemagen.render(schemagen.load()), \
        f"{SCHEMA_PATH.name} is not written from {schemagen.SOURCE.name}: run {schemagen.COMMAND}"
    assert schemagen.main(["--check"]) == 0


def test_rulekit_validates_a_resolved_ruleset_against_the_complete_form():
    """The complete form is the source's, whole; a resolved ruleset (which has no extends) is held to it."""
    source, published = schemagen.load(), json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    complete = published["$defs"][schemagen.COMPLETE]
    assert complete["required"] == source["required"] and list(complete["properties"]) == list(source["properties"])
    assert all(published["$defs"][name] == definition for name, definition in source["$defs"].items()
               if "#/properties/" not in json.dumps(definition))
    assert published["else"] == {"$ref": f"#/$defs/{schemagen.COMPLETE}"}
    assert list(language_schema()["properties"]) == list(source["properties"])   # rulekit show's order
    data = copy.deepcopy(load_ruleset("province-en").data)
    assert check_resolved(data, "x.yaml") == []
    del data["tie_breaks"]
    assert [p.message for p in check_resolved(data, "x.yaml")] == ["missing required field tie_breaks"]


def _descriptions(node, defs, prefix="", seen=None) -> dict:
    """``{place: description}`` of every field reached through mappings (and the choices of a
    field), following ``$ref`` to a definition once."""
    seen = set() if seen is None else seen
    if not isinstance(node, dict):
        return {}
    found = {prefix: node["description"]} if "description" in node else {}
    name = node.get("$ref", "").removeprefix("#/$defs/")
    if name in defs and name not in seen:
        seen.add(name)
        found.update(_descriptions(defs[name], defs, prefix + "/@" + name.removeprefix(schemagen.PATCH_PREFIX), seen))
    for key, sub in node.get("properties", {}).items():
        found.update(_descriptions(sub, defs, f"{prefix}/{key}", seen))
    found.update(_descriptions(node.get("additionalProperties"), defs, prefix + "/*", seen))
    choices = node.get("else", node)               # a patch holds a field's choices under else
    for key in ("oneOf", "anyOf", "allOf"):
        for i, sub in enumerate(choices.get(key, ())):
            found.update(_descriptions(sub, defs, f"{prefix}|{i}", seen))
    return found


def test_a_patch_has_the_descriptions_of_the_complete_form():
    source, published = schemagen.load(), json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    complete = _descriptions({"properties": source["properties"]}, source["$defs"])
    patch = _descriptions(published["$defs"][schemagen.PATCH], published["$defs"])
    patch.pop("", None)
    assert len(complete) > 150 and patch == complete
    shared = _descriptions({"properties": published["properties"]}, {})
    assert shared == {k: v for k, v in complete.items() if not any(c in k for c in "@*|")}


def test_a_field_added_to_the_complete_form_is_in_the_patch_form():
    source = schemagen.load()
    source["properties"]["weather"] = {
        "type": "object", "description": "The weather of a game.", "additionalProperties": False,
        "required": ["season", "rain"],
        "properties": {"season": {"enum": ["dry", "wet"], "description": "The season."},
                       "rain": {"type": "integer", "minimum": 0, "description": "Days of rain."}}}
    source["$defs"]["structure"]["properties"]["upkeep"] = {"$ref": "#/$defs/amount", "description": "Paid each turn."}
    validator = jsonschema.Draft202012Validator(schemagen.published(source))
    base = {"extends": "province-en", "id": "x"}

    def refused(patch):
        return sorted("/".join(map(str, e.absolute_path)) for e in validator.iter_errors({**base, **patch}))

    assert refused({"weather": {"rain": 3}, "structures": {"bank": {"upkeep": {"coin": 1}}}}) == []
    assert refused({"weather": {"season": None}, "structures": {"bank": {"upkeep": None}}}) == []
    assert refused({"weather": {"rain": -1, "snow": 2}}) == ["weather", "weather/rain"]
    assert refused({"structures": {"bank": {"upkeep": {"coin": "x"}}}}) == ["structures/bank/upkeep/coin"]
    assert refused({"weather": None}) == []
    patch_weather = schemagen.published(source)["$defs"][schemagen.PATCH]["properties"]["weather"]
    assert patch_weather["properties"]["season"]["description"] == "The season."


def test_a_keyword_the_tool_cannot_patch_stops_it_by_name():
    source = schemagen.load()
    source["properties"]["turn"]["dependentSchemas"] = {"builds": {"required": ["move_steps"]}}
    with pytest.raises(schemagen.SchemaShapeError, match=r"#/properties/turn/dependentSchemas"):
        schemagen.published(source)
