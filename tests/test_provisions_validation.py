"""Validation of the Provisions family: each bad ruleset gets a clear message at its line.

Each file of ``tests/rulesets/bad/provisions/`` declares what it must produce, one
``# expect: LINE: message substring`` comment per problem at its top (as Province's bad files
do): the file must produce exactly those problems, located in the file itself.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulekit import i18n
from rulekit.errors import RulesetError
from rulekit.language import check_and_load, load_ruleset, validate_path
from rulekit.language.provisions import ProvisionsRules

BAD = Path(__file__).parent / "rulesets" / "bad" / "provisions"
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


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_the_bad_files_cover_the_issue():
    names = {p.stem for p in BAD_FILES}
    assert {"unknown-colour", "no-goods-asked", "too-many-prospectors", "players-above-five",
            "players-below-two"} <= names
    for path in BAD_FILES:
        assert expectations(path), f"{path.name} declares no '# expect: LINE: message'"


@pytest.mark.parametrize("path", BAD_FILES, ids=lambda p: p.stem)
def test_bad_provisions_ruleset(path):
    problems = validate_path(path)
    expected = expectations(path)
    assert len(problems) == len(expected), "\n".join(map(str, problems))
    for problem, (line, text) in zip(problems, expected):
        assert problem.file == str(path), str(problem)
        assert problem.line == line, str(problem)
        assert text in problem.message, str(problem)
        assert str(problem).startswith(f"{path}:{line}:"), str(problem)
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    assert [str(p) for p in caught.value.problems] == [str(p) for p in problems]


def test_the_bundled_game_is_valid_and_loads_as_provisions():
    assert validate_path("provisions-1849") == []
    problems, warnings, rules = check_and_load("provisions-1849")
    assert problems == [] and warnings == []
    assert isinstance(rules, ProvisionsRules) and rules.family == "provisions"
    assert (rules.min_players, rules.max_players) == (2, 5)
    assert load_ruleset("province-en").family == "province"


@pytest.mark.parametrize("name, words", [
    ("unknown-colour", "couleur inconnue"),
    ("no-goods-asked", "aucune marchandise"),
    ("too-many-prospectors", "plus de cartes"),
    ("players-above-five", "trop grand"),
    ("compensation-wrong-length", "valeurs de compensation pour 3 joueurs"),
    ("compensation-negative", "trop petit"),
    ("compensation-players-above-five", "trop grand"),
    ("compensation-players-outside-game", "mais le jeu se joue de 2 à 4 joueurs"),
])
def test_messages_in_french(name, words):
    i18n.set_language("fr")
    problems = validate_path(BAD / f"{name}.yaml")
    assert problems and words in problems[0].message.lower(), str(problems[0])
    assert problems[0].line == expectations(BAD / f"{name}.yaml")[0][0]


def test_a_house_rule_validates_and_plays():
    """A variant of the game (rulesets/variants/provisions-big-stores.yaml) changes only what it writes."""
    assert validate_path("provisions-big-stores") == []
    base, rules = load_ruleset("provisions-1849"), load_ruleset("provisions-big-stores")
    assert isinstance(rules, ProvisionsRules) and rules.base is not None
    assert (base.spaces, rules.spaces) == (3, 4)
    assert (base.minimum_for(3), rules.minimum_for(3)) == (1, 2)
    assert rules.prospectors == base.prospectors and rules.months == base.months
    from rulekit.engine import new_game
    game = new_game(rules, seed=4, players=3)
    while not game.is_terminal():
        game.apply(game.legal_actions()[-1])
    assert len(game.outcome().winners) >= 1 and max(max(s) for s in game.stock) <= 4


def test_the_seat_compensation_variant_validates_and_diffs():
    """rulesets/variants/provisions-seats.yaml: the base game with a seat compensation at 2 to 5 players."""
    from rulekit.text.provisions_diff import rule_diff
    assert validate_path("provisions-seats") == []
    base, rules = load_ruleset("provisions-1849"), load_ruleset("provisions-seats")
    assert base.compensation == () and [n for n, _points in rules.compensation] == [2, 3, 4, 5]
    assert all(len(points) == n and min(points) == 0 for n, points in rules.compensation)
    assert rules.prospectors == base.prospectors and rules.months == base.months
    changes = rule_diff(base, rules)
    assert [c.key for c in changes] == ["compensation:2", "compensation:3", "compensation:4", "compensation:5"]
    assert changes[1].sentence() == "seat compensation at 3 players: {} points, the first player's first (new)".format(
        ", ".join(str(v) for v in rules.compensation_for(3)))


def test_provisions_rules_found_valid_are_remembered_by_their_own_schema_and_a_changed_number_is_checked():
    """Provisions' schema keeps its own memo (validation.schema_errors): its rules loaded once are found valid
    again without Province's schema, and a whole number written 3.0 is found every time."""
    import copy

    from rulekit.language import validation
    from rulekit.language.provisions import validation as provisions_validation

    data = copy.deepcopy(load_ruleset("provisions-1849").data)
    check = provisions_validation.validator()
    assert validation.schema_errors(data, check, provisions_validation._VALID) == []
    assert list(validation.validator().iter_errors(data))          # Province's schema refuses it: not its memo
    changed = copy.deepcopy(data)
    changed["store"]["spaces"] = 3.0
    for _ in range(2):
        errors = validation.schema_errors(changed, check, provisions_validation._VALID)
        assert [list(e.absolute_path) for e in errors] == [["store", "spaces"]]
