"""The command line's words in both languages (French books review 4, items 59–62 and 65, and the default
level's description): bot names French first, the French speeds of ``serve``, metavars the texts name, no
Python ``repr`` in a message, ``replay`` under another ruleset said as such and in the screen's notation."""
from __future__ import annotations

import json
import re

from click.testing import CliRunner

from rulekit.cli import cli

NNBSP = "\u202f"


def run(*args, **kwargs):
    return CliRunner().invoke(cli, list(args), **kwargs)


def flat(text: str) -> str:
    """``text`` on one line, its spaces (narrow no-break ones too) single."""
    return " ".join(text.replace(NNBSP, " ").replace("\xa0", " ").split())


FRENCH_BOTS = ("hasard (random)", "distrait (careless)", "glouton (greedy)", "profond (deep)", "profond:N",
               "large (wide)", "large:Ts", "lointain (far)")


def test_help_names_the_bots_in_french_first():
    """Item 59: every help that lists the bots and the unknown-player error give the French names, the English
    in parentheses, as for the levels; English is unchanged."""
    for command in ("play", "simulate", "tune"):
        text = flat(run(command, "--help", "--lang", "fr").output)
        for word in FRENCH_BOTS:
            assert word in text, (command, word)
        assert "random, careless" not in text
    assert "random, careless, greedy, mcts, mcts:N" in flat(run("play", "--help", "--lang", "en").output)
    bad = flat(run("play", "--players", "human,bot:foo", "--lang", "fr").output)
    assert "bot:hasard (random)" in bad and "bot:glouton (greedy)" in bad and "bot:random" not in bad
    # the French words are typed as well as shown
    ok = run("simulate", "province-fr", "--games", "2", "--bots", "glouton,hasard", "--lang", "fr")
    assert ok.exit_code == 0, ok.output
    assert "bot A (glouton) contre bot B (hasard)" in ok.output


def test_simulate_help_gives_its_examples_in_french():
    text = flat(run("simulate", "--help", "--lang", "fr").output)
    assert "par exemple glouton,hasard" in text and "un bot glouton par joueur" in text
    assert "greedy,random" not in text and "bot greedy" not in text
    tune = flat(run("tune", "--help", "--lang", "fr").output)
    assert "un bot glouton par joueur" in tune and "--bots difficile,difficile" in tune


def test_the_default_level_is_not_called_the_strongest():
    """expert is above hard: the help says hard is the strongest level *for play*, in both languages."""
    en = flat(run("play", "--help", "--lang", "en").output)
    assert "the strongest, and" not in en
    assert "hard is the strongest level for play, expert the one for analysis" in en
    fr = flat(run("play", "--help", "--lang", "fr").output)
    assert "difficile est le niveau le plus fort pour jouer, expert celui de l’analyse" in fr
    assert "par défaut : humain,bot:difficile" in fr


def test_serve_speaks_of_humans_computers_and_french_speeds():
    """Item 60: « humain ou un ordinateur (par défaut : humain,bot:difficile) »; the speeds as the page names
    them, shown and accepted in French (and in English, whatever the language)."""
    text = flat(run("serve", "--help", "--lang", "fr").output)
    assert "humain ou un ordinateur (par défaut : humain,bot:difficile)" in text
    assert "--speed [lente|normale|rapide|immédiate]" in text and "[par défaut : normale]" in text
    assert "--speed [slow|normal|fast|instant]" in flat(run("serve", "--help", "--lang", "en").output)
    # a speed typed in French (or English) is read; the port, checked next, is the one refused
    for speed in ("lente", "immediate", "fast"):
        r = run("serve", "--speed", speed, "--port", "99999", "--no-browser", "--lang", "fr")
        assert r.exit_code == 2 and "99999 n’est pas un port" in r.output, (speed, r.output)
    bad = flat(run("serve", "--speed", "zz", "--lang", "fr").output)
    assert "« zz » ne fait pas partie des choix possibles : lente, normale, rapide ou immédiate." in bad


def test_tune_help_names_its_metavars():
    """Item 61: the output's default and the ruleset are named by the metavars the usage line shows."""
    text = flat(run("tune", "--help", "--lang", "fr").output)
    assert "Utilisation : rulekit tune [OPTIONS] RÈGLES" in text
    assert "IDENTIFIANT-tuned.yaml" in text and "le FICHIER, s’il existe" in text
    assert "qui étend les RÈGLES" in text
    for english in ("RULESET-ID", "FILE", "RÈGLE.", "RÈGLE "):
        assert english not in text, english
    en = flat(run("tune", "--help", "--lang", "en").output)
    assert "ID-tuned.yaml here, ID being the id of RULESET" in en and "RULESET-ID" not in en


def test_errors_quote_and_number_as_the_language_does():
    """Item 62: « --first » as « --seed », 99 not 99.0, « md, html ou pdf », « foo »: no Python repr, no straight
    quote and no "float range" in a French message."""
    first = flat(run("play", "--first", "5", "--players", "human,bot:easy", "--lang", "fr").output)
    assert "Valeur invalide pour « --first » :" in first and "'--first'" not in first
    delay = flat(run("play", "--delay", "99", "--lang", "fr").output)
    assert "99 n’est pas une valeur permise : il faut un nombre de 0 à 60." in delay and "99.0" not in delay
    word = flat(run("play", "--delay", "x", "--lang", "fr").output)
    assert "« x » n’est pas un nombre valide" in word and "float" not in word
    fmt = flat(run("rulebook", "province-en", "--format", "docx", "--lang", "fr").output)
    assert "« docx » ne fait pas partie des choix possibles : md, html ou pdf." in fmt and "'md'" not in fmt
    vary = run("tune", "province-en", "--vary", "foo=1..3", "--lang", "fr")
    assert vary.exit_code != 0
    text = flat(vary.output)
    assert "--vary « foo=1..3 » : les règles n’ont pas de champ « foo »" in text or \
        "--vary « foo=1..3 » : la règle n’a pas de champ « foo »" in text, text
    assert "'" not in text.split("ses champs")[0]
    unreadable = flat(run("tune", "province-en", "--vary", "nonsense", "--lang", "fr").output)
    assert "--vary « nonsense » illisible : écrivez CHEMIN=MIN..MAX" in unreadable
    english = flat(run("play", "--delay", "99", "--lang", "en").output)
    assert "99 is not in the range 0 to 60." in english
    assert "'docx' is not one of md, html, or pdf." in flat(run("rulebook", "province-en", "--format", "docx").output)
    assert "--vary 'foo=1..3': the ruleset has no field 'foo'" in flat(
        run("tune", "province-en", "--vary", "foo=1..3", "--lang", "en").output)


def _french_record(tmp_path):
    path = tmp_path / "fr.json"
    r = run("play", "province-fr", "--lang", "fr", "--players", "bot:easy,bot:easy", "--seed", "5",
            "--record", str(path), input="")
    assert r.exit_code == 0, r.output
    return path


ENGLISH_VERBS = ("build", "move", "grind", "end", "borrow", "repay", "hire", "spend")


def test_replay_under_another_ruleset_says_so_in_the_screens_notation(tmp_path):
    """Item 65: a French game replayed with --ruleset province-en is said to have been played with another
    ruleset (not another version of its own), and the actions are written as the French screen writes them."""
    path = _french_record(tmp_path)
    fr = run("replay", str(path), "--ruleset", "province-en", "--lang", "fr")
    assert fr.exit_code == 1
    text = flat(fr.output)
    assert "cette partie a été jouée avec les règles province-fr, et non province-en, et elle ne se rejoue pas " \
           "avec province-en :" in text, text
    assert "autre version" not in text
    actions = text.split("n’est pas possible")[0].rsplit("(", 1)[1] + text.split("actions possibles :")[1]
    assert not set(re.findall(r"[a-z]+", actions)) & set(ENGLISH_VERBS), actions
    en = flat(run("replay", str(path), "--ruleset", "province-en", "--lang", "en").output)
    assert "this game was played with the ruleset province-fr, not province-en, and it does not replay under " \
           "province-en: action" in en
    assert re.search(r"legal actions: [a-z]", en)
    # --json keeps the record's notation
    j = run("replay", str(path), "--ruleset", "province-en", "--json", "--lang", "fr")
    assert j.exit_code == 1
    assert json.loads(j.output[:j.output.rindex("}") + 1])["ok"] is False


def test_an_illegal_action_is_written_in_the_screens_notation(tmp_path):
    path = _french_record(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"][4] = "build bank"
    data["result"] = None
    path.write_text(json.dumps(data), encoding="utf-8")
    fr = flat(run("replay", str(path), "--lang", "fr").output)
    assert "(construire banque)" in fr, fr
    assert not set(re.findall(r"[a-z]+", fr.split("actions possibles")[-1])) & set(ENGLISH_VERBS), fr


#: Item 75: words the French catalog used beside the game's own, each with the one kept (« nœuds de calcul
#: Dask », « ressources comptées », « points d'Ouvrage », the game's terms capitalised, « Pions Bateaux »,
#: « premier constructeur »).
STRAY_TERMS = ("workers Dask", "de type pool", "} Ouvrage", "jetons Bateau", "jeton Bateau", "des bateaux",
               "navires", "bâtisseur suivant", "premier bâtisseur", "trop de bâtiments", "trop d’ouvriers",
               "avec les marins", "{num} bâtiments", "jetons de Bâtiment", "ressource de pièces",
               "les pièces de la boîte", "les pièces de la réserve", "chaque ouvrier", "objectif {goal}",
               "cet objectif", "le plus de pièces")


def test_the_french_catalog_keeps_one_word_for_each_thing():
    from babel.messages.pofile import read_po

    from rulekit.paths import LOCALES_DIR

    with open(LOCALES_DIR / "fr" / "LC_MESSAGES" / "rulekit.po", "rb") as fh:
        catalog = read_po(fh)
    found = []
    for message in catalog:
        if message.context == "ruleset":
            continue                  # the rulesets' own texts (the province-3p box: the review's item 51)
        forms = [message.string] if isinstance(message.string, str) else list(message.string)
        for term in STRAY_TERMS:
            if any(term in form for form in forms):
                found.append((term, message.id))
    assert not found, found


def test_french_millions_take_de_and_other_plurals_do_not():
    """French has three plural forms here: one (0, 1), many (a whole number of millions: « 1 000 000 de
    parties ») and other (« 5 parties »). The many form is the second: « de » in the third is a swap that
    printed « Environ 5 de parties en tout trancheraient »."""
    import re as re_

    from babel.messages.pofile import read_po

    from rulekit.i18n import language, ngettext
    from rulekit.paths import LOCALES_DIR

    with open(LOCALES_DIR / "fr" / "LC_MESSAGES" / "rulekit.po", "rb") as fh:
        catalog = read_po(fh)
    after_count = re_.compile(r"\{(?:num|count|games|done|n)\} d(?:e |’)")
    swapped = [m.id for m in catalog if isinstance(m.string, tuple) and len(m.string) == 3
               and after_count.search(m.string[2]) and not after_count.search(m.string[1])]
    assert not swapped, swapped
    with language("fr"):
        five = ngettext("{count} entry measured and written to {file}.",
                        "{count} entries measured and written to {file}.", 5).format(count=5, file="f")
        million = ngettext("{count} entry measured and written to {file}.",
                           "{count} entries measured and written to {file}.", 1_000_000).format(
            count="1 000 000", file="f")
    assert five == "5 entrées mesurées et écrites dans f." and million.startswith("1 000 000 d’entrées")


def test_the_tie_break_of_a_report_elides_de_and_says_a_value_as_a_value():
    """The simulate report's tie-break (French review 4, item 69 = F41): « départage au nombre de Bâtiments », elided
    before a vowel (« au nombre d’Ouvriers », never « de Ouvriers »), and the coins' value said as a value
    (« départage à la valeur des Pièces », not « au nombre de »)."""
    from rulekit.cli.simulate_cmds import _decided_name
    from rulekit.i18n import language

    with language("fr"):
        words = {key: _decided_name(key) for key in ("structures", "workers", "coin_value", "labor", "goals")}
    assert words["structures"] == "départage au nombre de Bâtiments"
    assert words["workers"] == "départage au nombre d’Ouvriers"
    assert words["labor"] == "départage au nombre d’Ouvrage"
    assert words["coin_value"] == "départage à la valeur des Pièces"
    for text in words.values():
        assert not re.search(r"\bde [AEIOUÉÈaeiouéè]", text), text
    with language("en"):
        assert _decided_name("workers") == "tie-break: workers"
        assert _decided_name("coin_value") == "tie-break: coin value"
