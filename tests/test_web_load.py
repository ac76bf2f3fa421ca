"""A served game under load, on loopback (review round 4, D1 and D3): 200 pages watch, a quarter of which
stop reading, while two players, each on a page of their own, finish a game. No stall (the game ends, and a
page opened afterwards is answered), and the server's memory stays bounded. The only time limit is an overall
one that detects a hang.

It runs in the full tier only, with test_web_server.py's attacks (tests/README.md)."""
from __future__ import annotations

import asyncio
import json
import random

import pytest

from websockets.asyncio.client import connect

from test_web_server import HANG, Served, raw_page

pytestmark = pytest.mark.full_tier

PAGES = 200
SILENT = PAGES // 4           # of which this many never read after their handshake
MEMORY_MB = 600               # the server's resident memory stays below this


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


async def watcher(url: str, stop: asyncio.Event, counts: list):
    async with connect(url, max_size=None, ping_interval=None, open_timeout=HANG) as ws:
        while not stop.is_set():
            try:
                await asyncio.wait_for(ws.recv(), 1)
                counts[0] += 1
            except asyncio.TimeoutError:
                continue


async def player(url: str, token: str, seat: int, rng: random.Random, peak: list, pid: int) -> dict:
    async with connect(url, max_size=None, ping_interval=None, open_timeout=HANG) as ws:
        while True:
            msg = json.loads(await asyncio.wait_for(ws.recv(), HANG))
            assert msg["type"] == "game", msg
            g = msg["game"]
            peak[0] = max(peak[0], rss_mb(pid))
            if g["over"]:
                return g
            if g["to_play"] == seat and g["actions"]:
                await ws.send(json.dumps({"type": "act", "token": token,
                                          "action": rng.choice(g["actions"])["index"]}))


def test_two_players_finish_a_game_while_pages_watch_and_some_stop_reading(tmp_path):
    server = Served(tmp_path, "short-game", "--players", "human,human", "--seed", "12", "--speed", "instant")
    base = f"ws://127.0.0.1:{server.port}/ws?t="
    silent = [raw_page(server.port, server.watch) for _ in range(SILENT)]
    peak = [rss_mb(server.proc.pid)]

    async def run():
        stop, counts = asyncio.Event(), [0]
        watchers = [asyncio.create_task(watcher(base + server.watch, stop, counts))
                    for _ in range(PAGES - SILENT - 2)]
        await asyncio.sleep(1)
        rng = random.Random(5)
        games = await asyncio.wait_for(asyncio.gather(
            *(player(base + token, token, seat, rng, peak, server.proc.pid)
              for seat, token in enumerate(server.seats))), HANG * 3)
        stop.set()
        await asyncio.gather(*watchers)
        async with connect(base + server.watch, open_timeout=HANG) as ws:   # still answering
            last = json.loads(await asyncio.wait_for(ws.recv(), HANG))["game"]
        return games, counts[0], last

    try:
        games, received, last = asyncio.run(run())
    finally:
        for sk in silent:
            sk.close()
        code = server.stop()
    assert all(g["over"] for g in games) and last["over"] and last["played"] == games[0]["played"]
    assert received >= PAGES - SILENT - 2                   # every watcher was sent the game
    assert peak[0] < MEMORY_MB, f"the server grew to {peak[0]:.0f} MB"
    assert code == 143 and "Traceback" not in server.text()
