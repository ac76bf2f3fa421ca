"""The greedy policy and the evaluation every search bot shares: the search bots' hot path.

- :func:`evaluate` values a position from player ``p``'s side (the formula is
  in :mod:`rulekit.bots.greedy` and docs/bots.md), with the weights
  :data:`WEIGHTS` or a bot's own (:func:`make_weights`); :func:`advantage`
  is that value minus the best of the other players' (with two players, the
  opponent's), by which the search bots rank turn plans;
- :func:`greedy_action` is the greedy bot's choice (one action ahead, ties to
  the first), which the search bots' simulations play; :func:`action_values`
  the values it compares;
- :func:`play_greedy` plays that policy on a state until a turn, a number of
  actions or a deadline (the simulations' loop).

Every term is read from the state through the ruleset's own tables, so the
same bots play any ruleset.

Like the engine's modules, this file is compiled by Cython where the engine
is (setup.py; C types in ``policy.pxd``), and runs unchanged as pure Python
otherwise: :mod:`rulekit.bots` imports this source when the engine is pure
Python, since the compiled functions take only the compiled engine's states.
``tests/test_engine_differential.py`` checks that both give the same values
and moves.
"""
from __future__ import annotations

import math
from time import perf_counter

try:
    import cython                 # compiled: cython.compiled is True
except ImportError:               # no Cython: its stand-in
    from rulekit.engine import nocython as cython
from rulekit import engine
from rulekit.engine.game import MAX_ITEMS
from rulekit.engine.mechanics.objectives import met as objectives_met

if not cython.compiled:
    def _ctz(m: int) -> int:
        """A set's lowest member (compiled: the processor's instruction, declared in policy.pxd)."""
        return (m & -m).bit_length() - 1


#: The evaluation's terms, in the order of a weights tuple (docs/bots.md, "The evaluation").
WEIGHT_NAMES = ("vp", "coin", "pool", "income", "conversion", "worker", "debt", "win")

#: The weights set by hand: 10 per VP of difference, 1 per coin of value, 0.8 per unit of a pool
#: resource, 3 per income, 1.5 per conversion, 2 per extra worker, 0.5 per coin of the Lender's
#: repayment owed, 4 for a won game.
WEIGHTS = (10.0, 1.0, 0.8, 3.0, 1.5, 2.0, 0.5, 4.0)


def make_weights(**changes) -> tuple:
    """:data:`WEIGHTS` with some terms changed by name (``make_weights(income=1.5)``)."""
    unknown = sorted(set(changes) - set(WEIGHT_NAMES))
    if unknown:
        raise ValueError(f"unknown evaluation terms {unknown}; the terms are {list(WEIGHT_NAMES)}")
    return tuple(float(changes.get(name, w)) for name, w in zip(WEIGHT_NAMES, WEIGHTS))


def _past(deadline) -> bool:
    return deadline is not None and perf_counter() >= deadline


def _chance_value(state, a, p, weights) -> float:
    """:func:`evaluate` after the chance action ``a`` (a conversion's roll): the mean over its outcomes
    (``State.chance_outcomes``), each weighted by its probability. A clone keeps the game's generator,
    so a clone that played ``a`` would show the roll the game will draw: a look-ahead never plays one."""
    v = 0.0
    for share, child in state.chance_outcomes(a):
        v += share * evaluate(child, p, weights)
    return v


def _first_value(c, weights) -> float:
    """What playing first is worth, in the evaluation's units: a turn's moves ahead of the others — the mean
    yield of a Work Cycle space (its coins at the coin weight, its pool resources at the pool weight) times
    the workers that start on the Work Cycle (at least one)."""
    total = 0.0
    for i in range(c.n_spaces):
        total += c.space_coin[i] * weights[1] + sum(c.space_pool[i]) * weights[2]
    workers = 0
    for w in range(c.n_workers):
        if c.worker_start[w] >= 0:
            workers += 1
    return total / c.n_spaces * max(workers, 1) if c.n_spaces else 0.0


def _bid_value(state, a, p, weights) -> float:
    """setup.bid: a bid's value for seat ``p``, without playing it (the order is made only once every seat
    has bid): going first's worth (:func:`_first_value`) if the bid is above every bid ``p`` can see (open bids made before; sealed: none), minus
    the bid itself at the weight of what it is paid in — every bid is paid, won or lost (``pays: winner``: only
    a bid that would win)."""
    c = state.c
    b = c.action_arg2[a]
    seen = 0
    if not c.bid_sealed:                        # a sealed bid of another seat is never read
        for q in range(c.n_players):
            if q != p and state.bids[q] > seen:
                seen = state.bids[q]
    cost = b * (weights[2] if c.bid_pool >= 0 else weights[1])
    if b > seen:
        return _first_value(c, weights) - cost
    return 0.0 if c.bid_winner_pays else 0.0 - cost


#: decision kind (engine.DECISIONS) -> value(state, action, seat, weights): the evaluation of an option that
#: cannot be read from the position it leads to; the other kinds are valued by :func:`evaluate` after them.
DECISION_VALUES = {"bid": _bid_value}


def action_value(state, a, p, weights=WEIGHTS) -> float:
    """:func:`evaluate` for player ``p`` after action ``a``, played on a clone (a chance action: the mean
    over its outcomes, never the roll to come; a decision with a row of :data:`DECISION_VALUES`: its value)."""
    return _value_on(state, a, p, weights, None)


def _value_on(state, a, p, weights, scratch) -> float:
    """:func:`action_value`, played on ``scratch`` (a clone of ``state`` the caller owns and reuses:
    ``State.copy_into``, which allocates nothing) or, when it is None, on a new clone."""
    if state.pending:
        value = DECISION_VALUES.get(state.c.decision_names[state.pending[0][0]])
        if value is not None:
            return value(state, a, p, weights)
    if state.c._action_chance[a]:
        return _chance_value(state, a, p, weights)
    child = state.clone().mute() if scratch is None else state.copy_into(scratch)
    child._apply(a)
    if child.pending and child._decider() != p:
        return _answered_value(state, child, p, weights)
    return evaluate(child, p, weights)


#: The value of an action that asks another seat a decision and gains nothing by its answer: below any other
#: action's, so that the greedy policy never makes such an offer (an offer refused would only use up the turn's).
NO_GAIN = -1.0e9


def _answered_value(state, child, p, weights) -> float:
    """An action of ``p`` that asks another seat a decision (an offer of a trade), played on ``child``: valued after
    the answers that seat's own greedy evaluation gives (played on ``child`` in place), and only when ``p`` gains by
    it over ``state`` (else :data:`NO_GAIN`)."""
    while child.pending and child._decider() != p and not child.is_terminal():
        legal = child.legal_actions()
        child._apply(legal[0] if len(legal) == 1 else greedy_action(child, legal, weights))
    v = evaluate(child, p, weights)
    if v > evaluate(state, p, weights) + 1e-9:
        return v
    return NO_GAIN


def greedy_action(state, legal, weights=WEIGHTS) -> int:
    """The greedy bot's choice (:class:`rulekit.bots.GreedyBot`) for the seat that decides, ties to the first."""
    return _greedy_on(state, legal, weights, state.clone().mute())


def _greedy_on(state, legal, weights, scratch) -> int:
    """:func:`greedy_action`, every action played in turn on ``scratch`` (a state of the same game the caller
    owns: ``State.copy_into``)."""
    p = state._decider()
    best = legal[0]
    best_v = _value_on(state, best, p, weights, scratch)
    for i in range(1, len(legal)):
        a = legal[i]
        v = _value_on(state, a, p, weights, scratch)
        if v > best_v + 1e-9:
            best, best_v = a, v
    return best


def action_values(state, legal, weights=WEIGHTS) -> list:
    """:func:`evaluate` for the seat that decides after each action of ``legal`` (the greedy bot's
    comparison, played on clones)."""
    p = state._decider()
    scratch = state.clone().mute()
    return [_value_on(state, a, p, weights, scratch) for a in legal]


#: No limit on the turn or the number of actions, for :func:`play_greedy`.
NO_LIMIT = 2 ** 31 - 1


def ucb_pick(n: list, w: list, exploration: float, done: int) -> int:
    """The candidate UCB1 tries next after ``done`` simulations, each candidate ``k`` tried ``n[k]`` times for
    the returns ``w[k]``: the highest ``w[k] / n[k] + exploration * sqrt(log(done) / n[k])``, the first on ties
    (the search bots' selection, once every candidate has been tried)."""
    lt = math.log(done)
    j = 0
    best_u = -1e9
    for k in range(len(n)):
        u = w[k] / n[k] + exploration * math.sqrt(lt / n[k])
        if u > best_u:
            j = k
            best_u = u
    return j


def play_greedy(st, until_turn: int = NO_LIMIT, max_steps: int = NO_LIMIT, deadline=None, weights=WEIGHTS) -> int:
    """Play the greedy policy on ``st`` (in place) until the game is over, ``st.turn`` reaches
    ``until_turn``, ``max_steps`` actions are played or ``deadline`` (a ``time.perf_counter()``
    value) has passed (read before the first action and every 8th: reading the clock costs as
    much as an evaluation); the number of actions played."""
    steps = 0
    scratch = None                               # one state the steps value their actions on, made at the first
    while not st.is_terminal() and st.turn < until_turn and steps < max_steps and not ((steps & 7) == 0 and _past(deadline)):
        legal = st.legal_actions()
        if len(legal) == 1:
            st._apply(legal[0])
        else:
            if scratch is None:
                scratch = st.clone().mute()
            st._apply(_greedy_on(st, legal, weights, scratch))
        steps += 1
    return steps


def play_plan(st, plan: tuple) -> int:
    """Play ``plan``'s actions on ``st`` (in place) as long as the game goes on and each is legal (a plan made on
    another determinization may not be; the search then plays on greedily); the number played."""
    played = 0
    for i in range(len(plan)):
        if st.is_terminal():
            break
        a = plan[i]
        if a not in st.legal_actions():
            break
        st._apply(a)
        played += 1
    return played


class Tables:
    """What the evaluation derives from a ruleset once, kept on its compiled tables (``Compiled.policy_tables``):
    ``income`` and ``convs``, what each structure counts for in the evaluation's income and conversion terms
    (rows of C integers in the compiled core, sized as the engine's MAX_ITEMS; lists as pure Python), and
    ``extra``, the workers whose kind is not open to everyone (as a set of bits). ``w`` holds the terms of
    the weights last evaluated with (``w_of``), read once from the tuple instead of at every evaluation."""

    def __init__(self, c):
        if not cython.compiled:
            self.income = [0] * MAX_ITEMS
            self.convs = [0] * MAX_ITEMS
            self.w = [0.0] * len(WEIGHTS)
        self.w_of = None
        self._fill_rows(c)

    def _set_weights(self, weights):
        """Read the terms of ``weights`` (a tuple in :data:`WEIGHT_NAMES`' order) into ``w``."""
        for i in range(len(WEIGHTS)):
            self.w[i] = weights[i]
        self.w_of = weights

    def _fill_rows(self, c):
        for s in range(c.n_struct):
            self.income[s] = (sum(c.income_pool[s]) + c.income_coin[s] + (1 if c.ship_mask >> s & 1 else 0)
                              + (1 if c.yield_mask >> s & 1 else 0))
            self.convs[s] = c.conv_unlocks[s].bit_count()
        self.extra = 0
        for w in range(c.n_workers):
            if c.kind_access[c.worker_kind[w]] != 0:
                self.extra |= 1 << w


def tables(c) -> Tables:
    """The :class:`Tables` of the compiled ruleset ``c`` (made on the first call)."""
    t = c.policy_tables
    if t is None:
        t = c.policy_tables = Tables(c)
    return t


def evaluate(state, p: int, weights=WEIGHTS) -> float:
    """Player ``p``'s view of the position: the terms of :data:`WEIGHT_NAMES` times ``weights``.

    The VP term is p's lead over the best score among the other players (with two players, the
    opponent's); the won-game term is p's entry of ``state.returns()`` (+1 for a win, −1 for a
    loss and 0 for a tie with two players; see :meth:`State.returns` for more)."""
    c = state.c
    others = c.others[p]
    t = c.policy_tables
    if t is None:
        t = tables(c)
    if weights is not t.w_of:                # the same tuple as the last evaluation's, most often: read once
        if len(weights) != len(WEIGHTS):
            raise ValueError(f"weights has {len(weights)} terms, not {len(WEIGHTS)} ({', '.join(WEIGHT_NAMES)})")
        t._set_weights(weights)
    w_vp, w_coin, w_pool, w_income, w_conv = t.w[0], t.w[1], t.w[2], t.w[3], t.w[4]
    w_worker, w_debt, w_win = t.w[5], t.w[6], t.w[7]
    best = state.score(others[0])
    for i in range(1, len(others)):
        s = state.score(others[i])
        if s > best:
            best = s
    v = w_vp * (state.score(p) - best)
    v += w_coin * state.coin_value(p)
    terminal = state.is_terminal()
    n = c.n_pool
    for r in range(n):
        # A resource lost at the end of the turn is worth something only in its owner's turn;
        # one carried or kept is worth the same any time.
        if c.pool_end[r] != 0 or state.current == p and not terminal:
            v += w_pool * state._pool[p * n + r]  # state.held(p, r); the engine's rows, read in place
    incomes = 0                              # the owned structures' incomes and conversions (Tables)
    convs = 0
    owned = state._owned[p]
    while owned:
        s = _ctz(owned)
        incomes += t.income[s]
        convs += t.convs[s]
        owned &= owned - 1
    v += w_income * incomes + w_conv * convs
    extra = 0
    ws = t.extra
    if ws:
        kinds = state._kind_access(p)
        sailor = c.sailor_kind
        while ws:
            w = _ctz(ws)
            if state._wpos[w] >= 0:
                k = c.worker_kind[w]
                if (state._wowner[w] == p) if (k == sailor or c.worker_pos[w] >= 0) else (kinds >> k & 1) != 0:
                    extra += 1
            ws &= ws - 1
    v += w_worker * extra
    if state.holder == p:
        v -= w_debt * c.repay_coin
    if c.obj_deal and not terminal:
        # p's own secret objectives met now, at the VP they would score if the game ended here (scored
        # once it is over: then in the VP term). Only p's own: another player's are not p's to see.
        for o in objectives_met(state, p):
            v += w_vp * c.obj_vps[o]
    if terminal:
        # With two players (1, −1), (−1, 1) or (0, 0): + or − the weight, or nothing.
        v += w_win * state.return_of(p)
    return v


def advantage(state, p: int, weights=WEIGHTS) -> float:
    """How much better the position is for ``p`` than for the best placed of the others:
    ``evaluate(p)`` minus the largest ``evaluate`` of another player (with two players, minus the
    opponent's). The search bots rank turn plans by it."""
    others = state.c.others[p]
    best = evaluate(state, others[0], weights)
    for i in range(1, len(others)):
        x = evaluate(state, others[i], weights)
        if x > best:
            best = x
    return evaluate(state, p, weights) - best


#: Turn plans searched at most per decision (positions visited while listing them).
PLAN_LIMIT = 3000

def turn_plans(state, limit: int = PLAN_LIMIT, deadline=None) -> list[tuple[tuple, object]]:
    """Distinct ends of the current player's turn: ``[(actions, state after them)]``.

    A depth-first walk over the deciding seat's actions until the turn is
    over (or the game, or another seat has a decision to make); positions
    reached by several orders are walked once.
    An exchange of coins is only walked when it claims a goal at once (any
    other exchange changes nothing the engine cannot do itself when paying).
    The walk stops after ``limit`` positions, or at ``deadline`` (the plans
    found so far are kept).

    A position is known by its integers alone (``State._ints_key``, bytes)
    when the rest of its key equals the first position's, and by its whole
    key otherwise: two positions get the same key exactly when their keys are
    equal, and most positions of a turn share the rest with the first
    (``State._shares_rest``), so that building and hashing the whole key is
    rarely needed.
    """
    c = state.c
    kinds = c.action_kind
    exchange = engine.EXCHANGE
    turn = state.turn
    seen = set()
    out = []
    stack = [(state, ())]
    visited = 0
    p = state._decider()                          # a plan is one seat's actions: it ends when another decides
    ch = None                                     # the position an action is tried on: a clone, kept when new
    rest = state.key()[1:]                        # the first position's key after its integers
    while stack and visited < limit and not _past(deadline):
        s, acts = stack.pop()
        claimed = len(s.claimed[p])
        for a in s.legal_actions():
            if ch is None:
                ch = s.clone()
            else:                                 # the last one tried was not kept: reused
                s.copy_into(ch)
            ch._apply(a)
            visited += 1
            if kinds[a] == exchange and len(ch.claimed[p]) == claimed:
                continue
            if ch._shares_rest(state):
                k = ch._ints_key()
            else:
                k = ch.key()
                if k[1:] == rest:
                    k = k[0]
            if k in seen:
                continue
            seen.add(k)
            seq = acts + (a,)
            if ch.is_terminal() or ch.turn != turn or ch._decider() != p:
                out.append((seq, ch))
            else:
                stack.append((ch, seq))
            ch = None
    return out
