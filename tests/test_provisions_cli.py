"""Provisions 1849 through the command line: play, replay, resume, rulebook, diff, simulate."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from rulekit.cli import cli

VARIANT = "rulesets/variants/provisions-short.yaml"


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_bots_play_a_whole_game_with_as_many_players_as_given(players):
    result = run("play", "provisions-1849", "--players", ",".join(["bot:easy"] * players), "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "GAME OVER" in result.output
    assert result.output.count(" points (") == players      # one score line per seat
    assert result.output.rstrip().endswith(").")             # the winner's line


def test_a_player_count_outside_the_ruleset_is_refused():
    result = run("play", "provisions-1849", "--players", ",".join(["bot:easy"] * 6), "--seed", "1")
    assert result.exit_code == 2
    assert "--players" in result.output


def test_a_human_sees_the_board_own_bonus_cards_and_numbered_choices():
    result = run("play", "provisions-1849", "--players", "human,bot:normal", "--seed", "2", input="help\n1\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Notation: keep CARD" in out                       # help
    assert "You keep a bonus card." in out                    # the choice 1 was played
    assert "Computer (normal) keeps a bonus card." in out     # the other seat's pick is told, not what it kept
    assert "Game not finished" in out


def test_the_screen_shows_the_deciding_seat_s_own_bonus_card_only():
    from rulekit.language import load_ruleset
    from rulekit.play import provisions_screen as pscreen
    from rulekit.engine import new_game

    st = new_game(load_ruleset("provisions-1849"), seed=4, players=3)
    while st.phase == "bonus":
        st.apply(st.legal_actions()[0])
    names = ["A", "B", "C"]
    seat = st.current
    lines = "\n".join(pscreen.board_lines(st, names, seat=seat))
    own = st.t.bonus_ids[st.bonus[seat]]
    assert f"Your bonus card (only you see it): {own}:" in lines
    for other in range(3):
        if other != seat:
            assert st.t.bonus_ids[st.bonus[other]] + ":" not in lines
    for part in ("Months:", "Suppliers", "Customer row", "Stores:", "vigilantes"):
        assert part in lines
    choices = pscreen.choice_lines(st)
    assert len(choices) == 1 + len(st.legal_actions())
    assert choices[1].strip().startswith("1.")


def test_french_play_shows_french_words():
    """The screen's sentences, and the names the ruleset gives (its title, goods and months), in French."""
    result = run("--lang", "fr", "play", "provisions-seats", "--players", "bot:easy,bot:easy", "--seed", "1")
    assert result.exit_code == 0, result.output
    out = result.output
    for words in ("PARTIE TERMINÉE", "Provisions 1849 — places équilibrées · graine 1", "—\u00a0juillet commence\u00a0—",
                  "—\u00a0août commence\u00a0—", "En décembre, tour 3 sur 3 · ", "de la compensation des places)"):
        assert words in out, words
    assert "Coffee" not in out and "July" not in out and "Balanced Seats" not in out
    assert any(f"{good} (" in out for good in ("café", "farine", "haricots", "tabac", "pommes de terre"))


def test_the_suppliers_columns_line_up_whatever_the_goods_names():
    """The supplier lines put their counts in one column, in French too, where "Pommes de terre (brown)" is
    longer than any English name."""
    from rulekit.engine import new_game
    from rulekit.i18n import language
    from rulekit.language import load_ruleset
    from rulekit.play import provisions_screen as pscreen

    st = new_game(load_ruleset("provisions-1849"), seed=5, players=2)
    for lang, word in (("en", " holding "), ("fr", " réserve ")):
        with language(lang):
            lines = [line for line in pscreen.board_lines(st, ["A", "B"]) if word in line]
        assert len(lines) == len(st.t.colours)
        assert len({line.index(word) for line in lines}) == 1, lines


def test_french_diff_names_the_goods_and_months_in_french():
    result = run("--lang", "fr", "diff", "provisions-1849", VARIANT)
    assert result.exit_code == 0, result.output
    assert "  - septembre : n’existe plus (avant : 3 actions chacun" in result.output.replace("\u202f", " ")
    assert "September" not in result.output
    assert "  - September: removed (was: 3 actions each" in run("diff", "provisions-1849", VARIANT).output


def test_a_record_replays_and_resumes(tmp_path):
    record = tmp_path / "game.json"
    result = run("play", "provisions-1849", "--players", "human,bot:normal", "--seed", "3", "--record",
                 str(record), input="1\n1\n")
    assert result.exit_code == 0, result.output
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["version"] == 2 and data["family"] == "provisions" and data["seed"] == 3
    assert data["players"] == ["human", "bot:normal=greedy"]
    assert len(data["ruleset"]["sha256"]) == 64
    played = len(data["actions"])
    assert played >= 4 and data["actions"][0].startswith("keep b")
    replayed = run("replay", str(record), "--json")
    assert replayed.exit_code == 0, replayed.output
    doc = json.loads(replayed.output)
    assert doc["ok"] and doc["family"] == "provisions" and doc["actions"] == played and not doc["finished"]
    resumed = run("play", "--resume", str(record), input="1\n")
    assert resumed.exit_code == 0, resumed.output
    assert len(json.loads(record.read_text(encoding="utf-8"))["actions"]) > played


def test_undo_takes_back_the_human_s_last_action_and_the_replies(tmp_path):
    record = tmp_path / "game.json"
    result = run("play", "provisions-1849", "--players", "human,bot:normal", "--seed", "2", "--record",
                 str(record), input="1\n1\nundo\nquit\n")
    assert result.exit_code == 0, result.output
    undone = [line for line in result.output.splitlines() if line.startswith("Undone: back to before your action")]
    assert len(undone) == 1
    written = json.loads(record.read_text(encoding="utf-8"))["actions"]
    # The action named is the human's second one, as the record writes it, and it is gone from the record.
    named = undone[0].split("“", 1)[1].split("”", 1)[0]
    assert named not in written[1:] and written[0].startswith("keep b")
    replayed = run("replay", str(record), "--json")
    assert replayed.exit_code == 0 and json.loads(replayed.output)["ok"]


def test_a_finished_record_replays_with_its_result(tmp_path):
    record = tmp_path / "game.json"
    assert run("play", "provisions-1849", "--players", "bot:easy,bot:normal", "--seed", "5", "--record",
               str(record)).exit_code == 0
    data = json.loads(record.read_text(encoding="utf-8"))
    doc = json.loads(run("replay", str(record), "--json").output)
    assert doc["finished"] and doc["scores"] == data["result"]["scores"]
    assert doc["winner"] == data["result"]["winner"]


@pytest.mark.parametrize("lang,words", [
    ("en", ["## Setup", "reconstructed", "| p01 |", "| black | Coffee | 10 |", "| July | 3 |", "most Coffee sold"]),
    ("fr", ["## Mise en place", "reconstitu", "| p01 |", "| noir | café | 10 |", "| juillet | 3 |",
            "le plus de café vendu\u202f:", "le plus de farine vendue\u202f:"])])
def test_rulebook_in_english_and_french(lang, words):
    result = run("rulebook", "provisions-1849", "--lang", lang)
    assert result.exit_code == 0, result.output
    for word in words:
        assert word in result.output


@pytest.mark.parametrize("lang,words", [
    ("en", ["Seat compensation (a house rule): each player adds to the final score",
            "| 3 | 1, 0, 3 points, the first player's first |"]),
    ("fr", ["Compensation des places (une règle maison)\u202f: chaque joueur ajoute à son score final",
            "| 3 | 1, 0, 3 points, ceux du premier joueur d’abord |"])])
def test_the_seat_compensation_in_the_rulebook(lang, words):
    """The rulebook of a house rule with a seat compensation says it, beside the scoring; the game's own does not."""
    seats = run("rulebook", "provisions-seats", "--lang", lang)
    base = run("rulebook", "provisions-1849", "--lang", lang)
    assert seats.exit_code == 0 and base.exit_code == 0, seats.output
    for word in words:
        assert word in seats.output and word not in base.output


def test_the_seats_variant_diffs_and_plays():
    diff = run("diff", "provisions-1849", "provisions-seats")
    assert diff.exit_code == 0
    assert "seat compensation at 2 players: 0, 2 points, the first player's first (new)" in diff.output
    played = run("play", "provisions-seats", "--players", "bot:easy,bot:easy,bot:easy", "--seed", "3")
    assert played.exit_code == 0 and "GAME OVER" in played.output


def test_the_screen_shows_each_seat_s_compensation_and_the_score_adds_it():
    """The seat compensation (a house rule) is told on the board beside each store that gets points, and the final
    scores name it as their third part: prospectors + bonus card + compensation = the score shown."""
    from rulekit.engine import new_game
    from rulekit.language import load_ruleset
    from rulekit.play import provisions_screen as pscreen

    names = ["A", "B", "C"]
    rules = load_ruleset("provisions-seats")
    st = new_game(rules, seed=5, players=3)
    board = "\n".join(pscreen.board_lines(st, names))
    points = [st.compensation_points(p) for p in range(3)]
    assert points == [rules.compensation_for(3)[(p - st.first_player) % 3] for p in range(3)]
    assert 0 in points and max(points) > 0
    for p in range(3):
        store = board.split(f"  {names[p]}: ", 1)[1].split("\n    prospectors provisioned", 1)[0]
        told = f"seat compensation: {points[p]} point{'s' if points[p] != 1 else ''} at the end"
        assert (told in store) == (points[p] > 0), store
    while not st.is_terminal():
        st.apply(st.legal_actions()[0])
    for p, line in enumerate(pscreen.score_lines(st, names)):
        assert (f"{st.provision_points(p)} from prospectors, {st.bonus_points(p)} from the bonus card" in line
                and f"{points[p]} from the seat compensation" in line), line
        assert f": {st.score(p)} point" in line
        assert st.score(p) == st.provision_points(p) + st.bonus_points(p) + points[p]
    plain = new_game(load_ruleset("provisions-1849"), seed=5, players=3)
    assert "seat compensation" not in "\n".join(pscreen.board_lines(plain, names))
    while not plain.is_terminal():
        plain.apply(plain.legal_actions()[0])
    assert not any("seat compensation" in line for line in pscreen.score_lines(plain, names))


def test_rulebook_html():
    result = run("rulebook", "provisions-1849", "--format", "html")
    assert result.exit_code == 0
    assert result.output.startswith("<!DOCTYPE html>") and "<table class=\"long\">" in result.output


def test_the_short_variant_validates_diffs_and_plays():
    assert run("validate", VARIANT).exit_code == 0
    diff = run("diff", "provisions-1849", VARIANT)
    assert diff.exit_code == 0
    assert "number of months: 5 (was: 6)" in diff.output
    assert "September: removed" in diff.output
    played = run("play", VARIANT, "--players", "bot:normal,bot:easy", "--seed", "3")
    assert played.exit_code == 0 and "GAME OVER" in played.output


def test_a_diff_of_a_changed_card(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("family: provisions\nextends: provisions-1849\nid: house\ntitle: House\n"
                     "store: {spaces: 4}\n", encoding="utf-8")
    result = run("diff", "provisions-1849", str(house))
    assert result.exit_code == 0, result.output
    assert "store spaces per color: 4 (was: 3)" in result.output


def test_a_diff_between_two_families_is_refused():
    result = CliRunner().invoke(cli, ["diff", "provisions-1849", "province-en"])
    assert result.exit_code == 1
    assert "different families" in result.output


def test_simulate_gives_every_seat_s_share_with_its_interval():
    result = run("simulate", "provisions-1849", "--games", "3", "--bots", "easy,easy,normal", "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["settings"]["bots"] == ["easy=random", "easy=random", "normal=greedy"]
    seats = doc["results"]["seats"]
    assert len(seats) == 3
    for seat in seats:
        lo, hi = seat["share"]["ci95"]
        assert 0 <= lo <= seat["share"]["rate"] <= hi <= 1
    assert doc["results"]["structures"] == {} and doc["results"]["goals"] == {}
    assert set(doc["results"]["vp"]["by_source"]) == {"prospectors", "bonus"}
    assert doc["results"]["prospectors_sold"]["n"] == 9


def test_simulate_counts_a_seat_compensation_as_a_source_of_points():
    """With a seat compensation (provisions-seats), the points by source have its own, and the sources add up
    to the players' mean score; the edition's report keeps its two sources (above)."""
    result = run("simulate", "provisions-seats", "--games", "4", "--bots", "easy,easy", "--json")
    assert result.exit_code == 0, result.output
    vp = json.loads(result.output)["results"]["vp"]
    assert set(vp["by_source"]) == {"prospectors", "bonus", "compensation"}
    # At two players the places get 0 and 2 points: a mean of 1 a player, the games alternating who is first.
    assert vp["by_source"]["compensation"]["mean"] == 1
    assert abs(sum(src["mean"] for src in vp["by_source"].values()) - vp["per_player"]["mean"]) < 1e-9


def test_tune_searches_a_provisions_number_and_writes_a_house_rule(tmp_path):
    out = tmp_path / "tuned.yaml"
    result = run("tune", "provisions-1849", "--vary", "store.spaces=2..4", "--budget", "12", "--bots", "easy,easy",
                 "-o", str(out))
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert "extends: provisions-1849" in text and "easy=random" in text
    assert run("validate", str(out)).exit_code == 0


def test_tune_varies_a_seat_compensation(tmp_path):
    """A place's compensation is a number tune can vary (list positions from 0), and the house rule it writes loads."""
    out = tmp_path / "seats-tuned.yaml"
    result = run("tune", "provisions-seats", "--vary", "compensation.0.points.1=2..4", "--budget", "12", "--bots",
                 "easy,easy", "-o", str(out))
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert "extends: provisions-seats" in text and "compensation.0.points.1" in text
    assert run("validate", str(out)).exit_code == 0


def test_ctrl_c_saves_the_game(tmp_path):
    from rulekit.language import load_ruleset
    from rulekit.play import parse_players
    from rulekit.play.session import Console
    from rulekit.play.sessions import session_class

    answers = iter(["1", None])         # a bonus card kept, then the first legal action typed in notation

    def read(_prompt):
        answer = next(answers, "stop")
        if answer == "stop":
            raise KeyboardInterrupt
        return answer or session.state.notation(session.state.legal_actions()[0])

    out = []
    record = tmp_path / "game.json"
    rules = load_ruleset("provisions-1849")
    session = session_class(rules)(ruleset=rules, seed=6, players=parse_players("human,bot:easy", "provisions"),
                                   console=Console(interactive=True, color=False, write=out.append, read_line=read,
                                                   clear=lambda: None, size=(100, 50)),
                                   record_path=record)
    assert session.run() == 130
    assert "Interrupted." in out
    saved = json.loads(record.read_text(encoding="utf-8"))
    assert saved["family"] == "provisions" and len(saved["actions"]) >= 3
    assert any(line.startswith("Customer row") for line in out)       # the board was drawn for the human
