"""The page of each family of games: one row per family, filled by the family's own module.

:data:`PAGES` maps a family's id (a ruleset's ``family``) to what the browser needs of that family: its
part of the payload a page is sent (the family's view in words, its board's data, its choices, its
players' cards, its end), the name of its board script (``static/board-NAME.js``), and the words for a
refused or a hinted action. The shared page (:mod:`.game`, ``static/app.js``) draws the rest the same way
for every family. A new family adds a module here that fills its row, and a board script.
"""
from __future__ import annotations

from typing import Protocol


class FamilyPage(Protocol):
    """What the page needs of a family (each method is given the :class:`~rulekit.web.game.WebGame`)."""

    #: the board script that draws the family's board: ``static/board-{board}.js``
    board: str

    def part(self, game, seat: int, playing: bool, mine: list) -> dict:
        """The family's part of the payload for the page of ``mine`` (``seat``: the seat whose view it is,
        -1 for a watcher; ``playing``: that seat decides now). Keys every family gives: ``heading``,
        ``hint``, ``actions`` (each: ``index``, ``kind``, ``label``, ``notation``, ``hover``, ``details``,
        ``group``, ``group_label``, ``target``), ``players`` (each: ``seat``, ``name``, ``lines``), ``end``
        (None before the end), ``catalogue`` (None, or ``{title, entries}``), ``board_data``."""

    def is_action(self, state, action) -> bool:
        """Whether ``action`` is an action number of this game (legal now or not)."""

    def written(self, state, action: int) -> str:
        """``action`` as the player would type it."""

    def why_illegal(self, state, action: int) -> str:
        """Why ``action`` may not be played now ("" when there is nothing more to say)."""

    def hint(self, game) -> str:
        """What the greedy computer would play now, and why, in a sentence."""


#: family id -> its page (filled by the families' modules below).
PAGES: dict = {}


def page_for(ruleset) -> FamilyPage:
    """The page of ``ruleset``'s family."""
    return PAGES[getattr(ruleset, "family", None)]


# the families' rows: each module fills its own
from . import province_page, provisions_page  # noqa: E402,F401

__all__ = ["FamilyPage", "PAGES", "page_for"]
