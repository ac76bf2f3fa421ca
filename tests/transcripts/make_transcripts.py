"""Write the saved playthroughs of tests/test_play_transcripts.py (run from the repository root).

    python tests/transcripts/make_transcripts.py

For each case of CASES: the game record (``NAME.json``, computer moves seeded
as ``rulekit play`` seeds them; canonical notation), the lines typed at
``rulekit play`` (``NAME.input.txt``: the record's actions in the notation of
the case's language, so the French games are driven by French notation such
as ``construire prêteur``), the output of ``rulekit play`` typing them
(``NAME.play.txt``) and the output of ``rulekit replay`` (``NAME.replay.txt``),
in the case's language. Regenerate only when a change
of the screen or of the rules is intended, and read the diff before committing.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

# name: (ruleset, seed, players of the recorded game, language of the transcripts)
CASES = {
    "en-greedy-random": ("province-en", 7, ["bot:greedy", "bot:random"], "en"),
    "en-in-french": ("province-en", 8, ["bot:greedy", "bot:greedy"], "fr"),
    "fr-greedy-greedy": ("province-fr", 7, ["bot:greedy", "bot:greedy"], "fr"),
    "fr-in-english": ("province-fr", 8, ["bot:random", "bot:greedy"], "en"),
}


def play_args(record) -> list[str]:
    args = ["play", record.ruleset_id, "--players", "human,human", "--seed", str(record.seed)]
    if record.first_player is not None:
        args += ["--first", str(record.first_player + 1)]
    return args


def main():
    from play_support import library_game, localized_script, run

    from rulekit.engine.record import GameRecord

    os.chdir(HERE)
    cases = {}
    for name, (ruleset_id, seed, players, lang) in CASES.items():
        rs, st = library_game(ruleset_id, seed, players=players)
        record = GameRecord.for_state(rs, st, players=["human", "human"], language=lang)
        record.ruleset_source = None         # found by its bundled id wherever the tests run
        record.save(HERE / f"{name}.json")
        typed = localized_script(rs, record, lang)
        (HERE / f"{name}.input.txt").write_text(typed, encoding="utf-8")
        play = run(play_args(record) + ["--lang", lang], input=typed)
        replay = run(["replay", f"{name}.json", "--lang", lang])
        assert play.exit_code == 0 and replay.exit_code == 0, (play.output, replay.output)
        (HERE / f"{name}.play.txt").write_text(play.output, encoding="utf-8")
        (HERE / f"{name}.replay.txt").write_text(replay.output, encoding="utf-8")
        cases[name] = {"lang": lang}
    (HERE / "cases.json").write_text(json.dumps(cases, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
