"""Checks that make "whatever validates plays, ends and prints safely" hold.

The schema bounds every number a ruleset writes; these checks bound what the
numbers make together, and what a text may hold:

- :func:`check_texts`: no control character (escape sequences, BEL,
  bidirectional overrides...) in any key or text, so that nothing a ruleset
  says can steer the terminal it is printed on;
- :func:`check_coin_holdings`: the coins allow at most :data:`MAX_HOLDINGS`
  different purses (the engine makes change among them);
- :func:`check_set_sizes`: at most :data:`MAX_SET` structures, workers (the
  sailors included) and conversions (the engine holds a set of each in one
  64-bit integer);
- :func:`check_conversion_loops`: no conversion, alone or with others, gives
  back at least what it costs (a player could repeat it without end, so a
  turn would never end);
- :func:`warnings`: what validates but makes a poor game — a structure that
  can never be afforded, an end condition no player can meet, an amount of
  Coin the coins in the box cannot pay.

They run after the schema and read the data defensively: a part the schema
already refused is skipped.
"""
from __future__ import annotations

from fractions import Fraction

from ..errors import CONTROL_RE, Problem
from ..i18n import _, ngettext
from .names import display_name
from .province_model import model_of
from .yamlload import join

#: Most different purses (ways to hold some of the coins in the box) the
#: engine works with: the product of (count + 1) over the denominations. The
#: bundled editions have 88 and 108.
MAX_HOLDINGS = 10_000

#: Most structures, workers (the sailors included) and conversions a ruleset may have: the engine keeps
#: a set of each (those owned, those moved this turn...) in one 64-bit integer, its sign bit unused.
MAX_SET = 62

#: Most pool resources a ruleset may declare: the engine keeps each seat's in a row of fixed size
#: (rulekit.engine.game.MAX_POOL, which a test keeps equal to this one).
MAX_POOL = 16

#: Texts that may run over several lines (folded YAML): a line break is allowed there.
MULTILINE_KEYS = {"story", "description", "flavor"}


def _int(value):
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _dict(value) -> dict:
    return value if isinstance(value, dict) else {}


def _code(ch: str) -> str:
    return f"U+{ord(ch):04X}"


def _bad_char(text: str, multiline: bool):
    for found in CONTROL_RE.finditer(text):
        if not (multiline and found.group() == "\n"):
            return found.group()
    return None


def check_texts(checker) -> None:
    """Every key and text of the ruleset is free of control characters."""
    stack = [("", checker.data, "")]
    while stack:
        pointer, value, key = stack.pop()
        if isinstance(value, dict):
            for k, v in value.items():
                child = join(pointer, k)
                bad = _bad_char(str(k), False)
                if bad is not None:
                    checker.add(child, _("the key holds the control character {code}: keys and texts may not hold "
                                         "control characters or escape sequences").format(code=_code(bad)))
                stack.append((child, v, str(k)))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                stack.append((join(pointer, i), v, key))
        elif isinstance(value, str):
            bad = _bad_char(value, key in MULTILINE_KEYS)
            if bad is not None:
                checker.add(pointer, _("this text holds the control character {code}: names and texts may not "
                                       "hold control characters or escape sequences").format(code=_code(bad)))


def coin_supply(data) -> list[tuple[int, int]] | None:
    """[(value, count)] of the coins in the box, or None when the schema refused them."""
    coins = _dict(_dict(data.get("components")).get("coins"))
    supply = []
    for coin in coins.values():
        coin = _dict(coin)
        value, count = _int(coin.get("value")), _int(coin.get("count"))
        if value is None or count is None or not 1 <= value <= 1000 or not 0 <= count <= 1000:
            return None
        supply.append((value, count))
    return supply or None


def holdings(supply) -> int:
    n = 1
    for _value, count in supply:
        n *= count + 1
    return n


def check_coin_holdings(checker) -> bool:
    """The coins allow at most MAX_HOLDINGS purses. Returns whether they do."""
    supply = coin_supply(checker.data)
    if supply is None:
        return False
    n = holdings(supply)
    if n > MAX_HOLDINGS:
        checker.add("/components/coins", _(
            "too many coins: these {coins} coins can be held in {num} different ways, more than the {limit} "
            "the game can make change with; use fewer coins, or fewer kinds of coin").format(
                coins=sum(c for _v, c in supply), num=n, limit=MAX_HOLDINGS))
        return False
    return True


def _worker_counts(data) -> tuple[int, int]:
    """(workers of the declared kinds, sailors in the box) of a ruleset's data."""
    workers = sum(_int(_dict(w).get("count")) or 0 for w in _dict(data.get("workers")).values())
    sailors = _dict(data.get("sailors"))
    return workers, (_int(sailors.get("count")) or 0) * (1 if sailors.get("supply") == "shared" else 2)


def check_set_sizes(checker) -> None:
    """At most MAX_SET structures, conversions and workers (each kind's count, and the sailors), and
    MAX_POOL pool resources."""
    data = checker.data
    for key, message in (("structures", _("too many structures: {num}, where a ruleset may have {limit}")),
                         ("conversions", _("too many conversions: {num}, where a ruleset may have {limit}"))):
        n = len(_dict(data.get(key)))
        if n > MAX_SET:
            checker.add(f"/{key}", message.format(num=n, limit=MAX_SET))
    pools = [r for r, spec in _dict(data.get("resources")).items() if _dict(spec).get("kind") == "pool"]
    if len(pools) > MAX_POOL:
        checker.add("/resources", _("too many pool resources: {num}, where a ruleset may have {limit}").format(
            num=len(pools), limit=MAX_POOL))
    workers, hired = _worker_counts(data)
    if workers + hired > MAX_SET:
        checker.add("/sailors/count" if workers <= MAX_SET else "/workers", _(
            "too many workers: {num} with the sailors ({hired}), where a ruleset may have {limit}").format(
                num=workers + hired, hired=hired, limit=MAX_SET))


# The two roles the warnings below measure: the resource a player earns and
# spends within a turn (Labor in the editions) and the coins. The ids come
# from the ruleset's resources; set by :func:`_roles` before each check.
_ROLES = {"turn": "labor", "coins": "coin"}


def _roles(data) -> None:
    from .ruleset import coins_resource, turn_resource
    _ROLES["turn"] = turn_resource(data) or ""
    _ROLES["coins"] = coins_resource(data) or ""


def _amounts(value) -> tuple[int, int] | None:
    """(the turn resource's amount, the coins') of an amount mapping, or None when one is not a number."""
    value = _dict(value)
    labor, coin = value.get(_ROLES["turn"], 0), value.get(_ROLES["coins"], 0)
    if _int(labor) is None or _int(coin) is None:
        return None
    return labor, coin


def _resource_ids(data) -> list[str]:
    res = _dict(data.get("resources"))
    return list(res) if res else ["labor", "coin"]


def _vector(value, ids):
    """The amount mapping as numbers per resource id, or None when one is not a number."""
    value = _dict(value)
    out = []
    for rid in ids:
        n = value.get(rid, 0)
        if _int(n) is None:
            return None
        out.append(n)
    return out


def _describe(conv_id, conv, ids, data) -> str:
    """``grind (pay 2 Labor, gain 1 Coin)``: every resource with its amount, 0 included, in declared order."""
    def words(amounts):
        return ", ".join(_("{num} {resource}").format(num=n, resource=display_name(data, "resource", rid))
                         for rid, n in zip(ids, _vector(amounts, ids) or ()))
    conv = _dict(conv)
    return _("{id} (pay {pay}; gain {gain})").format(id=conv_id, pay=words(conv.get("pay")), gain=words(conv.get("gain")))


def _pair_loops(d1, d2) -> bool:
    """Whether t * d1 + d2 >= 0 (every resource) for some t > 0: the two, used in turn, lose nothing."""
    lo, hi = Fraction(0), None
    for a, b in zip(d1, d2):
        if a > 0:
            lo = max(lo, Fraction(-b, a))
        elif a < 0:
            bound = Fraction(b, -a)
            hi = bound if hi is None else min(hi, bound)
        elif b < 0:
            return False
    return hi is None or (hi > 0 and lo <= hi)


#: Most unlimited conversions the exact check of longer loops examines (it enumerates subsets).
MAX_LOOP_CONVERSIONS = 12

#: The most conversions a player makes in one turn, all together: the engine's bound on a turn
#: (``rulekit.engine.game.MAX_CONVERSIONS_PER_TURN``, which tests keep equal to this one).
MAX_CONVERSIONS_PER_TURN = 100


def _null_direction(rows, m):
    """A nonzero vector v with row . v == 0 for every row (m - 1 rows of rank m - 1), or None."""
    mat = [list(map(Fraction, r)) for r in rows]
    pivots, r = [], 0
    for col in range(m):
        piv = next((i for i in range(r, len(mat)) if mat[i][col] != 0), None)
        if piv is None:
            continue
        mat[r], mat[piv] = mat[piv], mat[r]
        mat[r] = [x / mat[r][col] for x in mat[r]]
        for i in range(len(mat)):
            if i != r and mat[i][col] != 0:
                f = mat[i][col]
                mat[i] = [x - f * y for x, y in zip(mat[i], mat[r])]
        pivots.append(col)
        r += 1
    if r != m - 1:
        return None
    free = next(c for c in range(m) if c not in pivots)
    v = [Fraction(0)] * m
    v[free] = Fraction(1)
    for i, col in enumerate(pivots):
        v[col] = -mat[i][free]
    return v


def _loop(deltas) -> list[int] | None:
    """Indexes of conversions some nonnegative use of which, not all zero, loses nothing on any
    resource (an extreme ray of {x >= 0, D x >= 0}), or None when there is none."""
    from itertools import combinations
    m = len(deltas)
    if m == 0:
        return None
    n = len(deltas[0])
    rows = [[1 if j == k else 0 for j in range(m)] for k in range(m)]
    rows += [[deltas[k][i] for k in range(m)] for i in range(n)]
    for tight in combinations(range(len(rows)), m - 1):
        v = _null_direction([rows[t] for t in tight], m)
        if v is None:
            continue
        for sign in (1, -1):
            x = [sign * c for c in v]
            if all(sum(a * b for a, b in zip(row, x)) >= 0 for row in rows) and any(x):
                return [k for k in range(m) if x[k] > 0]
    return None


def check_conversion_loops(checker) -> None:
    """No conversion without a per-turn limit can be repeated at no loss.

    Each such conversion changes what a player holds of every declared
    resource by ``d = gain - pay``. Some uses of them leave a player no poorer
    exactly when no exchange rate makes every one of them lose value: a single
    ``d`` with no negative part, a pair whose rates cross (1 Coin → 2 Labor
    with 2 Labor → 1 Coin), or, with three resources or more, a longer round
    (Labor → Stone → Coin → Labor), found exactly.
    """
    convs = _dict(checker.data.get("conversions"))
    ids = _resource_ids(checker.data)
    deltas = []
    for cid, conv in convs.items():
        conv = _dict(conv)
        if not isinstance(conv.get("pay"), dict) or not isinstance(conv.get("gain"), dict):
            continue                  # the schema says what is wrong
        pay, gain = _vector(conv.get("pay"), ids), _vector(conv.get("gain"), ids)
        if pay is None or gain is None or conv.get("per_turn") is not None:
            continue
        deltas.append((cid, [g - p for g, p in zip(gain, pay)]))
    fix = _("make every conversion cost more than it gives back, or limit it with per_turn")
    single = False
    for cid, d in deltas:
        if all(x >= 0 for x in d):
            single = True
            checker.add(join("/conversions", cid), _(
                "conversion {conversion} gives back at least what it costs: a player could repeat it without end; "
                "{fix}").format(conversion=_describe(cid, convs[cid], ids, checker.data), fix=fix))
    if single:
        return
    for (a, da), (b, db) in ((x, y) for i, x in enumerate(deltas) for y in deltas[i + 1:]):
        if _pair_loops(da, db):
            checker.add(join("/conversions", b), _(
                "conversions {first} and {second}, used one after the other, give back at least what they cost: "
                "a player could repeat them without end; {fix}").format(
                    first=_describe(a, convs[a], ids, checker.data), second=_describe(b, convs[b], ids, checker.data), fix=fix))
            return
    if len(ids) > 2 and len(deltas) > MAX_LOOP_CONVERSIONS:
        checker.add("/conversions", ngettext(
            "more than {num} conversion without per_turn among three resources or more: rulekit cannot check that "
            "no round of them gives back what it costs; limit some with per_turn",
            "more than {num} conversions without per_turn among three resources or more: rulekit cannot check that "
            "no round of them gives back what it costs; limit some with per_turn",
            MAX_LOOP_CONVERSIONS).format(num=MAX_LOOP_CONVERSIONS))
    elif len(ids) > 2:
        found = _loop([d for _c, d in deltas])
        if found:
            names = [deltas[k][0] for k in found]
            checker.add(join("/conversions", names[-1]), _(
                "conversions {conversions}, used in turn, give back at least what they cost: "
                "a player could repeat them without end; {fix}").format(
                    conversions=", ".join(_describe(c, convs[c], ids, checker.data) for c in names), fix=fix))


# ---------------------------------------------------------------------------
# Warnings

def payable(amount: int, supply) -> bool:
    """Can coins of ``supply`` [(value, count)] make exactly ``amount``?"""
    reach = 1
    mask = (1 << (amount + 1)) - 1
    for value, count in supply:
        if value > amount:
            continue
        k = 1
        while count > 0:
            take = min(k, count)
            reach |= (reach << (value * take)) & mask
            count -= take
            k *= 2
    return bool(reach >> amount & 1)


def _ways(amount: int, supply, index: int = 0):
    """Every purse (tuple of counts) worth exactly ``amount`` (bounded by MAX_HOLDINGS)."""
    if index == len(supply):
        if amount == 0:
            yield ()
        return
    value, count = supply[index]
    rest = sum(v * c for v, c in supply[index + 1:])
    for k in range(min(count, amount // value) + 1):
        left = amount - k * value
        if left <= rest:
            for tail in _ways(left, supply, index + 1):
                yield (k,) + tail


def payable_all(amounts, supply, _memo=None) -> bool:
    """Can the supply pay each of ``amounts`` to a different player at once, with different coins?

    Exact: tries every purse worth the first amount (there are at most MAX_HOLDINGS), then the rest
    from what is left (each remainder of the supply is tried once).
    """
    amounts = tuple(amounts)
    if len(amounts) <= 1:
        return not amounts or payable(amounts[0], supply)
    memo = {} if _memo is None else _memo
    key = (amounts, tuple(supply))
    if key not in memo:
        memo[key] = False
        for purse in _ways(amounts[0], supply):
            rest = [(v, c - k) for (v, c), k in zip(supply, purse)]
            if payable_all(amounts[1:], rest, memo):
                memo[key] = True
                break
    return memo[key]


def _labor_bound(data, m):
    """Most Labor a player can have in one turn, or None when a conversion makes it unbounded (``m``: the model)."""
    turn = _ROLES["turn"]
    if any(conv.gain.get(turn) > 0 for conv in m.conversions.values()):
        return None
    best = max((s.yields.get(turn) for s in m.work_cycle.spaces), default=0)
    income = 0
    for structure in m.structures.values():
        for effect in structure.effects:
            if effect.amount.counted(turn):   # per a metric: no bound is known before play
                return None
            if effect.kind == "space_yield":
                best = max(best, effect.amount.get(turn))
            elif effect.kind == "income":
                income += effect.amount.get(turn)
    for outcome in m.casting.outcomes if m.casting else ():
        income += outcome.income.get(turn)
    return sum(_worker_counts(data)) * best + income


def _always(cond, most) -> bool:
    """Whether a condition on owned structures holds for every player (``most``: the most one can own)."""
    if "not" in cond:
        return _out_of_reach(_dict(cond["not"]), "", most) is not None
    if "all" in cond or "any" in cond:
        parts = [_dict(c) for c in (cond.get("all") or cond.get("any") or ())] if isinstance(
            cond.get("all", cond.get("any")), list) else []
        test = all if "all" in cond else any
        return bool(parts) and test(_always(c, most) for c in parts)
    low, high = _int(cond.get("at_least")), _int(cond.get("at_most"))
    return cond.get("metric") == "structures" and cond.get("vp") is None and (low is None or low <= 0) \
        and (high is None or high >= most) and (low is not None or high is not None)


def _out_of_reach(cond, pointer, most):
    """``(measure, pointer)`` of the count of structures that makes ``cond`` impossible, through
    ``all``, ``any`` and ``not`` (``not: {not: X}`` is X), or None when it may hold."""
    if "not" in cond:
        inner = _dict(cond["not"])
        if "not" in inner:
            return _out_of_reach(_dict(inner["not"]), f"{pointer}/not/not", most)
        return None if not _always(inner, most) else (None, f"{pointer}/not")
    for key in ("all", "any"):
        if key in cond:
            parts = cond[key] if isinstance(cond[key], list) else []
            found = [_out_of_reach(_dict(c), f"{pointer}/{key}/{i}", most) for i, c in enumerate(parts)]
            if key == "all":
                return next((f for f in found if f is not None and f[0] is not None), None)
            if parts and all(f is not None for f in found):
                return next((f for f in found if f[0] is not None), None)
            return None
    need = _int(cond.get("at_least"))
    if cond.get("metric") == "structures" and cond.get("vp") is None and need is not None and need > most:
        return cond, pointer
    return None


def warnings(res) -> list[Problem]:
    """What validates but makes a game that may never end, or loses what it pays."""
    data = res.data if isinstance(res.data, dict) else {}
    out = []

    def warn(pointer, message, cause=None):
        # Where the author can act: the value, or the cause (the coins) when only
        # the cause was written in the file being checked.
        file, line, col = res.where(pointer)
        if cause is not None and file != res.file and res.where(cause)[0] == res.file:
            file, line, col = res.where(cause)
        out.append(Problem(file, line, col, _("warning: {message}").format(message=message), pointer))

    _roles(data)
    supply = coin_supply(data)
    if supply is None or holdings(supply) > MAX_HOLDINGS:
        return out
    m = model_of(data)          # warnings are looked for in checked data only: the model reads it
    turn, coins = _ROLES["turn"], _ROLES["coins"]
    total = sum(v * c for v, c in supply)
    labor_max = _labor_bound(data, m)
    structures = m.structures
    never = []
    for sid, structure in structures.items():
        cost = (structure.cost.get(turn), structure.cost.get(coins))
        if cost[1] > total:
            never.append(sid)
            warn(join(join("/structures", sid), "cost") + "/" + coins, cause="/components/coins", message=ngettext(
                "{id} costs {num} Coin, but the coins in the box are worth only {total}: it can never be built",
                "{id} costs {num} Coin, but the coins in the box are worth only {total}: it can never be built",
                cost[1]).format(id=sid, num=cost[1], total=total))
        elif labor_max is not None and cost[0] > labor_max:
            never.append(sid)
            warn(join(join("/structures", sid), "cost") + "/" + turn, _(
                "{id} costs {num} Labor, but a player can earn at most {most} Labor in a turn: "
                "it can never be built").format(id=sid, num=cost[0], most=labor_max))
    cap = m.resource(coins).cap if coins in data.get("resources", {}) else None
    for sid, structure in structures.items():
        cost = structure.cost.get(coins)
        if cap is not None and sid not in never and cost > cap:
            # A cap on the coins (mechanics/caps.py): what is over it goes back at the end of every turn.
            warn(join(join("/structures", sid), "cost") + "/" + coins, cause=f"/resources/{coins}/cap", message=ngettext(
                "{id} costs {num} Coin, but a player keeps coins worth at most {cap} from one turn to the next: "
                "it can be paid only with coins earned in the turn it is built",
                "{id} costs {num} Coin, but a player keeps coins worth at most {cap} from one turn to the next: "
                "it can be paid only with coins earned in the turn it is built", cost).format(id=sid, num=cost, cap=cap))
    for sid, structure in structures.items():
        for i, effect in enumerate(structure.effects):
            gain = effect.amount.get(coins, None) if effect.kind == "gain" and not effect.amount.counted(coins) else None
            if gain is not None and gain > total:
                # Like a cost above the box: the supply pays what it holds, the rest is never earned.
                warn(f"{join('/structures', sid)}/effects/{i}/gain/{coins}", cause="/components/coins",
                     message=ngettext(
                         "{id} gains {num} Coin, but the coins in the box are worth only {total}: "
                         "the rest of the gain is never paid",
                         "{id} gains {num} Coin, but the coins in the box are worth only {total}: "
                         "the rest of the gain is never paid", gain).format(id=sid, num=gain, total=total))
    if structures and len(never) == len(structures):
        warn("/structures", _("no structure can ever be built: unless another end condition holds, "
                              "a game ends only when its turn limit is reached"))
    # A structure only some seats may build (structures.<id>.seats) that no seat of the smallest game holds.
    fewest_players = m.components.players.start
    for sid, structure in structures.items():
        if structure.seats and min(structure.seats) > fewest_players:
            warn(join("/structures", sid) + "/seats", cause="/components/players", message=ngettext(
                "{id} may be built only by the seats its seats list, and a game of {num} player has none of them: "
                "nobody builds it in such a game",
                "{id} may be built only by the seats its seats list, and a game of {num} players has none of them: "
                "nobody builds it in such a game", fewest_players).format(id=sid, num=fewest_players))
    # An end condition on how many structures a player owns that no player can reach: each owns at most
    # one of each structure, and no more than their structure tokens.
    tokens = m.components.structure_tokens
    most = min(len(structures), tokens)
    fewest = m.components.players.start
    draw = m.components.goals_drawn
    in_play = min(draw, len(m.goals))
    for i, cond in enumerate(m.end.conditions):
        if cond.kind == "all_structures_built" and structures and fewest * most < len(structures):
            # Every structure built by some player: the players' tokens cannot cover them all.
            warn(f"/end/conditions/{i}/all_structures_built", cause="/components/structure_tokens", message=ngettext(
                "all_structures_built asks for each of the {count} structures to be built, but {players} players "
                "can own at most {most} in all ({num} structure token each): it never ends a game",
                "all_structures_built asks for each of the {count} structures to be built, but {players} players "
                "can own at most {most} in all ({num} structure tokens each): it never ends a game", tokens).format(
                    count=len(structures), players=fewest, most=fewest * most, num=tokens))
        if cond.kind == "goals_exhausted" and in_play == 0:
            cause = "/components/goal_tokens/draw" if draw == 0 else "/goals"
            warn(f"/end/conditions/{i}/goals_exhausted", cause=cause, message=_(
                "goals_exhausted holds from the start: no goal token is in play, so every game ends "
                "after the first player's first turn"))
        leaf = _out_of_reach(cond.condition.raw if cond.condition else {}, f"/end/conditions/{i}/player_condition",
                             most)
        if leaf is not None and leaf[0] is not None:
            when, pointer = leaf
            need = when["at_least"]
            pointer += "/at_least"
            message = _("this end condition asks for {num} structures, but a player can own at most {most} "
                        "({tokens} structure tokens, {count} structures): it never ends a game").format(
                            num=need, most=most, tokens=tokens, count=len(structures))
            # A variant that removed structures (or tokens) of its base: said where it did, naming the condition.
            cause = "/components/structure_tokens" if tokens < len(structures) else "/structures"
            file, line, col = res.where(pointer)
            if file != res.file and res.where(cause)[0] == res.file:
                message = _("{problem} (the end condition is in the base ruleset at {location})").format(
                    problem=message, location=f"{file}:{line}:{col}")
            warn(pointer, message, cause=cause)
    # per_turn limits beyond the bound of a turn on conversions.
    limited, total_uses = None, 0
    for cid, conv in m.conversions.items():
        if conv.per_turn is not None:
            total_uses += conv.per_turn
            if total_uses > MAX_CONVERSIONS_PER_TURN and limited is None:
                limited = f"{join('/conversions', cid)}/per_turn"
    if limited is not None:
        warn(limited, _("the conversions' per_turn limits add up to {num} uses a turn, but a player makes at most "
                        "{most} conversions in a turn, all together: past that, no conversion is offered "
                        "until the next turn").format(num=total_uses, most=MAX_CONVERSIONS_PER_TURN))
    # Coin yields the coins cannot pay exactly.
    amounts = {}
    for i, space in enumerate(m.work_cycle.spaces):
        coin = space.yields.get(coins)
        if coin:
            amounts.setdefault(coin, f"/work_cycle/spaces/{i}/yields/{coins}")
    for sid, structure in structures.items():
        for i, effect in enumerate(structure.effects):
            coin = (effect.amount.get(coins) if effect.kind in ("income", "space_yield")
                    and not effect.amount.counted(coins) else 0)
            if coin:
                amounts.setdefault(coin, f"{join('/structures', sid)}/effects/{i}/{effect.kind}/{coins}")
    for cid, conv in m.conversions.items():
        gain = conv.gain.get(coins)
        if gain:
            amounts.setdefault(gain, f"{join('/conversions', cid)}/gain/{coins}")
    for amount, pointer in sorted(amounts.items()):
        if amount <= total and not payable(amount, supply):
            warn(pointer, cause="/components/coins", message=ngettext(
                "no set of coins in the box is worth exactly {num} Coin: when nobody can make change, "
                "this Coin is not earned",
                "no set of coins in the box is worth exactly {num} Coin: when nobody can make change, "
                "this Coin is not earned", amount).format(num=amount))
    return out
