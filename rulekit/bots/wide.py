"""The ``wide`` bot: the turn-plan search of :mod:`.mcts`, over twice as many candidate turns.

It is :class:`rulekit.bots.mcts.MCTSBot` with :data:`WIDE_CANDIDATES`
candidate plans instead of 8, and its own default budget; it is the hard
level. In 100-game matches against ``mcts:2`` on province-en it won the most
of the settings tried (77, where ``mcts:30`` won 66 and ``mcts:100`` 62;
playing simulations to the end of the game, or with varied rollouts, did
worse), then 62% of 200 games against ``mcts:2`` and 80% against ``greedy``
(the ladder): not clearly stronger than the MCTS bot at the same budget,
within the noise, and as fast (docs/bots.md, "The ladder").

The budgets (``wide:N`` simulations per decision, ``wide:Ts`` seconds) and
everything else are the MCTS bot's; with an iteration budget it is
deterministic for a seed.
"""
from __future__ import annotations

from .mcts import MAX_SECONDS, PLAN_LIMIT, SCALE, MCTSBot
from .policy import WEIGHTS

#: Candidate turn plans compared (best static value first, the greedy plan added).
WIDE_CANDIDATES = 16
#: Simulations per decision of the bare ``wide`` spec.
WIDE_ITERATIONS = 30


class WideBot(MCTSBot):
    """Turn-plan MCTS over :data:`WIDE_CANDIDATES` candidate turns.

    The options are :class:`~rulekit.bots.mcts.MCTSBot`'s, with other defaults.
    """

    name = "wide"

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float | None = None,
                 horizon: int = 2, candidates: int = WIDE_CANDIDATES, scale: float = SCALE,
                 plan_limit: int = PLAN_LIMIT, max_seconds: float | None = MAX_SECONDS, weights: tuple = WEIGHTS):
        if iterations is None and seconds is None:
            iterations = WIDE_ITERATIONS
        super().__init__(seed=seed, iterations=iterations, seconds=seconds, horizon=horizon,
                         candidates=candidates, scale=scale, plan_limit=plan_limit, max_seconds=max_seconds,
                         weights=weights)
