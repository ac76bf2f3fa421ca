"""Declared resources (``resources:``): a third resource, Stone, end to end.

Stone is earned on a new Work Cycle space, kept between turns and spent on a
new structure; it is checked, played, worded (English and French), diffed,
shown on the play screen and handled by the bots. Labor and Coin are the two
declared resources of the editions (their play is unchanged: test_perft,
the transcripts and the differential test).
"""
from __future__ import annotations

import re
import pytest

from rulekit import i18n
from rulekit.bots.registry import make_bot
from rulekit.engine import compile_ruleset, new_game
from rulekit.language import check_path, load_ruleset, validate_path
from rulekit.play import layout
from rulekit.play.session import Console, Session
from rulekit.text import sentences as s
from rulekit.text.diff import render_text, rule_diff
from rulekit.text.rulebook import render_markdown

STONE = """\
extends: province-en
id: stone
title: Province — Stone
resources:
  stone:
    name: {en: Stone, fr: {name: Pierre, one: Pierre, plural: Pierres, the: la Pierre}}
    kind: pool
    end_of_turn: kept
work_cycle:
  spaces:
    - {id: labor_top, yields: {labor: 1}}
    - {id: coin, yields: {coin: 1}}
    - {id: labor_low, yields: {labor: 1}}
    - {id: quarry, name: {en: Quarry, fr: {name: Carrière, the: la Carrière}}, yields: {stone: 1}}
structures:
  tower:
    name: {en: Tower, fr: {name: Tour, the: la Tour}}
    cost: {labor: 1, stone: 2}
    vp: {first: 3, later: 1}
goals:
  quarry:
    name: {en: Stonecutter, fr: Tailleur de pierre}
    condition: {metric: earned_this_turn, resource: stone, at_least: 2}
    check: immediate
"""


@pytest.fixture
def stone(tmp_path):
    path = tmp_path / "stone.yaml"
    path.write_text(STONE, encoding="utf-8")
    return path


def test_stone_validates_and_compiles_to_a_third_pool(stone):
    assert validate_path(stone) == []
    problems, warnings = check_path(stone)
    assert problems == [] and warnings == []
    c = compile_ruleset(load_ruleset(stone))
    assert c.pool_ids == ["labor", "stone"] and c.coins_id == "coin"
    assert c.pool_end == (0, -1)                                  # labor lost, stone kept
    tower = c.struct_ids.index("tower")
    assert c.cost_pool[tower] == (1, 2) and c.cost_coin[tower] == 0


def test_stone_is_earned_kept_between_turns_and_spent(stone):
    st = new_game(load_ruleset(stone), seed=3, first_player=0)
    c = st.c
    r = c.pool_ids.index("stone")
    st.play("move green@labor_low")                               # labor_low -> quarry
    assert st.held(0, r) == 1 and st.earned[r] == 1
    st.play("move green@labor_top")
    st.play("spend")
    st.play("end")                                                # Labor is lost, Stone is kept
    assert st.held(0, r) == 1 and st.held(0, 0) == 0
    st.play("move green@coin")
    st.play("end")
    assert st.current == 0 and st.held(0, r) == 1 and st.earned[r] == 0   # kept, not earned again
    assert "build tower" not in [st.notation(a) for a in st.legal_actions()]
    st.play("move green@quarry")                                  # quarry -> labor_top: Labor, no Stone
    st.play("move green@coin")                                    # coin -> labor_low
    assert st.held(0, r) == 1
    st.play("spend")
    assert "build tower" not in [st.notation(a) for a in st.legal_actions()]   # 1 Stone of 2


def test_the_quarry_goal_counts_stone_earned_this_turn(stone):
    st = new_game(load_ruleset(stone), seed=3, first_player=0)
    c = st.c
    quarry = c.goal_ids.index("quarry")
    cond = c.goal_cond[quarry]
    r = c.pool_ids.index("stone")
    st.pool[r] = 5                                                # held, not earned: not met
    assert not cond.met(st, 0)
    st.earned[r] = 2
    assert cond.met(st, 0) and not cond.met(st, 1)


def test_a_tower_is_built_with_stone(stone):
    st = new_game(load_ruleset(stone), seed=3, first_player=0)
    c = st.c
    r = c.pool_ids.index("stone")
    st.play("move green@coin")                                    # coin -> labor_low: 1 Labor
    st.play("spend")
    st.pool[r] = 2                                                # 2 Stone kept from earlier turns
    assert "build tower" in [st.notation(a) for a in st.legal_actions()]
    st.play("build tower")
    assert st.held(0, r) == 0 and st.held(0, 0) == 0 and st.score(0) == 3


def test_stone_sentences_diff_and_rulebook_in_both_languages(stone):
    data = load_ruleset(stone).data
    base = load_ruleset("province-en").data
    with i18n.language("en"):
        assert s.resource_sentence(data, "stone") == (
            "An amount each player holds, counted as a whole number.")
        assert s.amount(load_ruleset(stone).model.structures["tower"].cost, data) == "1 Labor and 2 Stone"
        assert s.labor_carry_sentence(data) == (
            "Labor you did not spend is lost. Stone you did not spend stays with you from turn to turn.")
        lines = render_text(rule_diff(base, data), "a", "b")
        assert "Resource Stone: An amount each player holds, counted as a whole number. (new)" in lines
        assert "Unspent Stone: Stone you did not spend stays with you from turn to turn. (new)" in lines
        assert "Quarry space — yield: 1 Stone" in lines
        assert "Tower: Cost: 1 Labor and 2 Stone." in lines
        book = render_markdown(load_ruleset(stone), "en")
        assert "Stone you did not spend stays with you from turn to turn." in book
        assert "Earn at least 2 Stone in a single turn." in book
    with i18n.language("fr"):
        assert s.resource_sentence(data, "stone") == (
            "Une quantité que chaque joueur possède, comptée en nombre entier.")
        assert s.amount(load_ruleset(stone).model.structures["tower"].cost, data) == "1\u00a0point d’Ouvrage et 2\u00a0Pierres"
        lines = render_text(rule_diff(base, data), "a", "b")
        assert re.search(r"Ressource Pierre\W+une quantité que chaque joueur possède, comptée en nombre entier", lines), lines
        assert re.search(r"Pierre en fin de tour\W+ce que vous ne dépensez pas en Pierres", lines), lines
        book = render_markdown(load_ruleset(stone), "fr")
        assert "Ce que vous ne dépensez pas en Pierres vous reste d’un tour à l’autre." in book
        assert "Gagnez au moins 2\u00a0Pierres en un seul tour." in book


def test_stone_shows_on_the_play_screen_in_both_layouts(stone):
    rs = load_ruleset(stone)
    for lang, word in (("en", "Stone"), ("fr", "Pierre")):
        with i18n.language(lang):
            con = Console(interactive=True, color=False, write=[].append)
            session = Session(ruleset=rs, seed=3, players=["human", "human"], console=con, first_player=0)
            session.play_action(session.state.parse("move green@labor_low"), save=False)
            for columns, rows in ((80, 24), (120, 45)):
                text = "\n".join(layout.fit_screen(session.state, session.names, con, session.story, "T", columns, rows))
                assert re.search(rf"1\W+{word}|{word}\W+1", text), (lang, columns, text)


@pytest.mark.parametrize("bots", [("greedy", "greedy"), ("mcts:8", "random")])
def test_bots_play_a_game_with_stone(stone, bots):
    rs = load_ruleset(stone)
    st = new_game(rs, seed=5, first_player=0)
    players = [make_bot(spec, seed=i) for i, spec in enumerate(bots)]
    moves = 0
    while not st.is_terminal() and moves < 3000:
        st._apply(players[st.current].choose(st))
        moves += 1
    assert st.is_terminal()
    assert min(st.pool) >= 0


def test_greedy_values_kept_stone(stone):
    """The greedy evaluation counts kept Stone at any time, and Labor only in its owner's turn."""
    from rulekit.bots.greedy import evaluate
    st = new_game(load_ruleset(stone), seed=3, first_player=0)
    r = st.c.pool_ids.index("stone")
    before = evaluate(st, 1)
    st.pool[st.c.n_pool + r] = 2                                  # the player not to play holds 2 Stone
    assert evaluate(st, 1) == pytest.approx(before + 1.6)
    before = evaluate(st, 1)
    st.pool[st.c.n_pool] = 3                                      # Labor of the player not to play: worth nothing now
    assert evaluate(st, 1) == pytest.approx(before)


@pytest.mark.parametrize("labor_paid,refused", [(1, True), (2, False)])
def test_a_round_of_conversions_through_stone_is_refused(tmp_path, labor_paid, refused):
    """Labor → Stone → Coin → Labor: no two of them loop, the three together do unless one loses."""
    path = tmp_path / "round.yaml"
    text = STONE.replace("structures:\n", "structures:\n  union: {effects: [{income: {labor: 1}}]}\n")
    text = text.replace("goals:\n", "goals:\n  grind: null\n")
    path.write_text(text + f"""\
conversions:
  grind: null
  union: null
  cut: {{name: Cut, pay: {{labor: {labor_paid}}}, gain: {{stone: 1}}, always: true}}
  sell: {{name: Sell, pay: {{stone: 1}}, gain: {{coin: 1}}, always: true}}
  hire: {{name: Hire, pay: {{coin: 1}}, gain: {{labor: 1}}, always: true}}
""", encoding="utf-8")
    problems = [p.message for p in validate_path(path)]
    assert all("without end" in m for m in problems), problems
    found = [p.message for p in validate_path(path) if "without end" in p.message]
    if refused:
        assert found == ["conversions cut (pay 1 Labor, 0 Coin, 0 Stone; gain 0 Labor, 0 Coin, 1 Stone), "
                         "sell (pay 0 Labor, 0 Coin, 1 Stone; gain 0 Labor, 1 Coin, 0 Stone), "
                         "hire (pay 0 Labor, 1 Coin, 0 Stone; gain 1 Labor, 0 Coin, 0 Stone), used in turn, "
                         "give back at least what they cost: a player could repeat them without end; "
                         "make every conversion cost more than it gives back, or limit it with per_turn"]
    else:
        assert found == []


def test_too_many_unlimited_conversions_among_three_resources_are_refused(tmp_path):
    convs = "".join(f"  c{i}: {{name: C{i}, pay: {{labor: 2}}, gain: {{stone: 1}}, always: true}}\n" for i in range(13))
    path = tmp_path / "many.yaml"
    path.write_text(STONE.replace("goals:\n", "goals:\n  grind: null\n")
                    .replace("structures:\n", "structures:\n  union: {effects: [{income: {labor: 1}}]}\n")
                    + "conversions:\n  grind: null\n  union: null\n" + convs, encoding="utf-8")
    assert [p.message for p in validate_path(path)] == [
        "more than 12 conversions without per_turn among three resources or more: rulekit cannot check that "
        "no round of them gives back what it costs; limit some with per_turn"]


ENERGY = """\
extends: province-en
id: energy
title: Province — Energy
resources:
  labor:
    name: {en: Energy, fr: {name: Énergie, one: Énergie, plural: Énergies, the: l’Énergie}}
"""


def _without_place_names(text: str, data) -> str:
    """``text`` less the notation in brackets and the names of the spaces and goals ("Labor Top",
    the goal "Labor"), which keep their own words: what is left names resources only."""
    from rulekit.language.names import display_name
    text = re.sub(r"\[[^\]]*\]", "", text)
    names = []
    for sid in [s["id"] for s in data["work_cycle"]["spaces"]]:
        n = display_name(data, "space", sid)
        names += [n.the, n.short, str(n)]
    names += [str(display_name(data, "goal", gid)) for gid in data.get("goals") or {}]
    for n in sorted(set(names), key=len, reverse=True):
        text = text.replace(n, "").replace(n[:1].upper() + n[1:], "")
    return text


@pytest.fixture
def energy(tmp_path):
    path = tmp_path / "energy.yaml"
    path.write_text(ENERGY, encoding="utf-8")
    return path


@pytest.mark.parametrize("lang,word,others", [("en", "Energy", ("Labor",)),
                                              ("fr", "Énergie", ("Ouvrage",))])
def test_a_renamed_turn_resource_is_named_on_the_screens_and_in_the_explanations(energy, tmp_path, lang, word, others):
    """A house rule renames Labor "Energy": play, replay, the screens (both layouts), the hints and
    the computer's explanations say "Energy", never Labor's words."""
    from play_support import run
    from rulekit.play import screen, story
    rs = load_ruleset(energy)
    data = rs.data
    record = tmp_path / "g.json"
    played = run(["play", str(energy), "--players", "bot:greedy,bot:greedy", "--seed", "4", "--lang", lang,
                  "--record", str(record)])
    assert played.exit_code == 0, played.output
    replayed = run(["replay", str(record), "--lang", lang])
    assert replayed.exit_code == 0, replayed.output
    texts = {"play": played.output, "replay": replayed.output}
    try:
        with i18n.language(lang):
            con = Console(interactive=True, color=False, write=[].append)
            session = Session(ruleset=rs, seed=3, players=["human", "bot:greedy"], console=con, first_player=0)
            state = session.state
            for notation in ("move green@coin", "move green@labor_low", "spend"):
                session.play_action(state.parse(notation), save=False)
                state = session.state
                for columns, rows in ((80, 24), (120, 45)):
                    texts[f"{notation} {columns}"] = "\n".join(
                        layout.fit_screen(state, session.names, con, session.story, "T", columns, rows))
            texts["hint"] = screen.phase_hint(state)
            texts["choices"] = "\n".join(screen.choice_lines(state, session.names, con, 100))
            texts["tags"] = " ".join(story.structure_tags(data, sid) for sid in data["structures"])
            texts["tie"] = screen.tie_break_label("coin_value", data)
            texts["why"] = story.explain_turn(state, session.story.of_turn(state.turn), session.names)
            texts["lost"] = screen.labor_text(2, state.c) + screen.gain_text(1, 0, data)
    finally:
        i18n.set_language("en")
    with i18n.language(lang):                                     # the places' names in the language shown
        rests = {what: _without_place_names(text, data) for what, text in texts.items()}
    i18n.set_language("en")
    for what, rest in rests.items():
        for other in others:
            assert other not in rest, (what, lang, texts[what])
    assert word in texts["play"] and word in texts["hint"] and word in texts["why"]
    assert word in texts["move green@labor_low 80"] and word in texts["move green@labor_low 120"]
    assert word in texts["lost"] and word in texts["tags"]


HOUSE_NAMES = ENERGY + """\
  coin:
    name: {en: Credit, fr: {name: Crédit, one: Crédit, plural: Crédits, the: les Crédits}}
tie_breaks: [coin_value]
"""


@pytest.mark.parametrize("lang,heads,symbols,tie_break,edition", [
    ("en", ("Energy", "Credit"), "As on the board: ⚒ is Energy, $ is Credit.", "more Credit (total value)",
     ("Labor", "Coin", "As on the board: ⚒ is Labor, $ is Coin.", "more Coin (total value)")),
    ("fr", ("Énergie", "Crédit"), "Comme sur le plateau\u202f: le marteau ⚒ indique l’Énergie, le dollar $ les Crédits.",
     "le plus de Crédits (en valeur totale)",
     ("Ouvrage", "Pièces", "Comme sur le plateau\u202f: le marteau ⚒ indique l’Ouvrage, le dollar $ les Pièces.",
      "le plus de Pièces (en valeur totale)"))])
def test_the_rulebook_names_renamed_resources_in_the_structure_table_and_the_tie_break(
        tmp_path, lang, heads, symbols, tie_break, edition):
    """A house rule renaming Labor "Energy" and Coin "Credit": the structure table's column heads, the
    symbols line under it and the coin_value tie-break use the declared names; the edition keeps its words."""
    import html as _html
    from rulekit.text.rulebook import render_html
    path = tmp_path / "names.yaml"
    path.write_text(HOUSE_NAMES, encoding="utf-8")
    plain = tmp_path / "plain.yaml"
    plain.write_text("extends: province-en\nid: plain\ntie_breaks: [coin_value]\n", encoding="utf-8")

    def parts(p):
        page = _html.unescape(render_html(load_ruleset(p), lang))
        table = page[page.index('<table class="structures long">'):]
        head = table[:table.index("</thead>")]
        symbols_line = re.search(r'<p class="symbols">(.*?)</p>', page).group(1)
        return page, head, symbols_line

    page, head, line = parts(path)
    for word in heads:
        assert f"</span> {word}</th>" in head and f'title="{word}"' in head
    assert line == symbols
    assert tie_break in page
    page, head, line = parts(plain)
    assert f"</span> {edition[0]}</th>" in head and f"</span> {edition[1]}</th>" in head
    assert "Energy" not in page and "Énergie" not in page
    assert line == edition[2]
    assert edition[3] in page


GOLD = """\
extends: province-en
id: gold
resources:
  coin:
    name: {en: Gold, fr: {name: Or, one: Or, plural: Or, the: l’Or, heading: Trésor}}
tie_breaks: [coin_value]
"""


@pytest.mark.parametrize("lang,head,tie_break", [("en", "Gold", "more Gold (total value)"),
                                                 ("fr", "Trésor", "le plus d’Or (en valeur totale)")])
def test_a_column_head_is_the_name_form_heading_and_french_elides_de(tmp_path, lang, head, tie_break):
    """The structure table's head for a resource is its name's form ``heading`` (here written per
    language; the editions' French « Pièces » comes from the catalog the same way), and the
    French « le plus de » is elided before a vowel."""
    import html as _html
    from rulekit.text.rulebook import render_html
    path = tmp_path / "gold.yaml"
    path.write_text(GOLD, encoding="utf-8")
    page = _html.unescape(render_html(load_ruleset(path), lang))
    table = page[page.index('<table class="structures long">'):]
    assert f'</span> {head}</th>' in table[:table.index("</thead>")]
    assert tie_break in page
    assert "de Or" not in page


@pytest.mark.parametrize("lang,intro,spend,paying", [
    ("en", "with workers, Labor, Coin, and Stone.", "Spend your Labor, Coin, and Stone:",
     "return its Coin to the supply and spend its Labor and Stone."),
    ("fr", "avec des Ouvriers, des points d’Ouvrage, des Pièces et des Pierres.",
     "Dépensez vos points d’Ouvrage, vos Pièces et vos Pierres\u202f:",
     "remettez les Pièces dans la réserve et dépensez les points d’Ouvrage et Pierres.")])
def test_the_rulebook_prose_names_every_declared_resource(stone, lang, intro, spend, paying):
    """A house rule that adds Stone: the book's first lines, the phase summary and how a cost is
    paid name the declared resources, not the editions' two."""
    page = render_markdown(load_ruleset(stone), lang)
    assert intro in page and spend in page and paying in page


def test_the_rulebook_prose_uses_a_renamed_resource(energy):
    page = render_markdown(load_ruleset(energy), "en")
    assert "with workers, Energy, and Coin." in page
    assert "Spend your Energy and Coin:" in page
    assert "1 Energy tracker, to count the Energy you earn during your turn." in page
    assert "Energy you did not spend is lost." in page
    assert page.count("Energy you did not spend") == 1 and "Energy lasts" not in page    # said once
    for old in ("workers, Labor", "your Labor", "Labor tracker", "Labor lasts", "its Labor", "⚒ is Labor"):
        assert old not in page


def test_goals_scoring_and_conversions_name_a_renamed_coins_resource(tmp_path):
    """The coins resource renamed Gold: the coin_value and spending goals, the coins' total, the
    payout note of a conversion and the short tie-break say Gold (the coins stay "coins")."""
    path = tmp_path / "gold.yaml"
    path.write_text(GOLD + "scoring: {coin_bonus: {vp: 1, per: 5}}\n", encoding="utf-8")
    data = load_ruleset(path).data
    with i18n.language("en"):
        assert s.goal_sentence(data, "coin5").startswith("Hold at least 5 Gold (the total value of your coins).")
        assert s.goal_sentence(data, "spending").startswith("Spend at least 4 Gold in a single turn")
        assert s.coins_sentence(data) == "14 coins, worth 35 Gold in all."
        assert "cannot pay out its Gold" in s.conversion_rule(data, "grind")
        assert s.coin_bonus_sentence(data) == "Each player scores 1 VP for each full 5 Gold they hold at the end (total value)."
        assert "Gold" in s.tie_break_summary(data)
    with i18n.language("fr"):
        assert s.goal_sentence(data, "coin5").startswith("Possédez au moins 5\xa0Or (valeur totale de vos Pièces)")
        assert "Trésor" in s.tie_break_summary(data)
