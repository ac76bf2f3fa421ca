"""The screen of ``rulekit play``: every word through the catalog, French on the French screen,
and an interactive session (screens, commands, undo) driven through the library."""
from __future__ import annotations

import re

import pytest

from rulekit import i18n
from rulekit.engine import compile_ruleset, new_game
from rulekit.engine.record import GameRecord
from rulekit.i18n import unwrapped_words
from rulekit.language import load_ruleset
from rulekit.play import Console, Session, bot_choose, player_names, screen
from rulekit.play.notation import for_compiled

NNBSP = "\u202f"
# Words written the same in English and French (or file names) that may appear in both.
SAME_IN_BOTH = {"type", "CYCLE", "Cycle", "Phase", "phase", "Camp", "Village", "Province", "Total", "action", "actions",
                "conversions", "face", "notation", "docs", "md", "resume", "rulekit", "rulebook", "ruleset",
                "json", "Union", "MCTS", "Platinum"}


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def render(lang, ruleset_id, players=("human", "bot:greedy"), seed=3, every=6):
    """Screens, help, moves and the end of a whole game, as text, in ``lang``."""
    i18n.set_language(lang)
    out = []
    con = Console(interactive=True, color=False, write=out.append)
    rs = load_ruleset(ruleset_id)
    st = new_game(rs, seed=seed, first_player=None if compile_ruleset(rs).first_random else 0)
    names = player_names(list(players))
    n = 0
    while not st.is_terminal():
        if n % every == 0:
            out.extend(screen.screen_lines(st, names, list(players), con, ["—"], screen.title_line(rs, seed)))
            out.extend(screen.help_lines(st))
        action, reason = bot_choose("bot:greedy", st, seed)
        out.append(screen.action_line(st, action, names[st.current], reason))
        before = len(st.log)
        st._apply(action)
        out.extend(screen.event_line(st, e, names) for e in st.log[before:])
        n += 1
    out.extend(screen.end_lines(st, names, con))
    out.extend(screen.board_lines(st, names, con))
    out.extend(screen.summary_lines(st, names))
    return "\n".join(out), rs


def notation_words(rs, lang=None):
    """The words of the canonical notation (and of ``lang``'s notation, when given)."""
    words = set()
    for a in compile_ruleset(rs).actions:
        words.update(re.split(r"[ @_]", a.notation))
    if lang is not None:
        for text in for_compiled(compile_ruleset(rs), lang).local:
            words.update(re.split(r"[ @_]", text))
    return words


@pytest.mark.parametrize("ruleset_id", ["province-en", "province-fr"])
def test_every_word_goes_through_the_catalog(ruleset_id):
    text, rs = render("en_XA", ruleset_id)
    assert "[" in text and "~" in text
    assert unwrapped_words(text, allow=notation_words(rs) | {"rulekit", "docs", "notation", "md"}) == []


@pytest.mark.parametrize("ruleset_id", ["province-en", "province-fr"])
def test_the_french_screen_has_no_english_word(ruleset_id):
    french, rs = render("fr", ruleset_id)
    english, _ = render("en", ruleset_id)

    def words(text, allow):
        return {w for w in unwrapped_words(text) if w not in allow}

    # French words of the French notation ("or", the gold coin) are French even when English has them too.
    assert words(french, notation_words(rs, "fr")) & words(english, notation_words(rs)) <= SAME_IN_BOTH
    # No canonical (English) verb of the notation is on the French screen, but for the help's example.
    i18n.set_language("fr")
    example = screen.help_lines(new_game(rs, seed=3))
    verbs = {"move", "build", "borrow", "exchange", "spend", "end", "hire", "repay"}
    assert not verbs & set(unwrapped_words(french.replace("\n".join(example), "")))
    assert "construire" in french and "déplacer" in french
    for expected in ("CYCLE DE TRAVAIL", "Vos choix", "Objectif visible", "Réserve", "PARTIE TERMINÉE", "PV"):
        assert expected in french
    # French typography: a narrow no-break space before the high punctuation, never a plain space.
    assert re.search(r"\w :", french) is None and re.search(r" ;", french) is None
    assert f"Vos choix{NNBSP}:" in french


def test_screen_shows_what_a_newcomer_needs():
    text, rs = render("en", "province-en", every=1)
    for expected in ("WORK CYCLE", "Labor Top", "+1 Coin", "Green", "(moved)", "Coins", "in all", "Labor",
                     "Structures", "Goals", "Face-up goal", "more face down", "Lender token", "Ships", "Supply",
                     "Your choices:", "Turn 1 · You · Work Cycle phase", "Resource Spending phase",
                     "Build the", "worth", "GAME OVER"):
        assert expected in text, expected
    assert re.search(r"Harbormaster: (You|Computer)", text) or "not cast yet" in text


def scripted_reader(lines):
    feed = iter(lines)

    def read(prompt):
        return next(feed, None)
    return read


def test_interactive_session_screens_commands_and_undo(tmp_path):
    i18n.set_language("en")
    out = []
    rs = load_ruleset("province-en")
    record = tmp_path / "g.json"
    con = Console(interactive=True, color=True, write=out.append,
                  read_line=scripted_reader(["help", "rules", "1", "spend", "end", "undo", "bogus", "quit"]),
                  clear=lambda: out.append("<clear>"))
    session = Session(ruleset=rs, seed=5, players=["human", "bot:greedy"], console=con, first_player=0,
                      record_path=record)
    assert session.run() == 0
    text = "\n".join(out)
    assert "\x1b[" in text                                   # colour on a terminal
    assert text.count("<clear>") >= 4 and "Your choices:" in text
    assert "Commands:" in text and "take back your last action" in text
    from rulekit.text.rulebook import (
        section_text,  # `rules` shows the rulebook's text of the phase
    )
    first_line = next(x for x in section_text(rs, "work").splitlines() if x.strip())
    assert first_line.strip() in text
    assert "Undone: back to before your action “end”" in text
    assert "“bogus” is not a legal action here" in text
    assert GameRecord.load(record).actions == ["move green@labor_top", "spend"]
    assert f"Saved to {record}." in text


def test_quit_without_a_record_file_saves_to_a_default_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    i18n.set_language("en")
    out = []
    rs = load_ruleset("province-fr")
    con = Console(interactive=True, color=False, write=out.append, read_line=scripted_reader(["2", "quit"]))
    session = Session(ruleset=rs, seed=77, players=["human", "human"], console=con)
    assert session.run() == 0
    saved = tmp_path / "province-fr-77.json"
    assert GameRecord.load(saved).actions and "Saved to province-fr-77.json." in "\n".join(out)


def test_ctrl_c_saves_before_leaving(tmp_path):
    i18n.set_language("en")
    out = []
    answers = iter(["1"])

    def read(prompt):
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None

    record = tmp_path / "g.json"
    con = Console(interactive=True, color=False, write=out.append, read_line=read)
    session = Session(ruleset=load_ruleset("province-en"), seed=2, players=["human", "bot:random"], console=con,
                      first_player=0, record_path=record)
    assert session.run() == 130
    assert "Interrupted." in out and GameRecord.load(record).actions == ["move green@labor_top"]


def test_no_color_and_pipes_give_plain_text(monkeypatch):
    class Tty:
        def isatty(self):
            return True

    monkeypatch.setattr("sys.stdout", Tty())
    monkeypatch.setattr("sys.stdin", Tty())
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert Console.from_environment().color and Console.from_environment().interactive
    monkeypatch.setenv("NO_COLOR", "1")
    assert not Console.from_environment().color


def test_bot_moves_are_reproducible():
    rs = load_ruleset("province-en")
    a, b = new_game(rs, seed=4, first_player=0), new_game(rs, seed=4, first_player=0)
    for _ in range(30):
        x, _r = bot_choose("bot:random", a, 4)
        y, _r = bot_choose("bot:random", b, 4)
        assert x == y
        a._apply(x)
        b._apply(y)
