"""The web application: the page, its static files, the rules, and one websocket per page.

A page connects to ``/ws?t=TOKEN[,TOKEN]`` with a seat's token, the host's or the watch token (any other
page is refused and closed), and is sent the whole game (:meth:`WebGame.payload`) after every change. It
sends JSON messages, each carrying the token it acts with:

- ``{"type": "hello"}`` — send me the game again;
- ``{"type": "act", "token": T, "action": N}`` — play action N (the engine's number of a legal action);
- ``{"type": "undo", "token": T}``, ``{"type": "save", "token": T}`` (the host only);
- ``{"type": "speed", "token": T, "speed": "slow" | "normal" | "fast" | "instant" | "pause"}``;
- ``{"type": "guide", "token": T, "step": S}`` — the guided game's step S is read;
- ``{"type": "hint", "token": T}`` — answered ``{"type": "hint", "message": ...}`` to that page only;
- ``{"type": "again", "token": T}`` — a new game between the same players, once this one is over.

A refused request is answered ``{"type": "refused", "message": ...}`` to that page only; nothing changes
and the server goes on.

No page can hold the game up: each page has its own sender task and what it is to be sent waits in a
bounded place of its own (the latest game, and at most :data:`MAX_NOTES` refusals); a page whose send does
not finish within :data:`SEND_TIMEOUT` seconds, or whose refusals pile up, is dropped (its connection
aborted). Nothing awaits a page while the game is being changed. Messages that change nothing (a
refused request, ``hello``) are limited to :data:`RATE` a second (:data:`BURST` at once) for each page,
which is then told and closed; a message is at most :data:`MAX_MESSAGE` characters.

The computers' moves are played by one task, one at a time, with a pause between them so that a page can
tell the other players' turns step by step. A computer thinks outside the event loop on a copy of the
position; its answer is played only if the position is still the one it was chosen for
(:meth:`WebGame.play_bot`), else it thinks again.
"""
from __future__ import annotations

import asyncio
import collections
import ipaddress
import json
import logging
import socket as _socket
import sys
from pathlib import Path

from starlette.applications import Starlette
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..i18n import _, get_language
from .game import Refused, WebGame

HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"
TEMPLATES = HERE / "templates"

#: The largest message a page may send, in characters.
MAX_MESSAGE = 4096
#: The largest websocket frame the server reads, in bytes (larger ones close the connection: code 1009).
MAX_FRAME = 64 * 1024
#: Seconds a send to one page may take before that page is dropped.
SEND_TIMEOUT = 10.0
#: Refusals waiting to be sent to one page before it is dropped.
MAX_NOTES = 16
#: Messages that change nothing a page may send: RATE a second, BURST at once; beyond, it is told and closed.
RATE = 20.0
BURST = 40.0
#: Pages connected at once (all tokens together).
MAX_PAGES = 400


def _tokens(text: str | None) -> list[str]:
    return [t for t in (text or "").split(",") if t][:8]


class Page:
    """One connected page: its websocket, its tokens, what waits to be sent to it, its sender task."""

    def __init__(self, ws: WebSocket, tokens: list[str]):
        self.ws = ws
        self.tokens = tokens
        self.key = tuple(sorted(set(tokens)))
        self.game_text: str | None = None        # the latest game not sent yet (a newer one replaces it)
        self.notes: collections.deque = collections.deque()
        self.ready = asyncio.Event()
        self.closed = False
        self.close_after = False                  # close once what waits is sent (a page told to go)
        self.sender: asyncio.Task | None = None
        loop = asyncio.get_running_loop()
        self.allowance, self.checked = BURST, loop.time()

    def offer_game(self, text: str) -> None:
        self.game_text = text
        self.ready.set()

    def offer_note(self, text: str) -> bool:
        """Queue a refusal; False when too many wait (the page does not keep up)."""
        if len(self.notes) >= MAX_NOTES:
            return False
        self.notes.append(text)
        self.ready.set()
        return True

    def take(self) -> bool:
        """One message received: whether it is within the page's rate."""
        now = asyncio.get_running_loop().time()
        self.allowance = min(BURST, self.allowance + (now - self.checked) * RATE)
        self.checked = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True


def abort(ws: WebSocket) -> None:
    """Drop a connection at once, unsent data and all (closing would wait for a peer that does not read)."""
    send = getattr(ws, "_send", None)
    protocol = getattr(send, "__self__", None)
    transport = getattr(protocol, "transport", None)
    if transport is not None and hasattr(transport, "abort"):
        transport.abort()


def _refusal(message: str) -> str:
    return json.dumps({"type": "refused", "message": message}, ensure_ascii=False)


class Server:
    """The game and the pages watching it."""

    def __init__(self, game: WebGame):
        self.game = game
        self.pages: dict[WebSocket, Page] = {}
        self.lock = asyncio.Lock()
        self.wake = asyncio.Event()
        self.task = None
        self._cache: dict = {}
        self._cache_version = None
        self.dropped = 0                          # pages dropped because they did not keep up

    # ------------------------------------------------------------------ sending
    def text_for(self, key) -> str:
        """The game as the holder of the tokens ``key`` sees it, as JSON text: made once per change for each
        set of tokens, however many pages hold it."""
        if self._cache_version != self.game.version:
            self._cache, self._cache_version = {}, self.game.version
        text = self._cache.get(key)
        if text is None:
            text = json.dumps({"type": "game", "game": self.game.payload(list(key))}, ensure_ascii=False)
            self._cache[key] = text
        return text

    def publish(self) -> None:
        """Every page is to be sent the game (the latest replaces any not sent yet); nothing is awaited."""
        for page in list(self.pages.values()):
            page.offer_game(self.text_for(page.key))

    def tell(self, page: Page, message: str) -> None:
        if not page.offer_note(_refusal(message)):
            self.drop(page)

    def drop(self, page: Page) -> None:
        """A page that does not keep up: forgotten, its connection aborted."""
        if page.closed:
            return
        page.closed = True
        self.dropped += 1
        self.pages.pop(page.ws, None)
        page.ready.set()
        abort(page.ws)

    async def _send(self, page: Page) -> None:
        """The page's sender: what waits for it, one message at a time, each within SEND_TIMEOUT."""
        try:
            while not page.closed:
                await page.ready.wait()
                page.ready.clear()
                while not page.closed and (page.notes or page.game_text is not None):
                    if page.notes:
                        text = page.notes.popleft()
                    else:
                        text, page.game_text = page.game_text, None
                    await asyncio.wait_for(page.ws.send_text(text), SEND_TIMEOUT)
                if page.close_after and not page.closed:
                    await asyncio.wait_for(page.ws.close(code=1008), SEND_TIMEOUT)
                    page.closed = True
                    self.pages.pop(page.ws, None)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - a send that failed or took too long: the page is dropped
            self.drop(page)

    def add(self, page: Page) -> None:
        self.pages[page.ws] = page
        page.sender = asyncio.get_running_loop().create_task(self._send(page))
        page.offer_game(self.text_for(page.key))

    async def remove(self, page: Page) -> None:
        self.pages.pop(page.ws, None)
        if page.sender is not None and not page.sender.done():
            if page.close_after and not page.closed:
                try:                                   # let the last words go out (bounded by the sender)
                    await asyncio.wait_for(asyncio.shield(page.sender), SEND_TIMEOUT + 1)
                except (asyncio.TimeoutError, Exception):  # noqa: BLE001
                    pass
            page.closed = True
            page.sender.cancel()

    # ------------------------------------------------------------------ the computers
    async def bots(self):
        """Plays the computers' moves, one at a time, while it is a computer's turn."""
        while True:
            await self.wake.wait()
            self.wake.clear()
            while self.game.bot_to_play() and not self.game.paused:
                if self.game.delay:
                    await asyncio.sleep(self.game.delay)
                if not self.game.bot_to_play() or self.game.paused:
                    break
                try:
                    position = self.game.bot_position()
                    version, action = await asyncio.to_thread(self.game.think, *position)
                    async with self.lock:
                        played = self.game.play_bot(version, action)
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # noqa: BLE001 - said, and the server goes on (the pages can undo)
                    print(f"rulekit serve: {exc!r}", file=sys.stderr)
                    async with self.lock:         # every page is told, rather than waiting for a move that never comes
                        self.game.message = _("The computer could not play: {reason}").format(reason=exc)
                        self.game.changed()
                    self.publish()
                    break
                if played:
                    self.publish()
                # else: the position changed while it thought: it thinks again on the new one

    def start(self):
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self.bots())
        self.wake.set()

    # ------------------------------------------------------------------ requests
    async def handle(self, page: Page, text: str) -> bool:
        """One message of a page: the game changes and every page is told (True), or the page is told why
        not, or sent the game again (False)."""
        try:
            if len(text) > MAX_MESSAGE:
                raise Refused(_("The message is too long."))
            try:
                message = json.loads(text)
            except RecursionError:
                raise Refused(_("The message is not understood: it is nested too deeply.")) from None
            except ValueError:
                raise Refused(_("The message is not understood: it is not JSON.")) from None
            if not isinstance(message, dict) or not isinstance(message.get("type"), str):
                raise Refused(_("The message is not understood: it has no type."))
            kind, token = message["type"], message.get("token")
            if kind == "hello":
                page.offer_game(self.text_for(page.key))
                return False
            async with self.lock:
                if kind == "act":
                    self.game.act(token, message.get("action"))
                elif kind == "undo":
                    self.game.undo(token)
                elif kind == "save":
                    self.game.save(token)
                elif kind == "guide":
                    self.game.dismiss(token, message.get("step"))
                elif kind == "speed":
                    self.game.set_speed(token, message.get("speed"))
                elif kind == "again":
                    self.game.again(token)
                elif kind == "hint":
                    if not page.offer_note(json.dumps({"type": "hint", "message": self.game.hint(token)},
                                                      ensure_ascii=False)):
                        self.drop(page)
                    return False
                else:
                    raise Refused(_("The message is not understood: no request is called {kind}.").format(
                        kind=kind[:40].encode("ascii", "backslashreplace").decode()))
        except Refused as exc:
            self.tell(page, str(exc))
            return False
        except OSError as exc:               # a save that could not be written
            self.tell(page, _("Could not save: {reason}").format(reason=exc.strerror or exc))
            return False
        except Exception as exc:  # noqa: BLE001 - said on the console in one line, and to the page
            print(f"rulekit serve: {exc!r}", file=sys.stderr)
            self.tell(page, _("The server could not do this: {reason}").format(reason=type(exc).__name__))
            return False
        self.publish()
        self.wake.set()
        return True


# ---------------------------------------------------------------------- who may ask
def _split_host(value: str) -> tuple[str, str]:
    """("name", "port") of a Host header or an Origin's authority."""
    value = value.strip().lower()
    if value.startswith("["):
        name, _sep, rest = value[1:].partition("]")
        return name, rest[1:] if rest.startswith(":") else ""
    name, _sep, port = value.partition(":")
    return name, port


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return False


def host_checker(listen: str | None = None):
    """Which names a request's Host may give: an address (which no other site can take over), localhost,
    this computer's names and the address listened on. A site's own name pointed at this computer (DNS
    rebinding) is refused."""
    names = {"localhost", (listen or "").lower()}
    try:
        short = _socket.gethostname().lower()
        names |= {short, short + ".local", _socket.getfqdn().lower()}     # .local: the name mDNS gives it
    except OSError:
        pass
    names.discard("")

    def ok(host: str | None) -> bool:
        if not host:
            return False
        name, port = _split_host(host)
        if port and not port.isdigit():
            return False
        return name in names or name.endswith(".localhost") or _is_address(name)
    return ok


def origin_ok(origin: str | None, host: str | None) -> bool:
    """A websocket from a browser page (Origin given) is accepted only from this server's own pages."""
    if origin is None:
        return True                                  # not a browser: it still needs a token
    scheme, sep, authority = origin.strip().lower().partition("://")
    if not sep or scheme not in ("http", "https") or not host:
        return False
    default = "80" if scheme == "http" else "443"
    (name, port), (own, own_port) = _split_host(authority), _split_host(host)
    return name == own and (port or default) == (own_port or default)


#: The Content-Security-Policy of the page (its script and style are files of the package, nothing else).
CSP_PAGE = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            "connect-src 'self' {ws}; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
#: The rules' page: its style is in the page; no script at all.
CSP_RULES = ("default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; "
             "frame-ancestors 'none'; base-uri 'none'; form-action 'none'")


class Guard:
    """ASGI middleware: a request whose Host is not this server's is refused (400, or 403 for a websocket),
    a websocket from another site's page too; every answer says how it may be framed and run."""

    def __init__(self, app, host_ok):
        self.app = app
        self.host_ok = host_ok

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = {}
        for name, value in scope.get("headers") or ():
            headers.setdefault(name.decode("latin-1").lower(), value.decode("latin-1"))
        host = headers.get("host")
        if scope["type"] == "websocket":
            if not self.host_ok(host) or not origin_ok(headers.get("origin"), host):
                await send({"type": "websocket.close", "code": 1008})
                return
            return await self.app(scope, receive, send)
        if not self.host_ok(host):
            response = PlainTextResponse(_("This server answers only to its own address."), status_code=400)
            return await response(scope, receive, send)

        async def guarded(message):
            if message["type"] == "http.response.start":
                extra = [(b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"),
                         (b"referrer-policy", b"no-referrer")]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)
        return await self.app(scope, receive, guarded)


def _install_log_filter():
    """uvicorn logs a text frame that is not UTF-8 with a traceback (it closes the page, code 1007): one
    line is enough."""
    class OneLine(logging.Filter):
        def filter(self, record):
            if record.exc_info and "UTF-8" in str(record.msg):
                record.exc_info = None
                record.exc_text = None
            return True
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, OneLine) for f in logger.filters):
        logger.addFilter(OneLine())


def make_app(game: WebGame, ruleset, listen: str | None = None) -> Starlette:
    """The application serving ``game`` (played with ``ruleset``); ``listen``: the address it listens on
    (a name given there is accepted in a request's Host)."""
    server = Server(game)
    _install_log_filter()

    async def index(request):
        html = (TEMPLATES / "index.html").read_text(encoding="utf-8")
        html = html.replace("{{lang}}", get_language()).replace("{{title}}", _escape(game.title))
        html = html.replace("{{loading}}", _escape(_("Loading the game…")))
        host = request.headers.get("host", "")
        csp = CSP_PAGE.format(ws=f"ws://{host} wss://{host}" if host else "")
        return HTMLResponse(html, headers={"Cache-Control": "no-store", "Content-Security-Policy": csp})

    async def rules(request):
        from ..text.families import row as book_of

        return HTMLResponse(book_of(ruleset).render_html(ruleset, get_language()),      # the family's own book
                            headers={"Content-Security-Policy": CSP_RULES})

    async def state(request):
        """The game as the holder of ``t`` sees it (JSON), for scripts and tests; a known token is needed."""
        tokens = _tokens(request.query_params.get("t"))
        if not game.may_connect(tokens):
            return JSONResponse({"type": "refused", "message": _(
                "This link does not open this game: its token is not one of this game's.")}, status_code=403)
        return JSONResponse(game.payload(tokens))

    async def socket(ws: WebSocket):
        await ws.accept()
        tokens = _tokens(ws.query_params.get("t"))
        if not game.may_connect(tokens) or len(server.pages) >= MAX_PAGES:
            if not game.may_connect(tokens):
                why = _("This link does not open this game: its token is not one of this game's.")
            else:
                why = _("Too many pages are open on this game; close one and reload.")
            try:
                await asyncio.wait_for(ws.send_text(_refusal(why)), SEND_TIMEOUT)
                await asyncio.wait_for(ws.close(code=1008), SEND_TIMEOUT)
            except Exception:  # noqa: BLE001 - a page that does not even take its refusal
                abort(ws)
            return
        page = Page(ws, tokens)
        server.add(page)
        server.start()
        try:
            while not page.closed and not page.close_after:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if message.get("text") is None:
                    server.tell(page, _("The message is not understood: it is not text."))
                    changed = False
                else:
                    changed = await server.handle(page, message["text"])
                if not changed and not page.take():
                    server.tell(page, _("Too many messages: this page is closed; reload it."))
                    page.close_after = True
                    page.ready.set()
                    break
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            await server.remove(page)

    app = Starlette(routes=[
        Route("/", index),
        Route("/rules", rules),
        Route("/state", state),
        WebSocketRoute("/ws", socket),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ])
    app.state.server = server
    guarded = Guard(app, host_checker(listen))
    guarded.state = app.state
    return guarded


def _escape(text: str) -> str:
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;"))
