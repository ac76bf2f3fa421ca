"""A Provisions ruleset compiled once into tables of small integers, and the action table.

Goods are indexes into the ruleset's colours (in the order written); prospector and bonus cards
are indexes into its lists. An action is an index into :attr:`Tables.actions`, the same for
every state of a ruleset; :meth:`rulekit.engine.provisions.State.legal_actions` lists the legal
ones. Their kinds, in the table's order:

==========  ==================================================  =====================
kind        what it does                                        notation
==========  ==================================================  =====================
``keep``    keep the bonus card in that place of the hand       ``keep b07``
``buy``     two goods: two from one supplier, or one from two   ``buy red@2``, ``buy red+blue``
``sell``    provision the prospector in that place of the row   ``sell p17``
``trade``   goods the vigilantes have for one of theirs         ``trade red+blue>black``
``swap``    one good of a colour they lack for one of theirs    ``swap red>black``
``take``    October: one of the vigilantes' goods               ``take black``
``pass``    nothing else is legal                               ``pass``
==========  ==================================================  =====================

Notation is made of the ruleset's ids and these few words, never translated (a record keeps
it); the place of ``keep`` and ``sell`` is written as the card there, so it reads the same
whatever the order of the hand or the row.
"""
from __future__ import annotations

from itertools import combinations_with_replacement
from typing import NamedTuple

KEEP, BUY, SELL, TRADE, SWAP, TAKE, PASS = "keep", "buy", "sell", "trade", "swap", "take", "pass"
#: Every kind of action, in the order of the action table.
KINDS = (KEEP, BUY, SELL, TRADE, SWAP, TAKE, PASS)
#: Month events (the ruleset's ``event``), as codes.
NO_EVENT, DISCARD, VIGILANTES_LEAVE, RUSH = 0, 1, 2, 3
_EVENTS = {None: NO_EVENT, "discard": DISCARD, "vigilantes_leave": VIGILANTES_LEAVE, "rush": RUSH}


class Action(NamedTuple):
    """One entry of the action table. ``goods``: the colours bought or given (indexes, a colour
    twice for two of it); ``get``: the colour received (-1 for none); ``slot``: the place in the
    hand (``keep``) or the row (``sell``), -1 otherwise."""
    kind: str
    goods: tuple = ()
    get: int = -1
    slot: int = -1


class Tables:
    """What a game of one ruleset reads, computed once (:func:`compile_rules`)."""

    def __init__(self, rules):
        self.rules = rules
        self.colours = rules.colours
        self.n_goods = g = len(self.colours)
        self.cubes = tuple(good.cubes for good in rules.goods)
        self.total_goods = sum(self.cubes)
        self.capacity = rules.capacity
        self.spaces = rules.spaces
        self.give = rules.give
        self.swap = rules.swap
        self.row_size = rules.row_size
        self.discard_at_setup = rules.discard_at_setup
        self.production = rules.production_cards
        self.month_ids = tuple(m.id for m in rules.months)
        self.month_turns = tuple(m.turns for m in rules.months)
        self.month_event = tuple(_EVENTS[m.event] for m in rules.months)
        self.deal = rules.deal
        #: per number of players: the seat compensation, points per place in turn order (first player first)
        self.compensation = {n: rules.compensation_for(n) for n in range(rules.min_players, rules.max_players + 1)}
        index = {c: i for i, c in enumerate(self.colours)}
        self.bonus_ids = tuple(bid for bid, _objs in rules.bonus_cards)
        # per bonus card: ((colour indexes, or () for sales), points) per objective
        self.bonus = tuple(tuple((tuple(index[c] for c in o.goods), o.points) for o in objs)
                           for _bid, objs in rules.bonus_cards)
        self.prospector_ids = tuple(p.id for p in rules.prospectors)
        self.asks = tuple(tuple(sum(1 for c in p.asks if c == colour) for colour in self.colours)
                          for p in rules.prospectors)
        self.points = tuple(p.points for p in rules.prospectors)
        self.contract = tuple(index[p.contract] for p in rules.prospectors)

        acts = [Action(KEEP, slot=k) for k in range(self.deal)]
        self.first = {KEEP: 0}
        self.first[BUY] = len(acts)
        acts += [Action(BUY, goods=(i, j)) for i, j in combinations_with_replacement(range(g), 2)]
        self.first[SELL] = len(acts)
        acts += [Action(SELL, slot=k) for k in range(self.row_size)]
        self.first[TRADE] = len(acts)
        acts += [Action(TRADE, goods=given, get=v)
                 for given in combinations_with_replacement(range(g), self.give) for v in range(g)]
        self.first[SWAP] = len(acts)
        if self.swap:
            acts += [Action(SWAP, goods=(i,), get=v) for i in range(g) for v in range(g) if v != i]
        self.first[TAKE] = len(acts)
        acts += [Action(TAKE, get=v) for v in range(g)]
        self.first[PASS] = len(acts)
        acts.append(Action(PASS))
        self.actions = tuple(acts)
        self.by_kind = {k: tuple(a for a in range(len(acts)) if acts[a].kind == k) for k in KINDS}
        # What State.legal_actions reads instead of walking the whole table:
        #: the kind of every action, by index
        self.kind_of = tuple(a.kind for a in acts)
        #: per prospector: (colour, goods asked of it) for the colours it asks
        self.asks_of = tuple(tuple((g, n) for g, n in enumerate(asks) if n) for asks in self.asks)
        #: buy_index[i][j] (i <= j): the action buying i and j (both i: two from one supplier)
        buy = [[-1] * g for _i in range(g)]
        for a in self.by_kind[BUY]:
            i, j = acts[a].goods
            buy[i][j] = a
        self.buy_index = tuple(tuple(r) for r in buy)
        #: per combination of goods given (as in the table, colours in order): the action giving it for
        #: colour 0 (the action for colour v is that + v), and the goods given per colour
        self.trade_base = {}
        self.trade_given = {}
        for a in self.by_kind[TRADE]:
            act = acts[a]
            if act.get == 0:
                self.trade_base[act.goods] = a
                self.trade_given[act.goods] = tuple(act.goods.count(v) for v in range(g))
        #: per combination: (colour, goods given) for the colours given more than once
        self.trade_repeats = {combo: tuple((v, n) for v, n in enumerate(given) if n > 1)
                              for combo, given in self.trade_given.items()}
        #: swap_index[i][v]: the action giving one i for one v (-1 where there is none)
        swap = [[-1] * g for _i in range(g)]
        for a in self.by_kind[SWAP]:
            swap[acts[a].goods[0]][acts[a].get] = a
        self.swap_index = tuple(tuple(r) for r in swap)
        self.static_notation = tuple(self._notation(a) for a in acts)

    def _notation(self, a: Action) -> str | None:
        c = self.colours
        if a.kind == BUY:
            i, j = a.goods
            return f"buy {c[i]}@2" if i == j else f"buy {c[i]}+{c[j]}"
        if a.kind == TRADE:
            return f"trade {'+'.join(c[i] for i in a.goods)}>{c[a.get]}"
        if a.kind == SWAP:
            return f"swap {c[a.goods[0]]}>{c[a.get]}"
        if a.kind == TAKE:
            return f"take {c[a.get]}"
        if a.kind == PASS:
            return "pass"
        return None                     # keep, sell: written with the card in that place (State.notation)

    def minimum(self, players: int) -> int:
        return self.rules.minimum_for(players)


_CACHE = "_provisions_tables"


def compile_rules(rules) -> Tables:
    """The tables of ``rules``, computed once and kept on the (immutable) rules object."""
    tables = rules.__dict__.get(_CACHE)
    if tables is None:
        tables = Tables(rules)
        object.__setattr__(rules, _CACHE, tables)
    return tables
