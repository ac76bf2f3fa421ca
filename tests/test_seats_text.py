"""The rulebook's and the diff's words for any number of players (issue 28).

With two players every sentence is the editions' (the snapshots of
tests/test_rulebook.py are the check); with more, the texts say "another
player", "the next player in turn order", and each choice of the ruleset's
``other_players`` section has its own sentence, in English and in French.

The sentence functions read only the resolved data, so most tests here give
them an edition's data with the fields for more players set in place; the
last ones load house rules and the bundled ``province-3p`` as the language
does, and read their books.
"""
from __future__ import annotations

import copy
import re

import pytest
from scenario import variant

from rulekit.i18n import language
from rulekit.language import load_ruleset
from rulekit.text import sentences as s
from rulekit.text.diff import render_text, rule_diff
from rulekit.text.rulebook import html_to_text, render_html, render_markdown

NB = "\u00a0"       # the no-break space of French amounts ("5 Pièces")
NN = "\u202f"       # the narrow no-break space of French typography (" :", "« »")


def seats(base: str = "province-en", players=3, coins=None, **choices):
    """``base``'s data for ``players`` (an int or ``{min, max}``) with its ``other_players`` choices."""
    data = copy.deepcopy(load_ruleset(base).data)
    data["components"]["players"] = players
    high = players["max"] if isinstance(players, dict) else players
    data["setup"]["starting_coins"] = coins or [5 + i for i in range(high)]
    data["other_players"] = {"make_change": "in_turn_order", "borrow_from": "any",
                             "revealed_goal": "removed_if_several", **choices}
    return data


# --------------------------------------------------------------------------
# The new fields, each value in both languages


@pytest.mark.parametrize("players,en,fr", [
    (2, "for 2 players", "pour 2 joueurs"),
    (3, "for 3 players", "pour 3 joueurs"),
    ({"min": 3, "max": 4}, "for 3 to 4 players", "pour 3 à 4 joueurs"),
])
def test_the_number_of_players(players, en, fr):
    data = seats(players=players)
    with language("en"):
        assert s.players_sentence(data) == en
        assert s.cover_players_sentence(data) == "A game " + en
    with language("fr"):
        assert s.players_sentence(data) == fr
        assert s.cover_players_sentence(data) == "Un jeu " + fr


@pytest.mark.parametrize("order,en,fr", [
    (None, "Play passes clockwise: after each player's turn, the player on their left plays.",
     f"Le jeu tourne dans le sens des aiguilles d’une montre{NN}: après le tour d’un joueur, c’est au joueur "
     "assis à sa gauche de jouer."),
    ("clockwise", "Play passes clockwise: after each player's turn, the player on their left plays.",
     f"Le jeu tourne dans le sens des aiguilles d’une montre{NN}: après le tour d’un joueur, c’est au joueur "
     "assis à sa gauche de jouer."),
    ("counterclockwise", "Play passes counterclockwise: after each player's turn, the player on their right plays.",
     f"Le jeu tourne dans le sens inverse des aiguilles d’une montre{NN}: après le tour d’un joueur, c’est au "
     "joueur assis à sa droite de jouer."),
])
def test_the_turn_order(order, en, fr):
    data = seats()
    if order:
        data["setup"]["turn_order"] = order
    with language("en"):
        assert s.turn_order_sentence(data) == en
    with language("fr"):
        assert s.turn_order_sentence(data) == fr


def test_starting_coins_per_seat():
    data = seats(coins=[5, 6, 7])
    with language("en"):
        assert s.starting_coins_sentence(data) == (
            "From the supply, the first player takes 5 Coin, the second player 6 Coin, and the third player 7 Coin.")
    with language("fr"):
        assert s.starting_coins_sentence(data) == (
            f"Dans la réserve, le premier joueur prend 5{NB}Pièces, le deuxième joueur 6{NB}Pièces et le troisième "
            f"joueur 7{NB}Pièces.")
    same = seats(coins=[4, 4, 4])
    with language("en"):
        assert s.starting_coins_sentence(same) == "Each player takes 4 Coin from the supply."
    with language("fr"):
        assert s.starting_coins_sentence(same) == f"Chaque joueur prend 4{NB}Pièces dans la réserve."


def test_a_range_lists_every_seat_of_the_largest_game():
    data = seats(players={"min": 3, "max": 4}, coins=[2, 3, 4, 5])
    with language("en"):
        assert s.starting_coins_sentence(data) == (
            "From the supply, the first player takes 2 Coin, the second player 3 Coin, the third player 4 Coin, "
            "and the fourth player 5 Coin.")
    with language("fr"):
        assert s.starting_coins_sentence(data).endswith(f"et le quatrième joueur 5{NB}Pièces.")


def test_starting_resources_per_seat():
    data = seats()
    data["resources"]["labor"]["start"] = [0, 1, 2]
    with language("en"):
        assert s.starting_pool_sentence(data, "labor") == (
            "On their first turn, the first player has 0 Labor, the second player 1 Labor, and the third player "
            "2 Labor (not Labor earned in that turn).")
    with language("fr"):
        assert s.starting_pool_sentence(data, "labor") == (
            f"À son premier tour, le premier joueur dispose de 0{NB}point d’Ouvrage, le deuxième joueur "
            f"1{NB}point d’Ouvrage et le troisième joueur 2{NB}points d’Ouvrage (sans compter dans l’Ouvrage gagné "
            "pendant ce tour).")
    data["resources"]["labor"]["start"] = [1, 1, 1]
    with language("en"):
        assert s.starting_pool_sentence(data, "labor") == (
            "On their first turn, each player has 1 Labor (not Labor earned in that turn).")
    with language("fr"):
        assert s.starting_pool_sentence(data, "labor") == (
            f"À son premier tour, chaque joueur dispose de 1{NB}point d’Ouvrage (sans compter dans l’Ouvrage gagné "
            "pendant ce tour).")


OTHER_PLAYERS = [
    ("make_change", "in_turn_order",
     "If the supply cannot make change, the other players must, in turn order from the next player: the first who "
     "can makes it.",
     "Si la réserve ne peut pas rendre la monnaie, les autres joueurs doivent le faire, dans l’ordre de jeu à partir "
     f"du joueur suivant{NN}: le premier qui le peut rend la monnaie."),
    ("make_change", "next_player",
     "If the supply cannot make change, the next player in turn order must, if they can.",
     "Si la réserve ne peut pas rendre la monnaie, le joueur suivant dans l’ordre de jeu doit le faire s’il le peut."),
    ("make_change", "nobody",
     "If the supply cannot make change, no other player makes it: what the coins cannot pay out is not earned, and "
     "a payment they cannot make is not allowed.",
     f"Si la réserve ne peut pas rendre la monnaie, aucun autre joueur ne le fait à sa place{NN}: ce que les Pièces "
     "ne permettent pas de verser n’est pas gagné, et un paiement qu’elles ne permettent pas de faire n’est pas "
     "autorisé."),
    ("borrow_from", "any",
     "You may borrow a structure another player has built and you have not.",
     "Vous pouvez emprunter un Bâtiment qu’un autre joueur a construit et que vous n’avez pas."),
    ("borrow_from", "next_player",
     "You may borrow only a structure the next player in turn order has built and you have not.",
     "Vous ne pouvez emprunter qu’un Bâtiment que le joueur suivant dans l’ordre de jeu a construit et que vous "
     "n’avez pas."),
    ("borrow_from", "previous_player",
     "You may borrow only a structure the previous player in turn order has built and you have not.",
     "Vous ne pouvez emprunter qu’un Bâtiment que le joueur précédent dans l’ordre de jeu a construit et que vous "
     "n’avez pas."),
    ("revealed_goal", "removed_if_several",
     "When you turn up a goal checked at once: if two or more players already meet it, remove it from the game; "
     "if only one does, that player claims it. Then turn up the next one.",
     f"Quand vous retournez un Objectif vérifié immédiatement{NN}: si deux joueurs ou plus en remplissent déjà la "
     f"condition, défaussez-le{NN}; si un seul la remplit, ce joueur le remporte. Retournez alors le suivant."),
    ("revealed_goal", "removed_if_all",
     "When you turn up a goal checked at once: if every player already meets it, remove it from the game; if only "
     "some do, the first of them in turn order from the player whose turn it is claims it. Then turn up the next one.",
     f"Quand vous retournez un Objectif vérifié immédiatement{NN}: si tous les joueurs en remplissent déjà la "
     f"condition, défaussez-le{NN}; si certains seulement la remplissent, le premier d’entre eux dans l’ordre de "
     "jeu, à partir du joueur dont c’est le tour, le remporte. Retournez alors le suivant."),
]

SENTENCE_OF = {"make_change": s.make_change_sentence, "borrow_from": s.borrow_from_sentence,
               "revealed_goal": s.revealed_goal_sentence}


@pytest.mark.parametrize("field,value,en,fr", OTHER_PLAYERS, ids=[f"{f}={v}" for f, v, *_ in OTHER_PLAYERS])
def test_each_other_players_value_is_a_rule_sentence(field, value, en, fr):
    data = seats(**{field: value})
    with language("en"):
        assert SENTENCE_OF[field](data) == en
    with language("fr"):
        assert SENTENCE_OF[field](data) == fr


@pytest.mark.parametrize("value,en,fr_by,fr_that", [
    ("any", "another player", "un autre joueur", "qu’un autre joueur"),
    ("next_player", "the next player in turn order", "le joueur suivant dans l’ordre de jeu",
     "que le joueur suivant dans l’ordre de jeu"),
    ("previous_player", "the previous player in turn order", "le joueur précédent dans l’ordre de jeu",
     "que le joueur précédent dans l’ordre de jeu"),
])
def test_the_lender_and_the_borrowing_rules_name_whose_structures(value, en, fr_by, fr_that):
    data = seats(borrow_from=value)
    lender = next(e for e in data["structures"]["lender"]["effects"] if "borrowing" in e)
    with language("en"):
        assert s.effect_sentence(data, lender) == (
            f"You may borrow a structure {en} has built, using the Lender token (see “Borrowing”).")
        assert s.borrowing_sentences(data)[0] == (
            f"A player who owns the Lender may borrow one structure that {en} has built, if they have not built it "
            "themselves: they take the Lender token and use that structure's effects until the end of their turn.",
            False)
    with language("fr"):
        assert s.effect_sentence(data, lender) == (
            f"Vous pouvez emprunter un Bâtiment construit par {fr_by}, grâce à la Pièce d’Emprunt "
            f"(voir «{NN}Emprunter{NN}»).")
        assert s.borrowing_sentences(data)[0] == (
            f"Un joueur qui possède le Prêteur peut emprunter un Bâtiment {fr_that} a construit, s’il ne l’a pas "
            f"construit lui-même{NN}: il prend la Pièce d’Emprunt et profite des effets de ce Bâtiment jusqu’à la fin "
            "de son tour.", False)


def test_a_reading_of_borrowing_stays_a_reading_with_more_players():
    data = seats("province-fr", borrow_from="next_player")
    with language("en"):
        rules = s.borrowing_sentences(data)
    assert rules[0] == ("A player who owns the Lender may borrow one structure that the next player in turn order "
                        "has built: they take the Lender token and use that structure's effects until the end of "
                        "their turn.", False)
    assert rules[1] == ("You may borrow only a structure you have not built yourself.", True)


@pytest.mark.parametrize("take,en,fr", [
    (True, "If you and the player who holds the Lender token both own the Lender, you may take it from them to "
           "borrow; their debt becomes yours.",
     "Si vous et le joueur qui détient la Pièce d’Emprunt possédez tous deux le Prêteur, vous pouvez la lui prendre "
     f"pour emprunter{NN}: vous contractez la dette à sa place."),
    (False, "While another player holds the Lender token, you cannot borrow.",
     "Tant qu’un autre joueur détient la Pièce d’Emprunt, vous ne pouvez pas emprunter."),
])
def test_taking_the_token_from_another_player(take, en, fr):
    data = seats()
    data["borrowing"]["take_from_opponent"] = take
    with language("en"):
        assert s.borrowing_take_sentence(data) == en
    with language("fr"):
        assert s.borrowing_take_sentence(data) == fr


def test_ties_among_more_players():
    data = seats()
    with language("en"):
        assert s.tie_break_sentences(data) == [
            "The player with the most VP wins.",
            "In a tie, the tied player with the most structures wins.",
            "If still tied, the tied player with the most workers (the workers they have access to) wins.",
            "If still tied, the tied players share the victory."]
    with language("fr"):
        assert s.tie_break_sentences(data) == [
            "Le joueur qui a le plus de PV l’emporte.",
            "En cas d’égalité, celui des joueurs à égalité qui a le plus de Bâtiments l’emporte.",
            "Si l’égalité persiste, celui des joueurs à égalité qui a le plus d’Ouvriers (ceux auxquels il a accès) "
            "l’emporte.",
            "Sinon, les joueurs à égalité se partagent la victoire."]


def test_a_coin_toss_does_not_pick_one_of_three():
    data = seats("province-fr")
    with language("en"):
        assert s.first_player_sentence(load_ruleset("province-fr").data) == (
            "Toss a ship token like a coin to decide who goes first.")
        assert s.first_player_sentence(data) == "Decide at random who goes first."


# --------------------------------------------------------------------------
# Two players: the editions' sentences, whatever other_players says


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_two_players_keep_the_editions_sentences(lang):
    edition = load_ruleset("province-en").data
    chosen = copy.deepcopy(edition)
    chosen["other_players"] = {"make_change": "next_player", "borrow_from": "previous_player",
                               "revealed_goal": "removed_if_all"}
    chosen["setup"]["turn_order"] = "counterclockwise"
    with language(lang):
        for sentence in (s.make_change_sentence, s.borrow_from_sentence, s.revealed_goal_sentence,
                         s.turn_order_sentence, s.starting_coins_sentence, s.next_player_plays_sentence,
                         s.later_builder_sentence, s.tie_break_sentences, s.players_sentence):
            assert sentence(chosen) == sentence(edition), sentence.__name__
        assert s.make_change_sentence(edition) == (
            "If the supply cannot make change, your opponent must, if they can." if lang == "en" else
            "Si la réserve ne peut pas rendre la monnaie, votre adversaire doit le faire s’il le peut.")
        assert s.starting_coins_sentence(edition) == (
            "The first player takes 2 Coin from the supply, the second player takes 3 Coin." if lang == "en" else
            f"Le premier joueur prend 2{NB}Pièces dans la réserve, le second 3{NB}Pièces.")


# --------------------------------------------------------------------------
# The diff


DIFF_LINES = {
    "en": ["  - Players: for 3 players (was: for 2 players)",
           "  - Turn order: Play passes clockwise: after each player's turn, the player on their left plays. "
           "(was: The two players take turns.)",
           "  - Starting coins: From the supply, the first player takes 5 Coin, the second player 6 Coin, and the "
           "third player 7 Coin. (was: The first player takes 2 Coin from the supply, the second player takes 3 Coin.)",
           "  - Making change: If the supply cannot make change, the next player in turn order must, if they can. "
           "(was: If the supply cannot make change, your opponent must, if they can.)",
           "  - Whose structures you may borrow: You may borrow only a structure the previous player in turn order "
           "has built and you have not. (was: You may borrow a structure your opponent has built and you have not.)",
           "  - Goals met when turned up: When you turn up a goal checked at once: if every player already meets "
           "it, remove it from the game;"],
    "fr": [f"  - Joueurs{NN}: pour 3 joueurs (avant{NN}: pour 2 joueurs)",
           f"  - Ordre de jeu{NN}: le jeu tourne dans le sens des aiguilles d’une montre{NN}: après le tour d’un "
           f"joueur, c’est au joueur assis à sa gauche de jouer. (avant{NN}: les deux joueurs jouent à tour de rôle.)",
           f"  - Pièces de départ{NN}: dans la réserve, le premier joueur prend 5{NB}Pièces, le deuxième joueur "
           f"6{NB}Pièces et le troisième joueur 7{NB}Pièces.",
           f"  - Rendre la monnaie{NN}: si la réserve ne peut pas rendre la monnaie, le joueur suivant dans l’ordre "
           "de jeu doit le faire s’il le peut.",
           f"  - Bâtiments que l’on peut emprunter{NN}: vous ne pouvez emprunter qu’un Bâtiment que le joueur "
           "précédent dans l’ordre de jeu a construit et que vous n’avez pas.",
           f"  - Objectifs déjà remplis quand on les retourne{NN}: quand vous retournez un Objectif vérifié "
           f"immédiatement{NN}: si tous les joueurs en remplissent déjà la condition"],
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_diff_says_each_new_field_once(lang):
    three = seats(make_change="next_player", borrow_from="previous_player", revealed_goal="removed_if_all")
    with language(lang):
        text = render_text(rule_diff(load_ruleset("province-en"), three), "A", "B")
    for line in DIFF_LINES[lang]:
        assert line in text, line
    # the goals are checked for every player on both sides: no goal is listed for the new number of players
    changes = rule_diff(load_ruleset("province-en"), three)
    assert [c.key for c in changes if c.section == "goals"] == ["revealed"]
    assert rule_diff(three, three) == []


# --------------------------------------------------------------------------
# Rulesets as the language loads them, and the books


def test_nobody_makes_change_is_a_two_player_rule_too(tmp_path):
    """With two players only make_change: nobody changes the rule; the book says it, and not as the
    reading that the opponent makes change."""
    path = variant(tmp_path, {"other_players": {"make_change": "nobody"}}, base="province-fr")
    data = load_ruleset(path).data
    assert not s.make_change_is_reading(data) and s.make_change_is_reading(load_ruleset("province-fr").data)
    with language("en"):
        assert s.make_change_sentence(data) == (
            "If the supply cannot make change, your opponent does not make it: what the coins cannot pay out is not "
            "earned, and a payment they cannot make is not allowed.")
        book = render_markdown(load_ruleset(path), "en")
    with language("fr"):
        assert s.make_change_sentence(data) == (
            f"Si la réserve ne peut pas rendre la monnaie, votre adversaire ne le fait pas à sa place{NN}: ce que les "
            "Pièces ne permettent pas de verser n’est pas gagné, et un paiement qu’elles ne permettent pas de faire "
            "n’est pas autorisé.")
    _box, _, rest = book.partition("## Story")
    assert "\nIf the supply cannot make change, your opponent does not make it:" in rest
    assert "rulekit’s reading: if the supply cannot make change" not in rest


def test_a_house_rule_for_three_to_four_players(tmp_path):
    path = variant(tmp_path, {
        "components": {"players": {"min": 3, "max": 4}},
        "setup": {"starting_coins": [2, 3, 4, 5], "turn_order": "counterclockwise"},
        "sailors": {"worker_color": ["red", "blue", "green", "yellow"]},
        "other_players": {"make_change": "nobody", "borrow_from": "previous_player", "revealed_goal": "removed_if_all"},
    })
    ruleset = load_ruleset(path)
    assert ruleset.player_counts == range(3, 5)
    data = ruleset.data
    for lang in ("en", "fr"):
        with language(lang):
            book = render_markdown(ruleset, lang)
            for sentence in (s.cover_players_sentence(data), s.turn_order_sentence(data),
                             s.starting_coins_sentence(data), s.make_change_sentence(data),
                             s.revealed_goal_sentence(data), s.borrowing_sentences(data)[0][0]):
                assert sentence in book, sentence
    with language("en"):
        assert s.cover_players_sentence(data) == "A game for 3 to 4 players"
        assert "7 structure tokens per player, in the player's color (28 in all)." in render_markdown(ruleset, "en")


TWO_PLAYER_WORDS = {"en": ("opponent", "both players"), "fr": ("adversaire", "les deux joueurs")}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_three_player_book_has_no_two_player_wording(lang):
    """province-3p's HTML book: no "opponent" or "both players" anywhere but in what its house-rules box
    quotes of the two-player edition (after "was:" or "before:"), and its setup and turn sections for three."""
    ruleset = load_ruleset("province-3p")
    page = render_html(ruleset, lang)
    box = re.search(r'<aside class="house">(.*?)</aside>', page, re.S).group(1)
    rest = page.replace(box, "")
    for words in TWO_PLAYER_WORDS[lang]:
        assert words not in rest.lower(), words
    was = "(was: " if lang == "en" else f"(avant{NN}: "
    for item in re.findall(r"<li>(.*?)</li>", box, re.S):
        new = item.split(was)[0].split("; before: " if lang == "en" else f"{NN}; avant{NN}: ")[0]
        for words in TWO_PLAYER_WORDS[lang]:
            assert words not in new.lower(), item
    with language(lang):
        data = ruleset.data
        order, coins = s.turn_order_sentence(data), s.starting_coins_sentence(data)
        setup = html_to_text(re.search(r'<section id="setup">.*?</section>', page, re.S).group(0), markdown=False)
        turn = html_to_text(re.search(r'<section id="turn">.*?</section>', page, re.S).group(0), markdown=False)
    assert ("- Players: for 3 (was 2) players" if lang == "en" else
            f"- Joueurs{NN}: pour 3 (avant{NN}: 2) joueurs") in html_to_text(box, markdown=False)
    assert coins in setup and order in turn
    assert ("the next player in turn order plays" if lang == "en" else
            "c’est au joueur suivant dans l’ordre de jeu de jouer") in turn
