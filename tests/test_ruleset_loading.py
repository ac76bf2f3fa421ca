"""Loading rulesets: bundled ids, ``extends`` chains, RFC 7396 merging, positions."""
from __future__ import annotations

import copy

import pytest

from rulekit.errors import RulesetError, UnknownRulesetError
from rulekit.language import Ruleset, bundled_rulesets, load_ruleset, validate_path
from rulekit.language.ruleset import merge_patch, resolve_file
from rulekit.paths import RULESETS_DIR
from test_ruleset_yaml import pointers

VARIANTS = ("short-game", "rich-start", "no-lender")


# RFC 7396, appendix A: (target, patch, result).
RFC_CASES = [
    ({"a": "b"}, {"a": "c"}, {"a": "c"}),
    ({"a": "b"}, {"b": "c"}, {"a": "b", "b": "c"}),
    ({"a": "b"}, {"a": None}, {}),
    ({"a": "b", "b": "c"}, {"a": None}, {"b": "c"}),
    ({"a": ["b"]}, {"a": "c"}, {"a": "c"}),
    ({"a": "c"}, {"a": ["b"]}, {"a": ["b"]}),
    ({"a": {"b": "c"}}, {"a": {"b": "d", "c": None}}, {"a": {"b": "d"}}),
    ({"a": [{"b": "c"}]}, {"a": [1]}, {"a": [1]}),
    (["a", "b"], ["c", "d"], ["c", "d"]),
    ({"a": "b"}, ["c"], ["c"]),
    ({"a": "foo"}, None, None),
    ({"a": "foo"}, "bar", "bar"),
    ({"e": None}, {"a": 1}, {"e": None, "a": 1}),
    ([1, 2], {"a": "b", "c": None}, {"a": "b"}),
    ({}, {"a": {"bb": {"ccc": None}}}, {"a": {"bb": {}}}),
]


@pytest.mark.parametrize("target,patch,result", RFC_CASES)
def test_merge_patch_follows_rfc_7396(target, patch, result):
    before = copy.deepcopy(target)
    assert merge_patch(target, patch) == result
    assert target == before                      # the target is not changed


def test_bundled_ids_are_file_stems():
    bundled = bundled_rulesets()
    assert {"province-en", "province-fr", *VARIANTS} <= set(bundled)
    for ident, path in bundled.items():
        assert path.stem == ident
        assert load_ruleset(ident).id == ident   # each file declares its own id


@pytest.mark.parametrize("ident", VARIANTS)
def test_variants_extend_the_english_edition(ident):
    path = bundled_rulesets()[ident]
    assert path.parent == RULESETS_DIR / "variants"
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=")
    assert "extends: province-en" in text
    rs = load_ruleset(ident)
    assert isinstance(rs, Ruleset)
    assert rs.base == str(bundled_rulesets()["province-en"])
    assert len(rs.chain) == 2
    assert "extends" not in rs.data and "$schema" not in rs.data
    assert validate_path(path) == []


def test_short_game_changes_only_what_it_says():
    base, short = load_ruleset("province-en").data, load_ruleset("short-game").data
    assert short["components"]["goal_tokens"]["draw"] == 3
    assert short["end"]["conditions"][0] == {"player_condition": {"metric": "structures", "at_least": 5}}
    assert short["end"]["finish_turn"] == base["end"]["finish_turn"]       # maps merge
    assert short["components"]["coins"] == base["components"]["coins"]
    assert short["structures"] == base["structures"]


def test_rich_start_gives_more_coins():
    assert load_ruleset("rich-start").data["setup"]["starting_coins"] == [5, 6]
    assert load_ruleset("rich-start").data["setup"]["first_player"] == "choose"


def test_no_lender_removes_with_null():
    data = load_ruleset("no-lender").data
    assert "lender" not in data["structures"]
    assert "borrowing" not in data
    assert "requires" not in data["structures"]["bank"]
    assert data["structures"]["bank"]["cost"] == load_ruleset("province-en").data["structures"]["bank"]["cost"]


def test_null_is_a_value_in_a_standalone_ruleset():
    # province-en writes coin_bonus: null; with no base there is nothing to remove.
    assert load_ruleset("province-en").data["scoring"] == {"goal_vp": 1, "coin_bonus": None}


def test_positions_come_from_the_file_that_wrote_the_value():
    res = resolve_file(bundled_rulesets()["short-game"], display="short.yaml")
    base_file = res.files[1]
    text = bundled_rulesets()["short-game"].read_text(encoding="utf-8").splitlines()
    draw_line = next(i for i, line in enumerate(text, 1) if line.strip() == "draw: 3")
    assert res.positions["/components/goal_tokens/draw"] == ("short.yaml", draw_line, 11)
    assert res.positions["/end/conditions/0/player_condition/at_least"][0] == "short.yaml"
    assert res.positions["/end/finish_turn"][0] == base_file
    assert res.positions["/structures/bank/cost/coin"][0] == base_file
    assert "/extends" not in res.positions and "/$schema" not in res.positions
    # Every pointer of the data has a position.
    assert set(pointers(res.data)) <= set(res.positions)


def test_removed_entries_are_remembered():
    res = resolve_file(bundled_rulesets()["no-lender"], display="nl.yaml")
    (null_at, was_at) = res.removed["/structures/lender"]
    assert null_at[0] == "nl.yaml"
    assert was_at[0] == res.files[1]
    assert "/structures/lender/cost" not in res.positions
    assert set(res.removed) == {"/structures/lender", "/structures/bank/requires", "/borrowing"}


def test_relative_extends_chain(tmp_path):
    (tmp_path / "house").mkdir()
    (tmp_path / "base.yaml").write_text(
        "extends: province-fr\nid: base\nscoring:\n  goal_vp: 2\n", encoding="utf-8")
    (tmp_path / "house" / "mine.yaml").write_text(
        "extends: ../base.yaml\nid: mine\ntitle: Mine\nsetup:\n  first_player: choose\n", encoding="utf-8")
    rs = load_ruleset(tmp_path / "house" / "mine.yaml")
    assert rs.id == "mine" and rs.title == "Mine"
    assert rs.data["scoring"] == {"goal_vp": 2, "coin_bonus": {"per": 5, "vp": 1}}
    assert rs.data["setup"]["first_player"] == "choose"
    assert rs.language == "fr"
    assert len(rs.chain) == 3 and rs.chain[2] == str(bundled_rulesets()["province-fr"])
    assert load_ruleset(rs.chain[1]).id == "base"


def test_extends_a_bundled_file_by_path(tmp_path):
    path = tmp_path / "v.yaml"
    path.write_text(f"extends: {bundled_rulesets()['province-en']}\nid: v\n", encoding="utf-8")
    assert load_ruleset(path).data["structures"] == load_ruleset("province-en").data["structures"]


def test_a_problem_written_in_a_middle_file_is_reported_there(tmp_path):
    (tmp_path / "middle.yaml").write_text("extends: province-en\nid: middle\nsetup:\n  first_player: chose\n",
                                          encoding="utf-8")
    (tmp_path / "top.yaml").write_text("extends: middle.yaml\nid: top\n", encoding="utf-8")
    problems = validate_path(tmp_path / "top.yaml")
    assert [(p.file.endswith("middle.yaml"), p.line) for p in problems] == [(True, 4)]


def test_overriding_a_bad_value_fixes_it(tmp_path):
    (tmp_path / "middle.yaml").write_text("extends: province-en\nid: middle\nsetup:\n  first_player: chose\n",
                                          encoding="utf-8")
    (tmp_path / "top.yaml").write_text("extends: middle.yaml\nid: top\nsetup: {first_player: random}\n",
                                       encoding="utf-8")
    assert validate_path(tmp_path / "top.yaml") == []


def test_unknown_ruleset_lists_the_bundled_ids():
    with pytest.raises(UnknownRulesetError) as info:
        load_ruleset("province-xx")
    for ident in bundled_rulesets():
        assert ident in str(info.value)


def test_invalid_ruleset_raises_with_every_problem(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("extends: province-en\nid: bad\nsetup: {first_player: chose, starting_coins: [1]}\n",
                    encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    assert len(info.value.problems) == 2
    assert str(info.value).count(str(path)) == 2


def test_yaml_anchors_and_merge_keys_in_a_ruleset(tmp_path):
    path = tmp_path / "anchors.yaml"
    path.write_text(
        "extends: province-en\nid: anchors\n"
        "structures:\n"
        "  bank:\n"
        "    cost: &pricey {labor: 4, coin: 5}\n"
        "  village:\n"
        "    cost: *pricey\n"
        "  smithy:\n"
        "    cost:\n"
        "      <<: *pricey\n"
        "      coin: 1\n"
        "    vp: {first: 2, later: [1]}\n",
        encoding="utf-8")
    res = resolve_file(path, display="a.yaml")
    assert res.data["structures"]["village"]["cost"] == {"labor": 4, "coin": 5}
    assert res.data["structures"]["smithy"]["cost"] == {"labor": 4, "coin": 1}
    problems = validate_path(path)
    assert len(problems) == 1 and problems[0].line == 12     # the list where a number belongs


def test_check_and_load_gives_what_check_path_and_load_ruleset_give(tmp_path):
    """rulekit validate reads and checks each file once: the same problems and warnings as check_path, and
    the ruleset load_ruleset gives; None and the problems for a file with problems."""
    from rulekit.language import check_and_load, check_path

    for ident in bundled_rulesets():
        problems, warnings, rs = check_and_load(ident)
        assert (problems, warnings) == check_path(ident) and problems == []
        assert rs.data == load_ruleset(ident).data and rs.id == ident
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: province-en\nid: bad\nstructures: {bank: {cost: {labor: -1}}}\n", encoding="utf-8")
    problems, warnings, rs = check_and_load(bad)
    assert rs is None and warnings == [] and problems == check_path(bad)[0] and problems
