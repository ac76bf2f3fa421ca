"""The greedy bot and the evaluation the other bots share.

:class:`GreedyBot` looks one action ahead: it plays each legal action on a
clone and keeps the one whose :func:`evaluate` is best for it (ties broken by
its own seeded random generator).

The evaluation (docs/bots.md), from player ``p``'s side, is::

    10 × (VP of p − the most VP among the other players; with two, the opponent's)
    + 1 per coin of value p holds
    + 0.8 per unit of each pool resource p holds (one lost at the end of the
      turn, like Labor, only while it is p's turn)
    + 3 per income the structures p owns give each turn (Labor or Coin)
    + 2 per worker besides the shared ones p can move
    + 1.5 per conversion a structure gives p
    − 0.5 per coin the Lender token's repayment would cost, while p holds it
    + 4 × p's return if the game is over (with two players + 4 if p won, − 4 if
      p lost; with more, + 4 for a sole winner and − 4/(n − 1) for each loser)

Every term is read from the state through the ruleset's own tables, so the
same bot plays any ruleset, with any number of players.

**A stalled game.** One action of look-ahead never spends coins on a
structure that scores nothing (a coin is worth more to it than a structure
that gives no VP), so against a weak opponent the greedy bot can gather
every coin until nobody can build or claim the last goals, and the game
never ends. When no player has built for :data:`STALL_TURNS` turns (every
player's turns counted, from the first turn the bot saw), the bot builds
whenever a build is legal: the best-valued of the legal builds. A build
brings the game nearer its end (the structures a player owns, every
structure built), which the rules' end conditions count.
"""
from __future__ import annotations

import random

from babel.numbers import format_decimal

from ..i18n import _, babel_locale
from ..engine import BUILD
from .policy import WEIGHTS, action_values, evaluate

__all__ = ["GreedyBot", "evaluate"]

#: Turns in a row (every player's) with no structure built after which the game is stalled and the bot
#: builds whenever a build is legal (the module's text).
STALL_TURNS = 8


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0, weights: tuple = WEIGHTS):
        self.rng = random.Random(seed)
        self.weights = tuple(weights)
        self._reason = ""
        self._delta = None      # the last choice's gain, formatted into last_reason only when read
        self._built = -1        # the structures owned in all, when last seen changing…
        self._since = 0         # …and the turn it was seen

    @property
    def last_reason(self) -> str:
        """Why the last action was chosen, in the current language. Formatted when read: a
        game between bots never reads it, and formatting a number costs more than the choice."""
        if self._delta is not None:
            delta = format_decimal(self._delta, format="+0.0;-0.0", locale=babel_locale())
            self._reason, self._delta = _("best evaluation one action ahead ({delta})").format(delta=delta), None
        return self._reason

    @last_reason.setter
    def last_reason(self, text: str) -> None:
        self._reason, self._delta = text, None

    def stalled(self, state) -> bool:
        """Whether nobody has built a structure for :data:`STALL_TURNS` turns, as far as this bot has seen."""
        built = sum(o.bit_count() for o in state.owned)
        if built != self._built or state.turn < self._since:
            self._built, self._since = built, state.turn
        return state.turn - self._since >= STALL_TURNS

    def choose(self, state) -> int:
        p = state.decider
        base = evaluate(state, p, self.weights)
        best, best_v = [], None
        legal = state.legal_actions()
        if self.stalled(state):
            builds = [a for a in legal if state.c.actions[a].kind == BUILD]
            if builds:
                legal = builds
        for a, v in zip(legal, action_values(state, legal, self.weights)):
            if best_v is None or v > best_v + 1e-9:
                best, best_v = [a], v
            elif abs(v - best_v) <= 1e-9:
                best.append(a)
        action = best[0] if len(best) == 1 else self.rng.choice(best)
        self._delta = best_v - base
        return action
