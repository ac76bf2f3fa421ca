"""A game of Provisions: the mutable :class:`State`, with the protocol of Province's.

The game goes: each seat keeps one of its dealt bonus cards (``keep``, seat by seat from the
first player, before the first turn); then each month begins with its event (a prospector
leaves; the vigilantes leave in October, each seat taking one of their goods, ``take``; from
December on a prospector leaves before every action), then the production phase (played by the
engine: the suppliers topped up to the minimum, a production card dealt to each), then the
month's rounds in which each seat, from the holder of the gold nugget clockwise, takes one
action (``buy``, ``sell``, ``trade``, ``swap``, or ``pass`` when nothing else is legal). After
the last month the game is scored.

Chance (the order of the prospector pile, the bonus deal, the production cards each month) comes
from the state's own generator, seeded by ``seed``: a seed and the actions replay a game exactly.
Seats are 0 to ``n_players - 1``; clockwise is seat + 1.
"""
from __future__ import annotations

from itertools import combinations_with_replacement

from ...errors import IllegalActionError, PlayerCountError
from ..common import Outcome
from ..rng import reseed, shuffle, start
from .tables import (BUY, DISCARD, KEEP, PASS, RUSH, SELL, SWAP, TAKE, TRADE, VIGILANTES_LEAVE, compile_rules)

#: The phases of a game (``State.phase``).
BONUS, OCTOBER, PLAY, OVER = "bonus", "vigilantes", "play", "over"


def new_game(rules, seed: int = 0, players: int | None = None, first_player: int | None = None) -> "State":
    """A new game of ``rules`` (a :class:`rulekit.language.provisions.ProvisionsRules`) for ``players``
    (None: the fewest it allows); ``first_player`` holds the gold nugget (None: seat 0)."""
    return State.new(rules, seed=seed, players=players, first_player=first_player)


class State:
    """One game of Provisions: mutable, cloned for search. Create it with :func:`new_game`.

    Public fields (read them, never write them): ``n_players``; ``decider`` (the seat that chooses
    now; ``current`` is the same seat); ``phase`` (``bonus``, ``vigilantes``, ``play``, ``over``);
    ``month`` (index into the rules' months) and ``round`` (0-based, within the month); ``nugget``
    (the first player of the month); ``holding``, ``area`` and ``vigilantes`` (goods per colour:
    the suppliers' holding and production areas, the vigilantes' holding area); ``stock`` (per
    seat, goods per colour); ``row`` (prospector indexes, leftmost first); ``pile``; ``sold`` (per
    seat, prospector indexes in the order sold); ``production_shown`` (this month's production
    card per supplier); ``log`` (public events, dicts, for the story); ``history`` (the actions).
    """

    __slots__ = ("t", "rules", "seed", "rng", "n", "first_player", "decider", "phase", "month", "round", "seat_in_round",
                 "nugget", "queue", "holding", "area", "vigilantes", "stock", "row", "pile", "discard", "hidden_discard",
                 "sold", "contracts", "sold_goods", "hands", "bonus", "production_shown", "just_sold", "turn",
                 "log", "history")

    # ----------------------------------------------------------------- setup
    @classmethod
    def new(cls, rules, seed: int = 0, players: int | None = None, first_player: int | None = None) -> "State":
        t = compile_rules(rules)
        n = rules.player_counts.start if players is None else players
        if n not in rules.player_counts:
            raise PlayerCountError(n, rules.player_counts, rules.id)
        st = cls.__new__(cls)
        st.t, st.rules, st.seed, st.n = t, rules, seed, n
        st.rng = start(seed, 0x1849)
        st.first_player = 0 if first_player is None else first_player % n
        st.nugget = st.first_player
        st.month, st.round, st.seat_in_round, st.turn = 0, 0, 0, 0
        g = t.n_goods
        st.holding = list(t.cubes)
        st.area = [0] * g
        st.vigilantes = [0] * g
        st.stock = [[0] * g for _ in range(n)]
        st.sold = [[] for _ in range(n)]
        st.contracts = [[0] * g for _ in range(n)]
        st.sold_goods = [[0] * g for _ in range(n)]
        st.production_shown = [0] * g
        st.just_sold = False
        st.log, st.history, st.queue = [], [], []
        st.pile = st._shuffled(list(range(len(t.prospector_ids))))
        st.row = []
        st.discard = []
        for _i in range(t.row_size):
            if st.pile:
                st.row.append(st.pile.pop())
        st.hidden_discard = [st.pile.pop() for _i in range(min(t.discard_at_setup, len(st.pile)))]
        deck = st._shuffled(list(range(len(t.bonus_ids))))
        st.hands = [()] * n
        for k in range(n):
            seat = (st.first_player + k) % n
            st.hands[seat] = tuple(deck[k * t.deal:(k + 1) * t.deal])
        st.bonus = [-1] * n
        st.phase = BONUS
        st.decider = st.first_player
        return st

    def clone(self) -> "State":
        st = State.__new__(State)
        st.t, st.rules, st.seed, st.rng, st.n = self.t, self.rules, self.seed, self.rng, self.n
        st.first_player, st.decider, st.phase = self.first_player, self.decider, self.phase
        st.month, st.round, st.seat_in_round, st.nugget, st.turn = (self.month, self.round, self.seat_in_round,
                                                                     self.nugget, self.turn)
        st.queue = list(self.queue)
        st.holding, st.area, st.vigilantes = list(self.holding), list(self.area), list(self.vigilantes)
        st.stock = [list(s) for s in self.stock]
        st.row, st.pile, st.discard = list(self.row), list(self.pile), list(self.discard)
        st.hidden_discard = list(self.hidden_discard)
        st.sold = [list(s) for s in self.sold]
        st.contracts = [list(s) for s in self.contracts]
        st.sold_goods = [list(s) for s in self.sold_goods]
        st.hands, st.bonus = list(self.hands), list(self.bonus)
        st.production_shown = list(self.production_shown)
        st.just_sold = self.just_sold
        st.log, st.history = list(self.log), list(self.history)
        return st

    # ---------------------------------------------------------------- chance
    def _shuffled(self, items: list) -> list:
        """``items`` shuffled in place with the state's generator (:func:`rulekit.engine.rng.shuffle`)."""
        self.rng = shuffle(items, self.rng)
        return items

    # -------------------------------------------------------------- protocol
    @property
    def n_players(self) -> int:
        return self.n

    @property
    def current(self) -> int:
        """The seat that chooses now (the same as :attr:`decider`, the name Province's code reads)."""
        return self.decider

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[int]:
        """The legal actions of :attr:`decider`, as indexes into the action table, in its order."""
        t = self.t
        phase = self.phase
        if phase == PLAY:
            legal = self._play_actions()
            if not legal:
                legal.append(t.first[PASS])
            return legal
        if phase == BONUS:
            return list(range(len(self.hands[self.decider])))
        if phase == OCTOBER:
            stock = self.stock[self.decider]
            first, spaces, vig = t.first[TAKE], t.spaces, self.vigilantes
            return [first + v for v in range(t.n_goods) if vig[v] and stock[v] < spaces]
        return []

    def _play_actions(self) -> list[int]:
        """The legal buys, sales, trades and swaps of :attr:`decider` (``pass`` not added), in the
        table's order, built from the colours that allow them rather than by trying every entry."""
        t = self.t
        G = t.n_goods
        stock, area, vig, spaces = self.stock[self.decider], self.area, self.vigilantes, t.spaces
        legal = []
        # buy: two of one colour, or one of each of two colours
        room = [i for i in range(G) if area[i] and stock[i] < spaces]
        buy = t.buy_index
        for k, i in enumerate(room):
            row = buy[i]
            if area[i] > 2 and stock[i] + 2 <= spaces:
                legal.append(row[i])
            legal += [row[j] for j in room[k + 1:]]
        # sell: the prospectors of the row the stock and the contracts pay
        contracts = self.contracts[self.decider]
        first = t.first[SELL]
        asks_of = t.asks_of
        for k, card in enumerate(self.row):
            for g, n in asks_of[card]:
                if n - contracts[g] > stock[g]:
                    break
            else:
                legal.append(first + k)
        gets = [v for v in range(G) if vig[v]]
        if not gets:
            return legal
        # a colour the seat has room for (a colour it gives away makes room for itself)
        targets = [v for v in gets if stock[v] < spaces]
        # trade: goods of colours the vigilantes hold, for one of theirs
        given = [i for i in range(G) if vig[i] and stock[i] > 0]
        if given:
            bases, counts, repeats = t.trade_base, t.trade_given, t.trade_repeats
            every = len(targets) == len(gets)
            for combo in combinations_with_replacement(given, t.give):
                if repeats[combo] and any(stock[g] < n for g, n in repeats[combo]):
                    continue
                base = bases[combo]
                if every:
                    legal += [base + v for v in gets]
                else:
                    count = counts[combo]
                    legal += [base + v for v in gets if stock[v] - count[v] + 1 <= spaces]
        # swap: one good of a colour they lack for one of theirs
        if t.swap and targets:
            swap = t.swap_index
            for i in range(G):
                if not vig[i] and stock[i]:
                    row = swap[i]
                    legal += [row[v] for v in targets]
        return legal

    def _allows(self, action) -> bool:
        """Whether ``action`` is one of :meth:`legal_actions`, checked for that action alone."""
        if type(action) is not int:
            return action in self.legal_actions()
        t = self.t
        phase = self.phase
        if phase == PLAY:
            if not 0 <= action < len(t.actions):
                return False
            kind = t.kind_of[action]
            if kind == PASS:
                return not self._play_actions()
            p = self.decider
            stock, vig, spaces = self.stock[p], self.vigilantes, t.spaces
            act = t.actions[action]
            if kind == BUY:
                i, j = act.goods
                area = self.area
                if i == j:
                    return area[i] > 2 and stock[i] + 2 <= spaces
                return bool(area[i] and area[j] and stock[i] < spaces and stock[j] < spaces)
            if kind == SELL:
                if act.slot >= len(self.row):
                    return False
                contracts = self.contracts[p]
                return all(n - contracts[g] <= stock[g] for g, n in t.asks_of[self.row[act.slot]])
            if kind == TRADE:
                v = act.get
                count = t.trade_given[act.goods]
                return bool(vig[v] and all(vig[g] and stock[g] >= count[g] for g in act.goods)
                            and stock[v] - count[v] + 1 <= spaces)
            if kind == SWAP:
                g, v = act.goods[0], act.get
                return bool(not vig[g] and stock[g] and vig[v] and stock[v] < spaces)
            return False
        if phase == BONUS:
            return 0 <= action < len(self.hands[self.decider])
        if phase == OCTOBER:
            v = action - t.first[TAKE]
            return (0 <= v < t.n_goods and bool(self.vigilantes[v])
                    and self.stock[self.decider][v] < t.spaces)
        return False

    def apply(self, action: int) -> None:
        """Play ``action`` (one of :meth:`legal_actions`) for :attr:`decider`, then everything the
        engine plays until the next choice (the events, production, the end)."""
        if not self._allows(action):
            raise IllegalActionError(action, self.legal_actions())
        self.history.append(action)
        p = self.decider
        if self.phase == BONUS:
            self.bonus[p] = self.hands[p][action]
            self.log.append({"event": "keep", "seat": p})
            seat = (p + 1) % self.n
            if seat == self.first_player:
                self._begin_month(event=False)
            else:
                self.decider = seat
            return
        act = self.t.actions[action]
        if self.phase == OCTOBER:
            self._take(p, act.get)
            self._next_taker()
            return
        self.turn += 1
        self.just_sold = False
        getattr(self, "_" + act.kind)(p, act)
        self._next_seat()

    _apply = apply            # the name Province's bots and loops call

    # --------------------------------------------------------------- actions
    def _buy(self, p, act):
        stock = self.stock[p]
        for g in act.goods:
            self.area[g] -= 1
            stock[g] += 1
        self.log.append({"event": "buy", "seat": p, "goods": [self.t.colours[g] for g in act.goods]})

    def _sell(self, p, act):
        t = self.t
        card = self.row.pop(act.slot)
        asks, stock, contracts = t.asks[card], self.stock[p], self.contracts[p]
        paid = {}
        for g in range(t.n_goods):
            from_stock = max(0, asks[g] - contracts[g])
            if from_stock:
                stock[g] -= from_stock
                self.holding[g] += from_stock
                paid[t.colours[g]] = from_stock
            self.sold_goods[p][g] += asks[g]
        self.sold[p].append(card)
        contracts[t.contract[card]] += 1
        self.just_sold = True
        self.log.append({"event": "sell", "seat": p, "card": t.prospector_ids[card], "paid": paid})
        self._draw_to_row()

    def _trade(self, p, act):
        stock = self.stock[p]
        for g in act.goods:
            stock[g] -= 1
            self.vigilantes[g] += 1
        self.vigilantes[act.get] -= 1
        stock[act.get] += 1
        c = self.t.colours
        self.log.append({"event": "trade", "seat": p, "gave": [c[g] for g in act.goods], "got": c[act.get]})

    _swap = _trade

    def _pass(self, p, act):
        self.log.append({"event": "pass", "seat": p})

    def _take(self, p, v):
        self.vigilantes[v] -= 1
        self.stock[p][v] += 1
        self.log.append({"event": "take", "seat": p, "good": self.t.colours[v]})

    # ---------------------------------------------------------------- flow
    def _draw_to_row(self):
        """A new prospector at the left of the row, from the pile (none when the pile is empty)."""
        if self.pile:
            card = self.pile.pop()
            self.row.insert(0, card)
            self.log.append({"event": "arrive", "card": self.t.prospector_ids[card]})

    def _rightmost_leaves(self):
        if self.row:
            card = self.row.pop()
            self.discard.append(card)
            self.log.append({"event": "leave", "card": self.t.prospector_ids[card]})
        self._draw_to_row()

    def _begin_month(self, event: bool = True):
        """The month's event (when the token moved into it), production, then its first round."""
        t = self.t
        self.log.append({"event": "month", "month": t.month_ids[self.month]})
        self.just_sold = False
        kind = t.month_event[self.month] if event else 0
        if kind == DISCARD:
            self._rightmost_leaves()
        if kind == VIGILANTES_LEAVE:
            self.queue = [(self.nugget + k) % self.n for k in range(self.n)]
            self.phase = OCTOBER
            self._next_taker()
            return
        self._after_event(moved=event)

    def _next_taker(self):
        """The next seat to take one of the vigilantes' goods; a seat that can take none is skipped."""
        while self.queue:
            seat = self.queue.pop(0)
            self.decider = seat
            if self.legal_actions():
                return
            self.log.append({"event": "take", "seat": seat, "good": None})
        back = {}
        for g, count in enumerate(self.vigilantes):
            if count:
                self.holding[g] += count
                back[self.t.colours[g]] = count
                self.vigilantes[g] = 0
        self.log.append({"event": "vigilantes_leave", "returned": back})
        self.phase = PLAY
        self._after_event(moved=True)

    def _after_event(self, moved: bool):
        if moved:
            self.nugget = (self.nugget + 1) % self.n
            self.log.append({"event": "nugget", "seat": self.nugget})
        self._produce()
        self.phase = PLAY
        self.round = 0
        self.seat_in_round = 0
        self.decider = self.nugget
        self._start_turn()

    def _produce(self):
        t = self.t
        low = t.minimum(self.n)
        for g in range(t.n_goods):
            add = min(max(0, low - self.area[g]), self.holding[g])
            if add:
                self.area[g] += add
                self.holding[g] -= add
                self.log.append({"event": "restock", "good": t.colours[g], "amount": add})
        deck = self._shuffled(list(t.production))
        for g in range(t.n_goods):
            card = deck[g]
            self.production_shown[g] = card
            if card > 0:
                amount = min(card, t.capacity - self.area[g], self.holding[g])
                self.area[g] += amount
                self.holding[g] -= amount
                self.log.append({"event": "produce", "good": t.colours[g], "card": card, "amount": amount})
            else:
                amount = min(-card, self.area[g])
                self.area[g] -= amount
                self.vigilantes[g] += amount
                self.log.append({"event": "steal", "good": t.colours[g], "card": -card, "amount": amount})

    def _start_turn(self):
        """Before an action: in a rush month, the rightmost prospector leaves, unless the action just
        before in this month provisioned one."""
        if self.t.month_event[self.month] == RUSH and not self.just_sold:
            self._rightmost_leaves()

    def _next_seat(self):
        t = self.t
        self.seat_in_round += 1
        if self.seat_in_round < self.n:
            self.decider = (self.nugget + self.seat_in_round) % self.n
            self._start_turn()
            return
        self.seat_in_round = 0
        self.round += 1
        if self.round < t.month_turns[self.month]:
            self.decider = self.nugget
            self._start_turn()
            return
        self.month += 1
        if self.month == len(t.month_ids):
            self._end()
            return
        self._begin_month()

    def _end(self):
        self.phase = OVER
        self.log.append({"event": "end", "scores": list(self.scores())})

    # ------------------------------------------------------------- scoring
    def provision_points(self, p: int) -> int:
        return sum(self.t.points[c] for c in self.sold[p])

    def objective_value(self, p: int, goods: tuple) -> int:
        """What an objective counts for seat ``p``: goods of these colours sold (by the provisions
        strips), or, for ``()``, the prospectors provisioned."""
        if not goods:
            return len(self.sold[p])
        return sum(self.sold_goods[p][g] for g in goods)

    def bonus_points(self, p: int) -> int:
        """The points of ``p``'s bonus card: each objective where ``p`` has strictly the most."""
        if self.bonus[p] < 0:
            return 0
        total = 0
        for goods, points in self.t.bonus[self.bonus[p]]:
            mine = self.objective_value(p, goods)
            if all(mine > self.objective_value(q, goods) for q in range(self.n) if q != p):
                total += points
        return total

    def compensation_points(self, p: int) -> int:
        """The seat compensation of ``p`` (a house rule; 0 without one): the points its ruleset gives the
        place of ``p`` in the turn order from the first player, at this number of players."""
        return self.t.compensation[self.n][(p - self.first_player) % self.n]

    def score(self, p: int) -> int:
        return self.provision_points(p) + self.bonus_points(p) + self.compensation_points(p)

    def scores(self) -> tuple:
        """Every seat's final score (provision points + bonus points + seat compensation), seat 0 first."""
        return tuple(self.score(p) for p in range(self.n))

    def outcome(self) -> Outcome:
        """Ranks on the score, then the most prospectors, then the most goods in stock; still level:
        a shared victory. ``decided_by``: ``points``, ``prospectors``, ``goods`` or ``tie``."""
        n = self.n
        scores = self.scores()
        keys = [(scores[p], len(self.sold[p]), sum(self.stock[p])) for p in range(n)]
        ranks = tuple(1 + sum(1 for q in range(n) if keys[q] > keys[p]) for p in range(n))
        winners = tuple(p for p in range(n) if ranks[p] == 1)
        decided_by = "tie"
        if len(winners) == 1:
            top = [p for p in range(n) if scores[p] == max(scores)]
            if len(top) == 1:
                decided_by = "points"
            else:
                most = max(keys[p][1] for p in top)
                decided_by = "prospectors" if sum(1 for p in top if keys[p][1] == most) == 1 else "goods"
        return Outcome(scores, ranks, winners, decided_by)

    def result(self) -> dict:
        return self.outcome().result

    def winner(self):
        return self.outcome().winner

    def returns(self) -> tuple:
        """Zero-sum returns (:class:`rulekit.engine.common.Outcome`)."""
        return self.outcome().returns

    # ------------------------------------------------ protocol (rulekit.engine.common.GameState)
    def key(self) -> tuple:
        """Everything that plays on (the generator included), not the log nor the history."""
        return (self.rng, self.phase, self.decider, self.month, self.round, self.seat_in_round, self.nugget,
                self.turn, self.just_sold, tuple(self.queue), tuple(self.holding), tuple(self.area),
                tuple(self.vigilantes), tuple(map(tuple, self.stock)), tuple(self.row), tuple(self.pile),
                tuple(self.discard), tuple(self.hidden_discard), tuple(map(tuple, self.sold)),
                tuple(map(tuple, self.contracts)), tuple(map(tuple, self.sold_goods)), tuple(self.hands),
                tuple(self.bonus), tuple(self.production_shown))

    def summary(self) -> dict:
        """The result as a record writes it (:meth:`rulekit.engine.common.GameState.summary`)."""
        res = self.result()
        return {
            "scores": list(self.scores()),
            "by_source": [{"prospectors": self.provision_points(p), "bonus": self.bonus_points(p)}
                          for p in range(self.n)],
            "winner": res["winner"],
            "decided_by": res["decided_by"],
            "end_reason": None,
            "end_condition": None,
            "turns": self.turn,
        }

    def record_first(self):
        """The first player as a record writes it (the holder of the gold nugget at the start)."""
        return self.first_player

    def history_notation(self) -> list:
        """The actions played, each in notation where it was played: ``keep`` and ``sell`` name the card in
        the place the action chose, which only the position then knows, so the game is played again."""
        again = State.new(self.rules, seed=self.seed, players=self.n, first_player=self.first_player)
        out = []
        for action in self.history:
            out.append(again.notation(action))
            again.apply(action)
        return out

    # ------------------------------------------------------------ notation
    def action_kind(self, action: int) -> str:
        return self.t.actions[action].kind

    def notation(self, action: int) -> str:
        """``action`` in notation (:mod:`.tables`): ``keep`` and ``sell`` name the card in their place now."""
        t = self.t
        act = t.actions[action]
        if act.kind == KEEP:
            return f"keep {t.bonus_ids[self.hands[self.decider][act.slot]]}"
        if act.kind == SELL:
            return f"sell {t.prospector_ids[self.row[act.slot]]}"
        return t.static_notation[action]

    def parse(self, text: str) -> int:
        """The legal action written ``text``; the colours of ``buy`` and ``trade`` in any order."""
        words = " ".join(str(text).strip().lower().split())
        legal = self.legal_actions()
        for a in legal:
            if self.notation(a) == words:
                return a
        order = {c: i for i, c in enumerate(self.t.colours)}
        for verb in ("buy ", "trade "):
            if words.startswith(verb):
                given, _sep, got = words[len(verb):].partition(">")
                parts = given.split("+")
                if all(c in order for c in parts):
                    canon = "+".join(sorted(parts, key=order.get)) + (">" + got if _sep else "")
                    if verb == "buy " and len(parts) == 2 and parts[0] == parts[1]:
                        canon = parts[0] + "@2"
                    for a in legal:
                        if self.notation(a) == verb + canon:
                            return a
        raise IllegalActionError(text, [self.notation(a) for a in legal])

    def play(self, text: str) -> int:
        a = self.parse(text)
        self.apply(a)
        return a

    # ----------------------------------------------------------------- view
    def view(self, player: int) -> dict:
        """What seat ``player`` may see: everything public, its own bonus cards; not the other seats'
        bonus cards (until the game is over), nor the order of the pile, nor the face-down discards."""
        t = self.t
        c = t.colours
        over = self.phase == OVER
        per = lambda counts: dict(zip(c, counts))  # noqa: E731
        return {
            "player": player,
            "players": self.n,
            "phase": self.phase,
            "decider": self.decider,
            "current": self.decider,
            "month": t.month_ids[min(self.month, len(t.month_ids) - 1)],
            "month_index": self.month,
            "round": self.round,
            "turns": t.month_turns[min(self.month, len(t.month_ids) - 1)],
            "nugget": self.nugget,
            "goods": list(c),
            "holding": per(self.holding),
            "production": per(self.area),
            "production_cards": per(self.production_shown),
            "vigilantes": per(self.vigilantes),
            "row": [t.prospector_ids[k] for k in self.row],
            "pile": len(self.pile),
            "discard": len(self.discard) + len(self.hidden_discard),
            "discarded": [t.prospector_ids[k] for k in self.discard],
            "stock": [per(s) for s in self.stock],
            "sold": [[t.prospector_ids[k] for k in s] for s in self.sold],
            "contracts": [per(s) for s in self.contracts],
            "sold_goods": [per(s) for s in self.sold_goods],
            "provision_points": [self.provision_points(p) for p in range(self.n)],
            "compensation": [self.compensation_points(p) for p in range(self.n)],
            "hand": [t.bonus_ids[b] for b in self.hands[player]],
            "bonus": [t.bonus_ids[self.bonus[p]] if self.bonus[p] >= 0 and (p == player or over) else None
                      for p in range(self.n)],
            "kept": [self.bonus[p] >= 0 for p in range(self.n)],
            "scores": list(self.scores()) if over else None,
            "bonus_points": [self.bonus_points(p) for p in range(self.n)] if over else None,
            "terminal": over,
        }

    def determinize(self, seed: int, observer: int | None = None) -> "State":
        """A clone in which what ``observer`` (None: :attr:`decider`) cannot see is redrawn from
        ``seed``: the order of the pile with the face-down discards, the other seats' bonus cards
        (from those ``observer`` was not dealt), and the generator (future production)."""
        me = self.decider if observer is None else observer
        st = self.clone()
        st.rng = reseed(seed)
        unseen = st._shuffled(st.pile + st.hidden_discard)
        st.pile = unseen[:len(self.pile)]
        st.hidden_discard = unseen[len(self.pile):]
        if self.phase != OVER:
            pool = st._shuffled([b for b in range(len(self.t.bonus_ids)) if b not in self.hands[me]])
            for q in range(self.n):
                if q == me:
                    continue
                hand = tuple(pool[:len(self.hands[q])])
                del pool[:len(self.hands[q])]
                st.hands[q] = hand
                if self.bonus[q] >= 0:
                    st.bonus[q] = hand[self.hands[q].index(self.bonus[q])]
        return st
