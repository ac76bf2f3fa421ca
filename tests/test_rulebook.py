"""The rulebook: written from the ruleset, in English and French, as Markdown, HTML and PDF.

PDF builds are slow (a few seconds each): each is built once per module
(``pdf_books``) and the tests read it.

Markdown snapshots live in tests/snapshots/; after a deliberate change of the
book, regenerate them with::

    RULEKIT_UPDATE_SNAPSHOTS=1 python -m pytest tests/test_rulebook.py

and review the difference with ``git diff tests/snapshots``.
"""
from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulekit.cli import cli
from scenario import labor, labor_earned  # noqa: F401
from rulekit.i18n import get_language, language
from rulekit.language import load_ruleset
from rulekit.text.rulebook import (
    SECTIONS,
    RulebookError,
    html_to_text,
    render_html,
    render_markdown,
    render_pdf,
    section_text,
)

HERE = Path(__file__).parent
SNAPSHOTS = HERE / "snapshots"
CHECKLISTS = HERE / "checklists"
EDITIONS = ("province-en", "province-fr")


def normalize(text: str) -> str:
    """Whitespace collapsed (narrow and no-break spaces included), page footers and list bullets removed.

    A line that ends with a hyphen joins the next one without a space: the
    PDF breaks lines after the hyphen of a compound word (au-dessus).
    """
    lines = [line for line in text.splitlines() if not re.fullmatch(r"\s*\d+ / \d+\s*", line)]
    joined = re.sub(r"(?<=\w)-\n(?=\w)", "-", "\n".join(lines))
    words = joined.replace("\u202f", " ").replace("\u00a0", " ").split()
    return " ".join(w for w in words if w != "•")


def pdftotext(pdf: bytes, tmp: Path) -> str:
    path = tmp / "book.pdf"
    path.write_bytes(pdf)
    out = subprocess.run(["pdftotext", "-raw", "-enc", "UTF-8", str(path), "-"],
                         check=True, capture_output=True)
    return out.stdout.decode("utf-8")


@pytest.fixture(scope="module")
def pdf_books(tmp_path_factory):
    """Each edition's PDF in its own language (and a second build of the English one), built once."""
    tmp = tmp_path_factory.mktemp("pdf")
    books = {}
    for ruleset_id, lang in (("province-en", "en"), ("province-fr", "fr")):
        pdf = render_pdf(load_ruleset(ruleset_id), lang)
        books[(ruleset_id, lang)] = {"pdf": pdf, "text": pdftotext(pdf, tmp)}
    books["again"] = render_pdf(load_ruleset("province-en"), "en")
    return books


def checklist(ruleset_id: str) -> list[str]:
    lines = (CHECKLISTS / f"{ruleset_id}.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def structure_row_pattern(name: str, st: dict) -> str:
    cost = st["cost"]
    return r"%s\s+%d\s+%d\s+%d / %d\b" % (re.escape(name), cost.get("labor", 0), cost.get("coin", 0),
                                          st["vp"]["first"], st["vp"]["later"])


# --------------------------------------------------------------------------
# PDF


@pytest.mark.parametrize("ruleset_id,lang", [("province-en", "en"), ("province-fr", "fr")])
def test_pdf_text_has_every_structure_cost_and_vp(pdf_books, ruleset_id, lang):
    rs = load_ruleset(ruleset_id)
    text = pdf_books[(ruleset_id, lang)]["text"]
    flat = normalize(text)
    with language(lang):
        from rulekit.text.sentences import amount, structure_name
        for sid, st in rs.data["structures"].items():
            name = structure_name(rs.data, sid)
            # the structure table: name, Labor, Coin, VP first / later on one line
            assert re.search(structure_row_pattern(name, st), text), (name, st)
            # the structure's own paragraph: its cost in words
            cost = amount(rs.model.structures[sid].cost, rs.data)
            assert normalize(cost) in flat, (name, cost)
    if lang == "fr":
        assert "Coût : 2 points d’Ouvrage et 2 Pièces. PV : 1 pour le premier à le construire" in flat
    else:
        assert "Cost: 2 Labor and 2 Coin. VP: 1 for the first builder" in flat


@pytest.mark.parametrize("ruleset_id,lang", [("province-en", "en"), ("province-fr", "fr")])
def test_checklist_of_the_edition_is_in_its_printed_book(pdf_books, ruleset_id, lang):
    flat = normalize(pdf_books[(ruleset_id, lang)]["text"])
    missing = [line for line in checklist(ruleset_id) if normalize(line) not in flat]
    assert missing == []


@pytest.mark.parametrize("ruleset_id,lang", [("province-en", "en"), ("province-fr", "fr")])
def test_checklist_of_the_edition_is_in_its_text_book(ruleset_id, lang):
    flat = normalize(html_to_text(render_html(load_ruleset(ruleset_id), lang), markdown=False))
    missing = [line for line in checklist(ruleset_id) if normalize(line) not in flat]
    assert missing == []


def test_checklists_are_rule_points_of_each_edition():
    en, fr = checklist("province-en"), checklist("province-fr")
    assert len(en) >= 60 and len(fr) >= 60
    # the differences of the editions are among the points
    assert "9 goal tokens, of which 5 are drawn for a game." in en
    assert "5 Pions Objectifs." in fr
    assert "Moulin 3 2 1 / 0 Forge" in fr and "Smithy 3 2 2 / 0 Mill" in en


def test_pdf_is_byte_identical_for_identical_input(pdf_books):
    first = pdf_books[("province-en", "en")]["pdf"]
    assert first.startswith(b"%PDF-")
    assert first == pdf_books["again"]
    assert b"/CreationDate" not in first and b"/ModDate" not in first


def test_pdf_fonts_are_embedded(pdf_books, tmp_path):
    path = tmp_path / "book.pdf"
    path.write_bytes(pdf_books[("province-fr", "fr")]["pdf"])
    out = subprocess.run(["pdffonts", str(path)], check=True, capture_output=True, text=True).stdout
    rows = [line.split() for line in out.splitlines()[2:] if line.strip()]
    assert rows, out
    # columns: name type encoding emb sub uni object ID; "emb" is the 3rd from the end before sub/uni
    for row in rows:
        assert row[-5] == "yes", row


def test_pdf_has_page_numbers_and_the_work_cycle(pdf_books):
    text = pdf_books[("province-en", "en")]["text"]
    pages = text.split("\f")
    assert len([p for p in pages if p.strip()]) >= 4
    assert re.search(r"^\s*2 / \d+\s*$", text, re.M)
    # the drawing's labels (SVG text) are in the PDF
    assert "+1 Labor" in text and "+1 Coin" in text


# --------------------------------------------------------------------------
# House rules


VARIANT = """\
extends: {base}
id: cheap-bank
title: Province, cheap Bank
description: The Bank costs less.
structures:
  bank:
    cost: {{labor: 2, coin: 7}}
"""


@pytest.fixture
def variant(tmp_path):
    path = tmp_path / "cheap-bank.yaml"
    path.write_text(VARIANT.format(base="province-en"), encoding="utf-8")
    return load_ruleset(path)


def test_variant_book_shows_its_cost_and_not_the_old_one(variant):
    book = render_markdown(variant, "en")
    box, _, rest = book.partition("## Story")
    assert "House rules — changes from Province, English edition" in box
    assert "Bank — cost: 2 (was 1) Labor and 7 (was 4) Coin" in box       # only the changed words marked
    assert "The Bank costs less." in box
    # everywhere else: the new cost only
    assert "| **Bank** | 2 | 7 | 2 / 0 | Lender |" in rest
    assert "Cost: 2 Labor and 7 Coin." in rest
    assert "1 Labor and 4 Coin" not in rest
    assert "| **Bank** | 1 | 4 |" not in rest


def test_variant_book_in_french_lists_the_change_in_french(variant):
    book = render_markdown(variant, "fr")
    box, _, rest = book.partition("## Histoire")
    assert "Règles maison — changements par rapport à Province, édition anglaise" in box
    assert ("Banque — coût\u202f: 2\u00a0points d’Ouvrage et 7\u00a0Pièces\u202f; "
            "avant\u202f: 1\u00a0point d’Ouvrage et 4\u00a0Pièces.") in box
    assert "1\u00a0point d’Ouvrage et 4\u00a0Pièces" not in rest


def test_variant_pdf_text_has_the_new_cost_only(variant, tmp_path):
    text = pdftotext(render_pdf(variant, "en"), tmp_path)
    assert re.search(r"Bank\s+2\s+7\s+2 / 0", text)
    assert not re.search(r"Bank\s+3\s+4\s+2 / 0", text)


def test_edition_book_has_no_house_rules_box():
    book = render_markdown(load_ruleset("province-en"), "en")
    assert "House rules" not in book


# --------------------------------------------------------------------------
# Escaping


NASTY = """\
extends: province-en
id: nasty
title: "Evil <script>alert('t')</script> *town*"
structures:
  mill:
    name: "Mill <script>alert(1)</script>"
"""


def test_html_escapes_ruleset_text(tmp_path):
    path = tmp_path / "nasty.yaml"
    path.write_text(NASTY, encoding="utf-8")
    page = render_html(load_ruleset(path), "en")
    assert "<script>" not in page
    assert "Mill &lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "Evil &lt;script&gt;alert(" in page
    # self-contained: no external stylesheet, script or image
    assert "<link" not in page and "src=" not in page
    assert "<style>" in page and "<svg" in page


def test_markdown_escapes_ruleset_text(tmp_path):
    path = tmp_path / "nasty.yaml"
    path.write_text(NASTY, encoding="utf-8")
    book = render_markdown(load_ruleset(path), "en")
    assert "<script>" not in book
    assert "Mill \\<script\\>alert(1)\\</script\\>" in book
    assert "\\*town\\*" in book


# --------------------------------------------------------------------------
# Snapshots, languages and sections


@pytest.mark.parametrize("ruleset_id", EDITIONS)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_markdown_snapshot(ruleset_id, lang):
    book = render_markdown(load_ruleset(ruleset_id), lang)
    snapshot = SNAPSHOTS / f"{ruleset_id}.{lang}.md"
    if os.environ.get("RULEKIT_UPDATE_SNAPSHOTS") == "1":
        snapshot.write_text(book, encoding="utf-8")
    assert snapshot.is_file(), "no snapshot: run with RULEKIT_UPDATE_SNAPSHOTS=1"
    assert book == snapshot.read_text(encoding="utf-8")


def test_default_language_is_the_rulesets(tmp_path):
    runner = CliRunner()
    result = runner.invoke(cli, ["rulebook", "province-fr"], env={"LANG": "C", "LC_ALL": ""})
    assert result.exit_code == 0, result.output
    assert result.output.startswith("# Province\n\nLivret de règles — édition française")
    result = runner.invoke(cli, ["rulebook", "province-fr", "--lang", "en"], env={"LANG": "C", "LC_ALL": ""})
    assert result.exit_code == 0, result.output
    assert "Rulebook — French edition" in result.output


def test_rendering_restores_the_language():
    assert get_language() == "en"
    render_markdown(load_ruleset("province-fr"))
    assert get_language() == "en"


def test_french_book_uses_french_typography():
    book = render_markdown(load_ruleset("province-fr"), "fr")
    assert "Coût\u202f: " in book
    assert "«\u202fEmprunter\u202f»" in book
    assert re.search(r"\w :", book) is None       # never a plain space before a colon


@pytest.mark.parametrize("section", SECTIONS)
def test_section_text(section):
    rs = load_ruleset("province-en")
    text = section_text(rs, section, "en")
    assert text.strip()
    assert "<" not in text and "**" not in text


def test_section_text_follows_the_current_language():
    rs = load_ruleset("province-en")
    with language("fr"):
        text = section_text(rs, "borrowing")
    assert text.startswith("Emprunter\n")
    assert "La Pièce d’Emprunt ne peut pas être remboursée dans le tour où on l’a prise." in text


def test_unknown_section_is_an_error():
    with pytest.raises(RulebookError):
        section_text(load_ruleset("province-en"), "nope")


# --------------------------------------------------------------------------
# The command


def test_cli_writes_html_file_with_confirmation(tmp_path):
    out = tmp_path / "book.html"
    result = CliRunner().invoke(cli, ["rulebook", "province-en", "-o", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert "written to" in result.output and str(out) in result.output


def test_cli_markdown_on_stdout_and_format_option(tmp_path):
    result = CliRunner().invoke(cli, ["rulebook", "province-en"])
    assert result.exit_code == 0
    assert result.output.startswith("# Province\n")
    out = tmp_path / "book.txt"
    result = CliRunner().invoke(cli, ["rulebook", "province-en", "--format", "html", "-o", str(out)])
    assert result.exit_code == 0
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_cli_errors():
    runner = CliRunner()
    result = runner.invoke(cli, ["rulebook", "no-such-ruleset"])
    assert result.exit_code == 1
    assert "unknown ruleset" in result.output
    result = runner.invoke(cli, ["rulebook", "province-en", "--format", "docx"])
    assert result.exit_code == 2
    result = runner.invoke(cli, ["rulebook", "province-en", "--lang", "xx"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output


@pytest.mark.parametrize("ruleset_id", EDITIONS)
def test_the_example_turn_is_what_the_engine_plays(ruleset_id):
    """The book's example (the first player's first turn) and a game agree on every number."""
    from rulekit.engine import new_game
    from rulekit.text import sentences

    rs = load_ruleset(ruleset_id)
    with language("en"):
        example = " ".join(sentences.example_turn(rs.data))
    game = new_game(rs, seed=1)
    legal = {game.notation(a): a for a in game.legal_actions()}
    for notation in [n for n in legal if n.startswith("move green@")]:
        game.apply({game.notation(a): a for a in game.legal_actions()}[notation])
    held, coins = labor(game), game.coin_value(game.current)
    assert f"you now have {held} Labor and {coins} Coin" in example
    built = re.search(r"You build the (\w+) for", example).group(1)
    sid = next(k for k in rs.data["structures"] if k.title() == built or rs.data["structures"][k].get("name") == built)
    game.apply({game.notation(a): a for a in game.legal_actions()}["spend"])
    assert f"build {sid}" in [game.notation(a) for a in game.legal_actions()]


def test_how_to_win_says_the_missions_score_when_the_rules_have_them():
    """French review 4 L24: « But du jeu » named the structures and the goal tokens but not the secret
    objective cards (the missions), which score too; said only where the ruleset deals them."""
    for lang, words in (("fr", "Vos cartes de mission secrètes comptent aussi"),
                        ("en", "Your secret objective cards score too")):
        assert words in section_text(load_ruleset("secret-objectives"), "winning", lang)
        assert words not in section_text(load_ruleset("province-en"), "winning", lang)


def test_the_conversions_heading_is_the_editions_word_where_the_ruleset_gives_it(tmp_path):
    """French review 4 L30: the French edition heads its section « Corvées », the book said « Échanges ».
    The heading is the ruleset's data (``headings.conversions``, translated with the context ``heading``),
    never a test of the edition: province-fr gives it, province-en does not, a house rule may."""
    def heading(ruleset, lang):
        return section_text(ruleset, "conversions", lang).splitlines()[0]

    assert heading(load_ruleset("province-fr"), "fr") == "Corvées"
    assert heading(load_ruleset("province-fr"), "en") == "Grind"
    assert heading(load_ruleset("province-en"), "fr") == "Échanges"
    assert heading(load_ruleset("province-en"), "en") == "Conversions"
    assert "voir «\u202fCorvées\u202f»" in section_text(load_ruleset("province-fr"), "spending", "fr")
    house = tmp_path / "swaps.yaml"
    house.write_text("extends: province-en\nid: swaps\nheadings:\n  conversions: {en: Swaps, fr: Trocs}\n",
                     encoding="utf-8")
    assert heading(load_ruleset(house), "fr") == "Trocs"
    assert heading(load_ruleset(house), "en") == "Swaps"
