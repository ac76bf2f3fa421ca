"""``rulekit play`` with more than two players (the bundled ``province-3p``): a whole game of three
computers to its result, a number of players the ruleset does not allow refused in English and
French, any seat first, hot-seat mixes, save and resume, undo, the end's ranks and ties, and the
screen at 80×24 and 120×45 in both languages (snapshots in tests/snapshots/; after a deliberate
change, ``RULEKIT_UPDATE_SNAPSHOTS=1 python -m pytest tests/test_play_seats.py`` and read the diff)."""
from __future__ import annotations

import re

import os
from pathlib import Path

import pytest
from play_support import library_game, run, score_rows

from rulekit import i18n
from rulekit.engine import Outcome
from rulekit.engine.record import GameRecord, replay
from rulekit.language import load_ruleset
from rulekit.play import Console, Session, bot_choose, layout, parse_players, player_names, screen, story
from rulekit.play.session import is_human

THREE = "province-3p"
SNAPSHOTS = Path(__file__).parent / "snapshots"
SPACES = {"\u202f": " ", "\u00a0": " "}


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def plain(text: str) -> str:
    """``text`` with the narrow and no-break spaces of French typography as plain spaces."""
    for space, replacement in SPACES.items():
        text = text.replace(space, replacement)
    return text


def words(text: str) -> str:
    """``text``'s words, one space between each (whatever the wrapping and the kind of space)."""
    return " ".join(str(text).split())


def seats_of(ruleset, state) -> list[int]:
    """Whose action each action of ``state``'s history was."""
    from rulekit.engine import new_game

    st = new_game(ruleset, seed=state.seed, first_player=state.first, players=state.n_players)
    out = []
    for a in state.history:
        out.append(st.current)
        st._apply(a)
    return out


# ---------------------------------------------------------------------------
# A whole game


def test_three_computers_play_a_whole_game_to_its_result(tmp_path):
    """The issue's done-when: rulekit play province-3p --players bot:easy,bot:easy,bot:easy --seed 1."""
    record = tmp_path / "g.json"
    result = run(["play", THREE, "--players", "bot:easy,bot:easy,bot:easy", "--seed", "1", "--lang", "en",
                  "--record", str(record)])
    assert result.exit_code == 0, result.output
    out = result.output
    players = parse_players("bot:easy,bot:easy,bot:easy")
    rs, st = library_game(THREE, 1, players=players)
    saved = GameRecord.load(record)
    assert saved.players == players and len(saved.players) == 3
    assert saved.actions == [st.notation(a) for a in st.history]          # the library's game, move for move
    assert replay(saved, rs).scores() == st.scores() and saved.result["scores"] == list(st.scores())
    assert st.is_terminal() and st.n_players == 3
    names = player_names(players)
    assert names == ["Computer 1 (easy)", "Computer 2 (easy)", "Computer 3 (easy)"]
    for seat in range(3):                                                # every seat plays and is told
        assert f"{names[seat]} moves a worker" in out and f"— Turn {seat + 1}: {names[seat]} —" in out
    counts = screen.turns_played(st)
    assert sum(counts) == st.turn + 1 and max(counts) - min(counts) <= 1
    assert "GAME OVER after" in out
    rows = score_rows(out, seats=3)
    for seat in range(3):
        by = st.score_by_source(seat)
        assert rows["VP from structures"][seat] == by["structures"]
        assert rows["VP from goals"][seat] == by["goals"]
        assert rows["Lender token penalty"][seat] == by["borrowing"]
        assert rows["Total VP"][seat] == st.scores()[seat]
    outcome = st.outcome()
    assert rows["Rank"] == list(outcome.ranks)
    if outcome.decided_by == "vp":
        winner = outcome.winner
        assert f"{names[winner]} wins with {outcome.scores[winner]} VP." in out
    elif outcome.decided_by == "tie":
        assert "A tie for first place: " in out
    else:
        assert "wins on the tie-break" in out


def test_the_same_game_ends_in_french():
    result = run(["play", THREE, "--players", "bot:easy,bot:easy,bot:easy", "--seed", "1", "--lang", "fr"])
    assert result.exit_code == 0, result.output
    out = plain(result.output)
    rs, st = library_game(THREE, 1, players=parse_players("bot:easy,bot:easy,bot:easy"))
    assert "PARTIE TERMINÉE après" in out
    rows = score_rows(out, seats=3)
    assert rows["Total des PV"] == list(st.scores()) and rows["Rang"] == list(st.outcome().ranks)
    if st.outcome().decided_by == "vp":
        assert f"L’ordinateur {st.outcome().winner + 1} (facile) l’emporte avec" in out
    for english in ("GAME OVER", " wins", "Rank", "Total VP", "Turn ", "turns for", "Player "):
        assert english not in out, english


def test_a_hot_seat_mix_names_each_seat():
    result = run(["play", THREE, "--players", "human,human,bot:easy", "--seed", "5", "--lang", "en"],
                 input="1\nspend\nend\n1\nspend\nend\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "— Turn 2: Player 2 —" in out and "— Turn 3: Computer (easy) —" in out and "— Turn 4: Player 1 —" in out
    assert "Computer (easy) moves a worker" in out
    assert "Score: Player 1 " in out and ", Player 2 " in out and ", Computer (easy) " in out


# ---------------------------------------------------------------------------
# Options


@pytest.mark.parametrize("lang,expected", [
    ("en", "Invalid value for '--players': province-en is played by 2 players, not 3"),
    ("fr", "Valeur invalide pour « --players » : province-en se joue à 2 joueurs, pas à 3"),
])
def test_a_number_of_players_the_ruleset_does_not_allow_is_refused(lang, expected):
    result = run(["play", "province-en", "--players", "human,bot:easy,bot:easy", "--lang", lang])
    assert result.exit_code == 2
    assert expected in plain(result.output)
    assert "Traceback" not in result.output


@pytest.mark.parametrize("lang,expected", [
    ("en", "province-3p is played by 3 players, not 2"),
    ("fr", "province-3p se joue à 3 joueurs, pas à 2"),
])
def test_too_few_players_for_a_three_player_ruleset_are_refused(lang, expected):
    result = run(["play", THREE, "--players", "human,bot:easy", "--lang", lang])
    assert result.exit_code == 2 and expected in plain(result.output)


def test_without_players_you_face_the_strongest_computer_in_every_other_seat(tmp_path):
    record = tmp_path / "g.json"
    result = run(["play", THREE, "--seed", "3", "--lang", "en", "--record", str(record)], input="")
    assert result.exit_code == 0, result.output
    hard = parse_players("human,bot:hard")[1]
    assert GameRecord.load(record).players == ["human", hard, hard]


def test_any_seat_may_go_first_and_the_others_follow_in_turn_order(tmp_path):
    record = tmp_path / "g.json"
    result = run(["play", THREE, "--players", "bot:easy,bot:easy,bot:easy", "--seed", "2", "--first", "3",
                  "--lang", "en", "--record", str(record), "--max-turns", "4"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert GameRecord.load(record).first_player == 2
    assert "Player 3: Computer 3 (easy) (plays first)" in out and "--first 3" in out
    assert [f"— Turn {t}: Computer {p} (easy) —" in out for t, p in ((1, 3), (2, 1), (3, 2), (4, 3))] == [True] * 4
    assert "Stopped at turn 4" in out
    refused = run(["play", THREE, "--players", "bot:easy,bot:easy,bot:easy", "--first", "4", "--lang", "en"])
    assert refused.exit_code == 2
    assert "4 is not a seat: the game has 3 players; give a number from 1 to 3." in refused.output


# ---------------------------------------------------------------------------
# Save, resume, undo


def test_a_three_player_game_is_saved_and_resumed_to_the_same_end(tmp_path):
    players = ["bot:greedy", "bot:greedy", "bot:greedy"]
    rs, st = library_game(THREE, 6, players=players)            # seat 0's moves are typed by the "human" below
    humans = [st.notation(a) for a, seat in zip(st.history, seats_of(rs, st)) if seat == 0]
    record = tmp_path / "g.json"
    half = len(humans) // 2
    first = run(["play", THREE, "--lang", "en", "--seed", "6", "--record", str(record),
                 "--players", "human,bot:greedy,bot:greedy"], input="".join(h + "\n" for h in humans[:half]))
    assert first.exit_code == 0, first.output
    assert "Game not finished" in first.output
    summary = next(line for line in first.output.splitlines() if line.startswith("Game not finished"))
    assert "Score: You " in summary and "Computer 2 (greedy) " in summary and "Computer 3 (greedy) " in summary
    saved = GameRecord.load(record)
    assert saved.players == ["human", "bot:greedy", "bot:greedy"] and saved.result is None
    second = run(["play", "--lang", "en", "--resume", str(record)], input="".join(h + "\n" for h in humans[half:]))
    assert second.exit_code == 0, second.output
    assert "Resumed after" in second.output and "GAME OVER" in second.output
    saved = GameRecord.load(record)
    assert saved.actions == [st.notation(a) for a in st.history]
    assert replay(saved, rs).scores() == st.scores() and saved.result["scores"] == list(st.scores())


def test_resuming_with_another_number_of_players_is_refused(tmp_path):
    record = tmp_path / "g.json"
    run(["play", THREE, "--lang", "en", "--seed", "4", "--record", str(record),
         "--players", "human,bot:easy,bot:easy"], input="move coin\n")
    assert GameRecord.load(record).actions == ["move green@coin"]
    result = run(["play", "--lang", "en", "--resume", str(record), "--players", "human,bot:easy"])
    assert result.exit_code == 1
    assert "cannot be resumed: this game has 3 players, and --players names 2" in result.output
    fr = run(["play", "--lang", "fr", "--resume", str(record), "--players", "human,bot:easy"])
    assert fr.exit_code == 1 and "cette partie compte 3 joueurs" in plain(fr.output)
    other = run(["play", "--lang", "en", "--resume", str(record), "--players", "human,human,bot:normal"],
                input="spend\n")                       # as many players: they may change
    assert other.exit_code == 0, other.output
    assert GameRecord.load(record).players == ["human", "human", parse_players("human,bot:normal")[1]]


def test_undo_takes_back_every_computer_reply(tmp_path):
    record = tmp_path / "g.json"
    result = run(["play", THREE, "--lang", "en", "--seed", "5", "--players", "human,bot:easy,bot:easy",
                  "--record", str(record)], input="move coin\nspend\nend\nundo\n")
    assert result.exit_code == 0, result.output
    assert "Computer 2 (easy) moves a worker" in result.output and "Computer 3 (easy) moves a worker" in result.output
    assert "Undone: back to before your action “end” (" in result.output
    assert GameRecord.load(record).actions == ["move green@coin", "spend"]


# ---------------------------------------------------------------------------
# The end


def test_the_outcome_line_names_the_winner_or_those_tied_for_first():
    names = ["Player 1", "Player 2", "Player 3"]
    data = load_ruleset(THREE).data
    tie = Outcome(scores=(5, 5, 3), ranks=(1, 1, 3), winners=(0, 1), decided_by="tie")
    assert screen.outcome_line(data, tie, names) == \
        "A tie for first place: Player 1 and Player 2, 5 VP each; nothing in the tie-breaks separates them."
    by_vp = Outcome(scores=(4, 7, 3), ranks=(2, 1, 3), winners=(1,), decided_by="vp")
    assert screen.outcome_line(data, by_vp, names) == "Player 2 wins with 7 VP."
    assert screen.outcome_line(data, by_vp, ["Computer 1 (easy)", "You", "Computer 3 (easy)"]) == "You win with 7 VP."
    by_tb = Outcome(scores=(6, 6, 2), ranks=(2, 1, 3), winners=(1,), decided_by="structures")
    assert screen.outcome_line(data, by_tb, names) == "Tied on 6 VP; Player 2 wins on the tie-break: more structures."
    i18n.set_language("fr")
    names = player_names(["human", "human", "human"])
    assert plain(screen.outcome_line(data, tie, names)) == (
        "Égalité pour la première place : Joueur 1 et Joueur 2, 5 PV chacun ; aucun critère de départage "
        "ne les sépare.")
    assert plain(screen.outcome_line(data, by_vp, names)) == "Le joueur 2 l’emporte avec 7 PV."


def test_a_score_table_too_wide_names_its_players_above_it():
    rs, st = library_game(THREE, 1, players=parse_players("bot:easy,bot:easy,bot:easy"))
    names = player_names(parse_players("bot:easy,bot:easy,bot:easy"))
    wide = screen.end_lines(st, names, width=100)
    narrow = screen.end_lines(st, names, width=60)
    assert all(len(line) <= 60 for line in narrow if line.startswith("  "))     # the names and the table
    for seat in range(3):
        assert f"  Player {seat + 1}: {names[seat]}" in narrow and f"  Player {seat + 1}: {names[seat]}" not in wide
    header = next(line for line in narrow if line.strip().startswith("Player 1") and "Player 3" in line)
    assert header.split() == ["Player", "1", "Player", "2", "Player", "3"]
    assert score_rows("\n".join(narrow), seats=3) == score_rows("\n".join(wide), seats=3)


# ---------------------------------------------------------------------------
# The screen


def three_player_position(lang: str) -> Session:
    """A game of three at your 13th turn (seat 0, the greedy bot's moves), the two computers having played theirs."""
    i18n.set_language(lang)
    con = Console(interactive=True, color=False, write=[].append)
    session = Session(ruleset=load_ruleset(THREE), seed=4, players=["human", "bot:easy", "bot:normal"], console=con,
                      first_player=0)
    session.autosave = False
    st = session.state
    while not (len(session.state.history) >= 60 and session.state.current == 0 and not session.state.moved):
        st = session.state
        spec = session.players[st.current]
        action, _reason = bot_choose("bot:greedy" if is_human(spec) else spec, st, session.seed)
        session.play_action(action, save=False)
    return session


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("columns,rows", [(80, 24), (120, 45)])
def test_the_three_player_screen(lang, columns, rows):
    session = three_player_position(lang)
    st, names, c = session.state, session.names, session.state.c
    shown = {}
    lines = layout.fit_screen(st, names, session.console, session.story,
                              screen.title_line(session.ruleset, session.seed), columns, rows, shown=shown)
    assert len(lines) < rows and all(len(line) < columns for line in lines)
    text = "\n".join(lines)
    flat = words(text)
    assert i18n._("Game ends when") in text             # the end's progress yields last (rulekit/play/layout.py)
    for seat in range(3):                               # every seat: score, purse, structures, goals
        assert f"{names[seat]} — {screen.vp_text(st.score(seat))}" in text
        purse = screen.coins_text(c.data, c.coin_ids, st.purses[seat])
        assert words(purse) in flat                     # the coins held ("no coins": the wide layout says only that)
        if st.coin_value(seat):
            assert words(screen.coin_text(st.coin_value(seat), c)) in flat
        for s in range(c.n_struct):
            if st.owned[seat] >> s & 1:
                assert words(screen.name(c.data, "structure", c.struct_ids[s])) in flat
        for g in st.claimed[seat]:
            assert words(screen.name(c.data, "goal", c.goal_ids[g])) in flat
    assert st.owned[1] and st.owned[2] and any(st.claimed)        # a position where there is something to show
    marked = [line for line in lines if "◀" in line]
    assert len(marked) == 1 and marked[0].startswith(str(names[0]))   # whose turn it is
    for b in st.legal_actions():
        assert screen.notation(st, b) in text                        # every choice
    told = [(t, story.turn_summary(st, session.story.of_turn(t), names)) for t in (st.turn - 2, st.turn - 1)]
    assert {session.story.of_turn(t)[0].seat for t, _text in told} == {1, 2}
    if words(told[-1][1]) not in flat:           # the last computer's turn: on the board, or on its own screen first
        assert (columns, rows) == (80, 24) and not shown["whole"]
        alone = " ".join(layout.last_turn_lines(st, session.story, names, columns - 1))
        assert words(told[-1][1]) in words(alone)
    if (columns, rows) == (120, 45):
        assert words(told[0][1]) in flat                             # and the other one's, where it fits
    elif words(told[0][1]) not in flat:                              # else what is left out is counted
        assert re.search(r"\(\d+ (lines left out|lignes omises|earlier lines|lignes précédentes)", text), text
    snapshot = SNAPSHOTS / f"play-{THREE}.{columns}x{rows}.{lang}.txt"
    if os.environ.get("RULEKIT_UPDATE_SNAPSHOTS") == "1":
        snapshot.write_text(text + "\n", encoding="utf-8")
    assert snapshot.is_file(), "no snapshot: run with RULEKIT_UPDATE_SNAPSHOTS=1"
    assert text + "\n" == snapshot.read_text(encoding="utf-8")
