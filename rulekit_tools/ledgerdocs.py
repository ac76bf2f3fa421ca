"""Write the docs' balance tables from the balance ledger (a developer tool).

::

    python -m rulekit_tools.ledgerdocs            # rewrite every table in docs/*.md from docs/balance-ledger.json
    python -m rulekit_tools.ledgerdocs --check    # exit 1, naming the files, when a table differs from the ledger

A table lives in a document between two comment lines::

    <!-- ledger-table: seats -->
    | ... generated ... |
    <!-- end ledger-table -->

The name after ``ledger-table:`` picks the entries whose ``tables`` list it; ``seats`` (and
``provisions``, the same columns for the other game) tables list each seat's share of the decided games with its 95% interval and the verdict, ``ladder`` tables each level's
wins against the level below. The entries come in the ledger's order. ``tests/test_balance_ledger.py``
fails when a document's table is not what this tool writes (CI runs it; it plays no games).
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LEDGER = ROOT / "docs" / "balance-ledger.json"
DOCS = ROOT / "docs"

BLOCK = re.compile(r"(<!-- ledger-table: (?P<name>[a-z0-9-]+) -->\n)(?P<body>.*?)(<!-- end ledger-table -->)", re.S)
SEAT = ("first", "second", "third", "fourth", "fifth")
AIM = {"fair": "fair", "band": "every share within 1/N ± 5 points", "none": "—"}
VERDICT = {"fair": "fair", "unfair": "**unfair**", "undecided": "not enough games to tell", None: "no game decided"}


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _interval(ci) -> str:
    return f"{_pct(ci[0])} to {_pct(ci[1])}"


def _seeds(m: dict) -> str:
    games = m["result"]["games"]
    return f"{m['seed']:,}–{m['seed'] + games - 1:,}"


def _aim(entry: dict) -> str:
    from rulekit.balance.ledger import aim_met

    met = aim_met(entry)
    return "—" if met is None else ("yes" if met else "**no**")


def _bots(bots) -> str:
    return " / ".join(f"`{b}`" for b in bots) if len(set(bots)) > 1 else f"`{bots[0]}` ×{len(bots)}"


def _searches(entry: dict) -> bool:
    """Whether a bot of the entry looks ahead (between bots that do not, a share is no verdict on the rules)."""
    from rulekit.balance.ledger import _family, _resolve
    from rulekit.bots.registry import parse_bot

    family = _family(_resolve(entry["ruleset"], None))
    return any(parse_bot(b, family=family).searches for b in entry["measured"]["bots"])


def _settle(res: dict, entry: dict) -> str:
    """The verdict, and for an undecided one about how many games would settle it, and which way; between
    bots that do not look ahead, a share inside the band is not called fair (as ``rulekit simulate`` says)."""
    if not _searches(entry):
        band = res["band"]
        if all(band[0] <= s["ci95"][0] and s["ci95"][1] <= band[1] for s in res["seats"]):
            return "within the band, but between bots that do not look ahead: no verdict on the rules"
        if res["verdict"] != "unfair":
            return "not enough games to tell (between bots that do not look ahead)"
    text = VERDICT[res["verdict"]]
    if res["verdict"] == "undecided" and res.get("games_needed"):
        band = res["band"]
        inside = all(band[0] <= s["rate"] <= band[1] for s in res["seats"])
        text += f" (about {res['games_needed']:,} games would settle it, {'fair' if inside else 'unfair'} " \
                "if the shares held)"
    return text


def seats_table(entries) -> list[str]:
    out = ["| ruleset | bots | games (decided) | seeds | every seat's share, first player first (95% interval) "
           "| verdict | aim | aim met? | resolved hash |",
           "|---|---|---|---|---|---|---|---|---|"]
    for e in entries:
        m = e.get("measured")
        if not m:
            out.append(f"| {e['ruleset']} | {_bots(e['bots'])} | not measured | — | — | — | {AIM[e['aim']]} | — | — |")
            continue
        res = m["result"]
        shares = "; ".join(f"{SEAT[k]} {_pct(s['rate'])} ({_interval(s['ci95'])})" for k, s in enumerate(res["seats"]))
        out.append(f"| {e['ruleset']} | {_bots(m['bots'])} | {res['games']:,} ({res['decided']:,}) | {_seeds(m)} "
                   f"| {shares} | {_settle(res, e)} | {AIM[e['aim']]} | {_aim(e)} | `{m['sha256'][:12]}` |")
    return out


def ladder_table(entries) -> list[str]:
    out = ["| step | games | seeds | W–L (drawn or unfinished) | win rate (95% interval) | ≥ 70%? | resolved hash |",
           "|---|---|---|---|---|---|---|"]
    for e in entries:
        m = e.get("measured")
        step = f"`{e['bots'][0]}` vs `{e['bots'][1]}`"
        if not m:
            out.append(f"| {step} | not measured | — | — | — | — | — |")
            continue
        res = m["result"]
        up, down = res["bots"]
        other = res["games"] - up["wins"] - down["wins"]
        step = f"`{m['bots'][0]}` vs `{m['bots'][1]}`"
        out.append(f"| {step} | {res['games']:,} | {_seeds(m)} | {up['wins']}–{down['wins']} ({other}) "
                   f"| {_pct(up['rate'])} ({_interval(up['ci95'])}) | {_aim(e)} | `{m['sha256'][:12]}` |")
    return out


TABLES = {"seats": seats_table, "ladder": ladder_table, "provisions": seats_table}


def table(ledger: dict, name: str) -> str:
    """The text of table ``name`` (its lines, each ending in a newline)."""
    if name not in TABLES:
        raise SystemExit(f"unknown ledger table {name!r}; the tables: {', '.join(TABLES)}")
    entries = [e for e in ledger["entries"] if name in e.get("tables", ())]
    return "".join(line + "\n" for line in TABLES[name](entries))


def render(text: str, ledger: dict) -> str:
    """``text`` with every ledger table written from ``ledger``."""
    return BLOCK.sub(lambda m: m.group(1) + table(ledger, m.group("name")) + m.group(4), text)


def documents(docs: Path = DOCS) -> list[Path]:
    """The documents that hold a ledger table."""
    return [p for p in sorted(docs.glob("*.md")) if BLOCK.search(p.read_text(encoding="utf-8"))]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ledger", default=str(LEDGER))
    ap.add_argument("--check", action="store_true", help="change nothing; exit 1 when a table differs")
    args = ap.parse_args(argv)
    ledger = json.loads(Path(args.ledger).read_text(encoding="utf-8"))
    differ = []
    for path in documents():
        old = path.read_text(encoding="utf-8")
        new = render(old, ledger)
        if new != old:
            differ.append(path)
            if not args.check:
                path.write_text(new, encoding="utf-8")
    for path in differ:
        print(f"{path.relative_to(ROOT)}: {'differs from the ledger' if args.check else 'tables rewritten'}")
    return 1 if differ and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
