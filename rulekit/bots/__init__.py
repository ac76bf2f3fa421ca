"""Computer players.

- :mod:`.base` — what a bot is (``choose(state)``, ``last_reason``) and
  :func:`play_game` between bots, one per seat;
- :mod:`.uniform` — :class:`RandomBot`;
- :mod:`.greedy` — :class:`GreedyBot`;
- :mod:`.policy` — :func:`evaluate` and the greedy policy, which every
  search bot's simulations play (their hot path);
- :mod:`.careless` — :class:`CarelessBot`, the greedy bot with a random move
  three times in ten (the ``easy`` level);
- :mod:`.mcts` — :class:`MCTSBot`, Monte Carlo search over turn plans;
- :mod:`.deep`, :mod:`.wide` — that search looking further ahead, or over more
  candidate turns (``wide`` is the ``hard`` level);
- :mod:`.determinized` — :class:`DeterminizedMCTSBot`, a determinized Monte Carlo search
  over single actions for any game of the protocol, given a rollout policy and an evaluation;
- :mod:`.provisions_policy` — the Provisions family's evaluation, rollout policy and greedy
  bot, and its search (its ``hard`` level);
- :mod:`.registry` — :func:`parse_bot` and :func:`make_bot`: a bot from its spec (``mcts:200``),
  for a family's rulesets (``family=``); :mod:`.province` and :mod:`.provisions` are the families'
  rows in its table.

Bots import the engine, never the play screen or the balance tools
(docs/architecture.md).
"""
from pathlib import Path as _Path

from .. import engine as _engine

if _engine.ENGINE != "compiled":
    # The compiled policy takes only the compiled engine's states: with the pure engine, its source; and the
    # Provisions family's search, compiled with its engine, is its source too (the pure engine is pure throughout).
    for _name in ("policy", "determinized", "provisions_policy"):
        _engine.core.source_module(f"{__name__}.{_name}", _Path(__file__).with_name(f"{_name}.py"))

from .base import play_game  # noqa: E402
from .greedy import GreedyBot, evaluate  # noqa: E402
from .mcts import MCTSBot  # noqa: E402
from .registry import BOT_NAMES, BotSpec, canonical_bot, make_bot, parse_bot  # noqa: E402
# The families' bots, each registering its row in registry.FAMILY_BOTS: one line per family.
from . import province, provisions  # noqa: E402,F401
from .uniform import RandomBot  # noqa: E402

__all__ = ["BOT_NAMES", "BotSpec", "canonical_bot", "parse_bot", "GreedyBot", "MCTSBot", "RandomBot", "evaluate", "make_bot", "play_game"]
