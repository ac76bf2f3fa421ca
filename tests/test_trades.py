"""Trades with consent (the ``trades`` section): each rule's sentence and its play, together.

On their turn, in the phases ``trades.phases`` names, a player may offer one of ``trades.offers`` to another
seat (the action ``offer <id> to <seat>``, legal only when they hold what they give), at most
``trades.per_turn`` times a turn. The seat asked decides at once (``State.decider``; docs/engine.md, "Who
decides"): ``accept`` (legal only when it holds what it gives in return) or ``refuse``. Accepted, the amounts
change hands, coins from purse to purse; refused, nothing, and the offer still counts. The active player's turn
goes on. Each rule is played on both engines (the compiled core and its source run as pure Python).
"""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from rulekit import engine as fast_engine
from rulekit import i18n
from rulekit.bots import make_bot
from rulekit.bots.base import play_game
from rulekit.bots.policy import NO_GAIN, action_value
from rulekit.engine import core
from rulekit.engine.record import GameRecord, replay
from rulekit.language import check_path, load_ruleset
from rulekit.play import notation as notation_mod
from rulekit.play import screen
from rulekit.text import sentences as s
from rulekit.text.diff import rule_diff
from rulekit.text.rulebook import render_markdown

from scenario import coins_of, give_structures, random_games_agree, set_purse, set_phase, variant

PURE = core.load_source("rulekit._pure_trades")
# Both engines where a core is compiled; the pure one alone where none is (they are then the same code).
ENGINES = [fast_engine.game] if fast_engine.ENGINE == "pure Python" else [fast_engine.game, PURE.game]
OFFERS = {"labor_for_coin": {"give": {"labor": 2}, "get": {"coin": 3}},
          "coin_for_labor": {"give": {"coin": 3}, "get": {"labor": 2}}}


def trade_rules(tmp_path, base="province-en", name="trade", **section):
    section.setdefault("offers", OFFERS)
    return load_ruleset(variant(tmp_path, {"trades": section}, base=base, name=name))


def labor_of(st, p):
    return st.pool[p * st.c.n_pool + st.c.pool_ids.index("labor")]


def set_labor_of(st, p, n):
    st.pool[p * st.c.n_pool + st.c.pool_ids.index("labor")] = n


def spending(engine, rs, **kw):
    """A game at seat 0's Resource Spending Phase (first player seat 0)."""
    st = engine.new_game(rs, seed=1, first_player=0, **kw)
    set_phase(st, "spending")
    return st


def answers(st):
    """(refuse, accept): the two options' actions."""
    base = st.c.decision_base[st.c.decision_names.index("trade")]
    return base, base + 1


def offer_log(st):
    return [e for e in st.log if e[0] in ("offer", "answer")]


# ------------------------------------------------------------------ the rule, played

@pytest.mark.parametrize("engine", ENGINES)
def test_an_offer_accepted_changes_hands_and_the_turn_goes_on(tmp_path, engine):
    """"In your Resource Spending Phase, you may offer your opponent one of the trades below, at most 1 time per
    turn; they accept or refuse it at once, and your turn goes on." — "Offer labor_for_coin: you give 2 Labor and
    get 3 Coin.\""""
    rs = trade_rules(tmp_path)
    assert s.trades_sentence(rs.data) == (
        "In your Resource Spending Phase, you may offer your opponent one of the trades below, at most 1 time per "
        "turn; they accept or refuse it at once, and your turn goes on. An offer refused counts too.")
    assert s.offer_sentence(rs.data, "labor_for_coin") == "Offer labor_for_coin: you give 2 Labor and get 3 Coin."
    st = spending(engine, rs)
    totals = coins_of(st)
    set_labor_of(st, 0, 2)
    set_purse(st, 0, silver=0)
    set_purse(st, 1, silver=3)
    offer = st.parse("offer labor_for_coin to 2")
    assert offer in st.legal_actions()
    st.apply(offer)
    assert st.current == 0 and st.decider == 1                  # seat 1 decides during seat 0's turn
    refuse, accept = answers(st)
    assert st.legal_actions() == [refuse, accept]
    assert st.notation(accept) == "accept" and st.notation(refuse) == "refuse"
    st.apply(accept)
    assert (labor_of(st, 0), labor_of(st, 1)) == (0, 2)
    assert (st.coin_value(0), st.coin_value(1)) == (3, 0)
    assert coins_of(st) == totals
    o = st.c.trade_ids.index("labor_for_coin")
    assert offer_log(st) == [("offer", 0, 1, o), ("answer", 0, 1, o, 1)]
    assert st.decider == st.current == 0 and st.phase_name == "spending"
    assert st.earned[st.c.pool_ids.index("labor")] == 0 and st.spent == 0     # neither earned nor spent
    assert not any(st.c.actions[a].kind == fast_engine.game.OFFER for a in st.legal_actions())   # 1 per turn


@pytest.mark.parametrize("engine", ENGINES)
def test_an_offer_refused_changes_nothing_and_still_counts(tmp_path, engine):
    """"An offer refused counts too.\""""
    rs = trade_rules(tmp_path)
    st = spending(engine, rs)
    set_labor_of(st, 0, 2)
    set_purse(st, 1, silver=3)
    before = (list(st.pool), list(st.purses), st.supply)
    st.apply(st.parse("offer labor_for_coin to 2"))
    refuse, _accept = answers(st)
    st.apply(refuse)
    assert (list(st.pool), list(st.purses), st.supply) == before
    assert offer_log(st)[-1][-1] == 0
    assert st.decider == 0 and st.offers == 1
    assert not any(st.c.actions[a].kind == fast_engine.game.OFFER for a in st.legal_actions())


@pytest.mark.parametrize("engine", ENGINES)
def test_who_may_offer_and_who_may_accept(tmp_path, engine):
    """"You may make an offer only if you hold what you give, and it may be accepted only by a player who holds
    what they give in return.\""""
    rs = trade_rules(tmp_path)
    assert s.trades_terms_sentence(rs.data).startswith(
        "You may make an offer only if you hold what you give, and it may be accepted only by a player who holds "
        "what they give in return.")
    st = spending(engine, rs)
    set_labor_of(st, 0, 1)
    set_purse(st, 0, silver=2)
    legal = [st.notation(a) for a in st.legal_actions()]
    assert "offer labor_for_coin to 2" not in legal and "offer coin_for_labor to 2" not in legal
    set_labor_of(st, 0, 2)
    set_purse(st, 0, silver=3)
    legal = [st.notation(a) for a in st.legal_actions()]
    assert "offer labor_for_coin to 2" in legal and "offer coin_for_labor to 2" in legal
    assert "offer labor_for_coin to 1" not in legal                    # never to oneself
    set_purse(st, 1, silver=2)                                         # cannot give 3 Coin back
    st.apply(st.parse("offer labor_for_coin to 2"))
    refuse, accept = answers(st)
    assert st.legal_actions() == [refuse]


@pytest.mark.parametrize("engine", ENGINES)
def test_the_limit_per_turn_and_the_phases(tmp_path, engine):
    """"In either phase of your turn ... at most 2 times per turn", counted afresh each turn; with
    ``phases: [work]``, no offer in the spending phase."""
    rs = trade_rules(tmp_path, per_turn=2, phases=["work", "spending"], name="two")
    assert s.trades_sentence(rs.data).startswith(
        "In either phase of your turn, you may offer your opponent one of the trades below, at most 2 times per turn;")
    st = engine.new_game(rs, seed=1, first_player=0)
    set_labor_of(st, 0, 6)
    set_purse(st, 1, silver=4)
    refuse, accept = answers(st)
    st.apply(st.parse("offer labor_for_coin to 2"))                   # in the Work Cycle phase
    st.apply(refuse)
    set_phase(st, "spending")
    st.apply(st.parse("offer labor_for_coin to 2"))
    st.apply(accept)
    assert not any(st.c.actions[a].kind == fast_engine.game.OFFER for a in st.legal_actions())
    st.apply(st.c.a_end)
    assert st.current == 1 and st.offers == 0                         # seat 1's turn: its own offers
    work = trade_rules(tmp_path, phases=["work"], name="work")
    assert s.trades_sentence(work.data).startswith("In your Work Cycle Phase,")
    st = spending(engine, work)
    set_labor_of(st, 0, 2)
    assert not any(st.c.actions[a].kind == fast_engine.game.OFFER for a in st.legal_actions())


@pytest.mark.parametrize("engine", ENGINES)
def test_coins_change_hands_purse_to_purse_with_change(tmp_path, engine):
    """"coins from purse to purse (the supply makes change only when the two purses cannot)": a 5 paid for 3 Coin,
    the player asked gives 2 back from its own purse; the supply is not touched."""
    rs = trade_rules(tmp_path)
    st = spending(engine, rs)
    totals = coins_of(st)
    set_purse(st, 0, gold=1)
    set_purse(st, 1, silver=2)
    set_labor_of(st, 1, 2)
    supply = st.supply
    st.apply(st.parse("offer coin_for_labor to 2"))
    st.apply(answers(st)[1])
    gold, silver = st.c.coin_ids.index("gold"), st.c.coin_ids.index("silver")
    assert st.purses[1][gold] == 1 and st.purses[1][silver] == 0
    assert st.purses[0][silver] == 2 and st.purses[0][gold] == 0
    assert st.supply == supply and coins_of(st) == totals
    assert (labor_of(st, 0), labor_of(st, 1)) == (2, 0)


@pytest.mark.parametrize("engine", ENGINES)
def test_three_players_an_offer_to_each_other_seat(tmp_path, engine):
    """"you may offer another player one of the trades below": with three, to either other seat."""
    rs = trade_rules(tmp_path, base="province-3p", name="trade-3p")
    assert "offer another player" in s.trades_sentence(rs.data)
    st = spending(engine, rs, players=3)
    set_labor_of(st, 0, 2)
    set_purse(st, 2, silver=3)
    legal = [st.notation(a) for a in st.legal_actions()]
    assert "offer labor_for_coin to 2" in legal and "offer labor_for_coin to 3" in legal
    st.apply(st.parse("offer labor_for_coin to 3"))
    assert st.decider == 2
    st.apply(answers(st)[1])
    assert labor_of(st, 2) == 2 and st.coin_value(2) == 0


def test_random_games_with_trades_conserve_coins_and_agree_on_both_engines(tmp_path):
    rs = trade_rules(tmp_path, base="province-3p", per_turn=2, phases=["work", "spending"], name="trade-random")
    logs = random_games_agree(rs, ENGINES, range(5), players=3, check=lambda st: min(st.pool) >= 0)
    assert sum(1 for log in logs for e in log if e[0] == "answer" and e[-1])


# ------------------------------------------------------------------ records, screen, bots

def test_a_record_with_offers_and_answers_replays(tmp_path):
    rs = trade_rules(tmp_path, per_turn=2)
    rng = random.Random(3)
    st = fast_engine.new_game(rs, seed=3)
    while not st.is_terminal():
        st.apply(rng.choice(st.legal_actions()))
    texts = [st.notation(a) for a in st.history]
    assert any(t.startswith("offer ") for t in texts) and {"accept", "refuse"} & set(texts)
    record = GameRecord.for_state(rs, st, players=("bot:random", "bot:random"))
    again = replay(GameRecord.from_json(record.to_json()), rs)
    assert again.key() == st.key() and list(again.log) == list(st.log)


def test_the_story_tells_the_offer_and_the_answer(tmp_path):
    """"Ann offers Bob 2 Labor for 3 Coin. Bob accepts.\""""
    rs = trade_rules(tmp_path)
    st = spending(fast_engine.game, rs)
    names = ["Ann", "Bob"]
    set_labor_of(st, 0, 2)
    set_purse(st, 1, silver=3)
    offer = st.parse("offer labor_for_coin to 2")
    assert screen.describe(st, offer) == "Offer 2 Labor for 3 Coin to Player 2"
    assert screen.report(st, offer, "Ann") == "Ann makes an offer."
    st.apply(offer)
    refuse, accept = answers(st)
    told = [screen.event_line(st, e, names) for e in offer_log(st)]
    assert " ".join(told + [screen.report(st, accept, "Bob")]) == "Ann offers Bob 2 Labor for 3 Coin. Bob accepts."
    assert screen.report(st, refuse, "Bob") == "Bob refuses."
    assert screen.event_line(st, offer_log(st)[0], ["Ann", "You"]) == "Ann offers you 2 Labor for 3 Coin."
    # The screen of the seat asked: the offer, and its two choices.
    assert screen.describe(st, accept) == "Accept the offer: give 3 Coin and get 2 Labor"
    assert screen.describe(st, refuse) == "Refuse the offer"
    assert screen.phase_hint(st).startswith("You are offered 2 Labor for 3 Coin: accept or refuse.")
    lines = screen.choice_lines(st, ["Ann", "You"], _Plain(), hint=False)
    assert lines[0].startswith("Your choices") and any("Accept the offer" in line for line in lines)


def test_the_notation_in_french(tmp_path):
    rs = trade_rules(tmp_path)
    st = spending(fast_engine.game, rs)
    set_labor_of(st, 0, 2)
    offer = st.parse("offer labor_for_coin to 2")
    with i18n.language("fr"):
        local = notation_mod.notation(st, offer)
        assert local == "proposer labor_for_coin à 2"
        assert notation_mod.parse(st, local) == offer
        st.apply(offer)
        assert notation_mod.notation(st, answers(st)[1]) == "accepter"
        assert notation_mod.parse(st, "refuser") == answers(st)[0]


def test_the_greedy_answer_accepts_only_a_trade_that_gains():
    """docs/bots.md: the seat asked accepts when its own evaluation after the trade is better (ties refuse)."""
    rs = load_ruleset("trading")
    greedy = make_bot("greedy", seed=0)
    for offer, labor0, coins1, labor1, accepted in (("coin_for_labor", 0, 0, 2, True),    # +3 Coin for 2 Labor
                                                    ("labor_for_coin", 2, 2, 0, False)):  # 2 Labor for 2 Coin
        st = spending(fast_engine.game, rs)
        set_labor_of(st, 0, labor0)
        set_purse(st, 0, silver=3)
        set_purse(st, 1, silver=coins1)
        set_labor_of(st, 1, labor1)
        st.apply(st.parse(f"offer {offer} to 2"))
        refuse, accept = answers(st)
        assert greedy.choose(st) == (accept if accepted else refuse)
        assert make_bot("mcts:10", seed=0).choose(st) == (accept if accepted else refuse)


def test_a_greedy_bot_offers_only_when_it_gains(tmp_path):
    """The offer is valued after the answer the seat asked would give by the same evaluation: a trade one side
    gains by the other loses by, so between two greedy bots an offer is made only when the trade gains for both —
    here, with three players and seat 2 far ahead, the Labor seat 0 buys claims it a goal (held Labor 3 or
    more), and seat 1 gains Coin for Labor it values less; selling to seat 1, or buying from seat 2, who holds
    no Labor, gains nothing."""
    goals = {"hoard": {"name": "Hoard", "condition": {"metric": "held", "resource": "labor", "at_least": 3},
                       "check": "immediate"}}
    rs = load_ruleset(variant(tmp_path, {"trades": {"offers": OFFERS}, "goals": goals}, base="province-3p",
                              name="hoard"))
    st = spending(fast_engine.game, rs, players=3)
    set_labor_of(st, 0, 1)
    set_purse(st, 0, silver=3)
    set_labor_of(st, 1, 2)
    st.face_up = st.c.goal_ids.index("hoard")
    give_structures(st, 2, *st.c.struct_ids[:4], check_requires=False)     # seat 2 far ahead
    give_structures(st, 0, "harbor", check_requires=False)                  # nothing left for seat 0 to build
    assert st.scores()[2] > st.scores()[0] + 1
    buy = st.parse("offer coin_for_labor to 2")
    assert action_value(st, buy, 0) > action_value(st, st.c.a_end, 0)
    assert action_value(st, st.parse("offer coin_for_labor to 3"), 0) == NO_GAIN     # seat 3 cannot accept
    assert make_bot("greedy", seed=0).choose(st) == buy
    st.apply(buy)
    assert make_bot("greedy", seed=1).choose(st) == answers(st)[1]
    st.apply(answers(st)[1])
    assert st.c.goal_ids.index("hoard") in st.claimed[0]
    sell = spending(fast_engine.game, load_ruleset("trading"))
    set_labor_of(sell, 0, 2)
    set_purse(sell, 1, silver=3)
    assert action_value(sell, sell.parse("offer labor_for_coin to 2"), 0) == NO_GAIN   # seat 1 would refuse
    assert make_bot("greedy", seed=0).choose(sell) != sell.parse("offer labor_for_coin to 2")


def test_bots_play_games_with_trades(tmp_path):
    """Every kind of bot answers the offers made to it (random players offer often): a whole game against the
    greedy bot, the first turns against the search bots."""
    rs = trade_rules(tmp_path, per_turn=2, phases=["work", "spending"], name="bots")
    for bots, turns in ((("random", "greedy"), None), (("random", "mcts:8"), 12), (("random", "deep:4"), 12)):
        st = play_game(rs, [make_bot(b, seed=i) for i, b in enumerate(bots)], seed=0, max_turns=turns)
        assert st.is_terminal() or st.turn == turns
        answered = [e for e in st.log if e[0] == "answer" and e[2] == 1]       # answers of the second bot
        assert answered


def test_a_human_answers_on_the_web_page_during_another_humans_turn():
    """rulekit/web/game.py reads State.decider: while seat 1 answers seat 0's offer, seat 1's page has the two
    choices, seat 0's page waits, and seat 0 may not play for it."""
    from rulekit.web.game import Refused, WebGame

    game = WebGame.new(load_ruleset("trading"), ["human", "human"], 1, first_player=0)
    st = game.state
    set_phase(st, "spending")
    set_labor_of(st, 0, 2)
    set_purse(st, 1, silver=3)
    game.act(game.tokens[0], st.parse("offer labor_for_coin to 2"))
    refuse, accept = answers(st)
    asked, offering = game.payload([game.tokens[1]]), game.payload([game.tokens[0]])
    assert asked["to_play"] == 1 and [a["index"] for a in asked["actions"]] == [refuse, accept]
    assert [a["label"] for a in asked["actions"]] == ["Refuse the offer", "Accept the offer: give 2 Coin and get 2 Labor"]
    assert asked["hint"].startswith("You are offered 2 Labor for 2 Coin")
    assert offering["actions"] == [] and offering["waiting"]
    with pytest.raises(Refused):
        game.act(game.tokens[0], accept)
    told = game.act(game.tokens[1], accept)
    assert "accepts" in told
    assert game.state.decider == 0 and game.payload([game.tokens[0]])["actions"]


# ------------------------------------------------------------------ the example

def test_the_example_house_rule_validates_prints_diff_and_plays():
    problems, warnings = check_path("rulesets/variants/trading.yaml")
    assert problems == [] and warnings == []
    rs = load_ruleset("trading")
    lines = [str(c) for c in rule_diff(load_ruleset("province-en"), rs)]
    assert any("Trade labor_for_coin" in line and "You give 2 Labor and get 2 Coin." in line for line in lines)
    assert any("Trades — offers per turn" in line for line in lines)
    book = render_markdown(rs)
    assert "### Trades" in book and "you give 3 Coin and get 2 Labor." in book
    book = render_markdown(rs, lang="fr").replace("\xa0", " ")
    assert "### Échanges" in book and "vous donnez 3 Pièces et recevez 2 points d’Ouvrage." in book


def test_the_example_runs_end_to_end_in_the_commands(tmp_path, monkeypatch):
    """rulekit play (random players, who offer and answer), rulebook, diff and simulate run trading."""
    from click.testing import CliRunner

    from rulekit.cli import cli

    root = Path(__file__).resolve().parent.parent
    monkeypatch.chdir(tmp_path)

    def run(*args):
        return CliRunner().invoke(cli, list(args))

    played = run("play", "trading", "--players", "bot:random,bot:random", "--seed", "4", "--record", "g.json",
                 "--lang", "en")
    assert played.exit_code == 0, played.output
    assert "makes an offer." in played.output and re.search(r"(accepts|refuses)\.", played.output)
    again = run("play", "--resume", "g.json", "--lang", "en")
    assert again.exit_code == 0, again.output
    book = run("rulebook", "trading", "--lang", "fr")
    assert book.exit_code == 0 and "Échanges" in book.output
    diff = run("diff", "province-en", "trading")
    assert diff.exit_code == 0 and "Trade coin_for_labor" in diff.output
    sim = run("simulate", str(root / "rulesets/variants/trading.yaml"), "--games", "4")
    assert sim.exit_code == 0, sim.output


class _Plain:
    """The least a console offers choice_lines: no styles."""

    @staticmethod
    def style(text, **_kw):
        return text
