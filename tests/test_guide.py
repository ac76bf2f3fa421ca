"""The guided first game in the terminal (``rulekit play --guide``): the same steps as the browser's, each
shown once, as the game meets it, in the player's language; never without --guide."""
from __future__ import annotations

import pytest

from rulekit import i18n
from rulekit.language import load_ruleset
from rulekit.play.guide import GUIDE_STEPS
from rulekit.play.session import Console, Session


def play(lines, guide, lang="en"):
    i18n.set_language(lang)
    out = []
    feed = iter(lines)
    con = Console(interactive=False, color=False, write=out.append, read_line=lambda prompt: next(feed, None))
    session = Session(ruleset=load_ruleset("short-game"), seed=3, players=["human", "bot:easy"], console=con,
                      first_player=0, autosave=False, guide=guide)
    session.run()
    i18n.set_language("en")
    return [line for line in out if line.startswith(("Guide:", "Guide :", "Guide\u202f:"))]


MOVES = ["move green@coin", "move green@labor_low", "move green@labor_top", "spend", "end"] * 6


def test_the_guide_tells_each_step_once_as_the_game_meets_it():
    told = play(MOVES, guide=True)
    assert told[0].startswith("Guide: The Work Cycle is shared.")
    assert "the board says which" in told[0]                      # the terminal's words, not the page's
    assert len(told) == len(set(told)) and 2 <= len(told) <= len(GUIDE_STEPS)
    assert not any("pointer" in line for line in told)


def test_the_guide_speaks_french():
    told = play(MOVES, guide=True, lang="fr")
    assert told and "Cycle de Travail" in told[0]


def test_no_guide_without_the_option():
    assert play(MOVES, guide=False) == []
