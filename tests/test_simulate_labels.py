"""``rulekit simulate``'s labels: a compared variant's end condition named by its own ruleset, and the bots
named in the report's language."""
import re

from click.testing import CliRunner

from rulekit.cli import cli

ENGLISH_BOT_WORDS = ("greedy", "random", "hard", "easy", "wide")   # "normal" is French too


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_a_compared_variant_names_its_own_end_condition():
    r = run("simulate", "rulesets/variants/short-game.yaml", "--compare", "province-en", "--games", "20")
    assert r.exit_code == 0, r.output
    ended = [line for line in r.output.splitlines() if line.startswith("ended because a player has built")]
    assert ended, r.output
    # the short game ends at 5 structures; the base's 7 is said as the base's, never as the variant's
    assert all(line.startswith("ended because a player has built at least 5 structures") for line in ended)
    assert all("(province-en: a player has built at least 7 structures)" in line for line in ended)


def test_a_french_report_names_no_english_bot_word():
    for bots in (None, "hard,mcts:2", "random,greedy"):
        args = ["simulate", "province-fr", "--games", "2", "--lang", "fr"] + (["--bots", bots] if bots else [])
        r = run(*args)
        assert r.exit_code == 0, r.output
        # "--bots mcts:16,mcts:16" in the advice is an option to type, not a name: it has no English word
        words = set(re.findall(r"[a-z]+", r.output.lower()))
        assert not words & set(ENGLISH_BOT_WORDS), (bots, words & set(ENGLISH_BOT_WORDS))
        assert "bot A (" in r.output
    assert "difficile=lointain:100" in run("simulate", "province-fr", "--games", "2", "--lang", "fr",
                                       "--bots", "hard,greedy").output
    english = run("simulate", "province-en", "--games", "2", "--bots", "hard,greedy").output
    assert "bot A (hard=far:100) against bot B (greedy)" in english


# ---------------------------------------------------------------------------
# French books review 4, items 66, 68, 71, 72, 73: the report's words in French


def _french_compare():
    r = run("simulate", "province-fr", "--games", "20", "--lang", "fr", "--compare", "short-game")
    assert r.exit_code == 0, r.output
    return r.output


def test_two_bots_of_one_kind_agree_in_number():
    """Item 66: « deux bots gloutons », never « deux bots glouton »; a spec with a budget stays as typed."""
    fr = run("simulate", "province-fr", "--games", "2", "--lang", "fr").output
    assert "avec deux bots gloutons." in fr and "bots glouton." not in fr
    careless = run("simulate", "province-fr", "--games", "2", "--lang", "fr", "--bots", "careless,careless").output
    assert "deux bots distraits" in careless
    three = run("simulate", "rulesets/variants/province-3p.yaml", "--games", "3", "--lang", "fr").output
    assert re.search(r"3\sbots gloutons", three), three
    # the three-player headline says its interval as the two-player one does (F39)
    assert re.search(r"\(intervalle de confiance à 95\s%\s: de \d", three), three
    en = run("simulate", "province-en", "--games", "2").output
    assert "with two greedy bots." in en


def test_compare_names_the_other_ruleset_by_its_translated_title():
    """Item 68: the comparison's heading says « Province — partie courte », as rulekit diff does."""
    out = _french_compare()
    assert "Comparaison avec Province — partie courte (short-game)" in out
    assert "Short Game" not in out
    en = run("simulate", "province-en", "--games", "4", "--compare", "short-game").output
    assert "Compared with Province — Short Game (short-game)" in en


def test_an_unfinished_game_is_not_an_end_condition():
    """Item 71: « partie inachevée (arrêtée à la limite de tours) », never « fin de partie car inachevée : … »,
    in the comparison and in the table of how games ended; in English not "ended because unfinished"."""
    out = _french_compare()
    assert "partie inachevée (arrêtée à la limite de tours)" in out
    assert "car inachevée" not in out
    single = run("simulate", "province-fr", "--games", "4", "--lang", "fr", "--max-turns", "20").output
    assert "partie inachevée (arrêtée à la limite de tours)" in single and "inachevée :" not in single
    en = run("simulate", "province-en", "--games", "4", "--compare", "short-game").output
    assert "stopped at the turn cap (unfinished)" in en and "ended because unfinished" not in en


def test_figures_take_the_minus_sign_and_french_points_their_number():
    """Item 72: a negative figure is written with U+2212 (« −0,05 »), never a hyphen-minus; in French a
    difference below 2 points is « point », from 2 on « points »."""
    out = _french_compare()
    figures = [line for line in out.splitlines() if "%" in line or "," in line]
    assert not [line for line in figures if re.search(r"(?<![\w-])-\d", line)], "a hyphen-minus before a figure"
    assert "\u2212" in out
    assert re.search(r"[+\u2212][01],\d point(?!s)", out), "no singular « point » below 2"
    assert not re.search(r"[+\u2212][01],\d points", out)
    assert re.search(r"[+\u2212]\d{2},\d points", out)
    en = run("simulate", "province-en", "--games", "4", "--compare", "short-game").output
    assert not re.search(r"(?<![\w-])-\d", en) and "pts" in en


def test_the_bots_wins_are_said_with_du():
    """Item 73: « victoires du bot A (glouton) », not « victoires de bot A »."""
    out = _french_compare()
    assert "victoires du bot A (glouton)" in out and "victoires de bot" not in out
    assert "PV par joueur (décompte final)" in out
