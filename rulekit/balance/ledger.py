"""The balance ledger: every balance and strength figure the docs state, tied to the rules it was measured on.

A ledger is one JSON file (the project's is ``docs/balance-ledger.json``; docs/balance.md, "The balance
ledger"). Each entry is one measurement that a document quotes:

- what to play: ``ruleset`` (a bundled id or a file), ``bots`` (one per seat, as ``rulekit simulate
  --bots`` takes them), ``games``, ``max_turns``, and ``measure``: ``seats`` (each seat's share of the
  decided games, with the verdict of :func:`rulekit.balance.simulate.fairness`) or ``bots`` (each bot's
  wins over all the games: a level against the level below, seats and first player alternated);
- ``aim``: what the figure should show (``fair``: the verdict fair; ``band``: every seat's share within
  1/N ± 5 points; ``beats:0.7``: the first bot wins at least that share of the games), checked in
  :func:`aim_met`;
- ``measured``: how it was last measured: the **resolved** ruleset's content hash (after ``extends``,
  :attr:`rulekit.language.Ruleset.sha256`), the bots' canonical specs (``hard=wide:30``: a level
  that changes meaning makes its entries stale), their evaluation weights (a level re-tuned under
  the same spec does too), a hash of each module of ``rulekit/bots/`` that makes and plays them
  (:func:`bot_code`: a change to a bot's code under the same spec and weights does too), the first seed
  and the figures.

An entry is **stale** (:func:`staleness`) when it was never measured, when its ruleset's resolved hash
differs from the one it was measured on (a change to ``province-en`` makes every variant that extends it
stale), when a bot's canonical spec, evaluation weights or code changed, or when the asked games differ. ``rulekit ledger``
re-measures the stale entries, each on a block of seeds no entry has used (``next_seed``, which only
grows), and rewrites the file after each entry.
"""
from __future__ import annotations

import ast
import datetime as _dt
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from ..errors import RulekitError
from ..i18n import _

FORMAT = "rulekit-balance-ledger"
FORMAT_VERSION = 1
#: What an entry measures.
MEASURES = ("seats", "bots")
#: The ledger of the project's docs, relative to the repository.
DEFAULT_LEDGER = "docs/balance-ledger.json"
#: The command that re-measures the stale entries of the project's ledger (named by the test that checks it).
REFRESH_COMMAND = f"rulekit ledger {DEFAULT_LEDGER}"


class LedgerError(RulekitError):
    """A ledger file that cannot be read or is not a ledger."""


@dataclass
class Stale:
    """Why an entry must be measured again (each a short phrase; empty: fresh)."""

    entry: str
    reasons: list

    def __bool__(self) -> bool:
        return bool(self.reasons)


def load(path) -> dict:
    """The ledger in ``path``, checked (:class:`LedgerError` naming the file and the field)."""
    path = Path(path)
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise LedgerError(_("{file}: no such ledger").format(file=path)) from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise LedgerError(_("{file}: not a balance ledger ({reason})").format(file=path, reason=exc)) from None
    check(doc, path)
    return doc


def check(doc, path="ledger") -> None:
    """:class:`LedgerError` unless ``doc`` is a ledger: the format, ``next_seed`` and every entry's fields."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise LedgerError(_("{file}: not a balance ledger (its \"format\" must be {format})").format(
            file=path, format=FORMAT))
    if not isinstance(doc.get("next_seed"), int):
        raise LedgerError(_("{file}: \"next_seed\" must be a whole number").format(file=path))
    entries = doc.get("entries")
    if not isinstance(entries, list):
        raise LedgerError(_("{file}: \"entries\" must be a list").format(file=path))
    seen = set()
    for i, e in enumerate(entries):
        where = f"entries[{i}]"
        if not isinstance(e, dict) or not isinstance(e.get("id"), str):
            raise LedgerError(_("{file}: {where}: an entry needs an \"id\"").format(file=path, where=where))
        if e["id"] in seen:
            raise LedgerError(_("{file}: {where}: the id {id} is used twice").format(file=path, where=where, id=e["id"]))
        seen.add(e["id"])
        if not isinstance(e.get("ruleset"), str):
            raise LedgerError(_("{file}: {entry}: \"ruleset\" must be a ruleset id or file").format(
                file=path, entry=e["id"]))
        bots = e.get("bots")
        if not isinstance(bots, list) or len(bots) < 2 or not all(isinstance(b, str) for b in bots):
            raise LedgerError(_("{file}: {entry}: \"bots\" must list one bot per seat").format(file=path, entry=e["id"]))
        if not isinstance(e.get("games"), int) or e["games"] < 1:
            raise LedgerError(_("{file}: {entry}: \"games\" must be a whole number above 0").format(
                file=path, entry=e["id"]))
        if e.get("measure") not in MEASURES:
            raise LedgerError(_("{file}: {entry}: \"measure\" must be one of {choices}").format(
                file=path, entry=e["id"], choices=", ".join(MEASURES)))


def save(doc, path) -> None:
    """Write ``doc`` to ``path`` atomically (a temporary file renamed over it), keys in a stable order."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)


def _resolve(ref: str, base: Path | None):
    """The ruleset an entry names: a bundled id, else a file relative to the ledger's folder."""
    from ..language import load_ruleset
    from ..language.ruleset import bundled_rulesets

    if ref in bundled_rulesets() or base is None or Path(ref).is_absolute():
        return load_ruleset(ref)
    return load_ruleset(str(base / ref))


def canonical_bots(bots, family: str | None = None) -> list:
    """The bots as their canonical specs (``hard`` → ``hard=wide:30``) in the ruleset's family."""
    from ..bots.registry import parse_bot

    return [parse_bot(b, family=family).text for b in bots]


def bot_weights(bots, family: str | None = None) -> list:
    """Each bot's evaluation weights (None for a bot without), so that a level re-tuned without a new
    spec (``hard=wide:30`` with other weights) still makes its entries stale."""
    from ..bots.registry import make_bot

    out = []
    for b in bots:
        w = getattr(make_bot(b, 0, family=family), "weights", None)
        out.append(list(w) if w is not None else None)
    return out


def _bots_dir() -> Path:
    from .. import bots

    return Path(bots.__file__).resolve().parent


def _bots_imports(name: str, folder: Path) -> set:
    """The modules of ``rulekit/bots/`` that the module ``name`` of it imports (anywhere in it: a lazy
    import in a function counts), read from its source."""
    path = folder / f"{name}.py"
    if not path.exists():
        return set()
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            parts = (node.module or "").split(".") if node.module else []
            if node.level == 1:                      # from .x import …, from . import x
                targets = [parts[0]] if parts else [a.name for a in node.names]
            elif node.level == 2 and parts[:1] == ["bots"]:
                targets = [parts[1]] if len(parts) > 1 else [a.name for a in node.names]
            elif node.level == 0 and parts[:2] == ["rulekit", "bots"]:
                targets = [parts[2]] if len(parts) > 2 else [a.name for a in node.names]
            else:
                continue
            out.update(t for t in targets if (folder / f"{t}.py").exists())
        elif isinstance(node, ast.Import):
            for a in node.names:
                parts = a.name.split(".")
                if parts[:2] == ["rulekit", "bots"] and len(parts) > 2 and (folder / f"{parts[2]}.py").exists():
                    out.add(parts[2])
    return out


def _bot_modules(bot) -> set:
    """The modules of ``rulekit/bots/`` that define ``bot``: its class and the classes it derives from,
    and the functions or objects it was given (a family's rollout policy or evaluation)."""
    owners = [c.__module__ for c in type(bot).__mro__]
    owners += [getattr(v, "__module__", None) or "" for v in vars(bot).values()] if hasattr(bot, "__dict__") else []
    prefix = "rulekit.bots."
    return {m[len(prefix):].split(".")[0] for m in owners if isinstance(m, str) and m.startswith(prefix)}


def bot_code(bots, family: str | None = None) -> dict:
    """The code that plays ``bots``: ``{"rulekit/bots/NAME.py": first 16 hex digits of its SHA-256}`` for
    every module of ``rulekit/bots/`` that defines one of them (:func:`_bot_modules`), ``base.py`` (whose
    ``play_game`` plays the games ``rulekit simulate`` counts) and every module of it those import,
    transitively (its ``.pxd`` beside it, when it has one, counts as part of it).

    The source files are hashed, not the compiled modules built from them, so the hash is the same
    with the engine compiled or in pure Python. The engine is left out: what it plays is the rules,
    whose resolved hash the entry keeps, and a change to the moves it allows for the same rules fails its
    own pinned counts (tests/test_perft.py, tests/test_provisions_perft.py) and recorded games
    (tests/records/); the registry is left out
    too: what a name or level stands for is the bots' canonical spec."""
    from ..bots.registry import make_bot

    folder = _bots_dir()
    todo = {"base"} if (folder / "base.py").exists() else set()
    for b in bots:
        todo |= _bot_modules(make_bot(b, 0, family=family))
    seen = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo |= _bots_imports(name, folder) - seen
    out = {}
    for name in sorted(seen):
        digest = hashlib.sha256()
        for suffix in (".py", ".pxd"):
            path = folder / f"{name}{suffix}"
            if path.exists():
                digest.update(suffix.encode() + b"\0" + path.read_bytes())
        out[f"rulekit/bots/{name}.py"] = digest.hexdigest()[:16]
    return out


def _family(rs):
    """The family whose bots and levels play ``rs`` (each family is a row of the bots' table)."""
    return rs.family


def current(entry: dict, base: Path | None = None) -> dict:
    """What the entry would be measured on now: ``{"sha256", "bots"}``."""
    rs = _resolve(entry["ruleset"], base)
    fam = _family(rs)
    return {"sha256": rs.sha256, "bots": canonical_bots(entry["bots"], fam), "weights": bot_weights(entry["bots"], fam),
            "code": bot_code(entry["bots"], fam)}


def staleness(entry: dict, base: Path | None = None, now: dict | None = None) -> Stale:
    """Why ``entry`` must be measured again (:class:`Stale`, false when it need not)."""
    m = entry.get("measured")
    if not m:
        return Stale(entry["id"], [_("never measured")])
    now = now or current(entry, base)
    reasons = []
    if m.get("sha256") != now["sha256"]:
        reasons.append(_("the rules of {ruleset} changed (resolved hash {old} → {new})").format(
            ruleset=entry["ruleset"], old=str(m.get("sha256"))[:12], new=now["sha256"][:12]))
    if m.get("bots") != now["bots"]:
        reasons.append(_("the bots changed ({old} → {new})").format(
            old=", ".join(m.get("bots") or ()), new=", ".join(now["bots"])))
    if m.get("weights") != now["weights"]:
        reasons.append(_("the bots' evaluation weights changed"))
    code = m.get("code")
    if code is None:
        reasons.append(_("the code that plays its bots was not recorded"))
    elif code != now["code"]:
        changed = sorted(k for k in set(code) | set(now["code"]) if code.get(k) != now["code"].get(k))
        reasons.append(_("the code that plays its bots changed ({modules})").format(modules=", ".join(changed)))
    if (m.get("result") or {}).get("games") != entry["games"]:
        reasons.append(_("{games} games asked, {played} measured").format(
            games=entry["games"], played=(m.get("result") or {}).get("games")))
    return Stale(entry["id"], reasons)


def result_of(doc: dict, measure: str) -> dict:
    """The figures an entry keeps from a ``rulekit simulate`` report (:func:`rulekit.balance.simulate.report`)."""
    from .simulate import proportion

    sb = doc["seat_balance"]
    res = doc["results"]
    games = sb["games"]
    out = {
        "games": games,
        "decided": sb["decided"],
        "draws": res["wins"]["draws"]["count"],
        "unfinished": res["wins"]["unfinished"]["count"],
        "seats": [{"wins": s["wins"], "rate": s["rate"], "ci95": list(s["ci95"])} for s in sb["seats"]],
        "verdict": sb["verdict"],
        "games_needed": sb["games_needed"],
        "band": list(sb["band"]),
    }
    if measure == "bots":
        out["bots"] = []
        for b in res["bots"]:
            p = proportion(b["wins"]["count"], games)
            out["bots"].append({"bot": b["bot"], "wins": p["count"], "rate": p["rate"], "ci95": p["ci95"]})
    return out


def aim_met(entry: dict) -> bool | None:
    """Whether the entry's figures meet its ``aim`` (None: no aim, or not measured).

    ``fair``: the verdict is fair (every seat's interval inside the band); ``band``: every seat's share
    inside the band (1/N ± 5 points), its interval aside; ``beats:X``: the first bot won at least the
    share X of all the games; ``none``: the figure is quoted, not aimed at."""
    aim = entry.get("aim") or "none"
    result = (entry.get("measured") or {}).get("result")
    if result is None or aim == "none":
        return None
    if aim == "fair":
        return result["verdict"] == "fair"
    if aim == "band":
        low, high = result["band"]
        return result["decided"] > 0 and all(low <= seat["rate"] <= high for seat in result["seats"])
    if aim.startswith("beats:"):
        return result["bots"][0]["rate"] >= float(aim.split(":", 1)[1])
    raise LedgerError(_("{entry}: unknown aim {aim} (fair, band, beats:SHARE or none)").format(entry=entry["id"], aim=aim))


def measure(entry: dict, seed: int, base: Path | None = None, jobs: int = 1, progress=None) -> dict:
    """Play the entry's games from ``seed`` and return its new ``measured`` object (a
    :class:`rulekit.balance.simulate.SimulationInterrupted` on Ctrl-C, nothing kept)."""
    from .simulate import report

    rs = _resolve(entry["ruleset"], base)
    fam = _family(rs)
    bots = tuple(entry["bots"])
    doc = report(rs, entry["games"], bots, seed, jobs, progress=progress,
                 max_turns=entry.get("max_turns", 200))
    return {
        "sha256": rs.sha256,
        "bots": canonical_bots(bots, fam),
        "weights": bot_weights(bots, fam),
        "code": bot_code(bots, fam),
        "seed": seed,
        "date": _dt.date.today().isoformat(),
        "result": result_of(doc, entry["measure"]),
    }


def take_seeds(ledger: dict, games: int) -> int:
    """The first seed of a block of ``games`` seeds no entry of the ledger has used; ``next_seed`` moves past it."""
    seed = ledger["next_seed"]
    ledger["next_seed"] = seed + games
    return seed


def find(ledger: dict, ids) -> list:
    """The entries named by ``ids`` (:class:`LedgerError` naming an unknown one and the known ids)."""
    by_id = {e["id"]: e for e in ledger["entries"]}
    missing = [i for i in ids if i not in by_id]
    if missing:
        raise LedgerError(_("no entry {id} in the ledger; its entries: {ids}").format(
            id=missing[0], ids=", ".join(by_id)))
    return [by_id[i] for i in ids]
