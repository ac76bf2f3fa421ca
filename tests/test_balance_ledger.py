"""The balance ledger (docs/balance-ledger.json): every figure the docs quote is tied to the resolved rules
and the bots it was measured with; a change to either makes the entry stale, and this file fails, naming
the entries and the command that re-measures them. No test here plays the ledger's games."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulekit.balance import ledger as lg
from rulekit.balance.simulate import report
from rulekit.cli import cli
from rulekit.language import load_ruleset
from rulekit.language.ruleset import bundled_rulesets
from rulekit_tools import ledgerdocs

ROOT = Path(__file__).resolve().parents[1]
LEDGER = ROOT / "docs" / "balance-ledger.json"


def run(*args):
    return CliRunner().invoke(cli, list(args))


# ---------------------------------------------------------------------------
# The project's ledger and docs (what CI checks)


def test_every_ledger_entry_was_measured_on_the_bundled_rules_and_bots_as_they_are():
    ledger = lg.load(LEDGER)
    stale = [s for s in (lg.staleness(e) for e in ledger["entries"]) if s]
    assert not stale, (
        "stale balance figures: " + "; ".join(f"{s.entry} ({', '.join(s.reasons)})" for s in stale)
        + f". Re-measure them with `{lg.REFRESH_COMMAND}`, then `python -m rulekit_tools.ledgerdocs` "
        "writes the docs' tables.")


def test_the_ledger_names_bundled_rulesets_and_each_entry_has_an_aim_and_a_table():
    ledger = lg.load(LEDGER)
    bundled = bundled_rulesets()
    for e in ledger["entries"]:
        assert e["ruleset"] in bundled, e["id"]
        assert e.get("tables"), e["id"]
        lg.aim_met(e)                                   # a known aim (LedgerError otherwise)
    seeds = sorted((e["measured"]["seed"], e["measured"]["seed"] + e["games"]) for e in ledger["entries"]
                   if e.get("measured"))
    for (_, end), (start, _) in zip(seeds, seeds[1:]):  # no two entries share a seed
        assert end <= start
    assert all(end <= ledger["next_seed"] for _, end in seeds)


def test_the_docs_tables_are_the_ledgers():
    ledger = json.loads(LEDGER.read_text(encoding="utf-8"))
    docs = ledgerdocs.documents()
    assert {p.name for p in docs} >= {"balance.md", "bots.md", "performance.md"}
    differ = [p.name for p in docs if ledgerdocs.render(p.read_text(encoding="utf-8"), ledger)
              != p.read_text(encoding="utf-8")]
    assert not differ, f"{differ}: a table differs from docs/balance-ledger.json; run python -m rulekit_tools.ledgerdocs"


def test_a_generated_table_quotes_the_entrys_figures():
    ledger = lg.load(LEDGER)
    tables = {}                         # each table written once, then read for each of its entries
    for e in ledger["entries"]:
        if not e.get("measured"):
            continue
        name = e["tables"][0]
        if name not in tables:
            tables[name] = ledgerdocs.table(ledger, name)
        text = tables[name]
        res = e["measured"]["result"]
        rate = res["bots"][0]["rate"] if e["measure"] == "bots" else res["seats"][0]["rate"]
        assert f"{100 * rate:.1f}%" in text and e["measured"]["sha256"][:12] in text, e["id"]


# ---------------------------------------------------------------------------
# Staleness


def _measured_now(entry, base=None):
    now = lg.current(entry, base)
    return dict(entry, measured={**now, "seed": 0, "date": "2026-01-01", "result": {"games": entry["games"]}})


def _entry(ruleset, bots=("greedy", "greedy"), games=4, measure="seats"):
    return {"id": f"{ruleset}/x", "ruleset": ruleset, "bots": list(bots), "games": games, "measure": measure,
            "aim": "none", "tables": ["seats"]}


def test_a_change_to_a_base_makes_the_variants_on_top_of_it_stale(tmp_path):
    base = tmp_path / "base.yaml"
    base.write_text("id: base\nextends: province-en\n")
    (tmp_path / "top.yaml").write_text("id: top\nextends: base.yaml\n")
    entry = _measured_now(_entry("top.yaml"), tmp_path)
    assert not lg.staleness(entry, tmp_path)
    base.write_text("id: base\nextends: province-en\nsetup: {starting_coins: [3, 3]}\n")
    why = lg.staleness(entry, tmp_path)
    assert why and "top.yaml" in why.reasons[0]
    assert entry["measured"]["sha256"][:12] in why.reasons[0]


def test_the_hash_is_of_the_resolved_rules_not_of_the_file(tmp_path):
    (tmp_path / "thin.yaml").write_text("id: province-en\nextends: province-en\n")
    assert lg.current(_entry("thin.yaml"), tmp_path)["sha256"] == load_ruleset("province-en").sha256


def test_a_rulebook_heading_is_not_a_rule_of_the_hash(tmp_path):
    """The rulebook's ``headings`` (province-fr's « Corvées », French review 4 L30) change no rule: they leave
    the hash, and so the measurements and the records, as they were; a rule changed beside them does not."""
    (tmp_path / "worded.yaml").write_text("id: province-en\nextends: province-en\nheadings: {conversions: Swaps}\n")
    (tmp_path / "ruled.yaml").write_text("id: province-en\nextends: province-en\nheadings: {conversions: Swaps}\n"
                                         "borrowing: {penalty_vp: 3}\n")
    assert lg.current(_entry("worded.yaml"), tmp_path)["sha256"] == load_ruleset("province-en").sha256
    assert lg.current(_entry("ruled.yaml"), tmp_path)["sha256"] != load_ruleset("province-en").sha256
    assert load_ruleset("province-fr").data["headings"] == {"conversions": "Grind"}


def test_a_level_that_stands_for_another_bot_makes_its_entries_stale():
    entry = _measured_now(_entry("province-en", ("hard", "normal")))
    assert not lg.staleness(entry)
    entry["measured"]["bots"] = ["hard=wide:10", "normal=greedy"]
    why = lg.staleness(entry)
    assert why and "hard=wide:10" in why.reasons[0]
    entry = _measured_now(_entry("province-en", ("hard", "normal")))
    entry["measured"]["weights"][0][1] += 1                 # hard re-tuned under the same spec
    assert lg.staleness(entry).reasons == ["the bots' evaluation weights changed"]


def test_the_code_that_plays_a_level_is_the_bots_modules_it_uses():
    hard = set(lg.bot_code(["hard", "hard"], "province"))
    assert hard == {"rulekit/bots/base.py", "rulekit/bots/wide.py", "rulekit/bots/mcts.py", "rulekit/bots/policy.py"}
    assert set(lg.bot_code(["easy", "normal"], "province")) == {
        "rulekit/bots/base.py", "rulekit/bots/careless.py", "rulekit/bots/greedy.py", "rulekit/bots/policy.py"}
    assert set(lg.bot_code(["random", "random"], "province")) == {"rulekit/bots/base.py", "rulekit/bots/uniform.py"}
    # Provisions' search is the generic determinized search given the family's policy (a lazy import)
    assert set(lg.bot_code(["hard", "hard"], "provisions")) == {
        "rulekit/bots/base.py", "rulekit/bots/determinized.py", "rulekit/bots/provisions_policy.py"}


def test_a_change_to_a_bots_code_makes_the_entries_it_plays_stale_naming_the_module(tmp_path, monkeypatch):
    """The same spec and weights, another code: stale, naming the module and only for the bots that use it."""
    real = lg._bots_dir()
    copy = tmp_path / "bots"
    copy.mkdir()
    for f in real.iterdir():
        if f.suffix in (".py", ".pxd"):
            (copy / f.name).write_bytes(f.read_bytes())
    monkeypatch.setattr(lg, "_bots_dir", lambda: copy)
    hard = _measured_now(_entry("province-en", ("hard", "hard")))
    rand = _measured_now(_entry("province-en", ("random", "random")))
    prov = _measured_now(_entry("provisions-1849", ("normal", "normal")))
    assert not lg.staleness(hard) and not lg.staleness(rand) and not lg.staleness(prov)
    policy = copy / "policy.py"
    policy.write_text(policy.read_text() + "\n# a change\n")
    assert lg.staleness(hard).reasons == ["the code that plays its bots changed (rulekit/bots/policy.py)"]
    assert not lg.staleness(rand) and not lg.staleness(prov)
    (copy / "determinized.py").write_text((copy / "determinized.py").read_text() + "\n# a change\n")
    assert "rulekit/bots/determinized.py" in lg.staleness(prov).reasons[0]
    old = dict(hard, measured={k: v for k, v in hard["measured"].items() if k != "code"})
    assert lg.staleness(old).reasons == ["the code that plays its bots was not recorded"]


def test_the_aims():
    entry = {"id": "x", "aim": "band", "measured": {"result": {"decided": 100, "band": [0.2833, 0.3833], "verdict": "undecided",
                                                               "seats": [{"rate": 0.30}, {"rate": 0.37}, {"rate": 0.33}]}}}
    assert lg.aim_met(entry) is True
    entry["measured"]["result"]["seats"][1]["rate"] = 0.39
    assert lg.aim_met(entry) is False
    assert lg.aim_met(dict(entry, aim="fair")) is False
    ladder = {"id": "l", "aim": "beats:0.7", "measured": {"result": {"bots": [{"rate": 0.7}, {"rate": 0.3}]}}}
    assert lg.aim_met(ladder) is True
    ladder["measured"]["result"]["bots"][0]["rate"] = 0.69
    assert lg.aim_met(ladder) is False
    with pytest.raises(lg.LedgerError, match="unknown aim"):
        lg.aim_met(dict(ladder, aim="strong"))


def test_an_unmeasured_entry_and_a_changed_game_count_are_stale():
    assert lg.staleness(_entry("province-en")).reasons
    entry = _measured_now(_entry("province-en"))
    entry["games"] = 8
    assert lg.staleness(entry)


# ---------------------------------------------------------------------------
# The command


def _write(tmp_path, entries, next_seed=500):
    path = tmp_path / "ledger.json"
    path.write_text(json.dumps({"format": lg.FORMAT, "version": 1, "next_seed": next_seed, "entries": entries}))
    return path


def test_rulekit_ledger_measures_the_stale_entries_on_fresh_seeds_and_the_figures_are_simulates(tmp_path):
    path = _write(tmp_path, [_entry("province-en", games=4),
                             dict(_entry("province-en", ("normal", "easy"), 4, "bots"), id="ladder")])
    result = run("ledger", str(path))
    assert result.exit_code == 0, result.output
    doc = json.loads(path.read_text())
    first, second = doc["entries"]
    assert (first["measured"]["seed"], second["measured"]["seed"], doc["next_seed"]) == (500, 504, 508)
    sim = report("province-en", 4, ("greedy", "greedy"), 500)
    assert first["measured"]["result"] == lg.result_of(sim, "seats")
    assert first["measured"]["sha256"] == load_ruleset("province-en").sha256
    assert second["measured"]["bots"] == ["normal=greedy", "easy=careless"]
    assert sum(b["wins"] for b in second["measured"]["result"]["bots"]) <= 4
    assert "2 entries measured" in result.output
    again = run("ledger", str(path))
    assert again.exit_code == 0 and "nothing to measure" in again.output
    assert run("ledger", str(path), "--check").exit_code == 0
    # --all takes fresh seeds again; --same-seeds reproduces the figures
    run("ledger", str(path), "--entry", "ladder", "--same-seeds")
    assert json.loads(path.read_text())["entries"][1]["measured"]["result"] == second["measured"]["result"]


def test_rulekit_ledger_check_names_the_stale_entries_and_exits_1(tmp_path):
    path = _write(tmp_path, [_entry("province-en")])
    result = run("ledger", str(path), "--check")
    assert result.exit_code == 1
    assert "province-en/x: stale: never measured" in result.output
    assert "rulekit ledger" in result.output


def test_ctrl_c_keeps_the_entries_already_measured(tmp_path, monkeypatch):
    path = _write(tmp_path, [_entry("province-en"), dict(_entry("province-en"), id="second")])
    real = lg.measure
    calls = []

    def measure(entry, *args, **kwargs):
        calls.append(entry["id"])
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(entry, *args, **kwargs)

    monkeypatch.setattr(lg, "measure", measure)
    result = run("ledger", str(path))
    assert result.exit_code == 130
    assert "second is not kept" in result.output and "Traceback" not in result.output
    doc = json.loads(path.read_text())
    assert doc["entries"][0]["measured"] and doc["entries"][1].get("measured") is None
    assert doc["next_seed"] == 508                     # the interrupted entry's seeds are not used again


@pytest.mark.parametrize("text,words", [
    ("{", "not a balance ledger"),
    ('{"format": "other"}', "format"),
    ('{"format": "rulekit-balance-ledger", "next_seed": 0, "entries": [{"id": "a", "ruleset": "province-en", '
     '"bots": ["greedy"], "games": 4, "measure": "seats"}]}', "one bot per seat"),
    ('{"format": "rulekit-balance-ledger", "next_seed": 0, "entries": [{"id": "a", "ruleset": "province-en", '
     '"bots": ["greedy", "greedy"], "games": 4, "measure": "odds"}]}', "seats, bots"),
])
def test_a_bad_ledger_gets_a_message_and_exit_1(tmp_path, text, words):
    path = tmp_path / "bad.json"
    path.write_text(text)
    result = run("ledger", str(path), "--check")
    assert result.exit_code == 1
    assert words in result.output and "Traceback" not in result.output


def test_an_unknown_entry_is_named_with_the_known_ones(tmp_path):
    path = _write(tmp_path, [_entry("province-en")])
    result = run("ledger", str(path), "--entry", "nope")
    assert result.exit_code == 1 and "nope" in result.output and "province-en/x" in result.output


def test_bots_that_do_not_look_ahead_never_make_a_ledger_figure_fair():
    from rulekit.cli.simulate_cmds import ledger_result_line

    seats = [{"wins": 500, "rate": 0.5, "ci95": [0.47, 0.53]}, {"wins": 500, "rate": 0.5, "ci95": [0.47, 0.53]}]
    result = {"games": 1000, "decided": 1000, "draws": 0, "unfinished": 0, "seats": seats, "verdict": "fair",
              "games_needed": None, "band": [0.45, 0.55]}
    entry = {"id": "x", "ruleset": "province-en", "bots": ["greedy", "greedy"], "games": 1000, "measure": "seats",
             "aim": "fair", "tables": ["seats"],
             "measured": {"bots": ["greedy", "greedy"], "sha256": "0" * 64, "seed": 0, "result": result}}
    row = ledgerdocs.seats_table([entry])[-1]
    assert "no verdict on the rules" in row and "| fair |" in row        # the aim's column names the aim only
    assert "no verdict on the rules" in ledger_result_line(entry)
    searching = dict(entry, measured=dict(entry["measured"], bots=["hard=wide:30", "hard=wide:30"]))
    assert "no verdict" not in ledgerdocs.seats_table([searching])[-1]
    assert ledger_result_line(searching).endswith("; fair")


# ---------------------------------------------------------------------------
# A printed edition that is not fair at hard has a bundled fair variant (issue 54)

FAIR_VARIANTS = {"province-en": "province-en-fair", "province-fr": "province-fr-fair"}


@pytest.mark.parametrize("edition,variant", sorted(FAIR_VARIANTS.items()))
def test_an_edition_unfair_at_hard_has_a_fair_variant_that_keeps_its_rules_but_the_starting_coins(edition, variant):
    ledger = lg.load(LEDGER)
    by_id = {e["id"]: e for e in ledger["entries"]}
    printed = by_id[f"{edition}/hard"]["measured"]["result"]
    assert printed["verdict"] != "fair"                      # else the variant is not needed
    base, fair = load_ruleset(edition), load_ruleset(variant)
    assert [Path(f).name for f in fair.chain] == [f"{variant}.yaml", f"{edition}.yaml"]   # it extends the edition
    changed = {k for k in set(base.data) | set(fair.data) if base.data.get(k) != fair.data.get(k)}
    assert changed == {"id", "title", "description", "setup"}
    assert {k for k in base.data["setup"] if base.data["setup"][k] != fair.data["setup"].get(k)} == {"starting_coins"}
    entry = by_id[f"{variant}/hard"]
    assert entry["ruleset"] == variant and entry["bots"] == ["hard", "hard"] and entry["games"] >= 400
    # which seat the printed edition favours, and what to play, said plainly in the docs
    seat = 1 + max(range(2), key=lambda k: printed["seats"][k]["rate"])
    text = " ".join((ROOT / "docs" / "balance.md").read_text(encoding="utf-8").split())
    assert f"`{edition}` favours seat {seat} at `hard`; play `{variant}`" in text
