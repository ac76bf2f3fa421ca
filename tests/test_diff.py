"""``rulekit diff``: rule differences between two rulesets, in words, by section."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from rulekit.cli import cli
from rulekit.i18n import language
from rulekit.language import load_ruleset
from rulekit.text.diff import Change, grouped, render_text, rule_diff


@pytest.fixture(scope="module")
def editions():
    return load_ruleset("province-en"), load_ruleset("province-fr")


def by_key(changes):
    return {(c.section, c.key): c for c in changes}


def test_identical_rulesets_have_no_difference(editions):
    en, _fr = editions
    assert rule_diff(en, en) == []
    result = CliRunner().invoke(cli, ["diff", "province-fr", "province-fr"])
    assert result.exit_code == 0
    assert result.output == "no differences\n"


def test_every_data_row_of_the_edition_table(editions):
    """Every row of rules-notes §2 that is data shows up as a change (English -> French)."""
    en, fr = editions
    changes = by_key(rule_diff(en, fr))
    # goal tokens: pool of 9 with 5 drawn -> pool of 5, all used
    c = changes[("components", "goal_tokens")]
    assert "9 goal tokens, of which 5 are drawn" in c.old and "5 goal tokens, all used" in c.new
    assert "draw 5 at random" in changes[("setup", "goal_draw")].old
    # goals in the pool: the English-only goals are removed, the French Coin goal is new
    for gid in ("coin5", "crowd", "spending", "grind", "coin10"):
        assert changes[("goals", gid)].new is None, gid
    assert changes[("goals", "coin")].old is None
    assert "Hold at least 5 Coin" in changes[("goals", "coin")].new
    assert ("goals", "workers") not in changes and ("goals", "structure") not in changes
    # coins: 10 x 1, 3 x 5 (35) -> 8 x 1, 5 x 5 (43)
    assert (changes[("components", "coin:silver")].old, changes[("components", "coin:silver")].new) == ("10", "8")
    assert (changes[("components", "coin:gold")].old, changes[("components", "coin:gold")].new) == ("3", "5")
    assert "35" in changes[("components", "coins_total")].old and "43" in changes[("components", "coins_total")].new
    # sailors: 3 red + 3 blue, at most 3 on the cycle -> 3 shared, while any remain
    assert "Each player has 3 sailors" in changes[("components", "sailors")].old
    assert "3 two-sided sailors" in changes[("components", "sailors")].new
    assert "At most 3 sailors" in changes[("components", "sailors_max")].old
    assert "as long as any remain" in changes[("components", "sailors_max")].new
    # labor tracker
    assert (changes[("components", "labor_tracker")].old, changes[("components", "labor_tracker")].new) == (
        "included", "not included")
    # first player: choose -> coin flip with a ship token
    assert "agree" in changes[("setup", "first_player")].old
    assert "Toss a ship token" in changes[("setup", "first_player")].new
    # Smithy / Mill prerequisites, as written in each edition
    assert (changes[("structures", "mill:requires")].old, changes[("structures", "mill:requires")].new) == ("none", "Smithy")
    assert (changes[("structures", "smithy:requires")].old, changes[("structures", "smithy:requires")].new) == ("Mill", "none")
    # Harbor cast: also at the end of the turn of the first build
    assert "at the end of the turn in which the Harbor is first built" in changes[("casting", "cast")].new
    assert "at the end of the turn" not in changes[("casting", "cast")].old
    # Lender: no same-turn restriction in French
    c = changes[("borrowing", "repay_same_turn")]
    assert c.old == "You cannot repay it in the turn you took it." and c.new == "You may repay it in the same turn you took it."
    # coin bonus: none -> 1 VP per full 5 coins
    c = changes[("scoring", "coin_bonus")]
    assert c.old == "Coins held at the end score no VP."
    assert "1 VP for each full 5 Coin" in c.new
    # tie-breaks: VP, structures, workers -> VP, structures
    c = changes[("scoring", "tie_breaks")]
    assert (c.old, c.new) == ("VP → structures → workers → a tie", "VP → structures → a tie")


def test_rules_that_are_the_same_are_not_listed(editions):
    en, fr = editions
    keys = by_key(rule_diff(en, fr))
    for same in (("structures", "lender:cost"), ("structures", "village:cost"), ("structures", "lender:vp"), ("borrowing", "penalty"),
                 ("end", "finish_turn"), ("setup", "starting_coins"), ("work", "order")):
        assert same not in keys


def test_diff_reads_in_words_grouped_by_section(editions):
    en, fr = editions
    text = render_text(rule_diff(en, fr), "A", "B")
    assert text.startswith("Rule differences from A to B:\n")
    assert "  - Mill — requires: Smithy (was: none)\n" in text
    assert "  - Goal Crowd: removed (was: " in text
    assert "  - Goal Coin: Hold at least 5 Coin" in text and text.count("(new)") >= 1
    # sections appear once each, in reading order
    sections = [line for line in text.splitlines() if line and not line.startswith(" ") and not line.endswith(":")]
    assert sections == ["Components", "Setup", "Structures", "Borrowing", "Ships and sailors", "Conversions", "Goals",
                        "Scoring and ties"]
    assert "  - Heading of this section: Grind (new)\n" in text      # the French edition's « Corvées » (L30)


def test_grouped_keeps_section_order(editions):
    en, fr = editions
    groups = grouped(rule_diff(en, fr))
    assert [g for g, _ in groups][0] == "components"
    assert all(isinstance(c, Change) for _, items in groups for c in items)


def test_diff_command_in_french():
    result = CliRunner().invoke(cli, ["diff", "province-en", "province-fr", "--lang", "fr"])
    assert result.exit_code == 0, result.output
    assert "Moulin — prérequis\u202f: Forge (avant\u202f: aucun)" in result.output
    assert "Départage des égalités\u202f: PV → Bâtiments → égalité (avant\u202f: PV → Bâtiments → Ouvriers → égalité)" in result.output


def test_diff_command_english_to_french_editions():
    result = CliRunner().invoke(cli, ["diff", "province-en", "province-fr", "--lang", "en"])
    assert result.exit_code == 0
    out = result.output
    for expected in ("Goal tokens:", "Silver coins (value 1): 8 (was: 10)", "Gold coins (value 5): 5 (was: 3)",
                     "Sailors:", "Labor tracker: not included (was: included)", "First player:",
                     "Mill — requires: Smithy (was: none)", "Smithy — requires: none (was: Mill)",
                     "Casting the ships:", "Repaying in the same turn:", "Coins at the end:", "Tie-breaks:",
                     "Goal 10 Coin: removed", "Goal Crowd: removed", "Goal Spending: removed", "Goal Grind: removed",
                     "Goal 5 Coin: removed", "Goal Coin: "):
        assert expected in out, expected


def test_variant_against_its_base(tmp_path):
    path = tmp_path / "v.yaml"
    path.write_text("extends: province-en\nid: v\nstructures:\n  bank:\n    cost: {labor: 2, coin: 7}\n"
                    "  mill:\n    requires: [smithy]\n  smithy:\n    requires: null\n"
                    "end:\n  finish_turn: false\n", encoding="utf-8")
    changes = rule_diff(load_ruleset("province-en"), load_ruleset(path))
    assert [c.sentence() for c in changes] == [
        "Bank — cost: 2 Labor and 7 Coin (was: 1 Labor and 4 Coin)",
        "Mill — requires: Smithy (was: none)",
        "Smithy — requires: none (was: Mill)",
        "Last turn: The game is over at once, in the middle of the turn. "
        "(was: The player whose action ended the game finishes their turn; then the game is over.)",
    ]


def test_added_and_removed_structure(tmp_path):
    path = tmp_path / "v.yaml"
    path.write_text("extends: province-en\nid: v\nstructures:\n  union: null\n  tower:\n    name: Tower\n"
                    "    cost: {labor: 1}\n    vp: {first: 3, later: 1}\n", encoding="utf-8")
    changes = rule_diff(load_ruleset("province-en"), load_ruleset(path))
    sentences = [c.sentence() for c in changes if c.section == "structures"]
    assert "Union: removed (was: in the game)" in sentences
    # A new structure's one line shows all of it: cost, VP, requirements and effects.
    assert ("Tower: Cost: 1 Labor. VP: 3 for the first builder, 1 for a later builder. Requires: none. "
            "Effect: no effect (new)") in sentences
    # no detail lines for a structure that is added or removed as a whole
    assert not [c for c in changes if c.key.startswith(("union:", "tower:"))]


def test_diff_language_is_restored():
    with language("fr"):
        rule_diff(load_ruleset("province-en"), load_ruleset("province-fr"))
    result = CliRunner().invoke(cli, ["diff", "province-en", "nope"])
    assert result.exit_code == 1
    assert "unknown ruleset" in result.output


def test_new_structure_in_the_house_rules_box_shows_all_of_it(tmp_path):
    from rulekit.text.rulebook import render_markdown
    path = tmp_path / "v.yaml"
    path.write_text("extends: province-en\nid: v\nstructures:\n  market:\n    name: Market\n"
                    "    cost: {labor: 2, coin: 1}\n    vp: {first: 2, later: 1}\n    requires: [mill]\n"
                    "    effects:\n      - income: {coin: 1}\n", encoding="utf-8")
    line = ("Market: Cost: 2 Labor and 1 Coin. VP: 2 for the first builder, 1 for a later builder. "
            "Requires: Mill. Effect: At the start of each of your turns, earn 1 Coin. (new)")
    assert line in [c.sentence() for c in rule_diff(load_ruleset("province-en"), load_ruleset(path))]
    book = render_markdown(load_ruleset(path))
    assert "### Structures (added)" in book and line.removesuffix(" (new)") in book   # marked once, by its section
    with language("fr"):
        fr = [c.sentence() for c in rule_diff(load_ruleset("province-en"), load_ruleset(path))]
    assert any(x.startswith("Market") and "Moulin" in x and "Effet\u202f: au début" in x and "(ajout)" in x for x in fr), fr


def test_the_house_rules_box_marks_only_the_words_that_changed():
    from rulekit.text.diff import Change

    change = Change("goals", "draw", "Goal tokens", "9 goal tokens, of which 5 are drawn for a game.",
                    "9 goal tokens, of which 3 are drawn for a game.")
    assert change.brief() == "Goal tokens: 9 goal tokens, of which 3 (was 5) are drawn for a game."
    rewritten = Change("end", "x", "Last turn", "The game is over at once, in the middle of the turn.",
                       "The player whose action ended the game finishes their turn; then the game is over.")
    assert rewritten.brief() == rewritten.sentence()          # too different: the whole old rule
    assert Change("s", "k", "Mill", None, "in the game").brief() == "Mill: in the game (new)"


def test_the_house_rules_box_marks_a_change_in_one_place_only():
    from rulekit.text.diff import Change

    two_places = Change("structures", "camp", "Camp — effet", "placez-le sur la Zone d’Ouvrage supérieure.",
                        "placez-le sur la Zone de Revenu.")
    assert two_places.brief() == two_places.sentence()


TEMPLE = """\
extends: province-en
id: temple
casting:
  holder: {en: Oracle, fr: {name: Oracle, the: l’Oracle}}
  heading: {en: Omens, fr: Présages}
  cast: {on_first_build: true}
"""


@pytest.mark.parametrize("lang,heading,lines", [
    ("en", "Omens", ["  - Heading of this section: Omens (was: Ships and sailors)",
                     "  - Title of the first builder: Oracle (was: Harbormaster)",
                     "  - Who casts: The first player to build the Harbor becomes the Oracle. "
                     "(was: The first player to build the Harbor becomes the Harbormaster.)"]),
    ("fr", "Présages", ["  - Titre de cette partie\u202f: Présages (avant\u202f: Le Port et les Marins)",
                        "  - Titre du premier constructeur\u202f: Oracle (avant\u202f: Premier à avoir construit le Port)"])])
def test_the_casting_holder_and_heading_are_rules_the_diff_lists(tmp_path, lang, heading, lines):
    """casting.holder and casting.heading come from the ruleset: the diff lists them, titles the
    section with the new heading, and the sentences that name the holder change with it."""
    path = tmp_path / "temple.yaml"
    path.write_text(TEMPLE, encoding="utf-8")
    with language(lang):
        text = render_text(rule_diff(load_ruleset("province-en"), load_ruleset(path)), "A", "B")
    assert f"\n{heading}\n" in text
    for line in lines:
        assert line + "\n" in text
    assert "Ships and sailors\n" not in text and "Pions Bateaux et Marins\n" not in text


def test_the_three_player_game_says_its_sailors_share_the_cap(editions):
    """province-3p keeps the edition's cap of 3 sailors on the Work Cycle for 9 sailors: the diff says the cap
    is shared, in both languages."""
    en, _fr = editions
    three = load_ruleset("province-3p")
    change = by_key(rule_diff(en, three))[("components", "sailors_max")]
    assert change.new == ("At most 3 of the 9 sailors, all colors together, may be on the Work Cycle at once; "
                          "then nobody may hire one.")
    assert change.old == "At most 3 sailors, of any color, may be on the Work Cycle; then nobody may hire one."
    with language("fr"):
        change = by_key(rule_diff(en, three))[("components", "sailors_max")]
    assert change.new.startswith("Au plus 3 des 9 Marins, toutes couleurs confondues")
