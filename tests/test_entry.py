"""workers.<id>.entry and sailors.entry: where new workers enter, played and worded together."""
import textwrap

import scenario as S
from rulekit.language import load_ruleset
from rulekit.text import sentences as s
from rulekit.text.diff import rule_diff
from rulekit.text.rulebook import render_markdown


def test_the_camp_worker_enters_on_the_coin_space(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text("extends: province-en\nid: house\nworkers:\n  camp:\n    entry: coin\n"
                    "sailors:\n  entry: labor_low\n", encoding="utf-8")
    ref = str(path)
    st = S.new(ref, seed=0)
    S.afford(st, "camp")
    st.play("build camp")
    assert S.worker_space(st, "camp") == "coin"
    st2 = S.new(ref, seed=0)
    S.give_structures(st2, 1, "harbor")                   # the Harbormaster is the opponent: no cast now
    S.give_structures(st2, 0, "harbor")
    S.set_ship(st2, "mixed")
    S.begin_turn(st2, 0)
    S.spending(st2, silver=3)
    st2.play("hire")
    assert S.sailors_of(st2, 0) == 1
    sailor = [w for w in range(st2.c.n_workers) if st2.c.worker_kind[w] == st2.c.sailor_kind and st2.wowner[w] == 0]
    assert st2.c.space_ids[st2.wpos[sailor[0]]] == "labor_low"
    data = load_ruleset(ref).data
    camp = s.effect_sentence(data, data["structures"]["camp"]["effects"][0])
    assert camp.endswith("it enters on the Coin space.")
    assert "the sailor enters the Work Cycle on Labor Low" in s.sailor_hire_sentence(data)
    lines = [c.sentence() for c in rule_diff(load_ruleset("province-en"), load_ruleset(ref))]
    assert "Camp workers enter on: Coin (new)" in lines and "Hired sailors enter on: Labor Low (new)" in lines
    assert "Camp workers enter on Coin instead." in render_markdown(load_ruleset(ref))


def test_an_unknown_entry_space(tmp_path):
    from rulekit.language import validate_path
    path = tmp_path / "house.yaml"
    path.write_text(textwrap.dedent("""\
        extends: province-en
        id: house
        workers:
          camp:
            entry: coins
    """), encoding="utf-8")
    assert [p.message for p in validate_path(path)] == ["unknown Work Cycle space coins; did you mean coin?"]
