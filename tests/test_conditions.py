"""all / any / not over conditions, and the measures sailors_hired and owns: played and worded together."""
import pytest

import scenario as S
from rulekit.i18n import language
from rulekit.language import load_ruleset, validate_path
from rulekit.text import sentences as s
from rulekit.text.diff import rule_diff


MERCHANT = """
    goals:
      merchant:
        name: Merchant
        condition:
          all:
            - {metric: owns, structure: harbor, at_least: 1}
            - any:
                - {metric: sailors_hired, at_least: 1}
                - {metric: coin_value, at_least: 8}
            - not: {metric: owns, structure: lender, at_least: 1}
        check: immediate
"""


def test_combined_goal_plays_as_worded(tmp_path):
    ref = S.variant(tmp_path, MERCHANT)
    data = load_ruleset(ref).data
    assert s.goal_sentence(data, "merchant", check=False) == (
        "All of these: Own the Harbor; (at least one of these: Have hired at least 1 sailor; "
        "Hold at least 8 Coin (the total value of your coins)); (not this: Own the Lender).")
    st = S.new(ref, seed=0)
    S.set_goals(st, "merchant", ("coin10", "two_vp"))
    S.give_structures(st, 0, "harbor")
    S.set_value(st, 0, 7)
    S.spending(st)
    assert st.claimed == [[], []]                           # Harbor, but neither a sailor nor 8 Coin
    S.give_structures(st, 0, "lender")
    S.set_value(st, 0, 9)
    st.play("end")
    assert st.claimed == [[], []]                           # 9 Coin, but the Lender is owned
    st2 = S.new(ref, seed=0)
    S.set_goals(st2, "merchant", ("coin10", "two_vp"))
    S.give_structures(st2, 0, "harbor")
    S.place_worker(st2, "sailor", "coin", owner=0)
    st2.play("move green@labor_top")                        # any action checks the goal
    assert st2.claimed[0] == [S.gid(st2, "merchant")]
    assert st2.metric("sailors_hired", 0) == 1 and st2.metric("sailors_hired", 1) == 0
    with language("fr"):
        fr = s.goal_sentence(data, "merchant", check=False)
    assert "Port" in fr and "Prêteur" in fr and "All of these" not in fr
    # the combinations inside the outer one are grouped, in French too
    assert fr.count("(") == fr.count(")") and "\u202f; (au moins une de ces conditions\u202f:" in fr
    assert "\u202f; (pas ceci\u202f:" in fr and fr.endswith("Prêteur).")


def test_combined_end_condition_and_its_diff_line(tmp_path):
    ref = S.variant(tmp_path, """
        end:
          conditions:
            - player_condition:
                any:
                  - {metric: structures, at_least: 7}
                  - {metric: vp, at_least: 12}
            - goals_exhausted: {}
    """)
    data = load_ruleset(ref).data
    sentence = s.end_condition_sentence(data, data["end"]["conditions"][0])
    # A measure of VP says when the Lender penalty counts in it (docs/readings.md).
    assert sentence == ("At least one of these: A player has built at least 7 structures; A player has at least 12 VP. "
                        "The VP counted leave out the 2 VP penalty of the Lender token: it is lost only when the game ends.")
    lines = [c.sentence() for c in rule_diff(load_ruleset("province-en"), load_ruleset(ref))]
    assert f"The game ends when: {sentence} (new)" in lines
    st = S.new(ref, seed=0)
    S.give_structures(st, 0, "lender", "bank", "camp", "village", "mill")   # 7 VP, 5 structures
    S.set_goals(st, "coin10", ("two_vp",))
    st.play("move green@labor_top")
    assert not st.ending
    st.claimed[0] += [S.gid(st, "labor"), S.gid(st, "crowd"), S.gid(st, "spending"), S.gid(st, "grind"),
                      S.gid(st, "workers")]                                  # 12 VP, 5 structures
    st.play("move green@labor_low")
    assert st.ending and st.end_reason == "player_condition"


@pytest.mark.parametrize("cond, message", [
    ("{all: [{metric: owns, at_least: 1}]}", "the metric owns needs the parameter structure"),
    ("{metric: owns, structure: harbour, at_least: 1}", "unknown structure harbour; did you mean harbor?"),
    ("{all: [{metric: vp, at_least: 1}], any: [{metric: vp, at_least: 2}]}", "a condition combines with one of all, any, not"),
    ("{not: {metric: vp, at_least: 1}, at_least: 2}", "at_least does not belong in a condition that uses not"),
    ("{all: []}", "needs at least 1 item"),
    ("{metric: structures, structure: bank, at_least: 1}", "structure does not apply to the metric structures"),
])
def test_condition_problems(tmp_path, cond, message):
    ref = S.variant(tmp_path, f"goals:\n  mine:\n    name: Mine\n    check: immediate\n    condition: {cond}\n")
    found = [p.message for p in validate_path(ref)]
    assert any(message in m for m in found), found


def test_a_combination_over_a_base_measure_says_how_to_clear_it(tmp_path):
    ref = S.variant(tmp_path, "goals:\n  labor:\n    condition: {any: [{metric: vp, at_least: 3}]}\n")
    found = [(p.file, p.line, p.message) for p in validate_path(ref)]
    assert found == [(ref, 5, "the base ruleset's metric, resource, at_least merge into this condition (a mapping in a variant "
                               "merges key by key): write metric: null next to any")]
