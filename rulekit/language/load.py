"""Loading and validating a ruleset: what the rest of rulekit calls.

:func:`load_ruleset` reads a bundled id or a file, resolves ``extends``
(:mod:`rulekit.language.ruleset`) and checks the result
(:mod:`rulekit.language.validation`); :func:`validate_path` lists every problem
without raising.
"""
from __future__ import annotations

from pathlib import Path

from ..errors import Problem, RulesetError
from ..paths import exists
from ..i18n import _
from . import families
from .families import FAMILIES, family_of
# The families of the language, each registering its row in FAMILIES: one line per family.
from . import province  # noqa: F401
from . import provisions  # noqa: F401
from .ruleset import Ruleset, bundled_rulesets, display_path, resolve_file, resolve_ref


def _resolve_arg(path):
    text = str(path)
    bundled = bundled_rulesets()
    if text in bundled and not exists(text):
        return resolve_file(bundled[text], display=display_path(bundled[text]))
    return resolve_file(Path(text), display=text)


def validate_path(path) -> list[Problem]:
    """Every problem of a ruleset file (or bundled id), sorted by file and line.

    Never raises for bad input: an unreadable file is a problem too.
    """
    return check_path(path)[0]


def check_path(path) -> tuple[list[Problem], list[Problem]]:
    """(problems, warnings) of a ruleset file or bundled id. Warnings (a patch
    that changes nothing, parts that can never come into play) are only looked
    for in a ruleset without problems. Never raises for bad input."""
    return check_and_load(path)[:2]


def check_and_load(path) -> tuple[list[Problem], list[Problem], Ruleset | None]:
    """:func:`check_path`, and the ruleset itself when it has no problem (None otherwise): one reading
    and one check where ``check_path`` then ``load_ruleset`` would do both twice."""
    res = _resolve_arg(path)
    problems = _problems(res)
    if problems or res.data is None:
        return problems, [], None
    warnings = families.row(family_of(res.data)).warnings(res)
    return [], warnings, _ruleset(res, res.path or Path(str(path)))


def load_ruleset(ref: str | Path) -> Ruleset:
    """Load a bundled id or a file, resolve ``extends``, and check it.

    Raises :class:`UnknownRulesetError` when ``ref`` names nothing, and
    :class:`RulesetError` carrying every problem when the ruleset is invalid.
    """
    path = resolve_ref(ref)
    res = resolve_file(path, display=str(ref) if not str(ref) in bundled_rulesets() else display_path(path))
    problems = _problems(res)
    if problems:
        raise RulesetError(problems)
    return _ruleset(res, path)


def load_resolved(data, display: str, ruleset_id: str | None = None) -> Ruleset:
    """A ruleset from data already resolved (``extends`` merged, defaults filled in: a ruleset's
    :attr:`~Ruleset.data`, as a game record keeps it), checked as a file is; ``display`` names it in
    the problems. Raises :class:`RulesetError`. The ruleset has no file (``source`` None)."""
    import copy

    from .ruleset import Resolution

    if not isinstance(data, dict):
        raise RulesetError([Problem(display, 1, 1, _("the rules are not a mapping"), "")])
    res = Resolution(file=display, data=copy.deepcopy(data))
    problems = _problems(res)
    if problems:
        raise RulesetError(problems)
    import dataclasses

    rs = _ruleset(res, Path(ruleset_id or res.data.get("id") or "rules"))
    return dataclasses.replace(rs, source=None, chain=())


def _problems(res) -> list[Problem]:
    """Every problem of a resolved file (reading, merging, then the checks of its family), sorted, each once."""
    problems = list(res.problems)
    if res.data is not None:
        family = families.row(res.data.get("family", families.default_family()))
        if family is None:
            problems.append(res.problem("/family", _("unknown family {family}: the families of the rules language "
                                                     "are {families}").format(family=res.data.get("family"),
                                                                              families=", ".join(FAMILIES))))
        else:
            if not family.keeps_family_key and "family" in res.data:
                del res.data["family"]        # said in so many words: the family's schema does not list it
            problems.extend(family.check(res))
    return sorted(set(problems))


def _ruleset(res, path: Path) -> Ruleset:
    """The typed rules of a checked file, as its family reads them."""
    return families.row(family_of(res.data)).load(
        id=res.data.get("id", path.stem), data=res.data, source=str(path), chain=tuple(res.chain),
        positions=res.positions)
