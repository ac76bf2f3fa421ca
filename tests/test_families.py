"""A game family is a row, not a branch: every layer's table has a row for every family, shared code
names no family, and every family's games keep the protocol of a game (OpenSpiel's api test: one
conformance test over every bundled ruleset of every registered family, through the protocol alone).

The families are the language's (:data:`rulekit.language.families.FAMILIES`); each layer reads its own
table (docs/architecture.md, "Adding a game family"):

- engine: :data:`rulekit.engine.families.FAMILIES` (how a game starts);
- bots: :data:`rulekit.bots.registry.FAMILY_BOTS` and ``FAMILY_LEVELS`` (which bots play it);
- play: :data:`rulekit.play.sessions.SESSIONS` (the terminal's session);
- text: :data:`rulekit.text.families.FAMILIES` (its rulebook and diff);
- balance: :data:`rulekit.balance.families.FAMILIES` (how a report sums its games up);
- web: :data:`rulekit.web.page_table.PAGES` (the page's part of a game and its board script).
"""
from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import rulekit.balance.families as balance_families
import rulekit.engine.families as engine_families
import rulekit.text.families as text_families
import rulekit.web.pages as web_pages
from rulekit.bots.registry import FAMILY_BOTS, FAMILY_LEVELS, make_bot
from rulekit.engine import core
from rulekit.engine.common import GameState, Outcome
from rulekit.engine.rng import draw, reseed, shuffle
from rulekit.engine.record import GameRecord, replay
from rulekit.language import bundled_rulesets, families as language_families, load_ruleset
from rulekit.play.sessions import SESSIONS

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "rulekit"

#: (layer, table): every layer's table of families.
TABLES = [
    ("engine", engine_families.FAMILIES),
    ("bots (FAMILY_BOTS)", FAMILY_BOTS),
    ("bots (FAMILY_LEVELS)", FAMILY_LEVELS),
    ("play", SESSIONS),
    ("text", text_families.FAMILIES),
    ("balance", balance_families.FAMILIES),
    ("web", web_pages.PAGES),
]


def family_ids() -> list[str]:
    return list(language_families.FAMILIES)


def test_there_are_families_and_one_default():
    assert len(family_ids()) >= 2
    assert language_families.default_family() in family_ids()


@pytest.mark.parametrize("layer,table", TABLES, ids=[t[0] for t in TABLES])
def test_every_layer_has_a_row_for_every_family(layer, table):
    missing = [f for f in family_ids() if f not in table]
    extra = [f for f in table if f not in family_ids()]
    assert not missing, f"the {layer} layer has no row for the families {missing}"
    assert not extra, f"the {layer} layer has rows for families the language has not: {extra}"


def _is_family_module(path: Path) -> bool:
    """A family's own module: its path names the family (``engine/province.py``, ``play/provisions_screen.py``,
    ``engine/provisions/state.py``)."""
    rel = path.relative_to(PACKAGE).as_posix()
    return any(family in rel for family in family_ids())


def family_literals() -> list[str]:
    """Every string literal in shared code (the package's modules that are not a family's own) that is a
    family's id: ``file:line: 'id'``."""
    ids = set(family_ids())
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if _is_family_module(path):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in ids:
                out.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    return out


def test_shared_code_names_no_family():
    """A family's id is written in its own modules only: shared code reads a table (0 literals)."""
    assert family_literals() == []


def test_the_literal_count_sees_a_literal(tmp_path, monkeypatch):
    """The count above is not blind: a shared module comparing a family's name is found."""
    fake = tmp_path / "rulekit"
    (fake / "play").mkdir(parents=True)
    (fake / "play" / "shared.py").write_text(f"def f(rs):\n    return rs.family == {family_ids()[-1]!r}\n")
    (fake / "play" / f"{family_ids()[-1]}_screen.py").write_text(f"FAMILY = {family_ids()[-1]!r}\n")
    monkeypatch.setattr(__import__(__name__), "PACKAGE", fake)
    monkeypatch.setattr(__import__(__name__), "ROOT", tmp_path)
    assert family_literals() == [f"rulekit/play/shared.py:2: {family_ids()[-1]!r}"]


# ---------------------------------------------------------------------------------------------------
# Shared plumbing, written once


def test_province_generator_is_the_shared_splitmix64():
    """Province's compiled core keeps its own C copy of the generator's step: it draws what
    :func:`rulekit.engine.rng.draw` draws."""
    st = engine_families.new_game(load_ruleset("province-en"), seed=11)
    rng = st.rng
    for n in (1, 2, 3, 7, 10, 1000, 2**31 - 1):
        rng, expected = draw(rng, n)
        assert st._rand(n) == expected
        assert st.rng == rng


def test_shuffle_is_fisher_yates_of_draws():
    items, rng = list(range(20)), reseed(5)
    by_draws = list(range(20))
    r = rng
    for i in range(len(by_draws) - 1, 0, -1):
        r, j = draw(r, i + 1)
        by_draws[i], by_draws[j] = by_draws[j], by_draws[i]
    assert shuffle(items, rng) == r
    assert items == by_draws and sorted(items) == list(range(20))


def test_outcome_shorthands():
    two = Outcome((5, 7), (2, 1), (1,), "vp")
    assert (two.winner, two.returns, two.result) == (1, (-1.0, 1.0), {"winner": 1, "decided_by": "vp"})
    tie = Outcome((3, 3, 1), (1, 1, 3), (0, 1), "tie")
    assert tie.winner is None and tie.returns == (0.25, 0.25, -0.5) and sum(tie.returns) == 0


# ---------------------------------------------------------------------------------------------------
# Conformance: every bundled ruleset of every family, through the protocol alone


def _bundled():
    return sorted(bundled_rulesets())


def _engines():
    """The engine's families as this install runs them, and as pure Python where the core is compiled."""
    out = [("installed", engine_families)]
    import rulekit.engine as engine

    if engine.ENGINE == "compiled":
        out.append(("pure", core.load_source("rulekit._pure_engine_families").families))
    return out


ENGINES = _engines()
GAMES = 2            # random games per ruleset and engine
MAX_ACTIONS = 5000


def _check_step(st, rs, rng):
    """The protocol's invariants at one position; returns the action to play."""
    legal = st.legal_actions()
    assert legal, "a game not over has a legal action"
    assert len(set(legal)) == len(legal)
    assert 0 <= st.decider < st.n_players
    key = st.key()
    twin = st.clone()
    assert twin.key() == key and twin.legal_actions() == legal
    action = rng.choice(legal)
    twin.apply(action)
    assert st.key() == key and st.legal_actions() == legal, "a clone's move left the original as it was"
    if rng.random() < 0.15:
        for a in legal:
            assert st.parse(st.notation(a)) == a, (rs.id, st.notation(a))
        me = st.decider
        seen = st.view(me)
        for seed in (1, 2):
            guess = st.determinize(seed, me)
            assert guess.view(me) == seen, "determinize redraws only what the observer cannot see"
            assert guess.legal_actions() == legal
            assert guess.decider == me and not guess.is_terminal()
    return action


@pytest.mark.parametrize("engine_name,fam", ENGINES, ids=[e[0] for e in ENGINES])
@pytest.mark.parametrize("ruleset_id", _bundled())
def test_protocol_over_every_bundled_ruleset(ruleset_id, engine_name, fam):
    rs = load_ruleset(ruleset_id)
    rng = random.Random(f"{ruleset_id}/{engine_name}")
    for game in range(GAMES):
        players = rs.player_counts[game % len(rs.player_counts)]
        st = fam.new_game(rs, seed=1000 + game, players=players)
        assert isinstance(st, GameState)
        assert st.n_players == players and st.history == [] and st.seed == 1000 + game
        for _ in range(MAX_ACTIONS):
            if st.is_terminal():
                break
            st.apply(_check_step(st, rs, rng))
        assert st.is_terminal(), f"{ruleset_id}: a random game ends"
        assert st.legal_actions() == []
        out = st.outcome()
        assert out.scores == tuple(st.scores()) and len(out.ranks) == players
        assert set(out.winners) == {p for p in range(players) if out.ranks[p] == 1}
        assert abs(sum(st.returns())) < 1e-9 and st.result() == out.result and st.winner() == out.winner
        summary = st.summary()
        assert summary["scores"] == list(st.scores()) and len(summary["by_source"]) == players
        if fam is engine_families:      # the record layer plays the installed engine
            record = GameRecord.from_json(GameRecord.for_state(rs, st, players=["human"] * players).to_json())
            again = replay(record, rs)
            assert again.key() == st.key() and again.history == st.history
            assert record.result == summary


@pytest.mark.parametrize("ruleset_id", _bundled())
def test_every_bundled_ruleset_is_played_by_its_family_levels(ruleset_id):
    """Each family's levels make bots that play its games (a level the family has, for every seat)."""
    rs = load_ruleset(ruleset_id)
    levels = FAMILY_LEVELS[rs.family]
    st = engine_families.new_game(rs, seed=3, players=rs.min_players)
    bot = make_bot(next(iter(levels)), 1, family=rs.family)
    assert bot.choose(st) in st.legal_actions()


@pytest.mark.parametrize("value", ["chess", "[a, b]", "{x: 1}", "5"])
def test_a_family_the_language_has_not_is_said_at_its_line(tmp_path, value):
    """``family:`` naming no family, or not a name at all, is one problem at its line that lists the families."""
    from rulekit.language import validate_path

    path = tmp_path / "odd.yaml"
    path.write_text(f"id: odd\nfamily: {value}\n", encoding="utf-8")
    problems = validate_path(path)
    assert [(p.line, p.pointer) for p in problems] == [(2, "/family")]
    assert all(f in problems[0].message for f in family_ids())
