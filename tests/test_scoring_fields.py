"""goals.<id>.vp and scoring.later_builder_vp: played, worded and diffed together."""
import textwrap

import scenario as S
from rulekit.i18n import language
from rulekit.language import load_ruleset
from rulekit.play.screen import event_line
from rulekit.text import sentences as s
from rulekit.text.diff import rule_diff
from rulekit.text.rulebook import render_markdown


def variant(tmp_path, body):
    path = tmp_path / "house.yaml"
    path.write_text("extends: province-en\nid: house\n" + textwrap.dedent(body), encoding="utf-8")
    return str(path)


def diff_lines(ref):
    return [c.sentence() for c in rule_diff(load_ruleset("province-en"), load_ruleset(ref))]


def test_a_goal_worth_two_vp(tmp_path):
    ref = variant(tmp_path, "goals:\n  labor:\n    vp: 2\n")
    st = S.new(ref, seed=0)
    S.set_goals(st, "labor", ("coin10", "two_vp", "structure"))
    S.give_structures(st, 0, "mill", "smithy")            # 2 Labor of income at the start of the next turn
    S.set_labor(st, 4, earned=True)
    st.play("move green@labor_low")                        # 5 earned
    assert st.claimed[0] == [S.gid(st, "labor")]
    assert st.score_by_source(0)["goals"] == 2
    assert event_line(st, st.log[-2] if st.log[-1][0] == "reveal" else st.log[-1], ["You", "B"]) == (
        "You claim the goal Labor (2 VP).")
    data = load_ruleset(ref).data
    sentence = s.goal_sentence(data, "labor")
    assert sentence.endswith("Worth 2 VP.")
    assert f"Goal Labor: {sentence} (was: {s.goal_sentence(load_ruleset('province-en').data, 'labor')})" in diff_lines(ref)
    assert "Worth 2 VP." in render_markdown(load_ruleset(ref))
    with language("fr"):
        assert "2 PV" in s.goal_sentence(data, "labor")


def test_later_builder_vp_set_once(tmp_path):
    ref = variant(tmp_path, "scoring:\n  later_builder_vp: 1\n")
    st = S.new(ref, seed=0)
    S.give_structures(st, 1, "lender", "bank")
    S.give_structures(st, 0, "lender", "bank", first=False)
    assert st.score_by_source(0)["structures"] == 2        # two later copies, 1 VP each
    data = load_ruleset(ref).data
    assert all(st["vp"]["later"] == 1 for st in data["structures"].values())
    assert s.later_builder_sentence(data) == (
        "A player who builds a structure after their opponent scores 1 VP for it, whatever the structure.")
    lines = diff_lines(ref)
    assert "Later builders: " + s.later_builder_sentence(data) + " (was: as each structure says)" in lines
    assert "Bank — VP: 2 first / 1 later (was: 2 first / 0 later)" in lines
