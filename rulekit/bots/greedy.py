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


def _owned_terms(c, owned: int) -> float:
    """3 × income + 1.5 × conversions of the structures in ``owned`` (cached per ruleset and set of structures)."""
    cache = c.__dict__.get("_greedy_owned")
    if cache is None:
        cache = c.__dict__["_greedy_owned"] = {}
    t = cache.get(owned)
    if t is None:
        income = 0
        convs = 0
        for s in range(c.n_struct):
            if owned >> s & 1:
                income += sum(c.income_pool[s]) + c.income_coin[s]
                convs += bin(c.conv_unlocks[s]).count("1")
                if c.ship_mask >> s & 1:
                    income += 1
                if c.yield_mask >> s & 1:
                    income += 1
        t = cache[owned] = 3.0 * income + 1.5 * convs
    return t


def _extra_workers(c) -> tuple:
    """The workers whose kind is not open to everyone (cached per ruleset)."""
    ws = c.__dict__.get("_greedy_extra")
    if ws is None:
        ws = c.__dict__["_greedy_extra"] = tuple(w for w in range(c.n_workers) if c.kind_access[c.worker_kind[w]] != 0)
    return ws


def evaluate(state, p: int) -> float:
    c = state.c
    o = 1 - p
    v = 10.0 * (state.score(p) - state.score(o))
    v += state.coin_value(p)
    terminal = state.is_terminal()
    for r in range(c.n_pool):
        # A resource lost at the end of the turn is worth something only in its owner's turn;
        # one carried or kept is worth the same any time.
        if c.pool_end[r] != 0 or state.current == p and not terminal:
            v += 0.8 * state.held(p, r)
    v += _owned_terms(c, state.owned[p])
    extra = 0
    ws = _extra_workers(c)
    if ws:
        kinds = state._kind_access(p)
        wpos, wowner, wkind, sailor = state.wpos, state.wowner, c.worker_kind, c.sailor_kind
        for w in ws:
            if wpos[w] >= 0:
                k = wkind[w]
                if (wowner[w] == p) if k == sailor else (kinds >> k & 1):
                    extra += 1
    v += 2.0 * extra
    if state.holder == p:
        v -= 0.5 * c.repay_coin
    if terminal:
        w = state.winner()
        if w == p:
            v += 4
        elif w == o:
            v -= 4
    return v


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
