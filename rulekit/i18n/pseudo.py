"""The pseudo-locale ``en_XA``: every translated string comes out accented,
bracketed and lengthened (``[Ŵöŕķéŕš ~~]``), so a string that escapes the
catalog shows up as plain English (see :func:`unwrapped_words`).

>>> pseudo("Workers")
'[Ŵöŕķéŕš ~~]'
"""
from __future__ import annotations

import gettext as _gettext
import re

PSEUDO_LANGUAGE = "en_XA"

_ACCENTS = dict(zip(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
))
# What is kept as is: brace fields ({name}, {name!r}, {{, }}), %-style
# conversions (%(name)s, %d, %%), markup tags and entities.
_KEEP = re.compile(
    r"\{\{|\}\}|\{[^{}]*\}|%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[a-zA-Z%]|<[^<>]*>|&[a-zA-Z#0-9]+;"
)


def _accent(text: str) -> str:
    out, pos = [], 0
    for m in _KEEP.finditer(text):
        out.append("".join(_ACCENTS.get(c, c) for c in text[pos:m.start()]))
        out.append(m.group(0))
        pos = m.end()
    out.append("".join(_ACCENTS.get(c, c) for c in text[pos:]))
    return "".join(out)


def pseudo(message: str) -> str:
    """Pseudo-localize ``message``: accented, bracketed, about a third longer.

    Placeholders (``{name}``, ``%(name)s``), markup and the surrounding
    whitespace are kept, so the result formats like the original.
    """
    if not message or not message.strip():
        return message
    stripped = message.strip()
    lead = message[: len(message) - len(message.lstrip())]
    trail = message[len(message.rstrip()):]
    visible = len(_KEEP.sub("", stripped))
    padding = "~" * max(1, visible // 3)
    return f"{lead}[{_accent(stripped)} {padding}]{trail}"


class PseudoTranslations(_gettext.NullTranslations):
    """Translations of the pseudo-locale, computed from the English messages."""

    def gettext(self, message):
        return pseudo(message)

    def ngettext(self, singular, plural, n):
        return pseudo(singular if n == 1 else plural)

    def pgettext(self, context, message):
        return pseudo(message)

    def npgettext(self, context, singular, plural, n):
        return pseudo(singular if n == 1 else plural)


_WORD = re.compile(r"[A-Za-z][A-Za-z']*")


def unwrapped_words(text: str, min_length: int = 2, allow=()) -> list[str]:
    """The plain (not pseudo-localized) words in ``text``, in order.

    The pseudo-locale accents every ASCII letter, so any word written in
    plain ASCII letters escaped the catalog. Words shorter than
    ``min_length`` and the words in ``allow`` (ids, file names…) are ignored.
    """
    allowed = set(allow)
    return [w for w in _WORD.findall(text) if len(w) >= min_length and w not in allowed]


def is_pseudo(text: str, min_length: int = 2, allow=()) -> bool:
    """True when every word of ``text`` went through the pseudo-locale."""
    return not unwrapped_words(text, min_length=min_length, allow=allow)
