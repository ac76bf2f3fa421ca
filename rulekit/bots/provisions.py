"""The Provisions family's row in the bots layer's table of families: its own greedy bot and search
(:mod:`.provisions_policy`), and what its levels stand for."""
from ..language.provisions import FAMILY
from . import provisions_policy
from .registry import FACTORIES, Factory, register_family

#: Simulations per decision of the Provisions family's search (``bot:mcts`` for that family).
PROVISIONS_ITERATIONS = 512

register_family(FAMILY, {
    "random": FACTORIES["random"],
    "greedy": Factory(lambda seed, iterations, seconds: provisions_policy.ProvisionsGreedyBot(seed)),
    "mcts": Factory(lambda seed, iterations, seconds: provisions_policy.make_search(seed, iterations, seconds),
                    budget=True, default_iterations=PROVISIONS_ITERATIONS),
}, {"easy": "random", "normal": "greedy", "hard": f"mcts:{PROVISIONS_ITERATIONS}"})
