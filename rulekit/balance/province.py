"""Province's row in the balance layer's table of families (:mod:`.families`): its games are summed up
with their structures, goals and VP sources."""
from __future__ import annotations

from ..engine import SOURCES, compile_ruleset
from ..language.province import FAMILY
from .families import BalanceFamily, register
from .simulate import DEFAULT_BOTS, GameSummary, common_statistics, play_planned, proportion, summary, turn_order

#: A Province-family game's VP sources: the engine's, and the secret objectives' where a ruleset deals them
#: (reported only for such a ruleset, so the editions' reports keep their keys).
GAME_SOURCES = SOURCES + ("objectives",)


def _play_one_province(ruleset, bot_names, index: int, seed: int, max_turns, max_actions) -> GameSummary:
    """Game ``index`` of a run of a ruleset of Province's language: the goals, the structures and the VP sources."""
    players = len(bot_names)
    c = compile_ruleset(ruleset, players=players)
    st, game_seed, seat_of_a = play_planned(ruleset, bot_names, index, seed, c.first_random, max_turns, max_actions)
    finished = st.is_terminal()
    n = len(st.history)
    result = st.result() if finished else {"winner": None, "decided_by": None}
    goals = [-3] * len(c.goal_ids)
    for g in st.stack:
        goals[g] = -2
    if st.face_up >= 0:
        goals[st.face_up] = -2
    for g in st.removed:
        goals[g] = -1
    for p in range(players):
        for g in st.claimed[p]:
            goals[g] = p
    by_source = []
    for p in range(players):
        s = st.score_by_source(p)
        by_source.append(tuple(s.get(k, 0) for k in GAME_SOURCES))
    built = tuple(sum(1 for p in range(players) if st.owned[p] >> s & 1) for s in range(c.n_struct))
    return GameSummary(
        index=index, seed=game_seed, first=st.first, order=turn_order(c, st.first), seat_of_a=seat_of_a,
        winner=result["winner"], decided_by=result["decided_by"],
        turns=st.turn + 1 if finished else st.turn, actions=n, scores=tuple(st.scores()), sources=tuple(by_source),
        first_builder=tuple(st.first_builder), built=built, goals=tuple(goals),
        end_reason=st.end_reason if finished else None, finished=finished,
    )


def _province_statistics(ruleset, games: list[GameSummary], bots=DEFAULT_BOTS) -> dict:
    """:func:`statistics` of a ruleset of Province's language."""
    players = len(bots)
    c = compile_ruleset(ruleset, players=players)
    n = len(games)
    ends = {k: 0 for k in c.end_keys}
    ends["unfinished"] = 0
    for g in games:
        key = "unfinished" if not g.finished else (g.end_reason or "none")
        ends[key] = ends.get(key, 0) + 1
    per_player = [[] for _ in GAME_SOURCES]          # VP per player (every seat of every game), by source
    for g in games:
        for p in range(players):
            for j, v in enumerate(g.sources[p]):
                per_player[j].append(v)
    structures = {}
    for s, sid in enumerate(c.struct_ids):
        built = sum(1 for g in games if g.first_builder[s] >= 0)
        by_seat = [0] * players
        for g in games:
            if g.first_builder[s] >= 0:
                by_seat[g.place(g.first_builder[s])] += 1
        structures[sid] = {
            "built": proportion(built, n),
            "first_by_seat": [proportion(k, n) for k in by_seat],
            "copies": summary(g.built[s] for g in games),
        }
    goals = {}
    for j, gid in enumerate(c.goal_ids):
        drawn = sum(1 for g in games if g.goals[j] != -3)
        claimed = sum(1 for g in games if g.goals[j] >= 0)
        by_seat = [0] * players
        for g in games:
            if g.goals[j] >= 0:
                by_seat[g.place(g.goals[j])] += 1
        removed = sum(1 for g in games if g.goals[j] == -1)
        goals[gid] = {
            "drawn": proportion(drawn, n),
            "claimed": proportion(claimed, n),
            "claimed_by_seat": [proportion(k, n) for k in by_seat],
            "removed": proportion(removed, n),
        }
    out = common_statistics(games, bots, ("vp", *c.tie_breaks, "tie"))
    out["vp"]["by_source"] = {src: summary(per_player[j]) for j, src in enumerate(GAME_SOURCES)
                              if src != "objectives" or c.obj_deal}
    out["structures"] = structures
    out["goals"] = goals
    out["end_reasons"] = {k: proportion(v, n) for k, v in sorted(ends.items())}
    return out


ROW = register(BalanceFamily(FAMILY, play=_play_one_province, statistics=_province_statistics))
