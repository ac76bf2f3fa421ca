"""The Provisions family's row of the page table (:mod:`.pages`): its board (the months, the suppliers, the
customer row, the stores, the seat's own bonus cards), its choices grouped by what they do, and its end.

Everything is read from the family's view (:mod:`rulekit.play.provisions_view`), in the server's language;
a seat's bonus cards are in its own page's payload only (every seat's once the game is over).
"""
from __future__ import annotations

from dataclasses import asdict

from ..engine.provisions import FAMILY
from ..i18n import _, ngettext
from ..play import provisions_screen as pscreen
from ..play.provisions_guide import GUIDE_STEPS, guide_step
from ..play import provisions_view as pview
from ..play.page_words import plain
from ..play.session import bot_choose
from .page_table import PAGES


class ProvisionsPage:
    board = "provisions"
    guide_steps = GUIDE_STEPS

    def part(self, game, seat: int, playing: bool, mine: list) -> dict:
        s = game.session
        st = s.state
        # the bonus cards a page shows: its one seat's; in hot-seat, the seat that decides (none between turns)
        viewer = seat if playing or len(mine) == 1 else -1
        view = pview.provisions_view(st, s.names, seat=viewer, with_actions=playing)
        over = view.outcome is not None
        actions = [{"index": a.index, "kind": a.kind, "label": a.label, "notation": a.notation, "hover": a.target,
                    "details": "", "group": a.kind, "group_label": a.group, "target": a.target,
                    "goods": list(a.goods), "get": a.get, "card": a.card} for a in view.actions]
        actions.sort(key=lambda a: pview.GROUPS.index(a["kind"]) if a["kind"] in pview.GROUPS else len(pview.GROUPS))
        players = []
        for p, store in enumerate(view.stores):
            lines = [_("{player} — {points}").format(player=store.name, points=ngettext(
                "{count} point", "{count} points", store.points).format(count=store.points))]
            lines += pview.store_lines(view, p)[1:]
            if store.bonus is not None:
                lines.append(_("bonus card: {card}").format(card=store.bonus.text))
            elif store.kept:
                lines.append(_("bonus card: kept, face down"))
            players.append({"seat": p, "name": store.name, "lines": lines})
        board = plain(asdict(view))
        for card in [*board["row"], *(c for st in board["stores"] for c in st["sold"])]:
            card["points_text"] = ngettext("{count} point", "{count} points", card["points"]).format(count=card["points"])
        for st in board["stores"]:
            st["points_text"] = ngettext("{count} point", "{count} points", st["points"]).format(count=st["points"])
        board["strings"] = {
            "months": _("Months"), "suppliers": _("Suppliers"), "good": _("Good"), "holding": _("Holding"),
            "area": _("For sale"), "card": _("This month"), "vigilantes": _("Vigilantes"),
            "row": _("Customer row (leftmost first)"),
            "pile": ngettext("{count} card left in the pile", "{count} cards left in the pile", view.pile).format(
                count=view.pile),
            "stores": _("Stores"), "stock": _("Stock"), "contracts": _("Contracts"),
            "hand": _("Your bonus cards to choose from (only you see them)"),
            "bonus": _("Your bonus card (only you see it)"), "points": _("points"), "asks": _("asks"),
            "contract": _("contract"), "nugget": _("gold nugget: plays first this month"),
            "event": _("This month: {event}.").format(event=view.event) if view.event else "",
            "round": _("round {round} of {rounds}").format(round=view.round + 1, rounds=view.rounds),
            "produce": _("produce {count}"), "steal": _("steal {count}"),
            "buy_first": _("To buy, click a good for sale in this table, then a second one (the same good again "
                           "for two of it)."),
            "buy_pick": _("Buy {good}, then a second good"),
            "buy_second": _("Buying {good}: click the second good (the same again for two of it)."),
            "buy_cancel": _("Put it back"),
        }
        return {
            "heading": view.heading if not over else "",
            "hint": "",
            "board": self.board,
            "board_data": board,
            "actions": actions,
            "players": players,
            "catalogue": None,
            "end": self.end(view) if over else None,
            "guide": guide_step(s.state, view, game.guide_seen) if game.guide and playing else None,
        }

    def end(self, view) -> dict:
        o = view.outcome
        n = len(view.stores)
        labels = [label for label, _points in o.by_source[0]]
        rows = [{"label": label, "values": [o.by_source[p][k][1] for p in range(n)]} for k, label in enumerate(labels)]
        tie = (_("Decided by the tie-break: {criterion}.").format(criterion=o.tie_break) if o.tie_break else
               (_("Nothing in the tie-breaks separates the players.") if o.decided_by == "tie" else ""))
        return {"title": _("GAME OVER"), "reason": "", "ranks": list(o.ranks), "scores": list(o.scores),
                "winners": list(o.winners), "rows": rows, "winner": o.winner_line, "tie_break": tie,
                "total_label": _("Total"), "rank_label": _("Rank")}

    def is_action(self, state, action) -> bool:
        return pview.is_action(state, action)

    def written(self, state, action: int) -> str:
        return state.notation(action) if action in state.legal_actions() else str(action)

    def why_illegal(self, state, action: int) -> str:
        return ""

    def hint(self, game) -> str:
        s = game.session
        action, _reason = bot_choose("bot:greedy", s.state, s.seed)
        return _("Hint: {action} [{notation}].").format(action=pscreen.describe(s.state, action),
                                                         notation=s.state.notation(action))


PAGES.register(ProvisionsPage(), FAMILY)
