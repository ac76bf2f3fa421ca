"""The greedy bot and the evaluation the other bots share.

:class:`GreedyBot` looks one action ahead: it plays each legal action on a
clone and keeps the one whose :func:`evaluate` is best for it (ties broken by
its own seeded random generator).

The evaluation (docs/bots.md), from player ``p``'s side, is::

    10 × (VP of p − VP of the opponent)
    + 1 per coin of value p holds
    + 0.8 per unit of each pool resource p holds (one lost at the end of the
      turn, like Labor, only while it is p's turn)
    + 3 per income the structures p owns give each turn (Labor or Coin)
    + 2 per worker besides the shared ones p can move
    + 1.5 per conversion a structure gives p
    − 0.5 per coin the Lender token's repayment would cost, while p holds it
    + 4 if the game is over and p won (− 4 if p lost)

Every term is read from the state through the ruleset's own tables, so the
same bot plays any ruleset.
"""
from __future__ import annotations

import random

from babel.numbers import format_decimal

from ..i18n import _, babel_locale
from .policy import evaluate

__all__ = ["GreedyBot", "evaluate"]


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.last_reason = ""

    def choose(self, state) -> int:
        p = state.current
        base = evaluate(state, p)
        best, best_v = [], None
        for a in state.legal_actions():
            child = state.clone()
            child._apply(a)
            v = evaluate(child, p)
            if best_v is None or v > best_v + 1e-9:
                best, best_v = [a], v
            elif abs(v - best_v) <= 1e-9:
                best.append(a)
        action = best[0] if len(best) == 1 else self.rng.choice(best)
        delta = format_decimal(best_v - base, format="+0.0;-0.0", locale=babel_locale())
        self.last_reason = _("best evaluation one action ahead ({delta})").format(delta=delta)
        return action
