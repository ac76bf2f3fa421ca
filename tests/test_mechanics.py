"""The mechanisms as modules (rulekit/engine/mechanics/, docs/engine.md "Mechanisms"): each module registered,
compiled with the engine and loaded from its source by the pure engine; a ruleset pays only for the
mechanisms it uses (none of an unused one's moments is active); and ``State`` no longer holds the methods
that moved into them (a name listed here must not come back).
"""
from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from rulekit.engine import core
from rulekit.engine import game as engine_game
from rulekit.engine import mechanics
from rulekit.language import bundled_rulesets, load_ruleset

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "rulekit" / "engine" / "mechanics"
MODULES = sorted(p.stem for p in FOLDER.glob("*.py") if p.stem != "__init__")
PURE = core.load_source("rulekit._pure_mechanics")

#: State's methods that moved into a mechanism's module: none may come back to game.py's State.
MOVED = {
    "events": ("_events_at_start", "_reveal_event", "_set_events", "_compile_events"),
    "objectives": ("_deal_objectives", "_reveal_objectives", "objectives_met", "objective_vp"),
    "trades": ("_offer_into", "_trade_ok", "_trade_coins", "_offer", "_answer"),
    "steals": ("_steal",),
    "tolls": ("_toll_owners", "_tolls", "_toll_ok", "_kind_owner"),
    "clocks": (),                                 # inline in _end_turn: a test below checks it is gone
    "bids": ("_bids_view",),                      # and primitives.py's setup decisions: a test below checks them
    "abilities": (),                              # new: never a method of State
    "chance": (),                                 # the roll in _convert and _apply: a test below checks it is gone
    "caps": ("_give_back",),                      # the cap on the coins, once in _end_pools
    "ships": ("_cast", "_apply_benefit", "_can_hire", "_free_sailor"),
    "borrowing": ("_borrow_into", "_borrow"),     # and its compile step and the repayment: a test below checks them
}

#: A bundled ruleset using each mechanism, and the moments it is active on there.
USED_BY = {
    "events": ("events", {"setup", "turn_start", "determinize"}),
    "objectives": ("secret-objectives", {"setup", "game_over", "score", "determinize"}),
    "trades": ("trading", {"legal_spending", "apply"}),
    "steals": ("tolls", {"building"}),
    "tolls": ("tolls", {"legal_moves", "moving"}),
    "clocks": ("eight-rounds", {"end_met", "turn_end"}),
    "bids": ("bid-for-first", {"setup"}),         # setup.bid (its decisions and view are not moments' tuples)
    "abilities": ("raids", {"legal_spending", "apply"}),
    "chance": ("gamble", {"apply", "outcomes"}),
    "caps": ("small-purse", {"turn_end", "game_over"}),
    "borrowing": ("province-en", {"legal_owned_work", "legal_owned_spending", "legal_held", "apply", "lent_end"}),
    "ships": ("province-en", {"holder_turn", "income", "legal_converted", "apply", "built", "turn_closing"}),
}

#: The mechanisms the printed editions use (borrowing, their Lender; the ships, their cast and sailors), in the
#: registry's order, each on the moments USED_BY gives it.
EDITIONS_USE = ("borrowing", "ships")


#: The tuples of a Compiled that hold the mechanisms active on a moment ("legal" has one per place).
AT = ("setup", "turn_start", "holder_turn", "income", "legal_work", "legal_spending", "legal_owned_work",
      "legal_owned_spending", "legal_held", "legal_converted", "legal_moves", "moving", "apply", "building", "built",
      "check", "end_met", "turn_closing", "turn_end", "lent_end", "game_over", "score", "determinize", "outcomes")
LEGAL_AT = {"legal_work", "legal_spending", "legal_owned_work", "legal_owned_spending", "legal_held", "legal_converted"}


def _moments(c, name: str) -> set:
    return {moment for moment in AT if any(m.name == name for m in getattr(c, "at_" + moment))}


def test_every_moment_has_its_tuple():
    moments = set(engine_game.Mechanism.MOMENTS) - {"view", "legal"}
    assert moments | LEGAL_AT == set(AT)


@pytest.mark.parametrize("module", MODULES)
def test_each_module_is_registered_compiled_and_loaded_from_its_source(module):
    """A module of mechanics/ defines a Mechanism registered in the engine's table, is listed in MODULES (so the
    pure engine loads it from its source), has its .pxd and is in setup.py's compiled group with game.py."""
    mod = importlib.import_module(f"rulekit.engine.mechanics.{module}")
    kinds = [k for k in vars(mod).values() if isinstance(k, type) and issubclass(k, engine_game.Mechanism)
             and k is not engine_game.Mechanism]
    assert kinds and all(k in engine_game.MECHANISMS.values() for k in kinds), module
    assert module in mechanics.MODULES
    assert (FOLDER / f"{module}.pxd").is_file()
    setup = (ROOT / "setup.py").read_text(encoding="utf-8")      # every module of the folder, in game.py's group
    assert '"rulekit/engine/mechanics/" + f[:-3]' in setup and '"rulekit/engine/game")\n                   + MECHANICS' in setup
    assert set(MOVED) <= set(engine_game.MECHANISMS) and set(USED_BY) <= set(engine_game.MECHANISMS)


@pytest.mark.parametrize("module", MODULES)
def test_a_mechanism_is_compiled_where_the_core_is(module):
    """Never a compiled mechanism on a pure core or the reverse: setup.py builds them in one group."""
    mod = importlib.import_module(f"rulekit.engine.mechanics.{module}")
    assert core.is_compiled(mod) == core.is_compiled(engine_game)


def test_the_pure_engine_plays_its_own_mechanisms():
    """The pure engine's tables hold mechanisms subclassing the pure game's Mechanism (never the compiled one's)."""
    c = PURE.game.compile_ruleset(load_ruleset("events"))
    assert [m.name for m in c.mechanisms] == ["events", "borrowing", "ships"]
    for name, (ruleset_id, _moments) in USED_BY.items():
        c = PURE.game.compile_ruleset(load_ruleset(ruleset_id))
        assert name in [m.name for m in c.mechanisms]
    assert all(isinstance(m, PURE.game.Mechanism) for m in c.all_mechanisms)
    assert list(PURE.game.MECHANISMS) == list(engine_game.MECHANISMS)


@pytest.mark.parametrize("engine", ["compiled", "pure"])
@pytest.mark.parametrize("name", sorted(USED_BY))
def test_a_ruleset_pays_only_for_the_mechanisms_it_uses(name, engine):
    """An edition uses none but borrowing and the ships (EDITIONS_USE): every moment's tuple is empty of the
    others; the variant that uses one is active there (and no-lender, the English edition without borrowing, uses
    the ships alone)."""
    g = engine_game if engine == "compiled" else PURE.game
    ruleset_id, moments = USED_BY[name]
    for edition in ("province-en", "province-fr", "no-lender"):
        c = g.compile_ruleset(load_ruleset(edition))
        used = name in EDITIONS_USE and not (edition == "no-lender" and name == "borrowing")
        assert (name in [m.name for m in c.mechanisms]) == used
        assert _moments(c, name) == (moments if used else set())
        assert [m.name for m in c.all_mechanisms] == list(engine_game.MECHANISMS)
    c = g.compile_ruleset(load_ruleset(ruleset_id))
    assert name in [m.name for m in c.mechanisms] and _moments(c, name) == moments


def test_the_editions_call_only_the_mechanisms_they_use():
    """The two editions use borrowing (their Lender) and the ships (their cast and sailors) and no other mechanism:
    their games call those moments (the borrows' listing, for a Lender's owner only, the repayment's, for the
    token's holder only, their actions, the end of a borrowed effect while one is borrowed; a build of the casting's
    structure, an income with a ship's benefit, the hire while one is allowed) and no other but view."""
    for edition in ("province-en", "province-fr"):
        c = engine_game.compile_ruleset(load_ruleset(edition))
        assert [m.name for m in c.mechanisms] == list(EDITIONS_USE)
        assert c.built_hooks == 1 << c.harbor_struct and c.income_hooks == c.ship_mask != 0
        assert c.building_hooks == 0 and c.moving_spaces == 0 and c.end_hooks == 0
        assert {m for m in AT if getattr(c, "at_" + m)} == USED_BY["borrowing"][1] | USED_BY["ships"][1]
        assert c.legal_owned_work == c.legal_owned_spending == c.borrow_mask != 0
        assert c.legal_owned_work_by is c.legal_owned_spending_by is c.legal_held_by is c.mechanisms[0]
    c = engine_game.compile_ruleset(load_ruleset("no-lender"))
    assert [m.name for m in c.mechanisms] == ["ships"]
    assert {m for m in AT if getattr(c, "at_" + m)} == USED_BY["ships"][1]
    assert c.legal_owned_work == c.legal_owned_spending == 0
    assert c.legal_owned_work_by is None and c.legal_owned_spending_by is None and c.legal_held_by is None


def test_a_place_open_to_owners_has_one_mechanism_at_most(monkeypatch):
    """The places asked of a Lender's owner or of the token's holder call one mechanism as a typed field: a second
    one registered there is the registry's error, said as the ruleset is compiled (pure engine: its table)."""
    class Second(PURE.game.Mechanism):
        def compile(self, c):
            self.legal_owned = 1
            return True

        def legal_phases(self, c):
            return 8

    monkeypatch.setitem(PURE.game.MECHANISMS, "second", Second)
    with pytest.raises(RuntimeError, match="legal_owned_work.*borrowing.*second"):
        PURE.game.compile_ruleset(load_ruleset("province-en"))


def test_every_bundled_ruleset_has_its_mechanisms_in_the_registry_order():
    order = list(engine_game.MECHANISMS)
    for rid in sorted(bundled_rulesets()):
        rules = load_ruleset(rid)
        if rules.family != load_ruleset("province-en").family:
            continue
        names = [m.name for m in engine_game.compile_ruleset(rules).mechanisms]
        assert names == sorted(names, key=order.index)


def _state_methods() -> set:
    tree = ast.parse((ROOT / "rulekit" / "engine" / "game.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name in ("State", "Compiled"):
            yield node.name, {f.name for f in node.body if isinstance(f, ast.FunctionDef)}


def test_state_no_longer_holds_the_moved_mechanisms():
    methods = dict(_state_methods())
    assert methods["State"] and methods["Compiled"]
    back = {(cls, name) for cls, names in methods.items() for moved in MOVED.values() for name in moved
            if name in names}
    assert not back, f"moved into rulekit/engine/mechanics/, back in game.py: {sorted(back)}"
    pxd = (ROOT / "rulekit" / "engine" / "game.pxd").read_text(encoding="utf-8")
    assert not [name for moved in MOVED.values() for name in moved if f" {name}(" in pxd]


def test_the_core_no_longer_ends_a_clock_or_compiles_one():
    """The clock's last turn (an ending told as the turn ends), its compile step and its end check moved into
    mechanics/clocks.py: the core knows no clock (it asks end_met of the mechanisms whose end_conds hold a
    condition, and checks the end at a turn's start where one does) and reads none of the tables clocks lays."""
    source = (ROOT / "rulekit" / "engine" / "game.py").read_text(encoding="utf-8")
    assert "c.clock_cond" not in source and "self.clock_turns, self.clock_cond" not in source
    assert "self.end_turns =" not in source
    assert "clock_turns" not in source and "end_turns" not in source and "kind == 3" not in source
    assert '"clock"' not in source.replace('END_KINDS = ("player_condition", "all_structures_built", '
                                           '"goals_exhausted", "clock")', "")


def test_the_setup_decisions_moved_out_of_the_core_and_primitives():
    """setup.bid and setup.draft compile, ask and resolve in mechanics/bids.py: primitives.py no longer holds them,
    the core no longer compiles them, and a draft alone (no bid) uses the same mechanism."""
    source = (ROOT / "rulekit" / "engine" / "game.py").read_text(encoding="utf-8")
    primitives = (ROOT / "rulekit" / "engine" / "primitives.py").read_text(encoding="utf-8")
    assert "SETUP_DECISION" not in source and "self.bid_max" not in source and "self.draft_ids" not in source
    assert "SETUP_DECISION" not in primitives and "_bid_order" not in primitives and "_ask_draft" not in primitives
    for g in (engine_game, PURE.game):
        c = g.compile_ruleset(load_ruleset("draft"))
        assert [m.name for m in c.mechanisms] == ["bids", "borrowing", "ships"] and _moments(c, "bids") == {"setup"}
        assert c.decision_names == ("draft",) and c.bid_max == 0 and c.draft_ids and not c.deal_later
        c = g.compile_ruleset(load_ruleset("bid-for-first"))
        assert c.decision_names == ("bid",) and c.bid_max > 0 and c.deal_later


def test_the_bids_are_asked_before_the_other_mechanisms_decisions(tmp_path):
    """Registered after the older mechanisms, the bids still put their asks first (as the core asked them before the move): with a bid
    and objectives to keep, every seat bids, then the cards are kept; the kinds are numbered in the registry's
    order (a record writes the options' notations, not their numbers)."""
    from scenario import variant

    rs = load_ruleset(variant(tmp_path, {"setup": {"bid": {"in": "coin", "max": 2}}, "objectives": {"keep": 1}},
                              base="secret-objectives"))
    for g in (engine_game, PURE.game):
        st = g.new_game(rs, seed=1, first_player=0)
        assert st.c.decision_names == ("objective", "bid")
        assert [st.c.decision_names[d[0]] for d in st.pending] == ["bid", "bid", "objective", "objective"]
        st.play("bid 0")
        st.play("bid 2")
        assert st.first == 1 and [st.c.decision_names[d[0]] for d in st.pending] == ["objective", "objective"]


@pytest.mark.parametrize("engine", ["compiled", "pure"])
def test_a_clock_is_an_end_condition_its_mechanism_checks(engine):
    """eight-rounds' clock is checked by end_met (the first turns: not met; its count reached: met), always
    finishes the turn, and the editions have no end condition a mechanism checks."""
    g = engine_game if engine == "compiled" else PURE.game
    st = g.new_game(load_ruleset("eight-rounds"), seed=3)
    c = st.c
    i = c.end_order.index("clock")
    assert c.end_hooks == 1 << i and c.end_finish[i] is True
    assert i not in st.end_conditions_met()
    st.turn = c.end_turns[i]
    assert i in st.end_conditions_met()
    for edition in ("province-en", "province-fr"):
        assert g.compile_ruleset(load_ruleset(edition)).end_hooks == 0


def test_the_core_no_longer_rolls_a_die():
    """A conversion's roll (its tables, its draw, its log entry, its outcomes for a search) moved into
    mechanics/chance.py: the core lays action_chance all 0 and hands an action drawn by chance to the mechanisms."""
    source = (ROOT / "rulekit" / "engine" / "game.py").read_text(encoding="utf-8")
    assert "conv_roll" not in source and '("roll",' not in source


@pytest.mark.parametrize("engine", ["compiled", "pure"])
def test_a_roll_is_drawn_by_its_mechanism(engine):
    """gamble's conversion is the only action drawn by chance, played by the chance module (its roll in the log,
    its gain only on at_least or more); the editions draw none."""
    g = engine_game if engine == "compiled" else PURE.game
    st = g.new_game(load_ruleset("gamble"), seed=5)
    c = st.c
    k = c.conv_ids.index("gamble")
    assert [i for i, x in enumerate(c.action_chance) if x] == [c.conv_action[k]]
    for edition in ("province-en", "province-fr"):
        assert not any(g.compile_ruleset(load_ruleset(edition)).action_chance)
    while c.conv_action[k] not in st.legal_actions():
        st.apply(st.legal_actions()[0])
    coins = st.coin_value(st.current)
    st.apply(c.conv_action[k])
    roll = [e for e in st.log if e[0] == "roll"]
    assert len(roll) == 1 and roll[0][2] == k and 1 <= roll[0][3] <= c.conv_roll_sides[k]
    won = roll[0][3] >= c.conv_roll_at_least[k]
    assert st.coin_value(roll[0][1]) == coins - 1 + (3 if won else 0)


def test_the_core_no_longer_compiles_or_plays_borrowing():
    """The borrowing section's compile step, the borrows' and the repayment's listing, their play and the end of
    a borrowed effect moved into mechanics/borrowing.py: the core reads none of the tables it lays but the score's
    penalty (``lender_penalty``) and, as it lays the action table, whether to lay the borrows and the repayment
    where they always were (``borrow_phases``: the editions' action numbers never change)."""
    source = (ROOT / "rulekit" / "engine" / "game.py").read_text(encoding="utf-8")
    for name in ("borrow_per_turn", "repay_coin", "repay_pool", "repay_same_turn", "take_from_opponent",
                 "repay_ends_effect", "kind == BORROW", "kind == REPAY", "borrows +=", "borrowed_mask |="):
        assert name not in source, name
    assert "self.borrow_phases =" not in source and source.count("borrow_phases") == 2   # the action table's
    assert source.count("self.borrowed_mask = 0") == 1   # the turn's counters only: the module ends a borrow


@pytest.mark.parametrize("engine", ["compiled", "pure"])
def test_a_borrow_is_played_and_ended_by_its_mechanism(engine):
    """province-fr (the repayment in the same turn): a borrow gives the effect for the turn and the token, the
    repayment gives it back, the effect ends with the turn (lent_end); a player without a Lender is offered none."""
    g = engine_game if engine == "compiled" else PURE.game
    rules = load_ruleset("province-fr")
    c = g.compile_ruleset(rules)
    lender = c.struct_ids.index("lender")
    st = g.new_game(rules, seed=2)
    assert not any(c.action_kind[a] == g.BORROW for a in st.legal_actions())
    # Play until a player owning the Lender may borrow (the random games of a seed: the same on both engines).
    import random
    rng = random.Random(4)
    while st.phase != g.OVER and not any(c.action_kind[a] == g.BORROW for a in st.legal_actions()):
        st.apply(rng.choice(st.legal_actions()))
    assert st.phase != g.OVER
    p = st.current
    assert st.owned[p] >> lender & 1
    borrow = next(a for a in st.legal_actions() if c.action_kind[a] == g.BORROW)
    s = c.action_arg[borrow]
    st.apply(borrow)
    assert st.holder == p and st.borrowed == s and st.borrowed_mask == 1 << s and st.borrows == 1
    assert not any(c.action_kind[a] == g.BORROW for a in st.legal_actions())     # per_turn 1
    if st.phase != g.SPENDING:
        st.play("spend")
    st.apply(c.a_end)
    assert st.borrowed == -1 and st.borrowed_mask == 0 and st.holder == p      # the effect ends, the token stays
