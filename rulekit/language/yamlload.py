"""Read a YAML ruleset file and remember where every value was written.

:func:`load_yaml` returns a :class:`Document`: the data (plain dicts, lists
and scalars) and a position ``(line, column)``, 1-based, for every JSON
pointer in it, so that a problem found later in the data can be reported
where the author wrote it.

The file is read defensively, because a ruleset may come from anyone:

- files over :data:`MAX_BYTES`, directories, unreadable, empty and
  non-UTF-8 files are refused with one message;
- the YAML is read event by event (libyaml when available), so the nesting
  depth and the number of nodes, counting every expansion of an alias, are
  bounded: an alias bomb ("billion laughs") is refused before it is expanded;
- duplicate keys, recursive aliases, unknown tags and several documents in
  one file are reported; YAML syntax errors become a problem at their line.

Every problem is a :class:`rulekit.errors.Problem`; nothing here raises on
bad input. Keys are always text: a key written ``1`` or ``yes`` is the text
``"1"`` or ``"yes"``, as the author most likely meant.

>>> doc = load_yaml_text("id: demo\\ncost: {labor: 2}\\n", "demo.yaml")
>>> doc.data, doc.problems
({'id': 'demo', 'cost': {'labor': 2}}, [])
>>> doc.positions["/cost/labor"]
(2, 15)
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from ..errors import Problem
from ..i18n import _
from ..paths import FileTooLarge, NotRegularFile, read_user_file

#: Largest ruleset file read, in bytes.
MAX_BYTES = 1024 * 1024
#: Most YAML nodes (values, lists, mappings) a file may hold, counting each
#: expansion of an alias; a bundled edition holds about 700.
MAX_NODES = 20_000
#: Deepest nesting of mappings and lists.
MAX_DEPTH = 64

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_MAP_TAGS = {None, "!", "tag:yaml.org,2002:map"}
_SEQ_TAGS = {None, "!", "tag:yaml.org,2002:seq"}
_MERGE_TAG = "tag:yaml.org,2002:merge"


def escape(key) -> str:
    """One JSON pointer segment (RFC 6901)."""
    return str(key).replace("~", "~0").replace("/", "~1")


def join(pointer: str, key) -> str:
    return f"{pointer}/{escape(key)}"


@dataclass
class Document:
    """A YAML file read with positions. ``data`` is None when it is unusable."""

    file: str
    data: object = None
    positions: dict = field(default_factory=dict)   # pointer -> (line, column)
    problems: list = field(default_factory=list)

    def where(self, pointer: str) -> tuple[int, int]:
        """Position of ``pointer``, or of its nearest ancestor that has one."""
        while True:
            if pointer in self.positions:
                return self.positions[pointer]
            if not pointer:
                return (1, 1)
            pointer = pointer.rsplit("/", 1)[0]


class _Abort(Exception):
    """Stop reading: the problem is already recorded."""


def _problem(file, mark_or_pos, message, pointer=""):
    if isinstance(mark_or_pos, tuple):
        line, col = mark_or_pos
    else:
        line, col = mark_or_pos.line + 1, mark_or_pos.column + 1
    return Problem(file, line, col, message, pointer)


def _pos(mark) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1)


class _Frame:
    """A mapping or list being built."""

    __slots__ = ("kind", "value", "pointer", "anchor", "start", "pending_key",
                 "key_pos", "key_pos_map", "merges", "relpos", "size")

    def __init__(self, kind, pointer, anchor, start, track):
        self.kind = kind                  # "map" or "seq"
        self.value = {} if kind == "map" else []
        self.pointer = pointer
        self.anchor = anchor
        self.start = start
        self.pending_key = None           # map: key read, value not yet
        self.key_pos = None
        self.key_pos_map = {}             # map: key -> position of the key
        self.merges = []                  # map: values of << keys
        # Positions relative to this node, kept inside an anchored node (for its aliases).
        self.relpos = {} if track else None
        self.size = 1


class _Reader:
    def __init__(self, text: str, file: str):
        self.text = text
        self.file = file
        self.positions: dict = {}
        self.problems: list = []
        self.anchors: dict = {}            # name -> (value, relpos, size)
        self.open_anchors: set = set()
        self.nodes = 0
        self.loader = _Loader(text)

    # -- helpers -----------------------------------------------------------
    def fail(self, mark, message, pointer=""):
        self.problems.append(_problem(self.file, mark, message, pointer))
        raise _Abort

    def count(self, n, mark, alias=False):
        self.nodes += n
        if self.nodes > MAX_NODES:
            if alias:
                self.fail(mark, _("this alias expands the file beyond {limit} values: refusing what looks "
                                  "like an alias bomb").format(limit=MAX_NODES))
            self.fail(mark, _("the file holds too many values (more than {limit})").format(limit=MAX_NODES))

    def scalar(self, event):
        tag = event.tag
        if tag is None or tag == "!":
            tag = self.loader.resolve(yaml.ScalarNode, event.value, event.implicit)
        node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
        constructor = self.loader.yaml_constructors.get(tag)
        if constructor is None or tag in ("tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"):
            self.problems.append(_problem(self.file, event.start_mark, _tag_message(event.tag)))
            return event.value
        if tag in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float") and ":" in event.value:
            # YAML 1.1 reads 1:30 as a number in base 60 (90): nobody means that in a ruleset.
            self.problems.append(_problem(self.file, event.start_mark, _(
                "{value} would be read as a number in base 60 (an old YAML rule); write a plain number, "
                "or put the text in quotes").format(value=event.value)))
            return event.value
        try:
            return constructor(self.loader, node)
        except (yaml.YAMLError, ValueError, OverflowError) as exc:
            detail = getattr(exc, "problem", None) or str(exc)
            self.problems.append(_problem(self.file, event.start_mark,
                                          _("cannot read this value: {detail}").format(detail=detail)))
            return event.value

    # -- the event loop ------------------------------------------------------
    def read(self):
        loader = self.loader
        stack: list[_Frame] = []
        root = None
        documents = 0
        try:
            while True:
                event = loader.get_event()
                if event is None or isinstance(event, yaml.StreamEndEvent):
                    break
                if isinstance(event, (yaml.StreamStartEvent, yaml.DocumentEndEvent)):
                    continue
                if isinstance(event, yaml.DocumentStartEvent):
                    documents += 1
                    if documents > 1:
                        self.fail(event.start_mark, _("a ruleset file holds one YAML document; remove the second '---'"))
                    continue
                if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                    frame = stack.pop()
                    value = self.finish(frame)
                    if frame.anchor:
                        self.open_anchors.discard(frame.anchor)
                        self.anchors[frame.anchor] = (value, frame.relpos, frame.size)
                    if stack:
                        self.add(stack, value, frame.start, frame.size, frame.relpos, event)
                    else:
                        root = value
                    continue

                # A node starts: where does it go?
                pointer, is_key = self.slot(stack)
                if isinstance(event, yaml.AliasEvent):
                    name = event.anchor
                    if name in self.open_anchors:
                        self.fail(event.start_mark, _("recursive alias *{name}: an anchor cannot contain itself").format(name=name))
                    if name not in self.anchors:
                        self.fail(event.start_mark, _("unknown alias *{name}: no anchor &{name} before it").format(name=name))
                    value, relpos, size = self.anchors[name]
                    self.count(size, event.start_mark, alias=True)
                    if is_key:
                        self.fail(event.start_mark, _("a key must be plain text, not an alias"))
                    self.add(stack, value, _pos(event.start_mark), size, relpos, event, alias=True)
                    continue
                self.count(1, event.start_mark)
                if isinstance(event, yaml.ScalarEvent):
                    if is_key:
                        self.set_key(stack[-1], event.value, event)
                        continue
                    value = self.scalar(event)
                    relpos = {"": _pos(event.start_mark)} if event.anchor else None
                    if event.anchor:
                        self.anchors[event.anchor] = (value, relpos, 1)
                    if stack:
                        self.add(stack, value, _pos(event.start_mark), 1, relpos, event)
                    else:
                        root = value
                        self.positions[""] = _pos(event.start_mark)
                    continue
                # A mapping or a list.
                if is_key:
                    self.fail(event.start_mark, _("a key must be plain text, not a mapping or a list"))
                if len(stack) >= MAX_DEPTH:
                    self.fail(event.start_mark, _("nested too deeply (more than {limit} levels)").format(limit=MAX_DEPTH))
                kind = "map" if isinstance(event, yaml.MappingStartEvent) else "seq"
                if event.tag not in (_MAP_TAGS if kind == "map" else _SEQ_TAGS):
                    self.problems.append(_problem(self.file, event.start_mark, _tag_message(event.tag)))
                track = bool(event.anchor) or bool(stack and stack[-1].relpos is not None)
                frame = _Frame(kind, pointer, event.anchor, _pos(event.start_mark), track)
                if not stack:
                    self.positions[""] = frame.start
                if event.anchor:
                    self.open_anchors.add(event.anchor)
                stack.append(frame)
        except _Abort:
            return None, False
        except yaml.MarkedYAMLError as exc:
            self.syntax_error(exc)
            return None, False
        except yaml.reader.ReaderError as exc:
            self.reader_error(exc)
            return None, False
        except yaml.YAMLError as exc:  # anything else libyaml reports
            self.problems.append(Problem(self.file, 1, 1, _("YAML error: {detail}").format(detail=str(exc))))
            return None, False
        return root, True

    def slot(self, stack):
        """(pointer of the next node, whether it is a mapping key)."""
        if not stack:
            return "", False
        top = stack[-1]
        if top.kind == "seq":
            return join(top.pointer, len(top.value)), False
        if top.pending_key is None:
            return top.pointer, True
        return join(top.pointer, top.pending_key), False

    def set_key(self, frame, text, event):
        if event.tag is None or event.tag == "!":
            tag = self.loader.resolve(yaml.ScalarNode, text, event.implicit)
        else:
            tag = event.tag
        frame.pending_key = (_MERGE_TAG,) if tag == _MERGE_TAG else text
        frame.key_pos = _pos(event.start_mark)

    def add(self, stack, value, pos, size, relpos, event, alias=False):
        """Attach a finished node to the frame on top of the stack."""
        top = stack[-1]
        if top.kind == "seq":
            index = len(top.value)
            top.value.append(value)
            rel = escape(index)
            node_pos = pos
        else:
            key = top.pending_key
            top.pending_key = None
            if isinstance(key, tuple):      # a << merge key
                sources = value if isinstance(value, list) else [value]
                if not all(isinstance(s, dict) for s in sources):
                    self.problems.append(_problem(self.file, top.key_pos, _("a '<<' merge key needs a mapping or a list of mappings")))
                    return
                top.merges.append((sources, relpos if isinstance(value, dict) else None, top.key_pos))
                top.size += size
                return
            if key in top.value:
                first = top.key_pos_map[key]
                self.problems.append(_problem(
                    self.file, top.key_pos,
                    _("duplicate key {key} (first written at line {line})").format(key=key, line=first[0]),
                    join(top.pointer, key)))
            top.value[key] = value
            top.key_pos_map[key] = top.key_pos
            rel = escape(key)
            # A scalar is located at its value; a mapping or list at its key.
            node_pos = pos if not isinstance(value, (dict, list)) else top.key_pos
        top.size += size
        absolute = f"{top.pointer}/{rel}"
        self.positions[absolute] = node_pos
        if relpos:
            for sub, p in relpos.items():
                if sub:
                    self.positions[absolute + sub] = p
        if top.relpos is not None:
            top.relpos["/" + rel] = node_pos
            if relpos:
                for sub, p in relpos.items():
                    if sub:
                        top.relpos["/" + rel + sub] = p

    def finish(self, frame):
        if frame.kind == "map" and frame.merges:
            merged = {}
            for sources, relpos, key_pos in frame.merges:
                for source in sources:
                    for k, v in source.items():
                        if k not in merged:
                            merged[k] = (v, relpos, key_pos)
            for k, (v, relpos, key_pos) in merged.items():
                if k in frame.value:
                    continue
                frame.value[k] = v
                rel = "/" + escape(k)
                targets = [self.positions]
                if frame.relpos is not None:
                    targets.append(frame.relpos)
                for target, base in zip(targets, (frame.pointer, "")):
                    target[base + rel] = key_pos
                    if relpos:
                        for sub, p in relpos.items():
                            if sub == rel or sub.startswith(rel + "/"):
                                target[base + sub] = p
        if frame.relpos is not None:
            frame.relpos[""] = frame.start
        return frame.value

    # -- errors ------------------------------------------------------------
    def syntax_error(self, exc):
        mark = exc.problem_mark or exc.context_mark
        problem = (exc.problem or exc.context or "").strip()
        if "nesting depth" in problem:   # libyaml's own limit, met before ours when it reads ahead
            message = _("nested too deeply (more than {limit} levels)").format(limit=MAX_DEPTH)
        elif "\t" in problem or "'\\t'" in problem or self.char_at(mark) == "\t":
            message = _("YAML syntax error: a tab character; indent with spaces")
        elif exc.context and exc.context_mark is not None and exc.context_mark.line != getattr(mark, "line", None):
            message = _("YAML syntax error: {problem} ({context} that starts at line {line})").format(
                problem=problem, context=exc.context.strip(), line=exc.context_mark.line + 1)
        else:
            message = _("YAML syntax error: {problem}").format(problem=problem)
        pos = _pos(mark) if mark is not None else (1, 1)
        self.problems.append(Problem(self.file, pos[0], pos[1], message))

    def char_at(self, mark):
        if mark is None:
            return ""
        lines = self.text.split("\n", mark.line + 1)
        if mark.line < len(lines) and mark.column < len(lines[mark.line]):
            return lines[mark.line][mark.column]
        return ""

    def reader_error(self, exc):
        line, col = _byte_position(self.text.encode("utf-8"), exc.position)
        self.problems.append(Problem(
            self.file, line, col,
            _("character {code} is not allowed in YAML ({reason})").format(
                code=f"U+{exc.character:04X}" if isinstance(exc.character, int) else repr(exc.character),
                reason=exc.reason)))


def _tag_message(tag) -> str:
    """A tag as the author wrote it (``!!python/object``, not the internal URI)."""
    shown = str(tag)
    if shown.startswith("tag:yaml.org,2002:"):
        shown = "!!" + shown[len("tag:yaml.org,2002:"):]
    if len(shown) > 40:
        shown = shown[:37] + "..."
    return _("YAML tags such as {tag} are not allowed here: write the value plainly").format(tag=shown)


def _byte_position(raw: bytes, offset: int) -> tuple[int, int]:
    """1-based (line, column in characters) of a byte offset in UTF-8 text."""
    before = raw[:offset]
    line = before.count(b"\n") + 1
    last = before.rsplit(b"\n", 1)[-1]
    return line, len(last.decode("utf-8", errors="replace")) + 1


#: Characters YAML 1.1 reads as line breaks though editors do not: its lines would not be the editor's.
_YAML_LINE_BREAKS = {"\x85": "next line", "\u2028": "line separator", "\u2029": "paragraph separator"}


def load_yaml_text(text: str, file: str) -> Document:
    """Read YAML text (already decoded) as a ruleset document."""
    doc = Document(file)
    found = [text.find(ch) for ch in _YAML_LINE_BREAKS if ch in text]
    if found:
        at = min(found)
        line = text.count("\n", 0, at) + 1
        col = at - (text.rfind("\n", 0, at) + 1) + 1
        doc.problems.append(Problem(file, line, col, _(
            "the character U+{code:04X} ({name}) is a line break for YAML, not for your editor: "
            "remove it, or write a newline").format(code=ord(text[at]), name=_YAML_LINE_BREAKS[text[at]])))
        return doc
    reader = _Reader(text, file)
    data, complete = reader.read()
    doc.positions = reader.positions
    doc.problems = reader.problems
    if not complete:
        return doc
    if data is None:
        doc.problems.append(Problem(file, 1, 1, _("the file is empty: a ruleset is a mapping of fields (id, title…)")))
        return doc
    if data is not None and not isinstance(data, dict):
        if isinstance(data, list):
            message = _("the top level must be a mapping of fields (id, title…), not a list")
        else:
            message = _("the top level must be a mapping of fields (id, title…), not a single value")
        doc.problems.append(Problem(file, *doc.where(""), message))
        return doc
    doc.data = data
    if "" not in doc.positions:
        doc.positions[""] = (1, 1)
    return doc


def load_yaml(path: str | os.PathLike, display: str | None = None) -> Document:
    """Read a ruleset file. Never raises for bad input: see ``Document.problems``."""
    path = Path(path)
    file = display or str(path)
    doc = Document(file)

    def refuse(message, line=1, col=1):
        doc.problems.append(Problem(file, line, col, message))
        return doc

    try:
        raw = read_user_file(path, MAX_BYTES)
    except FileNotFoundError:
        return refuse(_("no such file"))
    except IsADirectoryError:
        return refuse(_("this is a directory, not a ruleset file"))
    except NotRegularFile:
        return refuse(_("this is not a regular file (a named pipe, a device…): a ruleset is read from a "
                        "regular file only"))
    except FileTooLarge:
        return refuse(_("the file is too large: a ruleset may be at most {size} MB").format(size=MAX_BYTES // (1024 * 1024)))
    except OSError as exc:
        return refuse(_("cannot read this file: {reason}").format(reason=exc.strerror or str(exc)))
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = _byte_position(raw, exc.start)
        return refuse(_("the file is not UTF-8 text (byte {byte} cannot be read); save it as UTF-8").format(
            byte=f"0x{raw[exc.start]:02X}"), line, col)
    if not text.strip():
        return refuse(_("the file is empty: a ruleset is a mapping of fields (id, title…)"))
    return load_yaml_text(text, file)
