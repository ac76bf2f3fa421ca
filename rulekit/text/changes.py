"""A rule difference in words, as every family's diff reports it (:mod:`rulekit.text.diff`,
:mod:`rulekit.text.provisions_diff`)."""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from ..i18n import _

_WORDS = re.compile(r"[^ \u00a0\u202f]+|[ \u00a0\u202f]")


@dataclass(frozen=True)
class Change:
    """One rule difference: ``old`` is None for an addition, ``new`` None for a removal."""

    section: str
    key: str
    subject: str
    old: str | None
    new: str | None
    heading: str | None = None     # the declared title of the section, when the ruleset gives one

    def sentence(self) -> str:
        if self.old is None:
            return _("{subject}: {new} (new)").format(subject=self.subject, new=self.new)
        if self.new is None:
            return _("{subject}: removed (was: {old})").format(subject=self.subject, old=self.old)
        return _("{subject}: {new} (was: {old})").format(subject=self.subject, new=self.new, old=self.old)


    def brief(self) -> str:
        """The change as a house-rules box prints it: where the new rule differs
        from the old one in one place of a word or two, or in two numbers, only
        those words are marked, in place ("draw 3 (was 5) at random", "cost: 2
        (was 3) Labor and 7 (was 4) Coin"); otherwise :meth:`sentence` (two
        marked words in one phrase read as a puzzle)."""
        if self.old is None or self.new is None:
            return self.sentence()
        old, new = _WORDS.findall(self.old), _WORDS.findall(self.new)      # words and the spaces between
        blocks = [op for op in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes()
                  if op[0] != "equal"]
        small = all(i2 - i1 <= 3 and j2 - j1 <= 3 and i2 > i1 and j2 > j1 for _tag, i1, i2, j1, j2 in blocks)
        numbers = all(_is_number(old[i1:i2]) and _is_number(new[j1:j2]) for _tag, i1, i2, j1, j2 in blocks)
        if not small or not (len(blocks) == 1 or len(blocks) == 2 and numbers) or _in_a_name(new, blocks):
            return self.sentence()
        words, last = [], 0
        for _tag, i1, i2, j1, j2 in blocks:
            words.extend(new[last:j1])
            words.append(_("{new} (was {old})").format(new="".join(new[j1:j2]), old="".join(old[i1:i2])))
            last = j2
        words.extend(new[last:])
        return _("{subject}: {new}").format(subject=self.subject, new="".join(words))


    def boxed(self, added_section: bool = False) -> str:
        """The change as a house-rules box prints it, short: :meth:`brief` where it marks a word or two in
        place; else the new rule, then the old words that differ when they are few ("…; before: red or
        blue."), else the new rule alone (the book already shows it everywhere, the base book the old one).
        ``added_section``: every change of the section is an addition, which its heading says once, so
        the line does not ("(new)" on every line reads as a list of labels)."""
        if self.old is None:
            if added_section:
                return _("{subject}: {new}").format(subject=self.subject, new=self.new)
            return self.sentence()
        if self.new is None:
            return self.sentence()
        brief = self.brief()
        if brief != self.sentence():
            return brief
        old, new = _WORDS.findall(self.old), _WORDS.findall(self.new)
        start = 0
        while start < min(len(old), len(new)) and old[start] == new[start]:
            start += 1
        end = 0
        while end < min(len(old), len(new)) - start and old[-1 - end] == new[-1 - end]:
            end += 1
        if len(self.old.split()) <= 10:                   # a short value: all of it
            start, end = 0, 0
        span = "".join(old[start:len(old) - end]).strip(" \u00a0\u202f.,;:")
        if span.startswith("(") and span.endswith(")") and span.count("(") == 1:
            span = span[1:-1]                                # "(red or blue)": the words, not the brackets
        while span.count("(") > span.count(")") and span.startswith("("):
            span = span[1:]
        while span.count(")") > span.count("(") and span.endswith(")"):
            span = span[:-1]
        whole = self.old.strip(" \u00a0\u202f.")
        if len(span.split()) < 2 and len(whole.split()) <= 25:
            span = whole                                       # one word alone out of its sentence says nothing
        if 2 <= len(span.split()) <= 8 or span == whole:
            return _("{subject}: {new}; before: {old}.").format(
                subject=self.subject, new=self.new.rstrip(" ."), old=span)
        return _("{subject}: {new}").format(subject=self.subject, new=self.new)


def _in_a_name(words, blocks) -> bool:
    """Whether a changed word is part of a name of several capitalised words ("Labor Top" to "Labor Low"):
    marking only that word would read as a new name ("the Labor Low (was Top) space")."""
    def capital(k):
        return 0 <= k < len(words) and words[k][:1].isupper()

    for _tag, _i1, _i2, j1, j2 in blocks:
        if j2 > j1 and capital(j1) and (capital(j1 - 2) or capital(j2 + 1)):
            return True
    return False


def _is_number(words) -> bool:
    return len(words) == 1 and words[0].replace("\u202f", "").replace("\xa0", "").replace(",", "").isdigit()


__all__ = ["Change"]
