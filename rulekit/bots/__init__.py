"""Computer players.

- :mod:`.base` — what a bot is (``choose(state)``, ``last_reason``) and
  :func:`play_game` between two bots;
- :mod:`.uniform` — :class:`RandomBot`;
- :mod:`.greedy` — :class:`GreedyBot`;
- :mod:`.policy` — :func:`evaluate` and the greedy policy, which every
  search bot's simulations play (their hot path);
- :mod:`.careless` — :class:`CarelessBot`, the greedy bot with a random move
  three times in ten (the ``easy`` level);
- :mod:`.mcts` — :class:`MCTSBot`, Monte Carlo search over turn plans;
- :mod:`.deep`, :mod:`.wide` — that search looking further ahead, or over more
  candidate turns (``wide`` is the ``hard`` level);
- :mod:`.registry` — :func:`parse_bot` and :func:`make_bot`: a bot from its spec (``mcts:200``).

Bots import the engine, never the play screen or the balance tools
(docs/architecture.md).
"""
from .base import play_game
from .greedy import GreedyBot, evaluate
from .mcts import MCTSBot
from .registry import BOT_NAMES, BotSpec, canonical_bot, make_bot, parse_bot
from .uniform import RandomBot

__all__ = ["BOT_NAMES", "BotSpec", "canonical_bot", "parse_bot", "GreedyBot", "MCTSBot", "RandomBot", "evaluate", "make_bot", "play_game"]
