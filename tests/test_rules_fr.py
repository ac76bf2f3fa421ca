"""The rules of the French edition (province-fr) that the English one does not state, or states differently.

Each test's docstring starts with the sentence it checks, quoted verbatim from
the French rule text; what follows explains the reading when the text leaves a
choice (docs/readings.md). The rules both editions state are one scenario each
in tests/test_rules.py, run once per edition. Tests named ``test_note_*`` check
the differences between the editions (rules-notes §2) and readings of §3 that
the French edition plays differently. Positions are built with
tests/scenario.py; ``game()`` comes from the edition's data in
tests/test_rules.py.

``python tests/rule_coverage.py SEED --edition province-fr tests/test_rules*.py``
lists the sentences no test quotes, here or in tests/test_rules.py.
"""
import random

import pytest
import scenario as S
from scenario import load_ruleset
from test_rules import EDITIONS

from rulekit.engine import WORK, compile_ruleset, new_game
from rulekit.engine.mechanics.ships import free_sailor
from scenario import labor, labor_earned  # noqa: F401

RULESET = "province-fr"
ED = EDITIONS[RULESET]
QUIET = ED.quiet                               # goals no test meets by accident

# Sentences of the rule text that state no rule of their own (tests/rule_coverage.py).
NOT_RULES = {
    "Ces différentes ressources sont indiquées en haut du plateau:": "introduces the three results, each tested",
    "Un panneau en bas du plateau de Province est là pour vous le rappeler.": "describes the board",
    "Avant de jouer, assurez-vous de bien posséder les composants suivants:": "introduces the component list",
}

# A new game in which seat ``first`` won the coin flip: game(first=0, goals=QUIET, seed=None);
# the seed is the first one (from 0) whose flip gives ``first``.
game = ED.game


spending, end_game, claim = S.spending, S.end_game, S.claim


# ============================================================ MATERIEL DU JEU
def test_components():
    """- 1 Plateau de Province
    - 7 Pions Bâtiments Rouges
    - 7 Pions Bâtiments Bleus
    - 3 Pions Ouvriers Verts
    - 1 Pion Ouvrier Jaune lié au Camp
    - 1 Pion Ouvrier Orange lié au Village
    - 3 Pions Ouvriers Marins Rouges et Bleus
    - 2 Pions Bateaux
    - 5 Pions Objectifs
    - 8 Pièces d'Argent (valeur 1)
    - 5 Pièces d'Or (valeur 5)
    - 1 Pièce de Platine (valeur 10)
    - 1 Pièce d'Emprunt (LIII)
    """
    st = game()
    c = st.c
    assert c.tokens == 7 and c.ship_tokens == 2 and len(c.goal_ids) == 5
    assert dict(zip(c.coin_ids, zip(c.coin_values, c.coinage.totals))) == {
        "silver": (1, 8), "gold": (5, 5), "platinum": (10, 1)}
    kinds = [c.kind_ids[k] for k in c.worker_kind]
    assert kinds.count("green") == 3 and kinds.count("camp") == 1 and kinds.count("village") == 1
    assert kinds.count("sailor") == 3                          # two-sided: red and blue
    assert all(c.worker_seat[w] == -1 for w in range(c.n_workers) if kinds[w] == "sailor")
    assert c.data["components"]["labor_tracker"] is False       # no Labor Tracker listed
    assert c.repay_coin == 3 and c.lender_penalty == 2


# ============================================================= MISE EN PLACE
def test_setup_goals_shuffled_in_a_stack_others_aside():
    """Mélangez face cachée les Pions Objectifs et posez-les en pile au dessus du plateau, et placez à côté les autres Pions Ouvriers et les 2 Pions Bateaux.

    All five goals, shuffled, none drawn out (rules-notes §2); the pieces put
    aside are also the shared test_setup_other_workers_token_and_ships_aside
    (tests/test_rules.py).
    """
    orders = set()
    for seed in range(30):
        st = S.new(RULESET, seed=seed)
        order = tuple([st.face_up] + st.stack[::-1])
        assert sorted(order) == [0, 1, 2, 3, 4]                 # all five, no draw
        orders.add(order)
        for kind in ("camp", "village", "sailor"):
            assert S.worker_space(st, kind) is None
        assert st.ship == -1
    assert len(orders) > 10


def test_setup_unused_pieces_form_the_reserve():
    """L'ensemble des pions non utilisés forme la réserve."""
    st = game()
    sailors = [w for w in range(st.c.n_workers) if st.c.worker_kind[w] == S.kid(st, "sailor")]
    assert all(st.wpos[w] < 0 and st.wowner[w] < 0 for w in sailors)
    assert st.holder == -1
    assert free_sailor(st, 0) >= 0 and free_sailor(st, 1) >= 0    # both hire from the reserve


def test_setup_first_player_by_coin_flip():
    """Chaque joueur prend les Pions Bâtiments d'une couleur, puis déterminez qui joue en premier en tirant à pile ou face avec un Pion Bateau."""
    firsts = [S.new(RULESET, seed=s).first for s in range(200)]
    assert 60 < firsts.count(0) < 140 and firsts.count(0) + firsts.count(1) == 200
    with pytest.raises(ValueError):
        new_game(load_ruleset(RULESET), seed=1, first_player=0)
    # The first half of the sentence (one colour each, 7 tokens) is the shared
    # test_setup_each_player_has_seven_structure_tokens (tests/test_rules.py).


# =========================================================== Phase de Travail
def test_workers_earn_by_the_zone_they_reach():
    """Quand vous choisissez de le faire, les Ouvriers génèrent des ressources en fonction de la zone où ils arrivent."""
    st = game()
    st.play("move green@coin")                                  # reaches a Labor zone
    assert labor(st) == 1 and st.coin_value(0) == 2
    st.play("move green@labor_top")                             # reaches the Revenue zone
    assert labor(st) == 1 and st.coin_value(0) == 3


def test_unmoved_workers_earn_nothing():
    """Un Ouvrier qui ne se déplace pas ne génère pas de ressource."""
    st = game()
    st.play("move green@coin")
    st.play("end")                                              # two greens stayed put
    assert st.coin_value(0) == 2
    assert st.log[-1][0] != "claim"
    st = game()
    st.play("move green@labor_low")
    assert labor(st) == 1 and labor_earned(st) == 1 and st.coin_value(0) == 2


def test_both_camps_both_move_the_yellow_worker():
    """Si vous avez tous deux construit le Camp, vous pouvez déplacer l'Ouvrier Jaune tous les deux."""
    st = game()
    S.give_structures(st, 1, "camp")
    S.give_structures(st, 0, "camp")
    st.play("move camp@labor_top")
    st.play("end")
    st.play("move camp@coin")
    assert S.worker_space(st, "camp") == "labor_low"


# ============================================================= Phase d'Achat
@pytest.mark.parametrize("target,needs", [("bank", "lender"), ("village", "camp"), ("mill", "smithy")])
def test_prerequisites_as_written(target, needs):
    """Par exemple, le Prêteur est nécessaire à la construction de la Banque, le Camp pour le Village, et la Forge pour le Moulin.

    Encoded as written (rules-notes §2): the Smithy (Forge) is needed for the
    Mill (Moulin) — the reverse of the English edition.
    """
    st = game()
    spending(st, labor=9, value=9)
    assert not S.can(st, f"build {target}")
    st.play(f"build {needs}")
    st.play("end")
    S.quick_turn(st)
    spending(st, labor=9, value=9)
    assert S.can(st, f"build {target}")


# ======================================================= Effets des Bâtiments
def test_effects_apply_in_every_phase():
    """Ces Effets s'appliquent lors de toutes les phases du jeu.

    Reading (docs/readings.md): an effect works in the phase where its action
    exists — the Bank when workers move, the Lender in both phases, the Union
    (a conversion) in the Phase d'Achat.
    """
    st = game()
    S.give_structures(st, 0, "lender", "bank", "union")
    S.give_structures(st, 1, "camp")
    st.play("borrow camp")                                      # Phase de Travail
    st.play("move green@labor_top")
    assert st.coin_value(0) == 4
    st.play("spend")
    st.play("union")
    assert labor(st) == 1
    st = game()
    S.give_structures(st, 0, "lender")
    S.give_structures(st, 1, "smithy")
    spending(st)
    st.play("borrow smithy")                                    # Phase d'Achat
    assert labor(st) == 1


def test_mill_one_labor_each_turn():
    """Le Moulin/Mill vous rapporte 1 point d'Ouvrage au début de chaque tour."""
    st = game()
    S.give_structures(st, 0, "smithy", "mill")
    S.give_structures(st, 1, "smithy", "mill", first=False)
    S.begin_turn(st, 1)
    assert labor(st) == 2                                        # second copies work too
    st = game()
    S.give_structures(st, 0, "smithy")
    S.give_structures(st, 0, "mill")
    S.quick_turn(st)
    S.quick_turn(st)
    assert st.current == 0 and labor(st) == 2


def test_smithy_one_more_labor():
    """La Forge/Smithy vous rapporte 1 point d'Ouvrage supplémentaire au début de chaque tour."""
    st = game()
    S.give_structures(st, 0, "smithy")                          # no Mill needed in this edition
    S.quick_turn(st)
    S.quick_turn(st)
    assert st.current == 0 and labor(st) == 1 and labor_earned(st) == 1


# ================================================================= Emprunter
def test_repay_three_coins_even_the_turn_taken():
    """Le joueur qui possède l'Emprunt peut la remettre dans la réserve en payant 3 Pièces.

    No same-turn restriction in this edition (rules-notes §2); repaying on a
    later turn, as both editions allow, is the shared
    test_repay_the_token_for_three_coin (tests/test_rules.py).
    """
    st = game()
    S.give_structures(st, 0, "lender")
    S.give_structures(st, 1, "camp")
    spending(st, value=2)
    st.play("borrow camp")
    assert not S.can(st, "repay")                               # 2 coins only
    S.set_value(st, 0, 5)
    supply = st.c.coinage.value(st.supply)
    st.play("repay")                                            # the same turn: allowed here
    assert st.holder == -1 and st.coin_value(0) == 2
    assert st.c.coinage.value(st.supply) == supply + 3


def test_take_the_token_and_its_debt():
    """Si les deux joueurs ont construit le Prêteur, l'un peut prendre l'Emprunt à l'autre pour emprunter un Bâtiment, contractant la dette de 3 Pièces à sa place.

    The debt is French only (rules-notes §2): the taker repays the 3 coins, in
    the same turn here. Taking the token is the shared
    test_take_the_token_from_the_other_lender (tests/test_rules.py).
    """
    st = game()
    S.give_structures(st, 0, "lender", "smithy")
    S.give_structures(st, 1, "lender", "camp")
    st.play("borrow camp")
    S.finish_turn(st)
    st.play("borrow smithy")
    assert st.holder == 1 and labor(st) == 1
    assert st.score_by_source(0)["borrowing"] == 0 and st.score_by_source(1)["borrowing"] == -2
    spending(st, value=3)
    st.play("repay")                                            # 1 now owes the 3 coins
    assert st.holder == -1 and st.coin_value(1) == 0


# ======================================================== Le Port et les Marins
def test_harbor_cast_at_end_of_the_turn_it_is_built():
    """Lorsqu'un joueur construit le Port, lancez les deux Pions Bateaux à la fin de ce tour."""
    st = game()
    S.afford(st, "harbor")
    st.play("build harbor")
    assert st.ship == -1 and not any(e[0] == "cast" for e in st.log)
    n = len(st.log)
    st.play("end")
    assert [e[0] for e in st.log[n:]][:1] == ["cast"] and st.ship >= 0
    # The opponent borrowing the Harbor now gets that result.
    result = st.ship
    st2 = st.clone()
    S.give_structures(st2, 1, "lender")
    st2.play("borrow harbor")
    assert st2.ship == result and (labor(st2), st2.coin_value(1), st2.hire_ok) == {
        S.outcome(st, "white"): (1, 3, False), S.outcome(st, "mixed"): (0, 3, True),
        S.outcome(st, "black"): (0, 4, False)}[result]
    # The second Harbor built does not cast.
    S.quick_turn(st)
    S.quick_turn(st)
    S.afford(st, "harbor")
    assert st.current == 1
    st.play("build harbor")
    n = len(st.log)
    st.play("end")
    assert [e[0] for e in st.log[n:]][:1] == ["cast"]           # only the Harbormaster's start-of-turn cast
    assert sum(1 for e in st.log[n:] if e[0] == "cast") == 1


def test_recast_at_start_of_first_builders_turns():
    """A partir de ce moment, relancez-les au début de chaque tour du premier joueur à avoir construit le Port."""
    st = game()
    S.afford(st, "harbor")
    st.play("build harbor")
    st.play("end")                                              # cast 1 (end of the build turn)
    assert st.harbormaster == 0
    n = len(st.log)
    S.quick_turn(st)                                            # 1's turn: no cast; then 0's start: cast
    assert [e for e in st.log[n:] if e[0] == "cast"] and st.current == 0
    casts = sum(1 for e in st.log if e[0] == "cast")
    for _ in range(3):
        S.quick_turn(st)
        S.quick_turn(st)
    assert sum(1 for e in st.log if e[0] == "cast") == casts + 3


def test_second_harbor_gets_first_builders_result():
    """Le second joueur qui construit le Port bénéficie également des effets tirés lors du tour du premier."""
    st = game()
    S.give_structures(st, 0, "harbor")
    S.give_structures(st, 1, "harbor")
    S.quick_turn(st)
    assert st.current == 1 and st.ship == -1 and labor(st) == 0  # nothing cast yet
    for _ in range(4):
        S.quick_turn(st)                                        # 0's start: cast
        cast, n = st.ship, len(st.log)
        coins = st.coin_value(1)
        S.quick_turn(st)                                        # 1's start: that result, no new cast
        assert st.current == 1 and st.ship == cast
        assert not any(e[0] == "cast" for e in st.log[n:])
        o = st.c.outcome_ids[cast]
        assert labor(st) == (o == "white") and st.hire_ok == (o == "mixed")
        assert st.coin_value(1) == coins + (o == "black")


def test_hire_while_sailors_remain_one_per_turn():
    """Un Marin ne peut être engagé que s'il reste des Marins disponibles dans la réserve, au rythme d'un seul par tour.

    The reserve of three shared sailors is French only (rules-notes §2); one
    sailor per turn is also the shared test_one_sailor_per_turn (tests/test_rules.py).
    """
    st = game()
    S.give_structures(st, 1, "harbor")
    S.give_structures(st, 0, "harbor")
    S.set_ship(st, "mixed")
    S.begin_turn(st, 0)
    spending(st, value=9)
    st.play("hire")
    assert not S.can(st, "hire")                                # one per turn
    S.place_worker(st, "sailor", "coin", owner=1)               # 2 of 3 out of the reserve
    S.begin_turn(st, 0)
    spending(st, value=9)
    st.play("hire")                                             # the last one
    S.begin_turn(st, 0)
    spending(st, value=9)
    assert st.hire_ok and not S.can(st, "hire")                 # none left in the reserve
    assert S.sailors_of(st, 0) == 2 and S.sailors_of(st, 1) == 1


# =========================================================== Pions Objectifs
def test_five_goals_shuffled_each_game():
    """Il existe 5 Pions Objectifs, que l'on mélange pour les révéler dans un ordre différent à chaque partie."""
    firsts = set()
    for seed in range(30):
        st = S.new(RULESET, seed=seed)
        assert sorted(st.stack + [st.face_up]) == list(range(5))
        firsts.add(st.face_up)
    assert firsts == set(range(5))


def test_goal_taken_immediately_next_revealed():
    """Lorsque les conditions d'un Objectif sont remplies, le joueur qui les remplit prend immédiatement le Pion Objectif, et retourne le suivant face visible.

    The Coin goal, French only and checked at once (rules-notes §2), met in
    the middle of a turn; the shared scenario is test_claiming_reveals_the_next_goal
    (tests/test_rules.py).
    """
    st = game(goals=("coin", "two_vp", "structure"))
    S.set_purse(st, 0, silver=4)
    st.play("move green@labor_top")                             # 5 coins, mid-turn
    assert st.claimed[0] == [S.gid(st, "coin")] and st.phase == WORK
    assert st.face_up == S.gid(st, "two_vp") and st.stack == [S.gid(st, "structure")]


def test_revealed_goal_met_by_both_is_discarded():
    """Lorsque vous révélez un Objectif, si les deux joueurs en remplissent déjà les conditions, défaussez-le et révélez le suivant.

    With the Coin goal, French only (rules-notes §2): met by one player only,
    that player takes it; the shared scenario is test_new_goal_met_by_both_is_removed
    (tests/test_rules.py).
    """
    st = game(goals=("structure", "coin", "two_vp"))
    S.set_purse(st, 0, silver=5)
    S.set_purse(st, 1, gold=1)
    S.give_structures(st, 0, "lender", "camp", "smithy")
    union_labor, union_coin = S.cost(st, "union")
    spending(st, labor=union_labor, silver=5)
    st.play("build union")                                      # 4 structures; fewer than 5 coins left
    assert st.claimed[0] == [S.gid(st, "structure")]
    assert st.claimed[1] == [S.gid(st, "coin")]                 # only 1 meets it: 1 takes it
    st = game(goals=("structure", "coin", "two_vp"))
    S.set_purse(st, 1, gold=1)
    S.give_structures(st, 0, "lender", "camp", "smithy")
    spending(st, labor=union_labor, value=union_coin + 5)
    st.play("build union")                                      # 5 coins left: both meet Coin
    assert st.removed == [S.gid(st, "coin")] and st.face_up == S.gid(st, "two_vp")


def test_coin_goal_at_once():
    """Possédez au moins 5 Pièces.

    No end-of-turn wording in this edition (rules-notes §2): checked after
    every action, like the other goals.
    """
    st = game(goals=("coin", "two_vp"))
    S.set_purse(st, 0, silver=4)
    st.play("move green@labor_top")
    assert st.claimed[0] == [S.gid(st, "coin")]                 # before the end of the turn
    # The opponent reaching 5 on their own turn claims it then.
    st = game(goals=("coin", "two_vp"))
    S.set_purse(st, 1, silver=4)
    st.play("move green@coin")
    st.play("end")
    st.play("move green@labor_top")
    assert st.claimed[1] == [S.gid(st, "coin")]


# ========================================================== FIN DE LA PARTIE
def test_one_vp_per_full_five_coins():
    """Chacun gagne également 1PV par tranche complète de 5 Pièces possédées."""
    st = game()
    S.set_value(st, 0, 14)
    S.set_value(st, 1, 15)
    end_game(st)
    assert st.score_by_source(0)["coins"] == 2 and st.score_by_source(1)["coins"] == 3
    assert st.scores() == (2, 3)
    st = game()
    S.set_value(st, 0, 4)
    end_game(st)
    assert st.score_by_source(0)["coins"] == 0


def test_most_total_vp_wins():
    """Celui qui a le plus de PV au total remporte la partie.

    The total counts the French coin VP (rules-notes §2); the shared scenario
    is test_most_vp_wins (tests/test_rules.py).
    """
    st = game()
    S.give_structures(st, 0, "camp", "union")                   # 2 VP
    S.give_structures(st, 1, "lender")                          # 1 VP
    S.set_value(st, 0, 0)
    S.set_value(st, 1, 10)                                      # + 2 VP for coins
    end_game(st)
    assert st.scores() == (2, 3)
    assert st.result() == {"winner": 1, "decided_by": "vp"}


def test_same_structures_is_a_tie():
    """S'ils en ont construit le même nombre, il y a alors égalité.

    No workers tie-break in this edition (rules-notes §2): more workers does
    not decide.
    """
    st = game()
    S.give_structures(st, 0, "camp", "village")                 # 3 VP, 2 structures, 5 workers
    S.give_structures(st, 1, "lender", "bank")                  # 3 VP, 2 structures, 3 workers
    S.set_value(st, 0, 0)
    S.set_value(st, 1, 0)
    end_game(st)
    assert st.metric("workers", 0) > st.metric("workers", 1)
    assert st.result() == {"winner": None, "decided_by": "tie"}


# ============================================ rules-notes §2 and §3, French side
def test_note_same_turn_repay_then_no_second_borrow():
    """rules-notes §2/§3: the French Lender has no same-turn restriction on repaying; borrowing stays at most once per turn."""
    st = game()
    S.give_structures(st, 0, "lender")
    S.give_structures(st, 1, "camp", "smithy")
    spending(st, value=9)
    st.play("borrow camp")
    st.play("repay")
    assert st.holder == -1
    assert not any(n.startswith("borrow") for n in S.notations(st))


def test_note_sailors_shared_no_cycle_limit_but_three():
    """rules-notes §2: 3 two-sided sailors shared by both players; hired while any remain."""
    st = game()
    assert st.c.sailor_max is None and st.c.sailor_shared
    S.place_worker(st, "sailor", "coin", owner=1)
    S.place_worker(st, "sailor", "coin", owner=1)
    S.give_structures(st, 1, "harbor")
    S.give_structures(st, 0, "harbor")
    S.set_ship(st, "mixed")
    S.begin_turn(st, 0)
    spending(st, value=3)
    st.play("hire")                                             # the opponent's two do not block it
    assert S.sailors_of(st, 0) == 1 and S.sailors_of(st, 1) == 2


def test_note_english_crowd_spending_grind_goals_absent():
    """rules-notes §2: the French pool is Workers, Labor, Structure, Coin and 2-VP Structure, all checked at once."""
    c = compile_ruleset(load_ruleset(RULESET))
    assert sorted(c.goal_ids) == sorted(["workers", "labor", "structure", "coin", "two_vp"])
    assert not any(c.goal_at_end)
    assert c.goals_drawn == 5


def test_note_coins_conserved_in_random_games():
    """rules-notes §3: coins are physical; no coin is created or lost (French coins: 8 × 1, 5 × 5, 1 × 10)."""
    for seed in range(5):
        st = S.new(RULESET, seed=seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            st.apply(rng.choice(st.legal_actions()))
            S.check_invariants(st)
        assert st.result()["decided_by"] in ("vp", "structures", "tie")
