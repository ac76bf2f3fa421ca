"""The French language gate's own logic (rulekit_tools.langcheck), with a stand-in for Grammalecte."""
from __future__ import annotations

import json
import stat
import sys

from rulekit_tools import langcheck


def test_placeholders_are_filled_code_is_masked_and_locations_dropped():
    prep = langcheck._prepare
    assert prep("{num} Pion Objectif, utilisé", "1", "{num} goal token") == "1 Pion Objectif, utilisé"
    assert prep("{player.subject} déplace {worker.a}", "2", "x") == "X déplace X"
    assert prep("la Pièce d’Emprunt{token_of.omit}.", "2", "the {token_of} token") == "la Pièce d’Emprunt."
    assert prep("par défaut : human,bot:greedy", "2", "(default: human,bot:greedy).") == "par défaut : X"
    assert prep("{file}:{line}: ce n’est pas valide", "2", "x") == "ce n’est pas valide"
    assert prep("{heading}   ◀ à jouer ", "2", "x") == "X ◀ à jouer"


def test_code_written_in_french_words_is_masked_only_where_the_english_has_such_code():
    """A list of bots, a metavar's form or a file name the translation writes in its own words (glouton,hasard
    for greedy,random) is code, as the English's is; a missing space after a comma in prose is still checked."""
    prep = langcheck._prepare
    assert prep("par exemple glouton,hasard ou difficile,normal", "2", "e.g. greedy,random or hard,normal") \
        == "par exemple X ou X"
    assert prep("écrivez CHEMIN=MIN..MAX", "2", "write PATH=LO..HI") == "écrivez X"
    assert prep("par défaut : IDENTIFIANT-tuned.yaml ou IDENTIFIANT-tuned-2.yaml…", "2",
                "default: ID-tuned.yaml or ID-tuned-2.yaml…") == "par défaut : X ou X…"
    assert prep("un texte,mal espacé", "2", "a text, well spaced") == "un texte,mal espacé"


def test_html_blocks_are_checked_one_by_one(tmp_path):
    page = tmp_path / "book.html"
    page.write_text("<html><style>p {}</style><body><h1>Titre</h1><table><tr><td>Deux blancs</td>"
                    "<td>1/4</td></tr></table><ul><li>Un <b>joueur</b> gagne.</li></ul></body></html>",
                    encoding="utf-8")
    assert [t.text for t in langcheck.html_texts(page)] == ["Titre", "Deux blancs", "Un joueur gagne."]


def _fake_grammalecte(tmp_path, errors):
    script = tmp_path / "fake-grammalecte"
    payload = json.dumps({"data": errors})
    script.write_text(f"#!{sys.executable}\nprint({payload!r})\n", encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return str(script)


def test_findings_are_reported_unless_allowed_or_english_code(tmp_path):
    folder = tmp_path / "locales" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "rulekit.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Use YAML here"\nmsgstr "Utilisez YAML ici"\n\n'
        'msgid "the actions field"\nmsgstr "le champ actions"\n\n'
        'msgid "a bad one"\nmsgstr "un mauvais exemple"\n', encoding="utf-8")
    allow = tmp_path / "allow.txt"
    allow.write_text("# why\nrule_b\tactions\tle champ\t# a field's name\n", encoding="utf-8")
    exe = _fake_grammalecte(tmp_path, [
        {"iParagraph": 1, "lGrammarErrors": [], "lSpellingErrors": [{"sValue": "YAML"}]},
        {"iParagraph": 2, "lGrammarErrors": [{"sRuleId": "rule_b", "sUnderlined": "actions", "sMessage": "m"}],
         "lSpellingErrors": []},
        {"iParagraph": 3, "lGrammarErrors": [{"sRuleId": "rule_c", "sUnderlined": "mauvais", "sMessage": "bad"}],
         "lSpellingErrors": []},
    ])
    found = langcheck.check(locales=tmp_path / "locales", allowlist=allow, exe=exe)
    assert [(f.rule, f.text, f.line) for f in found] == [("rule_c", "mauvais", 11)]   # the line of its msgid
    assert str(found[0]).endswith("[rule_c] bad: «mauvais»")


def test_the_allowlist_is_short_and_every_line_says_why():
    lines = [line for line in langcheck.ALLOWLIST.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    assert 0 < len(lines) < 10
    assert all("#" in line and line.split("#", 1)[1].strip() for line in lines)
