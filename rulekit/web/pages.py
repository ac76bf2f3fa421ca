"""The page of each family of games: one row per family, filled by the family's own module.

:data:`PAGES` maps a family's id (a ruleset's ``family``) to what the browser needs of that family: its
part of the payload a page is sent (the family's view in words, its board's data, its choices, its
players' cards, its end), the name of its board script (``static/board-NAME.js``), and the words for a
refused or a hinted action. The shared page (:mod:`.game`, ``static/app.js``) draws the rest the same way
for every family. A new family adds a module here that fills its row, and a board script.
"""
from __future__ import annotations

from .page_table import PAGES, FamilyPage

# the families' rows: each module fills its own
from . import province_page, provisions_page  # noqa: E402,F401  (isort: skip)


def page_for(ruleset) -> FamilyPage:
    """The page of ``ruleset``'s family."""
    return PAGES.of(ruleset)


__all__ = ["FamilyPage", "PAGES", "page_for"]
