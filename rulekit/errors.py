"""The exceptions rulekit raises. Only the CLI turns them into messages and exit codes."""
from __future__ import annotations

from dataclasses import dataclass

from .i18n import _


class RulekitError(Exception):
    """Base class of every error rulekit reports to a user."""


@dataclass(frozen=True, order=True)
class Problem:
    """One problem in a ruleset file, located where the author wrote it."""

    file: str
    line: int
    column: int
    message: str
    pointer: str = ""

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}"
        if self.pointer:
            return _("{where}: {message} (at {pointer})").format(where=where, message=self.message,
                                                                 pointer=self.pointer)
        return _("{where}: {message}").format(where=where, message=self.message)


class RulesetError(RulekitError):
    """A ruleset could not be loaded: carries every problem found."""

    def __init__(self, problems):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class UnknownRulesetError(RulekitError):
    """A RULESET argument is neither a bundled id nor an existing file."""


class IllegalActionError(RulekitError):
    """An action that is not legal in the current state."""

    def __init__(self, action, legal, message=None):
        self.action = action
        self.legal = list(legal)
        super().__init__(message or _("illegal action '{action}'; legal actions: {legal}").format(
            action=action, legal=", ".join(map(str, self.legal))))


class RecordError(RulekitError):
    """A game record (save file) that cannot be used."""


class BotSpecError(RulekitError, ValueError):
    """A bot named in a form the registry does not know (the message lists the legal forms)."""


class ClusterError(RulekitError):
    """A Dask cluster that cannot be used (not installed, unreachable, a worker failed)."""


class TuneError(RulekitError):
    """A ``tune`` request that cannot be searched (a bad --vary, --target or budget)."""
