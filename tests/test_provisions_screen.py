"""The terminal screen of Provisions 1849: it fits the terminal (80×24, 120×40, two to five players, English
and French), its grouped choices reach every legal action and nothing else, and the mends of the rules
check (October's production, "You win", hot-seat undo and hand-off)."""
from __future__ import annotations

import random

import tier
from hypothesis import given, settings
from hypothesis import strategies as st

from rulekit.engine import new_game
from rulekit.i18n import language
from rulekit.language import load_ruleset
from rulekit.play import provisions_screen as pscreen
from rulekit.play.layout import visible_len
from rulekit.play.session import Console
from rulekit.play.sessions import session_class

RULES = load_ruleset("provisions-1849")
BOTS = "bot:normal=greedy"


def position(seed: int, players: int, stop: int):
    """A seeded random game stopped at a decision of seat 0 after about ``stop`` actions (None: it ended)."""
    rng = random.Random(seed)
    state = new_game(RULES, seed=seed, players=players)
    while not state.is_terminal() and (len(state.history) < stop or state.decider != 0):
        state.apply(rng.choice(state.legal_actions()))
    return None if state.is_terminal() else state


def session_at(state, size, out=None, players=None, read=None):
    console = Console(interactive=True, color=False, write=(out.append if out is not None else lambda _t: None),
                      read_line=read or (lambda _p: None), clear=lambda: None, size=size)
    return session_class(RULES)(ruleset=RULES, seed=state.seed,
                                players=players or ["human"] + [BOTS] * (state.n_players - 1),
                                console=console, actions=state.history_notation(), autosave=False)


def rows_taken(lines, columns):
    return sum(max(1, -(-visible_len(line) // columns)) for line in lines)


@settings(max_examples=tier.games(full=100, quick=25), deadline=None)
@given(seed=st.integers(0, 10 ** 6), players=st.integers(2, 5), stop=st.integers(0, 120),
       lang=st.sampled_from(["en", "fr"]), size=st.sampled_from([(80, 24), (120, 40)]))
def test_every_screen_and_every_group_it_opens_fits_the_terminal(seed, players, stop, lang, size):
    """Drawn for a terminal of COLUMNS × ROWS, the screen keeps the prompt's row free and no line reaches the last
    column (so that no terminal wraps it): at the first menu and in every group that menu opens."""
    state = position(seed, players, stop)
    if state is None:
        return
    columns, rows = size
    with language(lang):
        session = session_at(state, size)
        screens = [session.screen_lines()]
        for n, entry in enumerate(session.menu(), 1):
            if entry.children:
                assert session._command(str(n)) == "redraw"
                screens.append(session.screen_lines())
                assert session._command("0") == "redraw"
                session.screen_lines()
        for lines in screens:
            assert rows_taken(lines, columns) <= rows - 1, "\n".join(lines)
            assert max(visible_len(line) for line in lines) <= columns - 1, "\n".join(lines)


def reachable(state, width, rows, key=()):
    """Every action the menus reach from the group at ``key``, opening every group (each menu fitted to ``rows``)."""
    group, entries = pscreen.menu_for(state, width, rows, key)
    found = []
    for entry in entries:
        if entry.children:
            assert len(entry.actions) > 1
            found += reachable(state, width, rows, entry.key)
        else:
            found.append(entry.actions[0])
    return found


@settings(max_examples=tier.games(full=80, quick=20), deadline=None)
@given(seed=st.integers(0, 10 ** 6), players=st.integers(2, 5), stop=st.integers(0, 120),
       rows=st.sampled_from([3, 6, 12, None]))
def test_the_groups_reach_every_legal_action_once_and_nothing_else(seed, players, stop, rows):
    state = position(seed, players, stop)
    if state is None:
        return
    legal = state.legal_actions()
    found = reachable(state, 79, rows)
    assert sorted(found) == sorted(legal)                 # each legal action once, no other
    if rows is None:                                       # unbounded (a script): one list, in the legal order
        assert found == legal
    root = pscreen.choice_tree(state)
    for entry in pscreen.menu_for(state, 79, rows)[1]:
        if entry.children:                                 # a group's words open it: the same actions
            assert pscreen.find_typed(root, entry.text.upper()).actions == entry.actions
        else:
            assert state.parse(entry.text) == entry.actions[0]


def test_a_number_opens_a_group_0_goes_back_and_the_words_open_it_too():
    for seed in range(50):                     # a position whose menu at 80×24 has a group
        state = position(seed, 4, 30)
        out = []
        session = session_at(state, (80, 24), out) if state is not None else None
        if session is not None and any(e.children for e in session.menu()):
            break
    entries = session.menu()
    n = next(i for i, e in enumerate(entries, 1) if e.children)
    group = entries[n - 1]
    assert session._command(str(n)) == "redraw"
    inside = session.menu()
    assert sorted(a for e in inside for a in e.actions) == sorted(group.actions)
    assert any(line.startswith(f"{group.text}: choose (0: back)") for line in session.screen_lines())
    assert session._command("0") == "redraw"
    assert [e.key for e in session.menu()] == [e.key for e in entries]
    assert session._command(group.text) == "redraw"         # typed words open the same group
    assert session.menu() == inside
    played = len(session.state.history)
    leaf = next(i for i, e in enumerate(session.menu(), 1) if not e.children) if any(
        not e.children for e in session.menu()) else None
    if leaf is not None:
        assert session._command(str(leaf)) == "played" and len(session.state.history) > played
    assert session._command("99") == "stay" and "There is no choice 99 here" in out[-1]


def test_a_script_numbers_every_legal_action_in_order():
    """Piped input has no screen: the menu is every legal action, numbered in the legal order, as before."""
    state = position(5, 3, 20)
    session = session_at(state, (101, 10_000))
    assert [e.actions[0] for e in session.menu()] == state.legal_actions()


def story_of_a_whole_game(seed=11, players=3):
    out = []
    console = Console(interactive=False, color=False, write=out.append)
    session = session_class(RULES)(ruleset=RULES, seed=seed, players=["bot:easy"] * players, console=console,
                                   autosave=False)
    assert session.run() == 0
    return out, session


def test_october_s_production_is_told_after_the_vigilantes_leave_with_october_s_cards():
    out, _session = story_of_a_whole_game()
    lines = [line.strip() for line in out]
    produced = [i for i, line in enumerate(lines) if line.startswith("Production this month:")]
    assert len(produced) == len(RULES.months)           # once a month, July's included
    october = lines.index("— October begins —")
    leave = lines.index("The vigilantes leave town; their goods go back to the suppliers.")
    assert not [i for i in produced if october < i < leave]  # not September's again under "October begins"
    assert [i for i in produced if i > leave][0] == min(i for i in produced if i > october)
    # and the line is October's own cards: replayed to the vigilantes' leaving, the cards shown are others
    st = new_game(RULES, seed=11, players=3)
    for a in _session.state.history:
        before = list(st.production_shown)
        phase = st.phase
        st.apply(a)
        if phase == "vigilantes" and st.phase == "play":
            assert pscreen.production_line(st) == lines[[i for i in produced if i > leave][0]]
            assert st.production_shown != before
            break
    else:
        raise AssertionError("no October take")


def test_the_october_take_shows_no_production_card_yet():
    state = new_game(RULES, seed=2, players=2)
    while state.phase != "vigilantes":
        state.apply(state.legal_actions()[0])
    assert any(state.production_shown)                   # September's cards are still in the state
    assert all(pscreen.shown_card(state, g) == 0 for g in range(len(state.t.colours)))
    grid = pscreen.compact_board_lines(state, ["A", "B"], 0, 79)
    production = next(line for line in grid if line.startswith("production"))
    assert "(+" not in production and "(−" not in production   # areas only, no card


def test_you_win_agrees_with_you_in_english_and_french():
    from rulekit.play.session import player_names

    for seed in range(40):
        state = new_game(RULES, seed=seed, players=2)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        outcome = state.outcome()
        if outcome.winners == (0,):
            break
    else:
        raise AssertionError("seat 0 never won")
    why = {"points": "on points"}.get(outcome.decided_by)
    with language("en"):
        names = player_names(["human", "bot:easy"])
        line = pscreen.winner_line(state, names)
        assert line.startswith("You win (") and "wins" not in line
        if why:
            assert line == f"You win ({why})."
        other = pscreen.winner_line(state, player_names(["bot:easy", "bot:easy"]))
        assert other.startswith("Computer 1 (easy) wins (")
    with language("fr"):
        line = pscreen.winner_line(state, player_names(["human", "bot:easy"]))
        assert line.startswith("Vous gagnez (") and "gagne " not in line


def hot_seat(answers, size=(100, 50)):
    out, prompts, clears = [], [], []
    feed = iter(answers)

    def read(prompt):
        prompts.append((len(out), prompt))
        return next(feed, None)

    console = Console(interactive=True, color=False, write=out.append, read_line=read,
                      clear=lambda: clears.append(len(out)), size=size)
    session = session_class(RULES)(ruleset=RULES, seed=4, players=["human", "human"], console=console,
                                   autosave=False, human_names=["Ada", "Leon"])
    session.run()
    return session, out, prompts, clears


def test_hot_seat_hands_over_on_a_cleared_screen_and_undo_is_the_seat_s_own():
    state = new_game(RULES, seed=4, players=2)
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    first = state.notation(state.legal_actions()[0])     # Ada's first action of July
    answers = ["", "1", "", "1", "", first, "", "undo", None]
    session, out, prompts, clears = hot_seat(answers)
    # each change of seat: the screen cleared, then "Press Enter when only Leon can see the screen"
    handoffs = [(at, p) for at, p in prompts if "Press Enter when only" in p]
    assert [p.split("only ")[1].split(" can")[0] for _at, p in handoffs] == ["Ada", "Leon", "Ada", "Leon"]
    for at, _p in handoffs:
        assert any(c <= at for c in clears)
        shown_before = "\n".join(out[max(c for c in clears if c <= at):at])
        assert "only you see" not in shown_before           # the previous seat's secret cards are not on it
    # Leon's undo after Ada's move is refused, and the move stays
    assert any("Another player has played since your last move" in line for line in out)
    assert first in session.state.history_notation()
    assert not any(line.startswith("Undone:") for line in out)


def test_a_month_s_departure_is_told_in_the_past_once_it_happened():
    """August's prospector leaves as the month begins: the board says it left, not that one leaves."""
    state = new_game(RULES, seed=6, players=2)
    while state.month < 1:
        state.apply(state.legal_actions()[0])
    assert RULES.months[1].event == "discard" and state.phase == "play"
    board = " ".join(" ".join(pscreen.board_lines(state, ["A", "B"])).split())          # the words, unwrapped
    grid = " ".join(" ".join(pscreen.compact_board_lines(state, ["A", "B"], 0, 79)).split())
    for text in (board, grid):
        assert "this month: a prospector has left" in text.lower() and "a prospector leaves" not in text


def test_a_story_too_long_for_the_board_gets_a_screen_of_its_own_once_a_decision():
    """Five players at 80×24: what the four others did is shown whole first ("Enter: on to the board"), once."""
    state = position(8, 5, 40)
    out, prompts = [], []
    console = Console(interactive=True, color=False, write=out.append, terminal=True, size=(80, 24),
                      read_line=lambda p: prompts.append(p) or "", clear=lambda: out.append("<clear>"))
    session = session_class(RULES)(ruleset=RULES, seed=state.seed, players=["human"] + [BOTS] * 4, console=console,
                                   actions=state.history_notation(), autosave=False)
    recent = session._recent()
    lines, whole = session._fit()
    assert len(recent) >= 4 and not whole
    session._draw()
    assert [p for p in prompts if p.startswith("Enter: on to the board")] == [prompts[0]]
    story = out[out.index("<clear>") + 1:out.index("<clear>", out.index("<clear>") + 1)]
    assert story[0] == "What just happened:" and all(any(r[:30] in line for line in story) for r in recent)
    session._draw()                                       # drawn again (a resize, a group opened): not again
    assert len(prompts) == 1
    assert rows_taken(out[-len(lines):], 80) <= 23


def test_the_hand_off_erases_the_terminal_s_scrollback(capsys):
    """On a terminal, the hand-off also erases what scrolled out of the screen (the previous seat's cards)."""
    out, prompts = [], []
    console = Console(interactive=True, color=False, write=out.append, terminal=True, size=(100, 50),
                      read_line=lambda p: prompts.append(p) or "", clear=lambda: out.append("<clear>"))
    session = session_class(RULES)(ruleset=RULES, seed=4, players=["human", "human"], console=console,
                                   autosave=False, human_names=["Ada", "Leon"])
    session._hand_over(1)
    assert "\x1b[3J" in capsys.readouterr().out
    assert out[0] == "<clear>" and out[1].startswith("Leon, it is your turn")
    assert prompts == ["Press Enter when only Leon can see the screen. "]


def test_the_bonus_hand_is_shown_once():
    """Choosing a bonus card: each card's objectives are on the board, and the choices name the card alone."""
    state = new_game(RULES, seed=9, players=2)
    for size in ((100, 50), (80, 24)):
        text = "\n".join(session_at(state, size).screen_lines())
        for card in state.hands[0]:
            assert text.count(state.t.bonus_ids[card]) == 2, text       # the board's line and the choice
        assert "keep b" in text
