"""Warnings: what validates but is not what its author meant.

A variant's patch that changes nothing (``cost: {}`` merges into the base's
cost), and parts left over after a removal that can never come into play.
``rulekit validate`` prints them as FILE:LINE:COL: warning: and exits 0,
unless ``--strict``.
"""
import textwrap

import pytest
from click.testing import CliRunner

from rulekit.cli import cli
from rulekit.engine import new_game
from rulekit.language import bundled_rulesets, check_path, load_ruleset
from rulekit.text.sentences import structure_summary
from scenario import labor, labor_earned  # noqa: F401


def write(tmp_path, body, name="house.yaml"):
    path = tmp_path / name
    path.write_text("extends: province-en\nid: house\n" + textwrap.dedent(body), encoding="utf-8")
    return path


def warnings_of(path):
    problems, warnings = check_path(path)
    assert problems == []
    assert all(w.message.startswith("warning: ") for w in warnings)
    return [(w.line, w.message.removeprefix("warning: ")) for w in warnings]


@pytest.mark.parametrize("ident", list(bundled_rulesets()))
def test_bundled_rulesets_have_no_warning(ident):
    assert check_path(ident) == ([], [])


def test_empty_cost_in_a_variant_changes_nothing_and_says_so(tmp_path):
    path = write(tmp_path, """
        structures:
          bank:
            cost: {}
    """)
    assert load_ruleset(path).data["structures"]["bank"]["cost"] == {"labor": 1, "coin": 4}
    assert warnings_of(path) == [(6, "{} changes nothing here: a mapping in a variant merges into the base's; "
                                     "to make it cost nothing, write cost: free")]


def test_cost_free_makes_a_structure_free(tmp_path):
    path = write(tmp_path, """
        structures:
          camp:
            cost: free
    """)
    rs = load_ruleset(path)
    assert rs.data["structures"]["camp"]["cost"] == {}
    assert warnings_of(path) == []
    st = new_game(rs, seed=1, first_player=0)
    st.play("move green@coin")
    st.play("spend")
    st.play("build camp")                                 # with 1 Labor and no coin spent
    assert st.coin_value(0) == 2 and labor(st) == 1
    assert structure_summary(rs.data, "camp").startswith("Cost: nothing.")


def test_a_value_equal_to_the_base_is_reported(tmp_path):
    path = write(tmp_path, """
        scoring:
          goal_vp: 1
    """)
    assert warnings_of(path) == [(4, "this changes nothing: every value here is already the base ruleset's")]


def test_sailors_left_after_the_harbor_is_removed(tmp_path):
    path = write(tmp_path, """
        harbor: null
        structures:
          harbor: null
    """)
    found = warnings_of(path)
    assert (4, "after this removal, sailors can never be hired: no ship result gives hire_sailor (remove them "
               "with sailors: null) (left in the base ruleset at rulesets/province-en.yaml:60:1)") in [
        (line, msg.replace(str(load_ruleset("province-en").source).rsplit("rulesets/", 1)[0], "")) for line, msg in found]
    assert any("ship tokens are never cast" in msg for _, msg in found)
    runner = CliRunner()
    result = runner.invoke(cli, ["validate", str(path)])
    assert result.exit_code == 0, result.output
    assert f"{path}:4:" in result.output and "warning: after this removal, sailors can never be hired" in result.output
    strict = runner.invoke(cli, ["validate", "--strict", str(path)])
    assert strict.exit_code == 1


def test_a_worker_nobody_unlocks_and_a_conversion_nobody_grants(tmp_path):
    path = write(tmp_path, """
        structures:
          camp: null
          village: null
          union: null
    """)
    found = warnings_of(path)
    messages = [msg for _, msg in found]
    assert any("nobody can ever move the camp workers" in m for m in messages)
    assert any("nobody can ever use the conversion union" in m for m in messages)
    # Five structures are left: the base's end condition (7 structures) can never be met, said at the
    # variant's structures section, with where the condition is.
    assert any(line == 4 and m.startswith("this end condition asks for 7 structures, but a player can own at most 5")
               and "(the end condition is in the base ruleset at " in m for line, m in found), found
    assert all(line in (4, 5, 6) for line, _ in found), found


def test_borrowing_without_a_lender(tmp_path):
    path = write(tmp_path, """
        structures:
          lender: null
          bank:
            requires: null
    """)
    assert any(line == 5 and "nobody can ever borrow" in msg for line, msg in warnings_of(path))


def test_a_restated_value_inside_a_real_change_is_not_reported(tmp_path):
    path = write(tmp_path, """
        title: Province
        structures:
          bank:
            cost: {labor: 1, coin: 5}
    """)
    assert warnings_of(path) == [(4, "this changes nothing: the base ruleset already has Province here")]


def test_a_structure_no_seat_of_the_smallest_game_may_build(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text(textwrap.dedent("""\
        extends: province-3p
        id: house
        components:
          players: {min: 2, max: 3}
        structures:
          camp:
            seats: [3]
    """), encoding="utf-8")
    assert warnings_of(path) == [(7, "camp may be built only by the seats its seats list, and a game of 2 players "
                                     "has none of them: nobody builds it in such a game")]
    rs = load_ruleset(path)
    # As it says: in a game of two nobody may build it; in a game of three the third seat may.
    from scenario import begin_turn, notations, set_labor, set_phase, set_purse
    # Seats count from the first player (index 0 here): seat 3 is index 2.
    for players, seat, can in ((2, 0, False), (2, 1, False), (3, 2, True), (3, 0, False), (3, 1, False)):
        st = new_game(rs, seed=1, first_player=0, players=players)
        begin_turn(st, seat)
        set_phase(st, "spending")
        set_labor(st, 9)
        set_purse(st, seat, silver=3, gold=1)
        assert ("build camp" in notations(st)) is can, (players, seat)
