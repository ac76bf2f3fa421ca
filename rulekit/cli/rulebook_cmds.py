"""``rulekit rulebook`` and ``rulekit diff``.

The books and the differences are made by :mod:`rulekit.text.rulebook` and
:mod:`rulekit.text.diff`; this module reads the options, writes the output and
words the errors of writing it; the others are reported by the group.
"""
from __future__ import annotations

import sys
from pathlib import Path

import click

from ..files import check_output, shown_path, write_atomic
from ..i18n import N_, _
from .base import RkCommand, _lang_callback, fail, note_untranslated

_EXTENSIONS = {".md": "md", ".markdown": "md", ".html": "html", ".htm": "html", ".pdf": "pdf"}


def _book_lang_option():
    # Like the --lang every command has, but the value is kept: it chooses the
    # book's language (default: the ruleset's own language).
    return click.option(
        "--lang", "lang", metavar=N_("LANG"), is_eager=True, callback=_lang_callback,
        help=N_("Language of the book and of the messages (en, fr…); default: the ruleset's language."))


@click.command("rulebook", cls=RkCommand,
               help=N_("Write the rulebook of RULESET (a bundled id or a ruleset file), made from its rules: "
                       "Markdown on standard output by default, or HTML or PDF."))
@click.argument("ruleset", metavar=N_("RULESET"))
@_book_lang_option()
@click.option("--format", "fmt", type=click.Choice(["md", "html", "pdf"]), default=None,
              help=N_("Output format: md, html or pdf (default: from the extension of -o, else md)."))
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), metavar=N_("FILE"),
              help=N_("Write the book to FILE instead of standard output."))
def rulebook(ruleset, lang, fmt, output):
    from ..language import load_ruleset
    from ..text.families import render

    if fmt is None:
        suffix = Path(output).suffix.lower() if output else ""
        if output and suffix not in _EXTENSIONS:
            raise click.UsageError(_("cannot tell the format from “{file}”: name the file .md, .html or .pdf, "
                                     "or give --format").format(file=shown_path(output)))
        fmt = _EXTENSIONS.get(suffix, "md") if output else "md"
    if fmt == "pdf" and not output and sys.stdout.isatty():
        raise click.UsageError(_("a PDF cannot be shown on a terminal: use -o FILE (or redirect the output)"))
    rs = load_ruleset(ruleset)
    inputs = [*rs.chain] + ([ruleset] if Path(ruleset).exists() else [])
    if output:
        check_output(output, inputs)      # before the book is made: never over the ruleset or a base of it
    book_lang = lang or rs.language
    note_untranslated(rs, book_lang)
    try:
        content = render(rs, fmt, book_lang)     # the book of the ruleset's family
    except OSError as exc:  # a PDF engine without its system libraries
        fail(_("cannot write a PDF on this machine: {error}").format(error=exc))
    if output:
        data = content if isinstance(content, bytes) else content.encode("utf-8")
        write_atomic(output, data, inputs)        # an OutputError names the file and the reason
        click.echo(_("rulebook of {ruleset} ({format}, {lang}) written to {file}").format(
            ruleset=rs.id, format=fmt, lang=book_lang, file=shown_path(output)), err=True)

    elif isinstance(content, bytes):
        sys.stdout.flush()
        sys.stdout.buffer.write(content)
        sys.stdout.buffer.flush()
    else:
        click.echo(content, nl=False)


@click.command("diff", cls=RkCommand,
               help=N_("List the rule differences between two rulesets, in words, grouped by section. "
                       "A and B are bundled ids or ruleset files; the changes read from A to B."))
@click.argument("a", metavar=N_("A"))
@click.argument("b", metavar=N_("B"))
def diff(a, b):
    from ..language import load_ruleset
    from ..text.diff import render_text, ruleset_label
    from ..text.families import rule_diff

    rs_a, rs_b = load_ruleset(a), load_ruleset(b)
    changes = rule_diff(rs_a, rs_b)
    click.echo(render_text(changes, ruleset_label(rs_a), ruleset_label(rs_b)), nl=False)


COMMANDS = [rulebook, diff]
