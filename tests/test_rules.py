"""One scenario per rule that both editions of Province state (province-en, province-fr).

Each test here runs once per edition (``test_most_vp_at_the_end_wins[province-en]``,
``[province-fr]``). Its ``@rule`` decorator carries, for each edition, the
sentence it checks, quoted verbatim from that edition's rule text; its
docstring, when it has one, explains how the engine reads the sentence where
the text leaves a choice (docs/readings.md). Rules that only one edition
states, and rules the editions state differently (rules-notes §2), are tested
in tests/test_rules_en.py and tests/test_rules_fr.py, one docstring quote each.

A scenario never asks which edition it plays. Where the editions differ only in
names or values, the difference is data: costs, VP and prerequisites come from
the ruleset (scenario.cost/afford, :func:`requires`, :func:`give`), and the few
facts of the texts a scenario needs are the fields of :class:`Edition`.
Positions are built with tests/scenario.py, which keeps coins conserved and
structures consistent.

``python tests/rule_coverage.py SEED.txt --edition province-en tests/test_rules*.py``
lists the sentences of a rule text that no test quotes.
"""
from __future__ import annotations

import dataclasses
import random

import pytest
import scenario as S
from scenario import labor, labor_earned, load_ruleset

from rulekit.engine import OVER, SPENDING, WORK, compile_ruleset
from rulekit.errors import IllegalActionError

spending, end_game, claim = S.spending, S.end_game, S.claim


# ================================================================= EDITIONS
@dataclasses.dataclass(frozen=True)
class Edition:
    """What a rule scenario needs to know of one edition, besides its ruleset."""

    ruleset: str
    quiet: tuple[str, ...]      # goals no test meets by accident (the default stack)
    coins: int                  # value of every coin the component list names
    quote: str = ""             # in a shared test: the sentence checked, in this edition's words

    def __str__(self):
        return self.ruleset

    def game(self, first: int = 0, goals=None, seed: int | None = None):
        """A new game, seat ``first`` to play, with a known goal stack (top
        first; ``None``: the quiet goals; ``()``: none left).

        An edition that draws the first player (the French coin flip) takes the
        first seed from 0 whose draw gives ``first``.
        """
        if seed is None:
            seed = _first_seed(self.ruleset, first)
        st = S.new(self.ruleset, seed=seed, first=first)
        assert st.first == first == st.current
        goals = self.quiet if goals is None else goals
        S.set_goals(st, goals[0] if goals else None, goals[1:] if goals else ())
        return st

    def goals(self, *names: str) -> tuple[str, ...]:
        """These goals (top first), then a quiet one not among them, if any is left."""
        rest = [g for g in self.quiet if g not in names]
        return names + tuple(rest[:1])


EDITIONS = {
    "province-en": Edition("province-en", quiet=("coin10", "two_vp", "structure"), coins=10 * 1 + 3 * 5 + 10),
    "province-fr": Edition("province-fr", quiet=("two_vp", "structure"), coins=8 * 1 + 5 * 5 + 10),
}

_FIRST_SEEDS: dict[tuple[str, int], int] = {}


def _first_seed(ruleset: str, first: int) -> int:
    if not compile_ruleset(load_ruleset(ruleset)).first_random:
        return 0
    if (ruleset, first) not in _FIRST_SEEDS:
        _FIRST_SEEDS[ruleset, first] = next(s for s in range(100) if S.new(ruleset, seed=s).first == first)
    return _FIRST_SEEDS[ruleset, first]


def rule(quotes: dict[str, str]):
    """Run the test once per edition, as ``ed``: ``quotes`` maps each ruleset id
    to the sentence the test checks, quoted verbatim from that edition's text
    (tests/rule_coverage.py reads the dict without importing this module)."""
    return pytest.mark.parametrize(
        "ed", [pytest.param(dataclasses.replace(EDITIONS[r], quote=q), id=r) for r, q in quotes.items()])


# ================================================================== HELPERS
def requires(st, name: str) -> list[str]:
    """The structures ``name`` requires, as the ruleset draws the arrows."""
    return list(st.c.data["structures"][name].get("requires", ()))


def give(st, p: int, *names: str, **kw):
    """scenario.give_structures, each structure after the ones it requires (the
    editions draw the Mill/Smithy arrow in opposite directions)."""
    todo = list(names)
    while todo:
        name = next(n for n in todo if not set(requires(st, n)) & set(todo))
        S.give_structures(st, p, name, **kw)
        todo.remove(name)


def free_income(st) -> str:
    """The structure paying 1 Labor a turn that requires none: the Mill in the
    English edition, the Smithy in the French one (rules-notes §2)."""
    return next(n for n in ("mill", "smithy") if not requires(st, n))


def supply_only(st, holder: int, **counts: int):
    """Leave exactly these coins (by id) in the supply; seat ``holder`` takes
    every other coin of the supply (coins conserved)."""
    keep = {cid: st.supply[i] + st.purses[holder][i] - counts.get(cid, 0) for i, cid in enumerate(st.c.coin_ids)}
    S.set_purse(st, holder, **keep)


def hire_ready(ed: Edition, first: int = 0):
    """Seat ``first`` to play, both seats own the Harbor (the opponent built it
    first), the ships show the mixed result: a sailor may be hired this turn."""
    st = ed.game(first=first)
    p = st.current
    S.give_structures(st, 1 - p, "harbor")
    S.give_structures(st, p, "harbor")
    S.set_ship(st, "mixed")
    S.begin_turn(st, p)
    return st
