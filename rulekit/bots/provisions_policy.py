"""What the bots know of the Provisions family: an evaluation, a rollout policy, the greedy bot.

The evaluation of a position from seat ``p`` (docs/provisions.md, "Playing"):

    points p has (prospectors provisioned, and its own bonus card's objectives it leads now)
    − the most prospector points of any other seat (their bonus cards are hidden)
    + 0.5 × Σ over the row of a prospector's points × the share of its goods p could pay now
      (stock and contracts counted; its contract good a small extra)
    + 0.1 per good in stock
    + 0.1 × the points on p's bonus card (before and while it is chosen)

Everything is read from the state's tables (:mod:`rulekit.engine.provisions`), so the bots play any
ruleset of the family. Only what ``p`` may see is read: the other seats' bonus cards never.
"""
from __future__ import annotations

import random

from babel.numbers import format_decimal

from ..engine.provisions import BONUS, SELL
from ..i18n import _, babel_locale

#: Weights of the evaluation (see the module's documentation).
ROW_WEIGHT = 0.5
STOCK_WEIGHT = 0.1
CARD_WEIGHT = 0.1


def _row_value(state, p: int) -> float:
    t = state.t
    stock, contracts = state.stock[p], state.contracts[p]
    points, asks_of = t.points, t.asks_of
    total = 0.0
    for card in state.row:
        need = covered = 0
        for g, n in asks_of[card]:
            n -= contracts[g]
            if n > 0:
                need += n
                covered += min(n, stock[g])
        share = 1.0 if need == 0 else covered / need
        total += points[card] * share
    return total


def evaluate(state, p: int) -> float:
    """The value of ``state`` for seat ``p`` (see the module's documentation)."""
    t = state.t
    if state.is_terminal():
        scores = state.scores()
        return scores[p] - max(scores[q] for q in range(state.n_players) if q != p)
    mine = state.provision_points(p) + state.bonus_points(p)
    others = max(state.provision_points(q) for q in range(state.n_players) if q != p)
    card = state.bonus[p]
    if card >= 0:
        potential = sum(points for _goods, points in t.bonus[card])
    else:
        potential = 0
    return (mine - others + ROW_WEIGHT * _row_value(state, p) + STOCK_WEIGHT * sum(state.stock[p])
            + CARD_WEIGHT * potential)


def _demand(state, p: int) -> list:
    """How much seat ``p`` wants one more good of each colour: over the row, a prospector's points
    shared among the goods it still needs from ``p``'s stock."""
    t = state.t
    stock, contracts = state.stock[p], state.contracts[p]
    points, asks_of = t.points, t.asks_of
    want = [0.0] * t.n_goods
    for card in state.row:
        missing = []
        short = 0
        for g, n in asks_of[card]:
            n -= contracts[g] + stock[g]
            if n > 0:
                missing.append((g, n))
                short += n
        if short:
            share = points[card] / (short * short)
            for g, n in missing:
                want[g] += share * n
    return want


def rollout_policy(state, rng: random.Random) -> int:
    """The cheap policy of a search's rollouts, without copying the state: provision the
    best-paying prospector that can be provisioned; else the buy or trade that brings the goods
    the row asks of this seat most (:func:`_demand`), one time in ten an action at random."""
    legal = state.legal_actions()
    if state.phase == BONUS or len(legal) == 1 or rng.random() < 0.1:
        return rng.choice(legal)
    t = state.t
    p = state.decider
    first = t.first[SELL]
    best, best_points = None, -1
    acts = t.actions
    for a in legal:
        if acts[a].kind == SELL:
            points = t.points[state.row[a - first]]
            if points > best_points:
                best, best_points = a, points
    if best is not None:
        return best
    want = _demand(state, p)
    best, best_v = [], None
    for a in legal:
        act = acts[a]
        if act.get >= 0:
            v = want[act.get] - sum(want[g] for g in act.goods)
        else:
            v = sum(want[g] for g in act.goods)
        if best_v is None or v > best_v:
            best, best_v = [a], v
        elif v == best_v:
            best.append(a)
    return rng.choice(best)


def rank(state, p: int, legal) -> list:
    """One-ply values of ``legal`` for seat ``p`` (the greedy bot's), on one redrawing of what it
    cannot see: the search looks only at the best of them."""
    if state.phase == BONUS:
        t = state.t
        return [sum(points for _goods, points in t.bonus[state.hands[p][t.actions[a].slot]]) for a in legal]
    base = state.determinize(0x1849, p)
    values = []
    for a in legal:
        st = base.clone()
        st.apply(a)
        values.append(evaluate(st, p))
    return values


class ProvisionsGreedyBot:
    """One action ahead: each legal action played on a copy in which what the seat cannot see
    (the pile, the other bonus cards, the production to come) is redrawn, and the one whose
    :func:`evaluate` is best kept (ties broken by its own seeded generator)."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.last_reason = ""

    def choose(self, state) -> int:
        p = state.current
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_reason = _("the only legal action")
            return legal[0]
        if state.phase == BONUS:
            t = state.t
            values = [sum(points for _goods, points in t.bonus[state.hands[p][t.actions[a].slot]]) for a in legal]
        else:
            base = state.determinize(self.rng.getrandbits(62), p)
            values = []
            for a in legal:
                st = base.clone()
                st.apply(a)
                values.append(evaluate(st, p))
        top = max(values)
        best = [a for a, v in zip(legal, values) if v >= top - 1e-9]
        action = best[0] if len(best) == 1 else self.rng.choice(best)
        self.last_reason = _("best evaluation one action ahead ({delta})").format(
            delta=format_decimal(top - evaluate(state, p) if state.phase != BONUS else top,
                                 format="+0.0;-0.0", locale=babel_locale()))
        return action


def make_search(seed: int = 0, iterations: int | None = None, seconds: float | None = None):
    """The determinized search (:mod:`.determinized`) with this family's rollout policy and evaluation: the
    greedy bot's :data:`SEARCH_CANDIDATES` best actions, each biased by its one-ply value, each simulation
    a rollout of :data:`SEARCH_DEPTH` actions. The family's ``hard`` is this search with 512 simulations a
    decision (``rulekit.bots.provisions.PROVISIONS_ITERATIONS``); measured against the greedy bot at two
    players over 80 games, seats alternated, 512 simulations among 8 candidates won 72% (mean margin
    +5.8 points, about 0.1 s a decision); 64 among 4 won 50% of 40, 256 among 4 68% of 80, 1024 among 8
    70% of 80; rollouts of 8 actions, or by the greedy bot itself, did no better
    (docs/provisions.md, "Playing")."""
    from .determinized import DeterminizedMCTSBot

    return DeterminizedMCTSBot(seed=seed, iterations=iterations, seconds=seconds, policy=rollout_policy,
                               evaluate=evaluate, depth=SEARCH_DEPTH, scale=SEARCH_SCALE, rank=rank,
                               candidates=SEARCH_CANDIDATES, prior_weight=1.0)


#: How many actions a search's rollout plays before the position is evaluated.
SEARCH_DEPTH = 4
#: The evaluation's difference worth most of a win (``tanh(difference / scale)``).
SEARCH_SCALE = 6.0
#: How many of the greedy bot's best actions the search compares.
SEARCH_CANDIDATES = 8
