"""space_yield replaces a space's yield; space_bonus adds to it (docs/ruleset-reference.md).

Each test plays the effect and reads its sentence, in English and French, so
the book and the game cannot drift apart.
"""
import pytest

import scenario as S
from rulekit.engine import new_game
from rulekit.i18n import language as use_language
from rulekit.language import load_ruleset
from rulekit.text.sentences import effect_sentence
from scenario import labor, labor_earned  # noqa: F401


def house_file(tmp_path, **effects):
    """A variant of province-en adding, per keyword, a structure of that id (named after it,
    1 Labor, 1 VP to its first builder) whose one effect is the keyword's value (YAML)."""
    lines = ["extends: province-en", "id: house", "structures:"]
    for sid, effect in effects.items():
        lines += [f"  {sid}:", f"    name: {sid.capitalize()}", "    cost: {labor: 1}",
                  "    vp: {first: 1, later: 0}", "    effects:", f"      - {effect}"]
    path = tmp_path / "house.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def variant(tmp_path, **effects):
    return load_ruleset(house_file(tmp_path, **effects))


def game_with(rs, *structures):
    st = new_game(rs, seed=1, first_player=0)
    S.give_structures(st, 0, *structures)
    return st


def sentence(rs, sid, lang="en", i=0):
    with use_language(lang):
        return effect_sentence(rs.data, rs.data["structures"][sid]["effects"][i])


def test_replacement_replaces_every_resource(tmp_path):
    """ "The Coin space gives 2 Labor instead of 1 Coin": 2 Labor and no coin."""
    rs = variant(tmp_path, guild="space_yield: {space: coin, labor: 2}")
    st = game_with(rs, "guild")
    before = st.coin_value(0)
    st.play("move green@labor_top")                       # onto the Coin space
    assert labor(st) == 2 and st.coin_value(0) == before
    assert sentence(rs, "guild") == ("Each worker you move onto the Coin space earns 2 Labor instead of 1 Coin. "
                                     "If you have several structures that replace this yield, "
                                     "only the first of Bank and Guild applies.")


def test_replacement_by_nothing_pays_nothing(tmp_path):
    rs = variant(tmp_path, toll="space_yield: {space: coin, coin: 0}")
    st = game_with(rs, "toll")
    before = st.coin_value(0)
    st.play("move green@labor_top")
    assert labor(st) == 0 and st.coin_value(0) == before
    assert sentence(rs, "toll").startswith("Each worker you move onto the Coin space earns nothing instead of 1 Coin.")
    fr = sentence(rs, "toll", "fr")
    assert "ne vous rapporte rien" in fr, fr


def test_bonus_adds_for_one_worker_kind(tmp_path):
    rs = variant(tmp_path, inn="space_bonus: {space: labor_low, worker: camp, labor: 2}")
    st = game_with(rs, "inn", "camp")
    S.place_worker(st, "camp", "coin", frm="labor_top")
    st.play("move camp@coin")                             # onto labor_low: 1 + 2
    assert labor(st) == 3
    st.play("move green@coin")                            # a green worker: no bonus
    assert labor(st) == 4
    assert sentence(rs, "inn") == ("Each Camp worker you move onto the Labor Low space earns 2 Labor more, "
                                   "on top of what the space gives (bonuses of several structures add up).")
    assert "Camp" in sentence(rs, "inn", "fr")


def test_several_effects_on_one_space_combine_as_the_sentence_says(tmp_path):
    """First replacement in the ruleset's order, then every bonus added."""
    rs = variant(tmp_path, guild="space_yield: {space: coin, labor: 2}",
                 toll="space_yield: {space: coin, coin: 0}",
                 inn="space_bonus: {space: coin, coin: 1}",
                 fair="space_bonus: {space: coin, labor: 1}")
    st = game_with(rs, "toll", "guild", "inn", "fair")
    before = st.coin_value(0)
    st.play("move green@labor_top")
    # The Bank (listed before them) is not owned; the guild is the first replacement listed.
    assert labor(st) == 2 + 1 and st.coin_value(0) == before + 1
    assert sentence(rs, "guild").endswith("only the first of Bank, Guild, and Toll applies.")


def test_bank_still_doubles_the_coin_space():
    st = S.new("province-en", seed=0)
    S.give_structures(st, 0, "lender", "bank")
    before = st.coin_value(0)
    st.play("move green@labor_top")
    assert st.coin_value(0) == before + 2 and labor(st) == 0


@pytest.mark.parametrize("bad, message", [
    ("{space: quay, labor: 1}", "unknown Work Cycle space quay"),
    ("{space: coin, worker: camq, labor: 1}", "unknown worker kind camq; did you mean camp?"),
    ("{space: coin}", "needs at least 2 entries"),
])
def test_bonus_validation(tmp_path, bad, message):
    from rulekit.language import validate_path
    path = house_file(tmp_path, inn=f"space_bonus: {bad}")
    assert any(message in p.message for p in validate_path(path))
