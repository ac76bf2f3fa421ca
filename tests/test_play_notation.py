"""The action notation in the player's language (rulekit.play_notation): shown on the
French screen, typed in French, in English (canonical) or without accents, while
records keep the canonical notation."""
from __future__ import annotations

import re
import unicodedata


import pytest
from play_support import library_game, localized_script, run, score_rows

from rulekit import i18n
from rulekit.engine import compile_ruleset, new_game
from rulekit.engine.record import GameRecord, replay
from rulekit.errors import IllegalActionError
from rulekit.language import load_ruleset
from rulekit.play import SLOW_BOTS, Console, Session, bot_choose, screen
from rulekit.play.notation import AmbiguousActionError, fold, for_compiled, slug

CANONICAL_VERBS = {"move", "build", "borrow", "exchange", "spend", "end", "hire", "repay"}
FRENCH_VERBS = {"déplacer", "construire", "emprunter", "changer", "acheter", "finir", "engager", "rembourser"}


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def table(ruleset_id, lang):
    i18n.set_language(lang)
    rs = load_ruleset(ruleset_id)
    return rs, compile_ruleset(rs), for_compiled(compile_ruleset(rs), lang)


def reader(lines):
    feed = iter(lines)
    return lambda prompt: next(feed, None)


def by_canonical(c, t):
    return {t.canonical[a]: t.local[a] for a in range(len(c.actions))}


def ambiguous_position():
    """Seed 1, Province (English), first player 0: the first position of the greedy bots' game where both a
    Green and a Camp worker of the player to move stand on the Labor (top) space, free to move."""
    rs = load_ruleset("province-en")
    st = new_game(rs, seed=1, first_player=0)
    for _ in range(400):
        legal = {st.notation(a) for a in st.legal_actions()}
        if {"move green@labor_top", "move camp@labor_top"} <= legal:
            return rs, st
        action, _r = bot_choose("bot:greedy", st, 1)
        st._apply(action)
    pytest.fail("no such position in this game")


# ---------------------------------------------------------------------------
# The words


def test_slug_and_fold():
    assert slug("Prêteur") == "prêteur"
    assert slug("Ouvrage (haut)") == "ouvrage_haut"
    assert slug("  Phase d'Achat ") == "phase_d_achat"
    assert slug("—") == ""
    assert fold("prêteur") == "preteur" and fold("déplacer vert@ouvrage_bas") == "deplacer vert@ouvrage_bas"
    assert fold("cœur") == "coeur"
    assert slug(unicodedata.normalize("NFD", "Prêteur")) == "prêteur"     # decomposed input composed again


@pytest.mark.parametrize("ruleset_id", ["province-en", "province-fr"])
def test_french_notation_of_every_action(ruleset_id):
    rs, c, t = table(ruleset_id, "fr")
    fr = by_canonical(c, t)
    assert fr["build lender"] == "construire prêteur"
    assert fr["borrow mill"] == "emprunter moulin"
    assert fr["move green@coin"] == "déplacer vert@revenu"
    assert fr["move camp@labor_top"] == "déplacer camp@ouvrage_haut"
    assert fr["move sailor@labor_low"] == "déplacer marin@ouvrage_bas"
    assert fr["exchange platinum"] == "changer platine" and fr["exchange gold"] == "changer or"
    assert fr["grind"] == "corvée" and fr["union"] == "guilde" and fr["build union"] == "construire guilde"
    assert (fr["spend"], fr["end"], fr["hire"], fr["repay"]) == ("acheter", "finir", "engager", "rembourser")
    assert len(set(t.local)) == len(t.local)                      # one action per written form
    verbs = {text.split()[0] for text in t.local if " " in text} | {fr[v] for v in ("spend", "end", "hire", "repay")}
    assert verbs <= FRENCH_VERBS and not verbs & CANONICAL_VERBS


def test_english_shows_the_canonical_notation():
    rs, c, t = table("province-en", "en")
    assert t.local == t.canonical and not t.localized
    assert t.local == tuple(info.notation for info in c.actions)


def test_pseudo_locale_notation_is_pseudo_localized_and_accepted():
    rs, c, t = table("province-en", "en_XA")
    st = new_game(rs, seed=3, first_player=0)
    for text in t.local:
        assert i18n.is_pseudo(text.replace("_", " ").replace("@", " "), min_length=1), text
    first = st.legal_actions()[0]
    assert t.parse(st, t.local[first]) == first
    assert t.parse(st, t.canonical[first]) == first


# ---------------------------------------------------------------------------
# Parsing


def test_french_parse_accepts_localized_canonical_accentless_and_any_case():
    rs, c, t = table("province-en", "fr")
    st = new_game(rs, seed=5, first_player=0)
    legal = st.legal_actions()
    move = next(a for a in legal if t.canonical[a] == "move green@coin")
    for typed in ("déplacer vert@revenu", "move green@coin", "deplacer vert@revenu", "DÉPLACER  Vert@Revenu",
                  "  Deplacer VERT@REVENU ", unicodedata.normalize("NFD", "déplacer vert@revenu"),
                  "déplacer revenu", "deplacer revenu", "move coin"):
        assert t.parse(st, typed) == move, typed
    st._apply(move)
    spend = t.parse(st, "acheter")
    assert t.canonical[spend] == "spend" and t.parse(st, "spend") == spend and t.parse(st, "ACHETER") == spend
    st._apply(spend)
    # Build the Lender when it can be afforded: the accent-less form works.
    from rulekit.engine import BUILD
    st2 = new_game(rs, seed=5, first_player=0)
    while not st2.is_terminal():
        builds = [a for a in st2.legal_actions() if c.actions[a].kind == BUILD and t.canonical[a] == "build lender"]
        if builds:
            assert t.parse(st2, "construire preteur") == builds[0]
            assert t.parse(st2, "Construire Prêteur") == builds[0]
            assert t.parse(st2, "build lender") == builds[0]
            break
        action, _r = bot_choose("bot:greedy", st2, 5)
        st2._apply(action)
    else:
        pytest.fail("the Lender was never affordable in this game")


def test_a_short_form_that_fits_several_moves_lists_them():
    rs, st = ambiguous_position()
    i18n.set_language("fr")
    t = for_compiled(st.c, "fr")
    with pytest.raises(AmbiguousActionError) as info:
        t.parse(st, "déplacer ouvrage_haut")
    assert sorted(info.value.choices) == ["déplacer camp@ouvrage_haut", "déplacer vert@ouvrage_haut"]
    with pytest.raises(AmbiguousActionError):
        t.parse(st, "move labor_top")
    i18n.set_language("en")
    with pytest.raises(AmbiguousActionError) as info:
        for_compiled(st.c, "en").parse(st, "move labor_top")
    assert sorted(info.value.choices) == ["move camp@labor_top", "move green@labor_top"]


def test_not_legal_lists_the_legal_actions_in_french():
    rs, c, t = table("province-en", "fr")
    st = new_game(rs, seed=5, first_player=0)
    with pytest.raises(IllegalActionError) as info:
        t.parse(st, "construire château")
    assert not isinstance(info.value, AmbiguousActionError)
    assert "déplacer vert@ouvrage_haut" in info.value.legal
    message = screen.illegal_message(st, "construire château")
    assert "déplacer vert@ouvrage_haut" in message and "move " not in message


# ---------------------------------------------------------------------------
# Collisions fall back to the ids


COLLIDING_PO = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"

msgctxt "notation"
msgid "build"
msgstr "prendre"

msgctxt "notation"
msgid "borrow"
msgstr "prendre"

msgctxt "structure"
msgid "Mill"
msgstr "Banque"

msgctxt "conversion:short"
msgid "Grind"
msgstr "Finir"

msgctxt "worker:short"
msgid "Green"
msgstr "—"
"""


def test_colliding_translations_fall_back_to_the_ids(tmp_path, monkeypatch):
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "collide.po").write_text(COLLIDING_PO, encoding="utf-8")
    monkeypatch.setenv(i18n.LOCALES_ENV, str(tmp_path))
    i18n.clear_cache()
    try:
        rs, c, t = table("province-en", "fr")
        fr = by_canonical(c, t)
        # two verbs alike: both canonical
        assert fr["build village"] == "build village" and fr["borrow village"] == "borrow village"
        # two structures named alike: both ids; the others keep their French slug
        assert fr["build mill"] == "build mill" and fr["build bank"] == "build bank"
        assert fr["build lender"] == "build prêteur"
        # a conversion named like a verb: both fall back
        assert fr["grind"] == "grind" and fr["end"] == "end" and fr["spend"] == "acheter"
        # a name with nothing typable: the id
        assert fr["move green@coin"] == "déplacer green@revenu"
        assert len(set(t.local)) == len(t.local)
        st = new_game(rs, seed=5, first_player=0)
        assert t.canonical[t.parse(st, "déplacer green@revenu")] == "move green@coin"
    finally:
        monkeypatch.delenv(i18n.LOCALES_ENV)
        i18n.clear_cache()


# ---------------------------------------------------------------------------
# rulekit play in French


@pytest.mark.parametrize("ruleset_id,seed", [("province-en", 8), ("province-fr", 12)])
def test_a_whole_french_game_typed_in_french_notation(ruleset_id, seed, tmp_path):
    rs, st = library_game(ruleset_id, seed)
    canonical = [st.notation(a) for a in st.history]
    record = GameRecord(ruleset_id=rs.id, ruleset_sha256=rs.sha256, seed=seed, first_player=None,
                        actions=canonical)
    typed = localized_script(rs, record, "fr")
    words = {w for line in typed.splitlines() for w in line.split()}
    assert not words & CANONICAL_VERBS and {"déplacer", "acheter", "finir", "construire"} <= words
    saved = tmp_path / "fr.json"
    args = ["play", ruleset_id, "--lang", "fr", "--players", "human,human", "--seed", str(seed),
            "--record", str(saved)]
    if not compile_ruleset(rs).first_random:
        args += ["--first", "1"]
    result = run(args, input=typed)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "PARTIE TERMINÉE" in out and "n'est pas une action permise" not in out
    # shown in French, as reports, with the French notation
    assert "[déplacer vert@" in out and "[construire " in out and "[finir]" in out
    assert "Le joueur 1 déplace un Ouvrier" in out and "finit son tour" in out
    assert "[move " not in out and "[build " not in out and "[end]" not in out
    # the record keeps the canonical notation, and replays to the same scores
    record = GameRecord.load(saved)
    assert record.actions == canonical
    assert replay(record, rs).scores() == st.scores()
    rows = score_rows(out)
    assert rows["Total des PV"] == list(st.scores())


def test_french_screen_shows_french_notation_in_the_choices_and_help(tmp_path):
    i18n.set_language("fr")
    out = []
    con = Console(interactive=True, color=False, write=out.append,
                  read_line=reader(["aide", "deplacer revenu", "move green@labor_low", "ACHETER", "finir",
                                    "annuler", "construire château", "journal", "quitter"]))
    rs = load_ruleset("province-en")
    session = Session(ruleset=rs, seed=5, players=["human", "bot:greedy"], console=con, first_player=0,
                      record_path=tmp_path / "g.json")
    assert session.run() == 0
    text = "\n".join(out)
    flat = " ".join(text.split())
    assert "déplacer\u00a0" not in text                  # the notation kept whole, shown with spaces
    assert "[déplacer vert@revenu]" in text and "[déplacer vert@ouvrage_bas]" in text   # never cut by a wrap
    assert "déplacer vert@ouvrage_haut" in text                       # a numbered choice
    assert "par exemple déplacer vert@ouvrage_haut" in text           # the example under the choices
    assert "ou continuez : acheter (Phase d’Achat) ou finir (fin du tour)" in flat
    assert "déplacer vert@ouvrage_haut déplace un Ouvrier" in flat      # help, in French notation
    assert "La notation anglaise fonctionne aussi (par exemple build lender)" in flat
    assert "Annulé\u202f: retour avant votre action «\u202ffinir\u202f»" in text
    assert "«\u202fconstruire château\u202f» n’est pas une action permise ici" in text
    choices = text[text.rindex("Vos choix"):]
    for english in ("move ", "spend", "build ", " end"):
        assert english not in choices, english
    # the record stores the canonical notation of what was typed in French
    assert GameRecord.load(tmp_path / "g.json").actions == ["move green@coin", "move green@labor_low", "spend"]


def test_french_ambiguity_message_in_a_session():
    rs, st = ambiguous_position()
    i18n.set_language("fr")
    out = []
    con = Console(interactive=False, color=False, write=out.append, read_line=reader([]))
    session = Session(ruleset=rs, seed=1, players=["human", "human"], console=con, first_player=0,
                      actions=[st.notation(a) for a in st.history])
    assert session._command("déplacer ouvrage_haut") == "stay"
    assert ("«\u202fdéplacer ouvrage_haut\u202f» peut désigner plusieurs actions\u202f: "
            "déplacer vert@ouvrage_haut, déplacer camp@ouvrage_haut. Tapez l’une d’elles, ou son numéro.") in out
    assert session._command("deplacer camp@ouvrage_haut") == "played"
    assert session.state.notation(session.state.history[-1]) == "move camp@labor_top"


# ---------------------------------------------------------------------------
# Computer moves: reports, and "thinking…" on a terminal


def test_computer_moves_read_as_reports():
    result = run(["play", "--lang", "en", "--players", "bot:greedy,bot:random", "--seed", "4", "--first", "1"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Computer 1 (greedy) moves a worker (Green) from " in out
    assert "Computer 1 (greedy) builds the " in out and "Computer 2 (random) ends the turn" in out
    assert "(greedy): " not in out and "(random): " not in out          # no more "Name: imperative"
    assert "Why: " in out
    fr = run(["play", "--lang", "fr", "--players", "bot:greedy,bot:random", "--seed", "4", "--first", "1"])
    assert "L’ordinateur 1 (glouton) déplace un Ouvrier Vert de " in fr.output
    assert re.search(r"construit (le|la) [A-ZÉ]", fr.output) and "[construire " in fr.output
    assert "Bâtiment" not in re.findall(r"construit \w+ (\w+)", fr.output)


def _session_with_bot(terminal, monkeypatch, slow=("greedy",)):
    monkeypatch.setattr("rulekit.play.session.SLOW_BOTS", set(slow))
    i18n.set_language("en")
    lines, status = [], []
    con = Console(interactive=False, color=False, write=lines.append, terminal=terminal, status_write=status.append,
                  read_line=reader(["move coin", "spend", "end"]))
    session = Session(ruleset=load_ruleset("province-en"), seed=5, players=["human", "bot:greedy"], console=con,
                      first_player=0)
    assert session.run() == 0
    return lines, status


def test_a_slow_computer_shows_thinking_on_a_terminal_only(monkeypatch):
    lines, status = _session_with_bot(True, monkeypatch)
    thinking = "Computer (greedy) is thinking…"
    shows = [s for s in status if s == thinking]
    wipes = [s for s in status if s.startswith("\r") and s.strip() == ""]
    assert len(shows) > 3 and len(wipes) == len(shows)                  # one per computer action, each wiped out
    assert all(len(w) == len(thinking) + 2 for w in wipes)
    assert not any("thinking" in line for line in lines)                # never part of the log
    lines, status = _session_with_bot(False, monkeypatch)               # a pipe or a file: nothing
    assert status == [] and not any("thinking" in line for line in lines)
    lines, status = _session_with_bot(True, monkeypatch, slow=())       # a fast computer: nothing
    assert status == []


def test_mcts_is_a_slow_bot_and_cli_output_never_shows_thinking():
    assert "mcts" in SLOW_BOTS
    result = run(["play", "--lang", "en", "--players", "bot:greedy,bot:greedy", "--seed", "9"])
    assert result.exit_code == 0 and "thinking" not in result.output


def test_the_table_of_another_language_than_the_current_one():
    i18n.set_language("en")
    c = compile_ruleset(load_ruleset("province-en"))
    fr = for_compiled(c, "fr")
    assert i18n.get_language() == "en"
    assert "construire prêteur" in fr.local and for_compiled(c).local == fr.canonical


def test_the_french_table_of_the_docs_is_the_screen_notation():
    import re
    from pathlib import Path

    doc = (Path(__file__).resolve().parent.parent / "docs" / "notation.md").read_text(encoding="utf-8")
    section = doc[doc.index("So, in *Province*:"):]
    rows = re.findall(r"^\| `([^`]+)`(?: \(short form\))? \| `([^`]+)` \|$", section, re.M)
    assert len(rows) >= 12
    rs, c, t = table("province-en", "fr")
    fr = by_canonical(c, t)
    shorts = {pair for pair in t.short if pair}
    for canonical, french in rows:
        if canonical in fr:
            assert fr[canonical] == french, canonical
        else:
            assert (french, canonical) in shorts, canonical
    verbs = dict(re.findall(r"^\| `(\w+)` \| `(\w+)` \| [a-z]", doc, re.M))
    assert verbs["build"] == "construire" and len(verbs) == 8
    assert {fr["build lender"].split()[0], fr["move green@coin"].split()[0], fr["exchange gold"].split()[0],
            fr["borrow bank"].split()[0], fr["spend"], fr["end"], fr["hire"], fr["repay"]} == set(verbs.values())
