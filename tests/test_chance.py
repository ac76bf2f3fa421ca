"""Chance on an action: a conversion's roll, its sentence and its play, together.

``conversions.<id>.roll: {sides: N, at_least: K}``: each use, the payment is made, a die of N sides
is rolled (drawn from the game's own seeded generator, told in the log as ``("roll", player,
conversion, value)``), and the gain is earned only on K or more. A record replays the same rolls;
``determinize`` redraws the rolls to come; the greedy look-ahead values a roll by its outcomes'
mean, never by the roll the game will draw. Both engines play it (the differential test's
generated house rules draw a roll too).
"""
from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

import rulekit.engine.record as record
from rulekit import i18n
from rulekit.bots import make_bot
from rulekit.bots.policy import action_values, greedy_action
from rulekit.cli import cli
from rulekit.engine import new_game
from rulekit.language import check_path, load_ruleset
from rulekit.play.session import Console, Session
from rulekit.text import sentences as s
from rulekit.text.diff import render_text, rule_diff
from rulekit.text.rulebook import render_markdown

from scenario import variant


def gamble(tmp_path, sides=6, at_least=5, pay=None, gain=None, per_turn=3, name="gamble"):
    """province-en with a Gamble conversion open to all: pay ``pay``, roll, earn ``gain`` on at_least or more."""
    return load_ruleset(variant(tmp_path, {"conversions": {"gamble": {
        "name": "Gamble", "pay": pay or {"coin": 1}, "gain": gain or {"coin": 3}, "always": True,
        "per_turn": per_turn, "roll": {"sides": sides, "at_least": at_least}}}}, name=name))


def at_spending(rs, seed):
    """A new game of ``rs`` in the first player's Resource Spending Phase (one worker moved)."""
    st = new_game(rs, seed=seed)
    st.apply(st.legal_actions()[0])
    st.play("spend")
    return st


def rolls(st):
    return [e for e in st.log if e[0] == "roll"]


def give_coins(st, p, n):
    """Seat ``p`` takes ``n`` coins of value 1 from the supply (a test's set-up, coins conserved)."""
    c = st.c
    one = c.coin_values.index(1)
    supply, purse = list(st.supply), list(st.purses[p])
    supply[one] -= n
    purse[one] += n
    st.supply, st.purses[p] = tuple(supply), tuple(purse)


# ------------------------------------------------------------ the sentence and the play

@pytest.mark.parametrize("sides,at_least", [(6, 5), (6, 6), (20, 11), (2, 2)])
def test_the_sentence_says_what_the_engine_plays(tmp_path, sides, at_least):
    """"Pay 1 Coin, then roll a die with N sides: on K to N earn 3 Coin, on a lower roll nothing.\""""
    rs = gamble(tmp_path, sides, at_least)
    text = s.conversion_rule(rs.data, "gamble")
    assert text.startswith("Pay 1 Coin, then roll a die with %d sides: on " % sides) and "earn 3 Coin" in text
    if at_least == sides:
        assert f"on a {sides} earn 3 Coin, on any other roll nothing" in text
    elif at_least == sides - 1:
        assert f"on a {at_least} or a {sides} earn 3 Coin, on a lower roll nothing" in text
    else:
        assert f"on {at_least} to {sides} earn 3 Coin, on a lower roll nothing" in text
    seen = set()
    for seed in range(40):
        st = at_spending(rs, seed)
        p = st.current
        give_coins(st, p, 1)
        before = st.coin_value(p)
        st.play("gamble")
        (_, who, k, value), = rolls(st)
        assert who == p and st.c.conv_ids[k] == "gamble" and 1 <= value <= sides
        # The payment is always made; the gain only on at_least or more.
        assert st.coin_value(p) - before == (-1 + 3 if value >= at_least else -1)
        seen.add(value >= at_least)
    assert seen == {True, False}


def test_the_sentence_in_french(tmp_path):
    rs = gamble(tmp_path, 6, 4)
    with i18n.language("fr"):
        text = s.conversion_rule(rs.data, "gamble")
    i18n.set_language("en")
    assert text.startswith("Payez 1\u00a0Pièce, puis lancez un dé à 6 faces\u202f: de 4 à 6, gagnez 3\u00a0Pièces\u202f; "
                           "sur un jet inférieur, rien.")


def test_a_roll_on_a_pool_resource_and_its_diff_line(tmp_path):
    rs = gamble(tmp_path, 5, 3, pay={"labor": 2}, gain={"labor": 3})
    text = render_text(rule_diff(load_ruleset("province-en"), rs), "A", "B")
    assert "Gamble: Pay 2 Labor, then roll a die with 5 sides: on 3 to 5 earn 3 Labor, on a lower roll nothing." in text
    for seed in range(20):
        st = at_spending(rs, seed)
        p, lab = st.current, st.c.pool_ids.index("labor")
        st.pool[p * st.c.n_pool + lab] = 2
        st.play("gamble")
        (_, _, _, value), = rolls(st)
        assert st.pool[p * st.c.n_pool + lab] == (3 if value >= 3 else 0)


# ------------------------------------------------------------ the share of wins

@pytest.mark.parametrize("sides,at_least", [(6, 5), (20, 15), (2, 2), (10, 2)])
def test_the_share_of_winning_rolls_is_near_its_chance(tmp_path, sides, at_least):
    """Over many seeded games, the share of winning rolls is near (sides - at_least + 1) / sides: a
    fixed set of seeds, so the same share every run; the bound is generous (5 points on 2,000 rolls,
    about 4.5 standard deviations at worst)."""
    rs = gamble(tmp_path, sides, at_least)
    values = []
    for seed in range(700):
        st = at_spending(rs, seed)
        give_coins(st, st.current, 3)
        for _ in range(3):
            st.play("gamble")
        values.extend(e[3] for e in rolls(st))
    assert len(values) == 2100
    share = sum(v >= at_least for v in values) / len(values)
    assert abs(share - (sides - at_least + 1) / sides) < 0.05
    assert set(values) == set(range(1, sides + 1))          # every face comes up


def test_an_edition_without_a_roll_draws_as_before():
    """A game without a roll never draws for one: the editions play exactly as before."""
    rs = load_ruleset("province-en")
    st = new_game(rs, seed=3)
    rng = random.Random(3)
    while not st.is_terminal():
        st.apply(rng.choice(st.legal_actions()))
    assert not rolls(st) and not any(st.c.action_chance)


# ------------------------------------------------------------ records and determinize

def test_a_record_replays_the_same_rolls():
    rs = load_ruleset("gamble")
    for seed in (1, 2, 3):
        st = new_game(rs, seed=seed)
        bots = [make_bot("greedy", seed=seed), make_bot("random", seed=seed)]
        while not st.is_terminal():
            st.apply(bots[st.current].choose(st))
        assert rolls(st)
        written = record.GameRecord.for_state(rs, st, ["bot:greedy", "bot:random"]).to_json()
        again = record.replay(record.GameRecord.from_json(written), rs)
        assert again == st and rolls(again) == rolls(st) and list(again.log) == list(st.log)


def test_determinize_redraws_the_rolls_to_come(tmp_path):
    rs = gamble(tmp_path, 20, 11)
    st = at_spending(rs, 5)
    give_coins(st, st.current, 1)
    a = st.parse("gamble")
    truth = st.clone()
    truth.apply(a)
    (_, _, _, real), = rolls(truth)
    drawn = set()
    for seed in range(30):
        det = st.determinize(seed)
        assert list(det.log) == list(st.log)              # the past is kept
        det.apply(a)
        drawn.add(rolls(det)[0][3])
    assert len(drawn) > 5 and drawn != {real}
    # The game's own roll is unchanged by the determinizations made from it.
    st.apply(a)
    assert rolls(st)[0][3] == real


def test_chance_outcomes_are_the_two_results_with_their_probabilities(tmp_path):
    rs = gamble(tmp_path, 6, 5)
    st = at_spending(rs, 2)
    p = st.current
    give_coins(st, p, 1)
    a = st.parse("gamble")
    before = st.coin_value(p)
    (lose_p, lose), (win_p, win) = st.chance_outcomes(a)
    assert (lose_p, win_p) == (4 / 6, 2 / 6)
    assert lose.coin_value(p) == before - 1 and win.coin_value(p) == before + 2
    assert rolls(lose)[0][3] < 5 <= rolls(win)[0][3]
    assert st.rng == st.clone().rng and not rolls(st)          # the state itself is not played
    (only_p, only), = st.chance_outcomes(st.parse("end"))
    assert only_p == 1.0 and only.turn == st.turn + 1


# ------------------------------------------------------------ the bots

def test_the_greedy_look_ahead_never_sees_the_roll_to_come(tmp_path):
    """The value of a roll does not depend on the game's generator: whatever roll the game would draw,
    the greedy evaluation of the action is the same."""
    rs = gamble(tmp_path, 6, 5)
    st = at_spending(rs, 4)
    give_coins(st, st.current, 1)
    legal = st.legal_actions()
    i = legal.index(st.parse("gamble"))
    values, choices = set(), set()
    for seed in range(20):
        world = st.determinize(seed)
        world.stack = list(st.stack)                     # only the generator differs
        values.add(round(action_values(world, legal)[i], 9))
        choices.add(greedy_action(world, legal))
    assert len(values) == 1 and len(choices) == 1


@pytest.mark.parametrize("bot", ["greedy", "mcts:20", "deep:8", "careless"])
def test_the_bots_play_it_to_the_end(bot):
    rs = load_ruleset("gamble")
    st = new_game(rs, seed=11)
    bots = [make_bot(bot, seed=1), make_bot("greedy", seed=2)]
    turns = 0
    while not st.is_terminal() and turns < 200:
        st.apply(bots[st.current].choose(st))
        turns = st.turn
    assert st.is_terminal()


def test_the_greedy_bot_gambles_when_it_pays(tmp_path):
    """Pay 1 Coin for 6 Coin on a 2 or more: worth it on average; the greedy bot takes it."""
    rs = gamble(tmp_path, 6, 2, gain={"coin": 6}, name="good-gamble")
    st = new_game(rs, seed=3)
    bots = [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]
    while not st.is_terminal() and st.turn < 6:
        st.apply(bots[st.current].choose(st))
    assert rolls(st)


# ------------------------------------------------------------ validation

def test_validation_of_the_least_roll(tmp_path):
    for least, text in ((7, "is more than the die's 6 sides: the roll never earns the gain"),
                        (1, "changes nothing: every roll earns the gain")):
        path = variant(tmp_path, {"conversions": {"gamble": {
            "name": "Gamble", "pay": {"coin": 1}, "gain": {"coin": 3}, "always": True, "per_turn": 1,
            "roll": {"sides": 6, "at_least": least}}}}, name=f"least-{least}")
        problems, _ = check_path(path)
        assert len(problems) == 1 and text in problems[0].message
        assert problems[0].pointer == "/conversions/gamble/roll/at_least"


# ------------------------------------------------------------ the example, end to end

def test_the_story_tells_each_roll():
    rs = load_ruleset("gamble")
    out = []
    session = Session(ruleset=rs, seed=3, players=["bot:greedy", "bot:greedy"], first_player=0,
                      console=Console(interactive=False, color=False, write=out.append))
    st = session.state
    bots = [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]
    while not st.is_terminal() and st.turn < 12:
        session.play_action(bots[st.current].choose(st), save=False)
        st = session.state
    told = [e.text for e in session.story.entries if e.action_kind == "roll"]
    assert len(told) == len(rolls(st)) > 0
    uses = [e.text for e in session.story.entries if e.text.startswith("Computer") and " uses Gamble" in e.text]
    assert uses and all(u.endswith("pays 1 Coin and rolls a die. [gamble]") for u in uses)   # the roll tells the gain
    for text, (_, _, _, value) in zip(told, rolls(st)):
        if value >= 5:
            assert text.endswith(f"rolls a {value}: gains 3 Coin.")
        else:
            assert text.endswith(f"rolls a {value}: nothing.")


def test_gamble_plays_prints_diffs_and_simulates(tmp_path):
    runner = CliRunner()
    rec = tmp_path / "game.json"
    played = runner.invoke(cli, ["play", "gamble", "--players", "bot:greedy,bot:random", "--seed", "3",
                                 "--record", str(rec), "--lang", "en"])
    assert played.exit_code == 0, played.output
    assert "rolls a " in played.output and ("wins" in played.output or "tie" in played.output)
    saved = json.loads(rec.read_text(encoding="utf-8"))
    assert saved
    for lang, words in (("en", "roll a die with 6 sides"), ("fr", "lancez un dé à 6 faces")):
        book = runner.invoke(cli, ["rulebook", "gamble", "--lang", lang])
        assert book.exit_code == 0 and words in book.output, book.output
        diff = runner.invoke(cli, ["diff", "province-en", "gamble", "--lang", lang])
        assert diff.exit_code == 0 and words in diff.output, diff.output
    sim = runner.invoke(cli, ["simulate", "gamble", "--games", "4", "--seed", "1", "--json"])
    assert sim.exit_code == 0, sim.output
    assert json.loads(sim.output)["settings"]["games"] == 4
    with i18n.language("fr"):
        assert render_markdown(load_ruleset("gamble"))
    i18n.set_language("en")
