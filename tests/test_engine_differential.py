"""The engine's conformance test and its differential test, in one loop.

OpenSpiel-style conformance: 1,000 seeded random games (20 in the quick tier, tests/README.md) of every bundled ruleset
(edition or house rule) must, after every action, respect the invariants of
:func:`check_invariants` (coins conserved, every goal in one place at most, a
structure's first builder owns it, ...), offer a non-empty list of distinct
legal actions until the game is over and none after, and keep within a turn
bound and a per-turn action bound (what bounds a turn, and what does not bound
a game, is in docs/engine.md); their states clone equal and their records
replay to the same state.

Differential: the engine's modules are compiled by Cython where a C compiler
is present (setup.py); the same ``.py`` files also run as pure Python. Both are
loaded in this process (the pure one from the sources, under another package
name) and fed the same seeded random choices: after every action the
legal-action lists, the whole state (``key()``, history and event log) and at
the end the scores and results must be identical. Bundled rulesets and
generated house rules (seeded changes of costs, coins, goals, sailors,
borrowing, the casting and the end) are both played.

Each random game is played once per engine, the two in lockstep, and the
conformance checks run on both engines' states. Where no core is compiled (no
compiler at install, ``RULEKIT_PURE_PYTHON=1``) each random game is played
once, on the pure engine alone, with the same checks.

The bots' hot path (``rulekit/bots/policy.py``: the evaluation and the greedy
policy) is compiled with the engine and checked the same way: the compiled
policy on the compiled engine and its source on the pure engine give the same
values and the same moves.
"""
import os
import random
import shutil
import sysconfig
from functools import partial
from pathlib import Path

import pytest

import rulekit.engine.record
import tier
from rulekit import engine as default_engine
from rulekit.bots import policy as fast_policy
from rulekit.engine import core
from rulekit.language import bundled_rulesets, load_ruleset
from scenario import labor, labor_earned  # noqa: F401
from scenario import bundled_of, variant

PURE = core.load_source("rulekit._pure_engine")
FAST = default_engine
PURE_POLICY = core.source_module("rulekit._pure_policy", Path(core.__file__).parent.parent / "bots" / "policy.py")
# The engines a game is played on, each with its record module: both, or the pure one alone when
# no core is compiled (FAST is then the pure engine already).
ENGINES = ((FAST, rulekit.engine.record),) if FAST.ENGINE == "pure Python" else \
    ((FAST, rulekit.engine.record), (PURE.game, PURE.record))

GAMES_PER_RULESET = tier.games(full=1000, quick=8)     # the quick tier plays 8 (tests/README.md)
TURN_BOUND = 600          # what these seeds show (docs/engine.md); not a bound of the rules
ACTIONS_PER_TURN_BOUND = 60
VARIANTS = 12
GAMES_PER_VARIANT = tier.games(full=100, quick=5)


def test_the_compiled_engine_runs_where_a_compiler_is():
    """Installing with a C compiler builds the core; this run uses it unless told not to."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if core.pure_requested() or shutil.which(compiler) is None:
        assert FAST.ENGINE == "pure Python"
    else:
        assert FAST.ENGINE == "compiled", "a C compiler is present but the engine was not compiled (pip install -e .)"
    assert not core.is_compiled(PURE.game) and PURE.game.__file__.endswith("game.py")
    # The bots' policy is compiled with the engine, and is its source with the pure engine.
    assert core.is_compiled(fast_policy) == (FAST.ENGINE == "compiled")
    assert not core.is_compiled(PURE_POLICY) and PURE_POLICY.__file__.endswith("policy.py")


def check_invariants(st, totals, n_goals, sailors=()):
    """The conformance invariants of one state; ``sailors`` are the workers that are hired sailors
    (where the ruleset limits how many are on the Work Cycle)."""
    c = st.c
    n = c.n_players
    # One entry per seat in every per-seat field.
    assert len(st.purses) == len(st.owned) == len(st.claimed) == len(st.first_due) == n
    assert len(st.pool) == n * c.n_pool and 0 <= st.current < n
    # Coins are conserved per denomination across the supply and every purse.
    supply, purses = st.supply, st.purses
    for d, total in enumerate(totals):
        assert supply[d] + sum(purse[d] for purse in purses) == total
        assert supply[d] >= 0 and min(purse[d] for purse in purses) >= 0
    assert min(st.pool, default=0) >= 0          # no resource below zero, Labor included
    owned = st.owned
    assert max(o.bit_count() for o in owned) <= c.tokens
    # Every goal is in at most one place.
    places = list(st.stack) + [g for goals in st.claimed for g in goals] + st.removed + \
        ([st.face_up] if st.face_up >= 0 else [])
    assert len(places) == len(set(places)) and len(places) <= n_goals
    # A structure's first builder owns it, or a structure built over it (upgrades, followed up the chain).
    over = {}
    for u, base in enumerate(c.upgrade_of):
        if base >= 0:
            over.setdefault(base, []).append(u)
    for s, f in enumerate(st.first_builder):
        if f >= 0:
            todo, held = [s], False
            while todo and not held:
                x = todo.pop()
                held = bool(owned[f] >> x & 1)
                todo.extend(over.get(x, ()))
            assert held
    if c.sailor_max is not None:
        wpos = st.wpos
        assert sum(wpos[w] >= 0 for w in sailors) <= c.sailor_max
    assert -1 <= st.holder < n


def play_both(rs, seed, conformance=False):
    """Play one seeded random game on both engines in lockstep (on the pure engine alone where no
    core is compiled), comparing them after every action. With ``conformance`` (the bundled
    rulesets), the conformance checks run too: the invariants, the legal actions, TURN_BOUND and
    ACTIONS_PER_TURN_BOUND (which a generated house rule need not keep), a clone at every action of
    every 50th game, and for every 10th game the record both engines write (the same) replayed."""
    n = rs.player_counts[seed % len(rs.player_counts)]      # each number of players the ruleset allows
    c = FAST.compile_ruleset(rs, n)
    totals, n_goals = c.coinage.totals, len(c.goal_ids)
    sailors = tuple(w for w in range(c.n_workers) if c.worker_kind[w] == c.sailor_kind)
    first = None if c.first_random else seed % n
    seats = range(n)
    states = [game.new_game(rs, seed=seed, first_player=first, players=n) for game, _ in ENGINES]
    both = len(states) == 2
    assert not both or type(states[0]) is not type(states[1])
    clone_every = 1 if conformance and seed % 50 == 0 else 25
    rng = random.Random(seed)
    steps = 0
    turn, actions_this_turn = states[0].turn, 0
    while True:
        legal = [st.legal_actions() for st in states]
        if both:
            assert legal[0] == legal[1], f"seed {seed}, action {steps}: legal actions differ"
            assert states[0].key() == states[1].key(), f"seed {seed}, action {steps}: states differ"
        if conformance:
            # On one engine's state: the other's key() is equal (asserted above), and it holds
            # everything the invariants read.
            check_invariants(states[0], totals, n_goals, sailors)
            assert len(legal[0]) == len(set(legal[0]))
            assert states[0].turn <= TURN_BOUND
        for i, (st, la) in enumerate(zip(states, legal)):
            assert bool(la) is not st.is_terminal(), f"seed {seed}, action {steps}: legal actions iff not over"
            # score() adds the sources up without building them: on the first engine after every
            # action, on the second (whose key() is equal) at the sampled actions below
            if i == 0 or steps % 25 == 0:
                assert [st.score(q) for q in seats] == [sum(st.score_by_source(q).values()) for q in seats]
            if steps % clone_every == 0:             # a clone plays on like the original
                assert st.clone() == st
            if la and steps % 25 == 0:               # holds (the engine's typed reading) and met (the closure) agree
                conds = list(st.c.goal_cond) + [cd for cd in st.c.end_conds if cd is not None]
                assert [cd.holds(st, q) for cd in conds for q in seats] == \
                       [bool(cd.met(st, q)) for cd in conds for q in seats], f"seed {seed}, action {steps}"
        if not legal[0]:
            break
        action = rng.choice(legal[0])
        for st in states:
            st._apply(action)
        steps += 1
        if states[0].turn != turn:                   # the states' turns are equal (their keys are)
            turn, actions_this_turn = states[0].turn, 0
        actions_this_turn += 1
        assert actions_this_turn <= ACTIONS_PER_TURN_BOUND or not conformance
    for st in states:
        assert st.is_terminal() and st.legal_actions() == [] and st.end_reason is not None
    if conformance and seed % 10 == 0:               # the game's record replays to the same state
        names = ["bot:random"] * n
        written = [record.GameRecord.for_state(rs, st, names).to_json() for st, (_, record) in zip(states, ENGINES)]
        assert all(w == written[0] for w in written), f"seed {seed}: the engines write different records"
        record = ENGINES[0][1]                       # so one engine replays it (the game is not played again)
        assert record.replay(record.GameRecord.from_json(written[0]), rs) == states[0]
    if both:
        a, b = states
        assert list(a.history) == list(b.history) and list(a.log) == list(b.log)
        assert a.scores() == b.scores()
        assert [a.score_by_source(p) for p in seats] == [b.score_by_source(p) for p in seats]
        fields = (lambda o: (o.scores, o.ranks, o.winners, o.decided_by, o.returns))   # two engines' classes
        assert fields(a.outcome()) == fields(b.outcome()) and a.result() == b.result() and a.returns() == b.returns()
        assert [a.view(p) for p in seats] == [b.view(p) for p in seats]
    if conformance:                                  # the outcome: zero-sum returns, ranks from the scores
        out = states[0].outcome()
        assert abs(sum(out.returns)) < 1e-9 and all(-1 <= r <= 1 for r in out.returns)
        assert out.scores == states[0].scores() and out.winners == tuple(p for p in seats if out.ranks[p] == 1)
        assert all(out.ranks[p] < out.ranks[q] for p in seats for q in seats if out.scores[p] > out.scores[q])
    return steps


#: An objective card's ``check`` values, each drawn for the generated house rules' cards.
OBJECTIVE_CHECKS = ("end_of_game", "immediate", "end_of_turn")


def this_turn_only(cond) -> bool:
    """Whether only the player whose turn it is can meet ``cond`` (a measure of this turn above 0, or ``all`` with
    one, or ``any`` of such parts only): a card read only when the game is over may not have such a condition
    (``rulekit validate`` refuses it)."""
    if "all" in cond:
        return any(this_turn_only(part) for part in cond["all"])
    if "any" in cond:
        return all(this_turn_only(part) for part in cond["any"])
    return cond.get("metric", "").endswith("_this_turn") and "compare" not in cond and cond.get("at_least", 0) > 0


def generated_variant(tmp_path, n):
    """A seeded house rule: numbers and switches of a bundled edition changed at random."""
    r = random.Random(1000 + n)
    base = ("province-en", "province-fr")[n % 2]
    data = load_ruleset(base).data
    patch = {"setup": {"starting_coins": [r.randint(0, 6), r.randint(0, 6)]}, "structures": {}}
    for sid in data["structures"]:
        if r.random() < 0.5:
            patch["structures"][sid] = {"cost": {"labor": r.randint(0, 5), "coin": r.randint(0, 5)}}
    patch["components"] = {"goal_tokens": {"draw": r.randint(1, data["components"]["goal_tokens"]["draw"])}}
    patch["end"] = {"finish_turn": r.random() < 0.5}
    if data.get("sailors"):
        patch["sailors"] = {"per_turn": r.randint(1, 2), "cost": {"coin": r.randint(0, 4)}}
    if data.get("borrowing"):
        patch["borrowing"] = {"repay_same_turn": r.random() < 0.5, "take_from_opponent": r.random() < 0.5,
                              "penalty_vp": r.randint(0, 3)}
    if data.get("casting"):
        patch["casting"] = {"cast": {"on_first_build": r.random() < 0.5, "start_of_holder_turn": r.random() < 0.5}}
    patch["end"]["finish_round"] = r.random() < 0.5      # drawn last: the draws above are as they were
    v = random.Random(5000 + n)                          # the clocks-and-limits vocabulary, on its own draws
    if v.random() < 0.5:
        patch["end"]["conditions"] = list(data["end"]["conditions"]) + [
            {"clock": {"rounds": v.randint(2, 10)} if v.random() < 0.5 else {"turns": v.randint(3, 20)}}]
    if v.random() < 0.5:
        patch["resources"] = {"labor": {"end_of_turn": "kept", "cap": v.randint(2, 6)}}
    if v.random() < 0.5:
        patch["scoring"] = {"measures": [{"metric": "structures", "income": True, "vp": v.randint(1, 2)},
                                         {"metric": "held", "resource": "labor", "per": 2, "vp": -1}][:v.randint(1, 2)]}
    for sid in data["structures"]:
        if v.random() < 0.2:
            patch["structures"].setdefault(sid, {})["copies"] = 1
    w = random.Random(9000 + n)                          # structures given at setup and upgrades, on their own draws
    if w.random() < 0.5:
        given = w.choice([sid for sid in ("camp", "smithy", "union") if not patch["structures"].get(sid, {}).get("copies")]
                         or ["union"])
        patch["structures"].get(given, {}).pop("copies", None)
        patch["setup"]["given_structures"] = [{"structure": given, "vp": w.choice(["none", "first", "later"])}]
    if w.random() < 0.5:
        patch["structures"]["tower"] = {"name": "Tower", "cost": {"labor": w.randint(1, 4), "coin": w.randint(1, 4)},
                                        "vp": {"first": w.randint(1, 3), "later": w.randint(0, 1)},
                                        "upgrades": w.choice(["bank", "village", "mill"]),
                                        "effects": [{"income": {"coin": 1}}]}
    x = random.Random(13000 + n)                         # chance: a conversion with a roll, on its own draws
    if x.random() < 0.6:
        sides = x.randint(2, 20)
        patch["conversions"] = {"gamble": {
            "name": {"en": "Gamble", "fr": "Pari"}, "pay": {x.choice(("coin", "labor")): x.randint(1, 2)},
            "gain": {x.choice(("coin", "labor")): x.randint(1, 4)}, "always": True, "per_turn": x.randint(1, 3),
            "roll": {"sides": sides, "at_least": x.randint(2, sides)}}}
    y = random.Random(17000 + n)                         # interaction: a toll and a steal, on their own draws
    if y.random() < 0.6:
        spaces = [dict(sp) for sp in data["work_cycle"]["spaces"]]
        y.choice(spaces)["toll"] = {y.choice(("coin", "labor")): y.randint(1, 2)}
        patch["work_cycle"] = {"spaces": spaces}
    if y.random() < 0.6:
        steal = {y.choice(("coin", "labor")): y.randint(1, 3), "from": y.choice(("next", "richest"))}
        patch["structures"]["den"] = {"name": "Den", "cost": {"labor": y.randint(1, 3)}, "vp": {"first": 1, "later": 0},
                                      "effects": [{"steal": steal}]}
    z = random.Random(21000 + n)                         # conditions on effects, relative measures: draws of their own
    if z.random() < 0.7:
        def cond():
            return z.choice([{"metric": "vp_behind", "at_least": z.randint(1, 3)}, {"metric": "vp_lead", "at_most": 1},
                             {"metric": "rank", "at_least": 2}, {"metric": "coin_value", "at_most": z.randint(1, 5)},
                             {"metric": "structures", "compare": z.choice(["most", "fewest"])}])
        when = z.choice(["built", "first_turn", "end_of_game"])
        patch["structures"]["almshouse"] = {
            "name": "Almshouse", "cost": {"labor": z.randint(1, 3), "coin": z.randint(0, 2)}, "vp": {"first": 1, "later": 0},
            "effects": [{"income": {"coin": 2, "if": cond()}},
                        {"gain": {"when": when, ("coin" if when == "end_of_game" else "labor"): 2, "if": cond()}},
                        {"space_yield": {"space": z.choice(["labor_top", "coin"]), "labor": 2, "if": cond()}},
                        {"space_bonus": {"space": "coin", "coin": 1, "if": cond()}}][:z.randint(1, 4)]}
    if z.random() < 0.5:
        patch.setdefault("goals", {})["most"] = {
            "name": "Most", "check": z.choice(["immediate", "end_of_turn"]),
            "condition": {"metric": z.choice(["structures", "coin_value", "workers"]), "compare": z.choice(["most", "fewest"]),
                          "at_least": z.randint(1, 4)}}
    if z.random() < 0.3:
        patch["end"]["conditions"] = list(patch["end"].get("conditions") or data["end"]["conditions"]) + [
            {"player_condition": {"metric": z.choice(["vp_lead", "vp_behind"]), "at_least": z.randint(4, 8)}}]
    e = random.Random(25000 + n)                         # a deck of event cards, on draws of its own
    if e.random() < 0.7:
        lasts = e.choice(["round", "until_next", "game"])
        kinds = ["space_yield", "cost", "give"] + (["forbid"] if lasts != "game" else [])   # never forbidden for good
        cards = []
        for i in range(e.randint(1, 5)):
            kind = e.choice(kinds)
            card = {"id": f"card{i}", "name": f"Card {i}", "count": e.randint(1, 3)}
            if kind == "space_yield":
                card[kind] = {"space": e.choice(["labor_top", "coin", "labor_low"]),
                              "add": {e.choice(["coin", "labor"]): e.choice([-2, -1, 1, 2])}}
            elif kind == "cost":
                card[kind] = {"structure": e.choice(["bank", "camp", "mill", "lender", "harbor"]),
                              "add": {e.choice(["coin", "labor"]): e.choice([-3, -1, 1, 2])}}
            elif kind == "give":
                card[kind] = {e.choice(["coin", "labor"]): e.randint(1, 2)}
            else:
                card[kind] = e.choice([{"build": "bank"}, {"space": e.choice(["labor_top", "coin", "labor_low"])},
                                       {"conversion": "grind"}])
            cards.append(card)
        patch["events"] = {"weather": {"name": "Weather", "lasts": lasts, "cards": cards,
                                       "reveal": e.choice(["start_of_round", "start_of_turn", {"on_build": "mill"}])}}
    h = random.Random(26000 + n)                         # secret objectives dealt at setup, on draws of their own
    if h.random() < 0.6:
        measures = [{"metric": "coin_value", "at_least": h.randint(3, 12)}, {"metric": "structures", "at_least": h.randint(2, 6)},
                    {"metric": "owns", "structure": h.choice(list(data["structures"])), "at_least": 1},
                    {"metric": "held", "resource": "labor", "at_most": h.randint(0, 2)}]
        cards = {f"card{i}": {"name": {"en": f"Card {i}", "fr": f"Carte {i}"}, "vp": h.randint(0, 4),
                              "condition": h.choice(measures + [{"any": h.sample(measures, 2)}, {"not": h.choice(measures)}])}
                 for i in range(h.randint(2, 6))}
        patch["objectives"] = {"deal": h.randint(1, len(cards) // 2), "cards": cards}
        if h.random() < 0.5:                             # a choice before the first turn: keep fewer than dealt
            patch["objectives"]["keep"] = h.randint(1, patch["objectives"]["deal"])
        k = random.Random(29000 + n)                     # when each card is checked, on draws of their own
        this_turn = [{"metric": "earned_this_turn", "resource": "labor", "at_least": k.randint(2, 5)},
                     {"metric": "coins_spent_this_turn", "at_least": k.randint(1, 4)},
                     {"metric": "conversions_this_turn", "conversion": "grind", "at_least": k.randint(1, 2)}]
        for card in cards.values():
            if k.random() < 0.4:                         # a card of this turn alone ("in a single turn")
                card["condition"] = k.choice(this_turn + [{"all": [k.choice(this_turn), k.choice(measures)]}])
            card["check"] = k.choice(list(OBJECTIVE_CHECKS))
            if card["check"] == "end_of_game" and this_turn_only(card["condition"]):
                card["check"] = k.choice(["immediate", "end_of_turn"])   # read only at the end: refused (validate)
    b = random.Random(27000 + n)                         # decisions before the first turn: a bid, a draft
    if b.random() < 0.5:
        least = min(patch["setup"]["starting_coins"])
        if least >= 1 and b.random() < 0.7:
            bid = {"in": "coin", "max": b.randint(1, least)}
        else:                                            # in Labor, each seat's first-turn Labor dealt by the order
            start = [b.randint(1, 3), b.randint(1, 3)]
            patch.setdefault("resources", {}).setdefault("labor", {})["start"] = start
            bid = {"in": "labor", "max": b.randint(1, min(start))}
        patch["setup"]["bid"] = {**bid, "sealed": b.random() < 0.5, "ties": b.choice(["bidding_order", "random"])}
    if b.random() < 0.5:
        given = {g["structure"] for g in patch["setup"].get("given_structures", ())}
        picks = b.randint(1, 2)
        pool = [sid for sid in ("lender", "camp", "village", "mill", "smithy", "union") if sid not in given]
        patch["setup"]["draft"] = {"structures": b.sample(pool, b.randint(2 * picks, len(pool))), "picks": picks,
                                   "order": b.choice(["snake", "seat"]), "vp": b.choice(["first", "later"])}
    t = random.Random(28000 + n)                         # trades with consent: offers and answers, on their own draws
    if t.random() < 0.6:
        offers = {}
        for i in range(t.randint(1, 3)):
            give = t.choice(("coin", "labor"))
            get = {"labor" if give == "coin" else "coin": t.randint(1, 3)}
            offers[f"deal{i}"] = {"give": {give: t.randint(1, 3)}, "get": get} if t.random() < 0.8 else {"get": get}
        patch["trades"] = {"per_turn": t.randint(1, 2), "phases": t.choice([["spending"], ["work"], ["work", "spending"]]),
                           "offers": offers}
    q = random.Random(31000 + n)                         # seats and replacing upgrades, on their own draws
    if q.random() < 0.5:                                 # a structure only one seat may build (never a drafted one)
        sid = q.choice(["mill", "smithy", "union", "village"])
        if sid not in (patch["setup"].get("draft") or {}).get("structures", ()):
            patch["structures"].setdefault(sid, {})["seats"] = [q.randint(1, 2)]
    if q.random() < 0.5:                                 # a structure given to one seat only
        taken = {g["structure"] for g in patch["setup"].get("given_structures", ())} | set(
            (patch["setup"].get("draft") or {}).get("structures", ())) | {
            sid for sid, st in patch["structures"].items() if st.get("seats")}
        free = [sid for sid in ("bank", "camp", "smithy", "union") if sid not in taken]
        if free:
            patch["setup"].setdefault("given_structures", []).append(
                {"structure": q.choice(free), "vp": q.choice(["none", "first"]), "seats": [q.randint(1, 2)]})
    if q.random() < 0.5:                                 # each player's own workers, or one seat's
        patch["workers"] = {"scout": {"count": q.randint(1, 2), "access": "everyone",
                                      "seats": q.choice(["each", [1], [2]]), "start": ["coin"]}}
    if q.random() < 0.5:                                 # an upgrade that replaces
        patch["structures"]["keep"] = {"name": "Keep", "cost": {"labor": q.randint(1, 3), "coin": q.randint(1, 3)},
                                       "vp": {"first": q.randint(1, 3), "later": q.randint(0, 1)},
                                       "replaces": q.choice(["lender", "mill", "camp"]),
                                       "effects": [{"income": {"labor": 1}}]}
    a = random.Random(29000 + n)                         # activated abilities, and a card setting a yield: own draws
    if a.random() < 0.6:
        abilities = {}
        for i in range(a.randint(1, 2)):
            ability = {"name": f"Ability {i}", "per_turn": a.randint(1, 2),
                       "phases": a.choice([["spending"], ["work"], ["work", "spending"]]),
                       "steal": {"from": a.choice(["chosen", "next", "richest", "each_other"]),
                                 a.choice(("coin", "labor")): a.randint(1, 3)}}
            if a.random() < 0.8:
                ability["pay"] = {a.choice(("coin", "labor")): a.randint(1, 2)}
            if a.random() < 0.5:
                ability["requires"] = a.choice([["camp"], ["mill"], {"any_of": ["lender", "smithy"]}])
            abilities[f"power{i}"] = ability
        patch["abilities"] = abilities
    if a.random() < 0.5 and patch.get("events"):
        patch["events"]["weather"]["cards"].append(
            {"id": "fair", "name": "Fair", "space_yield": {"space": a.choice(["labor_top", "coin", "labor_low"]),
                                                           "set": {a.choice(["coin", "labor"]): a.randint(0, 3)}}})
    return load_ruleset(variant(tmp_path, patch, base=base, name=f"generated-{n}"))


def test_the_generated_objectives_draw_every_check_and_never_read_a_this_turn_card_only_at_the_end(tmp_path):
    """The house rules above draw each card's ``check`` (so that the engines are compared on cards met during the
    game), and give a card of this turn alone a check during the game: read only when the game is over it would be
    refused, as ``rulekit validate`` says of the same card with ``check: end_of_game``."""
    from rulekit.language import validate_path

    drawn = set()
    for n in range(VARIANTS):
        rs = generated_variant(tmp_path, n)
        for card in ((rs.data.get("objectives") or {}).get("cards") or {}).values():
            drawn.add((card["check"], this_turn_only(card["condition"])))
    assert {check for check, _alone in drawn} == set(OBJECTIVE_CHECKS)
    assert ("end_of_game", True) not in drawn and {("immediate", True), ("end_of_turn", True)} & drawn
    alone = {"metric": "coins_spent_this_turn", "at_least": 2}
    assert this_turn_only(alone) and this_turn_only({"all": [alone, {"metric": "structures", "at_least": 1}]})
    card = {"name": "Spender", "vp": 1, "condition": alone}
    problems = validate_path(variant(tmp_path, {"objectives": {"deal": 1, "cards": {
        "spender": dict(card, check="end_of_game"), "other": dict(card, check="immediate")}}}, name="at-the-end"))
    assert [p.pointer for p in problems] == ["/objectives/cards/spender/condition"]


def wide_variant(tmp_path):
    """A house rule past 32 structures and 32 workers (48 structures, 45 workers with the sailors): the
    compiled core holds sets of them in 64-bit integers, where a 32-bit shift would lose the 33rd."""
    effects = ({"space_yield": {"space": "coin", "coin": 1}}, {"income": {"labor": 1}})
    huts = {f"hut{i}": {"name": f"Hut {i}", "cost": {"labor": 1}, "vp": {"first": 1, "later": 1},
                        "effects": [effects[i % 2]]} for i in range(40)}
    return load_ruleset(variant(tmp_path, {
        "components": {"structure_tokens": 48}, "structures": huts,
        "sailors": {"count": 20, "max_on_cycle": 40, "cost": {"coin": 0}, "per_turn": 2},
        "end": {"conditions": [{"player_condition": {"metric": "structures", "at_least": 20}}]}}, name="wide"))


def test_same_games_past_32_structures_and_workers(tmp_path):
    rs = wide_variant(tmp_path)
    c = FAST.compile_ruleset(rs)
    assert c.n_struct == 48 and c.n_workers == 45
    for seed in range(GAMES_PER_VARIANT):
        play_both(rs, seed)
    # The games reach the high bits: a 33rd-or-later structure built, a 33rd-or-later worker moved.
    high_structures = high_workers = 0
    for seed in range(GAMES_PER_VARIANT):
        st = FAST.new_game(rs, seed=seed, first_player=seed % 2)
        rng = random.Random(seed)
        while not st.is_terminal():
            st._apply(rng.choice(st.legal_actions()))
            high_structures |= (st.owned[0] | st.owned[1]) >> 32     # a two-player ruleset
            high_workers |= st.moved >> 32
    assert high_structures and high_workers


def long_table_variant(tmp_path, spaces: int = 130):
    """A house rule whose work cycle has ``spaces`` spaces (130: 520 moves, 4 kinds on each): its action table is
    longer than the compiled core's buffer on the C stack (game.LEGAL_STACK), so the legal actions are listed in
    one allocated for the call, and its moves are past the 62 the work phase collects as a bit set."""
    base = load_ruleset("province-en").data["work_cycle"]
    cycle = [dict(sp) for sp in base["spaces"]]
    cycle += [{"id": f"field{i}", "yields": {("labor", "coin")[i % 2]: 1}} for i in range(spaces - len(cycle))]
    return load_ruleset(variant(tmp_path, {"work_cycle": {"spaces": cycle, "entry": base["entry"]}},
                                name=f"long-table-{spaces}"))


def test_same_games_past_the_stack_buffer_of_legal_actions(tmp_path):
    rs = long_table_variant(tmp_path)
    c = FAST.compile_ruleset(rs)
    assert len(c.actions) > PURE.game.LEGAL_STACK and c.n_kinds * c.n_spaces > 62
    for seed in range(20):
        play_both(rs, seed)


def test_the_stack_buffer_of_legal_actions_is_sized_as_game_py_says():
    """game.pxd sizes the C stack buffers of State._legal and State.playout; game.py's LEGAL_STACK decides which
    tables use them: a buffer declared smaller would be written past its end."""
    import re

    pxd = (Path(core.__file__).parent / "game.pxd").read_text(encoding="utf-8")
    sizes = [int(m) for m in re.findall(r"stack=cython\.int\[(\d+)\]", pxd)]
    assert len(sizes) == 2 and set(sizes) == {PURE.game.LEGAL_STACK}


def test_the_key_packs_every_integer_within_its_buffer():
    """State._ints_key packs the scalars and every row's used entries into a C stack buffer of game.py's KEY_INTS
    (game.pxd declares it): the rows at their largest fit, and both engines pack the same bytes."""
    import re

    g = PURE.game
    pxd = (Path(core.__file__).parent / "game.pxd").read_text(encoding="utf-8")
    assert [int(m) for m in re.findall(r"stack=cython\.longlong\[(\d+)\]", pxd)] == [g.KEY_INTS]
    largest = g.MAX_SEATS * (g.MAX_POOL + 3) + 3 * g.MAX_ITEMS + g.MAX_POOL + g.MAX_ITEMS
    assert g.KEY_SCALARS + largest <= g.KEY_INTS
    for rid in ("province-en", "province-3p", "events", "trading"):
        rs = load_ruleset(rid)
        a, b = PURE.game.new_game(rs, seed=4), FAST.new_game(rs, seed=4)
        for _ in range(40):
            assert a._ints_key() == b._ints_key() and a.key() == b.key()
            c = a.c
            used = g.KEY_SCALARS + c.n_players * (c.n_pool + 3) + c.n_struct + 2 * c.n_workers + c.n_pool + len(c.conv_ids)
            assert len(a._ints_key()) == 8 * used
            if a.is_terminal():
                break
            act = a.legal_actions()[-1]
            a._apply(act)
            b._apply(act)


@pytest.mark.parametrize("n", range(VARIANTS))
def test_same_games_on_generated_variants(tmp_path, n):
    rs = generated_variant(tmp_path, n)
    assert rs.data["id"] == f"generated-{n}"
    for seed in range(GAMES_PER_VARIANT):
        play_both(rs, seed)


@pytest.mark.parametrize("from_path", [False, True], ids=["as installed", "from sys.path"])
def test_pure_python_switch_in_a_fresh_process(from_path):
    """RULEKIT_PURE_PYTHON=1 makes the whole command run the .py sources, whether Python finds the
    package through the install or on its path (as a plain install or a script in the checkout does,
    where nothing else has imported importlib.machinery)."""
    import subprocess
    import sys

    code = ("import rulekit.engine as e, rulekit.engine.game as g, rulekit.bots.policy as b; "
            "import rulekit.engine.provisions.state as ps, rulekit.bots.provisions_policy as pp; "
            "import rulekit.bots.determinized as d; "
            "print(e.ENGINE, *(m.__file__.rsplit('.', 1)[-1] for m in (g, b, ps, pp, d)), "
            "e.provisions.new_game.__module__, e.provisions.State is ps.State)")
    env = dict(os.environ, RULEKIT_PURE_PYTHON="1")
    if from_path:
        env["PYTHONPATH"] = str(Path(core.__file__).resolve().parent.parent.parent)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert out.split() == ["pure", "Python", "py", "py", "py", "py", "py", "rulekit.engine.provisions.state", "True"]


POLICY_GAMES = tier.games(full=60, quick=6)


def policy_both(rs, seed):
    """One seeded game on both engines with both policies: at every position the evaluation for
    each player and the greedy move agree; every few actions the greedy policy plays a stretch on
    clones of both and leaves the same state. The game itself mixes greedy and random moves."""
    n = rs.player_counts[seed % len(rs.player_counts)]
    first = None if FAST.compile_ruleset(rs, n).first_random else seed % n
    a = FAST.new_game(rs, seed=seed, first_player=first, players=n)
    b = PURE.game.new_game(rs, seed=seed, first_player=first, players=n)
    rng = random.Random(seed)
    steps = 0
    while not a.is_terminal():
        la, lb = a.legal_actions(), b.legal_actions()
        assert la == lb and a.key() == b.key(), f"seed {seed}, action {steps}"
        for p in range(n):
            assert fast_policy.evaluate(a, p) == PURE_POLICY.evaluate(b, p), f"seed {seed}, action {steps}"
        greedy = fast_policy.greedy_action(a, la)
        assert greedy == PURE_POLICY.greedy_action(b, lb), f"seed {seed}, action {steps}"
        if steps % 7 == 0:
            ca, cb = a.clone(), b.clone()
            turn = ca.turn
            played = fast_policy.play_greedy(ca, turn + 2, 60)
            assert played == PURE_POLICY.play_greedy(cb, turn + 2, 60)
            assert ca.key() == cb.key() and list(ca.log) == list(cb.log), f"seed {seed}, action {steps}"
        if steps % 7 == 3:                           # a plan played as far as it is legal (the search's replay)
            ca, cb = a.clone(), b.clone()
            plan = tuple(rng.choice(la) for _ in range(4))
            played = fast_policy.play_plan(ca, plan)
            assert played == PURE_POLICY.play_plan(cb, plan) and played >= 1
            assert ca.key() == cb.key() and list(ca.history) == list(a.history) + list(plan[:played])
        action = greedy if rng.random() < 0.6 else rng.choice(la)
        a._apply(action)
        b._apply(action)
        steps += 1
    assert b.is_terminal() and a.result() == b.result()
    return steps


@pytest.mark.parametrize("ruleset_id", bundled_of("province"))   # the compiled core is Province's engine
@pytest.mark.parametrize("play, games", [(partial(play_both, conformance=True), GAMES_PER_RULESET),
                                         (policy_both, POLICY_GAMES)], ids=["engine", "policy"])
def test_same_games_on_bundled_rulesets(ruleset_id, play, games):
    """Random games checked and compared action by action (engine: the conformance and the
    differential test); greedy and random moves with the evaluation compared at every position (policy)."""
    rs = load_ruleset(ruleset_id)
    actions = sum(play(rs, seed) for seed in range(games))
    assert actions > games * 10


@pytest.mark.parametrize("n", range(0, VARIANTS, 3))
def test_same_policy_on_generated_variants(tmp_path, n):
    rs = generated_variant(tmp_path, n)
    for seed in range(POLICY_GAMES // 3):
        policy_both(rs, seed)


def test_every_field_of_a_state_is_declared_for_the_compiled_core():
    """The compiled State has no instance __dict__: a slot added to game.py's State without its line in
    game.pxd would be missing there (AttributeError here), instead of slowing every attribute look-up."""
    rs = load_ruleset(sorted(bundled_rulesets())[0])
    st = FAST.new_game(rs, seed=3)
    rows = PURE.game.ROWS
    for name in PURE.game.State.__slots__:
        if name.startswith("_") and name[1:] in rows:      # a row: a C array, read and set through its property
            row = getattr(st, name[1:])
            row[:] = list(row)
            continue
        setattr(st, name, getattr(st, name))
    assert st.key() == FAST.new_game(rs, seed=3).key()
    assert sorted(n[1:] for n in PURE.game.State.__slots__ if n[1:] in rows) == sorted(rows)


def test_the_flags_the_core_reads_as_c_truth_values_are_booleans_in_the_language():
    """game.pxd declares the ruleset's flags read in the hot paths as C truth values, which would turn a flag that
    became a count into True without a word: each is a comparison, a bool() or a boolean of the schema."""
    import re

    from rulekit.language.ruleset import schema
    pxd = (Path(core.__file__).parent / "game.pxd").read_text(encoding="utf-8")
    compiled = pxd.split("cdef class Compiled:")[1].split("cdef class State:")[0]
    flags = {name for line in re.findall(r"cdef public bint ([\w, ]+)", compiled) for name in line.split(", ")}
    assert flags == {"sailor_shared", "take_from_opponent", "repay_same_turn", "chain_end_of_turn", "finish_round",
                     "cast_on_build", "cast_at_start", "end_static", "seat_forbid_any", "seats_dealt"}
    r = schema()["$defs"]["ruleset"]["properties"]
    cast = r["casting"]["properties"]["cast"]["properties"]
    borrowing, end, goals = (r[k]["properties"] for k in ("borrowing", "end", "goal_rules"))
    assert {borrowing["repay_same_turn"]["type"], borrowing["take_from_opponent"]["type"],
            cast["on_first_build"]["type"], cast["start_of_holder_turn"]["type"], end["finish_round"]["type"],
            goals["check_revealed_at_end_of_turn"]["type"]} == {"boolean"}
    c = PURE.game.compile_ruleset(load_ruleset("province-fr"))
    assert all(type(getattr(c, name)) is bool for name in flags)


def test_the_rows_are_sized_as_game_py_says():
    """game.pxd sizes each row's C array; game.py's MAX_SEATS, MAX_ITEMS and MAX_POOL say what the language
    allows: a row declared smaller would be written past its end by a ruleset at the limit."""
    import re

    g = PURE.game
    sizes = {"pool": g.MAX_SEATS * g.MAX_POOL, "earned": g.MAX_POOL, "owned": g.MAX_SEATS, "first_due": g.MAX_SEATS,
             "first_builder": g.MAX_ITEMS, "wpos": g.MAX_ITEMS, "wowner": g.MAX_ITEMS, "conv_used": g.MAX_ITEMS,
             "purses": g.MAX_SEATS}
    pxd = (Path(core.__file__).parent / "game.pxd").read_text(encoding="utf-8")
    compiled, state = pxd.split("cdef class Compiled:")[1].split("cdef class State:")
    declared = {m.group(1): int(m.group(2)) for m in re.finditer(r"cdef (?:long long|int|short) _(\w+)\[(\d+)\]", state)}
    assert declared == sizes
    # The compiled tables' rows (Compiled._lay_tables): one entry per structure.
    tables = {m.group(1): int(m.group(2)) for m in re.finditer(r"cdef (?:long long|int) _(\w+)\[(\d+)\]", compiled)}
    assert tables == {"requires": g.MAX_ITEMS, "unlocks": g.MAX_ITEMS, "worker_kind": g.MAX_ITEMS,
                      "kind_workers": g.MAX_ITEMS, "build_action": g.MAX_ITEMS, "vp_first": g.MAX_ITEMS, "vp_later": g.MAX_ITEMS,
                      "given_vp": g.MAX_ITEMS, "conv_unlocks": g.MAX_ITEMS, "conv_always": g.MAX_ITEMS,
                      "conv_per_turn": g.MAX_ITEMS, "conv_pay_coin": g.MAX_ITEMS, "conv_gain_coin": g.MAX_ITEMS,
                      "conv_action": g.MAX_ITEMS, "pool_end": g.MAX_POOL, "pool_cap": g.MAX_POOL}
    c = PURE.game.compile_ruleset(load_ruleset("province-en"))
    assert [len(getattr(c, "_" + name)) for name in tables] == list(tables.values())
    assert c._requires[:c.n_struct] == list(c.requires) and c._vp_first[:c.n_struct] == list(c.vp_first)
    assert c._unlocks[:c.n_struct] == list(c.unlocks) and c._worker_kind[:c.n_workers] == list(c.worker_kind)
    assert c._kind_workers[:c.n_kinds] == [sum(1 << w for w in range(c.n_workers) if c.worker_kind[w] == k)
                                           for k in range(c.n_kinds)] and all(c._kind_workers[:c.n_kinds])
    k = len(c.conv_ids)
    assert c._conv_unlocks[:c.n_struct] == list(c.conv_unlocks) and c._conv_action[:k] == list(c.conv_action)
    assert c._conv_always[:k] == [int(a) for a in c.conv_always] and c._conv_pay_coin[:k] == list(c.conv_pay_coin)
    assert c._conv_per_turn[:k] == [-1 if per is None else per for per in c.conv_per_turn]
    assert c._conv_gain_coin[:k] == [g if needs else 0 for g, needs in zip(c.conv_gain_coin, c.conv_needs_payout)]
    assert c._pool_end[:c.n_pool] == list(c.pool_end) and c._pool_cap[:c.n_pool] == list(c.pool_cap)
    # The tables of no fixed length (Compiled._c_row): as pure Python, lists equal to the tuples they copy.
    assert c._action_kind == list(c.action_kind) and c._action_arg2 == list(c.action_arg2)
    assert c._next_space == list(c.next_space) and c._end_kind == list(c.end_kind)
    assert c._goal_at_end == [1 if at_end else 0 for at_end in c.goal_at_end]
    assert c._goal_vp == list(c.goal_vps) and c._action_chance == list(c.action_chance)
    # The score's other sources (State.score): the coin bonus (0, 0 without one) and how many measures.
    assert (c._coin_per, c._coin_vp, c._n_measures) == (0, 0, 0)
    fr = PURE.game.compile_ruleset(load_ruleset("province-fr"))
    assert (fr._coin_per, fr._coin_vp) == fr.coin_bonus
    eight = PURE.game.compile_ruleset(load_ruleset("eight-rounds"))
    assert eight._n_measures == len(eight.measures) > 0
    gamble = PURE.game.compile_ruleset(load_ruleset("gamble"))
    assert gamble._action_chance == list(gamble.action_chance) and 1 in gamble._action_chance
    three = PURE.game.compile_ruleset(load_ruleset("province-3p"))
    assert three._others == [q for p in range(3) for q in three.others[p]] == [1, 2, 2, 0, 0, 1]
    assert three._lender_seats == [sum(1 << q for q in three.lenders[p]) for p in range(3)] == [6, 5, 3]
    for t in (c, fr, eight, three):               # per structure and space: yield_if 1, yield_over 2, a bonus 4
        assert t._yield_at == [(sp in t.yield_if[s]) | (sp in t.yield_over[s]) << 1
                               | any(b[0] == sp for b in t.yield_bonus[s]) << 2
                               for s in range(t.n_struct) for sp in range(t.n_spaces)]
    assert any(c._yield_at) and any(fr._yield_at)
    tolls = PURE.game.compile_ruleset(load_ruleset("tolls"))
    assert tolls._moving_at == [tolls.toll_mask >> i & 1 for i in range(tolls.n_spaces)] and 1 in tolls._moving_at
    assert tolls.moving_spaces == tolls.toll_mask and not c.moving_spaces and not any(c._moving_at)
    st = PURE.game.new_game(load_ruleset("province-en"), seed=1)
    assert {name: len(getattr(st, "_" + name)) for name in g.ROWS} == sizes     # pure Python: lists of those sizes
    # The evaluation's rows per structure (rulekit/bots/policy.py, Tables).
    ppxd = (Path(core.__file__).parent.parent / "bots" / "policy.pxd").read_text(encoding="utf-8")
    assert {m.group(1): int(m.group(2)) for m in re.finditer(r"cdef int (\w+)\[(\d+)\]", ppxd)} == \
        {"income": g.MAX_ITEMS, "convs": g.MAX_ITEMS}
    from rulekit.bots.policy import WEIGHTS
    assert [int(n) for n in re.findall(r"cdef double w\[(\d+)\]", ppxd)] == [len(WEIGHTS)]   # the weights' terms
    from rulekit.language.soundness import MAX_SET
    assert MAX_SET <= g.MAX_ITEMS


def test_a_row_read_outside_the_engine_writes_back_and_keeps_its_length():
    """state.owned, state.pool...: a list of the row's entries whose assigned entries change the game, on both
    engines; adding or removing an entry is refused."""
    for new_game in (PURE.game.new_game, FAST.new_game):
        rs = load_ruleset("province-en")
        st = new_game(rs, seed=2)
        c = st.c
        st.owned[1] |= 1 << 3
        st.pool[c.n_pool + 0] += 2
        st.wpos[0] = -1
        assert st.owned == [0, 1 << 3] and st.pool[c.n_pool] == 2 and st.wpos[0] == -1
        assert len(st.wpos) == c.n_workers and len(st.first_builder) == c.n_struct
        with pytest.raises(IndexError):
            st.owned[2] = 1
        with pytest.raises(TypeError):
            st.wpos.append(0)
        assert st.clone().owned == [0, 1 << 3]


def test_without_cython_installed_the_source_reads_its_stand_in(monkeypatch):
    """game.py asks cython.compiled where the rows differ; where Cython is not installed at all (a pure-Python
    install), it reads rulekit/engine/nocython.py instead, and games play as with Cython's own shadow module."""
    import sys

    monkeypatch.setitem(sys.modules, "cython", None)           # import cython fails, as without Cython
    pkg = core.load_source("rulekit._pure_engine_nocython")
    assert pkg.game.cython.__name__.endswith(".nocython") and pkg.game.cython.compiled is False
    rs = load_ruleset("province-en")
    a, b = pkg.game.new_game(rs, seed=3), PURE.game.new_game(rs, seed=3)
    assert a.playout(3) == b.playout(3) and a.key() == b.key() and a.is_terminal()
