"""Game records: the ruleset (id and hashes), the seed, the actions and the result.

A record is JSON, written atomically (:func:`rulekit.files.write_atomic`), so a crash never
leaves half a file::

    {"format": "rulekit-record", "version": 2, "rulekit": "0.9.0", "family": "FAMILY",
     "ruleset": {"id": "RULESET-ID", "sha256": "...", "files_sha256": "...", "source": "..."},
     "seed": 7, "first_player": 0, "players": ["human", "bot:greedy"], "names": [],
     "actions": ["move KIND@SPACE", "spend", "end", ...],
     "result": {"scores": [..], "winner": 0, "decided_by": "vp", "by_source": [..]}}

Two hashes name the rules: ``sha256``, of the ruleset as this version of rulekit resolves it
(defaults filled in), and ``files_sha256``, of the bytes of the ruleset's files (the file and
every base it extends), which does not depend on the version that reads them. A record of
version 1 has only the first; it is read as it is (the upgrade is to write version 2 at the
next save).

``family`` is the ruleset's family (``province``, ``provisions``): written since the Provisions
family, absent from older records (all of Province's family, checked by their actions alone). The game of a record is replayed by the
engine of the ruleset's own family; the family written is what a reader shows before it loads the
ruleset, and a record whose family is not its ruleset's is refused.

:func:`replay` re-plays a record, checking that every action is legal. When neither hash
matches the rules as they are now (the files were edited, or the version of rulekit resolves
them differently), the record is still replayed: it is accepted when every action is legal and
the result is the one written (:func:`ruleset_matches` tells the caller, which warns), and
refused with :class:`RulesChangedError` at the first action the rules no longer allow.
"""
from __future__ import annotations

import hashlib
import json
import re

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..errors import N_, IllegalActionError, RecordError, RulekitError, Text, printable
from ..paths import FileTooLarge, NotRegularFile, read_user_file
from .families import new_game

FORMAT = "rulekit-record"
#: The version of the format written; :data:`READ_VERSIONS` are those read.
VERSION = 2
READ_VERSIONS = (1, 2)
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


_ACTION_BAD = re.compile("[\x00-\x1f\x7f-\x9f]")


def _record_errors(data: dict) -> list:
    """The schema's errors of a record, as ``(path, message)`` sorted by path. The actions (up to a million)
    are checked here, as the schema says, not by the schema validator, which takes seconds on a long list:
    a record of 100,000 actions is read, or refused, at once."""
    actions = data.get("actions")
    if not isinstance(actions, list):
        found = [(list(map(str, e.absolute_path)), _schema_message(e)) for e in record_validator().iter_errors(data)]
        return sorted(found, key=lambda item: item[0])
    found = [(list(map(str, e.absolute_path)), _schema_message(e))
             for e in record_validator().iter_errors({**data, "actions": []})]
    items = record_validator().schema["properties"]["actions"]
    most, longest = items["maxItems"], items["items"]["maxLength"]
    if len(actions) > most:
        found.append((["actions"], Text(N_("{field} is too long (at most {limit})"), field="actions", limit=most)))
    for i, action in enumerate(actions):
        where = f"actions/{i}"
        if not isinstance(action, str):
            found.append((["actions", str(i)], Text(N_("{field} has the wrong type"), field=where)))
        elif len(action) > longest:
            found.append((["actions", str(i)], Text(N_("{field} is too long (at most {limit})"), field=where,
                                                    limit=longest)))
        elif _ACTION_BAD.search(action):
            found.append((["actions", str(i)], Text(N_("{field} holds a value that is not allowed there "
                                                       "(docs/schemas/record.schema.json)"), field=where)))
    return sorted(found, key=lambda item: item[0])


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
    ruleset_files_sha256: str | None = None
    version: int = VERSION
    written_by: str | None = None
    names: list = field(default_factory=list)       # the human players' own names (--names), human seats in order
    family: str | None = None                       # the ruleset's family; None: a record written before families
    web: dict | None = None                         # a served game's secret links (rulekit serve), else None
    rules: dict | None = None                       # {"sha256": H, "data": the resolved ruleset}: the rules played

    @classmethod
    def for_state(cls, ruleset, state, players=(), language=None, files_sha256=None, names=()) -> "GameRecord":
        source = str(Path(ruleset.source).resolve()) if ruleset.source else None
        rec = cls(ruleset_id=ruleset.id, ruleset_sha256=ruleset.sha256, seed=state.seed, family=ruleset.family,
                  first_player=state.record_first(),
                  players=list(players), ruleset_source=source, language=language,
                  ruleset_files_sha256=files_sha256 if files_sha256 is not None else files_hash(ruleset),
                  written_by=rulekit_version(), names=list(names),
                  rules={"sha256": ruleset.sha256, "data": ruleset.data})
        rec.actions = state.history_notation()
        rec.result = state.summary() if state.is_terminal() else None
        return rec

    def to_json(self) -> dict:
        """The record as JSON data, always in the current format (:data:`VERSION`)."""
        return {
            "format": FORMAT, "version": VERSION, "rulekit": self.written_by or rulekit_version(),
            **({"family": self.family} if self.family else {}),
            "ruleset": {"id": self.ruleset_id, "sha256": self.ruleset_sha256,
                        "files_sha256": self.ruleset_files_sha256, "source": self.ruleset_source},
            "seed": self.seed, "first_player": self.first_player, "players": self.players,
            "language": self.language, "names": self.names, "actions": self.actions, "result": self.result,
            **({"web": self.web} if self.web else {}),
            **({"rules": self.rules} if self.rules else {}),
        }

    @classmethod
    def from_json(cls, data, filename: str = "<record>") -> "GameRecord":
        """A record from its JSON data, checked against the published schema
        (``docs/schemas/record.schema.json``); raises :class:`RecordError` naming the bad field."""
        def bad(what):
            return RecordError(Text(N_("{file}: not a valid game record: {what}"), file=filename, what=what))
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise bad(Text(N_("the \"format\" field is not \"{format}\""), format=FORMAT))
        version = data.get("version")
        if isinstance(version, bool) or version not in READ_VERSIONS:
            shown = version if isinstance(version, int) and abs(version) < 10 ** 6 else "?"
            raise bad(Text(N_("unsupported version {version}"), version=shown))
        errors = _record_errors(data)
        if errors:
            messages = list(dict.fromkeys(str(message) for _key, message in errors))
            raise bad("; ".join(messages[:3]) + ("; …" if len(messages) > 3 else ""))
        for i, name in enumerate(data.get("names") or []):
            if printable(name, keep="") != name:         # the test of --names: no control character at all
                raise bad(Text(N_("{field} holds a value that is not allowed there "
                                  "(docs/schemas/record.schema.json)"), field=f"names/{i}"))
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
        files = rs.get("files_sha256") if version >= 2 else None
        written_by = data.get("rulekit") if isinstance(data.get("rulekit"), str) else None
        family = data.get("family")
        if family is not None and not (isinstance(family, str) and re.fullmatch("[a-z][a-z0-9_-]{0,31}", family)):
            raise bad(Text(N_("{field} has the wrong type"), field="family"))
        record = cls(ruleset_id=rs["id"], ruleset_sha256=rs["sha256"], ruleset_source=rs.get("source"),
                   seed=seed, first_player=fp, actions=list(actions), players=list(players),
                   result=data.get("result"), language=data.get("language"),
                   ruleset_files_sha256=files if isinstance(files, str) else None,
                   version=version, written_by=written_by, names=list(data.get("names") or []), family=family,
                   web=_web_tokens(data.get("web")), rules=_kept_rules(data.get("rules")))
        record.file = filename                  # the file it was read from (said in messages)
        return record

    def save(self, path, inputs=()) -> None:
        """Write atomically (:func:`rulekit.files.write_atomic`): never over one of ``inputs``
        (the ruleset's files are always among them); an error is an :class:`OutputError`."""
        from ..files import write_atomic

        text = json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n"
        write_atomic(path, text, inputs=tuple(inputs))

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


_TOKEN = re.compile("[A-Za-z0-9_-]{16,64}")


def _kept_rules(value):
    """The rules a record keeps (``{"sha256": H, "data": {...}}``), or None when absent or of another form
    (the record is then read as one written before records kept their rules)."""
    if isinstance(value, dict) and isinstance(value.get("data"), dict) and isinstance(value.get("sha256"), str):
        return {"sha256": value["sha256"], "data": value["data"]}
    return None


def kept_rules_note(record: "GameRecord", ruleset) -> Text:
    """What is said when a game is taken with the rules its record keeps, not the ruleset's file."""
    written = f"rulekit {record.written_by}" if record.written_by else Text(N_("an earlier version of rulekit"))
    return Text(N_("note: the rules of {id} changed since this game was recorded (by {version}); it is taken "
                   "with the rules kept in the record, as they were when it was played"),
                id=record.ruleset_id, version=written)


def _web_tokens(value):
    """A served game's tokens as a record keeps them (``{"seats": {"0": T, …}, "host": T, "watch": T}``),
    or None when absent or not of that form (they are only a convenience: new links are made then)."""
    if not isinstance(value, dict):
        return None
    seats = value.get("seats")
    if not isinstance(seats, dict) or len(seats) > 6:
        return None
    out = {"seats": {k: v for k, v in seats.items()
                     if isinstance(k, str) and k in "012345" and len(k) == 1
                     and isinstance(v, str) and _TOKEN.fullmatch(v)}}
    for key in ("host", "watch"):
        if isinstance(value.get(key), str) and _TOKEN.fullmatch(value[key]):
            out[key] = value[key]
    return out


def result_summary(state) -> dict:
    """The result of a finished game as a record writes it (:meth:`rulekit.engine.common.GameState.summary`)."""
    return state.summary()


def _quote(path) -> str:
    import shlex

    return shlex.quote(str(path))


class ReplayError(RulekitError):
    """An action of a record is not legal where it stands."""

    def __init__(self, index, action, legal):
        self.index, self.action, self.legal = index, action, list(legal)
        super().__init__(Text(N_("action {index} ('{action}') is not legal here; legal actions: {legal}"),
                              index=index + 1, action=action, legal=", ".join(self.legal)))


def rulekit_version() -> str:
    """The version of rulekit writing a record (kept in it, to say which version a record came from)."""
    from .. import __version__

    return str(__version__)


def files_hash(ruleset) -> str | None:
    """SHA-256 of the bytes of the ruleset's files, the file first, then each base it extends
    (each preceded by its length), or None for a ruleset made in memory or a file gone since.
    It does not depend on how a version of rulekit resolves the files."""
    chain = tuple(getattr(ruleset, "chain", ()) or ())
    if not chain:
        return None
    digest = hashlib.sha256()
    for name in chain:
        try:
            data = Path(name).read_bytes()
        except OSError:
            return None
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.hexdigest()


def ruleset_matches(record: GameRecord, ruleset, files_sha256=None) -> bool:
    """Whether ``ruleset`` is the one the record names: the same resolved content, or the same files."""
    if record.ruleset_sha256 == ruleset.sha256:
        return True
    if record.ruleset_files_sha256 is None:
        return False
    return record.ruleset_files_sha256 == (files_sha256 if files_sha256 is not None else files_hash(ruleset))


class RulesChangedError(RecordError):
    """A record whose rules changed since it was written (another file, or a version of rulekit that
    resolves it otherwise), and under which the recorded game no longer replays."""

    def __init__(self, record: GameRecord, ruleset, reason):
        self.reason = reason
        written = f"rulekit {record.written_by}" if record.written_by else Text(N_("an earlier version of rulekit"))
        message = Text(N_(
            "this game was recorded with a different version of ruleset {id} (by {version}), "
            "and it does not replay under the rules as they are now: {reason}"),
            id=record.ruleset_id, version=written, reason=reason)
        if not record.rules:               # written before records kept their rules: say how to get it back
            file = getattr(record, "file", None) or "RECORD"
            message = Text(N_("{message}. To get this game back, give the rules it was played with: the ruleset "
                              "file as it was when the game was recorded (for a bundled ruleset, rulesets/{id}.yaml "
                              "of {version}): rulekit replay {record} --ruleset FILE; to continue it: "
                              "rulekit play FILE --resume {record}"),
                           message=message, id=record.ruleset_id, version=written, record=_quote(file))
        super().__init__(message)


def check_ruleset(record: GameRecord, ruleset) -> bool:
    """Whether the record names these rules exactly (True), or other rules it must prove it still
    replays on (False: :func:`replay` then checks every action, and the caller warns)."""
    return ruleset_matches(record, ruleset)


def changed_rules_warning(record: GameRecord, ruleset) -> Text:
    """What is said when a record of other rules replays under these."""
    return Text(N_("warning: the rules of {id} changed since this game was recorded (the file, or how "
                   "this version of rulekit reads it); every recorded action is still legal under them, "
                   "so the game is taken with the rules as they are now"), id=ruleset.id)


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
    """Re-play ``record`` on ``ruleset`` and return the final state.

    An illegal action is a :class:`ReplayError`, or, when the rules are not those the record
    names (:func:`ruleset_matches`), a :class:`RulesChangedError` saying so. A game that ended
    before its last action is refused at the first action after the end, without replaying the rest."""
    same = check_ruleset(record, ruleset)
    if record.family is not None and record.family != ruleset.family:
        raise RecordError(Text(N_("this game was recorded with a ruleset of the {recorded} family, and {id} is "
                                  "of the {family} family"), recorded=record.family, id=ruleset.id,
                               family=ruleset.family))
    try:
        state = new_game(ruleset, seed=record.seed, first_player=record.first_player,
                         players=len(record.players) or None)
    except ValueError as exc:
        if not same:
            raise RulesChangedError(record, ruleset, str(exc)) from None
        raise RecordError(str(exc)) from None
    actions = record.actions if upto is None else record.actions[:upto]
    for i, text in enumerate(actions):
        try:
            state.play(text)
        except IllegalActionError as exc:
            if not same:
                raise RulesChangedError(record, ruleset, ReplayError(i, text, exc.legal)) from None
            raise ReplayError(i, text, exc.legal) from None
    return state
