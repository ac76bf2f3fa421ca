"""Game records: the ruleset (id and content hash), the seed, the actions and the result.

A record is JSON, written atomically, so a crash never leaves half a file::

    {"format": "rulekit-record", "version": 1,
     "ruleset": {"id": "RULESET-ID", "sha256": "...", "source": "..."},
     "seed": 7, "first_player": 0, "players": ["human", "bot:greedy"],
     "actions": ["move KIND@SPACE", "spend", "end", ...],
     "result": {"scores": [..], "winner": 0, "decided_by": "vp", "by_source": [..]}}

:func:`replay` re-plays a record, checking that every action is legal.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..errors import N_, IllegalActionError, RecordError, RulekitError, Text
from ..paths import FileTooLarge, NotRegularFile, read_user_file
from .game import new_game

FORMAT = "rulekit-record"
VERSION = 1
#: Largest record read, in bytes (a game of 100,000 actions takes about 3 MB).
MAX_BYTES = 8 * 1024 * 1024
#: The published schema of a record (docs/schemas/record.schema.json is a copy).
SCHEMA_PATH = Path(__file__).resolve().parent / "record.schema.json"


@lru_cache(maxsize=1)
def record_validator():
    import jsonschema

    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    strict = jsonschema.validators.extend(
        jsonschema.Draft202012Validator,
        type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine(
            "integer", lambda _checker, v: isinstance(v, int) and not isinstance(v, bool)))
    return strict(schema)


def _field(path) -> str:
    return "/".join(str(p) for p in path) or Text(N_("the record"))


def _schema_message(error) -> str:
    """One schema error of a record, in words, naming the field."""
    where = _field(error.absolute_path)
    kw = error.validator
    if kw == "required":
        missing = [f for f in error.validator_value if not isinstance(error.instance, dict) or f not in error.instance]
        return Text(N_("missing field {field}"), field="/".join([*map(str, error.absolute_path), missing[0]]))
    if kw == "type" or (kw == "oneOf" and all(e.validator == "type" for e in error.context or ())):
        return Text(N_("{field} has the wrong type"), field=where)
    if kw in ("maxLength", "maxItems"):
        return Text(N_("{field} is too long (at most {limit})"), field=where, limit=error.validator_value)
    if kw in ("minItems",):
        return Text(N_("{field} has too few items (at least {limit})"), field=where, limit=error.validator_value)
    if kw in ("minimum", "maximum"):
        return Text(N_("{field} is out of range"), field=where)
    return Text(N_("{field} holds a value that is not allowed there (docs/schemas/record.schema.json)"), field=where)


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
                  first_player=None if state.c.first_random else state.first,
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
        """A record from its JSON data, checked against the published schema
        (``docs/schemas/record.schema.json``); raises :class:`RecordError` naming the bad field."""
        def bad(what):
            return RecordError(Text(N_("{file}: not a valid game record: {what}"), file=filename, what=what))
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise bad(Text(N_("the \"format\" field is not \"{format}\""), format=FORMAT))
        if data.get("version") != VERSION:
            version = data.get("version")
            shown = version if isinstance(version, int) and abs(version) < 10 ** 6 else "?"
            raise bad(Text(N_("unsupported version {version}"), version=shown))
        errors = sorted(record_validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
        if errors:
            messages = list(dict.fromkeys(str(_schema_message(e)) for e in errors))
            raise bad("; ".join(messages[:3]) + ("; …" if len(messages) > 3 else ""))
        rs = data.get("ruleset")
        if not isinstance(rs, dict) or not isinstance(rs.get("id"), str) or not isinstance(rs.get("sha256"), str):
            raise bad(Text(N_("the \"ruleset\" field needs an id and a sha256")))
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise bad(Text(N_("the \"seed\" field must be an integer")))
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise bad(Text(N_("the \"actions\" field must be a list of strings")))
        players = data.get("players") or []
        if not isinstance(players, list):
            raise bad(Text(N_("the \"players\" field must be a list")))
        fp = data.get("first_player")
        if fp is not None and not (isinstance(fp, int) and 0 <= fp < max(2, len(players))):
            raise bad(Text(N_("the \"first_player\" field must be a seat from 0 to {last}, or null"),
                           last=max(2, len(players)) - 1))
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
        """Read a record: a regular file of at most :data:`MAX_BYTES`, JSON, checked against the schema."""
        path = Path(path)
        try:
            text = read_user_file(path, MAX_BYTES).decode("utf-8")
        except IsADirectoryError:
            raise RecordError(Text(N_("{file}:1:1: is a directory, not a game record"), file=path)) from None
        except FileNotFoundError:
            raise RecordError(Text(N_("{file}: no such file"), file=path)) from None
        except NotRegularFile:
            raise RecordError(Text(N_("{file}:1:1: not a regular file (a named pipe, a device…): a game record is read "
                                        "from a regular file only"), file=path)) from None
        except FileTooLarge:
            raise RecordError(Text(N_("{file}:1:1: the file is too large: a game record may be at most {size} MB"),
                                   file=path, size=MAX_BYTES // (1024 * 1024))) from None
        except UnicodeDecodeError:
            raise RecordError(Text(N_("{file}: not a valid game record: not UTF-8 text"), file=path)) from None
        except OSError as exc:
            raise RecordError(Text(N_("{file}:1:1: cannot be read ({reason})"), file=path, reason=exc.strerror)) from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(Text(N_("{file}:{line}:{column}: not a valid game record: {reason}"),
                                   file=path, line=exc.lineno, column=exc.colno, reason=exc.msg)) from None
        except RecursionError:
            raise RecordError(Text(N_("{file}:1:1: not a valid game record: nested too deeply"), file=path)) from None
        except ValueError:           # a number of more digits than Python reads
            raise RecordError(Text(N_("{file}:1:1: not a valid game record: a number is too long"), file=path)) from None
        return cls.from_json(data, str(path))


def result_summary(state) -> dict:
    res = state.result()
    return {
        "scores": list(state.scores()),
        "by_source": [state.score_by_source(p) for p in range(state.n_players)],
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
        super().__init__(Text(N_("action {index} ('{action}') is not legal here; legal actions: {legal}"),
                              index=index + 1, action=action, legal=", ".join(self.legal)))


def check_ruleset(record: GameRecord, ruleset) -> None:
    if record.ruleset_sha256 != ruleset.sha256:
        raise RecordError(Text(N_(
            "this game was recorded with a different version of ruleset {id} "
            "(content hash {old}…, now {new}…); it cannot be replayed with the rules as they are now"),
            id=record.ruleset_id, old=record.ruleset_sha256[:12], new=ruleset.sha256[:12]))


def check_result(record: GameRecord, state) -> None:
    """The result written in ``record`` agrees with the replayed ``state``, or RecordError says how not."""
    stored = record.result
    found = result_summary(state) if state.is_terminal() else None
    keys = ("scores", "winner", "decided_by")
    if stored is None and found is None:
        return
    if stored is not None and found is not None and all(stored.get(k) == found[k] for k in keys):
        return
    shown = (lambda r: Text(N_("not finished")) if r is None else " – ".join(map(str, r["scores"])))
    raise RecordError(Text(N_("the result written in the record ({stored}) differs from the replayed one ({found})"),
                           stored=shown(stored), found=shown(found)))


def replay(record: GameRecord, ruleset, upto: int | None = None):
    """Re-play ``record`` on ``ruleset`` and return the final state."""
    check_ruleset(record, ruleset)
    try:
        state = new_game(ruleset, seed=record.seed, first_player=record.first_player,
                         players=len(record.players) or None)
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    actions = record.actions if upto is None else record.actions[:upto]
    for i, text in enumerate(actions):
        try:
            state.play(text)
        except IllegalActionError as exc:
            raise ReplayError(i, text, exc.legal) from None
    return state
