"""Province's typed rules model (rulekit/language/province_model.py): complete, and what the engine plays.

- Every property of every place of the schema (read from ``ruleset.source.json``, as
  :mod:`rulekit.language.places` reads it) is reached by a class of the model: the class says it
  stands for the place (``PLACES``) and names the attribute that holds the property, which it has.
- The model's defaults are the engine's: each bundled Province ruleset, with every field the model
  gives a default to taken out, is compiled by the engine, and what the engine plays is the model's.
"""
from __future__ import annotations

import copy
import dataclasses
import json
import re
from pathlib import Path

import pytest

from rulekit.engine.game import compile_ruleset
from rulekit.language import load_ruleset
from rulekit.language import province_model as pm
from rulekit.language.ruleset import Ruleset, bundled_rulesets
from rulekit.paths import SCHEMA_PATH

SOURCE = SCHEMA_PATH.parent / "ruleset.source.json"
ROOT = Path(__file__).resolve().parent.parent


def schema_places() -> dict:
    """place -> the properties the schema gives it. A place is a JSON pointer from the top
    (``/setup/bid``, ``/work_cycle/spaces/*``: ``*`` for the items of a list or the values of a
    mapping) or from a definition (``#/$defs/effect/gain``), following ``$ref`` once per definition."""
    schema = json.loads(SOURCE.read_text(encoding="utf-8"))
    out: dict = {}

    def walk(node, place, seen):
        if not isinstance(node, dict):
            return
        if "$ref" in node:
            ref = node["$ref"]
            if ref not in seen:
                target = schema
                for part in ref.lstrip("#/").split("/"):
                    target = target[part]
                walk(target, ref, seen | {ref})
        for key in ("oneOf", "anyOf", "allOf"):
            for sub in node.get(key, ()):
                walk(sub, place, seen)
        for prop, sub in node.get("properties", {}).items():
            out.setdefault(place, set()).add(prop)
            walk(sub, f"{place}/{prop}", seen)
        for key in ("additionalProperties", "items"):
            if isinstance(node.get(key), dict):
                walk(node[key], f"{place}/*", seen)

    walk(schema, "", frozenset())
    return out


def _attributes(cls) -> set:
    names = {f.name for f in dataclasses.fields(cls)}
    return names | {n for n, v in vars(cls).items() if isinstance(v, property)}


def _holds(cls, attribute: str) -> bool:
    """Whether ``attribute`` of ``cls`` exists; ``Other.attribute``: of another class of the model (or of the
    resolved ``Ruleset``), which holds what the resolution made of the field."""
    if "." in attribute:
        owner, attribute = attribute.split(".")
        cls = Ruleset if owner == "Ruleset" else getattr(pm, owner)
    return attribute in _attributes(cls)


def test_the_schema_walk_sees_the_schema():
    """Not blind: the places and properties the model must reach include those known to exist."""
    places = schema_places()
    assert {"any_of"} == places["#/$defs/structure/requires"]
    assert {"in", "max", "sealed", "ties", "pays"} == places["/setup/bid"]
    assert "toll" in places["/work_cycle/spaces/*"]
    assert sum(len(p) for p in places.values()) > 200


def test_every_schema_field_is_reached_by_the_model():
    model = pm.model_places()
    missing = []
    for place, props in sorted(schema_places().items()):
        rows = model.get(place)
        if not rows:
            missing.append(f"{place}: no class of the model stands for it (PLACES)")
            continue
        for prop in sorted(props):
            if not any(_holds(cls, props_map.get(prop, prop)) for cls, props_map in rows):
                missing.append(f"{place}/{prop}: no attribute of {', '.join(c.__name__ for c, _m in rows)} holds it")
    assert not missing, "fields of the schema the model does not reach:\n" + "\n".join(missing)


def test_the_model_names_no_place_the_schema_has_not():
    """A place or a property renamed in the schema is renamed in the model too."""
    places = schema_places()
    stale = [f"{place}/{prop}" for place, rows in pm.model_places().items() for _cls, props in rows
             for prop in props if prop not in places.get(place, ())]
    assert not stale


def test_a_field_missing_from_the_model_is_found(monkeypatch):
    """The completeness test is not blind: a property the model drops is reported."""
    monkeypatch.setattr(pm.Requirements, "PLACES", {"#/$defs/structure/requires": {}})
    monkeypatch.setattr(pm.Requirements, "__dataclass_fields__",
                        {k: v for k, v in pm.Requirements.__dataclass_fields__.items() if k != "any_of"})
    with pytest.raises(AssertionError, match="structure/requires/any_of"):
        test_every_schema_field_is_reached_by_the_model()


def test_requirements_in_one_form():
    assert pm.Requirements.of(["a", "b"]) == pm.Requirements(("a", "b"), ())
    assert pm.Requirements.of({"any_of": ["a", "b"]}) == pm.Requirements((), ("a", "b"))
    assert pm.Requirements.of(None) == pm.Requirements() and not pm.Requirements.of([])
    req = pm.Requirements(("a",), ("b", "c"))
    assert req.met({"a", "c"}) and not req.met({"a"}) and not req.met({"b", "c"})


# --- the model's defaults are what the engine plays ---------------------------------------------

#: (where in the data, key): every field the model gives a default to, taken out of a ruleset.
def _strip(data: dict) -> dict:
    """``data`` with every field the model defaults taken out (where the field is optional)."""
    d = copy.deepcopy(data)

    def drop(mapping, *keys):
        if isinstance(mapping, dict):
            for k in keys:
                mapping.pop(k, None)

    for r in d["resources"].values():
        drop(r, *pm.DEFAULTS["resource"])
    for st in d["structures"].values():
        drop(st, "copies")
        for eff in st.get("effects") or ():
            (kind, arg), = eff.items()
            if kind in ("long_move", "steal"):
                drop(arg, *pm.DEFAULTS[kind])
            if isinstance(arg, dict) and isinstance(arg.get("if"), dict):
                drop(arg["if"], *pm.DEFAULTS["condition"])
    for g in (d.get("goals") or {}).values():
        drop(g["condition"], *pm.DEFAULTS["condition"])
    drop(d, "turn", "other_players", "goal_rules")
    for c in (d.get("conversions") or {}).values():
        drop(c, *pm.DEFAULTS["conversion"])
        drop(c.get("roll"), *pm.DEFAULTS["roll"])
    drop(d.get("borrowing"), *pm.DEFAULTS["borrowing"])
    drop(d.get("trades"), *pm.DEFAULTS["trades"])
    drop(d.get("objectives"), *pm.DEFAULTS["objectives"])
    for card in ((d.get("objectives") or {}).get("cards") or {}).values():
        drop(card, *pm.DEFAULTS["objective"])
    drop(d["end"], *pm.DEFAULTS["end"])
    drop(d["components"], "labor_tracker")          # ship_tokens: required by a casting section
    drop(d["setup"], *pm.DEFAULTS["setup"])
    for g in d["setup"].get("given_structures") or ():
        drop(g, *pm.DEFAULTS["given_structure"])
    drop(d["setup"].get("bid"), *pm.DEFAULTS["bid"])
    drop(d["setup"].get("draft"), *pm.DEFAULTS["draft"])
    for m in d["scoring"].get("measures") or ():
        drop(m, *pm.DEFAULTS["measure"])
    for deck in (d.get("events") or {}).values():
        for card in deck["cards"]:
            drop(card, *pm.DEFAULTS["card"])
    for g in (d.get("goals") or {}).values():
        drop(g, "vp")
    return d


PROVINCE = [r for r in bundled_rulesets() if load_ruleset(r).family == load_ruleset("province-en").family]


def _played(c, m: pm.ProvinceModel, n: int):
    """What the engine's tables say of every field with a default, next to the model's words for it."""
    others = c.others
    pairs = [
        (c.builds_per_turn, m.turn.builds), (c.move_steps, m.turn.move_steps),
        (c.change_makers, tuple(others[p] if m.other_players.make_change == "in_turn_order" else
                                others[p][:1] if m.other_players.make_change == "next_player" else ()
                                for p in range(n))),
        (c.lenders, tuple(others[p] if m.other_players.borrow_from == "any" else
                          others[p][:1] if m.other_players.borrow_from == "next_player" else others[p][-1:]
                          for p in range(n))),
        (c.goal_removed_if_all, m.other_players.revealed_goal == "removed_if_all"),
        (c.next_seat[0], 1 if m.setup.turn_order == "clockwise" else n - 1),
        (c.chain_end_of_turn, m.check_revealed_at_end_of_turn),
        (c.finish_round, m.end.finish_round),
        (tuple(c.end_finish), tuple(e.finish_turn for e in m.end.conditions)),
        (tuple(c.end_keys), tuple(e.key for e in m.end.conditions)),
        (c.pool_end, tuple(-1 if r.end_of_turn == "kept" else 0 if r.end_of_turn == "lost" else r.carry
                           for r in m.resources if r.kind == "pool")),
        (c.pool_cap, tuple(-1 if r.cap is None else r.cap for r in m.resources if r.kind == "pool")),
        (c.pool_start, tuple(tuple(r.start or (0,) * n)[:n] for r in m.resources if r.kind == "pool")),
        (c.copies, tuple(s.copies for s in m.structures.values())),
        (c.vp_later, tuple(s.vp.later for s in m.structures.values())),
        (c.cost_coin, tuple(s.cost.get(m.coins_id) for s in m.structures.values())),
        (c.requires_any, tuple(sum(1 << c.struct_ids.index(r) for r in s.requires.any_of)
                               for s in m.structures.values())),
        (c.requires, tuple(sum(1 << c.struct_ids.index(r) for r in s.prerequisites.all_of)
                           for s in m.structures.values())),
        (c.leap_steps, [max((e.steps for e in s.effects_of("long_move")), default=0) for s in m.structures.values()]),
        (tuple(len(x) for x in c.steals), tuple(len(s.effects_of("steal")) for s in m.structures.values())),
        (tuple(x[0] for s in c.steals for x in s),
         tuple(int(e.source == "richest") for s in m.structures.values() for e in s.effects_of("steal"))),
        (c.conv_always, tuple(v.always for v in m.conversions.values())),
        (c.conv_per_turn, tuple(v.per_turn for v in m.conversions.values())),
        (c.conv_needs_payout, tuple(v.needs_payout for v in m.conversions.values())),
        (c.conv_roll_sides, tuple((v.roll or pm.Roll(0, 0)).sides for v in m.conversions.values())),
        (c.conv_roll_at_least, tuple((v.roll or pm.Roll(0, 0)).at_least for v in m.conversions.values())),
        (c.goal_vps, tuple(g.vp for g in m.goals.values())),
        (c.goals_drawn, m.components.goals_drawn),
        (c.tokens, m.components.structure_tokens),
        (tuple(c.coin_values), tuple(x.value for x in m.components.coins_by_value)),
        (c.measures and tuple((x[1], x[2], x[3] is not None) for x in c.measures),
         tuple((x.per, x.vp, x.only_if is not None) for x in m.scoring.measures) or ()),
        (c.trade_per_turn, m.trades.per_turn if m.trades else 0),
        (c.trade_phases, ((1 if "work" in m.trades.phases else 0) | (2 if "spending" in m.trades.phases else 0))
         if m.trades else 0),
        (c.obj_keep, m.objectives.keep if m.objectives else 0),
        (c.obj_deal, m.objectives.deal if m.objectives else 0),
        (c.obj_check, tuple(("end_of_game", "immediate", "end_of_turn").index(o.check)
                            for o in m.objectives.cards) if m.objectives else ()),
        (c.given_vp, tuple({"first": s.vp.first, "later": s.vp.later}.get(
            dict(m.setup.given_structures).get(sid), 0) for sid, s in m.structures.items())),
        (c.space_coin, tuple(s.yields.get(m.coins_id) for s in m.work_cycle.spaces)),
        (c.toll_coin, tuple(s.toll.get(m.coins_id) for s in m.work_cycle.spaces)),
        (c.kind_entry[:len(m.workers)], tuple(c.space_ids.index(w.entry or m.work_cycle.entry) for w in m.workers)),
    ]
    pairs += [(_leaves(engine), _leaves(mine)) for engine, mine in zip(
        list(c.goal_cond) + [e for e in c.end_conds if e is not None],
        [g.condition for g in m.goals.values()] + [e.condition for e in m.end.conditions if e.condition])]
    if m.borrowing and c.borrow_mask:
        pairs += [(c.borrow_per_turn, m.borrowing.per_turn), (c.repay_ends_effect, m.borrowing.repay_ends_effect),
                  (c.lender_penalty, m.borrowing.penalty_vp)]
    if m.casting:
        pairs += [(c.ship_tokens, m.components.ship_tokens),
                  (c.outcome_hire, tuple(o.hire_sailor for o in m.casting.outcomes))]
    if m.setup.bid:
        pairs += [(c.bid_max, m.setup.bid.max), (c.bid_sealed, m.setup.bid.sealed),
                  (c.bid_ties_random, m.setup.bid.ties == "random"), (c.bid_winner_pays, m.setup.bid.pays == "winner")]
    if m.setup.draft:
        pairs += [(c.draft_picks, m.setup.draft.picks), (c.draft_snake, m.setup.draft.order == "snake"),
                  (c.draft_first, m.setup.draft.vp == "first")]
    if m.sailors:
        pairs += [(c.sailor_per_turn, m.sailors.per_turn), (c.sailor_max, m.sailors.max_on_cycle)]
    return pairs


def _leaves(cond) -> tuple:
    """A condition's leaves, in order, as (metric, at least, at most, counts every worker): from the engine's compiled
    ``Condition`` (``parts``, ``param``) or the model's (``all``, ``any``, ``negated``, ``counting``)."""
    if isinstance(cond, pm.Condition):
        if cond.metric is None:
            return sum((_leaves(p) for p in cond.all + cond.any + ((cond.negated,) if cond.negated else ())), ())
        return ((cond.metric, cond.at_least, cond.at_most,
                 cond.counting == "all" if cond.metric == "workers_on_one_space" else None),)
    if cond.parts:
        return sum((_leaves(p) for p in cond.parts), ())
    return ((cond.metric, cond.at_least, cond.at_most,
             cond.param if cond.metric == "workers_on_one_space" else None),)


def _same(engine, mine) -> bool:
    if isinstance(engine, (tuple, list)) and isinstance(mine, (tuple, list)):
        return len(engine) == len(mine) and all(_same(a, b) for a, b in zip(engine, mine))
    return engine == mine


@pytest.mark.parametrize("ruleset_id", PROVINCE)
@pytest.mark.parametrize("stripped", [False, True], ids=["as written", "defaults left out"])
def test_the_models_defaults_are_what_the_engine_plays(ruleset_id, stripped):
    rs = load_ruleset(ruleset_id)
    data = _strip(rs.data) if stripped else rs.data
    ruleset = Ruleset(id=rs.id, data=data)
    model = ruleset.model
    for n in ruleset.player_counts:
        c = compile_ruleset(ruleset, n)
        differ = [(i, engine, mine) for i, (engine, mine) in enumerate(_played(c, model, n)) if not _same(engine, mine)]
        assert not differ, f"{ruleset_id} at {n} players: (row, engine, model) {differ}"


#: The house rules of the tutorials (each written to a file as the tutorial writes it), and a test house rule
#: with every field at its most: effects no bundled ruleset has (long_move, steal, space_bonus, gain).
DOCS = ("house-rules-tutorial.md", "first-house-rule.md")
STEP = re.compile(r"<!-- file: (.+?\.yaml) -->\n```\w*\n(.*?)```", re.S)


def _house_rules(tmp_path) -> list:
    paths = [ROOT / "tests" / "reliability3" / "all-max.yaml"]
    for doc in DOCS:
        for name, body in STEP.findall((ROOT / "docs" / doc).read_text(encoding="utf-8")):
            path = tmp_path / doc / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(body, encoding="utf-8")
            if "typo" not in name:
                paths.append(path)
    den = tmp_path / "steals.yaml"        # two steals, one from the richest, one with every default
    den.write_text("extends: province-en\nid: steals\nstructures:\n"
                   "  den: {name: Den, cost: free, vp: {first: 1, later: 0}, effects: [{steal: {coin: 2}}, "
                   "{steal: {labor: 1, from: richest, when: built}}]}\n", encoding="utf-8")
    return paths + [den]


def test_the_models_defaults_are_what_the_engine_plays_in_the_tutorials(tmp_path):
    paths = _house_rules(tmp_path)
    kinds = set()
    for path in paths:
        rs = load_ruleset(path)
        kinds |= {e.kind for s in rs.model.structures.values() for e in s.effects}
        for data in (rs.data, _strip(rs.data)):
            ruleset = Ruleset(id=rs.id, data=data)
            n = ruleset.player_counts.start
            differ = [(i, e, m) for i, (e, m) in enumerate(_played(compile_ruleset(ruleset, n), ruleset.model, n))
                      if not _same(e, m)]
            assert not differ, f"{path.name}: (row, engine, model) {differ}"
    assert {"long_move", "steal", "space_bonus", "gain"} <= kinds


def test_stripping_takes_fields_out():
    """The stripped rulesets leave defaults to the model: at least one field of each kind is gone somewhere."""
    gone = 0
    for rid in PROVINCE:
        data = load_ruleset(rid).data
        gone += len(json.dumps(data)) - len(json.dumps(_strip(data)))
    assert gone > 500


# --- readers of the model ------------------------------------------------------------------------

def test_the_first_turn_example_builds_nothing_over_another(tmp_path):
    """The rulebook's example of a first turn reads the model's prerequisites: a structure built over another
    (``upgrades``) needs it owned, so however cheap, it is not what a first turn builds."""
    from rulekit.i18n import set_language
    from rulekit.text import sentences as s
    path = tmp_path / "manor.yaml"
    path.write_text("extends: province-en\nid: manor\nstructures:\n"
                    "  manor: {name: Manor, cost: free, vp: {first: 9, later: 0}, upgrades: camp}\n", encoding="utf-8")
    rs = load_ruleset(path)
    assert rs.model.structures["manor"].prerequisites == pm.Requirements(("camp",), ())
    set_language("en")
    text = " ".join(s.example_turn(rs.data))
    assert "You build the" in text and "Manor" not in text


def test_requirements_read_by_the_text_in_both_forms(tmp_path):
    """The sentence, the diff and the book's drawing read one form: a list, and any_of."""
    from rulekit.i18n import set_language
    from rulekit.text import sentences as s
    from rulekit.text.rulebook import requirements_svg_data
    path = tmp_path / "either.yaml"
    path.write_text("extends: province-en\nid: either\nstructures:\n  smithy:\n    requires: {any_of: [mill, union]}\n",
                    encoding="utf-8")
    either, base = load_ruleset(path), load_ruleset("province-en")
    set_language("en")
    assert s.requires_phrase(either.data, "smithy") == "Mill or Union"
    assert s.requires_phrase(base.data, "smithy") == "Mill"
    dashed = [a["any"] for a in requirements_svg_data(either.data)["arrows"]]
    assert dashed.count(True) == 2 and not any(a["any"] for a in requirements_svg_data(base.data)["arrows"])


def test_the_sentences_say_the_models_amounts_only():
    """``amount`` and ``amount_instead_of`` read the model's Amount: an amount as the file writes it goes through
    the model first (``Amount.of``), so that a new form of an amount is learned in one place."""
    from rulekit.language.province_model import Amount
    from rulekit.text import sentences as s

    data = load_ruleset("province-en").data
    assert s.amount(Amount.of({"labor": 1, "coin": 4}), data) == "1 Labor and 4 Coin"
    assert s.amount(Amount.of("free"), data) == "nothing"
    assert str(s.amount_instead_of(Amount.of({"coin": 1}), Amount.of({"coin": 2}), data)) == "1 Coin"
    with pytest.raises(TypeError, match="Amount"):
        s.amount({"labor": 1}, data)
    with pytest.raises(TypeError, match="Amount"):
        s.amount_instead_of(Amount.of({"coin": 1}), {"coin": 2}, data)
