"""A draft before the first turn (issue 29, family 3): ``setup.draft``.

``setup.draft: {structures: [ID, ...], picks: N, order: snake|seat, vp: first|later}``: in turn order from
the first player, each seat picks a structure nobody has picked yet, N times in all (snake: every other
round reversed), and owns it from the start, as a given structure (no gain for being built); with
``vp: first`` the picker is its first builder, with ``later`` it scores the later-builder VP and the first
to build it is its first builder. Each sentence is checked beside its play, on both engine paths; then the
screen, the bots, a record replayed, the draft after a bid, and the example house rule end to end.
"""
from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

import rulekit.engine.record as record
from rulekit import engine as compiled
from rulekit import i18n
from rulekit.bots import make_bot
from rulekit.cli import cli
from rulekit.language import load_ruleset
from rulekit.play import screen
from rulekit.play import notation as notation_mod
from rulekit.text import sentences as s
from scenario import variant
from test_engine_differential import PURE

ENGINES = pytest.mark.parametrize("eng", [compiled, PURE], ids=["engine", "pure"])
NAMES = ["Ann", "Bob", "Cid"]


def draft_rules(tmp_path, structures=("mill", "camp", "union"), base="province-en", name="draft", setup=None, **draft):
    patch = {"setup": {**(setup or {}), "draft": {"structures": list(structures), **draft}}}
    return load_ruleset(variant(tmp_path, patch, base=base, name=name))


def pick(st, sid):
    st.apply(st.parse(f"pick {sid}"))


def owns(st, p, sid):
    return bool(st.owned[p] >> st.c.struct_ids.index(sid) & 1)


@ENGINES
def test_each_player_picks_a_structure_nobody_has_picked_and_owns_it_from_the_start(eng, tmp_path):
    rs = draft_rules(tmp_path)
    text = s.draft_sentence(rs.data)
    assert text.startswith("Before the first turn, Mill, Camp, and Union lie face up: in turn order from the first "
                           "player, each player picks one of them that nobody has picked yet.")
    assert "its picker counts as its first builder and scores its first-builder VP" in text
    st = eng.game.new_game(rs, seed=2, first_player=1)
    assert st.phase_name == "setup" and st.decider == 1         # from the first player
    assert [st.c.actions[a].notation for a in st.legal_actions()] == ["pick mill", "pick camp", "pick union"]
    coins = [st.coin_value(p) for p in range(2)]
    pick(st, "camp")
    assert st.decider == 0
    assert [st.c.actions[a].notation for a in st.legal_actions()] == ["pick mill", "pick union"]
    pick(st, "union")
    assert st.phase_name == "work" and st.current == 1
    assert owns(st, 1, "camp") and owns(st, 0, "union") and not owns(st, 0, "camp")
    # "not built (it gives nothing for being built)": the same coins; the picker is its first builder.
    assert [st.coin_value(p) for p in range(2)] == coins
    camp = st.c.struct_ids.index("camp")
    assert st.first_builder[camp] == 1 and st.score_by_source(1)["structures"] == st.c.vp_first[camp]
    # The Camp's worker entered the Work Cycle, as when it is built.
    assert any(st.wpos[w] >= 0 for w in range(st.c.n_workers) if st.c.kind_ids[st.c.worker_kind[w]] == "camp")
    # "the others may still build it": Ann may build the Camp, as a later builder.
    assert st.c.build_action[camp] >= 0


@ENGINES
def test_with_vp_later_the_picker_scores_the_later_vp_and_the_first_builder_is_still_to_come(eng, tmp_path):
    rs = draft_rules(tmp_path, vp="later")
    assert "its picker scores its later-builder VP, and the first other player to build it is its first builder" \
        in s.draft_sentence(rs.data)
    st = eng.game.new_game(rs, seed=2, first_player=0)
    pick(st, "mill")
    pick(st, "camp")
    mill = st.c.struct_ids.index("mill")
    assert st.first_builder[mill] == -1 and st.structure_vp(0, mill) == st.c.vp_later[mill]


@ENGINES
def test_a_snake_draft_reverses_every_other_round(eng, tmp_path):
    rs = draft_rules(tmp_path, structures=("mill", "camp", "union", "lender"), picks=2)
    assert "2 times in all, the order reversed every other round" in s.draft_sentence(rs.data)
    st = eng.game.new_game(rs, seed=2, first_player=0)
    order = []
    for sid in ("mill", "camp", "union", "lender"):
        order.append(st.decider)
        pick(st, sid)
    assert order == [0, 1, 1, 0]
    assert owns(st, 0, "mill") and owns(st, 0, "lender") and owns(st, 1, "camp") and owns(st, 1, "union")


@ENGINES
def test_a_seat_order_draft_keeps_the_order_every_round(eng, tmp_path):
    rs = draft_rules(tmp_path, structures=("mill", "camp", "union", "lender"), picks=2, order="seat")
    assert "2 times in all, in the same order every round" in s.draft_sentence(rs.data)
    st = eng.game.new_game(rs, seed=2, first_player=1)
    order = []
    for sid in ("mill", "camp", "union", "lender"):
        order.append(st.decider)
        pick(st, sid)
    assert order == [1, 0, 1, 0]


@ENGINES
def test_after_a_bid_the_draft_follows_the_order_the_bids_made(eng, tmp_path):
    rs = draft_rules(tmp_path, setup={"bid": {"in": "coin", "max": 2}}, name="bid-draft")
    assert s.draft_sentence(rs.data).startswith("After the bids, Mill, Camp, and Union lie face up")
    st = eng.game.new_game(rs, seed=2, first_player=0)
    st.apply(st.parse("bid 0"))
    st.apply(st.parse("bid 1"))
    assert st.phase_name == "setup" and st.first == 1 and st.decider == 1   # Bob won the bid: Bob picks first
    pick(st, "mill")
    pick(st, "camp")
    assert st.phase_name == "work" and st.current == 1 and owns(st, 1, "mill") and owns(st, 0, "camp")


def test_three_seats_pick_in_turn_order(tmp_path):
    rs = draft_rules(tmp_path, base="province-3p", name="draft-3p")
    st = compiled.new_game(rs, seed=2, first_player=2, players=3)
    order = []
    for sid in ("mill", "camp", "union"):
        order.append(st.decider)
        pick(st, sid)
    assert order == [2, 0, 1]


def test_the_screen_says_who_picks_and_what(tmp_path):
    rs = draft_rules(tmp_path)
    st = compiled.new_game(rs, seed=2, first_player=0)
    assert screen.heading_line(st, NAMES) == "Before the first turn · Ann picks a structure"
    a = st.parse("pick mill")
    assert screen.action_line(st, a, "Ann") == "Ann picks the Mill. [pick mill]"
    assert screen.describe(st, a) == "Pick the Mill: own it from the start"
    with i18n.language("fr"):
        assert notation_mod.notation(st, a) == "prendre moulin"
        assert notation_mod.parse(st, "prendre moulin") == a


def test_the_bots_pick_by_their_evaluation(tmp_path):
    """The greedy bot picks what its evaluation after the pick prefers: never a structure worth less."""
    rs = draft_rules(tmp_path, structures=("lender", "smithy", "union"))
    st = compiled.new_game(rs, seed=2, first_player=0)
    chosen = make_bot("greedy", seed=1).choose(st)
    from rulekit.bots.policy import action_values
    values = action_values(st, st.legal_actions())
    assert values[st.legal_actions().index(chosen)] == max(values)
    search = make_bot("mcts:20", seed=1).choose(st)
    assert search in st.legal_actions() and st.c.actions[search].kind == compiled.CHOOSE


def test_a_record_replays_the_picks(tmp_path):
    rs = draft_rules(tmp_path, structures=("mill", "camp", "union", "lender"), picks=2,
                     setup={"bid": {"in": "coin", "max": 2, "sealed": True}}, name="replayed")
    for seed in range(3):
        st = compiled.new_game(rs, seed=seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            st._apply(rng.choice(st.legal_actions()))
        written = record.GameRecord.for_state(rs, st, ["bot:random"] * 2).to_json()
        again = record.replay(record.GameRecord.from_json(json.loads(json.dumps(written))), rs)
        assert again == st and list(again.log) == list(st.log)


def test_without_a_draft_nothing_changes():
    rs = load_ruleset("province-en")
    assert s.draft_sentence(rs.data) == "There is no draft."
    assert compiled.new_game(rs, seed=1).phase_name == "work"


def test_draft_plays_prints_diffs_and_simulates(tmp_path):
    runner = CliRunner()
    rec = tmp_path / "game.json"
    played = runner.invoke(cli, ["play", "draft", "--players", "bot:greedy,bot:random", "--seed", "3",
                                 "--record", str(rec), "--lang", "en"])
    assert played.exit_code == 0, played.output
    assert "— Before the first turn —" in played.output and " picks the " in played.output
    replayed = runner.invoke(cli, ["replay", str(rec)])
    assert replayed.exit_code == 0, replayed.output
    for lang, words in (("en", "lie face up: in turn order from the first player, each player picks one of them"),
                        ("fr", "sont posés face visible")):
        book = runner.invoke(cli, ["rulebook", "draft", "--lang", lang])
        assert book.exit_code == 0 and words in book.output, book.output
        diff = runner.invoke(cli, ["diff", "province-en", "draft", "--lang", lang])
        assert diff.exit_code == 0 and words in diff.output, diff.output
    sim = runner.invoke(cli, ["simulate", "draft", "--games", "4", "--seed", "1", "--json"])
    assert sim.exit_code == 0, sim.output
    assert json.loads(sim.output)["settings"]["games"] == 4
    i18n.set_language("en")
