"""Computer players.

Every bot has ``choose(state) -> action`` (an index from ``state.legal_actions()``)
and ``last_reason``, a one-line localized explanation of its last choice.

- :class:`RandomBot` picks uniformly among the legal actions.
- :class:`GreedyBot` looks one action ahead: it plays each legal action on a
  clone and keeps the one whose :func:`evaluate` is best for it (ties broken
  by its own seeded random generator).

The evaluation (docs/bots.md), from player ``p``'s side, is::

    10 × (VP of p − VP of the opponent)
    + 1 per coin of value p holds
    + 0.8 per Labor p holds (only while it is p's turn: Labor is lost at the end)
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

from .i18n import _, babel_locale

BOT_NAMES = ("random", "greedy")


def evaluate(state, p: int) -> float:
    c = state.c
    o = 1 - p
    v = 10.0 * (state.score(p) - state.score(o))
    v += state.coin_value(p)
    if state.current == p and not state.is_terminal():
        v += 0.8 * state.labor
    owned = state.owned[p]
    income = 0
    convs = 0
    for s in range(c.n_struct):
        if owned >> s & 1:
            income += c.income_labor[s] + c.income_coin[s]
            convs += bin(c.conv_unlocks[s]).count("1")
            if c.ship_mask >> s & 1:
                income += 1
            if c.yield_mask >> s & 1:
                income += 1
    v += 3.0 * income + 1.5 * convs
    extra = sum(1 for w in state.accessible_workers(p) if c.kind_access[c.worker_kind[w]] != 0)
    v += 2.0 * extra
    if state.holder == p:
        v -= 0.5 * c.repay_coin
    if state.is_terminal():
        w = state.winner()
        if w == p:
            v += 4
        elif w == o:
            v -= 4
    return v


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.last_reason = ""

    def choose(self, state) -> int:
        action = self.rng.choice(state.legal_actions())
        self.last_reason = _("chosen at random")
        return action


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


def make_bot(name: str, seed: int = 0):
    """A bot by name: ``random``, ``greedy`` (and ``mcts`` when available)."""
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    try:
        from . import mcts
    except ImportError:
        mcts = None
    if mcts is not None and name == "mcts":
        return mcts.MCTSBot(seed=seed)
    raise ValueError(name)


def play_game(ruleset, bots, seed: int = 0, first_player=None, max_actions: int = 100000,
              max_turns: int | None = None):
    """Play one game between two bots (seat 0, seat 1); returns the final state.

    With ``max_turns``, a game still running once that many turns have been
    played (both players' turns counted) stops there: the state returned is
    then not terminal (``state.is_terminal()`` is false), the game is
    *unfinished* and has no winner. ``max_actions`` guards against a bot
    that never ends its turn (``RuntimeError``).
    """
    state = ruleset.new_game(seed=seed, first_player=first_player)
    n = 0
    while not state.is_terminal():
        if max_turns is not None and state.turn >= max_turns:
            break
        state._apply(bots[state.current].choose(state))
        n += 1
        if n > max_actions:
            raise RuntimeError("game did not end")
    return state
