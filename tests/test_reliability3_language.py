"""The language and the texts of the third reliability review: each reproduction
(``tests/rulesets/reliability/``, ``tests/rulesets/bad/``) gives a clear message at
the author's line, a bounded game or a correct sentence."""
from __future__ import annotations

from pathlib import Path

from play_support import run

from rulekit.engine import new_game
from rulekit.language import check_path, load_ruleset, validate_path

HERE = Path(__file__).parent
REPRO = HERE / "rulesets" / "reliability"


def warnings_of(path) -> list[str]:
    problems, warnings = check_path(path)
    assert problems == [], problems
    return [w.message for w in warnings]


# C12: ``free`` where the reference documents it
def test_repay_free_and_sailors_free_are_accepted_and_played(tmp_path):
    assert validate_path(REPRO / "repay-free.yaml") == []
    rs = load_ruleset(REPRO / "repay-free.yaml")
    assert rs.data["borrowing"]["repay"] == {}
    result = run(["diff", "province-en", str(REPRO / "repay-free.yaml")])
    assert result.exit_code == 0 and "pay nothing during your turn" in result.output
    path = tmp_path / "sailors-free.yaml"
    path.write_text("extends: province-en\nid: sailors-free\nsailors: {cost: free}\n", encoding="utf-8")
    assert validate_path(path) == []
    assert load_ruleset(path).data["sailors"]["cost"] == {}
    for ref in (REPRO / "repay-free.yaml", path):
        result = run(["play", str(ref), "--players", "bot:greedy,bot:random", "--seed", "1"])
        assert result.exit_code == 0 and ("wins" in result.output or "tie" in result.output.lower())


def test_an_empty_repayment_written_as_a_mapping_still_points_to_free(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text("extends: province-en\nid: t\nborrowing: {repay: {}}\n", encoding="utf-8")
    assert any("write repay: free" in w for w in warnings_of(path))


# C16: making Labor kept changes nothing about how it starts
def test_labor_kept_adds_no_starting_labor_line():
    result = run(["diff", "province-en", str(REPRO / "labor-kept-diff.yaml")])
    assert result.exit_code == 0 and "Unspent Labor" in result.output
    assert "Starting Labor" not in result.output and "removed" not in result.output
    result = run(["rulebook", str(REPRO / "labor-kept-diff.yaml"), "--format", "md"])
    assert result.exit_code == 0 and "Starting Labor: removed" not in result.output


# C15 and the house-rule audit (a): an old field beside its new form
def test_an_old_field_in_another_file_than_its_new_form_gives_way_to_the_nearer(tmp_path):
    base = tmp_path / "base.yaml"
    base.write_text("extends: province-en\nid: base\nsetup: {starting_labor: [7, 7]}\n"
                    "turn: {labor_carry_over: 4}\n", encoding="utf-8")
    house = tmp_path / "house.yaml"
    house.write_text("extends: base.yaml\nid: house\nresources:\n  labor: {start: [2, 3], end_of_turn: kept}\n",
                     encoding="utf-8")
    assert validate_path(house) == []
    data = load_ruleset(house).data
    assert data["resources"]["labor"]["start"] == [2, 3] and data["resources"]["labor"]["end_of_turn"] == "kept"
    assert "starting_labor" not in data["setup"] and "labor_carry_over" not in data.get("turn", {})
    assert any("turn.labor_carry_over changes nothing" in w for w in warnings_of(house))
    result = run(["show", str(house)])
    assert result.exit_code == 0 and "starting_labor" not in result.output and "labor_carry_over" not in result.output
    # The nearer old field wins over a base's new form.
    data = load_ruleset(base).data
    assert data["resources"]["labor"]["start"] == [7, 7] and data["resources"]["labor"]["end_of_turn"] == {"carry": 4}


def test_labor_carry_over_says_when_it_makes_another_resource_carry(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text("extends: province-en\nid: t\nturn: {labor_carry_over: 9}\n"
                    "resources:\n  stone: {kind: pool, name: Stone}\n", encoding="utf-8")
    problems, warnings = check_path(path)
    assert problems == []
    assert [(w.line, w.pointer) for w in warnings if "not only Labor: here labor, stone" in w.message] == \
        [(3, "/turn/labor_carry_over")]


def test_an_end_of_game_gain_beyond_the_box_is_warned():
    found = [w for w in check_path(REPRO / "gain-beyond-box.yaml")[1] if "the rest of the gain is never paid" in w.message]
    assert [(w.line, w.message.split(":")[1].strip()) for w in found] == [
        (5, "mill gains 1000 Coin, but the coins in the box are worth only 35"),
        (6, "bank gains 1000 Coin, but the coins in the box are worth only 35")]


# C14: end conditions out of reach, inside combinations too, and one met from the start
def test_out_of_reach_end_conditions_are_warned_through_combinations(tmp_path):
    found = [w for w in check_path(REPRO / "out-of-reach-not-not.yaml")[1] if "never ends a game" in w.message]
    assert [(w.line, w.pointer) for w in found] == [(6, "/end/conditions/0/player_condition/not/not/at_least")]
    assert "asks for 9 structures, but a player can own at most 7" in found[0].message
    path = tmp_path / "t.yaml"
    path.write_text("extends: province-en\nid: t\nend:\n  conditions:\n"
                    "    - player_condition: {all: [{metric: vp, at_least: 3}, {metric: structures, at_least: 8}]}\n"
                    "    - player_condition: {any: [{metric: vp, at_least: 3}, {metric: structures, at_least: 8}]}\n",
                    encoding="utf-8")
    found = [w for w in check_path(path)[1] if "never ends a game" in w.message]
    assert [(w.line, w.pointer) for w in found] == [
        (5, "/end/conditions/0/player_condition/all/1/at_least")]


def test_all_structures_built_beyond_the_tokens_is_warned_and_bounded():
    found = [w for w in check_path(REPRO / "one-token-all-built.yaml")[1] if "all_structures_built" in w.message]
    assert [(w.line, w.message) for w in found] == [(6, (
        "warning: all_structures_built asks for each of the 8 structures to be built, but 2 players can own at most "
        "2 in all (1 structure token each): it never ends a game"))]
    result = run(["play", str(REPRO / "one-token-all-built.yaml"), "--players", "bot:random,bot:random",
                  "--seed", "1", "--max-turns", "30"])
    assert result.exit_code == 0 and "Stopped at turn 30" in result.output


def test_goals_exhausted_met_from_the_start_is_warned_at_the_draw():
    found = [w for w in check_path(REPRO / "no-goal-used.yaml")[1] if "goals_exhausted" in w.message]
    assert [(w.line, w.pointer) for w in found] == [(4, "/end/conditions/2/goals_exhausted")]
    assert "every game ends after the first player's first turn" in found[0].message


# C6: a turn makes at most MAX_CONVERSIONS_PER_TURN conversions, on both engines
def test_the_bound_on_conversions_is_one_number_for_the_language_and_the_engine():
    from rulekit.engine import game
    from rulekit.language import soundness

    assert game.MAX_CONVERSIONS_PER_TURN == soundness.MAX_CONVERSIONS_PER_TURN == 100


def test_limited_conversions_make_bounded_turns_on_both_engines():
    import random

    from rulekit import engine as fast
    from rulekit.engine import core, game

    pure = core.load_source("rulekit._pure_engine")
    rs = load_ruleset(REPRO / "pumps-per-turn.yaml")
    conv = set(fast.compile_ruleset(rs).conv_action)
    a, b = fast.new_game(rs, seed=5, first_player=0), pure.game.new_game(rs, seed=5, first_player=0)
    rng = random.Random(5)
    per_turn, most, steps = 0, 0, 0
    while not a.is_terminal() and a.turn < 6:
        la, lb = a.legal_actions(), b.legal_actions()
        assert la == lb and a.key() == b.key(), steps
        converts = [x for x in la if x in conv]
        action = rng.choice(converts) if converts else rng.choice(la)
        turn = a.turn
        a._apply(action)
        b._apply(action)
        per_turn = per_turn + 1 if action in conv and a.turn == turn else 0
        most = max(most, per_turn)
        steps += 1
    assert most == game.MAX_CONVERSIONS_PER_TURN          # reached, never passed
    assert a.turn >= 6 or a.is_terminal()


def test_limited_conversions_are_warned_stated_and_simulated():
    found = [w for w in check_path(REPRO / "pumps-per-turn.yaml")[1] if "per_turn limits add up" in w.message]
    assert [(w.line, w.pointer) for w in found] == [(7, "/conversions/pump0/per_turn")]
    assert "add up to 20000 uses a turn, but a player makes at most 100 conversions in a turn" in found[0].message
    result = run(["rulebook", str(REPRO / "pumps-per-turn.yaml"), "--format", "md"])
    assert result.exit_code == 0
    # Once in the house-rules box, once among the actions of the spending phase.
    assert result.output.count("You make at most 100 conversions per turn in all") == 2
    result = run(["diff", "province-en", str(REPRO / "pumps-per-turn.yaml")])
    assert "Conversions per turn: You make at most 100 conversions per turn in all" in result.output
    result = run(["rulebook", "province-en", "--format", "md"])
    assert "conversions per turn in all" not in result.output
    for name in ("pumps-per-turn.yaml", "space-yield-1000.yaml"):
        result = run(["simulate", str(REPRO / name), "--games", "4", "--bots", "greedy,greedy"])
        assert result.exit_code == 0 and "Traceback" not in result.output, result.output


# C13: the sentences follow turn.move_steps
def test_the_rulebook_follows_move_steps():
    result = run(["rulebook", str(REPRO / "move-steps-2.yaml"), "--format", "md"])
    text = result.output
    # Only the house-rules box says what the rule was.
    assert result.exit_code == 0 and "; before: one step along the Work Cycle." in text
    assert "one step" not in text.replace("; before: one step along the Work Cycle.", "")
    assert "Move one or more of your workers 2 steps each along the Work Cycle" in text
    assert "You move your 3 workers 2 steps each: they land on Labor Low, Labor Top, and Coin" in text
    assert "Workers always move 2 steps clockwise at a time." in text
    assert "move at least one worker you have access to, 2 steps clockwise" in text
    result = run(["rulebook", str(REPRO / "move-steps-2.yaml"), "--lang", "fr", "--format", "md"])
    assert "Déplacez un ou plusieurs Ouvriers de 2\u00a0zones chacun" in result.output
    assert "d’une zone chacun" not in result.output
    result = run(["rulebook", "province-en", "--format", "md"])
    assert "Workers always move one step clockwise, from each space to the next" in result.output
    assert "You move your 3 workers one step each: they land on Coin, Labor Low, and Labor Top" in result.output


def test_a_long_move_as_long_as_every_move_is_warned_and_worded(tmp_path):
    base = tmp_path / "base.yaml"
    base.write_text("extends: province-en\nid: base\nstructures:\n  mill: {effects: [{long_move: {steps: 3}}]}\n",
                    encoding="utf-8")
    house = tmp_path / "house.yaml"
    house.write_text("extends: base.yaml\nid: house\nturn: {move_steps: 3}\nwork_cycle:\n  spaces:\n"
                     "    - {id: labor_top, yields: {labor: 1}}\n    - {id: coin, yields: {coin: 1}}\n"
                     "    - {id: labor_low, yields: {labor: 1}}\n    - {id: rest, yields: {coin: 1}}\n", encoding="utf-8")
    problems, warnings = check_path(house)
    assert problems == []
    found = [w for w in warnings if "changes nothing" in w.message and "long move" in w.message]
    assert [(w.file, w.line) for w in found] == [(str(house), 3)]
    assert f"the long move is in the base ruleset at {base}:4:" in found[0].message
    path = tmp_path / "two.yaml"
    path.write_text("extends: province-en\nid: two\nturn: {move_steps: 2}\nwork_cycle:\n  spaces:\n"
                    "    - {id: labor_top, yields: {labor: 1}}\n    - {id: coin, yields: {coin: 1}}\n"
                    "    - {id: labor_low, yields: {labor: 1}}\n    - {id: rest, yields: {coin: 1}}\n"
                    "structures:\n  mill: {effects: [{long_move: {steps: 3}}]}\n", encoding="utf-8")
    assert not [w for w in warnings_of(path) if "long move" in w]
    result = run(["rulebook", str(path), "--format", "md"])
    assert "move one worker 3 steps at once instead of 2" in result.output


# House-rule audit (b): the Lender penalty in the vp measure is a reading with a field
VP_END = "extends: province-en\nid: {id}\nend:\n  conditions:\n    - player_condition: {{metric: vp, at_least: 3}}\n"


def _holding_game(engine, rs, seed):
    """A seeded random game played until a player holds the borrowing token (None if none does)."""
    import random

    rng = random.Random(seed)
    st = engine.new_game(rs, seed=seed, first_player=0)
    borrow = set(engine.compile_ruleset(rs).borrow_action)
    while not st.is_terminal():
        if st.holder >= 0:
            return st
        legal = st.legal_actions()
        mine = [a for a in legal if a in borrow]
        st._apply(rng.choice(mine) if mine else rng.choice(legal))
    return None


def test_reading_the_penalty_counts_in_vp_only_when_the_game_ends_unless_the_field_says(tmp_path):
    """Reading (docs/readings.md): both texts take the penalty off when the game ends."""
    from rulekit import engine as fast
    from rulekit.engine import core

    pure = core.load_source("rulekit._pure_engine")
    at_end = tmp_path / "at-end.yaml"
    at_end.write_text(VP_END.format(id="at-end"), encoding="utf-8")
    during = tmp_path / "during.yaml"
    during.write_text(VP_END.format(id="during") + "borrowing: {penalty_during_game: true}\n", encoding="utf-8")
    for path, back in ((at_end, 2), (during, 0)):
        rs = load_ruleset(path)
        assert validate_path(path) == []
        for engine in (fast, pure.game):
            c = engine.compile_ruleset(rs)
            cond = c.end_conds[0]
            assert cond.param == back
            st = next(s for s in (_holding_game(engine, rs, seed) for seed in range(40)) if s is not None)
            p = st.holder
            assert st.metric("vp", p, cond.param) == st.score(p) + back
            other = 1 - p
            assert st.metric("vp", other, cond.param) == st.score(other)
            assert cond.holds(st, p) == (st.score(p) + back >= 3)
    # The editions count it only at the end; the final score takes it off either way.
    for ref in ("province-en", "province-fr"):
        assert fast.compile_ruleset(load_ruleset(ref)).lender_penalty == 2
        assert "penalty_during_game" not in load_ruleset(ref).data["borrowing"]


def test_the_penalty_reading_is_worded_in_both_languages_and_diffed(tmp_path):
    from rulekit.i18n import language
    from rulekit.text import sentences as s

    at_end = tmp_path / "at-end.yaml"
    at_end.write_text(VP_END.format(id="at-end"), encoding="utf-8")
    during = tmp_path / "during.yaml"
    during.write_text(VP_END.format(id="during") + "borrowing: {penalty_during_game: true}\n", encoding="utf-8")
    end_rule = s.end_condition_sentence(load_ruleset(at_end).data, load_ruleset(at_end).data["end"]["conditions"][0])
    assert end_rule == ("A player has at least 3 VP. The VP counted leave out the 2 VP penalty of the Lender token: "
                        "it is lost only when the game ends.")
    during_rule = s.end_condition_sentence(load_ruleset(during).data, load_ruleset(during).data["end"]["conditions"][0])
    assert during_rule.endswith("While the game goes on, the VP counted take off the 2 VP penalty of whoever holds "
                                "the Lender token.")
    with language("fr"):
        fr = s.end_condition_sentence(load_ruleset(at_end).data, load_ruleset(at_end).data["end"]["conditions"][0])
        assert "fin de la partie" in fr
    result = run(["diff", str(at_end), str(during)])
    assert result.exit_code == 0
    assert "The penalty in the VP counted during the game: While the game goes on" in result.output
    # Without a measure of VP, nothing is said, and setting the field is warned about.
    assert s.measures_vp(load_ruleset("province-en").data) is False
    result = run(["rulebook", "province-en", "--format", "md"])
    assert "VP counted" not in result.output
    path = tmp_path / "idle.yaml"
    path.write_text("extends: province-en\nid: idle\nborrowing: {penalty_during_game: true}\n", encoding="utf-8")
    assert any("penalty_during_game changes nothing here" in w for w in warnings_of(path))


# House-rule audit (c): end conditions rewritten with only the changed one
def test_a_rewritten_end_conditions_list_warns_at_the_authors_line_naming_what_it_drops():
    found = [w for w in check_path(REPRO / "one-token-all-built.yaml")[1] if "replaces the base ruleset's" in w.message]
    assert [(w.file, w.line) for w in found] == [(str(REPRO / "one-token-all-built.yaml"), 6)]
    assert "player_condition (structures), goals_exhausted are no longer among them" in found[0].message
    # The bundled short game lists them all again: nothing to say.
    assert not [w for w in check_path("short-game")[1] if "replaces the base ruleset's" in w.message]


# House-rule audit (d): a warning caused by rewritten effects is at the author's line
def test_rewriting_the_unions_effects_warns_at_the_authors_line(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text("extends: province-en\nid: t\nstructures:\n  union: {effects: [{income: {labor: 1}}]}\n",
                    encoding="utf-8")
    found = [w for w in check_path(path)[1] if "the conversion union" in w.message]
    assert [(w.file, w.line, w.pointer) for w in found] == [(str(path), 4, "/structures/union/effects")]
    assert found[0].message.startswith("warning: after this change, nobody can ever use the conversion union")
    assert "(left in the base ruleset at " in found[0].message


def test_did_you_mean_only_for_what_is_close_in_meaning_too(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text("extends: province-en\nid: t\nevents: 3\nsetup:\n  starting_structures: 2\n  startin_coins: [2, 3]\n"
                    "structures:\n  lender: {requires: [banks]}\n", encoding="utf-8")
    messages = [p.message for p in validate_path(path)]
    assert len(messages) == 4, messages
    assert not any("did you mean extends" in m or "did you mean starting_coins" in m
                   for m in messages if "events" in m or "starting_structures" in m)
    assert any("unknown field startin_coins; did you mean starting_coins?" in m for m in messages)
    assert any("unknown structure banks; did you mean bank?" in m for m in messages)


# C18: wording and leftovers
def test_with_no_goal_in_play_the_rulebook_says_nothing_of_the_goal_in_play():
    result = run(["rulebook", str(REPRO / "no-goal-used.yaml"), "--format", "md"])
    text = result.output
    assert result.exit_code == 0 and "No goal token is used in this game." in text
    for stale in ("Turn the top goal token face up", "Each goal token you claimed is worth",
                  "and by claiming goal tokens", "The goal in play, if it is checked", "One goal token is face up"):
        assert stale not in text, stale
    result = run(["rulebook", "province-en", "--format", "md"])
    assert "Turn the top goal token face up" in result.output and "Each goal token you claimed is worth" in result.output


def test_null_and_yaml_line_breaks_are_worded_once_and_located(tmp_path):
    path = tmp_path / "null.yaml"
    path.write_text("id: t\ntitle: t\ncomponents:\nstructures:\n  mill: {cost: }\n", encoding="utf-8")
    messages = [str(p) for p in validate_path(path)]
    assert any(":3:12: wrong type: expected a mapping, found nothing (null) (at /components)" in m for m in messages), messages
    assert any(":5:16: wrong type: expected an amount such as {labor: 2, coin: 1}, or free; found nothing (null)" in m
               for m in messages), messages
    assert not any("(null) null" in m for m in messages)
    path = tmp_path / "nel.yaml"
    path.write_text("extends: province-en\nid: t\ntitle: a\x85b: c\n", encoding="utf-8")
    problems = validate_path(path)
    assert [(p.line, p.column) for p in problems] == [(3, 9)]
    assert "U+0085 (next line) is a line break for YAML, not for your editor" in problems[0].message


def test_a_not_end_condition_reads_as_one_sentence(tmp_path):
    from rulekit.text import sentences as s

    path = tmp_path / "t.yaml"
    path.write_text("extends: province-en\nid: t\nend:\n  conditions:\n"
                    "    - player_condition: {not: {metric: structures, at_most: 3}}\n", encoding="utf-8")
    data = load_ruleset(path).data
    assert s.end_condition_sentence(data, data["end"]["conditions"][0]) == \
        "A player does not meet this condition: a player has built at most 3 structures."


def test_a_changed_word_inside_a_name_is_not_marked_alone(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text("extends: province-en\nid: t\nworkers: {village: {entry: labor_low}}\n", encoding="utf-8")
    result = run(["rulebook", str(path), "--format", "md"])
    assert "(was Top)" not in result.output
    assert "it enters on the Labor Low space; before: You may move the Village worker." in result.output
