"""Build the engine's compiled core where a C compiler is present.

The metadata is in pyproject.toml. The engine's modules (``rulekit/engine/
game.py``, ``coins.py``, ``trail.py``, ``rng.py``, the mechanisms of ``mechanics/``) and the bots' hot path (``rulekit/bots/
policy.py``) are plain Python and stay the only source: Cython compiles them
as they are, with the C types declared beside them in ``.pxd`` files
(Cython's "pure Python mode"), into
extension modules that Python imports instead of the ``.py`` files. The
Provisions family's engine (``rulekit/engine/provisions/``) and its search
(``rulekit/bots/determinized.py``, ``provisions_policy.py``) are compiled the
same way, without declarations (Python's semantics, without the interpreter's
dispatch). Without a
C compiler, or with ``RULEKIT_PURE_PYTHON=1`` set at install time, the build
says why and installs the same modules as pure Python; ``rulekit --version``
tells which engine runs.
"""
import glob
import os
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

#: The compiled modules, in groups translated together: the engine's, the bots' hot path (which takes the
#: compiled engine's states), then the Provisions family's engine and its search. A group Cython cannot
#: translate stays pure Python; the others are still compiled.
#: The mechanisms (rulekit/engine/mechanics/*.py, each with its .pxd): compiled with game.py, whose Mechanism they
#: subclass in C. Found here, so that a new one is compiled without a line in this file.
MECHANICS = tuple(sorted("rulekit/engine/mechanics/" + f[:-3] for f in glob.glob(
    "*.py", root_dir=os.path.join(os.path.dirname(os.path.abspath(__file__)), "rulekit", "engine", "mechanics"))
    if f != "__init__.py"))
COMPILED_GROUPS = (("rulekit/engine/trail", "rulekit/engine/coins", "rulekit/engine/rng", "rulekit/engine/game")
                   + MECHANICS,
                   ("rulekit/bots/policy",),
                   ("rulekit/engine/provisions/tables", "rulekit/engine/provisions/state"),
                   ("rulekit/bots/determinized", "rulekit/bots/provisions_policy"))


def _warn(message, what="the engine runs"):
    print(f"rulekit: {message}; {what} as pure Python (same games, slower).", file=sys.stderr)


class OptionalBuildExt(build_ext):
    """A failed compilation leaves the pure-Python engine in place instead of failing the install."""

    def run(self):
        try:
            super().run()
        except Exception as exc:  # no compiler, no Python headers, ...
            _warn(f"could not build the compiled engine ({exc})")

    def build_extension(self, ext):
        if self._reuse_built(ext):
            return
        try:
            super().build_extension(ext)
        except Exception as exc:
            _warn(f"could not compile {ext.name} ({exc})", "it runs")

    def _reuse_built(self, ext) -> bool:
        """A module built by an earlier install and still up to date (:func:`_up_to_date`) is taken as
        it is instead of being compiled again."""
        if self.force:
            return False
        module = ext.name.replace(".", "/")
        if not _up_to_date(module):
            return False
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        self.copy_file(_built(module), target)
        return True


def _built(module: str) -> str:
    """Where an editable install leaves the compiled ``module`` (``rulekit/engine/game``): beside its
    source, its name carrying this Python's ABI tag."""
    return module + (sysconfig.get_config_var("EXT_SUFFIX") or ".so")


def _up_to_date(module: str) -> bool:
    """Whether the compiled ``module`` beside its source is newer than everything it is made from: its
    ``.py``, every ``.pxd`` of the package (the declarations it cimports) and this file. An editable
    install (``pip install -e``) builds in a new temporary folder, with a new Cython whose own files are
    newer than the generated ``.c``: without this test every install would translate and compile the
    core again (minutes), even when only the extras changed."""
    root = os.path.dirname(os.path.abspath(__file__))
    inputs = [os.path.join(root, module + ".py"), os.path.abspath(__file__)] + \
        glob.glob(os.path.join(root, "rulekit", "**", "*.pxd"), recursive=True)
    try:
        return os.path.getmtime(os.path.join(root, _built(module))) >= max(os.path.getmtime(f) for f in inputs)
    except OSError:                 # not built yet, or a source missing: build
        return False


def extensions():
    if os.environ.get("RULEKIT_PURE_PYTHON", "") not in ("", "0"):
        _warn("RULEKIT_PURE_PYTHON is set, the compiled engine is not built")
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        _warn("Cython is not installed")
        return []
    out = []
    for group in COMPILED_GROUPS:
        exts = [Extension(m.replace("/", "."), [f"{m}.py"], optional=True) for m in group]
        if all(_up_to_date(m) for m in group):      # built by an earlier install: neither translated nor compiled
            print(f"rulekit: {', '.join(group)}: compiled already, up to date.", file=sys.stderr)
            out += exts
            continue
        try:
            out += cythonize(exts, language_level=3, quiet=True,
                             compiler_directives={"embedsignature": True,
                                                  # C types come from the .pxd files; the .py annotations stay Python's
                                                  "annotation_typing": False})
        except Exception as exc:    # e.g. a .pxd that no longer matches its .py: Cython's message is printed above
            _warn(f"Cython could not translate {', '.join(m + '.py' for m in group)} ({exc})",
                  "the engine runs" if "rulekit/engine/game" in group else "these run")
    return out


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
