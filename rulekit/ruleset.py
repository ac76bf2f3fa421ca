"""The ruleset model: find, load, merge (``extends``) and check a ruleset.

A :class:`Ruleset` is immutable: the resolved rules after inheritance, with
the file it came from and a hash of its content. It creates games:
``load_ruleset("province-en").new_game(seed=1)``.

(Provisional loader: the full one with line numbers is in progress.)
"""
from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

import yaml

from .errors import RulesetError, UnknownRulesetError, Problem
from .paths import RULESETS_DIR


def bundled_rulesets() -> dict[str, Path]:
    """Bundled ruleset ids (editions and example variants) and their files."""
    found = {}
    for path in sorted(RULESETS_DIR.glob("*.yaml")) + sorted(RULESETS_DIR.glob("variants/*.yaml")):
        found[path.stem] = path
    return found


def resolve_ref(ref: str | Path, relative_to: Path | None = None) -> Path:
    text = str(ref)
    bundled = bundled_rulesets()
    if text in bundled and not Path(text).suffix:
        return bundled[text]
    path = Path(text)
    if relative_to is not None and not path.is_absolute():
        path = relative_to / path
    if path.exists():
        return path
    raise UnknownRulesetError(f"unknown ruleset {text!r}: not a bundled id ({', '.join(bundled)}) nor an existing file")


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


def content_hash(data: dict) -> str:
    blob = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Ruleset:
    """An immutable, resolved ruleset."""

    id: str
    data: dict = field(repr=False)
    source: str | None = None
    chain: tuple = ()          # files from this one to its furthest base

    @property
    def title(self) -> str:
        return self.data.get("title", self.id)

    @property
    def language(self) -> str:
        return self.data.get("language", "en")

    @property
    def sha256(self) -> str:
        return content_hash(self.data)

    @property
    def base(self) -> str | None:
        """The file this ruleset extends, if any."""
        return self.chain[1] if len(self.chain) > 1 else None

    def compiled(self):
        """The engine's precomputed tables for this ruleset (built once)."""
        cache = self.__dict__.get("_compiled")
        if cache is None:
            from .engine import compile_ruleset
            cache = compile_ruleset(self)
            object.__setattr__(self, "_compiled", cache)
        return cache

    def new_game(self, seed: int = 0, first_player: int | None = None):
        """A new game (:class:`rulekit.engine.State`) of this ruleset."""
        from .engine import State
        return State.new(self, seed=seed, first_player=first_player)


def _read(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def load_ruleset(ref: str | Path) -> Ruleset:
    """Load a bundled id or a file, resolve ``extends``, and check it."""
    from .validation import check_resolved
    path = resolve_ref(ref)
    chain = []
    data = _read(path)
    layers = [data]
    seen = {path.resolve()}
    cur_path = path
    chain.append(str(path))
    while isinstance(layers[-1], dict) and layers[-1].get("extends"):
        base_path = resolve_ref(layers[-1]["extends"], relative_to=cur_path.parent)
        if base_path.resolve() in seen:
            raise RulesetError([Problem(str(cur_path), 1, 1, "extends cycle")])
        seen.add(base_path.resolve())
        chain.append(str(base_path))
        layers.append(_read(base_path))
        cur_path = base_path
    resolved = {}
    for layer in reversed(layers):
        resolved = merge_patch(resolved, layer)
    resolved.pop("$schema", None)
    resolved.pop("extends", None)
    problems = check_resolved(resolved, str(path))
    if problems:
        raise RulesetError(problems)
    return Ruleset(id=resolved.get("id", path.stem), data=resolved, source=str(path), chain=tuple(chain))
