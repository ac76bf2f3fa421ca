"""The pagers (`aide`, `règles`, `coûts`, `journal`) speak the player's language (French review 4,
item 25 = F25): `less` is given its prompt, translated, in place of its English ``(END)``."""
from __future__ import annotations

import os
import re
import shutil

import click
import pexpect

from rulekit import i18n
from rulekit.play import session
from rulekit.play.session import Console

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]")
FR_PROMPT = "?e(fin, q pour revenir):(espace pour la suite, q pour revenir)."


def _given(monkeypatch, environ: dict, color: bool = False) -> tuple[str | None, list[str]]:
    """What the pager is given by a French console: ``LESS`` while it runs, and the text."""
    seen = []

    def pager(text, color=None):
        seen.append((os.environ.get("LESS"), text))

    for key in ("PAGER", "LESS"):
        monkeypatch.delenv(key, raising=False)
    for key, value in environ.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setattr(click, "echo_via_pager", pager)
    con = Console(interactive=True, color=color, write=[].append, terminal=True, size=(80, 24))
    with i18n.language("fr"):
        con.page(["Règles", "Phase d'Achat"])
    assert len(seen) == 1
    return seen[0]


def test_less_is_given_the_french_prompt(monkeypatch):
    less, text = _given(monkeypatch, {})
    assert text == "Règles\nPhase d'Achat\n"
    for kind in "smM":                      # short, medium (-m) and long (-M) prompts alike
        assert f"-P{kind}{FR_PROMPT}$" in less
    assert "-R" not in less
    assert "LESS" not in os.environ                 # the player's environment is given back as it was


def test_the_players_less_options_are_kept_and_colour_shown(monkeypatch):
    less, _text = _given(monkeypatch, {"LESS": "-X -i", "PAGER": "/usr/bin/less -S"}, color=True)
    assert less.startswith("-X -i -R -Ps" + FR_PROMPT + "$")
    assert os.environ["LESS"] == "-X -i"


def test_another_pager_is_left_alone(monkeypatch):
    less, _text = _given(monkeypatch, {"PAGER": "more", "LESS": "-X"})
    assert less == "-X"


def test_the_prompt_is_written_for_less():
    # less's special characters escaped, no $ (it would end the option), ASCII only (less garbles the rest)
    assert session._less_prompt_text("(fin — q : é? 50% \\ $1.)") == "(fin - q \\: e\\? 50\\% \\\\ 1\\.)"
    assert session._less_prompt_text("a\u202f:\u00a0b") == "a \\: b"


def test_less_shows_the_french_prompt_on_a_terminal(tmp_path):
    less = shutil.which("less")
    assert less, "the pager test needs less"
    text = tmp_path / "rules.txt"
    text.write_text("\n".join(f"ligne {n}" for n in range(60)) + "\n")
    with i18n.language("fr"):
        env = {k: v for k, v in os.environ.items() if k not in ("LESS", "PAGER")}
        env.update(session.pager_environment(env, False), TERM="xterm", LESSCHARSET="utf-8")
    child = pexpect.spawn(less, [str(text)], env=env, encoding="utf-8", timeout=10, dimensions=(12, 80))
    try:
        child.expect(r"\(espace pour la suite, q pour revenir\)")
        child.send("G")                                     # the last page
        child.expect(r"\(fin, q pour revenir\)")
        shown = ANSI.sub("", child.before)
        child.send("q")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert "ligne 59" in shown and "(END)" not in shown
