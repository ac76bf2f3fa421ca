"""Validation: every bad ruleset gets its own clear message, at the right line.

Each file of ``tests/rulesets/bad/`` declares what it must produce, one
``# expect: LINE: message substring`` comment per problem at its top. The
file must produce exactly those problems, located in the file itself (never
in the base it extends). Inputs too large or binary to commit (an alias bomb,
a file over 1 MB, a file that is not UTF-8, a directory) are made in tmp_path.
"""
from __future__ import annotations

import re
from pathlib import Path

import tier
import pytest

from rulekit import i18n
from rulekit.errors import Problem, RulesetError
from rulekit.language import bundled_rulesets, load_ruleset, validate_path
from rulekit.language.validation import check_resolved
from rulekit.language.yamlload import MAX_BYTES, MAX_DEPTH, MAX_NODES

BAD = Path(__file__).parent / "rulesets" / "bad"
BAD_FILES = sorted(BAD.glob("*.yaml"))
EXPECT = re.compile(r"^# expect: (\d+): (.+)$")


def expectations(path: Path):
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        m = EXPECT.match(line)
        if not m:
            break
        found.append((int(m.group(1)), m.group(2)))
    return found


def test_enough_failure_modes():
    assert len(BAD_FILES) >= 22
    for path in BAD_FILES:
        assert expectations(path), f"{path.name} declares no '# expect: LINE: message'"


@pytest.mark.parametrize("path", BAD_FILES, ids=[p.name for p in BAD_FILES])
def test_bad_ruleset(path):
    problems = validate_path(path)
    expected = expectations(path)
    shown = "\n".join(str(p) for p in problems)
    assert len(problems) == len(expected), shown
    for line, text in expected:
        assert any(p.line == line and text in p.message for p in problems), \
            f"no problem at line {line} containing {text!r}:\n{shown}"
    for p in problems:
        # Located in the file the author wrote, whatever base it extends.
        assert p.file == str(path), shown
        assert p.column >= 1
        assert str(p).startswith(f"{path}:{p.line}:{p.column}: ")
    # load_ruleset refuses it with the same problems.
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    assert sorted(info.value.problems) == problems


def test_problems_are_sorted_and_carry_pointers():
    problems = validate_path(BAD / "missing-top-level-field.yaml")
    assert problems == sorted(problems)
    assert {p.pointer for p in problems} >= {"/components", "/workers", "/tie_breaks"}
    assert all(str(p).endswith(f"(at {p.pointer})") for p in problems)


def test_every_problem_is_reported_not_only_the_first(tmp_path):
    path = tmp_path / "many.yaml"
    path.write_text(
        "extends: province-en\n"
        "structures:\n"
        "  bank:\n"
        "    costt: {labor: 3}\n"            # 4: unknown field
        "    requires: [lendr]\n"            # 5: unknown structure
        "setup:\n"
        "  first_player: chose\n"           # 7: not an allowed value
        "components:\n"
        "  goal_tokens: {draw: 20}\n"        # 9: more goals drawn than the pool holds
        "id: many\n",
        encoding="utf-8")
    problems = validate_path(path)
    assert [p.line for p in problems] == [4, 5, 7, 9]
    assert "did you mean cost?" in problems[0].message
    assert "did you mean lender?" in problems[1].message
    assert "did you mean choose?" in problems[2].message
    assert "more goals drawn (20)" in problems[3].message


# ---------------------------------------------------------------------------
# Inputs made here rather than committed


def only_problem(path, *, display=None):
    problems = validate_path(path)
    assert len(problems) == 1, problems
    return problems[0]


def test_alias_bomb(tmp_path):
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 10):
        refs = ", ".join([f"*a{i - 1}"] * 9)
        lines.append(f"a{i}: &a{i} [{refs}]")
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    p = only_problem(path)
    assert "alias bomb" in p.message
    assert str(MAX_NODES) in p.message
    assert 2 <= p.line <= 10                       # at the alias that went over the limit


def test_recursive_alias(tmp_path):
    path = tmp_path / "loop.yaml"
    path.write_text("extends: province-en\nstructures: &s\n  bank: *s\n", encoding="utf-8")
    p = only_problem(path)
    assert "recursive alias *s" in p.message and p.line == 3


def test_file_over_one_megabyte(tmp_path):
    path = tmp_path / "huge.yaml"
    filler = "# " + "x" * 78 + "\n"
    path.write_text("id: huge\n" + filler * (MAX_BYTES // len(filler) + 10), encoding="utf-8")
    assert path.stat().st_size > MAX_BYTES
    p = only_problem(path)
    assert "too large" in p.message and "1 MB" in p.message
    assert (p.line, p.column) == (1, 1)


def test_ten_megabyte_file(tmp_path):
    path = tmp_path / "ten.yaml"
    path.write_bytes(b"a: [" + b"1, " * (10 * 1024 * 1024 // 3) + b"1]\n")
    assert "too large" in only_problem(path).message


def test_too_many_values(tmp_path):
    path = tmp_path / "wide.yaml"
    path.write_text("a: [" + ", ".join(["1"] * (MAX_NODES + 10)) + "]\n", encoding="utf-8")
    assert path.stat().st_size < MAX_BYTES
    p = only_problem(path)
    assert "too many values" in p.message and p.line == 1


def test_nested_too_deeply(tmp_path):
    path = tmp_path / "deep.yaml"
    path.write_text("a: " + "[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    p = only_problem(path)
    assert "nested too deeply" in p.message and str(MAX_DEPTH) in p.message


def test_not_utf8_names_the_bad_byte(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("extends: province-en\ntitle: Province à deux\n".encode("latin-1"))
    p = only_problem(path)
    assert "not UTF-8" in p.message and "0xE0" in p.message
    assert (p.line, p.column) == (2, 17)            # the à


def test_control_character(tmp_path):
    path = tmp_path / "ctl.yaml"
    path.write_text("extends: province-en\ntitle: é\x07\n", encoding="utf-8")
    p = only_problem(path)
    assert "U+0007" in p.message and (p.line, p.column) == (2, 9)


def test_directory(tmp_path):
    p = only_problem(tmp_path)
    assert "directory" in p.message and p.file == str(tmp_path)


def test_missing_file(tmp_path):
    p = only_problem(tmp_path / "nothing.yaml")
    assert p.message == "no such file"


def test_empty_file(tmp_path):
    path = tmp_path / "empty.yaml"
    path.write_bytes(b"")
    assert "empty" in only_problem(path).message


def test_scalar_top_level(tmp_path):
    path = tmp_path / "scalar.yaml"
    path.write_text("just some text\n", encoding="utf-8")
    assert "top level must be a mapping" in only_problem(path).message


def test_extends_directory(tmp_path):
    (tmp_path / "base").mkdir()
    path = tmp_path / "v.yaml"
    path.write_text("id: v\nextends: base\n", encoding="utf-8")
    p = only_problem(path)
    assert "directory" in p.message and p.line == 2


def test_problem_in_base_file_is_reported_in_the_base(tmp_path):
    (tmp_path / "base.yaml").write_text("id: base\nextends: province-en\ntitle: [oops\n", encoding="utf-8")
    (tmp_path / "v.yaml").write_text("extends: base.yaml\nid: v\n", encoding="utf-8")
    p = only_problem(tmp_path / "v.yaml")
    assert p.file.endswith("base.yaml") and "YAML syntax error" in p.message


# ---------------------------------------------------------------------------
# Messages


def test_messages_in_french():
    i18n.set_language("fr")
    problems = validate_path(BAD / "unknown-requires.yaml")
    assert len(problems) == 1
    assert "Bâtiment inconnu" in problems[0].message or "bâtiment inconnu" in problems[0].message
    assert "lendr" in problems[0].message and "lender" in problems[0].message


def test_check_resolved_without_positions():
    data = load_ruleset("province-en").data
    assert check_resolved(data, "x.yaml") == []
    broken = dict(data, setup={"first_player": "choose", "starting_coins": [2]})
    problems = check_resolved(broken, "x.yaml")
    assert problems == [Problem("x.yaml", 1, 1, "setup.starting_coins has 1 entry, but the game is for up to 2 players: "
                                "give one per seat, in turn order from the first player", "/setup/starting_coins")]


@pytest.mark.parametrize("ident", sorted(bundled_rulesets()))
def test_bundled_rulesets_are_valid(ident):
    assert validate_path(ident) == []
    assert validate_path(bundled_rulesets()[ident]) == []


# ---------------------------------------------------------------------------
# Whatever the data, validation reports problems and never crashes.

def test_rules_found_valid_are_not_walked_again_yet_a_changed_value_is_checked(monkeypatch):
    """The schema's memo (validation.schema_errors): the data of rules loaded once is not walked again, and data
    that differs only where the schema tells numbers apart (2 and 2.0, 1 and true) is walked and its error found,
    every time."""
    import copy

    from rulekit.language import validation

    data = copy.deepcopy(load_ruleset("province-en").data)         # found valid by the loading
    real, walks = validation.validator(), []

    class Counting:
        def iter_errors(self, instance):
            walks.append(1)
            return real.iter_errors(instance)

    monkeypatch.setattr(validation, "validator", Counting)
    assert validation.schema_errors(data) == [] and validation.schema_errors(copy.deepcopy(data)) == []
    assert walks == []
    for where, value in (("cost", {"labor": 2.0, "coin": 2}), ("vp", {"first": True, "later": 0})):
        changed = copy.deepcopy(data)
        changed["structures"]["lender"][where] = value
        errors = validation.schema_errors(changed)
        assert errors and len(validation.schema_errors(changed)) == len(errors), where       # found again, not memo'd
        assert [list(e.absolute_path)[:3] for e in errors] == [["structures", "lender", where]] * len(errors), where


import yaml  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st

_EN = load_ruleset("province-en").data
_junk = st.one_of(st.none(), st.booleans(), st.integers(-5, 2000), st.text("abz_ ", max_size=4),
                  st.lists(st.text("abz", max_size=3), max_size=3), st.just({}), st.just({"x": 1}),
                  st.just([{}]), st.floats(allow_nan=False, allow_infinity=False))


def _all_pointers(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _all_pointers(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _all_pointers(v, path + (i,))


_PATHS = [p for p in _all_pointers(_EN) if p]


def _mutate(data, path, new, delete):
    import copy
    data = copy.deepcopy(data)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    if delete and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = new
    return data


@settings(max_examples=tier.games(full=100, quick=30), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(_PATHS), _junk, st.booleans()), min_size=1, max_size=4))
def test_mutated_rulesets_never_crash(tmp_path, mutations):
    data = _EN
    for path, new, delete in mutations:
        try:
            data = _mutate(data, path, new, delete)
        except (KeyError, IndexError, TypeError):
            continue                      # an earlier mutation removed the path
    path = tmp_path / "m.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    problems = validate_path(path)
    lines = path.read_text(encoding="utf-8").count("\n") + 1
    for p in problems:
        assert p.file == str(path) and 1 <= p.line <= lines and p.column >= 1 and p.message
    if repr(data) == repr(_EN):                # (False == 0 in Python, not in the schema)
        assert problems == []
