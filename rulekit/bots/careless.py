"""The careless bot: the greedy bot, with a random move three times in ten.

Before each decision it draws from its seeded generator: with probability
:data:`SLIP_RATE` it plays a legal action chosen uniformly at random (it may
end its turn early, or move a worker nowhere useful), otherwise the action
:class:`~rulekit.bots.greedy.GreedyBot` would play. It is the ``easy``
level: a computer that plays sensibly most of the time and leaves openings a
beginner can use.

Measured on province-en (200 games, seats alternating, docs/bots.md): it
beats the random bot in every game, and the greedy bot beats it in 85%
of games.
"""
from __future__ import annotations

from ..i18n import _
from .greedy import GreedyBot

#: The share of decisions played at random.
SLIP_RATE = 0.3


class CarelessBot(GreedyBot):
    name = "careless"

    def __init__(self, seed: int = 0, slip_rate: float = SLIP_RATE):
        super().__init__(seed)
        self.slip_rate = slip_rate

    def choose(self, state) -> int:
        if self.rng.random() < self.slip_rate:
            action = self.rng.choice(state.legal_actions())
            self.last_reason = _("a careless move, chosen at random")
            return action
        return super().choose(state)
