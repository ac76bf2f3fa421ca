"""The ``rulekit`` command.

The library raises :class:`rulekit.errors.RulekitError`; only this package
turns errors into messages and exit codes (1 for a problem in the input, 2 for
a usage error). Help texts are marked with ``N_`` and translated when shown,
so ``--lang`` and the environment's language apply to ``--help`` too.

Each group of commands lives in its own module:

- :mod:`rulekit.cli.ruleset_cmds` — ``validate``, ``list``, ``show``, ``schema``;
- :mod:`rulekit.cli.game_cmds` — ``play``, ``replay``;
- :mod:`rulekit.cli.rulebook_cmds` — ``rulebook``, ``diff``;
- :mod:`rulekit.cli.simulate_cmds` — ``simulate``.
"""
from __future__ import annotations

import importlib
import sys

import click

from ..i18n import _, negotiate_language, set_language, available_languages
from .base import RkGroup

COMMAND_MODULES = ("ruleset_cmds", "game_cmds", "rulebook_cmds", "simulate_cmds")


def _prescan_lang(argv) -> str | None:
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


@click.group(cls=RkGroup, help="Board-game rules as data: play Province, check house rules, print rulebooks.")
@click.version_option(package_name="rulekit", prog_name="rulekit")
def cli():
    pass


for _name in COMMAND_MODULES:
    try:
        _module = importlib.import_module(f"{__name__}.{_name}")
    except ModuleNotFoundError as exc:  # a command group not written yet
        if exc.name != f"{__name__}.{_name}":
            raise
        continue
    for _command in getattr(_module, "COMMANDS", ()):
        cli.add_command(_command)


def main(argv=None):
    """Entry point of the ``rulekit`` console script."""
    argv = sys.argv[1:] if argv is None else list(argv)
    lang = _prescan_lang(argv)
    set_language(lang if lang in available_languages() else negotiate_language())
    return cli.main(args=argv, prog_name="rulekit")
