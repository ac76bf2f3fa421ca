"""The story of a game: every action and event, told in game terms.

A :class:`Story` keeps one :class:`Entry` per line told (an action, an event
of the engine's log, the income at the start of a turn, the heading of a turn,
a computer's reason). The whole story is the ``log`` command; the play screen
shows the last turns *condensed* (:func:`turn_summary`: "moved 4 workers (+2
Coin, +2 Labor); built the Union (1 VP)"), and says how many lines it left
out rather than dropping them silently.

Nothing here names game content: the words come from the ruleset data and
the catalog.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, NamedTuple

from ..i18n import _, format_list, ngettext, pgettext
from ..language.province_model import Effect, model_of
from . import screen
from .view import per_incomes, rules_view

ACTION, EVENT, INCOME, TURN, WHY, NOTE = "action", "event", "income", "turn", "why", "note"


@dataclass
class Entry:
    """One line of the story."""

    turn: int                 # the turn it belongs to (0-based, as ``State.turn``)
    seat: int                 # whose turn it is
    kind: str                 # ACTION, EVENT, INCOME, TURN, WHY or NOTE
    text: str                 # the whole line, as the log prints it
    action_kind: int | None = None
    arg: int = -1
    labor: int = 0            # what the action earned its player (moves)
    coin: int = 0
    vp: int = 0               # the VP a built structure is worth
    lost: int = 0             # the Labor lost when the turn ended
    careless: bool = False    # a computer's move chosen at random (the easy level's slip), not a plan
    could_build: tuple | None = None   # ending a turn: the structures it could have built then (None: not known)


@dataclass
class Story:
    entries: list = field(default_factory=list)

    def add(self, entry: Entry) -> Entry:
        self.entries.append(entry)
        return entry

    def clear(self):
        self.entries.clear()

    def lines(self) -> list[str]:
        return [e.text for e in self.entries]

    def turns(self) -> list[int]:
        """The turns told, in order."""
        return list(dict.fromkeys(e.turn for e in self.entries if e.kind != NOTE))

    def of_turn(self, turn: int) -> list[Entry]:
        return [e for e in self.entries if e.turn == turn]


# ---------------------------------------------------------------------------
# Facts from a state before and after an action


def action_entry(before_state, action: int, after_state, seat: int, text: str,
                 before_labor: int, before_coin: int) -> Entry:
    """The entry of ``action`` played by ``seat`` (the states are before and after it)."""
    rules = rules_view(before_state)
    info = rules.actions[action]
    kind = info.kind
    same_turn = after_state.turn == before_state.turn and not after_state.is_terminal()
    labor = (screen.labor_of(after_state) - before_labor) if same_turn else 0
    coin = after_state.coin_value(seat) - before_coin
    vp = 0
    if kind == screen.BUILD:
        s = info.arg
        vp = rules.vp_first[s] if before_state.first_builder[s] < 0 else rules.vp_later[s]
    lost = before_labor if kind == screen.END else 0
    return Entry(turn=before_state.turn, seat=seat, kind=ACTION, text=text, action_kind=kind, arg=info.arg,
                 labor=labor, coin=coin, vp=vp, lost=lost,
                 could_build=buildable(before_state) if kind == screen.END else None)


def buildable(state) -> tuple:
    """The structures the player to decide may build now (the engine's legal moves, so every price, change
    and condition counted), in structure order."""
    actions = rules_view(state).actions
    return tuple(sorted({actions[a].arg for a in state.legal_actions() if actions[a].kind == screen.BUILD}))


def income_sources(state, seat: int, structures: int, borrowed: bool = False, first: int = 0) -> list[str]:
    """The sources of the income ``seat`` receives from ``structures`` (a bit mask):
    "Mill +1 Labor", "ships (Mixed) +1 Coin"; and the first-turn gains of ``first`` (a bit mask)."""
    rules = rules_view(state)
    d = rules.data
    out = []
    for s in range(rules.n_struct):
        if first >> s & 1:
            out.append(_("{source} {gain} (once)").format(source=screen.name(d, "structure", rules.struct_ids[s]),
                                                         gain=screen.gain_text(rules.first_pool[s], rules.first_coin[s], rules)))
    for s in range(rules.n_struct):
        if not structures >> s & 1:
            continue
        if any(rules.income_pool[s]) or rules.income_coin[s]:
            out.append(_("{source} {gain}").format(source=screen.name(d, "structure", rules.struct_ids[s]),
                                                  gain=screen.gain_text(rules.income_pool[s], rules.income_coin[s], rules)))
        paid = _incomes_if_paid(state, seat, s)
        for pool, coin in rules.conditional_income[s]:    # an income with a condition: only when it was met
            if next(paid, False):
                out.append(_("{source} {gain}").format(source=screen.name(d, "structure", rules.struct_ids[s]),
                                                      gain=screen.gain_text(pool, coin, rules)))
        for pool, coin in per_incomes(state, seat, s):   # an amount per a metric: as measured now
            out.append(_("{source} {gain}").format(source=screen.name(d, "structure", rules.struct_ids[s]),
                                                  gain=screen.gain_text(pool, coin, rules)))
    if structures & rules.ship_mask and state.ship >= 0:
        o = state.ship
        parts = []
        if any(rules.outcome_pool[o]) or rules.outcome_coin[o]:
            parts.append(screen.gain_text(rules.outcome_pool[o], rules.outcome_coin[o], rules))
        if rules.outcome_hire[o]:
            parts.append(_("may hire a sailor"))
        if parts:
            out.append(_("ships ({outcome}): {gain}").format(outcome=screen.name(d, "outcome", rules.outcome_ids[o]),
                                                            gain=", ".join(parts)))
    return out


def _incomes_if_paid(state, seat: int, s: int):
    """Whether each income with a condition of structure ``s`` was paid to ``seat`` the last time it was
    checked (the engine's ``("if", seat, s, "income", met)`` events), in the order of ``rules_view(state).conditional_income[s]``."""
    n = len(rules_view(state).conditional_income[s])
    if not n:
        return iter(())
    found = []
    log = state.log
    i = len(log) - 1
    while i >= 0 and len(found) < n:
        e = log[i]
        if e[0] == "if" and e[1] == seat and e[2] == s and e[3] == "income":
            found.append(e[4])
        i -= 1
    return iter(reversed(found))


def start_income_line(state, names, coin_before: int, first: int = 0) -> str:
    """What the player whose turn just started received, with its sources ("" if nothing);
    ``first``: the structures whose first-turn gain was due (a bit mask)."""
    p = state.current
    sources = income_sources(state, p, state.owned[p], first=first)
    if not sources:
        return ""
    text = format_list(sources)
    expected = _nominal_coin(state, p, state.owned[p]) + sum(rules_view(state).first_coin[s] for s in range(rules_view(state).n_struct)
                                                             if first >> s & 1)
    got = state.coin_value(p) - coin_before
    if got < expected:
        text = _("{sources} (the supply could pay only {coin})").format(sources=text, coin=screen.coin_text(got, rules_view(state)))
    if screen.is_you(names[p]):
        return _("Start of your turn: {sources}.").format(sources=text)
    return _("{player} receives at the start of the turn: {sources}.").format(player=names[p], sources=text)


def borrow_income_line(state, names, seat: int, structure: int, coin_before: int) -> str:
    """The income a borrowed structure pays at once ("" if none)."""
    sources = income_sources(state, seat, 1 << structure, borrowed=True)
    if not sources:
        return ""
    text = format_list(sources)
    got = state.coin_value(seat) - coin_before
    if got < _nominal_coin(state, seat, 1 << structure):
        text = _("{sources} (the supply could pay only {coin})").format(sources=text, coin=screen.coin_text(got, rules_view(state)))
    return _("The borrowed structure pays at once: {sources}.").format(sources=text)


def _nominal_coin(state, seat: int, structures: int) -> int:
    rules = rules_view(state)
    total = sum(rules.income_coin[s] for s in range(rules.n_struct) if structures >> s & 1)
    for s in range(rules.n_struct):                 # the incomes with a condition that were paid
        if structures >> s & 1 and rules.conditional_income[s]:
            paid = _incomes_if_paid(state, seat, s)
            total += sum(coin for _pool, coin in rules.conditional_income[s] if next(paid, False))
        if structures >> s & 1:
            total += sum(coin for _pool, coin in per_incomes(state, seat, s))
    if structures & rules.ship_mask and state.ship >= 0:
        total += rules.outcome_coin[state.ship]
    return total


# ---------------------------------------------------------------------------
# A turn, condensed


def turn_summary(state, entries, names) -> str:
    """One turn's actions in one sentence: "Computer (greedy), turn 12: moved 4
    workers (+2 Coin, +2 Labor); built the Union (1 VP)."."""
    rules = rules_view(state)
    d = rules.data
    acts = [e for e in entries if e.kind == ACTION]
    if not acts:
        return ""
    parts = []
    moves = [e for e in acts if e.action_kind == screen.MOVE]
    if moves:
        gain = screen.gain_text(sum(e.labor for e in moves), sum(e.coin for e in moves), rules)
        parts.append(ngettext("moved {count} worker ({gain})", "moved {count} workers ({gain})", len(moves)).format(
            count=len(moves), gain=gain))
    convs = {}
    for e in acts:
        row = ACTION_STORY.get(e.action_kind)
        if row is not None and row.summary is not None:
            row.summary(state, e, parts, convs)
    shown = []
    for part in parts:
        if isinstance(part, tuple):
            k = part[1]
            n = convs[k]
            shown.append(ngettext("used {conversion} once", "used {conversion} {count} times", n).format(
                conversion=screen.name(d, "conversion", rules.conv_ids[k]), count=n))
        else:
            shown.append(part)
    seat = acts[0].seat
    turn = acts[0].turn
    joined = pgettext("between the parts of a turn", "; ").join(shown)
    if screen.is_you(names[seat]):
        return _("You, turn {turn}: {actions}.").format(turn=turn + 1, actions=joined)
    return _("{player}, turn {turn}: {actions}.").format(player=names[seat], turn=turn + 1, actions=joined)


def _summary_build(state, e, parts, convs):
    rules = rules_view(state)
    parts.append(_("built the {structure} ({vp})").format(
        structure=screen.name(rules.data, "structure", rules.struct_ids[e.arg]), vp=screen.vp_text(e.vp)))


def _summary_borrow(state, e, parts, convs):
    rules = rules_view(state)
    parts.append(_("borrowed the {structure}").format(
        structure=screen.name(rules.data, "structure", rules.struct_ids[e.arg])))


def _summary_convert(state, e, parts, convs):
    """A conversion is told once, where it was first used, with how many times (``convs``)."""
    if e.arg not in convs:
        convs[e.arg] = 0
        parts.append(("conv", e.arg))
    convs[e.arg] += 1


def _summary_hire(state, e, parts, convs):
    parts.append(_("hired a sailor"))


def _summary_repay(state, e, parts, convs):
    rules = rules_view(state)
    ls = screen.lender_structure(state)
    parts.append(_("repaid the {token_of} token").format(
        token_of=screen.name(rules.data, "structure", rules.struct_ids[ls]) if ls >= 0 else ""))


def _summary_exchange(state, e, parts, convs):
    if _("exchanged coins with the supply") not in parts:
        parts.append(_("exchanged coins with the supply"))


def _summary_offer(state, e, parts, convs):
    parts.append(_("made an offer"))


def _summary_use(state, e, parts, convs):
    parts.append(_("used an ability"))


def _summary_end(state, e, parts, convs):
    if e.lost:
        parts.append(_("lost {labor} not spent").format(labor=screen.labor_text(e.lost, rules_view(state))))


# ---------------------------------------------------------------------------
# Why a computer did what it did, in game terms


def _pair(data, amounts) -> tuple[int, int]:
    """An amount mapping -> (the turn resource's amount, the coins')."""
    from ..language.ruleset import coins_resource, turn_resource
    return amounts.get(turn_resource(data) or "", 0), amounts.get(coins_resource(data) or "", 0)


def _income_tag(data, effect, n_players):
    if effect.condition:                        # a condition: the rulebook's sentence says which
        return _("{gain} on turns you meet its condition").format(gain=screen.gain_text(*_pair(data, effect.amount), data))
    return _("{gain} every turn").format(gain=screen.gain_text(*_pair(data, effect.amount), data))


def _space_yield_tag(data, effect, n_players):
    gain = screen.gain_text(*_pair(data, effect.amount), data)
    if effect.condition:
        return _("{gain} for each worker moved onto {space} while you meet its condition").format(
            gain=gain, space=screen.name(data, "space", effect.space))
    return _("{gain} for each worker moved onto {space}").format(
        gain=gain, space=screen.name(data, "space", effect.space))


def _unlock_worker_tag(data, effect, n_players):
    return _("one more worker ({worker})").format(worker=screen.name(data, "worker", effect.worker))


def _conversion_tag(data, effect, n_players):
    conv = (data.get("conversions") or {}).get(effect.conversion, {})
    return _("the {conversion} exchange ({cost} for {gain})").format(
        conversion=screen.name(data, "conversion", effect.conversion),
        cost=screen.cost_text(*_pair(data, conv.get("pay") or {}), data),
        gain=screen.cost_text(*_pair(data, conv.get("gain") or {}), data))


def _borrowing_tag(data, effect, n_players):
    if n_players == 2:
        return _("the right to borrow the opponent's structures")
    return _("the right to borrow other players' structures")


def _ship_benefit_tag(data, effect, n_players):
    return _("the ships' income")


def _steal_tag(data, effect, n_players):
    taken = screen.cost_text(*_pair(data, effect.amount), data)
    if n_players == 2:
        return _("{amount} taken from the opponent when built").format(amount=taken)
    if effect.source == "richest":
        return _("{amount} taken from the richest other player when built").format(amount=taken)
    return _("{amount} taken from the next player when built").format(amount=taken)


#: The play layer's row for each effect (the schema's ``$defs/effect``): its few words beside a structure
#: on the screen, ``tag(data, effect, n_players)`` (the effect: the rules model's ``Effect``); None: the screen gives it no words (the rulebook's
#: sentence, ``rules``, says it). tests/test_primitives.py checks there is one row per effect.
EFFECT_TAGS = {
    "income": _income_tag,
    "gain": None,
    "space_yield": _space_yield_tag,
    "space_bonus": None,
    "unlock_worker": _unlock_worker_tag,
    "conversion": _conversion_tag,
    "long_move": None,
    "borrowing": _borrowing_tag,
    "ship_benefit": _ship_benefit_tag,
    "steal": _steal_tag,
}


def effect_tag(data, effect, n_players: int = 2) -> str:
    """A structure's effect (the rules model's ``Effect``, or as written) in a few words ("+1 Labor every turn"), in a
    game of ``n_players``."""
    if not isinstance(effect, Effect):
        effect = Effect.of(effect)
    tag = EFFECT_TAGS.get(effect.kind)
    return tag(data, effect, n_players) if tag is not None else ""


def structure_tags(data, sid: str, n_players: int = 2) -> str:
    tags = [t for t in (effect_tag(data, e, n_players) for e in model_of(data).structures[sid].effects) if t]
    return format_list(tags) if tags else ""


def _worth_key(state, s: int):
    """Structures still worth their first builder's VP before those another player built first, then the
    cheapest."""
    rules = rules_view(state)
    spent = state.first_builder[s] >= 0 and rules.vp_later[s] < rules.vp_first[s]
    return (spent, sum(rules.cost_pool[s]) + rules.cost_coin[s], s)


def saving_for(state, seat: int):
    """The structure ``seat`` can build next but cannot afford yet, or ``None``: one still worth its first
    builder's VP if there is one (a structure another player built first is worth less to it), the
    cheapest of those."""
    rules = rules_view(state)
    owned = state.owned[seat]
    if bin(owned).count("1") >= rules.tokens:
        return None
    candidates = [s for s in range(rules.n_struct) if not owned >> s & 1 and rules.requirements_met(s, owned)]
    return min(candidates, key=lambda s: _worth_key(state, s)) if candidates else None


def explain_turn(state, entries, names) -> str:
    """One reason for a computer's whole turn, in game terms ("" if the turn is empty).

    ``state`` is the position after the turn; ``entries`` the turn's story."""
    rules = rules_view(state)
    d = rules.data
    acts = [e for e in entries if e.kind == ACTION]
    if not acts:
        return ""
    seat = acts[0].seat
    claims = [e for e in entries if e.kind == EVENT and e.action_kind == "claim" and e.arg == seat]
    reasons = []
    slips = [e for e in acts if e.careless]
    for e in acts:
        row = ACTION_STORY.get(e.action_kind)
        if row is not None and row.why is not None and not e.careless:
            reasons.append(row.why(state, e))
    if claims:
        reasons.append(ngettext("it claims {count} goal", "it claims {count} goals", len(claims)).format(
            count=len(claims)))
    if slips:                 # the easy level's random moves are said to be so, never explained as a plan
        reasons.append(ngettext("{count} of its moves was careless, chosen at random",
                                "{count} of its moves were careless, chosen at random", len(slips)).format(
            count=len(slips)))
    if not reasons:
        target = saving_for(state, seat)
        # what it held as its turn ended: the Labor it lost, and its coins
        labor_left = sum(e.lost for e in acts)
        coin_left = state.coin_value(seat)
        # The coins its conversions brought (an exchange changes coins, not their value): "toward" a
        # structure only when they were short of its coin cost before.
        gained = sum(e.coin for e in acts if e.action_kind in (screen.CONVERT, screen.EXCHANGE))
        # What it could have built as it ended its turn: the engine's legal builds then, when the story has
        # them; else what its Labor and coins paid for.
        ends = [e for e in acts if e.action_kind == screen.END and e.could_build is not None]
        if ends:
            could = ends[-1].could_build
        else:
            owned = state.owned[seat]
            could = () if bin(owned).count("1") >= rules.tokens else tuple(
                s for s in range(rules.n_struct)
                if not owned >> s & 1 and rules.requirements_met(s, owned)
                and labor_left >= sum(rules.cost_pool[s]) and coin_left >= rules.cost_coin[s])
        if target is not None:
            need_coin = rules.cost_coin[target]
            target_name = screen.name(d, "structure", rules.struct_ids[target])
            target_cost = screen.cost_text(rules.cost_pool[target], rules.cost_coin[target], rules)
        if could:
            # Said first: a turn that could have built is never told as saving or lacking.
            best = min(could, key=lambda s: _worth_key(state, s))
            reasons.append(_("it did not build this turn, though it could have built the {structure} ({cost})").format(
                structure=screen.name(d, "structure", rules.struct_ids[best]),
                cost=screen.cost_text(rules.cost_pool[best], rules.cost_coin[best], rules)))
        elif target is None:
            reasons.append(_("nothing is left for it to build: it gathers what still scores"))
        elif gained > 0 and coin_left - gained < need_coin:
            reasons.append(_("it turned what it had into coins toward the {structure} ({cost}; it has {coin})").format(
                structure=target_name, cost=target_cost, coin=screen.coin_text(coin_left, rules)))
        elif coin_left >= need_coin:
            reasons.append(_("it lacked the {resource} to build more (next: {structure}, {cost})").format(
                resource=screen.turn_resource_name(rules), structure=target_name, cost=target_cost))
        else:
            reasons.append(_("it is saving its coins (next: {structure}, {cost}; it has {coin})").format(
                structure=target_name, cost=target_cost, coin=screen.coin_text(coin_left, rules)))
    return _("Why: {reasons}.").format(
        reasons=pgettext("between the parts of a turn", "; ").join(dict.fromkeys(reasons)))


def _why_build(state, e) -> str:
    rules = rules_view(state)
    d = rules.data
    sid = rules.struct_ids[e.arg]
    tags = structure_tags(d, sid, screen.n_players(state))
    if tags:
        return _("the {structure} is worth {vp} and gives {effect}").format(
            structure=screen.name(d, "structure", sid), vp=screen.vp_text(e.vp), effect=tags)
    return _("the {structure} is worth {vp}").format(
        structure=screen.name(d, "structure", sid), vp=screen.vp_text(e.vp))


def _why_borrow(state, e) -> str:
    rules = rules_view(state)
    d = rules.data
    sid = rules.struct_ids[e.arg]
    return (_("it borrows the {structure} for {effect} this turn").format(
        structure=screen.name(d, "structure", sid), effect=structure_tags(d, sid, screen.n_players(state)) or "")
        .replace("  ", " "))


def _sailor_reason(*args) -> str:
    return _("a sailor is one more worker on the Work Cycle")


def _repay_reason(*args) -> str:
    return _("repaying the token avoids its penalty at the end")


def hint_reason(state, action: int) -> str:
    """Why a suggested action is good, in game terms."""
    row = ACTION_STORY.get(rules_view(state).actions[action].kind)
    return (row.hint if row is not None else _hint_economy)(state, action)


def _hint_build(state, action: int) -> str:
    rules = rules_view(state)
    d = rules.data
    info = rules.actions[action]
    sid = rules.struct_ids[info.arg]
    vp = rules.vp_first[info.arg] if state.first_builder[info.arg] < 0 else rules.vp_later[info.arg]
    tags = structure_tags(d, sid, screen.n_players(state))
    if tags:
        return _("the {structure} is worth {vp} and gives {effect}").format(
            structure=screen.name(d, "structure", sid), vp=screen.vp_text(vp), effect=tags)
    return _("the {structure} is worth {vp}").format(structure=screen.name(d, "structure", sid),
                                                    vp=screen.vp_text(vp))


def _hint_move(state, action: int) -> str:
    rules = rules_view(state)
    target = saving_for(state, state.current)
    if target is not None:
        return _("it earns toward the {structure} ({cost})").format(
            structure=screen.name(rules.data, "structure", rules.struct_ids[target]),
            cost=screen.cost_text(rules.cost_pool[target], rules.cost_coin[target], rules))
    return _("it earns what you need")


def _hint_spend(state, action: int) -> str:
    return _("your workers have earned what they can this turn")


def _hint_end(state, action: int) -> str:
    return _("nothing more worth doing this turn")


def _hint_borrow(state, action: int) -> str:
    rules = rules_view(state)
    sid = rules.struct_ids[rules.actions[action].arg]
    return _("the {structure} gives {effect} this turn").format(
        structure=screen.name(rules.data, "structure", sid), effect=structure_tags(rules.data, sid, screen.n_players(state)))


def _hint_economy(state, action: int) -> str:
    return _("it keeps your economy going")


# ---------------------------------------------------------------------------
# One row per action kind


class ActionStory(NamedTuple):
    """The story's row for an action kind of the engine."""

    #: (state, entry, parts, convs): add the entry's part to a turn's summary (:func:`turn_summary`);
    #: None: not told there.
    summary: Callable | None
    #: (state, entry): a reason for a computer's turn (:func:`explain_turn`); None: none.
    why: Callable | None
    #: (state, action): why a suggested action is good (:func:`hint_reason`).
    hint: Callable


#: action kind -> its row. tests/test_primitives.py checks there is one per action kind of the engine.
ACTION_STORY = {
    # The moves are told together, first (turn_summary); a leap is not told there.
    screen.MOVE: ActionStory(summary=None, why=None, hint=_hint_move),
    screen.LEAP: ActionStory(summary=None, why=None, hint=_hint_economy),
    screen.SPEND: ActionStory(summary=None, why=None, hint=_hint_spend),
    screen.END: ActionStory(summary=_summary_end, why=None, hint=_hint_end),
    screen.BUILD: ActionStory(summary=_summary_build, why=_why_build, hint=_hint_build),
    screen.BORROW: ActionStory(summary=_summary_borrow, why=_why_borrow, hint=_hint_borrow),
    screen.CONVERT: ActionStory(summary=_summary_convert, why=None, hint=_hint_economy),
    screen.HIRE: ActionStory(summary=_summary_hire, why=_sailor_reason, hint=_sailor_reason),
    screen.REPAY: ActionStory(summary=_summary_repay, why=_repay_reason, hint=_repay_reason),
    screen.EXCHANGE: ActionStory(summary=_summary_exchange, why=None, hint=_hint_economy),
    screen.CHOOSE: ActionStory(summary=None, why=None, hint=_hint_economy),   # a decision (engine.DECISIONS)
    screen.OFFER: ActionStory(summary=_summary_offer, why=None, hint=_hint_economy),   # a trade offered
    screen.USE: ActionStory(summary=_summary_use, why=None, hint=_hint_economy),       # an ability used
}


__all__ = ["Entry", "Story", "action_entry", "start_income_line", "borrow_income_line", "turn_summary",
           "explain_turn", "hint_reason", "structure_tags", "saving_for", "buildable"]
