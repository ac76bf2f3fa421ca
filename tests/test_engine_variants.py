"""House-rule data changes the game with no engine change."""
from rulekit.engine import new_game
from rulekit.language import load_ruleset
from scenario import labor, labor_earned  # noqa: F401
from scenario import variant


OPENING = ["move green@labor_top", "move green@coin", "move green@labor_low", "spend"]


def test_game_stops_at_once_without_finish_turn(tmp_path):
    rs = load_ruleset(variant(tmp_path, """
        end:
          conditions:
            - player_condition: {metric: structures, at_least: 1}
          finish_turn: false
    """))
    st = new_game(rs, seed=1, first_player=0)
    for text in OPENING:
        st.play(text)
    st.play("build lender")                  # 2 Labor, 2 Coin: a structure the opening pays for
    assert st.is_terminal() and st.legal_actions() == []
    assert labor(st) == 0 and st.log[-1] == ("over",)


def test_game_goes_on_to_the_end_of_the_turn_with_finish_turn(tmp_path):
    rs = load_ruleset(variant(tmp_path, """
        end:
          conditions:
            - player_condition: {metric: structures, at_least: 1}
          finish_turn: true
    """))
    st = new_game(rs, seed=1, first_player=0)
    for text in OPENING:
        st.play(text)
    st.play("build lender")                  # 2 Labor, 2 Coin: a structure the opening pays for
    assert not st.is_terminal() and st.ending
    st.play("end")
    assert st.is_terminal()


def test_new_structure_with_income_in_yaml_alone(tmp_path):
    """A house rule's structure "earn 1 Coin at the start of each turn"."""
    rs = load_ruleset(variant(tmp_path, """
        structures:
          market:
            name: Market
            cost: {labor: 1, coin: 1}
            vp: {first: 1, later: 0}
            effects:
              - income: {coin: 1}
    """))
    st = new_game(rs, seed=1, first_player=0)
    for text in OPENING:
        st.play(text)
    st.play("build market")
    before = st.coin_value(0)
    st.play("end")
    st.play("move green@labor_top")
    st.play("end")
    assert st.current == 0 and st.coin_value(0) == before + 1


def test_new_goal_in_yaml_alone(tmp_path):
    """A house rule's goal "own 3 one-VP structures" is claimed when met."""
    rs = load_ruleset(variant(tmp_path, """
        components:
          goal_tokens: {draw: 1}
        goals:
          workers: null
          labor: null
          structure: null
          coin5: null
          two_vp: null
          crowd: null
          spending: null
          grind: null
          coin10: null
          three_small:
            name: Three small
            condition: {metric: structures, vp: 1, at_least: 1}
            check: immediate
    """))
    st = new_game(rs, seed=1, first_player=0)
    assert st.c.goal_ids[st.face_up] == "three_small"
    for text in OPENING:
        st.play(text)
    st.play("build lender")                  # 2 Labor, 2 Coin: a structure the opening pays for
    assert st.claimed[0] == [st.c.goal_ids.index("three_small")]
    assert st.end_reason == "goals_exhausted"


def test_grind_with_no_coin_to_pay_out_follows_needs_payout(tmp_path):
    body = {"components": {"coins": {"silver": {"value": 1, "count": 5}, "gold": None, "platinum": None}},
            "goals": {"coin10": None}}
    for needs_payout in (False, True):
        rs = load_ruleset(variant(tmp_path, {**body, "conversions": {"grind": {"needs_payout": needs_payout}}}))
        st = new_game(rs, seed=1, first_player=0)      # 2 + 3 coins: the supply is empty
        assert st.supply == (0,)
        for text in ["move green@labor_low", "move green@coin", "spend"]:
            st.play(text)
        assert labor(st) == 2
        offered = "grind" in [st.notation(a) for a in st.legal_actions()]
        assert offered is not needs_payout
        if offered:
            st.play("grind")
            assert labor(st) == 0 and st.coin_value(0) == 2
