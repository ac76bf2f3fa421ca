"""The engine's row for each primitive of the rules language.

Each table is keyed by the names the schema (``rulekit/language/schema/
ruleset.schema.json``) lets an author write, and says how the engine compiles
that name into :class:`~rulekit.engine.game.Compiled`'s tables:

- :data:`EFFECTS`: an effect of a structure (``$defs/effect``), as
  ``compile(c, s, arg)``: fill the tables of ``c`` (a ``Compiled`` being built)
  for structure ``s`` with the effect's value ``arg`` (``{}`` for an empty one);
- :data:`CARD_EFFECTS`: an effect of an event deck's card (``$defs/card``), as
  ``compile(c, k, arg)``: fill card ``k``'s row of the card tables of ``c``;
- :data:`METRICS`: a condition's metric (``$defs/condition``), as
  ``param(c, spec)``: what :class:`~rulekit.engine.game.Condition` keeps of the
  condition ``spec`` to measure it (``None``: nothing).

The end-condition kinds are ``game.END_KINDS``. Everything here runs once,
when a ruleset is compiled: the games read only the tables these fill.
``tests/test_primitives.py`` checks that every table has one row per name of
the schema, and no other.
"""
from __future__ import annotations

# ---------------------------------------------------------------------- effects


def _effect_if(c, arg: dict):
    """``if``: the effect's condition as written (None: the effect always applies); ``Compiled`` compiles
    it once every table a condition may read is built (``Compiled.compile_effect_conditions``)."""
    return arg["if"] if arg.get("if") else None


def _per_amounts(c, arg: dict) -> tuple:
    """An effect's amounts written ``per`` a metric (``{coin: {per: structures, income: true, each: 1}}``): the
    effect without them, and one row ``(the measure as written, each, pool resource index or -1 for the coins)``
    per such amount (the effect's caller adds its condition, ``if``, to each row) (``Compiled.compile_effect_conditions`` compiles the measure). An effect written with
    numbers only is returned as it is, so it fills exactly the tables it always did."""
    per = [(rid, v) for rid, v in arg.items() if rid not in ("if", "when", "from") and isinstance(v, dict)]
    if not per:
        return arg, ()
    rows = tuple(({"metric": v["per"], **{k: x for k, x in v.items() if k not in ("per", "each")}}, v.get("each", 1),
                  c.pool_ids.index(rid) if rid in c.pool_ids else -1) for rid, v in per)
    return {k: v for k, v in arg.items() if not (k not in ("if", "when", "from") and isinstance(v, dict))}, rows


def _income(c, s: int, arg: dict):
    arg, per = _per_amounts(c, arg)
    cond = _effect_if(c, arg)
    if per:                                     # paid on its own at the start of the owner's turn (State._pay_per),
        c.per_income[s] = c.per_income[s] + tuple(row + (cond,) for row in per)   # if its owner meets ``if``
        if cond is not None and c.pools(arg) is c.no_pool and not c.coins(arg):
            return                              # nothing but amounts per a metric: their rows hold the condition
    if cond is not None:                        # a conditional income: paid on its own, when its owner meets it
        c.income_if[s].append((cond, c.pools(arg), c.coins(arg)))
        return
    c.income_pool[s] = c.added(c.income_pool[s], c.pools(arg))
    c.income_coin[s] += c.coins(arg)


#: A gain's recipient (``to``), as ``c.gain_if`` holds it: the player ``when`` names, the next one, each other one.
GAIN_TO = {"self": 0, "next": 1, "each_other": 2}


def _gain(c, s: int, arg: dict):
    when = arg["when"]
    to = GAIN_TO[arg.get("to", "self")]
    arg, per = _per_amounts(c, arg)
    cond = _effect_if(c, arg)
    if per:                                     # paid on its own, at its moment (State._gains_if), if its owner meets
        c.per_gain[s] = c.per_gain[s] + tuple((when,) + row + (cond,) for row in per)     # ``if``
        if cond is not None and c.pools(arg) is c.no_pool and not c.coins(arg):
            return                              # nothing but amounts per a metric: their rows hold the condition
    if cond is not None or to:                  # with a condition, or to another player: paid on its own, at its
        c.gain_if[s].append((when, cond, c.pools(arg), c.coins(arg), to))     # moment (State._gains_if)
        return
    if when == "end_of_game":
        c.final_coin[s] += c.coins(arg)
    elif when == "first_turn":
        c.first_pool[s] = c.added(c.first_pool[s], c.pools(arg))
        c.first_coin[s] += c.coins(arg)
    else:                                       # built
        c.built_pool[s] = c.added(c.built_pool[s], c.pools(arg))
        c.built_coin[s] += c.coins(arg)


def _space_yield(c, s: int, arg: dict):
    sp = c.space_ids.index(arg["space"])
    cond = _effect_if(c, arg)
    if cond is not None:                        # a conditional replacement: c.yield_if[s][sp], tried before the others
        if sp not in c.yield_over[s] and sp not in c.yield_if[s]:
            c.yield_if[s][sp] = (cond, c.pools(arg), c.coins(arg))
    elif sp not in c.yield_over[s]:             # a structure's first replacement of a space wins
        c.yield_over[s][sp] = (c.pools(arg), c.coins(arg))


def _space_bonus(c, s: int, arg: dict):
    sp = c.space_ids.index(arg["space"])
    wk = c.kind_ids.index(arg["worker"]) if arg.get("worker") else -1
    c.yield_bonus[s].append((sp, wk, c.pools(arg), c.coins(arg)))
    c.bonus_if[s].append(_effect_if(c, arg))    # aligned with yield_bonus[s]: its condition or None


def _long_move(c, s: int, arg: dict):
    c.leap_steps[s] = max(c.leap_steps[s], arg.get("steps", 2))


def _unlock_worker(c, s: int, arg: dict):
    c.unlocks[s] |= 1 << c.kind_ids.index(arg["worker"])


def _conversion(c, s: int, arg: dict):
    c.conv_unlocks[s] |= 1 << c.conv_ids.index(arg["conversion"])


def _borrowing(c, s: int, arg: dict):
    c.borrow_mask |= 1 << s


def _ship_benefit(c, s: int, arg: dict):
    c.ship_mask |= 1 << s


def _steal(c, s: int, arg: dict):
    richest = 1 if arg.get("from") == "richest" else 0
    first = next((k for k in arg if k not in ("when", "from")), None)
    measure = c.pool_ids.index(first) if first in c.pool_ids else -1
    c.steals[s] = c.steals[s] + ((richest, measure, c.pools(arg), c.coins(arg)),)


#: effect name -> compile(c, s, arg), in the schema's order.
EFFECTS = {
    "income": _income,
    "gain": _gain,
    "space_yield": _space_yield,
    "space_bonus": _space_bonus,
    "long_move": _long_move,
    "unlock_worker": _unlock_worker,
    "conversion": _conversion,
    "borrowing": _borrowing,
    "ship_benefit": _ship_benefit,
    "steal": _steal,
}

# ------------------------------------------------------------------ card effects
# A card of an event deck (``$defs/card``): compile(c, k, arg) fills card ``k``'s row of ``c``'s card tables.


def _card_space_yield(c, k: int, arg: dict):
    """``(space, pool change, coin change)``, and with ``set`` the yield it sets: ``(space, no change, 0, pool
    amounts, coins)``."""
    sp = c.space_ids.index(arg["space"])
    if "set" in arg:
        c.card_yield[k] = (sp, c.no_pool, 0, c.pools(arg["set"]), c.coins(arg["set"]))
    else:
        c.card_yield[k] = (sp, c.pools(arg["add"]), c.coins(arg["add"]))


def _card_cost(c, k: int, arg: dict):
    """One row ``(structure, pool change, coin change)`` per structure whose cost the card changes: the one of
    ``structure``, or each of ``structures`` (``all``: every structure, in the ruleset's order)."""
    add = arg["add"]
    which = arg.get("structures")
    ids = [arg["structure"]] if which is None else c.struct_ids if which == "all" else which
    pool, coin = c.pools(add), c.coins(add)
    c.card_cost[k] = tuple([(c.struct_ids.index(sid), pool, coin) for sid in ids])


def _card_forbid(c, k: int, arg: dict):
    if "build" in arg:
        c.card_forbid[k] = (0, c.struct_ids.index(arg["build"]))
    elif "space" in arg:
        c.card_forbid[k] = (1, c.space_ids.index(arg["space"]))
    else:
        c.card_forbid[k] = (2, c.conv_ids.index(arg["conversion"]))


def _card_give(c, k: int, arg: dict):
    c.card_give[k] = (c.pools(arg), c.coins(arg))


#: card effect name -> compile(c, k, arg), in the schema's order.
CARD_EFFECTS = {
    "space_yield": _card_space_yield,
    "cost": _card_cost,
    "forbid": _card_forbid,
    "give": _card_give,
}

# ---------------------------------------------------------------------- metrics


def _no_param(c, spec):
    return None


def _kinds_counted(c, spec):
    """workers: the worker kinds counted (every kind but those in ``exclude``)."""
    excluded = set(spec.get("exclude", ()))
    return frozenset(k for k, kid in enumerate(c.kind_ids) if kid not in excluded)


def _resource(c, spec):
    """earned_this_turn, held: the pool resource's index (-1: the coins)."""
    rid = spec["resource"]
    return c.pool_ids.index(rid) if rid in c.pool_ids else -1


def _structure_vp(c, spec):
    """structures: only the structures worth exactly this many VP (None: all); with ``income``,
    ``(that VP or None, the structures with an income as a mask)``."""
    if spec.get("income"):
        return spec.get("vp"), c.income_mask
    return spec.get("vp")


def _vp_penalty(c, spec):
    """vp: the VP the holder of the borrowing token gets back while the game goes on: the penalty,
    which applies only when the game ends, unless ``borrowing.penalty_during_game`` (then 0)."""
    borrowing = c.data.get("borrowing") or {}      # (read here: the goals are compiled before mechanics/borrowing.py)
    if not borrowing or borrowing.get("penalty_during_game") or not c.borrow_mask:
        return 0
    return borrowing["penalty_vp"]


def _coin(c, spec):
    return c.coin_ids.index(spec["coin"])


def _counting_all(c, spec):
    """workers_on_one_space: True counts every worker on the space, not only yours."""
    return spec.get("counting", "accessible") == "all"


def _conversion_index(c, spec):
    return c.conv_ids.index(spec["conversion"])


def _structure(c, spec):
    return c.struct_ids.index(spec["structure"])


#: metric name -> param(c, spec), in the schema's order.
METRICS = {
    "workers": _kinds_counted,
    "earned_this_turn": _resource,
    "structures": _structure_vp,
    "coin_value": _no_param,
    "coins_held": _coin,
    "workers_on_one_space": _counting_all,
    "coins_spent_this_turn": _no_param,
    "conversions_this_turn": _conversion_index,
    "vp": _vp_penalty,
    "held": _resource,
    "sailors_hired": _no_param,
    "owns": _structure,
    "round": _no_param,
    "turn": _no_param,
    "vp_lead": _vp_penalty,
    "vp_behind": _vp_penalty,
    "rank": _vp_penalty,
}
