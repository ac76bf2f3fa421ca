"""Reliability, round 3: nothing lost — files, records, clusters, tune and simulate.

Each test is built from a reproduction of the round-3 review (the files it needs are in
``tests/reliability3/``): an output never replaces an input, a record of an earlier version
resumes, a silent or lost Dask scheduler gives a message, tune's last step never loses the
report, no result is stated when no game was decided, long bounds and file names with
control characters are refused or shown escaped, and the record is not rewritten after every
action.
"""
from __future__ import annotations

import json
import os
import shutil
import socket
import threading
from pathlib import Path

import pytest
from play_support import run

from rulekit.engine.record import VERSION, GameRecord, files_hash
from rulekit.errors import OutputError
from rulekit.files import check_output, shown_path, write_atomic
from rulekit.language import load_ruleset

HERE = Path(__file__).resolve().parent
REPRO = HERE / "reliability3"
RECORDS = HERE / "records"
ESC = "r\x1b]0;PWNED\x07x"             # OSC 0: would set the terminal's title


def _copy(name, folder: Path) -> Path:
    shutil.copy(REPRO / name, folder / name)
    return folder / name


# ---------------------------------------------------------------------------
# C1: an output never replaces an input; one atomic write


def test_tune_refuses_to_overwrite_its_input_before_the_search(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    mine = tmp_path / "mine.yaml"
    shutil.copy(REPRO / "tune-self.yaml", mine)
    before = mine.read_bytes()
    result = run(["tune", "mine.yaml", "--vary", "setup.starting_coins.1=0..2", "--budget", "12", "-o", "mine.yaml"])
    assert result.exit_code == 1
    assert "will not write mine.yaml: it is mine.yaml, a file this command reads" in result.output
    assert "Rounds:" not in result.output                     # refused before the first game
    assert mine.read_bytes() == before


def test_tune_refuses_a_base_the_input_extends(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    base = tmp_path / "base.yaml"
    shutil.copy(REPRO / "tune-self.yaml", base)
    (tmp_path / "child.yaml").write_text("extends: base.yaml\nid: child\ntitle: Child\n", encoding="utf-8")
    before = base.read_bytes()
    result = run(["tune", "child.yaml", "--vary", "setup.starting_coins.1=0..2", "--budget", "4", "-o", "base.yaml"])
    assert result.exit_code == 1 and "a file this command reads" in result.output
    assert base.read_bytes() == before


def test_tune_default_output_never_hits_the_input_or_a_file_of_the_users(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    named = tmp_path / "mine-tuned.yaml"                       # the input has the default output's name
    shutil.copy(REPRO / "tune-self.yaml", named)
    before = named.read_bytes()
    result = run(["tune", "mine-tuned.yaml", "--vary", "setup.starting_coins.1=0..2", "--budget", "12"])
    assert result.exit_code == 0, result.output
    assert named.read_bytes() == before
    assert "written to mine-tuned-2.yaml" in result.output
    variant = load_ruleset(str(tmp_path / "mine-tuned-2.yaml"))
    assert variant.id == "mine-tuned"
    # an earlier tune's output is replaced by the next run, not stepped past
    again = run(["tune", "mine-tuned.yaml", "--vary", "setup.starting_coins.1=0..2", "--budget", "12"])
    assert again.exit_code == 0 and "written to mine-tuned-2.yaml" in again.output
    assert not (tmp_path / "mine-tuned-3.yaml").exists()


def test_rulebook_and_record_never_write_over_the_ruleset(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    house = tmp_path / "house.md"                              # a ruleset file named like a book
    shutil.copy(REPRO / "tune-self.yaml", house)
    before = house.read_bytes()
    book = run(["rulebook", "house.md", "--format", "md", "-o", "house.md"])
    assert book.exit_code == 1 and "a file this command reads" in book.output
    game = run(["play", "house.md", "--players", "bot:random,bot:random", "--seed", "1", "--max-turns", "2",
                "--record", "house.md"])
    assert game.exit_code == 1 and "a file this command reads" in game.output
    assert house.read_bytes() == before


def test_write_atomic_refuses_an_input_by_any_name_and_leaves_no_temporary_file(tmp_path):
    src = tmp_path / "rules.yaml"
    src.write_text("id: x\n", encoding="utf-8")
    link = tmp_path / "link.yaml"
    link.symlink_to(src)
    hard = tmp_path / "hard.yaml"
    os.link(src, hard)
    for target in (src, link, hard, tmp_path / "." / "rules.yaml"):
        with pytest.raises(OutputError, match="a file this command reads"):
            write_atomic(target, "replaced", inputs=[src])
    assert src.read_text(encoding="utf-8") == "id: x\n"
    out = write_atomic(tmp_path / "out.txt", "text", inputs=[src])
    assert out.read_text(encoding="utf-8") == "text"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hard.yaml", "link.yaml", "out.txt", "rules.yaml"]
    with pytest.raises(OutputError, match="it is a folder"):
        check_output(tmp_path)
    with pytest.raises(OutputError, match="does not exist"):
        check_output(tmp_path / "no" / "such" / "x.yaml")
    with pytest.raises(OutputError, match="longer than 255 bytes"):
        check_output(tmp_path / ("x" * 300 + ".yaml"))


# ---------------------------------------------------------------------------
# C2: records of earlier versions replay and resume


def test_an_old_record_resumes_and_replays(tmp_path, monkeypatch):
    """old-unfinished.json was saved by an earlier rulekit; its hash of the resolved ruleset is not today's."""
    monkeypatch.chdir(tmp_path)
    _copy("old-province-en.yaml", tmp_path)
    record = _copy("old-unfinished.json", tmp_path)
    replayed = run(["replay", "old-unfinished.json", "--lang", "en"])
    assert replayed.exit_code == 0, replayed.output
    assert "3 actions, all legal" in replayed.output
    assert "the rules of old-province-en changed since this game was recorded" in replayed.output
    as_json = run(["replay", "--json", "old-unfinished.json", "--lang", "en"])
    doc = json.loads(as_json.output[as_json.output.index("{"):as_json.output.rindex("}") + 1])
    assert doc["ok"] is True and doc["rules_changed"] is True
    resumed = run(["play", "--resume", "old-unfinished.json", "--players", "bot:random,bot:random",
                   "--max-turns", "3", "--lang", "en"])
    assert resumed.exit_code == 0, resumed.output
    assert "Resumed after 3 actions." in resumed.output
    saved = json.loads(record.read_text(encoding="utf-8"))
    assert saved["version"] == VERSION == 2                    # the upgrade: written in today's format
    assert saved["actions"][:3] == ["move green@labor_top", "move green@coin", "move green@labor_low"]
    assert saved["ruleset"]["files_sha256"] == files_hash(load_ruleset(str(tmp_path / "old-province-en.yaml")))
    # from now on the files' hash names the rules: no warning
    again = run(["replay", "old-unfinished.json", "--lang", "en"])
    assert again.exit_code == 0 and "changed since" not in again.output


@pytest.mark.parametrize("name,actions,finished", [
    ("v-2454d07-unfinished.json", 13, False),
    ("v-2454d07-finished.json", 82, True),
    ("v-2454d07-3p-unfinished.json", 25, False),
])
def test_records_of_the_starting_commit_replay_and_resume(tmp_path, name, actions, finished):
    record = tmp_path / name
    shutil.copy(RECORDS / name, record)
    old = json.loads(record.read_text(encoding="utf-8"))
    assert old["version"] == 1 and "files_sha256" not in old["ruleset"]
    if finished:
        # Played to the end under province-en's Camp of its time (2 Labor, 2 Coin: the variant middle-costs since
        # issue 35 re-balanced the edition): under today's edition it stops where it built the Camp, and says so.
        today = run(["replay", str(record), "--lang", "en"])
        assert today.exit_code == 1 and "does not replay under the rules as they are now" in today.output
        replayed = run(["replay", str(record), "--ruleset", "middle-costs", "--lang", "en"])
        assert replayed.exit_code == 0, replayed.output
        assert f"{actions} actions, all legal" in replayed.output and "wins" in replayed.output
        return
    replayed = run(["replay", str(record), "--lang", "en"])
    assert replayed.exit_code == 0, replayed.output
    assert f"{actions} actions, all legal" in replayed.output
    seats = ",".join(["bot:random"] * len(old["players"]))
    resumed = run(["play", "--resume", str(record), "--players", seats, "--max-turns", "9", "--lang", "en"])
    assert resumed.exit_code == 0, resumed.output
    assert f"Resumed after {actions} actions." in resumed.output
    new = json.loads(record.read_text(encoding="utf-8"))
    assert new["version"] == 2 and new["actions"][:actions] == old["actions"]
    assert len(new["actions"]) > actions


def test_a_record_that_truly_cannot_be_resumed_says_why(tmp_path):
    _copy("old-province-en.yaml", tmp_path)
    record = _copy("old-unfinished.json", tmp_path)
    data = json.loads(record.read_text(encoding="utf-8"))
    data["actions"][1] = "move green@nowhere"
    record.write_text(json.dumps(data), encoding="utf-8")
    result = run(["play", "--resume", str(record), "--players", "bot:random,bot:random", "--lang", "en"])
    assert result.exit_code == 1
    assert "cannot be resumed: this game was recorded with a different version of ruleset old-province-en" in result.output
    assert "action 2 ('move green@nowhere') is not legal" in result.output


def test_a_record_of_a_hundred_thousand_actions_after_the_end_is_refused_at_the_first(tmp_path):
    data = json.loads((RECORDS / "v-2454d07-unfinished.json").read_text(encoding="utf-8"))
    data["actions"] += ["end"] * 100_000
    record = tmp_path / "long.json"
    record.write_text(json.dumps(data), encoding="utf-8")
    for args in (["replay", str(record)], ["play", "--resume", str(record), "--players", "bot:random,bot:random"]):
        result = run([*args, "--lang", "en"])
        assert result.exit_code == 1
        assert "action 14" in result.output and "Traceback" not in result.output


# ---------------------------------------------------------------------------
# C8: the record is not rewritten after every action; nothing is lost


def _bot_session(path, monkeypatch, interval):
    from rulekit.play.session import Console, Session

    monkeypatch.setattr(Session, "save_interval", interval)
    lines = []
    con = Console(interactive=False, color=False, write=lines.append, read_line=lambda *a: None)
    rs = load_ruleset(str(REPRO / "all-max.yaml"))
    return Session(ruleset=rs, seed=1, players=["bot:greedy", "bot:random"], console=con, record_path=path,
                   max_turns=4)


def test_a_long_turn_is_saved_once_not_after_every_action(tmp_path, monkeypatch):
    saves = []
    real = GameRecord.save

    def counting(self, path, inputs=()):
        saves.append(len(self.actions))
        return real(self, path, inputs)

    monkeypatch.setattr(GameRecord, "save", counting)
    path = tmp_path / "game.json"
    session = _bot_session(path, monkeypatch, interval=1e9)
    session.save()
    session.run()
    record = GameRecord.load(path)
    assert len(record.actions) > 100                           # grinding: hundreds of actions a turn
    turns = session.state.turn + 1
    assert len(saves) <= turns + 3                             # one a turn, the first and the last
    assert saves[-1] == len(record.actions)


def test_a_crash_in_the_middle_of_a_turn_loses_no_action_played(tmp_path, monkeypatch):
    import rulekit.play.session as session_module

    path = tmp_path / "game.json"
    session = _bot_session(path, monkeypatch, interval=1e9)
    session.save()
    real = session_module.bot_choose
    calls = []

    def failing(spec, state, seed):
        calls.append(1)
        if len(calls) == 40:
            raise RuntimeError("a bot crashed")
        return real(spec, state, seed)

    monkeypatch.setattr(session_module, "bot_choose", failing)
    with pytest.raises(RuntimeError, match="a bot crashed"):
        session.run()
    assert len(GameRecord.load(path).actions) == len(session.state.history) == 39


# ---------------------------------------------------------------------------
# C3, C10, C11: Dask clusters


def test_a_silent_scheduler_is_a_message_not_a_hang(monkeypatch):
    from rulekit.balance import backend

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    port = server.getsockname()[1]
    accepted, stop = [], threading.Event()

    def accept():                                     # accepts, and never answers
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                accepted.append(server.accept()[0])
            except OSError:
                pass

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    monkeypatch.setattr(backend, "CONNECT_TIMEOUT", "1s")
    monkeypatch.setattr(backend, "START_GRACE", 1.0)
    try:
        result = run(["simulate", "province-en", "--games", "4", "--cluster", f"tcp://127.0.0.1:{port}", "--lang", "en"])
    finally:
        stop.set()
        thread.join()
        for c in accepted:
            c.close()
        server.close()
    assert result.exit_code == 1
    assert f"the Dask scheduler at tcp://127.0.0.1:{port} accepted the connection but did not answer" in result.output
    assert accepted                                  # it did connect: the silence, not a closed port, was the case


def test_a_lost_scheduler_stops_the_run_with_the_games_that_finished(monkeypatch):
    """The scheduler dies during a run: a message and the games that finished, no traceback."""
    import concurrent.futures

    import dask.distributed

    from rulekit.balance import backend
    from rulekit.balance.simulate import SimulationInterrupted, run_many

    class Future:
        def __init__(self, key, value):
            self.key, self.value = key, value

        def result(self):
            if self.value is None:
                raise concurrent.futures.CancelledError("cancelled for reason: scheduler-connection-lost.")
            return self.value

    class Client:
        status = "closed"

        def map(self, fn, tasks, pure=False):
            # the first chunk is played, the others are lost with the scheduler
            return [Future(i, fn(t) if i == 0 else None) for i, t in enumerate(tasks)]

        def cancel(self, futures):
            raise OSError("the scheduler is gone")

    monkeypatch.setattr(dask.distributed, "as_completed", lambda futures: iter(futures))
    be = backend.DaskBackend.__new__(backend.DaskBackend)
    be.client, be.address, be._own_client, be._own_cluster, be._logs = Client(), "tcp://127.0.0.1:1", False, None, None
    rs = load_ruleset("province-en")
    with pytest.raises(SimulationInterrupted) as info:
        run_many([rs], 8, ("greedy", "greedy"), 0, 4, backend=be)
    assert info.value.reason == "lost the connection to the Dask scheduler at tcp://127.0.0.1:1"
    assert 0 < info.value.finished < info.value.total == 8          # the first chunk's games, kept
    assert len(info.value.runs[0]) == info.value.finished and all(g.turns > 0 for g in info.value.runs[0])


def test_local_workers_are_capped_at_the_games_and_the_cores(capsys):
    from rulekit.balance.backend import WORKERS_PER_CORE, local_workers
    from rulekit.cli.simulate_cmds import capped_jobs

    cores = os.cpu_count() or 1
    assert local_workers(256, 20) == min(20, WORKERS_PER_CORE * cores)
    assert local_workers(1, 20) == 1
    assert local_workers(256) == WORKERS_PER_CORE * cores
    assert capped_jobs(256, None, 20) == 256                  # only --cluster local starts workers here
    assert capped_jobs(256, "local", 20) == min(20, WORKERS_PER_CORE * cores)
    assert "Dask workers, not 256" in capsys.readouterr().err


# ---------------------------------------------------------------------------
# C4: tune's last step


def test_tune_checks_the_output_before_the_search(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for target, message in (("no/such/dir/x.yaml", "the folder no/such/dir does not exist"),
                            ("x" * 300 + ".yaml", "the file name is longer than 255 bytes"),
                            ("/dev/full", "not a regular file")):
        result = run(["tune", "province-en", "--vary", "structures.bank.cost.coin=2..3", "--budget", "4",
                      "-o", target])
        assert result.exit_code == 1, (target, result.output)
        assert message in result.output and "Rounds:" not in result.output and "Traceback" not in result.output


def test_tune_shortens_a_long_id_and_title(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _copy("tune-long-title.yaml", tmp_path)
    result = run(["tune", "tune-long-title.yaml", "--vary", "structures.bank.cost.coin=2..3", "--budget", "8",
                  "-o", "t.yaml"])
    assert result.exit_code == 0, result.output
    variant = load_ruleset(str(tmp_path / "t.yaml"))
    assert len(variant.id) <= 64 and variant.id.endswith("-tuned")
    assert len(variant.title) <= 80 and variant.title.endswith("tuned")
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp") or "check" in p.name] == []


def test_a_variant_that_cannot_be_written_keeps_the_report(tmp_path, monkeypatch):
    from rulekit.cli import tune_cmds

    monkeypatch.chdir(tmp_path)

    def full(text, out, inputs):
        raise OutputError(f"cannot write {out}: No space left on device")

    monkeypatch.setattr(tune_cmds, "_write_variant", full)
    result = run(["tune", "province-en", "--vary", "structures.bank.cost.coin=2..3", "--budget", "8", "-o", "x.yaml"])
    assert result.exit_code == 1
    assert "Best settings" in result.output and "Rounds:" in result.output       # the report, whole
    assert "could not write the best variant to x.yaml" in result.output
    assert "Traceback" not in result.output and not (tmp_path / "x.yaml").exists()
    as_json = run(["tune", "province-en", "--vary", "structures.bank.cost.coin=2..3", "--budget", "8", "-o", "x.yaml",
                   "--json"])
    doc = json.loads(as_json.output[:as_json.output.rindex("}") + 1])
    assert doc["output"] is None and "No space left on device" in doc["output_error"]


# ---------------------------------------------------------------------------
# C5: no decided game, no result


def test_simulate_with_no_decided_game_states_no_result(tmp_path):
    text = run(["simulate", "province-en", "--games", "4", "--max-turns", "1", "--lang", "en"])
    assert text.exit_code == 0, text.output
    assert "No game was decided: all 4 games ended unfinished" in text.output
    assert "measurable advantage" not in text.output and "advantage -50.0" not in text.output
    doc = json.loads(run(["simulate", "province-en", "--games", "4", "--max-turns", "1", "--json"]).output)
    sb = doc["seat_balance"]
    assert sb["decided"] == 0 and sb["fair"] is None and sb["distance"] is None
    assert all(s["rate"] is None and s["advantage"] is None for s in sb["seats"])


def test_tune_with_no_decided_game_writes_no_variant(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run(["tune", "province-en", "--vary", "structures.bank.cost.coin=2..3", "--budget", "8",
                  "--max-turns", "1", "-o", "out.yaml"])
    assert result.exit_code == 1, result.output           # no variant: not a success (review round 4, D16)
    assert "No game was decided" in result.output and "No variant is written" in result.output
    assert "interval excludes" not in result.output
    assert not (tmp_path / "out.yaml").exists()
    doc = json.loads(run(["tune", "province-en", "--vary", "structures.bank.cost.coin=2..3", "--budget", "8",
                          "--max-turns", "1", "-o", "out.yaml", "--json"]).output)
    assert doc["output"] is None and doc["best"]["seat_balance"]["fair"] is None
    assert doc["best"]["seat_balance"]["seats"][0]["rate"] is None


# ---------------------------------------------------------------------------
# C7, C9: typed values


def test_a_vary_bound_of_thousands_of_digits_is_a_clear_error():
    nines = "9" * 5000
    result = run(["tune", "province-en", "--vary", f"structures.bank.cost.coin={nines}..{nines}", "--budget", "8"])
    assert result.exit_code == 2
    assert "not a whole number in range (at most 9 digits)" in result.output and "Traceback" not in result.output
    assert len(result.output) < 500


def test_control_characters_in_file_names_and_values_are_shown_escaped(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert shown_path(ESC + ".yaml") == "r\\x1b]0;PWNED\\x07x.yaml"
    (tmp_path / f"{ESC}.yaml").write_text("extends: province-en\nid: routes\ntitle: Routes\n", encoding="utf-8")
    outputs = [
        run(["show", f"{ESC}.yaml"]),
        run(["rulebook", f"{ESC}.yaml", "--format", "md", "-o", f"{ESC}.md"]),
        run(["play", f"{ESC}.yaml", "--players", "bot:greedy,bot:greedy", "--seed", "1", "--max-turns", "2",
             "--record", f"{ESC}.json", "--lang", "en"]),
        run(["replay", f"{ESC}.json", "--lang", "en"]),
        run(["tune", "province-en", "--vary", "structures.bank.cost.coin=2..3", "--budget", "4",
             "-o", f"{ESC}-tuned.yaml"]),
        run(["simulate", "province-en", "--games", "2", "--bots", f"greedy,{ESC}"]),
    ]
    for result in outputs:
        assert "\x1b" not in result.output and "\x07" not in result.output, result.output
    shown = "r\\x1b]0;PWNED\\x07x"
    assert f"resolved from {shown}.yaml" in outputs[0].output
    assert f"written to {shown}.md" in outputs[1].output
    assert f"rulekit play {shown}.yaml" in outputs[2].output
    assert f"{shown}.json: " in outputs[3].output
    assert f"written to {shown}-tuned.yaml" in outputs[4].output
    assert outputs[5].exit_code == 2 and shown in outputs[5].output
    assert outputs[3].exit_code == 0, outputs[3].output        # a record of such a file replays
    assert (tmp_path / f"{ESC}-tuned.yaml").exists()


# ---------------------------------------------------------------------------
# Issue 34: balance outputs say what they compare and what they trust


def test_simulate_compare_opens_with_what_the_variant_changes():
    result = run(["simulate", "rich-start", "--compare", "province-en", "--games", "4", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Rule differences from Province, English edition (province-en) to")
    assert "Starting coins" in result.output.split("\n\n")[1]


def test_tune_says_how_long_a_trustworthy_run_takes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run(["tune", "province-en", "--vary", "structures.bank.cost.coin=2..3", "--budget", "8", "-o", "x.yaml"])
    assert "tune with bots that search, e.g. --bots mcts:16,mcts:16" in result.output
    assert "With them this budget of 8 games takes about 3 seconds on one core." in result.output
    helped = run(["tune", "--help"])
    assert "the default budget of 2,000 games takes about 10 minutes" in " ".join(helped.output.split())
