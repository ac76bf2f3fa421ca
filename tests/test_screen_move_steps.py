"""The play screen says how far a worker moves as the rulebook does: ``turn.move_steps``, not always "one step"."""
from __future__ import annotations

import pytest

import scenario as S
from rulekit import i18n
from rulekit.play import Console, player_names, screen


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def _texts(ref, lang):
    i18n.set_language(lang)
    st = S.new(ref, seed=0)
    con = Console(interactive=False, color=False, write=lambda s: None)
    cycle = " ".join(screen.cycle_lines(st, player_names(["human", "bot:greedy"]), con, width=200))
    return cycle, screen.phase_hint(st)


def test_two_steps_on_the_screen(tmp_path):
    ref = S.variant(tmp_path, {"turn": {"move_steps": 2}})
    cycle, hint = _texts(ref, "en")
    assert "(each worker moves 2 steps: " in cycle and "one step" not in cycle
    assert hint == "Move at least one worker you have access to, 2 steps each."
    cycle_fr, hint_fr = _texts(ref, "fr")
    assert "de 2 zones" in cycle_fr and "de 2 zones" in hint_fr
    assert "d’une zone" not in cycle_fr and "d’une zone" not in hint_fr


def test_one_step_by_default():
    cycle, hint = _texts("province-en", "en")
    assert "(each worker moves one step: " in cycle
    assert hint == "Move at least one worker you have access to, one step each."
