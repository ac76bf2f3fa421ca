"""Decks of event cards: each card's sentence and its play, together.

``events.<deck>: {name, reveal, lasts, cards}``: the deck is shuffled at setup with the game's own
seeded generator; at each ``reveal`` moment (the start of each round, of each turn, or when a
structure is built) its top card is revealed (told in the log as ``("event", deck, card, player)``),
and its effects (a yield or a cost changed, an action forbidden, resources given) last as ``lasts``
says (``round``, ``until_next`` or ``game``; their end told as ``("event_end", deck, card)``). An empty
deck reveals nothing more. ``determinize`` reshuffles the cards not yet revealed; a record replays the
same cards. Both engines play them (the differential test's generated house rules draw a deck too).
"""
from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

import rulekit.engine.record as record
from rulekit import i18n
from rulekit.bots import make_bot
from rulekit.cli import cli
from rulekit.engine import game as engine_game
from rulekit.engine import new_game
from rulekit.engine.primitives import CARD_EFFECTS
from rulekit.language import check_path, load_ruleset
from rulekit.language import validation
from rulekit.language.ruleset import schema
from rulekit.play import screen
from rulekit.play.session import Console, Session
from rulekit.play.view import state_view
from rulekit.text import sentences as s
from rulekit.text.diff import render_text, rule_diff
from rulekit.text.rulebook import render_markdown

from scenario import variant


def deck_rules(tmp_path, cards, reveal="start_of_round", lasts="round", name="house", **more):
    """province-en with one deck, Weather, of ``cards``."""
    patch = {"events": {"weather": {"name": "Weather", "reveal": reveal, "lasts": lasts, "cards": cards}}}
    patch.update(more)
    return load_ruleset(variant(tmp_path, patch, name=name))


def one_card(tmp_path, effect, value, **kw):
    return deck_rules(tmp_path, [{"id": "card", "name": "Card", effect: value}], **kw)


def events(st, kind="event"):
    return [e for e in st.log if e[0] == kind]


def active_cards(st):
    return [st.c.card_ids[e[1]] for e in st.ev_active]


def give_coins(st, p, n):
    """Seat ``p`` takes ``n`` coins of value 1 from the supply (a test's set-up, coins conserved)."""
    c = st.c
    one = c.coin_values.index(1)
    supply, purse = list(st.supply), list(st.purses[p])
    supply[one] -= n
    purse[one] += n
    st.supply, st.purses[p] = tuple(supply), tuple(purse)


def give_pool(st, p, rid, n):
    st.pool[p * st.c.n_pool + st.c.pool_ids.index(rid)] += n


def to_spending(st):
    """Moves the current player's first movable worker, then goes on to the spending phase."""
    st.apply(next(a for a in st.legal_actions() if st.c.actions[a].kind == engine_game.MOVE))
    st.play("spend")


def end_turns(st, n):
    for _ in range(n):
        if st.phase_name == "work":
            to_spending(st)
        st.play("end")


# ------------------------------------------------------------ the tables

def test_every_card_effect_has_its_row_in_each_layer():
    """The card effects of the schema (``$defs/card``, beside its id, name and count) each have a row in the
    engine (primitives.CARD_EFFECTS), the language (validation.CARD_EFFECTS) and the text (sentences.CARD_SENTENCES)."""
    names = [k for k in schema()["$defs"]["card"]["properties"] if k not in ("id", "name", "count")]
    assert list(CARD_EFFECTS) == names
    assert list(validation.CARD_EFFECTS) == names
    assert list(s.CARD_SENTENCES) == names


# ------------------------------------------------------------ each effect: its sentence and its play

def test_a_yield_changed(tmp_path):
    rs = one_card(tmp_path, "space_yield", {"space": "coin", "add": {"coin": -1}})
    assert s.card_sentence(rs.data, rs.data["events"]["weather"]["cards"][0]) == \
        "Each worker moved onto the Coin space earns 1 Coin less (never less than nothing)."
    st = new_game(rs, seed=1)
    assert active_cards(st) == ["card"]
    p = st.current
    before = st.coin_value(p)
    st.play("move green@labor_top")                 # onto the Coin space: 1 Coin less than its 1 Coin
    assert st.coin_value(p) == before
    # After the round, the yield is the space's own again.
    st.play("end")
    end_turns(st, 1)
    assert active_cards(st) == [] and events(st, "event_end")
    q = st.current
    st.wpos[0] = st.c.space_ids.index("labor_top")     # a green worker before the Coin space again
    before = st.coin_value(q)
    st.play("move green@labor_top")
    assert st.coin_value(q) == before + 1


def test_a_yield_raised_adds_to_a_structure_replacement(tmp_path):
    rs = one_card(tmp_path, "space_yield", {"space": "coin", "add": {"coin": 2, "labor": 1}})
    assert s.card_sentence(rs.data, rs.data["events"]["weather"]["cards"][0]) == \
        "Each worker moved onto the Coin space earns 1 Labor and 2 Coin more."
    st = new_game(rs, seed=1)
    p = st.current
    st.owned[p] |= 1 << st.c.struct_ids.index("bank")       # the Bank: the Coin space yields 2 Coin
    before, labor = st.coin_value(p), st.held(p, 0)
    st.play("move green@labor_top")
    assert st.coin_value(p) == before + 4 and st.held(p, 0) == labor + 1


@pytest.mark.parametrize("add,cost", [({"coin": 1}, 5), ({"coin": -3, "labor": -5}, 1)])
def test_a_cost_changed(tmp_path, add, cost):
    rs = one_card(tmp_path, "cost", {"structure": "bank", "add": add})
    text = s.card_sentence(rs.data, rs.data["events"]["weather"]["cards"][0])
    if cost == 5:
        assert text == "Building the Bank costs 1 Coin more."
    else:
        assert text == "Building the Bank costs 5 Labor and 3 Coin less (never less than nothing)."
    st = new_game(rs, seed=2)
    p = st.current
    bank = st.c.build_action[st.c.struct_ids.index("bank")]
    st.owned[p] |= 1 << st.c.struct_ids.index("lender")     # the Bank requires the Lender
    to_spending(st)
    st.pool[p * st.c.n_pool] = 1                             # 1 Labor, and Coin of value 1 only
    st.purses[p] = (cost - 1, 0, 0)
    assert bank not in st.legal_actions()                    # one Coin short of the changed cost
    st.purses[p] = (cost + 1, 0, 0)
    assert bank in st.legal_actions()
    st.play("build bank")
    assert st.coin_value(p) == 1
    assert st.held(p, 0) == (0 if cost == 5 else 1)          # 1 Labor paid, or 1 - 5, never below 0: none


@pytest.mark.parametrize("forbid,sentence", [
    ({"build": "mill"}, "No player may build the Mill."),
    ({"space": "coin"}, "No worker may be moved onto the Coin space (a player with no other move goes on to their "
                        "Resource Spending Phase)."),
    ({"conversion": "grind"}, "No player may use the conversion Grind."),
])
def test_a_forbidden_action_is_not_legal_while_the_card_lasts_and_legal_after(tmp_path, forbid, sentence):
    rs = one_card(tmp_path, "forbid", forbid)
    assert s.card_sentence(rs.data, rs.data["events"]["weather"]["cards"][0]) == sentence
    st = new_game(rs, seed=3)
    c = st.c

    def forbidden_now():
        """The legal actions the card forbids."""
        if "space" in forbid:
            return [a for a in st.legal_actions() if c.actions[a].kind == engine_game.MOVE
                    and c.next_space[c.actions[a].arg2] == c.space_ids.index("coin")]
        return [a for a in st.legal_actions() if c.actions[a].notation == ("build mill" if "build" in forbid else "grind")]

    def set_up():
        p = st.current
        if "space" not in forbid:
            to_spending(st)
            give_pool(st, p, "labor", 3)
            give_coins(st, p, max(0, 2 - st.coin_value(p)))

    for turn in range(2):                                    # the first round: forbidden
        assert active_cards(st) == ["card"]
        set_up()
        assert forbidden_now() == []
        end_turns(st, 1)
    assert active_cards(st) == [] and len(events(st, "event_end")) == 1
    set_up()                                                 # the second round: allowed again
    assert forbidden_now() != []


def test_a_forbidden_space_leaves_a_player_with_no_move_the_spending_phase(tmp_path):
    # Every worker starts on the space before the Coin space: with the Coin space closed, none may move.
    rs = deck_rules(tmp_path, [{"id": "flood", "name": "Flood", "forbid": {"space": "coin"}}], lasts="round",
                    workers={"green": {"start": ["labor_top", "labor_top", "labor_top"]}})
    st = new_game(rs, seed=1)
    assert st.legal_actions() == [st.c.a_spend, st.c.a_end]
    st.play("spend")
    assert st.phase_name == "spending"


def test_a_give_is_paid_to_each_player_once(tmp_path):
    rs = one_card(tmp_path, "give", {"coin": 1, "labor": 2})
    assert s.card_sentence(rs.data, rs.data["events"]["weather"]["cards"][0]) == \
        "Each player earns 2 Labor and 1 Coin at once, as the card is revealed."
    base = new_game(load_ruleset("province-en"), seed=4)
    st = new_game(rs, seed=4)
    for p in range(2):
        assert st.coin_value(p) == base.coin_value(p) + 1
        assert st.held(p, 0) == base.held(p, 0) + 2
    end_turns(st, 1)
    assert st.coin_value(1 - st.current) >= 0 and len(events(st)) == 1     # once: the deck is empty now


def test_a_card_with_several_effects_says_each(tmp_path):
    rs = deck_rules(tmp_path, [{"id": "fair", "name": "Fair", "give": {"coin": 1}, "forbid": {"build": "bank"}}])
    assert s.card_sentence(rs.data, rs.data["events"]["weather"]["cards"][0]) == \
        "No player may build the Bank. Each player earns 1 Coin at once, as the card is revealed."


# ------------------------------------------------------------ moments and durations

def test_the_deck_sentence(tmp_path):
    cards = [{"id": "a", "name": "A", "give": {"coin": 1}, "count": 2}, {"id": "b", "name": "B", "give": {"labor": 1}}]
    rs = deck_rules(tmp_path, cards)
    assert s.deck_sentence(rs.data, "weather") == (
        "At the start of each round (the first player's turn, before its income), the top card of the Weather deck "
        "is revealed. Its effects last until the end of that round (when every player has had their turn). The deck "
        "holds 3 cards, shuffled at the start of the game; once it is empty, no more cards are revealed.")
    rs = deck_rules(tmp_path, cards, reveal={"on_build": "mill"}, lasts="until_next")
    assert s.deck_sentence(rs.data, "weather").startswith(
        "Each time a player builds the Mill, the top card of the Weather deck is revealed. Its effects last until the "
        "next card of this deck is revealed (those of the last card, to the end of the game).")
    rs = deck_rules(tmp_path, cards, reveal="start_of_turn", lasts="game")
    assert s.deck_sentence(rs.data, "weather").startswith(
        "At the start of each turn, before its income, the top card of the Weather deck is revealed. Its effects last "
        "to the end of the game.")


def test_round_cards_are_revealed_each_round_and_end_with_it(tmp_path):
    cards = [{"id": f"c{i}", "name": f"C{i}", "give": {"labor": 1}} for i in range(3)]
    for base in ("province-en", "province-3p"):
        path = variant(tmp_path, {"events": {"weather": {"name": "Weather", "reveal": "start_of_round", "lasts": "round",
                                                         "cards": cards}}}, base=base, name=f"rounds-{base}")
        rs = load_ruleset(path)
        players = rs.player_counts[-1]
        st = new_game(rs, seed=5, players=players)
        for rnd in range(3):
            assert len(events(st)) == rnd + 1 and len(st.ev_active) == 1
            for _ in range(players):
                assert len(events(st)) == rnd + 1             # nothing more within the round
                end_turns(st, 1)
            assert len(events(st, "event_end")) == rnd + 1    # the card's round is over
        assert st.ev_active == () and st.decks[0] == []       # the deck is empty: nothing more is revealed
        end_turns(st, players)
        assert len(events(st)) == 3


def test_until_next_ends_when_the_next_card_is_revealed(tmp_path):
    cards = [{"id": "a", "name": "A", "forbid": {"conversion": "grind"}}, {"id": "b", "name": "B", "give": {"coin": 1}}]
    rs = deck_rules(tmp_path, cards, reveal="start_of_turn", lasts="until_next")
    st = new_game(rs, seed=6)
    first = active_cards(st)
    assert len(first) == 1
    end_turns(st, 1)
    assert len(active_cards(st)) == 1 and active_cards(st) != first
    assert [st.c.card_ids[e[2]] for e in events(st, "event_end")] == first
    end_turns(st, 3)                                          # the last card lasts to the end of the game
    assert len(active_cards(st)) == 1 and len(events(st, "event_end")) == 1


def test_game_cards_add_up(tmp_path):
    cards = [{"id": "a", "name": "A", "cost": {"structure": "camp", "add": {"coin": 1}}, "count": 2}]
    rs = deck_rules(tmp_path, cards, lasts="game")
    st = new_game(rs, seed=7)
    camp = st.c.struct_ids.index("camp")
    assert st.ev_cost_coin[camp] == st.c.cost_coin[camp] + 1
    end_turns(st, 2)
    assert len(st.ev_active) == 2 and st.ev_cost_coin[camp] == st.c.cost_coin[camp] + 2
    assert events(st, "event_end") == []


def test_a_card_revealed_on_build_lasts_to_the_end_of_its_round(tmp_path):
    rs = deck_rules(tmp_path, [{"id": "a", "name": "A", "give": {"labor": 1}, "count": 3}], reveal={"on_build": "camp"})
    st = new_game(rs, seed=8)
    assert events(st) == []
    p = st.current
    to_spending(st)
    give_pool(st, p, "labor", 3)                             # the Camp: 3 Labor and 3 Coin
    give_coins(st, p, max(0, 3 - st.coin_value(p)))
    labor = st.held(p, 0)
    st.play("build camp")
    assert len(events(st)) == 1 and st.held(p, 0) == labor - 3 + 1
    end_turns(st, 1)
    assert len(st.ev_active) == 1                            # the round's second turn: it lasts
    end_turns(st, 1)
    assert st.ev_active == () and len(events(st, "event_end")) == 1


def test_an_edition_without_events_draws_as_before():
    """A ruleset without a deck draws nothing more: its games are the same as before decks existed."""
    st = new_game(load_ruleset("province-en"), seed=11)
    assert st.decks == [] and st.ev_active == () and st.view(0)["events"] == [] and st.view(0)["decks_left"] == {}


# ------------------------------------------------------------ hidden order, determinize, records

def test_the_view_hides_the_order_and_determinize_reshuffles(tmp_path):
    cards = [{"id": f"c{i}", "name": f"C{i}", "give": {"labor": 1}} for i in range(8)]
    rs = deck_rules(tmp_path, cards, reveal="start_of_turn", lasts="until_next")
    st = new_game(rs, seed=9)
    view = st.view(0)
    assert view["events"] == [("weather", st.c.card_ids[st.ev_active[0][1]])] and view["decks_left"] == {"weather": 7}
    orders = set()
    for seed in range(20):
        det = st.determinize(seed)
        assert sorted(det.decks[0]) == sorted(st.decks[0])     # the same cards left, in an order of its own
        assert det.ev_active == st.ev_active and list(det.log) == list(st.log)
        assert det.view(0) == view                             # nothing a player sees changes
        orders.add(tuple(det.decks[0]))
    assert len(orders) > 10
    nexts = set()
    for seed in range(20):
        det = st.determinize(seed)
        end_turns(det, 1)
        nexts.add(det.c.card_ids[det.ev_active[0][1]])
    assert len(nexts) > 2                                      # the next card is not the game's own to a search


def test_a_search_never_sees_the_real_order(tmp_path):
    """Two games equal but for the order of the cards not yet revealed: their determinizations are the same,
    and so is each search bot's choice (the bots search determinizations only)."""
    cards = [{"id": f"c{i}", "name": f"C{i}", "give": {"coin": 2} if i % 2 else {"labor": 3},
              "forbid": {"conversion": "grind"}} for i in range(6)]
    rs = deck_rules(tmp_path, cards, reveal="start_of_turn", lasts="until_next")
    st = new_game(rs, seed=12)
    other = st.clone()
    other.decks[0].reverse()
    assert other.decks != st.decks and other.view(0) == st.view(0)
    for seed in range(5):
        assert st.determinize(seed) == other.determinize(seed)
    for bot in ("mcts:20", "deep:8"):
        assert make_bot(bot, seed=3).choose(st) == make_bot(bot, seed=3).choose(other)


@pytest.mark.parametrize("bot", ["greedy", "mcts:20", "deep:8", "careless"])
def test_the_bots_play_it_to_the_end(bot):
    st = new_game(load_ruleset("events"), seed=11)
    bots = [make_bot(bot, seed=1), make_bot("greedy", seed=2)]
    while not st.is_terminal() and st.turn < 200:
        st.apply(bots[st.current].choose(st))
    assert st.is_terminal() and events(st)


def test_a_record_replays_the_same_cards():
    rs = load_ruleset("events")
    for seed in (1, 2):
        st = new_game(rs, seed=seed)
        bots = [make_bot("greedy", seed=seed), make_bot("random", seed=seed)]
        while not st.is_terminal():
            st.apply(bots[st.current].choose(st))
        assert events(st)
        written = record.GameRecord.for_state(rs, st, ["bot:greedy", "bot:random"]).to_json()
        again = record.replay(record.GameRecord.from_json(written), rs)
        assert again == st and events(again) == events(st) and list(again.log) == list(st.log)


def test_the_seed_shuffles_the_deck():
    rs = load_ruleset("events")
    firsts = {new_game(rs, seed=seed).ev_active[0][1] for seed in range(30)}
    assert len(firsts) > 3
    assert new_game(rs, seed=3).decks == new_game(rs, seed=3).decks


@pytest.mark.parametrize("seed", range(12))
def test_random_games_of_generated_decks_end(tmp_path, seed):
    r = random.Random(seed)
    lasts = r.choice(["round", "until_next", "game"])
    kinds = [{"give": {"coin": 1}}, {"cost": {"structure": "bank", "add": {"coin": -2}}},
             {"space_yield": {"space": "labor_low", "add": {"labor": 1}}}]
    if lasts == "round":                 # longer, a forbid could last for good (the validator refuses it)
        kinds += [{"forbid": {"space": "coin"}}, {"forbid": {"build": "mill"}}]
    cards = [{"id": f"c{i}", "name": f"C{i}", "count": r.randint(1, 3), **r.choice(kinds)} for i in range(r.randint(1, 6))]
    path = variant(tmp_path, {"events": {"weather": {
        "name": "Weather", "reveal": r.choice(["start_of_round", "start_of_turn", {"on_build": "mill"}]), "lasts": lasts,
        "cards": cards}}})
    assert check_path(path)[0] == []
    rs = load_ruleset(path)
    st = new_game(rs, seed=seed)
    while not st.is_terminal():
        st.apply(r.choice(st.legal_actions()))
        assert st.turn <= 600
    assert st.end_reason is not None


# ------------------------------------------------------------ validation

def test_validation_of_decks(tmp_path):
    cases = [
        ([{"id": "a", "name": "A"}], "round", "this card has no effect"),
        ([{"id": "a", "name": "A", "forbid": {"space": "coin"}}], "game", "stops for good every worker"),
        ([{"id": "a", "name": "A", "forbid": {"build": "bank"}}], "game", "could keep the game from ending"),
        ([{"id": "a", "name": "A", "give": {"wood": 1}}], "round", "unknown resource"),
        ([{"id": "a", "name": "A", "forbid": {"conversion": "bake"}}], "round", "unknown conversion"),
    ]
    for cards, lasts, text in cases:
        path = variant(tmp_path, {"events": {"weather": {"name": "W", "reveal": "start_of_round", "lasts": lasts,
                                                         "cards": cards}}})
        problems, _warnings = check_path(path)
        assert len(problems) == 1 and text in problems[0].message, (text, problems)
    path = variant(tmp_path, {"events": {"weather": {"name": "W", "reveal": "start_of_round", "lasts": "round",
                                                     "cards": [{"id": "a", "name": "A", "forbid": {"build": "bank"}}]}}})
    assert check_path(path)[0] == []                          # for a round, a forbidden structure is fine


# ------------------------------------------------------------ the screen, the diff, the example

def test_the_story_and_the_screen_tell_the_events():
    rs = load_ruleset("events")
    out = []
    session = Session(ruleset=rs, seed=3, players=["bot:greedy", "bot:greedy"], first_player=0,
                      console=Console(interactive=False, color=False, write=out.append))
    st = session.state
    bots = [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]
    while not st.is_terminal() and st.turn < 10:
        session.play_action(bots[st.current].choose(st), save=False)
        st = session.state
    names = ["A", "B"]
    lines = [screen.event_line(st, e, names) for e in st.log if e[0] in ("event", "event_end")]
    assert lines and lines[0].startswith("Event: ") and " — " in lines[0]
    assert any(line.startswith("The event ") and line.endswith(" is over.") for line in lines)
    told = " ".join(e.text for e in session.story.entries)
    assert "Event: " in told
    rows = dict(screen.event_rows(st))
    card = s.card_name(rs.data, "seasons", st.c.card_ids[st.ev_active[0][1]])
    assert rows["Event"].startswith(f"{card} — ")
    assert rows["Seasons deck"] == f"{len(st.decks[0])} cards left" or rows["Seasons deck"] == "1 card left"
    view = state_view(st)
    assert [(e.deck, e.card) for e in view.events] == st.view(0)["events"]
    assert view.events[0].text == s.card_sentence(rs.data, s.card_entry(rs.data, "seasons", view.events[0].card))


def test_the_screen_says_the_changed_cost_and_why_an_action_is_forbidden(tmp_path):
    rs = deck_rules(tmp_path, [{"id": "a", "name": "A", "cost": {"structure": "camp", "add": {"coin": 2}},
                                "forbid": {"build": "mill"}}])
    st = new_game(rs, seed=2)
    p = st.current
    to_spending(st)
    give_pool(st, p, "labor", 3)
    st.purses[p] = (6, 0, 0)
    camp = st.parse("build camp")
    assert screen.report(st, camp, "You").startswith("You build the Camp for 3 Labor and 5 Coin")
    assert state_view(st, seat=p).actions[[a.index for a in state_view(st, seat=p).actions].index(camp)].cost == \
        (("labor", 3), ("coin", 5))
    mill = st.c.build_action[st.c.struct_ids.index("mill")]
    assert mill not in st.legal_actions()
    assert screen.why_illegal(st, mill) == "an event forbids building the Mill now"
    rs = one_card(tmp_path, "forbid", {"conversion": "grind"}, name="strike")
    st = new_game(rs, seed=2)
    to_spending(st)
    give_pool(st, st.current, "labor", 2)
    assert screen.why_illegal(st, st.c.conv_action[st.c.conv_ids.index("grind")]) == "an event forbids Grind now"
    rs = one_card(tmp_path, "forbid", {"space": "coin"}, name="flood")
    st = new_game(rs, seed=2)
    move = st.c.action_index[(engine_game.MOVE, st.c.kind_ids.index("green"), st.c.space_ids.index("labor_top"))]
    assert move not in st.legal_actions()
    assert screen.why_illegal(st, move) == "an event forbids moving a worker onto the Coin space now"


def test_the_diff_lines(tmp_path):
    rs = load_ruleset("events")
    lines = [c.sentence() for c in rule_diff(load_ruleset("province-en"), rs)]
    assert "Seasons deck — Windfall: Each player earns 1 Coin at once, as the card is revealed. (2 copies) (new)" in lines
    assert "Seasons deck — Closed Road: No player may build the Mill. (new)" in lines
    assert any(line.startswith("Seasons deck: At the start of each round") for line in lines)
    text = render_text(rule_diff(load_ruleset("province-en"), rs), "a", "b")
    assert "Events" in text


def test_the_french_sentences(tmp_path):
    rs = load_ruleset("events")
    cards = {c["id"]: c for c in rs.data["events"]["seasons"]["cards"]}
    with i18n.language("fr"):
        deck = s.deck_sentence(rs.data, "seasons")
        drought = s.card_sentence(rs.data, cards["drought"])
        name = s.card_name(rs.data, "seasons", "drought")
    i18n.set_language("en")
    assert str(name) == "Sécheresse"
    assert "Saisons" in deck and "manche" in deck
    assert drought == "Chaque Ouvrier déplacé sur la Zone de Revenu rapporte 1\u00a0Pièce de moins (jamais moins que rien)."
    assert deck.endswith("une fois la pioche vide, aucune carte n’est plus révélée.")


def test_events_plays_prints_diffs_and_simulates(tmp_path):
    runner = CliRunner()
    rec = tmp_path / "game.json"
    played = runner.invoke(cli, ["play", "events", "--players", "bot:greedy,bot:random", "--seed", "3",
                                 "--record", str(rec), "--lang", "en"])
    assert played.exit_code == 0, played.output
    assert "Event: " in played.output and ("wins" in played.output or "tie" in played.output)
    assert json.loads(rec.read_text(encoding="utf-8"))
    for lang, words in (("en", "the top card of the Seasons deck is revealed"), ("fr", "Saisons")):
        book = runner.invoke(cli, ["rulebook", "events", "--lang", lang])
        assert book.exit_code == 0 and words in book.output, book.output
        diff = runner.invoke(cli, ["diff", "province-en", "events", "--lang", lang])
        assert diff.exit_code == 0 and words in diff.output, diff.output
    book = runner.invoke(cli, ["rulebook", "events", "--lang", "en"])
    assert "| **Windfall** | 2 | Each player earns 1 Coin at once, as the card is revealed. |" in book.output
    sim = runner.invoke(cli, ["simulate", "events", "--games", "4", "--seed", "1", "--json"])
    assert sim.exit_code == 0, sim.output
    assert json.loads(sim.output)["settings"]["games"] == 4
    with i18n.language("fr"):
        assert render_markdown(load_ruleset("events"))
    i18n.set_language("en")
