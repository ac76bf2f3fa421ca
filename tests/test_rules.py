"""One scenario per rule that both editions of Province state (province-en, province-fr).

Each test here runs once per edition (``test_most_vp_at_the_end_wins[province-en]``,
``[province-fr]``). Its ``@rule`` decorator carries, for each edition, the
sentence it checks, quoted verbatim from that edition's rule text; its
docstring, when it has one, explains how the engine reads the sentence where
the text leaves a choice (docs/readings.md). Rules that only one edition
states, and rules the editions state differently (rules-notes §2), are tested
in tests/test_rules_en.py and tests/test_rules_fr.py, one docstring quote each.

A scenario never asks which edition it plays. Where the editions differ only in
names or values, the difference is data: costs, VP and prerequisites come from
the ruleset (scenario.cost/afford, :func:`requires`, :func:`give`), and the few
facts of the texts a scenario needs are the fields of :class:`Edition`.
Positions are built with tests/scenario.py, which keeps coins conserved and
structures consistent.

``python tests/rule_coverage.py SEED.txt --edition province-en tests/test_rules*.py``
lists the sentences of a rule text that no test quotes.
"""
from __future__ import annotations

import dataclasses

import pytest
import scenario as S
from scenario import labor, labor_earned, load_ruleset

from rulekit.engine import OVER, SPENDING, WORK, compile_ruleset
from rulekit.engine.mechanics.ships import cast
from rulekit.errors import IllegalActionError

spending, end_game, claim = S.spending, S.end_game, S.claim


# ================================================================= EDITIONS
@dataclasses.dataclass(frozen=True)
class Edition:
    """What a rule scenario needs to know of one edition, besides its ruleset."""

    ruleset: str
    quiet: tuple[str, ...]      # goals no test meets by accident (the default stack)
    coins: int                  # value of every coin the component list names
    quote: str = ""             # in a shared test: the sentence checked, in this edition's words

    def __str__(self):
        return self.ruleset

    def game(self, first: int = 0, goals=None, seed: int | None = None):
        """A new game, seat ``first`` to play, with a known goal stack (top
        first; ``None``: the quiet goals; ``()``: none left).

        An edition that draws the first player (the French coin flip) takes the
        first seed from 0 whose draw gives ``first``.
        """
        if seed is None:
            seed = _first_seed(self.ruleset, first)
        st = S.new(self.ruleset, seed=seed, first=first)
        assert st.first == first == st.current
        goals = self.quiet if goals is None else goals
        S.set_goals(st, goals[0] if goals else None, goals[1:] if goals else ())
        return st

    def goals(self, *names: str) -> tuple[str, ...]:
        """These goals (top first), then a quiet one not among them, if any is left."""
        rest = [g for g in self.quiet if g not in names]
        return names + tuple(rest[:1])


EDITIONS = {
    "province-en": Edition("province-en", quiet=("coin10", "two_vp", "structure"), coins=10 * 1 + 3 * 5 + 10),
    "province-fr": Edition("province-fr", quiet=("two_vp", "structure"), coins=8 * 1 + 5 * 5 + 10),
}

_FIRST_SEEDS: dict[tuple[str, int], int] = {}


def _first_seed(ruleset: str, first: int) -> int:
    if not compile_ruleset(load_ruleset(ruleset)).first_random:
        return 0
    if (ruleset, first) not in _FIRST_SEEDS:
        _FIRST_SEEDS[ruleset, first] = next(s for s in range(100) if S.new(ruleset, seed=s).first == first)
    return _FIRST_SEEDS[ruleset, first]


def rule(quotes: dict[str, str]):
    """Run the test once per edition, as ``ed``: ``quotes`` maps each ruleset id
    to the sentence the test checks, quoted verbatim from that edition's text
    (tests/rule_coverage.py reads the dict without importing this module)."""
    return pytest.mark.parametrize(
        "ed", [pytest.param(dataclasses.replace(EDITIONS[r], quote=q), id=r) for r, q in quotes.items()])


# ================================================================== HELPERS
def requires(st, name: str) -> list[str]:
    """The structures ``name`` requires, as the ruleset draws the arrows."""
    return list(st.c.data["structures"][name].get("requires", ()))


def give(st, p: int, *names: str, **kw):
    """scenario.give_structures, each structure after the ones it requires (the
    editions draw the Mill/Smithy arrow in opposite directions)."""
    todo = list(names)
    while todo:
        name = next(n for n in todo if not set(requires(st, n)) & set(todo))
        S.give_structures(st, p, name, **kw)
        todo.remove(name)


def free_income(st) -> str:
    """The structure paying 1 Labor a turn that requires none: the Mill in the
    English edition, the Smithy in the French one (rules-notes §2)."""
    return next(n for n in ("mill", "smithy") if not requires(st, n))


def supply_only(st, holder: int, **counts: int):
    """Leave exactly these coins (by id) in the supply; seat ``holder`` takes
    every other coin of the supply (coins conserved)."""
    keep = {cid: st.supply[i] + st.purses[holder][i] - counts.get(cid, 0) for i, cid in enumerate(st.c.coin_ids)}
    S.set_purse(st, holder, **keep)


def hire_ready(ed: Edition, first: int = 0):
    """Seat ``first`` to play, both seats own the Harbor (the opponent built it
    first), the ships show the mixed result: a sailor may be hired this turn."""
    st = ed.game(first=first)
    p = st.current
    S.give_structures(st, 1 - p, "harbor")
    S.give_structures(st, p, "harbor")
    S.set_ship(st, "mixed")
    S.begin_turn(st, p)
    return st


# ================================================================== WINNING
@rule({
    "province-en": "Players win by having the most Victory Points (VP) at the end of the game.",
    "province-fr": "Le gagnant est celui ayant le plus de PV (Points de Victoire) à la fin de la partie.",
})
def test_most_vp_at_the_end_wins(ed):
    st = ed.game()
    S.give_structures(st, 0, "camp", "union", "harbor")      # 3 VP, 3 structures
    S.give_structures(st, 1, "lender", "bank")               # 3 VP, 2 structures
    claim(st, 1, "labor")                                    # +1 VP
    end_game(st)
    assert st.scores() == (3, 4)
    assert st.result() == {"winner": 1, "decided_by": "vp"}


@rule({
    "province-en": "VP values are indicated by the red ruby icons found on the Province Board and Goal Tokens, and are earned by building Structures and completing Goals.",
    "province-fr": "Les PV sont représentés par des gemmes rouges sur le plateau de Province et sur les Pions Objectifs. Marquez des PV en construisant des Bâtiments ou remplissant des objectifs.",
})
def test_vp_come_from_structures_and_goals(ed):
    st = ed.game()
    S.give_structures(st, 0, "lender", "bank")
    claim(st, 0, "labor")
    claim(st, 0, "workers")
    src = st.score_by_source(0)
    assert src["structures"] == 3 and src["goals"] == 2
    assert st.score(0) == 5
    assert st.score_by_source(1) == {"structures": 0, "goals": 0, "borrowing": 0, "coins": 0, "measures": 0}


@rule({
    "province-en": "The game can end in three ways: **When a player has built 7 Structures, when one of each Structure has been built, or once all Goal Tokens are claimed or removed.",
    "province-fr": "La partie s'achève lorsque l'un des trois événements suivant arrive: Un joueur a construit 7 Bâtiments.",
})
def test_end_when_a_player_has_built_seven_structures(ed):
    st = ed.game()
    give(st, 0, "lender", "bank", "camp", "village", "mill", "smithy")
    S.afford(st, "harbor")
    assert not st.ending                                     # the Union is never built: not every structure exists
    st.play("build harbor")
    assert st.ending and st.end_reason == "player_condition"
    st.play("end")
    assert st.phase == OVER


@rule({
    "province-en": "The game can end in three ways: **When a player has built 7 Structures, when one of each Structure has been built, or once all Goal Tokens are claimed or removed.",
    "province-fr": "Chacun des Bâtiments a été construit en au moins un exemplaire.",
})
def test_end_when_one_of_each_structure_is_built(ed):
    st = ed.game()
    give(st, 0, "lender", "bank", "camp", "village")
    give(st, 1, "mill", "smithy", "union")                   # 5 + 3 between the players
    S.afford(st, "harbor")
    assert st.end_conditions_met() == []
    st.play("build harbor")
    assert st.ending and st.end_reason == "all_structures_built"


@rule({
    "province-en": "The game can end in three ways: **When a player has built 7 Structures, when one of each Structure has been built, or once all Goal Tokens are claimed or removed.",
    "province-fr": "Tous les Pions Objectifs ont été attribués ou défaussés.",
})
def test_end_when_all_goals_are_claimed_or_removed(ed):
    # The last goal claimed.
    st = ed.game(goals=("structure",))
    give(st, 0, "lender", "camp", free_income(st))
    S.afford(st, "union")
    assert not st.ending
    st.play("build union")
    assert st.claimed[0] == [S.gid(st, "structure")]
    assert st.ending and st.end_reason == "goals_exhausted"
    # The last goal removed: both players meet it when it is revealed.
    st = ed.game(goals=("structure", "workers"))
    for p in (0, 1):
        S.give_structures(st, p, "camp", "village")
    S.give_structures(st, 0, "lender")
    S.afford(st, "union")
    st.play("build union")
    assert st.removed == [S.gid(st, "workers")]
    assert st.ending and st.end_reason == "goals_exhausted"


# ==================================================================== SETUP
@rule({
    "province-en": "Place one Green Worker on each space of the Work Cycle (the three spaces at the center of the board).",
    "province-fr": "Placez les 3 Ouvriers Verts sur le Cycle de Travail (1 par zone).",
})
def test_setup_one_green_worker_per_space(ed):
    st = ed.game()
    greens = sorted(st.wpos[w] for w in range(st.c.n_workers) if st.c.kind_ids[st.c.worker_kind[w]] == "green")
    assert greens == list(range(len(st.c.space_ids))) == [0, 1, 2]


@rule({
    "province-en": "Then place all Coin below the Board.",
    "province-fr": "Placez toutes les Pièces en dessous du Plateau de Province.",
})
def test_setup_all_coins_in_the_supply(ed):
    st = S.new(ed.ruleset, seed=5)
    # Only the starting coins have left the supply.
    assert st.supply == tuple(t - a - b for t, a, b in zip(st.c.coinage.totals, *st.purses))
    assert st.c.coinage.value(st.supply) == ed.coins - 2 - 3
    S.check_invariants(st)


@rule({
    "province-en": "Put the other Workers, the Lender Token, and the Ship Tokens off to the side.",
    "province-fr": "Mélangez face cachée les Pions Objectifs et posez-les en pile au dessus du plateau, et placez à côté les autres Pions Ouvriers et les 2 Pions Bateaux.",
})
def test_setup_other_workers_token_and_ships_aside(ed):
    st = ed.game()
    for kind in ("camp", "village", "sailor"):
        assert S.worker_space(st, kind) is None
    assert st.holder == -1 and st.ship == -1 and st.harbormaster == -1


@rule({
    "province-en": "Each player takes all Structure Tokens of one color.",
    "province-fr": "Chaque joueur prend les Pions Bâtiments d'une couleur, puis déterminez qui joue en premier en tirant à pile ou face avec un Pion Bateau.",
})
def test_setup_each_player_has_seven_structure_tokens(ed):
    st = ed.game()
    give(st, 0, "lender", "bank", "camp", "village", "mill", "smithy", "union")
    spending(st, labor=9, value=9)
    assert not any(n.startswith("build") for n in S.notations(st))   # no token left for the Harbor
    with pytest.raises(ValueError):
        S.give_structures(st, 0, "harbor")                            # 7 tokens per colour


@pytest.mark.parametrize("first", [0, 1])
@rule({
    "province-en": "After choosing who goes first, the first player takes two Coin from the supply, the second player takes three.",
    "province-fr": "Le premier joueur prend alors 2 Pièces et le second en prend 3.",
})
def test_setup_starting_coins(ed, first):
    st = ed.game(first=first)
    assert st.current == first == st.first
    assert st.coin_value(first) == 2 and st.coin_value(1 - first) == 3
    S.check_invariants(st)


@rule({
    "province-en": "To start the game, turn the topmost Goal Token on the stack face-up.",
    "province-fr": "Avant de commencer, retournez le premier Pion Objectif face visible.",
})
def test_setup_first_goal_face_up(ed):
    for seed in range(10):
        st = S.new(ed.ruleset, seed=seed)
        assert st.log[0] == ("reveal", st.face_up)
        assert st.face_up >= 0 and st.face_up not in st.stack and len(st.stack) == 4
        # Nothing else is revealed before the first move (no goal is met at the start).
        assert [e for e in st.log if e[0] == "reveal"] == [("reveal", st.face_up)]


# =============================================================== TURN ORDER
@rule({
    "province-en": "Then it's the Resource Spending Phase, where you spend those resources to build Structures or hire Workers.",
    "province-fr": "Après avoir déplacé les Ouvriers, vous pouvez effectuer un certain nombre d'actions.",
})
def test_then_resource_spending_phase(ed):
    st = ed.game()
    S.set_purse(st, 0, silver=5)
    st.play("move green@coin")                                 # 1 Labor
    st.play("move green@labor_low")                            # 1 Labor
    st.play("spend")
    assert st.phase == SPENDING
    legal = S.notations(st)
    assert not any(n.startswith("move ") for n in legal)
    assert "build lender" in legal and "build harbor" in legal
    # Any number of actions, until the player ends the turn.
    st = ed.game()
    S.give_structures(st, 0, "union")
    S.set_purse(st, 0, silver=5)
    S.set_labor(st, 4)
    assert all(n.startswith("move") for n in S.notations(st))
    st.play("move green@coin")
    st.play("spend")
    assert st.phase == SPENDING
    for action in ("build lender", "grind", "union"):
        st.play(action)
    assert st.phase == SPENDING and "end" in S.notations(st)


# =============================================================== WORK CYCLE
@rule({
    "province-en": "During this phase, move one or more Workers one step clockwise on the Work Cycle.",
    "province-fr": "Lors de votre tour, vous pouvez déplacer chaque Ouvrier d'une zone dans le sens des flèches sur le Cycle de Travail.",
})
def test_move_one_step_clockwise(ed):
    st = ed.game()
    order = st.c.space_ids                                     # clockwise order of the board
    assert order == ["labor_top", "coin", "labor_low"]
    st.play("move green@labor_top")
    st.play("move green@labor_low")                            # wraps round to labor_top
    pos = sorted(st.c.space_ids[st.wpos[w]] for w in range(3))
    assert pos == sorted(["coin", "coin", "labor_top"])
    st.play("move green@coin")                                 # a third worker the same turn
    assert bin(st.moved).count("1") == 3
    # Each worker one zone, and once only.
    st = ed.game()
    st.play("move green@labor_top")
    assert sorted(st.wpos[:3]) == [1, 1, 2]                    # labor_top -> coin
    st.play("move green@coin")
    st.play("move green@labor_low")                            # labor_low -> labor_top
    assert not any(n.startswith("move") for n in S.notations(st))
    assert sorted(st.wpos[:3]) == [0, 1, 2]


@rule({
    "province-en": "Each Worker that lands on the Coin Space (indicated by a **₪**) earns 1 Coin, which you take from the supply.",
    "province-fr": "La Zone de Revenu (indiquée par un symbole de dollar) vous rapporte 1 Pièce (s'il ne reste aucune Pièce disponible, vous ne pouvez pas en gagner).",
})
def test_coin_space_earns_one_coin_from_supply(ed):
    st = ed.game()
    before, supply = st.coin_value(0), st.c.coinage.value(st.supply)
    st.play("move green@labor_top")
    assert st.coin_value(0) == before + 1 == 3
    assert st.c.coinage.value(st.supply) == supply - 1
    assert labor(st) == 0
    S.check_invariants(st)


@rule({
    "province-en": "You do not earn Coin if none remains in the supply (but your opponent must make change, if they can).",
    "province-fr": "La Zone de Revenu (indiquée par un symbole de dollar) vous rapporte 1 Pièce (s'il ne reste aucune Pièce disponible, vous ne pouvez pas en gagner).",
})
def test_no_coin_from_an_empty_supply(ed):
    st = ed.game()
    S.set_purse(st, 0, silver=2)
    supply_only(st, 1)                                         # the opponent holds every other coin
    assert st.supply == (0, 0, 0)
    st.play("move green@labor_top")
    assert st.purses[0] == (2, 0, 0) and st.supply == (0, 0, 0)
    S.check_invariants(st)


@rule({
    "province-en": "Each Worker that lands on either Labor Space (indicated by a **⚓**) earns 1 Labor.",
    "province-fr": "Un Ouvrier arrivant dans une Zone d'Ouvrage (indiquée par un symbole de marteau) vous fournit un point d'Ouvrage pour ce tour.",
})
def test_labor_space_earns_one_labor(ed):
    st = ed.game()
    coins = st.coin_value(0)
    st.play("move green@coin")                 # lands on labor_low
    assert labor(st) == 1
    st.play("move green@labor_low")            # lands on labor_top
    assert labor(st) == 2 and labor_earned(st) == 2
    assert st.coin_value(0) == coins


@rule({
    "province-en": "Earned Labor lasts only for that turn: Any extra Labor you have at the end of your turn is lost.",
    "province-fr": "Un Ouvrier arrivant dans une Zone d'Ouvrage (indiquée par un symbole de marteau) vous fournit un point d'Ouvrage pour ce tour.",
})
def test_labor_is_lost_at_end_of_turn(ed):
    st = ed.game()
    st.play("move green@coin")
    st.play("move green@labor_low")
    assert labor(st) == 2
    st.play("end")
    assert st.current == 1 and labor(st) == 0
    S.quick_turn(st)
    assert st.current == 0 and labor(st) == 0 and labor_earned(st) == 0


@rule({
    "province-en": "You must move at least 1 Worker during the Work Cycle Phase.",
    "province-fr": "Vous devez déplacer au moins un Ouvrier durant votre tour.",
})
def test_must_move_at_least_one_worker(ed):
    st = ed.game()
    assert "end" not in S.notations(st) and "spend" not in S.notations(st)
    for action in ("end", "spend"):
        with pytest.raises(IllegalActionError):
            st.play(action)
    st.play("move green@coin")
    assert {"end", "spend"} <= set(S.notations(st))


@rule({
    "province-en": "You gain access to additional Workers by building specific Structures or from the Harbor.",
    "province-fr": "Vous pourrez recruter des Ouvriers supplémentaires en cours de partie en construisant des Bâtiments spécifiques ou depuis le Port.",
})
def test_access_to_more_workers_from_structures_or_harbor(ed):
    st = ed.game()
    assert len(st.accessible_workers(0)) == 3
    S.give_structures(st, 0, "camp", "village")
    assert len(st.accessible_workers(0)) == 5
    S.give_structures(st, 1, "harbor")
    S.give_structures(st, 0, "harbor")
    S.set_ship(st, "mixed")
    S.begin_turn(st, 0)                        # the Harbor's "mixed" benefit
    spending(st, silver=3)
    st.play("hire")
    assert len(st.accessible_workers(0)) == 6 and S.sailors_of(st, 0) == 1
    # Building the Camp, in play.
    st = ed.game()
    S.afford(st, "camp")
    st.play("build camp")
    assert len(st.accessible_workers(0)) == 4


@rule({
    "province-en": "You may move a Worker only if you have access to it.",
    "province-fr": "Lorsque vous déplacez des Ouvriers, vous ne pouvez le faire que pour ceux auxquels vous avez accès.",
})
def test_move_only_workers_you_have_access_to(ed):
    st = ed.game()
    S.give_structures(st, 1, "camp")           # the Camp worker is on the cycle, not accessible to 0
    S.place_worker(st, "sailor", "coin", owner=1)
    assert S.worker_space(st, "camp") == "labor_top"
    assert not S.can(st, "move camp@labor_top")
    assert not any(n.startswith(("move camp", "move sailor")) for n in S.notations(st))
    with pytest.raises(IllegalActionError):
        st.play("move camp@labor_top")


@rule({
    "province-en": "If an opponent has built a Camp and you have not, you cannot move the Yellow Camp Worker without using the Lender Token (see Lender Token section below).",
    "province-fr": "Si votre adversaire construit le Camp et que vous ne l'avez pas fait, vous ne pourrez pas déplacer l'Ouvrier Jaune lié au Camp - à moins d'utiliser l'Emprunt (expliquée dans la partie \"Emprunter\" ci-dessous).",
})
def test_opponents_camp_needs_the_lender_token(ed):
    st = ed.game()
    S.give_structures(st, 1, "camp")
    assert not S.can(st, "move camp@labor_top")
    S.give_structures(st, 0, "lender")
    st.play("borrow camp")
    assert st.holder == 0
    assert S.can(st, "move camp@labor_top")
    st.play("move camp@labor_top")
    assert S.worker_space(st, "camp") == "coin"


# ================================================== RESOURCE SPENDING PHASE
@rule({
    "province-en": "During this phase, if you have the necessary resources, you may build one Structure on a given turn.",
    "province-fr": "Si vous disposez des Ressources nécessaires, vous pouvez construire un Bâtiment.",
})
def test_build_at_most_one_structure_per_turn(ed):
    st = ed.game()
    spending(st, labor=0, value=9)
    assert not any(n.startswith("build") for n in S.notations(st))   # not the resources
    S.set_labor(st, 9)
    st.play("build camp")
    assert not any(n.startswith("build") for n in S.notations(st))   # one per turn
    camp_labor, camp_coin = S.cost(st, "camp")
    assert labor(st) == 9 - camp_labor and st.coin_value(0) == 9 - camp_coin
    st.play("end")
    S.quick_turn(st)
    spending(st, labor=9, value=9)
    assert "build lender" in S.notations(st)                           # again next turn


@rule({
    "province-en": "A Structure's cost is indicated on the border of the Board next to the labels that indicate the Structure's name.",
    "province-fr": "Le coût d'un Bâtiment est indiqué au bord du plateau de Province en regard du nom du Bâtiment.",
})
def test_costs_come_from_the_board(ed):
    rs = load_ruleset(ed.ruleset)
    for name, spec in rs.data["structures"].items():
        labor, coins = spec["cost"].get("labor", 0), spec["cost"].get("coin", 0)
        for dl, dc, ok in ((0, 0, True), (-1, 0, False), (0, -1, False)):
            if labor + dl < 0 or coins + dc < 0:
                continue
            st = ed.game()
            S.give_structures(st, 0, *spec.get("requires", ()))
            spending(st, labor=labor + dl, value=coins + dc)
            assert S.can(st, f"build {name}") is ok, (name, dl, dc)


@rule({
    "province-en": "The **⚓** indicates the required Labor and the **₪** indicates the required Coin.",
    "province-fr": "Le marteau indique le nombre de points d'Ouvrage nécessaire et le dollar le coût en Pièces.",
})
def test_cost_is_labor_and_coin(ed):
    st = ed.game()
    S.give_structures(st, 0, "lender")
    anchor, coin = S.cost(st, "bank")                          # what the ruleset says it costs
    spending(st, labor=5, value=9)
    st.play("build bank")
    assert labor(st) == 5 - anchor and st.coin_value(0) == 9 - coin


@rule({
    "province-en": "For example, The Lender costs 2 Labor and 2 Coin.",
    "province-fr": "Dans le cas du Prêteur, vous avez besoin de \"2 points d'Ouvrage et 2 Pièces\".",
})
def test_lender_costs_two_labor_two_coin(ed):
    st = ed.game()
    assert load_ruleset(ed.ruleset).data["structures"]["lender"]["cost"] == {"labor": 2, "coin": 2}
    for labor, coins, ok in ((2, 2, True), (1, 2, False), (2, 1, False), (1, 7, False)):
        spending(st, labor=labor, value=coins)
        assert S.can(st, "build lender") is ok


@rule({
    "province-en": "If you wish to build the Lender, you must pay the cost by returning 2 Coin to the supply and spending 2 Labor.",
    "province-fr": "Si vous décidez de construire ce Bâtiment, payez-en le coût, remettez autant de Pièces qu'indiqué dans la réserve, puis placez un de vos Pions Bâtiments à côté du plateau en regard du nom du Bâtiment construit.",
})
def test_build_lender_pays_coins_to_supply_and_labor(ed):
    st = ed.game()
    spending(st, labor=3, silver=5)
    supply = st.c.coinage.value(st.supply)
    st.play("build lender")
    assert st.coin_value(0) == 3 and labor(st) == 1
    assert st.c.coinage.value(st.supply) == supply + 2
    assert st.coin_value(1) == 3
    S.check_invariants(st)


@rule({
    "province-en": "Then place one of your Structures next to the Lender's label to the side of the Province Board.",
    "province-fr": "Si vous décidez de construire ce Bâtiment, payez-en le coût, remettez autant de Pièces qu'indiqué dans la réserve, puis placez un de vos Pions Bâtiments à côté du plateau en regard du nom du Bâtiment construit.",
})
def test_built_structure_is_placed(ed):
    st = ed.game()
    spending(st, labor=2, silver=2)
    st.play("build lender")
    assert st.owned[0] == 1 << S.sid(st, "lender") and st.owned[1] == 0
    assert st.view(0)["owned"] == [["lender"], []]


@rule({
    "province-en": "If you are the first to build a type of Structure, it is worth the VP listed at the top of that Structure's cost area.",
    "province-fr": "Si vous êtes le premier à construire ce type de Bâtiment, il vous rapportera autant de PV qu'indiqué à côté de son coût.",
})
def test_first_builder_scores_the_printed_vp(ed):
    """The VP of structures are counted apart: a French score also counts coins."""
    rs = load_ruleset(ed.ruleset)
    for name, spec in rs.data["structures"].items():
        st = ed.game()
        S.give_structures(st, 0, *spec.get("requires", ()))
        base = st.score_by_source(0)["structures"]
        spending(st, labor=9, value=9)
        st.play(f"build {name}")
        assert st.first_builder[S.sid(st, name)] == 0
        assert st.score_by_source(0)["structures"] - base == spec["vp"]["first"]


@rule({
    "province-en": "While some Structures are only worth 1 VP, other more advanced Structures are worth 2 VP.",
    "province-fr": "Si certains Bâtiments ne valent qu'1PV, d'autres plus avancés en rapportent 2.",
})
def test_structures_worth_one_or_two_vp(ed):
    rs = load_ruleset(ed.ruleset)
    vp = {n: s["vp"]["first"] for n, s in rs.data["structures"].items()}
    assert set(vp.values()) == {1, 2}
    assert {n for n, v in vp.items() if v == 2} == {"bank", "village", "smithy"}
    assert {n for n, v in vp.items() if v == 1} == {"lender", "camp", "mill", "union", "harbor"}
    st = ed.game()
    give(st, 0, "mill", "smithy")
    assert st.score_by_source(0)["structures"] == 3


@rule({
    "province-en": "For example, the Lender is worth 1 VP and the Bank is worth 2.",
    "province-fr": "Par exemple, le Prêteur vaut 1PV tandis que la Banque en vaut 2.",
})
def test_lender_one_vp_bank_two(ed):
    st = ed.game()
    spending(st, labor=2, value=2)
    st.play("build lender")
    assert st.score(0) == 1
    st.play("end")
    S.quick_turn(st)
    spending(st, labor=3, value=4)
    st.play("build bank")
    assert st.score(0) == 3


@rule({
    "province-en": "If your opponent has already built a Structure, place your Structure next to the theirs, further from the board.",
    "province-fr": "Si votre adversaire a déjà construit le même Bâtiment, placez votre Pion Bâtiment à côté du sien, mais plus éloigné du plateau.",
})
def test_second_copy_goes_beside_the_first(ed):
    """The French text does not repeat that this copy is worth 0 VP; the ruleset
    gives it ``vp.later: 0`` as in the English edition (docs/readings.md)."""
    st = ed.game()
    S.afford(st, "camp")
    st.play("build camp")
    st.play("end")
    S.afford(st, "camp")
    st.play("build camp")
    s = S.sid(st, "camp")
    assert st.owned[0] >> s & 1 and st.owned[1] >> s & 1
    assert st.first_builder[s] == 0                              # nearer the board: player 0's
    assert st.score(1) == 0 and st.score(0) == 1
    assert S.can(st, "end")


@rule({
    "province-en": "You cannot build these until you have built the Structure below it.",
    "province-fr": "Certains Bâtiments sont reliés par des flèches, celui désigné ne peut alors être construit que lorsque vous possédez déjà l'autre.",
})
def test_prerequisite_must_be_your_own(ed):
    st = ed.game()
    names = st.c.data["structures"]
    dependent = {n for n in names if requires(st, n)}             # bank, village, and the Mill or the Smithy
    assert len(dependent) == 3
    give(st, 1, *{r for n in dependent for r in requires(st, n)})  # the opponent's do not count
    spending(st, labor=9, value=9)
    legal = S.notations(st)
    assert not {f"build {n}" for n in dependent} & set(legal)
    # Nor does a borrowed one (docs/readings.md).
    S.give_structures(st, 0, "lender", first=False)
    st.play("borrow camp")
    assert not S.can(st, "build village") and S.can(st, "build bank")


@rule({
    "province-en": "If you need Coin, you have the option to Grind by spending Labor (see Grind section).",
    "province-fr": "Si vous vous retrouvez avec des points d'Ouvrage en trop, ou avez besoin de Pièces, vous pouvez effectuer des Corvées (voir la partie \"Corvées\").",
})
def test_grind_for_coin(ed):
    st = ed.game()
    spending(st, labor=2, value=0)
    assert S.can(st, "grind")
    st.play("grind")
    assert labor(st) == 0 and st.coin_value(0) == 1


@rule({
    "province-en": "If you have access to the Union, you can spend Coin to earn Labor.",
    "province-fr": "La Guilde/Union vous permet de dépenser 2 Pièces pour gagner 1 point d'Ouvrage.",
})
def test_union_spends_coin_for_labor(ed):
    st = ed.game()
    spending(st, silver=4)
    assert not S.can(st, "union")
    S.give_structures(st, 1, "union")
    assert not S.can(st, "union")                                # the opponent's Union
    S.give_structures(st, 0, "union", first=False)
    st.play("union")
    assert labor(st) == 1 and st.coin_value(0) == 2


@rule({
    "province-en": "You may also hire Sailors in this phase if you have access to the Harbor (see The Harbor and Sailors section).",
    "province-fr": "Vous pouvez également engager de Marins lors de la Phase d'Achat, ce qui vous fournit de nouveaux Ouvriers (voir les parties du \"Port\" et des \"Marins\").",
})
def test_hire_sailors_with_harbor_access(ed):
    st = ed.game()
    S.set_ship(st, "mixed")
    S.begin_turn(st, 0)
    spending(st, value=6)
    assert not S.can(st, "hire")                                # no Harbor
    S.give_structures(st, 1, "harbor")                          # 1 is the Harbormaster
    S.give_structures(st, 0, "harbor")
    S.set_ship(st, "mixed")
    S.begin_turn(st, 0)
    S.set_value(st, 0, 6)
    assert not S.can(st, "hire")                                # not in the Work Cycle Phase
    spending(st, value=6)
    assert S.can(st, "hire")
    st.play("hire")
    assert S.sailors_of(st, 0) == 1
    assert S.worker_space(st, "sailor") == "labor_top"


# ======================================================== STRUCTURE EFFECTS
@rule({
    "province-en": "When a player builds a Structure, they have access to its effects for the rest of the game.",
    "province-fr": "Lorsqu'un joueur construit un Bâtiment, il peut en utiliser les Effets associés.",
})
def test_effects_last_for_the_rest_of_the_game(ed):
    st = ed.game()
    income = free_income(st)
    S.afford(st, income)
    st.play(f"build {income}")
    st.play("end")
    for _ in range(5):
        S.quick_turn(st)
        assert st.current == 0 and labor(st) == 1
        S.quick_turn(st)


@rule({
    "province-en": "Unlocks the Lender Token.",
    "province-fr": "Le Prêteur/Lender débloque l'Emprunt.",
})
def test_lender_unlocks_the_token(ed):
    st = ed.game()
    income = free_income(st)
    S.give_structures(st, 1, "camp", income)
    assert not any(n.startswith("borrow") for n in S.notations(st))
    S.give_structures(st, 0, "lender")
    assert {"borrow camp", f"borrow {income}"} <= set(S.notations(st))


@rule({
    "province-en": "Each Worker that lands on the Coin Space earns 2 Coin instead of 1.",
    "province-fr": "La Banque/Bank permet de gagner 2 Pièces par Ouvrier sur la Zone de Revenu au lieu d'1.",
})
def test_bank_doubles_coin_space(ed):
    st = ed.game()
    S.give_structures(st, 0, "lender", "bank")
    st.play("move green@labor_top")
    assert st.coin_value(0) == 2 + 2
    st.play("move green@labor_low")                            # back to labor_top
    st.play("end")
    st.play("move green@labor_top")                            # the opponent has no Bank
    assert st.coin_value(1) == 3 + 1


@rule({
    "province-en": "You may now move the Camp Worker.",
    "province-fr": "Le Camp ajoute un Ouvrier Jaune au Cycle de Travail, placez-le dans la Zone d'Ouvrage supérieure du Cycle de Travail.",
})
def test_camp_worker_movable(ed):
    st = ed.game()
    S.give_structures(st, 0, "camp")
    assert S.can(st, "move camp@labor_top")
    st.play("move camp@labor_top")
    assert S.worker_space(st, "camp") == "coin" and st.coin_value(0) == 3


@rule({
    "province-en": "If the Camp Worker isn't on the Work Cycle, place it on the top Labor space.",
    "province-fr": "Le Camp ajoute un Ouvrier Jaune au Cycle de Travail, placez-le dans la Zone d'Ouvrage supérieure du Cycle de Travail.",
})
def test_camp_worker_enters_on_top_labor_space(ed):
    st = ed.game()
    S.afford(st, "camp")
    st.play("build camp")
    assert S.worker_space(st, "camp") == "labor_top"
    st.play("end")
    S.place_worker(st, "camp", "labor_low", frm="labor_top")
    S.afford(st, "camp")
    st.play("build camp")                                      # already on the cycle: stays
    assert S.worker_space(st, "camp") == "labor_low"           # only one Yellow worker


@rule({
    "province-en": "You may now move the Village Worker.",
    "province-fr": "Le Village ajoute un Ouvrier Orange au Cycle de Travail, placez-le dans la Zone d'Ouvrage supérieure du Cycle de Travail.",
})
def test_village_worker_movable(ed):
    st = ed.game()
    S.give_structures(st, 0, "camp")
    assert not S.can(st, "move village@labor_top")
    S.give_structures(st, 0, "village")
    st.play("move village@labor_top")
    assert S.worker_space(st, "village") == "coin"


@rule({
    "province-en": "If the Village Worker isn't on the Work Cycle, place it on the top Labor space.",
    "province-fr": "Le Village ajoute un Ouvrier Orange au Cycle de Travail, placez-le dans la Zone d'Ouvrage supérieure du Cycle de Travail.",
})
def test_village_worker_enters_on_top_labor_space(ed):
    st = ed.game()
    S.give_structures(st, 0, "camp")
    S.give_structures(st, 1, "camp")
    S.afford(st, "village")
    st.play("build village")
    assert S.worker_space(st, "village") == "labor_top"
    st.play("end")
    S.place_worker(st, "village", "coin", frm="labor_top")
    S.afford(st, "village")
    st.play("build village")                                   # already on the cycle: stays
    assert S.worker_space(st, "village") == "coin"
    # The builder moves it from the next turn on.
    st = ed.game()
    S.give_structures(st, 0, "camp")
    S.afford(st, "village")
    st.play("build village")
    st.play("end")
    st.play("move green@labor_low")
    st.play("end")
    assert S.can(st, "move village@labor_top")


@rule({
    "province-en": "You may spend 2 Coin to earn 1 Labor during the Resource Spending Phase.",
    "province-fr": "La Guilde/Union vous permet de dépenser 2 Pièces pour gagner 1 point d'Ouvrage.",
})
def test_union_effect_in_spending_phase(ed):
    st = ed.game()
    S.give_structures(st, 0, "union")
    S.set_purse(st, 0, silver=5)
    assert not S.can(st, "union")                              # Work Cycle Phase
    st.play("move green@coin")
    st.play("spend")
    st.play("union")
    st.play("union")
    assert labor(st) == 1 + 2 and st.coin_value(0) == 1
    assert not S.can(st, "union")                              # 1 coin left
    # Only with a Union.
    st = ed.game()
    spending(st, value=4)
    assert not S.can(st, "union")
    S.give_structures(st, 0, "union")
    st.play("union")
    st.play("union")
    assert labor(st) == 2 and st.coin_value(0) == 0 and not S.can(st, "union")


@rule({
    "province-en": "Receive benefits corresponding to the Ship Tokens.",
    "province-fr": "Le Port permet d'utiliser des Pions Bateaux.",
})
def test_harbor_receives_ship_benefits(ed):
    st = ed.game()
    S.set_ship(st, "black")
    S.begin_turn(st, 0)
    assert st.coin_value(0) == 2                               # no Harbor, no benefit
    S.give_structures(st, 1, "harbor")                         # 1 is Harbormaster; 0 builds second
    S.give_structures(st, 0, "harbor")
    S.begin_turn(st, 0)
    assert st.coin_value(0) == 3
    S.set_ship(st, "white")
    S.begin_turn(st, 0)
    assert labor(st) == 1
    S.set_ship(st, "mixed")
    S.begin_turn(st, 0)
    assert st.hire_ok


# ============================================================= LENDER TOKEN
@rule({
    "province-en": "If you have built the Lender, during your turn, you may use the effects of an opponent's Structure until the end of your turn.",
    "province-fr": "Si un joueur a construit le Prêteur, il peut emprunter (utiliser l'effet) un Bâtiment que son adversaire a construit.",
})
def test_borrow_opponents_structure_until_end_of_turn(ed):
    """Reading (rules-notes §3): only a structure the opponent owns and you do
    not; the effect lasts until the end of your turn."""
    st = ed.game()
    S.give_structures(st, 0, "lender", "union")
    S.give_structures(st, 1, "camp", "union")
    borrows = {n for n in S.notations(st) if n.startswith("borrow")}
    assert borrows == {"borrow camp"}
    st.play("borrow camp")                                     # in the Work Cycle Phase
    st.play("move camp@labor_top")
    st.play("end")
    st.play("move camp@coin")                                  # the owner moves it back
    st.play("end")
    assert not S.can(st, "move camp@labor_low") and st.borrowed == -1
    # Borrowing in the Resource Spending Phase too.
    st = ed.game()
    S.give_structures(st, 0, "lender")
    S.give_structures(st, 1, "union")
    spending(st, silver=4)
    st.play("borrow union")
    st.play("union")
    assert labor(st) == 1


@rule({
    "province-en": "If you do so, you must take the Lender Token.",
    "province-fr": "S'il choisit de le faire, il prend la Pièce d'Emprunt (durant n'importe quelle phase).",
})
def test_borrowing_takes_the_token(ed):
    st = ed.game()
    income = free_income(st)
    S.give_structures(st, 0, "lender")
    S.give_structures(st, 1, income)
    assert st.holder == -1
    st.play(f"borrow {income}")
    assert st.holder == 0
    st.play("move green@coin")
    st.play("end")
    assert st.holder == 0                                      # kept until repaid
    # In either phase of the turn.
    for phase in ("work", "spending"):
        st = ed.game()
        S.give_structures(st, 0, "lender")
        S.give_structures(st, 1, income)
        S.set_phase(st, phase)
        st.play(f"borrow {income}")
        assert st.holder == 0 and labor(st) == 1                 # a resource structure pays at once


@rule({
    "province-en": "You can return the Lender Token to the supply by paying 3 Coin during your turn.",
    "province-fr": "Le joueur qui possède l'Emprunt peut la remettre dans la réserve en payant 3 Pièces.",
})
def test_repay_the_token_for_three_coin(ed):
    """Repaid on a later turn, as both editions allow. Whether it may be repaid
    in the turn it was taken differs (rules-notes §2): test_no_repay_in_the_turn_taken
    (English), test_repay_three_coins_even_the_turn_taken (French)."""
    st = ed.game()
    S.give_structures(st, 0, "lender")
    S.give_structures(st, 1, "camp")
    st.play("borrow camp")
    st.play("move green@coin")
    st.play("end")
    S.quick_turn(st)
    spending(st, silver=2)
    assert not S.can(st, "repay")
    S.set_purse(st, 0, silver=4)
    supply = st.c.coinage.value(st.supply)
    st.play("repay")
    assert st.holder == -1 and st.coin_value(0) == 1
    assert st.c.coinage.value(st.supply) == supply + 3


@rule({
    "province-en": "If both players have built the Lender, one may take the Lender Token from the other in order to borrow a Structure.",
    "province-fr": "Si les deux joueurs ont construit le Prêteur, l'un peut prendre l'Emprunt à l'autre pour emprunter un Bâtiment, contractant la dette de 3 Pièces à sa place.",
})
def test_take_the_token_from_the_other_lender(ed):
    """The 2 VP penalty moves with the token. That the taker then owes the 3
    coins, and may repay them at once, is French only (test_take_the_token_and_its_debt)."""
    st = ed.game()
    income = free_income(st)
    S.give_structures(st, 0, "lender", income)
    S.give_structures(st, 1, "lender", "camp")
    st.play("borrow camp")
    S.finish_turn(st)
    assert st.current == 1 and st.holder == 0
    assert f"borrow {income}" in S.notations(st)
    st.play(f"borrow {income}")
    assert st.holder == 1 and labor(st) == 1
    assert st.score_by_source(0)["borrowing"] == 0 and st.score_by_source(1)["borrowing"] == -2


@rule({
    "province-en": "You may not use the Lender Token if you already possess it, and cannot borrow the effects of an opponent's Structure that you have also built.",
    "province-fr": "Un joueur ne peut pas utiliser l'action du Prêteur s'il possède déjà cette Pièce.",
})
def test_no_borrowing_while_holding_or_of_own_structures(ed):
    st = ed.game()
    income = free_income(st)
    S.give_structures(st, 0, "lender", "camp")
    S.give_structures(st, 1, "camp", income)
    legal = S.notations(st)
    assert f"borrow {income}" in legal and "borrow camp" not in legal
    st.play(f"borrow {income}")
    S.finish_turn(st)
    S.quick_turn(st)
    assert st.current == 0 and st.holder == 0
    assert not any(n.startswith("borrow") for n in S.notations(st))


@rule({
    "province-en": "If you still have the Lender Token when the game ends, you lose 2 VP.",
    "province-fr": "Si un joueur est toujours en possession de l'Emprunt à la fin de la partie, il perd 2PV.",
})
def test_holding_the_token_at_the_end_costs_two_vp(ed):
    st = ed.game()
    S.give_structures(st, 0, "lender")
    S.give_structures(st, 1, "camp")
    st.play("borrow camp")
    end_game(st)
    assert st.score_by_source(0)["borrowing"] == -2
    assert st.score(0) == 1 - 2 and st.score(1) == 1


# ======================================================= HARBOR AND SAILORS
@rule({
    "province-en": "The Harbor offers a random benefit to the players who have built it depending on the cast tokens' results.",
    "province-fr": "Le Port fournit une ressource aléatoire à chaque tour en fonction du lancer des Pions Bateaux.",
})
def test_harbor_benefit_goes_to_every_owner(ed):
    """Reading (rules-notes §3): each ship token is white or black with equal
    chance; an owner gets the current result at the start of their own turn."""
    st = ed.game()
    S.give_structures(st, 0, "harbor")
    S.set_ship(st, "black")
    S.begin_turn(st, 1)                                        # 1 has no Harbor
    assert st.coin_value(1) == 3
    S.give_structures(st, 1, "harbor")
    S.begin_turn(st, 1)                                        # no cast on 1's turn: "black" stays
    assert st.ship == S.outcome(st, "black") and st.coin_value(1) == 4
    # Random: each ship token is white or black with equal chance.
    probe = st.clone()
    counts = {o: 0 for o in st.c.outcome_ids}
    for _ in range(4000):
        cast(probe)
        counts[st.c.outcome_ids[probe.ship]] += 1
    assert abs(counts["white"] / 4000 - 0.25) < 0.03
    assert abs(counts["mixed"] / 4000 - 0.5) < 0.03
    assert abs(counts["black"] / 4000 - 0.25) < 0.03
    # The owner's own turn: a cast, then its benefit.
    st = ed.game()
    S.give_structures(st, 0, "harbor")
    S.quick_turn(st)
    S.quick_turn(st)                                            # 0's start: cast and benefit
    o = st.c.outcome_ids[st.ship]
    assert labor(st) == (1 if o == "white" else 0) and st.hire_ok == (o == "mixed")


@rule({
    "province-en": "If the tokens are white, earn 1 Labor at the start of your turn.",
    "province-fr": "Deux faces blanches: Gagnez 1 point d'Ouvrage.",
})
def test_white_ships_earn_labor(ed):
    st = ed.game()
    S.give_structures(st, 1, "harbor")
    S.give_structures(st, 0, "harbor")
    S.set_ship(st, "white")
    S.begin_turn(st, 0)
    assert labor(st) == 1 and labor_earned(st) == 1 and st.phase == WORK
    assert not st.hire_ok and st.coin_value(0) == 2


@rule({
    "province-en": "If they are black and white, you can hire a Sailor.",
    "province-fr": "Faces blanche et noire: Un Ouvrier Marin peut être recruté pour 3 Pièces.",
})
def test_mixed_ships_allow_hiring(ed):
    st = ed.game()
    S.give_structures(st, 1, "harbor")
    S.give_structures(st, 0, "harbor")
    S.set_ship(st, "mixed")
    S.begin_turn(st, 0)
    assert labor(st) == 0 and st.coin_value(0) == 2
    spending(st, value=2)
    assert not S.can(st, "hire")                                # for 3 coins
    S.set_value(st, 0, 3)
    st.play("hire")
    assert st.coin_value(0) == 0
    # Not on another result.
    st = ed.game()
    S.give_structures(st, 1, "harbor")
    S.give_structures(st, 0, "harbor")
    S.set_ship(st, "white")
    S.begin_turn(st, 0)
    spending(st, silver=5)
    assert not S.can(st, "hire")
    S.set_ship(st, "mixed")
    S.begin_turn(st, 0)
    assert labor(st) == 0
    spending(st, silver=5)
    assert S.can(st, "hire")


@rule({
    "province-en": "If the tokens are black, earn 1 Coin at the start of your turn.",
    "province-fr": "Deux faces noires: Gagnez 1 Pièce.",
})
def test_black_ships_earn_coin(ed):
    st = ed.game()
    S.give_structures(st, 1, "harbor")
    S.give_structures(st, 0, "harbor")
    S.set_ship(st, "black")
    S.begin_turn(st, 0)
    assert st.coin_value(0) == 3 and labor(st) == 0 and not st.hire_ok


@rule({
    "province-en": "To hire a Sailor, pay 3 Coin during the Resource Spending Phase.",
    "province-fr": "Pour engager un Marin comme Ouvrier, durant la Phase d'Achat, payez 3 Pièces, prenez un Ouvrier Marin dans la réserve, et placez-le sur la Zone d'Ouvrage supérieure du Cycle de Travail de façon à ce que la face visible soit de votre couleur.",
})
def test_hire_costs_three_coin_in_spending_phase(ed):
    st = hire_ready(ed)
    S.set_purse(st, 0, silver=5)
    assert not S.can(st, "hire")                               # Work Cycle Phase
    spending(st, silver=2)
    assert not S.can(st, "hire")
    S.set_purse(st, 0, silver=5)
    st.play("hire")
    assert st.coin_value(0) == 2 and st.spent == 3
    # Either seat: the hirer's sailor, on the top Labor space.
    for p in (0, 1):
        st = hire_ready(ed, first=p)
        spending(st, value=5)
        st.play("hire")
        assert st.coin_value(p) == 2 and st.spent == 3
        ws = [w for w in range(st.c.n_workers) if st.c.worker_kind[w] == S.kid(st, "sailor") and st.wpos[w] >= 0]
        assert len(ws) == 1 and st.wowner[ws[0]] == p and st.wpos[ws[0]] == S.space(st, "labor_top")


@rule({
    "province-en": "Players may only hire one Sailor per turn.",
    "province-fr": "Un Marin ne peut être engagé que s'il reste des Marins disponibles dans la réserve, au rythme d'un seul par tour.",
})
def test_one_sailor_per_turn(ed):
    st = hire_ready(ed)
    spending(st, value=9)
    st.play("hire")
    assert not S.can(st, "hire")
    st.play("end")
    S.quick_turn(st)                                           # 1, the Harbormaster, casts
    S.set_ship(st, "mixed")
    S.begin_turn(st, 0)
    spending(st, value=9)
    assert S.can(st, "hire")                                   # next turn again


@rule({
    "province-en": "A Sailor Worker can only be moved by the player that hired them and cannot be borrowed with the Lender Token.",
    "province-fr": "Un Marin ne peut être déplacé que par le joueur qui l'a engagé, et ne peut être emprunté grâce à l'Emprunt.",
})
def test_sailors_only_moved_by_hirer_never_borrowed(ed):
    st = hire_ready(ed)
    spending(st, silver=3)
    st.play("hire")
    S.give_structures(st, 1, "lender")
    S.give_structures(st, 0, "camp")
    st.play("end")
    legal = S.notations(st)
    assert not any("sailor" in n for n in legal)
    assert "borrow camp" in legal                               # only structures can be borrowed
    st.play("borrow camp")
    assert not any("sailor" in n for n in S.notations(st))
    st.play("move green@coin")
    st.play("end")
    assert S.can(st, "move sailor@labor_top")
    # Nor by borrowing the Harbor.
    st = ed.game()
    S.place_worker(st, "sailor", "coin", owner=1)
    S.give_structures(st, 0, "lender")
    S.give_structures(st, 1, "harbor")
    assert not any("sailor" in n for n in S.notations(st))
    st.play("borrow harbor")
    assert not any("sailor" in n for n in S.notations(st))
    st.play("move green@coin")
    st.play("end")
    assert S.can(st, "move sailor@coin")


# ==================================================================== GRIND
@rule({
    "province-en": "You also have the option of spending 2 Labor to earn 1 Coin.",
    "province-fr": "Vous avez toujours l'option d'échanger 2 points d'Ouvrage contre 1 Pièce.",
})
def test_grind_two_labor_for_one_coin(ed):
    st = ed.game()
    spending(st, labor=3, silver=0)
    supply = st.c.coinage.value(st.supply)
    st.play("grind")
    assert labor(st) == 1 and st.coin_value(0) == 1
    assert st.c.coinage.value(st.supply) == supply - 1
    assert not S.can(st, "grind")


@rule({
    "province-en": "This action is always available during your Resource Spending Phase.",
    "province-fr": "Cette action est en permanence disponible au cours de votre Phase d'Achat, et vous pouvez la réaliser autant de fois que vous le voulez tant que vous disposez de suffisamment de points d'Ouvrage.",
})
def test_grind_always_available_in_spending_phase(ed):
    st = ed.game()
    S.set_labor(st, 4)
    assert not S.can(st, "grind")                              # Work Cycle Phase
    S.set_phase(st, "spending")
    assert st.owned == [0, 0] and S.can(st, "grind")           # no structure needed
    spending(st, labor=4, silver=2)
    st.play("build lender")
    st.play("grind")                                           # also after building
    assert labor(st) == 0 and st.coin_value(0) == 1


@rule({
    "province-en": "Players can choose to Grind as much as they can afford.",
    "province-fr": "Cette action est en permanence disponible au cours de votre Phase d'Achat, et vous pouvez la réaliser autant de fois que vous le voulez tant que vous disposez de suffisamment de points d'Ouvrage.",
})
def test_grind_as_often_as_affordable(ed):
    st = ed.game()
    spending(st, labor=8, value=0)
    for _ in range(4):
        st.play("grind")
    assert labor(st) == 0 and st.coin_value(0) == 4 and st.conv_used[st.c.conv_ids.index("grind")] == 4
    assert not S.can(st, "grind")
    st = ed.game()
    spending(st, labor=7, value=0)
    for _ in range(3):
        st.play("grind")
    assert labor(st) == 1 and st.coin_value(0) == 3 and st.conv_used[st.c.conv_ids.index("grind")] == 3
    assert not S.can(st, "grind")                              # 1 Labor left


# ============================================================== GOAL TOKENS
@rule({
    "province-en": "Players have the opportunity to earn VP if they meet the face-up Goal condition.",
    "province-fr": "Si un joueur complète l'Objectif visible, il prend le Pion Objectif, qui lui rapporte 1PV.",
})
def test_only_the_face_up_goal_can_be_met(ed):
    st = ed.game(goals=(ed.quiet[0], "structure"))
    give(st, 0, "lender", "camp", free_income(st), "union")   # meets the face-down Structure goal
    st.play("move green@coin")
    assert st.claimed == [[], []] and st.face_up == S.gid(st, ed.quiet[0])


@rule({
    "province-en": "If a player meets the face-up Goal condition, they immediately claim that Goal Token, each of which are worth 1 VP.",
    "province-fr": "Si un joueur complète l'Objectif visible, il prend le Pion Objectif, qui lui rapporte 1PV.",
})
def test_meeting_the_face_up_goal_claims_it_at_once(ed):
    st = ed.game(goals=ed.goals("structure"))
    give(st, 0, "lender", "camp", free_income(st))
    S.afford(st, "union")                                      # what the ruleset says it costs
    st.play("build union")
    assert st.claimed[0] == [S.gid(st, "structure")]           # at once, mid-turn
    assert st.phase == SPENDING and st.current == 0
    assert st.score_by_source(0)["goals"] == 1
    # A goal met while face down is claimed once it is face up.
    st = ed.game(goals=("two_vp", "structure", "labor"))
    S.give_structures(st, 0, "lender", "camp", "village", "union")   # meets the hidden one only
    st.play("move green@coin")
    assert st.claimed == [[], []]
    S.give_structures(st, 0, "bank")
    st.play("move green@labor_low")
    assert st.claimed[0][0] == S.gid(st, "two_vp") and st.score_by_source(0)["goals"] >= 1
    assert st.claimed[0] == [S.gid(st, "two_vp"), S.gid(st, "structure")]   # then met on reveal
    assert st.score_by_source(0)["goals"] == 2


@rule({
    "province-en": "When a Goal Token is claimed, turn the next one face-up.",
    "province-fr": "Lorsque les conditions d'un Objectif sont remplies, le joueur qui les remplit prend immédiatement le Pion Objectif, et retourne le suivant face visible.",
})
def test_claiming_reveals_the_next_goal(ed):
    st = ed.game(goals=("structure", ed.quiet[0], "workers"))
    give(st, 0, "lender", "camp", free_income(st))
    S.afford(st, "union")                                      # what the ruleset says it costs
    st.play("build union")
    assert st.face_up == S.gid(st, ed.quiet[0]) and st.stack == [S.gid(st, "workers")]
    assert st.log[-1] == ("reveal", S.gid(st, ed.quiet[0]))


@rule({
    "province-en": "If both players meet the new Goal condition, remove that Goal Token and turn the next one face-up.",
    "province-fr": "Lorsque vous révélez un Objectif, si les deux joueurs en remplissent déjà les conditions, défaussez-le et révélez le suivant.",
})
def test_new_goal_met_by_both_is_removed(ed):
    st = ed.game(goals=("structure", "workers", ed.quiet[0]))
    for p in (0, 1):
        S.give_structures(st, p, "camp", "village")
    S.give_structures(st, 0, "lender")
    S.afford(st, "union")                                      # what the ruleset says it costs
    st.play("build union")
    assert st.removed == [S.gid(st, "workers")]
    assert st.claimed[1] == [] and st.claimed[0] == [S.gid(st, "structure")]
    assert st.face_up == S.gid(st, ed.quiet[0])


@rule({
    "province-en": "Workers Goal: Have access to 2 Workers besides the Green Workers.",
    "province-fr": "Employez 2 Ouvriers en plus des Ouvriers Verts en engageant des Marins ou en construisant le Camp ou le Village.",
})
def test_workers_goal(ed):
    """Engine choice (docs/readings.md): the workers counted are those you have
    access to, so a borrowed Camp or Village counts while it is borrowed."""
    st = ed.game(goals=ed.goals("workers"))
    S.give_structures(st, 0, "camp")
    st.play("move camp@labor_top")
    assert st.claimed == [[], []]                               # one extra worker only
    S.give_structures(st, 0, "village")
    st.play("move green@coin")
    assert st.claimed[0] == [S.gid(st, "workers")]
    # A Camp worker and a sailor count too.
    st = ed.game(goals=ed.goals("workers"))
    S.give_structures(st, 0, "camp")
    st.play("move camp@labor_top")
    assert st.claimed == [[], []]
    S.place_worker(st, "sailor", "labor_low", owner=0)
    st.play("move green@coin")
    assert st.claimed[0] == [S.gid(st, "workers")]
    # And a borrowed Village.
    st = ed.game(goals=ed.goals("workers"))
    S.give_structures(st, 0, "lender", "camp")
    S.give_structures(st, 1, "camp", first=False)
    S.give_structures(st, 1, "village")
    st.play("borrow village")
    assert st.claimed[0] == [S.gid(st, "workers")]


@rule({
    "province-en": "Labor Goal: Earn 5 Labor on a single turn.",
    "province-fr": "Gagnez 5 points d'Ouvrage en un seul tour.",
})
def test_labor_goal(ed):
    st = ed.game(goals=ed.goals("labor"))
    give(st, 0, "mill", "smithy")
    S.begin_turn(st, 0)                                        # 2 Labor from income
    st.play("move green@coin")
    st.play("move green@labor_low")                            # 4 earned
    st.play("spend")
    st.play("grind")                                           # spending Labor does not undo earning
    assert st.claimed == [[], []]
    S.give_structures(st, 0, "union")
    S.set_purse(st, 0, silver=2)
    st.play("union")                                           # the 5th Labor earned this turn
    assert st.claimed[0] == [S.gid(st, "labor")]


@rule({
    "province-en": "Labor Goal: Earn 5 Labor on a single turn.",
    "province-fr": "Gagnez 5 points d'Ouvrage en un seul tour.",
})
def test_labor_goal_counts_one_turn_only(ed):
    """Labor earned in an earlier turn does not add up (rules-notes §3: per-turn
    counts belong to the active player's current turn)."""
    st = ed.game(goals=ed.goals("labor"))
    for _ in range(3):
        st.play("move green@coin")
        st.play("move green@labor_low")
        st.play("end")
        S.quick_turn(st)
    assert st.claimed == [[], []]


@rule({
    "province-en": "Structure Goal: You have built 4 Structures.",
    "province-fr": "Soyez le premier à posséder 4 Bâtiments.",
})
def test_structure_goal(ed):
    st = ed.game(goals=ed.goals("structure"))
    income = free_income(st)
    S.give_structures(st, 1, "lender", "camp", income)
    S.give_structures(st, 0, "lender", "camp", income, first=False)
    S.afford(st, "union")                                      # what the ruleset says it costs
    st.play("build union")                                     # later copies count
    assert st.claimed[0] == [S.gid(st, "structure")]
    st.play("end")
    S.afford(st, "union")
    st.play("build union")                                     # 1 has 4 too: the token is gone
    assert st.claimed[1] == []


@rule({
    "province-en": "2 VP Structure Goal: You have built 2 Structures that are worth 2 VP each.",
    "province-fr": "Soyez le premier à posséder 2 Bâtiments valant chacun 2PV.",
})
def test_two_vp_structure_goal(ed):
    def bank_first_to_1_village_first_to_0():
        st = ed.game(goals=("two_vp", "labor"))
        S.give_structures(st, 1, "lender", "bank")             # 1 first built the Bank
        S.give_structures(st, 0, "lender", "bank", first=False)  # 0's Bank is worth 0
        S.give_structures(st, 0, "camp")
        S.afford(st, "village")
        st.play("build village")
        assert st.claimed == [[], []]
        st.play("end")
        return st

    # 0: the Village, then the Smithy, both built first.
    st = bank_first_to_1_village_first_to_0()
    give(st, 0, *requires(st, "smithy"))
    S.quick_turn(st)
    S.afford(st, "smithy")
    st.play("build smithy")
    assert st.claimed[0] == [S.gid(st, "two_vp")]
    # 1: the Bank, then the Smithy.
    st = bank_first_to_1_village_first_to_0()
    give(st, 1, *requires(st, "smithy"))
    S.afford(st, "smithy")
    st.play("build smithy")
    assert st.claimed[1] == [S.gid(st, "two_vp")]


# ========================================================== ENDING THE GAME
@rule({
    "province-en": "The game is over once one of the game-ending events occurs: one player has built 7 Structures, one of each Structure has been built, or all Goal Tokens have been claimed or removed.",
    "province-fr": "Lorsque l'une des 3 conditions de fin de partie est remplie (un joueur a construit 7 Bâtiments, chacun des Bâtiments a été construit en au moins un exemplaire ou tous les Pions Objectifs ont été attribués ou défaussés) la partie se termine.",
})
def test_game_over_on_any_ending_event(ed):
    """The French text does not say who finishes the turn; the ruleset follows the
    English edition (``end.finish_turn: true``): the player who ended the game
    finishes their turn, and nobody plays after."""
    # Each event ends the game at the end of the turn in which it happens.
    st = ed.game(goals=("labor",))
    give(st, 1, "lender", "bank", "camp", "village", "mill", "smithy")
    st.play("move green@coin")
    assert not st.ending
    st.play("end")
    S.afford(st, "harbor")
    st.play("build harbor")                                    # 7 structures for player 1
    st.play("end")
    assert st.phase == OVER and st.end_reason == "player_condition"
    # The last goal claimed in the middle of a turn.
    st = ed.game(goals=("labor",))
    give(st, 0, "mill", "smithy")
    S.begin_turn(st, 0)
    st.play("move green@coin")
    st.play("move green@labor_low")
    st.play("move green@labor_top")
    assert labor_earned(st) == 4 and not st.ending
    st.play("spend")
    S.give_structures(st, 0, "union")
    st.play("union")
    assert st.ending and st.phase == SPENDING
    st.play("grind")                                           # the turn goes on
    st.play("end")
    assert st.phase == OVER and st.current == 0
    assert st.end_reason == "goals_exhausted"


@rule({
    "province-en": "Each player then totals their VP earned by Structures and Goal Tokens.",
    "province-fr": "Chaque joueur compte les PV que lui rapportent ses Bâtiments et Pions Objectifs.",
})
def test_totals_structures_and_goals(ed):
    st = ed.game()
    give(st, 0, "mill", "smithy", "union")                     # 1 + 2 + 1
    S.give_structures(st, 1, free_income(st), "union", first=False)   # 0 + 0
    claim(st, 1, "labor")
    claim(st, 1, "workers")
    S.set_value(st, 0, 0)                                      # coins count in the French total
    S.set_value(st, 1, 0)
    end_game(st)
    assert st.scores() == (4, 2)


@rule({
    "province-en": "If a player has the Lender Token, they lose 2 VP.",
    "province-fr": "Si l'un des joueurs est encore en possession de l'Emprunt, il perd 2PV.",
})
def test_token_holder_loses_two_vp(ed):
    st = ed.game()
    S.give_structures(st, 1, "lender", "camp")
    st.holder = 1
    S.set_value(st, 0, 0)
    S.set_value(st, 1, 0)
    end_game(st)
    assert st.score_by_source(1)["borrowing"] == -2 and st.score(1) == 0
    assert st.score_by_source(0)["borrowing"] == 0


@rule({
    "province-en": "Whoever has the most VP wins.",
    "province-fr": "Celui qui a le plus de PV au total remporte la partie.",
})
def test_most_vp_wins(ed):
    """With the coins of the start, worth no VP in either edition; the French
    total with coin VP is test_most_total_vp_wins (test_rules_fr.py)."""
    st = ed.game()
    S.give_structures(st, 0, "lender")
    S.give_structures(st, 1, "camp", "village")
    end_game(st)
    assert st.result() == {"winner": 1, "decided_by": "vp"}
    assert st.returns() == (-1.0, 1.0)


@rule({
    "province-en": "If players have equal VP, the player with more Structures wins.",
    "province-fr": "Si les joueurs ont le même nombre de PV, celui ayant construit le plus de Bâtiments gagne.",
})
def test_tie_broken_by_structures(ed):
    st = ed.game()
    S.give_structures(st, 0, "lender", "bank")                 # 3 VP, 2 structures
    S.give_structures(st, 1, "camp", "harbor", "union")        # 3 VP, 3 structures
    end_game(st)
    assert st.scores() == (3, 3)
    assert st.result() == {"winner": 1, "decided_by": "structures"}
    # A later copy, worth 0 VP, counts as a structure.
    st = ed.game()
    S.give_structures(st, 0, "lender", "bank")                 # 3 VP, 2 structures
    S.give_structures(st, 1, "camp", "village")                # 3 VP, 2 structures
    S.give_structures(st, 0, "camp", first=False)              # 3 VP, 3 structures
    S.set_value(st, 0, 0)
    S.set_value(st, 1, 0)
    end_game(st)
    assert st.scores() == (3, 3)
    assert st.result() == {"winner": 0, "decided_by": "structures"}
