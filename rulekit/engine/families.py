"""The engine's table of game families: a family is a row, never a branch.

Each family's engine registers its row here when it is imported (:mod:`.province`,
:mod:`.provisions`): the id its rulesets give as ``family`` and how a game of it starts. Shared code
asks :func:`row` for the row of a ruleset and calls it; it never compares a family's name. Every row
plays the :class:`rulekit.engine.common.GameState` protocol, which ``tests/test_families.py`` checks
over every bundled ruleset of every family.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..errors import N_, RulekitError, Text
from ..tables import Row, Table


@dataclass(frozen=True)
class EngineFamily(Row):
    """One family's row: ``new_game(ruleset, seed, first_player, players)`` starts a game (a
    :class:`rulekit.engine.common.GameState`); ``sources`` are the names of the sources of a score,
    in the order a report gives them."""
    new_game: Callable
    sources: tuple = ()


#: The families' rows, by id, in the order they registered.
FAMILIES: Table = Table("engine")
register = FAMILIES.register


class UnknownFamilyError(RulekitError):
    """A ruleset of a family the engine has no row for (a loaded ruleset always has one: the language
    checks ``family``; this guards rules made in memory)."""


def row(ruleset) -> EngineFamily:
    """The row of ``ruleset``'s family (its ``family`` attribute)."""
    family = getattr(ruleset, "family", None)
    try:
        return FAMILIES.of(ruleset)
    except (KeyError, TypeError):
        raise UnknownFamilyError(Text(N_("no engine plays the rulesets of the family {family}; the families: "
                                         "{families}"), family=family, families=", ".join(FAMILIES))) from None


def new_game(ruleset, seed: int = 0, first_player: int | None = None, players: int | None = None):
    """A new game of ``ruleset`` for ``players`` (None: the fewest it allows), in the engine of its family."""
    return row(ruleset).new_game(ruleset, seed=seed, first_player=first_player, players=players)
