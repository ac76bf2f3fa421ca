"""The greedy policy and the evaluation every search bot shares: the search bots' hot path.

- :func:`evaluate` values a position from player ``p``'s side (the formula is
  in :mod:`rulekit.bots.greedy` and docs/bots.md);
- :func:`greedy_action` is the greedy bot's choice (one action ahead, ties to
  the first), which the search bots' simulations play.

Every term is read from the state through the ruleset's own tables, so the
same bots play any ruleset.
"""
from __future__ import annotations

import time


def _past(deadline) -> bool:
    return deadline is not None and time.perf_counter() >= deadline


def greedy_action(state, legal, rng=None) -> int:
    """The greedy bot's choice (:class:`rulekit.bots.GreedyBot`), ties to the first."""
    p = state.current
    best, best_v = legal[0], None
    for a in legal:
        child = state.clone()
        child._apply(a)
        v = evaluate(child, p)
        if best_v is None or v > best_v + 1e-9:
            best, best_v = a, v
    return best


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
