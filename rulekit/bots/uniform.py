"""The random bot: picks uniformly among the legal actions."""
from __future__ import annotations

import random

from ..i18n import _


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.last_reason = ""

    def choose(self, state) -> int:
        action = self.rng.choice(state.legal_actions())
        self.last_reason = _("chosen at random")
        return action
