"""The parts of a Provisions ruleset in words, which its rulebook and its diff share."""
from __future__ import annotations

from collections import Counter

from ..i18n import _, join_names, ngettext, pgettext
from ..language.names import display_name


def good_name(rules, colour: str):
    """A good's name in the current language (the catalog's translation of the name the ruleset writes, or the
    ruleset's own name in that language), by its colour: a :class:`~rulekit.i18n.Name`, which knows its
    article and gender (« l’Équipement », masculine), for the sentences that agree with it."""
    return display_name(rules.data, "good", colour)


def colour_name(colour: str) -> str:
    """A colour of the goods (``brown``) in the current language (« marron »), translated with the
    context ``color`` as the workers' colours are; a colour the catalog lacks is shown as written."""
    return pgettext("color", colour)


def _colour_messages():
    """Never called: the colours of the bundled Provisions ruleset that Province's workers do not
    have, listed so that the extraction puts them in the catalog."""
    return [pgettext("color", "brown"), pgettext("color", "grey")]


def month_name(rules, index: int) -> str:
    """The name of the month at ``index`` in the current language."""
    return str(display_name(rules.data, "month", rules.months[index].id))


def event_text(event) -> str:
    """A month's event in words."""
    return {None: "—", "discard": _("the rightmost prospector leaves; a new one arrives"),
            "vigilantes_leave": _("the vigilantes leave town"),
            "rush": _("before every action, the rightmost prospector leaves and a new one arrives (not right after "
                      "a sale)")}.get(
        event, str(event))


def production_rows(rules) -> list:
    """The production cards, one row per kind of card: (the card in words, its copies)."""
    counts = Counter(rules.production_cards)
    rows = []
    for card in sorted(counts, reverse=True):
        text = (ngettext("produce {count} good", "produce {count} goods", card).format(count=card) if card > 0
                else ngettext("steal {count} good", "steal {count} goods", -card).format(count=-card))
        rows.append((text, counts[card]))
    return rows


def bonus_rows(rules) -> list:
    """The bonus cards: (id, objectives in words)."""
    names = {g.id: good_name(rules, g.id) for g in rules.goods}
    rows = []
    for card, objectives in rules.bonus_cards:
        parts = []
        for o in objectives:
            worth = ngettext("{count} point", "{count} points", o.points).format(count=o.points)
            if not o.goods:
                parts.append(_("most prospectors provisioned: {points}").format(points=worth))
            elif len(o.goods) == 1:
                parts.append(_("most {goods} sold: {points}").format(goods=names[o.goods[0]], points=worth))
            else:
                parts.append(_("most {goods} sold, counted together: {points}").format(
                    goods=join_names([names[g] for g in o.goods]), points=worth))
        rows.append((card, " · ".join(parts)))
    return rows


def larger_from(rules) -> int:
    """From how many players the suppliers are topped up to the larger minimum."""
    return rules.larger_game[0] if rules.larger_game else rules.max_players


def compensation_text(points) -> str:
    """A seat compensation's points in words, by place in the turn order: "1, 0, 4 points, the first player's first"."""
    return _("{points} points, the first player's first").format(points=", ".join(str(v) for v in points))


def compensation_rows(rules) -> list:
    """The seat compensation (a house rule), one row per number of players: (players, points in words)."""
    return [(players, compensation_text(points)) for players, points in sorted(rules.compensation)]
