"""Game records: the ruleset (id and content hash), the seed, the actions and the result.

A record is JSON, written atomically, so a crash never leaves half a file::

    {"format": "rulekit-record", "version": 1,
     "ruleset": {"id": "province-en", "sha256": "...", "source": "..."},
     "seed": 7, "first_player": 0, "players": ["human", "bot:greedy"],
     "actions": ["move green@labor_top", "spend", "end", ...],
     "result": {"scores": [..], "winner": 0, "decided_by": "vp", "by_source": [..]}}

:func:`replay` re-plays a record, checking that every action is legal.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import IllegalActionError, RecordError, RulekitError
from ..i18n import _
from .game import compile_ruleset, new_game

FORMAT = "rulekit-record"
VERSION = 1


@dataclass
class GameRecord:
    ruleset_id: str
    ruleset_sha256: str
    seed: int
    first_player: int | None = None
    actions: list = field(default_factory=list)
    players: list = field(default_factory=list)
    ruleset_source: str | None = None
    result: dict | None = None
    language: str | None = None

    @classmethod
    def for_state(cls, ruleset, state, players=(), language=None) -> "GameRecord":
        source = str(Path(ruleset.source).resolve()) if ruleset.source else None
        rec = cls(ruleset_id=ruleset.id, ruleset_sha256=ruleset.sha256, seed=state.seed,
                  first_player=None if compile_ruleset(ruleset).first_random else state.first,
                  players=list(players), ruleset_source=source, language=language)
        rec.actions = [state.notation(a) for a in state.history]
        rec.result = result_summary(state) if state.is_terminal() else None
        return rec

    def to_json(self) -> dict:
        return {
            "format": FORMAT, "version": VERSION,
            "ruleset": {"id": self.ruleset_id, "sha256": self.ruleset_sha256, "source": self.ruleset_source},
            "seed": self.seed, "first_player": self.first_player, "players": self.players,
            "language": self.language, "actions": self.actions, "result": self.result,
        }

    @classmethod
    def from_json(cls, data, filename: str = "<record>") -> "GameRecord":
        def bad(what):
            return RecordError(_("{file}: not a valid game record: {what}").format(file=filename, what=what))
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise bad(_("the \"format\" field is not \"{format}\"").format(format=FORMAT))
        if data.get("version") != VERSION:
            raise bad(_("unsupported version {version}").format(version=data.get("version")))
        rs = data.get("ruleset")
        if not isinstance(rs, dict) or not isinstance(rs.get("id"), str) or not isinstance(rs.get("sha256"), str):
            raise bad(_("the \"ruleset\" field needs an id and a sha256"))
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise bad(_("the \"seed\" field must be an integer"))
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise bad(_("the \"actions\" field must be a list of strings"))
        fp = data.get("first_player")
        if fp not in (None, 0, 1):
            raise bad(_("the \"first_player\" field must be 0, 1 or null"))
        players = data.get("players") or []
        if not isinstance(players, list):
            raise bad(_("the \"players\" field must be a list"))
        return cls(ruleset_id=rs["id"], ruleset_sha256=rs["sha256"], ruleset_source=rs.get("source"),
                   seed=seed, first_player=fp, actions=list(actions), players=list(players),
                   result=data.get("result"), language=data.get("language"))

    def save(self, path) -> None:
        """Write atomically: a temporary file in the same folder, then rename."""
        path = Path(path)
        text = json.dumps(self.to_json(), ensure_ascii=False, indent=1)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=str(path.parent or "."))
        try:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)   # mkstemp makes 0600; a save is an ordinary file
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
                fh.write("\n")
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise

    @classmethod
    def load(cls, path) -> "GameRecord":
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except IsADirectoryError:
            raise RecordError(_("{file}: is a directory, not a game record").format(file=path)) from None
        except FileNotFoundError:
            raise RecordError(_("{file}: no such file").format(file=path)) from None
        except UnicodeDecodeError:
            raise RecordError(_("{file}: not a valid game record: not UTF-8 text").format(file=path)) from None
        except OSError as exc:
            raise RecordError(_("{file}: cannot be read ({reason})").format(file=path, reason=exc.strerror)) from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(_("{file}:{line}:{column}: not a valid game record: {reason}").format(
                file=path, line=exc.lineno, column=exc.colno, reason=exc.msg)) from None
        return cls.from_json(data, str(path))


def result_summary(state) -> dict:
    res = state.result()
    return {
        "scores": list(state.scores()),
        "by_source": [state.score_by_source(0), state.score_by_source(1)],
        "winner": res["winner"],
        "decided_by": res["decided_by"],
        "end_reason": state.end_reason,
        "end_condition": state.end_cond if state.end_cond >= 0 else None,
        "turns": state.turn + 1,
    }


class ReplayError(RulekitError):
    """An action of a record is not legal where it stands."""

    def __init__(self, index, action, legal):
        self.index, self.action, self.legal = index, action, list(legal)
        super().__init__(_("action {index} ('{action}') is not legal here; legal actions: {legal}").format(
            index=index + 1, action=action, legal=", ".join(self.legal)))


def check_ruleset(record: GameRecord, ruleset) -> None:
    if record.ruleset_sha256 != ruleset.sha256:
        raise RecordError(_(
            "this game was recorded with a different version of ruleset {id} "
            "(content hash {old}…, now {new}…); it cannot be replayed with the rules as they are now").format(
            id=record.ruleset_id, old=record.ruleset_sha256[:12], new=ruleset.sha256[:12]))


def replay(record: GameRecord, ruleset, upto: int | None = None):
    """Re-play ``record`` on ``ruleset`` and return the final state."""
    check_ruleset(record, ruleset)
    try:
        state = new_game(ruleset, seed=record.seed, first_player=record.first_player)
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    actions = record.actions if upto is None else record.actions[:upto]
    for i, text in enumerate(actions):
        try:
            state.play(text)
        except IllegalActionError as exc:
            raise ReplayError(i, text, exc.legal) from None
    return state
