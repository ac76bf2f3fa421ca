"""docs/ruleset-reference.md's field tables are written from the schema (rulekit_tools.reference).

Each field's meaning has one place, its ``description`` in the language's JSON Schema: the tables
between ``<!-- fields: POINTER -->`` markers must be what ``python -m rulekit_tools.reference``
writes, and every field of the sections they document must have a description.
"""
import copy
import json
from pathlib import Path

import pytest

from rulekit_tools import reference

ROOT = Path(__file__).resolve().parent.parent
TEXT = (ROOT / "docs" / "ruleset-reference.md").read_text(encoding="utf-8")
SCHEMA = reference.load_schema()


def test_the_reference_tables_are_written_from_the_schema():
    _new, changed = reference.render(TEXT, SCHEMA)
    assert not changed, (
        "the field tables of docs/ruleset-reference.md differ from the schema's descriptions in "
        + "; ".join(t.name for t in changed) + f": run {reference.COMMAND}")


def test_the_reference_documents_each_section_by_a_table():
    pointers = {t.pointer for t in reference.tables(TEXT)}
    for section in ("components", "sailors", "work_cycle", "setup", "turn", "borrowing", "casting",
                    "goal_rules", "end", "scoring"):
        assert f"/properties/{section}" in pointers, section
    for definition in ("structure", "goal", "worker", "coin", "conversion", "condition", "outcome", "resource"):
        assert f"/$defs/{definition}" in pointers, definition
    assert "/" in pointers                               # the metadata


@pytest.mark.parametrize("table", reference.tables(TEXT), ids=lambda t: t.pointer)
def test_every_field_of_a_documented_section_has_a_description(table):
    assert reference.undescribed(SCHEMA, table.pointer, table.only) == []
    assert all(text for _field, _required, text in reference.rows(SCHEMA, reference.lookup(SCHEMA, table.pointer),
                                                                 table.only))


def test_a_row_has_the_field_whether_it_is_required_and_its_meaning():
    rows = {field: (required, text) for field, required, text in
            reference.rows(SCHEMA, reference.lookup(SCHEMA, "/properties/casting"))}
    # An object of fixed fields is listed as its fields, required when both it and the field are.
    assert "cast" not in rows
    assert rows["cast.on_first_build"][0] is True
    assert rows["cast.on_first_build"][1] == \
        SCHEMA["properties"]["casting"]["properties"]["cast"]["properties"]["on_first_build"]["description"]
    # A name links to where names are explained; a whole number says its range.
    assert rows["holder"][1].endswith("A [name](#the-file).")
    sailors = dict((f, t) for f, _r, t in reference.rows(SCHEMA, reference.lookup(SCHEMA, "/properties/sailors")))
    assert sailors["per_turn"].endswith("A whole number from 1 to 1,000.")
    assert sailors["max_on_cycle"].endswith("A whole number, at least 0, or `null`.")
    # A mention of another document becomes a link.
    resource = dict((f, t) for f, _r, t in reference.rows(SCHEMA, reference.lookup(SCHEMA, "/$defs/resource")))
    assert "([coins.md](coins.md))" in resource["kind"]


def test_the_table_follows_what_the_schema_allows():
    """Written as a constant, the table says the constant; written as a range, the table says the range."""
    def players(schema):
        rows = reference.rows(schema, reference.lookup(schema, "/properties/components"))
        return next(text for field, _required, text in rows if field == "players")

    constant = copy.deepcopy(SCHEMA)
    constant["properties"]["components"]["properties"]["players"] = {"const": 2, "description": "The number of players."}
    assert players(constant).endswith("Always `2`.")
    ranged = copy.deepcopy(SCHEMA)
    ranged["properties"]["components"]["properties"]["players"] = {
        "type": "integer", "minimum": 2, "maximum": 4, "description": "The number of players."}
    assert players(ranged) == "The number of players. A whole number from 2 to 4."


def test_enum_values_the_description_does_not_name_are_listed():
    schema = {"type": "object", "properties": {
        "a": {"enum": ["x", "y"], "description": "`x`: one way; `y`: another."},
        "b": {"enum": ["x", "y"], "description": "Which way."},
        "c": {"type": "array", "items": {"enum": ["x", "y"]}, "description": "Ways."}}}
    rows = {f: t for f, _r, t in reference.rows(schema, schema)}
    assert rows == {"a": "`x`: one way; `y`: another.",
                    "b": "Which way. One of `x`, `y`.",
                    "c": "Ways. A list of `x`, `y`."}


def test_a_marker_naming_a_field_the_schema_lacks_is_an_error():
    with pytest.raises(KeyError, match="no field nonesuch"):
        reference.table(SCHEMA, "/", ("id", "nonesuch"))
    with pytest.raises(KeyError, match="nothing at /properties/nonesuch"):
        reference.table(SCHEMA, "/properties/nonesuch")


def test_check_names_the_table_and_the_command_then_the_rewrite_mends_it(tmp_path, capsys):
    schema = copy.deepcopy(SCHEMA)
    schema["properties"]["turn"]["properties"]["builds"]["description"] = "How many builds a turn."
    schema_path, doc = tmp_path / "schema.json", tmp_path / "reference.md"
    schema_path.write_text(json.dumps(schema), encoding="utf-8")
    doc.write_text(TEXT, encoding="utf-8")
    args = ["--reference", str(doc), "--schema", str(schema_path)]

    assert reference.main(["--check", *args]) == 1
    err = capsys.readouterr().err
    assert "the table of 'turn' (/properties/turn) differs from the schema" in err
    assert f"run: {reference.COMMAND}" in err
    assert doc.read_text(encoding="utf-8") == TEXT               # --check changes nothing

    assert reference.main(args) == 0
    assert "rewrote the table of 'turn'" in capsys.readouterr().out
    written = doc.read_text(encoding="utf-8")
    assert "| `builds` | no | How many builds a turn. A whole number from 1 to 10. |" in written
    # Only that table changed: the prose, examples and the other tables are as they were.
    assert written.replace("How many builds a turn.",
                           SCHEMA["properties"]["turn"]["properties"]["builds"]["description"]) == TEXT
    assert reference.main(["--check", *args]) == 0
