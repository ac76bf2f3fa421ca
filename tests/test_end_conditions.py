"""Which end condition fired, and whether its player finishes the turn (per condition).

The end reason names the condition that fired, in the record, on the end
screen and in simulate's report; ``finish_turn`` on one condition overrides
``end.finish_turn`` for that condition only, and the rulebook says so.
"""
import json

import jsonschema

from rulekit.balance import simulate as sim
from rulekit.cli.simulate_cmds import _end_name, render_text
from rulekit.engine import new_game
from rulekit.engine.record import result_summary
from rulekit.i18n import language
from rulekit.language import load_ruleset
from rulekit.play.screen import end_lines
from rulekit.text.sentences import end_condition_sentence
from test_simulate import SCHEMA
from scenario import labor, labor_earned  # noqa: F401
from scenario import variant

OPENING = ["move green@labor_top", "move green@coin", "move green@labor_low", "spend"]


TWO = """
    end:
      conditions:
        - player_condition: {metric: structures, at_least: 7}
        - player_condition: {metric: coin_value, at_least: 4}
          finish_turn: false
      finish_turn: true
"""


def test_the_condition_that_fired_is_named_everywhere(tmp_path):
    rs = load_ruleset(variant(tmp_path, TWO))
    st = new_game(rs, seed=1, first_player=0)
    st.play("move green@coin")                         # the first player (2 coins) earns Labor
    st.play("end")
    assert not st.ending
    st.play("move green@labor_top")                    # the second player (3 coins) lands on Coin: 4
    assert st.ending and st.end_reason == "player_condition#1" and st.end_cond == 1
    # The second condition says "the game is over at once": it is.
    assert st.is_terminal()
    assert result_summary(st)["end_condition"] == 1
    lines = "\n".join(end_lines(st, ["A", "B"]))
    assert "A player holds at least 4 Coin (total value)." in lines
    assert "7 structures" not in lines


def test_per_condition_finish_turn_and_its_sentence(tmp_path):
    rs = load_ruleset(variant(tmp_path, """
        end:
          conditions:
            - player_condition: {metric: structures, at_least: 1}
              finish_turn: false
            - goals_exhausted: {}
          finish_turn: true
    """))
    st = new_game(rs, seed=1, first_player=0)
    for text in OPENING:
        st.play(text)
    st.play("build lender")                  # 2 Labor, 2 Coin: a structure the opening pays for
    assert st.is_terminal() and labor(st) == 0
    cond = rs.data["end"]["conditions"][0]
    assert end_condition_sentence(rs.data, cond) == (
        "A player has built at least 1 structure. The game is over at once, in the middle of the turn.")
    assert end_condition_sentence(rs.data, rs.data["end"]["conditions"][1]) == (
        "Every goal token in play has been claimed or removed.")
    with language("fr"):
        assert "immédiatement" in end_condition_sentence(rs.data, cond) or "aussitôt" in end_condition_sentence(rs.data, cond)


def test_a_condition_may_let_the_player_finish_when_the_default_does_not(tmp_path):
    rs = load_ruleset(variant(tmp_path, """
        end:
          conditions:
            - player_condition: {metric: structures, at_least: 1}
              finish_turn: true
          finish_turn: false
    """))
    st = new_game(rs, seed=1, first_player=0)
    for text in OPENING:
        st.play(text)
    st.play("build lender")                  # 2 Labor, 2 Coin: a structure the opening pays for
    assert st.ending and not st.is_terminal()
    st.play("end")
    assert st.is_terminal()
    assert end_condition_sentence(rs.data, rs.data["end"]["conditions"][0]).endswith(
        "The player who met it finishes their turn; then the game is over.")


def test_simulate_names_the_condition(tmp_path):
    rs = load_ruleset("province-en")
    assert _end_name("player_condition", rs.data) == "a player has built at least 7 structures"
    doc = sim.report("province-en", 4, seed=1)
    jsonschema.validate(json.loads(json.dumps(doc)), SCHEMA)
    text = render_text(doc, rs.data)
    assert "ended because" not in text and ("every goal token in play has been claimed or removed" in text or "a player has built" in text)


def test_duplicate_kinds_get_their_own_key_in_simulate(tmp_path):
    doc = sim.report(variant(tmp_path, TWO), 2, seed=1)
    jsonschema.validate(json.loads(json.dumps(doc)), SCHEMA)
    assert {"player_condition#0", "player_condition#1"} <= set(doc["results"]["end_reasons"])


def test_finish_turn_alone_is_not_an_end_condition(tmp_path):
    from rulekit.language import validate_path
    path = variant(tmp_path, {"end": {"conditions": [{"finish_turn": True}]}})
    assert [p.message for p in validate_path(path)] == [
        "empty: write exactly one of player_condition, all_structures_built, goals_exhausted, clock"]
