"""What ``rulekit play`` and ``rulekit replay`` show: the board, the choices, the events, the end.

Every function returns translated text (lists of lines) built from the
state and the ruleset data; names come from the ruleset through the catalog
(:func:`rulekit.i18n.display_name`). Nothing here names game content.
"""
from __future__ import annotations

import textwrap

from .. import engine as _engine
from ..engine import SOURCES

# Action kinds (read from the engine; a kind it does not have never matches).
MOVE, BORROW, SPEND, BUILD, CONVERT, HIRE, REPAY, EXCHANGE, BREAK, END, LEAP = (
    getattr(_engine, k, -100 - i) for i, k in enumerate(
        ("MOVE", "BORROW", "SPEND", "BUILD", "CONVERT", "HIRE", "REPAY", "EXCHANGE", "BREAK", "END", "LEAP")))
from ..i18n import _, display_name, format_list, ngettext, pgettext
from .notation import for_state

try:  # the rule sentences (goal conditions, ship results...), when available
    from ..text import sentences as _sentences
except ImportError:  # pragma: no cover - an installation without them
    _sentences = None

WIDTH = 100


# ---------------------------------------------------------------------------
# Small phrases


def name(data, kind: str, ident: str) -> str:
    return display_name(data, kind, ident)


def labor_text(n: int) -> str:
    return ngettext("{num} Labor", "{num} Labor", n).format(num=n)


def coin_text(n: int) -> str:
    return ngettext("{num} Coin", "{num} Coin", n).format(num=n)


def vp_text(n: int) -> str:
    return ngettext("{num} VP", "{num} VP", n).format(num=n)


def signed_vp(n: int) -> str:
    if n < 0:
        return ngettext("−{num} VP", "−{num} VP", -n).format(num=-n)
    return vp_text(n)


def cost_text(labor: int, coin: int) -> str:
    parts = []
    if labor:
        parts.append(labor_text(labor))
    if coin:
        parts.append(coin_text(coin))
    if not parts:
        return _("nothing")
    return format_list(parts)


def gain_text(labor: int, coin: int) -> str:
    parts = []
    if labor:
        parts.append(ngettext("+{num} Labor", "+{num} Labor", labor).format(num=labor))
    if coin:
        parts.append(ngettext("+{num} Coin", "+{num} Coin", coin).format(num=coin))
    return ", ".join(parts) if parts else _("nothing")


def coins_text(data, coin_ids, counts) -> str:
    """``Silver ×2, Gold ×1`` (only the denominations held), or ``no coins``."""
    parts = [_("{coin} ×{count}").format(coin=name(data, "coin", cid), count=n)
             for cid, n in zip(coin_ids, counts) if n]
    return ", ".join(parts) if parts else _("no coins")


def bot_label(bot: str) -> str:
    """A bot's name on screen; a budget other than the default (``mcts:200``) follows it (``MCTS 200``)."""
    from ..bots import canonical_bot

    name, _sep, budget = bot.partition(":")
    labels = {"random": pgettext("bot", "random"), "greedy": pgettext("bot", "greedy"),
              "mcts": pgettext("bot", "MCTS")}
    label = labels.get(name, name)
    try:
        default = canonical_bot(name) == bot
    except ValueError:
        default = True
    return f"{label} {budget}" if budget and not default else label


def phase_label(phase: str) -> str:
    return {"work": _("Work Cycle phase"), "spending": _("Resource Spending phase"),
            "over": _("game over")}.get(phase, phase)


def command_word(command: str) -> str:
    """The command as typed in the current language (the English word always works too)."""
    return {"help": pgettext("command", "help"), "rules": pgettext("command", "rules"),
            "undo": pgettext("command", "undo"), "save": pgettext("command", "save"),
            "quit": pgettext("command", "quit")}[command]


def lender_structure(state):
    c = state.c
    for s in range(c.n_struct):
        if c.borrow_mask >> s & 1:
            return s
    return -1


def seat_color(data, seat: int) -> str:
    colors = (data.get("sailors") or {}).get("worker_color") or ["red", "blue"]
    color = colors[seat] if seat < len(colors) else ("red", "blue")[seat]
    return {"blue": "bright_blue", "red": "bright_red"}.get(color, color if color in _CLICK_COLORS else None)


_CLICK_COLORS = {"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
                 "bright_red", "bright_green", "bright_yellow", "bright_blue", "bright_magenta", "bright_cyan"}


def wrap(text: str, indent: str = "", first: str | None = None, width: int = WIDTH) -> list[str]:
    return textwrap.wrap(text, width=width, initial_indent=indent if first is None else first,
                         subsequent_indent=indent, break_on_hyphens=False) or [first or indent]


def _condition(data, gid: str) -> str:
    goal = data["goals"][gid]
    if _sentences is not None:
        try:
            return _sentences.condition_sentence(data, goal["condition"], goal.get("check"))
        except Exception:  # noqa: BLE001 - the sentence is a help, never a crash
            pass
    return ""


def _outcome_sentence(data, oid: str) -> str:
    harbor = data.get("harbor") or {}
    for outcome in harbor.get("outcomes", []):
        if outcome["id"] == oid and _sentences is not None:
            try:
                return _sentences.outcome_sentence(data, outcome)
            except Exception:  # noqa: BLE001
                return ""
    return ""


def _effects(data, sid: str) -> str:
    if _sentences is None:
        return ""
    try:
        return " ".join(_sentences.effect_sentence(data, e) for e in data["structures"][sid].get("effects") or ())
    except Exception:  # noqa: BLE001
        return ""


def _end_reason(data, reason) -> str:
    if reason is None:
        return ""
    if _sentences is not None:
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
    c = state.c
    d = c.data
    info = c.actions[action]
    p = state.current
    after = state.clone()
    after._apply(action)
    gain = gain_text(after.labor - state.labor if not after.is_terminal() or after.current == p else 0,
                     after.coin_value(p) - state.coin_value(p))
    moved = [w for w in range(c.n_workers) if after.moved >> w & 1 and not state.moved >> w & 1]
    dest = after.wpos[moved[0]] if moved else c.next_space[info.arg2]
    return {"worker": name(d, "worker", c.kind_ids[info.arg]), "origin": name(d, "space", c.space_ids[info.arg2]),
            "destination": name(d, "space", c.space_ids[dest]), "gain": gain}


def _exchange_parts(state, action: int) -> dict:
    c = state.c
    p = state.current
    after = state.clone()
    after._apply(action)
    before, now = state.purses[p], after.purses[p]
    given = [0 if b <= a else b - a for b, a in zip(before, now)]
    got = [0 if a <= b else a - b for b, a in zip(before, now)]
    return {"given": coins_text(c.data, c.coin_ids, given), "received": coins_text(c.data, c.coin_ids, got)}


def describe(state, action: int) -> str:
    """A short sentence saying what an action does, for the current player."""
    c = state.c
    d = c.data
    info = c.actions[action]
    kind = info.kind
    p = state.current
    if kind == MOVE:
        return _("Move a worker ({worker}): {origin} → {destination}, {gain}").format(**_move_parts(state, action))
    if kind == LEAP:
        return _("Move a worker ({worker}) several steps, once this turn: {origin} → {destination}, {gain}").format(
            **_move_parts(state, action))
    if kind == SPEND:
        return _("Stop moving workers and go to the Resource Spending phase")
    if kind == END:
        if state.labor:
            return _("End your turn (you lose the {labor} you have not spent)").format(labor=labor_text(state.labor))
        return _("End your turn")
    if kind == BUILD:
        s = info.arg
        vp = c.vp_first[s] if state.first_builder[s] < 0 else c.vp_later[s]
        return _("Build the {structure}: pay {cost}; worth {vp} to you").format(
            structure=name(d, "structure", c.struct_ids[s]), cost=cost_text(c.cost_labor[s], c.cost_coin[s]),
            vp=vp_text(vp))
    if kind == BORROW:
        s = info.arg
        lender = name(d, "structure", c.struct_ids[lender_structure(state)]) if lender_structure(state) >= 0 else ""
        if state.holder == 1 - p:
            return _("Borrow the {structure} until the end of your turn, taking the {token_of} token "
                     "from your opponent").format(structure=name(d, "structure", c.struct_ids[s]), token_of=lender)
        return _("Borrow the {structure} until the end of your turn, taking the {token_of} token").format(
            structure=name(d, "structure", c.struct_ids[s]), token_of=lender)
    if kind == CONVERT:
        k = info.arg
        return _("{conversion}: pay {cost}, gain {gain}").format(
            conversion=name(d, "conversion", c.conv_ids[k]), cost=cost_text(c.conv_pay_labor[k], c.conv_pay_coin[k]),
            gain=cost_text(c.conv_gain_labor[k], c.conv_gain_coin[k]))
    if kind == HIRE:
        return _("Hire a sailor: pay {cost}; it enters the Work Cycle on {space}").format(
            cost=cost_text(c.sailor_cost_labor, c.sailor_cost), space=name(d, "space", c.space_ids[c.kind_entry[c.sailor_kind]]))
    if kind == REPAY:
        lender = name(d, "structure", c.struct_ids[lender_structure(state)]) if lender_structure(state) >= 0 else ""
        return _("Repay the {token_of} token: pay {cost}").format(
            token_of=lender, cost=cost_text(c.repay_labor, c.repay_coin))
    if kind in (EXCHANGE, BREAK):
        return _("Exchange {given} for {received} with the supply").format(**_exchange_parts(state, action))
    return notation(state, action)


def details(state, action: int) -> str:
    """A second line for actions whose effect a newcomer needs to know (build, borrow)."""
    c = state.c
    info = c.actions[action]
    if info.kind in (BUILD, BORROW):
        return _effects(c.data, c.struct_ids[info.arg])
    return ""


def report(state, action: int, player: str) -> str:
    """What ``player`` does with ``action`` (about to be played), told as it happens:
    "Computer (greedy) builds the Lender for…", "You move a worker…"."""
    c = state.c
    d = c.data
    info = c.actions[action]
    kind = info.kind
    you = _is_you(player)
    if kind in (MOVE, LEAP):
        parts = _move_parts(state, action)
        if you:
            return _("You move a worker ({worker}) from {origin} to {destination}: {gain}.").format(**parts)
        return _("{player} moves a worker ({worker}) from {origin} to {destination}: {gain}.").format(
            player=player, **parts)
    if kind == SPEND:
        if you:
            return _("You stop moving workers and go to the Resource Spending phase.")
        return _("{player} stops moving workers and goes to the Resource Spending phase.").format(player=player)
    if kind == END:
        if state.labor:
            if you:
                return _("You end your turn and lose the {labor} you did not spend.").format(
                    labor=labor_text(state.labor))
            return _("{player} ends the turn and loses the {labor} not spent.").format(
                player=player, labor=labor_text(state.labor))
        if you:
            return _("You end your turn.")
        return _("{player} ends the turn.").format(player=player)
    if kind == BUILD:
        s = info.arg
        vp = c.vp_first[s] if state.first_builder[s] < 0 else c.vp_later[s]
        parts = {"structure": name(d, "structure", c.struct_ids[s]), "cost": cost_text(c.cost_labor[s], c.cost_coin[s]),
                 "vp": vp_text(vp)}
        if you:
            return _("You build the {structure} for {cost} (worth {vp}).").format(**parts)
        return _("{player} builds the {structure} for {cost} (worth {vp}).").format(player=player, **parts)
    if kind == BORROW:
        ls = lender_structure(state)
        parts = {"structure": name(d, "structure", c.struct_ids[info.arg]),
                 "token_of": name(d, "structure", c.struct_ids[ls]) if ls >= 0 else ""}
        if you:
            return _("You borrow the {structure} until the end of your turn, taking the {token_of} token.").format(
                **parts)
        return _("{player} borrows the {structure} until the end of the turn, taking the {token_of} token.").format(
            player=player, **parts)
    if kind == CONVERT:
        k = info.arg
        parts = {"conversion": name(d, "conversion", c.conv_ids[k]),
                 "cost": cost_text(c.conv_pay_labor[k], c.conv_pay_coin[k]),
                 "gain": cost_text(c.conv_gain_labor[k], c.conv_gain_coin[k])}
        if you:
            return _("You use {conversion}: you pay {cost} and gain {gain}.").format(**parts)
        return _("{player} uses {conversion}: pays {cost} and gains {gain}.").format(player=player, **parts)
    if kind == HIRE:
        parts = {"cost": cost_text(c.sailor_cost_labor, c.sailor_cost), "space": name(d, "space", c.space_ids[c.kind_entry[c.sailor_kind]])}
        if you:
            return _("You hire a sailor for {cost}; it enters the Work Cycle on {space}.").format(**parts)
        return _("{player} hires a sailor for {cost}; it enters the Work Cycle on {space}.").format(
            player=player, **parts)
    if kind == REPAY:
        ls = lender_structure(state)
        parts = {"token_of": name(d, "structure", c.struct_ids[ls]) if ls >= 0 else "",
                 "cost": cost_text(c.repay_labor, c.repay_coin)}
        if you:
            return _("You repay the {token_of} token for {cost}.").format(**parts)
        return _("{player} repays the {token_of} token for {cost}.").format(player=player, **parts)
    if kind in (EXCHANGE, BREAK):
        parts = _exchange_parts(state, action)
        if you:
            return _("You exchange {given} for {received} with the supply.").format(**parts)
        return _("{player} exchanges {given} for {received} with the supply.").format(player=player, **parts)
    return _("{player} plays {action}.").format(player=player, action=notation(state, action))


NBSP = "\u00a0"


def action_line(state, action: int, player: str, reason: str | None = None, keep_together: bool = False) -> str:
    """One line of the game's log for an action about to be played by ``player``:
    what is done, told as a report, then its notation (and a computer's reason).

    ``keep_together``: the notation's spaces are no-break spaces, so that
    :func:`screen_lines` never wraps a line inside it (it shows them as spaces)."""
    written = notation(state, action)
    if keep_together:
        written = written.replace(" ", NBSP)
    text = _("{report} [{action}]").format(report=report(state, action, player), action=written)
    if reason:
        text = _("{line} — why: {reason}").format(line=text, reason=reason)
    return text


def thinking_line(player: str) -> str:
    """Shown on a terminal while a slow computer player chooses its move."""
    return _("{player} is thinking…").format(player=player)


def event_line(state, event, names) -> str:
    d = state.c.data
    c = state.c
    kind = event[0]
    if kind == "reveal":
        gid = c.goal_ids[event[1]]
        return _("New face-up goal: {goal}. {condition}").format(goal=name(d, "goal", gid),
                                                                 condition=_condition(d, gid)).strip()
    if kind == "claim":
        if _is_you(names[event[1]]):
            return _("You claim the goal {goal} ({vp}).").format(
                goal=name(d, "goal", c.goal_ids[event[2]]), vp=vp_text(c.goal_vps[event[2]]))
        return _("{player} claims the goal {goal} ({vp}).").format(
            player=names[event[1]], goal=name(d, "goal", c.goal_ids[event[2]]), vp=vp_text(c.goal_vps[event[2]]))
    if kind == "remove":
        return _("Goal {goal} removed: both players meet it.").format(goal=name(d, "goal", c.goal_ids[event[1]]))
    if kind == "cast":
        oid = c.outcome_ids[event[1]]
        return _("The ships are cast: {outcome}. {benefit}").format(
            outcome=name(d, "outcome", oid), benefit=_outcome_sentence(d, oid)).strip()
    if kind == "ending":
        reason = _end_reason(d, event[2])
        finish = c.end_finish[event[3]] if len(event) > 3 else c.finish_turn
        if finish and _is_you(names[event[1]]):
            return _("The end of the game is triggered: {reason} You finish this turn, then the game is over.").format(
                reason=reason)
        if finish:
            return _("The end of the game is triggered: {reason} {player} finishes this turn, then the game is over.").format(
                reason=reason, player=names[event[1]])
        return _("The end of the game is triggered: {reason}").format(reason=reason)
    return ""


def _is_you(player: str) -> bool:
    return player == _("You")


def turn_line(state, names) -> str:
    return _("— Turn {turn}: {player} —").format(turn=state.turn + 1, player=names[state.current])


def illegal_message(state, text: str, legal=None) -> str:
    """``text`` is no legal action; the legal ones, as the screen writes them."""
    shown = [notation(state, a) for a in state.legal_actions()]
    return _("“{text}” is not a legal action here. Legal actions: {legal}").format(
        text=text, legal=", ".join(shown))


def ambiguous_message(text: str, choices) -> str:
    """``text`` fits several legal actions (``choices``, as the screen writes them)."""
    return _("“{text}” could be any of: {choices}. Type one of them, or its number.").format(
        text=text, choices=", ".join(choices))


def parse_action(state, text: str) -> int:
    """The legal action typed as ``text``: the localized notation, the canonical
    one, or the localized one without accents (raises IllegalActionError, or its
    subclass AmbiguousActionError)."""
    return for_state(state).parse(state, text)


def resume_command(path) -> str:
    return f"rulekit play --resume {path}"


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
    if not state.c.first_random and state.first != 0:
        command += f" --first {state.first + 1}"
    if list(players) != ["human", "bot:greedy"]:
        command += " --players " + ",".join(players)
    lines.append("  " + _("Replay this game with: {command}").format(command=command))
    lines.append("")
    return lines


def _bundled():
    from ..language import bundled_rulesets

    return bundled_rulesets()


def _label_width(labels) -> int:
    return max(len(x) for x in labels) + 2


def board_lines(state, names, console) -> list[str]:
    """The position: Work Cycle, players, goals, token, ship, supply."""
    c = state.c
    d = c.data
    st = console.style
    cur = state.current
    out = []
    # Work Cycle
    order = " → ".join([name(d, "space", s) for s in c.space_ids] + [name(d, "space", c.space_ids[0])])
    out.append(st(_("WORK CYCLE"), bold=True))
    out.extend(wrap(_("(each worker moves one step: {order})").format(order=order), "  "))
    active = state.owned[cur] | state.borrowed_mask
    can_move = set()
    for a in state.legal_actions():
        info = c.actions[a]
        if info.kind == MOVE:
            can_move.add((info.arg, info.arg2))
    space_w = max(len(name(d, "space", s)) for s in c.space_ids) + 2
    yields = []
    for sp in range(len(c.space_ids)):
        y = gain_text(c.space_labor[sp], c.space_coin[sp])
        best_l, best_c = c.space_labor[sp], c.space_coin[sp]
        for s in range(c.n_struct):
            if active >> s & 1 and sp in c.yield_over[s]:
                ol, oc = c.yield_over[s][sp]
                best_l, best_c = max(best_l, ol), max(best_c, oc)
        if (best_l, best_c) != (c.space_labor[sp], c.space_coin[sp]) and not state.is_terminal():
            y = _("{usual} ({better} for {player})").format(usual=y, better=gain_text(best_l, best_c), player=names[cur])
        yields.append(y)
    yield_w = max(len(y) for y in yields) + 2
    off = {}
    for sp in range(len(c.space_ids)):
        groups = {}
        for w in range(c.n_workers):
            if state.wpos[w] != sp:
                continue
            k = c.worker_kind[w]
            owner = state.wowner[w]
            moved = bool(state.moved >> w & 1) and not state.is_terminal()
            groups.setdefault((k, owner, moved), 0)
            groups[(k, owner, moved)] += 1
        parts = []
        for (k, owner, moved), n in sorted(groups.items()):
            label = name(d, "worker", c.kind_ids[k])
            if owner >= 0 and _is_you(names[owner]):
                label = _("your {worker}").format(worker=label)
            elif owner >= 0:
                label = _("{worker} of {player}").format(worker=label, player=names[owner])
            if n > 1:
                label = _("{worker} ×{count}").format(worker=label, count=n)
            if moved:
                label = ngettext("{worker} (moved)", "{worker} (moved)", n).format(worker=label)
            elif not state.is_terminal() and state.phase_name == "work" and (k, sp) not in can_move:
                label = _("{worker} (not yours to move)").format(worker=label)
            parts.append(label)
        line = "  " + name(d, "space", c.space_ids[sp]).ljust(space_w) + yields[sp].ljust(yield_w)
        out.append(line + (", ".join(parts) if parts else _("no worker")))
    for w in range(c.n_workers):
        if state.wpos[w] < 0:
            kid = c.kind_ids[c.worker_kind[w]]
            off[kid] = off.get(kid, 0) + 1
    if off:
        waiting = ", ".join(_("{worker} ×{count}").format(worker=name(d, "worker", k), count=n) if n > 1
                            else name(d, "worker", k) for k, n in off.items())
        out.extend(wrap(_("Not on the Work Cycle yet: {workers}").format(workers=waiting), "    ", "  "))
    out.append("")
    # Players
    labels = [_("Coins"), _("Labor"), _("Structures"), _("Goals")]
    lw = _label_width(labels)
    for seat in (0, 1):
        score = state.score(seat)
        head = _("{player} — {score}").format(player=names[seat], score=vp_text(score))
        if seat == cur and not state.is_terminal():
            head = _("{heading}   ◀ to play").format(heading=head)
        out.append(st(head, bold=True, fg=seat_color(d, seat)))
        purse = state.purses[seat]
        out.append("  " + labels[0].ljust(lw) + _("{coins} — {total} in all").format(
            coins=coins_text(d, c.coin_ids, purse), total=coin_text(state.coin_value(seat))))
        if seat == cur and not state.is_terminal():
            if state.c.labor_carry:
                out.append("  " + labels[1].ljust(lw) + ngettext(
                    "{num} (up to {keep} not spent is kept for your next turn)",
                    "{num} (up to {keep} not spent is kept for your next turn)", state.c.labor_carry).format(
                    num=state.labor, keep=state.c.labor_carry))
            else:
                out.append("  " + labels[1].ljust(lw) + _("{num} (earned this turn; what is not spent is lost at its end)").format(
                    num=state.labor))
        built = [_("{structure} ({vp})").format(structure=name(d, "structure", c.struct_ids[s]),
                                               vp=vp_text(state.structure_vp(seat, s)))
                 for s in range(c.n_struct) if state.owned[seat] >> s & 1]
        left = c.tokens - len(built)
        text = ", ".join(built) if built else _("none yet")
        text = ngettext("{structures} · {count} token left", "{structures} · {count} tokens left", left).format(
            structures=text, count=left)
        out.extend(wrap(text, "  " + " " * lw, "  " + labels[2].ljust(lw)))
        goals = [name(d, "goal", c.goal_ids[g]) for g in state.claimed[seat]]
        out.append("  " + labels[3].ljust(lw) + (", ".join(goals) if goals else _("none yet")))
        if state.borrowed >= 0 and seat == cur and not state.is_terminal():
            out.append("  " + " " * lw + _("borrowed this turn: {structure}").format(
                structure=name(d, "structure", c.struct_ids[state.borrowed])))
    out.append("")
    # Common items
    rows = []
    n_down = len(state.stack)
    if state.face_up >= 0:
        gid = c.goal_ids[state.face_up]
        goal = ngettext("{goal} ({vp}), {count} more face down. {condition}",
                        "{goal} ({vp}), {count} more face down. {condition}", n_down).format(
            goal=name(d, "goal", gid), vp=vp_text(c.goal_vps[state.face_up]), count=n_down, condition=_condition(d, gid)).strip()
    else:
        goal = ngettext("none; {count} more face down", "none; {count} more face down", n_down).format(count=n_down)
    rows.append((_("Face-up goal"), goal))
    ls = lender_structure(state)
    if ls >= 0 and c.borrow_phases:
        lender = name(d, "structure", c.struct_ids[ls])
        if state.holder < 0:
            token = _("in the supply: a player who built the {token_of} may borrow one of the opponent's structures").format(
                token_of=lender)
        else:
            token = _("held by {player}: repay {cost}, or lose {vp} at the end").format(
                player=names[state.holder], cost=cost_text(c.repay_labor, c.repay_coin), vp=vp_text(c.lender_penalty))
        rows.append((_("{token_of} token").format(token_of=lender), token))
    if c.harbor_struct >= 0:
        harbor = name(d, "structure", c.struct_ids[c.harbor_struct])
        if state.ship < 0:
            ship = _("not cast yet (the first player to build the {harbor} casts the ships)").format(harbor=harbor)
        else:
            oid = c.outcome_ids[state.ship]
            ship = _("{outcome} — for the owners of the {harbor}: {benefit}").format(
                outcome=name(d, "outcome", oid), harbor=harbor, benefit=_outcome_sentence(d, oid))
            if state.harbormaster >= 0:
                ship = _("{ship} Harbormaster: {player}.").format(ship=ship, player=names[state.harbormaster])
        rows.append((_("Ships"), ship))
    rows.append((_("Supply"), coins_text(d, c.coin_ids, state.supply)))
    rw = _label_width([r[0] for r in rows])
    for label, text in rows:
        out.extend(wrap(text, " " * rw, st(label.ljust(rw), bold=True) if console.color else label.ljust(rw)))
    return out


def title_line(ruleset, seed) -> str:
    d = ruleset.data
    return _("{title} — {edition} · seed {seed}").format(
        title=name(d, "ruleset", "title"), edition=name(d, "ruleset", "edition") or ruleset.id, seed=seed)


def screen_lines(state, names, players, console, recent, title: str = "") -> list[str]:
    """The whole screen at a human decision: recent events, the board, the choices."""
    st = console.style
    out = [st(title, dim=True)] if title else []
    if recent:
        out.append(st(_("What just happened:"), bold=True))
        for line in recent:
            out.extend(part.replace(NBSP, " ") for part in wrap(line, "      ", "  "))
        out.append("")
    out.append(st(_("Turn {turn} · {player} · {phase}").format(
        turn=state.turn + 1, player=names[state.current], phase=phase_label(state.phase_name)),
        bold=True, reverse=True))
    out.append("")
    out.extend(board_lines(state, names, console))
    out.append("")
    out.extend(choice_lines(state, names, console))
    return out


def phase_hint(state) -> str:
    if state.phase_name == "work":
        if state.moved:
            c = state.c
            return _("Move more workers (each at most once), or go on: {spend} (to the Resource Spending phase) "
                     "or {end} (end of your turn).").format(spend=notation(state, c.a_spend),
                                                            end=notation(state, c.a_end))
        return _("Move at least one worker you have access to, one step each.")
    c = state.c
    if c.builds_per_turn == 1 and not c.labor_carry:
        return _("Build at most one structure and use your coins and Labor; then end your turn (unspent Labor is lost).")
    return ngettext("Build at most {num} structure and use your coins and Labor; then end your turn ({labor})",
                    "Build at most {num} structures and use your coins and Labor; then end your turn ({labor})",
                    c.builds_per_turn).format(num=c.builds_per_turn, labor=_sentences.labor_carry_sentence(c.data)
                                              if _sentences is not None else "")


def choice_lines(state, names, console) -> list[str]:
    st = console.style
    legal = state.legal_actions()
    if names[state.current] == _("You"):
        heading = _("Your choices:")
    else:
        heading = _("Choices for {player}:").format(player=names[state.current])
    out = [st(heading, bold=True)]
    out.extend(wrap(phase_hint(state), "  "))
    written = {a: notation(state, a) for a in legal}
    nw = max(len(w) for w in written.values()) + 2
    numw = len(str(len(legal)))
    for i, a in enumerate(legal, 1):
        num = str(i).rjust(numw)
        first = f"  {st(num, bold=True)}  {st(written[a].ljust(nw), fg='cyan')}"
        pad = " " * (2 + numw + 2 + nw)
        text = describe(state, a)
        lines = wrap(text, pad, "", width=WIDTH - len(pad))
        out.append(first + lines[0])
        for more in lines[1:]:
            out.append(pad + more.strip())
        extra = details(state, a)
        if extra:
            for more in wrap(extra, pad + "  ", width=WIDTH):
                out.append(st(more, dim=True))
    out.extend(wrap(_("Type a number or an action (for example {example}); commands: {commands}.").format(
        example=written[legal[0]],
        commands=", ".join(command_word(x) for x in ("help", "rules", "undo", "save", "quit")))))
    return out


# ---------------------------------------------------------------------------
# Help and rules


def help_lines(state) -> list[str]:
    c = state.c
    d = c.data
    table = for_state(state)
    move, short = table.example_move(c)
    build = c.action_index.get((BUILD, 0, 0))
    lines = [
        ("", _("How to play:")),
        ("  ", _("Type the number of a choice, or the action itself, and press Enter.")),
        ("  ", _("Actions are written as in docs/notation.md: {move} moves a worker of that kind from that space; "
                 "{short} works when only one kind of worker can move from there.").format(move=move, short=short)),
        ("  ", _("{spend} ends the Work Cycle phase; {end} ends your turn; {build} builds; "
                 "conversions are typed by their name.").format(
            spend=table.of(c.a_spend), end=table.of(c.a_end), build=table.of(build) if build is not None else "")),
    ]
    if table.localized and build is not None:
        lines.append(("  ", _("The English notation works too (for example {example}), and so do the words "
                              "typed without their accents.").format(example=table.canonical[build])))
    lines += [
        ("", _("Commands:")),
        ("  ", _("{command:<8} this help").format(command=command_word("help"))),
        ("  ", _("{command:<8} the rules for the current phase").format(command=command_word("rules"))),
        ("  ", _("{command:<8} take back your last move (and the computer's replies)").format(
            command=command_word("undo"))),
        ("  ", _("{command:<8} save the game to a file, to continue later with --resume").format(
            command=command_word("save"))),
        ("  ", _("{command:<8} leave (the game is saved if it has a file)").format(command=command_word("quit"))),
        ("", _("Winning: {summary}").format(summary=_win_summary(d))),
    ]
    out = []
    for indent, line in lines:
        out.extend(wrap(line, indent + "  ", indent))
    return out


def _win_summary(data) -> str:
    if _sentences is not None:
        try:
            return _sentences.tie_break_summary(data)
        except Exception:  # noqa: BLE001
            pass
    return _("most VP")


RULE_SECTIONS = {"work": ("work",), "spending": ("spending", "structures"), "over": ("scoring",)}


def rules_lines(ruleset, state) -> list[str]:
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
                lines.extend(wrap(para.strip(), "    ", "  "))
            else:
                lines.extend(wrap(para, "  "))
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
            return _("{token_of} token").format(token_of=name(data, "structure", c_struct[0]))
    return {"structures": _("Structures"), "goals": _("Goals"), "borrowing": _("Borrowing token"),
            "coins": _("Coin bonus")}[source]


def tie_break_label(key: str) -> str:
    return {"structures": _("more structures"), "workers": _("more workers (those they have access to)"),
            "goals": _("more goals"), "coin_value": _("more Coin")}.get(key, key)


def score_table(data, by_source, scores, names, console=None) -> list[str]:
    """VP by source, one column per player."""
    style = console.style if console is not None else (lambda text, **kw: text)
    labels = [source_label(s, data) for s in SOURCES] + [_("Total")]
    lw = _label_width(labels)
    cw = max(max(len(n) for n in names) + 2, 8)
    out = ["  " + " " * lw + "".join(n.rjust(cw) for n in names)]
    for s, label in zip(SOURCES, labels):
        out.append("  " + label.ljust(lw) + "".join(str(by_source[p][s]).replace("-", "−").rjust(cw) for p in (0, 1)))
    out.append(style("  " + labels[-1].ljust(lw) + "".join(str(scores[p]).rjust(cw) for p in (0, 1)), bold=True))
    return out


def winner_line(data, result, scores, names, metric_values=None) -> str:
    winner, decided = result["winner"], result["decided_by"]
    if winner is None:
        return _("A tie: {score} each, and nothing in the tie-breaks separates the players.").format(
            score=vp_text(scores[0]))
    you = _is_you(names[winner])
    if decided == "vp":
        if you:
            return _("You win, {score} to {other}.").format(
                score=vp_text(scores[winner]), other=vp_text(scores[1 - winner]))
        return _("{player} wins, {score} to {other}.").format(
            player=names[winner], score=vp_text(scores[winner]), other=vp_text(scores[1 - winner]))
    detail = tie_break_label(decided)
    if you:
        detail = _("{criterion} ({mine} to {theirs})").format(
            criterion=detail, mine=metric_values[winner], theirs=metric_values[1 - winner]) if metric_values else detail
        return _("Tied on {score}; you win on the tie-break: {criterion}.").format(score=vp_text(scores[0]),
                                                                               criterion=detail)
    if metric_values is not None:
        return _("Tied on {score}; {player} wins on the tie-break: {criterion} ({mine} to {theirs}).").format(
            score=vp_text(scores[0]), player=names[winner], criterion=detail,
            mine=metric_values[winner], theirs=metric_values[1 - winner])
    return _("Tied on {score}; {player} wins on the tie-break: {criterion}.").format(
        score=vp_text(scores[0]), player=names[winner], criterion=detail)


def end_lines(state, names, console=None) -> list[str]:
    style = console.style if console is not None else (lambda text, **kw: text)
    d = state.c.data
    result = state.result()
    scores = state.scores()
    turns = state.turn + 1
    out = ["", style(ngettext("GAME OVER after {turns} turn", "GAME OVER after {turns} turns", turns).format(
        turns=turns), bold=True, reverse=True)]
    reason = _end_reason(d, state.end_reason)
    if reason:
        out.append(_("The game ended because: {reason}").format(reason=reason))
    out.extend(score_table(d, [state.score_by_source(0), state.score_by_source(1)], scores, names, console))
    metric_values = None
    if result["decided_by"] not in ("vp", "tie"):
        metric_values = (state.metric(result["decided_by"], 0), state.metric(result["decided_by"], 1))
    out.append(style(winner_line(d, result, scores, names, metric_values), bold=True))
    return out


def summary_lines(state, names) -> list[str]:
    """Where a game stands when the player leaves before the end."""
    if state.is_terminal():
        return end_lines(state, names)
    s = state.scores()
    n = len(state.history)
    return [ngettext("Game not finished: {count} action played, turn {turn}. Score: {first} {a}, {second} {b}.",
                     "Game not finished: {count} actions played, turn {turn}. Score: {first} {a}, {second} {b}.",
                     n).format(
        count=n, turn=state.turn + 1, first=names[0], a=vp_text(s[0]), second=names[1],
        b=vp_text(s[1]))]
