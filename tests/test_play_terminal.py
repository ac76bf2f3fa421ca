"""The terminal at 80×24 (issue 55, aim 3): the story's latest events on the board and an honest count of
what is left out, messages said to whom they concern, the guide's note under the board, the borrow's
price among choices in columns, ``costs`` in the Work Cycle phase, a worker typed by its name alone,
``save`` without a question, the board again after a pager and between watched turns, three players."""
from __future__ import annotations

import os
import re
import sys
from types import SimpleNamespace

import pexpect
import pytest

import scenario as S
import tier
from rulekit import i18n
from rulekit.engine import BORROW
from rulekit.language import load_ruleset
from rulekit.play import layout, screen
from rulekit.play.session import Console, Session, bot_choose, is_human, player_names

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]")
LABEL = re.compile(r"^\((\d+) (?:earlier lines?: type log|lignes? précédentes?\s?: tapez journal)\)$")


def _terminal(size=(80, 24), read=None, pager=None):
    """A console like a terminal's, its output kept: ``out`` is the whole output, ``screens`` what the
    terminal showed at each prompt (since the last clear of the screen)."""
    out, drawn, screens = [], [[]], []

    def write(text):
        out.append(text)
        drawn[-1].append(text)

    def read_line(prompt=""):
        screens.append(list(drawn[-1]))
        return read(prompt) if read is not None else None

    con = Console(interactive=True, color=False, write=write, terminal=True, size=size,
                  read_line=read_line, clear=lambda: drawn.append([]), pager=pager or (lambda lines: None),
                  status_write=lambda text: None)
    return con, out, screens


def _reader(lines):
    lines = list(lines)
    return lambda prompt="": lines.pop(0) if lines else None


def _decisions(ruleset_id, seed, players, size=(80, 24)):
    """Every human decision of a game (the human played by bot:greedy): the session, its screen, and
    whether the other players' last turn is on it whole."""
    rs = load_ruleset(ruleset_id)
    con = Console(interactive=True, color=False, write=[].append, size=size)
    s = Session(ruleset=rs, seed=seed, players=players, console=con)
    s._telling = True
    while not s.state.is_terminal() and s.state.turn < 40:
        seat = s.state.decider
        if is_human(s.players[seat]):
            shown = {}
            lines = layout.fit_screen(s.state, s.names, con, s.story, "t", *size, shown=shown)
            yield s, lines, shown.get("whole", True)
            action, _why = bot_choose("bot:greedy", s.state, seed)
        else:
            action, _why = bot_choose(s.players[seat], s.state, seed)
        s.play_action(action)


def _story_rows(s, width):
    rows = []
    for text in layout.story_lines(s.state, s.story, s.names):
        rows += screen.wrap(text.replace(screen.NBSP, " "), "    ", "  ", width=width)
    return rows


@pytest.mark.parametrize("ruleset_id, seed, lang", [("province-en", 325757, "en"), ("province-fr", 451008, "fr")])
def test_the_story_shows_its_latest_lines_and_counts_the_earlier_ones_truly(ruleset_id, seed, lang):
    """At 80×24 the story on the board is the last of what was told, whole entries, and the label counts
    exactly the rows before them: a goal claimed or the end triggered in your turn is never pushed off
    by older lines."""
    cut = 0
    with i18n.language(lang):
        for s, lines, _whole in _decisions(ruleset_id, seed, ["human", "bot:normal"]):
            assert len(lines) <= 23                               # the prompt's row kept free
            rows = _story_rows(s, 79)
            labels = [i for i, line in enumerate(lines) if LABEL.match(line)]
            if not labels:
                continue
            cut += 1
            i = labels[0]
            hidden = int(re.match(r"^\((\d+)", lines[i]).group(1))
            shown = rows[hidden:]
            assert lines[i + 1:i + 1 + len(shown)] == shown, "the rows after the label are the story's last ones"
            assert hidden + len(shown) == len(rows)
    assert cut, "a game where the story had to be cut"


def test_pick_story_keeps_the_newest_entries_even_after_a_long_one():
    state = SimpleNamespace(turn=5)
    con = Console(interactive=True, color=False, write=[].append)
    long = "Computer (normal), turn 4: " + "moved a worker; " * 12
    turns = [(4, [(long, True), ("Why: it wanted the Bank.", False)]),
             (5, [("You, turn 5: moved 3 workers.", True), ("You claim the goal Crowd (1 VP).", False),
                  ("The end of the game is triggered: you finish this turn, then the game is over.", False)])]
    lines, whole = layout.pick_story(state, turns, 5, 79, con)
    assert not whole
    flat = " ".join(" ".join(lines).split())
    assert flat.endswith("The end of the game is triggered: you finish this turn, then the game is over.")
    assert "You claim the goal Crowd (1 VP)." in flat
    total = sum(len(screen.wrap(t, "    ", "  ", width=79)) for _turn, items in turns for t, _s in items)
    assert lines[0] == f"({total - (len(lines) - 1)} earlier lines: type log)"


def _harbor_cast(owner_is_you: bool, names):
    st = S.new("province-en", seed=1)
    owner = next(i for i, n in enumerate(names) if screen.is_you(n) == owner_is_you)
    S.give_structures(st, owner, "harbor")
    hire = next(o for o in range(len(st.c.outcome_ids)) if st.c.outcome_hire[o])
    return screen.event_line(st, ("cast", hire), names)


def test_may_hire_a_sailor_is_said_only_to_a_player_who_owns_the_harbor():
    names = player_names(["human", "bot:normal"])
    # the owner is told the benefit, said of nobody in particular (French review 4, items 21–22)
    assert "(a sailor may be hired in the Resource Spending Phase" in _harbor_cast(True, names)
    told = _harbor_cast(False, names)
    assert "You may" not in told and "for the owners of the Harbor: Computer (normal)" in told
    with i18n.language("fr"):
        told = _harbor_cast(False, player_names(["human", "bot:normal"]))
        assert "Vous pouvez" not in told and "pour qui possède le Port\u202f: l’ordinateur (normal)" in told


def test_watching_computers_nobody_is_told_you_may(tmp_path):
    from play_support import run
    result = run(["play", "--lang", "en", "--players", "bot:greedy,bot:greedy", "--seed", "21"])
    assert "The ships are cast" in result.output
    assert "You may" not in result.output and "Earn 1 Coin at the start of your turn" not in result.output


def test_the_guides_note_leaves_the_first_line_on_the_screen(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    con, _out, screens = _terminal(read=_reader(["quit"]))
    s = Session(ruleset=load_ruleset("province-en"), seed=44235, players=["human", "bot:hard"], console=con,
                first_player=0, guide=True)
    s.run()
    first = [line for line in screens[0]]
    assert any(line.startswith("Guide: ") for line in first)
    assert len(first) <= 23 and first[0].startswith("Turn 1 · You · ")
    assert s.resume_command("saved.json").endswith(" --guide")    # "Continue with: …" keeps the guide


def test_the_first_screen_mentions_the_guided_game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    con, _out, screens = _terminal(read=_reader(["quit"]))
    Session(ruleset=load_ruleset("province-en"), seed=72556, players=["human", "bot:hard"], console=con,
            first_player=0).run()
    assert len(screens[0]) <= 23 and "rulekit play --guide" in " ".join(screens[0])


def test_choices_in_columns_keep_the_borrows_price():
    st = S.new("province-en", seed=1)
    S.give_structures(st, st.current, "lender")
    for s in ("mill", "camp", "harbor"):
        S.give_structures(st, 1 - st.current, s)
    S.set_phase(st, "spending")
    legal = st.legal_actions()
    assert any(st.c.actions[a].kind == BORROW for a in legal)
    names = player_names(["human", "bot:normal"] if st.current == 0 else ["bot:normal", "human"])
    con = Console(interactive=True, color=False, write=[].append)
    lines = screen.choice_lines(st, names, con, 79, compact=True, rows=3)
    text = "\n".join(lines)
    assert "Borrowing costs −2 VP at the end unless you repay 3 Coin." in text
    assert all(screen.notation(st, a) in text for a in legal)
    assert len(lines) <= 4


def test_costs_in_the_work_cycle_phase_count_the_labor_still_to_earn():
    st = S.new("province-en", seed=1)
    names = player_names(["human", "human"])
    S.give_coins(st, st.current, 10)
    lines = " ".join(screen.cost_lines(st, names, width=200))
    mill = lines[lines.index("Mill:"):]
    assert mill.split("→ ")[1].startswith("not yet: 3 Labor more to earn in the Work Cycle this turn")
    S.set_phase(st, "spending")
    S.set_labor(st, 3)
    lines = " ".join(screen.cost_lines(st, names, width=200))
    assert lines[lines.index("Mill:"):].split("→ ")[1].startswith("affordable")


def test_a_workers_colour_alone_moves_it_and_another_players_worker_is_theirs():
    with i18n.language("fr"):
        st = S.new("province-fr", seed=3)
        names = player_names(["human", "bot:normal"] if st.current == 0 else ["bot:normal", "human"])
        S.give_structures(st, st.current, "camp")
        assert screen.notation(st, screen.parse_action(st, "Jaune")) == "déplacer camp@ouvrage_haut"
        assert screen.notation(st, screen.parse_action(st, "jaune")) == "déplacer camp@ouvrage_haut"
        st = S.new("province-fr", seed=3)
        S.give_structures(st, 1 - st.current, "camp")
        for typed in ("Jaune", "déplacer jaune", "deplacer Jaune@revenu"):
            with pytest.raises(Exception):
                screen.parse_action(st, typed)
            told = screen.illegal_message(st, typed, names=names)
            assert "l’Ouvrier Jaune (Camp) n’est pas à vous\u202f: il appartient à l’ordinateur (normal)" in told


def test_save_takes_no_file_name_from_the_next_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    con = Console(interactive=True, color=False, write=(out := []).append,
                  read_line=_reader(["save", "move green@coin", "save other.json", "quit"]))
    s = Session(ruleset=load_ruleset("province-en"), seed=5, players=["human", "human"], console=con,
                first_player=0)
    s.run()
    assert (tmp_path / "province-en-5.json").is_file() and (tmp_path / "other.json").is_file()
    assert not (tmp_path / "move green@coin").exists()
    assert s.state.history and screen.notation(s.state, s.state.history[0]) == "move green@coin"
    assert any("Saved to other.json." in line for line in out)


def test_the_board_is_drawn_again_after_a_pager(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    paged = []
    con, _out, screens = _terminal(read=_reader(["help", "costs", "quit"]), pager=paged.append)
    Session(ruleset=load_ruleset("province-en"), seed=5, players=["human", "bot:easy"], console=con,
            first_player=0).run()
    assert len(paged) == 2
    assert len(screens) == 3 and all(sc[0].startswith("Turn 1 · You") for sc in screens)   # drawn again each time


def test_after_help_and_q_the_terminal_shows_the_board(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "LC_ALL", "LC_MESSAGES", "LANG", "PAGER")}
    env.update(TERM="xterm", COLUMNS="80", LINES="24", LESS="")
    child = pexpect.spawn(sys.executable, ["-m", "rulekit", "play", "--seed", "5", "--lang", "en", "--first", "1"],
                          env=env, encoding="utf-8", timeout=30, dimensions=(24, 80), cwd=str(tmp_path))
    try:
        child.expect("Your choice: ")
        child.sendline("help")
        child.expect("How to play")
        child.send("q")
        child.expect("Your choice: ")
        shown = ANSI.sub("", child.before[child.before.rindex("\x1b[2J"):])
        assert "Face-up goal" in shown and "How to play" not in shown
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close()


def test_watching_computers_shows_the_board_between_turns(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    con, _out, screens = _terminal(read=_reader([""] * 6 + ["q"]))
    s = Session(ruleset=load_ruleset("province-en"), seed=374508, players=["bot:easy", "bot:hard"], console=con)
    s.run()
    assert len(screens) == 7                  # Enter six times, then q
    for board in screens:                     # what the terminal shows at each "Enter: next turn"
        text = "\n".join(board)
        assert re.match(r"Turn \d+ · Computer \d \((easy|hard)\)", board[0])
        assert "Face-up goal" in text and "Game ends when" in text and len(board) <= 23


@pytest.mark.parametrize("lang, seed, players, ends, why", [
    # `hard` in the full tier; the quick tier's `normal` tells the same screens at a third of the CPU
    ("en", 536644, ["human", "bot:hard" if tier.FULL else "bot:normal", "bot:normal"], "Game ends when", "Why: "),
    ("fr", 1, ["human", "bot:normal", "bot:normal"], "Fin de la partie", "Pourquoi\u00a0: "),
])
def test_three_players_keep_the_end_s_progress_and_the_reasons(lang, seed, players, ends, why):
    """Province for three at 80×24, in English and in French (longer lines): "Game ends when" on every screen
    (the layout's priority: the story yields before it, rulekit/play/layout.py), and every computer's reason
    either on the board or on the turn's own screen shown before it."""
    i18n.set_language(lang)
    own = 0
    for s, lines, whole in _decisions("province-3p", seed, players):
        text = "\n".join(lines)
        assert len(lines) <= 23 and ends in text
        whys = [t for t in layout.story_lines(s.state, s.story, s.names) if t.replace("\u202f", "\u00a0").startswith(why)]
        if whole:
            assert all(w[:60] in " ".join(text.split()) for w in whys)
        else:
            own += 1
            alone = " ".join(" ".join(layout.last_turn_lines(s.state, s.story, s.names, 79)).split())
            assert all(" ".join(w.split())[:60] in alone for w in whys)
    assert own


# ---------------------------------------------------------------------------------------------------
# Provisions 1849's guided first game (issue 55: "Provisions' guide has steps")

def _provisions_guided(lang, size=(80, 24), guide=True, decisions=40):
    """A guided game of Provisions 1849 at ``size``, the human seat played by bot:greedy's choices typed in
    notation, stopped by ``quit`` after ``decisions`` decisions: the screens the terminal showed at each."""
    from rulekit.play.sessions import session_class

    i18n.set_language(lang)
    rs = load_ruleset("provisions-1849")
    box = {}

    def read(prompt=""):
        s = box["s"]
        if len(screens) > decisions or s.state.is_terminal():
            return "quit"
        action, _why = bot_choose("bot:greedy", s.state, 7)
        return s.state.notation(action)

    con, _out, screens = _terminal(size=size, read=read)
    box["s"] = session_class(rs)(ruleset=rs, seed=718287, players=["human", "bot:easy"], console=con,
                                 first_player=0, guide=guide)
    try:
        box["s"].run()
    finally:
        i18n.set_language("en")
    return box["s"], screens


def test_the_provisions_guide_tells_its_steps_once_under_the_board(tmp_path, monkeypatch):
    from rulekit.play.provisions_guide import GUIDE_STEPS

    monkeypatch.chdir(tmp_path)
    s, screens = _provisions_guided("en")
    notes = []
    for lines in screens:
        assert len(lines) <= 23 and not lines[0].startswith(("Guide", "  "))       # the heading stays on top
        at = [k for k, line in enumerate(lines) if line.startswith("Guide: ")]
        if at:
            notes.append(" ".join(line.strip() for line in lines[at[0]:]))
    assert notes[0].startswith("Guide: Keep one of these bonus cards: only you see it.")
    assert screens[0][0].startswith("Before July · You · choosing a bonus card")
    told = [next(step for step, start in zip(GUIDE_STEPS, (
        "Keep one", "The game lasts 6 months", "Buying takes two goods", "You can provision",
        "The vigilantes trade", "The vigilantes leave town")) if note.startswith("Guide: " + start)) for note in notes]
    assert len(told) == len(set(told)) and told[:2] == ["keep", "month"]    # each step once, as the game meets it
    assert {"buy", "sell"} <= set(told)
    assert "each player takes 3 actions" in notes[1] and "at most 3 goods of each color" in notes[2]
    assert not any("click" in note for note in notes)                      # the terminal's words, not the page's
    assert s.resume_command("saved.json").endswith(" --guide")


def test_the_provisions_guide_speaks_french_and_the_first_screen_offers_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _s, screens = _provisions_guided("fr", decisions=3)
    text = " ".join(" ".join(lines) for lines in screens)
    assert "Guide\u202f: Gardez une de ces cartes bonus\u202f: vous seul la voyez." in text
    assert "Keep" not in text
    _s, screens = _provisions_guided("en", guide=False, decisions=1)
    first = " ".join(screens[0])
    assert "rulekit play provisions-1849 --guide" in first and "Guide:" not in first
