"""Issue 53's combination "objectives checked when met": ``objectives.cards.<id>.check``.

A card's ``check`` is ``end_of_game`` (absent: its condition read once, on the final position, as before),
``immediate`` (also after every action, decision and turn's start, as an immediate goal) or ``end_of_turn`` (also
at the end of each of its holder's turns, as an end-of-turn goal). A card checked during the game is met as soon as
its condition holds at one of its checks, stays met, and scores when the game is over. Played on both engine paths,
beside the same card left at ``end_of_game`` (which must not score): a test that fails if the engine ignores the
field. Then the checks, the sentences, the diff, the rulebook, the screen, the view and the determinization.
"""
from __future__ import annotations

import pytest

from rulekit import engine as compiled
from rulekit import i18n
from rulekit.language import load_ruleset, validate_path
from rulekit.play import screen
from rulekit.play.view import state_view
from rulekit.text import sentences as s
from rulekit.text.diff import render_text, rule_diff
from rulekit.text.rulebook import render_html
from scenario import end_game, set_labor, set_phase, set_value, take_coins, variant
from test_engine_differential import PURE

ENGINES = pytest.mark.parametrize("eng", [compiled, PURE], ids=["engine", "pure"])

#: The tutorial's cards: converting twice in one turn, holding 10 Coin at some point.
CARDS = {
    "miller": {"name": {"en": "Miller", "fr": "Meunier"}, "vp": 3, "check": "end_of_turn",
               "condition": {"metric": "conversions_this_turn", "conversion": "grind", "at_least": 2}},
    "hoarder": {"name": {"en": "Hoarder", "fr": "Thésauriseur"}, "vp": 2, "check": "immediate",
                "condition": {"metric": "coin_value", "at_least": 10}},
}


#: A condition another player can meet too, for a miller read when the game is over (a card of this turn alone
#: read then is refused: see the last test).
ANY_TIME = {"metric": "coin_value", "at_least": 3}


def rules(tmp_path, check_miller="end_of_turn", check_hoarder="immediate", name="when-met"):
    miller = dict(CARDS["miller"], check=check_miller)
    if check_miller == "end_of_game":
        miller["condition"] = ANY_TIME
    cards = {"miller": miller, "hoarder": dict(CARDS["hoarder"], check=check_hoarder)}
    return load_ruleset(variant(tmp_path, {"objectives": {"deal": 1, "cards": cards}}, name=name))


def holding(eng, rs, p: int, card: str):
    """A new game in which seat ``p`` holds ``card`` (and the other seat the other card), ``p`` playing first."""
    st = eng.game.new_game(rs, seed=3, first_player=p)
    c = st.c
    o = c.obj_ids.index(card)
    st.objectives = [[o] if q == p else [1 - o] for q in range(c.n_players)]
    st.obj_dealt = [list(x) for x in st.objectives]
    return st, o


def grind_twice(st):
    """The current player in its spending phase converts Grind twice (2 Labor each)."""
    set_phase(st, "spending")
    set_labor(st, 4)
    st.play("grind")
    st.play("grind")


@ENGINES
@pytest.mark.parametrize("check, scores", [("end_of_turn", 3), ("immediate", 3)])
def test_a_single_turn_card_is_met_in_that_turn_and_scores_at_the_end(eng, tmp_path, check, scores):
    rs = rules(tmp_path, check_miller=check)
    st, o = holding(eng, rs, 0, "miller")
    grind_twice(st)
    st.play("end")                                     # the end of seat 0's turn: checked there
    assert o in st.obj_met
    assert st.score_by_source(0)["objectives"] == 0    # secret until the game is over
    set_phase(st, "spending")
    st.play("end")                                     # seat 1's turn: seat 0 has converted nothing in it
    end_game(st)
    assert st.score_by_source(0)["objectives"] == scores
    assert ("objective", 0, o, scores) in list(st.log)


@ENGINES
@pytest.mark.parametrize("check, scores", [("immediate", 2), ("end_of_game", 0)])
def test_holding_ten_coin_at_some_point_stays_met(eng, tmp_path, check, scores):
    rs = rules(tmp_path, check_hoarder=check)
    st, o = holding(eng, rs, 0, "hoarder")
    set_value(st, 0, 10)
    st.play(next(n for n in (st.c.actions[a].notation for a in st.legal_actions()) if n.startswith("move")))
    assert (o in st.obj_met) == (check == "immediate")  # after the action
    take_coins(st, 0, 10)                               # then spent: it stays met
    set_phase(st, "spending")
    st.play("end")
    end_game(st)
    assert st.coin_value(0) < 10
    assert st.score_by_source(0)["objectives"] == scores


@ENGINES
def test_end_of_turn_is_checked_for_the_holder_only_at_its_own_turns_end(eng, tmp_path):
    rs = rules(tmp_path)
    st, o = holding(eng, rs, 1, "miller")             # seat 1 holds it, seat 0 plays first
    st.current = 0
    grind_twice(st)                                     # seat 0 converts: not the holder
    st.play("end")
    assert o not in st.obj_met
    grind_twice(st)                                     # seat 1 converts twice in its own turn
    assert o not in st.obj_met                          # not before its turn's end
    st.play("end")
    assert o in st.obj_met


def test_a_ruleset_without_such_cards_pays_nothing(tmp_path):
    """Cards left at end_of_game put no mechanism on the check moment: the state's key is as before."""
    for ruleset in (rules(tmp_path, "end_of_game", "end_of_game", name="at-end"), load_ruleset("secret-objectives")):
        c = compiled.game.compile_ruleset(ruleset)
        assert c.at_check == () and "objectives" in [m.name for m in c.mechanisms]
    c = compiled.game.compile_ruleset(rules(tmp_path))
    assert [m.name for m in c.at_check] == ["objectives"]


def test_the_view_shows_a_seat_its_own_met_cards_only_and_a_search_forgets_the_others(tmp_path):
    rs = rules(tmp_path)
    st, o = holding(compiled, rs, 0, "hoarder")
    other = 1 - o
    st.obj_met = (o, other)                             # both met (seat 1's too)
    view = st.view(0)
    assert view["objectives_met"] == [["hoarder"], None]
    assert st.view(1)["objectives_met"] == [None, ["miller"]]
    d = st.determinize(5, 0)
    assert d.obj_met == (o,)                            # seat 0 knows its own; the other's is redrawn, not met
    names = ["You", "Computer"]
    pv = state_view(st, names, seat=0).players[0]
    assert "Hoarder (2 VP, met)" in screen.objectives_text(st, pv)


def test_the_sentences_say_when_a_card_is_checked(tmp_path):
    rs = rules(tmp_path)
    with i18n.language("en"):
        assert s.objective_sentence(rs.data, "miller") == (
            "Use Grind at least 2 times in a single turn. Checked at the end of each of your turns: once met, it stays "
            "met. Worth 3 VP when the game is over.")
        assert "Checked after every action: once met, it stays met." in s.objective_sentence(rs.data, "hoarder")
        assert "So is a card checked during the game" in s.objectives_scoring_sentence(rs.data)
        plain = rules(tmp_path, "end_of_game", "end_of_game", name="plain")
        assert "Checked" not in s.objective_sentence(plain.data, "hoarder")
        assert "So is a card" not in s.objectives_scoring_sentence(plain.data)
        diff = render_text(rule_diff(plain, rs), plain, rs)
        assert "Checked at the end of each of your turns" in diff
        assert "Checked after every action" in render_html(rs)
    with i18n.language("fr"):
        text = s.objective_sentence(rs.data, "miller")
        assert "Vérifiée à la fin de chacun de vos tours\u202f: une fois remplie, elle le reste." in text


def test_a_this_turn_card_checked_only_at_the_end_is_refused(tmp_path):
    problems = validate_path(variant(tmp_path, {"objectives": {"deal": 1, "cards": {
        "miller": {k: v for k, v in CARDS["miller"].items() if k != "check"}, "hoarder": CARDS["hoarder"]}}},
        name="last-turn"))
    assert len(problems) == 1 and "check: end_of_turn" in problems[0].message
    assert problems[0].pointer == "/objectives/cards/miller/condition"


@ENGINES
def test_a_muted_state_meets_the_same_cards(eng, tmp_path):
    """A search's muted state skips the checks that cannot find anything, never the objectives' check: the same
    random game, muted and not, meets the same cards at the same moments and scores the same."""
    import random

    rs = rules(tmp_path)
    for seed in range(6):
        loud = eng.game.new_game(rs, seed=seed, first_player=0)
        quiet = loud.clone().mute()
        rng = random.Random(seed)
        while not loud.is_terminal():
            action = rng.choice(loud.legal_actions())
            loud.apply(action)
            quiet.apply(action)
            assert quiet.obj_met == loud.obj_met
        assert [quiet.score_by_source(p)["objectives"] for p in range(2)] == \
            [loud.score_by_source(p)["objectives"] for p in range(2)]
        assert quiet.key() == loud.key()


def test_a_search_bot_plays_it(tmp_path):
    """The normal bot (a search on determinizations, which keep only its own met cards) plays a game of it to the
    end; what it met scores."""
    from rulekit.bots import make_bot

    rs = rules(tmp_path)
    st = compiled.game.new_game(rs, seed=2, first_player=0)
    bots = [make_bot("normal", seed=1), make_bot("greedy", seed=2)]
    while not st.is_terminal():
        st.apply(bots[st.current].choose(st))
    for p in range(2):
        met = [o for o in st.objectives[p] if o in st.obj_met]
        assert all(o in st.obj_dealt[p] for o in met)
        assert st.score_by_source(p)["objectives"] >= sum(st.c.obj_vps[o] for o in met)


@ENGINES
def test_a_card_met_during_the_game_is_logged_once_and_told_to_its_holder_only(eng, tmp_path):
    """``("objective_met", holder, card)`` in the log when a card is met at one of its checks (once: it stays met).
    The line is its holder's ("You") only: the others are told nothing, not even that a card was met, as the view
    tells them nothing of the others' met cards and a search's determinization assumes none (docs/ruleset-reference.md)."""
    rs = rules(tmp_path)
    st, o = holding(eng, rs, 0, "miller")
    grind_twice(st)
    assert not [e for e in st.log if e[0] == "objective_met"]     # end_of_turn: not before the turn's end
    st.play("end")
    met = [e for e in st.log if e[0] == "objective_met"]
    assert met == [("objective_met", 0, o)]
    grind_twice(st)                                               # seat 1's turn, then seat 0 meets it again
    st.play("end")
    grind_twice(st)
    st.play("end")
    assert [e for e in st.log if e[0] == "objective_met"] == met
    with i18n.language("en"):
        assert screen.event_line(st, met[0], ["You", "Computer"]) == (
            "Your secret objective Miller is met (Use Grind at least 2 times in a single turn): it scores 3 VP "
            "when the game is over.")
        assert screen.event_line(st, met[0], ["Computer", "You"]) == ""
        assert screen.event_line(st, met[0], ["Ann", "Bob"]) == ""    # hot-seat: the screen is everyone's
    with i18n.language("fr"):
        line = screen.event_line(st, met[0], [i18n._("You"), "Ordinateur"])
        assert line.startswith("Votre mission secrète Meunier est remplie (") and "3\u00a0PV" in line


def test_the_story_tells_the_holder_and_not_the_others(tmp_path):
    """Played through a session (the terminal's story, which the browser's page shows too): the human's card met
    during the game is a line of the story; the computer's is not."""
    from rulekit.play import Console, Session

    rs = rules(tmp_path, check_miller="immediate")
    for holder, told in ((0, True), (1, False)):
        con = Console(interactive=False, color=False, write=[].append, size=(80, 24))
        session = Session(ruleset=rs, seed=3, players=["human", "bot:easy"], console=con, first_player=holder)
        st = session.state
        o = st.c.obj_ids.index("miller")
        st.objectives = [[o] if q == holder else [1 - o] for q in range(st.n_players)]
        st.obj_dealt = [list(x) for x in st.objectives]
        set_phase(st, "spending")
        set_labor(st, 4)
        for _ in range(2):
            session.play_action(st.legal_actions()[[st.notation(a) for a in st.legal_actions()].index("grind")])
        assert o in session.state.obj_met
        lines = [e.text for e in session.story.entries if "Miller" in e.text]
        assert lines == (["Your secret objective Miller is met (Use Grind at least 2 times in a single turn): "
                          "it scores 3 VP when the game is over."] if told else []), (holder, lines)
