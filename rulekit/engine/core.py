"""Which engine runs: the compiled core or the same modules as pure Python.

``game.py``, ``coins.py`` and ``trail.py`` are the engine's only source, and the modules a family
subpackage names in its ``MODULES`` (``provisions/tables.py`` and ``provisions/state.py``) its own. Where
the install found a C compiler, Cython compiled them (setup.py) into extension
modules beside them, which Python imports first. ``RULEKIT_PURE_PYTHON=1``
makes :mod:`rulekit.engine` import the ``.py`` files instead, so both can run
on one machine; :func:`load_source` imports them under another package name
in the same process (the differential test plays both side by side).
"""
from __future__ import annotations

import ast
import importlib.machinery
import importlib.util
import os
import sys
import types
from pathlib import Path

PURE_ENV = "RULEKIT_PURE_PYTHON"
# In import order: each imports only those before it (and rulekit's foundation).
# The first four are compiled where a compiler is present; the table of families and the records only
# follow them (the family subpackages, loaded after these, register their rows in that table).
MODULES = ("trail", "coins", "rng", "game", "families", "record")
HERE = Path(__file__).resolve().parent


def family_packages() -> dict:
    """The engine's subpackages (a folder of this package with an ``__init__.py``: the families' and
    :mod:`.mechanics`), each with the modules its ``MODULES`` names, in import order (read from the source, never
    imported from here)."""
    out = {}
    for folder in sorted(p for p in HERE.iterdir() if (p / "__init__.py").is_file()):
        tree = ast.parse((folder / "__init__.py").read_text(encoding="utf-8"))
        modules = next((ast.literal_eval(node.value) for node in tree.body if isinstance(node, ast.Assign)
                        and any(isinstance(t, ast.Name) and t.id == "MODULES" for t in node.targets)), ())
        out[folder.name] = tuple(modules)
    return out


def pure_requested() -> bool:
    """True when ``RULEKIT_PURE_PYTHON`` asks for the pure-Python engine."""
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def is_compiled(module) -> bool:
    """True when ``module`` was imported from a compiled extension, not a ``.py`` file."""
    return not str(getattr(module, "__file__", "") or "").endswith(".py")


def source_module(full: str, path: Path) -> types.ModuleType:
    """Import the Python file ``path`` as the module ``full`` (registered in ``sys.modules``), even
    where a compiled module of that name exists beside it."""
    spec = importlib.util.spec_from_loader(full, importlib.machinery.SourceFileLoader(full, str(path)))
    module = importlib.util.module_from_spec(spec)
    sys.modules[full] = module
    spec.loader.exec_module(module)
    return module


def source_package(full: str, folder: Path) -> types.ModuleType:
    """Import the package in ``folder`` from its ``__init__.py`` as ``full`` (registered in ``sys.modules``); its
    own relative imports find the modules already registered under ``full``."""
    spec = importlib.util.spec_from_file_location(full, folder / "__init__.py",
                                                  submodule_search_locations=[str(folder)])
    module = importlib.util.module_from_spec(spec)
    sys.modules[full] = module
    spec.loader.exec_module(module)
    return module


def load_source(package: str) -> types.ModuleType:
    """Import the engine's modules from their ``.py`` files as ``package.trail``,
    ``package.coins``, ``package.game``, ``package.record`` and each family subpackage's as
    ``package.FAMILY`` (its ``MODULES``), registered in ``sys.modules``, and return
    the package. With ``package="rulekit.engine"`` they replace the compiled ones."""
    pkg = sys.modules.get(package)
    if pkg is None:
        pkg = types.ModuleType(package)
        pkg.__path__ = [str(HERE)]
        pkg.__package__ = package
        sys.modules[package] = pkg
    for name in MODULES:
        setattr(pkg, name, source_module(f"{package}.{name}", HERE / f"{name}.py"))
    for family, names in family_packages().items():
        folder = HERE / family
        modules = {name: source_module(f"{package}.{family}.{name}", folder / f"{name}.py") for name in names}
        sub = source_package(f"{package}.{family}", folder)
        setattr(pkg, family, sub)
        for name, module in modules.items():
            setattr(sub, name, module)
    return pkg
