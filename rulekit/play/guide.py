"""The guided first game: short steps that explain the game as a newcomer meets it, each shown once.

The browser board (``rulekit serve --guide``) and the terminal (``rulekit play --guide``) show the same
steps, read from a state and its :mod:`view <rulekit.play.view>`.
"""
from __future__ import annotations

from ..i18n import _
from . import screen
from .view import rules_view


#: The guided first game's steps, in the order a game meets them.
GUIDE_STEPS = ("cycle", "build", "labor", "goal", "borrow")


def guide_step(state, view, seen, page: bool = True) -> dict | None:
    """The guide's step for this moment of the game (the first not yet read that applies), or None;
    ``page``: worded for the browser's board (False: for the terminal)."""
    rules = rules_view(state)
    kinds = {a.kind for a in view.actions}
    shared = any(w.owner < 0 for sp in view.spaces for w in sp.workers)
    labor = screen.turn_resource_name(rules)
    applies = {
        "cycle": view.phase == "work",
        "build": "build" in kinds,
        "labor": view.phase == "spending" and bool(labor) and screen.labor_lost(state) > 0,
        "goal": view.goals.face_up is not None,
        "borrow": "borrow" in kinds and view.lender is not None,
    }
    for step in GUIDE_STEPS:
        if step in seen or not applies[step]:
            continue
        if step == "cycle" and shared and not page:
            text = _("The Work Cycle is shared. On your turn, move workers one step each: each earns what its "
                     "new space yields. Some workers belong to nobody (the board says which): the ones you leave "
                     "where they are, the next player moves.")
        elif step == "cycle":
            text = (_("The Work Cycle is shared. On your turn, move workers one step each: each earns what its "
                      "new space yields. The white workers belong to nobody: the ones you leave where they are, "
                      "the next player moves.") if shared else
                    _("The Work Cycle: on your turn, move workers one step each; each earns what its new space "
                      "yields."))
        elif step == "build":
            text = (_("You can build. A structure is worth VP and does something for you for the rest of the game; "
                      "rest the pointer on a choice to see what it costs and gives.") if page else
                    _("You can build. A structure is worth VP and does something for you for the rest of the game; "
                      "type {costs} to see what each one costs and gives.").format(costs=screen.command_word("costs")))
        elif step == "labor":
            text = _("The {labor} you do not spend this turn is lost when it ends: build, or exchange it, "
                     "before you end your turn.").format(labor=labor)
        elif step == "goal":
            text = (_("A face-up goal (under the board) gives its VP to the player who meets it first; when it "
                      "is claimed or removed, the next one is turned up.") if page else
                    _("The face-up goal gives its VP to the player who meets it first; when it is claimed or "
                      "removed, the next one is turned up."))
        else:
            token = screen.name(rules.data, "structure", view.lender.structure)     # a name with its forms
            text = _("You may borrow another player's structure until the end of your turn by taking the "
                     "{token_of} token; unless you repay {cost}, it costs you {vp} at the end of the game.").format(
                token_of=token, cost=screen.cost_text(rules.repay_pool, rules.repay_coin, rules),
                vp=screen.vp_text(rules.lender_penalty))
        return {"step": step, "text": text}
    return None
