"""Checks that make "whatever validates plays, ends and prints safely" hold.

The schema bounds every number a ruleset writes; these checks bound what the
numbers make together, and what a text may hold:

- :func:`check_texts`: no control character (escape sequences, BEL,
  bidirectional overrides...) in any key or text, so that nothing a ruleset
  says can steer the terminal it is printed on;
- :func:`check_coin_holdings`: the coins allow at most :data:`MAX_HOLDINGS`
  different purses (the engine makes change among them);
- :func:`check_conversion_loops`: no conversion, alone or with others, gives
  back at least what it costs (a player could repeat it without end, so a
  turn would never end);
- :func:`warnings`: what validates but makes a poor game — a structure that
  can never be afforded, an amount of Coin the coins in the box cannot pay.

They run after the schema and read the data defensively: a part the schema
already refused is skipped.
"""
from __future__ import annotations

from ..errors import CONTROL_RE, Problem
from ..i18n import _, ngettext
from .yamlload import join

#: Most different purses (ways to hold some of the coins in the box) the
#: engine works with: the product of (count + 1) over the denominations. The
#: bundled editions have 88 and 108.
MAX_HOLDINGS = 10_000

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


def _amounts(value) -> tuple[int, int] | None:
    value = _dict(value)
    labor, coin = value.get("labor", 0), value.get("coin", 0)
    if _int(labor) is None or _int(coin) is None:
        return None
    return labor, coin


def _describe(conv_id, conv) -> str:
    pay, gain = _amounts(_dict(conv).get("pay")), _amounts(_dict(conv).get("gain"))
    return _("{id} (pay {pay_labor} Labor and {pay_coin} Coin, gain {gain_labor} Labor and {gain_coin} Coin)").format(
        id=conv_id, pay_labor=pay[0], pay_coin=pay[1], gain_labor=gain[0], gain_coin=gain[1])


def check_conversion_loops(checker) -> None:
    """No conversion without a per-turn limit can be repeated at no loss.

    Each such conversion changes (Labor, Coin) by ``d = gain - pay``. Some
    uses of them leave a player no poorer exactly when no exchange rate makes
    every one of them lose value; with two resources that is a single ``d``
    with no negative part, or a pair whose rates cross (1 Coin → 2 Labor with
    2 Labor → 1 Coin).
    """
    convs = _dict(checker.data.get("conversions"))
    deltas = []
    for cid, conv in convs.items():
        conv = _dict(conv)
        if not isinstance(conv.get("pay"), dict) or not isinstance(conv.get("gain"), dict):
            continue                  # the schema says what is wrong
        pay, gain = _amounts(conv.get("pay")), _amounts(conv.get("gain"))
        if pay is None or gain is None or conv.get("per_turn") is not None:
            continue
        deltas.append((cid, gain[0] - pay[0], gain[1] - pay[1]))
    fix = _("make every conversion cost more than it gives back, or limit it with per_turn")
    single = False
    for cid, dl, dc in deltas:
        if dl >= 0 and dc >= 0:
            single = True
            checker.add(join("/conversions", cid), _(
                "conversion {conversion} gives back at least what it costs: a player could repeat it without end; "
                "{fix}").format(conversion=_describe(cid, convs[cid]), fix=fix))
    if single:
        return
    # Coin -> Labor (dc < 0 < dl): worth doing while a Coin is worth less than dl/-dc Labor.
    # Labor -> Coin (dl < 0 < dc): worth doing while a Coin is worth more than -dl/dc Labor.
    to_labor = [(cid, dl, -dc) for cid, dl, dc in deltas if dc < 0 < dl]
    to_coin = [(cid, -dl, dc) for cid, dl, dc in deltas if dl < 0 < dc]
    if not to_labor or not to_coin:
        return
    best_labor = max(to_labor, key=lambda t: (t[1] / t[2], t[0]))
    best_coin = min(to_coin, key=lambda t: (t[1] / t[2], t[0]))
    a, al, ac = best_labor
    b, bl, bc = best_coin
    if al * bc >= bl * ac:          # al/ac >= bl/bc: the rates cross
        checker.add(join("/conversions", b), _(
            "conversions {first} and {second}, used one after the other, give back at least what they cost: "
            "a player could repeat them without end; {fix}").format(
                first=_describe(a, convs[a]), second=_describe(b, convs[b]), fix=fix))


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


def payable_both(a: int, b: int, supply) -> bool:
    """Can the supply pay ``a`` to one player and ``b`` to the other, with different coins?

    Exact: tries every purse worth ``a`` (there are at most MAX_HOLDINGS).
    """
    for purse in _ways(a, supply):
        rest = [(v, c - k) for (v, c), k in zip(supply, purse)]
        if payable(b, rest):
            return True
    return False


def _labor_bound(data):
    """Most Labor a player can have in one turn, or None when a conversion makes it unbounded."""
    convs = _dict(data.get("conversions"))
    for conv in convs.values():
        gain = _amounts(_dict(conv).get("gain"))
        if gain is None or gain[0] > 0:
            return None
    spaces = [s for s in (_dict(data.get("work_cycle")).get("spaces") or []) if isinstance(s, dict)]
    best = max((_int(_dict(s.get("yields")).get("labor")) or 0 for s in spaces), default=0)
    income = 0
    for structure in _dict(data.get("structures")).values():
        for effect in _dict(structure).get("effects") or []:
            effect = _dict(effect)
            best = max(best, _int(_dict(effect.get("space_yield")).get("labor")) or 0)
            income += _int(_dict(effect.get("income")).get("labor")) or 0
    for outcome in _dict(data.get("harbor")).get("outcomes") or []:
        income += _int(_dict(_dict(_dict(outcome).get("benefit")).get("income")).get("labor")) or 0
    workers = sum(_int(_dict(w).get("count")) or 0 for w in _dict(data.get("workers")).values())
    sailors = _dict(data.get("sailors"))
    workers += (_int(sailors.get("count")) or 0) * (1 if sailors.get("supply") == "shared" else 2)
    return workers * best + income


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

    supply = coin_supply(data)
    if supply is None or holdings(supply) > MAX_HOLDINGS:
        return out
    total = sum(v * c for v, c in supply)
    labor_max = _labor_bound(data)
    structures = _dict(data.get("structures"))
    never = []
    for sid, structure in structures.items():
        cost = _amounts(_dict(structure).get("cost"))
        if cost is None:
            continue
        if cost[1] > total:
            never.append(sid)
            warn(join(join("/structures", sid), "cost") + "/coin", cause="/components/coins", message=ngettext(
                "{id} costs {num} Coin, but the coins in the box are worth only {total}: it can never be built",
                "{id} costs {num} Coin, but the coins in the box are worth only {total}: it can never be built",
                cost[1]).format(id=sid, num=cost[1], total=total))
        elif labor_max is not None and cost[0] > labor_max:
            never.append(sid)
            warn(join(join("/structures", sid), "cost") + "/labor", _(
                "{id} costs {num} Labor, but a player can earn at most {most} Labor in a turn: "
                "it can never be built").format(id=sid, num=cost[0], most=labor_max))
    if structures and len(never) == len(structures):
        warn("/structures", _("no structure can ever be built: unless another end condition holds, "
                              "a game ends only when its turn limit is reached"))
    # Coin yields the coins cannot pay exactly.
    amounts = {}
    for i, space in enumerate(_dict(data.get("work_cycle")).get("spaces") or []):
        coin = _int(_dict(_dict(space).get("yields")).get("coin"))
        if coin:
            amounts.setdefault(coin, f"/work_cycle/spaces/{i}/yields/coin")
    for sid, structure in structures.items():
        for i, effect in enumerate(_dict(structure).get("effects") or []):
            for name in ("income", "space_yield"):
                coin = _int(_dict(_dict(effect).get(name)).get("coin"))
                if coin:
                    amounts.setdefault(coin, f"{join('/structures', sid)}/effects/{i}/{name}/coin")
    for cid, conv in _dict(data.get("conversions")).items():
        gain = _amounts(_dict(conv).get("gain"))
        if gain and gain[1]:
            amounts.setdefault(gain[1], f"{join('/conversions', cid)}/gain/coin")
    for amount, pointer in sorted(amounts.items()):
        if amount <= total and not payable(amount, supply):
            warn(pointer, cause="/components/coins", message=ngettext(
                "no set of coins in the box is worth exactly {num} Coin: when nobody can make change, "
                "this Coin is not earned",
                "no set of coins in the box is worth exactly {num} Coin: when nobody can make change, "
                "this Coin is not earned", amount).format(num=amount))
    return out
