"""The ``wide`` bot: the turn-plan search of :mod:`.mcts`, over twice as many candidate turns,
with an evaluation tuned by self-play.

It is :class:`rulekit.bots.mcts.MCTSBot` with :data:`WIDE_CANDIDATES`
candidate plans instead of 8, its own default budget and its own evaluation
weights (:data:`WIDE_WEIGHTS`); ``wide:30`` was the hard level until issue 54, when the
longer horizon of :class:`FarBot` replaced it (``hard`` is ``far:100``: docs/bots.md).

- The breadth: in 100-game matches against ``mcts:2`` on province-en, 16
  candidates won the most of the settings tried (77, where ``mcts:30`` won
  66 and ``mcts:100`` 62); with the hand-set weights it then won 62% of 200
  games against ``mcts:2`` and was no stronger than ``mcts:8`` (49 of 100).
- The weights: two rounds of a coordinate search by self-play
  (``benchmarks/tune_weights.py``: each term at half and twice its weight,
  100 games each against the current weights, the changes that won over 55%
  kept). The first, on the costs before the Union's, valued a worker it can
  move and a won game twice as much, a conversion and the Lender's debt half
  as much (68.5% of 200 fresh games against the hand-set weights); the
  second, on the shipped costs, a coin twice and a worker twice again, and
  income half. With them ``wide:30`` beat ``greedy`` in 82% of 200 games
  and ``mcts`` (1,000 simulations) in 69 of 100 (docs/bots.md, "The hard
  level's evaluation").

The budgets (``wide:N`` simulations per decision, ``wide:Ts`` seconds) and
everything else are the MCTS bot's; with an iteration budget it is
deterministic for a seed.

The ``far`` bot (:class:`FarBot`) is the same search playing each simulation
:data:`FAR_HORIZON` turns on instead of 2 (the opponent's reply, its own next
turn, and both once more); ``far:100`` is the hard level and ``far:200`` the expert level
(:data:`EXPERT_SPEC`). Against ``hard`` (``wide:30``) on province-en, in
30-game screens (seats and first player alternating, game i seeded i):
``wide:200`` with the horizon of 2 won 55 of 100 (the extra simulations alone
buy little), with the game played out to its end 14 of 30 (the greedy
playouts are a poor guide that far), with a horizon of 4 26 of 30
(docs/bots.md and docs/performance.md give the 100-game measure).
"""
from __future__ import annotations

from .mcts import MAX_SECONDS, PLAN_LIMIT, SCALE, MCTSBot
from .policy import make_weights

#: Candidate turn plans compared (best static value first, the greedy plan added).
WIDE_CANDIDATES = 16
#: Simulations per decision of the bare ``wide`` spec.
WIDE_ITERATIONS = 30
#: The evaluation's weights, tuned by self-play at ``wide:30`` on province-en (the module's text):
#: ``python benchmarks/tune_weights.py --bot wide:30 --games 100 --rounds 1 --confirm 200``, then
#: ``… --seed 1000 --start conversion=0.75 --start worker=4 --start debt=0.25 --start win=8``.
WIDE_WEIGHTS = make_weights(coin=2.0, income=1.5, conversion=0.75, worker=8.0, debt=0.25, win=8.0)


class WideBot(MCTSBot):
    """Turn-plan MCTS over :data:`WIDE_CANDIDATES` candidate turns, valued with :data:`WIDE_WEIGHTS`.

    The options are :class:`~rulekit.bots.mcts.MCTSBot`'s, with other defaults.
    """

    name = "wide"

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float | None = None,
                 horizon: int = 2, candidates: int = WIDE_CANDIDATES, scale: float = SCALE,
                 plan_limit: int = PLAN_LIMIT, max_seconds: float | None = MAX_SECONDS,
                 weights: tuple = WIDE_WEIGHTS):
        if iterations is None and seconds is None:
            iterations = WIDE_ITERATIONS
        super().__init__(seed=seed, iterations=iterations, seconds=seconds, horizon=horizon,
                         candidates=candidates, scale=scale, plan_limit=plan_limit, max_seconds=max_seconds,
                         weights=weights)


#: Turns each simulation of the ``far`` bot plays on after the candidate turn.
FAR_HORIZON = 4
#: Simulations per decision of the bare ``far`` spec.
FAR_ITERATIONS = 200
#: What the expert level stands for (rulekit/bots/registry.py registers it).
EXPERT_SPEC = f"far:{FAR_ITERATIONS}"


class FarBot(WideBot):
    """:class:`WideBot` whose simulations play :data:`FAR_HORIZON` turns on (the hard and expert levels' search).

    The options are :class:`WideBot`'s, with another horizon and budget by default.
    """

    name = "far"

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float | None = None,
                 horizon: int = FAR_HORIZON, **options):
        if iterations is None and seconds is None:
            iterations = FAR_ITERATIONS
        super().__init__(seed=seed, iterations=iterations, seconds=seconds, horizon=horizon, **options)
