"""turn.builds and turn.labor_carry_over: played, worded and diffed together."""
import textwrap

import scenario as S
from rulekit.i18n import language
from rulekit.language import load_ruleset, validate_path
from rulekit.text import sentences as s
from rulekit.text.diff import rule_diff
from scenario import labor, labor_earned  # noqa: F401

QUIET = ("coin10", "two_vp", "structure")


def variant(tmp_path, body):
    path = tmp_path / "house.yaml"
    path.write_text("extends: province-en\nid: house\n" + textwrap.dedent(body), encoding="utf-8")
    return str(path)


def game(ref, goals=QUIET):
    st = S.new(ref, seed=0)
    S.set_goals(st, goals[0], goals[1:])
    return st


def diff_lines(ref):
    return [c.sentence() for c in rule_diff(load_ruleset("province-en"), load_ruleset(ref))]


def test_two_builds_a_turn(tmp_path):
    ref = variant(tmp_path, "turn:\n  builds: 2\n")
    st = game(ref)
    S.spending(st, labor=8, silver=6)
    st.play("build camp")
    st.play("build lender")
    assert not any(n.startswith("build") for n in S.notations(st))   # a third: no
    st = game("province-en")
    S.spending(st, labor=8, silver=6)
    st.play("build camp")
    assert not any(n.startswith("build") for n in S.notations(st))
    data = load_ruleset(ref).data
    assert s.builds_sentence(data) == "Build structures (at most 2 per turn)."
    assert "Structures built per turn: Build structures (at most 2 per turn). (was: Build one structure (at most one per turn).)" in diff_lines(ref)
    with language("fr"):
        assert "2" in s.builds_sentence(data) and "Build" not in s.builds_sentence(data)


def test_labor_carried_over_is_not_earned(tmp_path):
    ref = variant(tmp_path, "turn:\n  labor_carry_over: 2\n")
    st = game(ref, goals=("labor", "coin10"))
    S.spending(st, labor=3)
    st.play("end")                                       # 3 unspent: 2 kept, 1 lost
    assert labor(st) == 0
    S.quick_turn(st)                                     # the opponent's turn
    assert st.current == 0 and labor(st) == 2 and labor_earned(st) == 0
    st.play("move green@labor_low")                      # onto labor_top: +1 earned
    assert labor(st) == 3 and labor_earned(st) == 1
    assert st.claimed == [[], []]                        # 3 Labor held, 1 earned: the Labor goal is not met
    data = load_ruleset(ref).data
    assert s.labor_carry_sentence(data) == ("You keep up to 2 Labor you did not spend for your next turn "
                                            "(it does not count as Labor earned then); the rest is lost.")
    assert any(line.startswith("Unspent Labor: You keep up to 2 Labor") for line in diff_lines(ref))
    # The editions: all is lost.
    st = game("province-en")
    S.spending(st, labor=3)
    st.play("end")
    S.quick_turn(st)
    assert labor(st) == 0


def test_turn_fields_are_checked(tmp_path):
    assert any("0 is too small: the minimum is 1" in p.message
               for p in validate_path(variant(tmp_path, "turn:\n  builds: 0\n")))
    assert any("unknown field labor_carry; did you mean labor_carry_over?" in p.message
               for p in validate_path(variant(tmp_path, "turn:\n  labor_carry: 1\n")))


def test_every_move_takes_two_steps(tmp_path):
    ref = variant(tmp_path, "turn:\n  move_steps: 2\n")
    st = game(ref)
    before = st.coin_value(0)
    st.play("move green@labor_top")                      # labor_top -> coin -> labor_low: 1 Labor, no coin
    assert labor(st) == 1 and st.coin_value(0) == before
    assert [space for kind, space, _o in st.view(0)["workers"] if kind == "green"].count("labor_low") == 2
    data = load_ruleset(ref).data
    sentence = s.move_steps_sentence(data)
    assert sentence == ("Each move takes a worker 2 steps along the Work Cycle; it earns what the space it lands on "
                        "yields, not the spaces it passes.")
    assert f"Steps of a move: {sentence} (was: Each move takes a worker one step along the Work Cycle.)" in diff_lines(ref)
    from rulekit.text.rulebook import render_markdown
    assert sentence in render_markdown(load_ruleset(ref))
    assert [p.message for p in validate_path(variant(tmp_path, "turn:\n  move_steps: 3\n"))] == [
        "a move of 3 steps on a Work Cycle of 3 spaces would bring the worker back or around"]


def test_the_screen_says_only_what_is_lost_beyond_the_carry_over(tmp_path):
    from rulekit.play import screen
    ref = variant(tmp_path, "resources:\n  labor:\n    end_of_turn: {carry: 2}\n")
    st = S.new(ref, seed=0)
    S.spending(st, labor=3)
    end = st.parse("end")
    assert screen.labor_lost(st) == 1
    assert screen.describe(st, end) == "End your turn (you lose the 1 Labor you have not spent)"
    S.set_labor(st, 2)
    assert screen.labor_lost(st) == 0 and screen.describe(st, end) == "End your turn"
