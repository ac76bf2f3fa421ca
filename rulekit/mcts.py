"""A Monte Carlo tree search bot (determinized UCT).

The bot cannot see the order of the face-down goal stack nor the future
casts of the ship tokens. Each simulation therefore starts from a fresh
*determinization* of the position (:meth:`State.determinize`): a copy in which
what the bot cannot see is redrawn at random. All simulations share one tree
keyed by actions (single-observer information-set MCTS): a node's children
are the actions tried from it, and an action is only considered in the
simulations in which it is legal (its *availability* count replaces the
parent's visit count in the UCB formula).

A simulation is:

1. **selection** — from the root, follow the child with the best UCB1 score
   (for the player to act) among the legal actions, plus a progressive bias
   towards the actions the one-ply evaluation prefers, until an action has
   not been tried yet;
2. **expansion** — add that action (untried actions are taken best
   one-ply evaluation first);
3. **rollout** — play on with the greedy bot's policy up to a fixed point:
   the start of the turn ``horizon`` turns after the root's (by default the
   end of the bot's own turn), so that every leaf is valued at the same
   moment of the game; not to the end of the game;
4. **evaluation** — a finished game is worth +1/−1/0; otherwise the leaf is
   valued with :func:`rulekit.bots.evaluate` from both sides, relative to
   the root, squashed into (−1, 1) by ``tanh``;
5. **backpropagation** — every node on the path adds the value from the side
   of the player who chose the action leading to it.

The move played is the most visited child of the root. With an iteration
budget the bot is deterministic for a seed; with a time budget the number of
simulations depends on the machine. A position with a single legal action is
answered at once, without search.

Nothing here names a structure or a goal: actions are compared by their
engine kind (build, move, end…) only in the rollout policy.
"""
from __future__ import annotations

import math
import random
import time

from . import engine
from .engine import WORK
from .bots import evaluate
from .i18n import _, babel_locale, ngettext

#: Iterations per decision when neither a budget in iterations nor in seconds
#: is given; about one second per decision on a 2020s laptop core
#: (benchmarks/bench_bots.py measures it and docs/performance.md reports it).
DEFAULT_ITERATIONS = 2000

#: Exploration constant of UCB1 (values are in [−1, 1]).
EXPLORATION = 0.7

#: Scale of the leaf evaluation: a difference of ``SCALE`` points of
#: :func:`rulekit.bots.evaluate` (10 points = 1 VP) is worth tanh(1) ≈ 0.76.
SCALE = 30.0


class _Node:
    __slots__ = ("children", "n", "w", "avail", "order", "prior", "priors")

    def __init__(self):
        self.children = {}   # action -> _Node
        self.n = 0           # visits
        self.w = 0.0         # total value, from the side of the player who chose the action leading here
        self.avail = 0       # simulations in which this node's action was legal at its parent
        self.order = None    # order in which untried actions are expanded (best prior first)
        self.prior = 0.0     # one-ply evaluation of the action leading here, in (−1, 1)
        self.priors = None   # action -> prior of its child, built with ``order``


def leaf_value(state) -> float:
    """The value of a position for seat 0, in [−1, 1] (a finished game: its result)."""
    if state.is_terminal():
        return state.returns()[0]
    d = evaluate(state, 0) - evaluate(state, 1)
    return math.tanh(d / SCALE)


def rollout_action(state, legal, rng) -> int:
    """The cheap rollout policy: one action chosen by a one-ply look-ahead on
    the VP difference and the engine's action kinds only.

    - a build is always taken (the dearest one in Labor + Coin, which in the
      rulesets we know is also the one worth the most);
    - in the Work Cycle phase, every legal move is made before anything else
      (more Labor and Coin this turn), picked at random;
    - in the Resource Spending phase, a conversion is taken half the time,
      otherwise the turn ends;
    - borrowing, hiring, repaying and exchanging are left to the tree.
    """
    c = state.c
    actions = c.actions
    best = -1
    best_cost = -1
    moves = []
    convs = []
    end = -1
    spend = -1
    for a in legal:
        k = actions[a].kind
        if k == engine.BUILD:
            s = actions[a].arg
            cost = c.cost_labor[s] + c.cost_coin[s]
            if cost > best_cost:
                best, best_cost = a, cost
        elif k == engine.MOVE:
            moves.append(a)
        elif k == engine.CONVERT:
            convs.append(a)
        elif k == engine.END:
            end = a
        elif k == engine.SPEND:
            spend = a
    if best >= 0:
        return best
    if moves:
        return moves[rng.randrange(len(moves))] if len(moves) > 1 else moves[0]
    if spend >= 0:
        return spend
    if convs and rng.random() < 0.5:
        return convs[rng.randrange(len(convs))]
    if end >= 0:
        return end
    return legal[rng.randrange(len(legal))]


def greedy_action(state, legal, rng) -> int:
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


class MCTSBot:
    """Determinized UCT with an iteration or a time budget.

    ``iterations`` and ``seconds`` are budgets per decision; when both are
    given the search stops at the first one reached; with neither,
    :data:`DEFAULT_ITERATIONS` apply.

    - ``horizon``: leaves are valued at the start of the turn ``horizon``
      turns after the root's (1: once the bot's turn is over);
    - ``policy``: ``"greedy"`` (the greedy bot's one-ply choice) or
      ``"cheap"`` (:func:`rollout_action`) for the rollout;
    - ``bias``: weight of the progressive bias, the one-ply evaluation of an
      action added to its UCB score as ``bias × prior / visits`` (untried
      actions are also expanded best prior first);
    - ``scale`` and ``center``: the leaf value is
      ``tanh((d − d_root) / scale)`` where ``d`` is ``evaluate(·, 0) −
      evaluate(·, 1)`` (``d_root`` is 0 when ``center`` is false).
    """

    name = "mcts"

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float | None = None,
                 horizon: int = 1, exploration: float = EXPLORATION, policy: str = "greedy",
                 scale: float = SCALE, center: bool = True, bias: float = 1.0):
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if seconds is not None and seconds <= 0:
            raise ValueError("seconds must be positive")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.horizon = horizon
        self.exploration = exploration
        self.policy = policy
        self.scale = scale
        self.center = center
        self.bias = bias
        self.last_reason = ""
        self.last_iterations = 0
        self.total_iterations = 0
        self.total_seconds = 0.0

    # ------------------------------------------------------------------ search
    def choose(self, state) -> int:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("the game is over")
        if len(legal) == 1:
            self.last_iterations = 0
            self.last_reason = _("the only legal action")
            return legal[0]
        rng = self.rng
        root = _Node()
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        limit = self.iterations
        done = 0
        self._stop = state.turn + self.horizon
        self._base = (evaluate(state, 0) - evaluate(state, 1)) if self.center else 0.0
        while True:
            self._simulate(root, state.determinize(rng.getrandbits(62)), rng)
            done += 1
            if limit is not None and done >= limit:
                break
            if deadline is not None and (done & 15) == 0 and time.perf_counter() >= deadline:
                break
        elapsed = time.perf_counter() - start
        self.last_iterations = done
        self.total_iterations += done
        self.total_seconds += elapsed
        best, best_key = legal[0], None
        for a in legal:
            child = root.children.get(a)
            if child is None:
                continue
            key = (child.n, child.w / child.n if child.n else -2.0)
            if best_key is None or key > best_key:
                best, best_key = a, key
        child = root.children.get(best)
        mean = child.w / child.n if child and child.n else 0.0
        chance = (mean + 1) / 2
        from babel.numbers import format_decimal, format_percent

        self.last_reason = ngettext(
            "most explored action in {num} simulation, estimated chances {chance}",
            "most explored action in {num} simulations, estimated chances {chance}",
            done,
        ).format(num=format_decimal(done, locale=babel_locale()),
                 chance=format_percent(chance, locale=babel_locale()))
        return best

    def _order(self, st, legal, rng):
        """Untried actions, best one-ply evaluation first (ties in a shuffled order)."""
        order = list(legal)
        rng.shuffle(order)
        if self.bias <= 0:
            self._last_priors = {}
            return order
        p = st.current
        base = evaluate(st, p)
        scored = []
        for a in order:
            child = st.clone()
            child._apply(a)
            scored.append(math.tanh((evaluate(child, p) - base) / self.scale))
        priors = dict(zip(order, scored))
        order.sort(key=lambda a: -priors[a])
        self._last_priors = priors
        return order

    def _simulate(self, root: _Node, st, rng) -> None:
        path = []          # (node, player who chose the action leading to it)
        node = root
        c_explore = self.exploration
        while not st.is_terminal():
            legal = st.legal_actions()
            children = node.children
            if node.order is None:
                node.order = self._order(st, legal, rng)
                node.priors = self._last_priors
            untried = None
            for a in node.order:
                if a not in children and a in legal:
                    untried = a
                    break
            if untried is None:
                for a in legal:
                    if a not in children:
                        untried = a        # legal only in some determinizations
                        node.order.append(a)
                        break
            p = st.current
            if untried is not None:
                child = _Node()
                child.prior = node.priors.get(untried, 0.0)
                children[untried] = child
                for a in legal:
                    ch = children.get(a)
                    if ch is not None:
                        ch.avail += 1
                st._apply(untried)
                path.append((child, p))
                node = child
                break
            best, best_u = None, -1e9
            bias = self.bias
            for a in legal:
                ch = children[a]
                ch.avail += 1
                u = ch.w / ch.n + c_explore * math.sqrt(math.log(ch.avail) / ch.n) + bias * ch.prior / ch.n
                if u > best_u:
                    best, best_u = a, u
            node = children[best]
            st._apply(best)
            path.append((node, p))
        # Rollout, to the start of the turn ``horizon`` turns after the root's
        # (pushed back two turns at a time when the tree went further), so that
        # every leaf is valued at the same point of a turn, with the same
        # player to act: comparing a position just after "end" with one
        # mid-turn would favour ending the turn early.
        if not st.is_terminal():
            stop = self._stop
            while st.turn > stop or (st.turn == stop and (st.moved or st.phase != WORK)):
                stop += 2
            greedy = self.policy == "greedy"
            steps = 0
            while not st.is_terminal() and st.turn < stop and steps < 500:
                legal = st.legal_actions()
                if len(legal) == 1:
                    a = legal[0]
                elif greedy:
                    a = greedy_action(st, legal, rng)
                else:
                    a = rollout_action(st, legal, rng)
                st._apply(a)
                steps += 1
        if st.is_terminal():
            v0 = st.returns()[0]
        else:
            v0 = math.tanh((evaluate(st, 0) - evaluate(st, 1) - self._base) / self.scale)
        for n, p in path:
            n.n += 1
            n.w += v0 if p == 0 else -v0
