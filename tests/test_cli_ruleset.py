"""``rulekit validate``, ``list``, ``show`` and ``schema`` through click's CliRunner."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from rulekit.cli import cli
from rulekit.language import bundled_rulesets, load_ruleset
from rulekit.paths import SCHEMA_PATH

BAD = Path(__file__).parent / "rulesets" / "bad"


def run(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_validate_valid_files():
    result = run("validate", "province-en", str(bundled_rulesets()["no-lender"]))
    assert result.exit_code == 0, result.output
    assert "province-en: valid" in result.stdout
    assert "2 rulesets checked, no problem found." in result.stderr


def test_validate_reports_each_problem_and_a_summary():
    bad = str(BAD / "unknown-requires.yaml")
    result = run("validate", "province-fr", bad)
    assert result.exit_code == 1
    assert f"{bad}:6:16: unknown structure lendr; did you mean lender? (at /structures/bank/requires/0)" \
        in result.stdout.splitlines()
    assert "province-fr: valid" in result.stdout
    assert result.stderr.strip() == "1 problem found."


def test_validate_plural_summary():
    result = run("validate", str(BAD / "harbor-outcome-twice.yaml"), str(BAD / "empty.yaml"))
    assert result.exit_code == 1
    assert len(result.stdout.splitlines()) == 3
    assert result.stderr.strip() == "3 problems found."


def test_validate_summary_in_french():
    result = run("--lang", "fr", "validate", str(BAD / "harbor-outcome-twice.yaml"))
    assert result.exit_code == 1
    assert result.stderr.strip() == "2 problèmes trouvés."
    assert "aucun résultat pour 1\u00a0Pion Bateau blanc" in result.stdout


@pytest.mark.parametrize("args", [["validate"], ["validate", "--nope", "x.yaml"], ["show"], ["show", "a", "b"]])
def test_usage_errors_exit_2(args):
    result = run(*args)
    assert result.exit_code == 2
    assert "Usage:" in result.output


def test_validate_unreadable_inputs_exit_1(tmp_path):
    latin = tmp_path / "latin.yaml"
    latin.write_bytes("title: é\n".encode("latin-1"))
    result = run("validate", str(tmp_path), str(tmp_path / "missing.yaml"), str(latin))
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines == [
        f"{tmp_path}:1:1: this is a directory, not a ruleset file",
        f"{tmp_path / 'missing.yaml'}:1:1: no such file",
        f"{latin}:1:8: the file is not UTF-8 text (byte 0xE9 cannot be read); save it as UTF-8",
    ]
    assert "Traceback" not in result.output


def test_list_shows_every_bundled_ruleset():
    result = run("list")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["ID", "TITLE", "LANGUAGE"]
    for ident in bundled_rulesets():
        row = next(line for line in lines if line.startswith(ident + " "))
        assert load_ruleset(ident).title.split(" — ")[0] in row
    assert any(line.startswith("province-fr ") and line.endswith("fr (French)") for line in lines)
    assert any(line.startswith("short-game ") and "Short Game" in line for line in lines)
    # A tidy table: the columns line up.
    starts = {line.index(line.split()[1], len(line.split()[0])) for line in lines}
    assert len(starts) == 1


@pytest.mark.parametrize("ident", sorted(bundled_rulesets()))
def test_show_output_is_a_valid_ruleset(ident, tmp_path):
    result = run("show", ident)
    assert result.exit_code == 0, result.output
    out = tmp_path / "shown.yaml"
    out.write_text(result.stdout, encoding="utf-8")
    data = yaml.safe_load(result.stdout)
    assert data == load_ruleset(ident).data
    assert "extends" not in data and "$schema" not in data
    assert list(data)[:2] == ["id", "title"]
    family = load_ruleset(ident).family
    if family == "province":                  # Province's language: the edition comes next
        assert list(data)[2] == "edition"
    else:                                     # another family says which it is
        assert data["family"] == family
    check = run("validate", str(out))
    assert check.exit_code == 0, check.output
    # Resolving the shown file again gives the same rules.
    assert load_ruleset(out).data == load_ruleset(ident).data


def test_show_keeps_unicode_readable():
    result = run("show", "short-game")
    assert "title: Province — Short Game" in result.stdout


def test_show_a_file(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("extends: province-en\nid: mine\nscoring: {goal_vp: 3}\n", encoding="utf-8")
    result = run("show", str(path))
    assert result.exit_code == 0
    assert yaml.safe_load(result.stdout)["scoring"]["goal_vp"] == 3


def test_show_unknown_ruleset_lists_bundled_ids():
    result = run("show", "province-xx")
    assert result.exit_code == 1
    assert "unknown ruleset province-xx" in result.stderr
    for ident in bundled_rulesets():
        assert ident in result.stderr
    assert "Traceback" not in result.output


def test_show_invalid_ruleset_prints_its_problems():
    bad = BAD / "prerequisite-cycle.yaml"
    result = run("show", str(bad))
    assert result.exit_code == 1
    assert f"{bad}:8:16: prerequisite cycle: mill → smithy → mill" in result.stderr
    assert result.stdout == ""


def test_schema_prints_the_schema():
    result = run("schema")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert json.loads(result.stdout)["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_help_is_translated():
    result = run("validate", "--help", "--lang", "fr")
    assert result.exit_code == 0
    assert "Vérifie" in result.output


def test_validate_says_how_to_translate_a_house_rules_new_names(tmp_path):
    """A house rule's own structure name has no French translation: rulekit says how to add one."""
    from click.testing import CliRunner

    from rulekit.cli import cli

    house = tmp_path / "market.yaml"
    house.write_text("extends: province-en\nid: market-house\nstructures:\n  market:\n    name: Market\n"
                     "    cost: {labor: 1, coin: 2}\n    vp: {first: 1, later: 0}\n", encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(cli, ["validate", str(house), "--lang", "fr"])
    assert result.exit_code == 0, result.output
    assert "Market" in result.output and "docs/translating.md" in result.output
    english = runner.invoke(cli, ["validate", str(house), "--lang", "en"])
    assert english.exit_code == 0 and "translating.md" not in english.output


# French books review 4, items 63 (F9) and 64


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_wrong_type_is_said_without_articles_in_french(tmp_path):
    """Item 63: « type incorrect : dictionnaire attendu, texte « six » trouvé », not « un dictionnaire attendu,
    du texte « six » trouvé »; English keeps its articles."""
    path = _write(tmp_path, "six.yaml", "extends: province-fr\nid: six\ntitle: Six\nstructures:\n  smithy:\n"
                                        "    vp: six\n    cost: 3\n")
    fr = " ".join(run("validate", path, "--lang", "fr").output.replace("\u202f", " ").split())
    assert "type incorrect : dictionnaire attendu, texte « six » trouvé" in fr
    assert "montant attendu (tel que {labor: 2, coin: 1}) ou free ; nombre entier « 3 » trouvé" in fr
    assert "du texte" not in fr and "un nombre entier" not in fr
    en = " ".join(run("validate", path, "--lang", "en").output.split())
    assert "wrong type: expected a mapping, found text six" in en


def test_a_french_name_written_as_an_id_is_pointed_to_the_id(tmp_path):
    """Item 64: a French author who writes ``forge:`` for the Forge hears which structure that is (its id
    ``smithy``), not that a new structure lacks a cost and a name; the same in English, from any language's
    name; a new structure whose id is no other's name still lacks its fields."""
    path = _write(tmp_path, "forge.yaml", "extends: province-fr\nid: ma-forge\ntitle: Ma Forge\nstructures:\n"
                                          "  forge:\n    vp: {first: 3, later: 0}\n")
    fr = run("validate", path, "--lang", "fr")
    assert fr.exit_code == 1
    text = fr.output.replace("\u202f", " ")
    assert "forge n’est pas un Bâtiment des règles de base ; vouliez-vous dire smithy (Forge) ?" in text
    assert "champ obligatoire manquant" not in text
    en = run("validate", path, "--lang", "en").output
    assert "forge is not a structure of the base rules; did you mean smithy (Smithy)?" in en
    mill = _write(tmp_path, "moulin.yaml", "extends: province-en\nid: m\ntitle: M\nstructures:\n"
                                           "  moulin:\n    vp: {first: 3, later: 0}\n")
    assert "moulin is not a structure of the base rules; did you mean mill (Mill)?" in run(
        "validate", mill, "--lang", "en").output
    new = _write(tmp_path, "well.yaml", "extends: province-en\nid: w\ntitle: W\nstructures:\n"
                                        "  well:\n    vp: {first: 3, later: 0}\n")
    out = run("validate", new, "--lang", "en").output
    assert "missing required field name" in out and "did you mean" not in out
