"""The rules language's table of families: a family is a row, never a branch.

A ruleset says which family of the language it is written in (``family:``); the family of a ruleset
that names none is the table's default. Each family registers its row when it is imported
(:mod:`.province`, :mod:`.provisions`): how a resolved file is checked, how the checked data becomes
the typed rules the engine and the text read, its warnings, and what the family fills in while
resolving. Shared code (:mod:`.load`, :mod:`.ruleset`) asks :func:`row` and never compares a name.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..tables import Row, Table


def _none(_res) -> list:
    return []


@dataclass(frozen=True)
class LanguageFamily(Row):
    """One family's row.

    - ``check(res)``: every problem of a resolved file (:class:`rulekit.language.ruleset.Resolution`);
    - ``load(id, data, source, chain, positions)``: the typed rules of checked data;
    - ``warnings(res)``: what is legal but likely a mistake (looked for only without problems);
    - ``complete(res, data, positions, old_casting)``: defaults the family fills in while resolving
      ``extends`` (None: nothing);
    - ``keeps_family_key``: False where the family's schema does not list ``family`` (it is then taken
      out of the data once read);
    - ``model(data)``: the family's typed rules model of resolved data, built once per ruleset
      (``Ruleset.model``); None where the loaded rules are typed already (``load`` returns them).
    """
    check: Callable
    load: Callable
    warnings: Callable = _none
    complete: Callable | None = None
    keeps_family_key: bool = True
    model: Callable | None = None


#: The families' rows, by id, in the order they registered.
FAMILIES: Table = Table("language")
#: The id of the family of a ruleset that names none (the first to register as the default).
DEFAULT: list = []


def register(family: LanguageFamily, default: bool = False) -> LanguageFamily:
    FAMILIES.register(family)
    if default and not DEFAULT:
        DEFAULT.append(family.id)
    return family


def default_family() -> str:
    return DEFAULT[0]


def family_of(data) -> str:
    """The family a ruleset's data is written in: its top-level ``family``, or the default when absent
    (any other value is left to the loader to report)."""
    family = data.get("family", default_family()) if isinstance(data, dict) else default_family()
    return family if isinstance(family, str) else default_family()


def row(family: str) -> LanguageFamily | None:
    """The row of ``family`` (None for a name no family has, or a value that is not a name)."""
    return FAMILIES.get(family) if isinstance(family, str) else None
