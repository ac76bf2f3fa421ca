"""Bidding for the seat order before the first turn (issue 29, family 3): ``setup.bid``.

``setup.bid: {in: RESOURCE, max: N, sealed: BOOL, ties: bidding_order|random}``: each seat bids 0 to N once,
in turn order from the first player (open: seeing the bids made before; sealed: no bid is seen until all are
in); the seats then play from the highest bid to the lowest, the starting amounts are dealt in that order,
and every seat pays its own bid to the supply. Each sentence of the rulebook is checked beside the play it
describes, on both engine paths; then the sealed bids' hiding (the view, the screen, the bots), a record
replayed, and the example house rule played, printed, diffed and simulated.
"""
from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

import rulekit.engine.record as record
from rulekit import engine as compiled
from rulekit import i18n
from rulekit.bots import make_bot
from rulekit.cli import cli
from rulekit.language import load_ruleset
from rulekit.play import screen
from rulekit.text import sentences as s
from rulekit.text.diff import render_text, rule_diff
from scenario import variant
from test_engine_differential import PURE

ENGINES = pytest.mark.parametrize("eng", [compiled, PURE], ids=["engine", "pure"])
NAMES = ["Ann", "Bob", "Cid"]


def bid_rules(tmp_path, base="province-en", name="bid", **bid):
    return load_ruleset(variant(tmp_path, {"setup": {"bid": {"in": "coin", "max": 2, **bid}}}, base=base, name=name))


def bid(st, amount):
    st.apply(st.parse(f"bid {amount}"))


def coins(st):
    return [st.coin_value(p) for p in range(st.c.n_players)]


@ENGINES
def test_open_bids_are_made_in_turn_order_seen_and_the_highest_plays_first(eng, tmp_path):
    rs = bid_rules(tmp_path)
    text = s.bid_sentence(rs.data)
    assert "each player bids from 0 to 2 Coin, once, in turn order from the first bidder, seeing the bids made " \
           "before theirs" in text
    assert "from the highest bid to the lowest" in text
    assert "each player pays their own bid to the supply, won or lost" in text
    st = eng.game.new_game(rs, seed=3, first_player=0)
    assert st.phase_name == "setup" and st.decider == 0
    assert coins(st) == [0, 0]                                 # dealt once the order is known
    assert [st.c.actions[a].notation for a in st.legal_actions()] == ["bid 0", "bid 1", "bid 2"]
    bid(st, 1)
    assert st.decider == 1 and st.view(1)["bids"] == [1, None]  # open: Bob sees Ann's bid
    bid(st, 2)
    assert st.phase_name == "work" and st.first == st.current == 1
    # "The starting amounts are dealt in that new order": Bob, first, takes 2 Coin, Ann 3; each pays its bid.
    assert coins(st) == [3 - 1, 2 - 2]
    assert st.log[[e[0] for e in st.log].index("bids")] == ("bids", (1, 2), (1, 0), (1, 2))   # bids, order, paid
    assert st.spent == 0                                       # a bid is not spent in the first turn
    # The turns go by the new order.
    while st.turn == 0:
        st.apply(st.c.a_end if st.c.a_end in st.legal_actions() else st.legal_actions()[0])
    assert st.current == 0


@ENGINES
def test_equal_bids_go_to_the_earlier_bidder(eng, tmp_path):
    """"(equal bids: the player who bid first plays earlier)": Ann bids first (the first seat: the bids, not
    the first player asked for, decide who plays first), so Ann plays first."""
    rs = bid_rules(tmp_path)
    assert "the player who bid first plays earlier" in s.bid_sentence(rs.data)
    assert s.first_player_sentence(rs.data) == "The players agree on who bids first."
    st = eng.game.new_game(rs, seed=1, first_player=1)
    assert st.decider == 0
    bid(st, 2)
    bid(st, 2)
    assert st.first == st.current == 0
    assert coins(st) == [2 - 2, 3 - 2]


@ENGINES
def test_with_a_first_player_drawn_at_random_the_first_bidder_is_drawn(eng, tmp_path):
    rs = load_ruleset(variant(tmp_path, {"setup": {"first_player": "random", "bid": {"in": "coin", "max": 2}}},
                              name="bid-random"))
    assert s.first_player_sentence(rs.data) == "Decide at random who bids first."
    bidders = set()
    for seed in range(8):
        st = eng.game.new_game(rs, seed=seed)
        bidders.add(st.decider)
        assert st.decider == st.first
    assert bidders == {0, 1}


def test_equal_bids_drawn_at_random_go_either_way_and_the_engines_agree(tmp_path):
    rs = bid_rules(tmp_path, ties="random")
    assert "equal bids: drawn at random" in s.bid_sentence(rs.data)
    firsts = set()
    for seed in range(12):
        states = [eng.game.new_game(rs, seed=seed, first_player=0) for eng in (compiled, PURE)]
        for st in states:
            bid(st, 1)
            bid(st, 1)
        assert states[0].first == states[1].first and states[0].key() == states[1].key()
        firsts.add(states[0].first)
    assert firsts == {0, 1}


@ENGINES
def test_a_bid_in_a_pool_resource_is_paid_from_the_first_turn_labor(eng, tmp_path):
    rs = load_ruleset(variant(tmp_path, {"resources": {"labor": {"start": [1, 3]}},
                                         "setup": {"bid": {"in": "labor", "max": 1}}}, name="bid-labor"))
    assert "from 0 to 1 Labor" in s.bid_sentence(rs.data)
    st = eng.game.new_game(rs, seed=2, first_player=0)
    bid(st, 0)
    bid(st, 1)
    # Bob first: dealt the first seat's 1 Labor, pays 1; Ann second: 3 Labor, pays 0. Coins as in the edition.
    assert st.first == 1
    assert [st.pool[p * st.c.n_pool] for p in range(2)] == [3, 0]
    assert coins(st) == [3, 2]


@ENGINES
def test_three_seats_play_from_the_highest_bid_to_the_lowest(eng, tmp_path):
    rs = bid_rules(tmp_path, base="province-3p", name="bid-3p")
    st = eng.game.new_game(rs, seed=4, first_player=0, players=3)
    for amount in (0, 2, 1):
        bid(st, amount)
    assert st.first == 1 and st.seat_next == (1, 2, 0)         # Bob, then Cid, then Ann
    assert coins(st) == [3 - 0, 2 - 2, 2 - 1]                  # [2, 2, 3] dealt to Bob, Cid, Ann
    assert screen.turn_order(st) == [1, 2, 0]
    seen = [st.current]
    while len(seen) < 4:
        turn = st.turn
        while st.turn == turn:
            st.apply(st.c.a_end if st.c.a_end in st.legal_actions() else st.legal_actions()[0])
        seen.append(st.current)
    assert seen == [1, 2, 0, 1]


@ENGINES
def test_sealed_bids_are_hidden_from_the_view_until_all_are_in(eng, tmp_path):
    rs = bid_rules(tmp_path, sealed=True)
    assert "each player secretly bids from 0 to 2 Coin" in s.bid_sentence(rs.data)
    assert "the bids are revealed together once every player has bid" in s.bid_sentence(rs.data)
    st = eng.game.new_game(rs, seed=3, first_player=0)
    bid(st, 2)
    assert st.view(1)["bids"] == ["sealed", None]              # Bob sees that Ann has bid, not what
    assert st.view(0)["bids"] == [2, None]                     # Ann sees her own
    bid(st, 0)
    assert st.view(1)["bids"] == st.view(0)["bids"] == [2, 0]  # all revealed


def test_a_sealed_bid_is_told_without_its_amount_then_all_are_revealed(tmp_path):
    rs = bid_rules(tmp_path, sealed=True)
    st = compiled.new_game(rs, seed=3, first_player=0)
    assert screen.heading_line(st, NAMES) == "Before the first turn · Ann bids for the seat order"
    a = st.parse("bid 2")
    line = screen.action_line(st, a, "Ann")
    assert line == "Ann has bid." and "2" not in line
    st.apply(a)
    b = st.parse("bid 1")
    assert screen.action_line(st, b, "Bob") == "Bob has bid."
    st.apply(b)
    told = [screen.event_line(st, e, NAMES) for e in st.log]
    assert "The bids: Ann: 2 Coin and Bob: 1 Coin. The order of play, from the highest bid: Ann → Bob. " \
           "Each player pays their bid to the supply." in told


def test_an_open_bid_is_told_with_its_amount(tmp_path):
    rs = bid_rules(tmp_path)
    st = compiled.new_game(rs, seed=3, first_player=0)
    a = st.parse("bid 1")
    assert screen.action_line(st, a, "Ann") == "Ann bids 1 Coin. [bid 1]"
    assert screen.describe(st, a).startswith("Bid 1 Coin for the seat order")


def test_the_bots_never_read_a_sealed_bid(tmp_path):
    """Bob's choice is the same whatever Ann has bid in secret; open, Bob outbids Ann."""
    sealed = bid_rules(tmp_path, sealed=True, name="sealed")
    choices = set()
    for ann in (0, 1, 2):
        st = compiled.new_game(sealed, seed=3, first_player=0)
        bid(st, ann)
        for bot in ("greedy", "mcts:20"):
            choices.add((bot, make_bot(bot, seed=1).choose(st)))
    assert len({c for _b, c in choices}) == 1
    opened = bid_rules(tmp_path, name="open")
    st = compiled.new_game(opened, seed=3, first_player=0)
    first = make_bot("greedy", seed=1).choose(st)
    assert st.c.actions[first].arg2 >= 1                       # going first is worth a bid
    st.apply(first)
    second = make_bot("greedy", seed=1).choose(st)
    assert st.c.actions[second].arg2 in (0, st.c.actions[first].arg2 + 1)  # outbid by one, or let it go


def test_a_record_replays_the_bids(tmp_path):
    rs = bid_rules(tmp_path, sealed=True, ties="random")
    for seed in range(3):
        st = compiled.new_game(rs, seed=seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            st._apply(rng.choice(st.legal_actions()))
        written = record.GameRecord.for_state(rs, st, ["bot:random"] * 2).to_json()
        again = record.replay(record.GameRecord.from_json(json.loads(json.dumps(written))), rs)
        assert again == st and list(again.log) == list(st.log)


def test_without_a_bid_nothing_changes():
    rs = load_ruleset("province-en")
    st = compiled.new_game(rs, seed=1)
    assert st.phase_name == "work" and "bids" not in st.view(0)
    assert s.bid_sentence(rs.data) == "Nobody bids for the seat order."


def test_bid_for_first_plays_prints_diffs_and_simulates(tmp_path):
    runner = CliRunner()
    rec = tmp_path / "game.json"
    played = runner.invoke(cli, ["play", "bid-for-first", "--players", "bot:greedy,bot:random", "--seed", "3",
                                 "--record", str(rec), "--lang", "en"])
    assert played.exit_code == 0, played.output
    assert "— Before the first turn —" in played.output and "has bid." in played.output
    assert "The bids: " in played.output and "[bid " not in played.output
    replayed = runner.invoke(cli, ["replay", str(rec)])
    assert replayed.exit_code == 0, replayed.output
    for lang, words in (("en", "each player secretly bids from 0 to 2 Coin"),
                        ("fr", "chaque joueur mise en secret de 0 à")):
        book = runner.invoke(cli, ["rulebook", "bid-for-first", "--lang", lang])
        assert book.exit_code == 0 and words in book.output, book.output
        diff = runner.invoke(cli, ["diff", "province-en", "bid-for-first", "--lang", lang])
        assert diff.exit_code == 0 and words in diff.output, diff.output
    sim = runner.invoke(cli, ["simulate", "bid-for-first", "--games", "4", "--seed", "1", "--json"])
    assert sim.exit_code == 0, sim.output
    assert json.loads(sim.output)["settings"]["games"] == 4
    lines = render_text(rule_diff(load_ruleset("province-en"), load_ruleset("bid-for-first")), "a", "b")
    assert "Bidding for the seat order" in lines
    i18n.set_language("en")
