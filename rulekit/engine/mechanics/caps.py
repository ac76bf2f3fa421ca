"""A cap on the coins (``resources.<coins>.cap: N``): a player holding coins worth more than N at the end of their
turn gives the excess back to the supply, and chooses which coins they keep when there is more than one way.

The ways: the player hands over any of their coins worth at least the excess, and the change is made by the usual
rules (docs/coins.md: the payment's keys, with the supply, then with each change maker in turn when the supply
cannot); a way is the holding the player keeps, worth exactly N. When no hand-over of the coins can be changed
for the excess, the least larger amount for which one can is given back (the player keeps less than N: giving
every coin always can). One way: it is played at once, as before (told as ``("give_back", p, amount)``); several:
the decision ``give_back`` is asked of the player as their turn ends (an option per holding kept, numbered as
``Coinage`` numbers holdings: ``keep 1 gold 1 silver``), and the turn is closed once it is made
(``State._close_turn``). A game that stops at once (an end condition whose ``finish_turn`` is false) has no turn
end to ask in: the excess goes back there as a payment of it would (the engine's way, the payment's keys).

The compile step lays ``c.coin_cap`` (-1 without a cap: the mechanism is then off, and no ruleset without a cap
pays anything for it). It keeps no state of its own: the decision is ``State.pending``'s.
"""
from __future__ import annotations

from ..coins import INDEX_BITS, INDEX_MASK
from ..game import DECISIONS, Mechanism

IB = INDEX_BITS           # a holding's index bits in Coinage.transfer_at's packed answers
IM = INDEX_MASK


class Caps(Mechanism):
    """The cap on the coins."""

    def compile(self, c) -> bool:
        """``c.coin_cap``: the most value a player keeps at the end of their turn (-1: none)."""
        cid = c.coins_id
        c.coin_cap = c.data["resources"][cid].get("cap", -1) if cid else -1
        return c.coin_cap >= 0

    def decisions(self, c) -> None:
        """The decision ``give_back``: an option per holding of the box's coins, the one the player keeps."""
        if c.coin_cap >= 0:
            cg = c.coinage
            c.add_decision("give_back", [kept_notation(c, cg.holding[h]) for h in range(cg._holdings)])

    def turn_end(self, st) -> None:
        """The current player, over the cap, gives the excess back: at once where there is one way, else asked."""
        p = st.current
        found = ways(st, p)
        if len(found) == 1:
            give(st, p, found[0])
        elif found:
            st.ask("give_back", p)

    def game_over(self, st) -> None:
        """A game stopped at once (no turn end): the current player, over the cap, gives the excess back as a
        payment of it would be made (the engine's way). After a turn's end, nobody is over the cap any more."""
        auto_give_back(st, st.current)


def ways(st, p: int) -> list:
    """The ways ``p`` may give back the excess over the cap, each ``(amount, kept, supply, maker, maker's holding)``
    (holdings by index; ``maker`` -1 where no change maker's coins moved), one per holding kept, in the order of
    the holdings' indexes; empty when ``p`` is not over the cap. The amount is the excess, or the least larger one
    any hand-over can be changed for; a way needs no change maker when one of them needs none."""
    c = st.c
    cg = c.coinage
    purse = st._purses[p]
    held = cg.value_at(purse)
    amount = held - c.coin_cap
    if amount <= 0:
        return []
    counts = cg.holding[purse]
    subsets = [0]                                 # every hand-over: the holdings below the purse, by index
    for d in range(len(counts)):
        subsets = [h + k * cg._place[d] for h in subsets for k in range(counts[d] + 1)]
    subsets.sort()
    while amount <= held:
        found = {}
        for g in subsets:
            if g and cg.value_at(g) >= amount:
                r = cg.transfer_at(g, st._supply, 0, amount)
                if r >= 0:
                    kept = purse - g + (r >> IB >> IB)
                    if kept not in found:
                        found[kept] = (amount, kept, r >> IB & IM, -1, 0)
        if not found:
            for q in c.change_makers[p]:
                for g in subsets:
                    if g and cg.value_at(g) >= amount:
                        r = cg.transfer_at(g, st._supply, st._purses[q], amount)
                        if r >= 0:
                            kept = purse - g + (r >> IB >> IB)
                            if kept not in found:
                                found[kept] = (amount, kept, r >> IB & IM, q, r & IM)
                if found:
                    break
        if found:
            return [found[k] for k in sorted(found)]
        amount += 1
    return []


def give(st, p: int, way) -> None:
    """``p`` gives the excess back the way ``way`` (:func:`ways`) says; told as ``("give_back", p, amount)``, not
    counted as spent."""
    amount, kept, supply, q, maker = way
    st._purses[p] = kept
    st._supply = supply
    if q >= 0:
        st._purses[q] = maker
    st.log.append(("give_back", p, amount))


def auto_give_back(st, p: int) -> None:
    """``p``, over the cap, gives the excess back as a payment is made (docs/coins.md: exactly when the coins can,
    else with change from the supply, then from each change maker in turn); when no one can make change for it,
    the least larger amount the coins can give (at most all of them: that always can)."""
    c = st.c
    cg = c.coinage
    held = cg.value_at(st._purses[p])
    amount = held - c.coin_cap
    while 0 < amount <= held:
        r = cg.transfer_at(st._purses[p], st._supply, 0, amount)
        if r >= 0:
            give(st, p, (amount, r >> IB >> IB, r >> IB & IM, -1, 0))
            return
        for q in c.change_makers[p]:
            r = cg.transfer_at(st._purses[p], st._supply, st._purses[q], amount)
            if r >= 0:
                give(st, p, (amount, r >> IB >> IB, r >> IB & IM, q, r & IM))
                return
        amount += 1


def kept_notation(c, counts) -> str:
    """An option of ``give_back``, as the engine writes it: ``keep 1 platinum 2 silver`` (the largest coin first;
    ``keep nothing``)."""
    parts = [f"{counts[d]} {c.coin_ids[d]}" for d in range(len(counts) - 1, -1, -1) if counts[d]]
    return "keep " + (" ".join(parts) if parts else "nothing")


def _options(st, seat, arg):
    """The holdings ``seat`` may keep (an option is a holding's index)."""
    return [w[1] for w in ways(st, seat)]


def _choose(st, seat, arg, option):
    """``seat`` keeps holding ``option``; the turn is then closed (the next one begins, or the game ends)."""
    for w in ways(st, seat):
        if w[1] == option:
            give(st, seat, w)
            break
    st._close_turn()


# The coins a player keeps over the cap on the coins, when there is more than one way to give the excess back.
DECISIONS["give_back"] = (_options, _choose)
