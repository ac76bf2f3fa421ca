"""The package layout is the architecture (docs/architecture.md): imports only go down.

Every ``import`` of a rulekit module — at the top of a file or inside a
function — is read with :mod:`ast`. A module may import modules of its own
package, or of a package on a lower layer; never one beside it or above it;
and no chain of imports between modules may come back to where it started.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "rulekit"

#: The layers, lowest first. A module may import its own package and any
#: package on a lower layer. Packages on one layer stand beside each other and
#: do not import each other.
LAYERS = [
    {"rulekit", "rulekit.paths", "rulekit.tables"},   # the foundation: where the data is, the families' tables,
    {"rulekit.i18n"},                           # translations,
    {"rulekit.errors"},                         # the exceptions
    {"rulekit.files"},                          # writing files (atomically, never over an input)
    {"rulekit.language"},
    {"rulekit.engine", "rulekit.text"},
    {"rulekit.bots"},
    {"rulekit.play", "rulekit.balance"},
    {"rulekit.web"},                            # the game in a browser (reads the play layer's view)
    {"rulekit.cli"},
    {"rulekit.__main__"},
]


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def owner(module: str) -> str:
    """The unit of the layout a module belongs to (``rulekit.bots.mcts`` -> ``rulekit.bots``)."""
    parts = module.split(".")
    if len(parts) >= 2 and (PACKAGE / parts[1]).is_dir():
        return ".".join(parts[:2])
    return module


def layer(unit: str) -> int:
    for i, units in enumerate(LAYERS):
        if unit in units:
            return i
    raise AssertionError(f"{unit} is on no layer: add it to LAYERS and to docs/architecture.md")


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, imported rulekit module) for every import in the file, lazy ones included."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.split(".")[0] == "rulekit"]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "rulekit":
                continue
            for alias in node.names:                       # `from . import sentences` names a module
                sub = f"{target}.{alias.name}"
                is_module = (PACKAGE.parent / Path(*sub.split("."))).with_suffix(".py").exists() or \
                    (PACKAGE.parent / Path(*sub.split("."))).is_dir()
                found.append((node.lineno, sub if is_module else target))
    return found


MODULES = sorted(PACKAGE.rglob("*.py"))
GRAPH = {module_name(p): {t for _l, t in imports(p)} for p in MODULES}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE.parent)))
def test_imports_only_go_down(path):
    here = owner(module_name(path))
    wrong = []
    for line, target in imports(path):
        there = owner(target)
        if there == here or there == "rulekit" and target == "rulekit":
            continue
        if layer(there) >= layer(here):
            wrong.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {here} (layer {layer(here)}) imports "
                         f"{target} (layer {layer(there)})")
    assert not wrong, "imports that go sideways or up:\n" + "\n".join(wrong)


def test_no_import_circle():
    circles = []
    state: dict[str, int] = {}          # 1: on the current path, 2: done

    def visit(node, path):
        state[node] = 1
        for nxt in sorted(GRAPH.get(node, ())):
            if nxt not in GRAPH:
                continue
            if state.get(nxt) == 1:
                circles.append(" -> ".join(path[path.index(nxt):] + [nxt]))
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = 2

    for node in sorted(GRAPH):
        if node not in state:
            visit(node, [node])
    # A package's __init__ importing its own modules is its face, not a circle.
    circles = [c for c in circles if not _only_package_faces(c)]
    assert not circles, "import circles:\n" + "\n".join(circles)


def _only_package_faces(circle: str) -> bool:
    """A circle closed only by ``pkg.module`` -> ``pkg`` (the package's own face) is no circle."""
    steps = circle.split(" -> ")
    return any(b == a.rsplit(".", 1)[0] and b in GRAPH and (PACKAGE.parent / Path(*b.split("."))).is_dir()
               for a, b in zip(steps, steps[1:]))


def test_every_package_is_on_a_layer_and_documented():
    doc = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    for pkg in sorted(p for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()):
        unit = f"rulekit.{pkg.name}"
        layer(unit)
        assert f"`rulekit/{pkg.name}/`" in doc, f"docs/architecture.md does not describe rulekit/{pkg.name}/"


def test_the_engine_knows_no_language_and_no_translation():
    """The engine plays a Ruleset it is given: it imports neither the rules language (the Ruleset
    hands it what it needs, such as the sailors' worker kind) nor translation (its errors carry
    :class:`rulekit.errors.Text`, translated when shown)."""
    wrong = [f"{path.relative_to(PACKAGE.parent)}:{line}: imports {target}"
             for path in MODULES if owner(module_name(path)) == "rulekit.engine"
             for line, target in imports(path) if owner(target) in ("rulekit.i18n", "rulekit.language")]
    assert not wrong, "\n".join(wrong)


TOOLS = PACKAGE.parent / "rulekit_tools"


def test_the_runtime_never_imports_the_tools():
    """``rulekit_tools`` (catalog and language checks) sits above everything: it may import rulekit,
    rulekit imports nothing of it, not even inside a function."""
    assert (TOOLS / "__init__.py").exists()
    wrong = []
    for path in MODULES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
            wrong += [f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: imports {n}"
                      for n in names if n.split(".")[0] == "rulekit_tools"]
    assert not wrong, "the runtime imports the tools:\n" + "\n".join(wrong)


def test_the_checker_sees_a_wrong_import(tmp_path):
    """The test itself: an engine module that imports the play screen is caught."""
    bad = PACKAGE / "engine" / "game.py"
    here = owner(module_name(bad))
    assert layer(owner("rulekit.play.screen")) > layer(here)
    assert layer(owner("rulekit.text.sentences")) == layer(here)     # beside: refused too
    assert owner("rulekit.bots.mcts") == "rulekit.bots" and owner("rulekit.errors") == "rulekit.errors"
