"""Province's row of the page table (:mod:`.pages`): the Work Cycle board, its choices and its end.

Everything is read from Province's view (:mod:`rulekit.play.view`) and its words for a page
(:mod:`rulekit.play.page_words`), in the server's language.
"""
from __future__ import annotations

from dataclasses import asdict, replace

from ..i18n import _
from ..language.province import FAMILY
from ..play import page_words as words
from ..play import screen, story
from ..play.guide import GUIDE_STEPS, guide_step
from ..play.session import bot_choose
from ..play.view import state_view
from .page_table import PAGES


class ProvincePage:
    board = "cycle"
    guide_steps = GUIDE_STEPS

    def part(self, game, seat: int, playing: bool, mine: list) -> dict:
        s = game.session
        st = s.state
        over = st.is_terminal()
        view = state_view(st, s.names, seat=seat, label=screen.describe, with_actions=playing)
        if not (playing or len(mine) == 1 or over):   # a page of several seats, none to play now:
            view = replace(view, players=tuple(replace(pv, objectives=()) for pv in view.players))   # no one's cards
        actions = [{**asdict(a), "hover": words.hover_text(st, a), "details": screen.details(st, a.index),
                    "group": "", "group_label": "", "target": ""} for a in view.actions]
        viewer = seat if playing or len(mine) == 1 else -1
        names = [str(n) for n in s.names]
        structures = words.structures(st, s.names, seat if seat >= 0 and seat in mine else -1)
        return {
            "heading": screen.heading_line(st, s.names) if not over else "",
            "hint": screen.phase_hint(st) if playing else "",
            "board": self.board,
            "view": words.view_dict(st, s.names, view),
            "off_cycle_text": words.off_cycle_text(st, view),
            "progress_text": words.progress_text(view.progress),
            "resources": words.resource_names(st),
            "coins": words.coin_names(st),
            "rows": [[label, text] for label, text in screen.common_rows(st, s.names)],
            "actions": actions,
            "players": [{"seat": p, "name": names[p], "lines": lines}
                        for p, lines in enumerate(words.player_texts(st, s.names, p, viewer)
                                                  for p in range(st.n_players))],
            "catalogue": {"title": _("Structures"), "entries": [
                {"name": e["name"], "status": e["status"], "builders": e["builders"], "brief": e["cost"],
                 "facts": [[_("Cost"), e["cost"]], [_("Requires"), e["requires"]], [_("VP"), e["vp"]],
                           [_("Effect"), e["effect"]], [_("Built by"), e["built_by"]]]}
                for e in structures]},
            "end": self.end(st, s.names) if over else None,
            "guide": guide_step(st, view, game.guide_seen) if game.guide and playing else None,
        }

    def end(self, state, names) -> dict:
        summary = words.end_summary(state, names)
        summary["total_label"] = _("Total VP")
        summary["rank_label"] = _("Rank")
        return summary

    def is_action(self, state, action) -> bool:
        return words.is_action(state, action)

    def written(self, state, action: int) -> str:
        return screen.notation(state, action)

    def why_illegal(self, state, action: int) -> str:
        return screen.why_illegal(state, action)

    def hint(self, game) -> str:
        s = game.session
        action, _reason = bot_choose("bot:greedy", s.state, s.seed)
        return _("Hint: {action} ({notation}), because {reason}.").format(
            action=screen.describe(s.state, action), notation=screen.notation(s.state, action),
            reason=story.hint_reason(s.state, action))


PAGES.register(ProvincePage(), FAMILY)
