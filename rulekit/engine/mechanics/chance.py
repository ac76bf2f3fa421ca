"""Chance (a conversion's ``roll: {sides, at_least}``): each use of the conversion is paid, then a die of ``sides``
sides is rolled from the game's generator, told in the log as ``("roll", player, conversion, value)``; the gain is
earned only on ``at_least`` or more. Chance is explicit, as OpenSpiel's chance nodes are, without a chance player:
``State.chance_outcomes`` asks ``outcomes`` here for an action drawn by chance, which gives a search one state per
result that plays differently, with its probability, never the roll the game will draw.

The compile step lays ``c.conv_roll_sides`` (per conversion: its die's sides, 0 without a roll) and
``c.conv_roll_at_least``; once the action table is laid, ``c.action_chance`` (per action: 1 where its outcome is
drawn by chance; the core lays it all 0, and the bots read its C row ``c._action_chance``). The core plays a
conversion without a roll itself and hands one with a roll to ``apply`` (``State._apply``). It keeps no state of
its own: the rolls come from the state's generator, which ``clone()`` copies and a determinization reseeds.
"""
from __future__ import annotations

from ..game import CONVERT, Mechanism

KIND_CONVERT = CONVERT    # the action kind, as a C integer compiled (chance.pxd)


class Chance(Mechanism):
    """The conversions with a roll."""

    def compile(self, c) -> bool:
        """``conv_roll_sides`` and ``conv_roll_at_least``, per conversion."""
        convs = c.data.get("conversions") or {}
        c.conv_roll_sides = tuple((convs[k].get("roll") or {}).get("sides", 0) for k in c.conv_ids)
        c.conv_roll_at_least = tuple((convs[k].get("roll") or {}).get("at_least", 0) for k in c.conv_ids)
        return any(c.conv_roll_sides)

    def decisions(self, c) -> None:
        """``action_chance``: 1 for the conversions with a roll (the table's other actions 0)."""
        c.action_chance = tuple([1 if kind == CONVERT and c.conv_roll_sides[arg] else 0
                                 for kind, arg in zip(c.action_kind, c.action_arg)])

    def apply(self, st, p: int, kind: int, arg: int, arg2: int) -> bool:
        """Conversion ``arg`` with a roll, by ``p``: the die drawn from the game's generator; then the checks, as
        after any action of the core."""
        c = st.c
        if kind != KIND_CONVERT or not c.conv_roll_sides[arg]:
            return False
        convert(st, p, arg, st._rand(c.conv_roll_sides[arg]) + 1)
        st._checks(False, False)
        return True

    def outcomes(self, st, action: int) -> list:
        """A losing roll (value 1) and a winning one (its ``at_least``), each with its probability, where each
        can happen; the generator advances as in ``apply``, so no outcome tells the roll the game will draw."""
        c = st.c
        k = c.action_arg[action]
        sides = c.conv_roll_sides[k]
        least = c.conv_roll_at_least[k]
        out = []
        for value, share in ((1, least - 1), (least, sides - least + 1)):
            if share <= 0:
                continue
            child = st.clone()
            child.history.append(action)
            child._rand(sides)
            convert(child, child.current, k, value)
            child._check_goals()
            child._check_end()
            out.append((share / sides, child))
        return out


def convert(st, p: int, k: int, value: int):
    """Conversion ``k`` by ``p`` with the roll ``value``: told in the log as ``("roll", p, k, value)``; the payment
    made, the gain earned only on its ``at_least`` or more (``State._convert``)."""
    st.log.append(("roll", p, k, value))
    st._convert(p, k, value >= st.c.conv_roll_at_least[k])
