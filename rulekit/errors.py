"""The exceptions rulekit raises. Only the CLI turns them into messages and exit codes.

Each kind of :class:`RulekitError` names the exit status of the ``rulekit``
command that stops on it, in its ``exit_code`` class attribute (as click's
``ClickException.exit_code``); the library itself never exits and never prints.

==========================  =========  ==================================================
kind                        exit code  meaning
==========================  =========  ==================================================
``RulekitError``            1          a problem in the input (the default of every kind)
``RulesetError``            1          a ruleset with problems
``UnknownRulesetError``     1          a RULESET that names nothing
``IllegalActionError``      1          an action that is not legal
``RecordError``             1          a game record that cannot be used
``ClusterError``            1          a Dask cluster that cannot be used
``OutputError``             1          an output file that cannot or must not be written
``BotSpecError``            2          a bot spec the registry does not know (a usage error)
``TuneError``               2          a ``tune`` request that cannot be searched (a usage error)
==========================  =========  ==================================================

A kind defined elsewhere (``ReplayError``, ``RulebookError``…) inherits the
code of the kind it extends. The other statuses of the command are 0 (all
well), 2 for click's own usage errors, and 130 when interrupted (Ctrl-C).
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import ClassVar

from .i18n import N_, _  # noqa: F401  (N_ marks a Text's template for the catalog)


def is_control(ch: str) -> bool:
    """A character that steers a terminal instead of showing: C0/C1 controls,
    DEL, and the invisible format characters (bidirectional overrides...)."""
    return unicodedata.category(ch) in ("Cc", "Cf") and ch not in "\u200d"


#: Every control character (the test of :func:`is_control`, at the speed of a regular expression).
#: The ranges are those of Unicode categories Cc and Cf but U+200D (the
#: zero-width joiner of emoji); tests/test_reliability.py checks them
#: against unicodedata.
CONTROL_RE = re.compile(
    "["
    "\x00-\x1f\x7f-\x9f\xad\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2\u180e"
    "\u200b-\u200c\u200e-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb"
    "\U000110bd\U000110cd\U00013430-\U00013438\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0001\U000e0020-\U000e007f"
    "]")


def printable(text, keep: str = "\n") -> str:
    """``text`` safe to print on a terminal: every control character (escape
    sequences, BEL, bidirectional overrides...) except those in ``keep`` is
    written as a visible escape such as ``\\x1b`` or ``\\u202e``.

    >>> printable("Mill\\x1b[2J\\a")
    'Mill\\\\x1b[2J\\\\x07'
    """
    text = str(text)
    if not CONTROL_RE.search(text):
        return text
    out = []
    for ch in text:
        if ch in keep or not is_control(ch):
            out.append(ch)
        elif ord(ch) < 0x100:
            out.append(f"\\x{ord(ch):02x}")
        else:
            out.append(f"\\u{ord(ch):04x}")
    return "".join(out)


class Text:
    """A message translated when it is shown, not when it is made: an English
    template, marked for the catalog with ``N_``, and its fields (a field may be a
    Text too). Modules that know no language (the engine) give their errors Texts.

    >>> str(Text(N_("{file}: no such file"), file="game.json"))
    'game.json: no such file'
    """

    __slots__ = ("template", "fields")

    def __init__(self, template: str, **fields):
        self.template = template
        self.fields = fields

    def __str__(self) -> str:
        return _(self.template).format(**{k: str(v) if isinstance(v, Text) else v for k, v in self.fields.items()})

    def __repr__(self) -> str:
        return f"Text({self.template!r})"


class RulekitError(Exception):
    """Base class of every error rulekit reports to a user."""

    #: The exit status of the ``rulekit`` command that stops on this error.
    exit_code: ClassVar[int] = 1


@dataclass(frozen=True, order=True)
class Problem:
    """One problem in a ruleset file, located where the author wrote it."""

    file: str
    line: int
    column: int
    message: str
    pointer: str = ""

    def __str__(self) -> str:
        where = printable(f"{self.file}:{self.line}:{self.column}", keep="")
        message = printable(self.message, keep="")
        if self.pointer:
            return _("{where}: {message} (at {pointer})").format(where=where, message=message,
                                                                 pointer=printable(self.pointer, keep=""))
        return _("{where}: {message}").format(where=where, message=message)


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


class PlayerCountError(RulekitError, ValueError):
    """A game asked for a number of players its ruleset does not allow (the message names the numbers it does)."""

    exit_code = 2

    def __init__(self, asked: int, allowed: range, ruleset: str = ""):
        self.asked, self.allowed, self.ruleset = asked, allowed, ruleset
        if len(allowed) == 1:
            message = Text(N_("{ruleset} is played by {count} players, not {asked}"),
                           ruleset=ruleset, count=allowed.start, asked=asked)
        else:
            message = Text(N_("{ruleset} is played by {low} to {high} players, not {asked}"),
                           ruleset=ruleset, low=allowed.start, high=allowed.stop - 1, asked=asked)
        super().__init__(message)


class BotSpecError(RulekitError, ValueError):
    """A bot named in a form the registry does not know (the message lists the legal forms)."""

    exit_code = 2


class ClusterError(RulekitError):
    """A Dask cluster that cannot be used (not installed, unreachable, a worker failed)."""


class OutputError(RulekitError):
    """An output file that cannot be written, or must not be: it is a file the command reads
    (the ruleset, a base it extends, the record), a folder, or in a folder that does not exist."""


class TuneError(RulekitError):
    """A ``tune`` request that cannot be searched (a bad --vary, --target or budget)."""

    exit_code = 2
