"""Searching a ruleset's numbers for the variant that plays best: ``rulekit tune``.

A *search space* is one or more ``--vary PATH=LO..HI``: a numeric field of
the resolved ruleset (``structures.bank.cost.coin``, ``setup.starting_coins.1``)
and the whole numbers it may take. A *candidate* is one value per field. The
*target* says what "best" means: ``fair`` (every seat wins the same share
of the decided games between equal bots, 1/N with N players: half with two)
or ``first:P`` (the first seat wins a share P, the others the rest equally).
The number of players is the number of bots. A candidate's *distance* to the
target is the largest gap between a seat's share and its target share
(:func:`objective`); with two players, the first seat's gap (the second's is
the same).

The search is **sequential halving** (Karnin, Koren and Somekh 2013), the
racing method of the bandit literature for "find the best of many noisy
arms with a budget of samples" (docs/tune.md says why rather than NTBEA):

1. the candidates are the whole grid, or ``max_candidates`` of its points
   drawn with the seed when the grid is larger (the base ruleset's own
   values always among them when they are in the ranges);
2. there are ``R = ceil(log2 n)`` rounds; in each, every surviving
   candidate plays ``budget / (survivors × R)`` more games (rounded down to
   an even number, at least 2), then the better half (by distance to the
   target; ties: the earlier candidate) survives;
3. the last survivor is the answer; the candidates eliminated last are the
   runner-ups;
4. the answer is **played again on fresh games** — game indices after every
   index the search used, so seeds no candidate played — and that figure,
   not the search's, is the verdict (:func:`rulekit.balance.simulate.fairness`).
   The search's figure of its winner is biased towards the target: of many
   candidates measured with noise, the one that looks best is, on average,
   one whose noise happened to flatter it (the winner's curse).

**Several strengths.** ``strengths`` adds further sets of bots (``tune
--bots A,B --bots C,D``, weakest first, as ``rulekit simulate`` takes
them). The target then says at which strengths it must hold: ``fair`` and
``first:P`` at **each** strength (a candidate's distance is its worst
strength's, so the search keeps the setting whose worst strength is the
least unfair), ``strongest`` (a fair game) at the strongest set only, the
last one given. The search plays the strengths that count; the winner is
played again on fresh games at **every** strength, and the report and the
JSON give each strength's figures and verdict. The budget is the whole
search's: it is shared out equally among the strengths that count.

Every candidate plays the **same games**: game ``i`` of every candidate uses
the seeds and seats of game ``i`` of ``rulekit simulate`` with the same
``--seed`` (:func:`rulekit.balance.simulate.play_one`), so two candidates
differ by their rules only (common random numbers). Each round is one batch
of independent chunks of games, put back in order before any decision: the
answer depends on the seed, the budget and the space only — never on the
number of processes or the cluster.
"""
from __future__ import annotations

import copy
import itertools
import math
import random
import re
from dataclasses import dataclass, field

from ..bots import parse_bot
from ..errors import TuneError, printable
from ..i18n import N_, _, babel_locale, format_list, format_number, ngettext
from ..language import Ruleset, load_ruleset
from .backend import ClusterLost, open_backend

from .simulate import (
    DEFAULT_MAX_TURNS,
    check_bots,
    check_players,
    default_bots,
    fairness,
    play_chunk,
    portable,
    ruleset_info,
    seat_balance,
    strength_label,
    FAIR,
    UNDECIDED,
    UNFAIR,
)

FORMAT = "rulekit-tune"
FORMAT_VERSION = 3

DEFAULT_BUDGET = 2000
#: Candidates drawn from a larger grid.
DEFAULT_MAX_CANDIDATES = 32
#: Most values one ``--vary`` may span.
MAX_VALUES = 1000


# ---------------------------------------------------------------------------
# The search space


@dataclass(frozen=True)
class Vary:
    """One field to vary: its path in the resolved data and its range (whole numbers)."""

    path: tuple            # keys and list indexes
    lo: int
    hi: int
    base: object = None    # the base ruleset's value

    @property
    def name(self) -> str:
        return ".".join(str(k) for k in self.path)

    @property
    def values(self) -> range:
        return range(self.lo, self.hi + 1)


_VARY = re.compile(r"^\s*(?P<path>[^=]+?)\s*=\s*(?P<lo>-?[0-9]+)\s*\.\.\s*(?P<hi>-?[0-9]+)\s*$")
#: The most digits a --vary bound may have (a ruleset's numbers are far smaller; Python refuses to read
#: a number of more than 4,300 digits).
MAX_DIGITS = 9


def _split_path(text: str) -> list[str]:
    text = text.strip()
    if text.startswith("/"):
        return [p for p in text[1:].split("/")]
    return text.split(".")


def parse_vary(text: str, data: dict) -> Vary:
    """``"structures.bank.cost.coin=2..6"`` checked against the resolved ``data``; raises :class:`TuneError`."""
    m = _VARY.match(text or "")
    if not m:
        raise TuneError(_("cannot read --vary '{text}': write PATH=LO..HI, e.g. structures.bank.cost.coin=2..6 "
                          "(PATH: keys separated by dots, list positions from 0)").format(text=text))
    if any(len(m.group(k).lstrip("-")) > MAX_DIGITS for k in ("lo", "hi")):
        raise TuneError(_("--vary '{text}': a bound is not a whole number in range (at most {digits} digits)").format(
            text=printable(text[:60] + ("…" if len(text) > 60 else ""), keep=""), digits=MAX_DIGITS))
    lo, hi = int(m.group("lo")), int(m.group("hi"))

    if lo > hi:
        raise TuneError(_("--vary '{text}': the range {lo}..{hi} is empty (LO must not exceed HI)").format(
            text=text, lo=lo, hi=hi))
    if hi - lo + 1 > MAX_VALUES:
        raise TuneError(_("--vary '{text}': at most {most} values per field").format(text=text, most=MAX_VALUES))
    keys = _split_path(m.group("path"))
    node = data
    path = []
    for k in keys:
        where = ".".join(map(str, path)) or _("the ruleset")
        if isinstance(node, dict):
            if k not in node:
                raise TuneError(_("--vary '{text}': {where} has no field '{key}'; its fields: {fields}").format(
                    text=text, where=where, key=k, fields=", ".join(map(str, node)) or "—"))
            node = node[k]
            path.append(k)
        elif isinstance(node, list):
            if not k.isdigit() or int(k) >= len(node):
                raise TuneError(_("--vary '{text}': {where} is a list of {n} values: its positions are 0 to {last}").format(
                    text=text, where=where, n=len(node), last=len(node) - 1))
            node = node[int(k)]
            path.append(int(k))
        else:
            raise TuneError(_("--vary '{text}': {where} is a value, not a group of fields").format(
                text=text, where=where))
    if isinstance(node, bool) or not isinstance(node, int):
        raise TuneError(_("--vary '{text}': {path} is not a whole number (it is {value}); "
                          "tune varies numeric fields only").format(text=text, path=".".join(map(str, path)),
                                                                   value=node))
    return Vary(tuple(path), lo, hi, node)


def parse_target(text: str | None, players: int = 2) -> tuple[str, float]:
    """``fair`` -> ``("fair", 1/N)`` (``("fair", 0.5)`` with two players); ``first:0.55`` or
    ``first:55%`` -> ``("first", 0.55)``: the kind and the first seat's target share. ``strongest`` is
    ``fair`` at the strongest set of bots (:func:`target_over` says where a target must hold)."""
    t = (text or "fair").strip().lower()
    if t in ("fair", STRONGEST):
        return ("fair", 1 / players)
    m = re.match(r"^first:([0-9]*\.?[0-9]+)(%?)$", t)
    if m:
        v = float(m.group(1)) / (100 if m.group(2) else 1)
        if 0 <= v <= 1:
            return ("first", v)
    raise TuneError(_("unknown target '{text}'; targets: fair (every seat wins the same share of the decided "
                      "games, at every strength given), strongest (the same, between the strongest bots given, "
                      "the last --bots), first:P (the first seat wins a share P, e.g. first:0.55 or "
                      "first:55%)").format(text=text))


#: The target that counts the strongest set of bots only (a fair game between them).
STRONGEST = "strongest"
#: Where a target must hold, over several sets of bots: at each, or at the strongest (the last) only.
EACH = "each"


def target_over(text: str | None) -> str:
    """Where the target ``text`` must hold over several sets of bots: :data:`STRONGEST` for
    ``strongest`` (a fair game at the strongest set, the last given), else :data:`EACH` (every set).

    >>> target_over("fair"), target_over("first:0.5"), target_over(" Strongest ")
    ('each', 'each', 'strongest')
    """
    return STRONGEST if (text or "").strip().lower() == STRONGEST else EACH


def target_shares(kind: str, first: float, players: int) -> tuple:
    """Every seat's target share (:func:`parse_target` gives ``kind`` and ``first``): ``fair``, 1/N
    each; ``first``, the first seat ``first`` and the others the rest equally."""
    if kind == "fair":
        return (1 / players,) * players
    rest = (1 - first) / (players - 1)
    return (first,) + (rest,) * (players - 1)


def objective(balance: dict, shares) -> float:
    """A candidate's distance to the target: the largest ``|share_k − target_k|`` over the seats,
    from its :func:`rulekit.balance.simulate.seat_balance`. With two players the second seat's gap
    is the first's, and the first's alone is taken (``|rate − target|``, as when only the first
    seat was looked at); with no decided game, 1."""
    if not balance["decided"]:
        return 1.0
    seats = balance["seats"]
    if len(seats) == 2:
        return abs(seats[0]["rate"] - shares[0])
    return max(abs(s["rate"] - t) for s, t in zip(seats, shares))


def apply_values(data: dict, varies, values) -> dict:
    """A deep copy of ``data`` with each varied field set."""
    out = copy.deepcopy(data)
    for v, x in zip(varies, values):
        node = out
        for k in v.path[:-1]:
            node = node[k]
        node[v.path[-1]] = x
    return out


def candidate_grid(varies, seed: int, max_candidates: int) -> list[tuple]:
    """The candidates: every point of the grid, or ``max_candidates`` of them drawn with ``seed``."""
    sizes = [len(v.values) for v in varies]
    total = math.prod(sizes)
    if total <= max_candidates:
        return list(itertools.product(*(v.values for v in varies)))
    rng = random.Random(seed)
    picked = set()
    base = tuple(v.base for v in varies)
    if all(v.lo <= b <= v.hi for v, b in zip(varies, base)):
        picked.add(base)
    while len(picked) < max_candidates:
        picked.add(tuple(rng.choice(v.values) for v in varies))
    # Grid order, so that ties go to the same candidate whatever the draw order.
    return sorted(picked)


# ---------------------------------------------------------------------------
# The search


@dataclass
class Candidate:
    index: int
    values: tuple
    ruleset: Ruleset = field(repr=False)
    #: The games of the first set of bots that counts (the same list as ``runs[counted[0]]``).
    games: list = field(default_factory=list, repr=False)
    eliminated_in: int | None = None   # round, or None while alive / for the winner
    #: Per set of bots (strength), its games in the search (empty for a set that does not count).
    runs: list = field(default_factory=list, repr=False)

    def distances(self, shares, counted) -> list:
        """The distance to the target at each set of bots of ``counted`` (indices into ``runs``)."""
        return [objective(seat_balance(self.runs[k], len(shares)), shares) for k in counted]

    def worst(self, shares, counted) -> int:
        """The set of bots of ``counted`` furthest from the target (the earliest of equals)."""
        d = self.distances(shares, counted)
        return counted[max(range(len(d)), key=lambda i: (d[i], -i))]

    def score(self, shares, counted=(0,)) -> tuple:
        """(distance at the worst of the ``counted`` sets of bots, index): the smaller, the better."""
        return (max(self.distances(shares, counted)), self.index)


def _round_games(budget: int, survivors: int, rounds: int) -> int:
    g = budget // (survivors * rounds)
    return max(2, g - g % 2)


def plan_rounds(n: int, budget: int) -> list[tuple[int, int]]:
    """``[(survivors, new games each)]`` of sequential halving with ``n`` candidates."""
    rounds = max(1, math.ceil(math.log2(n))) if n > 1 else 1
    out = []
    alive = n
    for _r in range(rounds):
        out.append((alive, _round_games(budget, alive, rounds)))
        alive = max(1, math.ceil(alive / 2))
    return out


def fit_candidates(n: int, budget: int) -> int:
    """The most candidates (at most ``n``) whose first round still gives each 2 games."""
    while n > 1:
        rounds = math.ceil(math.log2(n))
        if budget // (n * rounds) >= 2:
            break
        n -= 1
    return n


@dataclass
class Progress:
    """What the progress callback is told after every chunk of games."""

    round: int
    rounds: int
    candidate: tuple          # values of the candidate whose games just finished
    games_done: int           # games played so far, all candidates
    games_total: int          # games the whole search plays
    best: tuple | None        # best values after the last finished round
    best_rate: float | None   # their share of the seat furthest from fair (two players: the first seat)
    fresh: bool = False       # True while the winner is played again on fresh seeds


def _headline_rate(games, players: int) -> float:
    """The share of the seat furthest from a fair one (with two players, the first seat's)."""
    balance = seat_balance(games, players)
    return balance["seats"][balance["furthest"]]["rate"]


def _chunked(start: int, stop: int, size: int):
    for i in range(start, stop, size):
        yield i, min(stop, i + size)


def fresh_games(played: int, players: int, fresh: int | None = None) -> int:
    """How many fresh games re-measure the winner: ``fresh``, or as many as the winner played in the
    search (``played``); rounded up to a whole number of seatings (``players²`` games: every bot in
    every place of the turn order, as often) and at least 2.

    >>> fresh_games(387, 2), fresh_games(10, 3), fresh_games(0, 2, 5)
    (388, 18, 8)
    """
    n = max(2, played if fresh is None else fresh)
    cycle = players * players
    return -(-n // cycle) * cycle
def _family_problems(family: str, data: dict, filename: str) -> list:
    """The problems of a candidate's data, as the checks of the ruleset's family find them."""
    from ..language import families
    from ..language.ruleset import Resolution

    return families.row(family).check(Resolution(file=filename, data=data, positions={}))


def _candidate_ruleset(rs, family: str, data: dict):
    """A candidate's ruleset, read as the family of ``rs`` reads its rules."""
    from ..language import families

    return families.row(family).load(id=rs.id, data=data, source=rs.source, chain=(), positions={})


def tune(ruleset, varies, target: str = "fair", bots=None, budget: int = DEFAULT_BUDGET, seed: int = 0,
         jobs: int = 1, cluster=None, backend=None, max_candidates: int = DEFAULT_MAX_CANDIDATES,
         max_turns: int | None = DEFAULT_MAX_TURNS, progress=None, checking=None, fresh: int | None = None,
         strengths=None) -> dict:
    """Search the ``varies`` of ``ruleset`` (see the module's documentation); the JSON-ready result.

    The winner is then played again on :func:`fresh_games` games (``fresh``: how many; None, as many as
    it played in the search) that follow every game of the search, so on seeds the search never used:
    ``result["fresh"]`` has that figure and its verdict.

    ``bots``: one per seat, as many as players (None: a greedy bot in every seat of the ruleset's
    smallest game). ``strengths``: further sets of as many bots, stronger ones last (``[("hard",
    "hard")]``); the target then holds at each set or at the strongest (:func:`target_over`), and the
    result has each set's figures under ``strengths`` (only when there are several sets, so that a
    one-strength result keeps its form). A ``KeyboardInterrupt`` stops the search: the result then says
    ``"interrupted": true`` and its ``best`` is the best candidate of the
    last finished round (None when no round finished). ``checking(n)`` is called before the
    ``n`` candidates are checked (which takes a while for thousands); a lost Dask scheduler stops the
    search like a Ctrl-C, with ``stopped_by`` saying so.
    """
    rs = ruleset if isinstance(ruleset, Ruleset) else load_ruleset(ruleset)
    varies = [v if isinstance(v, Vary) else parse_vary(v, rs.data) for v in varies]
    if not varies:
        raise TuneError(_("nothing to search: give at least one --vary PATH=LO..HI"))
    names = [v.name for v in varies]
    if len(set(names)) != len(names):
        raise TuneError(_("the same field is varied twice: {fields}").format(fields=", ".join(names)))
    family = rs.family
    bots = check_bots(bots if bots is not None else default_bots(rs), family)
    check_players(rs, bots)
    sets = [bots] + [check_bots(b, family) for b in (strengths or [])]
    for pair in sets[1:]:
        if len(pair) != len(bots):
            raise TuneError(_("every --bots must give as many bots: {first} and {other} differ").format(
                first=",".join(bots), other=",".join(pair)))
    players = len(bots)
    target_kind, target_rate = parse_target(target, players)
    over = target_over(target)
    counted = [len(sets) - 1] if over == STRONGEST else list(range(len(sets)))
    shares = target_shares(target_kind, target_rate, players)
    if budget < 2 * len(counted):
        raise TuneError(_("the budget must be at least 2 games for each strength that counts ({n})").format(
            n=len(counted)) if len(counted) > 1 else _("the budget must be at least 2 games"))
    share_budget = budget // len(counted)      # each strength that counts plays an equal share

    grid_size = math.prod(len(v.values) for v in varies)
    want = fit_candidates(min(grid_size, max_candidates), share_budget)
    points = candidate_grid(varies, seed, want)
    candidates = []
    invalid = []
    if checking:
        checking(len(points))        # the candidates are checked before the first game: said when it takes long
    for values in points:

        data = apply_values(rs.data, varies, values)
        problems = _family_problems(family, data, rs.source or rs.id)
        if problems:
            invalid.append({"values": dict(zip(names, values)), "problem": problems[0].message})
            continue
        runs = [[] for _s in sets]
        candidates.append(Candidate(len(candidates), values, _candidate_ruleset(rs, family, data),
                                    games=runs[counted[0]], runs=runs))
    if not candidates:
        raise TuneError(_("no candidate is a valid ruleset; the first problem: {problem}").format(
            problem=invalid[0]["problem"] if invalid else "—"))

    plan = plan_rounds(len(candidates), share_budget)
    search_total = sum(alive * g for alive, g in plan) * len(counted)
    winner_games = sum(g for _n, g in plan)
    fresh_total = fresh_games(winner_games, players, fresh)
    games_total = search_total + fresh_total * len(sets)
    alive = list(candidates)
    best = None
    interrupted = False
    stopped_by = None
    fresh_runs = None
    first_fresh = None
    rounds_done = []
    done = 0
    played = 0                # games per surviving candidate and strength so far
    own = backend is None
    be = None
    width = max(1, jobs or 1) if cluster is None else max(4, jobs or 1)

    def score(c):
        return c.score(shares, counted)

    def headline(c):
        return _headline_rate(c.runs[c.worst(shares, counted)], players)

    try:
        be = open_backend(jobs, cluster) if own else backend    # a Ctrl-C while the workers start stops the search too
        for r, (_n, new) in enumerate(plan):
            start, stop = played, played + new
            size = max(1, min(50, math.ceil(new * len(alive) * len(counted) / (width * 4))))
            tasks, owners = [], []
            for k in counted:
                for c in alive:
                    for a, b in _chunked(start, stop, size):
                        tasks.append((portable(c.ruleset), sets[k], seed, a, b, max_turns))
                        owners.append((c, k))

            def on_result(i, chunk, _r=r):
                nonlocal done
                done += len(chunk)
                if progress:
                    progress(Progress(_r + 1, len(plan), owners[i][0].values, done, games_total,
                                      best.values if best else None, headline(best) if best else None))

            parts = be.map(play_chunk, tasks, on_result)
            for (c, k), part in zip(owners, parts):
                c.runs[k].extend(part)
            played = stop
            ranked = sorted(alive, key=score)
            keep = max(1, math.ceil(len(alive) / 2)) if r < len(plan) - 1 else 1
            for c in ranked[keep:]:
                c.eliminated_in = r + 1
            best = ranked[0]
            rounds_done.append({"round": r + 1, "candidates": len(alive), "games_each": stop,
                                "kept": keep})
            alive = ranked[:keep]
        # The winner again, at every strength, on games after every game of the search: seeds no
        # candidate played.
        first_fresh = played
        size = max(1, min(50, math.ceil(fresh_total * len(sets) / (width * 4))))
        tasks, owners = [], []
        for k, pair in enumerate(sets):
            for a, b in _chunked(first_fresh, first_fresh + fresh_total, size):
                tasks.append((portable(best.ruleset), pair, seed, a, b, max_turns))
                owners.append(k)

        def on_fresh(_i, chunk):
            nonlocal done
            done += len(chunk)
            if progress:
                progress(Progress(len(plan), len(plan), best.values, done, games_total, best.values,
                                  headline(best), fresh=True))

        fresh_runs = [[] for _s in sets]
        for k, part in zip(owners, be.map(play_chunk, tasks, on_fresh)):
            fresh_runs[k].extend(part)
    except KeyboardInterrupt:
        interrupted = True
        fresh_runs = None
    except ClusterLost as exc:          # the scheduler died: the rounds that finished are reported
        interrupted = True
        stopped_by = str(exc)
        fresh_runs = None
    finally:
        if own and be is not None:
            be.close()

    several = len(sets) > 1

    def describe(c):
        k = c.worst(shares, counted) if c.runs[counted[0]] else counted[0]
        balance = seat_balance(c.runs[k], players)
        out = {"values": dict(zip(names, c.values)), "games": len(c.runs[k]), "seat_balance": balance,
               "distance": max(c.distances(shares, counted)) if balance["decided"] else None,
               "eliminated_in": c.eliminated_in}
        if several:
            out["worst_strength"] = k
            out["strengths"] = [strength_figures(sets[j], c.runs[j], players, shares, j in counted)
                                for j in range(len(sets))]
        return out

    # Runner-ups: those that played the most games (the last eliminated), then by score.
    others = [c for c in candidates if c is not best and c.games]
    others.sort(key=lambda c: (-len(c.games), score(c)))
    base_values = {v.name: v.base for v in varies}
    settings = {
        "vary": [{"path": v.name, "low": v.lo, "high": v.hi, "base": v.base} for v in varies],
        "target": {"kind": target_kind, "first_seat_rate": target_rate, "shares": list(shares)},
        "bots": list(bots), "budget": budget, "seed": seed, "max_turns": max_turns,
        "method": "sequential-halving", "grid_size": grid_size, "candidates": len(candidates),
        "max_candidates": max_candidates,
    }
    if several:
        settings["target"]["over"] = over
        settings["strengths"] = [list(pair) for pair in sets]
        settings["counted"] = list(counted)
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "ruleset": ruleset_info(rs),
        "settings": settings,
        "base_values": base_values,
        "invalid": invalid,
        "rounds": rounds_done,
        "games_played": sum(len(run) for c in candidates for run in c.runs),
        "interrupted": interrupted,
        "stopped_by": stopped_by,
        "best": describe(best) if best else None,
        "fresh": (describe_fresh_sets(sets, fresh_runs, first_fresh, players, shares, counted)
                  if fresh_runs is not None else None),
        "runner_ups": [describe(c) for c in others[:5]],
        "candidates": [describe(c) for c in candidates],
    }


def strength_figures(bots, games, players: int, shares, counted: bool) -> dict:
    """One set of bots' figures for a candidate: its games, seat balance, distance to the target, verdict,
    and whether it counts for the target (``counted``)."""
    balance = seat_balance(games, players)
    judged = fairness(balance)
    return {"bots": list(bots), "strength": strength_label(bots), "counted": counted, "games": len(games),
            "seat_balance": balance, "distance": objective(balance, shares) if balance["decided"] else None,
            "verdict": judged["verdict"], "games_needed": judged["games_needed"]}


def combined_verdict(verdicts) -> str | None:
    """The verdict over several strengths that count: unfair if one is unfair, fair if every one is fair,
    else not enough games to tell (None when no game was decided at one of them).

    >>> combined_verdict(["fair", "fair"]), combined_verdict(["fair", "undecided"]), combined_verdict(["fair", "unfair"])
    ('fair', 'undecided', 'unfair')
    """
    verdicts = list(verdicts)
    if UNFAIR in verdicts:
        return UNFAIR
    if any(v is None for v in verdicts):
        return None
    if all(v == FAIR for v in verdicts):
        return FAIR
    return UNDECIDED


def describe_fresh_sets(sets, runs, first: int, players: int, shares, counted) -> dict:
    """The winner's fresh games at every set of bots: the figures of the set that counts and is furthest
    from the target (with one set, :func:`describe_fresh`'s), and with several sets each set's figures under
    ``strengths`` and a ``verdict`` over the sets that count (:func:`combined_verdict`)."""
    if len(sets) == 1:
        return describe_fresh(runs[0], first, players, shares)
    figures = [strength_figures(pair, run, players, shares, k in counted) for k, (pair, run) in
               enumerate(zip(sets, runs))]
    worst = max(counted, key=lambda k: (figures[k]["distance"] if figures[k]["distance"] is not None else 2, -k))
    out = describe_fresh(runs[worst], first, players, shares)
    out["worst_strength"] = worst
    out["verdict"] = combined_verdict(figures[k]["verdict"] for k in counted)
    needed = [figures[k]["games_needed"] for k in counted if figures[k]["verdict"] == UNDECIDED]
    out["games_needed"] = max((n for n in needed if n is not None), default=None) if out["verdict"] == UNDECIDED \
        else None
    out["strengths"] = figures
    return out


def describe_fresh(games, first: int, players: int, shares) -> dict:
    """The winner's figures on fresh games (``first``: the index of the first, after the search's):
    its seat balance, distance to the target, and verdict (:func:`rulekit.balance.simulate.fairness`)."""
    balance = seat_balance(games, players)
    judged = fairness(balance)
    return {"games": len(games), "first_game": first, "seat_balance": balance,
            "distance": objective(balance, shares) if balance["decided"] else None,
            "verdict": judged["verdict"], "games_needed": judged["games_needed"]}


# ---------------------------------------------------------------------------
# The house rule


def _nest(path, value, into: dict, data: dict):
    """Put ``value`` at ``path`` of the patch ``into``; a list is written whole (a patch replaces lists)."""
    node, src = into, data
    for i, k in enumerate(path):
        if isinstance(src, list):
            raise AssertionError("lists are handled by the caller")
        last = i == len(path) - 1
        nxt = src[k]
        if last:
            node[k] = value
            return
        if isinstance(nxt, list):
            lst = node.get(k) if isinstance(node.get(k), list) else list(nxt)
            # the rest of the path is one index into this list (numbers only)
            sub = lst
            rest = path[i + 1:]
            for j, kk in enumerate(rest[:-1]):
                sub = sub[kk]
            sub[rest[-1]] = value
            node[k] = lst
            return
        node = node.setdefault(k, {})
        src = nxt


#: The words a house rule ``tune`` writes starts with (after "# "), in the language of the run: a file that starts
#: with them in any language may be replaced by the next run.
TUNE_MARK = N_("Chosen by rulekit tune")


def _percent(x: float, digits: int = 1) -> str:
    """A share as a percentage in the language's pattern (``62.4%``, ``62,4 %``)."""
    from babel.numbers import format_percent

    loc = babel_locale()
    pattern = loc.percent_formats[None].pattern
    if digits:
        pattern = pattern.replace("#,##0", "#,##0." + "0" * digits, 1)
    return format_percent(x, format=pattern, locale=loc)


def house_rule(result: dict, base_ref: str, ruleset_data: dict, new_id: str, title: str,
               command: str) -> str:
    """The YAML text of the winning variant: ``extends`` the input and sets the chosen values."""
    import yaml

    best = result["best"]
    patch: dict = {}
    changed = []
    for v in result["settings"]["vary"]:
        value = best["values"][v["path"]]
        if value != v["base"]:
            keys = [int(k) if k.isdigit() else k for k in v["path"].split(".")]
            _nest(keys, value, patch, ruleset_data)
            changed.append(f"{v['path']}: {v['base']} -> {value}")
    balance = best["seat_balance"]
    # The comments are in the language of the run, as the title and the description; the first line starts with
    # TUNE_MARK in that language (an earlier tune's output, which a new run may replace, is known by it).
    lines = [
        "# " + _("{mark} (sequential halving over {n} candidates, {g} games in all).").format(
            mark=_(TUNE_MARK), n=format_number(result["settings"]["candidates"]),
            g=format_number(result["games_played"])),
    ]

    def shares_text(balance):
        seats = balance["seats"]
        if len(seats) == 2:
            return _("the first seat wins {rate} of {decided} decided games ({level} interval {low} to {high})").format(
                rate=_percent(seats[0]["rate"]), decided=format_number(balance["decided"]), level=_percent(0.95, 0),
                low=_percent(seats[0]["ci95"][0]), high=_percent(seats[0]["ci95"][1]))
        return _("of {decided} decided games, the seats in turn order win {shares}").format(
            decided=format_number(balance["decided"]), shares=format_list(
                [_("{rate} ({low} to {high})").format(rate=_percent(s["rate"]), low=_percent(s["ci95"][0]),
                                                     high=_percent(s["ci95"][1])) for s in seats]))

    worst = best.get("worst_strength")
    if worst is None:
        lines.append("# " + _("In the search {shares},").format(shares=shares_text(balance)))
    else:
        lines.append("# " + _("In the search, at its strength furthest from the target ({strength}), {shares},").format(
            strength=best["strengths"][worst]["strength"], shares=shares_text(balance)))
    fresh = result.get("fresh")
    words = {"fair": N_("fair"), "unfair": N_("unfair"), "undecided": N_("not enough games to tell")}

    def fresh_line(figures, bots, strength=None, counted=True):
        verdict = _(words[figures["verdict"]])
        if figures["verdict"] == "fair" and not any(parse_bot(b).searches for b in bots):
            verdict = _("within the fairness band, but between bots that do not look ahead: no verdict on the rules")
        shares = shares_text(figures["seat_balance"])
        n = figures["games"]
        if strength is None:
            text = ngettext("on {num} fresh game (seeds the search never used) {shares}: {verdict},",
                            "on {num} fresh games (seeds the search never used) {shares}: {verdict},", n)
        elif counted:
            text = ngettext("at {strength}, on {num} fresh game (seeds the search never used) {shares}: {verdict},",
                            "at {strength}, on {num} fresh games (seeds the search never used) {shares}: {verdict},", n)
        else:
            text = ngettext("at {strength} (not in the target), on {num} fresh game (seeds the search never used) "
                            "{shares}: {verdict},",
                            "at {strength} (not in the target), on {num} fresh games (seeds the search never used) "
                            "{shares}: {verdict},", n)
        return "# " + text.format(strength=strength, num=format_number(n), shares=shares, verdict=verdict)

    if fresh is not None and fresh.get("strengths"):
        for f in fresh["strengths"]:
            if f["seat_balance"]["decided"]:
                lines.append(fresh_line(f, f["bots"], f["strength"], f["counted"]))
    elif fresh is not None and fresh["seat_balance"]["decided"]:
        lines.append(fresh_line(fresh, result["settings"]["bots"]))
    sets = result["settings"].get("strengths") or [result["settings"]["bots"]]
    lines += [
        "# " + _("bots {bots}, seed {seed}.").format(
            bots="; ".join(_("{bot_a} vs {bot_b}").format(bot_a=b[0], bot_b=b[1]) if len(b) == 2
                           else format_list(b) for b in sets), seed=result["settings"]["seed"]),
        "# " + _("Reproduce: {command}").format(command=command),
    ]
    if result["interrupted"]:
        lines.append("# " + _("The search was interrupted: this is the best candidate of its last finished round."))
    lines += ["# " + _("Changed: {change}").format(change=c) for c in changed] or \
        ["# " + _("Changed: nothing (the base values were best).")]
    head = {"extends": base_ref, "id": new_id, "title": title,
            # the description in the language of the run (French with --lang fr), as the title
            "description": _("Tuned by simulation: {changes}.").format(
                changes=", ".join(changed) if changed else _("no change"))}
    text = "\n".join(lines) + "\n"
    text += yaml.safe_dump(head, sort_keys=False, allow_unicode=True, width=100)
    if patch:
        text += "\n" + yaml.safe_dump(patch, sort_keys=False, allow_unicode=True, default_flow_style=None)
    return text

