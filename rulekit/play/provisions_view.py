"""One view of a game of the Provisions family for every screen: what a seat sees of a state, typed and immutable.

The browser (:mod:`rulekit.web`) reads a :class:`ProvisionsView` instead of the state: the months
with their events, the suppliers (holding, production area, this month's card, the vigilantes'
goods) per good, the customer row, each store (stock, contracts, prospectors provisioned, points),
the bonus cards the viewing seat may see (its own hand and kept card; every seat's once the game is
over), and every legal action as a :class:`ProvisionsActionView` grouped by what it does (buy,
provision, trade, swap, keep, take, pass) with its target in words. It is built from the state's
public protocol only (:meth:`view`, :meth:`legal_actions`, :meth:`notation`, :meth:`outcome`, the
points it counts) and the ruleset's cards; the words are those of :mod:`.provisions_screen`.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..i18n import _, format_list, ngettext
from . import provisions_screen as pscreen


@dataclass(frozen=True)
class GoodView:
    colour: str                # the good's id (its colour)
    name: str                  # "Beans (red)"
    holding: int               # the supplier's holding
    area: int                  # the supplier's production area (what may be bought)
    card: int                  # this month's production card (> 0: produce, < 0: steal, 0: none yet)
    vigilantes: int            # the vigilantes' goods of this colour


@dataclass(frozen=True)
class ProspectorView:
    id: str
    asks: tuple                # ((colour, n), ...) in the ruleset's order of goods
    points: int
    contract: str              # the good its contract gives (a colour)
    text: str                  # the card in words


@dataclass(frozen=True)
class BonusCardView:
    id: str
    objectives: tuple          # ((colours, points), ...): () for the most prospectors provisioned
    text: str                  # the card in words


@dataclass(frozen=True)
class StoreView:
    seat: int
    name: str
    to_play: bool
    points: int                # from the prospectors provisioned
    compensation: int          # a house rule's seat compensation (0 without one)
    stock: tuple               # ((colour, n), ...) every good, in order
    contracts: tuple           # ((colour, n), ...) every good, in order
    sold: tuple                # ProspectorView of the prospectors provisioned, in order
    kept: bool                 # has kept its bonus card
    bonus: BonusCardView | None   # its kept bonus card, when the viewing seat may see it
    hand: tuple                # BonusCardView of its cards to choose from, when the viewing seat may see them
    nugget: bool               # holds the gold nugget (plays first this month)


@dataclass(frozen=True)
class MonthView:
    id: str
    name: str
    turns: int
    event: str                 # what happens as it begins, in words ("" for nothing)
    state: str                 # "past", "now", "later"


@dataclass(frozen=True)
class ProvisionsActionView:
    index: int                 # the engine's action number: what is played
    kind: str                  # keep, buy, sell, trade, swap, take, pass
    group: str                 # the group it is shown in, in words ("Buy goods")
    label: str                 # what it does, in words
    target: str                # the part the group leaves to say ("2 × Beans (red)"), in words
    notation: str
    goods: tuple = ()          # the colours bought or given
    get: str | None = None     # the colour received
    card: str | None = None    # the prospector provisioned or the bonus card kept


@dataclass(frozen=True)
class ProvisionsOutcomeView:
    scores: tuple
    ranks: tuple
    winners: tuple
    decided_by: str
    by_source: tuple           # per seat: ((source label, points), ...)
    winner_line: str
    tie_break: str             # what decided it, in words ("" when the points did)


@dataclass(frozen=True)
class ProvisionsView:
    seat: int                  # whose view (-1: a watcher)
    decider: int
    phase: str                 # bonus, vigilantes, play, over
    heading: str
    months: tuple              # MonthView
    round: int                 # 0-based, within the month
    rounds: int
    event: str                 # this month's event in words ("" for none)
    nugget: int
    goods: tuple               # GoodView
    row: tuple                 # ProspectorView, leftmost first
    pile: int                  # prospectors left in the pile
    discarded: int             # prospectors gone (face up or not)
    stores: tuple              # StoreView in seat order
    actions: tuple             # ProvisionsActionView (empty unless ``seat`` decides)
    outcome: ProvisionsOutcomeView | None


#: The groups of actions, in the order a page shows them.
GROUPS = ("keep", "take", "sell", "buy", "trade", "swap", "pass")


def group_label(kind: str) -> str:
    return {"keep": _("Keep a bonus card"), "buy": _("Buy goods"), "sell": _("Provision a prospector"),
            "trade": _("Trade with the vigilantes"), "swap": _("Swap with the vigilantes"),
            "take": _("Take a good from the vigilantes"), "pass": _("Pass")}.get(kind, kind)


def _prospector(state, rules, pid: str) -> ProspectorView:
    card = next(p for p in rules.prospectors if p.id == pid)
    asks = tuple((c, sum(1 for a in card.asks if a == c)) for c in rules.colours if c in card.asks)
    index = [p.id for p in rules.prospectors].index(pid)
    return ProspectorView(pid, asks, card.points, card.contract, pscreen.prospector_text(state, index))


def _bonus(state, rules, bid: str) -> BonusCardView:
    ids = [b for b, _objs in rules.bonus_cards]
    objs = rules.bonus_cards[ids.index(bid)][1]
    return BonusCardView(bid, tuple((tuple(o.goods), o.points) for o in objs),
                         pscreen.bonus_text(state, ids.index(bid)))


def _goods_words(state, colours) -> str:
    counts = {}
    for c in colours:
        counts[c] = counts.get(c, 0) + 1
    return format_list([_("{count} × {good}").format(count=n, good=pscreen.good_name(state, c))
                        for c, n in counts.items()])


def _action(state, rules, a: int) -> ProvisionsActionView:
    """``a`` (legal now) in words, its parts read from its notation (the ruleset's ids)."""
    notation = state.notation(a)
    kind, _sep, rest = notation.partition(" ")
    goods, get, card, target = (), None, None, ""
    if kind == "buy":
        colour, at, _two = rest.partition("@")
        goods = (colour, colour) if at else tuple(rest.split("+"))
        target = _goods_words(state, goods)
    elif kind in ("trade", "swap"):
        given, _sep, get = rest.partition(">")
        goods = tuple(given.split("+"))
        target = _("{goods} for 1 × {good}").format(goods=_goods_words(state, goods), good=pscreen.good_name(state, get))
    elif kind == "take":
        get = rest
        target = pscreen.good_name(state, get)
    elif kind == "sell":
        card = rest
        target = _prospector(state, rules, card).text
    elif kind == "keep":
        card = rest
        target = _bonus(state, rules, card).text
    return ProvisionsActionView(a, kind, group_label(kind), pscreen.describe(state, a), target, notation,
                                goods, get, card)


def _event(rules, month) -> str:
    return pscreen._event_word(month.event) if month.event else ""


def provisions_view(state, names=None, seat: int = -1, with_actions: bool = True) -> ProvisionsView:
    """What ``seat`` sees of ``state`` (``-1``: a watcher, who sees no bonus card before the end). The legal
    actions are listed when ``seat`` decides now (never with ``with_actions=False``)."""
    rules = state.rules
    n = state.n_players
    names = list(names) if names is not None else [str(p + 1) for p in range(n)]
    v = state.view(seat if seat >= 0 else 0)
    over = v["terminal"]
    months = []
    for i, m in enumerate(rules.months):
        when = "past" if i < v["month_index"] else ("now" if i == v["month_index"] and not over else "later")
        if over:
            when = "past"
        months.append(MonthView(m.id, pscreen.month_name(state, i), m.turns, _event(rules, m), when))
    goods = tuple(GoodView(c, pscreen.good_name(state, c), v["holding"][c], v["production"][c],
                           v["production_cards"][c], v["vigilantes"][c]) for c in v["goods"])
    stores = []
    for p in range(n):
        visible = over or p == seat
        bonus = None
        if visible and seat >= 0 or over:
            seen = state.view(p)["bonus"][p]           # the seat's own card, as the seat itself sees it
            bonus = _bonus(state, rules, seen) if seen else None
        hand = tuple(_bonus(state, rules, b) for b in state.view(p)["hand"]) if (
            p == seat and not over and not v["kept"][p]) else ()
        stores.append(StoreView(
            p, str(names[p]), p == v["decider"] and not over, v["provision_points"][p], v["compensation"][p],
            tuple(v["stock"][p].items()), tuple(v["contracts"][p].items()),
            tuple(_prospector(state, rules, pid) for pid in v["sold"][p]), v["kept"][p], bonus, hand,
            p == v["nugget"]))
    show = with_actions and not over and seat == v["decider"]
    actions = tuple(_action(state, rules, a) for a in state.legal_actions()) if show else ()
    outcome = None
    if over:
        o = state.outcome()
        sources = []
        for p in range(n):
            parts = [(_("Points from prospectors"), state.provision_points(p)),
                     (_("Points from the bonus card"), state.bonus_points(p))]
            if rules.compensation:
                parts.append((_("Points from the seat compensation"), state.compensation_points(p)))
            sources.append(tuple(parts))
        tie = {"prospectors": _("the most prospectors provisioned"),
               "goods": _("the most goods in stock")}.get(o.decided_by, "")
        outcome = ProvisionsOutcomeView(o.scores, o.ranks, o.winners, o.decided_by, tuple(sources),
                                        pscreen.winner_line(state, names), tie)
    index = min(v["month_index"], len(rules.months) - 1)
    return ProvisionsView(seat, v["decider"], v["phase"], pscreen.heading_line(state, names), tuple(months),
                          v["round"], v["turns"], "" if over else _event(rules, rules.months[index]), v["nugget"],
                          goods, tuple(_prospector(state, rules, pid) for pid in v["row"]), v["pile"], v["discard"],
                          tuple(stores), actions, outcome)


def is_action(state, action: int) -> bool:
    """Whether ``action`` is one of the game's action numbers (legal now or not)."""
    return 0 <= action < len(state.t.actions)


def store_lines(view: ProvisionsView, p: int) -> list[str]:
    """A store in a few lines of words: points, stock, contracts, prospectors provisioned, bonus card."""
    st = view.stores[p]
    names = {g.colour: g.name for g in view.goods}
    stock = [_("{count} {good}").format(count=k, good=names[c]) for c, k in st.stock if k]
    contracts = [_("{count} {good}").format(count=k, good=names[c]) for c, k in st.contracts if k]
    lines = [ngettext("{count} point from prospectors", "{count} points from prospectors", st.points).format(
                 count=st.points),
             _("stock: {goods}").format(goods=", ".join(stock) if stock else _("nothing")),
             _("contracts: {goods}").format(goods=", ".join(contracts) if contracts else _("none")),
             _("prospectors provisioned: {cards}").format(
                 cards=", ".join(c.id for c in st.sold) if st.sold else _("none"))]
    if st.compensation:
        lines.append(ngettext("seat compensation: {count} point at the end",
                              "seat compensation: {count} points at the end", st.compensation).format(
            count=st.compensation))
    return lines


__all__ = ["BonusCardView", "GROUPS", "GoodView", "MonthView", "ProspectorView", "ProvisionsActionView",
           "ProvisionsOutcomeView", "ProvisionsView", "StoreView", "group_label", "is_action", "provisions_view", "store_lines"]
