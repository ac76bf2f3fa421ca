"""The web application: the page, its static files, the rules, and one websocket per page.

A page connects to ``/ws?t=TOKEN[,TOKEN]`` and is sent the whole game (:meth:`WebGame.payload`) after
every change. It sends JSON messages, each carrying the token it acts with:

- ``{"type": "act", "token": T, "action": N}`` — play action N (the engine's number of a legal action);
- ``{"type": "undo", "token": T}``, ``{"type": "save", "token": T}``;
- ``{"type": "speed", "token": T, "speed": "slow" | "normal" | "fast" | "instant" | "pause"}``;
- ``{"type": "guide", "token": T, "step": S}`` — the guided game's step S is read;
- ``{"type": "hint", "token": T}`` — answered ``{"type": "hint", "message": ...}`` to that page only;
- ``{"type": "again", "token": T}`` — a new game between the same players, once this one is over.

A refused request is answered ``{"type": "refused", "message": ...}`` to that page only; nothing changes
and the server goes on. The computers' moves are played by one task, one at a time, with a pause between
them so that a page can tell the other players' turns step by step.
"""
from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from starlette.applications import Starlette
from starlette.responses import HTMLResponse, JSONResponse
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


def _tokens(text: str | None) -> list[str]:
    return [t for t in (text or "").split(",") if t][:8]


class Server:
    """The game and the pages watching it."""

    def __init__(self, game: WebGame):
        self.game = game
        self.pages: dict[WebSocket, list[str]] = {}
        self.lock = asyncio.Lock()
        self.wake = asyncio.Event()
        self.task = None

    async def send_all(self):
        for ws, tokens in list(self.pages.items()):
            try:
                await ws.send_json({"type": "game", "game": self.game.payload(tokens)})
            except Exception:  # noqa: BLE001 - a page gone away: forget it
                self.pages.pop(ws, None)

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
                    async with self.lock:
                        position = self.game.bot_position()
                    at, action = await asyncio.to_thread(self.game.think, *position)
                except Exception as exc:  # noqa: BLE001 - said, and the server goes on (the pages can undo)
                    print(f"rulekit serve: {exc!r}", file=sys.stderr)
                    break
                async with self.lock:
                    played = self.game.play_bot(at, action)
                if played:
                    await self.send_all()

    def start(self):
        if self.task is None:
            self.task = asyncio.get_running_loop().create_task(self.bots())
        self.wake.set()

    async def handle(self, ws: WebSocket, text: str):
        tokens = self.pages.get(ws, [])
        try:
            if len(text) > MAX_MESSAGE:
                raise Refused(_("The message is too long."))
            try:
                message = json.loads(text)
            except ValueError:
                raise Refused(_("The message is not understood: it is not JSON.")) from None
            if not isinstance(message, dict) or not isinstance(message.get("type"), str):
                raise Refused(_("The message is not understood: it has no type."))
            kind, token = message["type"], message.get("token")
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
                    await ws.send_json({"type": "hint", "message": self.game.hint(token)})
                    return
                elif kind == "hello":
                    await ws.send_json({"type": "game", "game": self.game.payload(tokens)})
                    return
                else:
                    raise Refused(_("The message is not understood: no request is called {kind}.").format(
                        kind=kind[:40]))
        except Refused as exc:
            await ws.send_json({"type": "refused", "message": str(exc)})
            return
        except OSError as exc:               # a save that could not be written
            await ws.send_json({"type": "refused", "message": _("Could not save: {reason}").format(
                reason=exc.strerror or exc)})
            return
        await self.send_all()
        self.wake.set()


def make_app(game: WebGame, ruleset) -> Starlette:
    """The application serving ``game`` (played with ``ruleset``)."""
    server = Server(game)

    async def index(request):
        html = (TEMPLATES / "index.html").read_text(encoding="utf-8")
        html = html.replace("{{lang}}", get_language()).replace("{{title}}", _escape(game.title))
        html = html.replace("{{loading}}", _escape(_("Loading the game…")))
        return HTMLResponse(html, headers={"Cache-Control": "no-store"})

    async def rules(request):
        from ..text.families import row as book_of

        return HTMLResponse(book_of(ruleset).render_html(ruleset, get_language()))     # the family's own book

    async def state(request):
        """The game as the holder of ``t`` sees it (JSON), for scripts and tests."""
        return JSONResponse(game.payload(_tokens(request.query_params.get("t"))))

    async def socket(ws: WebSocket):
        await ws.accept()
        server.pages[ws] = _tokens(ws.query_params.get("t"))
        server.start()
        try:
            await ws.send_json({"type": "game", "game": game.payload(server.pages[ws])})
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if message.get("text") is None:
                    await ws.send_json({"type": "refused",
                                        "message": _("The message is not understood: it is not text.")})
                    continue
                await server.handle(ws, message["text"])
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            server.pages.pop(ws, None)

    app = Starlette(routes=[
        Route("/", index),
        Route("/rules", rules),
        Route("/state", state),
        WebSocketRoute("/ws", socket),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ])
    app.state.server = server
    return app


def _escape(text: str) -> str:
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;"))
