"""Seats and replacing upgrades (issue 53): each rule's sentence and its play, on both engines.

- ``structures.<id>.seats: [2]``: only the seats listed (from 1, in turn order from the first player) may build it;
- ``setup.given_structures[].seats: [2]``: given to those seats only (nobody builds it);
- ``workers.<id>.seats: each`` (or a list): each seat named has ``count`` workers of its own; only it moves them;
- ``structures.<id>.replaces: OTHER``: built over one's own OTHER, which then leaves its owner (its VP and effects
  with it), still counts as owned for ``requires``, and cannot be built again while the replacing one is owned.

Each is checked so that the test fails if the engine ignored the field.
"""
from __future__ import annotations

import random

import pytest

from rulekit import engine as fast_engine
from rulekit import i18n
from rulekit.engine import core
from rulekit.language import load_ruleset
from rulekit.text import sentences as s
from rulekit.text.diff import render_text, rule_diff
from rulekit.text.rulebook import render_markdown

from scenario import check_invariants, give_structures, set_phase, variant

PURE = core.load_source("rulekit._pure_seats")
# Both engines where a core is compiled; the pure one alone where none is (they are then the same code).
ENGINES = [fast_engine.game] if fast_engine.ENGINE == "pure Python" else [fast_engine.game, PURE.game]


def rules(tmp_path, patch, name="house", base="province-en"):
    return load_ruleset(variant(tmp_path, patch, base=base, name=name))


def play_randomly(st, seed, each=None):
    rng = random.Random(seed)
    while not st.is_terminal():
        if each:
            each(st)
        st.apply(rng.choice(st.legal_actions()))
        check_invariants(st)
    return st


def builds(st):
    return {st.notation(a) for a in st.legal_actions() if st.notation(a).startswith("build ")}


# ------------------------------------------------------------------ seats: who may build

@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("first", [0, 1])
def test_a_structure_only_the_second_player_may_build(tmp_path, engine, first):
    """"Only the second player may build it.": the second in turn order, whichever seat plays first."""
    rs = rules(tmp_path, {"structures": {"mill": {"seats": [2]}}})
    assert s.seats_sentence(rs.data, "mill") == "Only the second player may build it."
    assert "Only the second player may build it." in s.structure_summary(rs.data, "mill")
    st = engine.new_game(rs, seed=1, first_player=first)
    second = st.c.next_seat[first]
    for p in (first, second):
        st.current = p
        set_phase(st, "spending")
        st._earn_coin(p, 10)
        st.pool[p * st.c.n_pool + st.c.pool_ids.index("labor")] = 5
        assert ("build mill" in builds(st)) == (p == second)
        assert "build union" in builds(st)                      # the others are built as before
    seen = False
    for seed in range(6):
        st = engine.new_game(rs, seed=seed, first_player=first)
        mill = st.c.struct_ids.index("mill")

        def never_first(st):
            assert not st.owned[first] >> mill & 1

        play_randomly(st, seed, never_first)
        seen |= bool(st.owned[second] >> mill & 1)
    assert seen, "the second player never built the Mill: the test plays nothing"


# ------------------------------------------------------------------ seats: a gift at setup

@pytest.mark.parametrize("engine", ENGINES)
def test_a_structure_given_to_the_second_player_only(tmp_path, engine):
    """"The second player starts with the Camp": owned by that seat from the start (its worker enters the
    Work Cycle), never by the first, built by nobody; the second player also starts with 1 more Coin
    (``starting_coins``, the per-seat list the gift of coins already is)."""
    rs = rules(tmp_path, {"setup": {"starting_coins": [2, 4], "given_structures": [{"structure": "camp", "seats": [2]}]}})
    assert s.given_structures_sentence(rs.data).startswith("The second player starts with the Camp, which scores no VP.")
    for seed in range(4):
        st = engine.new_game(rs, seed=seed, first_player=1)
        camp = st.c.struct_ids.index("camp")
        camp_kind = st.c.kind_ids.index("camp")
        assert st.owned[0] >> camp & 1 and not st.owned[1] >> camp & 1       # seat 0 plays second
        assert st.coin_value(0) == 4 and st.coin_value(1) == 2
        assert st._kind_access(0) >> camp_kind & 1 and not st._kind_access(1) >> camp_kind & 1
        assert any(st.c.worker_kind[w] == camp_kind and st.wpos[w] >= 0 for w in range(st.c.n_workers))

        def nobody_builds_it(st):
            assert "build camp" not in builds(st)

        play_randomly(st, seed, nobody_builds_it)
        assert st.first_builder[camp] == -1 and not st.owned[1] >> camp & 1


# ------------------------------------------------------------------ seats: each player's own workers

SCOUTS = {"workers": {"scout": {"name": {"en": "Scout", "fr": "Éclaireur"}, "color": "black", "count": 1,
                                "access": "everyone", "seats": "each", "start": ["coin"]}}}   # a name in two languages


@pytest.mark.parametrize("engine", ENGINES)
def test_each_player_moves_only_their_own_workers(tmp_path, engine):
    """"Each player has 1 Scout worker of their own, which only they may move.": two scouts on one space, and
    each player's move of a scout moves their own."""
    rs = rules(tmp_path, SCOUTS)
    assert s.access_sentence(rs.data, "scout") == "Each player has 1 Scout worker of their own, which only they may move."
    for seed in range(4):
        st = engine.new_game(rs, seed=seed, first_player=0)
        c = st.c
        kind = c.kind_ids.index("scout")
        scouts = [w for w in range(c.n_workers) if c.worker_kind[w] == kind]
        assert len(scouts) == 2 and sorted(st.wowner[w] for w in scouts) == [0, 1]

        def own_only(st):
            p = st.decider
            mine = [w for w in scouts if st.wowner[w] == p]
            assert all(st.wowner[w] == p for w in st.accessible_workers(p) if w in scouts)
            before = [st.wpos[w] for w in scouts]
            for a in st.legal_actions():
                if st.notation(a).startswith("move scout"):
                    after = st.clone()
                    after.apply(a)
                    moved = [w for i, w in enumerate(scouts) if after.wpos[w] != before[i]]
                    assert moved == mine, (st.notation(a), moved, mine)

        play_randomly(st, seed, own_only)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_worker_of_the_second_player_only(tmp_path, engine):
    """``seats: [2]`` on a worker kind: the second player alone has it (and moves it); the first never does."""
    rs = rules(tmp_path, {"workers": {"scout": {"count": 1, "access": "everyone", "seats": [2], "start": ["coin"]}}})
    assert s.access_sentence(rs.data, "scout") == "The second player has 1 Scout worker of their own, which only they may move."
    st = engine.new_game(rs, seed=3, first_player=1)
    kind = st.c.kind_ids.index("scout")
    (scout,) = [w for w in range(st.c.n_workers) if st.c.worker_kind[w] == kind]
    assert st.wowner[scout] == 0
    assert scout not in st.accessible_workers(1) and scout in st.accessible_workers(0)
    assert not any(st.notation(a).startswith("move scout") for a in st.legal_actions())   # seat 1 plays first


# ------------------------------------------------------------------ replaces

REPLACES = {"structures": {"bank": {"replaces": "lender"}}}


@pytest.mark.parametrize("engine", ENGINES)
def test_an_upgrade_that_replaces_keeps_what_required_it(tmp_path, engine):
    """"It replaces your Lender": the Lender leaves its owner (its effects and VP with it), is never built again
    by them, and what requires the Lender (the Bank requires it; here a Mill that requires it) still counts it."""
    rs = rules(tmp_path, {"structures": {"bank": {"replaces": "lender"}, "mill": {"requires": ["lender"]}}})
    assert s.replaces_sentence(rs.data, "bank").startswith("It replaces your Lender: you must own it")
    st = engine.new_game(rs, seed=1, first_player=0)
    c = st.c
    lender, bank, mill = (c.struct_ids.index(x) for x in ("lender", "bank", "mill"))
    give_structures(st, 0, "lender")
    vp_with_lender = st.score_by_source(0)["structures"]
    set_phase(st, "spending")
    st._earn_coin(0, 12)
    st.pool[c.pool_ids.index("labor")] = 5
    assert "build bank" in builds(st) and "build mill" in builds(st)
    st.play("build bank")
    assert st.owned[0] >> bank & 1 and not st.owned[0] >> lender & 1
    assert st.score_by_source(0)["structures"] == vp_with_lender - c.vp_first[lender] + c.vp_first[bank]
    st.built_this_turn = 0
    assert "build lender" not in builds(st)             # replaced: not built again
    assert "build mill" in builds(st)                   # requires the Lender: the Bank counts as it
    assert not st.owned[0] & c.borrow_mask              # the Lender's borrowing is gone with it
    assert c.requirements_met(mill, st.owned[0])


@pytest.mark.parametrize("engine", ENGINES)
def test_an_upgrade_that_does_not_replace_breaks_what_required_it(tmp_path, engine):
    """The same with ``upgrades``: the Lender goes back to the box, may be built again, and the Mill that
    requires it may not be built — the difference ``replaces`` makes."""
    rs = rules(tmp_path, {"structures": {"bank": {"upgrades": "lender"}, "mill": {"requires": ["lender"]}}})
    st = engine.new_game(rs, seed=1, first_player=0)
    c = st.c
    give_structures(st, 0, "lender")
    set_phase(st, "spending")
    st._earn_coin(0, 12)
    st.pool[c.pool_ids.index("labor")] = 5
    st.play("build bank")
    st.built_this_turn = 0
    assert "build lender" in builds(st) and "build mill" not in builds(st)


@pytest.mark.parametrize("engine", ENGINES)
def test_replacing_games_keep_the_invariants(tmp_path, engine):
    rs = rules(tmp_path, REPLACES)
    replaced = 0
    for seed in range(8):
        st = engine.new_game(rs, seed=seed)
        c = st.c
        lender, bank = c.struct_ids.index("lender"), c.struct_ids.index("bank")

        def never_both(st):
            for p in range(st.n_players):
                assert not (st.owned[p] >> bank & 1 and st.owned[p] >> lender & 1)

        play_randomly(st, seed, never_both)
        replaced += sum(1 for p in range(st.n_players) if st.owned[p] >> bank & 1)
    assert replaced, "nobody built the Bank: the test plays nothing"


# ------------------------------------------------------------------ both engines agree

def test_both_engines_play_the_same_games(tmp_path):
    patch = {"setup": {"given_structures": [{"structure": "camp", "seats": [2]}]},
             "structures": {"smithy": {"seats": [1]}, "bank": {"replaces": "lender"}}} | SCOUTS
    rs = rules(tmp_path, patch)
    for seed in range(4):
        games = []
        for engine in (fast_engine.game, PURE.game):
            st = engine.new_game(rs, seed=seed)
            st.playout(seed)
            games.append((list(st.history), st.outcome().scores, [st.owned[p] for p in range(st.n_players)]))
        assert games[0] == games[1]


# ------------------------------------------------------------------ words

def test_the_diff_and_the_rulebook_tell_them(tmp_path):
    patch = {"setup": {"given_structures": [{"structure": "camp", "seats": [2]}]},
             "structures": {"smithy": {"seats": [2]}, "bank": {"replaces": "lender"}}} | SCOUTS
    path = variant(tmp_path, patch)
    lines = render_text(rule_diff(load_ruleset("province-en"), load_ruleset(path)), "a", "b")
    for text in ("Smithy — seats that may build it: Only the second player may build it.",
                 "Bank — replaces: It replaces your Lender", "Scout workers — whose: Each player has 1 Scout worker",
                 "The second player starts with the Camp"):
        assert text in lines
    book = render_markdown(load_ruleset(path))
    assert "Only the second player may build it." in book and "It replaces your Lender" in book
    assert "Each player has 1 Scout worker of their own" in book
    with i18n.language("fr"):
        fr = render_text(rule_diff(load_ruleset("province-en"), load_ruleset(path)), "a", "b")
        assert "seul le deuxième joueur peut construire ce Bâtiment." in fr
        assert "le deuxième joueur commence avec le Camp" in fr


@pytest.mark.parametrize("engine", ENGINES)
def test_a_gift_to_a_seat_follows_the_order_the_bids_make(tmp_path, engine):
    """With ``setup.bid``, the second player is known once the bids are in: the Camp and the scout go to the
    seat the bids make second, not to the seat listed second."""
    patch = {"setup": {"given_structures": [{"structure": "camp", "seats": [2]}]},
             "workers": {"scout": {"count": 1, "access": "everyone", "seats": [2], "start": ["coin"]}}}
    rs = rules(tmp_path, patch, base=str(__import__("pathlib").Path(__file__).parents[1] / "rulesets/variants/bid-for-first.yaml"))
    st = engine.new_game(rs, seed=2, first_player=0)
    c = st.c
    camp = c.struct_ids.index("camp")
    (scout,) = [w for w in range(c.n_workers) if c.kind_ids[c.worker_kind[w]] == "scout"]
    assert not any(o >> camp & 1 for o in st.owned) and st.wowner[scout] == -1    # nothing dealt before the bids
    st.play("bid 0")                                    # seat 0 bids nothing, seat 1 bids 2: seat 1 plays first
    st.play("bid 2")
    assert st.first == 1
    assert st.owned[0] >> camp & 1 and not st.owned[1] >> camp & 1 and st.wowner[scout] == 0


TOLL_CYCLE = {"spaces": [{"id": "labor_top", "yields": {"labor": 1}}, {"id": "coin", "yields": {"coin": 1}},
                         {"id": "labor_low", "yields": {"labor": 1}, "toll": {"coin": 1}}]}


@pytest.mark.parametrize("engine", ENGINES)
def test_a_toll_is_paid_to_the_seat_whose_worker_it_is(tmp_path, engine):
    """Each player's own workers on a shared cycle with tolls: landing beside another player's own worker pays
    them the toll (the worker belongs to its seat; a worker everyone moves belongs to nobody)."""
    rs = rules(tmp_path, SCOUTS | {"work_cycle": TOLL_CYCLE})
    st = engine.new_game(rs, seed=1, first_player=0)
    st.play("move scout@coin")                          # onto the toll space, empty: nothing paid
    assert not [e for e in st.log if e[0] == "toll"]
    st.play("end")
    st.play("move scout@coin")                          # seat 1's scout lands beside seat 0's: seat 1 pays seat 0
    assert [e for e in st.log if e[0] == "toll"] == [("toll", 1, 0, 2)]


# ------------------------------------------------------------------ screens

def test_the_screens_say_who_may_build_and_whose_worker(tmp_path):
    """The terminal's structures list and the web page's say why a seat may not build (another seat's structure,
    a replaced one); a seat's own worker is shown as its owner's."""
    from rulekit.play import page_words, screen
    from rulekit.play.view import state_view
    patch = {"structures": {"smithy": {"seats": [2]}, "bank": {"replaces": "lender"}}} | SCOUTS
    rs = rules(tmp_path, patch)
    st = fast_engine.new_game(rs, seed=1, first_player=0)
    give_structures(st, 0, "lender", "bank")
    st.owned[0] &= ~(1 << st.c.struct_ids.index("lender"))           # replaced, as building the Bank does
    text = "\n".join(screen.cost_lines(st, ["Ann", "Bob"]))
    assert "only the second player may build it" in text and "replaced" in text
    assert screen.why_illegal(st, st.c.build_action[st.c.struct_ids.index("smithy")]) != ""
    set_phase(st, "spending")
    assert screen.why_illegal(st, st.c.build_action[st.c.struct_ids.index("smithy")]) == \
        "the Smithy: only the second player may build it"
    assert screen.why_illegal(st, st.c.build_action[st.c.struct_ids.index("lender")]) == \
        "you have replaced the Lender: it cannot be built again"
    owners = sorted(w.owner for sp in state_view(st, ["Ann", "Bob"]).spaces for w in sp.workers if w.kind == "scout")
    assert owners == [0, 1]
    assert screen.worker_label(st, ["you", "Bob"], st.c.kind_ids.index("scout"), 1, 1, False, False) == "Scout of Bob"
    rows = {r["id"]: r for r in page_words.structures(st, ["Ann", "Bob"], 0)}
    assert rows["smithy"]["status"] == "only the second player may build it" and rows["lender"]["status"] == "replaced"


# ------------------------------------------------------------------ bots

@pytest.mark.parametrize("spec", ["greedy", "mcts:30", "normal"])
def test_bots_play_seats_and_replaces_to_the_end(tmp_path, spec):
    """The bots (the greedy policy's worker count, the search's determinizations and clones) play a game with a
    seat's gifts, each player's own workers and a replacing upgrade to its end, keeping the invariants."""
    from rulekit.bots import make_bot, play_game
    patch = {"setup": {"starting_coins": [2, 4], "given_structures": [{"structure": "camp", "seats": [2]}]},
             "structures": {"smithy": {"seats": [1]}, "bank": {"replaces": "lender"}}} | SCOUTS
    rs = rules(tmp_path, patch)
    st = play_game(rs, [make_bot(spec, seed=1), make_bot(spec, seed=2)], seed=3)
    assert st.is_terminal()
    check_invariants(st)
    smithy = st.c.struct_ids.index("smithy")
    assert st.first_builder[smithy] in (-1, st.first)
