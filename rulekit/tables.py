"""A layer's table of game families: one row per family, registered by the family's own module.

Every layer that serves several games keeps one :class:`Table` (the language's, the engine's, the
bots', the play layer's, the text's, the balance's, the web's: docs/architecture.md, "Game families").
A family's module fills its row when its layer is imported; shared code reads the row of a ruleset's
family (:meth:`Table.of`) and never compares a family's name. A row is whatever the layer needs (most
often a frozen dataclass with the family's ``id``, :class:`Row`). Nothing here knows a family, a
game or a layer.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Row:
    """A row of a table: the id of the family it is for (what its rulesets give as ``family``). A layer's
    row is a subclass with the layer's fields."""

    id: str


class Table(dict):
    """Family id -> that family's row, in the order they registered (a ``dict``, read as one)."""

    def __init__(self, layer: str):
        super().__init__()
        self.layer = layer              # whose table it is, for the messages and the tests

    def register(self, row, family: str | None = None):
        """Add (or replace) ``family``'s row (default: the row's ``id``) and return the row."""
        self[row.id if family is None else family] = row
        return row

    def of(self, ruleset):
        """The row of ``ruleset``'s family (its ``family`` attribute); KeyError where there is none."""
        return self[getattr(ruleset, "family", None)]

    def __repr__(self) -> str:
        return f"Table({self.layer!r}, {dict.__repr__(self)})"


__all__ = ["Row", "Table"]
