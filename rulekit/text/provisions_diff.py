"""Rule differences between two rulesets of the Provisions family, in words.

As :mod:`rulekit.text.diff` does for Province: each ruleset is read as facts (section, key,
subject, words), and a fact whose words differ is a :class:`rulekit.text.changes.Change`: one line
per changed number or card.
"""
from __future__ import annotations

from collections import Counter
from ..i18n import _, format_list, ngettext
from .changes import Change
from .provisions_words import bonus_rows, compensation_rows, event_text, good_name, month_name

#: The sections of a Provisions diff, in reading order.
SECTIONS = ("players", "components", "setup", "months", "actions", "bonus", "prospectors")


def section_title(section: str) -> str:
    return {"players": _("Players"), "components": _("Components"), "setup": _("Setup"), "months": _("Months"),
            "actions": _("Actions"), "bonus": _("Bonus cards"), "prospectors": _("Prospector cards")}.get(
        section, section)


def _prospector(rules, card) -> str:
    names = {g.id: good_name(rules, g.id) for g in rules.goods}
    return _("asks {goods} · {points} · contract: {contract}").format(
        goods=format_list([names.get(c, c) for c in card.asks]),
        points=ngettext("{count} point", "{count} points", card.points).format(count=card.points),
        contract=names.get(card.contract, card.contract))


def facts(rules) -> list:
    """The ruleset as facts: (section, key, subject, words)."""
    out = [("players", "players", _("number of players"),
            _("{low} to {high}").format(low=rules.min_players, high=rules.max_players))]
    for good in rules.goods:
        out.append(("components", f"good:{good.id}", _("good {color}").format(color=good.id),
                    ngettext("{name}, {count} cube", "{name}, {count} cubes", good.cubes).format(
                        name=good_name(rules, good.id), count=good.cubes)))
    out.append(("components", "capacity", _("production area limit"), str(rules.capacity)))
    out.append(("components", "spaces", _("store spaces per color"), str(rules.spaces)))
    counts = Counter(rules.production_cards)
    for card in sorted(set(counts)):
        subject = (_("production card “produce {count}”").format(count=card) if card > 0
                   else _("production card “steal {count}”").format(count=-card))
        out.append(("components", f"production:{card}", subject,
                    ngettext("{count} copy", "{count} copies", counts[card]).format(count=counts[card])))
    out.append(("setup", "minimum", _("production minimum"), str(rules.minimum)))
    if rules.larger_game:
        out.append(("setup", "larger_game", _("production minimum in a larger game"),
                    _("{minimum} from {players} players").format(minimum=rules.larger_game[1],
                                                                players=rules.larger_game[0])))
    out.append(("setup", "row", _("customer row"), str(rules.row_size)))
    out.append(("setup", "discard_at_setup", _("prospectors face down at setup"), str(rules.discard_at_setup)))
    out.append(("setup", "deal", _("bonus cards dealt to each player"), str(rules.deal)))
    for players, text in compensation_rows(rules):
        out.append(("setup", f"compensation:{players}", _("seat compensation at {players} players").format(
            players=players), text))
    out.append(("months", "count", _("number of months"), str(len(rules.months))))
    for i, month in enumerate(rules.months):
        out.append(("months", f"month:{month.id}", month_name(rules, i),
                    ngettext("{count} action each", "{count} actions each", month.turns).format(count=month.turns)
                    + " · " + _("event: {event}").format(event=event_text(month.event))))
    out.append(("actions", "give", _("goods given to the vigilantes in a trade"), str(rules.give)))
    out.append(("actions", "swap", _("one-for-one swap with the vigilantes"),
                _("allowed") if rules.swap else _("not allowed")))
    for card, text in bonus_rows(rules):
        out.append(("bonus", f"bonus:{card}", _("bonus card {card}").format(card=card), text))
    for card in rules.prospectors:
        out.append(("prospectors", f"prospector:{card.id}", _("prospector {card}").format(card=card.id),
                    _prospector(rules, card)))
    return out


def rule_diff(a, b) -> list:
    """Changes from ruleset ``a`` to ruleset ``b`` (both of the Provisions family), in section order."""
    fa = {f[1]: f for f in facts(a)}
    fb = {f[1]: f for f in facts(b)}
    changes = []
    for key in list(fa) + [k for k in fb if k not in fa]:
        x, y = fa.get(key), fb.get(key)
        if x and y:
            if x[3] != y[3]:
                changes.append(Change(y[0], key, y[2], x[3], y[3], section_title(y[0])))
        elif y:
            changes.append(Change(y[0], key, y[2], None, y[3], section_title(y[0])))
        else:
            changes.append(Change(x[0], key, x[2], x[3], None, section_title(x[0])))
    order = {name: i for i, name in enumerate(SECTIONS)}
    changes.sort(key=lambda c: order.get(c.section, len(order)))
    return changes
