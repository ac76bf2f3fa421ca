"""Property: whatever the validator accepts plays, prints, diffs and simulates, and ends.

Hypothesis writes house rules of ``province-en`` from the parts of the schema
that size a game — counts (structure tokens, goals drawn, workers, ship
tokens and their outcomes, sailors), costs, yields, coins, starting coins,
conversions, end conditions — and every one that validates is played (a random bot
against the greedy one), printed as a rulebook, compared with its base and
simulated. Every game is bounded by a turn cap, never by a clock: a turn
must end within the actions the ruleset allows (docs/engine.md) and the
game within the cap.
"""
from __future__ import annotations

import tempfile
from pathlib import Path

import yaml
import tier
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rulekit.balance.simulate import run as simulate
from rulekit.bots import make_bot
from rulekit.engine import new_game
from rulekit.language import load_ruleset, validate_path
from rulekit.text.diff import render_text, rule_diff
from rulekit.text.rulebook import render_markdown

STRUCTURES = ("lender", "bank", "camp", "village", "mill", "smithy", "union", "harbor")
SPACES = ("labor_top", "coin", "labor_low")
TURN_CAP = 60
#: Most actions in one turn for these variants: 4 workers + 2 sailors moving,
#: build, borrow, hire, repay, exchanges, spend, end, and the conversions a
#: player's Labor and Coin can pay for (at most 6 + 3*4 + 2*5 + income... Labor).
ACTIONS_PER_TURN = 400


def small(lo, hi):
    return st.integers(lo, hi)


@st.composite
def variants(draw):
    data = {"extends": "province-en", "id": "prop", "title": "Property"}
    coins = {"silver": {"value": draw(st.sampled_from([1, 1, 1, 2, 3])), "count": draw(small(0, 30))},
             "gold": {"value": draw(small(4, 6)), "count": draw(small(0, 6))},
             "platinum": {"value": 10, "count": draw(small(0, 3))}}
    data["components"] = {"structure_tokens": draw(small(1, 9)), "goal_tokens": {"draw": draw(small(0, 9))},
                          "coins": coins}
    data["setup"] = {"starting_coins": [draw(small(0, 8)), draw(small(0, 8))]}
    count = draw(small(1, 4))
    start = draw(st.lists(st.sampled_from(SPACES), min_size=1, max_size=count))
    data["workers"] = {"green": {"count": count, "start": start}}
    data["work_cycle"] = {"spaces": [{"id": s, "yields": {"labor": draw(small(0, 3)), "coin": draw(small(0, 2))}}
                                     for s in SPACES], "entry": "labor_top"}
    data["structures"] = {s: {"cost": {"labor": draw(small(0, 6)), "coin": draw(small(0, 8))},
                              "vp": {"first": draw(small(0, 3)), "later": draw(small(0, 2))}} for s in STRUCTURES}
    data["conversions"] = {
        "grind": {"pay": {"labor": draw(small(1, 4))}, "gain": {"coin": draw(small(1, 2))}},
        "union": {"pay": {"coin": draw(small(1, 4))}, "gain": {"labor": draw(small(1, 3))}},
    }
    for conv in data["conversions"].values():
        limit = draw(st.one_of(st.none(), small(1, 3)))
        if limit is not None:                  # absent: no limit (a null would remove a field the base lacks)
            conv["per_turn"] = limit
    ships = draw(small(0, 3))
    data["components"]["ship_tokens"] = ships
    benefits = st.sampled_from([{"income": {"labor": 1}}, {"income": {"coin": 1}}, {"income": {"coin": 3}},
                                {"hire_sailor": True}])
    # written with the section's first-language name (harbor), which a variant may still use
    data["harbor"] = {"outcomes": [{"id": f"w{white}", "white": white, "benefit": draw(benefits)}
                                   for white in range(ships + 1)]}
    data["sailors"] = {"count": draw(small(0, 3)), "per_turn": draw(small(1, 2)), "cost": {"coin": draw(small(0, 4))}}
    conditions = draw(st.lists(st.sampled_from([
        {"player_condition": {"metric": "structures", "at_least": draw(small(0, 8))}},
        {"player_condition": {"metric": "vp", "at_least": draw(small(0, 20))}},
        {"all_structures_built": {}},
        {"goals_exhausted": {}},
    ]), min_size=1, max_size=3, unique_by=lambda c: next(iter(c))))
    data["end"] = {"conditions": conditions, "finish_turn": draw(st.booleans())}
    return data


@settings(max_examples=tier.games(full=30, quick=10), deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(data=variants(), seed=st.integers(0, 10_000))
def test_every_valid_variant_plays_prints_diffs_and_simulates(data, seed):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "variant.yaml"
        path.write_text(yaml.safe_dump(data), encoding="utf-8")
        problems = validate_path(path)
        assume(not problems)
        rs = load_ruleset(path)
        # Play: a random bot against the greedy one, every turn bounded, the game capped.
        bots = [make_bot("random", seed), make_bot("greedy", seed)]
        state = new_game(rs, seed=seed, first_player=None if rs.data["setup"]["first_player"] == "random" else 0)
        totals = state.c.coinage.totals
        in_turn = 0
        turn = state.turn
        while not state.is_terminal() and state.turn < TURN_CAP:
            state.apply(bots[state.current].choose(state))
            in_turn = in_turn + 1 if state.turn == turn else 0
            turn = state.turn
            assert in_turn <= ACTIONS_PER_TURN
            assert all(state.supply[d] + state.purses[0][d] + state.purses[1][d] == totals[d] for d in range(len(totals)))
        if state.is_terminal():
            assert state.legal_actions() == [] and state.end_reason is not None
        # Print, diff, simulate.
        book = render_markdown(rs)
        assert "Property" in book and "\x1b" not in book
        assert render_text(rule_diff(load_ruleset("province-en"), rs), "Province", "Property")
        games = simulate(rs, 2, bots=("random", "greedy"), seed=seed, max_turns=TURN_CAP)
        assert len(games) == 2 and all(g.finished or g.turns >= TURN_CAP for g in games)
