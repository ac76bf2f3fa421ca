"""The reads a module drawn from a family's view must not make (docs/architecture.md): an engine's tables
(``x.c``, ``x.t``) and a private member (``x._name``) of anything but ``self`` and ``cls``. Shared by the
checks of the terminal's modules (tests/test_play_screen_view.py) and of the web layer (tests/test_web.py)."""
from __future__ import annotations

import ast


def forbidden_reads(source: str, name: str) -> list[str]:
    """Each ``x.c`` / ``x.t`` and each ``x._private`` (but ``self``'s and ``cls``'s) in ``source``, as
    ``"name:line: .attribute"``."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute):
            continue
        owner = node.value.id if isinstance(node.value, ast.Name) else ""
        if node.attr in ("c", "t") or (node.attr.startswith("_") and not node.attr.startswith("__")
                                       and owner not in ("self", "cls")):
            out.append(f"{name}:{node.lineno}: .{node.attr}")
    return out
