"""rulekit serve as a process, against pages that misbehave: no page can freeze the game (review round 4,
D1), the computer's answer is played only on its own position (D2), Ctrl-C and SIGTERM save the game and
say how to continue it, and the links still open their seats after ``--resume`` (D4, D5), what only the
host may do (D7), frames refused in words (D8), Host and Origin checks (D9), bad addresses (D13).

Every server listens on 127.0.0.1, port 0, in the test's own folder, and is stopped by its process id.

These run in the full tier only (tests/README.md): the quick tier's browser tests already serve games, stop
servers and resume them through the page."""
from __future__ import annotations

import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from websockets.sync.client import connect

#: The longest any one step may take before the test calls it a hang (a slow, shared machine).
HANG = 120

pytestmark = pytest.mark.full_tier


class Served:
    """``rulekit serve`` in a process of its own; ``port``, the printed links by role, its output."""

    def __init__(self, cwd: Path, *args: str):
        self.cwd = Path(cwd)
        self.out = self.cwd / "serve.out"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "rulekit", "serve", *args, "--port", "0", "--no-browser"],
            cwd=cwd, stdout=open(self.out, "w"), stderr=subprocess.STDOUT,
            env=dict(os.environ, PYTHONUNBUFFERED="1", PYTHONPATH=str(Path(__file__).resolve().parents[1])))
        deadline = time.monotonic() + HANG
        while "Ctrl-C" not in self.text():
            assert self.proc.poll() is None, "the server stopped: " + self.text()
            assert time.monotonic() < deadline, "the server did not start: " + self.text()
            time.sleep(0.1)
        text = self.text()
        self.port = int(re.search(r"http://localhost:(\d+)/", text).group(1))
        self.host = re.search(r"served at \S+\?t=([\w-]+)", text).group(1)
        self.watch = re.search(r"Watch without playing: \S+\?t=([\w-]+)", text).group(1)
        hot = re.search(r"Hot-seat[^\n]*\?t=([\w,-]+)", text)
        self.seats = hot.group(1).split(",") if hot else [self.host]

    def text(self) -> str:
        return self.out.read_text(encoding="utf-8")

    def ws(self, tokens: str, **kw):
        return connect(f"ws://127.0.0.1:{self.port}/ws?t={tokens}", open_timeout=HANG, max_size=None,
                       ping_interval=None, **kw)

    def stop(self, sig=signal.SIGTERM) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        return self.proc.wait(HANG)


@pytest.fixture
def serve(tmp_path):
    started = []

    def start(*args, cwd=None):
        server = Served(cwd or tmp_path, *args)
        started.append(server)
        return server

    yield start
    for server in started:
        if server.proc.poll() is None:
            server.proc.kill()
            server.proc.wait(HANG)


def next_game(ws, pred=lambda g: True, timeout=HANG) -> dict:
    """The next game a page is sent that satisfies ``pred`` (a refusal is an error)."""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        assert left > 0, "no answer: the game hangs"
        msg = json.loads(ws.recv(timeout=left))
        assert msg["type"] == "game", msg
        if pred(msg["game"]):
            return msg["game"]


def play_randomly(ws, seats, moves, rng, game=None) -> dict:
    """Play ``moves`` random legal actions (or to the end) through one page holding every seat's token."""
    g = game or next_game(ws)
    for _ in range(moves):
        if g["over"]:
            break
        action = rng.choice(g["actions"])["index"]
        ws.send(json.dumps({"type": "act", "token": seats[g["to_play"]], "action": action}))
        played = g["played"]
        g = next_game(ws, lambda h: h["played"] != played)
    return g


def raw_page(port: int, token: str | None, rcvbuf: int = 4096) -> socket.socket:
    """A websocket that completes its handshake and then never reads (a phone that lost its network)."""
    sk = socket.socket()
    sk.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sk.connect(("127.0.0.1", port))
    query = f"?t={token}" if token else ""
    sk.sendall(f"GET /ws{query} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    return sk


HELLO = bytes([0x81, 0x80 | 16]) + b"\0\0\0\0" + b'{"type":"hello"}'     # a masked frame, zero key


# ---------------------------------------------------------------------- D1: no page freezes the game
def test_a_page_without_a_token_is_refused_and_its_flood_freezes_nothing(serve):
    """web_stall.py a: a client with no token floods ``hello`` and never reads; the game goes on."""
    server = serve("--players", "human,human", "--seed", "31", "--speed", "instant")
    sk = raw_page(server.port, None)
    sk.setblocking(False)
    for _ in range(3000):
        try:
            sk.send(HELLO)
        except (BlockingIOError, BrokenPipeError, ConnectionResetError):
            break
    with server.ws(",".join(server.seats)) as ws:
        g = play_randomly(ws, server.seats, 150, random.Random(1))
        assert g["played"] >= 150 or g["over"]
    sk.close()
    # and a page without a token is told why, then closed
    with server.ws("") as ws:
        msg = json.loads(ws.recv(timeout=HANG))
        assert msg["type"] == "refused" and "token" in msg["message"]
        with pytest.raises(Exception):
            ws.recv(timeout=HANG)
    assert "Traceback" not in server.text()


def test_a_page_that_stops_reading_is_dropped_and_the_game_goes_on(serve):
    """web_stall.py b: a page with the watch link stops reading (a half-open connection); the others play
    on past the ~270 moves that froze the game before."""
    server = serve("--players", "human,human", "--seed", "31", "--speed", "instant")
    silent = [raw_page(server.port, server.watch) for _ in range(3)]
    with server.ws(",".join(server.seats)) as ws:
        g = play_randomly(ws, server.seats, 400, random.Random(2))
        assert g["played"] >= 400 or g["over"]
    for sk in silent:
        sk.close()
    # the server still answers a new page at once
    with server.ws(server.watch) as ws:
        assert next_game(ws)["played"] == g["played"]


# ---------------------------------------------------------------------- D2: undo while the computer thinks
def test_undo_while_the_computer_thinks_never_hangs_the_game(serve):
    """web_race_live.py: the human plays, the computer thinks (MCTS, 3000 playouts), the human takes the
    move back and plays another at the same history length; the computer answers the new position."""
    server = serve("--players", "human,bot:mcts:3000", "--seed", "1", "--speed", "instant")
    tok = server.host
    with server.ws(tok) as ws:
        def play(g, notation):
            a = next(x["index"] for x in g["actions"] if x["notation"] == notation)
            ws.send(json.dumps({"type": "act", "token": tok, "action": a}))
            return next_game(ws, lambda h: h["played"] > g["played"])

        g = next_game(ws)
        g = play(g, "move green@labor_top")
        g = play(g, "end")
        assert g["to_play"] == 1                               # the computer thinks now
        for _ in range(2):
            ws.send(json.dumps({"type": "undo", "token": tok}))
            g = next_game(ws)
        g = next_game(ws, lambda h: h["to_play"] == 0 and not h["played"]) if g["played"] else g
        g = play(g, "move green@labor_low")
        g = play(g, "end")
        at = g["played"]
        h = next_game(ws, lambda h: h["played"] > at and h["to_play"] == 0)   # the computer answered
        assert h["story"] and not h["over"]
    assert "Error" not in server.text() and "Traceback" not in server.text()


# ---------------------------------------------------------------------- D4, D5: nothing lost
@pytest.mark.parametrize("sig, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_stopped_server_saves_the_game_and_the_links_open_it_again(serve, tmp_path, sig, code):
    """serve_ctrlc_loses_game.py: Ctrl-C or SIGTERM with a game in progress and no --record."""
    server = serve("--players", "human,bot:easy", "--seed", "5", "--speed", "instant")
    with server.ws(server.host) as ws:
        g = next_game(ws)
        for _ in range(3):
            played = g["played"]
            ws.send(json.dumps({"type": "act", "token": server.host, "action": g["actions"][0]["index"]}))
            g = next_game(ws, lambda h: h["played"] > played and (h["to_play"] == 0 or h["over"]))
    assert server.stop(sig) == code
    record = tmp_path / "province-en-5.json"
    text = server.text()
    assert record.exists() and f"Continue with: rulekit serve --resume {record.name}" in text
    saved = json.loads(record.read_text())
    assert len(saved["actions"]) == g["played"]
    again = serve("--resume", record.name, "--speed", "instant")
    assert again.host == server.host                     # the same link opens the same seat
    with again.ws(server.host) as ws:
        h = next_game(ws)
        assert h["played"] == g["played"] and h["mine"] == [0]


def test_a_second_server_never_writes_over_an_earlier_game(serve, tmp_path):
    (tmp_path / "province-en-5.json").write_text("an earlier game\n")
    server = serve("--players", "human,bot:easy", "--seed", "5", "--speed", "instant")
    assert "province-en-5-2.json" in server.text()
    with server.ws(server.host) as ws:
        g = next_game(ws)
        ws.send(json.dumps({"type": "act", "token": server.host, "action": g["actions"][0]["index"]}))
        next_game(ws, lambda h: h["played"] > 0)
    server.stop()
    assert (tmp_path / "province-en-5.json").read_text() == "an earlier game\n"
    assert json.loads((tmp_path / "province-en-5-2.json").read_text())["actions"]


def test_resume_under_changed_rules_says_so(serve, tmp_path):
    """serve_resume_no_warning.sh: a house rule edited after the save."""
    rules = tmp_path / "house.yaml"
    rules.write_text("extends: province-en\nid: house\ntitle: House\nstructures: {camp: {cost: {labor: 2, coin: 2}}}\n")
    server = serve(str(rules), "--players", "human,bot:easy", "--seed", "2", "--speed", "instant",
                   "--record", "game.json")
    with server.ws(server.host) as ws:
        g = next_game(ws)
        ws.send(json.dumps({"type": "act", "token": server.host, "action": g["actions"][0]["index"]}))
        next_game(ws, lambda h: h["played"] > 0)
    server.stop()
    rules.write_text(rules.read_text().replace("labor: 2, coin: 2", "labor: 5, coin: 5"))
    again = serve("--resume", "game.json")
    assert "the rules of house changed since this game was recorded" in again.text()
    with again.ws(again.host) as ws:
        assert "changed since" in next_game(ws)["message"]


# ---------------------------------------------------------------------- D7, D8, D9, D13
def test_only_the_host_saves_and_sees_where(serve, tmp_path):
    server = serve("--players", "human,human", "--seed", "4", "--speed", "instant")
    host, guest = server.seats
    with server.ws(guest) as ws:
        g = next_game(ws)
        assert g["record"] == "" and "links" not in g
        ws.send(json.dumps({"type": "save", "token": guest}))
        msg = json.loads(ws.recv(timeout=HANG))
        assert msg["type"] == "refused" and "host" in msg["message"]
    with server.ws(server.watch) as ws:
        assert next_game(ws)["record"] == ""
    with server.ws(host) as ws:
        g = next_game(ws)
        assert g["record"].endswith("province-en-4.json")
        ws.send(json.dumps({"type": "save", "token": host}))
        g = next_game(ws, lambda h: "Saved to" in h["message"])
    assert (tmp_path / "province-en-4.json").exists()


def test_malformed_frames_are_refused_in_words(serve):
    server = serve("--players", "human,human", "--seed", "4", "--speed", "instant")
    seat = server.seats[0]
    with server.ws(seat) as ws:
        next_game(ws)
        for bad in ({"type": "speed", "token": seat, "speed": {}}, {"type": "speed", "token": seat, "speed": [1]},
                    {"type": "guide", "token": seat, "step": {}}, {"type": "act", "token": [seat], "action": 0}):
            ws.send(json.dumps(bad))
            msg = json.loads(ws.recv(timeout=HANG))
            assert msg["type"] == "refused" and msg["message"]
        ws.send("[" * 1900 + "]" * 1900)
        msg = json.loads(ws.recv(timeout=HANG))
        assert msg["type"] == "refused" and "nested" in msg["message"]
    assert "Traceback" not in server.text()


def test_other_sites_are_refused(serve):
    server = serve("--players", "human,human", "--seed", "4", "--speed", "instant")
    url = f"ws://127.0.0.1:{server.port}/ws?t={server.host}"
    with pytest.raises(Exception, match="403"):
        connect(url, origin="http://evil.example", open_timeout=HANG).close()
    with connect(url, origin=f"http://127.0.0.1:{server.port}", open_timeout=HANG) as ws:
        assert next_game(ws)["mine"] == [0]
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=HANG)
    conn.request("GET", "/", headers={"Host": "evil.example"})
    assert conn.getresponse().status == 400
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=HANG)
    conn.request("GET", "/")
    response = conn.getresponse()
    assert response.status == 200
    csp = response.getheader("Content-Security-Policy")
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=HANG)
    conn.request("GET", "/state")
    assert conn.getresponse().status == 403                  # the game is shown only with a token


@pytest.mark.parametrize("host, words", [("", "the address is empty"),
                                         ("no-such-host.invalid", "cannot listen on no-such-host.invalid")])
def test_a_bad_address_is_said_clearly(tmp_path, host, words):
    result = subprocess.run([sys.executable, "-m", "rulekit", "serve", "--host", host, "--port", "0",
                             "--no-browser"], cwd=tmp_path, capture_output=True, text=True, timeout=HANG,
                            env=dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1])))
    assert result.returncode in (1, 2)
    assert words in result.stderr and "Traceback" not in result.stderr and "ERROR" not in result.stderr
    assert not list(tmp_path.iterdir())                   # nothing written
