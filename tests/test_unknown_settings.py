"""A field the language does not have: the message says so and names the reference section that lists what exists."""
import re
from pathlib import Path

import pytest

from rulekit.language import validate_path

REFERENCE = (Path(__file__).resolve().parent.parent / "docs" / "ruleset-reference.md").read_text(encoding="utf-8")
ANCHORS = {re.sub(r"[^a-z0-9_ -]", "", h.lower()).replace(" ", "-") for h in re.findall(r"^##+ (.+)$", REFERENCE, re.M)}


@pytest.mark.parametrize("body, anchor", [
    ("turn:\n  two_step_move: true\n", "turn"),
    ("scoring:\n  bonus_per_sailor: 1\n", "scoring"),
    ("structures:\n  bank:\n    stone: 2\n", "structures"),
    ("structures:\n  mill:\n    effects:\n      - long_move: {steps: 2, worker: camp}\n", "effects"),
    ("goals:\n  labor:\n    condition: {metric: labor_earned_this_turn, at_least: 5, turns: 2}\n", "conditions-and-metrics"),
    ("work_cycle:\n  steps: 2\n", "work_cycle"),
    ("resources:\n  labor:\n    perishable: true\n", "resources"),
    ("harvest: [stone]\n", "the-file"),
    ("casting:\n  rolls: 2\n", "casting"),
    ("harbor:\n  rolls: 2\n", "casting"),      # the first language's name of the section
])
def test_the_language_has_no_setting(tmp_path, body, anchor):
    path = tmp_path / "house.yaml"
    path.write_text("extends: province-en\nid: house\n" + body, encoding="utf-8")
    messages = [p.message for p in validate_path(path)]
    assert len(messages) == 1, messages
    assert "the language has no setting" in messages[0] and "did you mean" not in messages[0]
    assert messages[0].endswith(f"(see docs/ruleset-reference.md#{anchor})")
    assert anchor in ANCHORS


def test_did_you_mean_only_when_close(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text("extends: province-en\nid: house\nturn:\n  buidls: 2\n", encoding="utf-8")
    assert [p.message for p in validate_path(path)] == [
        "unknown field buidls; did you mean builds? Allowed fields: builds, labor_carry_over, move_steps"]
