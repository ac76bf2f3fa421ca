"""``rulekit play`` and ``rulekit replay``.

The game itself is :mod:`rulekit.play` (the session) and :mod:`rulekit.play.screen`
(what is shown); this module reads the options and words the errors that
need a context (the file); the others are reported by the group.
"""
from __future__ import annotations

import json
from pathlib import Path

import click

from ..errors import RecordError, RulekitError, printable
from ..i18n import N_, _, ngettext
from ..files import shown_path
from .base import RkCommand, fail, note_untranslated, quoted


DEFAULT_RULESET = "province-en"


def _players_option(ctx, param, value):
    if value is None:
        return None
    from ..play import PlayersError, parse_players

    try:
        players = parse_players(value)
    except PlayersError as exc:          # the value typed is quoted in it: control characters escaped
        raise click.BadParameter(shown_path(str(exc)), ctx=ctx, param=param) from None
    ctx.meta["rulekit.players"] = value     # read again for a ruleset of another family (_family_players)
    return players


def players_option(help_text: str):
    """The ``--players`` option of the commands that start a game (``play``, ``serve``): one definition, read
    by :func:`_players_option`; ``help_text`` says what the players are for that command."""
    return click.option("--players", callback=_players_option, metavar=N_("WHO,WHO,…"), help=help_text)


def _family_players(players, family):
    """``--players`` read again for a ruleset of ``family``, whose levels stand for its own bots (None: as
    read before the ruleset was known)."""
    if players is None or family is None:
        return players
    from ..play import PlayersError, parse_players

    try:
        return parse_players(click.get_current_context().meta["rulekit.players"], family)
    except PlayersError as exc:
        raise click.BadParameter(shown_path(str(exc)), param_hint=quoted("--players")) from None


#: The longest name --names takes (a game record keeps the names: docs/schemas/record.schema.json).
MAX_NAME = 64


def _names_option(ctx, param, value):
    """``--names``: the names, stripped, or None; refused when one has a control character or is too long,
    since the record keeps them and the screen shows them."""
    if not value:
        return None
    names = [n.strip() for n in value.split(",")]
    for name in names:
        if printable(name, keep="") != name:
            raise click.BadParameter(_("{name} has a control character: a name is written with letters, "
                                       "digits, spaces and punctuation").format(name=printable(name, keep="")))
        if len(name) > MAX_NAME:
            raise click.BadParameter(ngettext("a name has at most {num} character",
                                              "a name has at most {num} characters", MAX_NAME).format(num=MAX_NAME))
    return names


#: Options `play` and `serve` share (rulekit.cli.web_cmds): one definition, one help text.
seed_option = click.option(
    "--seed", type=int, metavar=N_("N"),
    help=N_("Seed of the game's randomness (default: a random one, printed so the game can be replayed)."))
record_option = click.option(
    "--record", "record", type=click.Path(dir_okay=False), metavar=N_("FILE"),
    help=N_("Save the game to FILE as it goes: at each of your actions, at the end of each turn, when you leave, "
            "and at most once a second in between."))
resume_option = click.option(
    "--resume", "resume", type=click.Path(dir_okay=False), metavar=N_("FILE"),
    help=N_("Continue the game saved in FILE (in the language it was played in, unless --lang is given)."))


@click.command("play", cls=RkCommand,
               help=N_("Play a game: against the computer, hot-seat, or watch computers play. "
                       "RULESET is a bundled id (default province-en) or a ruleset file."))
@click.argument("ruleset", required=False, metavar=N_("[RULESET]"))
@players_option(N_("The players, one a seat, first seat first; their number is the number of players: "
                   "human, a level ({levels}, weakest first; e.g. bot:hard) or a bot ({bots}; N simulations "
                   "or T seconds per move; e.g. bot:mcts:200) (default: human,bot:hard, then bot:hard in any "
                   "further seat the ruleset needs; hard is the strongest level for play, expert the one for "
                   "analysis)."))
@seed_option
@click.option("--first", type=click.IntRange(min=1), metavar=N_("SEAT"),
              help=N_("Which player goes first (1, 2, … up to the number of players), when the ruleset lets "
                      "the players choose (default: 1)."))
@record_option
@resume_option
@click.option("--delay", type=click.FloatRange(0, 60), metavar=N_("SECONDS"),
              help=N_("When computers play each other on a terminal: wait SECONDS between moves "
                      "(default: press Enter for each turn)."))
@click.option("--max-turns", type=click.IntRange(1, 1_000_000), default=2000, show_default=True, metavar=N_("T"),
              help=N_("Stop a game that has not ended after T turns (every player's turns counted); "
                      "a house rule may make a game that cannot end."))
@click.option("--names", "names", metavar=N_("NAME,NAME,…"), callback=_names_option,
              help=N_("The human players' names, first seat first, when several people play on one keyboard "
                      "(default: Player 1, Player 2, …)."))
@click.option("--guide", is_flag=True,
              help=N_("A guided first game: short steps explain the game as you meet it, each once (Province: the "
                      "Work Cycle, building, what is lost at the end of a turn, goals, borrowing; Provisions 1849: "
                      "the bonus card, the months, buying, provisioning, the vigilantes)."))
def play(ruleset, players, seed, first, record, resume, delay, max_turns, names, guide):
    from ..engine.record import ReplayError
    from ..errors import PlayerCountError
    from ..language import load_ruleset
    from ..play.session import Console, Terminated, default_players, resume_session
    from ..play.sessions import session_class

    console = Console.from_environment()
    human_names = names
    leave = _leave_on_signals()                 # SIGTERM/SIGHUP while the game is set up: said, and no litter
    try:
        if resume is not None:
            if seed is not None or first is not None:
                raise click.UsageError(_("--seed and --first cannot be used with --resume: "
                                         "the saved game keeps its own."))
            if "rulekit.lang" not in click.get_current_context().meta:
                _use_record_language(resume)
            players = _family_players(players, _record_family(resume))
            try:
                session = resume_session(resume, console, ruleset_ref=ruleset, players=players, record_path=record,
                                         max_turns=max_turns, human_names=human_names,
                                         warn=lambda m: click.echo(printable(m), err=True),
                                         session_for=session_class)
            except (ReplayError, RecordError) as exc:
                if str(resume) in str(exc):            # the reason names the file already: said once
                    fail(_("the game cannot be resumed: {reason}").format(reason=exc), exc.exit_code)
                fail(_("{file}: cannot be resumed: {reason}").format(file=shown_path(resume), reason=exc), exc.exit_code)
            session.guide = guide
        else:
            rs = load_ruleset(ruleset or DEFAULT_RULESET)
            note_untranslated(rs)
            family = getattr(rs, "family", None)
            players = _family_players(players, family)
            if players is None:
                players = default_players(rs.min_players, family)
            if seed is None:
                import secrets      # here, not at the top: it imports hashlib, which every command would pay for

                seed = secrets.randbelow(1_000_000)
            first_player = None
            if rs.first_random:
                if first is not None:
                    raise click.UsageError(_("--first cannot be used with {ruleset}: it draws the first player at random.")
                                           .format(ruleset=rs.id))
            else:
                if first is not None and first > len(players):
                    raise click.BadParameter(_("{first} is not a seat: the game has {count} players; "
                                               "give a number from 1 to {count}.").format(first=first, count=len(players)),
                                             param_hint=quoted("--first"))
                first_player = 0 if first is None else first - 1
            try:
                session = session_class(rs)(ruleset=rs, seed=seed, players=players, console=console, first_player=first_player,
                                  record_path=Path(record) if record else None, max_turns=max_turns,
                                  human_names=human_names, guide=guide)
            except PlayerCountError as exc:     # the ruleset is not played by that many: said of --players
                raise click.BadParameter(str(exc), param_hint=quoted("--players")) from None
            if record:
                try:
                    session.save()
                except OSError as exc:
                    fail(_("cannot write {file}: {reason}").format(file=shown_path(record), reason=exc.strerror or exc))
    except Terminated as exc:                   # (the handlers stay: the game's loop installs its own over them)
        _restore_signals(leave)
        click.echo(_("Interrupted."), err=True)
        raise SystemExit(128 + exc.signum) from None
    session.delay = delay
    try:
        code = session.run()
    except BrokenPipeError:          # the output was closed (| head): nothing more to say
        raise SystemExit(0) from None
    except OSError as exc:
        fail(_("cannot write {file}: {reason}").format(file=shown_path(session.record_path),
                                                         reason=exc.strerror or exc))
    if code:
        raise SystemExit(code)


def _leave_on_signals() -> dict:
    """SIGTERM and SIGHUP raise :class:`~rulekit.play.session.Terminated` from now on (until the game's loop
    installs its own handlers): a signal during the start-up save leaves no temporary file and is said."""
    import signal

    from ..play.session import LEAVE_SIGNALS, _terminate

    previous = {}
    for signum in LEAVE_SIGNALS:
        try:
            if signal.getsignal(signum) is not signal.SIG_IGN:     # nohup's SIGHUP stays ignored
                previous[signum] = signal.signal(signum, _terminate)
        except ValueError:                      # not the main thread
            break
    return previous


def _restore_signals(previous: dict) -> None:
    import signal

    for signum, handler in previous.items():
        signal.signal(signum, handler if handler is not None else signal.SIG_DFL)


def _record_family(path):
    """The family a record says its ruleset is of (None: a record older than families, or one that cannot be read)."""
    from ..engine.record import GameRecord

    try:
        return GameRecord.load(path).family
    except RecordError:
        return None


def _use_record_language(path) -> None:
    """Show a resumed game in the language it was played in (the record's), when there is a catalog for it."""
    from ..engine.record import GameRecord
    from ..i18n import available_languages, set_language

    try:
        record = GameRecord.load(path)
    except RecordError:
        return                     # the resume itself reports the problem
    if record.language and record.language in available_languages():
        set_language(record.language)


@click.command("replay", cls=RkCommand,
               help=N_("Re-play a game record, check that every action is legal, and print the final scores."))
@click.argument("record_file", metavar=N_("RECORD"), type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help=N_("Print the result as JSON."))
@click.option("--ruleset", "ruleset_ref", metavar=N_("RULESET"),
              help=N_("The ruleset to replay with (default: the one named in the record)."))
def replay_cmd(record_file, as_json, ruleset_ref):
    from ..engine.record import (
        GameRecord,
        ReplayError,
        RulesChangedError,
        changed_rules_warning,
        check_result,
        check_ruleset,
        kept_rules_note,
        replay,
    )
    from ..play import find_ruleset, player_names
    from ..play.sessions import session_class

    shown = shown_path(record_file)
    try:
        record = GameRecord.load(record_file)
        rs = find_ruleset(record, ruleset_ref, record_file)
        same = check_ruleset(record, rs)
        state = replay(record, rs)
    except ReplayError as exc:
        if as_json:
            click.echo(json.dumps({"ok": False, "index": exc.index + 1, "action": exc.action, "legal": exc.legal},
                                  ensure_ascii=False, indent=1))
        action, legal = _local_actions(record, rs, exc)
        fail(_("{file}: action {index} ({action}) is not legal at that point; the legal actions were: {legal}").format(
            file=shown, index=exc.index + 1, action=action, legal=legal), exc.exit_code)
    except RulesChangedError as exc:
        message = _("{file}: {reason}").format(file=shown, reason=_rules_changed(record, rs, exc))
        _json_error(as_json, message)
        fail(message, exc.exit_code)
    except RulekitError as exc:
        _json_error(as_json, str(exc))     # with --json; the message and the exit code are the group's
        raise
    finished = state.is_terminal()
    try:
        check_result(record, state)
    except RecordError as exc:
        if not same:
            exc = RulesChangedError(record, rs, exc)
        message = _("{file}: {reason}").format(file=shown, reason=_rules_changed(record, rs, exc) if not same else exc)
        _json_error(as_json, message)
        fail(message, exc.exit_code)
    if getattr(rs, "kept_in_record", False):
        click.echo(printable(str(kept_rules_note(record, rs))), err=True)
    elif not same:
        click.echo(printable(str(changed_rules_warning(record, rs))), err=True)
    if as_json:
        out = {"ok": True, "family": rs.family, "ruleset": {"id": rs.id, "sha256": rs.sha256},
               "rules_changed": not same, "seed": record.seed, "actions": len(record.actions), "finished": finished,
               **state.summary()}
        if not finished:
            out.update(winner=None, decided_by=None)
        click.echo(json.dumps(out, ensure_ascii=False, indent=1))
        return
    names = player_names(record.players, record.names) if len(record.players) == state.n_players else [
        _("Player {number}").format(number=p + 1) for p in range(state.n_players)]
    n = len(record.actions)
    click.echo(ngettext("{file}: {count} action, all legal ({ruleset}, seed {seed}).",
                        "{file}: {count} actions, all legal ({ruleset}, seed {seed}).", n).format(
        file=shown, count=n, ruleset=rs.id, seed=record.seed))
    for line in session_class(rs).replay_lines(rs, state, names):
        click.echo(line)


def _local_actions(record, rs, exc) -> tuple[str, str]:
    """The action a replay refused and the legal ones (a :class:`~rulekit.engine.record.ReplayError`), in
    the notation of the current language (French « construire camp »), as the game's screen writes them;
    the record's own notation where they cannot be (the game before that action no longer plays)."""
    from ..engine.record import replay
    from ..play.sessions import session_class

    try:
        state = replay(record, rs, upto=exc.index)
        write = session_class(rs).action_text
        return write(state, exc.action), ", ".join(write(state, a) for a in exc.legal)
    except (RulekitError, KeyError, ValueError):
        return exc.action, ", ".join(exc.legal)


def _rules_changed(record, rs, exc) -> str:
    """Why a record does not replay under other rules (a :class:`~rulekit.engine.record.RulesChangedError`):
    another version of its ruleset, or another ruleset given with --replay's --ruleset, said as such; an
    illegal action in the current language's notation."""
    from ..engine.record import ReplayError, RulesChangedError

    reason = exc.reason
    if isinstance(reason, ReplayError):
        action, legal = _local_actions(record, rs, reason)
        reason = _("action {index} ('{action}') is not legal here; legal actions: {legal}").format(
            index=reason.index + 1, action=action, legal=legal)
    if record.ruleset_id and rs.id != record.ruleset_id:
        return _("this game was played with the ruleset {recorded}, not {id}, and it does not replay under "
                 "{id}: {reason}").format(recorded=record.ruleset_id, id=rs.id, reason=reason)
    return str(RulesChangedError(record, rs, reason))


def _json_error(as_json: bool, message: str) -> None:
    """With --json, the refusal as JSON on standard output too (the message goes to standard error)."""
    if as_json:
        click.echo(json.dumps({"ok": False, "error": printable(message)}, ensure_ascii=False, indent=1))


replay_cmd.name = "replay"

COMMANDS = [play, replay_cmd]
