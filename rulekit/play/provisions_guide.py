"""The guided first game of the Provisions family: short steps that explain the game as a newcomer meets it,
each shown once.

The same steps as Province's guide (:mod:`rulekit.play.guide`), for this family: the terminal (``rulekit play
provisions-1849 --guide``) shows them under the board, the browser's board (``rulekit serve provisions-1849
--guide``) in its guide box. They are read from the family's view (:mod:`rulekit.play.provisions_view`); the
numbers they say (the months, the rounds, the store's spaces, the goods the vigilantes ask) are the ruleset's.
"""
from __future__ import annotations

from ..i18n import _, ngettext

#: The guided first game's steps, in the order a game meets them.
GUIDE_STEPS = ("keep", "month", "buy", "sell", "trade", "take")


def _text(step: str, state, view, page: bool) -> str:
    rules = state.rules
    if step == "keep":
        first = (_("Click the bonus card you keep: only you see it.") if page else
                 _("Keep one of these bonus cards: only you see it."))
        return first + " " + _("At the end, each of its objectives gives its points only to a player who sold "
                               "strictly more of those goods than every other player (or provisioned the most "
                               "prospectors): keep one whose goods you expect to sell.")
    if step == "month":
        months = ngettext("The game lasts {count} month.", "The game lasts {count} months.",
                          len(rules.months)).format(count=len(rules.months))
        return months + " " + ngettext(
            "Each month, each supplier's production card first brings goods to its area for sale, or sends some "
            "to the vigilantes; then each player takes {count} action, from the holder of the gold nugget.",
            "Each month, each supplier's production card first brings goods to its area for sale, or sends some "
            "to the vigilantes; then each player takes {count} actions, one a round, from the holder of the gold "
            "nugget.", view.rounds).format(count=view.rounds) + " " + _(
            "Some months begin with an event (a prospector leaves the row, or the vigilantes leave town).")
    if step == "buy":
        how = (_("To buy, click a good for sale in the suppliers' table, then a second one: the same good again "
                 "for two of it (when its supplier has more than two), or another good.") if page else
               _("Buying takes two goods for sale from the suppliers: two of one good (when its supplier has more "
                 "than two), or one each of two goods."))
        return how + " " + ngettext("Your store holds at most {count} good of each color.",
                                    "Your store holds at most {count} goods of each color.",
                                    rules.spaces).format(count=rules.spaces)
    if step == "sell":
        first = (_("You can provision a prospector: click its card in the customer row.") if page else
                 _("You can provision a prospector of the customer row."))
        return first + " " + _("You pay the goods it asks from your stock, and its points are yours. Its contract "
                               "good then counts as one good of its color in each later sale, and is kept.")
    if step == "trade":
        give = ngettext("give them {count} good of colors they already hold for one of theirs",
                        "give them {count} goods of colors they already hold for one of theirs",
                        rules.give).format(count=rules.give)
        if rules.swap:
            return _("The vigilantes trade: {give}, or swap one good of a color they lack for one of "
                     "theirs.").format(give=give)
        return _("The vigilantes trade: {give}.").format(give=give)
    # take
    first = (_("The vigilantes leave town: click one of their goods, in the suppliers' table.") if page else
             _("The vigilantes leave town: take one of their goods."))
    return first + " " + _("From the holder of the gold nugget, each player takes one while one fits in the "
                           "store; the rest go back to the suppliers.")


def guide_step(state, view, seen, page: bool = True) -> dict | None:
    """The guide's step for this moment of the game (the first not yet read that applies), or None; ``view``:
    the deciding seat's :class:`~rulekit.play.provisions_view.ProvisionsView`, with its actions; ``page``:
    worded for the browser's board (False: for the terminal)."""
    kinds = {a.kind for a in view.actions}
    applies = {
        "keep": "keep" in kinds,
        "month": view.phase == "play" and bool(kinds),
        "buy": "buy" in kinds,
        "sell": "sell" in kinds,
        "trade": bool(kinds & {"trade", "swap"}),
        "take": "take" in kinds,
    }
    for step in GUIDE_STEPS:
        if step not in seen and applies[step]:
            return {"step": step, "text": _text(step, state, view, page)}
    return None


__all__ = ["GUIDE_STEPS", "guide_step"]
