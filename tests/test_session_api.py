"""The session's public API, which the web board calls: play_action and undo (no private names from outside)."""
from __future__ import annotations

import ast
from pathlib import Path

from rulekit.language import load_ruleset
from rulekit.play import Console, Session

ROOT = Path(__file__).resolve().parent.parent


def test_play_action_and_undo_are_public():
    assert not hasattr(Session, "_play") and not hasattr(Session, "_undo")
    out = []
    con = Console(interactive=False, color=False, write=out.append)
    session = Session(ruleset=load_ruleset("province-en"), seed=5, players=["human", "human"], console=con)
    session.play_action(session.state.parse("move green@coin"), save=False)
    assert len(session.state.history) == 1
    assert session.undo() == "redraw" and session.state.history == []
    assert session.undo() == "stay" and "Nothing to undo" in "".join(out)


def test_the_web_board_calls_no_private_method_of_the_session():
    tree = ast.parse((ROOT / "rulekit" / "web" / "game.py").read_text(encoding="utf-8"))
    session_private = {name for name in vars(Session) if name.startswith("_") and not name.startswith("__")}
    used = sorted({node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)} & session_private)
    assert session_private and used == []
