"""Effects with a moment (gain when built) and starting Labor per seat: played, worded and diffed together."""
import scenario as S
from rulekit.i18n import language
from rulekit.language import load_ruleset, validate_path
from rulekit.text import sentences as s
from rulekit.text.diff import rule_diff
from rulekit.text.rulebook import render_markdown
from scenario import labor, labor_earned  # noqa: F401


def test_gain_when_built(tmp_path):
    ref = S.variant(tmp_path, """
        structures:
          camp:
            effects:
              - unlock_worker: {worker: camp}
              - gain: {when: built, coin: 2, labor: 1}
    """)
    st = S.new(ref, seed=0)
    S.set_goals(st, "coin10", ("two_vp", "structure"))
    S.afford(st, "camp")
    st.play("build camp")
    assert st.coin_value(0) == 2 and labor(st) == 1 and labor_earned(st) == 1
    st.play("end")
    S.begin_turn(st, 0)                                   # no gain at later turns
    assert labor(st) == 0
    data = load_ruleset(ref).data
    sentence = s.effect_sentence(data, data["structures"]["camp"]["effects"][1])
    assert sentence == "When you build it, earn 1 Labor and 2 Coin at once."
    assert any(line.startswith("Camp — effect:") and sentence in line
               for line in (c.sentence() for c in rule_diff(load_ruleset("province-en"), load_ruleset(ref))))
    with language("fr"):
        assert "construisez" in s.effect_sentence(data, data["structures"]["camp"]["effects"][1])


def test_starting_labor_per_seat(tmp_path):
    ref = S.variant(tmp_path, {"setup": {"starting_labor": [0, 2]}})
    st = S.new(ref, seed=0)
    assert st.current == 0 and labor(st) == 0
    S.quick_turn(st)
    assert st.current == 1 and labor(st) == 2 and labor_earned(st) == 0
    S.quick_turn(st)
    S.quick_turn(st)
    assert st.current == 1 and labor(st) == 0                # only on the first turn
    data = load_ruleset(ref).data
    sentence = s.starting_pool_sentence(data, "labor")
    assert sentence == ("On their first turn, the first player has 0 Labor and the second player 2 Labor "
                        "(not Labor earned in that turn).")
    assert f"Starting Labor: {sentence} (was: Nobody starts with Labor.)" in [
        c.sentence() for c in rule_diff(load_ruleset("province-en"), load_ruleset(ref))]
    assert sentence in render_markdown(load_ruleset(ref))


def test_moment_fields_are_checked(tmp_path):
    found = [p.message for p in validate_path(S.variant(tmp_path, """
        structures:
          camp:
            effects:
              - gain: {when: end_of_game, coin: 1}
    """))]
    assert found == []
    found = [p.message for p in validate_path(S.variant(tmp_path, """
        structures:
          camp:
            effects:
              - gain: {when: at_dawn, coin: 1}
              - gain: {when: end_of_game, labor: 1}
    """))]
    assert found == ["at_dawn is not one of the allowed values: built, first_turn, end_of_game",
                     "labor gained at the end of the game is never used: an end_of_game gain gives coins"]
    found = [p.message for p in validate_path(S.variant(tmp_path, {"setup": {"starting_labor": [1]}}))]
    assert found == ["resources.labor.start has 1 entry, but the game is for up to 2 players: give one per seat, "
                     "in turn order from the first player"]


def test_gain_at_the_end_of_the_game_counts_for_the_coin_bonus(tmp_path):
    ref = S.variant(tmp_path, """
        structures:
          mill:
            effects:
              - income: {labor: 1}
              - gain: {when: end_of_game, coin: 5}
        scoring:
          coin_bonus: {per: 5, vp: 1}
    """)
    st = S.new(ref, seed=0)
    S.give_structures(st, 1, "mill")
    before = st.coin_value(1)
    S.set_goals(st, None)                                  # the goals are exhausted: the game ends this turn
    st.play("move green@labor_top")
    st.play("end")
    assert st.is_terminal() and st.coin_value(1) == before + 5 and st.coin_value(0) == 3
    assert st.score_by_source(1)["coins"] == (before + 5) // 5
    data = load_ruleset(ref).data
    assert s.effect_sentence(data, data["structures"]["mill"]["effects"][1]) == (
        "When the game ends, earn 5 Coin (before the scores are counted).")


def test_gain_on_the_first_turn_after_building(tmp_path):
    """gain: {when: first_turn}: once, at the start of the builder's next turn (not when borrowed, not again)."""
    ref = S.variant(tmp_path, """
        structures:
          camp:
            effects:
              - unlock_worker: {worker: camp}
              - gain: {when: first_turn, labor: 2, coin: 1}
    """)
    st = S.new(ref, seed=0)
    S.set_goals(st, "coin10", ("two_vp", "structure"))
    S.afford(st, "camp")
    st.play("build camp")
    assert labor(st) == 0 and st.coin_value(0) == 0        # nothing when built
    coins = st.coin_value(0)
    st.play("end")
    S.quick_turn(st)                                      # the opponent's turn
    assert st.current == 0 and labor(st) == 2 and labor_earned(st) == 2 and st.coin_value(0) == coins + 1
    S.quick_turn(st)
    S.quick_turn(st)
    assert st.current == 0 and labor(st) == 0              # once only
    data = load_ruleset(ref).data
    sentence = s.effect_sentence(data, data["structures"]["camp"]["effects"][1])
    assert sentence == "At the start of your first turn after you build it, earn 2 Labor and 1 Coin (once)."
    assert any(line.startswith("Camp — effect:") and sentence in line
               for line in (c.sentence() for c in rule_diff(load_ruleset("province-en"), load_ruleset(ref))))
    assert sentence in render_markdown(load_ruleset(ref))
    with language("fr"):
        french = s.effect_sentence(data, data["structures"]["camp"]["effects"][1])
        assert french.startswith("Au début de votre premier tour après l’avoir construit") and "Pièce" in french


def test_the_first_turn_gain_is_told_at_the_start_of_that_turn(tmp_path):
    from rulekit.play.session import Console, Session
    ref = S.variant(tmp_path, """
        structures:
          camp:
            effects:
              - unlock_worker: {worker: camp}
              - gain: {when: first_turn, labor: 2}
    """)
    out = []
    con = Console(interactive=False, color=False, write=out.append)
    session = Session(ruleset=load_ruleset(ref), seed=0, players=["human", "human"], console=con, first_player=0)
    session._telling = True
    S.set_goals(session.state, "coin10", ("two_vp", "structure"))
    S.afford(session.state, "camp")
    for move in ("build camp", "end", "move green@labor_top", "end"):
        session.play_action(session.state.parse(move), save=False)
    assert "Player 1 receives at the start of the turn: Camp +2 Labor (once)." in "".join(out)
