"""rulekit serve in a real browser: Debian's chromium, driven by Playwright (never a downloaded browser).

Each test starts ``rulekit serve`` in a process of its own and plays through the page as a person would:
by clicking the board's workers and the choices."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import tier
from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WAIT = 30_000          # ms: the longest a page may take to show a change (a slow shared machine)


class Server:
    """``rulekit serve`` running in a process of its own; ``urls``: what it printed (the host's first)."""

    def __init__(self, cwd: Path, *args: str):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "rulekit", "serve", "--port", "0", *args, "--no-browser", "--speed", "instant"],
            cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines = []
        for line in self.proc.stdout:
            self.lines.append(line)
            if "Ctrl-C" in line or "Ctrl-C" in line.replace("Ctrl‑C", "Ctrl-C"):
                break
        else:
            raise AssertionError("the server did not start: " + self.proc.stderr.read())
        self.urls = [m.group(0) for line in self.lines for m in re.finditer(r"http://\S+", line)]

    @property
    def base(self) -> str:
        return self.urls[0].split("?")[0]

    def alive(self) -> bool:
        return self.proc.poll() is None

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=10)


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(autouse=True)
def _pages_closed(browser):
    """Each test's pages are closed when it ends: a page left open would go on drawing and, its server stopped,
    trying to reconnect for the rest of the module (CPU that is not the test's)."""
    yield
    for context in list(browser.contexts):
        context.close()


@pytest.fixture
def serve(tmp_path):
    started = []

    def start(*args):
        server = Server(tmp_path, *args)
        started.append(server)
        return server

    yield start
    for server in started:
        if server.alive():
            server.stop()


@pytest.fixture(scope="module")
def shared_game(tmp_path_factory):
    """One served game for the tests that only read the page or play one move on the human's turn, whatever was
    played before (a human against bot:easy on short-game): one ``rulekit serve`` start for them all instead of
    one each (about 0.9 CPU-s a start, tests/README.md)."""
    server = Server(tmp_path_factory.mktemp("shared"), "short-game", "--players", "human,bot:easy", "--seed", "5")
    yield server
    if server.alive():
        server.stop()


def open_page(browser, url, width=1280, height=900, motion=False):
    # the tests read the page with evaluated expressions, which the page's Content-Security-Policy forbids
    # (test_the_page_works_under_its_content_security_policy opens it with the policy); the page is asked for
    # reduced motion (no flash, no fading lines: each an animation chromium draws frame by frame) unless
    # ``motion`` (test_names_you_turn_alert_undo_and_hint_between_two_browsers has it)
    page = browser.new_page(viewport={"width": width, "height": height}, bypass_csp=True,
                            reduced_motion="no-preference" if motion else "reduce")
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    page.wait_for_function("document.body.dataset.version !== undefined", timeout=WAIT)
    page.errors = errors
    return page


# The quick tier (tests/README.md) plays the tests' whole games on house rules that end sooner: a player with 2
# structures ends a game of Province, and Provisions 1849 lasts three months (the vigilantes' leaving and the rush
# kept); the full tier plays the bundled rulesets.
SOONER = textwrap.dedent("""\
    extends: short-game
    id: sooner
    end:
      conditions:
        - player_condition: {metric: structures, at_least: 2}
        - all_structures_built: {}
        - goals_exhausted: {}
    """)
PROVISIONS_SOONER = textwrap.dedent("""\
    family: provisions
    extends: provisions-1849
    id: provisions-sooner
    months:
      - {id: july, name: July, turns: 3}
      - {id: october, name: October, turns: 3, event: vigilantes_leave}
      - {id: december, name: December, turns: 3, event: rush}
    """)


def whole_game(tmp_path, ruleset="short-game") -> str:
    """The ruleset a test plays to its end, served from ``tmp_path``: ``ruleset`` in the full tier, a house rule
    of it that ends sooner in the quick tier."""
    if tier.FULL:
        return ruleset
    name, text = (("provisions-sooner.yaml", PROVISIONS_SOONER) if ruleset == "provisions-1849" else
                  ("sooner.yaml", SOONER))
    assert ruleset in text
    (tmp_path / name).write_text(text, encoding="utf-8")
    return name


def version(page) -> int:
    return int(page.evaluate("document.body.dataset.version"))


def wait_my_turn_or_end(page, after: int):
    page.wait_for_function(
        f"Number(document.body.dataset.version) > {after} && "
        "(document.body.dataset.mine === '1' || document.body.dataset.over === '1')", timeout=WAIT)


def click_one(page) -> None:
    """One action by a click: a card or a good the board offers (Provisions), build when possible, else move a
    worker on the board, else go on (a group of choices opened first when they are grouped)."""
    v = version(page)
    card = page.locator("#boardarea .can-play")
    if card.count():
        card.first.click()
        return v
    group = page.locator("#choices button.group")
    if group.count():
        group.first.click()
        page.locator("#choices button[data-action]").first.click()
        return v
    if page.evaluate("document.body.dataset.board") == "provisions":
        page.locator("#choices button[data-action]").first.click()
        return v
    build = page.locator("#choices button[data-kind=build]")
    worker = page.locator("#board .worker.can-move")
    if build.count():
        build.first.click()
    elif worker.count():
        worker.first.click()
    else:
        go_on = page.locator("#choices button[data-kind=spend]")
        if not go_on.count():
            go_on = page.locator("#choices button[data-kind=end]")
        go_on.first.click()
    return v


def play_to_the_end(page, limit=600) -> int:
    clicks = 0
    while page.evaluate("document.body.dataset.over") != "1":
        assert clicks < limit, "the game did not end"
        v = click_one(page)
        clicks += 1
        wait_my_turn_or_end(page, v)
    return clicks


def test_a_whole_game_against_the_easy_computer_by_clicks_in_english(browser, serve):
    server = serve("short-game", "--players", "human,bot:easy", "--seed", "5")
    page = open_page(browser, server.urls[0])
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("#choicestitle").inner_text() == "Your choices:"
    first = page.locator("#choices button").first
    assert re.match(r"Cost: .+\. Gain: .+\.", first.get_attribute("title"))
    clicks = play_to_the_end(page)
    assert clicks > 10
    end = page.locator("#endpanel").inner_text()
    assert "GAME OVER" in end and ("win" in end or "tie" in end.lower())
    assert "Computer (easy)" in page.locator("#story").inner_text()       # its turns were told
    assert not page.errors


FRENCH_SHORT = textwrap.dedent("""\
    extends: province-fr
    id: courte-fr
    end:
      conditions:
        - player_condition: {metric: structures, at_least: 3}
        - all_structures_built: {}
        - goals_exhausted: {}
    """)


def test_a_whole_game_in_french_by_clicks(browser, serve, tmp_path):
    (tmp_path / "courte.yaml").write_text(FRENCH_SHORT, encoding="utf-8")
    server = serve("courte.yaml", "--players", "human,bot:easy", "--seed", "2", "--lang", "fr")
    page = open_page(browser, server.urls[0])
    assert page.locator("html").get_attribute("lang") == "fr"
    assert page.locator("#choicestitle").inner_text() == "Vos choix\u202f:"
    assert "Cost" not in page.locator("#choices button").first.get_attribute("title")
    play_to_the_end(page)
    text = page.locator("body").inner_text()
    assert "PARTIE TERMINÉE" in text
    assert "Rejouer" in text and "Bâtiments" in text and "Joueur" in text      # the end screen and the structures
    for english in ("Your choices", "GAME OVER", "Cost:", "What happened", "Computer (easy)", "Play again",
                    "Player", "Structures", "Total VP", "Built by"):
        assert english not in text                     # never a mixed page
    assert not page.errors


# Full tier only: two browsers on one game: the quick tier's
# test_names_you_turn_alert_undo_and_hint_between_two_browsers and
# test_two_people_finish_a_game_on_their_old_links_after_the_server_restarts play one too.
@pytest.mark.full_tier
def test_two_browsers_play_one_game(browser, serve):
    server = serve("short-game", "--players", "human,human", "--seed", "8")
    assert len(server.urls) == 4                       # seat 1, seat 2's link, the hot-seat link, the watch link
    one = open_page(browser, server.urls[0])
    two = open_page(browser, server.urls[1])
    assert one.locator("#links input").input_value().endswith(server.urls[1].split("?")[1])
    pages = {0: one, 1: two}
    for _ in range(tier.games(full=40, quick=12)):      # several whole turns of each player
        to_play = [s for s, p in pages.items() if p.evaluate("document.body.dataset.mine") == "1"]
        assert len(to_play) == 1                       # one page offers actions, the other waits
        page, other = pages[to_play[0]], pages[1 - to_play[0]]
        assert other.locator("#choices button").count() == 0
        before = version(other)
        click_one(page)
        for p in (page, other):                        # both pages are told
            p.wait_for_function(f"Number(document.body.dataset.version) > {before}", timeout=WAIT)
    assert one.locator("#story").inner_text() == two.locator("#story").inner_text()
    assert "Player 2" in one.locator("#story").inner_text() and "Player 1" in two.locator("#story").inner_text()


# Full tier only: a restart with --resume: the quick tier's
# test_two_people_finish_a_game_on_their_old_links_after_the_server_restarts resumes one too.
@pytest.mark.full_tier
def test_a_game_resumes_after_the_server_restarts(browser, serve, tmp_path):
    record = tmp_path / "game.json"
    server = serve("short-game", "--players", "human,bot:easy", "--seed", "4", "--record", str(record))
    page = open_page(browser, server.urls[0])
    for _ in range(tier.games(full=12, quick=4)):
        v = click_one(page)
        wait_my_turn_or_end(page, v)
    played = json.loads(page.evaluate("JSON.stringify([document.querySelector('#players').innerText, "
                                      "document.querySelector('#heading').innerText])"))
    server.stop()
    again = serve("--resume", str(record))
    page2 = open_page(browser, again.urls[0])
    now = [page2.locator("#players").inner_text(), page2.locator("#heading").inner_text()]
    assert now == played
    assert json.loads(record.read_text(encoding="utf-8"))["actions"]
    v = click_one(page2)                               # and it plays on
    wait_my_turn_or_end(page2, v)


LAYOUT = """() => {
  window.scrollTo(0, 0);          // on a phone the choices stay at the top as the page scrolls, over the rest: by design
  const box = (e) => e.getBoundingClientRect();
  const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
  const problems = [];
  const panels = [...document.querySelectorAll("#layout > .panel, header#top")];
  for (let i = 0; i < panels.length; i++) for (let j = i + 1; j < panels.length; j++)
    if (overlap(box(panels[i]), box(panels[j]))) problems.push(`${panels[i].id} overlaps ${panels[j].id}`);
  const tools = [...document.querySelectorAll("#tools > *:not([hidden]), #title, #heading")];
  for (let i = 0; i < tools.length; i++) for (let j = i + 1; j < tools.length; j++)
    if (overlap(box(tools[i]), box(tools[j]))) problems.push(`${tools[i].id} overlaps ${tools[j].id}`);
  for (const g of document.querySelectorAll("#board g.space")) {
    const frame = g.querySelector("rect.box").getBBox();
    for (const t of g.querySelectorAll("text.label")) {
      const b = t.getBBox();
      if (b.x < frame.x || b.x + b.width > frame.x + frame.width + 0.5 || b.y < frame.y || b.y + b.height > frame.y + frame.height)
        problems.push(`"${t.textContent}" leaves its box`);
    }
  }
  const spaces = [...document.querySelectorAll("#board g.space:not(.progress) rect.box")].map((r) => r.getBBox());
  for (let i = 0; i < spaces.length; i++) for (let j = i + 1; j < spaces.length; j++) {
    const a = spaces[i], b = spaces[j];
    if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) problems.push("two spaces overlap");
  }
  const rects = [...document.querySelectorAll("#board g.space:not(.progress)")];
  for (const w of document.querySelectorAll("#board .worker")) {
    const c = w.querySelector("circle").getBBox();
    const home = rects.find((g) => { const f = g.querySelector("rect.box").getBBox();
      return c.x >= f.x && c.x + c.width <= f.x + f.width && c.y >= f.y && c.y + c.height <= f.y + f.height; });
    if (!home) problems.push(`worker ${w.dataset.worker} is outside every space`);
  }
  for (const e of document.querySelectorAll(".player p, #choices button > span, #rows dt, #rows dd, #story li, h2, #end p")) {
    const parent = e.closest(".player, #choices button, #story, .panel");
    const a = box(e), b = box(parent);
    const scrolled = parent.id === "story";              // a scrolled list: its lines only stay within its width
    if (scrolled ? a.left < b.left - 0.5 || a.right > b.right + 0.5 : !inside(a, b))
      problems.push(`"${e.textContent.slice(0, 40)}" leaves its box`);
    if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== "auto") problems.push(`"${e.textContent.slice(0, 40)}" is cut`);
  }
  if (document.documentElement.scrollWidth > window.innerWidth + 1) problems.push("the page scrolls sideways");
  return problems;
}"""


LAYOUT_GAMES = {
    "three-players-fr": ("province-3p", "--players", "human,bot:easy,bot:easy", "--seed", "3", "--lang", "fr"),
    "stone-fourth-space": ("stone.yaml", "--players", "human,bot:easy", "--seed", "3"),
}


@pytest.fixture(scope="module")
def layout_servers(tmp_path_factory):
    """The layout test's games, each served once for its window sizes (the narrow window goes on with the game
    the wide one played): one ``rulekit serve`` start a game."""
    from test_resources import STONE                    # a house rule with a fourth space and a third resource

    folder = tmp_path_factory.mktemp("layout")
    (folder / "stone.yaml").write_text(STONE, encoding="utf-8")
    servers = {}
    yield lambda game: servers.get(game) or servers.setdefault(game, Server(folder, *LAYOUT_GAMES[game]))
    for server in servers.values():
        if server.alive():
            server.stop()


@pytest.mark.parametrize("size,game", [((1280, 900), "three-players-fr"), ((420, 900), "three-players-fr"),
                                       ((420, 900), "stone-fourth-space")],
                         ids=["wide", "narrow", "narrow-stone"])
def test_the_layout_at_two_window_sizes(browser, layout_servers, tmp_path, size, game):
    server = layout_servers(game)
    page = open_page(browser, server.urls[0], *size)
    assert page.locator("#board g.space:not(.progress)").count() == (4 if "stone" in game else 3)
    for _ in range(tier.games(full=10, quick=6)):       # a board with workers moved and structures built
        v = click_one(page)
        wait_my_turn_or_end(page, v)
    shot = tmp_path / f"board-{size[0]}.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000
    assert page.evaluate(LAYOUT) == []
    assert page.locator(".player").count() == (2 if "stone" in game else 3)


def test_bad_input_is_refused_and_the_server_goes_on(browser, serve):
    server = serve("short-game", "--players", "human,human", "--seed", "6")
    page = open_page(browser, server.urls[0])
    before = page.locator("#players").inner_text(), version(page)
    legal = page.locator("#choices button").first.get_attribute("data-action")
    seat2 = server.urls[1].split("t=")[1]
    answers = page.evaluate("""async ([legal, seat2]) => {
      const tokens = new URLSearchParams(location.search).get("t");
      const ws = new WebSocket(`ws://${location.host}/ws?t=${tokens}`);
      await new Promise((ok) => ws.onopen = ok);
      const answers = [];
      ws.onmessage = (e) => { const m = JSON.parse(e.data); if (m.type === "refused") answers.push(m.message); };
      const sends = [
        JSON.stringify({type: "act", token: tokens, action: 99999}),          // a forged action
        JSON.stringify({type: "act", token: seat2, action: Number(legal)}),    // the other seat's token
        JSON.stringify({type: "act", token: "not-a-token", action: Number(legal)}),
        "{not json", JSON.stringify({type: "act"}), JSON.stringify([1]),       // malformed
      ];
      for (const s of sends) ws.send(s);
      for (let i = 0; i < 100 && answers.length < sends.length; i++) await new Promise((ok) => setTimeout(ok, 50));
      ws.close();
      return answers;
    }""", [legal, seat2])
    assert len(answers) == 6
    assert "no such action" in answers[0] and "not your turn" in answers[1] and "seat token" in answers[2]
    assert all("not understood" in a for a in (answers[3], answers[5]))
    # the page's own illegal click says why
    page.evaluate("socket.send(JSON.stringify({type: 'act', token: tokenToPlay(), action: game.actions.length ? "
                  "-1 : 0}))")
    page.wait_for_function("document.getElementById('message').dataset.refused === '1'", timeout=WAIT)
    assert page.locator("#message").inner_text()
    assert (page.locator("#players").inner_text(), version(page)) == before
    assert server.alive()
    v = click_one(page)                                 # and the game goes on
    page.wait_for_function(f"Number(document.body.dataset.version) > {v}", timeout=WAIT)
    # a wrong token in the link: the page is told so, with nothing to click
    stranger = browser.new_page(bypass_csp=True)
    stranger.goto(server.base + "?t=wrong")
    stranger.wait_for_function("document.getElementById('message').dataset.refused === '1'", timeout=WAIT)
    assert "token" in stranger.locator("#message").inner_text()
    assert stranger.locator("#choices button").count() == 0


def test_undo_save_and_the_rules_by_clicks(browser, serve, tmp_path):
    server = serve("short-game", "--players", "human,bot:easy", "--seed", "9", "--lang", "fr")
    page = open_page(browser, server.urls[0])
    # the spaces' names in one size (« Zone de Revenu » as small as « Zone d'Ouvrage supérieure », which must
    # shrink to fit at this width), their yields in one size
    for which, drawn, shrunk in (("[font-weight=bold]", 17, True), (":not([font-weight])", 14, False)):
        sizes = page.evaluate(f"[...document.querySelectorAll('#board g.space[data-space] text.label{which}')]"
                              ".map((t) => Number(t.getAttribute('font-size')))")
        assert len(sizes) == 3 and len(set(sizes)) == 1 and (sizes[0] < drawn) == shrunk, sizes
    board = page.locator("#players").inner_text()
    assert page.locator("#undo").is_disabled()
    v = click_one(page)
    wait_my_turn_or_end(page, v)
    assert page.locator("#players").inner_text() != board or page.locator("#story li").count() > 2
    v = version(page)
    page.keyboard.press("u")                            # the key does what the button does
    wait_my_turn_or_end(page, v)
    assert page.locator("#players").inner_text() == board
    assert "Annulé" in page.locator("#story").inner_text()
    v = version(page)
    page.locator("#save").click()
    page.wait_for_function(f"Number(document.body.dataset.version) > {v}", timeout=WAIT)
    saved = list(tmp_path.glob("*.json"))
    assert len(saved) == 1 and "rulekit serve --resume" in page.locator("#message").inner_text()
    with page.expect_popup() as popup:
        page.locator("#rules").click()
    rules = popup.value
    rules.wait_for_load_state()
    assert rules.locator("html").get_attribute("lang") == "fr" and "Cycle de Travail" in rules.inner_text("body")


def test_hot_seat_one_page_plays_every_seat(browser, serve):
    server = serve("short-game", "--players", "human,human", "--seed", "10")
    page = open_page(browser, server.urls[2])           # the link with every seat's token
    seats = set()
    for _ in range(25):
        seats.add(page.evaluate("game.to_play"))
        if seats == {0, 1} and not tier.FULL:           # the quick tier: until the second seat plays
            break
        v = click_one(page)
        wait_my_turn_or_end(page, v)
    assert seats == {0, 1}


def test_watching_two_computers_with_a_speed_control(browser, serve, tmp_path):
    server = serve(whole_game(tmp_path), "--players", "bot:easy,bot:easy", "--seed", "11")
    page = open_page(browser, server.urls[0])
    assert page.locator("#choices button").count() == 0
    page.locator("#speed").select_option("pause")
    page.wait_for_function("game.paused === true", timeout=WAIT)
    assert page.locator("#speed").input_value() == "pause"
    page.locator("#speed").select_option("instant")
    page.wait_for_function("document.body.dataset.over === '1'", timeout=WAIT)
    assert "GAME OVER" in page.locator("#endpanel").inner_text()


def test_the_guided_first_game_in_the_page(browser, serve):
    server = serve("short-game", "--players", "human,bot:easy", "--seed", "12", "--guide", "--lang", "fr")
    page = open_page(browser, server.urls[0])
    guide = page.locator("#guide")
    assert guide.is_visible() and guide.get_attribute("data-step") == "cycle"
    assert "Cycle de Travail" in guide.inner_text()
    v = version(page)
    page.locator("#guideok").click()
    page.wait_for_function(f"Number(document.body.dataset.version) > {v}", timeout=WAIT)
    assert guide.get_attribute("data-step") != "cycle" or not guide.is_visible()


def test_provisions_played_to_the_end_by_clicks(browser, serve, tmp_path):
    server = serve(whole_game(tmp_path, "provisions-1849"), "--players", "human,bot:normal", "--seed", "5")
    page = open_page(browser, server.urls[0])
    assert page.evaluate("document.body.dataset.board") == "provisions"
    assert page.locator(".provisions table.suppliers tbody tr").count() == 8
    assert page.locator(".provisions .row .card").count() >= 6
    assert page.locator(".provisions .hand .card.can-play").count() == 3     # the bonus cards to keep, by a click
    clicks = play_to_the_end(page)
    assert clicks > (15 if tier.FULL else 9)                  # three months of three actions, in the quick tier
    end = page.locator("#endpanel")
    assert end.is_visible() and "GAME OVER" in end.inner_text()
    assert page.locator("#end table.scores tbody tr").count() == 2
    assert page.locator("#end tr .you-marker").count() == 1
    assert "Computer (normal)" in page.locator("#story").inner_text()
    assert not page.errors


def test_two_provisions_browsers_see_their_own_bonus_cards_only(browser, serve):
    server = serve("provisions-1849", "--players", "human,human", "--seed", "3")
    one, two = open_page(browser, server.urls[0]), open_page(browser, server.urls[1])
    mine = {p: set(page.evaluate("game.board_data.stores[game.board_data.seat].hand.map((c) => c.id)"))
            for p, page in ((0, one), (1, two))}
    assert mine[0] and mine[1] and not mine[0] & mine[1]
    for p, page in ((0, one), (1, two)):
        text = page.locator("body").inner_text() + page.evaluate("JSON.stringify(game)")
        assert not any(card in text for card in mine[1 - p])


def test_the_end_screen_is_readable_at_1280_and_390(browser, serve, tmp_path):
    server = serve(whole_game(tmp_path), "--players", "human,bot:easy", "--seed", "5")
    page = open_page(browser, server.urls[0])
    play_to_the_end(page)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(200)
        page.screenshot(path=str(tmp_path / f"end-{width}.png"))
        end = page.locator("#endpanel")
        box = end.bounding_box()
        assert box["y"] < 200 and box["width"] <= width          # at the top, within the window
        rows = page.locator("#end table.scores tbody tr")
        assert rows.count() == 2
        ranks = [rows.nth(i).locator(".rank").inner_text() for i in range(2)]
        assert ranks[0] in ("1.", "2.") and sorted(ranks) == ranks  # the first rank first
        assert page.evaluate(LAYOUT) == []
    v = version(page)
    page.locator("#again").click()                                # play again: a new game on the same link
    page.wait_for_function(f"Number(document.body.dataset.version) > {v} && document.body.dataset.over === ''",
                           timeout=WAIT)
    assert page.locator("#endpanel").is_hidden()


def test_names_you_turn_alert_undo_and_hint_between_two_browsers(browser, serve):
    server = serve("short-game", "--players", "human,human", "--seed", "8", "--names", "Ada,Bob")
    one, two = open_page(browser, server.urls[0], motion=True), open_page(browser, server.urls[1], motion=True)
    assert one.locator(".player.you .name").inner_text().startswith("Ada")
    assert two.locator(".player.you .name").inner_text().startswith("Bob")
    assert one.locator("#undo").is_hidden() and two.locator("#undo").is_hidden()   # nothing to undo yet
    assert one.locator("#hintbutton").is_visible() and two.locator("#hintbutton").is_hidden()
    one.locator("#hintbutton").click()
    one.wait_for_function("!document.getElementById('hinttext').hidden", timeout=WAIT)
    assert one.locator("#hinttext").inner_text().startswith("Hint: ")
    assert "Waiting for Ada" in two.locator("#hint").inner_text()                 # the waiting page says whom for
    one.bring_to_front()
    while one.evaluate("document.body.dataset.mine") == "1":
        v = click_one(one)
        one.wait_for_function(f"Number(document.body.dataset.version) > {v}", timeout=WAIT)
    two.wait_for_function("document.body.dataset.turn === '1'", timeout=WAIT)
    assert "Your turn" in two.title() and "Your turn" in two.locator("#heading").inner_text()
    assert two.locator("#story li.new").count() > 0                                 # Ada's moves, marked new
    assert one.locator("#undo").is_visible() and two.locator("#undo").is_hidden()
    v = click_one(two)                                                              # Bob plays
    one.wait_for_function(f"Number(document.body.dataset.version) > {v}", timeout=WAIT)
    assert one.locator("#undo").is_hidden()                                         # Ada's move is his now


def test_a_watchers_page_and_the_phone_layout(browser, serve):
    server = serve("short-game", "--players", "human,human", "--seed", "6")
    watcher = open_page(browser, server.urls[-1])                    # the watch link the server printed
    for control in ("#choicespanel", "#undo", "#save", "#hintbutton", "#speedbox"):
        assert watcher.locator(control).is_hidden(), control
    assert "watching" in watcher.locator("#heading").inner_text()
    phone = open_page(browser, server.urls[0], 390, 844)
    choices = phone.locator("#choicespanel")
    assert choices.bounding_box()["y"] < 844 / 2                                  # in reach at once
    assert phone.evaluate(LAYOUT) == []
    phone.mouse.wheel(0, 2000)
    phone.wait_for_timeout(300)
    box = choices.bounding_box()
    assert 0 <= box["y"] < 844 and phone.locator("#choices button").first.is_visible()   # and after scrolling


def test_the_structures_panel_and_the_colours_the_rules_name(browser, shared_game):
    page = open_page(browser, shared_game.urls[0])
    assert page.locator("#catalogue details").count() == 8
    assert re.search(r"\d", page.locator("#catalogue summary .brief").first.inner_text())   # the cost, at a glance
    page.locator("#catalogue summary").first.click()
    assert "Cost" in page.locator("#catalogue details").first.inner_text()
    green = page.locator("#board .worker[data-kind=green] circle").first
    assert green.get_attribute("data-color") == "green" and green.get_attribute("fill") == "#2E9E44"
    page.close()                                        # the shared game's next test opens its own


def test_the_page_reconnects_by_itself(browser, shared_game):
    page = open_page(browser, shared_game.urls[0])
    page.wait_for_function("document.body.dataset.connected === '1'", timeout=WAIT)
    page.evaluate("socket.close()")                                              # the connection is lost
    page.wait_for_function("document.body.dataset.connected === ''", timeout=WAIT)
    page.wait_for_function("document.body.dataset.connected === '1'", timeout=WAIT)   # and found again
    v = click_one(page)
    wait_my_turn_or_end(page, v)
    page.close()


# Full tier only: pages reconnecting after a restart on the same port: the quick tier's
# test_two_people_finish_a_game_on_their_old_links_after_the_server_restarts sees both pages do it.
@pytest.mark.full_tier
def test_the_page_reconnects_after_the_server_restarts(browser, serve, tmp_path):
    import socket

    with socket.socket() as probe:                                            # a free port, kept for the restart
        probe.bind(("127.0.0.1", 0))
        port = str(probe.getsockname()[1])
    record = tmp_path / "game.json"
    server = serve("short-game", "--players", "human,bot:easy", "--seed", "4", "--record", str(record), "--port", port)
    page = open_page(browser, server.urls[0])
    v = click_one(page)
    wait_my_turn_or_end(page, v)
    server.stop()
    page.wait_for_function("document.body.dataset.connected === ''", timeout=WAIT)
    assert page.locator("#message").inner_text().startswith("The connection to the server is lost")
    serve("--resume", str(record), "--port", port)
    page.wait_for_function("document.body.dataset.connected === '1'", timeout=WAIT)   # by itself, no reload
    page.wait_for_function("document.getElementById('message').innerText.startsWith('Connected again')",
                           timeout=WAIT)
    assert page.locator("#story li").count() > 2
def test_the_page_works_under_its_content_security_policy(browser, shared_game):
    """The page's own script and style, nothing else: it draws and plays with the policy enforced."""
    server = shared_game
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    blocked = []
    page.on("console", lambda msg: blocked.append(msg.text) if "Content Security Policy" in msg.text else None)
    page.on("pageerror", lambda exc: blocked.append(str(exc)))
    page.goto(server.urls[0])
    page.locator("#board .worker").first.wait_for(timeout=WAIT)
    page.locator("#choices button").first.click()
    page.locator("#story li").first.wait_for(timeout=WAIT)
    assert page.locator("#choices button").count() or page.locator("#end p").count()
    assert not blocked, blocked
    page.close()


def test_two_people_finish_a_game_on_their_old_links_after_the_server_restarts(browser, serve, tmp_path):
    """Two people, two browsers (each its own context), with names; the server stops mid-game and is started
    again with --resume on its port: both old pages reconnect by themselves, keep their seats and their names,
    and the game is played to its end on them."""
    import socket

    with socket.socket() as probe:                                            # a free port, kept for the restart
        probe.bind(("127.0.0.1", 0))
        port = str(probe.getsockname()[1])
    record = tmp_path / "game.json"
    server = serve(whole_game(tmp_path), "--players", "human,human", "--seed", "8", "--names", "Ada,Bob",
                   "--record", str(record), "--port", port)
    pages = {0: open_page(browser, server.urls[0]), 1: open_page(browser, server.urls[1])}

    def to_play():
        """The seat whose page offers actions: exactly one, once both pages are told the same game."""
        for _ in range(int(WAIT / 50)):
            seats = [s for s, p in pages.items() if p.evaluate("document.body.dataset.mine") == "1"]
            if len(seats) == 1:
                return seats[0]
            pages[0].wait_for_timeout(50)
        raise AssertionError(f"pages offering actions: {seats}")

    def step():
        before = {s: version(p) for s, p in pages.items()}
        click_one(pages[to_play()])
        for s, p in pages.items():                                            # both pages are told
            p.wait_for_function(f"Number(document.body.dataset.version) > {before[s]}", timeout=WAIT)

    for _ in range(8):
        step()
    story = pages[0].locator("#story").inner_text()
    server.stop()
    for page in pages.values():
        page.wait_for_function("document.body.dataset.connected === ''", timeout=WAIT)
    serve("--resume", str(record), "--port", port)
    for page in pages.values():                                               # by itself, on the old link
        page.wait_for_function("document.body.dataset.connected === '1'", timeout=WAIT)
    pages[0].wait_for_function("document.body.dataset.mine !== undefined", timeout=WAIT)
    assert pages[0].locator(".player.you .name").inner_text().startswith("Ada")
    assert pages[1].locator(".player.you .name").inner_text().startswith("Bob")
    assert pages[0].locator("#story").inner_text().startswith(story[:200])
    for _ in range(600):
        if pages[0].evaluate("document.body.dataset.over") == "1":
            break
        step()
    for page in pages.values():
        page.wait_for_function("document.body.dataset.over === '1'", timeout=WAIT)
    assert json.loads(record.read_text(encoding="utf-8"))["result"] is not None   # the record holds the end


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_provisions_goods_are_bought_by_clicks_in_the_suppliers_table(browser, serve, lang):
    """A good for sale clicked, then a second: the two are bought (the same one twice: two of it); a picked
    good can be put back; only the goods that make a legal buy with the one picked can be clicked."""
    server = serve("provisions-1849", "--players", "human,bot:easy", "--seed", "5", "--guide", "--lang", lang)
    page = open_page(browser, server.urls[0])
    assert page.locator("#guide").get_attribute("data-step") == "keep"
    v = version(page)
    page.locator(".provisions .hand .card.can-play").first.click()
    wait_my_turn_or_end(page, v)
    line = page.locator(".provisions .buyline")
    assert ("click a good for sale in this table" if lang == "en" else
            "cliquez sur une marchandise en vente dans ce tableau") in line.inner_text()
    stock = "Object.fromEntries(game.board_data.stores[game.board_data.seat].stock)"
    bought = 0
    for same in (False, True):
        buys = page.evaluate("game.actions.filter((a) => a.kind === 'buy').map((a) => [a.index, a.goods])")
        index, (first, second) = next((i, g) for i, g in buys if (g[0] == g[1]) == same)
        before = page.evaluate(stock)
        page.locator(f'.provisions button.can-buy[data-buy="{first}"]').click()
        assert page.locator(".provisions button.picked").get_attribute("data-buy") == first
        pairs = {str(i) for i, g in buys if first in g}
        assert {b.get_attribute("data-action") for b in page.locator(".provisions button.can-buy").all()} == pairs
        if not same:                                          # put back, then picked again
            page.locator(".provisions .buyline .buy-cancel").click()
            assert page.locator(".provisions button.picked").count() == 0
            assert page.locator(".provisions button.can-buy").count() == len({c for _i, g in buys for c in g})
            page.locator(f'.provisions button.can-buy[data-buy="{first}"]').click()
        v = version(page)
        page.locator(f'.provisions button.can-buy[data-buy="{second}"]').click()
        wait_my_turn_or_end(page, v)
        after = page.evaluate(stock)
        gained = {c: after[c] - before[c] for c in after if after[c] != before[c]}
        assert gained == ({first: 2} if same else {first: 1, second: 1})
        bought += 1
    assert bought == 2 and not page.errors
