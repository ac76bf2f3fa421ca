"""Province's view in the words of a page: what the browser board (:mod:`rulekit.web`) shows of a state
beside its :class:`~rulekit.play.view.StateView`.

Each space's yield, each worker's label and colour (as the rules name it), the workers off the Work Cycle,
what an action costs and gives, each player's lines, the structures with their costs, requirements,
effects and builders, and the end of the game (ranks, VP by source, what decided it). The words are the
terminal's (:mod:`.screen`), from the same catalogs; the web layer reads these and the view, never the
engine's tables.
"""
from __future__ import annotations

from dataclasses import asdict

from ..i18n import _, format_list, ngettext, pgettext
from ..text import sentences
from . import screen
from .view import rules_view, seat_may_build


def plain(value):
    """Tuples as lists, all the way down (for JSON)."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def worker_color(state, worker: int) -> str:
    """A worker's colour as the rules name it (``green``, ``yellow``…; a sailor's by its seat), "" for none."""
    rules = rules_view(state)
    d = rules.data
    kid = rules.kind_ids[rules.worker_kind[worker]]
    spec = (d.get("workers") or {}).get(kid)
    if isinstance(spec, dict) and isinstance(spec.get("color"), str):
        return spec["color"]
    colours = (d.get("sailors") or {}).get("worker_color") or ()
    seat = state.wowner[worker] if state.wowner[worker] >= 0 else rules.worker_seat[worker]
    if colours and seat >= 0:
        return str(colours[seat % len(colours)])
    return ""


def is_action(state, action: int) -> bool:
    """Whether ``action`` is one of the game's action numbers (legal now or not)."""
    return 0 <= action < len(rules_view(state).actions)


def view_dict(state, names, view) -> dict:
    """The view as JSON, with the words of the board: each space's yield, each worker's label and colour."""
    rules = rules_view(state)
    out = plain(asdict(view))
    kinds = {kid: k for k, kid in enumerate(rules.kind_ids)}
    for space, sp in zip(out["spaces"], view.spaces):
        space["yield_text"] = screen.gain_text(rules.space_pool[sp.index], rules.space_coin[sp.index], rules)
        for w in space["workers"]:
            w["label"] = screen.worker_label(state, names, kinds[w["kind"]], w["owner"], 1, w["moved"], False)
            w["color"] = worker_color(state, w["index"])
    for w in out["off_cycle"]:
        w["color"] = worker_color(state, w["index"])
    return out


def off_cycle_text(state, view) -> str:
    """The workers not on the Work Cycle yet, and the sailors that may still be hired ("" when none)."""
    rules = rules_view(state)
    counts = {}
    for w in view.off_cycle:
        if rules.worker_kind[w.index] != rules.sailor_kind:
            counts[w.kind_name] = counts.get(w.kind_name, 0) + 1
    cur = state.current
    sailors = sum(1 for w in range(rules.n_workers) if rules.worker_kind[w] == rules.sailor_kind and state.wpos[w] < 0
                  and state.wowner[w] < 0 and (rules.sailor_shared or rules.worker_seat[w] == cur))
    if rules.sailor_max is not None:           # as the terminal counts them (screen.cycle_lines)
        on = sum(1 for w in range(rules.n_workers) if rules.worker_kind[w] == rules.sailor_kind and state.wpos[w] >= 0)
        sailors = max(0, min(sailors, rules.sailor_max - on))
    parts = [_("{worker} ×{count}").format(worker=k, count=n) if n > 1 else k for k, n in counts.items()]
    if rules.sailor_kind >= 0:
        sailor = screen.name(rules.data, "worker", rules.kind_ids[rules.sailor_kind])
        parts.append(ngettext("{worker}: {count} more can be hired", "{worker}: {count} more can be hired",
                              sailors).format(worker=sailor, count=sailors))
    return _("Not on the Work Cycle yet: {workers}").format(workers=", ".join(parts)) if parts else ""


def progress_text(progress) -> str:
    """How close the game is to its end, in a line."""
    # The count is the structures built (French agrees with it: « 1 Bâtiment construit sur 8 »); English says
    # "structures" whatever the count, as it agrees with the total.
    parts = [ngettext("{built} of {total} structures built", "{built} of {total} structures built",
                      progress.structures_built).format(built=progress.structures_built,
                                                        total=progress.structures_total),
             ngettext("{count} goal left", "{count} goals left", progress.goals_left).format(
                 count=progress.goals_left)]
    if progress.ending:
        parts.append(_("the end of the game is triggered"))
    return " · ".join(parts)


def amounts_text(state, amounts) -> str:
    """``((resource or coin id, n), ...)`` in words ("2 Labor, 3 Coin"), or "nothing"."""
    rules = rules_view(state)
    data = rules.data
    parts = []
    for rid, n in amounts:
        if rid in rules.coin_ids and rid != rules.coins_id:
            parts.append(_("{coin} ×{count}").format(coin=screen.name(data, "coin", rid), count=n))
        else:
            parts.append(sentences.resource_amount(data, rid, n))
    return ", ".join(parts) if parts else _("nothing")


def hover_text(state, action) -> str:
    """What an action (an :class:`~rulekit.play.view.ActionView`) costs and gives, said when the pointer rests on it."""
    return _("Cost: {cost}. Gain: {gain}.").format(cost=amounts_text(state, action.cost),
                                                   gain=amounts_text(state, action.gain))


def resource_names(state) -> dict:
    rules = rules_view(state)
    return {rid: str(sentences.resource_name(rules.data, rid)) for rid in [*rules.pool_ids, *(
        [rules.coins_id] if rules.coins_id else [])]}


def coin_names(state) -> dict:
    rules = rules_view(state)
    return {cid: str(screen.name(rules.data, "coin", cid)) for cid in rules.coin_ids}


def player_texts(state, names, seat: int, viewer: int = -1) -> list[str]:
    """A player's lines on the board: score, coins, resources, structures, goals, and its secret objectives
    as ``viewer`` may see them (its own; how many the others hold; every player's once the game is over)."""
    from .view import state_view

    rules = rules_view(state)
    d = rules.data
    pv = state_view(state, names, seat=viewer, with_actions=False).players[seat]
    coins = screen.coins_text(d, rules.coin_ids, [n for _c, n in pv.purse])
    if pv.coin_value:                  # « aucune Pièce » alone, as the terminal says it, never « — 0 Pièce en tout »
        coins = _("{coins} — {total} in all").format(coins=coins, total=screen.coin_text(pv.coin_value, rules))
    lines = [_("{player} — {score}").format(player=names[seat], score=screen.vp_text(pv.score)), coins]
    held = [sentences.resource_amount(d, rid, n) for rid, n in pv.resources if n]
    if held:
        lines.append(", ".join(held))
    built = ", ".join(_("{structure} ({vp})").format(structure=s.name, vp=screen.vp_text(s.vp)) for s in pv.structures)
    lines.append(_("structures: {structures}").format(structures=ngettext(    # labelled, as the goals' line
        "{structures} · {count} token left", "{structures} · {count} tokens left",
        pv.tokens_left).format(structures=built or _("none yet"), count=pv.tokens_left)))
    if pv.goals:
        lines.append(_("goals: {goals}").format(goals=", ".join(name for _g, name in pv.goals)))
    if pv.borrowed:
        lines.append(_("borrowed this turn: {structure}").format(structure=screen.name(d, "structure", pv.borrowed)))
    if rules.obj_deal:
        lines.append(_("objectives: {cards}").format(cards=screen.objectives_text(state, pv, compact=True)))
    return lines


def structures(state, names, viewer: int) -> list[dict]:
    """Every structure: its name, cost (as events may change it), requirements, VP for the first builder and
    the later ones, effect, who built it, and for ``viewer`` (-1: nobody) whether it can be built."""
    rules = rules_view(state)
    d = rules.data
    out = []
    for s in range(rules.n_struct):
        sid = rules.struct_ids[s]
        req = [screen.name(d, "structure", rules.struct_ids[r]) for r in range(rules.n_struct) if rules.requires[s] >> r & 1]
        builders = [p for p in range(state.n_players) if state.owned[p] >> s & 1]
        status = ""
        if viewer >= 0 and not state.is_terminal():
            if state.owned[viewer] >> s & 1:
                status = _("built")
            elif rules.have(state.owned[viewer]) >> s & 1:
                status = _("replaced")
            elif not seat_may_build(state, viewer, s):
                status = screen.unbuildable_by_seat(rules, s)
            else:
                missing = [screen.name(d, "structure", rules.struct_ids[r]) for r in range(rules.n_struct)
                           if rules.requires[s] >> r & 1 and not rules.have(state.owned[viewer]) >> r & 1]
                if missing:
                    status = _("not yet: needs {required}").format(required=format_list(missing))
        out.append({
            "id": sid,
            "name": str(screen.name(d, "structure", sid)),
            "cost": screen.cost_text(state.ev_cost_pool[s], state.ev_cost_coin[s], rules),
            "requires": format_list(req) if req else _("requires nothing"),
            "vp": _("{first} for the first builder, {later} for the others").format(
                first=screen.vp_text(rules.vp_first[s]), later=screen.vp_text(rules.vp_later[s])),
            "effect": screen.effects_text(d, sid) or _("no effect"),
            "builders": builders,
            "built_by": format_list([str(names[p]) for p in builders]) if builders else _("nobody yet"),
            "status": status,
        })
    return out


def end_summary(state, names) -> dict:
    """The end of a finished game, for a page: the line that says it is over and why, each player's rank and
    score, the VP by source (one row per source the ruleset has), who won and what decided it."""
    d = rules_view(state).data
    n = state.n_players
    lines = screen.end_lines(state, names)
    title = next((line for line in lines if line), "")
    outcome = state.outcome()
    by_source = [state.score_by_source(p) for p in range(n)]
    rows = [{"label": screen.source_label(src, d), "values": [by_source[p][src] for p in range(n)]}
            for src in screen.scored_sources(d)]
    if n == 2:
        result = state.result()
        metric_values = None
        if result["decided_by"] not in ("vp", "tie"):
            metric_values = tuple(state.metric(result["decided_by"], p) for p in range(n))
        winner = screen.winner_line(d, result, state.scores(), names, metric_values)
    else:
        winner = screen.outcome_line(d, outcome, names)
    tie = ""
    if outcome.decided_by not in ("vp", "tie"):
        values = pgettext("between players' counts", ", ").join(
            _("{player} {count}").format(player=names[p], count=state.metric(outcome.decided_by, p))
            for p in range(n))
        tie = _("Decided by the tie-break: {criterion} ({values}).").format(
            criterion=screen.tie_break_label(outcome.decided_by, d), values=values)
    elif outcome.decided_by == "tie":
        tie = _("Nothing in the tie-breaks separates the players.")
    reason = screen.end_reason_text(d, state.end_reason)
    return {
        "title": title,
        "reason": _("The game ended because: {reason}").format(reason=reason) if reason else "",
        "ranks": list(outcome.ranks),
        "scores": list(outcome.scores),
        "winners": list(outcome.winners),
        "rows": rows,
        "winner": winner,
        "tie_break": tie,
    }


__all__ = ["amounts_text", "coin_names", "is_action", "end_summary", "hover_text", "off_cycle_text", "plain", "player_texts",
           "progress_text", "resource_names", "structures", "view_dict", "worker_color"]
