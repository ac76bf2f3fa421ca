"""Hidden information: secret objectives, their sentences and their play, together.

``objectives: {deal: N, keep: K, cards: {id: {name, vp, condition}}}``: at setup each seat is dealt N
cards from the shuffled cards (the game's own seeded generator, so a record deals them again), kept
face down. ``State.view(p)`` shows p its own cards and only how many each other seat holds;
``determinize(seed, observer)`` deals the others' cards again from those the observer does not hold,
never touching the observer's. When the game is over every card is told in the log as
``("objective", player, card, VP)`` and each card whose condition its holder meets then scores its
VP, in a source of its own (``score_by_source(p)["objectives"]``). Both engines play it (the
differential test's generated house rules deal objectives too).
"""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import rulekit.engine.record as record
from rulekit import i18n
from rulekit.bots import make_bot
from rulekit.cli import cli
from rulekit.engine import new_game
from rulekit.engine.mechanics import objectives as objective_cards
from rulekit.language import check_path, load_ruleset
from rulekit.play import screen
from rulekit.play.session import Console, Session
from rulekit.play.view import state_view
from rulekit.text import sentences as s
from rulekit.text.diff import render_text, rule_diff
from rulekit.text.rulebook import render_markdown

from scenario import variant

CARDS = {
    "rich": {"name": "Rich", "vp": 3, "condition": {"metric": "coin_value", "at_least": 6}},
    "banker": {"name": "Banker", "vp": 2, "condition": {"metric": "owns", "structure": "bank", "at_least": 1}},
    "poor": {"name": "Poor", "vp": 1, "condition": {"not": {"metric": "coin_value", "at_least": 3}}},
    "builder": {"name": "Builder", "vp": 4, "condition": {"metric": "structures", "at_least": 2}},
}


def objectives(tmp_path, deal=2, cards=None, name="secret", **more):
    """province-en with secret objectives: ``deal`` of ``cards`` (default :data:`CARDS`) to each seat."""
    return load_ruleset(variant(tmp_path, {"objectives": {"deal": deal, "cards": cards or CARDS, **more}}, name=name))


def ids(st, p):
    return [st.c.obj_ids[o] for o in st.objectives[p]]


def finish(st, seed=1):
    """Play ``st`` to its end with two greedy bots."""
    bots = [make_bot("greedy", seed=seed), make_bot("greedy", seed=seed + 1)]
    while not st.is_terminal():
        st.apply(bots[st.current].choose(st))
    return st


def give_coins(st, p, n):
    """Seat ``p`` earns ``n`` in coins from the supply (a test's set-up: the engine's change-making, coins
    conserved; a purse set by hand may not hold coins the box does not have)."""
    before = st.coin_value(p)
    assert st._earn_coin(p, n) == n and st.coin_value(p) == before + n


# ------------------------------------------------------------ the deal

def test_the_deal_says_what_the_engine_deals(tmp_path):
    rs = objectives(tmp_path, deal=2)
    assert s.objectives_deal_sentence(rs.data) == ("Shuffle the 4 objective cards and deal 2 to each player, face "
                                                   "down: you may look at your own cards, never at another player's.")
    seen = set()
    for seed in range(30):
        st = new_game(rs, seed=seed)
        hands = [ids(st, p) for p in range(2)]
        assert [len(h) for h in hands] == [2, 2]
        assert len(set(hands[0]) | set(hands[1])) == 4             # no card dealt twice
        seen.add(tuple(hands[0]))
        assert new_game(rs, seed=seed).objectives == st.objectives    # seeded: the same deal again
    assert len(seen) > 3                                            # the shuffle deals different hands


def test_the_editions_draw_the_same_numbers(tmp_path):
    """Without objectives nothing is drawn: a game of the edition is the one it always was."""
    rs = load_ruleset("province-en")
    st = new_game(rs, seed=5)
    assert st.objectives == [[], []] and "objectives" not in st.score_by_source(0)
    with_cards = new_game(objectives(tmp_path, deal=1), seed=5)
    assert with_cards.stack == st.stack and with_cards.first == st.first


# ------------------------------------------------------------ each card: its sentence and its scoring

def test_each_card_says_what_it_scores(tmp_path):
    rs = objectives(tmp_path, deal=2)
    d = rs.data
    assert s.objective_sentence(d, "rich") == "Hold at least 6 Coin (the total value of your coins). Worth 3 VP when the game is over."
    assert s.objective_sentence(d, "banker") == "Own the Bank. Worth 2 VP when the game is over."
    assert s.objective_sentence(d, "builder") == "Own at least 2 structures. Worth 4 VP when the game is over."
    for seed in range(12):
        st = finish(new_game(rs, seed=seed), seed)
        for p in range(2):
            by = st.score_by_source(p)
            expected = 0
            for o in st.objectives[p]:
                card = CARDS[st.c.obj_ids[o]]
                cond = card["condition"]
                if "not" in cond:
                    met = not st.coin_value(p) >= cond["not"]["at_least"]
                elif cond["metric"] == "coin_value":
                    met = st.coin_value(p) >= cond["at_least"]
                elif cond["metric"] == "owns":
                    met = bool(st.owned[p] >> st.c.struct_ids.index("bank") & 1)
                else:
                    met = bin(st.owned[p]).count("1") >= cond["at_least"]
                expected += card["vp"] if met else 0
                assert ("objective", p, o, card["vp"] if met else 0) in list(st.log)
            assert by["objectives"] == expected
            assert st.score(p) == sum(by.values())


def test_scored_only_when_the_game_is_over(tmp_path):
    rs = objectives(tmp_path, deal=2, cards={"a": {"name": "A", "vp": 5, "condition": {"metric": "coin_value", "at_least": 0}},
                                           "b": {"name": "B", "vp": 5, "condition": {"metric": "coin_value", "at_least": 0}},
                                           "c": {"name": "C", "vp": 5, "condition": {"metric": "coin_value", "at_least": 0}},
                                           "d": {"name": "D", "vp": 5, "condition": {"metric": "coin_value", "at_least": 0}}})
    st = new_game(rs, seed=2)
    assert st.score_by_source(0)["objectives"] == 0 and st.scores() == (0, 0)   # secret during the game
    assert sorted(objective_cards.met(st, 0)) == sorted(st.objectives[0])            # though met already
    assert not [e for e in st.log if e[0] == "objective"]
    finish(st)
    assert [st.score_by_source(p)["objectives"] for p in range(2)] == [10, 10]


def test_the_french_sentences(tmp_path):
    rs = objectives(tmp_path, deal=1)
    with i18n.language("fr"):
        deal = s.objectives_deal_sentence(rs.data)
        card = s.objective_sentence(rs.data, "banker")
    i18n.set_language("en")
    assert deal.startswith("Mélangez les 4\u00a0cartes de mission et distribuez-en 1 à chaque joueur, face cachée")
    assert card == "Possédez la Banque. Vaut 2\u00a0PV à la fin de la partie."


# ------------------------------------------------------------ the choice: keep fewer than dealt

SIX = {**CARDS,
       "settler": {"name": "Settler", "vp": 2, "condition": {"metric": "owns", "structure": "village", "at_least": 1}},
       "miller": {"name": "Miller", "vp": 2, "condition": {"metric": "owns", "structure": "mill", "at_least": 1}}}


def test_the_keep_says_what_the_engine_asks(tmp_path):
    rs = objectives(tmp_path, deal=3, keep=1, cards=SIX)
    assert s.objectives_keep_sentence(rs.data) == (
        "Before the first turn, each player in turn order keeps 1 of their objective cards and returns the others "
        "face down, unseen by the other players.")
    st = new_game(rs, seed=9)
    assert st.phase_name == "setup" and st.objectives == [[], []] and [len(d) for d in st.obj_dealt] == [3, 3]
    assert st.face_up < 0                                   # the first turn has not begun
    order = []
    while st.phase_name == "setup":
        p = st.decider
        order.append(p)
        options = st.legal_actions()
        assert sorted(st.notation(a) for a in options) == sorted(f"keep {st.c.obj_ids[o]}" for o in st.obj_dealt[p])
        chosen = options[-1]
        st.apply(chosen)
        assert st.c.obj_ids[st.objectives[p][-1]] == st.notation(chosen)[len("keep "):]
    assert order == [st.first, st.c.next_seat[st.first]]    # in turn order from the first player, one card each
    assert st.phase_name == "work" and st.current == st.first and st.decider == st.first
    assert [len(k) for k in st.objectives] == [1, 1]
    assert all(set(st.objectives[p]) <= set(st.obj_dealt[p]) for p in range(2))
    finish(st)
    assert len([e for e in st.log if e[0] == "objective"]) == 2      # only the kept cards are scored


def test_two_kept_one_decision_each(tmp_path):
    rs = objectives(tmp_path, deal=3, keep=2, cards=SIX)
    st = new_game(rs, seed=2)
    first = st.decider
    st.apply(st.legal_actions()[0])
    assert st.decider == first and len(st.legal_actions()) == 2          # the card kept is no more an option
    st.apply(st.legal_actions()[0])
    assert st.decider != first and st.phase_name == "setup"


def test_the_choice_is_told_without_the_card(tmp_path):
    rs = objectives(tmp_path, deal=3, keep=1, cards=SIX)
    st = new_game(rs, seed=9)
    a = st.legal_actions()[0]
    card = str(s.objective_name(rs.data, st.c.obj_ids[st.c.actions[a].arg2]))
    theirs = screen.action_line(st, a, "Computer (greedy)")
    assert theirs == "Computer (greedy) keeps an objective card." and card not in theirs
    mine = screen.action_line(st, a, "You")
    assert mine.startswith(f"You keep the objective {card}.") and st.notation(a) in mine
    assert screen.describe(st, a).startswith(f"Keep the objective {card} (")


def test_determinize_during_the_choice(tmp_path):
    rs = objectives(tmp_path, deal=3, keep=1, cards=SIX)
    st = new_game(rs, seed=9)
    st.apply(st.legal_actions()[1])                         # the first player keeps a card
    observer = st.decider                                   # the second chooses now
    other = 1 - observer
    for seed in range(20):
        world = st.determinize(seed)
        assert world.obj_dealt[observer] == st.obj_dealt[observer] and world.objectives[observer] == []
        assert len(world.obj_dealt[other]) == 3 and len(world.objectives[other]) == 1
        assert set(world.objectives[other]) <= set(world.obj_dealt[other])
        assert not set(world.obj_dealt[other]) & set(st.obj_dealt[observer])
        assert world.legal_actions() == st.legal_actions()  # the observer's own options, untouched


@pytest.mark.parametrize("bot", ["greedy", "mcts:10", "careless"])
def test_the_bots_choose_and_play_on(tmp_path, bot):
    rs = objectives(tmp_path, deal=3, keep=1, cards=SIX)
    st = new_game(rs, seed=4)
    bots = [make_bot(bot, seed=1), make_bot("greedy", seed=2)]
    while not st.is_terminal() and st.turn < 200:
        st.apply(bots[st.decider].choose(st))
    assert st.is_terminal() and [len(k) for k in st.objectives] == [1, 1]


# ------------------------------------------------------------ what a seat sees

def test_the_view_shows_a_seat_its_own_cards_and_the_number_of_the_others(tmp_path):
    rs = objectives(tmp_path, deal=2)
    st = new_game(rs, seed=4)
    for p in range(2):
        v = st.view(p)
        assert v["objectives"][p] == ids(st, p)
        assert v["objectives"][1 - p] is None and v["objectives_held"] == [2, 2]
        # the play layer's view, as the screens and the page read it
        pv = state_view(st, seat=p, with_actions=False).players
        assert [oid for oid, _ in pv[p].objectives] == ids(st, p) and pv[1 - p].objectives == ()
        assert pv[1 - p].objectives_held == 2
    assert all(pv.objectives == () for pv in state_view(st, with_actions=False).players)   # a watcher: none
    finish(st)
    v = st.view(0)
    assert v["objectives"] == [ids(st, 0), ids(st, 1)]                  # the end reveals all


def test_the_screen_shows_only_your_own_cards(tmp_path):
    rs = objectives(tmp_path, deal=2)
    st = new_game(rs, seed=4)

    class Plain:
        @staticmethod
        def style(text, **_):
            return text

    mine, theirs = [s.objective_name(rs.data, o) for o in ids(st, 0)], [s.objective_name(rs.data, o) for o in ids(st, 1)]
    for names, viewer in ((["You", "Computer (greedy)"], 0), (["Computer (greedy)", "You"], 1), (["Ann", "Bob"], st.current)):
        text = "\n".join(screen.player_lines(st, names, Plain()))
        shown, hidden = (mine, theirs) if viewer == 0 else (theirs, mine)
        assert all(str(n) in text for n in shown) and not any(str(n) in text for n in hidden), text
        assert "2 secret cards" in text


def test_the_story_reveals_every_card_at_the_end():
    rs = load_ruleset("secret-objectives")
    out = []
    session = Session(ruleset=rs, seed=3, players=["bot:greedy", "bot:greedy"], first_player=0,
                      console=Console(interactive=False, color=False, write=out.append))
    bots = [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]
    st = session.state
    while not st.is_terminal():
        session.play_action(bots[st.current].choose(st), save=False)
        st = session.state
    told = [e.text for e in session.story.entries if "'s objective " in e.text]
    assert len(told) == 4
    for (_, p, o, vp), text in zip([e for e in st.log if e[0] == "objective"], told):
        name = s.objective_name(rs.data, st.c.obj_ids[o])
        assert f"'s objective {name} is " in text
        assert text.endswith(f": {vp} VP." if vp else ": no VP.")


def test_the_page_sends_a_seat_only_its_own_cards():
    from rulekit.web.game import SPEEDS, WebGame
    game = WebGame.new(load_ruleset("secret-objectives"), ["human", "human"], 5, delay=SPEEDS["instant"])
    st = game.state
    while st.phase_name == "setup":                          # each keeps two of its three cards
        st.apply(st.legal_actions()[0])
    names = {p: [str(s.objective_name(st.c.data, o)) for o in ids(st, p)] for p in range(2)}
    for p in range(2):
        page = game.payload([game.tokens[p]])
        seen = [[oid for oid, _ in pv["objectives"]] for pv in page["view"]["players"]]
        assert seen[p] == ids(st, p) and seen[1 - p] == []
        texts = ["\n".join(lines) for lines in (p["lines"] for p in page["players"])]
        assert all(n in texts[p] for n in names[p]) and not any(n in texts[1 - p] for n in names[1 - p])
        assert "2 secret cards" in texts[1 - p]
    watcher = game.payload([])
    assert all(pv["objectives"] == [] for pv in watcher["view"]["players"])
    assert all("2 secret cards" in "\n".join(lines) for lines in (p["lines"] for p in watcher["players"]))


# ------------------------------------------------------------ determinize

def test_determinize_redraws_only_what_the_observer_cannot_see(tmp_path):
    rs = objectives(tmp_path, deal=1)
    st = new_game(rs, seed=6)
    for observer in (0, 1):
        other = 1 - observer
        drawn = set()
        for seed in range(40):
            world = st.determinize(seed, observer=observer)
            assert world.objectives[observer] == st.objectives[observer]        # never the observer's own
            assert len(world.objectives[other]) == 1
            assert not set(world.objectives[other]) & set(st.objectives[observer])
            drawn.update(world.objectives[other])
        # the other's card comes from the three the observer does not hold
        assert drawn == set(range(4)) - set(st.objectives[observer])
    assert st.determinize(3).objectives[st.current] == st.objectives[st.current]   # default: the seat to play


def test_determinize_changes_nothing_once_the_game_is_over(tmp_path):
    st = finish(new_game(objectives(tmp_path, deal=2), seed=8))
    assert all(st.determinize(seed).objectives == st.objectives for seed in range(5))


@pytest.mark.parametrize("bot", ["greedy", "mcts:10", "deep:6", "careless"])
def test_the_bots_play_it_to_the_end(bot):
    rs = load_ruleset("secret-objectives")
    st = new_game(rs, seed=11)
    bots = [make_bot(bot, seed=1), make_bot("greedy", seed=2)]
    while not st.is_terminal() and st.turn < 200:
        st.apply(bots[st.current].choose(st))
    assert st.is_terminal() and "objectives" in st.score_by_source(0)


def test_the_greedy_evaluation_counts_only_its_own_cards(tmp_path):
    """The greedy evaluation counts the seat's own cards met now; the other's cards change nothing."""
    from rulekit.bots.policy import evaluate
    rs = objectives(tmp_path, deal=1)
    st = new_game(rs, seed=6)
    p = st.current
    values = set()
    for seed in range(20):
        world = st.determinize(seed, observer=p)
        values.add(round(evaluate(world, p), 9))
    assert len(values) == 1
    rich = st.c.obj_ids.index("rich")
    st.objectives[p] = [rich]
    before = evaluate(st, p)
    give_coins(st, p, 6)
    assert objective_cards.met(st, p) == [rich]
    assert evaluate(st, p) - before >= 10 * 3          # the weight of a VP times the card's VP, beyond the coins


# ------------------------------------------------------------ a record

def test_a_record_replays_the_same_cards(tmp_path):
    rs = load_ruleset("secret-objectives")
    st = finish(new_game(rs, seed=21))
    saved = record.GameRecord.for_state(rs, st, ["bot:greedy", "bot:greedy"]).to_json()
    again = record.replay(record.GameRecord.from_json(saved), rs)
    assert again == st and again.objectives == st.objectives
    assert [e for e in again.log if e[0] == "objective"] == [e for e in st.log if e[0] == "objective"]


# ------------------------------------------------------------ validation

def test_a_card_that_can_never_be_met_is_a_warning(tmp_path):
    path = variant(tmp_path, {"objectives": {"deal": 1, "cards": {
        **CARDS, "tycoon": {"name": "Tycoon", "vp": 9, "condition": {"metric": "structures", "at_least": 12}}}}},
        name="never")
    problems, warnings = check_path(path)
    assert problems == []
    warned = [w for w in warnings if "tycoon" in w.message]
    assert len(warned) == 1 and "can never be met" in warned[0].message
    assert warned[0].pointer == "/objectives/cards/tycoon/condition/at_least"


@pytest.mark.parametrize("more,text", [
    ({"deal": 2, "keep": 3}, "keep: 3 is more than the 2 objectives dealt"),
    ({"deal": 3}, "2 players dealt 3 objectives each need 6, but there are 4 objective cards"),
])
def test_validation_of_the_deal(tmp_path, more, text):
    path = variant(tmp_path, {"objectives": {"cards": CARDS, **more}}, name="deal")
    problems, _ = check_path(path)
    assert len(problems) == 1 and text in problems[0].message


# ------------------------------------------------------------ the example, end to end

def test_secret_objectives_plays_prints_diffs_and_simulates(tmp_path):
    runner = CliRunner()
    rec = tmp_path / "game.json"
    played = runner.invoke(cli, ["play", "secret-objectives", "--players", "bot:greedy,bot:random", "--seed", "3",
                                 "--record", str(rec), "--lang", "en"])
    assert played.exit_code == 0, played.output
    assert "'s objective " in played.output and "VP from objectives" in played.output
    assert json.loads(rec.read_text(encoding="utf-8"))
    for lang, words in (("en", "Worth 3 VP when the game is over"), ("fr", "Vaut 3\u00a0PV à la fin de la partie")):
        book = runner.invoke(cli, ["rulebook", "secret-objectives", "--lang", lang])
        assert book.exit_code == 0 and ("Hold at least 12 Coin" if lang == "en" else "Marchand") in book.output, book.output
        diff = runner.invoke(cli, ["diff", "province-en", "secret-objectives", "--lang", lang])
        assert diff.exit_code == 0 and words in diff.output, diff.output
    sim = runner.invoke(cli, ["simulate", "secret-objectives", "--games", "4", "--seed", "1", "--json"])
    assert sim.exit_code == 0, sim.output
    assert json.loads(sim.output)["settings"]["games"] == 4
    with i18n.language("fr"):
        assert "Marchand" in render_markdown(load_ruleset("secret-objectives"), lang="fr")
    i18n.set_language("en")
    text = render_text(rule_diff(load_ruleset("province-en"), load_ruleset("secret-objectives")), "A", "B")
    assert "Objective Banker: Own the Bank. Worth 2 VP when the game is over. (new)" in text


def test_simulate_reports_the_objectives_vp_as_a_source_of_their_own():
    """simulate's VP by source counts the objectives met where a ruleset deals them (and the total is the sum of
    the sources), and keeps the editions' sources as they were."""
    from rulekit.balance import simulate as sim

    doc = sim.report("secret-objectives", 8, bots=("greedy", "greedy"), seed=3, jobs=1)
    by_source = doc["results"]["vp"]["by_source"]
    assert "objectives" in by_source and by_source["objectives"]["mean"] > 0
    total = sum(v["mean"] for v in by_source.values())
    assert abs(total - doc["results"]["vp"]["per_player"]["mean"]) < 1e-6
    plain = sim.report("province-en", 4, bots=("greedy", "greedy"), seed=3, jobs=1)
    assert "objectives" not in plain["results"]["vp"]["by_source"]
