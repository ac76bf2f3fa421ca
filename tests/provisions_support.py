"""Helpers of the Provisions tests: games at a chosen point, and rules with a part changed."""
from __future__ import annotations

import copy

from rulekit.engine.provisions import PLAY, new_game
from rulekit.language import load_ruleset
from rulekit.language.provisions import ProvisionsRules

RULES = load_ruleset("provisions-1849")
COLOURS = RULES.colours


def variant(**sections) -> ProvisionsRules:
    """The bundled game with whole sections replaced (not validated: the tests build only good ones)."""
    data = copy.deepcopy(RULES.data)
    data.update(copy.deepcopy(sections))
    return ProvisionsRules.from_data("test-variant", data)


def started(players: int = 2, seed: int = 0, rules=None):
    """A game past the bonus pick (every seat keeps its first card): July's first action."""
    st = new_game(rules or RULES, seed=seed, players=players)
    while st.phase != PLAY:
        st.apply(st.legal_actions()[0])
    return st


def first_legal(st):
    """The first legal action that is not a sale (sales would change the row the tests watch)."""
    legal = st.legal_actions()
    quiet = [a for a in legal if st.action_kind(a) != "sell"]
    return (quiet or legal)[0]


def advance(st, until):
    """Play first legal actions until ``until(st)`` holds (or the game ends)."""
    while not st.is_terminal() and not until(st):
        st.apply(first_legal(st))
    return st


def goods_total(st) -> int:
    """Every cube where it can be: supply, suppliers, stores, vigilantes."""
    return sum(st.holding) + sum(st.area) + sum(st.vigilantes) + sum(sum(s) for s in st.stock)


def c(colour: str) -> int:
    return COLOURS.index(colour)


def prospector(pid: str) -> int:
    return [p.id for p in RULES.prospectors].index(pid)
