"""The rules of the English edition (province-en) that the French one does not state, or states differently.

Each test's docstring starts with the sentence it checks, quoted verbatim from
the English rule text; what follows explains how the engine reads it when the
text leaves a choice (docs/readings.md). The rules both editions state are one
scenario each in tests/test_rules.py, run once per edition. Tests named
``test_note_*`` check the readings of rules-notes §3 instead of a sentence.
Positions are built with tests/scenario.py, which keeps coins conserved and
structures consistent; ``game()`` comes from the edition's data in
tests/test_rules.py.

Flavour text, headings and the "See … section" cross-references are not rules
and have no test (``NOT_RULES`` below);
``python tests/rule_coverage.py SEED --edition province-en tests/test_rules*.py``
lists the sentences of the rule text that no test quotes, here or in
tests/test_rules.py.
"""
import random

import pytest
import scenario as S
from scenario import load_ruleset
from test_rules import EDITIONS, hire_ready

from rulekit.engine import OVER, SPENDING, WORK
from rulekit.engine.mechanics.ships import free_sailor
from scenario import labor, labor_earned  # noqa: F401

RULESET = "province-en"

# Sentences of the rule text that state no rule of their own (tests/rule_coverage.py).
NOT_RULES = {
    "See Harbor and Sailors section for details.": "a cross-reference",
    "The Harbor benefits indicated at the top of the Province Board are:": "introduces the three results, each tested",
    "A tab is at the bottom of the Board to represent this action.": "describes the board",
}
ED = EDITIONS[RULESET]
QUIET = ED.quiet                              # goals no test meets by accident
game = ED.game                                # a new game: game(first=0, goals=QUIET, seed=None)


spending, end_game, claim = S.spending, S.end_game, S.claim


# =================================================================== WINNING
def test_the_player_who_ends_the_game_finishes_their_turn():
    """When the game ends, the player who ended it must finish their turn.**"""
    st = game()
    S.give_structures(st, 0, "lender", "bank", "camp", "village", "mill", "smithy")
    spending(st, labor=5, silver=4)
    st.play("build harbor")
    assert st.ending and st.phase == SPENDING
    assert "grind" in S.notations(st)                        # the turn goes on
    st.play("grind")
    st.play("end")
    assert st.phase == OVER and st.current == 0 and st.turn == 0
    assert st.legal_actions() == []


# ================================================================ COMPONENTS
def test_components():
    """1 Province Board	2 Ship Tokens
    7 Red Structures	9 Goal Tokens
    7 Blue Structures	10 Silver Coin (I, Value 1)
    3 Green Workers	3 Gold Coin (V, Value 5)
    1 Yellow Camp Worker	1 Platinum Coin (X, Value 10)
    1 Orange Village Worker	1 Lender Token (LIII)
    3 Red Sailor Workers	1 Labor Tracker
    3 Blue Sailor Workers
    """
    st = game()
    c = st.c
    assert c.ship_tokens == 2
    assert c.tokens == 7                                      # per color
    assert len(c.goal_ids) == 9
    assert dict(zip(c.coin_ids, zip(c.coin_values, c.coinage.totals))) == {
        "silver": (1, 10), "gold": (5, 3), "platinum": (10, 1)}
    kinds = [c.kind_ids[k] for k in c.worker_kind]
    assert kinds.count("green") == 3 and kinds.count("camp") == 1 and kinds.count("village") == 1
    sailor_seats = [c.worker_seat[w] for w in range(c.n_workers) if kinds[w] == "sailor"]
    assert sorted(sailor_seats) == [0, 0, 0, 1, 1, 1]        # 3 red, 3 blue
    assert c.data["components"]["labor_tracker"] is True
    assert c.lender_penalty == 2 and c.repay_coin == 3       # one Lender token (LIII)
    assert st.holder == -1


# ===================================================================== SETUP
def test_setup_five_goals_drawn_at_random():
    """Turn the Goal Tokens face-down, and randomly choose five of them, then stack the chosen tokens above the board face-down."""
    draws = set()
    for seed in range(40):
        st = S.new(RULESET, seed=seed, first=0)
        drawn = st.stack + [st.face_up]
        assert len(drawn) == 5 == len(set(drawn))
        draws.add(frozenset(drawn))
    assert len(draws) > 10                                   # random, not a fixed five
    assert set().union(*draws) == set(range(9))              # any goal may be drawn


def test_setup_extra_goals_leave_the_game():
    """Remove extra Goal Tokens from play."""
    st = S.new(RULESET, seed=11, first=0)
    drawn = set(st.stack + [st.face_up])
    rng = random.Random(11)
    while not st.is_terminal():
        st.apply(rng.choice(st.legal_actions()))
    revealed = {e[1] for e in st.log if e[0] == "reveal"}
    assert revealed <= drawn
    assert set(st.claimed[0] + st.claimed[1] + st.removed) <= drawn


# ================================================================ TURN ORDER
def test_turns_alternate_in_two_phases():
    """You and your opponent take turns which are broken into two phases."""
    st = game()
    seen = []
    for _ in range(4):
        seen.append((st.current, st.phase))
        st.play("move green@labor_top" if S.can(st, "move green@labor_top") else S.notations(st)[0])
        st.play("spend")
        seen.append((st.current, st.phase))
        st.play("end")
    assert seen == [(0, WORK), (0, SPENDING), (1, WORK), (1, SPENDING)] * 2
    assert st.turn == 4


def test_turn_begins_with_work_cycle_phase():
    """You begin with the Work Cycle Phase, where you move Workers to generate resources."""
    st = game()
    S.set_labor(st, 5)
    S.set_purse(st, 0, silver=5)
    assert st.phase == WORK
    legal = S.notations(st)
    assert legal and all(n.startswith("move ") for n in legal)   # no build, grind, end yet


def test_then_opponents_turn():
    """Once both phases are complete, it's your opponent's turn."""
    st = game()
    st.play("move green@coin")
    st.play("spend")
    assert st.current == 0
    st.play("end")
    assert st.current == 1 and st.phase == WORK and st.turn == 1
    S.quick_turn(st)
    assert st.current == 0 and st.turn == 2


# ================================================================ WORK CYCLE
def test_opponent_makes_change_when_the_supply_cannot():
    """You do not earn Coin if none remains in the supply (but your opponent must make change, if they can).

    The empty supply, which both editions state, is the shared
    test_no_coin_from_an_empty_supply (tests/test_rules.py); the French text
    does not say who makes change.
    """
    # Only a Gold coin left: the opponent swaps five Silver for it, so 1 can be earned.
    st = game()
    S.set_purse(st, 0)
    S.set_purse(st, 1, silver=10, gold=2, platinum=1)
    assert st.supply == (0, 1, 0)
    st.play("move green@labor_top")
    assert st.purses[0] == (1, 0, 0)
    assert st.coin_value(1) == 30 and st.purses[1][S.coin(st, "gold")] == 3
    assert st.c.coinage.value(st.supply) == 4
    S.check_invariants(st)


def test_each_worker_moves_at_most_once_per_turn():
    """(You may flip Workers over to keep track of which ones you have moved, and you may use the Labor Tracker to keep track of the Labor you have earned that turn.)"""
    st = game()
    st.play("move green@labor_top")            # coin now holds a moved and an unmoved green
    assert S.can(st, "move green@coin")
    st.play("move green@coin")                 # the unmoved one
    st.play("move green@labor_low")            # the unmoved one on labor_low
    assert not any(n.startswith("move ") for n in S.notations(st))
    assert labor_earned(st) == 2                # the tracker: labor earned this turn


def test_green_workers_always_accessible():
    """You always have access to the Green Workers."""
    for p in (0, 1):
        st = game(first=p)
        assert {n for n in S.notations(st)} == {"move green@labor_top", "move green@coin", "move green@labor_low"}
        assert len(st.accessible_workers(p)) == 3 and len(st.accessible_workers(1 - p)) == 3


def test_camp_worker_needs_a_camp():
    """For example, you may move the Yellow Camp Worker if you have built a Camp."""
    st = game()
    S.afford(st, "camp")
    st.play("build camp")
    st.play("end")
    S.quick_turn(st)
    assert S.can(st, "move camp@labor_top")
    st.play("move camp@labor_top")
    assert S.worker_space(st, "camp") == "coin"


def test_never_access_to_opponents_sailors():
    """You never have access to your opponent's Sailor Workers."""
    st = game()
    S.place_worker(st, "sailor", "coin", owner=1)
    S.give_structures(st, 0, "lender")
    S.give_structures(st, 1, "harbor")
    legal = S.notations(st)
    assert not any(n.startswith("move sailor") for n in legal)
    assert "borrow harbor" in legal
    st.play("borrow harbor")
    assert not S.can(st, "move sailor@coin")
    assert all(st.c.worker_kind[w] != S.kid(st, "sailor") for w in st.accessible_workers(0))
    assert any(st.c.worker_kind[w] == S.kid(st, "sailor") for w in st.accessible_workers(1))


# ==================================================== RESOURCE SPENDING PHASE
def test_cannot_build_the_same_structure_twice():
    """You cannot build two of the same Structure."""
    st = game()
    spending(st, labor=2, silver=2)
    st.play("build lender")
    st.play("end")
    S.quick_turn(st)
    spending(st, labor=9, value=9)
    assert not S.can(st, "build lender")
    assert S.can(st, "build camp")


def test_second_copy_worth_zero_but_has_effects():
    """This further Structure is worth 0 VP, but you still have access to its effects."""
    st = game()
    S.give_structures(st, 0, "camp", "mill")
    S.quick_turn(st)
    spending(st, labor=5, silver=3)                               # the Camp: 3 Labor and 3 Coin
    st.play("build camp")
    st.play("end")
    S.quick_turn(st)
    spending(st, labor=5, silver=2)
    st.play("build mill")
    assert st.score(1) == 0 and st.score(0) == 2
    st.play("end")
    S.quick_turn(st)
    assert st.current == 1 and labor(st) == 1                     # the Mill's income
    assert S.can(st, "move camp@labor_top")                       # the Camp's worker


def test_some_structures_have_prerequisites():
    """Some Structures have arrows pointing to them from other Structures."""
    rs = load_ruleset(RULESET)
    req = {n: s.get("requires", []) for n, s in rs.data["structures"].items()}
    assert {n: r for n, r in req.items() if r} == {"bank": ["lender"], "village": ["camp"], "smithy": ["mill"]}
    st = game()
    spending(st, labor=9, value=9)
    legal = S.notations(st)
    assert "build bank" not in legal and "build lender" in legal


@pytest.mark.parametrize("target,needs", [("bank", "lender"), ("village", "camp"), ("smithy", "mill")])
def test_bank_village_smithy_prerequisites(target, needs):
    """You cannot build the Bank before you build the Lender, the Village before the Camp, and the Smithy before the Mill."""
    st = game()
    spending(st, labor=9, value=9)
    assert not S.can(st, f"build {target}")
    st.play(f"build {needs}")
    st.play("end")
    S.quick_turn(st)
    spending(st, labor=9, value=9)
    assert S.can(st, f"build {target}")


# ========================================================== STRUCTURE EFFECTS
def test_mill_income():
    """Earn 1 Labor at the start of each turn."""
    st = game()
    S.give_structures(st, 0, "mill")
    S.quick_turn(st)
    assert st.current == 1 and labor(st) == 0                   # not on the opponent's turn
    S.quick_turn(st)
    assert st.current == 0 and labor(st) == 1 and labor_earned(st) == 1 and st.phase == WORK


def test_smithy_income():
    """Earn an additional Labor at the start of each turn."""
    st = game()
    S.give_structures(st, 0, "mill", "smithy")
    S.quick_turn(st)
    S.quick_turn(st)
    assert st.current == 0 and labor(st) == 2


# ============================================================== LENDER TOKEN
def test_borrowed_resource_structure_pays_at_once():
    """If you borrow the effects of a resource-earning Structure such as the Mill, you will earn the corresponding resource immediately."""
    st = game()
    S.give_structures(st, 0, "lender")
    S.give_structures(st, 1, "mill", "smithy")
    st.play("borrow mill")
    assert labor(st) == 1 and labor_earned(st) == 1
    st = game()
    S.give_structures(st, 0, "lender")
    S.give_structures(st, 1, "mill", "smithy")
    st.play("borrow smithy")
    assert labor(st) == 1


def test_no_repay_in_the_turn_taken():
    """You cannot pay off the Lender Coin the same turn you took it."""
    st = game()
    S.give_structures(st, 0, "lender")
    S.give_structures(st, 1, "camp")
    spending(st, value=9)
    st.play("borrow camp")
    assert not S.can(st, "repay")
    st.play("end")
    S.quick_turn(st)
    spending(st, value=9)
    assert S.can(st, "repay")


# ========================================================= HARBOR AND SAILORS
def test_first_harbor_builder_is_harbormaster():
    """The first player to build the Harbor is designated the Harbormaster."""
    st = game()
    spending(st, labor=3, silver=2)
    assert st.harbormaster == -1
    st.play("build harbor")
    assert st.harbormaster == 0
    st.play("end")
    spending(st, labor=3, silver=2)
    st.play("build harbor")
    assert st.harbormaster == 0


def test_harbormaster_casts_at_start_of_their_turns():
    """The Harbormaster must shake and cast the Ship Tokens at the start of each of their turns."""
    st = game()
    spending(st, labor=3, silver=2)
    st.play("build harbor")
    n_log = len(st.log)
    st.play("end")
    assert not [e for e in st.log[n_log:] if e[0] == "cast"]   # not when built, not on 1's turn
    S.quick_turn(st)
    casts = [e for e in st.log[n_log:] if e[0] == "cast"]
    assert len(casts) == 1 and st.current == 0 and st.ship == casts[0][1] >= 0
    for _ in range(3):
        S.quick_turn(st)
        S.quick_turn(st)
    assert len([e for e in st.log[n_log:] if e[0] == "cast"]) == 4


def test_hired_sailor_of_your_colour_on_top_labor_space():
    """Then take a Sailor Worker of your color from the supply and place it on the top Labor Space of the Work Cycle."""
    for p in (0, 1):
        st = hire_ready(ED, first=p)
        spending(st, silver=3)
        st.play("hire")
        ws = [w for w in range(st.c.n_workers) if st.c.worker_kind[w] == S.kid(st, "sailor") and st.wpos[w] >= 0]
        assert len(ws) == 1
        w = ws[0]
        assert st.wowner[w] == p and st.c.worker_seat[w] == p   # a sailor of p's colour
        assert st.c.space_ids[st.wpos[w]] == "labor_top"


def test_up_to_three_sailors_on_the_cycle():
    """Up to three Sailors of any color may be on the Work Cycle."""
    st = hire_ready(ED)
    S.place_worker(st, "sailor", "coin", owner=1)
    S.place_worker(st, "sailor", "coin", owner=0)
    spending(st, silver=3)
    st.play("hire")                                            # the third, any colours
    assert S.sailors_of(st, 0) + S.sailors_of(st, 1) == 3


def test_no_hiring_once_three_are_on_the_cycle():
    """Once there are three, you can no longer hire Sailors."""
    st = hire_ready(ED)
    for _ in range(3):
        S.place_worker(st, "sailor", "coin", owner=1)           # all of the opponent's colour
    spending(st, value=9)
    assert not S.can(st, "hire")
    assert free_sailor(st, 0) >= 0                              # though 0 still has sailors in the supply


# =============================================================== GOAL TOKENS
def test_five_coin_goal_at_end_of_turn():
    """5 Coin Goal: Possess at least 5 Coin at the end of your turn."""
    st = game(goals=("coin5", "coin10"))
    S.set_purse(st, 1, silver=2, gold=1)                       # the opponent's coins do not count on my turn
    S.set_purse(st, 0, silver=4)
    st.play("move green@labor_top")                            # 5 coins, mid-turn
    assert st.claimed == [[], []]
    st.play("end")
    assert st.claimed[0] == [S.gid(st, "coin5")]
    # Less than 5 at the end of the turn: not claimed, even if held earlier,
    # and not by the opponent who holds 7.
    st = game(goals=("coin5", "coin10"))
    S.set_purse(st, 1, silver=2, gold=1)
    S.set_purse(st, 0, silver=4)
    st.play("move green@labor_top")
    st.play("spend")
    S.give_structures(st, 0, "union")
    st.play("union")
    st.play("end")
    assert st.claimed == [[], []] and st.face_up == S.gid(st, "coin5")


def test_crowd_goal():
    """Crowd Goal: End your turn with at least 3 Workers on one space.

    Engine choice (docs/readings.md): the workers counted are those you have
    access to (the ruleset's comment on the ``crowd`` goal says so).
    """
    st = game(goals=("crowd", "coin10"))
    S.give_structures(st, 0, "camp")                           # camp worker on labor_top
    st.play("move green@labor_low")                            # 2 greens + camp on labor_top
    assert st.claimed == [[], []]                              # not before the end of the turn
    st.play("end")
    assert st.claimed[0] == [S.gid(st, "crowd")]
    # Only 2 on each space at the end: not claimed.
    st = game(goals=("crowd", "coin10"))
    st.play("move green@labor_low")
    st.play("end")
    assert st.claimed == [[], []]
    # Engine choice (docs/readings.md): only workers you have access to count,
    # so the opponent's Camp worker and sailor do not make the crowd.
    st = game(goals=("crowd", "coin10"))
    S.give_structures(st, 1, "camp")
    S.place_worker(st, "sailor", "labor_top", owner=1)
    st.play("move green@labor_low")                            # 2 greens + 2 of the opponent's
    st.play("end")
    assert st.claimed == [[], []]


def test_spending_goal():
    """Spending Goal: Spend at least 4 Coin in one turn."""
    st = game(goals=("spending", "coin10"))
    S.give_structures(st, 0, "union")
    spending(st, labor=2, silver=7)
    st.play("build lender")                                    # 2 spent
    assert st.claimed == [[], []]
    st.play("exchange gold")                                   # exchanging is not spending
    assert st.claimed == [[], []]
    st.play("union")                                           # 4 spent
    assert st.claimed[0] == [S.gid(st, "spending")]


def test_grind_goal():
    """Grind Goal: Grind twice in one turn."""
    st = game(goals=("grind", "coin10"))
    spending(st, labor=4)
    st.play("grind")
    assert st.claimed == [[], []]
    st.play("grind")
    assert st.claimed[0] == [S.gid(st, "grind")]


def test_ten_coin_goal():
    """10 Coin Goal: Possess the Platinum Coin."""
    st = game(goals=("coin10", "two_vp"))
    S.set_purse(st, 1, gold=1)
    spending(st, silver=10)
    assert st.claimed == [[], []]                               # 10 in Silver is not the Platinum
    st.play("exchange platinum")
    assert st.purses[0][S.coin(st, "platinum")] == 1
    assert st.claimed[0] == [S.gid(st, "coin10")]


# ========================================================== ENDING THE GAME
def test_ender_finishes_the_turn_then_no_more_turns():
    """The player who ended the game must finish their turn."""
    st = game(first=1, goals=("grind",))
    spending(st, labor=6)
    st.play("grind")
    st.play("grind")                                           # last goal claimed: the game ends
    assert st.ending and st.phase == SPENDING and st.current == 1
    st.play("grind")                                           # the turn goes on
    st.play("end")
    assert st.phase == OVER and st.current == 1 and st.turn == 0
    assert st.coin_value(1) == 2 + 3                           # 1 went first: 2 coins


def test_totals_count_no_coins():
    """Each player then totals their VP earned by Structures and Goal Tokens.

    Structures and Goal Tokens only: coins give no VP in this edition (the
    French one adds 1 VP per 5 coins, rules-notes §2). The total itself is the
    shared test_totals_structures_and_goals (tests/test_rules.py).
    """
    st = game()
    S.give_structures(st, 0, "mill", "smithy", "union")        # 1 + 2 + 1
    S.set_purse(st, 0, gold=2)                                 # coins give no VP in this edition
    end_game(st)
    assert st.scores() == (4, 0)
    assert st.score_by_source(0)["coins"] == 0


def test_then_by_workers():
    """If players have the same amount of Structures, the player with more Workers wins."""
    st = game()
    S.give_structures(st, 0, "camp", "union")                  # 2 VP, 2 structures, 4 workers
    S.give_structures(st, 1, "mill", "harbor")                 # 2 VP, 2 structures
    S.place_worker(st, "sailor", "coin", owner=1)
    S.place_worker(st, "sailor", "labor_low", owner=1)         # 5 workers
    end_game(st)
    assert st.scores() == (2, 2)
    assert st.metric("workers", 0) == 4 and st.metric("workers", 1) == 5
    assert st.result() == {"winner": 1, "decided_by": "workers"}


def test_equal_workers_is_a_tie():
    """If players have the same amount of Workers, the game is a tie."""
    st = game()
    S.give_structures(st, 0, "camp", "union")
    S.give_structures(st, 1, "mill", "harbor")
    S.place_worker(st, "sailor", "coin", owner=1)
    end_game(st)
    assert st.result() == {"winner": None, "decided_by": "tie"}
    assert st.returns() == (0.0, 0.0)


# ========================================================= rules-notes §3
def test_note_turn_sequence():
    """rules-notes §3, Turn: start-of-turn income (Mill, Smithy, Harbor result) → Work Cycle phase → spending phase → end of turn (unspent Labor is lost; end-of-turn goals; end-of-game check)."""
    st = game(goals=("crowd", "coin10"))
    S.give_structures(st, 1, "mill", "harbor")                 # 1 is the Harbormaster
    st.play("move green@coin")
    n = len(st.log)
    st.play("end")
    # The cast and the income come before 1's first move.
    assert [e[0] for e in st.log[n:]] == ["cast"]
    white, black = S.outcome(st, "white"), S.outcome(st, "black")
    assert st.current == 1 and st.phase == WORK and st.moved == 0
    assert labor(st) == 1 + (st.ship == white)
    assert st.coin_value(1) == 3 + (st.ship == black)
    st.play("move green@labor_top")
    st.play("spend")
    assert not any(n.startswith("move") for n in S.notations(st))
    st.play("end")                                             # no build needed
    assert st.current == 0 and labor(st) == 0


def test_note_borrowed_access_counts_for_goals():
    """rules-notes §3, Access: Camp/Village worker if you own (or have borrowed this turn) the structure; borrowed access counts for goals while it lasts."""
    st = game(goals=("workers", "coin10"))
    S.give_structures(st, 0, "lender", "camp")
    S.give_structures(st, 1, "camp", "village")
    assert st.metric("workers", 0, None) == 4
    st.play("borrow village")
    assert st.claimed[0] == [S.gid(st, "workers")]
    # Crowd counts borrowed workers too, at the end of the turn that borrowed them.
    st = game(goals=("crowd", "coin10"))
    S.give_structures(st, 0, "lender")
    S.give_structures(st, 1, "camp")
    st.play("borrow camp")
    st.play("move green@labor_low")                            # 2 greens + the camp worker on labor_top
    st.play("end")
    assert st.claimed[0] == [S.gid(st, "crowd")]


def test_note_borrowing_limits():
    """rules-notes §3, Borrowing: at most once per turn; only a structure the opponent owns and you do not; sailors are never borrowed."""
    st = game()
    S.give_structures(st, 0, "lender", "union")
    S.give_structures(st, 1, "lender", "union", "camp", "mill", "harbor")
    legal = {n for n in S.notations(st) if n.startswith("borrow")}
    assert legal == {"borrow camp", "borrow mill", "borrow harbor"}
    st.play("borrow mill")
    assert not any(n.startswith("borrow") for n in S.notations(st))
    # Sailors are workers, not structures: no action borrows them.
    assert not any(a.notation.startswith("borrow sailor") for a in st.c.actions)
    st.play("move green@coin")
    st.play("spend")
    assert not any(n.startswith("borrow") for n in S.notations(st))   # nor in the next phase


def test_note_harbor_result_stays_until_next_cast():
    """rules-notes §3, Harbor: the ship result stays until the next cast; every owner gets the current result's benefit at the start of their own turn."""
    st = game()
    S.give_structures(st, 0, "harbor")
    S.give_structures(st, 1, "harbor")
    S.set_ship(st, "black")
    st.play("move green@coin")
    st.play("end")                                             # 1's turn: no cast, the black result
    assert st.ship == S.outcome(st, "black") and st.coin_value(1) == 4
    assert not any(e[0] == "cast" for e in st.log)


def test_note_borrowed_harbor_gives_current_benefit_at_once():
    """rules-notes §3, Borrowing: a resource structure pays at once.

    Engine choice (docs/readings.md): borrowing the Harbor gives the current
    ship result's benefit at once.
    """
    for result, check in (("black", lambda st: st.coin_value(0) == 3),
                          ("white", lambda st: labor(st) == 1),
                          ("mixed", lambda st: st.hire_ok)):
        st = game()
        S.give_structures(st, 0, "lender")
        S.give_structures(st, 1, "harbor")
        S.set_ship(st, result)
        st.play("borrow harbor")
        assert check(st), result
    st = game()
    S.give_structures(st, 0, "lender")
    S.give_structures(st, 1, "harbor")
    st.play("borrow harbor")                                   # never cast: nothing
    assert labor(st) == 0 and st.coin_value(0) == 2 and not st.hire_ok


def test_note_goal_reveal_chain():
    """rules-notes §3, Goals: when a goal is revealed, if both players meet it, it is removed; if one does, that player claims it; then the next is revealed, in a chain."""
    st = game(goals=("grind", "structure", "workers", "two_vp", "coin10"))
    S.give_structures(st, 1, "lender", "camp", "mill", "union")     # 1 meets Structure, 0 does not
    S.give_structures(st, 0, "camp", first=False)
    S.give_structures(st, 0, "village")
    S.give_structures(st, 1, "village", first=False)                # both meet Workers
    spending(st, labor=4)
    st.play("grind")
    st.play("grind")
    assert st.claimed[0] == [S.gid(st, "grind")]
    assert st.claimed[1] == [S.gid(st, "structure")]                # claimed on reveal by the opponent
    assert st.removed == [S.gid(st, "workers")]                     # both: removed
    assert st.face_up == S.gid(st, "two_vp")                        # nobody: stays
    assert [e[0] for e in st.log[-6:]] == ["claim", "reveal", "claim", "reveal", "remove", "reveal"]


def test_note_end_of_turn_goal_never_removed_on_reveal():
    """rules-notes §3, Goals: end-of-turn goals are never removed on reveal."""
    st = game(goals=("grind", "coin5", "coin10"))
    S.set_purse(st, 0, silver=5)
    S.set_purse(st, 1, silver=5)
    spending(st, labor=4, silver=5)
    st.play("grind")
    st.play("grind")
    assert st.face_up == S.gid(st, "coin5") and st.removed == []
    st.play("end")                                              # 0 holds 7 at the end of the turn
    assert st.claimed[0] == [S.gid(st, "grind"), S.gid(st, "coin5")]


def test_note_next_end_of_turn_goal_checked_same_end_of_turn():
    """rules-notes §3, Goals: checked at end of turn for the active player only.

    Engine choice (docs/readings.md): after claiming an end-of-turn goal at the
    end of your turn, the goal revealed next is checked in the same end of turn.
    """
    st = game(goals=("coin5", "crowd", "coin10"))
    S.give_structures(st, 0, "camp")
    S.set_purse(st, 0, silver=5)
    S.set_purse(st, 1, silver=5)
    st.play("move green@labor_low")                                # 3 workers on labor_top
    st.play("end")
    assert st.claimed[0] == [S.gid(st, "coin5"), S.gid(st, "crowd")]
    assert st.claimed[1] == [] and st.face_up == S.gid(st, "coin10")


def test_note_immediate_goal_met_by_both_goes_to_active_player():
    """rules-notes §3, Goals: immediate goals are checked after every action, for both players.

    Engine choice (docs/readings.md): when both players meet the face-up goal
    after an action, the active player claims it.
    """
    st = game(goals=("structure", "coin10"))
    S.give_structures(st, 1, "lender", "camp", "mill", "union")
    S.give_structures(st, 0, "lender", "camp", "mill", first=False)
    # Set by hand: 1 already meets the face-up goal (in play it would have been
    # claimed earlier); 0's action makes both meet it.
    S.afford(st, "union")                                      # what the ruleset says it costs
    st.play("build union")
    assert st.claimed[0] == [S.gid(st, "structure")] and st.claimed[1] == []
    # And the opponent claims when only they meet it (on the active player's action).
    st = game(goals=("structure", "coin10"))
    S.give_structures(st, 1, "lender", "camp", "mill", "union")
    st.play("move green@coin")
    assert st.claimed[1] == [S.gid(st, "structure")]


def test_note_per_turn_counts_zero_for_other_player():
    """rules-notes §3, Goals: per-turn counts (Labor earned, coins spent, grinds) belong to the active player's current turn and are zero for the other player."""
    st = game()
    spending(st, labor=6, silver=4)
    st.play("build lender")
    st.play("grind")
    for name, param in (("earned_this_turn", st.c.pool_ids.index("labor")), ("coins_spent_this_turn", None),
                        ("conversions_this_turn", st.c.conv_ids.index("grind")), ("held", st.c.pool_ids.index("labor"))):
        assert st.metric(name, 1, param) == 0
    assert st.metric("coins_spent_this_turn", 0) == 2
    assert st.metric("conversions_this_turn", 0, st.c.conv_ids.index("grind")) == 1
    st.play("end")
    assert st.metric("coins_spent_this_turn", 0) == 0 and st.metric("conversions_this_turn", 0, 0) == 0
    # So a per-turn goal revealed mid-turn goes to the active player instead of
    # being removed as "met by both".
    for goal, setup in (("labor", lambda st: S.set_labor(st, 5, earned=True)),
                        ("spending", lambda st: setattr(st, "spent", 4))):
        st = game(goals=("grind", goal, "coin10"))
        spending(st, value=0)
        setup(st)
        S.set_labor(st, max(labor(st), 4))
        st.play("grind")
        st.play("grind")
        assert st.claimed[0] == [S.gid(st, "grind"), S.gid(st, goal)] and st.removed == [], goal


def test_note_spent_counts_builds_union_sailors_repay():
    """rules-notes §3, Goals: "Spent" counts every coin paid: builds, Union, sailors, repaying the Lender."""
    st = hire_ready(ED)
    S.give_structures(st, 0, "lender", "union")
    S.give_structures(st, 1, "camp")
    st.holder, st.token_turn = 0, -5
    S.afford(st, "camp", extra_value=20)
    camp = S.cost(st, "camp")[1]                 # the Camp's coins
    st.play("build camp")
    assert st.spent == camp
    st.play("union")                             # the Union's conversion pays 2 Coin
    assert st.spent == camp + 2
    st.play("hire")                              # a sailor costs 3 Coin
    assert st.spent == camp + 5
    st.play("repay")                             # repaying the Lender: 3 Coin
    assert st.spent == camp + 8 and st.coin_value(0) == 20 - 8


def test_note_grind_always_available_even_when_the_supply_is_empty():
    """Grind is always available; "if there are no coins left in the supply, you do not earn a coin".

    Reading (docs/readings.md): the Labor is paid, no coin is earned, and it is
    still a Grind (it counts for the Grind goal). Field: conversions.grind.needs_payout.
    """
    st = game()
    S.set_purse(st, 1, silver=8, gold=3, platinum=1)
    spending(st, labor=4, silver=2)
    assert st.supply == (0, 0, 0) and S.can(st, "grind")
    st.play("grind")
    assert labor(st) == 2 and st.coin_value(0) == 2 and st.conv_used[st.c.conv_ids.index("grind")] == 1
    S.take_coins(st, 0, 1)
    st.play("grind")
    assert st.coin_value(0) == 2 and st.supply == (0, 0, 0)


def test_note_grind_refused_when_the_coins_cannot_pay_is_a_setting(tmp_path):
    """The other reading: Grind is not offered while the coins cannot pay out its coin."""
    path = tmp_path / "refuse.yaml"
    path.write_text("extends: province-en\nid: refuse\nconversions:\n  grind:\n    needs_payout: true\n",
                    encoding="utf-8")
    st = S.new(str(path), seed=0)
    S.set_goals(st, QUIET[0], QUIET[1:])
    S.set_purse(st, 1, silver=8, gold=3, platinum=1)
    spending(st, labor=4, silver=2)
    assert st.supply == (0, 0, 0) and not S.can(st, "grind")
    S.take_coins(st, 0, 1)
    st.play("grind")
    assert st.coin_value(0) == 2 and st.supply == (0, 0, 0)


def test_note_coins_are_conserved():
    """rules-notes §3, Coins are physical: supply and purses hold coins of the declared denominations; no coin is created or lost."""
    for seed in range(5):
        st = S.new(RULESET, seed=seed, first=seed % 2)
        rng = random.Random(seed)
        while not st.is_terminal():
            st.apply(rng.choice(st.legal_actions()))
            S.check_invariants(st)


def test_note_earning_only_what_the_coins_allow():
    """rules-notes §3, Coins: if the supply cannot provide what was earned, that part is not earned."""
    st = game()
    S.give_structures(st, 0, "lender", "bank")
    S.set_purse(st, 0)
    S.set_purse(st, 1, silver=9, gold=3, platinum=1)
    assert st.supply == (1, 0, 0)
    st.play("move green@labor_top")                                # the Bank would pay 2
    assert st.purses[0] == (1, 0, 0) and st.supply == (0, 0, 0)


def test_note_payment_with_change():
    """rules-notes §3, Coins: paying returns coins to the supply; change is made automatically; when the supply cannot make change the opponent must if they can."""
    st = game()
    spending(st, labor=2, gold=1)
    st.play("build lender")                                         # pay 2 with a 5: 3 Silver back
    assert st.purses[0] == (3, 0, 0)
    S.check_invariants(st)
    # The supply holds no Silver: the opponent gives change.
    st = game()
    spending(st, labor=2, gold=1)
    S.set_purse(st, 1, silver=10)
    assert st.supply[S.coin(st, "silver")] == 0
    st.play("build lender")
    assert st.coin_value(0) == 3 and st.coin_value(1) == 10
    assert st.purses[0] == (3, 0, 0) and st.purses[1][S.coin(st, "silver")] < 10
    S.check_invariants(st)


def test_note_exchange_for_platinum():
    """rules-notes §3, Coins: a player may exchange coins with the supply at equal value (this is how one comes to hold the Platinum coin for the 10 Coin goal)."""
    st = game(goals=("two_vp", "coin10"))
    spending(st, silver=5, gold=1)
    st.play("exchange platinum")
    assert st.purses[0] == (0, 0, 1) and st.coin_value(0) == 10
    st.play("end")
    assert st.claimed == [[], []]                                   # the 10 Coin goal is face down
    # Not in the Work Cycle Phase, and not without the coins.
    st = game()
    S.set_purse(st, 1, gold=1)
    S.set_purse(st, 0, silver=9)
    assert not any(n.startswith("exchange") for n in S.notations(st))
    S.set_phase(st, "spending")
    assert S.can(st, "exchange gold") and not S.can(st, "exchange platinum")


def test_note_end_checked_after_every_action():
    """rules-notes §3, End: the conditions are checked after every action; once one holds, the current player finishes their turn and the game ends."""
    st = game(goals=("labor",))
    S.give_structures(st, 0, "mill", "smithy")
    S.begin_turn(st, 0)
    st.play("move green@coin")
    st.play("move green@labor_low")
    assert not st.ending
    st.play("move green@labor_top")                                 # 2 + 2, then the coin
    assert not st.ending
    st.play("spend")
    S.give_structures(st, 0, "union")
    st.play("union")
    assert st.ending                                                # flagged by that action
    assert st.phase == SPENDING
    st.play("end")
    assert st.phase == OVER and st.current == 0


def test_note_workers_for_tie_breaks():
    """rules-notes §3, Workers for tie-breaks: the workers you have access to at the end (3 green + Camp + Village + your sailors)."""
    st = game()
    S.give_structures(st, 0, "lender", "camp", "village")      # 4 VP, 3 structures, 5 workers
    S.give_structures(st, 1, "mill", "smithy", "union")       # 4 VP, 3 structures
    S.place_worker(st, "sailor", "coin", owner=1)
    S.place_worker(st, "sailor", "coin", owner=1)              # 5 workers
    end_game(st)
    assert st.metric("workers", 0) == 5 and st.metric("workers", 1) == 5
    assert st.result() == {"winner": None, "decided_by": "tie"}
    # Borrowed access does not last to the end.
    st = game()
    S.give_structures(st, 0, "lender")
    S.give_structures(st, 1, "camp")
    st.play("borrow camp")
    assert st.metric("workers", 0) == 4
    end_game(st)
    assert st.metric("workers", 0) == 3 and st.metric("workers", 1) == 4
