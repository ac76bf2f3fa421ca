"""The balance layer's table of families: how a game of each family is played and summed up for a
report, and how a run's games become its figures. A family is a row, never a branch: each family's
module registers its row (:mod:`.province`, :mod:`.provisions`) and :mod:`.simulate` reads the table.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..tables import Row, Table


@dataclass(frozen=True)
class BalanceFamily(Row):
    """One family's row: ``play(ruleset, bot_names, index, seed, max_turns, max_actions)`` plays game
    ``index`` of a run and returns its :class:`rulekit.balance.simulate.GameSummary`;
    ``statistics(ruleset, games, bots)`` the run's figures (the report's ``results``)."""
    play: Callable
    statistics: Callable


#: The families' rows, by id.
FAMILIES: Table = Table("balance")
register = FAMILIES.register
row = FAMILIES.of
