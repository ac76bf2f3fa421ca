"""A Monte Carlo search bot over whole-turn plans (determinized).

The bot cannot see the order of the face-down goal stack nor the future
casts of the ship tokens. Every simulation therefore starts from a fresh
*determinization* of the position (:meth:`State.determinize`): a copy in which
what the bot cannot see is redrawn at random.

The search works on **turn plans** (macro-actions) rather than on single
actions: a plan is a whole sequence of the bot's own actions up to the end of
its turn (move these workers, then grind, build, end…). Searching single
actions made the tree spend its budget on the many orders of the same moves
and value half-finished turns; a plan is valued once the turn is over.

One decision is:

1. **plans** — every distinct end of the current turn reachable from the
   position (:func:`turn_plans`, on one determinization; positions reached
   twice are merged, exchanges of coins that claim nothing are skipped), plus
   the greedy bot's own continuation, which is always a candidate;
2. **candidates** — the ``candidates`` plans whose end of turn
   :func:`rulekit.bots.policy.advantage` values best (the bot's
   :func:`rulekit.bots.evaluate` minus the best of the other players'; with
   two players, minus the opponent's);
3. **simulations** — UCB1 over the candidates (the root of the tree; every
   candidate is tried once first): a simulation plays the chosen plan on a
   fresh determinization, then every player plays on with the greedy bot's
   policy (each maximizing its own evaluation) for ``horizon`` more turns
   (by default the next player's turn and the one after: with two players,
   the opponent's turn and the bot's next one) or until the game ends;
4. **value** — a simulation gives a vector of returns, one per seat, and the
   bot maximizes its own entry. A finished game gives
   :meth:`State.returns` (+1/−1/0 with two players); otherwise
   :func:`leaf_values`: with two players ``tanh(d / scale)`` for the bot,
   where ``d`` is ``evaluate(·, bot) − evaluate(·, opponent)``, and its
   negation for the opponent; with more, the same formula written for any
   number of players (a softmax of the evaluations, as returns).

The action played is the first action of the most simulated candidate (ties:
the best mean value). The bot plans again at each of its decisions (a goal
revealed during the turn can change the plan). With an iteration budget it
is deterministic for a seed; with a time budget the number of simulations
depends on the machine. A position with a single legal action is answered at
once, without search.

Nothing here names a structure or a goal: only the engine's action kinds are
used (to skip pointless coin exchanges).
"""
from __future__ import annotations

import math
import random
import time

from ..i18n import _, babel_locale, ngettext
from .policy import (NO_LIMIT, PLAN_LIMIT, WEIGHTS, _past, advantage, evaluate, greedy_action, play_greedy,
                     play_plan, turn_plans, ucb_pick)

#: Simulations per decision when neither a budget in simulations nor in
#: seconds is given: about one second per decision on a 2020s laptop core
#: (benchmarks/bench_bots.py measures it and docs/performance.md reports it).
DEFAULT_ITERATIONS = 1000

#: Exploration constant of UCB1 (values are in [−1, 1]).
EXPLORATION = 0.5

#: Scale of the leaf evaluation: a difference of ``SCALE`` points of
#: :func:`rulekit.bots.evaluate` (10 points = 1 VP) is worth tanh(1) ≈ 0.76.
SCALE = 30.0

#: Longest a decision may take, in seconds, whatever the other budgets and the
#: ruleset: on a large house rule (tens of workers, huge incomes) a single
#: simulation can be slow, so listing the plans and every simulation stop at
#: this deadline (a simulation cut short is valued where it stands). The
#: bundled editions never reach it.
MAX_SECONDS = 10.0


def leaf_values(st, p: int, weights=WEIGHTS, scale: float = SCALE) -> tuple:
    """The returns of a position the game has not ended in, one per seat, as the search estimates
    them (they sum to 0, like :meth:`State.returns`).

    With two players: ``v = tanh((evaluate(p) − evaluate(opponent)) / scale)`` for ``p`` and
    ``−v`` for the opponent. With ``n`` players: each seat's chance of winning is read as
    ``π_k = softmax(2 × evaluate(k) / scale)`` and its return is ``(n π_k − 1) / (n − 1)``, which
    is the two-player formula again when ``n = 2`` (``2σ(2x) − 1 = tanh x``) and gives
    :meth:`State.returns` when one seat has all the chance."""
    n = st.n_players
    if n == 2:
        o = st.c.others[p][0]
        v = math.tanh((evaluate(st, p, weights) - evaluate(st, o, weights)) / scale)
        out = [0.0, 0.0]
        out[p] = v
        out[o] = -v
        return tuple(out)
    e = [2.0 * evaluate(st, k, weights) / scale for k in range(n)]
    top = max(e)
    z = [math.exp(x - top) for x in e]
    total = math.fsum(z)
    return tuple((n * x / total - 1.0) / (n - 1) for x in z)


def chance(value: float, n: int) -> float:
    """The chance of winning a return ``value`` stands for, with ``n`` players (``(value + 1) / 2``
    with two): the inverse of ``(n π − 1) / (n − 1)``."""
    return ((n - 1) * value + 1) / n


def greedy_plan(state, deadline=None, weights=WEIGHTS) -> tuple:
    """The actions the greedy policy plays from ``state`` to the end of the turn
    (or up to ``deadline``, a ``time.perf_counter()`` value), valuing with ``weights``."""
    st = state.clone()
    turn = st.turn
    p = st.decider                                # a plan is one seat's actions: it ends when another decides
    out = []
    while (not st.is_terminal() and st.turn == turn and st.decider == p and len(out) < 200
           and not (out and _past(deadline))):
        legal = st.legal_actions()
        a = legal[0] if len(legal) == 1 else greedy_action(st, legal, weights)
        st._apply(a)
        out.append(a)
    return tuple(out)


class MCTSBot:
    """Determinized Monte Carlo search over turn plans, with a simulation or a time budget.

    ``iterations`` (simulations) and ``seconds`` are budgets per decision;
    when both are given the search stops at the first one reached; with
    neither, :data:`DEFAULT_ITERATIONS` apply.

    - ``horizon``: turns played by the greedy policy after the plan before
      the position is valued (0: to the end of the game);
    - ``candidates``: plans kept for the simulations (best static value first);
    - ``exploration``: the UCB1 constant;
    - ``scale``: the leaf value is ``tanh(d / scale)``;
    - ``max_seconds``: a decision never takes longer (:data:`MAX_SECONDS`),
      whatever the ruleset; None: no such limit;
    - ``weights``: the evaluation's weights (:data:`rulekit.bots.policy.WEIGHTS`).
    """

    name = "mcts"

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float | None = None,
                 horizon: int = 2, candidates: int = 8, exploration: float = EXPLORATION,
                 scale: float = SCALE, plan_limit: int = PLAN_LIMIT, max_seconds: float | None = MAX_SECONDS,
                 weights: tuple = WEIGHTS):
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if seconds is not None and seconds <= 0:
            raise ValueError("seconds must be positive")
        if candidates < 1:
            raise ValueError("candidates must be at least 1")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.horizon = horizon
        self.candidates = candidates
        self.exploration = exploration
        self.scale = scale
        self.weights = tuple(weights)
        self.plan_limit = plan_limit
        self.max_seconds = max_seconds
        self._reason = ""
        self._searched = None   # the last search's (simulations, chance), formatted into last_reason only when read
        self.last_iterations = 0
        self.total_iterations = 0
        self.total_seconds = 0.0

    @property
    def last_reason(self) -> str:
        """Why the last action was chosen, in the current language. Formatted when read (:meth:`_search_reason`
        from the last search's ``_searched``): a game between bots never reads it, and formatting two numbers
        with Babel costs about 3% of a ``hard`` game."""
        if self._searched is not None:
            from babel.numbers import format_decimal, format_percent

            done, estimate = self._searched
            self._reason = self._search_reason(done).format(num=format_decimal(done, locale=babel_locale()),
                                                            chance=format_percent(estimate, locale=babel_locale()))
            self._searched = None
        return self._reason

    def _search_reason(self, done: int) -> str:
        """The reason after a search of ``done`` simulations, with the placeholders ``{num}`` and ``{chance}``
        (a subclass that searches otherwise says so here)."""
        return ngettext("most explored action in {num} simulation, estimated chances {chance}",
                        "most explored action in {num} simulations, estimated chances {chance}", done)

    @last_reason.setter
    def last_reason(self, text: str) -> None:
        self._reason, self._searched = text, None

    # ------------------------------------------------------------------ search
    def candidate_plans(self, state, rng=None, deadline=None) -> list[tuple]:
        """The plans the search compares, best static value first (greedy's always among them)."""
        rng = rng or self.rng
        p = state.current
        det = state.determinize(rng.getrandbits(62)).mute()     # its plans' states are muted too
        plans = turn_plans(det, self.plan_limit, deadline)
        wts = self.weights
        scored = sorted(((advantage(s, p, wts), -i, seq) for i, (seq, s) in enumerate(plans)),
                        reverse=True)
        out = [seq for _, _, seq in scored[:self.candidates]]
        g = greedy_plan(det, deadline, wts)
        if g not in out:
            out.append(g)
        return out

    def _only_choice(self, legal):
        """The action when there is nothing to search (the only legal one, said so in
        ``last_reason``), else ``None``; a ``ValueError`` when there is none (the game is over)."""
        if not legal:
            raise ValueError("the game is over")
        if len(legal) == 1:
            self.last_iterations = 0
            self.last_reason = _("the only legal action")
            return legal[0]
        return None

    def _deadlines(self) -> tuple:
        """``(start, hard, deadline)`` of a decision starting now (perf_counter times): ``hard`` the
        limit no search passes (``max_seconds``), ``deadline`` when the search stops (its time
        budget, or ``hard`` when sooner); ``None`` for no limit."""
        start = time.perf_counter()
        hard = None if self.max_seconds is None else start + self.max_seconds
        deadline = None if self.seconds is None else start + self.seconds
        if hard is not None and (deadline is None or hard < deadline):
            deadline = hard
        return start, hard, deadline

    def _decision(self, state, legal) -> int:
        """A decision asked outside a turn's actions (State.pending): the option the greedy evaluation
        prefers for the seat that decides (turn plans compare whole turns, not such decisions)."""
        self.last_iterations = 0
        self.last_reason = _("best evaluation of the options")
        return greedy_action(state, legal, self.weights)

    def choose(self, state) -> int:
        legal = state.legal_actions()
        only = self._only_choice(legal)
        if only is not None:
            return only
        if state.pending:
            return self._decision(state, legal)
        rng = self.rng
        start, hard, deadline = self._deadlines()
        limit = self.iterations
        p = state.current
        cands = [seq for seq in self.candidate_plans(state, rng, hard) if seq and seq[0] in legal]
        if not cands:                                # cannot happen; a safe answer all the same
            cands = [(a,) for a in legal]
        n = [0] * len(cands)
        w = [0.0] * len(cands)
        done = 0
        c_explore = self.exploration
        root = state.clone().mute()                  # its determinizations are muted clones: nothing to mute each time
        while True:
            j = done if done < len(cands) else ucb_pick(n, w, c_explore, done)
            v = self._simulate(root.determinize(rng.getrandbits(62)), cands[j], p, rng, hard)[p]
            n[j] += 1
            w[j] += v
            done += 1
            if limit is not None and done >= limit:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self._account(done, start)
        best = max((k for k in range(len(cands)) if n[k]), key=lambda k: (n[k], w[k] / n[k]))
        self._searched = (done, chance(w[best] / n[best], state.n_players))
        return cands[best][0]

    def _account(self, done: int, start: float) -> None:
        """Count a decision's ``done`` simulations and the time since ``start`` (perf_counter)."""
        self.last_iterations = done
        self.total_iterations += done
        self.total_seconds += time.perf_counter() - start

    def _simulate(self, st, plan, p: int, rng, deadline=None) -> tuple:
        """Play ``plan`` then the greedy policy on the determinization ``st``; the returns, one per
        seat (:func:`leaf_values` where it stands when the game is not over, or when ``deadline``
        passes); ``p`` is the seat whose plan it is."""
        turn = st.turn
        play_plan(st, plan)                          # as far as it is legal on this determinization
        wts = self.weights
        play_greedy(st, turn + 1, NO_LIMIT, deadline, wts)              # the rest of the planned turn
        play_greedy(st, st.turn + self.horizon if self.horizon else NO_LIMIT, 2000, deadline, wts)
        if st.is_terminal():
            return st.returns()
        return leaf_values(st, p, wts, self.scale)
