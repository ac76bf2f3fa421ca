"""What the terminal shows of a game of the Provisions family, in the player's language.

The board (the month track, the suppliers, the customer row, the vigilantes, each store), the
deciding seat's own bonus card (never another seat's before the end), the legal actions grouped
into a menu (:func:`choice_tree`, :func:`menu_entries`, :func:`menu_lines`), the story's lines and
the end. The board comes in two forms: :func:`board_lines`, in sentences, and
:func:`compact_board_lines`, one grid with a column per good, for a small terminal; the session
(:mod:`rulekit.play.provisions_session`) fits them to the terminal. The goods and cards are named
as the ruleset names them; every other word goes through the catalog.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from ..engine.provisions import BONUS, BUY, KEEP, OCTOBER, OVER, PASS, SELL, SWAP, TAKE, TRADE
from ..i18n import NAME_FORMS, Name, _, format_list, join_names, ngettext
from ..text import provisions_words as words
from . import provisions_notation as pnotation

#: The commands of a Provisions game (Province's, without those that name its parts).
PLAY_COMMANDS = ("help", "rules", "log", "hint", "undo", "save", "quit")


def good_name(state, colour: str) -> str:
    """A good as the ruleset names it, with its colour: ``Beans (red)``."""
    if colour in state.rules.colours:
        good = words.good_name(state.rules, colour)
        text = _("{good} ({color})").format(good=good, color=words.colour_name(colour))
        # the good's gender and article go with it: « le plus de farine (blanc) vendue »
        return Name(text, good.kind, good.source, {spec: good.form(spec) for spec in NAME_FORMS.get(good.kind, ())})
    return colour


def _goods_text(state, colours) -> str:
    counts = {}
    for c in colours:
        counts[c] = counts.get(c, 0) + 1
    return format_list([_("{count} × {good}").format(count=n, good=good_name(state, c)) for c, n in counts.items()])


def month_name(state, index: int) -> str:
    return words.month_name(state.rules, index)


def _event_word(event, state=None) -> str:
    """A month's event; with ``state``, in the past once it has happened (the month's departure, the
    vigilantes' leaving), so that the line does not read as something still to come."""
    if state is not None and state.phase != BONUS:
        done = {"discard": _("a prospector has left"), "vigilantes_leave": _("the vigilantes have left")}
        if event in done and (event != "vigilantes_leave" or state.phase != OCTOBER):
            return done[event]
    return {None: "", "discard": _("a prospector leaves"), "vigilantes_leave": _("the vigilantes leave"),
            "rush": _("a prospector leaves before every action")}.get(event, event)


def month_track(state) -> str:
    """The months in order, the current one in brackets."""
    parts = []
    for i in range(len(state.rules.months)):
        word = month_name(state, i)
        if i == state.month and state.phase != OVER:
            word = f"[{word}]"
        elif i < state.month:
            word = f"({word})"
        parts.append(word)
    return _("Months: {track}").format(track=" · ".join(parts))


def heading_line(state, names) -> str:
    if state.phase == OVER:
        return _("Game over")
    index = min(state.month, len(state.rules.months) - 1)
    name = month_name(state, index)
    if state.phase == BONUS:
        return _("Before {month} · {player} · choosing a bonus card").format(month=name, player=names[state.decider])
    if state.phase == OCTOBER:
        return _("{month} · {player} · taking a good from the vigilantes").format(month=name,
                                                                              player=names[state.decider])
    return _("{month}, round {round} of {rounds} · {player}").format(
        month=name, round=state.round + 1, rounds=state.rules.months[index].turns, player=names[state.decider])


def prospector_text(state, card: int) -> str:
    """A prospector card: its id, the goods it asks, its points and its contract good."""
    t = state.t
    asks = [c for g, c in enumerate(t.colours) for _k in range(t.asks[card][g])]
    return _("{card}: asks {goods} · {points} · contract: {contract}").format(
        card=t.prospector_ids[card], goods=_goods_text(state, asks),
        points=ngettext("{count} point", "{count} points", t.points[card]).format(count=t.points[card]),
        contract=good_name(state, t.colours[t.contract[card]]))


def bonus_text(state, card: int, short: bool = False) -> str:
    """A bonus card: its id and objectives (``short``: in a few words, the goods named by their colour)."""
    t = state.t
    parts = []
    if short:
        for goods, points in t.bonus[card]:
            what = "+".join(colour_word(state, t.colours[g]) for g in goods) if goods else _("prospectors")
            parts.append(_("{goods} {points}").format(goods=what, points=points))
        return _("{card} (points for the most sold): {objectives}").format(card=t.bonus_ids[card],
                                                                           objectives=" · ".join(parts))
    for goods, points in t.bonus[card]:
        worth = ngettext("{count} point", "{count} points", points).format(count=points)
        if not goods:
            parts.append(_("most prospectors provisioned: {points}").format(points=worth))
        else:
            names = (format_list([colour_word(state, t.colours[g]) for g in goods]) if short
                     else join_names([good_name(state, t.colours[g]) for g in goods]))
            text = (_("most {goods} sold: {points}") if len(goods) == 1
                    else _("most {goods} sold, counted together: {points}"))
            parts.append(text.format(goods=names, points=worth))
    return _("{card}: {objectives}").format(card=t.bonus_ids[card], objectives=" · ".join(parts))


def shown_card(state, g: int) -> int:
    """The production card of good ``g`` this month; 0 (none yet) while the vigilantes' goods are taken in
    October, before that month's production."""
    return 0 if state.phase == OCTOBER else state.production_shown[g]


def board_lines(state, names, seat: int | None = None) -> list[str]:
    """The whole board, and ``seat``'s own bonus card (the deciding seat's in hot-seat)."""
    t = state.t
    out = [month_track(state)]
    event = state.rules.months[min(state.month, len(state.rules.months) - 1)].event
    if event and state.phase != OVER:
        out.append("  " + _("This month: {event}.").format(event=_event_word(event, state)))
    out.append(_("Nugget (first player this month): {player}").format(player=names[state.nugget]))
    out.append("")
    out.append(_("Suppliers (holding · production area · this month's card) and the vigilantes:"))
    width = max(len(good_name(state, colour)) for colour in t.colours)    # the columns line up in any language
    for g, colour in enumerate(t.colours):
        card = shown_card(state, g)
        card_text = "" if not card else (_("produce {count}").format(count=card) if card > 0
                                         else _("steal {count}").format(count=-card))
        out.append("  " + _("{good:<22} holding {holding:>2} · production {area:>2} · {card:<10} · vigilantes {vig}")
                   .format(good=good_name(state, colour).ljust(width), holding=state.holding[g], area=state.area[g],
                           card=card_text or "—", vig=state.vigilantes[g]))
    out.append("")
    out.append(ngettext("Customer row ({count} card left in the pile), leftmost first:",
                        "Customer row ({count} cards left in the pile), leftmost first:", len(state.pile)).format(
        count=len(state.pile)))
    for k, card in enumerate(state.row):
        out.append(f"  {k + 1}. " + prospector_text(state, card))
    if not state.row:
        out.append("  " + _("(empty)"))
    out.append("")
    out.append(_("Stores:"))
    for p in range(state.n_players):
        stock = [_("{count} {good}").format(count=n, good=good_name(state, t.colours[g]))
                 for g, n in enumerate(state.stock[p]) if n]
        contracts = [_("{count} {good}").format(count=n, good=good_name(state, t.colours[g]))
                     for g, n in enumerate(state.contracts[p]) if n]
        sold = [t.prospector_ids[c] for c in state.sold[p]]
        out.append("  " + _("{player}: {points}").format(
            player=names[p], points=ngettext("{count} point", "{count} points", state.provision_points(p)).format(
                count=state.provision_points(p))))
        extra = state.compensation_points(p)
        if extra:       # a house rule's seat compensation, added at the end
            out.append("    " + ngettext("seat compensation: {count} point at the end",
                                         "seat compensation: {count} points at the end", extra).format(count=extra))
        out.append("    " + _("stock: {goods}").format(goods=", ".join(stock) if stock else _("nothing")))
        out.append("    " + _("contracts: {goods}").format(goods=", ".join(contracts) if contracts else _("none")))
        out.append("    " + _("prospectors provisioned: {cards}").format(cards=", ".join(sold) if sold else _("none")))
    if seat is not None and state.phase != OVER:
        out.append("")
        if state.bonus[seat] >= 0:
            out.append(_("Your bonus card (only you see it): {card}").format(card=bonus_text(state, state.bonus[seat])))
        else:
            out.append(_("Your bonus cards to choose from (only you see them):"))
            for card in state.hands[seat]:
                out.append("  " + bonus_text(state, card))
    return out


def describe(state, action: int) -> str:
    """An action in words."""
    t = state.t
    act = t.actions[action]
    c = t.colours
    if act.kind == KEEP:
        # the card by its id: its objectives are on the board, just above the choices
        return _("keep the bonus card {card}").format(card=t.bonus_ids[state.hands[state.decider][act.slot]])
    if act.kind == BUY:
        return _("buy {goods}").format(goods=_goods_text(state, [c[g] for g in act.goods]))
    if act.kind == SELL:
        return _("provision the prospector {card}").format(card=prospector_text(state, state.row[act.slot]))
    if act.kind in (TRADE, SWAP):
        return _("give {goods} to the vigilantes for 1 × {good}").format(
            goods=_goods_text(state, [c[g] for g in act.goods]), good=good_name(state, c[act.get]))
    if act.kind == TAKE:
        return _("take 1 × {good} from the vigilantes").format(good=good_name(state, c[act.get]))
    if act.kind == PASS:
        return _("pass (nothing else is possible)")
    return pnotation.local(state, action)


def choice_lines(state) -> list[str]:
    out = [_("Your choices (type a number or the action):")]
    for i, a in enumerate(state.legal_actions(), 1):
        out.append(f"  {i:>2}. " + _("{action} [{notation}]").format(action=describe(state, a),
                                                                      notation=pnotation.local(state, a)))
    return out


def event_line(state, event: dict, names) -> str | None:
    """One public event of the log in words; None for those the story does not tell."""
    kind = event["event"]
    goods = lambda colours: _goods_text(state, colours)  # noqa: E731
    if kind == "month":
        index = state.t.month_ids.index(event["month"])
        return _("— {month} begins —").format(month=month_name(state, index))
    if "seat" in event and kind != "nugget" and _is_you(names[event["seat"]]):
        return _your_event(state, event)
    if kind == "keep":
        return _("{player} keeps a bonus card.").format(player=names[event["seat"]])
    if kind == "buy":
        return _("{player} buys {goods}.").format(player=names[event["seat"]], goods=goods(event["goods"]))
    if kind == "sell":
        return _("{player} provisions {card}.").format(player=names[event["seat"]], card=event["card"])
    if kind == "trade":
        return _("{player} gives {goods} to the vigilantes for 1 × {good}.").format(
            player=names[event["seat"]], goods=goods(event["gave"]), good=good_name(state, event["got"]))
    if kind == "take":
        if event["good"] is None:
            return _("{player} can take nothing from the vigilantes.").format(player=names[event["seat"]])
        return _("{player} takes 1 × {good} from the vigilantes.").format(player=names[event["seat"]],
                                                                          good=good_name(state, event["good"]))
    if kind == "pass":
        return _("{player} passes.").format(player=names[event["seat"]])
    if kind == "steal":
        if not event["amount"]:
            return None
        return _("The vigilantes steal {goods}.").format(goods=goods([event["good"]] * event["amount"]))
    if kind == "produce":
        return None
    if kind == "restock":
        return None
    if kind == "vigilantes_leave":
        return _("The vigilantes leave town; their goods go back to the suppliers.")
    if kind == "nugget":
        if _is_you(names[event["seat"]]):
            return _("You take the gold nugget and play first this month.")
        return _("{player} takes the gold nugget and plays first this month.").format(player=names[event["seat"]])
    if kind == "arrive":
        return _("Prospector {card} arrives at the left of the row.").format(card=event["card"])
    if kind == "leave":
        return _("Prospector {card} leaves the row without provisions.").format(card=event["card"])
    if kind == "end":
        return None
    return None


def _is_you(name) -> bool:
    """Whether a seat's name is "You" (the one human against computers): its sentences are written to it."""
    return getattr(name, "source", None) == "You"


def _your_event(state, event: dict) -> str | None:
    """An action of the seat called "You", written to it."""
    kind = event["event"]
    goods = lambda colours: _goods_text(state, colours)  # noqa: E731
    if kind == "keep":
        return _("You keep a bonus card.")
    if kind == "buy":
        return _("You buy {goods}.").format(goods=goods(event["goods"]))
    if kind == "sell":
        return _("You provision {card}.").format(card=event["card"])
    if kind == "trade":
        return _("You give {goods} to the vigilantes for 1 × {good}.").format(
            goods=goods(event["gave"]), good=good_name(state, event["got"]))
    if kind == "take":
        if event["good"] is None:
            return _("You can take nothing from the vigilantes.")
        return _("You take 1 × {good} from the vigilantes.").format(good=good_name(state, event["good"]))
    if kind == "pass":
        return _("You pass.")
    return None


def production_line(state) -> str:
    """This month's production, in one line."""
    t = state.t
    parts = []
    for g, card in enumerate(state.production_shown):
        if card > 0:
            parts.append(f"{words.colour_name(t.colours[g])} +{card}")
        elif card < 0:
            parts.append(f"{words.colour_name(t.colours[g])} −{-card}")
    return _("Production this month: {cards}.").format(cards=", ".join(parts))


def score_lines(state, names) -> list[str]:
    out = []
    outcome = state.outcome()
    for p in range(state.n_players):
        card = bonus_text(state, state.bonus[p]) if state.bonus[p] >= 0 else "—"
        score = ngettext("{count} point", "{count} points", state.score(p)).format(count=state.score(p))
        if state.rules.compensation:    # a house rule's seat compensation: the third part of the score
            text = _("{rank}. {player}: {score} ({prospectors} from prospectors, {bonus} from the bonus card "
                     "{card}, {compensation} from the seat compensation)")
        else:
            text = _("{rank}. {player}: {score} ({prospectors} from prospectors, {bonus} from the bonus card {card})")
        out.append("  " + text.format(rank=outcome.ranks[p], player=names[p], score=score,
                                      prospectors=state.provision_points(p), bonus=state.bonus_points(p), card=card,
                                      compensation=state.compensation_points(p)))
    return out


def winner_line(state, names) -> str:
    outcome = state.outcome()
    winners = [names[p] for p in outcome.winners]
    if len(winners) > 1:
        return _("Shared victory: {players}.").format(players=format_list(winners))
    why = {"points": _("on points"), "prospectors": _("on points, then the most prospectors provisioned"),
           "goods": _("on points, then the most goods in stock")}.get(outcome.decided_by, "")
    if _is_you(winners[0]):
        return _("You win ({why}).").format(why=why)
    return _("{player} wins ({why}).").format(player=winners[0], why=why)


def end_lines(state, names) -> list[str]:
    out = ["", _("GAME OVER"), _("Scores:")]
    out.extend(score_lines(state, names))
    out.append(winner_line(state, names))
    return out


def summary_lines(state, names) -> list[str]:
    """Where a game stands when the player leaves before the end."""
    if state.is_terminal():
        return end_lines(state, names)
    n = len(state.history)
    points = ", ".join(_("{player} {points}").format(player=names[p], points=state.provision_points(p))
                       for p in range(state.n_players))
    return [ngettext("Game not finished: {count} action played, {month}. Prospector points: {points}.",
                     "Game not finished: {count} actions played, {month}. Prospector points: {points}.", n).format(
        count=n, month=month_name(state, min(state.month, len(state.rules.months) - 1)), points=points)]


def help_lines(state) -> list[str]:
    """The help of a Provisions game: what to type."""
    return [
        _("Type the number of a choice, or the action in notation (the words in brackets), then Enter."),
        _("On a small screen the choices are grouped: the action first, then its target. A choice ending in … "
          "is a group: its number, or its words (buy red, trade red+blue), shows the choices in it, and 0 goes "
          "back to every choice. In a group you may type the number, the whole action or only its end "
          "(+blue in the group buy red)."),
        _("Notation: keep CARD, buy COLOR@2 (two of one good), buy COLOR+COLOR, sell CARD, "
          "trade COLOR+COLOR>COLOR, swap COLOR>COLOR, take COLOR, pass."),
        _("Commands: help, rules (the rulebook), log (the whole story), hint (what the greedy computer would "
          "do), undo (take back your last action), save, quit (saved, to continue later)."),
    ]


def rules_lines(ruleset) -> list[str]:
    """The rulebook, as ``rulekit rulebook`` writes it (plain text)."""
    from ..text.provisions_rulebook import rulebook_text

    return rulebook_text(ruleset).splitlines()


# ---------------------------------------------------------------------------
# The choices, grouped: pick the action, then its target


class Choice(NamedTuple):
    """One entry of the menu of choices: a legal action (``children`` empty), or a group of them.

    ``key``: where the entry is in :func:`choice_tree` (the kind, then what the group shares);
    ``text``: how it is typed (an action's notation; for a group, the start its actions share,
    ``buy red``, ``trade red+blue``); ``actions``: the legal actions under it, in the legal order."""
    key: tuple
    text: str
    actions: tuple
    children: tuple = ()


def _group_path(state, action: int) -> tuple:
    """The groups an action is filed under: its kind, then (buy, swap) the first good named, or (trade)
    the first good given and then the goods given: no menu holds more than one entry per good."""
    act = state.t.actions[action]
    if act.kind in (BUY, SWAP):
        return act.kind, act.goods[0]
    if act.kind == TRADE:
        return act.kind, act.goods[0], act.goods
    return (act.kind,)


_SEPARATORS = re.compile(r"([\s+>@]+)")


def _shared_start(texts) -> str:
    """The words the notations start with in common, without a separator at the end."""
    split = [_SEPARATORS.split(t) for t in texts]
    common = []
    for parts in zip(*split):
        if any(p != parts[0] for p in parts):
            break
        common.append(parts[0])
    while common and (not common[-1] or _SEPARATORS.fullmatch(common[-1])):
        common.pop()
    return "".join(common)


def notation(state, action: int) -> str:
    """An action as it is typed, in the player's language (``acheter noir``; the record keeps the
    canonical notation, ``buy black``)."""
    return pnotation.local(state, action)


def choice_tree(state) -> Choice:
    """Every legal action of the deciding seat, grouped by :func:`_group_path`: the root's children are
    the kinds of action (a kind with one action is that action), each kind's its targets. Read in
    order, the leaves are :meth:`legal_actions` in its order."""
    legal = state.legal_actions()
    written = {a: notation(state, a) for a in legal}
    paths = {a: _group_path(state, a) for a in legal}

    def build(key, actions, depth, root=False):
        if len(actions) == 1 and not root:
            return Choice(key + (actions[0],), written[actions[0]], (actions[0],))
        groups = {}
        for a in actions:
            sub = paths[a][depth] if depth < len(paths[a]) else ("action", a)
            groups.setdefault(sub, []).append(a)
        children = tuple(build(key + (sub,), acts, depth + 1) for sub, acts in groups.items())
        if len(children) == 1 and not root:
            return children[0]
        return Choice(key, _shared_start([written[a] for a in actions]), tuple(actions), children)

    return build((), legal, 0, root=True)


def find_choice(root: Choice, key: tuple) -> Choice | None:
    """The group of the tree with this ``key``; None when the position has none."""
    if root.key == key:
        return root
    for child in root.children:
        if key[:len(child.key)] == child.key:
            return find_choice(child, key)
    return None


def find_typed(root: Choice, text: str) -> Choice | None:
    """The group typed as ``text`` (its :attr:`Choice.text`, any case and spacing), the largest first."""
    want = " ".join(text.lower().split())
    for child in root.children:
        if child.children and child.text.lower() == want:
            return child
    for child in root.children:
        found = find_typed(child, text) if child.children else None
        if found is not None:
            return found
    return None


def menu_entries(group: Choice, fits) -> list[Choice]:
    """The entries a menu shows of ``group``: its children, a group with no sibling opened at once, then
    the smallest groups opened in place while ``fits(entries)`` (everything, when rows are unbounded).
    Every legal action under ``group`` is an entry or under one; the entries keep the legal order."""
    entries = list(group.children) or [group]
    while len(entries) == 1 and entries[0].children:
        entries = list(entries[0].children)
    while True:
        for g in sorted((e for e in entries if e.children), key=lambda e: len(e.actions)):
            i = entries.index(g)
            trial = entries[:i] + list(g.children) + entries[i + 1:]
            if fits(trial):
                entries = trial
                break
        else:
            return entries


def _entry_text(entry: Choice, group: Choice | None = None) -> str:
    """An entry in a few words; in an opened group, without the words the group's heading already says
    (``+blue`` in the group ``buy red``, which can be typed so)."""
    text = entry.text
    if group is not None and group.key and text.startswith(group.text) and len(text) > len(group.text):
        text = text[len(group.text):].lstrip()
    if not entry.children:
        return text
    return _("{choice}… ({count})").format(choice=text, count=len(entry.actions))


def menu_heading(state, entries, group: Choice | None = None) -> str:
    """The line above the menu: how to choose, with an action of the menu as the example."""
    if group is not None and group.key:
        return _("{choice}: choose (0: back):").format(choice=group.text)
    if any(e.children for e in entries):
        return _("Your choices (a number or an action; a group's number opens it):")
    return _("Your choices (type a number or the action):")


def menu_lines(state, entries, width: int, rows: int | None = None, group: Choice | None = None,
               console=None) -> list[str]:
    """The menu: a heading, then the entries numbered from 1, each with its words when they fit in
    ``rows`` (None: unbounded), else in columns, a few words each."""
    from . import screen

    head = screen.wrap(menu_heading(state, entries, group), "  ", "", width=width)
    if console is not None:
        head = [console.style(line, bold=True) for line in head]
    numw = len(str(len(entries)))
    long = []
    for i, e in enumerate(entries, 1):
        if e.children:
            text = _entry_text(e)
        else:
            text = _("{action} [{notation}]").format(action=describe(state, e.actions[0]), notation=e.text)
        long.extend(screen.wrap(f"{str(i).rjust(numw)}. {text}", " " * (numw + 6), "  ", width=width))
    if rows is None or len(head) + len(long) <= rows:
        return head + long
    for short in (None, group):             # the whole words, else without the group's own when rows are short
        cells = [f"{str(i).rjust(numw)}. {_entry_text(e, short)}" for i, e in enumerate(entries, 1)]
        cellw = max(len(c) for c in cells) + 3
        ncols = max(1, min(len(cells), (width - 2 + 3) // cellw))
        nrows = -(-len(cells) // ncols)
        if len(head) + nrows <= rows:
            break
    out = list(head)
    for r in range(nrows):
        row = [cells[r + k * nrows] for k in range(ncols) if r + k * nrows < len(cells)]
        line = "  " + "".join(c.ljust(cellw) for c in row[:-1]) + row[-1]
        out.extend(screen.wrap(line.rstrip(), " " * (numw + 6), "", width=width) if ncols == 1 else [line])
    return out


def menu_for(state, width: int, rows: int | None, key: tuple = ()) -> tuple[Choice, list[Choice]]:
    """The group at ``key`` (the root when the position has no such group) and the entries its menu
    shows within ``rows`` (None: unbounded)."""
    root = choice_tree(state)
    group = find_choice(root, key) if key else root
    if group is None or not group.children:
        group = root
    fits = (lambda entries: True) if rows is None else \
        (lambda entries: len(menu_lines(state, entries, width, rows, group)) <= rows)
    return group, menu_entries(group, fits)


# ---------------------------------------------------------------------------
# The board on a small terminal: one grid, a column per good


def colour_word(state, colour: str) -> str:
    """A good's colour as the compact board heads its column: the word the notation types, in the
    player's language (« marron »)."""
    return pnotation.colour_words(state).get(colour, colour)


def _cell(n: int) -> str:
    return str(n) if n else "·"


#: How far :func:`compact_board_lines` goes, from the roomiest: each level leaves out more.
COMPACT_LEVELS = 5


def compact_board_lines(state, names, seat: int | None, width: int, level: int = 0) -> list[str] | None:
    """The whole board in few rows: the months, the nugget and the pile on a line; then one grid with a
    column per good: the suppliers' holding and production areas (with this month's card), the
    vigilantes, the goods each prospector of the row asks (``*``: its contract good), each store
    (stock, ``+`` its contracts); the points; and ``seat``'s own bonus card. ``level`` 1 leaves out the
    holding areas, 2 also the lines that say what the row's and the stores' cells are, 3 also the
    month track (the heading names the month), 4 also the month's event and the nugget's holder (the
    fullest screens only: five players, long names). None when the grid is wider than ``width``."""
    holding, legends, fold = level < 1, level < 2, level >= 3
    from . import screen

    t = state.t
    index = min(state.month, len(state.rules.months) - 1)
    track = []
    for i in range(len(state.rules.months)):
        word = month_name(state, i)
        if i == state.month and state.phase != OVER:
            word = f"[{word}]"
        track.append(word)
    parts = [" ".join(track)] if level < 3 else []
    event = state.rules.months[index].event
    if event and state.phase != OVER:
        parts.append(_("this month: {event}").format(event=_event_word(event, state)))
    parts.append(_("nugget: {player}").format(player=names[state.nugget]))
    out = screen.wrap(" · ".join(parts), "  ", "", width=width) if level < 4 else []

    colours = [colour_word(state, c) for c in t.colours]
    grid = []                      # (label, cells, after) or a line of text (str)

    def production(g):
        card = shown_card(state, g)
        if not card:
            return _cell(state.area[g])
        return f"{state.area[g]} ({'+' if card > 0 else '−'}{abs(card)})"

    if holding:
        grid.append((_("holding"), [_cell(n) for n in state.holding], ""))
    grid.append((_("production (card)"), [production(g) for g in range(t.n_goods)], ""))
    grid.append((_("vigilantes"), [_cell(n) for n in state.vigilantes], ""))
    if legends:
        grid.append(ngettext("Row, leftmost first ({count} card in the pile): the goods each asks, * its contract",
                             "Row, leftmost first ({count} cards in the pile): the goods each asks, * its contract",
                             len(state.pile)).format(count=len(state.pile)))
    for k, card in enumerate(state.row):
        cells = [(_cell(t.asks[card][g]) if t.asks[card][g] else "") + ("*" if t.contract[card] == g else "")
                 for g in range(t.n_goods)]
        label = _("{slot}. {card}: {points}").format(
            slot=k + 1, card=t.prospector_ids[card],
            points=ngettext("{count} point", "{count} points", t.points[card]).format(count=t.points[card]))
        grid.append((label, [c or "·" for c in cells], ""))
    if not state.row:
        grid.append("  " + _("The row is empty."))
    if legends:
        grid.append(_("Stores: the goods in stock, + the contracts; the points of the prospectors provisioned"))
    empty = []
    for p in range(state.n_players):
        if fold and not any(state.stock[p]) and not any(state.contracts[p]) and not state.provision_points(p) \
                and not state.compensation_points(p):
            empty.append(str(names[p]))
            continue
        cells = []
        for g in range(t.n_goods):
            stock, contracts = state.stock[p][g], state.contracts[p][g]
            cells.append((str(stock) if stock else "") + (f"+{contracts}" if contracts else "") or "·")
        after = str(state.provision_points(p))
        extra = state.compensation_points(p)
        if extra:
            after = _("{points} (+{count} at the end)").format(points=after, count=extra)
        grid.append((str(names[p]), cells, after))
    rows = [r for r in grid if not isinstance(r, str)]
    labelw = max(len(r[0]) for r in rows)
    cellw = max(max(len(c) for c in colours), max(len(c) for r in rows for c in r[1])) + 1
    points_word = _("points")
    afterw = max([len(r[2]) for r in rows] + [len(points_word)])
    wide = labelw + cellw * len(colours) + 2 + afterw <= width
    if labelw + cellw * len(colours) > width:
        return None                     # too wide for a grid: the caller shows the board in sentences
    out.append((" " * labelw + "".join(c.rjust(cellw) for c in colours) + ("  " + points_word if wide else "")))
    points = []
    for row in grid:
        if isinstance(row, str):
            out.extend(screen.wrap(row, "  ", "", width=width))
            continue
        label, cells, after = row
        line = label.ljust(labelw) + "".join(c.rjust(cellw) for c in cells)
        if after and wide:
            line += "  " + after.rjust(len(points_word))
        elif after:
            points.append(_("{player} {points}").format(player=label, points=after))
        out.append(line.rstrip())
    if empty:
        text = ngettext("Empty store, no points yet: {players}", "Empty stores, no points yet: {players}", len(empty))
        out.extend(screen.wrap(text.format(players=format_list(empty)), "  ", "", width=width))
    if points:
        out.extend(screen.wrap(_("Points: {list}").format(list=" · ".join(points)), "  ", "", width=width))
    if seat is not None and state.phase != OVER:
        if state.bonus[seat] >= 0:
            out.extend(screen.wrap(_("Your bonus card: {card}").format(
                card=bonus_text(state, state.bonus[seat], short=True)), "  ", "", width=width))
        else:
            out.extend(screen.wrap(_("Your bonus cards to choose from (only you see them):"), "  ", "", width=width))
            for card in state.hands[seat]:
                out.extend(screen.wrap(bonus_text(state, card, short=True), "    ", "  ", width=width))
    return out
