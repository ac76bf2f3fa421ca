"""The Provisions family's row in the balance layer's table of families (:mod:`.families`): its games
are summed up with their prospectors and points by source."""
from __future__ import annotations

from ..language.provisions import FAMILY
from .families import BalanceFamily, register
from .simulate import DEFAULT_BOTS, GameSummary, _outcome_counts, _play_planned, proportion, summary

#: Where a Provisions score comes from.
PROVISIONS_SOURCES = ("prospectors", "bonus")
#: With a seat compensation (a house rule), its points are a source of their own (reported only for such a ruleset).
COMPENSATED_SOURCES = PROVISIONS_SOURCES + ("compensation",)


def _play_one_provisions(ruleset, bot_names, index: int, seed: int, max_turns, max_actions) -> GameSummary:
    """Game ``index`` of a run of a Provisions ruleset: the same plan of seeds and seats as Province's;
    the first player changes every ``players`` games."""
    players = len(bot_names)
    st, game_seed, seat_of_a = _play_planned(ruleset, bot_names, index, seed, False, max_turns, max_actions)
    finished = st.is_terminal()
    result = st.result() if finished else {"winner": None, "decided_by": None}
    order = tuple((st.first_player + k) % players for k in range(players))
    return GameSummary(
        index=index, seed=game_seed, first=st.first_player, order=order, seat_of_a=seat_of_a,
        winner=result["winner"], decided_by=result["decided_by"], turns=st.turn, actions=len(st.history),
        scores=tuple(st.scores()),
        sources=tuple((st.provision_points(p), st.bonus_points(p), st.compensation_points(p)) for p in range(players)),
        first_builder=(), built=(), goals=(), end_reason=None, finished=finished,
        sold=tuple(len(st.sold[p]) for p in range(players)))


def _provisions_statistics(ruleset, games: list[GameSummary], bots=DEFAULT_BOTS) -> dict:
    """The figures of a run of a Provisions ruleset: Province's, without its structures, goals and end
    conditions; with the points by source (prospectors, bonus card, and the seat compensation where the
    ruleset has one: :data:`COMPENSATED_SOURCES`) and the prospectors provisioned."""
    sources = COMPENSATED_SOURCES if ruleset.compensation else PROVISIONS_SOURCES
    family = ruleset.family
    players = len(bots)
    n, seat_wins, decided_games, draws, unfinished, bot_wins = _outcome_counts(games, players)
    decided = {k: 0 for k in ("points", "prospectors", "goods", "tie")}
    for g in games:
        if g.finished:
            decided[g.decided_by] = decided.get(g.decided_by, 0) + 1
    by_place = [[] for _ in range(players)]
    totals, margins, sold = [], [], []
    per_source = [[] for _ in sources]
    for g in games:
        for p in range(players):
            totals.append(g.scores[p])
            sold.append(g.sold[p])
            for j in range(len(sources)):
                per_source[j].append(g.sources[p][j])
        for k, seat in enumerate(g.order):
            by_place[k].append(g.scores[seat])
        if g.finished:
            top = sorted(g.scores, reverse=True)
            margins.append(top[0] - top[1])
    return {
        "games": n,
        "players": players,
        "family": family,
        "seats": [{"seat": k, "wins": proportion(seat_wins[k], n), "share": proportion(seat_wins[k], decided_games),
                   "vp": summary(by_place[k])} for k in range(players)],
        "bots": [{"bot": bots[j], "wins": proportion(bot_wins[j], n)} for j in range(players)],
        "wins": {"draws": proportion(draws, n), "unfinished": proportion(unfinished, n)},
        "decided_by": {k: proportion(v, n) for k, v in sorted(decided.items())},
        "length": {"turns": summary(g.turns for g in games if g.finished),
                   "actions": summary(g.actions for g in games if g.finished)},
        "vp": {
            "per_player": summary(totals),
            "margin": summary(margins),
            "by_source": {src: summary(per_source[j]) for j, src in enumerate(sources)},
        },
        "prospectors_sold": summary(sold),
        "structures": {},
        "goals": {},
        "end_reasons": {},
    }


ROW = register(BalanceFamily(FAMILY, play=_play_one_provisions, statistics=_provisions_statistics))
