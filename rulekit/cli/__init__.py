"""The ``rulekit`` command.

The library raises :class:`rulekit.errors.RulekitError`; only this package
turns errors into messages and exit codes (1 for a problem in the input, 2 for
a usage error). The group (:meth:`rulekit.cli.base.RkGroup.invoke`) reports
every error a command lets through, ``rulekit: message`` on stderr, and exits
with the error kind's ``exit_code``; a command catches only the errors it words
its own way. Help texts are marked with ``N_`` and translated when shown,
so ``--lang`` and the environment's language apply to ``--help`` too.

Each group of commands lives in its own module:

- :mod:`rulekit.cli.ruleset_cmds` — ``validate``, ``list``, ``show``, ``schema``;
- :mod:`rulekit.cli.game_cmds` — ``play``, ``replay``;
- :mod:`rulekit.cli.rulebook_cmds` — ``rulebook``, ``diff``;
- :mod:`rulekit.cli.simulate_cmds` — ``simulate``;
- :mod:`rulekit.cli.tune_cmds` — ``tune``;
- :mod:`rulekit.cli.web_cmds` — ``serve``.
"""
from __future__ import annotations

import importlib
import sys

import click

from ..i18n import N_, _
from .base import RkGroup, prescan_lang  # noqa: F401  (prescan_lang: used by main via RkGroup.main)

COMMAND_MODULES = ("ruleset_cmds", "game_cmds", "rulebook_cmds", "simulate_cmds", "tune_cmds", "web_cmds")


_prescan_lang = prescan_lang  # the old name, kept for callers


def _show_version(ctx, param, value):
    if not value or ctx.resilient_parsing:
        return
    from importlib.metadata import PackageNotFoundError, version

    try:
        number = version("rulekit")
    except PackageNotFoundError:  # running from a checkout, not installed
        from .. import __version__ as number
    from ..engine import ENGINE

    click.echo(_("{prog}, version {version}").format(prog="rulekit", version=number))
    engine = _("compiled (Cython)") if ENGINE == "compiled" else _("pure Python")
    click.echo(_("engine: {engine}").format(engine=engine))
    ctx.exit()


@click.group("rulekit", cls=RkGroup, help=N_("Board-game rules as data: play Province, check house rules, print rulebooks."))
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_show_version,
              help=N_("Show the version and exit."))
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
    # RkGroup.main picks the language (--lang, else LC_ALL/LC_MESSAGES/LANG)
    # before any help is built, and rejects an unknown --lang with exit 2.
    try:
        return cli.main(args=argv, prog_name="rulekit")
    except KeyboardInterrupt:          # while the command line is read
        raise SystemExit(130) from None
