"""Which engine runs: the compiled core or the same modules as pure Python.

``game.py``, ``coins.py`` and ``trail.py`` are the engine's only source, and
``provisions/tables.py`` and ``provisions/state.py`` the Provisions family's. Where
the install found a C compiler, Cython compiled them (setup.py) into extension
modules beside them, which Python imports first. ``RULEKIT_PURE_PYTHON=1``
makes :mod:`rulekit.engine` import the ``.py`` files instead, so both can run
on one machine; :func:`load_source` imports them under another package name
in the same process (the differential test plays both side by side).
"""
from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
import types
from pathlib import Path

PURE_ENV = "RULEKIT_PURE_PYTHON"
# In import order: each imports only those before it (and rulekit's foundation).
# The first three are compiled where a compiler is present; record only follows them.
MODULES = ("trail", "coins", "game", "record")
#: The Provisions family's engine, a subpackage imported after those: its modules in import order (both compiled
#: where a compiler is present), then its ``__init__.py``.
PROVISIONS = ("tables", "state")
HERE = Path(__file__).resolve().parent


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
    ``package.coins``, ``package.game``, ``package.record`` and the Provisions family's as
    ``package.provisions`` (its ``tables`` and ``state``), registered in ``sys.modules``, and return
    the package. With ``package="rulekit.engine"`` they replace the compiled ones."""
    pkg = sys.modules.get(package)
    if pkg is None:
        pkg = types.ModuleType(package)
        pkg.__path__ = [str(HERE)]
        pkg.__package__ = package
        sys.modules[package] = pkg
    for name in MODULES:
        setattr(pkg, name, source_module(f"{package}.{name}", HERE / f"{name}.py"))
    folder = HERE / "provisions"
    modules = {name: source_module(f"{package}.provisions.{name}", folder / f"{name}.py") for name in PROVISIONS}
    pkg.provisions = source_package(f"{package}.provisions", folder)
    for name, module in modules.items():
        setattr(pkg.provisions, name, module)
    return pkg
