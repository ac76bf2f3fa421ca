"""The terminal's screen, story, session and guide, and the page's words, read Province's view
(rulekit/play/view.py: ``StateView``, ``RulesView`` and its questions), never the engine's tables nor a
private member of a state (docs/architecture.md)."""
from __future__ import annotations

from pathlib import Path

from view_reads import forbidden_reads

import rulekit.play

READERS = ("screen.py", "story.py", "session.py", "guide.py", "page_words.py")


def test_the_screen_the_story_and_the_page_words_read_the_view_only():
    folder = Path(rulekit.play.__file__).parent
    problems = [p for name in READERS for p in forbidden_reads((folder / name).read_text(encoding="utf-8"), name)]
    assert problems == []


def test_the_check_sees_a_table_read_and_a_private_call():
    """The check is not blind: the reads the screen used to make are found."""
    source = "def f(state):\n    c = state.c\n    return c.struct_ids, state._kind_access(0), state.c.data\n"
    assert sorted(forbidden_reads(source, "x.py")) == ["x.py:2: .c", "x.py:3: ._kind_access", "x.py:3: .c"]


def test_the_rules_view_is_read_once_per_ruleset_and_is_immutable():
    import dataclasses

    import pytest

    from rulekit.engine import new_game
    from rulekit.language import load_ruleset
    from rulekit.play.view import RulesView, rules_view

    st = new_game(load_ruleset("province-en"), 1)
    view = rules_view(st)
    assert isinstance(view, RulesView) and rules_view(st.clone()) is view and rules_view(view) is view
    assert [a.kind for a in view.actions] == [a.kind for a in st.c.actions]
    assert view.struct_ids == tuple(st.c.struct_ids) and isinstance(view.struct_ids, tuple)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.tokens = 0


def test_every_bundled_province_ruleset_has_its_rules_view_and_screen():
    """The view reads every field it declares from the engine's tables, for each bundled ruleset of the family
    the screen draws (a field renamed in the engine fails here, not on a player's screen)."""
    from scenario import bundled_of

    from rulekit.engine import new_game
    from rulekit.language import load_ruleset
    from rulekit.play import Console, layout, screen
    from rulekit.play.story import Story
    from rulekit.play.view import rules_view

    for ruleset_id in bundled_of():
        rs = load_ruleset(ruleset_id)
        st = new_game(rs, 3, players=rs.player_counts.start)
        view = rules_view(st)
        assert view.n_struct == len(view.struct_ids) and len(view.actions) == len(st.c.actions), ruleset_id
        names = [str(p + 1) for p in range(st.n_players)]
        lines = layout.fit_screen(st, names, Console(interactive=True, color=False, write=[].append), Story(),
                                  screen.title_line(rs, 3), 80, 24)
        assert lines and all(screen.notation(st, a) in "\n".join(lines) for a in st.legal_actions()[:1]), ruleset_id


def test_the_view_and_the_engine_give_the_same_worker_kinds_to_each_player():
    """One rule for who may move which worker kind: the view's ``kind_access`` is the engine's, for every player
    at every position of seeded random games of several rulesets; it is the kinds anyone may move and those the
    structures whose effects the player has unlock (owned, and borrowed this turn by the player to play); and
    every legal move moves a worker of one of those kinds (or a sailor the player hired)."""
    import random

    from scenario import bundled_of

    from rulekit.engine import MOVE, new_game
    from rulekit.language import load_ruleset
    from rulekit.play.view import kind_access

    rulesets = bundled_of()
    assert len(rulesets) >= 3
    seen = 0
    for ruleset_id in rulesets:
        rs = load_ruleset(ruleset_id)
        for seed in range(2):
            st = new_game(rs, seed, players=rs.player_counts.start)
            rng = random.Random(seed)
            steps = 0
            while not st.is_terminal() and steps < 400:
                c = st.c
                for p in range(st.n_players):
                    active = st.owned[p] | (st.borrowed_mask if p == st.current else 0)
                    assert kind_access(st, p) == st.kind_access(p) == st._kind_access(p) == c.kind_mask(active), \
                        (ruleset_id, seed, steps, p)
                    seen += 1
                legal = st.legal_actions()
                for a in legal:
                    info = c.actions[a]
                    if info.kind == MOVE and info.arg != c.sailor_kind:
                        assert kind_access(st, st.current) >> info.arg & 1, (ruleset_id, seed, steps, a)
                st.apply(rng.choice(legal))
                steps += 1
    assert seen > 1000
