"""Click classes whose help texts are translated when shown, and error reporting."""
from __future__ import annotations

import click

from ..errors import RulekitError
from ..i18n import _


class _Translating:
    """Mixin: translate help texts at display time (they are marked with N_)."""

    def get_short_help_str(self, limit=45):
        if self.short_help:
            return _(self.short_help)
        return click.utils.make_default_short_help(_(self.help or ""), limit)

    def format_help_text(self, ctx, formatter):
        saved = self.help
        self.help = _(saved) if saved else saved
        try:
            super().format_help_text(ctx, formatter)
        finally:
            self.help = saved

    def get_params(self, ctx):
        params = super().get_params(ctx)
        for p in params:
            if getattr(p, "help", None) and not getattr(p, "_rk_translated", False):
                p.help = _(p.help)
                p._rk_translated = True
        return params


class RkCommand(_Translating, click.Command):
    pass


class RkGroup(_Translating, click.Group):
    command_class = RkCommand

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except RulekitError as exc:
            fail(str(exc))


def fail(message: str, code: int = 1):
    """Print ``rulekit: message`` on stderr and exit with ``code``."""
    click.echo(_("rulekit: {message}").format(message=message), err=True)
    raise SystemExit(code)
