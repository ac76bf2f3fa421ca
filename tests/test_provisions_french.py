"""Provisions 1849 in French: colours, notation, commands and book in French (English still accepted)."""
from __future__ import annotations

import random
import re

from rulekit.engine.provisions import new_game
from rulekit.i18n import language
from rulekit.language import load_ruleset
from rulekit.play import provisions_notation as pnotation
from rulekit.play import provisions_screen as pscreen
from rulekit.play.notation import fold
from rulekit.text.provisions_rulebook import render

ENGLISH = re.compile(r"\b(brown|white|red|black|yellow|grey|blue|green|keep|buy|sell|trade|swap|take|pass)\b")


def _game(seed=3, players=3):
    return new_game(load_ruleset("provisions-1849"), seed=seed, players=players)


def test_every_action_is_written_in_french_and_read_back_in_any_form():
    rng = random.Random(1)
    kinds = set()
    with language("fr"):
        st = _game()
        while not st.is_terminal():
            legal = st.legal_actions()
            for a in legal:
                shown = pnotation.local(st, a)
                assert not ENGLISH.search(shown), shown
                assert pnotation.parse(st, shown) == a
                assert pnotation.parse(st, fold(shown).upper()) == a       # no accents, any case
                assert pnotation.parse(st, st.notation(a)) == a            # the English notation too
                kinds.add(shown.split()[0])
            st.apply(rng.choice(legal))
    assert {"garder", "acheter", "approvisionner", "échanger", "prendre"} <= kinds
    with language("fr"):
        st = _game()
        for _seat in range(3):
            st.apply(st.legal_actions()[0])              # each keeps a bonus card
        assert pnotation.local(st, st.legal_actions()[0]).startswith("acheter ")
    with language("en"):
        assert pnotation.local(st, st.legal_actions()[0]) == st.notation(st.legal_actions()[0])


def test_the_french_screen_and_book_show_no_english_colour_or_verb():
    with language("fr"):
        st = _game()
        lines = pscreen.board_lines(st, ["Vous", "Ada", "Léon"], seat=0) + pscreen.choice_lines(st)
        lines += pscreen.help_lines(st)[:1]
        for _seat in range(3):
            st.apply(st.legal_actions()[0])
        lines += pscreen.choice_lines(st)
        text = "\n".join(lines)
        assert "farine (blanc)" in text and "[acheter " in text
        assert not ENGLISH.search(text), ENGLISH.search(text)
        book = render(load_ruleset("provisions-1849"), "md", "fr")
        assert "| marron | pommes de terre | 10 |" in book
        assert not ENGLISH.search(book), ENGLISH.search(book)


def test_french_commands_and_notation_are_typed_in_a_game(tmp_path):
    from click.testing import CliRunner

    from rulekit.cli import cli

    with language("fr"):
        st = _game(seed=2, players=2)
        card = pnotation.local(st, st.legal_actions()[0])          # « garder b… »
    result = CliRunner().invoke(cli, ["--lang", "fr", "play", "provisions-1849", "--players", "human,bot:easy",
                                      "--seed", "2", "--record", str(tmp_path / "g.json")],
                                input=f"aide\n{card}\nacheter blanc@2\nquitter\n", catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "Vous gardez une carte bonus." in result.output
    assert "Vous achetez 2 × farine (blanc)." in result.output
    assert "help, rules" not in result.output and "(en anglais)" not in result.output


def test_show_keeps_the_reconstructed_marks_in_both_languages():
    from click.testing import CliRunner

    from rulekit.cli import cli

    for lang, words in (("en", "# Reconstructed in"), ("fr", "# Reconstitué dans")):
        out = CliRunner().invoke(cli, ["--lang", lang, "show", "provisions-1849"], catch_exceptions=False).output
        marks = next(line for line in out.splitlines() if line.startswith(words))
        assert marks.endswith("goods, production.cards, store.spaces, months, bonus.cards, prospectors.cards"), marks
