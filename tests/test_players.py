"""Any number of players: how seats take turns, start, make change, borrow, meet goals and rank.

The two-player editions say "the opponent"; a ruleset for more players says
who that is in its ``other_players`` section (docs/readings.md). Each test
below plays one of those rules on ``province-3p`` (the English edition for
three) or on a house rule of it, and fails if the engine breaks it.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import scenario as S
from rulekit import i18n
from rulekit.engine import Outcome, new_game
from rulekit.engine.record import GameRecord, replay
from rulekit.errors import PlayerCountError, RecordError
from rulekit.language import load_ruleset, validate_path

THREE = "province-3p"


def three(tmp_path=None, first=0, **other):
    """A game of province-3p, or of a house rule of it whose other_players fields are ``other``."""
    if other:
        return S.new(S.variant(tmp_path, {"other_players": other}, base=THREE, name="other"), first=first)
    return S.new(THREE, first=first)


def test_the_bundled_three_player_game_is_for_three():
    rs = load_ruleset(THREE)
    assert rs.player_counts == range(3, 4)
    st = new_game(rs, seed=1)
    assert st.n_players == 3 and len(st.purses) == len(st.owned) == len(st.claimed) == 3
    assert len(st.pool) == 3 * st.c.n_pool


def test_turns_go_round_in_turn_order(tmp_path):
    st = three(first=1)
    seen = []
    for _ in range(4):
        seen.append(st.current)
        S.quick_turn(st)
    assert seen == [1, 2, 0, 1]
    st = S.new(S.variant(tmp_path, {"setup": {"turn_order": "counterclockwise"}}, base=THREE, name="ccw"), first=1)
    seen = []
    for _ in range(4):
        seen.append(st.current)
        S.quick_turn(st)
    assert seen == [1, 0, 2, 1]


def test_starting_coins_are_given_in_turn_order_from_the_first_player(tmp_path):
    path = S.variant(tmp_path, {"setup": {"starting_coins": [2, 3, 4]}}, base=THREE, name="coins")
    st = S.new(path, first=1)    # the first player (seat 1) 2, then seat 2 3, then seat 0 4
    assert [st.coin_value(p) for p in range(3)] == [4, 2, 3]


def _short_of_change(st):
    """The supply holds no silver coin; seat 0 (current) and seat 1 hold nothing, seat 2 every silver."""
    for p in range(3):
        S.set_purse(st, p)
    S.set_purse(st, 2, silver=10)
    assert st.supply[S.coin(st, "silver")] == 0


def test_change_is_made_by_the_next_player_in_turn_order_who_can(tmp_path):
    st = three()
    _short_of_change(st)
    st.play("move green@labor_top")            # lands on the coin space: earn 1
    assert st.coin_value(0) == 1                # seat 1 could not make change; seat 2 did
    assert st.coin_value(2) == 10 and st.purses[2][S.coin(st, "silver")] < 10
    S.check_invariants(st)


def test_when_the_supply_pays_the_player_who_earns_counts_as_the_payer():
    """docs/ruleset-reference.md, other_players: the change makers are asked from the earner's next: seat 1
    earns, seat 2 is asked before seat 0, though both could make the change."""
    st = three(first=1)
    for p in range(3):
        S.set_purse(st, p)
    S.set_purse(st, 0, silver=5)
    S.set_purse(st, 2, silver=5)
    assert st.current == 1 and st.supply[S.coin(st, "silver")] == 0
    st.play("move green@labor_top")            # lands on the coin space: earn 1
    assert st.coin_value(1) == 1
    assert st.purses[0][S.coin(st, "silver")] == 5          # not asked: seat 2 could
    assert st.purses[2][S.coin(st, "silver")] < 5 and st.coin_value(2) == 5
    S.check_invariants(st)


@pytest.mark.parametrize("who", ["next_player", "nobody"])
def test_change_made_by_the_next_player_only_or_by_nobody(tmp_path, who):
    st = three(tmp_path, make_change=who, borrow_from="any", revealed_goal="removed_if_several")
    _short_of_change(st)
    st.play("move green@labor_top")
    assert st.coin_value(0) == 0                # nobody who may make change can: the coin is not earned
    assert st.coin_value(2) == 10
    S.check_invariants(st)


def _lender_position(st):
    """Seat 0 owns the Lender; seat 2 owns the Mill; seat 1 owns nothing."""
    S.give_structures(st, 0, "lender")
    S.give_structures(st, 2, "mill")


@pytest.mark.parametrize("borrow_from, can_borrow", [("any", True), ("next_player", False),
                                                     ("previous_player", True)])
def test_the_lender_borrows_from_the_players_its_reading_names(tmp_path, borrow_from, can_borrow):
    st = three(tmp_path, make_change="in_turn_order", borrow_from=borrow_from, revealed_goal="removed_if_several")
    _lender_position(st)
    assert S.can(st, "borrow mill") is can_borrow
    if can_borrow:
        labor = S.labor(st)
        st.play("borrow mill")                  # a resource structure pays at once
        assert S.labor(st) == labor + 1 and st.holder == 0


def test_the_lender_token_is_taken_from_whichever_other_player_holds_it():
    st = three()
    _lender_position(st)
    S.give_structures(st, 1, "lender", first=False)
    S.give_structures(st, 1, "camp")
    st.holder = 2                               # seat 2 holds the token but owns no Lender: it stays
    assert not S.can(st, "borrow mill")
    st.holder = 1                               # seat 1 holds it and owns a Lender: take it over
    assert S.can(st, "borrow mill") and S.can(st, "borrow camp")
    st.play("borrow camp")
    assert st.holder == 0


def _reveal_structure_goal(st, owners):
    """Each seat in ``owners`` owns four structures; the Structure goal (own four) is turned face up."""
    for p in owners:
        S.give_structures(st, p, "lender", "camp", "mill", "union")
    S.set_goals(st, None, ["structure"])
    st._reveal_next()


def test_a_revealed_goal_several_players_meet_is_removed():
    st = three()
    _reveal_structure_goal(st, [1, 2])
    g = S.gid(st, "structure")
    assert g in st.removed and not any(st.claimed)


def test_a_revealed_goal_is_removed_only_if_all_meet_it_with_removed_if_all(tmp_path):
    st = three(tmp_path, make_change="in_turn_order", borrow_from="any", revealed_goal="removed_if_all")
    _reveal_structure_goal(st, [1, 2])          # two of three: the first of them from the current player claims
    g = S.gid(st, "structure")
    assert st.claimed == [[], [g], []] and g not in st.removed
    st = three(tmp_path, make_change="in_turn_order", borrow_from="any", revealed_goal="removed_if_all")
    _reveal_structure_goal(st, [0, 1, 2])       # all three: removed
    assert S.gid(st, "structure") in st.removed


@pytest.mark.parametrize("current, claimer", [(0, 1), (1, 2), (2, 0)])
def test_a_goal_met_at_once_goes_to_the_current_player_then_the_others_in_turn_order(current, claimer):
    st = three(first=current)
    others = [p for p in range(3) if p != current]
    S.set_goals(st, "structure")
    for p in others:                            # both other players meet it, the current player does not
        S.give_structures(st, p, "camp", "mill", "union", "harbor")
    st.play(S.notations(st)[0])
    assert st.claimed[claimer] == [S.gid(st, "structure")]


def test_the_outcome_ranks_every_seat_and_its_returns_add_up_to_zero():
    out = Outcome(scores=(5, 7, 5), ranks=(2, 1, 2), winners=(1,), decided_by="vp")
    assert out.winner == 1 and out.returns == (-0.5, 1.0, -0.5)
    tie = Outcome(scores=(7, 7, 5), ranks=(1, 1, 3), winners=(0, 1), decided_by="tie")
    assert tie.winner is None and tie.returns == (0.25, 0.25, -0.5)
    two = Outcome(scores=(3, 5), ranks=(2, 1), winners=(1,), decided_by="vp")
    assert two.returns == (-1.0, 1.0)


def test_a_finished_game_ranks_by_vp_then_by_the_tie_breaks():
    st = three()
    S.give_structures(st, 0, "lender", "camp")             # 1 + 1 VP, two structures
    S.give_structures(st, 1, "village", check_requires=False)  # 2 VP, one structure
    S.give_structures(st, 2, "mill")                       # 1 VP
    S.end_game(st)
    out = st.outcome()
    assert out.scores == (2, 2, 1)
    assert out.ranks == (1, 2, 3) and out.winners == (0,) and out.decided_by == "structures"
    assert st.result() == {"winner": 0, "decided_by": "structures"}
    assert st.returns() == (1.0, -0.5, -0.5)


def test_players_level_on_everything_share_a_rank_and_the_next_rank_is_skipped():
    """docs/ruleset-reference.md, tie_breaks: two level first are both 1, the next player is 3."""
    st = three()
    S.give_structures(st, 0, "mill")                       # 1 VP, one structure, the green workers
    S.give_structures(st, 1, "lender")                     # the same
    S.end_game(st)
    out = st.outcome()
    assert out.scores == (1, 1, 0)
    assert out.ranks == (1, 1, 3) and out.winners == (0, 1) and out.decided_by == "tie"


def test_decided_by_is_about_the_first_place_only():
    """One player alone on the most VP: decided by vp, though the two behind are told apart by a tie-break."""
    st = three()
    S.give_structures(st, 0, "village", check_requires=False)   # 2 VP
    S.give_structures(st, 1, "mill")                             # 1 VP, one structure
    S.give_structures(st, 2, "lender")                           # 1 VP...
    S.give_structures(st, 2, "mill", first=False)                # ...and two structures
    S.end_game(st)
    out = st.outcome()
    assert out.scores == (2, 1, 1)
    assert out.ranks == (1, 3, 2) and out.decided_by == "vp"


def test_a_tie_break_is_compared_between_the_players_level_first_only():
    """The two level on VP are level on structures too (a third player's more structures do not count):
    the next tie-break, workers, decides."""
    st = three()
    S.give_structures(st, 0, "camp")                             # 1 VP, one structure, the Camp's worker
    S.give_structures(st, 1, "mill")                             # 1 VP, one structure
    S.give_structures(st, 2, "mill", first=False)                # 0 VP, two structures
    S.give_structures(st, 2, "camp", first=False)
    S.end_game(st)
    out = st.outcome()
    assert out.scores == (1, 1, 0)
    assert [st.metric("structures", p) for p in range(3)] == [1, 1, 2]
    assert st.metric("workers", 0) > st.metric("workers", 1)
    assert out.ranks == (1, 2, 3) and out.winners == (0,) and out.decided_by == "workers"


def test_a_player_count_the_ruleset_does_not_allow_is_refused_in_both_languages(tmp_path):
    rs = load_ruleset(THREE)
    with pytest.raises(PlayerCountError) as info:
        new_game(rs, players=2)
    assert str(info.value) == "province-3p is played by 3 players, not 2"
    assert info.value.exit_code == 2
    with i18n.language("fr"):
        assert str(info.value) == "province-3p se joue à 3 joueurs, pas à 2"
    ranged = load_ruleset(S.variant(tmp_path, {"components": {"players": {"min": 2, "max": 3}},
                                               "setup": {"starting_coins": [2, 3, 4]}}, base=THREE,
                                    name="two-or-three"))
    assert ranged.player_counts == range(2, 4)
    two = new_game(ranged, players=2)           # the first two starting amounts
    assert two.n_players == 2 and [two.coin_value(p) for p in range(2)] == [2, 3]
    with pytest.raises(PlayerCountError, match="two-or-three is played by 2 to 3 players, not 4"):
        new_game(ranged, players=4)


def test_a_three_player_game_is_recorded_and_replayed(tmp_path):
    rs = load_ruleset(THREE)
    st = new_game(rs, seed=5)
    while not st.is_terminal():
        st._apply(st.legal_actions()[st.turn % len(st.legal_actions())])
    rec = GameRecord.for_state(rs, st, ["bot:random"] * 3)
    path = tmp_path / "game.json"
    rec.save(path)
    again = GameRecord.load(path)
    assert replay(again, rs) == st and len(again.result["scores"]) == 3
    wrong = GameRecord.from_json(dict(again.to_json(), players=["human", "human"]))
    with pytest.raises(RecordError, match="province-3p is played by 3 players, not 2"):
        replay(wrong, rs)


@pytest.mark.parametrize("name, english, french", [
    ("players-list-too-short.yaml", "setup.starting_coins has 2 entries, but the game is for up to 3 players",
     "setup.starting_coins a 2 valeurs, mais la partie se joue jusqu’à 3 joueurs"),
    ("players-range-reversed.yaml", "the fewest players (4) is more than the most (3)",
     "le plus petit nombre de joueurs (4) dépasse le plus grand (3)"),
    ("players-reading-missing.yaml", "a game for 3 players must choose other_players.borrow_from",
     "une partie à 3 joueurs doit choisir other_players.borrow_from"),
])
def test_seat_mistakes_are_named_in_both_languages(name, english, french):
    path = Path(__file__).parent / "rulesets" / "bad" / name
    assert any(english in p.message for p in validate_path(path))
    with i18n.language("fr"):
        assert any(french in p.message for p in validate_path(path))


def _end_now(st):
    """The current player meets an end condition (owns as many structures as there are tokens) and ends the turn."""
    for sid in st.c.struct_ids[:st.c.tokens]:
        S.give_structures(st, st.current, sid, check_requires=False)
    S.finish_turn(st)


@pytest.mark.parametrize("trigger, turns_after", [(0, 2), (1, 1), (2, 0)])
def test_with_finish_round_the_others_play_to_the_end_of_the_round(tmp_path, trigger, turns_after):
    path = S.variant(tmp_path, {"end": {"finish_round": True}}, base=THREE, name="round")
    st = S.new(path, first=0)
    for _ in range(trigger):                    # the seats before the trigger play a turn
        S.quick_turn(st)
    assert st.current == trigger
    _end_now(st)
    played = []
    while not st.is_terminal():                  # every seat after it in the round plays once more
        played.append(st.current)
        S.quick_turn(st)
    assert played == list(range(trigger + 1, 3)) and len(played) == turns_after
    assert st.turn == 2                          # three turns in all: everyone played as many


def test_without_finish_round_the_game_ends_after_the_triggering_turn():
    st = three()
    _end_now(st)
    assert st.is_terminal() and st.turn == 0


def test_finish_round_is_said_in_the_rulebook_in_both_languages(tmp_path):
    from rulekit.text import sentences
    data = load_ruleset(S.variant(tmp_path, {"end": {"finish_round": True}}, base=THREE, name="round")).data
    assert "the others play on to the end of the round" in sentences.finish_turn_sentence(data)
    with i18n.language("fr"):
        assert "jusqu’à la fin du tour de table" in sentences.finish_turn_sentence(data)
