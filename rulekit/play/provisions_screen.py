"""What the terminal shows of a game of the Provisions family, in the player's language.

The board (the month track, the suppliers, the customer row, the vigilantes, each store), the
deciding seat's own bonus card (never another seat's before the end), the numbered legal
actions in words, the story's lines and the end. The goods and cards are named as the ruleset
names them; every other word goes through the catalog.
"""
from __future__ import annotations

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
        # the good's gender and article go with it: « le plus de Farine (blanc) vendue »
        return Name(text, good.kind, good.source, {spec: good.form(spec) for spec in NAME_FORMS.get(good.kind, ())})
    return colour


def _goods_text(state, colours) -> str:
    counts = {}
    for c in colours:
        counts[c] = counts.get(c, 0) + 1
    return format_list([_("{count} × {good}").format(count=n, good=good_name(state, c)) for c, n in counts.items()])


def month_name(state, index: int) -> str:
    return words.month_name(state.rules, index)


def _event_word(event) -> str:
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


def bonus_text(state, card: int) -> str:
    """A bonus card: its id and objectives."""
    t = state.t
    parts = []
    for goods, points in t.bonus[card]:
        worth = ngettext("{count} point", "{count} points", points).format(count=points)
        if not goods:
            parts.append(_("most prospectors provisioned: {points}").format(points=worth))
        else:
            names = join_names([good_name(state, t.colours[g]) for g in goods])
            text = (_("most {goods} sold: {points}") if len(goods) == 1
                    else _("most {goods} sold, counted together: {points}"))
            parts.append(text.format(goods=names, points=worth))
    return _("{card}: {objectives}").format(card=t.bonus_ids[card], objectives=" · ".join(parts))


def board_lines(state, names, seat: int | None = None) -> list[str]:
    """The whole board, and ``seat``'s own bonus card (the deciding seat's in hot-seat)."""
    t = state.t
    out = [month_track(state)]
    event = state.rules.months[min(state.month, len(state.rules.months) - 1)].event
    if event and state.phase != OVER:
        out.append("  " + _("This month: {event}.").format(event=_event_word(event)))
    out.append(_("Nugget (first player this month): {player}").format(player=names[state.nugget]))
    out.append("")
    out.append(_("Suppliers (holding · production area · this month's card) and the vigilantes:"))
    width = max(len(good_name(state, colour)) for colour in t.colours)    # the columns line up in any language
    for g, colour in enumerate(t.colours):
        card = state.production_shown[g]
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
        return _("keep the bonus card {card}").format(card=bonus_text(state, state.hands[state.decider][act.slot]))
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
    return state.notation(action)


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
        _("Notation: keep CARD, buy COLOR@2 (two of one good), buy COLOR+COLOR, sell CARD, "
          "trade COLOR+COLOR>COLOR, swap COLOR>COLOR, take COLOR, pass."),
        _("Commands: help, rules (the rulebook), log (the whole story), hint (what the greedy computer would "
          "do), undo (take back your last action), save, quit (saved, to continue later)."),
    ]


def rules_lines(ruleset) -> list[str]:
    """The rulebook, as ``rulekit rulebook`` writes it (plain text)."""
    from ..text.provisions_rulebook import rulebook_text

    return rulebook_text(ruleset).splitlines()
