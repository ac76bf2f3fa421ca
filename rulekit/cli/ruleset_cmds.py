"""``rulekit validate``, ``list``, ``show`` and ``schema``: working with ruleset files.

Everywhere, RULESET is a bundled id (``rulekit list`` shows them) or the path
of a ruleset file. Exit codes: 0 when all is well, 1 when a ruleset has a
problem or cannot be found, 2 on a usage error (click's own).
"""
from __future__ import annotations

from pathlib import Path

import click

from ..errors import RulekitError, RulesetError
from ..files import shown_path
from ..i18n import N_, _, language_name, ngettext
from ..language.names import display_name
from .base import RkCommand, fail, note_untranslated


@click.command("validate", cls=RkCommand,
               help=N_("Check ruleset files (or bundled ids) and report every problem as "
                       "FILE:LINE:COLUMN: message, and every warning (a variant's change that changes "
                       "nothing, parts that can never come into play) as FILE:LINE:COLUMN: warning: message. "
                       "Exit status 0 when all are valid, 1 otherwise."))
@click.option("--strict", is_flag=True, help=N_("Treat warnings as problems: exit status 1 when there is any."))
@click.argument("paths", nargs=-1, required=True, metavar=N_("PATH..."))
def validate(paths, strict):
    from ..errors import printable
    from ..language import check_and_load

    total = warned = 0
    for path in paths:
        problems, warnings, ruleset = check_and_load(path)
        total += len(problems)
        warned += len(warnings)
        for problem in problems:
            click.echo(str(problem))
        for warning in warnings:
            click.echo(str(warning))
        if not problems:
            click.echo(_("{file}: valid").format(file=printable(path, keep="")))
            note_untranslated(ruleset)
    if warned:
        click.echo(ngettext("{num} warning.", "{num} warnings.", warned).format(num=warned), err=True)
    if total:
        click.echo(ngettext("{num} problem found.", "{num} problems found.", total).format(num=total), err=True)
        raise SystemExit(1)
    if strict and warned:
        click.echo(_("--strict: warnings count as problems."), err=True)
        raise SystemExit(1)
    click.echo(ngettext("{num} ruleset checked, no problem found.", "{num} rulesets checked, no problem found.",
                        len(paths)).format(num=len(paths)), err=True)


@click.command("list", cls=RkCommand, help=N_("List the bundled rulesets: id, title and language."))
def list_():
    from ..language import bundled_rulesets, load_ruleset

    headers = (_("ID"), _("TITLE"), _("LANGUAGE"))
    rows = []
    for ident in bundled_rulesets():
        try:
            rs = load_ruleset(ident)
        except RulekitError:
            rows.append((ident, _("(invalid: run rulekit validate {id})").format(id=ident), ""))
            continue
        title = display_name(rs.data, "ruleset", "title") or rs.id
        edition = display_name(rs.data, "ruleset", "edition")
        if edition and not rs.base:
            title = _("{title} ({edition})").format(title=title, edition=edition)
        rows.append((ident, title, f"{rs.language} ({language_name(rs.language)})"))
    widths = [max(len(str(r[i])) for r in [headers, *rows]) for i in range(3)]
    for row in [headers, *rows]:
        click.echo("  ".join(str(cell).ljust(w) for cell, w in zip(row, widths)).rstrip())


def _ordered(data: dict) -> dict:
    """The resolved data with its top-level keys in the schema's order."""
    from ..language import schema

    order = list(schema()["properties"])
    ranked = sorted(data, key=lambda k: order.index(k) if k in order else len(order))
    return {k: data[k] for k in ranked}


def _reconstructed_fields(path) -> list[str]:
    """The fields a ruleset file marks with a ``# reconstructed`` comment (the line before them), as
    dotted paths (``store.spaces``): ``rulekit show`` keeps the mark that its YAML output drops."""
    import re

    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError:
        return []
    found, stack, pending = [], [], False
    for line in lines:
        stripped = line.strip()
        if stripped.startswith("#"):
            pending = pending or stripped[1:].strip().lower().startswith("reconstructed")
            continue
        match = re.match(r"^(\s*)([\w-]+):", line)
        if not match:
            if pending and stripped.startswith("- ") and stack:     # a list's items: the list is marked
                found.append(".".join(k for _i, k in stack))
                pending = False
            continue
        indent = len(match.group(1))
        stack = [(i, k) for i, k in stack if i < indent] + [(indent, match.group(2))]
        if pending:
            found.append(".".join(k for _i, k in stack))
            pending = False
    return found


@click.command("show", cls=RkCommand,
               help=N_("Print a ruleset as YAML after inheritance (extends) is resolved. "
                       "RULESET is a bundled id or a ruleset file; the output is itself a valid ruleset."))
@click.argument("ruleset", metavar=N_("RULESET"))
def show(ruleset):
    from ..language import display_path, load_ruleset

    try:
        rs = load_ruleset(ruleset)
    except RulesetError as exc:
        for problem in exc.problems:
            click.echo(str(problem), err=True)
        fail(ngettext("{ruleset}: {num} problem found.", "{ruleset}: {num} problems found.",
                      len(exc.problems)).format(ruleset=shown_path(ruleset), num=len(exc.problems)), exc.exit_code)
    chain = " <- ".join(shown_path(display_path(p)) for p in rs.chain)
    click.echo(_("# Ruleset {id}, resolved from {files}").format(id=rs.id, files=chain))
    for path in rs.chain:
        marked = _reconstructed_fields(path)
        if marked:
            # TRANSLATORS: {fields} are YAML field paths (goods, store.spaces…), kept as written.
            click.echo(_("# Reconstructed in {file} (not in the game's rule text; to be replaced by the printed "
                         "ones): {fields}").format(file=shown_path(display_path(path)), fields=", ".join(marked)))
    import yaml     # here, not at the top: every rulekit command would pay for it at start-up

    click.echo(yaml.safe_dump(_ordered(rs.data), sort_keys=False, allow_unicode=True,
                              default_flow_style=None, width=100), nl=False)


@click.command("schema", cls=RkCommand,
               help=N_("Print the JSON Schema of ruleset files (for editors and other tools)."))
def schema():
    from ..paths import SCHEMA_PATH

    click.echo(SCHEMA_PATH.read_text(encoding="utf-8"), nl=False)


COMMANDS = [validate, list_, show, schema]
