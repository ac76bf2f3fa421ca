"""One view of a game for every screen: what a seat sees of a state, typed and immutable.

The terminal (:mod:`.screen`) and the browser (:mod:`rulekit.web`) read a
:class:`StateView` instead of the engine's tables (``state.c``, laid out for
speed): the spaces of the Work Cycle in their order with their workers, each
player's structures, purse and resources, the goals, the borrowing token,
the ships, how close the game is to its end, and every legal action as an
:class:`ActionView` (its kind, ids, cost and gain by resource, its label and
its notation). A finished game has an :class:`OutcomeView`.

Beside it, a :class:`RulesView` is what the screens read of the ruleset as the engine compiled it (ids in
order, costs, yields, requirements, the action table's kind and arguments), copied once per ruleset into
an immutable record, and a few questions about a state the engine answers only privately
(:func:`kind_access`, :func:`move_destination`, :func:`after`): the terminal's screen and story read
these and the view, never ``state.c`` nor a private member of a state (tests/test_play_screen_view.py).

Ids are the ruleset's; names are resolved once, in the current language.
Nothing here names game content.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Callable, NamedTuple

from ..engine import BORROW, BUILD, CHOOSE, CONVERT, END, EXCHANGE, HIRE, LEAP, MOVE, REPAY, SPEND
from ..engine.game import OFFER, USE
from ..language.names import display_name
from ..text import sentences as _sentences
from ..text.sentences import objective_name
from .notation import for_state

#: An amount by resource: ``((resource id, n), ...)``, only the resources that are not zero, in the
#: ruleset's order (the coins resource counted by value).
Amounts = tuple

KIND_NAMES = {MOVE: "move", LEAP: "leap", SPEND: "spend", END: "end", BUILD: "build", BORROW: "borrow",
              CONVERT: "convert", HIRE: "hire", REPAY: "repay", EXCHANGE: "exchange", CHOOSE: "choose",
              OFFER: "offer", USE: "use"}


def amounts_map(amounts: Amounts) -> dict:
    """``amounts`` as a dict ``{resource id: n}`` (a new one, the caller's to change)."""
    return dict(amounts)


@dataclass(frozen=True)
class WorkerView:
    index: int                 # the engine's worker number (stable during a game)
    kind: str                  # its kind's id
    kind_name: str
    owner: int                 # the seat that owns it, -1: anyone's (shared)
    moved: bool                # moved this turn
    can_move: bool             # the player to play may move it now


@dataclass(frozen=True)
class SpaceView:
    index: int
    id: str
    name: str
    yield_: Amounts            # what a worker arriving here earns (the usual yield)
    workers: tuple             # WorkerView, in worker order


@dataclass(frozen=True)
class StructureView:
    id: str
    name: str
    vp: int                    # what it is worth to its owner


@dataclass(frozen=True)
class PlayerView:
    seat: int
    name: str
    score: int
    to_play: bool
    purse: tuple               # ((coin id, count), ...) every denomination, in the ruleset's order
    coin_value: int
    resources: Amounts         # pool resources held (the turn resource included)
    structures: tuple          # StructureView of what the player owns
    tokens_left: int           # structure tokens not used yet
    goals: tuple               # ((goal id, name), ...) claimed
    borrowed: str | None       # the structure borrowed this turn (id)
    objectives: tuple = ()     # ((card id, name), ...) its secret objectives, when the viewing seat may see them
    objectives_held: int = 0   # how many objective cards it holds (every seat sees this)


@dataclass(frozen=True)
class GoalsView:
    face_up: str | None        # goal id
    face_up_name: str
    face_up_vp: int
    remaining: int             # face down


@dataclass(frozen=True)
class LenderView:
    structure: str             # the structure whose token lets its owner borrow
    structure_name: str
    holder: int                # -1: in the supply


@dataclass(frozen=True)
class ShipView:
    structure: str
    structure_name: str
    outcome: str | None        # None: not cast yet
    outcome_name: str
    holder: int                # the seat holding the ships' token, -1: none


@dataclass(frozen=True)
class ProgressView:
    """How close the game is to its end."""

    ending: bool               # an end condition has been met: the game ends after this turn/round
    end_reason: str | None
    structures_built: int      # structures built at least once
    structures_total: int
    most_structures: int       # the most structures any player owns
    tokens: int                # structure tokens each player has
    goals_left: int            # goals face up or face down


@dataclass(frozen=True)
class ActionView:
    index: int                 # the engine's action number: what is played
    kind: str                  # "move", "build", ... (KIND_NAMES)
    structure: str | None
    conversion: str | None
    worker: str | None         # a worker kind's id
    origin: str | None         # a space's id (moves)
    destination: str | None
    cost: Amounts
    gain: Amounts
    label: str                 # what it does, in the player's language ("" when not asked)
    notation: str              # as the player types it


@dataclass(frozen=True)
class OutcomeView:
    scores: tuple
    ranks: tuple
    winners: tuple
    decided_by: str
    by_source: tuple           # each seat's ((source, VP), ...)
    end_reason: str | None


@dataclass(frozen=True)
class StateView:
    seat: int                  # whose view (-1: a watcher)
    current: int
    turn: int
    phase: str                 # "work", "spending", "over"
    spaces: tuple              # SpaceView in the cycle's order
    off_cycle: tuple           # WorkerView not on the cycle (hireable sailors included)
    players: tuple             # PlayerView in seat order
    borrowable: tuple          # (owner seat, structure id) the player to play may borrow now
    goals: GoalsView
    lender: LenderView | None
    ship: ShipView | None
    supply: tuple              # ((coin id, count), ...)
    progress: ProgressView
    actions: tuple             # ActionView of every legal action (empty when it is not ``seat``'s turn)
    outcome: OutcomeView | None
    events: tuple = ()         # EventView of each event card in effect, in the order revealed


@dataclass(frozen=True)
class EventView:
    """An event card in effect: its deck and card, and what it does (the unrevealed cards' order is not shown)."""

    deck: str                  # the deck's id
    deck_name: str
    card: str                  # the card's id
    card_name: str
    text: str                  # what it does, in the player's language
    left: int                  # the cards still to reveal in its deck


# ---------------------------------------------------------------------------
# Building the view


def _amounts(c, pool, coin: int) -> Amounts:
    out = [(c.pool_ids[r], n) for r, n in enumerate(pool) if n]
    if coin and c.coins_id:
        out.append((c.coins_id, coin))
    return tuple(out)


def _diff(state, after, p: int) -> tuple:
    """(cost, gain) of going from ``state`` to ``after`` for ``p``, by resource."""
    c = state.c
    pool = [after.held(p, r) - state.held(p, r) for r in range(c.n_pool)]
    coin = after.coin_value(p) - state.coin_value(p)
    cost = _amounts(c, [-x if x < 0 else 0 for x in pool], -coin if coin < 0 else 0)
    gain = _amounts(c, [x if x > 0 else 0 for x in pool], coin if coin > 0 else 0)
    return cost, gain


def action_view(state, action: int, label: Callable | None = None) -> ActionView:
    """``action`` (an action of the game, legal now) seen by the player to play; ``label(state, action)``:
    its words (none by default)."""
    c = state.c
    info = c.actions[action]
    kind = info.kind
    ids = {"structure": None, "conversion": None, "worker": None, "origin": None, "destination": None}
    cost, gain = (), ()
    p = state.current
    if kind in (MOVE, LEAP):
        after = state.clone()
        after._apply(action)
        ids["worker"] = c.kind_ids[info.arg]
        ids["origin"] = c.space_ids[info.arg2]
        moved = [w for w in range(c.n_workers) if after.moved >> w & 1 and not state.moved >> w & 1]
        ids["destination"] = c.space_ids[after.wpos[moved[0]] if moved else c.next_space[info.arg2]]
        if not after.is_terminal() or after.current == p:
            cost, gain = _diff(state, after, p)
    elif kind in (BUILD, BORROW):
        ids["structure"] = c.struct_ids[info.arg]
        if kind == BUILD:
            cost = _amounts(c, state.ev_cost_pool[info.arg], state.ev_cost_coin[info.arg])   # as an event may change it
    elif kind == CONVERT:
        k = info.arg
        ids["conversion"] = c.conv_ids[k]
        cost = _amounts(c, c.conv_pay_pool[k], c.conv_pay_coin[k])
        gain = _amounts(c, c.conv_gain_pool[k], c.conv_gain_coin[k])
    elif kind == HIRE:
        ids["worker"] = c.kind_ids[c.sailor_kind]
        ids["destination"] = c.space_ids[c.kind_entry[c.sailor_kind]]
        cost = _amounts(c, c.sailor_cost_pool, c.sailor_cost)
    elif kind == REPAY:
        cost = _amounts(c, c.repay_pool, c.repay_coin)
    elif kind == EXCHANGE:                   # coins for coins of the same value: counted by denomination
        after = state.clone()
        after._apply(action)
        before, now = state.purses[p], after.purses[p]
        cost = tuple((cid, b - a) for cid, b, a in zip(c.coin_ids, before, now) if b > a)
        gain = tuple((cid, a - b) for cid, b, a in zip(c.coin_ids, before, now) if a > b)
    elif kind == OFFER:                      # what the trade gives and gets if the player asked accepts it
        o = info.arg
        cost = _amounts(c, c.trade_give_pool[o], c.trade_give_coin[o])
        gain = _amounts(c, c.trade_get_pool[o], c.trade_get_coin[o])
    elif kind == USE:                        # an ability: what it pays (what it takes depends on the seat's holdings)
        cost = _amounts(c, c.ability_pay_pool[info.arg], c.ability_pay_coin[info.arg])
    return ActionView(action, KIND_NAMES.get(kind, str(kind)), cost=cost, gain=gain,
                      label=label(state, action) if label is not None else "",
                      notation=for_state(state).of(action), **ids)


def _name(d, kind, ident) -> str:
    return str(display_name(d, kind, ident))


def _lender_structure(c) -> int:
    return next((s for s in range(c.n_struct) if c.borrow_mask >> s & 1), -1)


def state_view(state, names=None, seat: int = -1, label: Callable | None = None,
               with_actions: bool = True) -> StateView:
    """What ``seat`` sees of ``state`` (``-1``: a watcher). The legal actions are listed when ``seat`` is the
    player to play, or for a watcher (never ``with_actions=False``); ``names``: what each seat is called
    (default "1", "2", ...)."""
    c = state.c
    d = c.data
    over = state.is_terminal()
    cur = state.current
    names = list(names) if names is not None else [str(p + 1) for p in range(c.n_players)]
    legal = [] if over else state.legal_actions()
    can_move = {(c.actions[a].arg, c.actions[a].arg2) for a in legal if c.actions[a].kind == MOVE}
    work = not over and state.phase_name == "work"

    def worker(w) -> WorkerView:
        k = c.worker_kind[w]
        return WorkerView(w, c.kind_ids[k], _name(d, "worker", c.kind_ids[k]), state.wowner[w],
                          bool(state.moved >> w & 1) and not over,
                          work and state.wpos[w] >= 0 and (k, state.wpos[w]) in can_move
                          and not state.moved >> w & 1)

    spaces = tuple(SpaceView(sp, sid, _name(d, "space", sid), _amounts(c, c.space_pool[sp], c.space_coin[sp]),
                             tuple(worker(w) for w in range(c.n_workers) if state.wpos[w] == sp))
                   for sp, sid in enumerate(c.space_ids))
    off = tuple(worker(w) for w in range(c.n_workers) if state.wpos[w] < 0)
    players = []
    for p in range(c.n_players):
        owned = [s for s in range(c.n_struct) if state.owned[p] >> s & 1]
        players.append(PlayerView(
            p, str(names[p]), state.score(p), p == cur and not over, tuple(zip(c.coin_ids, state.purses[p])),
            state.coin_value(p), tuple((c.pool_ids[r], state.held(p, r)) for r in range(c.n_pool)),
            tuple(StructureView(c.struct_ids[s], _name(d, "structure", c.struct_ids[s]), state.structure_vp(p, s))
                  for s in owned),
            c.tokens - len(owned), tuple((c.goal_ids[g], _name(d, "goal", c.goal_ids[g])) for g in state.claimed[p]),
            c.struct_ids[state.borrowed] if p == cur and state.borrowed >= 0 else None,
            # secret objectives: the viewing seat's own, and every player's once the game is over
            tuple((c.obj_ids[o], str(objective_name(d, c.obj_ids[o]))) for o in state.objectives[p]) if over or p == seat
            else (), len(state.objectives[p])))
    borrowable = tuple(sorted({(q, c.struct_ids[c.actions[a].arg]) for a in legal if c.actions[a].kind == BORROW
                               for q in range(c.n_players) if q != cur and state.owned[q] >> c.actions[a].arg & 1}))
    fu = state.face_up
    goals = GoalsView(c.goal_ids[fu] if fu >= 0 else None, _name(d, "goal", c.goal_ids[fu]) if fu >= 0 else "",
                      c.goal_vps[fu] if fu >= 0 else 0, len(state.stack))
    ls = _lender_structure(c)
    lender = LenderView(c.struct_ids[ls], _name(d, "structure", c.struct_ids[ls]), state.holder) \
        if ls >= 0 and c.borrow_phases else None
    ship = None
    if c.harbor_struct >= 0:
        hid = c.struct_ids[c.harbor_struct]
        oid = c.outcome_ids[state.ship] if state.ship >= 0 else None
        ship = ShipView(hid, _name(d, "structure", hid), oid, _name(d, "outcome", oid) if oid else "",
                        state.harbormaster)
    progress = ProgressView(bool(state.ending), state.end_reason,
                            sum(1 for s in range(c.n_struct) if state.first_builder[s] >= 0), c.n_struct,
                            max(bin(state.owned[p]).count("1") for p in range(c.n_players)), c.tokens,
                            len(state.stack) + (1 if fu >= 0 else 0))
    show = with_actions and (seat < 0 or seat == state.decider)     # the seat that decides: a decision's seat too
    actions = tuple(action_view(state, a, label) for a in legal) if show else ()
    outcome = None
    if over:
        o = state.outcome()
        outcome = OutcomeView(o.scores, o.ranks, o.winners, o.decided_by,
                              tuple(tuple(state.score_by_source(p).items()) for p in range(c.n_players)),
                              state.end_reason)
    return StateView(seat, cur, state.turn, state.phase_name, spaces, off, tuple(players), borrowable, goals,
                     lender, ship, tuple(zip(c.coin_ids, state.supply)), progress, actions, outcome,
                     _events(state) if c.n_decks else ())


def _events(state) -> tuple:
    """EventView of each event card in effect."""
    c = state.c
    d = c.data
    out = []
    for dk, k, _until in state.ev_active:
        did, cid = c.deck_ids[dk], c.card_ids[k]
        out.append(EventView(did, str(_sentences.deck_name(d, did)), cid, str(_sentences.card_name(d, did, cid)),
                             _sentences.card_sentence(d, _sentences.card_entry(d, did, cid)), len(state.decks[dk])))
    return tuple(out)


# ---------------------------------------------------------------------------
# What the screens read of the ruleset, and what they ask of a state


class ActionRow(NamedTuple):
    """An action of the game's table: its kind and its two arguments (a structure, a worker kind, a space...)."""

    kind: int
    arg: int
    arg2: int


@dataclass(frozen=True, eq=False)
class RulesView:
    """The ruleset as the engine compiled it, as the screens read it: every field a tuple, a number, or the
    ruleset's data (never the engine's arrays). Indexes are the engine's (structure ``s`` is
    ``struct_ids[s]``); a set of structures, of worker kinds or of spaces is a bitmask, bit ``i`` for
    index ``i``."""

    data: dict                 # the ruleset's data (what its sentences and names are written from)
    # the action table
    actions: tuple             # ActionRow of every action of the game, by action number
    action_index: dict         # (kind, arg, arg2) -> action number
    action_arg2: tuple
    a_spend: int               # the action that ends the Work Cycle phase
    a_end: int                 # the action that ends the turn
    # ids, in the engine's order
    struct_ids: tuple
    space_ids: tuple
    kind_ids: tuple            # worker kinds
    conv_ids: tuple
    goal_ids: tuple
    pool_ids: tuple            # pool resources
    coin_ids: tuple            # denominations
    coins_id: str | None       # the coins resource
    outcome_ids: tuple         # the ships' results
    obj_ids: tuple             # secret objectives
    deck_ids: tuple
    card_ids: tuple
    trade_ids: tuple
    ability_ids: tuple         # activated abilities
    draft_ids: tuple
    decision_names: tuple
    n_struct: int
    n_kinds: int
    n_pool: int
    n_workers: int
    n_decks: int
    coin_cap: int              # the most value of coins a player keeps at the end of a turn (-1: no cap)
    coin_holdings: tuple       # with a cap on the coins: each holding's counts, by index (the give_back options)
    # the resources
    pool_end: tuple            # what each pool resource keeps at the end of a turn (-1: all)
    # structures
    cost_pool: tuple
    cost_coin: tuple
    vp_first: tuple
    vp_later: tuple
    requires: tuple            # every one of these (a set of structures)
    requires_any: tuple        # one of these (0: no such list)
    covers: tuple              # per structure: those it replaces (counted as owned), a set
    replacing_mask: int        # the structures that replace one
    seat_forbid: tuple         # per position in turn order from the first player: the structures it may not build
    first_pool: tuple          # what the first builder earns once
    first_coin: tuple
    income_pool: tuple         # each turn's income
    income_coin: tuple
    conditional_income: tuple  # ((pool, coin), ...) per structure: its incomes with a condition, in order
    yield_over: tuple          # per structure: {space: (pool, coin)}, a space's yield for its owner
    tokens: int                # structure tokens per player
    builds_per_turn: int
    # the Work Cycle and its workers
    space_pool: tuple
    space_coin: tuple
    toll_pool: tuple
    toll_coin: tuple
    next_space: tuple
    move_steps: int
    worker_kind: tuple         # each worker's kind
    worker_seat: tuple         # the seat each worker belongs to (-1: none)
    kind_access: tuple         # per kind: 0 anyone may move it, else who may
    kind_entry: tuple          # per kind: the space a worker enters on
    sailor_kind: int           # -1: no sailors
    sailor_cost_pool: tuple
    sailor_cost: int
    sailor_max: int | None
    sailor_shared: bool
    # conversions
    conv_pay_pool: tuple
    conv_pay_coin: tuple
    conv_gain_pool: tuple
    conv_gain_coin: tuple
    conv_roll_sides: tuple
    conv_roll_at_least: tuple
    # borrowing and the ships
    borrow_mask: int           # the structure whose token lets its owner borrow
    borrow_phases: int
    lender_penalty: int
    repay_pool: tuple
    repay_coin: int
    harbor_struct: int         # -1: no ships
    ship_mask: int
    outcome_pool: tuple
    outcome_coin: tuple
    outcome_hire: tuple
    # goals, objectives, bids, the end
    goal_vps: tuple
    obj_vps: tuple
    obj_deal: int
    bid_sealed: bool
    bid_winner_pays: bool
    first_random: bool
    end_order: tuple
    end_finish: tuple
    finish_turn: bool
    finish_round: bool

    def requirements_met(self, s: int, owned: int) -> bool:
        """Whether a player owning the structures ``owned`` has what structure ``s`` requires: every one of
        its list, and one of its ``any_of`` (the engine's rule, ``Compiled.requirements_met``)."""
        owned = self.have(owned)
        if (self.requires[s] & owned) != self.requires[s]:
            return False
        return not self.requires_any[s] or bool(self.requires_any[s] & owned)

    def have(self, owned: int) -> int:
        """What a player owning ``owned`` counts as having: those, and those they replace (``Compiled.have``)."""
        for s in range(self.n_struct):
            if (owned & self.replacing_mask) >> s & 1:
                owned |= self.covers[s]
        return owned


def seat_may_build(state, p: int, s: int) -> bool:
    """Whether structure ``s``'s ``seats`` let seat ``p`` build it (by its position in turn order from the first
    player), and it is not a structure given to some seats only."""
    forbid = rules_view(state).seat_forbid
    if not any(forbid):
        return True
    seat, pos = state.first, 0
    while seat != p:
        seat, pos = state.seat_next[seat], pos + 1
    return not forbid[pos] >> s & 1


def per_incomes(state, seat: int, s: int) -> list:
    """Structure ``s``'s incomes written per a metric (``{coin: {per: structures}}``), each as ``(pool amounts,
    coins)`` measured for ``seat`` now (as the engine measured them at the start of the turn); none of 0, nor one
    whose condition (``if``) ``seat`` does not meet now."""
    c = state.c
    out = []
    for measure, each, r, cond in c.per_income[s]:
        if cond is not None and not cond.holds(state, seat):
            continue
        n = measure.value(state, seat) * each
        if n > 0:
            out.append((c.no_pool, n) if r < 0 else (tuple(n if i == r else 0 for i in range(c.n_pool)), 0))
    return out


def _frozen(value):
    if isinstance(value, (str, bytes, dict)) or not isinstance(value, Sequence):
        return value
    return tuple(_frozen(v) for v in value)


_DERIVED = {
    "actions": lambda c: tuple(ActionRow(a.kind, a.arg, a.arg2) for a in c.actions),
    "action_index": lambda c: dict(c.action_index),
    "conditional_income": lambda c: tuple(tuple((_frozen(pool), coin) for _cond, pool, coin in row)
                                          for row in c.income_if),
    "yield_over": lambda c: tuple(dict(over) for over in c.yield_over),
    "bid_winner_pays": lambda c: bool(getattr(c, "bid_winner_pays", False)),
    "coin_holdings": lambda c: tuple(c.coinage.holding) if c.coin_cap >= 0 else (),
}
_RULES_VIEWS: dict = {}


def rules_view(of) -> RulesView:
    """The :class:`RulesView` of a state's ruleset (``of``: a state, its compiled tables, or a RulesView),
    made once per compiled ruleset."""
    if isinstance(of, RulesView):
        return of
    c = getattr(of, "c", of)
    hit = _RULES_VIEWS.get(id(c))
    if hit is not None and hit[0] is c:
        return hit[1]
    view = RulesView(**{f.name: _DERIVED[f.name](c) if f.name in _DERIVED else _frozen(getattr(c, f.name))
                        for f in fields(RulesView)})
    if len(_RULES_VIEWS) > 64:
        _RULES_VIEWS.clear()
    _RULES_VIEWS[id(c)] = (c, view)           # the tables held with their view: the id is never reused
    return view


def kind_access(state, p: int) -> int:
    """The worker kinds (a set, by kind) player ``p`` may move now: those anyone may, and those the structures
    whose effects ``p`` has unlock (owned, and borrowed this turn by the player to play)."""
    return state.kind_access(p)


def move_destination(state, action: int) -> int:
    """The space a move action (``MOVE``) brings its worker to; -1 for another action."""
    c = state.c
    info = c.actions[action]
    if info.kind != MOVE:
        return -1
    dest = info.arg2
    for _step in range(c.move_steps):
        dest = c.next_space[dest]
    return dest


def move_forbidden(state, action: int) -> bool:
    """Whether a move action brings its worker onto a space an event forbids now."""
    dest = move_destination(state, action)
    return dest >= 0 and bool(state.ev_no_space >> dest & 1)


def objective_met(state, objective: int, seat: int) -> bool:
    """Whether secret objective number ``objective`` (held by ``seat``) scores if the game ended now: met during
    the game (its ``check``), or its condition holds now."""
    return objective in state.obj_met or bool(state.c.obj_cond[objective].holds(state, seat))


def objective_met_for_good(state, objective: int) -> bool:
    """Whether secret objective number ``objective`` was met during the game (its ``check``): it stays met."""
    return objective in state.obj_met


def after(state, action: int):
    """A copy of ``state`` with ``action`` (legal now) played: what it changes, read by comparing."""
    out = state.clone()
    out.apply(action)
    return out


__all__ = ["ActionRow", "ActionView", "Amounts", "EventView", "GoalsView", "KIND_NAMES", "LenderView", "OutcomeView", "PlayerView",
           "ProgressView", "ShipView", "SpaceView", "StateView", "StructureView", "WorkerView", "action_view",
           "RulesView", "after", "amounts_map", "kind_access", "seat_may_build", "move_destination", "move_forbidden",
           "objective_met", "objective_met_for_good", "rules_view", "state_view"]
