"""One home per primitive: every layer's table has one row per name the schema lets an author write.

A primitive of the rules language is a name the schema
(``rulekit/language/schema/ruleset.schema.json``) lets an author write and some
layer must act on: an effect (``$defs/effect``), a condition's metric
(``$defs/condition``), an end-condition kind (``$defs/end_condition``); and the
engine's action kinds, which the play screen tells. Each layer handles them
through one table keyed by those names (docs/architecture.md, "Adding to it"):
this test reads the names from the schema (the action kinds from the engine)
and fails, naming the layer, the table and the name, where a table lacks a row
or has a row for a name that no longer exists.

The tie-breaks (``tie_breaks``) have no table of their own: the engine measures
them as metrics of a state (``State.metric``) and the text and the screen label
them; they are probed here instead.
"""
from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

import rulekit.engine as engine
import scenario as S
from rulekit.i18n import PSEUDO_LANGUAGE, language
from rulekit.language import load_ruleset
from rulekit.language import validation
from rulekit.play import screen
from rulekit.text import sentences

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "rulekit" / "language" / "schema" / "ruleset.schema.json").read_text(encoding="utf-8"))


def engine_action_kinds() -> dict[int, str]:
    """The engine's action kinds, ``{kind: NAME}``: the integer constants :mod:`rulekit.engine`
    exports besides its phases (``PHASE_NAMES``)."""
    phases = {name.upper() for name in engine.PHASE_NAMES}
    return {getattr(engine, name): name for name in engine.__all__
            if name.isupper() and name not in phases and isinstance(getattr(engine, name), int)}


def primitive_names() -> dict[str, dict]:
    """``{family: {key: how a message names it}}``: the schema's primitives, and the engine's action kinds."""
    defs = SCHEMA["$defs"]
    named = {
        "effect": list(defs["effect"]["properties"]),
        "metric": defs["condition"]["properties"]["metric"]["enum"],
        "end condition": [kind for choice in defs["end_condition"]["oneOf"] for kind in choice["required"]],
    }
    families = {family: {name: repr(name) for name in names} for family, names in named.items()}
    families["action kind"] = engine_action_kinds()
    return families


#: (family, layer, module, table): every table of a layer keyed by the names of a family.
TABLES = [
    ("effect", "engine", "rulekit.engine.primitives", "EFFECTS"),
    ("effect", "language", "rulekit.language.validation", "EFFECTS"),
    ("effect", "text", "rulekit.text.sentences", "EFFECT_SENTENCES"),
    ("effect", "play", "rulekit.play.story", "EFFECT_TAGS"),
    ("metric", "engine", "rulekit.engine.primitives", "METRICS"),
    ("metric", "language", "rulekit.language.validation", "METRICS"),
    ("metric", "text", "rulekit.text.sentences", "METRIC_WORDS"),
    ("end condition", "engine", "rulekit.engine.game", "END_KINDS"),
    ("end condition", "language", "rulekit.language.validation", "END_CONDITIONS"),
    ("end condition", "text", "rulekit.text.sentences", "END_CONDITION_SENTENCES"),
    ("action kind", "play", "rulekit.play.screen", "ACTION_WORDS"),
    ("action kind", "play", "rulekit.play.notation", "LOCAL_FORMS"),
    ("action kind", "play", "rulekit.play.story", "ACTION_STORY"),
]


def short_name(module: str, table: str) -> str:
    """How docs/architecture.md names a table: ``primitives.EFFECTS``."""
    return f"{module.rsplit('.', 1)[1]}.{table}"


def row_problems(family: str, layer: str, where: str, names: dict, table) -> list[str]:
    """What is wrong with ``table`` (a dict, or a tuple of keys) against ``names`` (``{key: shown}``):
    a name without its row, a row whose name the family lacks."""
    problems = [f"{layer} ({where}) has no row for the {family} {shown}"
                for key, shown in names.items() if key not in table]
    problems += [f"{layer} ({where}) has a row for {key!r}, which is no {family} of the "
                 f"{'engine' if family == 'action kind' else 'schema'}" for key in table if key not in names]
    return problems


@pytest.mark.parametrize("family, layer, module, table", TABLES,
                         ids=[f"{family}-{layer}-{short_name(m, t)}" for family, layer, m, t in TABLES])
def test_every_table_has_one_row_per_primitive(family, layer, module, table):
    rows = getattr(importlib.import_module(module), table)
    problems = row_problems(family, layer, short_name(module, table), primitive_names()[family], rows)
    assert not problems, "\n".join(problems)


def test_the_check_names_the_layer_and_the_primitive():
    """The check itself: a table that lacks a name, or has one the schema lacks, is reported by name."""
    names = {"income": "'income'", "gain": "'gain'"}
    table = {"income": print, "harvest": print}
    assert row_problems("effect", "text", "sentences.EFFECT_SENTENCES", names, table) == [
        "text (sentences.EFFECT_SENTENCES) has no row for the effect 'gain'",
        "text (sentences.EFFECT_SENTENCES) has a row for 'harvest', which is no effect of the schema"]
    kinds = engine_action_kinds()
    some_kind = min(kinds)
    assert row_problems("action kind", "play", "screen.ACTION_WORDS", kinds,
                        {k: (print, None) for k in kinds if k != some_kind}) == [
        f"play (screen.ACTION_WORDS) has no row for the action kind {kinds[some_kind]}"]
    assert row_problems("end condition", "engine", "game.END_KINDS", {"goals_exhausted": "'goals_exhausted'"},
                        ("goals_exhausted",)) == []


def test_the_action_kinds_are_those_the_engine_plays(tmp_path):
    """The kinds read from the engine's exports are distinct, and every action of a compiled
    ruleset (bundled, and one with a long move) is of one of them."""
    kinds = engine_action_kinds()
    names = [name for name in engine.__all__ if name in kinds.values()]
    assert len(kinds) == len(names) >= 2
    road = S.variant(tmp_path, {"structures": {"road": {"name": "Road", "cost": {"labor": 1}, "vp": {"first": 1, "later": 0},
                                                        "effects": [{"long_move": {"steps": 2}}]}}})
    played = set()
    for ref in ("province-en", "province-fr", road):
        played |= {info.kind for info in engine.compile_ruleset(load_ruleset(ref)).actions}
    assert played <= set(kinds), sorted(played - set(kinds))
    assert engine.LEAP in played


def test_docs_list_the_places_this_test_checks():
    """docs/architecture.md's "adding a primitive" names every table checked here."""
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    missing = [short_name(m, t) for _f, _l, m, t in TABLES if f"`{short_name(m, t)}`" not in doc]
    assert not missing, f"docs/architecture.md does not name {', '.join(missing)}"


def test_the_language_metric_parameters_are_fields_of_a_condition():
    """Each metric's parameters in validation.METRICS are fields the schema gives a condition, and
    the parameter -> metrics map the checks read is that table turned round, every parameter in it."""
    condition = SCHEMA["$defs"]["condition"]["properties"]
    params = {param for row in validation.METRICS.values() for param in row}
    assert params <= set(condition) and set(validation._METRIC_PARAMS) == params
    assert all(metric in validation.METRICS and param in validation.METRICS[metric]
               for param, metrics in validation._METRIC_PARAMS.items() for metric in metrics)
    assert set(validation._REQUIRED_PARAMS) <= set(validation._METRIC_PARAMS)


@pytest.mark.parametrize("tie_break", SCHEMA["properties"]["tie_breaks"]["items"]["enum"])
def test_every_tie_break_is_measured_and_labelled(tie_break):
    """A tie-break is measured by the engine (``State.metric``, which ``result()`` reads) and
    labelled, through the catalog, by the text (the rulebook and the diff) and the screen (the end
    of a game)."""
    rs = load_ruleset("province-en")
    st = engine.new_game(rs, seed=0, first_player=0)
    measured = [st.metric(tie_break, p) for p in (0, 1)]
    assert all(isinstance(v, int) and v >= 0 for v in measured), f"engine (State.metric): {tie_break!r} gives {measured}"
    # In the pseudo-locale every label that goes through the catalog differs from the bare key,
    # which is what the labels fall back to.
    with language(PSEUDO_LANGUAGE):
        labels = {"text (sentences._tie_break_label)": sentences._tie_break_label(tie_break, rs.data),
                  "text (sentences._tie_break_short)": sentences._tie_break_short(tie_break, rs.data),
                  "play (screen.tie_break_label)": screen.tie_break_label(tie_break, rs.data)}
    unlabelled = [layer for layer, label in labels.items() if not label or label == tie_break]
    assert not unlabelled, f"{', '.join(unlabelled)}: no label for the tie-break {tie_break!r}"
