"""Clocks (``end.conditions: [{clock: {turns: N}}]`` or ``{rounds: N}``, a round being a turn of each player): the
game is over at the end of the turn that makes the turns played reach the count; that turn is played whole (a
clock's ``finish_turn`` is always true: the core's rule for an end condition a mechanism checks), and told in the
log as ``("ending", player, the condition's key, its index)`` as it ends. The compile step lays ``c.end_turns``
(per end condition: its count of turns, 0 where it is no clock), ``c.clock_turns`` and ``c.clock_cond`` (the
smallest count and its condition, the first in the ruleset's order on a tie; 0 and -1 without a clock), and
``end_conds`` (its conditions, which the core's end checks ask of ``end_met`` in their order). It keeps no state
of its own.
"""
from __future__ import annotations

from ..game import OVER, Mechanism

BIT = 1                   # one bit for sets (a 64-bit C integer compiled: clocks.pxd)


class Clocks(Mechanism):
    """The end conditions of kind ``clock``."""

    def compile(self, c) -> bool:
        """``end_turns``, ``clock_turns``, ``clock_cond`` and ``end_conds``; a turn's end calls ``turn_end``."""
        conds = c.data["end"]["conditions"]
        kinds = [next(k for k in cond if k != "finish_turn") for cond in conds]
        c.end_turns = tuple((conds[i]["clock"].get("turns") or conds[i]["clock"].get("rounds", 0) * c.n_players)
                            if k == "clock" else 0 for i, k in enumerate(kinds))
        clocks = [(t, i) for i, t in enumerate(c.end_turns) if t]
        c.clock_turns, c.clock_cond = min(clocks) if clocks else (0, -1)
        self.end_conds = sum(BIT << i for t, i in clocks)
        return c.clock_turns != 0

    def end_met(self, st, i: int) -> bool:
        """Clock ``i``: the turns played reach its count (the current one too once the game is over)."""
        return st.turn + (1 if st.phase == OVER else 0) >= st.c.end_turns[i]

    def turn_end(self, st) -> None:
        """The turn that makes the turns played reach the clock's count is its last: the game is ending."""
        c = st.c
        if not st.ending and st.turn + 1 >= c.clock_turns:
            st.ending = True
            st.end_cond = c.clock_cond
            st.end_reason = c.end_keys[c.clock_cond]
            st.finish = True
            st.log.append(("ending", st.current, st.end_reason, c.clock_cond))
