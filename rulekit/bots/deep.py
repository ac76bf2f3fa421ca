"""The ``deep`` bot: the turn-plan search of :mod:`.mcts`, made to compare its plans fairly.

It keeps what :class:`rulekit.bots.mcts.MCTSBot` does — candidate turn plans
(:func:`rulekit.bots.mcts.turn_plans`, the best by static value plus the
greedy bot's own), each valued by playing it on a *determinization* of the
position and letting the greedy policy play on — and changes how the budget
is spent among the candidates:

- **common determinizations**: a round draws one determinization (the
  face-down goals and the ship casts the bot cannot see) and plays *every*
  candidate still in the race on a copy of it, so two plans are always
  compared on the same hidden cards; the luck of the draw, which dominates
  the difference between two plans valued on different draws, cancels out;
- **sequential halving** instead of UCB1: the budget is split into
  ``⌈log₂ candidates⌉`` stages; after each stage the worse half of the
  candidates (by mean value) is dropped, so the last simulations go to the
  two best plans (UCB1 minimizes the regret of the simulations themselves,
  which a bot that only plays the final choice does not care about);
- **whole-turn rollouts** (``policy="plan"``, the default): after the plan,
  each of the ``horizon`` turns that follow (by default :data:`DEEP_HORIZON`:
  with two players the opponent's reply and the bot's next turn; with more,
  the next two players' turns) is played as the mover's best whole turn by
  static value (its :func:`rulekit.bots.policy.advantage`, over
  :func:`rulekit.bots.mcts.turn_plans`, at most :data:`ROLLOUT_PLAN_LIMIT`
  positions listed), where the MCTS bot plays one greedy action at a time:
  the opponents it imagines plan their turns, each for itself, and so does
  its own next turn (a plan that prepares a build is valued as such);
  ``policy="greedy"`` keeps the MCTS bot's rollouts;
- more candidates (:data:`DEEP_CANDIDATES`).

With an iteration budget (simulations per decision, counted as plans played)
the bot is deterministic for a seed; with a time budget each stage gets its
share of the time left (every stage plays at least one round, so a small time
budget can be exceeded). It never takes longer than
``max_seconds`` per decision (:data:`rulekit.bots.mcts.MAX_SECONDS`).

Whether these changes make it stronger at equal time per move is measured in
docs/bots.md (benchmarks/bench_ladder.py): so far they do not (even against
the MCTS bot at 0.15 s a move), because that search saturates within a few
simulations; a stronger level needs a better evaluation.
"""
from __future__ import annotations

import math
import time

from ..i18n import ngettext
from .mcts import MAX_SECONDS, PLAN_LIMIT, SCALE, MCTSBot, chance, leaf_values, turn_plans
from .policy import NO_LIMIT, WEIGHTS, _past, advantage, play_greedy, play_plan

#: Simulations per decision of the bare ``deep`` spec.
DEEP_ITERATIONS = 200
#: Turns of greedy play after the plan before the position is valued.
DEEP_HORIZON = 2
#: Candidate plans compared (best static value first, the greedy plan added).
DEEP_CANDIDATES = 12
#: Positions listed at most when a simulated player looks for its best turn plan.
ROLLOUT_PLAN_LIMIT = 400


class DeepBot(MCTSBot):
    """Turn-plan search with common determinizations and sequential halving.

    The options are :class:`~rulekit.bots.mcts.MCTSBot`'s (``exploration`` is
    not used).
    """

    name = "deep"

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float | None = None,
                 horizon: int = DEEP_HORIZON, candidates: int = DEEP_CANDIDATES, scale: float = SCALE,
                 plan_limit: int = PLAN_LIMIT, max_seconds: float | None = MAX_SECONDS,
                 policy: str = "plan", rollout_plan_limit: int = ROLLOUT_PLAN_LIMIT, weights: tuple = WEIGHTS):
        if iterations is None and seconds is None:
            iterations = DEEP_ITERATIONS
        if policy not in ("plan", "greedy"):
            raise ValueError("policy is plan or greedy")
        super().__init__(seed=seed, iterations=iterations, seconds=seconds, horizon=horizon,
                         candidates=candidates, scale=scale, plan_limit=plan_limit, max_seconds=max_seconds,
                         weights=weights)
        self.policy = policy
        self.rollout_plan_limit = rollout_plan_limit

    def choose(self, state) -> int:
        legal = state.legal_actions()
        only = self._only_choice(legal)
        if only is not None:
            return only
        if state.pending:
            return self._decision(state, legal)
        rng = self.rng
        start, hard, deadline = self._deadlines()
        p = state.current
        cands = []
        for seq in self.candidate_plans(state, rng, hard):
            if seq and seq[0] in legal and seq not in cands:
                cands.append(seq)
        if not cands:                                # cannot happen; a safe answer all the same
            cands = [(a,) for a in legal]
        n = [0] * len(cands)
        w = [0.0] * len(cands)
        alive = list(range(len(cands)))
        stages = max(1, math.ceil(math.log2(len(cands))))
        budget = self.iterations
        done = 0
        out_of_time = False
        for stage in range(stages):
            if len(alive) == 1:
                break
            if budget is not None:
                left_stages = stages - stage
                rounds = max(1, (budget - done) // (len(alive) * left_stages))
            else:
                rounds = None                        # sized below from the time the first round took
            r = 0
            stage_start = time.perf_counter()
            while rounds is None or r < rounds:
                det = state.determinize(rng.getrandbits(62)).mute()
                for j in alive:
                    w[j] += self._simulate(det.clone(), cands[j], p, rng, hard)[p]
                    n[j] += 1
                    done += 1
                r += 1
                if deadline is not None and time.perf_counter() >= deadline:
                    out_of_time = True
                    break
                if rounds is None:
                    # a time budget: this stage gets its share of the time left
                    spent = time.perf_counter() - stage_start
                    share = (deadline - stage_start) / (stages - stage)
                    if spent + spent / r > share:
                        break
            if out_of_time:
                break
            alive.sort(key=lambda k: (-w[k] / n[k], k))
            alive = alive[:max(1, (len(alive) + 1) // 2)]
        self._account(done, start)
        best = max((k for k in alive if n[k]), key=lambda k: (w[k] / n[k], -k), default=alive[0])
        self._searched = (done, chance(w[best] / n[best], state.n_players) if n[best] else 1 / state.n_players)
        return cands[best][0]

    def _search_reason(self, done: int) -> str:
        return ngettext("best plan after {num} simulation; estimated chance of winning: {chance}",
                        "best plan after {num} simulations; estimated chance of winning: {chance}", done)

    def _simulate(self, st, plan, p: int, rng, deadline=None) -> tuple:
        if self.policy == "greedy":
            return super()._simulate(st, plan, p, rng, deadline)
        turn = st.turn
        play_plan(st, plan)                          # as far as it is legal on this determinization
        play_greedy(st, turn + 1, NO_LIMIT, deadline, self.weights)
        stop = st.turn + self.horizon if self.horizon else None
        while not st.is_terminal() and (stop is None or st.turn < stop) and not _past(deadline):
            st = self._best_turn(st, deadline)
        if st.is_terminal():
            return st.returns()
        return leaf_values(st, p, self.weights, self.scale)

    def _best_turn(self, st, deadline):
        """The position after the mover's whole turn, played as its best turn plan by static value
        (a stronger opponent, and a stronger self, than one greedy action at a time). The mover is the seat that
        decides: after a plan that ends with an offer, the seat asked answers by its own value."""
        mover = st.decider
        best, best_v = None, None
        for _seq, end in turn_plans(st, self.rollout_plan_limit, deadline):
            v = advantage(end, mover, self.weights)
            if best_v is None or v > best_v + 1e-9:
                best, best_v = end, v
        if best is not None:
            return best
        play_greedy(st, st.turn + 1, NO_LIMIT, deadline, self.weights)   # no whole turn listed: one greedy turn
        return st
