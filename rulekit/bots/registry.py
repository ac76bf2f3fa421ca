"""Bots by name: what ``--players bot:NAME`` and ``--bots NAME`` make."""
from __future__ import annotations

from .greedy import GreedyBot
from .mcts import MCTSBot
from .uniform import RandomBot

BOT_NAMES = ("random", "greedy", "mcts")


def make_bot(name: str, seed: int = 0):
    """A bot by name: one of :data:`BOT_NAMES`."""
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    if name == "mcts":
        return MCTSBot(seed=seed)
    raise ValueError(name)
