"""``rulekit play`` driven by scripts (stdin not a terminal), through CliRunner."""
from __future__ import annotations

import json
import shutil

import pytest
from play_support import library_game, run, score_rows, script_of

from rulekit import i18n
from rulekit.engine import new_game
from rulekit.engine.record import GameRecord, replay

SOURCE_LABELS_EN = ("VP from structures", "VP from goals", "Lender token penalty", "VP from coins", "Total VP")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def _check_end_screen(output, state, labels):
    rows = score_rows(output)
    for seat in (0, 1):
        by = state.score_by_source(seat)
        assert [rows[labels[0]][seat], rows[labels[1]][seat], rows[labels[2]][seat]] == [
            by["structures"], by["goals"], by["borrowing"]]
        # the coin row only where coins score (the French edition), never in the English one
        has_coins = bool(state.c.data["scoring"].get("coin_bonus"))
        assert (labels[3] in rows) == has_coins
        if has_coins:
            assert rows[labels[3]][seat] == by["coins"]
        assert rows[labels[4]][seat] == state.scores()[seat]


@pytest.mark.parametrize("ruleset_id,seed", [("province-en", 11), ("province-fr", 4)])
def test_whole_scripted_game_in_english_matches_the_library(ruleset_id, seed, tmp_path):
    rs, st = library_game(ruleset_id, seed)
    record = tmp_path / "game.json"
    result = run(["play", ruleset_id, "--lang", "en", "--players", "human,human", "--seed", str(seed),
                  "--record", str(record)], input=script_of(st))
    assert result.exit_code == 0, result.output
    assert "GAME OVER" in result.output
    _check_end_screen(result.output, st, SOURCE_LABELS_EN)
    res = st.result()
    winner = f"Player {res['winner'] + 1} wins" if res["decided_by"] == "vp" else None
    if winner:
        assert winner in result.output
    saved = GameRecord.load(record)
    assert saved.actions == [st.notation(a) for a in st.history]
    assert saved.result["scores"] == list(st.scores())
    assert "\x1b[" not in result.output          # plain text when not on a terminal


@pytest.mark.parametrize("ruleset_id,seed", [("province-fr", 9), ("province-en", 3)])
def test_whole_scripted_game_in_french(ruleset_id, seed):
    rs, st = library_game(ruleset_id, seed)
    result = run(["play", ruleset_id, "--lang", "fr", "--players", "human,human", "--seed", str(seed)],
                 input=script_of(st))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "PARTIE TERMINÉE" in out
    # typed in the canonical (English) notation, shown in French: reports and French notation
    assert "Le joueur 1 déplace un Ouvrier" in out and "[déplacer " in out and "[move " not in out
    assert "n'est pas une action permise" not in out       # every canonical line was accepted
    _check_end_screen(out, st, ("PV des Bâtiments", "PV des Objectifs", "Pénalité d’Emprunt (Prêteur)", "PV des Pièces",
                                 "Total des PV"))
    res = st.result()
    if res["decided_by"] == "vp":
        assert f"Le joueur {res['winner'] + 1} l’emporte" in out
    for english in ("Turn ", "GAME OVER", " wins", "Player ", "Goals", "Move a worker", "End your turn",
                    "Build the", "claims", "face-up goal", "Score"):
        assert english not in out, english


def test_computer_against_computer_is_the_library_game(tmp_path):
    rs, st = library_game("province-en", 21)
    record = tmp_path / "watch.json"
    result = run(["play", "--lang", "en", "--players", "bot:greedy,bot:greedy", "--seed", "21",
                  "--record", str(record)])
    assert result.exit_code == 0, result.output
    assert GameRecord.load(record).actions == [st.notation(a) for a in st.history]
    assert "Why: " in result.output                       # every computer turn explained, in game terms
    assert result.output.count("Computer 1 (greedy) moves a worker") > 5
    _check_end_screen(result.output, st, SOURCE_LABELS_EN)


def test_random_computer_and_first_player_option(tmp_path):
    record = tmp_path / "g.json"
    result = run(["play", "--lang", "en", "--players", "bot:random,bot:greedy", "--seed", "2", "--first", "2",
                  "--record", str(record)])
    assert result.exit_code == 0, result.output
    saved = GameRecord.load(record)
    assert saved.first_player == 1 and saved.players == ["bot:random", "bot:greedy"]
    assert "Player 2: Computer 2 (greedy) (plays first)" in result.output
    assert "Why: " in result.output


def test_illegal_line_lists_legal_actions_and_the_game_goes_on(tmp_path):
    record = tmp_path / "g.json"
    script = "# my first turn\n\nbuild castle\nmove green@coin\n99\n1\nspend\nend\n"
    result = run(["play", "--lang", "en", "--seed", "5", "--record", str(record)], input=script)
    assert result.exit_code == 0, result.output
    assert "“build castle” is not a legal action here. Legal actions: move green@labor_top, move green@coin, " \
           "move green@labor_low" in result.output
    assert "There is no choice 99 here: type a number from 1 to " in result.output
    saved = GameRecord.load(record)
    assert saved.actions[:4] == ["move green@coin", "move green@labor_top", "spend", "end"]
    assert len(saved.actions) > 4                         # the computer played its turn
    assert "Game not finished" in result.output and "Continue with: rulekit play --resume" in result.output


def test_short_forms_and_numbers():
    result = run(["play", "--lang", "en", "--players", "human,human", "--seed", "1"],
                 input="move coin\n1\nspend\nend\n")
    assert result.exit_code == 0, result.output
    assert "Player 1 moves a worker (Green) from Coin to Labor Low: +1 Labor. [move green@coin]" in result.output
    assert "Player 1 moves a worker (Green) from Labor Top to Coin: +1 Coin. [move green@labor_top]" in result.output
    assert "— Turn 2: Player 2 —" in result.output


def test_undo_takes_back_the_computer_replies(tmp_path):
    record = tmp_path / "g.json"
    script = "move coin\nspend\nend\nundo\n"
    result = run(["play", "--lang", "en", "--seed", "5", "--record", str(record)], input=script)
    assert result.exit_code == 0, result.output
    assert "Undone: back to before your action “end” (" in result.output
    assert GameRecord.load(record).actions == ["move green@coin", "spend"]
    # Undo again, twice: back to the start; a third time has nothing left.
    result = run(["play", "--lang", "en", "--seed", "5", "--record", str(record)],
                 input="move coin\nundo\nundo\n")
    assert "Nothing to undo" in result.output
    assert GameRecord.load(record).actions == []


def test_undo_then_the_same_moves_give_the_same_game(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    run(["play", "--lang", "en", "--seed", "8", "--record", str(a)], input="move coin\nspend\nend\nmove coin\n")
    run(["play", "--lang", "en", "--seed", "8", "--record", str(b)],
        input="move coin\nspend\nend\nundo\nend\nmove coin\n")
    assert GameRecord.load(a).actions == GameRecord.load(b).actions


def test_save_command_writes_a_default_file_and_resume_continues(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run(["play", "--lang", "en", "--seed", "13", "--players", "human,human"], input="move coin\nsave\n")
    assert result.exit_code == 0, result.output
    saved = tmp_path / "province-en-13.json"
    assert saved.is_file() and f"Saved to {saved.name}." in result.output
    assert GameRecord.load(saved).actions == ["move green@coin"]
    result = run(["play", "--lang", "en", "--resume", str(saved)], input="spend\n")
    assert result.exit_code == 0, result.output
    assert "Resumed after 1 action." in result.output
    assert GameRecord.load(saved).actions == ["move green@coin", "spend"]


def test_resume_finishes_exactly_the_same_game(tmp_path):
    rs, st = library_game("province-fr", 6)      # seat 0's moves are typed by the "human" below
    humans = [st.notation(a) for i, a in enumerate(st.history) if _seat_at(rs, st, i) == 0]
    record = tmp_path / "g.json"
    half = len(humans) // 2
    first = run(["play", "province-fr", "--lang", "en", "--seed", "6", "--record", str(record),
                 "--players", "human,bot:greedy"], input="".join(h + "\n" for h in humans[:half]))
    assert first.exit_code == 0, first.output
    assert "Game not finished" in first.output
    second = run(["play", "--lang", "en", "--resume", str(record)], input="".join(h + "\n" for h in humans[half:]))
    assert second.exit_code == 0, second.output
    assert "GAME OVER" in second.output
    saved = GameRecord.load(record)
    assert saved.actions == [st.notation(a) for a in st.history]
    assert saved.players == ["human", "bot:greedy"]
    assert replay(saved, rs).scores() == st.scores()


def _seat_at(rs, st, index):
    s = new_game(rs, seed=st.seed)
    for a in st.history[:index]:
        s._apply(a)
    return s.current


def test_resume_a_corrupt_save_is_refused(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "rulekit-record", "version": 1, "ruleset": ', encoding="utf-8")
    result = run(["play", "--lang", "en", "--resume", str(bad)])
    assert result.exit_code == 1
    assert "cannot be resumed" in result.output and "not a valid game record" in result.output
    assert "Traceback" not in result.output
    missing = run(["play", "--lang", "en", "--resume", str(tmp_path / "nope.json")])
    assert missing.exit_code == 1 and "no such file" in missing.output


def test_resume_after_the_ruleset_changed_is_refused(tmp_path):
    """Rules changed since the record, under which the recorded actions are no longer legal: refused, saying
    so. (Changed rules under which every action is still legal: resumed with a warning, the next test.)"""
    from rulekit.language import bundled_rulesets

    house = tmp_path / "house.yaml"
    shutil.copy(bundled_rulesets()["province-en"], house)
    text = house.read_text(encoding="utf-8").replace("id: province-en", "id: my-house")
    text = text.replace("$schema: ../rulekit/language/schema/ruleset.schema.json\n", "")
    house.write_text(text, encoding="utf-8")
    record = tmp_path / "g.json"
    result = run(["play", str(house), "--lang", "en", "--seed", "3", "--record", str(record)],
                 input="move coin\n")
    assert result.exit_code == 0, result.output                  # a house-rule file is playable
    assert GameRecord.load(record).ruleset_id == "my-house"
    house.write_text(text.replace("goal_vp: 1", "goal_vp: 2").replace(
        "start: [labor_top, coin, labor_low]", "start: [labor_top, labor_low, labor_low]"), encoding="utf-8")
    # the record keeps the rules it was played under: the game continues with them, and says so
    kept = tmp_path / "kept.json"
    shutil.copy(record, kept)
    result = run(["play", "--lang", "en", "--resume", str(kept)], input="spend\n")
    assert result.exit_code == 0 and "taken with the rules kept in the record" in " ".join(result.output.split())
    # a record without that copy (an earlier release's): refused
    data = json.loads(record.read_text(encoding="utf-8"))
    del data["rules"]
    record.write_text(json.dumps(data), encoding="utf-8")
    result = run(["play", "--lang", "en", "--resume", str(record)], input="spend\n")
    assert result.exit_code == 1
    assert "different version of ruleset my-house" in result.output
    assert "action 1 ('move green@coin') is not legal" in result.output


def test_resume_after_the_ruleset_changed_in_a_way_the_game_survives(tmp_path):
    from rulekit.language import bundled_rulesets

    house = tmp_path / "house.yaml"
    shutil.copy(bundled_rulesets()["province-en"], house)
    text = house.read_text(encoding="utf-8").replace("id: province-en", "id: my-house")
    text = text.replace("$schema: ../rulekit/language/schema/ruleset.schema.json\n", "")
    house.write_text(text, encoding="utf-8")
    record = tmp_path / "g.json"
    result = run(["play", str(house), "--lang", "en", "--seed", "3", "--record", str(record)],
                 input="move coin\n")
    assert result.exit_code == 0, result.output
    house.write_text(text.replace("goal_vp: 1", "goal_vp: 2"), encoding="utf-8")
    data = json.loads(record.read_text(encoding="utf-8"))
    del data["rules"]                           # a record of an earlier release, which keeps no copy of its rules
    record.write_text(json.dumps(data), encoding="utf-8")
    result = run(["play", "--lang", "en", "--resume", str(record)], input="spend\n")
    assert result.exit_code == 0, result.output
    assert "the rules of my-house changed since this game was recorded" in result.output
    assert GameRecord.load(record).actions[:2] == ["move green@coin", "spend"]



def test_usage_errors():
    result = run(["play", "--lang", "en", "--players", "human,bot:genius"])
    assert result.exit_code == 2 and "unknown player “bot:genius”" in result.output
    result = run(["play", "--lang", "en", "--players", "human"])
    assert result.exit_code == 2 and "give two players" in result.output
    result = run(["play", "province-fr", "--lang", "en", "--first", "2"])
    assert result.exit_code == 2 and "draws the first player at random" in result.output
    result = run(["play", "--lang", "en", "--resume", "x.json", "--seed", "3"])
    assert result.exit_code == 2
    result = run(["play", "no-such-ruleset", "--lang", "en"])
    assert result.exit_code == 1 and "unknown ruleset" in result.output


def test_quit_and_end_of_input_save_when_there_is_a_record(tmp_path):
    record = tmp_path / "g.json"
    result = run(["play", "--lang", "en", "--seed", "4", "--players", "human,human", "--record", str(record)],
                 input="move coin\nquit\nmove coin\n")
    assert result.exit_code == 0
    assert json.loads(record.read_text(encoding="utf-8"))["actions"] == ["move green@coin"]
    assert "Score: Player 1 0 VP, Player 2 0 VP." in result.output


def test_default_seed_is_printed_so_the_game_can_be_reproduced():
    result = run(["play", "--lang", "en"], input="")
    assert result.exit_code == 0
    line = next(x for x in result.output.splitlines() if "Replay this game with" in x)
    seed = int(line.rsplit("--seed", 1)[1].split()[0])
    assert f"seed {seed}" in result.output
