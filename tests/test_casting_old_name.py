"""The ``casting`` section was ``harbor`` in the first language: a ruleset
that still writes ``harbor:`` (and ``cast.start_of_harbormaster_turn``) loads
as the same rules, compiles to the same tables and plays the same games."""
from __future__ import annotations

import random
import re

import pytest

from rulekit.engine import compile_ruleset, new_game
from rulekit.language import check_path, load_ruleset
from rulekit.language.ruleset import former_casting
from rulekit.paths import RULESETS_DIR
from rulekit.text.diff import rule_diff
from rulekit.text.rulebook import render_markdown


def old_form(text: str) -> str:
    """A bundled edition rewritten in the first language: ``harbor:``, its old
    field name, and no holder or heading (the first language printed fixed ones)."""
    text = text.replace("\ncasting:", "\nharbor:")
    text = text.replace("start_of_holder_turn:", "start_of_harbormaster_turn:")
    text = re.sub(r"\n  (holder|heading): [^\n]*", "", text)
    assert "\nharbor:" in text and "casting" not in text.split("\nharbor:")[1].split("\n\n")[0]
    return text


def tables(compiled) -> dict:
    """The compiled tables a game is played from: every plain value (numbers, ids, tuples of
    them); the condition and coinage objects are compared by the games they play."""
    found = {name: getattr(compiled, name) for name in dir(compiled)
             if not name.startswith("_") and name not in ("data", "ruleset") and not callable(getattr(compiled, name))
             and " object at 0x" not in repr(getattr(compiled, name))}
    assert len(found) > 50
    return found


def play(rs, seed: int) -> tuple:
    st = new_game(rs, seed=seed, first_player=None if compile_ruleset(rs).first_random else seed % 2)
    rng = random.Random(seed)
    while st.legal_actions():
        st._apply(rng.choice(st.legal_actions()))
    return list(st.history), list(st.log), st.scores()


@pytest.mark.parametrize("edition", ["province-en", "province-fr"])
def test_the_old_section_name_loads_compiles_and_plays_identically(tmp_path, edition):
    path = tmp_path / f"{edition}.yaml"
    path.write_text(old_form((RULESETS_DIR / f"{edition}.yaml").read_text(encoding="utf-8")), encoding="utf-8")
    assert check_path(path) == ([], [])
    new, old = load_ruleset(edition), load_ruleset(path)
    assert old.data == new.data
    # the old form's holder and heading are the labels the first language printed (the schema's)
    OLD_CASTING_NAMES = former_casting().labels
    assert {k: old.data["casting"][k] for k in OLD_CASTING_NAMES} == OLD_CASTING_NAMES
    assert tables(compile_ruleset(old)) == tables(compile_ruleset(new))
    for seed in range(3):
        assert play(old, seed) == play(new, seed)
    assert render_markdown(old) == render_markdown(new)
    assert rule_diff(new, old) == []


def test_an_old_style_patch_merges_into_the_new_section(tmp_path):
    old = tmp_path / "old.yaml"
    old.write_text("extends: province-en\nid: old\nharbor:\n  cast: {on_first_build: true, "
                   "start_of_harbormaster_turn: false}\n", encoding="utf-8")
    new = tmp_path / "new.yaml"
    new.write_text("extends: province-en\nid: new\ncasting:\n  cast: {on_first_build: true, "
                   "start_of_holder_turn: false}\n", encoding="utf-8")
    a, b = load_ruleset(old), load_ruleset(new)
    assert "harbor" not in a.data
    assert a.data["casting"] == b.data["casting"]
    assert a.data["casting"]["cast"] == {"on_first_build": True, "start_of_holder_turn": False}
    assert a.data["casting"]["holder"] == load_ruleset("province-en").data["casting"]["holder"]
    assert tables(compile_ruleset(a)) == tables(compile_ruleset(b))


def test_removing_the_section_by_its_old_name_removes_it(tmp_path):
    path = tmp_path / "none.yaml"
    path.write_text("extends: province-en\nid: none\nharbor: null\nsailors: null\ncomponents: {ship_tokens: null}\n"
                    "structures: {harbor: null}\n", encoding="utf-8")
    assert check_path(path) == ([], [])
    assert "casting" not in load_ruleset(path).data


def test_a_problem_in_the_old_section_is_reported_at_its_own_line(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("extends: province-en\nid: bad\nharbor:\n  structure: port\n", encoding="utf-8")
    problems, _warnings = check_path(path)
    assert [(p.line, p.pointer) for p in problems] == [(4, "/casting/structure")]
    assert "unknown structure port" in problems[0].message


@pytest.mark.parametrize("lang,heading,holder_line", [
    ("en", "## Omens", "If you are the Oracle, first cast the ship tokens."),
    ("fr", "## Présages", "Si vous êtes l’Oracle, lancez d’abord les Pions Bateaux.")])
def test_the_rulebook_takes_the_holder_and_the_heading_from_the_ruleset(tmp_path, lang, heading, holder_line):
    path = tmp_path / "temple.yaml"
    path.write_text("extends: province-en\nid: temple\ncasting:\n"
                    "  holder: {en: Oracle, fr: {name: Oracle, the: l’Oracle}}\n"
                    "  heading: {en: Omens, fr: Présages}\n", encoding="utf-8")
    book = render_markdown(load_ruleset(path), lang)
    assert f"\n{heading}\n" in book and holder_line in book
    book = "\n".join(line for line in book.splitlines() if not line.startswith(">"))   # the house-rules box
    for old in ("Harbormaster", "Premier à avoir construit le Port", "Ships and sailors", "Le Port et les Marins"):
        assert old not in book
