"""The ``playout`` bot: the turn-plan search of :mod:`.mcts`, each simulation played to the end.

It is :class:`rulekit.bots.mcts.MCTSBot` with two settings changed, chosen by
measurement (docs/bots.md, "How the levels were chosen"):

- **to the end of the game** (``horizon=0``): a simulation is worth the game
  it ends in (+1, −1 or 0), not the static evaluation two turns later; the
  static evaluation does not know, for instance, what a goal left unclaimed
  will be worth to the opponent;
- **varied rollouts** (``temperature`` :data:`PLAYOUT_TEMPERATURE`): after
  the plan, both simulated players choose each action at random, with a
  chance proportional to ``exp(v / temperature)`` where ``v`` is the greedy
  bot's one-step value of the action (:func:`rulekit.bots.mcts.softmax_action`).
  Played greedily, every simulation of a plan on the same hidden cards ends
  the same way, and the search learns little from its budget; played with
  some variety, the simulations sample how the game may go on.

The plans compared, the UCB1 search over them and the budgets
(``playout:N`` simulations per decision, ``playout:Ts`` seconds) are those of
the MCTS bot; with an iteration budget it is deterministic for a seed.
"""
from __future__ import annotations

from .mcts import MAX_SECONDS, PLAN_LIMIT, SCALE, MCTSBot

#: Simulations per decision of the bare ``playout`` spec.
PLAYOUT_ITERATIONS = 100
#: The rollouts' temperature, in tenths of a VP of :func:`rulekit.bots.evaluate`.
PLAYOUT_TEMPERATURE = 3.0


class PlayoutBot(MCTSBot):
    """Turn-plan MCTS whose simulations play to the end with varied greedy rollouts.

    The options are :class:`~rulekit.bots.mcts.MCTSBot`'s, with other defaults.
    """

    name = "playout"

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float | None = None,
                 horizon: int = 0, candidates: int = 8, scale: float = SCALE, plan_limit: int = PLAN_LIMIT,
                 max_seconds: float | None = MAX_SECONDS, temperature: float = PLAYOUT_TEMPERATURE):
        if iterations is None and seconds is None:
            iterations = PLAYOUT_ITERATIONS
        super().__init__(seed=seed, iterations=iterations, seconds=seconds, horizon=horizon,
                         candidates=candidates, scale=scale, plan_limit=plan_limit,
                         max_seconds=max_seconds, temperature=temperature)
