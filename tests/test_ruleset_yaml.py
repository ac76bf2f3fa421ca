"""Reading YAML with a position for every value (rulekit.yamlload)."""
from __future__ import annotations

import yaml
import tier
from hypothesis import given, settings
from hypothesis import strategies as st

from rulekit.language.yamlload import load_yaml, load_yaml_text
from rulekit.paths import RULESETS_DIR


def test_positions_are_one_based_line_and_column():
    doc = load_yaml_text(
        "id: demo\n"
        "structures:\n"
        "  mill:\n"
        "    cost: {labor: 3, coin: 1}\n"
        "    requires:\n"
        "      - smithy\n",
        "d.yaml")
    assert doc.problems == []
    pos = doc.positions
    assert pos[""] == (1, 1)
    assert pos["/id"] == (1, 5)                          # a scalar: where its value is written
    assert pos["/structures"] == (2, 1)                  # a mapping or list: where its key is
    assert pos["/structures/mill"] == (3, 3)
    assert pos["/structures/mill/cost"] == (4, 5)
    assert pos["/structures/mill/cost/coin"] == (4, 28)
    assert pos["/structures/mill/requires"] == (5, 5)
    assert pos["/structures/mill/requires/0"] == (6, 9)


def test_columns_count_characters_not_bytes():
    doc = load_yaml_text("name: Forgé\nété: [à, b]\n", "d.yaml")
    assert doc.positions["/été/1"] == (2, 10)


def test_same_data_as_pyyaml_for_the_bundled_rulesets():
    for path in sorted(RULESETS_DIR.rglob("*.yaml")):
        doc = load_yaml(path)
        assert doc.problems == []
        assert doc.data == yaml.safe_load(path.read_text(encoding="utf-8"))


def test_keys_are_text():
    doc = load_yaml_text("1: one\nyes: 2\nnull: 3\n", "d.yaml")
    assert doc.data == {"1": "one", "yes": 2, "null": 3}


def test_duplicate_keys_are_reported_at_the_second():
    doc = load_yaml_text("a:\n  b: 1\n  c: 2\n  b: 3\n", "d.yaml")
    assert [(p.line, p.column, p.pointer) for p in doc.problems] == [(4, 3, "/a/b")]
    assert "duplicate key b (first written at line 2)" == doc.problems[0].message


def test_alias_positions_point_at_the_anchored_text():
    doc = load_yaml_text("a: &x {k: [1, 2]}\nb: *x\n", "d.yaml")
    assert doc.data["b"] == {"k": [1, 2]}
    assert doc.positions["/b"] == (2, 1)
    assert doc.positions["/b/k/1"] == doc.positions["/a/k/1"] == (1, 15)


def test_bom_is_accepted(tmp_path):
    path = tmp_path / "bom.yaml"
    path.write_bytes(b"\xef\xbb\xbfid: bom\n")
    doc = load_yaml(path)
    assert doc.data == {"id": "bom"} and doc.problems == []


def test_unsupported_tag():
    doc = load_yaml_text("a: !python/object:os.system echo\n", "d.yaml")
    assert len(doc.problems) == 1 and "YAML tags such as !python/object:os.system are not allowed here" in \
        doc.problems[0].message
    doc = load_yaml_text("a: !!python/object:os.system echo\n", "d.yaml")
    assert "tag:yaml.org" not in doc.problems[0].message and "!!python/object" in doc.problems[0].message


def test_sexagesimal_numbers_are_refused():
    doc = load_yaml_text("count: 1:30\nother: 90\n", "d.yaml")
    assert [(p.line, p.column) for p in doc.problems] == [(1, 8)]
    assert "base 60" in doc.problems[0].message and doc.data["other"] == 90


def test_duplicate_key_in_a_flow_mapping():
    doc = load_yaml_text("a: {b: 1, b: 2}\n", "d.yaml")
    assert [(p.line, p.message) for p in doc.problems] == [(1, "duplicate key b (first written at line 1)")]


def test_complex_key():
    doc = load_yaml_text("? [a, b]\n: 1\n", "d.yaml")
    assert doc.data is None and "a key must be plain text" in doc.problems[0].message


def pointers(value, pointer=""):
    """Every JSON pointer into ``value``, the whole (``""``) first."""
    yield pointer
    if isinstance(value, dict):
        for k, v in value.items():
            yield from pointers(v, f"{pointer}/{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from pointers(v, f"{pointer}/{i}")


# Any mapping of plain data reads back the same, with a position for every pointer.
_scalars = st.one_of(st.integers(-10**6, 10**6), st.booleans(), st.none(),
                     st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=12))
_values = st.recursive(_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.text("abcxyz_é", min_size=1, max_size=6), inner, max_size=4)), max_leaves=25)


@settings(max_examples=tier.games(full=100, quick=25), deadline=None)
@given(st.dictionaries(st.text("abcdef", min_size=1, max_size=5), _values, min_size=1, max_size=5),
       st.booleans())
def test_round_trip_with_positions(data, flow):
    text = yaml.safe_dump(data, allow_unicode=True, default_flow_style=flow, sort_keys=False)
    doc = load_yaml_text(text, "p.yaml")
    assert doc.problems == []
    assert doc.data == data

    lines = text.count("\n") + 1
    for pointer in pointers(data):
        line, col = doc.positions[pointer]
        assert 1 <= line <= lines and col >= 1
