"""A determinized Monte Carlo search over single actions, for any game of the protocol.

It reads only what every game of rulekit has (``current``, ``legal_actions()``, ``clone()``,
``apply(a)``, ``is_terminal()``, ``returns()``, ``determinize(seed, observer)``), as OpenSpiel's
algorithms read only its game interface: the game's own knowledge comes in through two
functions given to the bot, a **rollout policy** ``policy(state, rng) -> action`` and an
**evaluation** ``evaluate(state, seat) -> float`` of a position that is not over.

One decision (flat Monte Carlo with UCB1 at the root, "perfect-information Monte Carlo"):

1. every legal action is a candidate (a single legal action is played at once); with a ``rank``
   function ``rank(state, seat, legal) -> values`` given (a one-ply judgement of the game), only
   the ``candidates`` best ranked are searched, and with ``prior_weight`` each keeps a bias from its
   rank, ``prior_weight × tanh((value − best value) / scale)``, worth one simulation's value;
2. each iteration picks the candidate with the best UCB1 bound (each tried once first), makes
   a fresh **determinization** of the position from the bot's seat (what it cannot see redrawn:
   hidden cards, the order of a pile, future chance), plays the candidate on it, then lets every
   seat play the rollout policy for ``depth`` more actions or until the game ends;
3. the iteration's value is ``tanh(evaluate(bot) / scale)``, the evaluation being the bot's
   advantage over the others as the game judges it (over or not); without an evaluation, the
   bot's return if the game ended (``returns()``, from -1 to 1), else 0;
4. the candidate played is the most tried (ties: the best mean value).

With an iteration budget the bot is deterministic for a seed; with a time budget the number of
iterations depends on the machine.
"""
from __future__ import annotations

import math
import random
import time

from babel.numbers import format_decimal

from ..i18n import _, babel_locale, ngettext

#: Iterations per decision when no budget is given.
DEFAULT_ITERATIONS = 200
#: How many actions a rollout plays after the candidate before the position is evaluated.
DEFAULT_DEPTH = 12
#: UCB1's exploration constant.
EXPLORATION = 0.7


def uniform_policy(state, rng):
    """The rollout policy when the game gives none: an action at random."""
    return rng.choice(state.legal_actions())


class DeterminizedMCTSBot:
    """Flat determinized Monte Carlo search (see the module's documentation)."""

    name = "mcts"

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float | None = None,
                 policy=uniform_policy, evaluate=None, depth: int = DEFAULT_DEPTH, scale: float = 10.0,
                 exploration: float = EXPLORATION, rank=None, candidates: int | None = None,
                 prior_weight: float = 0.0):
        self.rng = random.Random(seed)
        self.iterations = iterations if iterations is not None or seconds is not None else DEFAULT_ITERATIONS
        self.seconds = seconds
        self.policy = policy
        self.evaluate = evaluate
        self.depth = depth
        self.scale = scale
        self.exploration = exploration
        self.last_reason = ""
        self.last_stats = {}
        self.rank = rank
        self.candidates = candidates
        self.prior_weight = prior_weight

    def _value(self, state, me: int) -> float:
        if self.evaluate is None:
            return float(state.returns()[me]) if state.is_terminal() else 0.0
        return math.tanh(self.evaluate(state, me) / self.scale)

    def _simulate(self, state, action, me: int) -> float:
        st = state.determinize(self.rng.getrandbits(62), me)
        st.apply(action)
        rng, policy = self.rng, self.policy
        for _i in range(self.depth):
            if st.is_terminal():
                break
            st.apply(policy(st, rng))
        return self._value(st, me)

    def choose(self, state) -> int:
        legal = state.legal_actions()
        me = state.current
        if len(legal) == 1:
            self.last_reason = _("the only legal action")
            self.last_stats = {"iterations": 0}
            return legal[0]
        prior = [0.0] * len(legal)
        if self.rank is not None:
            values = self.rank(state, me, legal)
            top = max(values)
            keep = sorted(range(len(legal)), key=lambda i: -values[i])[:self.candidates or len(legal)]
            keep.sort()
            legal = [legal[i] for i in keep]
            prior = [self.prior_weight * math.tanh((values[i] - top) / self.scale) for i in keep]
        n = len(legal)
        visits, totals = [0] * n, [0.0] * n
        deadline = time.monotonic() + self.seconds if self.seconds is not None else None
        done = 0
        while True:
            if deadline is None:
                if done >= self.iterations:
                    break
            elif done >= n and time.monotonic() >= deadline:
                break
            if done < n:
                k = done
            else:
                log_n = math.log(done)
                k = max(range(n), key=lambda i: totals[i] / visits[i] + prior[i] / visits[i]
                        + self.exploration * math.sqrt(log_n / visits[i]))
            totals[k] += self._simulate(state, legal[k], me)
            visits[k] += 1
            done += 1
        best = max(range(n), key=lambda i: (visits[i], (totals[i] + prior[i]) / visits[i] if visits[i] else -2.0))
        mean = totals[best] / visits[best] if visits[best] else 0.0
        self.last_stats = {"iterations": done, "visits": visits[best], "mean": mean}
        self.last_reason = ngettext(
            "the most tried of the moves in {count} simulation (mean value {value})",
            "the most tried of the moves in {count} simulations (mean value {value})", done).format(
            count=done, value=format_decimal(mean, format="+0.00;-0.00", locale=babel_locale()))
        return legal[best]
