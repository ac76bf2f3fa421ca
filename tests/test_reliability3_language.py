"""The language and the texts of the third reliability review: each reproduction
(``tests/rulesets/reliability/``, ``tests/rulesets/bad/``) gives a clear message at
the author's line, a bounded game or a correct sentence."""
from __future__ import annotations

from pathlib import Path

from play_support import run

from rulekit.engine import new_game
from rulekit.language import check_path, load_ruleset, validate_path

HERE = Path(__file__).parent
REPRO = HERE / "rulesets" / "reliability"


def warnings_of(path) -> list[str]:
    problems, warnings = check_path(path)
    assert problems == [], problems
    return [w.message for w in warnings]


# C12: ``free`` where the reference documents it
def test_repay_free_and_sailors_free_are_accepted_and_played(tmp_path):
    assert validate_path(REPRO / "repay-free.yaml") == []
    rs = load_ruleset(REPRO / "repay-free.yaml")
    assert rs.data["borrowing"]["repay"] == {}
    result = run(["diff", "province-en", str(REPRO / "repay-free.yaml")])
    assert result.exit_code == 0 and "pay nothing during your turn" in result.output
    path = tmp_path / "sailors-free.yaml"
    path.write_text("extends: province-en\nid: sailors-free\nsailors: {cost: free}\n", encoding="utf-8")
    assert validate_path(path) == []
    assert load_ruleset(path).data["sailors"]["cost"] == {}
    for ref in (REPRO / "repay-free.yaml", path):
        result = run(["play", str(ref), "--players", "bot:greedy,bot:random", "--seed", "1"])
        assert result.exit_code == 0 and ("wins" in result.output or "tie" in result.output.lower())


def test_an_empty_repayment_written_as_a_mapping_still_points_to_free(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text("extends: province-en\nid: t\nborrowing: {repay: {}}\n", encoding="utf-8")
    assert any("write repay: free" in w for w in warnings_of(path))


# C16: making Labor kept changes nothing about how it starts
def test_labor_kept_adds_no_starting_labor_line():
    result = run(["diff", "province-en", str(REPRO / "labor-kept-diff.yaml")])
    assert result.exit_code == 0 and "Unspent Labor" in result.output
    assert "Starting Labor" not in result.output and "removed" not in result.output
    result = run(["rulebook", str(REPRO / "labor-kept-diff.yaml"), "--format", "md"])
    assert result.exit_code == 0 and "Starting Labor: removed" not in result.output
