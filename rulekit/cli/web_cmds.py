"""``rulekit serve``: the game in a browser.

The server and the page are :mod:`rulekit.web` (which needs the extra ``rulekit[web]``); this module
reads the options, makes the game and starts the server.
"""
from __future__ import annotations

import click

from ..errors import RecordError
from ..i18n import N_, _
from .base import RkCommand, WordChoice, fail, note_untranslated, quoted
from .game_cmds import (DEFAULT_RULESET, _family_players, _names_option, _record_family, _use_record_language,
                        players_option, record_option, resume_option, seed_option)


#: The speeds of ``--speed``, shown and typed in the user's language as the page names them (French « lente »).
SPEED_WORDS = {"slow": N_("slow"), "normal": N_("normal"), "fast": N_("fast"), "instant": N_("instant")}


def _port_option(ctx, param, value):
    if not 0 <= value <= 65535:
        raise click.BadParameter(_("{port} is not a port: give a number from 0 to 65535.").format(port=value),
                                 ctx=ctx, param=param)
    return value


@click.command("serve", cls=RkCommand,
               help=N_("Play in a browser: start a local web server holding one game and open the page. "
                       "RULESET is a bundled id (default province-en) or a ruleset file."))
@click.argument("ruleset", required=False, metavar=N_("[RULESET]"))
@players_option(N_("The players, one a seat, as for rulekit play: human or a computer (default: human,bot:hard). "
                   "Every human seat gets its own secret link; send it to the person who plays there, or "
                   "open them all on one computer (hot-seat)."))
@seed_option
@record_option
@resume_option
@click.option("--host", default="127.0.0.1", show_default=True, metavar=N_("ADDRESS"),
              help=N_("The address to listen on; another computer can join only if it can reach it."))
@click.option("--port", type=int, default=8032, callback=_port_option, metavar=N_("N"),
              help=N_("The port to listen on (default: 8032; 0: any free port)."))
@click.option("--no-browser", is_flag=True, help=N_("Do not open the page in a browser."))
@click.option("--guide", is_flag=True,
              help=N_("A guided first game: the page explains the game in short steps as you meet them."))
@click.option("--speed", type=WordChoice(SPEED_WORDS, SPEED_WORDS), default="normal",
              show_default=True, help=N_("How fast the computers play, to begin with (the page can change it)."))
@click.option("--names", "names", metavar=N_("NAME,NAME,…"), callback=_names_option,
              help=N_("The human players' names, first seat first, shown on every page."))
def serve(ruleset, players, seed, record, resume, host, port, no_browser, guide, speed, names):
    try:
        import uvicorn

        from ..web.app import MAX_FRAME, make_app
        from ..web.game import SPEEDS, WebGame, free_record_path, invite_base, resume_command
    except ModuleNotFoundError as exc:
        fail(_("rulekit serve needs the web extra ({missing} is missing): "
               "python -m pip install 'rulekit[web]'").format(missing=exc.name))
    from ..engine.record import ReplayError
    from ..errors import OutputError, PlayerCountError
    from ..language import load_ruleset
    from ..play.session import default_players, default_record_path
    from .base import printable

    sock = _listen(host, port)                 # before anything is written: a bad address is said at once
    if resume is not None:
        if seed is not None:
            raise click.UsageError(_("--seed cannot be used with --resume: the saved game keeps its own."))
        if "rulekit.lang" not in click.get_current_context().meta:
            _use_record_language(resume)
        players = _family_players(players, _record_family(resume))     # the levels stand for the family's bots
        try:
            game = WebGame.resume(resume, players=players, delay=SPEEDS[speed], guide=guide, names=names,
                                  warn=lambda text: click.echo(printable(text), err=True))
        except (ReplayError, RecordError) as exc:
            fail(_("{file}: cannot be resumed: {reason}").format(file=resume, reason=exc), exc.exit_code)
        rs = game.session.ruleset
    else:
        rs = load_ruleset(ruleset or DEFAULT_RULESET)
        note_untranslated(rs)
        family = getattr(rs, "family", None)
        players = _family_players(players, family)             # the levels stand for the family's own bots
        if players is None:
            players = default_players(rs.min_players, family)
        if seed is None:
            import secrets

            seed = secrets.randbelow(1_000_000)
        path = record if record else free_record_path(default_record_path(rs, seed))
        try:
            game = WebGame.new(rs, players, seed, record_path=path, save_now=bool(record), delay=SPEEDS[speed],
                               guide=guide, names=names)
        except PlayerCountError as exc:
            raise click.BadParameter(str(exc), param_hint=quoted("--players")) from None
        except (OSError, OutputError) as exc:
            fail(_("cannot write {file}: {reason}").format(file=record, reason=getattr(exc, "strerror", None) or exc))
    app = make_app(game, rs, listen=host)
    config = uvicorn.Config(app, log_level="warning", ws="websockets-sansio", lifespan="off",
                            ws_max_size=MAX_FRAME, ws_ping_interval=20.0, ws_ping_timeout=20.0,
                            timeout_graceful_shutdown=3)
    server = uvicorn.Server(config)
    saved_to = game.session.record_path

    def announce():
        bound = sock.getsockname()[1]
        base, game.reachable = invite_base(host, bound)   # every address: this computer's address on its network
        game.invite_base = base
        first = base + (f"?t={game.host}")
        click.echo(_("{title} — the game is served at {url}").format(title=game.title, url=first))
        for seat, token in sorted(game.tokens.items()):
            if seat != 0:
                click.echo(_("Player {number} joins with: {url}").format(number=seat + 1, url=f"{base}?t={token}"))
        if len(game.tokens) > 1:
            both = ",".join(token for _seat, token in sorted(game.tokens.items()))
            click.echo(_("Hot-seat, every player on this computer: {url}").format(url=f"{base}?t={both}"))
        click.echo(_("Watch without playing: {url}").format(url=f"{base}?t={game.watch}"))
        click.echo(printable(_("The game is saved in {file} after every move; these links open it again after "
                               "{command}").format(file=saved_to, command=resume_command(saved_to))))
        click.echo(_("Press Ctrl-C to stop the server."), err=False)
        if not no_browser:
            import webbrowser

            webbrowser.open(first)

    original = server.startup

    async def startup(sockets=None):
        await original(sockets=sockets)
        announce()

    server.startup = startup
    stopped = []
    exit_handler = server.handle_exit

    def handle_exit(sig, frame):
        stopped.append(sig)
        exit_handler(sig, frame)

    server.handle_exit = handle_exit
    code = _run(server, sock, handle_exit)
    sig = stopped[0] if stopped else None
    try:
        path = game.flush()
    except (OSError, OutputError) as exc:
        click.echo(printable(_("Could not save the game to {file}: {reason}").format(
            file=saved_to, reason=getattr(exc, "strerror", None) or exc)), err=True)
        raise SystemExit(1) from None
    if sig is not None:
        click.echo(_("Interrupted."))
    if path is not None:
        if game.state.is_terminal():
            click.echo(printable(_("The game is saved in {file}; check it with: {command}").format(
                file=path, command=f"rulekit replay {path}")))
        else:
            click.echo(printable(_("Saved to {file}.").format(file=path)))
            click.echo(printable(_("Continue with: {command}").format(command=resume_command(path))))
    else:
        click.echo(_("No move was played: nothing was saved."))
    raise SystemExit(code if sig is None else 128 + sig)


def _listen(host: str, port: int):
    """A socket listening on ``host``:``port``, or a clear message and exit 1."""
    import socket

    from .base import printable

    if not host.strip():
        raise click.BadParameter(_("the address is empty: give one, such as 127.0.0.1 (this computer only) or "
                                   "0.0.0.0 (every network this computer is on)."), param_hint=quoted("--host"))
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError, ValueError) as exc:
        fail(_("cannot listen on {host}: {reason}").format(host=printable(host),
                                                           reason=getattr(exc, "strerror", None) or exc))
    last = None
    for family, kind, proto, _name, address in infos:
        sock = socket.socket(family, kind, proto)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind(address)
            sock.listen(128)
            sock.set_inheritable(True)
            return sock
        except OSError as exc:
            sock.close()
            last = exc
    fail(_("cannot listen on {host} port {port}: {reason}").format(
        host=printable(host), port=port, reason=getattr(last, "strerror", None) or last))


def _run(server, sock, handle_exit) -> int:
    """Run the server until Ctrl-C, SIGTERM or SIGHUP (the game is then saved by the caller); the exit
    status of a stop by the server itself (0)."""
    import signal

    # uvicorn raises a signal it caught again once it has stopped: here it finds these handlers, which
    # do nothing, so that the game is saved and the stop said before the exit.
    quiet = {}
    for name in ("SIGINT", "SIGTERM"):
        signum = getattr(signal, name, None)
        if signum is not None:
            quiet[signum] = signal.signal(signum, lambda *_args: None)
    hup = getattr(signal, "SIGHUP", None)
    if hup is not None and signal.getsignal(hup) is not signal.SIG_IGN:   # nohup's SIGHUP stays ignored
        quiet[hup] = signal.signal(hup, handle_exit)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        for signum in quiet:
            signal.signal(signum, signal.SIG_IGN)      # a second signal does not cut the save short
    return 0


COMMANDS = [serve]
