"""Many games between bots, and what they say about a ruleset.

:func:`run` plays ``games`` seeded games of a ruleset (optionally on several
processes) and returns one small :class:`GameSummary` per game, in seed
order; :func:`statistics` turns them into the figures ``rulekit simulate``
reports (a JSON-ready dict, see docs/simulate.md and
docs/schemas/simulate.schema.json); :func:`compare` puts two sets of
figures side by side with the confidence interval of each difference.

A run plays ``n`` bots (A, B, C…), one per seat: as many players as bots.
Game ``i`` (0-based) of a run with seed ``S``:

- is played with game seed ``S + i``;
- seats bot A in seat ``i mod n``, bot B in the seat after it, and so on
  (with two bots: A in seat 0 when ``i`` is even, in seat 1 when it is odd);
- when the ruleset lets the players choose who starts, seat
  ``(i // n) mod n`` starts, so that each bot starts as often as the others
  and plays each place in the turn order as often (every ``n`` games); when
  the ruleset draws the first player, the game seed decides;
- gives bot ``j`` (A = 0) the seed ``n (S + i) + j`` (with two bots: A
  ``2 (S + i)``, B ``2 (S + i) + 1``);
- stops, *unfinished*, if it has not ended after ``max_turns`` turns (every
  player's turns counted; :data:`DEFAULT_MAX_TURNS` by default). Bots can
  stall, none able to build. An unfinished game has no winner: it is
  counted in ``wins.unfinished`` and ``end_reasons.unfinished``, never as a
  win or a draw, and its length is left out of the game length figures.

A *seat* in the figures is a place in the turn order: the first seat is the
first player's, the second seat the player's after, and so on. A game whose
best players are level on victory points and every tie-break is a draw, as
with two players: no seat wins it.

Everything about a game depends on its index and the seed only, and the
figures are computed from the summaries in seed order, so the result is the
same whatever the number of processes.

The confidence intervals are 95% intervals: Wilson score intervals for a
proportion, Newcombe's hybrid score interval (method 10 of Newcombe 1998) for
a difference of two proportions, and the normal approximation for a mean and
for a difference of two means (Welch's standard error).
"""
from __future__ import annotations

import math
import statistics as _stats
from dataclasses import dataclass

from ..bots import canonical_bot, make_bot, parse_bot, play_game
from ..errors import BotSpecError, PlayerCountError, Text
from ..i18n import N_, _
from ..language import Ruleset, load_ruleset
from . import families
from .backend import ClusterLost, open_backend, parent_gone

#: The two-sided 95% normal quantile.
Z95 = 1.959963984540054

FORMAT = "rulekit-simulate"
FORMAT_VERSION = 4

#: ``seat_balance.seat_decides``: a seat wins at least this share of decided games (95% interval).
SEAT_DECIDES = 0.9

#: The bots of a run when none are given: this one in every seat, as many as the ruleset's fewest players.
DEFAULT_BOT = "greedy"
DEFAULT_BOTS = ("greedy", "greedy")

#: A game still running after this many turns stops and counts as unfinished
#: (greedy games of the bundled rulesets last about 14 and 29 turns).
DEFAULT_MAX_TURNS = 200


# ---------------------------------------------------------------------------
# Confidence intervals


def wilson_interval(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials.

    >>> [round(x, 4) for x in wilson_interval(81, 263)]
    [0.2553, 0.3662]
    """
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    z2 = z * z
    denom = 1 + z2 / n
    center = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return (max(0.0, center - half), min(1.0, center + half))


def proportion_difference(k1: int, n1: int, k2: int, n2: int, z: float = Z95) -> tuple[float, float, float]:
    """``p1 − p2`` and Newcombe's hybrid score interval for it (independent samples).

    >>> [round(x, 4) for x in proportion_difference(56, 70, 48, 80)]
    [0.2, 0.0524, 0.3339]
    """
    p1 = k1 / n1 if n1 else 0.0
    p2 = k2 / n2 if n2 else 0.0
    l1, u1 = wilson_interval(k1, n1, z)
    l2, u2 = wilson_interval(k2, n2, z)
    d = p1 - p2
    lo = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    hi = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return (d, lo, hi)


def mean_interval(mean: float, sd: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Normal-approximation interval of a mean."""
    if n <= 1:
        return (mean, mean)
    half = z * sd / math.sqrt(n)
    return (mean - half, mean + half)


def mean_difference(m1: float, sd1: float, n1: int, m2: float, sd2: float, n2: int,
                    z: float = Z95) -> tuple[float, float, float]:
    """``m1 − m2`` and its normal-approximation interval (Welch's standard error)."""
    se = math.sqrt((sd1 * sd1 / n1 if n1 else 0.0) + (sd2 * sd2 / n2 if n2 else 0.0))
    d = m1 - m2
    return (d, d - z * se, d + z * se)


# ---------------------------------------------------------------------------
# Playing


@dataclass(frozen=True)
class GameSummary:
    """What the statistics need from one finished game (small, picklable)."""

    index: int
    seed: int
    first: int                 # seat that played first
    order: tuple               # the seats in turn order, from the first player's
    seat_of_a: int             # seat of bot A (bot j sits in seat (seat_of_a + j) mod players)
    winner: int | None         # seat, or None for a tie or an unfinished game
    decided_by: str | None     # None for an unfinished game
    turns: int                 # turns played (every player's turns counted)
    actions: int
    scores: tuple              # per seat (seat 0, seat 1, …)
    sources: tuple             # per seat: tuple of VP per source, in the order of the family's sources
    first_builder: tuple       # per structure: seat that built it first, or -1
    built: tuple               # per structure: how many players built it
    goals: tuple               # per goal: -3 not drawn, -2 drawn but not reached, -1 removed, seat if claimed
    end_reason: str | None
    finished: bool = True      # False: stopped at the turn cap
    sold: tuple = ()           # Provisions family: per seat, the prospectors provisioned

    @property
    def players(self) -> int:
        return len(self.order)

    def place(self, seat: int) -> int:
        """Where ``seat`` plays in the turn order: 0 for the first player, 1 for the next…"""
        return self.order.index(seat)

    def seat_of_bot(self, j: int) -> int:
        """The seat of bot ``j`` (A = 0)."""
        return (self.seat_of_a + j) % len(self.order)


def game_plan(index: int, seed: int, first_random: bool, players: int = 2) -> tuple:
    """``(game seed, seat of bot A, first player or None, seed of bot A, seed of bot B, …)`` for
    game ``index`` of a run with ``players`` bots."""
    game_seed = seed + index
    seat_of_a = index % players
    first = None if first_random else (index // players) % players
    return (game_seed, seat_of_a, first, *(players * game_seed + j for j in range(players)))


def turn_order(c, first: int) -> tuple:
    """The seats in turn order from ``first`` (``c``: the compiled ruleset)."""
    order = [first]
    while len(order) < c.n_players:
        order.append(c.next_seat[order[-1]])
    return tuple(order)


def play_one(ruleset, bot_names, index: int, seed: int, max_turns: int | None = DEFAULT_MAX_TURNS,
             max_actions: int = 100000) -> GameSummary:
    """Play game ``index`` of a run between ``bot_names``, one per seat (see the module's documentation), as the
    ruleset's family plays and sums up a game (its row in :data:`rulekit.balance.families.FAMILIES`)."""
    return families.row(ruleset).play(ruleset, bot_names, index, seed, max_turns, max_actions)


def play_planned(ruleset, bot_names, index: int, seed: int, first_random, max_turns, max_actions):
    """Game ``index`` of a run, played by the plan of seeds and seats (:func:`game_plan`) of either family:
    ``(final state, game seed, seat of bot A)``."""
    players = len(bot_names)
    game_seed, seat_of_a, first, *bot_seeds = game_plan(index, seed, first_random, players)
    seats = [None] * players
    for j, (name, bot_seed) in enumerate(zip(bot_names, bot_seeds)):
        seats[(seat_of_a + j) % players] = make_bot(name, bot_seed, family=ruleset.family)
    try:
        st = play_game(ruleset, seats, seed=game_seed, first_player=first, max_actions=max_actions,
                       max_turns=max_turns)
    except RuntimeError:
        raise RuntimeError(f"game {index} did not end after {max_actions} actions") from None
    return st, game_seed, seat_of_a


_WORKER_RULESETS: dict = {}


class SimulationInterrupted(Exception):
    """Ctrl-C during a run: ``runs`` holds the games finished so far, per ruleset
    (in seed order); ``doc`` the report on them, when :func:`report` was running."""

    def __init__(self, runs, total: int, reason: str | None = None):
        super().__init__("interrupted")
        self.runs = runs
        self.total = total
        self.doc = None
        #: None for a Ctrl-C; else why the run stopped (the Dask scheduler was lost), a message.
        self.reason = reason

    @property
    def finished(self) -> int:
        return sum(len(r) for r in self.runs)


def portable(ruleset: Ruleset) -> tuple[str, Ruleset]:
    """``(content hash, ruleset)`` as sent to a worker: the resolved data only, no file needed there
    (typed rules of another kind go as they are: their rules are read out already)."""
    if type(ruleset) is not Ruleset:
        return ruleset.sha256, ruleset
    return ruleset.sha256, Ruleset(id=ruleset.id, data=ruleset.data, source=ruleset.source)


def _worker_ruleset(key, rs):
    # One compiled ruleset per content, per process (tasks carry the data; a
    # worker on another machine needs no file).
    cached = _WORKER_RULESETS.get(key)
    if cached is None:
        cached = _WORKER_RULESETS[key] = rs
    return cached


def play_chunk(task):
    """Play games ``start`` to ``stop`` of a run: ``task`` is
    ``((key, ruleset), bots, seed, start, stop, max_turns)``; a list of :class:`GameSummary`."""
    (key, rs), bot_names, seed, start, stop, max_turns = task
    rs = _worker_ruleset(key, rs)
    out = []
    for i in range(start, stop):
        parent_gone()       # a local worker whose parent is gone stops rather than play on as an orphan
        out.append(play_one(rs, bot_names, i, seed, max_turns))
    return out


def _chunks(games: int, jobs: int) -> list[tuple[int, int]]:
    size = max(1, min(100, math.ceil(games / (jobs * 8))))
    return [(i, min(games, i + size)) for i in range(0, games, size)]


def check_bots(bots, family: str | None = None) -> tuple:
    """The canonical specs of ``bots`` (``mcts`` -> ``mcts:1000``) for a ruleset of ``family`` (None: any bot
    of the registry); raises :class:`rulekit.errors.BotSpecError`."""
    return tuple(canonical_bot(b, family) for b in bots)


class BotCountError(PlayerCountError):
    """A number of bots that is not a number of players the ruleset allows (one bot per seat): the
    engine's message, which names the numbers allowed, and what to do about it."""

    def __init__(self, asked: int, allowed: range, ruleset: str = ""):
        super().__init__(asked, allowed, ruleset)
        self.args = (Text(N_("{problem}: give one bot per player"), problem=self.args[0]),)


def check_players(ruleset, bots) -> None:
    """Refuse ``bots`` whose number is not a number of players ``ruleset`` allows: :class:`BotCountError`."""
    if len(bots) not in ruleset.player_counts:
        raise BotCountError(len(bots), ruleset.player_counts, ruleset.id)


def default_bots(ruleset) -> tuple:
    """:data:`DEFAULT_BOT` in every seat of the smallest game ``ruleset`` allows."""
    return (DEFAULT_BOT,) * ruleset.min_players


def run_many(refs, games: int, bots=None, seed: int = 0, jobs: int = 1, progress=None,
             max_turns: int | None = DEFAULT_MAX_TURNS, cluster=None, backend=None):
    """Play ``games`` games of each ruleset in ``refs`` (ids, paths or :class:`Ruleset`).

    ``bots``: one per seat (None: :func:`default_bots` of the first ruleset).
    Returns one list of :class:`GameSummary` per ruleset, in seed order.
    ``progress(n)`` is called with the number of games just finished.
    The games are played in chunks of consecutive seeds by ``jobs`` local
    processes, on the Dask ``cluster`` (:mod:`rulekit.balance.backend`) or on
    an open ``backend``; the result depends on none of them. A game still
    running after ``max_turns`` turns stops, unfinished. There are as many
    players as ``bots`` (:class:`BotCountError` if a ruleset does not allow it).
    """
    rulesets = [r if isinstance(r, Ruleset) else load_ruleset(r) for r in refs]
    bots = check_bots(bots if bots is not None else default_bots(rulesets[0]), rulesets[0].family)
    for rs in rulesets:
        check_players(rs, bots)
    width = max(1, jobs) if cluster is None else max(4, jobs or 1)
    chunks = _chunks(games, width)
    tasks = [(portable(rs), bots, seed, start, stop, max_turns) for rs in rulesets for start, stop in chunks]

    def done(_i, chunk):
        if progress:
            progress(len(chunk))

    slots = [None] * len(tasks)

    def keep(i, chunk):
        slots[i] = chunk
        done(i, chunk)

    def finished():
        out = []
        for k in range(len(rulesets)):
            out.append([g for part in slots[k * len(chunks):(k + 1) * len(chunks)] if part for g in part])
        return out

    try:
        if backend is not None:
            backend.map(play_chunk, tasks, keep)
        else:
            with open_backend(jobs if games > 1 else 1, cluster) as be:
                be.map(play_chunk, tasks, keep)
    except KeyboardInterrupt:
        raise SimulationInterrupted(finished(), games * len(rulesets)) from None
    except ClusterLost as exc:            # the games that finished are reported, with the reason
        raise SimulationInterrupted(finished(), games * len(rulesets), str(exc)) from None
    results = finished()

    return results


def run(ref, games: int, bots=None, seed: int = 0, jobs: int = 1, progress=None,
        max_turns: int | None = DEFAULT_MAX_TURNS, cluster=None, backend=None):
    """Play ``games`` games of one ruleset; see :func:`run_many`."""
    return run_many([ref], games, bots, seed, jobs, progress, max_turns, cluster, backend)[0]


# ---------------------------------------------------------------------------
# Statistics


def proportion(k: int, n: int) -> dict:
    lo, hi = wilson_interval(k, n)
    return {"count": k, "n": n, "rate": k / n if n else 0.0, "ci95": [lo, hi]}


def summary(values) -> dict:
    values = list(values)
    n = len(values)
    if n == 0:
        return {"n": 0, "mean": 0.0, "sd": 0.0, "ci95": [0.0, 0.0], "min": 0, "q1": 0, "median": 0, "q3": 0, "max": 0}
    mean = math.fsum(values) / n
    sd = _stats.stdev(values) if n > 1 else 0.0
    if n > 1:
        q1, med, q3 = _stats.quantiles(values, n=4, method="inclusive")
    else:
        q1 = med = q3 = values[0]
    lo, hi = mean_interval(mean, sd, n)
    return {"n": n, "mean": mean, "sd": sd, "ci95": [lo, hi], "min": min(values),
            "q1": q1, "median": med, "q3": q3, "max": max(values)}


def ruleset_info(rs) -> dict:
    return {"id": rs.id, "title": rs.title, "sha256": rs.sha256, "source": rs.source}


def _wins_by_place(games: list[GameSummary], players: int) -> list[int]:
    """Games won by each place in the turn order (draws and unfinished games left out)."""
    wins = [0] * players
    for g in games:
        if g.winner is not None:
            wins[g.place(g.winner)] += 1
    return wins


def statistics(ruleset, games: list[GameSummary], bots=DEFAULT_BOTS) -> dict:
    """The figures of a run (the ``results`` object of the JSON output), one entry per seat where
    the figure is a seat's (``seats``, ``first_by_seat``, ``claimed_by_seat``): a seat is a place
    in the turn order, the first player's first. Each family sums its games up its own way (its row in
    :data:`rulekit.balance.families.FAMILIES`)."""
    return families.row(ruleset).statistics(ruleset, games, bots)


def outcome_counts(games: list[GameSummary], players: int) -> tuple:
    """(games, wins by place in the turn order, decided games, draws, unfinished games, wins by bot) of a run."""
    seat_wins = _wins_by_place(games, players)
    draws = sum(1 for g in games if g.winner is None and g.finished)
    unfinished = sum(1 for g in games if not g.finished)
    bot_wins = [sum(1 for g in games if g.winner is not None and g.winner == g.seat_of_bot(j))
                for j in range(players)]
    return len(games), seat_wins, sum(seat_wins), draws, unfinished, bot_wins


def common_statistics(games: list[GameSummary], bots, decided_keys, head: dict | None = None) -> dict:
    """The figures of a run every family reports, in the report's order: the games, the players (then
    ``head``'s entries), the wins by seat and by bot, draws and unfinished games, what decided the games
    (every key of ``decided_keys`` listed, even when no game had it), their length, and the VP per player
    and the margin between the two best scores. A family's row adds its own (the VP by source last in
    ``vp``, then its entries)."""
    players = len(bots)
    n, seat_wins, decided_games, draws, unfinished, bot_wins = outcome_counts(games, players)
    decided = {k: 0 for k in decided_keys}
    for g in games:
        if g.finished:
            decided[g.decided_by] = decided.get(g.decided_by, 0) + 1
    by_place = [[] for _ in range(players)]
    totals, margins = [], []
    for g in games:
        totals.extend(g.scores[p] for p in range(players))
        for k, seat in enumerate(g.order):
            by_place[k].append(g.scores[seat])
        if g.finished:                   # an unfinished game has no winner, hence no margin
            top = sorted(g.scores, reverse=True)
            margins.append(top[0] - top[1])
    return {
        "games": n,
        "players": players,
        **(head or {}),
        "seats": [{"seat": k, "wins": proportion(seat_wins[k], n), "share": proportion(seat_wins[k], decided_games),
                   "vp": summary(by_place[k])} for k in range(players)],
        "bots": [{"bot": bots[j], "wins": proportion(bot_wins[j], n)} for j in range(players)],
        "wins": {"draws": proportion(draws, n), "unfinished": proportion(unfinished, n)},
        "decided_by": {k: proportion(v, n) for k, v in sorted(decided.items())},
        "length": {"turns": summary(g.turns for g in games if g.finished),
                   "actions": summary(g.actions for g in games if g.finished)},
        "vp": {"per_player": summary(totals), "margin": summary(margins)},
    }


def _metrics(results: dict):
    """Every comparable figure: ``(path, kind, value)`` with kind ``proportion`` or ``mean``."""
    out = []
    for seat in results["seats"]:
        out.append((("seats", str(seat["seat"]), "wins"), "proportion", seat["wins"]))
    for key in ("draws", "unfinished"):
        out.append((("wins", key), "proportion", results["wins"][key]))
    for j, bot in enumerate(results["bots"]):
        out.append((("bots", str(j), "wins"), "proportion", bot["wins"]))
    out.append((("length", "turns"), "mean", results["length"]["turns"]))
    out.append((("vp", "per_player"), "mean", results["vp"]["per_player"]))
    for seat in results["seats"]:
        out.append((("seats", str(seat["seat"]), "vp"), "mean", seat["vp"]))
    out.append((("vp", "margin"), "mean", results["vp"]["margin"]))
    for src, v in results["vp"]["by_source"].items():
        out.append((("vp", "by_source", src), "mean", v))
    for sid, v in results["structures"].items():
        out.append((("structures", sid, "built"), "proportion", v["built"]))
        for k, p in enumerate(v["first_by_seat"]):
            out.append((("structures", sid, "first_by_seat", str(k)), "proportion", p))
    for gid, v in results["goals"].items():
        for key in ("drawn", "claimed"):
            out.append((("goals", gid, key), "proportion", v[key]))
        for k, p in enumerate(v["claimed_by_seat"]):
            out.append((("goals", gid, "claimed_by_seat", str(k)), "proportion", p))
        out.append((("goals", gid, "removed"), "proportion", v["removed"]))
    for reason, v in results["end_reasons"].items():
        out.append((("end_reasons", reason), "proportion", v))
    return out


def _empty(kind: str, n: int) -> dict:
    if kind == "proportion":
        return proportion(0, n)
    return summary([0] * n)


def compare(results: dict, other: dict) -> list[dict]:
    """The differences ``results − other`` of every figure, with 95% intervals.

    A figure present in one ruleset only (a structure or a goal the other
    does not have, an end condition that never happened) counts as 0 in the
    other. ``significant`` is true when the interval excludes 0.
    """
    mine = {path: (kind, v) for path, kind, v in _metrics(results)}
    theirs = {path: (kind, v) for path, kind, v in _metrics(other)}
    paths = list(mine) + [p for p in theirs if p not in mine]
    out = []
    for path in paths:
        kind = (mine.get(path) or theirs.get(path))[0]
        a = mine[path][1] if path in mine else _empty(kind, results["games"])
        b = theirs[path][1] if path in theirs else _empty(kind, other["games"])
        if kind == "proportion":
            d, lo, hi = proportion_difference(a["count"], a["n"], b["count"], b["n"])
            va, vb = a["rate"], b["rate"]
        else:
            d, lo, hi = mean_difference(a["mean"], a["sd"], a["n"], b["mean"], b["sd"], b["n"])
            va, vb = a["mean"], b["mean"]
        out.append({
            "metric": "/".join(path), "kind": kind, "value": va, "other": vb,
            "difference": d, "ci95": [lo, hi], "significant": lo > 0 or hi < 0,
            "only_in": None if (path in mine and path in theirs) else ("this" if path in mine else "other"),
        })
    return out


def seat_balance(games: list[GameSummary], players: int | None = None) -> dict:
    """The headline figure: how often each seat wins the games someone won, against a fair 1/N.

    Each of ``seats`` (one per place in the turn order, the first player's
    first) has its ``wins``, its ``rate`` over the decided games (draws and
    unfinished games left out) with its Wilson interval, and its
    ``advantage``, ``rate − 1/N``. ``furthest`` is the seat whose rate is
    furthest from ``fair_share`` (1/N; on equal distances the earlier seat:
    with two players, always the first, whose distance is the second's) and
    ``distance`` that distance. ``verdict``, ``band`` and ``games_needed`` are
    :func:`fairness`'s; ``fair`` is true when the verdict is fair (every seat's
    interval inside the fairness band); ``seat_decides`` when a seat's interval lies wholly above
    :data:`SEAT_DECIDES` (with two players, also when the first seat's lies
    wholly below its complement): one seat wins nine games in ten or more,
    whatever the bots. ``players`` defaults to the games' own.
    """
    if players is None:
        players = games[0].players if games else 2
    wins = _wins_by_place(games, players)
    decided = sum(wins)
    fair_share = 1 / players
    seats = []
    for k, w in enumerate(wins):
        p = proportion(w, decided)
        seats.append({"seat": k, "wins": w, "rate": p["rate"], "ci95": p["ci95"],
                      "advantage": p["rate"] - fair_share})
    # Furthest from 1/N, compared in whole numbers (|N w − decided| is N × decided × the distance):
    # equal distances are equal, and the earlier seat is named.
    furthest = max(range(players), key=lambda k: (abs(players * wins[k] - decided), -k))
    lo, hi = seats[0]["ci95"]
    out = {
        "players": players, "games": len(games), "decided": decided, "fair_share": fair_share,
        "seats": seats, "furthest": furthest,
        "distance": abs(seats[furthest]["rate"] - fair_share),
        "fair": False,
        "seat_decides": decided > 0 and (any(s["ci95"][0] >= SEAT_DECIDES for s in seats)
                                         or players == 2 and hi <= 1 - SEAT_DECIDES),
    }
    out.update(fairness(out))
    out["fair"] = out["verdict"] == FAIR
    return out


#: The fairness band: a seat's share within this many points of a fair share (1/N) is fair.
FAIR_MARGIN = 0.05

#: :func:`games_to_settle` looks no further than this many decided games.
MAX_SETTLE = 100_000_000

#: The verdicts of :func:`fairness`: every seat's interval inside the band, one seat's wholly outside it,
#: or neither.
FAIR, UNFAIR, UNDECIDED = "fair", "unfair", "undecided"


def fair_band(players: int) -> tuple[float, float]:
    """The shares a seat may win and the game still be called fair: 1/N ± :data:`FAIR_MARGIN`.

    >>> [round(x, 4) for x in fair_band(2)]
    [0.45, 0.55]
    >>> [round(x, 4) for x in fair_band(3)]
    [0.2833, 0.3833]
    """
    share = 1 / players
    return (max(0.0, share - FAIR_MARGIN), min(1.0, share + FAIR_MARGIN))


def _inside(interval, band) -> bool:
    return band[0] <= interval[0] and interval[1] <= band[1]


def _outside(interval, band) -> bool:
    return interval[1] < band[0] or interval[0] > band[1]


def games_to_settle(share: float, band) -> int | None:
    """The fewest decided games whose 95% interval, at the observed ``share``, lies wholly inside
    ``band`` (a share inside it) or wholly outside it (a share outside it); None when no number would
    (a share on the band's edge) or more than :data:`MAX_SETTLE` would be needed.

    >>> games_to_settle(0.5, (0.45, 0.55))
    381
    >>> games_to_settle(0.45, (0.45, 0.55)) is None
    True
    """
    if share == band[0] or share == band[1]:
        return None
    settled = _inside if band[0] < share < band[1] else _outside

    def ok(n):
        return settled(wilson_interval(share * n, n), band)

    if not ok(MAX_SETTLE):
        return None
    lo, hi = 1, MAX_SETTLE
    while lo < hi:                       # the interval narrows as n grows: the first n that settles
        mid = (lo + hi) // 2
        if ok(mid):
            hi = mid
        else:
            lo = mid + 1
    return lo


def fairness(balance: dict) -> dict:
    """The verdict on a :func:`seat_balance`, by an equivalence test.

    ``fair`` when every seat's 95% interval lies wholly inside the fairness band
    (:func:`fair_band`: 45% to 55% with two players), ``unfair`` when one seat's lies
    wholly outside it, ``undecided`` otherwise (not enough games to tell); None when no
    game was decided. ``games_needed``: for an undecided verdict, about how many games
    (decided ones at the run's rate of decided games) would settle it if the shares stayed
    as observed (:func:`games_to_settle`), None otherwise or when no number would.

    >>> sb = {"players": 2, "games": 39, "decided": 39,
    ...       "seats": [{"wins": 16, "ci95": list(wilson_interval(16, 39))},
    ...                 {"wins": 23, "ci95": list(wilson_interval(23, 39))}]}
    >>> fairness(sb)["verdict"]
    'undecided'
    """
    players = balance["players"]
    band = fair_band(players)
    decided = balance["decided"]
    out = {"verdict": None, "band": list(band), "games_needed": None}
    if not decided:
        return out
    intervals = [s["ci95"] for s in balance["seats"]]
    if all(_inside(i, band) for i in intervals):
        out["verdict"] = FAIR
        return out
    if any(_outside(i, band) for i in intervals):
        out["verdict"] = UNFAIR
        return out
    out["verdict"] = UNDECIDED
    shares = [s["wins"] / decided for s in balance["seats"]]
    away = [p for p in shares if not band[0] <= p <= band[1]]
    # Shares outside the band: the first seat to be measurably outside settles it (unfair). All inside:
    # every seat must be measurably inside (fair).
    needs = [games_to_settle(p, band) for p in (away or shares)]
    known = [n for n in needs if n is not None]
    if away and known:
        need = min(known)
    elif not away and len(known) == len(needs):
        need = max(known)
    else:
        return out
    games = balance.get("games") or decided
    out["games_needed"] = max(math.ceil(need * games / decided), games + 1)
    return out


def strength_label(bots) -> str:
    """A set of bots as a point of the strength curve: the spec when they are all the same
    (``mcts:100``), else every spec (``mcts:100 / greedy``)."""
    bots = list(bots)
    return bots[0] if len(set(bots)) == 1 else " / ".join(bots)


def curve(parts) -> dict:
    """The strength curve of a report's sets of bots (``parts``: ``{"bots", "seat_balance"}`` each, in
    the order of ``--bots``): for each set its games, every seat's share with its interval, the
    verdict (:func:`fairness`) and whether a bot searches; then the sets at which the rule is fair,
    unfair, or undecided, and ``searched``: whether any set has a bot that looks ahead (no verdict on
    the rules is drawn from bots that do not)."""
    points = []
    for part in parts:
        sb = part["seat_balance"]
        judged = fairness(sb)
        points.append({
            "strength": strength_label(part["bots"]),
            "bots": list(part["bots"]),
            "searches": any(parse_bot(b).searches for b in part["bots"]),
            "games": sb["games"],
            "decided": sb["decided"],
            "shares": [s["rate"] if sb["decided"] else None for s in sb["seats"]],
            "ci95": [list(s["ci95"]) for s in sb["seats"]],
            "verdict": judged["verdict"],
            "games_needed": judged["games_needed"],
        })
    players = len(parts[0]["bots"]) if parts else 2
    return {
        "players": players,
        "band": list(fair_band(players)),
        "points": points,
        "fair_at": [p["strength"] for p in points if p["verdict"] == FAIR],
        "unfair_at": [p["strength"] for p in points if p["verdict"] == UNFAIR],
        "undecided_at": [p["strength"] for p in points if p["verdict"] == UNDECIDED],
        "searched": any(p["searches"] for p in points),
    }


def report(ruleset, games: int, bots=None, seed: int = 0, jobs: int = 1, other=None, progress=None,
           max_turns: int | None = DEFAULT_MAX_TURNS, cluster=None, strengths=None, backend=None) -> dict:
    """Run and describe: the whole JSON document of ``rulekit simulate``.

    ``bots``: one per seat, as many as players (None: :func:`default_bots`).
    ``strengths``: further sets of as many bots (``[("mcts:50", "mcts:50"), …]``)
    for which the same games are played again; their reports go in
    ``doc["strengths"]`` (with the first set's), to see whether a
    conclusion holds as play gets stronger. :class:`BotCountError` when a
    ruleset is not played by that many players, :class:`rulekit.errors.BotSpecError`
    when the sets differ in size.
    """
    refs = [ruleset] if other is None else [ruleset, other]
    rulesets = [r if isinstance(r, Ruleset) else load_ruleset(r) for r in refs]
    family = rulesets[0].family
    if other is not None and rulesets[1].family != family:
        raise BotSpecError(_("{a} and {b} are rulesets of two different families: --compare plays two rulesets "
                             "of one game").format(a=rulesets[0].id, b=rulesets[1].id))
    pairs = [check_bots(bots if bots is not None else default_bots(rulesets[0]), family)]
    pairs += [check_bots(b, family) for b in (strengths or [])]
    for pair in pairs:
        if len(pair) != len(pairs[0]):
            raise BotSpecError(_("every --bots must give as many bots: {first} and {other} differ").format(
                first=",".join(pairs[0]), other=",".join(pair)))
        for rs in rulesets:
            check_players(rs, pair)
    first = "random" if rulesets[0].first_random else "alternate"
    parts = []
    own = backend is None
    be = None
    def describe(pair, runs):
        main = statistics(rulesets[0], runs[0], pair)
        part = {"bots": list(pair), "seat_balance": seat_balance(runs[0], len(pair)), "results": main,
                "compare": None}
        if other is not None:
            theirs = statistics(rulesets[1], runs[1], pair)
            part["compare"] = {
                "ruleset": ruleset_info(rulesets[1]),
                "results": theirs,
                "seat_balance": seat_balance(runs[1], len(pair)),
                "differences": compare(main, theirs),
            }
        return part

    def document(games_played):
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "ruleset": ruleset_info(rulesets[0]),
            "settings": {"games": games_played, "seed": seed, "bots": list(pairs[0]), "first_player": first,
                         "max_turns": max_turns,
                         "bots_deterministic": all(parse_bot(b).deterministic for pair in pairs for b in pair)},
            "seat_balance": parts[0]["seat_balance"],
            "results": parts[0]["results"],
            "compare": parts[0]["compare"],
            "strengths": parts if len(parts) > 1 else None,
            "curve": curve(parts),
        }

    def stopped(exc, pair):
        # The report on what finished: the pairs already played, and this one if every
        # ruleset has games (a run stopped at its first chunk reports the pairs before it).
        played = games
        if pair is not None and all(exc.runs):
            parts.append(describe(pair, exc.runs))
            played = len(exc.runs[0])
        if parts:
            exc.doc = document(played)
        return exc

    pair = None
    try:
        # Starting the workers and describing a pair's games are part of the run: a Ctrl-C
        # then is an interrupted run like one during the games, never a bare KeyboardInterrupt.
        be = open_backend(jobs if games > 1 else 1, cluster) if own else backend
        for pair in pairs:
            runs = None
            try:
                runs = run_many(rulesets, games, pair, seed, jobs, progress, max_turns, backend=be)
            except SimulationInterrupted as exc:
                raise stopped(exc, pair) from None
            parts.append(describe(pair, runs))
    except KeyboardInterrupt:
        done = runs if pair is not None and runs is not None else [[] for _ in rulesets]
        raise stopped(SimulationInterrupted(done, games * len(rulesets)), pair) from None
    finally:
        if own and be is not None:
            be.close()
    return document(games)

