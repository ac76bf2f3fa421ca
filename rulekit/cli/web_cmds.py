"""``rulekit serve``: the game in a browser.

The server and the page are :mod:`rulekit.web` (which needs the extra ``rulekit[web]``); this module
reads the options, makes the game and starts the server.
"""
from __future__ import annotations

import click

from ..errors import RecordError
from ..i18n import N_, _
from .base import RkCommand, fail, note_untranslated
from .game_cmds import (DEFAULT_RULESET, _names_option, _players_option, _use_record_language, record_option,
                        resume_option, seed_option)


def _port_option(ctx, param, value):
    if not 0 <= value <= 65535:
        raise click.BadParameter(_("{port} is not a port: give a number from 0 to 65535.").format(port=value),
                                 ctx=ctx, param=param)
    return value


@click.command("serve", cls=RkCommand,
               help=N_("Play in a browser: start a local web server holding one game and open the page. "
                       "RULESET is a bundled id (default province-en) or a ruleset file."))
@click.argument("ruleset", required=False, metavar=N_("[RULESET]"))
@click.option("--players", callback=_players_option, metavar=N_("WHO,WHO,…"),
              help=N_("The players, one a seat, as for rulekit play: human or a bot (default: human,bot:hard). "
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
@click.option("--speed", type=click.Choice(["slow", "normal", "fast", "instant"]), default="normal",
              show_default=True, help=N_("How fast the computers play, to begin with (the page can change it)."))
@click.option("--names", "names", metavar=N_("NAME,NAME,…"), callback=_names_option,
              help=N_("The human players' names, first seat first, shown on every page."))
def serve(ruleset, players, seed, record, resume, host, port, no_browser, guide, speed, names):
    try:
        import uvicorn

        from ..web.app import make_app
        from ..web.game import SPEEDS, WebGame, invite_base
    except ModuleNotFoundError as exc:
        fail(_("rulekit serve needs the web extra ({missing} is missing): "
               "python -m pip install 'rulekit[web]'").format(missing=exc.name))
    from ..engine.record import ReplayError
    from ..errors import PlayerCountError
    from ..language import load_ruleset
    from ..play.session import default_players

    if resume is not None:
        if seed is not None:
            raise click.UsageError(_("--seed cannot be used with --resume: the saved game keeps its own."))
        if "rulekit.lang" not in click.get_current_context().meta:
            _use_record_language(resume)
        try:
            game = WebGame.resume(resume, players=players, delay=SPEEDS[speed], guide=guide, names=names)
        except (ReplayError, RecordError) as exc:
            fail(_("{file}: cannot be resumed: {reason}").format(file=resume, reason=exc), exc.exit_code)
        rs = game.session.ruleset
    else:
        rs = load_ruleset(ruleset or DEFAULT_RULESET)
        note_untranslated(rs)
        if players is None:
            players = default_players(rs.min_players)
        if seed is None:
            import secrets

            seed = secrets.randbelow(1_000_000)
        try:
            game = WebGame.new(rs, players, seed, record_path=record, delay=SPEEDS[speed], guide=guide, names=names)
        except PlayerCountError as exc:
            raise click.BadParameter(str(exc), param_hint="'--players'") from None
        except OSError as exc:
            fail(_("cannot write {file}: {reason}").format(file=record, reason=exc.strerror or exc))
    app = make_app(game, rs)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", ws="websockets-sansio", lifespan="off")
    server = uvicorn.Server(config)

    def announce():
        bound = server.servers[0].sockets[0].getsockname()[1] if server.servers else port
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
        click.echo(_("Press Ctrl-C to stop the server."), err=False)
        if not no_browser:
            import webbrowser

            webbrowser.open(first)

    original = server.startup

    async def startup(sockets=None):
        await original(sockets=sockets)
        announce()

    server.startup = startup
    try:
        server.run()
    except KeyboardInterrupt:
        pass


COMMANDS = [serve]
