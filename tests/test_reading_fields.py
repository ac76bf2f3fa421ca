"""Each reading of docs/readings.md that used to be engine code is a field: played and worded together.

For every field: the editions' value plays as before (the tests in
test_rules.py, test_rules_en.py and test_rules_fr.py), the other value plays as its sentence
says, and the sentence and the diff line change with it.
"""

import scenario as S
from rulekit.i18n import language
from rulekit.language import load_ruleset
from rulekit.text import sentences as s
from rulekit.text.diff import rule_diff

QUIET = ("coin10", "two_vp", "structure")


def game(ref, goals=QUIET, seed=0):
    st = S.new(ref, seed=seed)
    S.set_goals(st, goals[0], goals[1:])
    return st


def diff_lines(ref, base="province-en"):
    return [c.sentence() for c in rule_diff(load_ruleset(base), load_ruleset(ref))]


# -- Grind when the coins cannot pay ----------------------------------------
def test_grind_sentence_follows_needs_payout(tmp_path):
    en = load_ruleset("province-en").data
    assert s.conversion_rule(en, "grind").endswith(
        "It is allowed even when the coins cannot pay out its Coin: you pay, and earn only what the coins can pay.")
    ref = S.variant(tmp_path, "conversions:\n  grind:\n    needs_payout: true\n")
    rule = s.conversion_rule(load_ruleset(ref).data, "grind")
    assert rule.endswith("It is not allowed while the coins cannot pay out its Coin.")
    assert [line for line in diff_lines(ref) if line.startswith("Grind:")] == [
        f"Grind: {rule} (was: {s.conversion_rule(en, 'grind')})"]
    with language("fr"):
        assert "interdit" in s.conversion_rule(load_ruleset(ref).data, "grind")
    # The Union gains no coin: nothing to say.
    assert "pay out" not in s.conversion_rule(en, "union")


# -- Which workers count on one space ---------------------------------------
def test_crowd_counting_all_counts_the_opponents_workers(tmp_path):
    ref = S.variant(tmp_path, """
        goals:
          crowd:
            condition: {metric: workers_on_one_space, counting: all, at_least: 3}
    """)
    for counting, claimed in (("province-en", False), (ref, True)):
        st = game(counting, goals=("crowd", "coin10"))
        S.give_structures(st, 1, "camp")
        S.place_worker(st, "sailor", "labor_top", owner=1)
        st.play("move green@labor_low")                        # 2 greens + 2 of the opponent's
        st.play("end")
        assert (st.claimed[0] == [S.gid(st, "crowd")]) is claimed, counting
    cond = load_ruleset(ref).data["goals"]["crowd"]["condition"]
    assert s.condition_sentence({}, cond) == "Have at least 3 workers, yours or not, on a single space of the Work Cycle."
    assert s.condition_sentence({}, {**cond, "counting": "accessible"}) == (
        "Have at least 3 workers you have access to on a single space of the Work Cycle.")
    assert any(line.startswith("Goal Crowd: Have at least 3 workers, yours or not") for line in diff_lines(ref))


def test_counting_applies_to_one_metric_only(tmp_path):
    from rulekit.language import validate_path
    ref = S.variant(tmp_path, "goals:\n  structure:\n    condition: {metric: structures, counting: all, at_least: 4}\n")
    assert any("counting does not apply to the metric structures" in p.message for p in validate_path(ref))


# -- A goal turned up at the end of a turn ----------------------------------
def chained_end(ref):
    st = game(ref, goals=("coin5", "crowd", "coin10"))
    S.give_structures(st, 0, "camp")
    S.set_purse(st, 0, silver=5)
    st.play("move green@labor_low")                            # labor_top: two greens and the Camp worker
    st.play("end")
    return st


def test_goal_turned_up_at_the_end_of_a_turn_is_checked_then_or_waits(tmp_path):
    st = chained_end("province-en")
    assert st.claimed[0] == [S.gid(st, "coin5"), S.gid(st, "crowd")]
    ref = S.variant(tmp_path, "goal_rules:\n  check_revealed_at_end_of_turn: false\n")
    st = chained_end(ref)
    assert st.claimed[0] == [S.gid(st, "coin5")] and st.face_up == S.gid(st, "crowd")
    assert s.goal_chain_sentence(load_ruleset(ref).data).endswith("it waits for the next check.")
    assert [line for line in diff_lines(ref) if line.startswith("Goals turned up")] == [
        "Goals turned up at the end of a turn: " + s.goal_chain_sentence(load_ruleset(ref).data)
        + " (was: " + s.goal_chain_sentence(load_ruleset("province-en").data) + ")"]


# -- Borrowing: effects after repaying, borrows per turn --------------------
def test_repaying_ends_the_borrowed_effect_when_the_field_says_so(tmp_path):
    for ref, movable in (("province-fr", True), (S.variant(tmp_path, "borrowing:\n  repay_ends_effect: true\n", "province-fr"), False)):
        st = S.new(ref, seed=0, first=None)
        p = st.current
        S.give_structures(st, p, "lender")
        S.give_structures(st, 1 - p, "camp")
        st.play("borrow camp")
        st.play("move green@labor_top")
        st.play("spend")
        S.set_value(st, p, 5)
        st.play("repay")
        assert (st.c.kind_ids.index("camp") in [st.c.worker_kind[w] for w in st.accessible_workers(p)]) is movable
    data = load_ruleset(ref).data
    assert "Repaying the Lender token ends the borrowed effects at once." in [text for text, _reading in s.borrowing_sentences(data)]


def test_two_borrows_a_turn(tmp_path):
    ref = S.variant(tmp_path, "borrowing:\n  per_turn: 2\n", "province-fr")
    st = S.new(ref, seed=0, first=None)
    p = st.current
    S.give_structures(st, p, "lender")
    S.give_structures(st, 1 - p, "camp", "union")
    S.spending(st, value=9)
    st.play("borrow camp")
    assert not S.can(st, "borrow union")                      # not while holding the token
    st.play("repay")
    st.play("borrow union")                                   # the second borrow of the turn
    assert S.can(st, "union")
    assert not any(n.startswith("borrow") for n in S.notations(st))
    data = load_ruleset(ref).data
    assert s.borrowing_per_turn_sentence(data) == (
        "You cannot borrow while you hold the Lender token; you may borrow at most 2 times per turn (after repaying), "
        "each time a structure you have not borrowed this turn.")
    assert any(line.startswith("Borrows per turn: You cannot borrow") for line in diff_lines(ref, "province-fr"))
