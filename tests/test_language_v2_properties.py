"""Property: any combination of the v2 fields that validates plays to the end, prints and diffs.

Hypothesis draws house rules over the new fields (turn rules, per-goal VP,
later builders, entries, long moves, gains, readings, a third declared
resource, clocks, caps, VP measures, copy limits, a conversion's roll, a toll and a steal, conditions on effects
and comparisons with the other players, offers of a trade, a deck of event cards, secret objectives) on top of province-en;
each must validate, give a rulebook and a diff, and play random games (told as
``rulekit play`` tells them, the play screen drawn now and then in English and
French) that end within the documented bounds (docs/engine.md: 600 turns, 60 actions a turn).
"""
import random

import yaml
import tier
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from rulekit import i18n
from rulekit.language import check_path, load_ruleset
from rulekit.play import layout
from rulekit.play.session import Console, Session
from rulekit.text.diff import rule_diff
from rulekit.text.rulebook import render_markdown


def _third_resource(draw, patch, mill_effects):
    """A declared third pool resource, Ore: lost, kept or partly carried; earned on a new
    Work Cycle space and/or by the Mill's income; spent on a new structure (and maybe
    counted by a goal)."""
    end = draw(st_.sampled_from(["lost", "kept", "carry"]))
    patch["resources"] = {"ore": {"name": {"en": "Ore", "fr": {"name": "Minerai", "plural": "Minerais",
                                                            "the": "le Minerai"}},
                                  "kind": "pool",
                                  "end_of_turn": {"carry": draw(st_.integers(1, 3))} if end == "carry" else end}}
    if end == "kept" and draw(st_.booleans()):
        patch["resources"]["ore"]["start"] = [draw(st_.integers(0, 2)), draw(st_.integers(0, 2))]
    sources = draw(st_.sampled_from([("space",), ("income",), ("space", "income")]))
    if "space" in sources:
        patch["work_cycle"] = {"spaces": [
            {"id": "labor_top", "yields": {"labor": 1}},
            {"id": "coin", "yields": {"coin": 1}},
            {"id": "labor_low", "yields": {"labor": 1}},
            {"id": "mine", "name": {"en": "Mine", "fr": {"name": "Mine", "the": "la Mine"}},
             "yields": {"ore": draw(st_.integers(1, 2))}}]}
    if "income" in sources:
        mill_effects[0]["income"]["ore"] = 1
    cost = {"ore": draw(st_.integers(1, 3))}
    if draw(st_.booleans()):
        cost["labor"] = draw(st_.integers(1, 2))
    if draw(st_.booleans()):
        cost["coin"] = draw(st_.integers(1, 2))
    patch["structures"]["forge"] = {"name": {"en": "Forge", "fr": {"name": "Forge", "the": "la Forge"}},
                                    "cost": cost, "vp": {"first": draw(st_.integers(1, 3)), "later": 1}}
    if draw(st_.booleans()):
        metric = draw(st_.sampled_from(["held", "earned_this_turn"]))
        patch.setdefault("goals", {})["ore"] = {
            "name": {"en": "Miner", "fr": "Mineur"}, "check": "immediate",
            "condition": {"metric": metric, "resource": "ore", "at_least": draw(st_.integers(1, 3))}}


@st_.composite
def house_rules(draw):
    patch = {"extends": "province-en", "id": "house"}
    turn = {}
    if draw(st_.booleans()):
        turn["builds"] = draw(st_.integers(1, 3))
    if draw(st_.booleans()):
        turn["labor_carry_over"] = draw(st_.integers(0, 5))
    if draw(st_.booleans()):
        turn["move_steps"] = draw(st_.integers(1, 2))
    if turn:
        patch["turn"] = turn
    if draw(st_.booleans()):
        patch["goals"] = {"labor": {"vp": draw(st_.integers(0, 3))}}
    if draw(st_.booleans()):
        patch["scoring"] = {"later_builder_vp": draw(st_.integers(0, 2))}
    if draw(st_.booleans()):
        patch["workers"] = {"camp": {"entry": draw(st_.sampled_from(["labor_top", "coin", "labor_low"]))}}
    effects = [{"income": {"labor": 1}}]
    if draw(st_.booleans()):
        effects.append({"long_move": {"steps": 2}})
    if draw(st_.booleans()):
        effects.append({"gain": {"when": draw(st_.sampled_from(["built", "end_of_game"])), "coin": draw(st_.integers(1, 3))}})
    if draw(st_.booleans()):
        effects.append({"space_bonus": {"space": "coin", "labor": 1}})
    patch["structures"] = {"mill": {"effects": effects}}
    if draw(st_.booleans()):
        _third_resource(draw, patch, effects)
    if draw(st_.booleans()):
        patch["borrowing"] = {"per_turn": draw(st_.integers(1, 2)), "repay_ends_effect": draw(st_.booleans())}
    if draw(st_.booleans()):
        patch["setup"] = {"starting_labor": [draw(st_.integers(0, 3)), draw(st_.integers(0, 3))]}
    if draw(st_.booleans()):
        _clocks_and_limits(draw, patch)
    if draw(st_.booleans()):
        _chance(draw, patch)
    if draw(st_.booleans()):
        _interaction(draw, patch)
    if draw(st_.booleans()):
        _trades(draw, patch)
    if draw(st_.booleans()):
        _conditions_and_comparisons(draw, patch)
    if draw(st_.booleans()):
        _events(draw, patch)
    if draw(st_.booleans()):
        _objectives(draw, patch)
    if draw(st_.booleans()):
        _before_the_first_turn(draw, patch)
    return patch


def _events(draw, patch):
    """A deck of event cards: revealed at the start of each round or turn, or when a structure is built, lasting
    a round, until the next card or the game; cards that change a yield or a cost, forbid an action (only for a
    round: validation refuses a forbid that may last for good, as one lasting until the next card does when it is
    the deck's last card) or give resources."""
    lasts = draw(st_.sampled_from(["round", "until_next", "game"]))
    table = [{"space_yield": {"space": draw(st_.sampled_from(["labor_top", "coin", "labor_low"])),
                              "add": {draw(st_.sampled_from(["coin", "labor"])): draw(st_.integers(-2, 2)) or 1}}},
             {"cost": {"structure": draw(st_.sampled_from(["bank", "camp", "mill", "lender"])),
                       "add": {draw(st_.sampled_from(["coin", "labor"])): draw(st_.integers(-2, 2)) or -1}}},
             {"give": {draw(st_.sampled_from(["coin", "labor"])): draw(st_.integers(1, 2))}}]
    if lasts == "round":
        table.append({"forbid": draw(st_.sampled_from([{"build": "bank"}, {"space": "coin"}, {"conversion": "grind"}]))})
    picks = draw(st_.lists(st_.integers(0, len(table) - 1), min_size=1, max_size=5))
    patch["events"] = {"weather": {
        "name": {"en": "Weather", "fr": {"name": "Météo", "the": "la Météo"}},
        "reveal": draw(st_.sampled_from(["start_of_round", "start_of_turn", {"on_build": "mill"}])), "lasts": lasts,
        "cards": [{"id": f"card{i}", "name": {"en": f"Card {i}", "fr": f"Carte {i}"}, "count": draw(st_.integers(1, 2)),
                   **table[k]} for i, k in enumerate(picks)]}}


def _objectives(draw, patch):
    """Hidden information: secret objective cards dealt at setup, scored when the game is over."""
    measure = st_.sampled_from([{"metric": "coin_value", "at_least": 8}, {"metric": "structures", "at_least": 4},
                                {"metric": "owns", "structure": "bank", "at_least": 1},
                                {"metric": "held", "resource": "labor", "at_most": 1}])
    conditions = st_.one_of(measure, st_.builds(lambda a, b: {"all": [a, b]}, measure, measure),
                            st_.builds(lambda a: {"not": a}, measure))
    count = draw(st_.integers(2, 6))
    cards = {f"card{i}": {"name": {"en": f"Card {i}", "fr": {"name": f"Carte {i}", "the": f"la Carte {i}"}},
                          "vp": draw(st_.integers(0, 4)), "condition": draw(conditions)} for i in range(count)}
    patch["objectives"] = {"deal": draw(st_.integers(1, count // 2)), "cards": cards}
    if draw(st_.booleans()):                                  # a choice before the first turn
        patch["objectives"]["keep"] = draw(st_.integers(1, patch["objectives"]["deal"]))


def _before_the_first_turn(draw, patch):
    """Decisions before the first turn: a bid for the seat order (open or sealed, in Coin, every bid paid from
    the starting coins dealt in the new order), a draft of structures owned from the start."""
    setup = patch.setdefault("setup", {})
    if draw(st_.booleans()):
        setup["bid"] = {"in": "coin", "max": draw(st_.integers(1, 2)), "sealed": draw(st_.booleans()),
                        "ties": draw(st_.sampled_from(["bidding_order", "random"]))}
    if draw(st_.booleans()):
        given = {g["structure"] for g in setup.get("given_structures", ())}
        picks = draw(st_.integers(1, 2))
        pool = draw(st_.lists(st_.sampled_from([s for s in ("camp", "mill", "smithy", "village", "bank", "lender")
                                                if s not in given]), min_size=2 * picks, max_size=6, unique=True))
        setup["draft"] = {"structures": pool, "picks": picks, "order": draw(st_.sampled_from(["snake", "seat"])),
                          "vp": draw(st_.sampled_from(["first", "later"]))}


def _trades(draw, patch):
    """Trades with consent: one to three offers (a resource for another, or a request for one), made in one or both
    phases, once or twice a turn; the player asked accepts or refuses at once."""
    offers = {}
    for i in range(draw(st_.integers(1, 3))):
        give = draw(st_.sampled_from(["coin", "labor"]))
        get = {"labor" if give == "coin" else "coin": draw(st_.integers(1, 3))}
        offers[f"deal{i}"] = {"give": {give: draw(st_.integers(1, 3))}, "get": get} if draw(st_.booleans()) else {"get": get}
    trades = {"offers": offers}
    if draw(st_.booleans()):
        trades["per_turn"] = draw(st_.integers(1, 2))
    if draw(st_.booleans()):
        trades["phases"] = draw(st_.sampled_from([["spending"], ["work"], ["work", "spending"]]))
    patch["trades"] = trades


def _interaction(draw, patch):
    """Interaction between players: a toll on a Work Cycle space (paid to the owner of a sailor or of a worker
    only they may move), a structure that steals from the next or the richest other player as it is built."""
    spaces = patch.get("work_cycle", {}).get("spaces") or [
        {"id": "labor_top", "yields": {"labor": 1}}, {"id": "coin", "yields": {"coin": 1}},
        {"id": "labor_low", "yields": {"labor": 1}}]
    i = draw(st_.integers(0, len(spaces) - 1))
    spaces[i]["toll"] = {draw(st_.sampled_from(["coin", "labor"])): draw(st_.integers(1, 2))}
    patch["work_cycle"] = {"spaces": spaces}
    if draw(st_.booleans()):
        steal = {draw(st_.sampled_from(["coin", "labor"])): draw(st_.integers(1, 3))}
        if draw(st_.booleans()):
            steal["from"] = draw(st_.sampled_from(["next", "richest"]))
        patch["structures"]["den"] = {"name": {"en": "Den", "fr": {"name": "Repaire", "the": "le Repaire"}},
                                      "cost": {"labor": draw(st_.integers(1, 3))}, "vp": {"first": 1, "later": 0},
                                      "effects": [{"steal": steal}]}


def _conditions_and_comparisons(draw, patch):
    """Conditions on effects and relative measures: an income, a gain, a yield or a bonus with an ``if``
    (on VP behind or ahead, the rank, coins, or a comparison with the others), a goal for the most or
    fewest of a measure, an end on a VP lead."""
    cond = st_.sampled_from([{"metric": "vp_behind", "at_least": 2}, {"metric": "vp_lead", "at_most": 0},
                             {"metric": "rank", "at_least": 2}, {"metric": "coin_value", "at_most": 3},
                             {"metric": "structures", "compare": "fewest"},
                             {"not": {"metric": "coin_value", "compare": "most"}}])
    effects = draw(st_.lists(st_.sampled_from(["income", "gain", "space_yield", "space_bonus"]), min_size=1, unique=True))
    table = {"income": {"coin": 2}, "gain": {"when": "built", "labor": 2},
             "space_yield": {"space": "labor_low", "labor": 2}, "space_bonus": {"space": "coin", "coin": 1}}
    patch["structures"]["almshouse"] = {
        "name": {"en": "Almshouse", "fr": "Hospice"}, "cost": {"labor": 2, "coin": 1}, "vp": {"first": 1, "later": 0},
        "effects": [{name: {**table[name], "if": draw(cond)}} for name in effects]}
    if draw(st_.booleans()):
        patch.setdefault("goals", {})["most"] = {
            "name": {"en": "Most", "fr": "Le plus"}, "check": draw(st_.sampled_from(["immediate", "end_of_turn"])),
            "condition": {"metric": draw(st_.sampled_from(["structures", "coin_value", "held"])), "resource": "labor",
                          "compare": draw(st_.sampled_from(["most", "fewest"])), "at_least": draw(st_.integers(1, 4))}}
        if patch["goals"]["most"]["condition"]["metric"] != "held":
            del patch["goals"]["most"]["condition"]["resource"]
    if draw(st_.booleans()):
        ends = patch.get("end", {}).get("conditions") or [
            {"player_condition": {"metric": "structures", "at_least": 7}}, {"all_structures_built": {}}, {"goals_exhausted": {}}]
        patch["end"] = {**patch.get("end", {}), "conditions": ends + [
            {"player_condition": {"metric": "vp_lead", "at_least": draw(st_.integers(3, 8))}}]}


def _chance(draw, patch):
    """Chance on an action: a conversion whose gain is earned only on a die's roll of at_least or more."""
    sides = draw(st_.integers(2, 20))
    patch["conversions"] = {"gamble": {
        "name": {"en": "Gamble", "fr": {"name": "Pari", "the": "le Pari"}},
        "pay": {draw(st_.sampled_from(["coin", "labor"])): draw(st_.integers(1, 2))},
        "gain": {draw(st_.sampled_from(["coin", "labor"])): draw(st_.integers(1, 4))},
        "always": draw(st_.booleans()), "per_turn": draw(st_.integers(1, 3)),
        "roll": {"sides": sides, "at_least": draw(st_.integers(2, sides))}}}
    if not patch["conversions"]["gamble"]["always"]:          # granted by the Mill
        patch["structures"]["mill"]["effects"].append({"conversion": {"conversion": "gamble"}})


def _clocks_and_limits(draw, patch):
    """The house-rule vocabulary of clocks, limits and structures: a clock among the end conditions, a
    goal on the round, a cap on kept Labor, VP counted by measures, copy limits on structures."""
    clock = draw(st_.sampled_from([{"rounds": draw(st_.integers(1, 12))}, {"turns": draw(st_.integers(1, 20))}]))
    patch["end"] = {"conditions": [{"player_condition": {"metric": "structures", "at_least": 7}},
                                   {"all_structures_built": {}}, {"goals_exhausted": {}}, {"clock": clock}],
                    "finish_round": draw(st_.booleans())}
    if draw(st_.booleans()):
        patch.setdefault("goals", {})["late"] = {
            "name": {"en": "Late", "fr": "Tardif"}, "check": "immediate",
            "condition": {"metric": draw(st_.sampled_from(["round", "turn"])), "at_least": draw(st_.integers(1, 6))}}
    if draw(st_.booleans()) and "labor_carry_over" not in patch.get("turn", {}):
        patch["resources"] = {**patch.get("resources", {}),
                              "labor": {"end_of_turn": "kept", "cap": draw(st_.integers(0, 6))}}
    measures = draw(st_.lists(st_.sampled_from([
        {"metric": "structures", "income": True, "vp": 1}, {"metric": "held", "resource": "labor", "per": 2, "vp": -1},
        {"metric": "coin_value", "per": 3, "vp": 1}, {"metric": "workers", "vp": 1}]), max_size=2, unique_by=str))
    if measures:
        patch["scoring"] = {**patch.get("scoring", {}), "measures": measures}
    for sid in draw(st_.lists(st_.sampled_from(["bank", "camp", "village", "mill", "smithy"]), max_size=3, unique=True)):
        patch["structures"].setdefault(sid, {})["copies"] = 1
    if draw(st_.booleans()):                              # a structure every player owns from the start
        patch["setup"] = {**patch.get("setup", {}), "given_structures": [
            {"structure": draw(st_.sampled_from(["union", "lender"])),
             "vp": draw(st_.sampled_from(["none", "first", "later"]))}]}
    if draw(st_.booleans()):                              # a structure built over another
        patch["structures"]["tower"] = {"name": {"en": "Tower", "fr": {"name": "Tour", "the": "la Tour"}},
                                        "cost": {"labor": draw(st_.integers(1, 4)), "coin": draw(st_.integers(1, 4))},
                                        "vp": {"first": draw(st_.integers(1, 3)), "later": 1},
                                        "upgrades": draw(st_.sampled_from(["bank", "village", "smithy"]))}


@settings(max_examples=tier.games(full=40, quick=10), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(house_rules(), st_.integers(0, 2 ** 16))
def test_v2_house_rules_validate_play_print_and_end(tmp_path, patch, seed):
    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump(patch), encoding="utf-8")
    problems, _warnings = check_path(path)
    assert problems == []
    rs = load_ruleset(path)
    assert render_markdown(rs) and rule_diff(load_ruleset("province-en"), rs) is not None
    rng = random.Random(seed)
    out = []
    session = Session(ruleset=rs, seed=seed, players=["human", "human"], first_player=0,
                      console=Console(interactive=False, color=False, write=out.append))
    st = session.state
    actions_this_turn, turn = 0, st.turn
    while not st.is_terminal():
        session.play_action(rng.choice(st.legal_actions()), save=False)   # the story is told as at `rulekit play`
        st = session.state
        if st.turn != turn and st.turn % 8 == 0 or st.is_terminal():
            _screens(session)
        actions_this_turn = actions_this_turn + 1 if st.turn == turn else 0
        turn = st.turn
        assert actions_this_turn <= 60 and st.turn <= 600
    assert out


def _screens(session):
    """The play screen in both layouts, in English and in French."""
    for lang, (columns, rows) in (("en", (80, 24)), ("fr", (120, 45))):
        with i18n.language(lang):
            assert layout.fit_screen(session.state, session.names, session.console, session.story, "T", columns, rows)
    i18n.set_language("en")
