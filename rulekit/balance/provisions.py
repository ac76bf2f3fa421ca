"""The Provisions family's row in the balance layer's table of families (:mod:`.families`): its games
are summed up with their prospectors and points by source."""
from __future__ import annotations

from ..language.provisions import FAMILY
from .families import BalanceFamily, register
from .simulate import DEFAULT_BOTS, GameSummary, common_statistics, play_planned, summary

#: Where a Provisions score comes from.
PROVISIONS_SOURCES = ("prospectors", "bonus")
#: With a seat compensation (a house rule), its points are a source of their own (reported only for such a ruleset).
COMPENSATED_SOURCES = PROVISIONS_SOURCES + ("compensation",)


def _play_one_provisions(ruleset, bot_names, index: int, seed: int, max_turns, max_actions) -> GameSummary:
    """Game ``index`` of a run of a Provisions ruleset: the same plan of seeds and seats as Province's;
    the first player changes every ``players`` games."""
    players = len(bot_names)
    st, game_seed, seat_of_a = play_planned(ruleset, bot_names, index, seed, False, max_turns, max_actions)
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
    players = len(bots)
    per_source = [[g.sources[p][j] for g in games for p in range(players)] for j in range(len(sources))]
    out = common_statistics(games, bots, ("points", "prospectors", "goods", "tie"), head={"family": ruleset.family})
    out["vp"]["by_source"] = {src: summary(per_source[j]) for j, src in enumerate(sources)}
    out["prospectors_sold"] = summary(g.sold[p] for g in games for p in range(players))
    out.update(structures={}, goals={}, end_reasons={})
    return out


ROW = register(BalanceFamily(FAMILY, play=_play_one_provisions, statistics=_provisions_statistics))
