"""Click classes whose help texts are translated when shown, and error reporting.

Help texts are marked with ``N_`` and translated at display time, so the same
command objects serve every language. Every command and group made with these
classes accepts ``--lang LANG`` (any language with a catalog, ``en``, or the
pseudo-locale ``en_XA``). Click's own messages (``Usage:``, ``Options``,
usage errors) go through the rulekit catalog too.
"""
from __future__ import annotations

import importlib

import re

import click

from ..errors import RulekitError, printable
from ..i18n import (
    N_,
    _,
    available_languages,
    format_list,
    format_number,
    negotiate_language,
    ngettext,
    set_language,
)


def unknown_language_message(lang: str) -> str:
    return _("unknown language {lang!r}; available: {languages}").format(
        lang=lang, languages=format_list(available_languages())
    )


def _lang_callback(ctx, param, value):
    if value is None:
        return value
    if value not in available_languages():
        raise click.UsageError(unknown_language_message(value), ctx=ctx)
    set_language(value)
    ctx.meta["rulekit.lang"] = value          # a command may need to know it was chosen (play --resume)
    return value


def lang_option() -> click.Option:
    """The ``--lang`` option every rulekit command accepts."""
    return click.Option(
        ["--lang"],
        metavar=N_("LANG"),
        expose_value=False,
        is_eager=True,
        callback=_lang_callback,
        help=N_("Language of messages and help (en, fr, en_XA…); default: from LC_ALL, LC_MESSAGES or LANG."),
    )


def prescan_lang(argv) -> str | None:
    """The value of the last ``--lang`` in ``argv`` (before ``--``), if any."""
    found = None
    args = list(argv)
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            found = args[i + 1]
        elif arg.startswith("--lang="):
            found = arg.split("=", 1)[1]
    return found


#: A hyphen inside a word while click wraps the help: a non-breaking one, so that no line ends in the middle of
#: « IDENTIFIANT-tuned-2.yaml » or ``mcts:16,mcts:16``; the help is printed with the plain hyphen again.
_KEPT_HYPHEN = "\u2011"
_INNER_HYPHEN = re.compile(r"(?<=\S)-(?=\S)")


class RkFormatter(click.HelpFormatter):
    """Click's help formatter, with headings as the language writes them ("Options :"), never breaking a line
    at a hyphen inside a word (a file name, an option's value)."""

    def write_heading(self, heading: str) -> None:
        self.write(f"{'':>{self.current_indent}}" + _("{heading}:").format(heading=heading) + "\n")

    def _unbroken(self, write, *args, **kwargs) -> None:
        start = len(self.buffer)
        write(*args, **kwargs)
        self.buffer[start:] = [part.replace(_KEPT_HYPHEN, "-") for part in self.buffer[start:]]

    def write_text(self, text: str) -> None:
        self._unbroken(super().write_text, _INNER_HYPHEN.sub(_KEPT_HYPHEN, text))

    def write_dl(self, rows, *args, **kwargs) -> None:
        rows = [(term, _INNER_HYPHEN.sub(_KEPT_HYPHEN, text)) for term, text in rows]
        self._unbroken(super().write_dl, rows, *args, **kwargs)


class RkContext(click.Context):
    formatter_class = RkFormatter


def quoted(text: str) -> str:
    """``'--seed'`` in English, « --seed » in French: a name quoted in a message."""
    return _("'{name}'").format(name=text)


def _join_extra(items) -> str:
    text = items[0]
    for item in items[1:]:
        text = _("{first}; {second}").format(first=text, second=item)
    return text


class WholeNumber(click.types.IntParamType):
    """Click's integer, named in the user's language ("'abc' is not a valid whole number")."""

    @property
    def name(self):
        return _("whole number")


class WholeNumberRange(click.IntRange):
    """Click's integer range, named and described in the user's language
    ("from 1 to 10,000,000", « de 1 à 10 000 000 »)."""

    @property
    def name(self):
        return _("whole number")

    def _describe_range(self) -> str:
        low = None if self.min is None else format_number(self.min + (1 if self.min_open else 0))
        high = None if self.max is None else format_number(self.max - (1 if self.max_open else 0))
        if low is not None and high is not None:
            return _("from {low} to {high}").format(low=low, high=high)
        if low is not None:
            return _("{low} or more").format(low=low)
        return _("{high} or less").format(high=high)


class NumberRange(click.FloatRange):
    """Click's number range, in the user's language: named "number" (never Python's "float range"), its
    bounds in words ("0 to 60", « de 0 à 60 ») and a value out of range written as a number (``99``,
    never ``99.0``)."""

    @property
    def name(self):
        return _("number")

    def _describe_range(self) -> str:
        return _("{low} to {high}").format(low=format_number(self.min), high=format_number(self.max))

    def convert(self, value, param, ctx):
        if isinstance(value, float):
            number = value
        else:
            try:
                number = float(value)
            except (TypeError, ValueError):
                number = None
            if number is None or number != number:          # not a number, or NaN
                self.fail(_("{value!r} is not a valid {number_type}.").format(value=value, number_type=self.name),
                          param, ctx)
        low = self.min is not None and (number < self.min or self.min_open and number == self.min)
        high = self.max is not None and (number > self.max or self.max_open and number == self.max)
        if low or high:
            shown = format_number(int(number)) if number.is_integer() else format_number(number)
            self.fail(_("{value} is not in the range {range}.").format(value=shown, range=self._describe_range()),
                      param, ctx)
        return number


def _fold(text: str) -> str:
    import unicodedata

    decomposed = unicodedata.normalize("NFKD", str(text))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()


class WordChoice(click.Choice):
    """Click's choice, in the user's language: each choice shown by its word (``words``: choice -> a text
    marked with ``N_``, translated when shown; a choice without one is shown as itself), accepted as typed
    in the user's language (without accents) or as the choice itself, and a wrong value refused with the
    choices listed as the language lists them ("md, html or pdf"), never as Python writes them."""

    def __init__(self, choices, words=None, case_sensitive: bool = True):
        super().__init__(list(choices), case_sensitive)
        self.words = dict(words or {})

    def word(self, choice) -> str:
        """How ``choice`` is shown in the current language."""
        return _(self.words[choice]) if choice in self.words else str(choice)

    def get_metavar(self, param, ctx=None):
        text = "|".join(self.word(c) for c in self.choices)
        if param.required and param.param_type_name == "argument":
            return f"{{{text}}}"
        return f"[{text}]"

    def convert(self, value, param, ctx):
        if value in self.choices:
            return value
        typed = _fold(value)
        for choice in self.choices:
            if typed in (_fold(choice), _fold(self.word(choice))):
                return choice
        words = [self.word(c) for c in self.choices]
        self.fail(ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", len(words)).format(
            value=value, choice=format_list(words, style="or"), choices=format_list(words, style="or")), param, ctx)


class RkOption(click.Option):
    """Click's option: its metavar, error hint and help extras in the user's language."""

    def make_metavar(self, ctx) -> str:
        return _(self.metavar) if self.metavar else super().make_metavar(ctx)

    def get_error_hint(self, ctx) -> str:
        return " / ".join(quoted(x) for x in self.opts)

    def get_help_record(self, ctx):
        if self.hidden:
            return None
        help_text = _(self.help) if self.help else ""
        if "{bots}" in help_text or "{levels}" in help_text:
            # the bot names and levels, from the registry, in the user's language
            from ..bots.registry import bot_forms, level_words

            help_text = help_text.replace("{bots}", ", ".join(bot_forms())).replace(
                "{levels}", ", ".join(level_words()))
        extra = self.get_help_extra(ctx)
        items = []
        if "default" in extra:
            default = self.get_default(ctx, call=False)
            if isinstance(self.type, WordChoice) and default in self.type.choices:
                shown = self.type.word(default)
            elif isinstance(default, int) and not isinstance(default, bool):
                shown = format_number(default)
            else:
                shown = extra["default"]
            items.append(_("default: {default}").format(default=shown))
        if "range" in extra:
            items.append(extra["range"])
        if "required" in extra:
            items.append(_("required"))
        if items:
            joined = _("[{extra}]").format(extra=_join_extra(items))
            help_text = f"{help_text}  {joined}" if help_text else joined
        return self.get_help_spec(ctx), help_text


class RkArgument(click.Argument):
    """Click's argument: its metavar (RÈGLES) and error hint in the user's language."""

    def make_metavar(self, ctx) -> str:
        return _(self.metavar) if self.metavar else super().make_metavar(ctx)

    def get_error_hint(self, ctx) -> str:
        return quoted(self.make_metavar(ctx)) if ctx is not None else quoted(self.human_readable_name)


def _localize_param(param) -> None:
    """Make a parameter declared with click's decorators speak the user's language."""
    if type(param) is click.Option:
        param.__class__ = RkOption
    elif type(param) is click.Argument:
        param.__class__ = RkArgument
    if type(param.type) is click.IntRange:
        param.type.__class__ = WholeNumberRange
    elif type(param.type) is click.types.IntParamType:
        param.type = WholeNumber()
    elif type(param.type) is click.FloatRange:
        param.type.__class__ = NumberRange
    elif type(param.type) is click.Choice:
        param.type = WordChoice(param.type.choices, case_sensitive=param.type.case_sensitive)


class _Translating:
    """Mixin: translate help texts at display time (they are marked with N_)."""

    context_class = RkContext

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not any(p.name == "lang" for p in self.params):
            self.params.append(lang_option())
        for param in self.params:
            _localize_param(param)

    def get_help_option(self, ctx):
        option = super().get_help_option(ctx)
        if option is not None:
            _localize_param(option)
        return option

    def collect_usage_pieces(self, ctx):
        pieces = [_(self.options_metavar)] if self.options_metavar else []
        for param in self.get_params(ctx):
            pieces.extend(param.get_usage_pieces(ctx))
        if isinstance(self, click.Group) and self.subcommand_metavar:
            pieces.append(_(self.subcommand_metavar))
        return pieces

    def get_short_help_str(self, limit=45):
        if self.short_help:
            return _(self.short_help)
        saved = self.help               # click shortens the help in the current language, then it is restored
        self.help = _(saved) if saved else saved
        try:
            return super().get_short_help_str(limit)
        finally:
            self.help = saved

    def format_help(self, ctx, formatter):
        # Translate the help of this command and of its parameters for the
        # time of the display only: the command objects stay in English.
        # Explicit metavars (metavar=N_("RULESET")) are translated as well.
        saved = []

        def swap(obj, attr):
            value = getattr(obj, attr, None)
            if isinstance(value, str) and value:
                saved.append((obj, attr, value))
                setattr(obj, attr, _(value))

        for attr in ("help", "epilog"):
            swap(self, attr)
        try:
            super().format_help(ctx, formatter)
        finally:
            for obj, attr, value in reversed(saved):
                setattr(obj, attr, value)


class RkCommand(_Translating, click.Command):
    pass


class RkGroup(_Translating, click.Group):
    command_class = RkCommand

    def main(self, args=None, prog_name=None, **extra):
        """Choose the language before anything is shown, then run click.

        ``--lang`` wins, anywhere on the command line (so ``rulekit --help
        --lang fr`` is French too); else the environment decides.
        An unknown ``--lang`` is a usage error (exit 2).
        """
        import sys

        argv = sys.argv[1:] if args is None else list(args)
        lang = prescan_lang(argv)
        if lang is not None and lang not in available_languages():
            set_language(negotiate_language())
            fail(unknown_language_message(lang), 2)
        set_language(lang if lang is not None else negotiate_language())
        return super().main(args=argv, prog_name=prog_name, **extra)

    def invoke(self, ctx):
        """Run the command; the one place a :class:`RulekitError` becomes a message and its kind's exit code."""
        try:
            return super().invoke(ctx)
        except RulekitError as exc:
            fail(str(exc), exc.exit_code)
        except KeyboardInterrupt:
            # Ctrl-C before a command handles it itself (loading, setting up):
            # the conventional status of an interrupted command, not click's "Aborted!" (1).
            click.echo("", err=True)
            raise SystemExit(130) from None


def fail(message: str, code: int = 1):
    """Print ``rulekit: message`` on stderr and exit with ``code``.

    A command that words an error its own way passes the error's ``exit_code``."""
    click.echo(_("rulekit: {message}").format(message=printable(message)), err=True)
    raise SystemExit(code)


# ---------------------------------------------------------------------------
# Click's own messages, through the rulekit catalog.
#
# Click calls gettext at display time in these modules; they get the rulekit
# functions instead of the standard library's. Texts click sets when a
# command is declared (the help of --help) are translated by format_help.
# The messages below are the ones a rulekit user can see; they are listed
# here so that the extraction puts them in the catalog.

_CLICK_MODULES = ("core", "exceptions", "formatting", "parser", "types", "termui", "utils")


def _route_click_messages():
    from .. import i18n

    for name in _CLICK_MODULES:
        try:
            module = importlib.import_module(f"click.{name}")
        except ImportError:  # pragma: no cover - a future click
            continue
        if hasattr(module, "_"):
            module._ = i18n.gettext
        if hasattr(module, "ngettext"):
            module.ngettext = i18n.ngettext


_route_click_messages()


def _printable_click_errors():
    """Click's error messages quote what was typed ("Got unexpected extra argument (…)"): shown with every
    control character escaped, as rulekit's own messages are (an escape sequence there would act on the
    terminal)."""
    import click.exceptions as ce

    for cls in vars(ce).values():
        if isinstance(cls, type) and issubclass(cls, ce.ClickException) and "format_message" in vars(cls) \
                and not getattr(cls.format_message, "_rulekit_printable", False):
            def format_message(self, _original=cls.format_message):
                return printable(_original(self))
            format_message._rulekit_printable = True
            cls.format_message = format_message


_printable_click_errors()

CLICK_MESSAGES = (
    N_("Usage:"),
    N_("[OPTIONS]"),
    N_("COMMAND [ARGS]..."),
    N_("Options"),
    N_("Commands"),
    N_("Show this message and exit."),
    N_("Show the version and exit."),
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("Invalid value: {message}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing {param_type}"),
    N_("Missing parameter: {param_name}"),
    N_("Missing command."),
    N_("No such option {name!r}."),
    N_("No such command {name!r}."),
    N_("Aborted!"),
    N_("env var: {var}"),
    N_("default: {default}"),
    N_("required"),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("{name} {filename!r} does not exist."),
    N_("file"),
    N_("directory"),
    N_("path"),
    N_("Option {name!r} does not take a value."),
    N_("{heading}:"),
    N_("'{name}'"),
    N_("{first}; {second}"),
    N_("[{extra}]"),
    N_("whole number"),
    N_("from {low} to {high}"),
    N_("{low} or more"),
    N_("{high} or less"),
    N_("number"),
    N_("{low} to {high}"),
)


def click_plural_messages(n: int) -> list[str]:
    """Click's messages with a count (listed for the extraction)."""
    return [
        ngettext("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", n),
        ngettext("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})", n),
        ngettext("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments.", n),
        ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", n),
    ]


def note_untranslated(ruleset, lang: str | None = None) -> None:
    """On stderr, tell how to translate the names of a house rule that the
    catalog of ``lang`` (default: the current language) does not know."""
    from ..language.names import untranslated_hint, untranslated_names

    pairs = untranslated_names(ruleset.data, lang)
    if pairs:
        click.echo(untranslated_hint(pairs, lang), err=True)
