"""The table of the families' pages (:data:`PAGES`) and what a row gives (:class:`FamilyPage`); the families'
modules fill it, :mod:`.pages` reads it."""
from __future__ import annotations

from typing import Protocol

from ..tables import Table


class FamilyPage(Protocol):
    """What the page needs of a family (each method is given the :class:`~rulekit.web.game.WebGame`)."""

    #: the board script that draws the family's board: ``static/board-{board}.js``
    board: str

    #: the guided first game's steps (``guide`` in the payload is one of them, or None)
    guide_steps: tuple

    def part(self, game, seat: int, playing: bool, mine: list) -> dict:
        """The family's part of the payload for the page of ``mine`` (``seat``: the seat whose view it is,
        -1 for a watcher; ``playing``: that seat decides now). Keys every family gives: ``heading``,
        ``hint``, ``actions`` (each: ``index``, ``kind``, ``label``, ``notation``, ``hover``, ``details``,
        ``group``, ``group_label``, ``target``), ``players`` (each: ``seat``, ``name``, ``lines``), ``end``
        (None before the end), ``catalogue`` (None, or ``{title, entries}``, each entry ``name``, ``brief``, ``status``,
        ``builders``, ``facts``), ``board_data``, ``guide`` (None, or the guided game's step for this page:
        ``{step, text}``, ``step`` one of :attr:`guide_steps`)."""

    def is_action(self, state, action) -> bool:
        """Whether ``action`` is an action number of this game (legal now or not)."""

    def written(self, state, action: int) -> str:
        """``action`` as the player would type it."""

    def why_illegal(self, state, action: int) -> str:
        """Why ``action`` may not be played now ("" when there is nothing more to say)."""

    def hint(self, game) -> str:
        """What the greedy computer would play now, and why, in a sentence."""


#: family id -> its page (each family's module fills its own row).
PAGES: Table = Table("web")


__all__ = ["FamilyPage", "PAGES"]
