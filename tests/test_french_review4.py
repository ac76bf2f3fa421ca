"""The French corrections of review 4 (issue 56), each as the player or the reader meets it.

Each test names the review's item (french-books-review-4, section 2) and fails on the old text."""
from __future__ import annotations

from rulekit.i18n import _, language, pgettext
from rulekit.language import load_ruleset
from rulekit.text import sentences as s

NNBSP = "\u202f"


def flat(text: str) -> str:
    return text.replace("\xa0", " ").replace(NNBSP, " ")


def test_item18_the_guide_says_the_goal_is_awarded_or_discarded():
    with language("fr"):
        text = flat(_("The face-up goal gives its VP to the player who meets it first; when it is claimed "
                      "or removed, the next one is turned up."))
    assert "qui en remplit la condition ; une fois attribué ou défaussé" in text
    assert "qui le remplit" not in text and "pris ou retiré" not in text


def test_item42_material_lists_goal_tokens_without_a_sentence():
    with language("fr"):
        assert flat(s.goal_tokens_sentence(load_ruleset("province-fr").data)) == "5 Pions Objectifs."
        assert flat(s.goal_tokens_sentence(load_ruleset("province-en").data)) == \
            "9 Pions Objectifs (5 servent à chaque partie)."


def test_item43_unspent_labor_said_once_in_points():
    from rulekit.text.rulebook import render_markdown

    page = flat(render_markdown(load_ruleset("province-fr"), "fr"))
    assert "Les points d’Ouvrage non dépensés sont perdus." in page
    assert "L’Ouvrage non dépensé" not in page and "ne durent que jusqu’à la fin du tour" not in page


def test_item46_coins_of_a_metal_take_de():
    data = load_ruleset("province-en").data
    with language("fr"):
        text = flat(s.goal_sentence(data, "coin10", check=False))
    assert "1 Pièce de Platine (valeur 10)" in text and "en Platine" not in text
    with language("fr"):
        assert _("{coin} coins (value {value})").format(coin=s.coin_name(data, "silver"), value=1) == \
            "Pièces d’Argent (valeur 1)"


def test_item47_sailors_of_each_players_color():
    with language("fr"):
        text = flat(s.sailor_supply_sentence(load_ruleset("province-en").data))
    assert text == "Chaque joueur a 3 Marins à sa couleur (rouge ou bleu)."


def test_item49_the_tie_breaks_follow_on():
    with language("fr"):
        lines = s.tie_break_sentences(load_ruleset("province-en").data)
    assert lines[1].startswith("En cas d’égalité")
    assert lines[2].startswith("Si l’égalité persiste") and lines[3] == "Sinon, la partie est nulle."


def test_item51_the_three_player_description_uses_the_editions_words():
    rules = load_ruleset("province-3p")
    with language("fr"):
        text = flat(pgettext("ruleset", rules.data["description"]))
    for word in ("Pions Bâtiments", "la réserve de Pièces", "les Pions Objectifs", "la Pièce d’Emprunt"):
        assert word in text
    assert "jetons de bâtiment" not in text and "bourse" not in text


def _grind_position(lang):
    """A French game (province-en) at a point where the Corvées exchange is legal."""
    from rulekit.engine import CONVERT, compile_ruleset, new_game
    from rulekit.play import bot_choose
    from rulekit.play.notation import for_compiled

    rs = load_ruleset("province-en")
    c = compile_ruleset(rs)
    st = new_game(rs, seed=3, first_player=0)
    with language(lang):
        t = for_compiled(c, lang)
    while not st.is_terminal():
        grind = [a for a in st.legal_actions() if c.actions[a].kind == CONVERT and t.canonical[a] == "grind"]
        if grind:
            return st, c, t, grind[0]
        action, _r = bot_choose("bot:greedy", st, 3)
        st._apply(action)
    raise AssertionError("no Corvées in this game")


def test_item33_the_corvee_is_typed_in_the_singular_and_the_plural_is_accepted():
    st, c, t, grind = _grind_position("fr")
    assert t.local[grind] == "corvée"
    for typed in ("corvée", "corvee", "corvées", "Corvees", "grind"):
        assert t.parse(st, typed) == grind, typed


def test_item33_the_log_says_une_corvee():
    from rulekit.play import screen

    st, c, t, grind = _grind_position("fr")
    with language("fr"):
        line = flat(screen.report(st, grind, "Le joueur 1"))
    assert line.startswith("Le joueur 1 fait une Corvée : ") and "(Corvées)" not in line


def test_item50_goal_and_event_say_faire_des_corvees():
    data = load_ruleset("province-en").data
    with language("fr"):
        goal = flat(s.goal_sentence(data, "grind", check=False))
        strike = flat(_("No player may use the conversion {conversion}.").format(
            conversion=s.conversion_name(data, "grind")))
        guild = flat(_("No player may use the conversion {conversion}.").format(
            conversion=s.conversion_name(data, "union")))
    assert goal == "Faites au moins 2 Corvées en un seul tour."
    assert strike == "Personne ne peut faire de Corvées."
    assert guild == "Personne ne peut faire d’échanges à la Guilde."


def test_item21_the_ships_line_tells_the_benefit_of_nobody_in_particular():
    """Review 4, item 21: « Les Pions Bateaux sont lancés : deux noirs (le Port rapporte 1 Pièce au début du
    tour). », not an order to the reader (« Gagnez 1 Pièce au début de votre tour. »)."""
    from rulekit.play import bot_choose, screen
    from rulekit.engine import new_game

    rs = load_ruleset("province-en")
    st = new_game(rs, seed=3, first_player=0)
    c = st.c
    while not st.is_terminal() and not st.owned[0] & c.ship_mask:
        action, _r = bot_choose("bot:greedy", st, 3)
        st._apply(action)
    assert st.owned[0] & c.ship_mask, "the first player never built the Port"
    with language("fr"):
        names = [_("You"), "L’ordinateur"]
        lines = [flat(screen.event_line(st, ("cast", o), names)) for o in range(len(c.outcome_ids))]
    assert "Les Pions Bateaux sont lancés : deux noirs (le Port rapporte 1 Pièce au début du tour)." in lines
    assert any("(un Marin peut être engagé pendant la Phase d’Achat, pour" in line for line in lines)
    assert not any("Gagnez" in line or "Vous pouvez" in line for line in lines)


def test_item23_the_help_quotes_the_commands():
    with language("fr"):
        text = flat(_("{spend} ends the Work Cycle phase; {end} ends your turn; {build} builds.").format(
            spend="acheter", end="finir", build="construire prêteur"))
    assert text == "« acheter » termine la Phase de Travail ; « finir », votre tour ; « construire prêteur » " \
                   "construit ce Bâtiment."


def test_item15_the_hint_reads_as_one_sentence_and_a_reason():
    """Review 4, item 15 (F21): no « Construire le Port : payer … (rapporte 1 PV) [construire port], car … »."""
    from rulekit.play import screen
    from rulekit.play import story

    st, c, t, _grind = _grind_position("fr")
    from rulekit.engine import BUILD
    with language("fr"):
        builds = [a for a in st.legal_actions() if c.actions[a].kind == BUILD]
        action = builds[0] if builds else st.legal_actions()[0]
        hint = flat(_("Hint: {action} ({notation}), because {reason}.").format(
            action=screen.describe(st, action), notation=screen.notation(st, action),
            reason=story.hint_reason(st, action)))
    assert hint.startswith("Conseil : ") and hint[10].islower() and "Pourquoi : " in hint and ", car " not in hint
    if builds:
        assert " pour " in hint and ": payer" not in hint and "(rapporte" not in hint


def _book(ruleset_id="province-fr", lang="fr"):
    from rulekit.text.rulebook import render_markdown

    return flat(render_markdown(load_ruleset(ruleset_id), lang))


def test_L10_each_conversion_is_stated_once():
    """Layout L10: the Guilde's rule was printed three times, the Corvées' twice; now once, in the section
    on conversions (« Corvées » in the French edition's book, as the edition heads it: L30), with references
    from the Phase d'Achat and the Guilde's paragraph."""
    page = _book()
    assert page.count("Échangez 2 Pièces contre 1 point d’Ouvrage.") == 1
    assert page.count("Échangez 2 points d’Ouvrage contre 1 Pièce.") == 1
    assert "Faire des Corvées ou échanges à la Guilde (voir « Corvées »)." in page
    assert "Permet à son propriétaire de faire des échanges à la Guilde (voir « Corvées »)." in page


def test_L11_the_diagram_says_what_its_heavy_border_is():
    assert "Le trait épais marque la Zone d’Ouvrage supérieure : les nouveaux Ouvriers y entrent." in _book()
    assert "The heavy border marks the Labor Top space, where new workers enter." in _book("province-en", "en")


def test_provisions_compact_grid_and_choice_groups_speak_french():
    """Issue 56's note, "Left": the compact board's column heads, the bonus card's short words and the
    choice groups used the engine's colour ids (``brown``, ``buy black``) in French."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from provisions_support import started

    from rulekit.play import provisions_notation as pnotation
    from rulekit.play import provisions_screen as ps

    st = started(2, 3)
    with language("fr"):
        grid = ps.compact_board_lines(st, ["Vous", "B"], 0, 79)
        heads = grid[1].split()
        root = ps.choice_tree(st)
        groups = [c.text for c in root.children] + [x.text for c in root.children for x in c.children]
        canonical = [pnotation.to_canonical(st, text) for text in groups]
    assert heads == ["marron", "blanc", "rouge", "noir", "jaune", "gris", "bleu", "vert"]
    assert not any(word in " ".join(grid) for word in ("brown", "white", "black", "yellow", "grey", "blue", "green"))
    assert groups and all(not g.startswith(("buy", "sell", "keep")) for g in groups), groups
    assert any(g.startswith("acheter ") for g in groups)
    assert all(c.split(" ")[0] in ("buy", "sell", "keep", "trade", "swap", "take", "pass") for c in canonical)
    with language("en"):
        assert ps.compact_board_lines(st, ["You", "B"], 0, 79)[1].split()[0] == "brown"


def _house_box(ruleset_id, lang="fr"):
    page = _book(ruleset_id, lang)
    return page[:page.index("\n## ")]


def test_item52_L23_the_house_rules_box_has_no_nested_parentheses():
    box = _house_box("province-3p")
    assert "Marins : chaque joueur a 3 Marins à sa couleur (rouge, bleu ou violet) ; avant : rouge ou bleu." in box
    assert ".)" not in box and "(avant : chaque joueur" not in box


def test_L15_the_house_rules_box_leaves_out_the_story_and_long_old_texts():
    box = _house_box("province-3p")
    assert "### Histoire" not in box and "deux familles" not in box
    assert box.count("avant :") <= 10 and len(box) < 3800, len(box)


def test_L22_added_rules_are_marked_once_by_their_section():
    box = _house_box("events")
    assert "### Événements (ajouts)" in box and "(ajout)" not in box
    assert "(2 exemplaires) (ajout)" not in box


def test_item21_the_owners_are_named_inside_the_sentence():
    from rulekit.i18n import Name

    computer = Name("Ordinateur 2 (normal)", "player", "", {"subject": "L’ordinateur 2 (normal)",
                                                             "the": "l’ordinateur 2 (normal)"})
    with language("fr"):
        line = flat(_("The ships are cast: {outcome}, for the owners of the {structure}: {players}.").format(
            outcome="deux noirs", structure="Port", players=computer))
    assert line.endswith(": l’ordinateur 2 (normal).")


def test_item53_structures_owned_together_are_one_sentence():
    data = load_ruleset("secret-objectives").data
    with language("fr"):
        book = _book("secret-objectives")
    assert "possédez le Moulin et la Forge." in book and "Possédez le Port ou la Guilde." in book.replace(
        "possédez le Port", "Possédez le Port")
    assert "tout ceci" not in book.lower() and "au moins une de ces conditions" not in book.lower()
    assert data["objectives"]


def test_the_pages_progress_line_agrees_with_the_structures_built():
    """Item 2: the page's progress line takes its plural from the structures built, not from the total
    (« 1 Bâtiment construit sur 8 », not « 1 Bâtiments construits sur 8 »); English says "structures"."""
    from types import SimpleNamespace

    from rulekit.play.page_words import progress_text

    def line(built):
        return progress_text(SimpleNamespace(structures_built=built, structures_total=8, goals_left=2, ending=False))

    with language("fr"):
        assert line(0).startswith("0 Bâtiment construit sur 8")
        assert line(1).startswith("1 Bâtiment construit sur 8")
        assert line(3).startswith("3 Bâtiments construits sur 8")
    with language("en"):
        assert line(1).startswith("1 of 8 structures built") and line(3).startswith("3 of 8 structures built")


def test_the_help_says_who_moves_the_workers_left_in_place():
    """Item 16: the terminal's help says the next player may move the shared workers left in place (« le joueur
    suivant peut déplacer ceux que vous laissez en place »), not « ce que vous laissez …, le joueur suivant peut
    s'en servir »."""
    from rulekit.engine import new_game
    from rulekit.language import load_ruleset
    from rulekit.play.screen import help_lines

    state = new_game(load_ruleset("province-fr"), seed=1)
    with language("fr"):
        text = " ".join(" ".join(help_lines(state, width=200)).replace("\u202f", " ").split())
    assert "le joueur suivant peut déplacer ceux que vous laissez en place" in text
    assert "s’en servir" not in text
