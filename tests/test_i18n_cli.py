"""--lang, the environment's language, translated help, and a new language with no code change."""
from __future__ import annotations

import re
import shutil

import click
import pytest
from click.testing import CliRunner
from test_i18n import write_po

from rulekit import i18n
from rulekit.cli import cli, main
from rulekit.cli.base import RkCommand
from rulekit.i18n import unwrapped_words
from rulekit.paths import LOCALES_DIR

NNBSP = "\u202f"
NO_LOCALE_ENV = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": None, "RULEKIT_LOCALES": None}


def run(args, **env):
    return CliRunner().invoke(cli, args, env={**NO_LOCALE_ENV, **env})


@pytest.fixture(autouse=True)
def _fresh_catalogs():
    i18n.clear_cache()
    yield
    i18n.clear_cache()


def test_help_in_english_by_default():
    result = run(["--help"])
    assert result.exit_code == 0
    assert "Usage: rulekit" in result.output and "Show this message and exit." in result.output


def test_help_in_french_with_lang_anywhere_on_the_line():
    for args in (["--lang", "fr", "--help"], ["--help", "--lang=fr"]):
        result = run(args)
        assert result.exit_code == 0, result.output
        assert f"Utilisation{NNBSP}: rulekit" in result.output
        assert "Afficher ce message et quitter." in result.output
        assert "Show this message" not in result.output


def test_help_language_comes_from_the_environment():
    result = run(["--help"], LANG="fr_FR.UTF-8")
    assert result.exit_code == 0
    assert "Afficher la version et quitter." in result.output
    result = run(["--help"], LANG="fr_FR.UTF-8", LC_ALL="en_US.UTF-8")
    assert "Show the version and exit." in result.output


def test_the_language_does_not_stick_between_runs():
    assert "Afficher ce message" in run(["--lang", "fr", "--help"]).output
    assert "Show this message and exit." in run(["--help"]).output


def test_unknown_lang_is_a_usage_error_listing_the_languages():
    result = run(["--lang", "xx", "--help"])
    assert result.exit_code == 2
    assert "unknown language 'xx'" in result.stderr
    for lang in ("en", "en_XA", "fr"):
        assert lang in result.stderr


def test_main_prescans_lang_before_building_help(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--help", "--lang", "fr"])
    assert exc.value.code == 0
    assert "Afficher ce message et quitter." in capsys.readouterr().out


def test_every_rulekit_command_accepts_lang():
    @click.command(cls=RkCommand, help=i18n.N_("Show the version and exit."))
    def demo():
        click.echo(i18n._("Missing command."))

    runner = CliRunner()
    result = runner.invoke(demo, ["--lang", "fr"])
    assert result.exit_code == 0 and result.output == "Commande manquante.\n"
    result = runner.invoke(demo, ["--lang", "fr", "--help"])
    assert "Afficher la version et quitter." in result.output
    result = runner.invoke(demo, ["--lang", "zz"])
    assert result.exit_code == 2 and "zz" in result.output


def test_click_usage_errors_are_translated():
    result = run(["--lang", "fr", "--no-such-option"])
    assert result.exit_code == 2
    assert f"Erreur{NNBSP}: L’option «{NNBSP}--no-such-option{NNBSP}» n’existe pas." in result.stderr


def test_pseudo_locale_help_has_no_plain_english():
    result = run(["--lang", "en_XA", "--help"])
    assert result.exit_code == 0
    text = re.sub(r"--[a-z][a-z-]*", "", result.output)      # option names are not translated
    allowed = {"rulekit", "en", "fr", "en_XA", "LC_ALL", "LC_MESSAGES", "LANG", "XA"}
    allowed |= set(cli.commands)                            # command names neither
    assert unwrapped_words(text, allow=allowed) == []
    assert "[Šĥöŵ ţĥîš ɱéššáĝé áñð éẋîţ." in result.output


GERMAN = [
    (None, "Usage:", "Aufruf:", ""),
    (None, "Options", "Optionen", ""),
    (None, "Show this message and exit.", "Diese Nachricht anzeigen und beenden.", ""),
    (None, "Board-game rules as data: play Province, check house rules, print rulebooks.",
     "Brettspielregeln als Daten: Province spielen, Hausregeln prüfen, Regelhefte drucken.", ""),
    ("structure", "Mill", "Mühle", ""),
]


def test_a_german_catalog_makes_lang_de_work_with_no_code_change(tmp_path):
    assert run(["--lang", "de", "--help"]).exit_code == 2       # no catalog yet
    locales = tmp_path / "locales"
    shutil.copytree(LOCALES_DIR, locales)
    write_po(locales / "de" / "LC_MESSAGES" / "rulekit.po", GERMAN, lang="de",
             plural="nplurals=2; plural=(n != 1);")
    result = run(["--lang", "de", "--help"], RULEKIT_LOCALES=str(locales))
    assert result.exit_code == 0, result.output
    assert "Aufruf: rulekit" in result.output
    assert "Brettspielregeln als Daten" in result.output
    assert "Diese Nachricht anzeigen und beenden." in result.output
    assert "Show this message" not in result.output
    # the environment picks German too, and French is still there
    assert "Optionen:" in run(["--help"], RULEKIT_LOCALES=str(locales), LANG="de_DE.UTF-8").output
    assert "Afficher ce message" in run(["--lang", "fr", "--help"], RULEKIT_LOCALES=str(locales)).output


def test_clicks_own_words_are_french_in_help_and_usage_errors():
    """Headings, metavars, ranges, defaults, type names and usage errors: no English left."""
    shown = []
    for args in (["--lang", "fr", "--help"], ["--lang", "fr", "simulate", "--help"],
                 ["--lang", "fr", "rulebook"], ["--lang", "fr", "play", "--seed", "abc"],
                 ["--lang", "fr", "simulate", "province-en", "--games", "0"], ["--lang", "fr", "nope"]):
        result = CliRunner().invoke(cli, args)
        shown.append(result.output)
    text = "\n".join(shown)
    assert "Options\u202f:" in text and "Commandes\u202f:" in text
    unwrapped = re.sub(r" *\n +", " ", text)          # click wraps the help to the widest option
    assert "[par défaut\u202f: 1\u202f000\u202f; de 1 à 10\u202f000\u202f000]" in unwrapped
    assert "Argument manquant\u202f: «\u202fRÈGLES\u202f»." in text
    assert "Valeur invalide pour «\u202f--seed\u202f»\u202f: «\u202fabc\u202f» n’est pas un nombre entier valide." in text
    assert "il faut un nombre de 1 à 10\u202f000\u202f000." in text
    assert "COMMANDE [ARGUMENTS]..." in text
    for english in ("RULESET", "COMMAND ", "integer", "Usage", "Missing", "1<=x", "Options:", "Commands:"):
        assert english not in text, english
    english = CliRunner().invoke(cli, ["--lang", "en", "simulate", "province-en", "--games", "0"]).output
    assert "0 is not in the range from 1 to 10,000,000." in english
