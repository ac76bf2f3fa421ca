"""The text layer's table of families: how each family's rulesets are written as a rulebook and
compared in words. A family is a row, never a branch: each family's module registers its row
(:mod:`.province`, :mod:`.provisions`), and the functions here read the table.

A ruleset compared with itself has no difference, whichever it is:

>>> from rulekit.language import bundled_rulesets, load_ruleset
>>> [rule_diff(load_ruleset(i), load_ruleset(i)) for i in bundled_rulesets()] == [[]] * len(bundled_rulesets())
True
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..errors import RulekitError
from ..i18n import _
from ..tables import Row, Table


@dataclass(frozen=True)
class TextFamily(Row):
    """One family's row: ``render(ruleset, fmt, lang)`` writes its rulebook (``md``, ``html``: text;
    ``pdf``: bytes); ``render_html(ruleset, lang, print_css=False)`` the book as a page (the browser's
    rules tab); ``rule_diff(a, b)`` lists the :class:`.changes.Change` from ``a`` to ``b``."""
    render: Callable
    render_html: Callable
    rule_diff: Callable


#: The families' rows, by id.
FAMILIES: Table = Table("text")
register = FAMILIES.register
row = FAMILIES.of


def render(ruleset, fmt: str = "md", lang: str | None = None):
    """The rulebook of ``ruleset`` in its family's words."""
    return row(ruleset).render(ruleset, fmt, lang)


def rule_diff(a, b) -> list:
    """Changes from ruleset ``a`` to ruleset ``b``, two rulesets of one family, in section order."""
    if a.family != b.family:
        raise RulekitError(_("{a} and {b} are rulesets of two different families ({families}): "
                             "a diff compares two rulesets of one game").format(
            a=a.id, b=b.id, families=", ".join(sorted({a.family, b.family}))))
    return row(a).rule_diff(a, b)
