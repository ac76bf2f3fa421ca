"""What ``rulekit play`` tells: income with its source, the condensed turn, a reason per computer turn,
the log, costs and hints, illegal actions with their reason, the commands typed loosely, resume in the
game's language, records without an absolute path, the end screen."""
from __future__ import annotations

import json
import re

import pytest
from play_support import library_game, run, script_of

from rulekit import i18n
from rulekit.engine import compile_ruleset, new_game
from rulekit.engine.record import GameRecord
from rulekit.language import load_ruleset
from rulekit.play import layout, screen, story
from rulekit.play.session import Console, Session, parse_players
from scenario import labor, labor_earned  # noqa: F401

NNBSP = "\u202f"


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def _income_turns(ruleset_id, seed):
    """(turn, seat, labor, coin) of every turn start that pays something, from the engine alone."""
    rs, st = library_game(ruleset_id, seed)
    c = st.c
    replayed = new_game(rs, seed=seed, first_player=st.first if not c.first_random else None)
    out = []
    for a in st.history:
        turn = replayed.turn
        coin_before = replayed.coin_value(1 - replayed.current)
        replayed._apply(a)
        if replayed.turn != turn and not replayed.is_terminal():
            p = replayed.current
            owned = replayed.owned[p]
            pays = owned & c.income_mask or (owned & c.ship_mask and replayed.ship >= 0 and (
                any(c.outcome_pool[replayed.ship]) or c.outcome_coin[replayed.ship] or c.outcome_hire[replayed.ship]))
            if pays:
                out.append((replayed.turn, p, labor(replayed), replayed.coin_value(p) - coin_before))
    return rs, st, out


@pytest.mark.parametrize("ruleset_id,seed", [("province-en", 11), ("province-fr", 4), ("province-en", 30)])
def test_every_start_of_turn_income_is_told_with_its_source(ruleset_id, seed):
    rs, st, turns = _income_turns(ruleset_id, seed)
    assert turns, "a game where something pays at the start of a turn"
    result = run(["play", ruleset_id, "--lang", "en", "--players", "human,human", "--seed", str(seed)],
                 input=script_of(st))
    out = result.output
    told = re.findall(r"— Turn (\d+): Player (\d) —\n  Player \2 receives at the start of the turn: (.*)\.\n", out)
    assert [(int(t) - 1, int(p) - 1) for t, p, _ in told] == [(t, p) for t, p, _l, _c in turns]
    for (_t, _p, text), (_turn, _seat, labor, coin) in zip(told, turns):
        said_labor = sum(int(n) for n in re.findall(r"\+(\d+) Labor", text))
        said_coin = sum(int(n) for n in re.findall(r"\+(\d+) Coin", text))
        assert said_labor == labor
        assert said_coin == coin or "the supply could pay only" in text


def test_a_borrowed_structure_pays_at_once_and_says_so():
    # A scripted game where player 2 borrows the Mill: the Labor arrives at once, and is told.
    rs = load_ruleset("province-en")
    st = new_game(rs, seed=3, first_player=0)
    c = st.c
    mill = c.struct_ids.index("mill")
    assert c.income_pool[mill][0]
    con = Console(interactive=False, color=False, write=(out := []).append)
    session = Session(ruleset=rs, seed=3, players=["human", "human"], console=con, first_player=0)
    session.state.owned[0] |= 1 << mill                      # player 1 owns the Mill
    session.state.owned[1] |= 1 << c.struct_ids.index("lender")
    session.state.current = 1
    session._telling = True
    borrow = c.action_index[(screen.BORROW, mill, 0)]
    before = labor(session.state)
    session.play_action(borrow)
    assert labor(session.state) == before + c.income_pool[mill][0]
    assert "  The borrowed structure pays at once: Mill +1 Labor." in out


def test_the_opponents_turn_is_condensed_and_nothing_is_dropped_silently():
    rs, st = library_game("province-en", 11)
    con = Console(interactive=True, color=False, write=[].append, size=(80, 24))
    session = Session(ruleset=rs, seed=11, players=["human", "bot:greedy"], console=con, first_player=0,
                      actions=[st.notation(a) for a in st.history[:40]])
    while session.state.current != 0:
        session.state = session.state                     # the position is the human's after 40 actions
        break
    turn = session.state.turn
    entries = session.story.of_turn(turn - 1)
    summary = story.turn_summary(session.state, entries, session.names)
    moves = [e for e in entries if e.kind == story.ACTION and e.action_kind == screen.MOVE]
    assert re.search(rf"turn {turn}: moved {len(moves)} workers? \(", summary)
    for e in entries:
        if e.kind == story.ACTION and e.action_kind == screen.BUILD:
            assert "built the " in summary
    lines = layout.fit_screen(session.state, session.names, con, session.story, "", 80, 24)
    shown = "\n".join(lines)
    told = layout.story_lines(session.state, session.story, session.names)
    # every line of the last turns is on the screen, or counted under "type log"
    hidden = re.search(r"\((\d+) earlier lines?: type log\)", shown)
    assert hidden or all(t.split()[0] in shown for t in told)


def test_one_reason_per_computer_turn_in_game_terms():
    result = run(["play", "--lang", "en", "--players", "bot:greedy,bot:greedy", "--seed", "21"])
    out = result.output
    turns = out.count("— Turn ")
    whys = re.findall(r"^  Why: (.*)$", out, re.M)
    assert turns <= len(whys) <= turns + 1              # one a turn (the last turn has no heading after it)
    assert not any(re.search(r"[+−-]\d+\.\d", w) for w in whys)      # no evaluation numbers
    assert any("is worth" in w for w in whys)


def test_log_costs_hint_and_illegal_reasons():
    script = "build bank\nspend\nmove green@coin\nspend\nbuild bank\ncosts\nhint\nlog\nend\n"
    result = run(["play", "--lang", "en", "--seed", "5", "--players", "human,human"], input=script)
    out = result.output
    assert "“build bank” is not possible now: you are still in the Work Cycle phase (type spend" in out
    assert "“spend” is not possible now: move at least one worker first." in out
    assert "“build bank” is not possible now: the Bank needs the Lender first." in out
    assert "Bank: 1 Labor and 4 Coin · Lender · 2 VP / 0 VP" in out
    assert "→ not yet: needs Lender" in out
    assert re.search(r"Hint: .+ \((build \S+|end|union|grind|exchange \S+)\), because .+\.", out)
    assert out.count("Player 1 moves a worker (Green) from Coin to Labor Low") == 2     # told, then in the log


def test_move_by_worker_name_when_only_one_can_move():
    rs, st = library_game("province-en", 11)
    # find a position where the Camp worker can move and only once
    replayed = new_game(rs, seed=11, first_player=0)
    for i, a in enumerate(st.history):
        moves = [b for b in replayed.legal_actions() if replayed.notation(b).startswith("move camp@")]
        if len(moves) == 1:
            break
        replayed._apply(a)
    else:
        pytest.fail("no position with one Camp move")
    assert screen.parse_action(replayed, "move camp") == moves[0]


def test_french_commands_without_accents_and_french_player_words(tmp_path):
    record = tmp_path / "g.json"
    result = run(["play", "province-fr", "--lang", "fr", "--players", "humain,bot:glouton", "--seed", "5",
                  "--record", str(record)], input="regles\nsauvegarder\njournal\ncouts\nquitter\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "n’est pas une action" not in out and "n'est pas une action" not in out
    assert GameRecord.load(record).players == ["human", "bot:greedy"]
    assert f"Bâtiments (coût · prérequis" in out


def test_resume_keeps_the_games_language_and_prints_the_whole_command(tmp_path):
    record = tmp_path / "partie.json"
    first = run(["play", "province-fr", "--lang", "fr", "--seed", "5", "--record", str(record)],
                input="1\nquitter\n")
    assert f"rulekit play --resume {record} --lang fr" in first.output
    assert "--lang fr" in next(x for x in first.output.splitlines() if "Pour rejouer" in x)
    again = run(["play", "--resume", str(record)], input="quitter\n")          # no --lang: the record's
    assert "Partie non terminée" in again.output and "Game not finished" not in again.output
    english = run(["play", "--resume", str(record), "--lang", "en"], input="quit\n")
    assert "Game not finished" in english.output


def test_a_record_names_its_ruleset_without_an_absolute_path(tmp_path):
    bundled = tmp_path / "a.json"
    run(["play", "--lang", "en", "--seed", "5", "--record", str(bundled)], input="1\nquit\n")
    data = json.loads(bundled.read_text())
    assert data["ruleset"]["id"] == "province-en" and len(data["ruleset"]["sha256"]) == 64
    assert data["ruleset"]["source"] is None
    # a ruleset file: its path relative to the record, found again from another folder
    rules = tmp_path / "rules"
    rules.mkdir()
    mine = rules / "mine.yaml"
    mine.write_text("extends: province-en\nid: mine\nedition: Mine\n", encoding="utf-8")
    games = tmp_path / "games"
    games.mkdir()
    path = games / "g.json"
    result = run(["play", str(mine), "--lang", "en", "--seed", "5", "--record", str(path)], input="1\nquit\n")
    assert result.exit_code == 0, result.output
    data = json.loads(path.read_text())
    assert data["ruleset"]["source"] == "../rules/mine.yaml"
    resumed = run(["play", "--resume", str(path), "--lang", "en"], input="quit\n")
    assert resumed.exit_code == 0, resumed.output


def test_resuming_with_another_ruleset_names_both(tmp_path):
    record = tmp_path / "g.json"
    run(["play", "--lang", "en", "--seed", "5", "--record", str(record)], input="1\nquit\n")
    result = run(["play", "province-fr", "--resume", str(record), "--lang", "en"], input="quit\n")
    assert result.exit_code != 0
    assert "this game was played with province-en; it cannot be continued with province-fr" in result.output


def test_rulebook_refuses_an_output_file_it_cannot_name_the_format_of(tmp_path):
    result = run(["rulebook", "province-en", "-o", str(tmp_path / "x.docx"), "--lang", "en"])
    assert result.exit_code == 2
    assert "cannot tell the format" in result.output and not (tmp_path / "x.docx").exists()


@pytest.mark.parametrize("ruleset_id", ["province-en", "province-fr"])
def test_the_end_screen_reads_at_a_glance(ruleset_id):
    rs, st = library_game(ruleset_id, 9)
    text = "\n".join(screen.end_lines(st, ["Player 1", "Player 2"]))
    has_coin_bonus = bool(rs.data["scoring"].get("coin_bonus"))
    assert ("VP from coins" in text) == has_coin_bonus
    assert "VP from structures" in text and "Total VP" in text
    a, b = screen.turns_played(st)
    assert a + b == st.turn + 1 and abs(a - b) <= 1
    assert "GAME OVER after" in text and "turns each" in text or " for Player 1 and " in text
    res = st.result()
    if res["decided_by"] not in ("vp", "tie"):
        values = (st.metric(res["decided_by"], 0), st.metric(res["decided_by"], 1))
        assert f"{values[res['winner']]} to {values[1 - res['winner']]}" in text


def test_the_screen_fits_small_and_large_terminals_in_both_languages():
    for lang, ruleset_id in (("en", "province-en"), ("fr", "province-fr")):
        i18n.set_language(lang)
        rs, st = library_game(ruleset_id, 11)
        c = compile_ruleset(rs)
        con = Console(interactive=True, color=False, write=[].append)
        session = Session(ruleset=rs, seed=11, players=["human", "bot:greedy"], console=con,
                          first_player=None if c.first_random else st.first)
        for a in st.history:
            for columns, rows in ((80, 24), (120, 45), (60, 20)):
                lines = layout.fit_screen(session.state, session.names, con, session.story, "T", columns, rows)
                assert all(len(line) < columns for line in lines), (lang, columns)
                if columns >= 80:
                    assert len(lines) < rows, (lang, columns, lines)
                text = "\n".join(lines)
                for notation in (screen.notation(session.state, b) for b in session.state.legal_actions()):
                    assert notation in text                          # every choice is on the screen
            session.play_action(a, save=False)


def test_long_texts_go_through_a_pager_on_a_terminal_only():
    paged = []
    typed = iter(["rules", "log", "costs", "quit"])
    con = Console(interactive=True, color=False, write=[].append, terminal=True, pager=paged.append,
                  clear=lambda: None, size=(80, 24), read_line=lambda prompt: next(typed, None))
    session = Session(ruleset=load_ruleset("province-en"), seed=5, players=["human", "bot:greedy"], console=con,
                      first_player=0)
    session.autosave = False
    assert session.run() == 0
    assert len(paged) == 3 and all(isinstance(p, list) and p for p in paged)
    assert Console(interactive=True, color=False, terminal=True).pager is not None
    assert Console(interactive=False, color=False, terminal=False).pager is None
