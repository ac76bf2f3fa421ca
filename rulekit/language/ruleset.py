"""The ruleset model: find, read and merge (``extends``) a ruleset.

A :class:`Ruleset` is immutable: the resolved rules after inheritance, with
the file it came from and a hash of its content. The engine creates games
from it: ``rulekit.engine.new_game(ruleset, seed=1)``.

Loading happens in three steps:

1. :func:`resolve_file` reads the file and, following ``extends``, every base
   (a bundled id or a path relative to the file), with a position for every
   value (:mod:`rulekit.language.yamlload`);
2. the layers are merged per RFC 7396, furthest base first: mappings merge
   key by key, ``null`` removes, anything else (lists too) replaces. Each
   value keeps the position of the file that wrote it, so a problem is
   reported in the variant when the variant wrote the value;
3. :mod:`rulekit.language.validation` checks the result and reports every problem.

>>> from rulekit.language import load_ruleset
>>> ruleset_id = next(iter(bundled_rulesets()))
>>> rs = load_ruleset(ruleset_id)
>>> rs.id == ruleset_id, "extends" in rs.data
(True, False)
>>> merge_patch({"a": 1, "b": {"c": 2, "d": 3}}, {"b": {"c": None, "e": 4}, "f": [5]})
{'a': 1, 'b': {'d': 3, 'e': 4}, 'f': [5]}
"""
from __future__ import annotations

import copy
import difflib
import hashlib
import json
import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..errors import Problem, UnknownRulesetError
from ..i18n import _
from ..paths import RULESETS_DIR, SCHEMA_PATH, exists
from .names import SAILOR_KIND, SAILORS_SECTION
from .province_model import DEFAULT_RESOURCES, FREE
from . import families
from .families import family_of
from .yamlload import join, load_yaml


def bundled_rulesets() -> dict[str, Path]:
    """Bundled ruleset ids (editions and example variants) and their files.

    The id of a bundled ruleset is its file name without ``.yaml``.
    """
    found = {}
    for path in sorted(RULESETS_DIR.glob("*.yaml")) + sorted(RULESETS_DIR.glob("variants/*.yaml")):
        found[path.stem] = path
    return found


def _unknown(text: str) -> UnknownRulesetError:
    ids = ", ".join(bundled_rulesets())
    return UnknownRulesetError(
        _("unknown ruleset {ref}: it is neither a bundled ruleset ({ids}) nor an existing file").format(ref=text, ids=ids))


def resolve_ref(ref: str | Path, relative_to: Path | None = None) -> Path:
    """The file of a RULESET argument: a bundled id, or a path (relative to ``relative_to``)."""
    text = str(ref)
    bundled = bundled_rulesets()
    if text in bundled and not Path(text).suffix and "/" not in text:
        return bundled[text]
    path = Path(text)
    if relative_to is not None and not path.is_absolute():
        path = Path(os.path.normpath(relative_to / path))
    if exists(path):
        return path
    raise _unknown(text)


def merge_patch(target, patch):
    """RFC 7396 JSON merge patch: maps merge key by key, ``null`` removes, anything else replaces."""
    if not isinstance(patch, dict):
        return copy.deepcopy(patch)
    result = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = merge_patch(result.get(key), value)
    return result


#: Top-level fields that only word the rulebook (``headings``: its sections' headings, as an edition
#: words them), left out of :func:`content_hash`: rewording a heading changes no rule, so it never makes a
#: balance measurement or a game record stale. (Older fields that name things, such as ``title`` and
#: ``casting.heading``, are in the hash, as they always were.)
NOT_HASHED = ("headings",)


def content_hash(data: dict) -> str:
    """The SHA-256 of the resolved rules (``Ruleset.sha256``), every field but :data:`NOT_HASHED`."""
    data = {k: v for k, v in data.items() if k not in NOT_HASHED} if isinstance(data, dict) else data
    blob = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def display_path(path: Path) -> str:
    """A file name for messages: relative to the working directory when inside it."""
    path = Path(path)
    if not path.is_absolute():
        return str(path)
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return str(path)
    return str(path) if rel.startswith("..") else rel


# ---------------------------------------------------------------------------
# Resolution of ``extends`` with positions

@dataclass
class Resolution:
    """A ruleset file merged with its bases, before checking.

    ``positions`` maps each JSON pointer of ``data`` to ``(file, line, column)``
    in the file that wrote it; ``removed`` maps each pointer a variant removed
    with ``null`` to ``(where the null is, where the removed value was)``.
    """

    file: str                      # the file as named to the user
    path: Path | None = None
    data: dict | None = None
    positions: dict = field(default_factory=dict)
    removed: dict = field(default_factory=dict)
    problems: list = field(default_factory=list)
    noops: list = field(default_factory=list)      # (file, line, col, pointer, value): patches that change nothing
    chain: list = field(default_factory=list)      # paths, this file first
    free: set = field(default_factory=set)         # pointers of the amounts written ``free`` (now ``{}``)
    base_data: dict | None = None                  # the bases merged, before this file (None without a base)
    carried: list = field(default_factory=list)    # ((file, line, col), ids, first pool): what turn.labor_carry_over made carry
    files: list = field(default_factory=list)      # display names, this file first

    def where(self, pointer: str) -> tuple[str, int, int]:
        """(file, line, column) of ``pointer`` or of its nearest located ancestor."""
        while True:
            if pointer in self.positions:
                return self.positions[pointer]
            if not pointer:
                return (self.file, 1, 1)
            pointer = pointer.rsplit("/", 1)[0]

    def problem(self, pointer: str, message: str) -> Problem:
        file, line, col = self.where(pointer)
        return Problem(file, line, col, message, pointer)


def _walk(value, pointer):
    """Every pointer in ``value`` (itself included)."""
    yield pointer
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _walk(v, join(pointer, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _walk(v, join(pointer, i))


def _drop(tpos, value, pointer):
    for p in _walk(value, pointer):
        tpos.pop(p, None)


def _copy(tpos, value, pointer, ppos, pfile):
    for p in _walk(value, pointer):
        if p in ppos:
            tpos[p] = (pfile, *ppos[p])


def _merge(target, patch, pointer, tpos, ppos, pfile, removed, problems, noops=None):
    """RFC 7396 merge that also merges positions (see :func:`merge_patch`).

    ``noops`` collects the patches that change nothing, at the highest level
    where nothing changes: a mapping (``{}`` included) that leaves the base's
    as it was, or a top-level value equal to the base's. A value restated
    inside a mapping that does change (``cost: {labor: 3, coin: 5}`` over
    ``{labor: 3, coin: 4}``) is not reported."""
    if not isinstance(patch, dict):
        if target is not None:
            _drop(tpos, target, pointer)
        _copy(tpos, patch, pointer, ppos, pfile)
        return copy.deepcopy(patch)
    if isinstance(target, dict):
        result = dict(target)
    else:
        if target is not None:
            _drop(tpos, target, pointer)
        result = {}
    if pointer in ppos:
        tpos[pointer] = (pfile, *ppos[pointer])
    for key, value in patch.items():
        child = join(pointer, key)
        if value is None:
            if key in result:
                old = result.pop(key)
                removed[child] = ((pfile, *ppos.get(child, (1, 1))), tpos.get(child))
                _drop(tpos, old, child)
            else:
                line, col = ppos.get(child, (1, 1))
                close = difflib.get_close_matches(str(key), [str(k) for k in result], n=1, cutoff=0.6)
                if close:
                    message = _("nothing to remove: the base ruleset has no {key} here; did you mean {suggestion}?")
                else:
                    message = _("nothing to remove: the base ruleset has no {key} here")
                problems.append(Problem(pfile, line, col, message.format(key=key, suggestion=close[0] if close else ""),
                                        child))
        else:
            before = result.get(key)
            inner = [] if noops is not None else None
            result[key] = _merge(before, value, child, tpos, ppos, pfile, removed, problems, inner)
            if noops is not None:
                empties = [n for n in inner if n[4] == {}]
                if before is not None and result[key] == before and empties:
                    noops.extend(empties)            # an empty mapping inside: the likely mistake
                elif before is not None and result[key] == before and (isinstance(value, dict) or pointer == ""):
                    line, col = ppos.get(child, (1, 1))
                    noops.append((pfile, line, col, child, value))
                else:
                    noops.extend(inner)
    return result


MAX_CHAIN = 32


def _later_builder_vp(data):
    """``scoring.later_builder_vp`` sets every structure's ``vp.later`` at once."""
    scoring = data.get("scoring") if isinstance(data, dict) else None
    later = scoring.get("later_builder_vp") if isinstance(scoring, dict) else None
    if not isinstance(later, int) or isinstance(later, bool) or not 0 <= later <= 1000 \
            or not isinstance(data.get("structures"), dict):
        return                       # a bad value is the schema's to report, at its own line
    for st in data["structures"].values():
        if isinstance(st, dict) and isinstance(st.get("vp"), dict):
            st["vp"]["later"] = later


def _free_costs(data):
    """``cost: free`` is the empty amount: a structure (or hire, repayment) that costs nothing.

    Written as a word so that a variant can make a cost free: ``cost: {}``
    would merge into the base's cost and change nothing. Returns the pointers of
    the amounts made free (the schema's "at least one entry" does not apply to them)."""
    free = set()
    if not isinstance(data, dict):
        return free
    places = [(join("/structures", sid), st) for sid, st in data["structures"].items()] \
        if isinstance(data.get("structures"), dict) else []
    places += [("/sailors", data.get("sailors")), ("/borrowing", data.get("borrowing"))]
    for pointer, place in places:
        if isinstance(place, dict):
            for key in ("cost", "repay"):
                if place.get(key) == FREE:
                    place[key] = {}
                    free.add(f"{pointer}/{key}")
    return free


#: Metrics of the first language, each now a metric with a ``resource``.
_OLD_METRICS = {"labor_earned_this_turn": "earned_this_turn", "labor": "held"}


def coins_resource(data) -> str | None:
    """The id of the resource that is the physical coins (``kind: coins``), or None."""
    for rid, res in _resources(data).items():
        if res.get("kind") == "coins":
            return rid
    return None


def pool_resources(data) -> list[str]:
    """The ids of the counted resources (``kind: pool``), in declared order."""
    return [rid for rid, res in _resources(data).items() if res.get("kind") == "pool"]


def turn_resource(data) -> str | None:
    """The first counted resource not kept between turns (Labor in the editions), or None."""
    for rid in pool_resources(data):
        if _resources(data)[rid].get("end_of_turn", "lost") != "kept":
            return rid
    return None


def _resources(data) -> dict:
    res = data.get("resources") if isinstance(data, dict) else None
    return {k: v for k, v in res.items() if isinstance(v, dict)} if isinstance(res, dict) else {}


def _declare_resources(data, positions, files=(), problems=None, carried=None):
    """Resources are declared (``resources:``); a ruleset of the first language
    declares none and gets the editions' two (:data:`DEFAULT_RESOURCES`).

    The first language's fields become the declaration's: ``turn.labor_carry_over: N``
    is ``end_of_turn: {carry: N}`` of the resources lost at the end of the turn,
    ``setup.starting_labor`` the ``start`` of the turn resource, and the metrics
    ``labor_earned_this_turn`` and ``labor`` are ``earned_this_turn`` and ``held``
    of the turn resource. A value of the wrong type is left where it is, for
    the schema to report.

    An old field and its new form written in the same file are a problem naming
    both lines (``problems``); in different files, the nearer file's wins (``files``:
    the display names, this file first), and the old field never stays in the data.
    ``carried`` (a list) receives ``(position, ids)``: the resources ``labor_carry_over``
    made carry."""
    if not isinstance(data, dict):
        return
    if "resources" not in data:
        data["resources"] = copy.deepcopy(DEFAULT_RESOURCES)
    resources = _resources(data)
    files = list(files)

    def rank(where):
        return files.index(where[0]) if where and where[0] in files else len(files)

    def conflict(old_pointer, new_pointer, where, other):
        """Whether the old field at ``where`` loses to its new form at ``other`` (reported when in one file)."""
        if other is None or other[0] is None:
            return False               # the new form is a default nobody wrote
        if where is None:
            return True
        if where[0] == other[0] and problems is not None:
            problems.append(Problem(where[0], where[1], where[2], _(
                "{old} (line {line}) and {new} (line {other}) set the same rule: {old} is the first language's "
                "form of {new}; write one of them, not both").format(
                    old=old_pointer.strip("/").replace("/", "."), new=new_pointer.strip("/").replace("/", "."),
                    line=where[1], other=other[1]), old_pointer))
            return True
        return rank(other) < rank(where)

    turn = data.get("turn")
    carry = turn.get("labor_carry_over") if isinstance(turn, dict) else None
    if isinstance(carry, int) and not isinstance(carry, bool) and 0 <= carry <= 1000:
        where = positions.get("/turn/labor_carry_over")
        del turn["labor_carry_over"]
        positions.pop("/turn/labor_carry_over", None)
        if not turn:
            del data["turn"]
        ids = []
        for i, rid in enumerate(pool_resources(data)):
            pointer = f"/resources/{rid}/end_of_turn"
            if i == 0 and "end_of_turn" in resources[rid] and \
                    conflict("/turn/labor_carry_over", pointer, where, positions.get(pointer, (None, 0, 0))):
                continue              # the first pool (Labor) is what the old field names
            if i == 0 or resources[rid].get("end_of_turn", "lost") == "lost":
                ids.append(rid)
                if carry:
                    resources[rid]["end_of_turn"] = {"carry": carry}
                elif resources[rid].get("end_of_turn") is not None:
                    resources[rid]["end_of_turn"] = "lost"
                if where:
                    positions[pointer] = where
        if carried is not None and where:
            carried.append((where, ids, next(iter(pool_resources(data)), None)))
    setup = data.get("setup")
    start = setup.get("starting_labor") if isinstance(setup, dict) else None
    rid = turn_resource(data) or next(iter(pool_resources(data)), None)
    if isinstance(start, list) and rid is not None:
        where = positions.get("/setup/starting_labor")
        pointer = f"/resources/{rid}/start"
        if "start" not in resources[rid] or not conflict(
                "/setup/starting_labor", pointer, where, positions.get(pointer, (None, 0, 0))):
            resources[rid]["start"] = start
            if where:
                positions[pointer] = where
        del setup["starting_labor"]
        positions.pop("/setup/starting_labor", None)

    def metrics(cond):
        if isinstance(cond, dict):
            if isinstance(cond.get("metric"), str) and cond["metric"] in _OLD_METRICS and rid is not None:
                cond["metric"] = _OLD_METRICS[cond["metric"]]
                cond.setdefault("resource", rid)
            for key in ("all", "any"):
                for sub in cond.get(key) or () if isinstance(cond.get(key), list) else ():
                    metrics(sub)
            metrics(cond.get("not"))

    for goal in (data.get("goals") or {}).values() if isinstance(data.get("goals"), dict) else ():
        if isinstance(goal, dict):
            metrics(goal.get("condition"))
    end = data.get("end")
    for cond in (end.get("conditions") or ()) if isinstance(end, dict) and isinstance(end.get("conditions"), list) else ():
        if isinstance(cond, dict):
            metrics(cond.get("player_condition"))


@lru_cache(maxsize=1)
def schema() -> dict:
    """The language's JSON Schema (``schema/ruleset.schema.json``), read once."""
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


@dataclass(frozen=True)
class FormerSection:
    """A section the first language wrote under another name, as the schema declares it (the
    property marked ``x-former-name-of``): its old ``name``, its fields renamed since
    (``fields``: subsection -> old name -> new name) and the ``labels`` that language
    printed for every ruleset, which a section written the old way gets when it names none."""
    name: str
    fields: dict
    labels: dict


@lru_cache(maxsize=1)
def former_casting() -> FormerSection:
    """The first language's ``casting`` section (``harbor:``)."""
    for name, spec in schema()["properties"].items():
        if spec.get("x-former-name-of") == "casting":
            return FormerSection(name, spec["x-former-fields"], spec["x-former-labels"])
    raise LookupError("the schema declares no former name of casting")


def _rename_old_casting(data, positions, file, problems) -> bool:
    """``harbor:`` (the first language) is ``casting:``, and its
    ``cast.start_of_harbormaster_turn`` is ``cast.start_of_holder_turn``.

    Done in each file before the merge, so that an old-style patch merges into
    a base written either way. Returns whether this file used an old name."""
    if not isinstance(data, dict):
        return False
    former = former_casting()
    old_name = former.name
    old = old_name in data
    if old and "casting" in data:
        line, col = positions.get("/" + old_name, (1, 1))
        problems.append(Problem(file, line, col, _(
            "{old} is the former name of casting: write one of them, not both").format(old=old_name),
            "/" + old_name))
        del data[old_name]                     # reported once, not again by the schema
        for pointer in [p for p in positions if p == "/" + old_name or p.startswith(f"/{old_name}/")]:
            del positions[pointer]
        old = False
    section = data.get(old_name) if old else data.get("casting")
    prefix = "/" + old_name if old else "/casting"
    renames = {}
    cast = section.get("cast") if isinstance(section, dict) else None
    if isinstance(cast, dict):
        for before, after in former.fields.get("cast", {}).items():
            if before in cast and after not in cast:
                cast[after] = cast.pop(before)
                renames[f"{prefix}/cast/{before}"] = f"{prefix}/cast/{after}"
                old = True
    if old_name in data:
        data["casting"] = data.pop(old_name)
        renames[prefix] = "/casting"
    for before, after in renames.items():
        for pointer in [p for p in positions if p == before or p.startswith(before + "/")]:
            positions[after + pointer[len(before):]] = positions.pop(pointer)
    return old


def _old_casting_names(data):
    """A ``casting`` section written with an old name gets the first language's labels."""
    section = data.get("casting") if isinstance(data, dict) else None
    if isinstance(section, dict):
        for key, value in former_casting().labels.items():
            section.setdefault(key, value)


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False


def resolve_file(path: str | Path, display: str | None = None) -> Resolution:
    """Read ``path`` and its bases and merge them. Never raises for bad input."""
    path = Path(path)
    res = Resolution(file=display or str(path), path=path)
    layers = []          # (display name, Document), this file first
    seen = {}
    current, name = path, res.file
    while True:
        doc = load_yaml(current, name)
        res.problems.extend(doc.problems)
        res.chain.append(str(current))
        res.files.append(name)
        if doc.data is None:
            return res
        layers.append((name, doc))
        try:
            seen[current.resolve()] = len(layers) - 1
        except OSError:
            seen[current.absolute()] = len(layers) - 1
        if "extends" not in doc.data:
            break
        ext = doc.data["extends"]
        line, col = doc.positions.get("/extends", (1, 1))

        def report(message):
            res.problems.append(Problem(name, line, col, message, "/extends"))

        if not isinstance(ext, str) or not ext.strip():
            report(_("extends names a base ruleset: a bundled id ({ids}) or a path to a YAML file")
                   .format(ids=", ".join(bundled_rulesets())))
            return res
        try:
            base = resolve_ref(ext, relative_to=current.parent)
        except UnknownRulesetError:
            if "/" in ext or ext.endswith((".yaml", ".yml")):
                report(_("base ruleset not found: no file {path} (a path in extends is relative to this file)")
                       .format(path=display_path(Path(os.path.normpath(current.parent / ext)))))
            else:
                report(_("base ruleset not found: {ref} is neither a bundled ruleset ({ids}) nor a file next to this one")
                       .format(ref=ext, ids=", ".join(bundled_rulesets())))
            return res
        if exists(base) and _is_dir(base):
            report(_("extends names a directory, not a ruleset file: {path}").format(path=display_path(base)))
            return res
        try:
            key = base.resolve()
        except OSError:
            key = base.absolute()
        if len(layers) >= MAX_CHAIN:
            report(_("too many bases: more than {limit} files in the extends chain").format(limit=MAX_CHAIN))
            return res
        if key in seen:
            names = [n for n, _d in layers[seen.get(key, 0):]] + [layers[seen.get(key, 0)][0]]
            first_name, first_doc = layers[seen.get(key, 0)]
            fl, fc = first_doc.positions.get("/extends", (1, 1))
            res.problems.append(Problem(first_name, fl, fc, _("extends cycle: {cycle}").format(
                cycle=" → ".join(names)), "/extends"))
            return res
        current, name = base, display_path(base) if base.is_absolute() else str(base)

    if len(layers) > 1 and "id" not in layers[0][1].data:
        line, col = layers[0][1].positions.get("/extends", (1, 1))
        base_id = layers[1][1].data.get("id")
        res.problems.append(Problem(layers[0][0], line, col, _(
            "missing id: a ruleset that extends another needs an id of its own, "
            "or it would be taken for {base}").format(base=base_id if isinstance(base_id, str) else layers[1][0]),
            "/id"))

    # Merge, furthest base first. The furthest base is taken as written
    # (``null`` is a value there); above it, ``null`` removes.
    old_casting = False
    for name, doc in layers:
        old_casting = _rename_old_casting(doc.data, doc.positions, name, res.problems) or old_casting
    base_name, base_doc = layers[-1]
    data = copy.deepcopy(base_doc.data)
    tpos = {}
    _copy(tpos, data, "", base_doc.positions, base_name)
    for name, doc in reversed(layers[:-1]):
        if name == res.file:
            res.base_data = data               # what the author's file changes (for the replaced-list warnings)
        data = _merge(data, doc.data, "", tpos, doc.positions, name, res.removed, res.problems,
                      res.noops if name == res.file else None)
    for key in ("$schema", "extends"):
        if key in data:
            _drop(tpos, data.pop(key), "/" + key)
    family = families.row(family_of(data))
    if family is not None and family.complete is not None:
        family.complete(res, data, tpos, old_casting)       # the family's own defaults
    res.data = data
    res.positions = tpos
    res.positions.setdefault("", (res.file, 1, 1))
    return res


def complete_defaults(res, data: dict, tpos: dict, old_casting: bool) -> None:
    """Province's language fills in its own defaults while resolving (its row's ``complete``)."""
    res.free = _free_costs(data)
    _later_builder_vp(data)
    _declare_resources(data, tpos, res.files, res.problems, res.carried)
    if old_casting:
        _old_casting_names(data)


# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Ruleset:
    """An immutable, resolved ruleset."""

    id: str
    data: dict = field(repr=False)
    source: str | None = None
    chain: tuple = ()          # files from this one to its furthest base
    positions: dict = field(default_factory=dict, repr=False, compare=False)  # pointer -> (file, line, column)

    @property
    def title(self) -> str:
        return self.data.get("title", self.id)

    @property
    def family(self) -> str:
        """The family of the rules language (``family:``; the default family when absent)."""
        return family_of(self.data)

    @property
    def language(self) -> str:
        return self.data.get("language", "en")

    @property
    def sha256(self) -> str:
        return content_hash(self.data)

    @property
    def model(self):
        """The family's typed rules model of this ruleset, built once (Province's:
        :class:`rulekit.language.province_model.ProvinceModel`); the ruleset itself where its
        family loads typed rules already."""
        family = families.row(self.family)
        return family.model(self.data) if family is not None and family.model is not None else self

    @property
    def first_random(self) -> bool:
        """Whether the rules draw the first player at random (``setup.first_player: random``)."""
        return self.data.get("setup", {}).get("first_player") == "random"

    @property
    def sailor_kind(self) -> str | None:
        """The id of the worker kind the hired sailors are (None without a ``sailors`` section):
        the engine plays them as that kind, the names and the notation call them by it."""
        return SAILOR_KIND if isinstance(self.data.get(SAILORS_SECTION), dict) else None

    @property
    def player_counts(self) -> range:
        """How many players may play it (``components.players``: a number, or ``{min, max}``)."""
        players = self.data["components"]["players"]
        if isinstance(players, dict):
            return range(players["min"], players["max"] + 1)
        return range(players, players + 1)

    @property
    def min_players(self) -> int:
        return self.player_counts.start

    @property
    def max_players(self) -> int:
        return self.player_counts.stop - 1

    @property
    def base(self) -> str | None:
        """The file this ruleset extends, if any."""
        return self.chain[1] if len(self.chain) > 1 else None
