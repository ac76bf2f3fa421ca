"""The newcomer's third review, in the books: what the French edition's book leaves out (a rule about goals
checked at the end of a turn, which it has none of)."""
from __future__ import annotations

import pytest

from rulekit import i18n
from rulekit.language import load_ruleset
from rulekit.text import sentences
from rulekit.text.rulebook import render_markdown


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def test_the_french_edition_has_no_end_of_turn_goal_rule():
    for lang in ("fr", "en"):
        fr_book = render_markdown(load_ruleset("province-fr"), lang)
        en_book = render_markdown(load_ruleset("province-en"), lang)
        i18n.set_language(lang)
        rule = sentences.goal_chain_sentence(load_ruleset("province-en").data)
        assert rule not in fr_book and rule in en_book
