"""The catalog tool: checks that catch bad catalogs, and an update that is safe and idempotent."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import tomllib
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po
from test_i18n import write_po

from rulekit_tools import catalogcheck
from rulekit_tools.catalogcheck import check, consolidate, placeholders, update

ROOT = Path(__file__).resolve().parent.parent
FR_PLURAL = str(get_plural("fr"))      # the CLDR rule of the Babel installed (3 forms since Babel 2.19)
FR_FORMS = get_plural("fr").num_plurals


def fr_po(tmp_path, entries, name="rulekit.po", plural=FR_PLURAL):
    """A French catalog; a plural entry written with two forms gets the last one again for each
    further form the language has."""
    forms = int(plural.split("nplurals=")[1].split(";")[0])
    entries = [(c, i, s + (s[-1],) * (forms - len(s)) if isinstance(s, tuple) and len(s) == 2 else s, f)
               for c, i, s, f in entries]
    locales = tmp_path / "locales"
    write_po(locales / "fr" / "LC_MESSAGES" / name, entries, plural=plural)
    return locales


def problems_of(locales):
    return [str(p) for p in check(locales, use_msgfmt=False)]


BAD_CATALOGS = {
    "placeholder renamed": (
        [(None, "unknown structure {id}", "Bâtiment inconnu : {ident}", "")],
        "has placeholders {ident}; expected {id}",
    ),
    "placeholder dropped": (
        [(None, "%(prog)s, version %(version)s", "version %(version)s", "python-format")],
        "has placeholders %(version); expected %(prog), %(version)",
    ),
    "fuzzy": (
        [(None, "Harbor", "Port", "fuzzy")],
        "fuzzy translation of 'Harbor'",
    ),
    "untranslated": (
        [(None, "Spending", "", "")],
        "untranslated: 'Spending'",
    ),
    "untranslated plural form": (
        [(None, ("{num} worker", "{num} workers"), ("{num} ouvrier", ""), "")],
        "untranslated: '{num} worker'",
    ),
    "plural form count": (
        [(None, ("{num} coin", "{num} coins"), ("{num} pièce",) + ("{num} pièces",) * FR_FORMS, "")],
        f"{FR_FORMS + 1} plural forms for '{{num}} coin'; the language has {FR_FORMS}",
    ),
    "plural placeholder": (
        [(None, ("{num} sailor", "{num} sailors"), ("un marin", "{num} marins"), "")],
        "msgstr[0] of '{num} sailor' has placeholders none; expected {num}",
    ),
    "malformed braces": (
        [(None, "unknown goal {id}", "objectif inconnu {id", "")],
        "malformed placeholder",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_CATALOGS))
def test_check_catches_a_bad_catalog(tmp_path, case):
    entries, expected = BAD_CATALOGS[case]
    locales = fr_po(tmp_path, [(None, "Bank", "Banque", "")] + entries)
    found = problems_of(locales)
    assert len(found) == 1, found
    assert expected in found[0]
    # FILE:LINE points at the entry (after the header and the good entry)
    path, line, _rest = found[0].split(":", 2)
    assert path.endswith("locales/fr/LC_MESSAGES/rulekit.po")
    assert int(line) >= 10


def test_check_reports_every_problem_with_its_line(tmp_path):
    entries = [entries[0] for entries, _expected in BAD_CATALOGS.values()]
    locales = fr_po(tmp_path, entries)
    found = problems_of(locales)
    assert len(found) == len(BAD_CATALOGS)
    lines = [int(p.split(":")[1]) for p in found]
    assert len(set(lines)) == len(lines)


def test_check_accepts_a_good_catalog_with_french_typography(tmp_path):
    nnbsp = "\u202f"
    locales = fr_po(tmp_path, [
        (None, "unknown structure {id!r}", f"bâtiment inconnu{nnbsp}: «{nnbsp}{{id}}{nnbsp}»", ""),
        (None, ("one coin", "{num} coins"), ("{num} pièce", "{num} pièces"), ""),
        (None, ("Did you mean {one}?", "Did you mean one of {many}?"),
         (f"Vouliez-vous dire {{one}}{nnbsp}?", f"Vouliez-vous dire l’un de {{many}}{nnbsp}?"), ""),
        ("structure", "Mill", "Moulin", ""),
        (None, "50% of {total}", "50 % de {total}", ""),
    ])
    assert problems_of(locales) == []


def test_check_catches_a_wrong_plural_forms_header(tmp_path):
    locales = fr_po(tmp_path, [(None, "Bank", "Banque", "")], plural="nplurals=2; plural=(n != 1);")
    found = problems_of(locales)
    assert len(found) == 1 and "the CLDR rule for fr" in found[0]


def test_check_treats_the_files_of_a_language_together(tmp_path):
    locales = fr_po(tmp_path, [(None, "Bank", "", ""), (None, "Mill", "Moulin", "")])
    write_po(locales / "fr" / "LC_MESSAGES" / "engine.po",
             [(None, "Bank", "Banque", ""), (None, "Mill", "Meunerie", "")])
    found = problems_of(locales)
    # Bank is translated in engine.po: not a problem; Mill is translated twice differently.
    assert len(found) == 1 and "'Mill' is translated differently" in found[0]


def test_check_finds_template_messages_no_file_translates(tmp_path):
    locales = fr_po(tmp_path, [(None, "Bank", "Banque", "")])
    write_po(locales / "rulekit.pot", [(None, "Bank", "", ""), ("goal", "Crowd", "", "")], lang="")
    found = problems_of(locales)
    assert len(found) == 1 and "no fr translation of 'Crowd' (context goal)" in found[0]
    assert found[0].split(":")[0].endswith("rulekit.pot")


def test_check_runs_msgfmt(tmp_path):
    locales = fr_po(tmp_path, [(None, "Bank", "Banque", "")])
    path = locales / "fr" / "LC_MESSAGES" / "rulekit.po"
    path.write_text(path.read_text(encoding="utf-8") + 'msgid "Mill"\nmsgstr "Moulin\n', encoding="utf-8")
    found = [str(p) for p in check(locales, use_msgfmt=True)]
    assert any("msgfmt" in p and ":" in p for p in found), found


def test_placeholders():
    assert placeholders("{name!r} has {num:>3} and {obj.attr}; %(prog)s %d 100%%") == \
        sorted(["{name}", "{num}", "{obj}", "%(prog)", "%d"])
    assert placeholders("{{literal}}") == []
    with pytest.raises(ValueError):
        placeholders("{unclosed")


def test_the_bundled_french_catalog_has_no_placeholder_or_plural_problem():
    found = [str(p) for p in check(ROOT / "locales", languages=["fr"])
             if "untranslated" not in p.message and "no fr translation" not in p.message]
    assert found == []


# --- update -----------------------------------------------------------------------------


def test_consolidate_merges_area_files_safely_and_idempotently(tmp_path):
    locales = fr_po(tmp_path, [(None, "Bank", "Banque", ""), (None, "Mill", "", "")])
    write_po(locales / "fr" / "LC_MESSAGES" / "engine.po",
             [(None, "Mill", "Moulin", ""), (None, "Bank", "Banquet", ""), ("goal", "Crowd", "Foule", "")])
    log = []
    removed = consolidate(locales, log=log.append)
    assert [p.name for p in removed] == ["engine.po"]
    assert sorted(p.name for p in (locales / "fr" / "LC_MESSAGES").iterdir()) == ["rulekit.po"]
    with (locales / "fr" / "LC_MESSAGES" / "rulekit.po").open("rb") as fh:
        merged = read_po(fh, locale="fr")
    assert merged.get("Bank").string == "Banque"              # rulekit.po wins
    assert merged.get("Mill").string == "Moulin"              # filled from the area file
    assert merged.get("Crowd", context="goal").string == "Foule"
    assert any("kept the translation of rulekit.po" in line for line in log)
    before = (locales / "fr" / "LC_MESSAGES" / "rulekit.po").read_bytes()
    assert consolidate(locales, log=log.append) == []
    assert (locales / "fr" / "LC_MESSAGES" / "rulekit.po").read_bytes() == before


def make_project(tmp_path):
    root = tmp_path / "project"
    (root / "rulekit").mkdir(parents=True)
    (root / "rulekit" / "things.py").write_text(
        "from rulekit.i18n import _, ngettext\n"
        "def show(n):\n"
        "    print(_('Hello {name}').format(name='x'))\n"
        "    print(ngettext('{num} coin', '{num} coins', n).format(num=n))\n",
        encoding="utf-8")
    (root / "rulesets").mkdir()
    (root / "rulesets" / "mini.yaml").write_text(
        "title: Mini\nstructures:\n  mill:\n    name: Mill\n", encoding="utf-8")
    shutil.copy(ROOT / "babel.cfg", root / "babel.cfg")
    write_po(root / "locales" / "fr" / "LC_MESSAGES" / "rulekit.po",
             [(None, "Hello {name}", "Bonjour {name}", ""), (None, "Obsolete", "Obsolète", "")])
    write_po(root / "locales" / "fr" / "LC_MESSAGES" / "play.po", [("structure", "Mill", "Moulin", "")])
    return root


def test_update_extracts_merges_and_is_idempotent(tmp_path):
    root = make_project(tmp_path)
    changed = update(root, log=lambda line: None)
    assert {p.name for p in changed} == {"play.po", "rulekit.pot", "rulekit.po"}
    assert not (root / "locales" / "fr" / "LC_MESSAGES" / "play.po").exists()
    with (root / "locales" / "rulekit.pot").open("rb") as fh:
        pot = read_po(fh)
    assert {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in pot if m.id} == {
        (None, "Hello {name}"), (None, "{num} coin"), ("ruleset", "Mini"), ("structure", "Mill"),
        ("structure:the", "Mill"),      # the name's form with its article ("le Moulin")
        ("structure:gender", "Mill")}   # and its gender ("m"), for the words that agree with it
    assert pot.get("Mill", context="structure").locations == [("rulesets/mini.yaml", 0)] or \
        [loc[0] for loc in pot.get("Mill", context="structure").locations] == ["rulesets/mini.yaml"]
    with (root / "locales" / "fr" / "LC_MESSAGES" / "rulekit.po").open("rb") as fh:
        po = read_po(fh, locale="fr")
    assert po.get("Hello {name}").string == "Bonjour {name}"
    assert po.get("Mill", context="structure").string == "Moulin"
    assert po.get("Obsolete") is None                          # dropped
    assert po.get("{num} coin").string == ("",) * FR_FORMS     # new: to translate
    found = [str(p) for p in check(root / "locales", use_msgfmt=False)]
    assert [p for p in found if "untranslated" in p] and len(found) == 4   # {num} coin, its plural, the Mill's article and gender
    snapshot = {p: p.read_bytes() for p in (root / "locales").rglob("*.po*")}
    assert update(root, log=lambda line: None) == []            # a second run changes nothing
    assert {p: p.read_bytes() for p in (root / "locales").rglob("*.po*")} == snapshot


def test_update_without_writing_names_what_it_would_change_and_touches_nothing(tmp_path):
    root = make_project(tmp_path)
    before = {p: p.read_bytes() for p in root.rglob("*.po*")}
    stale = update(root, log=lambda line: None, write=False)
    assert {p.name for p in stale} == {"play.po", "rulekit.pot", "rulekit.po"}
    assert {p: p.read_bytes() for p in root.rglob("*.po*")} == before
    update(root, log=lambda line: None)
    assert update(root, log=lambda line: None, write=False) == []
    (root / "rulekit" / "more.py").write_text("from rulekit.i18n import _\n_('A new message')\n", encoding="utf-8")
    assert {p.name for p in update(root, log=lambda line: None, write=False)} == {"rulekit.pot", "rulekit.po"}
    assert catalogcheck.main(["update", "--check", "--root", str(root)]) == 1


def test_the_bundled_catalogs_are_up_to_date_and_translated():
    """What .ci/checks/10-catalogs checks, as a test: extracting the messages of the code, the templates and
    the rulesets changes no catalog (a message added or reworded without python -m rulekit_tools.catalogcheck
    update fails here), and every message has a French translation with its placeholders and plural forms."""
    assert [str(p.relative_to(ROOT)) for p in update(ROOT, log=lambda line: None, write=False)] == []
    assert [str(p) for p in check(ROOT / "locales", use_msgfmt=shutil.which("msgfmt") is not None)] == []


def test_init_starts_a_new_language_from_the_template(tmp_path):
    root = make_project(tmp_path)
    update(root, log=lambda line: None)
    path = catalogcheck.init("de", root, log=lambda line: None)
    with path.open("rb") as fh:
        po = read_po(fh, locale="de")
    assert len([m for m in po if m.id]) == 6      # the Mill thrice: its name, its form with the article, its gender
    assert "nplurals=2; plural=(n != 1);" in path.read_text(encoding="utf-8")
    with pytest.raises(FileExistsError):
        catalogcheck.init("de", root, log=lambda line: None)


def test_the_ruleset_extractor_is_registered_and_mapped():
    with (ROOT / "pyproject.toml").open("rb") as fh:
        project = tomllib.load(fh)
    entry = project["project"]["entry-points"]["babel.extractors"]["rulekit_ruleset"]
    assert entry == "rulekit.language.extract:extract_ruleset"
    cfg = (ROOT / "babel.cfg").read_text(encoding="utf-8")
    for section in ("[python: rulekit/**.py]", "[jinja2: rulekit/text/templates/**]",
                    "[rulekit_ruleset: rulesets/**.yaml]"):
        assert section in cfg


def test_names_gives_a_house_rule_author_the_po_entries_to_translate(tmp_path, capsys):
    rule = tmp_path / "brewery.yaml"
    rule.write_text("id: brewery\ntitle: Province with a Brewery\nextends: province-en\n"
                    "structures:\n  brewery:\n    name: Brewery\n  mill:\n    name: Mill\n",
                    encoding="utf-8")
    out = tmp_path / "fr" / "LC_MESSAGES" / "brewery.po"
    assert catalogcheck.main(["names", str(rule), "--lang", "fr", "-o", str(out)]) == 0
    with out.open("rb") as fh:
        po = read_po(fh, locale="fr")
    entries = {(m.context, m.id) for m in po if m.id}
    # Mill is in the French catalog already; the new names are not.
    assert entries == {("ruleset", "Province with a Brewery"), ("structure", "Brewery"),
                       ("structure:the", "Brewery"), ("structure:gender", "Brewery")}   # "la Brasserie", "f"
    assert catalogcheck.main(["names", str(rule)]) == 0
    assert 'msgctxt "structure"\nmsgid "Mill"' in capsys.readouterr().out
