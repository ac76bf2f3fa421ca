"""A computer's "Why:" line states only what is true: every figure a reason quotes is checked against the
position before and after the turn it explains (issue 54: "it turned what it had into coins toward the
Lender … it has 9 Coin", said of coins that were already there)."""
import re

import pytest

from rulekit.language import load_ruleset
from rulekit.play import screen, story
from rulekit.play.session import Console, Session, bot_choose

CONVERTED = re.compile(r"it turned what it had into coins toward the (?P<s>.+?) \((?P<cost>.+?); it has (?P<n>\d+) ")
SAVING = re.compile(r"it is saving its coins \(next: (?P<s>.+?), (?P<cost>.+?); it has (?P<n>\d+) ")
LACKED = re.compile(r"it lacked the \w+ to build more \(next: (?P<s>.+?), ")
COULD = re.compile(r"though it could have built the (?P<s>.+?) \(")


def _structure(state, name):
    c = state.c
    for s, sid in enumerate(c.struct_ids):
        if screen.name(c.data, "structure", sid) == name:
            return s
    raise AssertionError(f"no structure named {name!r}")


def _play(ruleset, players, seed, turns=40):
    """Every computer turn of a game: (coins at its start, coins before each conversion, the entries, the
    state after it, its Why line)."""
    rs = load_ruleset(ruleset)
    session = Session(ruleset=rs, seed=seed, players=list(players), console=Console(
        interactive=False, color=False, write=[].append), autosave=False)
    out = []
    st = session.state
    start_coin, before_conv, turn = None, [], -1
    while not st.is_terminal() and st.turn < turns:
        seat = st.decider
        if st.turn != turn:
            turn, start_coin, before_conv = st.turn, st.coin_value(seat), []
        action, _reason = bot_choose(players[seat], st, seed)
        if st.c.actions[action].kind in (screen.CONVERT, screen.EXCHANGE):
            before_conv.append(st.coin_value(seat))
        count = len(session.story.entries)
        session.play_action(action, save=False)
        st = session.state
        for e in session.story.entries[count:]:
            if e.kind == story.WHY:
                out.append((seat, start_coin, list(before_conv), st.coin_value(seat), e.text))
    return st, out


@pytest.mark.parametrize("ruleset,players,seed", [
    ("province-en", ("bot:normal", "bot:easy"), 1),
    ("province-en", ("bot:normal", "bot:normal"), 2),
    ("province-en", ("bot:hard", "bot:normal"), 3),
    ("province-fr", ("bot:normal", "bot:hard"), 4),
    ("province-3p", ("bot:normal", "bot:easy", "bot:normal"), 5),
])
def test_every_figure_a_why_line_quotes_is_true(ruleset, players, seed):
    state, turns = _play(ruleset, players, seed)
    c = state.c
    checked = 0
    for seat, start_coin, before_conv, after_coin, text in turns:
        m = CONVERTED.search(text)
        if m:
            s = _structure(state, m["s"])
            assert int(m["n"]) == after_coin, text
            assert before_conv and after_coin > before_conv[0], (text, before_conv, after_coin)  # it did gain coins
            assert before_conv[0] < c.cost_coin[s], (text, before_conv)                       # which it lacked
            checked += 1
        m = SAVING.search(text)
        if m:
            s = _structure(state, m["s"])
            assert int(m["n"]) == after_coin and after_coin < c.cost_coin[s], text
            checked += 1
        for pattern in (LACKED, COULD):
            m = pattern.search(text)
            if m:
                assert after_coin >= c.cost_coin[_structure(state, m["s"])], (text, after_coin)
                checked += 1
    assert turns and checked, "no reason with a figure was given"


class _Coins:
    """A position whose player to explain holds ``coin`` (the rest is the real state's)."""

    def __init__(self, state, coin):
        self._state, self._coin = state, coin

    def __getattr__(self, name):
        return getattr(self._state, name)

    def coin_value(self, seat):
        return self._coin


def test_coins_already_there_are_not_said_to_be_turned_into_coins():
    """The review's case: a conversion by a player who already had the next structure's coins, and lacks
    Labor; and the true case beside it, coins short before the conversion."""
    rs = load_ruleset("province-en")
    session = Session(ruleset=rs, seed=3, players=["bot:normal", "bot:normal"], console=Console(
        interactive=False, color=False, write=[].append), autosave=False, first_player=0)
    st = session.state
    seat = st.decider
    target = story.saving_for(st, seat)
    need = st.c.cost_coin[target]
    convert = story.Entry(st.turn, seat, story.ACTION, "", action_kind=screen.CONVERT, coin=1)
    end = story.Entry(st.turn, seat, story.ACTION, "", action_kind=screen.END, lost=0)
    rich = story.explain_turn(_Coins(st, need + 7), [convert, end], session.names)
    assert "toward" not in rich and "lacked the Labor" in rich, rich
    short = story.explain_turn(_Coins(st, need - 1), [convert, end], session.names)
    assert "it turned what it had into coins toward the" in short and f"it has {need - 1} " in short, short
