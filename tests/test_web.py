"""rulekit serve without a browser: the game a server holds, its tokens, and what it refuses."""
from __future__ import annotations

import json
import time

import pytest

from rulekit.engine import new_game
from rulekit.language import load_ruleset
from scenario import bundled_of
from rulekit.play.view import state_view
from rulekit.web.app import make_app
from rulekit.web.game import SPEEDS, Refused, WebGame

from starlette.testclient import TestClient


def _game(ruleset="short-game", players=("human", "bot:easy"), seed=3, guide=False, **kw):
    game = WebGame.new(load_ruleset(ruleset), list(players), seed, delay=SPEEDS["instant"], **kw)
    game.guide = guide
    return game


@pytest.mark.parametrize("ruleset_id", bundled_of("province"))   # Province's bots and board
def test_every_bundled_ruleset_gives_a_page(ruleset_id):
    rs = load_ruleset(ruleset_id)
    players = ["human"] + ["bot:easy"] * (new_game(rs, seed=1).n_players - 1)
    game = WebGame.new(rs, players, 1)
    page = game.payload([game.tokens[0]])
    st = game.state
    assert [a["index"] for a in page["actions"]] == st.legal_actions()
    assert [s["id"] for s in page["view"]["spaces"]] == list(st.c.space_ids)
    assert len(page["players"]) == st.n_players
    assert all(a["hover"] and a["label"] and a["notation"] for a in page["actions"])
    json.dumps(page)                                  # all of it is JSON


def test_a_seat_acts_only_for_itself():
    game = _game(players=("human", "human"))
    st = game.state
    first, second = game.tokens[st.current], game.tokens[1 - st.current]
    before = len(st.history)
    with pytest.raises(Refused, match="not your turn"):
        game.act(second, st.legal_actions()[0])
    with pytest.raises(Refused, match="seat token"):
        game.act("forged-token", st.legal_actions()[0])
    assert len(game.state.history) == before
    game.act(first, st.legal_actions()[0])
    assert len(game.state.history) == before + 1
    # still the first seat's turn: the other seat's page offers no action
    assert game.state.current == st.current and game.payload([second])["actions"] == []
    # only the host (seat 1) is shown the other seats' links; seat 2's page never shows seat 1's token
    assert game.payload([game.tokens[0]])["links"] == {"1": game.tokens[1]}
    assert game.tokens[0] not in json.dumps(game.payload([game.tokens[1]]))


def test_an_illegal_action_says_why_and_changes_nothing():
    game = _game()
    st = game.state
    token = game.tokens[0]
    illegal = next(a for a in range(len(st.c.actions)) if a not in st.legal_actions()
                   and st.c.actions[a].kind == st.c.actions[st.c.a_end].kind)
    key = st.key()
    with pytest.raises(Refused, match="move at least one worker first"):
        game.act(token, illegal)
    for bad in (-1, 10 ** 6, "1", None, True, 1.5):
        with pytest.raises(Refused, match="no such action"):
            game.act(token, bad)
    assert game.state.key() == key


def test_undo_takes_back_the_players_move_and_the_computers_replies():
    game = _game()
    token = game.tokens[0]
    key = game.state.key()
    game.act(token, game.state.legal_actions()[0])
    while game.bot_to_play():
        game.play_bot(*game.bot_choice())
    game.undo(token)
    assert game.state.key() == key and not game.state.history


def test_save_and_resume(tmp_path):
    path = tmp_path / "game.json"
    game = _game(record_path=path)
    token = game.tokens[0]
    for _ in range(3):
        game.act(token, game.state.legal_actions()[0])
    again = WebGame.resume(path)
    assert again.state.key() == game.state.key()
    assert [game.state.notation(a) for a in again.state.history] == [game.state.notation(a) for a in game.state.history]


def _receive_game(ws):
    msg = ws.receive_json()
    assert msg["type"] == "game"
    return msg["game"]


def test_the_websocket_refuses_bad_input_and_goes_on():
    game = _game(players=("human", "human"))
    client = TestClient(make_app(game, game.session.ruleset), base_url="http://127.0.0.1")
    seat = game.state.current
    mine, theirs = game.tokens[seat], game.tokens[1 - seat]
    with client.websocket_connect(f"ws://127.0.0.1/ws?t={mine}") as ws:
        page = _receive_game(ws)
        legal = [a["index"] for a in page["actions"]]
        key = game.state.key()
        for bad in ("not json", "[1, 2]", json.dumps({"type": 3}), json.dumps({"type": "fly"}),
                    json.dumps({"type": "act", "token": mine, "action": "move"}),
                    json.dumps({"type": "act", "token": theirs, "action": legal[0]}),
                    json.dumps({"type": "act", "token": "x" * 22, "action": legal[0]}),
                    "x" * 10000):
            ws.send_text(bad)
            answer = ws.receive_json()
            assert answer["type"] == "refused" and answer["message"]
        ws.send_bytes(b"\x00\x01")
        assert ws.receive_json()["type"] == "refused"
        assert game.state.key() == key
        ws.send_text(json.dumps({"type": "act", "token": mine, "action": legal[0]}))
        page = _receive_game(ws)
        assert len(game.state.history) == 1 and page["version"] == game.version


def test_a_computer_that_cannot_play_is_said_to_every_page(monkeypatch):
    """A computer's move that fails is said on the page (and in one line on the console), not waited for."""
    game = _game(players=("human", "bot:easy"))
    client = TestClient(make_app(game, game.session.ruleset), base_url="http://127.0.0.1")

    def broken(*position):
        raise RuntimeError("no move found")

    monkeypatch.setattr(game, "think", broken)
    seat = 0 if game.state.current == 0 else None
    with client.websocket_connect(f"ws://127.0.0.1/ws?t={game.tokens[0]}") as ws:
        page = _receive_game(ws)
        if seat is not None:                       # the human plays until the computer is to move
            while game.state.current == 0 and not game.state.is_terminal():
                ws.send_text(json.dumps({"type": "act", "token": game.tokens[0],
                                         "action": game.state.legal_actions()[-1]}))
                page = _receive_game(ws)
        for _ in range(200):                       # the computer's turn is played on the server's own task
            if game.message:
                break
            time.sleep(0.05)
        assert game.message == "The computer could not play: no move found"
        while page["message"] != game.message:     # and the page is sent it
            page = _receive_game(ws)


def test_the_page_and_its_assets_are_served_from_the_package():
    game = _game()
    client = TestClient(make_app(game, game.session.ruleset), base_url="http://127.0.0.1")
    page = client.get("/")
    assert page.status_code == 200 and 'lang="en"' in page.text
    assert "http" not in page.text.replace('xmlns="http://www.w3.org/2000/svg"', "")   # no CDN, no network
    for asset in ("/static/app.js", "/static/style.css", "/static/icon.svg"):
        response = client.get(asset)
        assert response.status_code == 200 and "//cdn" not in response.text
    rules = client.get("/rules")
    assert rules.status_code == 200 and "Work Cycle" in rules.text


def test_the_view_behind_a_page_is_the_screens():
    game = _game()
    page = game.payload([game.tokens[0]])
    view = state_view(game.state, game.session.names, seat=0)
    assert [a["notation"] for a in page["actions"]] == [a.notation for a in view.actions]


def test_the_speed_and_the_pause():
    game = _game(players=("bot:easy", "bot:easy"))
    assert game.bot_to_play()
    game.set_speed(game.host, "pause")
    assert game.paused
    game.set_speed(game.host, "slow")
    assert not game.paused and game.delay == SPEEDS["slow"]
    with pytest.raises(Refused, match="no such speed"):
        game.set_speed(game.host, "warp")
    with pytest.raises(Refused, match="seat token"):
        game.set_speed("forged", "fast")
    assert game.delay == SPEEDS["slow"]


@pytest.fixture
def served_computers():
    """A game of two computers held by a server: ``(game, serve)``. ``serve(first)`` starts the server's
    computers' task, awaits ``first(server)``, then lets the task play until the game is over (or a bound), stops
    it and returns what ``first`` returned."""
    import asyncio

    from rulekit.web.app import Server

    game = _game(players=("bot:easy", "bot:easy"))

    def serve(first):
        async def run():
            server = Server(game)
            server.start()
            try:
                answer = await first(server)
                for _ in range(100_000):
                    if game.state.is_terminal():
                        break
                    await asyncio.sleep(0.001)
            finally:
                server.task.cancel()
            return answer

        return asyncio.run(run())

    return game, serve


def test_a_paused_server_plays_no_computer_move(served_computers):
    import asyncio

    game, serve = served_computers
    game.set_speed(game.host, "pause")

    async def paused(server):
        for _ in range(20):
            await asyncio.sleep(0)                  # let the computers' task run as long as it wants
        played = len(game.state.history)
        game.set_speed(game.host, "instant")
        server.wake.set()
        return played

    assert serve(paused) == 0
    assert game.state.is_terminal()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_guided_first_game_tells_each_step_once(lang):
    from rulekit.i18n import set_language

    set_language(lang)
    game = _game(guide=True)
    token = game.tokens[0]
    page = game.payload([token])
    assert page["guide"]["step"] == "cycle"
    assert ("Work Cycle" if lang == "en" else "Cycle de Travail") in page["guide"]["text"]
    game.dismiss(token, "cycle")
    seen = ["cycle"]
    while len(game.state.history) < 400 and not game.state.is_terminal():
        page = game.payload([token])
        if page["guide"]:
            step = page["guide"]["step"]
            assert step not in seen                 # each step once
            seen.append(step)
            game.dismiss(token, step)
            continue
        if game.state.current == 0:
            legal = game.state.legal_actions()
            game.act(token, legal[-1] if len(seen) % 2 else legal[0])
        else:
            game.play_bot(*game.bot_choice())
    assert {"cycle", "build", "labor"} <= set(seen)
    with pytest.raises(Refused, match="step" if lang == "en" else "étape"):
        game.dismiss(token, "nonsense")
    assert _game().payload([token])["guide"] is None          # only with --guide


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_provisions_guide_has_its_own_steps_on_the_page(lang):
    from rulekit.i18n import set_language
    from rulekit.play.provisions_guide import GUIDE_STEPS

    set_language(lang)
    try:
        game = WebGame.new(load_ruleset("provisions-1849"), ["human", "bot:easy"], 5, delay=SPEEDS["instant"])
        game.guide = True
        token = game.tokens[0]
        page = game.payload([token])
        assert page["guide"]["step"] == "keep"
        assert ("bonus card you keep" if lang == "en" else "carte bonus que vous gardez") in page["guide"]["text"]
        with pytest.raises(Refused):
            game.dismiss(token, "cycle")                   # Province's step is not this game's
        seen, texts = [], {}
        while len(game.state.history) < 300 and not game.state.is_terminal():
            page = game.payload([token])
            if page["guide"]:
                step = page["guide"]["step"]
                assert step not in seen                     # each step once
                seen.append(step)
                texts[step] = page["guide"]["text"]
                game.dismiss(token, step)
                continue
            if game.bot_to_play():
                game.play_bot(*game.bot_choice())
            else:
                game.act(token, game.state.legal_actions()[0])
        assert seen[:2] == ["keep", "month"] and {"buy", "sell"} <= set(seen) <= set(GUIDE_STEPS)
        assert ("click a good for sale in the suppliers' table" if lang == "en" else
                "cliquez sur une marchandise en vente dans le tableau des fournisseurs") in texts["buy"]
    finally:
        set_language("en")
    assert WebGame.new(load_ruleset("provisions-1849"), ["human", "bot:easy"], 5).payload([token])["guide"] is None


# ---------------------------------------------------------------------------------------------- every family


def _play_through(game, check, limit=2000):
    """Plays ``game`` to the end (the first legal action for a human, the computers' own), calling
    ``check(game)`` before every action."""
    for _ in range(limit):
        if game.state.is_terminal():
            return
        check(game)
        if game.bot_to_play():
            game.play_bot(*game.bot_choice())
        else:
            seat = game.state.decider
            game.act(game.tokens[seat], game.state.legal_actions()[0])
    raise AssertionError("the game did not end")


def test_provisions_is_served_from_its_own_view():
    rs = load_ruleset("provisions-1849")
    game = WebGame.new(rs, ["human", "bot:normal"], 5, delay=SPEEDS["instant"])
    page = game.payload([game.tokens[0]])
    assert page["board"] == "provisions" and page["heading"].startswith("Before July")
    board = page["board_data"]
    assert [g["colour"] for g in board["goods"]] == list(rs.colours)
    assert len(board["row"]) == 6 and len(board["stores"]) == 2 and len(board["months"]) == len(rs.months)
    hand = [c["id"] for c in board["stores"][0]["hand"]]
    assert sorted(a["card"] for a in page["actions"]) == sorted(hand) and len(hand) == 3
    _play_through(game, lambda g: json.dumps(g.payload([g.tokens[0]])))
    end = game.payload([game.tokens[0]])["end"]
    st = game.state
    assert end["scores"] == list(st.scores()) and end["ranks"] == list(st.outcome().ranks)
    assert [sum(r["values"][p] for r in end["rows"]) for p in range(2)] == list(st.scores())
    assert end["winner"].endswith(").")


def test_two_provisions_seats_never_see_each_others_bonus_cards():
    rs = load_ruleset("provisions-1849")
    game = WebGame.new(rs, ["human", "human"], 11, delay=SPEEDS["instant"])
    ids = [b for b, _objs in rs.bonus_cards]
    seen = {0: 0, 1: 0}

    def check(g):
        st = g.state
        for p in (0, 1):
            text = json.dumps(g.payload([g.tokens[p]]))
            own = {ids[b] for b in st.hands[p]}
            other = {ids[b] for b in st.hands[1 - p]}
            assert not any(f'"{b}' in text or f"{b}:" in text for b in other), (p, other)
            seen[p] += any(f"{b}:" in text for b in own)
        watcher = json.dumps(g.payload([]))
        assert not any(f"{ids[b]}:" in watcher for b in (*st.hands[0], *st.hands[1]))

    _play_through(game, check)
    assert seen[0] > 20 and seen[1] > 20                       # each seat did see its own cards
    final = json.dumps(game.payload([game.tokens[0]]))
    assert all(f"{ids[game.state.bonus[p]]}:" in final for p in (0, 1))   # every card once the game is over


def test_the_end_of_a_province_game_gives_ranks_and_vp_by_source():
    game = _game(players=("human", "bot:easy"), seed=4)
    _play_through(game, lambda g: None)
    end = game.payload([game.tokens[0]])["end"]
    st = game.state
    assert end["title"].startswith("GAME OVER") and end["ranks"] == list(st.outcome().ranks)
    assert [sum(r["values"][p] for r in end["rows"]) for p in range(2)] == list(st.scores())
    assert {r["label"] for r in end["rows"]} >= {"VP from structures"}
    assert ("win" in end["winner"] or "tie" in end["winner"].lower())
    if st.outcome().decided_by not in ("vp", "tie"):
        assert end["tie_break"].startswith("Decided by the tie-break")


def test_play_again_starts_a_new_game_for_the_same_links():
    game = _game(players=("human", "bot:easy"), seed=4)
    token = game.tokens[0]
    with pytest.raises(Refused, match="not over"):
        game.again(token)
    _play_through(game, lambda g: None)
    assert game.payload([token])["controls"]["again"]
    game.again(token)
    page = game.payload([token])
    assert not page["over"] and page["end"] is None and page["played"] == 0 and page["actions"]


def test_names_and_you_on_your_card_and_undo_only_when_it_can_work():
    game = _game(players=("human", "human"), names=["Ada", "Bob"])
    one, two = game.tokens[0], game.tokens[1]
    page = game.payload([one])
    assert page["names"] == ["Ada", "Bob"] and page["you"] == ["you", ""]
    assert page["players"][0]["lines"][0].startswith("Ada")
    assert not page["can_undo"]                                # nothing played yet
    st = game.state
    while game.state.decider == 0:
        game.act(one, game.state.legal_actions()[-1])           # to the end of Ada's turn
    assert game.payload([one])["can_undo"] and not game.payload([two])["can_undo"]
    game.act(two, game.state.legal_actions()[0])              # Bob plays: Ada's move cannot be undone now
    assert not game.payload([one])["can_undo"]
    with pytest.raises(Refused):
        game.undo(one)
    assert st is game.state


def test_a_watchers_page_has_no_player_controls():
    game = _game(players=("human", "human"))
    watcher = game.payload(["not-a-token"])
    assert watcher["controls"] == {"play": False, "save": False, "hint": False, "speed": False, "again": False}
    assert watcher["actions"] == [] and not watcher["can_undo"] and watcher["you"] == ["", ""]
    host = game.payload([game.tokens[0]])
    assert host["controls"]["play"] and host["controls"]["hint"] and not host["controls"]["speed"]


def test_a_hint_for_the_player_to_play_only():
    game = _game(players=("human", "human"))
    to_play = game.tokens[game.state.decider]
    assert game.hint(to_play).startswith("Hint: ")
    with pytest.raises(Refused, match="player who is to play"):
        game.hint(game.tokens[1 - game.state.decider])
    prov = WebGame.new(load_ruleset("provisions-1849"), ["human", "bot:easy"], 2, delay=0)
    assert prov.hint(prov.tokens[0]).startswith("Hint: keep the bonus card")


def test_the_structures_panel_says_costs_requirements_effects_and_builders():
    game = _game(ruleset="province-en")
    cat = game.payload([game.tokens[0]])["catalogue"]
    st = game.state
    assert len(cat["entries"]) == st.c.n_struct
    labels = [label for label, _text in cat["entries"][0]["facts"]]
    assert labels == ["Cost", "Requires", "VP", "Effect", "Built by"]
    assert all(e["facts"][4][1] == "nobody yet" and e["builders"] == [] for e in cat["entries"])
    assert all(e["brief"] == e["facts"][0][1] and e["brief"] for e in cat["entries"])
    assert any("needs" in e["status"] for e in cat["entries"])     # a structure that requires another


def test_workers_are_drawn_in_the_colours_the_rules_name():
    game = _game(ruleset="province-en")
    view = game.payload([game.tokens[0]])["view"]
    colours = {w["kind"]: w["color"] for sp in view["spaces"] for w in sp["workers"]}
    colours.update({w["kind"]: w["color"] for w in view["off_cycle"] if w["kind"] != "sailor"})
    data = game.session.ruleset.data["workers"]
    assert colours["green"] == "green" and all(colours[k] == data[k]["color"] for k in colours if k in data)
    sailors = {w["color"] for w in view["off_cycle"] if w["kind"] == "sailor"}
    assert sailors == {"red", "blue"}


def test_the_invite_link_is_the_machines_address_beyond_the_loopback():
    from rulekit.web.game import invite_base

    assert invite_base("127.0.0.1", 8032) == ("http://localhost:8032/", False)
    base, reachable = invite_base("0.0.0.0", 8032)
    assert reachable and "localhost" not in base and base.endswith(":8032/")
    assert invite_base("192.168.1.20", 80) == ("http://192.168.1.20:80/", True)
    game = _game(players=("human", "human"))
    assert "--host 0.0.0.0" in game.payload([game.tokens[0]])["invite_note"]
    game.invite_base, game.reachable = base, True
    page = game.payload([game.tokens[0]])
    assert page["invite_base"] == base and page["invite_note"] == ""


def test_the_web_layer_reads_the_families_views_only():
    """No module of rulekit/web reads an engine's tables (``state.c``, ``state.t``) or a private member of a
    state or of a play module: the page is drawn from each family's view (docs/web.md)."""
    from pathlib import Path

    from view_reads import forbidden_reads

    import rulekit.web

    problems = [p for path in sorted(Path(rulekit.web.__file__).parent.glob("*.py"))
                for p in forbidden_reads(path.read_text(encoding="utf-8"), path.name)]
    assert problems == []


def test_every_family_has_a_page_and_a_board_script():
    from pathlib import Path

    import rulekit.web
    from rulekit.web.pages import PAGES, page_for

    static = Path(rulekit.web.__file__).parent / "static"
    assert len(PAGES) >= 2
    for family, page in PAGES.items():
        assert (static / f"board-{page.board}.js").is_file(), family
    assert page_for(load_ruleset("provisions-1849")) is not page_for(load_ruleset("province-en"))


@pytest.mark.parametrize("ruleset_id", bundled_of("provisions"))
def test_every_bundled_provisions_ruleset_gives_a_page(ruleset_id):
    rs = load_ruleset(ruleset_id)
    players = ["human"] + ["bot:easy"] * (rs.player_counts.start - 1)
    game = WebGame.new(rs, players, 1)
    page = game.payload([game.tokens[0]])
    st = game.state
    assert page["board"] == "provisions" and sorted(a["index"] for a in page["actions"]) == sorted(st.legal_actions())
    assert len(page["players"]) == st.n_players and all(a["label"] and a["notation"] for a in page["actions"])
    json.dumps(page)


def test_the_provisions_page_in_french_has_no_english():
    from rulekit.i18n import language

    with language("fr"):
        game = WebGame.new(load_ruleset("provisions-1849"), ["human", "bot:easy"], 6, delay=0)
        _play_through(game, lambda g: None if g.state.history[4:5] else g.payload([g.tokens[0]]))
        middle = json.dumps(game.payload([game.tokens[0]]), ensure_ascii=False)
    assert "Fournisseurs" in middle and "File des clients" in middle and "PARTIE TERMINÉE" in middle
    for english in ("Suppliers", "Customer row", "Stores", "GAME OVER", "Points from", "Your bonus", "Play again",
                    "wins", "points from prospectors"):
        assert english not in middle, english


def test_the_rules_tab_is_the_books_of_the_games_family():
    """The rules tab is the family's own book (Provisions' rulebook, never Province's)."""
    from rulekit.i18n import get_language
    from rulekit.text import families

    game = _game("provisions-1849", ("human", "bot:easy"))
    rs = game.session.ruleset
    rules = TestClient(make_app(game, rs), base_url="http://127.0.0.1").get("/rules")
    assert rules.status_code == 200
    assert rules.text == families.row(rs).render_html(rs, get_language())      # the family's own book
def test_a_computers_answer_is_played_only_on_the_position_it_was_chosen_for():
    """race_repro.py: the computer thinks, the human takes the move back and plays another of the same
    history length; the answer chosen for the old position is not played, and the computer thinks again."""
    game = _game(ruleset="province-en", seed=1)
    token = game.tokens[0]
    st = game.state
    game.act(token, st.legal_actions()[0])
    while game.state.decider == 0:
        game.act(token, game.state.legal_actions()[-1])
    assert game.bot_to_play()
    at = len(game.state.history)
    old = game.bot_choice()                          # chosen for this position …
    game.undo(token)                                 # … which the human takes back
    while game.state.decider == 0:
        game.act(token, game.state.legal_actions()[-1])
    assert len(game.state.history) == at and game.bot_to_play()
    key = game.state.key()
    assert game.play_bot(*old) is False and game.state.key() == key
    version = game.position
    assert game.play_bot(version, -1) is False and game.play_bot(version, "1") is False   # never an illegal one
    assert game.play_bot(*game.bot_choice()) is True and len(game.state.history) == at + 1


def test_the_computers_task_outlives_a_failure(served_computers):
    import asyncio

    game, serve = served_computers
    real = game.think
    calls = []

    def failing(*args):
        calls.append(1)
        if len(calls) == 1:
            raise ValueError("a computer that fails once")
        return real(*args)

    game.think = failing

    async def after_the_failure(server):
        for _ in range(200):
            await asyncio.sleep(0.001)
        alive = not server.task.done()
        server.start()                               # a later change wakes it again
        return alive

    assert serve(after_the_failure) and game.state.is_terminal() and len(calls) > 1


def test_one_payload_per_change_for_each_set_of_tokens():
    import asyncio

    from rulekit.web.app import Page, Server

    game = _game(players=("human", "human"))
    made = []
    real = game.payload
    game.payload = lambda tokens=(): made.append(tuple(tokens)) or real(tokens)

    async def run():
        server = Server(game)
        pages = [Page(object(), [game.watch]) for _ in range(100)] + [Page(object(), [game.tokens[0]])]
        for page in pages:
            server.pages[page] = page
        server.publish()
        game.act(game.tokens[game.state.decider], game.state.legal_actions()[0])
        server.publish()
        return pages

    pages = asyncio.run(run())
    assert len(made) == 4                            # two changes × two sets of tokens, not 202
    assert all(json.loads(p.game_text)["game"]["played"] == 1 for p in pages)


def test_a_page_needs_a_token_and_the_record_keeps_them(tmp_path):
    from rulekit.engine.record import GameRecord

    game = _game(players=("human", "human"), record_path=tmp_path / "g.json")
    assert not game.may_connect([]) and not game.may_connect(["x" * 22])
    assert not game.may_connect([game.watch, "forged-forged-forged"])
    assert game.may_connect([game.watch]) and game.may_connect([game.tokens[0], game.tokens[1]])
    client = TestClient(make_app(game, game.session.ruleset), base_url="http://127.0.0.1")
    with client.websocket_connect("ws://127.0.0.1/ws") as ws:
        assert ws.receive_json()["type"] == "refused"
    assert client.get("/state").status_code == 403
    assert client.get(f"/state?t={game.watch}").json()["mine"] == []
    game.act(game.tokens[game.state.decider], game.state.legal_actions()[0])
    saved = GameRecord.load(tmp_path / "g.json").web
    assert saved == {"seats": {"0": game.tokens[0], "1": game.tokens[1]}, "host": game.host, "watch": game.watch}
    again = WebGame.resume(tmp_path / "g.json")
    assert again.tokens == game.tokens and again.watch == game.watch and again.host == game.host


def test_which_hosts_and_origins_are_this_servers():
    import socket

    from rulekit.web.app import host_checker, origin_ok

    ok = host_checker("0.0.0.0")
    for host in ("localhost:8032", "127.0.0.1:8032", "[::1]:8032", "192.168.1.20", socket.gethostname() + ":8032",
                 socket.gethostname() + ".local:8032"):
        assert ok(host), host
    for host in ("evil.example", "evil.example:8032", "127.0.0.1:80; script-src *", "", None):
        assert not ok(host), host
    assert origin_ok(None, "localhost:8032")                       # not a browser: the token decides
    assert origin_ok("http://localhost:8032", "localhost:8032") and origin_ok("http://example", "example:80")
    for origin in ("http://evil.example", "http://localhost:9999", "null", "file://", "ws://localhost:8032"):
        assert not origin_ok(origin, "localhost:8032"), origin


def test_a_player_without_coins_is_told_so_once_on_the_page(tmp_path):
    """French review F17 (item 29): the page said « aucune Pièce — 0 Pièce en tout »; like the terminal, it says
    « aucune Pièce » alone, and the total only beside coins held."""
    from rulekit.engine import new_game
    from rulekit.play.page_words import player_texts
    from rulekit.i18n import set_language
    from scenario import variant

    set_language("fr")
    rs = load_ruleset(variant(tmp_path, {"setup": {"starting_coins": [0, 2]}}))
    st = new_game(rs, seed=1)
    names = ["Ada", "Bob"]
    poor, rich = player_texts(st, names, 0)[1], player_texts(st, names, 1)[1]
    assert poor == "aucune Pièce", poor
    assert "en tout" in rich and "0\u00a0Pièce" not in rich, rich


def test_the_structures_line_of_the_page_says_what_it_is():
    """French review 4 item 29: the page's line « aucun pour l'instant · 7 Bâtiments en réserve » said neither
    whose nor what; it is labelled as the goals' line is, in both languages, and counts the edition's
    Pions Bâtiments."""
    from rulekit.engine import new_game
    from rulekit.i18n import language
    from rulekit.play.page_words import player_texts

    st = new_game(load_ruleset("province-fr"), seed=1)
    with language("fr"):
        fr = player_texts(st, ["Ada", "Bob"], 0)
    with language("en"):
        en = player_texts(st, ["Ada", "Bob"], 0)
    assert "Bâtiments\u202f: aucun pour l’instant · 7\u00a0Pions Bâtiments en réserve" in fr, fr
    assert "structures: none yet · 7 tokens left" in en, en


def test_the_page_buttons_read_as_buttons_in_both_languages():
    """French review 4 item 30: the buttons showed the command words (« annuler », « sauvegarder », « règles »);
    they read as buttons, while what they send stays the command (`{"type": "undo"}`…)."""
    from rulekit.i18n import language
    from rulekit.web.game import page_strings

    with language("fr"):
        fr = page_strings()
    with language("en"):
        en = page_strings()
    buttons = ("undo", "save", "rules", "hint")
    assert [fr[b] for b in buttons] == ["Annuler", "Sauvegarder", "Règles", "Conseil"]
    assert [en[b] for b in buttons] == ["Undo", "Save", "Rules", "Hint"]
