"""The newcomer's third review, in the books: nested conditions grouped, and what the French edition's book
leaves out (a rule about goals checked at the end of a turn, which it has none of)."""
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


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_combination_inside_another_is_grouped(lang):
    i18n.set_language(lang)
    data = load_ruleset("province-en").data
    inner = {"all": [{"metric": "structures", "at_least": 3},
                     {"not": {"metric": "coins_held", "coin": "platinum", "at_least": 1}}]}
    text = sentences.condition_sentence(data, {"any": [inner, {"metric": "structures", "at_least": 5}]})
    alone = sentences.condition_sentence(data, inner).rstrip(".")
    grouped = "(" + alone[0].lower() + alone[1:] + ")"
    assert text.count("(") - text.count(")") == 0
    assert text.count("(") >= 3 and alone.split(":")[1].split(";")[0].strip() in text
    assert grouped.split(":")[0] in text                       # "(all of these" / « (tout ceci »


def test_the_french_edition_has_no_end_of_turn_goal_rule():
    for lang in ("fr", "en"):
        fr_book = render_markdown(load_ruleset("province-fr"), lang)
        en_book = render_markdown(load_ruleset("province-en"), lang)
        i18n.set_language(lang)
        rule = sentences.goal_chain_sentence(load_ruleset("province-en").data)
        assert rule not in fr_book and rule in en_book


def test_a_structure_that_adds_a_bonus_on_a_space_is_listed_with_those_that_change_it(tmp_path):
    import scenario as S

    ref = S.variant(tmp_path, """
        structures:
          union:
            effects:
              - conversion: {conversion: union}
              - space_bonus: {space: labor_low, labor: 1}
    """)
    book = render_markdown(load_ruleset(ref), "en")
    listed = book.split("Some structures change what a space yields for their owner:")[1].split("\n\n")[1]
    assert "- Union: " in listed and "- Bank: " in listed


def test_what_counts_as_spent_names_only_the_ways_to_pay_there_are(tmp_path):
    import scenario as S

    with_all = render_markdown(load_ruleset("province-en"), "en")
    assert "counts as spent: for building, for conversions, for sailors, and for repaying." in with_all
    # no sailors (nor ships, which hire them: the Harbor pays an income instead)
    ref = S.variant(tmp_path, {"sailors": None, "casting": None,
                               "structures": {"harbor": {"effects": [{"income": {"coin": 1}}]}}}, name="plain")
    book = render_markdown(load_ruleset(ref), "en")
    assert "counts as spent: for building, for conversions, and for repaying." in book
    rules = [line for line in book.splitlines() if not line.startswith(">")]     # the house-rules box aside
    assert not any("sailor" in line.lower() for line in rules)
