"""What ``rulekit play`` and ``rulekit replay`` show: the board, the choices, the events, the end.

Every function returns translated text (lists of lines) built from the
state's view (:mod:`.view`: the state's ``StateView``, the ruleset's ``RulesView`` and the
questions it answers), never from the engine's tables; names come from the ruleset through the catalog
(:func:`rulekit.language.names.display_name`). Nothing here names game content.
"""
from __future__ import annotations

import textwrap
from typing import Callable, NamedTuple

from ..engine import BORROW, BUILD, CHOOSE, CONVERT, END, EXCHANGE, HIRE, LEAP, MOVE, REPAY, SOURCES, SPEND
from ..engine.game import OFFER, USE
from ..errors import IllegalActionError
from ..i18n import Name, _, format_list, get_language, join_names, ngettext, pgettext
from ..language.names import display_name
from ..language.province_model import Amount, model_of
from ..text import sentences as _sentences
from .notation import AmbiguousActionError, fold, for_state, typed
from .view import (after as _after, kind_access, move_destination, move_forbidden, objective_met,
                   objective_met_for_good, rules_view, seat_may_build, state_view)

WIDTH = 100


# ---------------------------------------------------------------------------
# The seats


def n_players(state) -> int:
    """How many players the game has (seats ``0 .. n - 1``)."""
    return state.n_players


def seats(state) -> range:
    """Every seat, in seat order."""
    return range(n_players(state))


def next_seat(state, p: int) -> int:
    """The seat that plays after ``p``, in the game's turn order (the ruleset's, or the one a bid made)."""
    return state.seat_next[p]


def others(state, p: int) -> tuple:
    """The other seats than ``p``, in turn order from the one after ``p``."""
    out = []
    q = state.seat_next[p]
    while q != p:
        out.append(q)
        q = state.seat_next[q]
    return tuple(out)


def turn_order(state) -> list[int]:
    """Every seat in turn order, from the first player."""
    return [state.first, *others(state, state.first)]


# ---------------------------------------------------------------------------
# Small phrases


def name(data, kind: str, ident: str) -> str:
    return display_name(data, kind, ident)


def _resource_ids(rules) -> tuple:
    """(ruleset data, the turn resource's id, the coins resource's id) of ``rules``, a ruleset's
    :class:`~rulekit.play.view.RulesView` or its data."""
    if isinstance(rules, dict):
        from ..language.ruleset import coins_resource, turn_resource as turn_id
        return rules, turn_id(rules), coins_resource(rules)
    r = turn_resource(rules)
    return rules.data, (rules.pool_ids[r] if r >= 0 else None), rules.coins_id


def turn_resource_name(rules):
    """The turn resource's name (its forms ``one``, ``plural``, ``the``), or "" when there is none."""
    data, rid, _coins = _resource_ids(rules)
    return _sentences.resource_name(data, rid) if rid else ""


def coins_resource_name(rules):
    """The coins resource's name (its forms ``one``, ``plural``, ``the``), or "" when there is none."""
    data, _turn, rid = _resource_ids(rules)
    return _sentences.resource_name(data, rid) if rid else ""


def labor_text(n: int, rules) -> str:
    """``n`` of the turn resource ("2 Labor"), in its declared name's forms."""
    data, rid, _coins = _resource_ids(rules)
    return _sentences.resource_amount(data, rid, n) if rid else str(n)


def coin_text(n: int, rules) -> str:
    """``n`` (a value) of the coins resource ("3 Coin"), in its declared name's forms."""
    data, _turn, rid = _resource_ids(rules)
    return _sentences.resource_amount(data, rid, n) if rid else str(n)


def vp_text(n: int) -> str:
    if n < 0:
        return signed_vp(n)               # a true minus sign, as in the score table
    text = ngettext("{num} VP", "{num} VP", n).format(num=n)
    if n == 0:                            # inside a sentence: "no VP" (« aucun PV »), {vp.none}
        return Name(text, "vp", text, {"none": _("no VP"), "count": "zero"})
    return text


def signed_vp(n: int) -> str:
    if n < 0:
        return ngettext("−{num} VP", "−{num} VP", -n).format(num=-n)
    return vp_text(n)


def turn_resource(rules) -> int:
    """The pool resource shown as the turn's Labor: the first one not kept between turns (-1: none)."""
    return next((r for r in range(rules.n_pool) if rules.pool_end[r] >= 0), -1)


def labor_of(state) -> int:
    """What the player to play holds of the turn resource."""
    r = turn_resource(rules_view(state))
    return state.held(state.current, r) if r >= 0 else 0


def labor_lost(state) -> int:
    """What the player to play would lose of the turn resource by ending the turn now
    (what is above the carry-over; nothing when it is kept)."""
    r = turn_resource(rules_view(state))
    if r < 0:
        return 0
    held, keep = labor_of(state), rules_view(state).pool_end[r]
    return held if keep == 0 else max(0, held - keep)


def _split(labor, rules):
    """Pool amounts (a tuple, with ``rules``) -> (the turn resource's amount, [(id, amount)] of the others)."""
    if not isinstance(labor, tuple):
        return labor, []
    r = turn_resource(rules)
    others = [(rules.pool_ids[i], n) for i, n in enumerate(labor) if i != r and n]
    return (labor[r] if r >= 0 else 0), others


def cost_text(labor, coin: int, rules=None) -> str:
    """An amount: the turn resource's (an int, or every pool's as a tuple with ``rules``) and the coins."""
    labor, others = _split(labor, rules)
    parts = []
    if labor:
        parts.append(labor_text(labor, rules))
    if coin:
        parts.append(coin_text(coin, rules))
    parts.extend(_sentences.resource_amount(rules.data, rid, n) for rid, n in others)
    if not parts:
        return _("nothing")
    return format_list(parts)


def gain_text(labor, coin: int, rules=None) -> str:
    labor, others = _split(labor, rules)
    parts = []
    if labor:
        parts.append(_("+{amount}").format(amount=labor_text(labor, rules)))
    if coin:
        parts.append(_("+{amount}").format(amount=coin_text(coin, rules)))
    parts.extend(_("+{amount}").format(amount=_sentences.resource_amount(rules.data, rid, n)) for rid, n in others)
    return ", ".join(parts) if parts else _("nothing")


def coins_text(data, coin_ids, counts) -> str:
    """``Silver ×2, Gold ×1`` (only the denominations held), or ``no coins``."""
    parts = [_("{coin} ×{count}").format(coin=name(data, "coin", cid), count=n)
             for cid, n in zip(coin_ids, counts) if n]
    return ", ".join(parts) if parts else _("no coins")


def bot_label(bot: str) -> str:
    """A bot's name on screen, in the current language: a level (``hard=wide:30``)
    by its level (``hard``, « difficile »); a budget other than the default
    (``mcts:200``) follows the bot's name (``MCTS 200``)."""
    from ..bots.registry import bot_label as label_of, canonical_bot, parse_bot

    try:
        spec = parse_bot(bot)
    except ValueError:
        return bot
    if spec.level is not None:
        return label_of(spec.level)
    label = label_of(spec.name)
    budget = spec.bare.partition(":")[2]
    return f"{label} {budget}" if budget and canonical_bot(spec.name) != spec.bare else label


def phase_label(phase: str) -> str:
    return {"work": _("Work Cycle phase"), "spending": _("Resource Spending phase"),
            "over": _("game over"), "setup": _("before the first turn")}.get(phase, phase)


def command_word(command: str) -> str:
    """The command as typed in the current language (the English word always works too)."""
    return {"help": pgettext("command", "help"), "rules": pgettext("command", "rules"),
            "costs": pgettext("command", "costs"), "log": pgettext("command", "log"),
            "hint": pgettext("command", "hint"),
            "undo": pgettext("command", "undo"), "save": pgettext("command", "save"),
            "quit": pgettext("command", "quit")}[command]


def command_aliases(command: str) -> str:
    """Other words accepted for a command in the current language, separated by spaces (may be empty)."""
    return {"help": pgettext("command aliases", "commands"), "rules": pgettext("command aliases", "rulebook"),
            "costs": pgettext("command aliases", "structures"), "log": pgettext("command aliases", "history"),
            "hint": pgettext("command aliases", "suggest"), "undo": pgettext("command aliases", "back"),
            "save": pgettext("command aliases", "write"), "quit": pgettext("command aliases", "leave")}[command]


def lender_structure(state):
    rules = rules_view(state)
    for s in range(rules.n_struct):
        if rules.borrow_mask >> s & 1:
            return s
    return -1


def seat_color(data, seat: int) -> str:
    colors = (data.get("sailors") or {}).get("worker_color") or ["red", "blue"]
    color = colors[seat] if seat < len(colors) else _SEAT_COLORS[seat % len(_SEAT_COLORS)]
    return {"blue": "bright_blue", "red": "bright_red", "purple": "magenta"}.get(
        color, color if color in _CLICK_COLORS else None)


_SEAT_COLORS = ("red", "blue", "magenta", "cyan", "green", "yellow")
_CLICK_COLORS = {"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
                 "bright_red", "bright_green", "bright_yellow", "bright_blue", "bright_magenta", "bright_cyan"}


def wrap(text: str, indent: str = "", first: str | None = None, width: int = WIDTH) -> list[str]:
    """``text`` wrapped by words to ``width``; a no-break space (U+00A0 as in "1 PV", U+202F before a
    French colon) never breaks a line, and is kept in the lines."""
    return textwrap.wrap(text, width=width, initial_indent=indent if first is None else first,
                         subsequent_indent=indent, break_on_hyphens=False) or [first or indent]


def shown(line: str) -> str:
    """A line as the terminal gets it: the no-break spaces U+00A0 written as plain spaces (same
    width), once the line is wrapped."""
    return line.replace(NBSP, " ")


def wrap_shown(text: str, indent: str = "", first: str | None = None, width: int = WIDTH) -> list[str]:
    """:func:`wrap`, then each line :func:`shown`: the no-break spaces keep their words on one line."""
    return [shown(line) for line in wrap(text, indent, first, width)]


def _condition(data, gid: str, with_check: bool = True) -> str:
    goal = data["goals"][gid]
    try:
        return _sentences.condition_sentence(data, goal["condition"], goal.get("check") if with_check else None)
    except Exception:  # noqa: BLE001 - the sentence is a help, never a crash
        return ""


def _outcome_sentence(data, oid: str) -> str:
    casting = data.get("casting") or {}
    for outcome in casting.get("outcomes", []):
        if outcome["id"] == oid:
            try:
                return _sentences.outcome_sentence(data, outcome)
            except Exception:  # noqa: BLE001
                return ""
    return ""


def effects_text(data, sid: str) -> str:
    try:
        return " ".join(_sentences.effect_sentence(data, e) for e in data["structures"][sid].get("effects") or ())
    except Exception:  # noqa: BLE001
        return ""


def end_reason_text(data, reason) -> str:
    if reason is None:
        return ""
    cond = _sentences.end_condition_by_key(data, reason)
    if cond is not None:
        try:
            return _sentences.end_condition_sentence(data, cond)
        except Exception:  # noqa: BLE001
            pass
    return {"player_condition": _("a player reached the end condition."),
            "all_structures_built": _("every structure has been built."),
            "goals_exhausted": _("every goal has been claimed or removed.")}.get(reason, reason)


# ---------------------------------------------------------------------------
# Actions


def notation(state, action: int) -> str:
    """``action`` as written on the screen, in the current language (docs/notation.md)."""
    return for_state(state).of(action)


def _move_parts(state, action: int) -> dict:
    """The worker, the spaces and what a move earns its player (``_("...").format(**parts)``)."""
    rules = rules_view(state)
    d = rules.data
    info = rules.actions[action]
    p = state.current
    after = _after(state, action)
    same = not after.is_terminal() or after.current == p
    gain = gain_text(tuple(after.held(p, r) - state.held(p, r) if same else 0 for r in range(rules.n_pool)),
                     after.coin_value(p) - state.coin_value(p), rules)
    moved = [w for w in range(rules.n_workers) if after.moved >> w & 1 and not state.moved >> w & 1]
    dest = after.wpos[moved[0]] if moved else rules.next_space[info.arg2]
    worker = name(d, "worker", rules.kind_ids[info.arg])
    if isinstance(worker, Name) and sum(1 for w in range(rules.n_workers) if rules.worker_kind[w] == info.arg) == 1:
        # the only worker of its kind: « l'Ouvrier Jaune », not « un Ouvrier Jaune »
        worker = Name(str(worker), worker.kind, worker.source, {**worker.own_forms, "a": worker.form("the")})
    paid = sum(1 for e in list(after.log)[len(state.log):] if e[0] == "toll")
    if paid:                                  # the gain is net of the tolls: say what they take
        gain = ngettext("{gain}, after a toll of {toll} to {count} other player",
                        "{gain}, after a toll of {toll} to each of {count} other players", paid).format(
                            gain=gain, toll=cost_text(rules.toll_pool[dest], rules.toll_coin[dest], rules), count=paid)
    return {"worker": worker, "origin": name(d, "space", rules.space_ids[info.arg2]),
            "destination": name(d, "space", rules.space_ids[dest]), "gain": gain}


def _exchange_parts(state, action: int) -> dict:
    rules = rules_view(state)
    p = state.current
    after = _after(state, action)
    before, now = state.purses[p], after.purses[p]
    given = [0 if b <= a else b - a for b, a in zip(before, now)]
    got = [0 if a <= b else a - b for b, a in zip(before, now)]
    return {"given": coins_text(rules.data, rules.coin_ids, given), "received": coins_text(rules.data, rules.coin_ids, got)}


# Each action kind told three ways: ``describe`` for the list of choices, ``report`` as it is played,
# ``short`` for a choice on a small screen. One row per kind of the engine: ACTION_WORDS, below.

def _describe_move(state, action: int) -> str:
    return _("Move a worker ({worker}): {origin} → {destination}, {gain}").format(**_move_parts(state, action))


def _report_move(state, action: int, player: str) -> str:
    parts = _move_parts(state, action)
    if is_you(player):
        return _("You move a worker ({worker}) from {origin} to {destination}: {gain}.").format(**parts)
    return _("{player} moves a worker ({worker}) from {origin} to {destination}: {gain}.").format(
        player=player, **parts)


def _short_move(state, action: int) -> str:
    parts = _move_parts(state, action)
    return _("→ {destination}, {gain}").format(**parts)


def _describe_leap(state, action: int) -> str:
    return _("Move a worker ({worker}) several steps, once this turn: {origin} → {destination}, {gain}").format(
        **_move_parts(state, action))


def _no_short(state, action: int) -> str:
    return ""


def _describe_spend(state, action: int) -> str:
    return _("Stop moving workers and go to the Resource Spending phase")


def _report_spend(state, action: int, player: str) -> str:
    if is_you(player):
        return _("You stop moving workers and go to the Resource Spending phase.")
    return _("{player} stops moving workers and goes to the Resource Spending phase.").format(player=player)


def _short_spend(state, action: int) -> str:
    return _("to the Resource Spending phase")


def _describe_end(state, action: int) -> str:
    if labor_lost(state):
        return _("End your turn (you lose the {labor} you have not spent)").format(labor=labor_text(labor_lost(state), rules_view(state)))
    return _("End your turn")


def _report_end(state, action: int, player: str) -> str:
    you = is_you(player)
    if labor_lost(state):
        if you:
            return _("You end your turn and lose the {labor} you did not spend.").format(
                labor=labor_text(labor_lost(state), rules_view(state)))
        return _("{player} ends the turn and loses the {labor} not spent.").format(
            player=player, labor=labor_text(labor_lost(state), rules_view(state)))
    if you:
        return _("You end your turn.")
    return _("{player} ends the turn.").format(player=player)


def _short_end(state, action: int) -> str:
    return _("end of your turn")


def _describe_build(state, action: int) -> str:
    rules = rules_view(state)
    s = rules.actions[action].arg
    vp = rules.vp_first[s] if state.first_builder[s] < 0 else rules.vp_later[s]
    return _("Build the {structure}: pay {cost}; worth {vp} to you").format(
        structure=name(rules.data, "structure", rules.struct_ids[s]), cost=cost_text(state.ev_cost_pool[s], state.ev_cost_coin[s], rules),
        vp=vp_text(vp))


def _report_build(state, action: int, player: str) -> str:
    rules = rules_view(state)
    s = rules.actions[action].arg
    vp = rules.vp_first[s] if state.first_builder[s] < 0 else rules.vp_later[s]
    parts = {"structure": name(rules.data, "structure", rules.struct_ids[s]), "cost": cost_text(state.ev_cost_pool[s], state.ev_cost_coin[s], rules),
             "vp": vp_text(vp)}
    if is_you(player):
        return _("You build the {structure} for {cost} (worth {vp}).").format(**parts)
    return _("{player} builds the {structure} for {cost} (worth {vp}).").format(player=player, **parts)


def _short_build(state, action: int) -> str:
    rules = rules_view(state)
    s = rules.actions[action].arg
    vp = rules.vp_first[s] if state.first_builder[s] < 0 else rules.vp_later[s]
    return _("{cost} → {vp}").format(cost=cost_text(state.ev_cost_pool[s], state.ev_cost_coin[s], rules), vp=vp_text(vp))


def _describe_borrow(state, action: int) -> str:
    rules = rules_view(state)
    d = rules.data
    s = rules.actions[action].arg
    lender = name(d, "structure", rules.struct_ids[lender_structure(state)]) if lender_structure(state) >= 0 else ""
    taken = state.holder >= 0 and state.holder != state.current
    if taken and n_players(state) == 2:
        return _("Borrow the {structure} until the end of your turn, taking the {token_of} token "
                 "from your opponent").format(structure=name(d, "structure", rules.struct_ids[s]), token_of=lender)
    if taken:
        return _("Borrow the {structure} until the end of your turn, taking the {token_of} token "
                 "from the player who holds it").format(structure=name(d, "structure", rules.struct_ids[s]),
                                                        token_of=lender)
    return _("Borrow the {structure} until the end of your turn, taking the {token_of} token").format(
        structure=name(d, "structure", rules.struct_ids[s]), token_of=lender)


def _borrow_price(state) -> str:
    """What borrowing costs in the end: the token's penalty, unless it is repaid."""
    rules = rules_view(state)
    if not rules.lender_penalty:
        return ""
    return _("{vp} at the end unless you repay {cost}").format(
        vp=signed_vp(-rules.lender_penalty), cost=cost_text(rules.repay_pool, rules.repay_coin, rules))


def _short_borrow(state, action: int) -> str:
    return _borrow_price(state)


def _report_borrow(state, action: int, player: str) -> str:
    rules = rules_view(state)
    d = rules.data
    ls = lender_structure(state)
    parts = {"structure": name(d, "structure", rules.struct_ids[rules.actions[action].arg]),
             "token_of": name(d, "structure", rules.struct_ids[ls]) if ls >= 0 else ""}
    if is_you(player):
        return _("You borrow the {structure} until the end of your turn, taking the {token_of} token.").format(
            **parts)
    return _("{player} borrows the {structure} until the end of the turn, taking the {token_of} token.").format(
        player=player, **parts)


def _describe_convert(state, action: int) -> str:
    rules = rules_view(state)
    k = rules.actions[action].arg
    if rules.conv_roll_sides[k]:
        return _("{conversion}: pay {cost}, roll a die of {sides}: {gain} on {least} or more").format(
            conversion=name(rules.data, "conversion", rules.conv_ids[k]), cost=cost_text(rules.conv_pay_pool[k], rules.conv_pay_coin[k], rules),
            gain=cost_text(rules.conv_gain_pool[k], rules.conv_gain_coin[k], rules), sides=rules.conv_roll_sides[k],
            least=rules.conv_roll_at_least[k])
    return _("{conversion}: pay {cost}, gain {gain}").format(
        conversion=name(rules.data, "conversion", rules.conv_ids[k]), cost=cost_text(rules.conv_pay_pool[k], rules.conv_pay_coin[k], rules),
        gain=cost_text(rules.conv_gain_pool[k], rules.conv_gain_coin[k], rules))


def _report_convert(state, action: int, player: str) -> str:
    rules = rules_view(state)
    k = rules.actions[action].arg
    parts = {"conversion": name(rules.data, "conversion", rules.conv_ids[k]),
             "cost": cost_text(rules.conv_pay_pool[k], rules.conv_pay_coin[k], rules),
             "gain": cost_text(rules.conv_gain_pool[k], rules.conv_gain_coin[k], rules)}
    if rules.conv_roll_sides[k]:                  # the roll, and what it gives, is told by its own event
        if is_you(player):
            return _("You use {conversion}: you pay {cost} and roll a die.").format(**parts)
        return _("{player} uses {conversion}: pays {cost} and rolls a die.").format(player=player, **parts)
    if is_you(player):
        return _("You use {conversion}: you pay {cost} and gain {gain}.").format(**parts)
    return _("{player} uses {conversion}: pays {cost} and gains {gain}.").format(player=player, **parts)


def _short_convert(state, action: int) -> str:
    rules = rules_view(state)
    k = rules.actions[action].arg
    if rules.conv_roll_sides[k]:
        return _("{cost} → roll: {gain} on {least}+").format(
            cost=cost_text(rules.conv_pay_pool[k], rules.conv_pay_coin[k], rules),
            gain=cost_text(rules.conv_gain_pool[k], rules.conv_gain_coin[k], rules), least=rules.conv_roll_at_least[k])
    return _("{cost} → {gain}").format(cost=cost_text(rules.conv_pay_pool[k], rules.conv_pay_coin[k], rules),
                                      gain=cost_text(rules.conv_gain_pool[k], rules.conv_gain_coin[k], rules))


def _describe_hire(state, action: int) -> str:
    rules = rules_view(state)
    return _("Hire a sailor: pay {cost}; it enters the Work Cycle on {space}").format(
        cost=cost_text(rules.sailor_cost_pool, rules.sailor_cost, rules), space=name(rules.data, "space", rules.space_ids[rules.kind_entry[rules.sailor_kind]]))


def _report_hire(state, action: int, player: str) -> str:
    rules = rules_view(state)
    parts = {"cost": cost_text(rules.sailor_cost_pool, rules.sailor_cost, rules), "space": name(rules.data, "space", rules.space_ids[rules.kind_entry[rules.sailor_kind]])}
    if is_you(player):
        return _("You hire a sailor for {cost}; it enters the Work Cycle on {space}.").format(**parts)
    return _("{player} hires a sailor for {cost}; it enters the Work Cycle on {space}.").format(
        player=player, **parts)


def _short_hire(state, action: int) -> str:
    rules = rules_view(state)
    return cost_text(rules.sailor_cost_pool, rules.sailor_cost, rules)


def _describe_repay(state, action: int) -> str:
    rules = rules_view(state)
    lender = name(rules.data, "structure", rules.struct_ids[lender_structure(state)]) if lender_structure(state) >= 0 else ""
    return _("Repay the {token_of} token: pay {cost}").format(
        token_of=lender, cost=cost_text(rules.repay_pool, rules.repay_coin, rules))


def _report_repay(state, action: int, player: str) -> str:
    rules = rules_view(state)
    ls = lender_structure(state)
    parts = {"token_of": name(rules.data, "structure", rules.struct_ids[ls]) if ls >= 0 else "",
             "cost": cost_text(rules.repay_pool, rules.repay_coin, rules)}
    if is_you(player):
        return _("You repay the {token_of} token for {cost}.").format(**parts)
    return _("{player} repays the {token_of} token for {cost}.").format(player=player, **parts)


def _short_repay(state, action: int) -> str:
    rules = rules_view(state)
    return cost_text(rules.repay_pool, rules.repay_coin, rules)


def _describe_exchange(state, action: int) -> str:
    return _("Exchange {given} for {received} with the supply").format(**_exchange_parts(state, action))


def _report_exchange(state, action: int, player: str) -> str:
    parts = _exchange_parts(state, action)
    if is_you(player):
        return _("You exchange {given} for {received} with the supply.").format(**parts)
    return _("{player} exchanges {given} for {received} with the supply.").format(player=player, **parts)


def _short_exchange(state, action: int) -> str:
    return _("{given} → {received}").format(**_exchange_parts(state, action))


class ActionWords(NamedTuple):
    """The screen's row for an action kind of the engine."""

    describe: Callable      # (state, action): a short sentence saying what it does, for the current player
    report: Callable        # (state, action, player): what player does with it, told as it happens
    short: Callable         # (state, action): a few words for a choice on a small screen ("": none)


#: decision kind (engine.DECISIONS, by name) -> its words, as ActionWords; an option of a decision kind
#: without a row is shown by its notation (a decision kept secret must have a row that does not tell it).
DECISION_WORDS: dict = {}


def _decision_words(state, action: int):
    rules = rules_view(state)
    return DECISION_WORDS.get(rules.decision_names[rules.actions[action].arg])


def _describe_choose(state, action: int) -> str:
    words = _decision_words(state, action)
    return words.describe(state, action) if words is not None else notation(state, action)


def _report_choose(state, action: int, player: str) -> str:
    words = _decision_words(state, action)
    if words is not None:
        return words.report(state, action, player)
    if is_you(player):
        return _("You choose {option}.").format(option=notation(state, action))
    return _("{player} chooses {option}.").format(player=player, option=notation(state, action))


def _short_choose(state, action: int) -> str:
    words = _decision_words(state, action)
    return words.short(state, action) if words is not None else notation(state, action)


def _kept_objective(state, action: int) -> str:
    """The objective card an option of the objective decision keeps (its id)."""
    return rules_view(state).obj_ids[rules_view(state).actions[action].arg2]


def _describe_keep(state, action: int) -> str:
    oid = _kept_objective(state, action)
    d = rules_view(state).data
    return _("Keep the objective {objective} ({vp}): {condition}").format(
        objective=_sentences.objective_name(d, oid), vp=vp_text(_sentences.objective_cards(d)[oid]["vp"]),
        condition=_sentences.objective_condition(d, oid))


def _report_keep(state, action: int, player: str) -> str:
    if is_you(player):                          # your own card: yours to know
        return _("You keep the objective {objective}.").format(
            objective=_sentences.objective_name(rules_view(state).data, _kept_objective(state, action)))
    return _("{player} keeps an objective card.").format(player=player)   # never which


def _short_keep(state, action: int) -> str:
    return _("keep {objective}").format(objective=_sentences.objective_name(rules_view(state).data, _kept_objective(state, action)))


# Secret objectives: the choice of the cards kept (the engine's decision "objective"), told without the card.
DECISION_WORDS["objective"] = ActionWords(_describe_keep, _report_keep, _short_keep)


def _bid_amount(state, action: int) -> str:
    rules = rules_view(state)
    return _sentences.resource_amount(rules.data, rules.data["setup"]["bid"]["in"], rules.actions[action].arg2)


def _describe_bid(state, action: int) -> str:
    if rules_view(state).bid_winner_pays:
        return _("Bid {amount} for the seat order (the highest bid plays first; only the first player pays)").format(
            amount=_bid_amount(state, action))
    return _("Bid {amount} for the seat order (the highest bid plays first; every bid is paid)").format(
        amount=_bid_amount(state, action))


def _report_bid(state, action: int, player: str) -> str:
    if rules_view(state).bid_sealed:                      # a sealed bid is told as made, not its amount
        if is_you(player):
            return _("You have bid.")
        return _("{player} has bid.").format(player=player)
    if is_you(player):
        return _("You bid {amount}.").format(amount=_bid_amount(state, action))
    return _("{player} bids {amount}.").format(player=player, amount=_bid_amount(state, action))


def _short_bid(state, action: int) -> str:
    return _bid_amount(state, action)


def _draft_structure(state, action: int) -> str:
    rules = rules_view(state)
    return name(rules.data, "structure", rules.draft_ids[rules.actions[action].arg2])


def _describe_pick(state, action: int) -> str:
    return _("Pick the {structure}: own it from the start").format(structure=_draft_structure(state, action))


def _report_pick(state, action: int, player: str) -> str:
    if is_you(player):
        return _("You pick the {structure}.").format(structure=_draft_structure(state, action))
    return _("{player} picks the {structure}.").format(player=player, structure=_draft_structure(state, action))


DECISION_WORDS["bid"] = ActionWords(_describe_bid, _report_bid, _short_bid)
DECISION_WORDS["draft"] = ActionWords(_describe_pick, _report_pick, _draft_structure)

#: decision kind -> is(state, player): while true, an option's notation is not written in the game's log line
#: of ``player``'s choice (a sealed bid: the line says that the seat has bid, not what; an objective kept: the
#: others never learn which).
SECRET_DECISIONS = {
    "bid": lambda state, player: bool(rules_view(state).bid_sealed),
    "objective": lambda state, player: not is_you(player),
}

#: decision kind -> heading(player): the heading while that decision is asked (who decides, and what).
DECISION_HEADINGS = {
    "bid": lambda player: _("{player} bids for the seat order").format(player=player),
    "draft": lambda player: _("{player} picks a structure").format(player=player),
}


def _bids_line(state, event, names) -> str:
    """Every bid shown once all are in, the order they make, and what is paid."""
    rules = rules_view(state)
    res = rules.data["setup"]["bid"]["in"]
    bids = join_names([_("{player}: {amount}").format(player=names[q], amount=_sentences.resource_amount(
        rules.data, res, b)) for q, b in enumerate(event[1])])
    order = " → ".join(str(names[q]) for q in event[2])
    if rules.bid_winner_pays:                       # setup.bid.pays: winner
        first = names[event[2][0]]
        payer = _("Only you pay your bid to the supply.") if is_you(first) else _(
            "Only {player} pays their bid to the supply.").format(player=first)
        return _("The bids: {bids}. The order of play, from the highest bid: {order}. {payer}").format(
            bids=bids, order=order, payer=payer)
    return _("The bids: {bids}. The order of play, from the highest bid: {order}. Each player pays their bid to "
             "the supply.").format(bids=bids, order=order)
def _describe_offer(state, action: int) -> str:
    rules = rules_view(state)
    info = rules.actions[action]
    return _("Offer {terms} to {player}").format(terms=_sentences.offer_terms(rules.data, rules.trade_ids[info.arg]),
                                               player=_("Player {number}").format(number=info.arg2 + 1))


def _report_offer(state, action: int, player: str) -> str:
    # The offer itself, with the names of both players, is the log's ("offer", …) event (event_line).
    if is_you(player):
        return _("You make an offer.")
    return _("{player} makes an offer.").format(player=player)


def _short_offer(state, action: int) -> str:
    rules = rules_view(state)
    info = rules.actions[action]
    return _("offer to {player}").format(player=_("Player {number}").format(number=info.arg2 + 1))


def _describe_use(state, action: int) -> str:
    rules = rules_view(state)
    info = rules.actions[action]
    d = rules.data
    aid = rules.ability_ids[info.arg]
    terms = _sentences.ability_terms_sentence(d, aid)
    if info.arg2 >= 0:
        return _("{ability} on {player}: {terms}").format(ability=_sentences.ability_name(d, aid),
                                                         player=_("Player {number}").format(number=info.arg2 + 1),
                                                         terms=terms)
    return _("{ability}: {terms}").format(ability=_sentences.ability_name(d, aid), terms=terms)


def _report_use(state, action: int, player: str) -> str:
    # What it takes, with the names of both players, is the log's ("steal", …) event (event_line).
    rules = rules_view(state)
    name = _sentences.ability_name(rules.data, rules.ability_ids[rules.actions[action].arg])
    if is_you(player):
        return _("You use {ability}.").format(ability=name)
    return _("{player} uses {ability}.").format(player=player, ability=name)


def _short_use(state, action: int) -> str:
    rules = rules_view(state)
    info = rules.actions[action]
    name = _sentences.ability_name(rules.data, rules.ability_ids[info.arg])
    if info.arg2 >= 0:
        return _("{ability} on {player}").format(ability=name, player=_("Player {number}").format(number=info.arg2 + 1))
    return str(name)


def _asked_offer(state) -> int:
    """The offer the seat that decides is answering (the first pending decision's arg), or -1."""
    rules = rules_view(state)
    if state.pending and rules.decision_names[state.pending[0][0]] == "trade":
        return state.pending[0][2]
    return -1


def _answer_terms(state, o: int) -> tuple:
    """(what the seat asked gives, what it gets) if it accepts offer ``o``."""
    d = rules_view(state).data
    give, get = _sentences.offer_amounts(d, rules_view(state).trade_ids[o])
    return _sentences.amount(get, d), _sentences.amount(give, d)


def _describe_answer(state, action: int) -> str:
    accept = rules_view(state).action_arg2[action]
    o = _asked_offer(state)
    if not accept:
        return _("Refuse the offer")
    if o < 0:
        return _("Accept the offer")
    give, get = _answer_terms(state, o)
    return _("Accept the offer: give {give} and get {get}").format(give=give, get=get)


def _report_answer(state, action: int, player: str) -> str:
    if rules_view(state).action_arg2[action]:
        return _("You accept.") if is_you(player) else _("{player} accepts.").format(player=player)
    return _("You refuse.") if is_you(player) else _("{player} refuses.").format(player=player)


def _short_answer(state, action: int) -> str:
    return _("accept") if rules_view(state).action_arg2[action] else _("refuse")


def _hint_answer(state) -> str:
    o = _asked_offer(state)
    give, get = _answer_terms(state, o)
    if len(state.legal_actions()) < 2:
        return _("You are offered {get} for {give}, which you do not hold: you can only refuse.").format(give=give, get=get)
    return _("You are offered {get} for {give}: accept or refuse. The offer is made in another player's turn, "
             "which goes on after your answer.").format(give=give, get=get)


DECISION_WORDS["trade"] = ActionWords(_describe_answer, _report_answer, _short_answer)

def _kept_coins(state, action: int) -> str:
    """The coins an option of the give_back decision keeps (``Gold ×1, Silver ×1``)."""
    rules = rules_view(state)
    return coins_text(rules.data, rules.coin_ids, rules.coin_holdings[rules.actions[action].arg2])


def _describe_kept(state, action: int) -> str:
    return _("Keep {coins} and give the rest back to the supply").format(coins=_kept_coins(state, action))


def _report_kept(state, action: int, player: str) -> str:
    if is_you(player):
        return _("You keep {coins}.").format(coins=_kept_coins(state, action))
    return _("{player} keeps {coins}.").format(player=player, coins=_kept_coins(state, action))


def _hint_kept(state) -> str:
    rules = rules_view(state)
    return _("You hold {held}, more than the {cap} you may keep: choose the coins you keep. You give the rest "
             "back to the supply, which makes change as for a payment.").format(
        held=coin_text(state.coin_value(state.decider), rules), cap=coin_text(rules.coin_cap, rules))


# A cap on the coins: the coins kept at the end of a turn, where there is more than one way to give the rest back.
DECISION_WORDS["give_back"] = ActionWords(_describe_kept, _report_kept, _kept_coins)

#: decision kind (engine.DECISIONS, by name) -> hint(state): what the seat asked is told while it decides (without a
#: row: the general hint that a decision is asked).
DECISION_HINTS: dict = {"trade": _hint_answer, "give_back": _hint_kept}


#: action kind -> its words. tests/test_primitives.py checks there is one row per action kind of the engine.
ACTION_WORDS = {
    MOVE: ActionWords(_describe_move, _report_move, _short_move),
    LEAP: ActionWords(_describe_leap, _report_move, _no_short),
    SPEND: ActionWords(_describe_spend, _report_spend, _short_spend),
    END: ActionWords(_describe_end, _report_end, _short_end),
    BUILD: ActionWords(_describe_build, _report_build, _short_build),
    BORROW: ActionWords(_describe_borrow, _report_borrow, _short_borrow),
    CONVERT: ActionWords(_describe_convert, _report_convert, _short_convert),
    HIRE: ActionWords(_describe_hire, _report_hire, _short_hire),
    REPAY: ActionWords(_describe_repay, _report_repay, _short_repay),
    EXCHANGE: ActionWords(_describe_exchange, _report_exchange, _short_exchange),
    CHOOSE: ActionWords(_describe_choose, _report_choose, _short_choose),
    OFFER: ActionWords(_describe_offer, _report_offer, _short_offer),
    USE: ActionWords(_describe_use, _report_use, _short_use),
}


def describe(state, action: int) -> str:
    """A short sentence saying what an action does, for the current player."""
    words = ACTION_WORDS.get(rules_view(state).actions[action].kind)
    if words is None:
        return notation(state, action)
    return words.describe(state, action)


def details(state, action: int) -> str:
    """A second line for actions whose effect a newcomer needs to know (build, borrow)."""
    rules = rules_view(state)
    info = rules.actions[action]
    if info.kind == BORROW and _borrow_price(state):
        return _("{effects} Price: {price}.").format(effects=effects_text(rules.data, rules.struct_ids[info.arg]),
                                                   price=_borrow_price(state)).strip()
    if info.kind in (BUILD, BORROW):
        return effects_text(rules.data, rules.struct_ids[info.arg])
    return ""


def report(state, action: int, player: str) -> str:
    """What ``player`` does with ``action`` (about to be played), told as it happens:
    "Computer (greedy) builds the Lender for…", "You move a worker…"."""
    words = ACTION_WORDS.get(rules_view(state).actions[action].kind)
    if words is None:
        return _("{player} plays {action}.").format(player=player, action=notation(state, action))
    return words.report(state, action, player)


NBSP = "\u00a0"


def action_line(state, action: int, player: str, reason: str | None = None, keep_together: bool = False) -> str:
    """One line of the game's log for an action about to be played by ``player``:
    what is done, told as a report, then its notation (and a computer's reason).

    ``keep_together``: the notation's spaces are no-break spaces, so that
    :func:`screen_lines` never wraps a line inside it (it shows them as spaces)."""
    written = notation(state, action)
    info = rules_view(state).actions[action]
    if keep_together:
        written = written.replace(" ", NBSP)
    info = rules_view(state).actions[action]
    secret = SECRET_DECISIONS.get(rules_view(state).decision_names[info.arg]) if info.kind == CHOOSE else None
    if secret is not None and secret(state, player):
        text = report(state, action, player)      # a secret option: told without its notation
    else:
        text = _("{report} [{action}]").format(report=report(state, action, player), action=written)
    if reason:
        text = _("{line} — why: {reason}").format(line=text, reason=reason)
    return text


def thinking_line(player: str) -> str:
    """Shown on a terminal while a slow computer player chooses its move."""
    return _("{player} is thinking…").format(player=player)


def event_line(state, event, names) -> str:
    d = rules_view(state).data
    rules = rules_view(state)
    kind = event[0]
    if kind == "reveal":
        gid = rules.goal_ids[event[1]]
        return _("New face-up goal: {goal}. {condition}").format(goal=name(d, "goal", gid),
                                                                 condition=_condition(d, gid)).strip()
    if kind == "claim":
        if is_you(names[event[1]]):
            return _("You claim the goal {goal} ({vp}).").format(
                goal=name(d, "goal", rules.goal_ids[event[2]]), vp=vp_text(rules.goal_vps[event[2]]))
        return _("{player} claims the goal {goal} ({vp}).").format(
            player=names[event[1]], goal=name(d, "goal", rules.goal_ids[event[2]]), vp=vp_text(rules.goal_vps[event[2]]))
    if kind == "remove" and n_players(state) == 2:
        return _("Goal {goal} removed: both players meet it.").format(goal=name(d, "goal", rules.goal_ids[event[1]]))
    if kind == "remove":
        return _("Goal {goal} removed: more than one player meets it.").format(
            goal=name(d, "goal", rules.goal_ids[event[1]]))
    if kind == "cast":
        oid = rules.outcome_ids[event[1]]
        owners = [p for p in range(n_players(state)) if state.owned[p] & rules.ship_mask]
        if any(is_you(names[p]) for p in owners):     # you own one: the benefit, said of nobody in particular
            return _("The ships are cast: {outcome} ({benefit}).").format(
                outcome=name(d, "outcome", oid), benefit=_sentences.outcome_benefit(d, oid))
        structure = name(d, "structure", rules.struct_ids[rules.harbor_struct])
        if not owners:
            return _("The ships are cast: {outcome}; nobody owns the {structure}, whose owners it concerns.").format(
                outcome=name(d, "outcome", oid), structure=structure)
        return _("The ships are cast: {outcome}, for the owners of the {structure}: {players}.").format(
            outcome=name(d, "outcome", oid), structure=structure, players=join_names([names[p] for p in owners]))
    if kind == "roll":                          # ("roll", player, conversion, value): a conversion's die
        won = event[3] >= rules.conv_roll_at_least[event[2]]
        gain = _sentences.amount(model_of(d).conversions[rules.conv_ids[event[2]]].gain, d)
        if is_you(names[event[1]]):
            if won:
                return _("You roll a {roll}: you gain {gain}.").format(roll=event[3], gain=gain)
            return _("You roll a {roll}: nothing.").format(roll=event[3])
        if won:
            return _("{player} rolls a {roll}: gains {gain}.").format(player=names[event[1]], roll=event[3], gain=gain)
        return _("{player} rolls a {roll}: nothing.").format(player=names[event[1]], roll=event[3])
    if kind == "toll":                          # ("toll", mover, payee, space): a toll paid on moving onto it
        toll = _sentences.amount(model_of(d).work_cycle.spaces[event[3]].toll, d)
        if is_you(names[event[1]]):
            return _("You pay {amount} to {player} as a toll on {space}.").format(
                amount=toll, player=names[event[2]], space=name(d, "space", rules.space_ids[event[3]]))
        if is_you(names[event[2]]):
            return _("{player} pays you {amount} as a toll on {space}.").format(
                amount=toll, player=names[event[1]], space=name(d, "space", rules.space_ids[event[3]]))
        return _("{player} pays {amount} to {payee} as a toll on {space}.").format(
            amount=toll, player=names[event[1]], payee=names[event[2]], space=name(d, "space", rules.space_ids[event[3]]))
    if kind == "steal":                         # ("steal", taker, victim, coins taken, pool amounts taken)
        taken = {}
        if event[3] and _sentences.coins_resource(d):
            taken[_sentences.coins_resource(d)] = event[3]
        for rid, n in zip(rules.pool_ids, event[4]):
            if n:
                taken[rid] = n
        if not taken:
            if is_you(names[event[1]]):
                return _("You take nothing from {player}: they have none of it.").format(player=names[event[2]])
            return _("{player} takes nothing from {victim}: they have none of it.").format(
                player=names[event[1]], victim=names[event[2]])
        said = _sentences.amount(Amount(tuple(taken.items())), d)
        if is_you(names[event[1]]):
            return _("You take {amount} from {player}.").format(amount=said, player=names[event[2]])
        if is_you(names[event[2]]):
            return _("{player} takes {amount} from you.").format(amount=said, player=names[event[1]])
        return _("{player} takes {amount} from {victim}.").format(amount=said, player=names[event[1]], victim=names[event[2]])
    if kind == "event":                         # ("event", deck, card, current player): an event card revealed
        did, cid = rules.deck_ids[event[1]], rules.card_ids[event[2]]
        return _("Event: {card} — {effect}").format(card=_sentences.card_name(d, did, cid),
                                                    effect=_sentences.card_sentence(d, _sentences.card_entry(d, did, cid)))
    if kind == "event_end":                     # ("event_end", deck, card): its effects are over
        did, cid = rules.deck_ids[event[1]], rules.card_ids[event[2]]
        return _("The event {card} is over.").format(card=_sentences.card_name(d, did, cid))
    if kind == "objective":                     # ("objective", player, card, VP scored): revealed when the game is over
        card = _sentences.objective_name(d, rules.obj_ids[event[2]])
        condition = _sentences.objective_condition(d, rules.obj_ids[event[2]])
        if event[3] or rules.obj_vps[event[2]] == 0 and objective_met(state, event[2], event[1]):
            if is_you(names[event[1]]):
                return _("Your objective {objective} is met ({condition}): {vp}.").format(
                    objective=card, condition=condition.rstrip("."), vp=vp_text(event[3]))
            return _("{player}'s objective {objective} is met ({condition}): {vp}.").format(
                player=names[event[1]], objective=card, condition=condition.rstrip("."), vp=vp_text(event[3]))
        if is_you(names[event[1]]):
            return _("Your objective {objective} is not met ({condition}): no VP.").format(
                objective=card, condition=condition.rstrip("."))
        return _("{player}'s objective {objective} is not met ({condition}): no VP.").format(
            player=names[event[1]], objective=card, condition=condition.rstrip("."))
    if kind == "objective_met":                 # ("objective_met", holder, card): met during the game (its check)
        # A secret of its holder's, as the view keeps it (State.view: the others' met cards are None): told to the
        # holder ("You") only; the others are told nothing, not even that a card was met (nor is a bot's
        # determinization, which deals their cards again, none of them met).
        if not is_you(names[event[1]]):
            return ""
        return _("Your secret objective {objective} is met ({condition}): it scores {vp} when the game is over.").format(
            objective=_sentences.objective_name(d, rules.obj_ids[event[2]]),
            condition=_sentences.objective_condition(d, rules.obj_ids[event[2]]).rstrip("."),
            vp=vp_text(rules.obj_vps[event[2]]))
    if kind == "offer":                         # ("offer", player, seat asked, offer)
        terms = _sentences.offer_terms(d, rules.trade_ids[event[3]])
        if is_you(names[event[1]]):
            return _("You offer {player} {terms}.").format(player=names[event[2]], terms=terms)
        if is_you(names[event[2]]):
            return _("{player} offers you {terms}.").format(player=names[event[1]], terms=terms)
        return _("{player} offers {other} {terms}.").format(player=names[event[1]], other=names[event[2]], terms=terms)
    if kind == "if" and not event[4]:             # ("if", player, structure, effect, met): a condition not met
        structure = name(d, "structure", rules.struct_ids[event[2]])
        if is_you(names[event[1]]):
            return _("You do not meet the condition of the {structure}'s effect: it gives nothing this time.").format(
                structure=structure)
        return _("{player} does not meet the condition of the {structure}'s effect: it gives nothing this time.").format(
            player=names[event[1]], structure=structure)
    if kind == "give_back":                     # ("give_back", player, amount): over the cap on the coins
        rid = _sentences.coins_resource(d)
        amount = _sentences.resource_amount(d, rid, event[2])
        cap = _sentences.resource_amount(d, rid, _sentences.coin_cap(d))
        if is_you(names[event[1]]):
            return _("You keep at most {cap}: you give {amount} back to the supply.").format(cap=cap, amount=amount)
        return _("{player} keeps at most {cap}: gives {amount} back to the supply.").format(
            player=names[event[1]], cap=cap, amount=amount)
    if kind == "gain_to":                       # ("gain_to", owner, recipient, structure, pool amounts, coins earned)
        structure = name(d, "structure", rules.struct_ids[event[3]])
        what = cost_text(event[4], event[5], rules)
        if is_you(names[event[2]]):
            return _("You earn {amount} from {player}'s {structure}.").format(
                amount=what, player=names[event[1]], structure=structure)
        if is_you(names[event[1]]):
            return _("{player} earns {amount} from your {structure}.").format(
                player=names[event[2]], amount=what, structure=structure)
        return _("{player} earns {amount} from {owner}'s {structure}.").format(
            player=names[event[2]], amount=what, owner=names[event[1]], structure=structure)
    if kind == "bids":                          # ("bids", each seat's bid, the order, each seat's payment)
        return _bids_line(state, event, names)
    if kind == "ending":
        reason = end_reason_text(d, event[2])
        finish = rules.end_finish[event[3]] if len(event) > 3 else rules.finish_turn
        if finish and rules.finish_round and state.seat_next[event[1]] != state.first:
            if is_you(names[event[1]]):
                return _("The end of the game is triggered: {reason} You finish this turn, the others play on to the "
                         "end of the round, then the game is over.").format(reason=reason)
            return _("The end of the game is triggered: {reason} {player} finishes this turn, the others play on to "
                     "the end of the round, then the game is over.").format(reason=reason, player=names[event[1]])
        if finish and is_you(names[event[1]]):
            return _("The end of the game is triggered: {reason} You finish this turn, then the game is over.").format(
                reason=reason)
        if finish:
            return _("The end of the game is triggered: {reason} {player} finishes this turn, then the game is over.").format(
                reason=reason, player=names[event[1]])
        return _("The end of the game is triggered: {reason}").format(reason=reason)
    return ""


def is_you(player: str) -> bool:
    return player == _("You")


def objectives_viewer(state, names) -> int:
    """The seat whose secret objectives the screen shows: the one human's ("You"); else (hot-seat, or
    computers only) the seat that decides now, at whose decision the screen is drawn."""
    return next((p for p in seats(state) if is_you(str(names[p]))), state.decider)


def objectives_text(state, pv, compact: bool = False) -> str:
    """A player's objective cards as the screen shows them: the viewer's own (each with its VP and, on a
    roomy screen, its condition; a card met during the game, as met), every player's once the game is over (met or
    not), else only how many."""
    d = rules_view(state).data
    if not pv.objectives:
        return ngettext("{count} secret card", "{count} secret cards", pv.objectives_held).format(
            count=pv.objectives_held)
    cards = []
    for oid, card_name in pv.objectives:
        vp = _sentences.objective_cards(d)[oid]["vp"]
        if state.is_terminal():
            met = objective_met(state, rules_view(state).obj_ids.index(oid), pv.seat)
            cards.append((_("{objective} ({vp}, met)") if met else _("{objective} (not met)")).format(
                objective=card_name, vp=vp_text(vp)))
        elif objective_met_for_good(state, rules_view(state).obj_ids.index(oid)):   # met during the game: for good
            cards.append(_("{objective} ({vp}, met)").format(objective=card_name, vp=vp_text(vp)))
        elif compact:
            cards.append(_("{objective} ({vp})").format(objective=card_name, vp=vp_text(vp)))
        else:
            cards.append(_("{objective} ({vp}): {condition}").format(
                objective=card_name, vp=vp_text(vp), condition=_sentences.objective_condition(d, oid)))
    return ", ".join(cards) if compact or state.is_terminal() else " ".join(cards)


def turn_line(state, names) -> str:
    if state.phase_name == "setup":
        return _("— Before the first turn —")
    return _("— Turn {turn}: {player} —").format(turn=state.turn + 1, player=names[state.current])


def illegal_message(state, text: str, legal=None, names=None) -> str:
    """``text`` is no legal action: why, when it names an action of the game or a worker (whose it is,
    with ``names``), and the legal ones."""
    shown = [notation(state, a) for a in state.legal_actions()]
    action = for_state(state).find(text)
    reason = why_illegal(state, action) if action is not None else ""
    if not reason and names is not None and not state.is_terminal():
        reason = _why_not_this_worker(state, text, names)
    if reason:
        return _("“{text}” is not possible now: {reason}. Legal actions: {legal}").format(
            text=text, reason=reason, legal=", ".join(shown))
    return _("“{text}” is not a legal action here. Legal actions: {legal}").format(
        text=text, legal=", ".join(shown))


def _why_not_this_worker(state, text: str, names) -> str:
    """Why the worker ``text`` names cannot be moved now: it is another player's, or the Work Cycle phase
    is over ("" when neither)."""
    k = _named_worker_kind(state, text)
    if k is None:
        return ""
    rules = rules_view(state)
    p = state.current
    if state.phase_name != "work":
        return _("the Work Cycle phase of this turn is over")
    if kind_access(state, p) >> k & 1:
        return ""
    kind = rules.kind_ids[k]
    owners = [q for q in range(n_players(state)) if q != p and kind_access(state, q) >> k & 1]
    worker = name(rules.data, "worker", kind)
    if not owners:
        return _("you have no access to the {worker} worker").format(worker=worker)
    return _("the {worker} worker is not yours: it belongs to {player.the}").format(
        worker=worker, player=join_names([names[q] for q in owners]))


def unbuildable_by_seat(rules, s: int) -> str:
    """Why a seat may not build structure ``s``: its ``seats`` name others, or it is given to some seats only."""
    seats = _sentences.model_of(rules.data).structures[rules.struct_ids[s]].seats
    if not seats:
        return _("given at setup to other players only")
    return ngettext("only {seats} may build it", "only {seats} may build it", len(seats)).format(
        seats=_sentences.seats_phrase(seats))


def why_illegal(state, action: int) -> str:
    """Why ``action`` (an action of the game, not legal now) cannot be played ("" if no reason is known)."""
    rules = rules_view(state)
    d = rules.data
    info = rules.actions[action]
    p = state.current
    work = state.phase_name == "work"
    if info.kind in (BUILD, CONVERT, HIRE, REPAY, EXCHANGE) and work:
        return _("you are still in the Work Cycle phase (type {spend} to go to the Resource Spending phase)").format(
            spend=notation(state, rules.a_spend))
    if info.kind == MOVE and not work:
        return _("the Work Cycle phase of this turn is over")
    if info.kind == SPEND and not work:
        return _("you are already in the Resource Spending phase")
    if info.kind in (SPEND, END) and work and not state.moved:
        return _("move at least one worker first")
    if info.kind == BUILD:
        s = info.arg
        sname = name(d, "structure", rules.struct_ids[s])
        if state.owned[p] >> s & 1:
            return _("you already own the {structure}").format(structure=sname)
        if rules.have(state.owned[p]) >> s & 1:
            return _("you have replaced the {structure}: it cannot be built again").format(structure=sname)
        if not seat_may_build(state, p, s):
            return _("the {structure}: {reason}").format(structure=sname, reason=unbuildable_by_seat(rules, s))
        if state.built_this_turn:
            return _("you have already built a structure this turn")
        missing = _missing_requirements(state, p, s)
        if missing:
            return _("the {structure} needs the {required} first").format(structure=sname,
                                                                         required=format_list(missing))
        if bin(state.owned[p]).count("1") >= rules.tokens:
            return _("you have no structure token left")
        if state.ev_no_build >> s & 1:
            return _("an event forbids building the {structure} now").format(structure=sname)
        return _("the {structure} costs {cost}; you have {labor} and {coin}").format(
            structure=sname, cost=cost_text(state.ev_cost_pool[s], state.ev_cost_coin[s], rules), labor=labor_text(labor_of(state), rules),
            coin=coin_text(state.coin_value(p), rules))
    if info.kind == MOVE:
        if not (kind_access(state, p) >> info.arg & 1):
            return _("you have no access to that worker")
        if move_forbidden(state, action):
            return _("an event forbids moving a worker onto the {space} space now").format(
                space=name(d, "space", rules.space_ids[move_destination(state, action)]))
        return _("no worker of that kind can move from there now (each worker moves at most once a turn)")
    if info.kind == BORROW:
        ls = lender_structure(state)
        if ls >= 0 and not state.owned[p] >> ls & 1:
            return _("borrowing needs the {token_of}").format(token_of=name(d, "structure", rules.struct_ids[ls]))
        if n_players(state) == 2:
            return _("the token is not available, or your opponent has not built that structure")
        return _("the token is not available, or no player you may borrow from has built that structure")
    if info.kind == CONVERT:
        k = info.arg
        if state.ev_no_conv >> k & 1:
            return _("an event forbids {conversion} now").format(conversion=name(d, "conversion", rules.conv_ids[k]))
        return _("{conversion} needs {cost} and the structure that allows it").format(
            conversion=name(d, "conversion", rules.conv_ids[k]), cost=cost_text(rules.conv_pay_pool[k], rules.conv_pay_coin[k], rules))
    return ""


def ambiguous_message(text: str, choices) -> str:
    """``text`` fits several legal actions (``choices``, as the screen writes them)."""
    return _("“{text}” could be any of: {choices}. Type one of them, or its number.").format(
        text=text, choices=", ".join(choices))


def parse_action(state, text: str) -> int:
    """The legal action typed as ``text``: the localized notation, the canonical
    one, or the localized one without accents (raises IllegalActionError, or its
    subclass AmbiguousActionError). A worker's name alone (« Jaune », ``camp``) moves it, as
    ``move camp`` does, when only one such move is legal."""
    table = for_state(state)
    try:
        return table.parse(state, text)
    except IllegalActionError:
        verbs = {table.local[a].partition(" ")[0] for a in state.legal_actions() if rules_view(state).actions[a].kind == MOVE}
        if len(text.split()) != 1 or len(verbs) != 1:
            raise
        try:
            return table.parse(state, f"{verbs.pop()} {text.strip()}")
        except AmbiguousActionError:        # « Vert » when several Green workers can move: the choices listed
            raise
        except IllegalActionError:
            pass
        raise


def _named_worker_kind(state, text: str):
    """The kind of worker ``text`` names, with or without the move's verb (``move jaune``, « Jaune »,
    ``camp@coin``), by any name the screen gives it; None when it names none."""
    table = for_state(state)
    words = typed(text)
    verb, sep, rest = words.partition(" ")
    rules = rules_view(state)
    moves = [a for a, info in enumerate(rules.actions) if info.kind == MOVE]
    if sep and fold(verb) not in {fold(w.partition(" ")[0]) for a in moves for w in (table.local[a], table.canonical[a])}:
        return None
    worker = fold((rest if sep else words).split("@", 1)[0].strip())
    worker = fold(dict(table.worker_aliases).get(worker, worker))
    for a in moves:
        if worker in {fold(w.partition(" ")[2].split("@", 1)[0]) for w in (table.local[a], table.canonical[a])}:
            return rules.actions[a].arg
    return None


def resume_command(path, max_turns: int | None = None, guide: bool = False) -> str:
    """The whole command that continues the game saved in ``path``, in the current language
    (with ``--max-turns`` when ``max_turns`` is given: a limit other than the default; with ``--guide``
    when the game is a guided one)."""
    command = f"rulekit play --resume {_quote(path)} --lang {get_language()}"
    if guide:
        command += " --guide"
    return command if max_turns is None else f"{command} --max-turns {max_turns}"


def _quote(path) -> str:
    import shlex

    return shlex.quote(str(path))


def prompt_text(console) -> str:
    return console.style(_("Your choice: "), bold=True)


# ---------------------------------------------------------------------------
# The screen


def intro_lines(ruleset, seed, names, players, state, record_path) -> list[str]:
    lines = [title_line(ruleset, seed)]
    for seat, who in enumerate(names):
        plain = _("Player {number}").format(number=seat + 1)
        if seat == state.first:
            if who == plain:
                lines.append("  " + _("{player} plays first").format(player=who))
            else:
                lines.append("  " + _("Player {number}: {name} (plays first)").format(number=seat + 1, name=who))
        elif who != plain:
            lines.append("  " + _("Player {number}: {name}").format(number=seat + 1, name=who))
    if record_path is not None:
        lines.append("  " + _("Every move is saved in {file}.").format(file=record_path))
    ref = ruleset.id if ruleset.id in _bundled() else ruleset.source
    command = f"rulekit play {ref} --seed {seed}"
    if not rules_view(state).first_random and state.first != 0:
        command += f" --first {state.first + 1}"
    if list(players) != ["human", "bot:greedy"]:
        command += " --players " + ",".join(players)
    command += f" --lang {get_language()}"
    lines.append("  " + _("Replay this game with: {command}").format(command=command))
    lines.append("")
    return lines


def _bundled():
    from ..language import bundled_rulesets

    return bundled_rulesets()


def _label_width(labels) -> int:
    return max(len(x) for x in labels) + 2


def worker_label(state, names, k: int, owner: int, n: int, moved: bool, blocked: bool) -> str:
    d = rules_view(state).data
    label = name(d, "worker", rules_view(state).kind_ids[k])
    if owner >= 0:
        if is_you(names[owner]):
            label = _("your {worker}").format(worker=label)
        elif n_players(state) == 2 and is_you(names[next_seat(state, owner)]):
            label = _("the opponent's {worker}").format(worker=label)
        else:
            label = _("{worker} of {player}").format(worker=label, player=names[owner])
    if n > 1:
        label = _("{worker} ×{count}").format(worker=label, count=n)
    if moved:
        label = ngettext("{worker} (moved)", "{worker} (moved)", n).format(worker=label)
    elif blocked:
        label = _("{worker} (not yours to move)").format(worker=label)
    return label.replace(") (", ", ")          # « Jaune (Camp, pas à vous) », not « Jaune (Camp) (pas à vous) »


def cycle_lines(state, names, console, width: int = WIDTH, compact: bool = False) -> list[str]:
    """The Work Cycle: one line per space (its yield and its workers), then the workers off it."""
    rules = rules_view(state)
    d = rules.data
    st = console.style
    cur = state.current
    out = []
    order = " → ".join([name(d, "space", s) for s in rules.space_ids] + [name(d, "space", rules.space_ids[0])])
    if not compact:
        out.append(st(_("WORK CYCLE"), bold=True))
        steps = _sentences.move_steps(d)
        if steps == 1:
            text = _("(each worker moves one step: {order})").format(order=order)
        else:
            text = ngettext("(each worker moves {num} step: {order})", "(each worker moves {num} steps: {order})",
                            steps).format(num=steps, order=order)
        out.extend(wrap(text, "  ", width=width))
    active = state.owned[cur] | state.borrowed_mask
    can_move = set()
    for a in state.legal_actions():
        info = rules.actions[a]
        if info.kind == MOVE:
            can_move.add((info.arg, info.arg2))
    space_w = max(len(name(d, "space", s)) for s in rules.space_ids) + 2
    yields = []
    for sp in range(len(rules.space_ids)):
        y = gain_text(rules.space_pool[sp], rules.space_coin[sp], rules)
        best_l, best_c = rules.space_pool[sp], rules.space_coin[sp]
        for s in range(rules.n_struct):
            if active >> s & 1 and sp in rules.yield_over[s]:
                ol, oc = rules.yield_over[s][sp]
                best_l, best_c = tuple(max(a, b) for a, b in zip(best_l, ol)), max(best_c, oc)
        if (best_l, best_c) != (rules.space_pool[sp], rules.space_coin[sp]) and not state.is_terminal():
            if is_you(names[cur]):
                y = _("{usual} ({better} for you)").format(usual=y, better=gain_text(best_l, best_c, rules))
            else:
                y = _("{usual} ({better} for {player})").format(usual=y, better=gain_text(best_l, best_c, rules),
                                                                player=names[cur])
        yields.append(y)
    yield_w = max(len(y) for y in yields) + 2
    if space_w + yield_w > width // 2:          # a narrow screen: the workers go after the yield
        yield_w = 0
    kind_order = {kid: k for k, kid in enumerate(rules.kind_ids)}
    for sp, space in enumerate(state_view(state, names, with_actions=False).spaces):
        groups = {}
        for w in space.workers:
            key = (kind_order[w.kind], w.owner, w.moved)
            groups[key] = groups.get(key, 0) + 1
        parts = []
        for (k, owner, moved), n in sorted(groups.items()):
            blocked = not state.is_terminal() and state.phase_name == "work" and (k, sp) not in can_move
            parts.append(worker_label(state, names, k, owner, n, moved, blocked))
        head = ("  " if not compact else "") + name(d, "space", rules.space_ids[sp]).ljust(space_w)
        if compact and sp == 0:
            head = "↻ " + head
        elif compact:
            head = "  " + head
        workers = ", ".join(parts) if parts else _("no worker")
        if yield_w:
            out.extend(wrap(workers, " " * (len(head) + yield_w), head + yields[sp].ljust(yield_w), width=width))
        else:
            out.extend(wrap(_("{gain}: {workers}").format(gain=yields[sp], workers=workers), " " * (len(head) + 2),
                            head, width=width))
    off = {}
    for w in range(rules.n_workers):
        if state.wpos[w] < 0 and rules.worker_kind[w] != rules.sailor_kind:
            kid = rules.kind_ids[rules.worker_kind[w]]
            off[kid] = off.get(kid, 0) + 1
    parts = [_("{worker} ×{count}").format(worker=name(d, "worker", k), count=n) if n > 1
             else name(d, "worker", k) for k, n in off.items()]
    if rules.sailor_kind >= 0:
        free = sum(1 for w in range(rules.n_workers) if rules.worker_kind[w] == rules.sailor_kind and state.wpos[w] < 0
                   and state.wowner[w] < 0 and (rules.sailor_shared or rules.worker_seat[w] == cur))
        if rules.sailor_max is not None:
            on = sum(1 for w in range(rules.n_workers) if rules.worker_kind[w] == rules.sailor_kind and state.wpos[w] >= 0)
            free = max(0, min(free, rules.sailor_max - on))
        sailor = name(d, "worker", rules.kind_ids[rules.sailor_kind])
        parts.append(ngettext("{worker}: {count} more can be hired", "{worker}: {count} more can be hired",
                              free).format(worker=sailor, count=free))
    shared = [name(d, "worker", rules.kind_ids[k]) for k in range(rules.n_kinds)
              if rules.kind_access[k] == 0 and k != rules.sailor_kind]          # 0: ACCESS_EVERYONE
    texts = []
    if shared and n_players(state) > 1:
        texts.append(ngettext("{workers}: any player may move it", "{workers}: any player may move them",
                              sum(1 for w in range(rules.n_workers) if rules.kind_access[rules.worker_kind[w]] == 0
                                  and rules.worker_kind[w] != rules.sailor_kind)).format(workers=join_names(shared)))
    if parts:
        texts.append(_("Not on the Work Cycle yet: {workers}").format(workers=", ".join(parts)))
    if texts:
        out.extend(wrap(" · ".join(texts), "    ", "" if compact else "  ", width=width))
    return out


def player_lines(state, names, console, width: int = WIDTH, compact: bool = False) -> list[str]:
    rules = rules_view(state)
    d = rules.data
    st = console.style
    cur = state.current
    out = []
    labels = [_("Coins"), str(turn_resource_name(rules)), _("Structures"), _("Goals")]
    if rules.obj_deal:
        labels.append(_("Objectives"))
    lw = _label_width(labels)
    viewer = objectives_viewer(state, names) if rules.obj_deal else -1
    for seat, pv in zip(seats(state), state_view(state, names, seat=viewer, with_actions=False).players):
        score = pv.score
        playing = pv.to_play
        built = [_("{structure} ({vp})").format(structure=s.name, vp=vp_text(s.vp)) for s in pv.structures]
        if compact:
            built = [s.name for s in pv.structures]
        left = pv.tokens_left
        goals = [goal_name for _gid, goal_name in pv.goals]
        purse = state.purses[seat]
        if compact:
            head = _("{player} — {score}").format(player=names[seat], score=vp_text(score))
            if playing:
                head = _("{heading} ◀").format(heading=head)
            items = [_("{total} ({coins})").format(total=coin_text(state.coin_value(seat), rules),
                                                   coins=coins_text(d, rules.coin_ids, purse))]
            if playing and turn_resource(rules) >= 0:
                items.append(labor_text(labor_of(state), rules))
            items.extend(_sentences.resource_amount(d, rules.pool_ids[r], state.held(seat, r))
                         for r in range(rules.n_pool) if rules.pool_end[r] < 0)
            items.append(_("built: {structures}").format(structures=", ".join(built) if built else _("none yet")))
            if goals:
                items.append(_("goals: {goals}").format(goals=", ".join(goals)))
            if rules.obj_deal:
                items.append(_("objectives: {cards}").format(cards=objectives_text(state, pv, compact=True)))
            if state.borrowed >= 0 and playing:
                items.append(_("borrowed this turn: {structure}").format(
                    structure=name(d, "structure", rules.struct_ids[state.borrowed])))
            lines = wrap(" · ".join([head] + items), "    ", "", width=width)
            out.append(st(lines[0], bold=True, fg=seat_color(d, seat)) if playing else lines[0])
            out.extend(lines[1:])
            continue
        head = _("{player} — {score}").format(player=names[seat], score=vp_text(score))
        if playing:
            head = _("{heading}   ◀ to play").format(heading=head)
        out.append(st(head, bold=True, fg=seat_color(d, seat)))
        coins = coins_text(d, rules.coin_ids, purse)
        if state.coin_value(seat):
            coins = _("{coins} — {total} in all").format(coins=coins, total=coin_text(state.coin_value(seat), rules))
        out.extend(wrap(coins, "  " + " " * lw, "  " + labels[0].ljust(lw), width=width))   # « aucune Pièce », alone
        tr = turn_resource(rules)
        if playing and tr >= 0:
            keep = rules.pool_end[tr]
            if keep:
                labor = ngettext("{num} (up to {keep} not spent is kept for your next turn)",
                                 "{num} (up to {keep} not spent is kept for your next turn)", keep).format(
                    num=labor_of(state), keep=keep)
            else:
                labor = _("{num} (earned this turn; what is not spent is lost at its end)").format(num=labor_of(state))
            out.extend(wrap(labor, "  " + " " * lw, "  " + labels[1].ljust(lw), width=width))
        for r in range(rules.n_pool):
            if rules.pool_end[r] < 0:                  # kept between turns: every player's holding shows
                label = str(_sentences.resource_name(d, rules.pool_ids[r]))
                out.extend(wrap(_("{num} (kept from turn to turn)").format(num=state.held(seat, r)),
                                "  " + " " * lw, "  " + label[:lw].ljust(lw), width=width))
        text = ", ".join(built) if built else _("none yet")
        text = ngettext("{structures} · {count} token left", "{structures} · {count} tokens left", left).format(
            structures=text, count=left)
        out.extend(wrap(text, "  " + " " * lw, "  " + labels[2].ljust(lw), width=width))
        out.extend(wrap(", ".join(goals) if goals else _("none yet"), "  " + " " * lw, "  " + labels[3].ljust(lw),
                        width=width))
        if rules.obj_deal:
            out.extend(wrap(objectives_text(state, pv), "  " + " " * lw, "  " + labels[4].ljust(lw), width=width))
        if state.borrowed >= 0 and playing:
            out.extend(wrap(_("borrowed this turn: {structure}").format(
                structure=name(d, "structure", rules.struct_ids[state.borrowed])), "  " + " " * lw, width=width))
    return out


def ship_text(state, names, compact: bool = False) -> str:
    rules = rules_view(state)
    d = rules.data
    structure = name(d, "structure", rules.struct_ids[rules.harbor_struct])
    holder = display_name(d, "holder", "holder")
    if state.ship < 0:
        if state.cast_pending:
            return _("not cast yet: they are cast at the end of this turn")
        if state.first_builder[rules.harbor_struct] >= 0:
            return _("not cast yet: they are cast at the start of {holder.the}'s next turn").format(holder=holder)
        if compact:
            return _("not cast yet")
        return _("not cast yet (the first player to build the {structure} casts the ships)").format(structure=structure)
    oid = rules.outcome_ids[state.ship]
    ship = _("{outcome} — for the owners of the {structure}: {benefit}").format(
        outcome=name(d, "outcome", oid), structure=structure, benefit=_outcome_sentence(d, oid))
    if compact:
        outcome = name(d, "outcome", oid)
        outcome = outcome.form("inner") if isinstance(outcome, Name) else outcome     # « un blanc, un noir »
        if state.harbormaster >= 0:
            return _("{outcome} ({holder}: {player})").format(outcome=outcome, holder=holder,
                                                              player=names[state.harbormaster])
        return outcome
    if state.harbormaster >= 0:
        ship = _("{ship} {holder}: {player}.").format(ship=ship, holder=holder, player=names[state.harbormaster])
    return ship


def common_rows(state, names, compact: bool = False, progress: bool = True) -> list[tuple[str, str]]:
    """(label, text): the face-up goal, how close the end is (``progress``), the borrowing token, the
    ships, the supply."""
    rules = rules_view(state)
    d = rules.data
    rows = []
    n_down = len(state.stack)
    if state.face_up >= 0:
        gid = rules.goal_ids[state.face_up]
        goal = ngettext("{goal} ({vp}), {count} more face down. {condition}",
                        "{goal} ({vp}), {count} more face down. {condition}", n_down).format(
            goal=name(d, "goal", gid), vp=vp_text(rules.goal_vps[state.face_up]), count=n_down,
            condition=_condition(d, gid, with_check=not compact)).strip()
    else:
        goal = ngettext("none; {count} more face down", "none; {count} more face down", n_down).format(count=n_down)
    rows.append((_("Face-up goal"), goal))
    ls = lender_structure(state)
    if ls >= 0 and rules.borrow_phases:
        lender = name(d, "structure", rules.struct_ids[ls])
        if state.holder < 0:
            if compact:
                token = _("in the supply")
            elif n_players(state) == 2:
                token = _("in the supply: a player who built the {token_of} may borrow one of the opponent's "
                          "structures").format(token_of=lender)
            else:
                token = _("in the supply: a player who built the {token_of} may borrow a structure of another "
                          "player").format(token_of=lender)
        else:
            token = _("held by {player}: repay {cost}, or lose {vp} at the end").format(
                player=names[state.holder], cost=cost_text(rules.repay_pool, rules.repay_coin, rules), vp=vp_text(rules.lender_penalty))
        rows.append((_("{token_of} token").format(token_of=lender), token))
    if rules.harbor_struct >= 0:
        rows.append((_("Ships"), ship_text(state, names, compact)))
    if rules.n_decks:
        rows.extend(event_rows(state, compact))
    rows.append((_("Supply"), coins_text(d, rules.coin_ids, state.supply)))
    progress = end_progress(state, names, compact) if progress else ""
    if progress:
        rows.insert(1, (_("Game ends when"), progress))
    return rows


def event_rows(state, compact: bool = False) -> list[tuple[str, str]]:
    """(label, text): each event card in effect and what it does (compact: its name only), then, for each deck,
    how many cards are left (their order is never shown)."""
    rules = rules_view(state)
    d = rules.data
    rows = []
    for dk, k, _until in state.ev_active:
        did, cid = rules.deck_ids[dk], rules.card_ids[k]
        card = _sentences.card_name(d, did, cid)
        text = card if compact else _("{card} — {effect}").format(
            card=card, effect=_sentences.card_sentence(d, _sentences.card_entry(d, did, cid)))
        rows.append((_("Event"), text))
    for dk, did in enumerate(rules.deck_ids):
        left = len(state.decks[dk])
        rows.append((_("{deck} deck").format(deck=_sentences.deck_name(d, did)),
                     ngettext("{count} card left", "{count} cards left", left).format(count=left)))
    return rows


def end_progress(state, names, compact: bool = False) -> str:
    """How close the game is to its end, one part per end condition: "a player has 7 structures
    (you 4, Computer 5); all 8 structures are built (6 so far); the goals run out (3 left)"."""
    rules = rules_view(state)
    d = rules.data
    parts = []
    for i, kind in enumerate(rules.end_order):
        cond = d["end"]["conditions"][i].get(kind)
        if kind == "player_condition" and isinstance(cond, dict) and cond.get("metric") == "structures" \
                and set(cond) <= {"metric", "at_least"} and isinstance(cond.get("at_least"), int):
            if compact:
                most = max(state.metric("structures", p) for p in seats(state))
                parts.append(ngettext("a player has {count} structure (most now: {most})",
                                      "a player has {count} structures (most now: {most})", cond["at_least"]).format(
                    count=cond["at_least"], most=most))
                continue
            values = pgettext("between players' counts", ", ").join(
                _("{player} {count}").format(player=_("you") if is_you(names[p]) else names[p],
                                             count=state.metric("structures", p))
                for p in seats(state))
            parts.append(ngettext("a player has {count} structure ({values})",
                                  "a player has {count} structures ({values})", cond["at_least"]).format(
                count=cond["at_least"], values=values))
        elif kind == "all_structures_built":
            built = sum(1 for s in range(rules.n_struct) if state.first_builder[s] >= 0)
            parts.append(ngettext("all {total} structures are built ({count} so far)",
                                  "all {total} structures are built ({count} so far)", rules.n_struct).format(
                total=rules.n_struct, count=built))
        elif kind == "goals_exhausted":
            left = len(state.stack) + (1 if state.face_up >= 0 else 0)
            parts.append(ngettext("the goals run out ({count} left)", "the goals run out ({count} left)",
                                  left).format(count=left))
        else:
            return ""                        # a condition this line cannot count: the rules say it
    return pgettext("between the end conditions", "; ").join(parts)


def board_lines(state, names, console, width: int = WIDTH, compact: bool = False,
                progress: bool = True) -> list[str]:
    """The position: Work Cycle, players, goals, how close the end is (``progress``), token, ship, supply."""
    st = console.style
    out = cycle_lines(state, names, console, width, compact)
    if not compact:
        out.append("")
    out.extend(player_lines(state, names, console, width, compact))
    if not compact:
        out.append("")
    rows = common_rows(state, names, compact, progress)
    if compact:
        label, goal = rows[0]
        out.extend(wrap(_("{label}: {text}").format(label=label, text=goal), "    ", "", width=width))
        rest = " · ".join(_("{label}: {text}").format(label=label, text=text) for label, text in rows[1:])
        out.extend(wrap(rest, "    ", "", width=width))
        return out
    rw = _label_width([r[0] for r in rows])
    for label, text in rows:
        lines = wrap(text, " " * rw, label.ljust(rw), width=width)
        lines[0] = st(label.ljust(rw), bold=True) + lines[0][rw:]
        out.extend(lines)
    return out


def title_line(ruleset, seed) -> str:
    d = ruleset.data
    return _("{title} — {edition} · seed {seed}").format(
        title=name(d, "ruleset", "title"), edition=name(d, "ruleset", "edition") or ruleset.id, seed=seed)


def heading_line(state, names) -> str:
    if state.pending and state.phase_name == "setup":
        heading = DECISION_HEADINGS.get(rules_view(state).decision_names[state.pending[0][0]])
        who = heading(names[state.decider]) if heading is not None else names[state.decider]
        return _("Before the first turn · {who}").format(who=who)
    return _("Turn {turn} · {player} · {phase}").format(
        turn=state.turn + 1, player=names[state.current], phase=phase_label(state.phase_name))


def phase_hint(state) -> str:
    if state.pending:
        hint = DECISION_HINTS.get(rules_view(state).decision_names[state.pending[0][0]])
        return hint(state) if hint is not None else _("A decision is asked of you: choose one of the options.")
    if state.phase_name == "work":
        if state.moved:
            rules = rules_view(state)
            return _("Move more workers (each at most once), or go on: {spend} (to the Resource Spending phase) "
                     "or {end} (end of your turn).").format(spend=notation(state, rules.a_spend),
                                                            end=notation(state, rules.a_end))
        steps = _sentences.move_steps(rules_view(state).data)
        if steps == 1:
            return _("Move at least one worker you have access to, one step each.")
        return ngettext("Move at least one worker you have access to, {num} step each.",
                        "Move at least one worker you have access to, {num} steps each.", steps).format(num=steps)
    rules = rules_view(state)
    resource = turn_resource_name(rules)
    if not resource:
        return ngettext("Build at most {num} structure and use your coins; then end your turn ({labor})",
                        "Build at most {num} structures and use your coins; then end your turn ({labor})",
                        rules.builds_per_turn).format(num=rules.builds_per_turn, labor=_sentences.labor_carry_sentence(rules.data))
    if rules.builds_per_turn == 1 and all(e == 0 for e in rules.pool_end):
        return _("Build at most one structure and use your coins and {resource}; then end your turn "
                 "(unspent {resource} is lost).").format(resource=resource)
    return ngettext("Build at most {num} structure and use your coins and {resource}; then end your turn ({labor})",
                    "Build at most {num} structures and use your coins and {resource}; then end your turn ({labor})",
                    rules.builds_per_turn).format(num=rules.builds_per_turn, resource=resource,
                                              labor=_sentences.labor_carry_sentence(rules.data))


PLAY_COMMANDS = ("help", "rules", "costs", "log", "hint", "undo", "save", "quit")


def commands_line(state, width: int = WIDTH, example: str = "") -> list[str]:
    commands = ", ".join(command_word(x) for x in PLAY_COMMANDS)
    if example is None:
        return wrap(_("A number, an action or a command: {commands}.").format(commands=commands), width=width)
    if example:
        text = _("Type a number or an action (for example {example}); commands: {commands}.").format(
            example=example, commands=commands)
    else:
        text = _("Type a number or an action; commands: {commands}.").format(commands=commands)
    return wrap(text, width=width)


def short_describe(state, action: int) -> str:
    """A few words for a choice on a small screen."""
    words = ACTION_WORDS.get(rules_view(state).actions[action].kind)
    return words.short(state, action) if words is not None else ""


def choice_lines(state, names, console, width: int = WIDTH, compact: bool = False, rows: int | None = None,
                 hint: bool = True) -> list[str]:
    """The numbered legal actions; ``compact``: a few words each, in columns when
    ``rows`` (the rows left for them) are too few for one a line."""
    st = console.style
    legal = state.legal_actions()
    if is_you(names[state.decider]):
        heading = _("Your choices:")
    else:
        heading = _("Choices for {player}:").format(player=names[state.decider])
    written = {a: notation(state, a) for a in legal}
    numw = len(str(len(legal)))
    if compact:
        out = wrap(_("{heading} {hint}").format(heading=heading, hint=phase_hint(state)) if hint else heading,
                   "  ", "", width=width)
        if rows is not None:
            rows = max(rows - len(out), 1)
        cells = [(str(i).rjust(numw), written[a], short_describe(state, a)) for i, a in enumerate(legal, 1)]
        nw = max(len(w) for _n, w, _t in cells)
        plain = [f"{n}  {w.ljust(nw)}  {t}".rstrip() for n, w, t in cells]
        cellw = max(len(p) for p in plain) + 3
        ncols = 1
        price = []                  # with the notations only, a borrow's price on a line of its own
        if rows is not None and len(cells) > rows:
            ncols = -(-len(cells) // max(rows, 1))
            if ncols * cellw > width - 2:
                plain = [f"{n} {w}" for n, w, _t in cells]          # the notations only
                cellw = max(len(p) for p in plain) + 3
                if _borrow_price(state) and any(rules_view(state).actions[a].kind == BORROW for a in legal):
                    price = wrap(_("Borrowing costs {price}.").format(price=_borrow_price(state)), "    ", "  ",
                                 width=width)
                    ncols = -(-len(cells) // max(rows - len(price), 1))
            ncols = max(1, min(ncols, (width - 2) // cellw))
        nrows = -(-len(plain) // ncols)
        for r in range(nrows):
            row = [plain[r + k * nrows] for k in range(ncols) if r + k * nrows < len(plain)]
            line = "  " + "".join(p.ljust(cellw) for p in row[:-1]) + row[-1]
            out.extend(wrap(line.rstrip(), " " * (numw + nw + 6), "", width=width) if ncols == 1 else [line.rstrip()])
        return out + price
    out = [st(heading, bold=True)]
    out.extend(wrap(phase_hint(state), "  ", width=width))
    nw = max(len(w) for w in written.values()) + 2
    for i, a in enumerate(legal, 1):
        num = str(i).rjust(numw)
        first = f"  {st(num, bold=True)}  {st(written[a].ljust(nw), fg='cyan')}"
        pad = " " * (2 + numw + 2 + nw)
        if width - len(pad) < 30:
            pad = " " * (4 + numw)
            out.append(first.rstrip())
            lines = wrap(describe(state, a), pad, width=width)
        else:
            lines = wrap(describe(state, a), pad, "", width=width - len(pad))
            out.append(first + lines[0])
            lines = [pad + more.strip() for more in lines[1:]]
        out.extend(lines)
        extra = details(state, a)
        if extra:
            for more in wrap(extra, pad + "  ", width=width):
                out.append(st(more, dim=True))
    return out


# ---------------------------------------------------------------------------
# Help and rules


def help_lines(state, width: int = WIDTH) -> list[str]:
    rules = rules_view(state)
    d = rules.data
    table = for_state(state)
    move, short = table.example_move(rules)
    build = rules.action_index.get((BUILD, 0, 0))
    conversions = [table.of(rules.action_index[(CONVERT, k, 0)]) for k in range(len(rules.conv_ids))
                   if (CONVERT, k, 0) in rules.action_index]
    widest = max(len(command_word(x)) for x in PLAY_COMMANDS)

    def cw(command):
        return command_word(command).ljust(widest)

    lines = [
        ("", _("How to play:")),
        ("  ", _("Type the number of a choice, or the action itself, and press Enter.")),
        ("  ", _("{move} moves a worker of that kind from that space; {short} works when only one kind of worker "
                 "can move from there, and so does the worker's name alone when only one such worker can move.").format(
            move=move, short=short)),
        ("  ", _("{spend} ends the Work Cycle phase; {end} ends your turn; {build} builds.").format(
            spend=table.of(rules.a_spend), end=table.of(rules.a_end), build=table.of(build) if build is not None else "")),
    ]
    shared = [name(d, "worker", rules.kind_ids[k]) for k in range(rules.n_kinds) if rules.kind_access[k] == 0
              and k != rules.sailor_kind]                                    # 0: ACCESS_EVERYONE
    if shared and n_players(state) > 1:
        lines.insert(1, ("  ", _("{workers} belong to no player: anyone may move them on their turn, so "
                                 "what you leave on a space, the next player can use.").format(
            workers=format_list([w.form("plural") if isinstance(w, Name) else str(w) for w in shared]))))
    if conversions:
        lines.append(("  ", _("To use a structure's exchange, type its name: {conversions}.").format(
            conversions=format_list(conversions, "or"))))
    if table.localized and build is not None:
        lines.append(("  ", _("The English notation works too (for example {example}), and so do the words "
                              "typed without their accents.").format(example=table.canonical[build])))
    lines += [
        ("", _("Commands:")),
        ("  ", _("{command:<8} this help").format(command=cw("help"))),
        ("  ", _("{command:<8} the rules for the current phase").format(command=cw("rules"))),
        ("  ", _("{command:<8} what every structure costs and requires, and what you can afford").format(
            command=cw("costs"))),
        ("  ", _("{command:<8} everything that has happened in this game").format(command=cw("log"))),
        ("  ", _("{command:<8} what the computer would play here, and why").format(command=cw("hint"))),
        ("  ", _("{command:<8} take back your last action (and the computer's replies)").format(
            command=cw("undo"))),
        ("  ", _("{command:<8} save the game to its file, or to the file named after it ({save} FILE), to "
                 "continue later with --resume").format(command=cw("save"), save=command_word("save"))),
        ("  ", _("{command:<8} leave (the game is saved if it has a file)").format(command=cw("quit"))),
        ("", _("Winning: {summary}").format(summary=_win_words(d))),
    ]
    out = []
    for indent, line in lines:
        out.extend(wrap(line, indent + "  ", indent, width=width))
    return out


def _requirement_names(rules, s: int, owned: int) -> list:
    """What structure ``s`` requires and a player owning ``owned`` (a set; -1: everything, to list them all)
    lacks: each structure of its list not owned, then its ``any_of`` as one item ("Lender or Mill") when none
    of them is owned."""
    d = rules.data
    out = [name(d, "structure", rules.struct_ids[r]) for r in range(rules.n_struct)
           if rules.requires[s] >> r & 1 and (owned < 0 or not owned >> r & 1)]
    if rules.requires_any[s] and (owned < 0 or not rules.requires_any[s] & owned):
        out.append(format_list([name(d, "structure", rules.struct_ids[r]) for r in range(rules.n_struct)
                                if rules.requires_any[s] >> r & 1], "or"))
    return out


def _missing_requirements(state, p: int, s: int) -> list:
    return _requirement_names(rules_view(state), s, rules_view(state).have(state.owned[p]))


def cost_lines(state, names, width: int = WIDTH) -> list[str]:
    """Every structure: its cost, what it requires, its VP, its effect, and whether the player can build it."""
    rules = rules_view(state)
    d = rules.data
    p = state.current
    you = is_you(names[p])
    out = [_("Structures (cost · requires · VP for the first builder / the second · effect):")]
    for s in range(rules.n_struct):
        sname = name(d, "structure", rules.struct_ids[s])
        req = _requirement_names(rules, s, -1)
        owners = [names[q] for q in seats(state) if state.owned[q] >> s & 1]
        if state.owned[p] >> s & 1:
            status = _("built") if you else _("built by {player}").format(player=names[p])
        elif rules.have(state.owned[p]) >> s & 1:
            status = _("replaced")
        elif not seat_may_build(state, p, s):
            status = unbuildable_by_seat(rules, s)
        elif not rules.requirements_met(s, state.owned[p]):
            status = _("not yet: needs {required}").format(required=join_names(_missing_requirements(state, p, s)))
        else:
            # In the Work Cycle phase a resource earned this turn (Labor) may still come: what is held of it
            # is not yet what is missing, but it is not there either
            to_earn = state.phase_name == "work"
            short = tuple(max(0, state.ev_cost_pool[s][r] - state.held(p, r)) for r in range(rules.n_pool))
            short_labor = tuple(n if not to_earn or rules.pool_end[r] < 0 else 0 for r, n in enumerate(short))
            still = tuple(n if to_earn and rules.pool_end[r] >= 0 else 0 for r, n in enumerate(short))
            short_coin = max(0, state.ev_cost_coin[s] - state.coin_value(p))
            if any(short_labor) or short_coin:
                status = _("missing {missing}").format(missing=cost_text(short_labor, short_coin, rules))
            elif any(still):
                status = _("not yet: {missing} more to earn in the Work Cycle this turn").format(
                    missing=cost_text(still, 0, rules))
            else:
                status = _("affordable")
        text = _("{structure}: {cost} · {requires} · {first} / {later} · {effect}").format(
            structure=sname, cost=cost_text(state.ev_cost_pool[s], state.ev_cost_coin[s], rules),
            requires=format_list(req) if req else _("requires nothing"),
            first=vp_text(rules.vp_first[s]), later=vp_text(rules.vp_later[s]), effect=effects_text(d, rules.struct_ids[s]))
        out.extend(wrap(text, "      ", "  ", width=width))
        extra = status
        if owners and not state.owned[p] >> s & 1:
            extra = _("{status}; built by {players}").format(status=status, players=format_list(owners))
        out.extend(wrap(_("→ {status}").format(status=extra), "      ", "    ", width=width))
    return out


def _win_words(data) -> str:
    """How the game is won, in sentences (« Le joueur qui a le plus de PV l'emporte. Si l'égalité persiste… »)."""
    try:
        return " ".join(_sentences.tie_break_sentences(data))
    except Exception:  # noqa: BLE001
        return _win_summary(data)


def _win_summary(data) -> str:
    try:
        return _sentences.tie_break_summary(data)
    except Exception:  # noqa: BLE001
        return _("most VP")


RULE_SECTIONS = {"work": ("work",), "spending": ("spending", "structures"), "over": ("scoring",)}


def rules_lines(ruleset, state, width: int = WIDTH) -> list[str]:
    """The rule text of the current phase, from the same source as the rulebook."""
    try:
        from ..text.rulebook import section_text
    except ImportError:
        section_text = None
    if section_text is None:
        return [_("The rule text is not available in this installation; see the rulebook (rulekit rulebook).")]
    lines = []
    for section in RULE_SECTIONS.get(state.phase_name, ()):
        try:
            text = section_text(ruleset, section)
        except Exception:  # noqa: BLE001 - the rules are a help, never a crash
            continue
        for para in str(text).splitlines():
            if not para.strip():
                lines.append("")
            elif para.lstrip().startswith(("- ", "* ", "• ")):
                lines.extend(wrap(para.strip(), "    ", "  ", width=width))
            else:
                lines.extend(wrap(para, "  ", width=width))
        lines.append("")
    if not lines:
        return [_("The rule text is not available in this installation; see the rulebook (rulekit rulebook).")]
    return lines


# ---------------------------------------------------------------------------
# The end




def source_label(source: str, data) -> str:
    if source == "borrowing":
        c_struct = [s for s, v in data["structures"].items() if any("borrowing" in e for e in v.get("effects") or ())]
        if c_struct:
            return _("{token_of} token penalty").format(token_of=name(data, "structure", c_struct[0]))
    return {"structures": _("VP from structures"), "goals": _("VP from goals"), "borrowing": _("Borrowing penalty"),
            "coins": _("VP from coins"), "measures": _("VP counted at the end"),
            "objectives": _("VP from objectives")}[source]


def scored_sources(data) -> list[str]:
    """The sources of VP this ruleset has (no coin row where coins score nothing)."""
    out = []
    for source in SOURCES:
        if source == "coins" and not (data.get("scoring") or {}).get("coin_bonus"):
            continue
        if source == "measures" and not (data.get("scoring") or {}).get("measures"):
            continue
        if source == "borrowing" and not (data.get("borrowing") and any(
                "borrowing" in e for v in data["structures"].values() for e in v.get("effects") or ())):
            continue
        if source == "goals" and not data.get("goals"):
            continue
        out.append(source)
    if _sentences.objective_cards(data):          # a source of its own (not in SOURCES: the editions have none)
        out.append("objectives")
    return out


def tie_break_label(key: str, data=None) -> str:
    if key == "coin_value":
        coins = coins_resource_name(data) if data is not None else ""
        return _("more {resource}").format(resource=coins) if coins else _("more coins")
    return {"structures": _("more structures"), "workers": _("more workers (those they have access to)"),
            "goals": _("more goals")}.get(key, key)


def score_table(data, by_source, scores, names, console=None, ranks=None, width: int | None = None) -> list[str]:
    """VP by source, one column per player (only the sources the ruleset has); ``ranks``: a last row,
    each player's rank. A table wider than ``width`` heads its columns "Player 1", "Player 2"… and
    says above it who each one is."""
    style = console.style if console is not None else (lambda text, **kw: text)
    sources = scored_sources(data)
    total = _("Total VP")
    rank = _("Rank") if ranks is not None else None
    labels = [source_label(s, data) for s in sources] + [total] + ([rank] if rank else [])
    lw = _label_width(labels)
    players = range(len(names))
    heads = list(names)
    cw = max(max(len(n) for n in heads) + 2, 8)
    out = []
    if width is not None and 2 + lw + cw * len(heads) > width:
        heads = [_("Player {number}").format(number=p + 1) for p in players]
        cw = max(max(len(h) for h in heads) + 2, 8)
        out = ["  " + _("Player {number}: {name}").format(number=p + 1, name=names[p]) for p in players]
    out.append("  " + " " * lw + "".join(h.rjust(cw) for h in heads))
    for s, label in zip(sources, labels):
        out.append("  " + label.ljust(lw) + "".join(str(by_source[p][s]).replace("-", "−").rjust(cw) for p in players))
    out.append(style("  " + total.ljust(lw) + "".join(str(scores[p]).replace("-", "−").rjust(cw) for p in players),
                     bold=True))
    if rank:
        out.append("  " + rank.ljust(lw) + "".join(str(ranks[p]).rjust(cw) for p in players))
    return out


def winner_line(data, result, scores, names, metric_values=None) -> str:
    """Who won a two-player game, and by what (``result``: :meth:`State.result`)."""
    winner, decided = result["winner"], result["decided_by"]
    if winner is None:
        return _("A tie: {score} each, and nothing in the tie-breaks separates the players.").format(
            score=vp_text(scores[0]))
    other = next(p for p in range(len(scores)) if p != winner)
    you = is_you(names[winner])
    if decided == "vp":
        if you:
            return _("You win, {score} to {other}.").format(
                score=vp_text(scores[winner]), other=vp_text(scores[other]))
        return _("{player} wins, {score} to {other}.").format(
            player=names[winner], score=vp_text(scores[winner]), other=vp_text(scores[other]))
    detail = tie_break_label(decided, data)
    if metric_values is not None:
        if you:
            return _("Tied on {score}; you win on the tie-break, {criterion}: {mine} to {theirs}.").format(
                score=vp_text(scores[0]), criterion=detail, mine=metric_values[winner],
                theirs=metric_values[other])
        return _("Tied on {score}; {player} wins on the tie-break, {criterion}: {mine} to {theirs}.").format(
            score=vp_text(scores[0]), player=names[winner], criterion=detail,
            mine=metric_values[winner], theirs=metric_values[other])
    if you:
        return _("Tied on {score}; you win on the tie-break: {criterion}.").format(score=vp_text(scores[0]),
                                                                               criterion=detail)
    return _("Tied on {score}; {player} wins on the tie-break: {criterion}.").format(
        score=vp_text(scores[0]), player=names[winner], criterion=detail)


def outcome_line(data, outcome, names) -> str:
    """Who won a game of more than two players (``outcome``: :meth:`State.outcome`): the winner and
    what decided it, or the players tied for first place."""
    winners = outcome.winners
    score = vp_text(outcome.scores[winners[0]])
    if len(winners) > 1:
        return _("A tie for first place: {players}, {score} each; nothing in the tie-breaks separates them.").format(
            players=join_names([names[p] for p in winners]), score=score)
    winner = winners[0]
    you = is_you(names[winner])
    if outcome.decided_by == "vp":
        if you:
            return _("You win with {score}.").format(score=score)
        return _("{player} wins with {score}.").format(player=names[winner], score=score)
    detail = tie_break_label(outcome.decided_by, data)
    if you:
        return _("Tied on {score}; you win on the tie-break: {criterion}.").format(score=score, criterion=detail)
    return _("Tied on {score}; {player} wins on the tie-break: {criterion}.").format(
        score=score, player=names[winner], criterion=detail)


def turns_played(state) -> tuple[int, ...]:
    """How many turns each seat has played (a turn begun counts), in seat order."""
    total = state.turn + 1
    order = turn_order(state)
    n = len(order)
    counts = [0] * n
    for k, seat in enumerate(order):
        counts[seat] = (total - k + n - 1) // n
    return tuple(counts)


def end_lines(state, names, console=None, final_events=(), width: int | None = None) -> list[str]:
    """The end of the game: the turns played, the last events, why it ended, the scores, the winner.

    ``width``: with more than two players, the score table's greatest width (a wider one names its
    players above it); a two-player table is always the same."""
    style = console.style if console is not None else (lambda text, **kw: text)
    d = rules_view(state).data
    two = n_players(state) == 2
    scores = state.scores()
    counts = turns_played(state)
    if len(set(counts)) == 1:
        over = ngettext("GAME OVER after {turns} turn each", "GAME OVER after {turns} turns each",
                        counts[0]).format(turns=counts[0])
    elif two:
        over = _("GAME OVER after {first_turns} turns for {first} and {second_turns} for {second}").format(
            first_turns=counts[0], first=names[0], second_turns=counts[1], second=names[1])
    else:
        over = _("GAME OVER after {turns}").format(turns=format_list([
            ngettext("{count} turn for {player}", "{count} turns for {player}", counts[p]).format(
                count=counts[p], player=names[p]) for p in seats(state)]))
    out = ["", style(over, bold=True, reverse=True)]
    out.extend(final_events)
    reason = end_reason_text(d, state.end_reason)
    if reason:
        out.append(_("The game ended because: {reason}").format(reason=reason))
    by_source = [state.score_by_source(p) for p in seats(state)]
    if two:
        result = state.result()
        out.extend(score_table(d, by_source, scores, names, console))
        metric_values = None
        if result["decided_by"] not in ("vp", "tie"):
            metric_values = tuple(state.metric(result["decided_by"], p) for p in seats(state))
        out.append(style(winner_line(d, result, scores, names, metric_values), bold=True))
        return out
    outcome = state.outcome()
    out.extend(score_table(d, by_source, scores, names, console, ranks=outcome.ranks, width=width))
    out.append(style(outcome_line(d, outcome, names), bold=True))
    return out


def summary_lines(state, names) -> list[str]:
    """Where a game stands when the player leaves before the end."""
    if state.is_terminal():
        return end_lines(state, names)
    s = state.scores()
    n = len(state.history)
    if n_players(state) == 2:
        return [ngettext(
            "Game not finished: {count} action played, turn {turn}. Score: {first} {a}, {second} {b}.",
            "Game not finished: {count} actions played, turn {turn}. Score: {first} {a}, {second} {b}.",
            n).format(count=n, turn=state.turn + 1, first=names[0], a=vp_text(s[0]), second=names[1],
                      b=vp_text(s[1]))]
    scores = ", ".join(_("{player} {score}").format(player=names[p], score=vp_text(s[p])) for p in seats(state))
    return [ngettext("Game not finished: {count} action played, turn {turn}. Score: {scores}.",
                     "Game not finished: {count} actions played, turn {turn}. Score: {scores}.",
                     n).format(count=n, turn=state.turn + 1, scores=scores)]


def screen_lines(state, names, players, console, recent, title: str = "", width: int = WIDTH) -> list[str]:
    """The whole roomy screen at a human decision: recent events, the board, the choices."""
    st = console.style
    out = [st(title, dim=True)] if title else []
    if recent:
        out.append(st(_("What just happened:"), bold=True))
        for line in recent:
            out.extend(wrap_shown(line, "      ", "  ", width=width))
        out.append("")
    out.append(st(heading_line(state, names), bold=True, reverse=True))
    out.append("")
    out.extend(board_lines(state, names, console, width))
    out.append("")
    out.extend(choice_lines(state, names, console, width))
    legal = state.legal_actions()
    out.extend(commands_line(state, width, notation(state, legal[0]) if legal else ""))
    return out
