# cython: boundscheck=False, wraparound=False
# (Read by Cython alone: the compiled core indexes lists and tuples without checking the bounds. Its
# indexes come from the compiled tables and are never negative; run as pure Python, where an index out of
# range raises, this file plays the same games action by action: tests/test_engine_differential.py.)
"""The generic game engine.

A resolved ruleset is compiled once into flat tables of small integers
(:class:`Compiled`); a :class:`State` is one game of it. Nothing here names a
structure, a goal or an edition: every rule comes from the ruleset's
primitives (docs/ruleset-reference.md), so a house rule changes the game by
changing data.

>>> from rulekit.language import bundled_rulesets, load_ruleset
>>> ruleset_id = next(iter(bundled_rulesets()))      # the first bundled one; any other will do
>>> game = new_game(load_ruleset(ruleset_id), seed=7)
>>> game.phase_name, game.turn
('work', 0)
>>> all(game.parse(game.notation(a)) == a for a in game.legal_actions())
True

Turn structure (rules-notes §3): start of turn (the Harbormaster's cast,
income) → Work Cycle phase (move at least one accessible worker, each at most
once) → Resource Spending phase (build at most one structure, conversions,
hire, repay, exchange) → end of turn (end-of-turn goals, each declared pool
resource lost, carried or kept as its ``end_of_turn`` says, end-of-game check).

Actions are small integers, indexes into the compiled action table; their
notation (``move green@coin``, ``build bank``, ``grind``, ``end``) is in
docs/notation.md.
"""
from __future__ import annotations

from array import array
from dataclasses import dataclass

from ..errors import IllegalActionError, PlayerCountError

try:
    import cython                 # compiled: cython.compiled is True; Cython's pure-Python shadow: False
except ImportError:               # pure Python without Cython installed
    from . import nocython as cython
from .coins import INDEX_BITS, INDEX_MASK
from .common import Outcome
from .rng import reseed, start
from .coins import shared as coins_of
from .primitives import CARD_EFFECTS, EFFECTS, METRICS
from .trail import Trail

# Phases (SETUP: before the first turn, while the seats make the decisions asked of them at setup)
WORK, SPENDING, OVER, SETUP = 0, 1, 2, 3
PHASE_NAMES = ("work", "spending", "over", "setup")

# Action kinds (LEAP: a move of several steps, given by a long_move effect; CHOOSE: an option of a decision;
# OFFER: one of the trades section's offers made to another seat, who accepts or refuses it; USE: an activated
# ability of the abilities section, used on a seat or on those its target names)
MOVE, BORROW, SPEND, BUILD, CONVERT, HIRE, REPAY, EXCHANGE, END, LEAP, CHOOSE, OFFER, USE = range(13)

# The compiled core reads the phases and the action kinds as C integers (game.pxd), which are not
# attributes of the compiled module: name them for Python too (as pure Python, this rebinds them).
globals().update(WORK=WORK, SPENDING=SPENDING, OVER=OVER, SETUP=SETUP, MOVE=MOVE, BORROW=BORROW, SPEND=SPEND,
                 BUILD=BUILD, CONVERT=CONVERT, HIRE=HIRE, REPAY=REPAY, EXCHANGE=EXCHANGE, END=END, LEAP=LEAP,
                 CHOOSE=CHOOSE, OFFER=OFFER, USE=USE)

# The state's rows of integers (game.pxd sizes their C arrays with these): at most MAX_SEATS seats (the
# language's players), MAX_ITEMS structures, workers or conversions (the language checks 62: a set of each
# fits a 64-bit integer) and MAX_POOL pool resources (the language checks it). Each row has a code for
# State._row and State._put, and a length the ruleset sets (State._row_length).
MAX_SEATS, MAX_ITEMS, MAX_POOL = 6, 64, 16
POOL, OWNED, FIRST_DUE, FIRST_BUILDER, WPOS, WOWNER, EARNED, CONV_USED, PURSES = range(9)
ROWS = ("pool", "owned", "first_due", "first_builder", "wpos", "wowner", "earned", "conv_used", "purses")
# The purses and the supply are holdings' indexes (Coinage.index): a Coinage answers a transfer of coins between
# three of them as one integer, three indexes of IB bits (IM: one index's mask), read here with shifts.
IB, IM = INDEX_BITS, INDEX_MASK

# The game's own random numbers: SplitMix64 (mod 2**64; the compiled core declares these as unsigned 64-bit C
# integers in game.pxd, where the same arithmetic wraps by itself).
MASK64 = 0xFFFFFFFFFFFFFFFF
GOLDEN = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB

# The most conversions a player makes in one turn, all conversions together: a generic bound that keeps every
# turn (and so every game within its turn limit) to a bounded number of actions whatever the per_turn limits
# and amounts of a ruleset (docs/ruleset-reference.md, "Conversions").
MAX_CONVERSIONS_PER_TURN = 100
_CONVERSIONS_CAP = MAX_CONVERSIONS_PER_TURN      # the same, a C integer in the compiled core (game.pxd)

#: The longest action table whose legal actions the compiled core lists in a buffer on the C stack
#: (State._legal, State.playout); a longer table gets a buffer allocated for the call. game.pxd sizes
#: the stack buffers with the same number (a test keeps the two equal).
LEGAL_STACK = 512

#: State._ints_key: the scalar fields it packs, and the most integers it packs (the scalars and every row at its
#: largest: MAX_SEATS * (MAX_POOL + 3) + 3 * MAX_ITEMS + MAX_POOL + MAX_ITEMS); game.pxd sizes its buffer with it.
KEY_SCALARS = 25
KEY_INTS = 512

if not cython.compiled:
    # A set's lowest member and its size (compiled: the processor's instructions, declared in game.pxd): a loop
    # over a set's members takes ``s = _ctz(m)`` then ``m &= m - 1``, and visits only them, lowest first.
    def _ctz(m: int) -> int:
        return (m & -m).bit_length() - 1

    def _popcount(m: int) -> int:
        return m.bit_count()

    # The playout's choice (compiled: without a division, by a magic number per length laid with the action
    # table, Compiled._mod_magic; game.pxd).
    def _fastmod(x: int, magic, k: int) -> int:
        return x % k

# One bit, shifted to make a set of structures, workers, kinds or conversions (at most 62 of each: the language's
# limit). The compiled core declares it a 64-bit C integer (game.pxd): ``1 << s`` would shift a 32-bit C int there.
BIT = 1

# Access kinds of workers
ACCESS_EVERYONE, ACCESS_UNLOCKED, ACCESS_OWNER = 0, 1, 2

# Metrics Condition.holds reads itself (Condition.code indexes this); the others go through Condition.met
FAST_METRICS = ("coin_value", "structures", "workers", "coins_held", "earned_this_turn",
                "coins_spent_this_turn", "conversions_this_turn", "owns", "all", "any", "not",
                "workers_on_one_space")

# End condition kinds (Compiled.end_kind indexes this): the core checks the first three; those after them, the
# mechanism whose end_conds hold them (Mechanism.end_met: a clock, mechanics/clocks.py)
END_KINDS = ("player_condition", "all_structures_built", "goals_exhausted", "clock")
#: The metrics whose value only a structure's building changes (Condition.static).
STATIC_METRICS = ("structures", "owns")
#: The metrics of this turn alone: every player but the one whose turn it is measures 0 (Condition.current_only).
TURN_METRICS = ("earned_this_turn", "coins_spent_this_turn", "conversions_this_turn")

# Decisions (docs/engine.md, "Who decides"): a choice asked of one seat outside the actions of its own turn —
# before the first turn (an objective kept, a bid) or in answer to another seat's action (an offer accepted or
# refused). Each kind is one row, registered by the primitive that asks it:
#     name -> (options(state, seat, arg) -> list of option numbers, resolve(state, seat, arg, option) -> None)
# A ruleset's tables list the kinds it uses (Compiled.add_decision), each option an action of kind CHOOSE
# (arg: the kind's number in Compiled.decision_names, arg2: the option). State.ask(name, seat, arg) queues one;
# while any is queued, State.decider (not State.current) chooses and legal_actions lists its options.
DECISIONS = {}

def _added(rows: list, i: int, item) -> list:
    """``rows`` (a list of lists, one per seat) with ``item`` added at the end of ``rows[i]``, as new lists: a
    state's claimed goals, objectives, stack, removed goals, pending decisions and bids are shared by its
    clones and never changed in place (copied on write)."""
    out = list(rows)
    out[i] = out[i] + [item]
    return out


# The answer to an offer (the trades section): option 0 refuses, option 1 accepts (refusing first, so that a
# bot comparing the two keeps the first on a tie: it accepts only a trade that gains). Their notation:
TRADE_ANSWERS = ("refuse", "accept")

# Score sources, in the order they are reported
SOURCES = ("structures", "goals", "borrowing", "coins", "measures")


@dataclass(frozen=True)
class ActionInfo:
    kind: int
    arg: int
    arg2: int
    notation: str


class Condition:
    """A compiled metric condition: ``metric`` of a player compared with thresholds.

    ``met(state, p)`` is a closure specialised for the metric at compile time,
    since conditions are checked after every action. ``holds(state, p)`` gives
    the same answer and is what the engine calls: it reads the common metrics
    (``code``, an index into :data:`FAST_METRICS`) straight from the state, which
    the compiled core does with C types, and asks ``met`` for any other.
    """

    __slots__ = ("metric", "param", "at_least", "at_most", "spec", "met", "code", "lo", "hi", "pmask", "parts", "index",
                 "static", "current_only")

    def __init__(self, comp: "Compiled", spec: dict):
        self.spec = spec
        self.code = -1
        self.lo, self.hi, self.pmask, self.parts = -1, 1 << 30, 0, ()
        self.index = -1           # the metric's parameter when it is one integer (holds reads it as a C integer)
        for combine in ("all", "any", "not"):
            if combine in spec:
                self._combine(comp, combine, spec[combine])
                return
        self.metric = spec["metric"]
        lo = spec.get("at_least")
        hi = spec.get("at_most")
        self.at_least, self.at_most = lo, hi
        param = METRICS[self.metric](comp, spec)   # metric name -> param(c, spec): one row per metric
        self.param = param
        if isinstance(param, int):
            self.index = param
        metric = self.metric
        if lo is None:
            lo = -1
        if hi is None:
            hi = 1 << 30
        self.lo, self.hi = lo, hi
        if metric in FAST_METRICS and not (metric == "structures" and param is not None and not isinstance(param, int)):
            self.code = FAST_METRICS.index(metric)
        if metric == "workers":
            self.pmask = sum(1 << k for k in param)
        if metric == "coin_value":
            def met(st, p):
                return lo <= st.coin_value(p) <= hi
        elif metric == "structures" and param is None:
            def met(st, p):
                return lo <= st.owned[p].bit_count() <= hi
        elif metric == "structures" and isinstance(param, int):
            def met(st, p):
                owned, n, s = st.owned[p], 0, 0
                while owned:
                    if owned & 1 and st.structure_vp(p, s) == param:
                        n += 1
                    owned >>= 1
                    s += 1
                return lo <= n <= hi
        elif metric == "workers":
            wkind, sailor, n_workers, wseat = comp.worker_kind, comp.sailor_kind, comp.n_workers, comp.worker_pos

            def met(st, p):
                kinds = st._kind_access(p)
                wpos, wowner, n = st.wpos, st.wowner, 0
                for w in range(n_workers):
                    if wpos[w] >= 0:
                        k = wkind[w]
                        if k in param and ((wowner[w] == p) if (k == sailor or wseat[w] >= 0) else (kinds >> k & 1)):
                            n += 1
                return lo <= n <= hi
        elif metric == "coins_held":
            def met(st, p):
                return lo <= st.purses[p][param] <= hi
        elif metric == "earned_this_turn":
            def met(st, p):
                return lo <= (st.earned[param] if p == st.current else 0) <= hi
        elif metric == "coins_spent_this_turn":
            def met(st, p):
                return lo <= (st.spent if p == st.current else 0) <= hi
        else:
            def met(st, p):
                return lo <= st.metric(metric, p, param) <= hi
        compare = spec.get("compare")
        if compare:                              # most / fewest: no other player has more / fewer (ties count)
            self.code = -1                       # the slow path: met reads every player's measure
            bounds, most = met, compare == "most"

            def met(st, p):
                if not bounds(st, p):
                    return False
                v = st.metric(metric, p, param)
                for q in range(st.c.n_players):
                    if q != p:
                        w = st.metric(metric, q, param)
                        if (w > v) if most else (w < v):
                            return False
                return True
        self.met = met
        # Whether only building a structure can change the answer: the measure reads the structures owned and
        # their first builders alone, of this player alone (a muted state checks it only after a build: State._checks).
        self.static = metric in STATIC_METRICS and not compare
        # Whether only the player whose turn it is can meet it: a measure of this turn that must be above 0
        # (State._check_goals then asks nobody else).
        self.current_only = metric in TURN_METRICS and not compare and not lo <= 0 <= hi

    def _combine(self, comp, combine, specs):
        """all / any / not over other conditions."""
        self.metric = combine
        self.param = None
        self.at_least = self.at_most = None
        self.code = FAST_METRICS.index(combine)
        if combine == "not":
            self.parts = (Condition(comp, specs),)
            inner = self.parts[0].met

            def met(st, p):
                return not inner(st, p)
        else:
            self.parts = tuple(Condition(comp, s) for s in specs)
            parts = tuple(part.met for part in self.parts)
            if combine == "all":
                def met(st, p):
                    for part in parts:
                        if not part(st, p):
                            return False
                    return True
            else:
                def met(st, p):
                    for part in parts:
                        if part(st, p):
                            return True
                    return False
        self.met = met
        self.static = all(part.static for part in self.parts)
        # all: one part only the current player can meet is enough; any: every part must be so; not: never.
        if combine == "all":
            self.current_only = any(part.current_only for part in self.parts)
        elif combine == "any":
            self.current_only = all(part.current_only for part in self.parts)
        else:
            self.current_only = False

    def holds(self, st: "State", p: int) -> bool:
        """Whether player ``p`` meets the condition now (the same answer as ``met``).

        The measures read in a few steps are taken here; the others in :meth:`_holds_other`. Compiled, this
        function stays small, so that a call costs little: goals and end conditions are checked after every
        action, and a large function's entry and exit alone cost a third of these checks."""
        code = self.code
        if code == 1 and self.param is None:    # structures
            v = _popcount(st._owned[p])
        elif code == 4:                          # earned_this_turn (of the pool resource param)
            v = st._earned[self.index] if p == st.current else 0
        elif code == 5:                          # coins_spent_this_turn
            v = st.spent if p == st.current else 0
        elif code == 6:                          # conversions_this_turn
            v = st._conv_used[self.index] if p == st.current else 0
        elif code == 7:                          # owns
            v = st._owned[p] >> self.index & 1
        elif code == 0:                          # coin_value
            v = st.coin_value(p)
        elif code == 3:                          # coins_held
            v = st.c.coinage.count_at(st._purses[p], self.index)
        else:
            return self._holds_other(st, p)
        return self.lo <= v <= self.hi

    def _holds_other(self, st: "State", p: int) -> bool:
        """:meth:`holds` for the measures it does not take itself, and for the conditions of other conditions."""
        code = self.code
        if code < 0:
            return self.met(st, p)
        if 8 <= code <= 10:                      # all, any, not
            if code == 8:
                for part in self.parts:
                    if not part.holds(st, p):
                        return False
                return True
            if code == 9:
                for part in self.parts:
                    if part.holds(st, p):
                        return True
                return False
            return not self.parts[0].holds(st, p)
        if code == 1:                            # structures of one VP value (param)
            owned = st._owned[p]
            c = st.c
            vp = self.index
            v = 0
            while owned:
                s = _ctz(owned)
                if c.given_mask >> s & 1:
                    b = c._given_vp[s]
                else:
                    b = c._vp_first[s] if st._first_builder[s] == p else c._vp_later[s]
                if b == vp:
                    v += 1
                owned &= owned - 1
        elif code == 2:                          # workers of the kinds in pmask that p may move
            c = st.c
            pmask = self.pmask
            m = st._movable_workers(p, st._kind_access(p))
            v = 0
            while m:
                w = _ctz(m)
                if st._wpos[w] >= 0 and pmask >> c._worker_kind[w] & 1:
                    v += 1
                m &= m - 1
        else:                                    # 11, workers_on_one_space: p's (index 1: anyone's) most on a space
            c = st.c
            m = (BIT << c.n_workers) - 1 if self.index == 1 else st._movable_workers(p, st._kind_access(p))
            counted = 0
            while m:
                w = _ctz(m)
                if st._wpos[w] >= 0:
                    counted |= BIT << w
                m &= m - 1
            v = 0
            b = counted
            while b:
                w = _ctz(b)
                k = 0
                m = counted
                while m:
                    if st._wpos[_ctz(m)] == st._wpos[w]:
                        k += 1
                    m &= m - 1
                if k > v:
                    v = k
                b &= b - 1
        return self.lo <= v <= self.hi

    def value(self, st: "State", p: int) -> int:
        if self.metric in ("all", "any", "not"):
            return int(self.met(st, p))
        return st.metric(self.metric, p, self.param)


class Mechanism:
    """One mechanism of the rules (events, objectives, trades...): its compile step and its runtime, called by
    the core at named moments of a game (docs/engine.md, "Mechanisms"). A module of ``rulekit/engine/mechanics/``
    subclasses it, registered in ``rulekit.engine.mechanics.MECHANISMS``; each :class:`Compiled` makes one
    instance of each and keeps, per moment, only those active in its ruleset and overriding that moment, so a
    ruleset without a mechanism pays nothing for it. Every moment does nothing here.

    Compiled, a moment is a C call through the class's table (``game.pxd`` declares the moments, each
    module's ``.pxd`` its overrides). A mechanism's state lives in :class:`State`'s slots (the clone, the key
    and the compiled core need them declared there); its tables live on :class:`Compiled` (other layers read
    them by name)."""

    #: The moments a mechanism may override, in the order of a game; ``Compiled.at_<moment>`` holds the active
    #: mechanisms overriding each (``view`` is asked of every mechanism, active or not: its keys are always there).
    MOMENTS = ("setup", "turn_start", "holder_turn", "income", "legal", "legal_moves", "moving", "apply", "building",
               "built", "check", "end_met", "turn_closing", "turn_end", "lent_end", "game_over", "score", "view",
               "determinize", "outcomes")

    def __init__(self):
        self.name = ""
        self.building_mask = 0        # the structures whose build calls ``building`` (set by ``compile``)
        self.built_mask = 0           # the structures whose build calls ``built`` (set by ``compile``)
        self.income_mask = 0          # the structures whose income calls ``income`` (set by ``compile``)
        self.moving_spaces = 0        # the spaces a move onto calls ``moving`` (a set; set by ``compile``)
        self.checking = False         # whether the goals' checks call ``check`` (set by ``compile``)
        self.end_conds = 0            # the end conditions ``end_met`` checks (indexes, a set; set by ``compile``)
        self.legal_owned = 0          # legal_into at places 3 and 4: asked of an owner of one of these (set by ``compile``)

    def compile(self, c: "Compiled") -> bool:
        """Lay this mechanism's tables on ``c`` (empty ones when the ruleset does not use it: other layers read
        them); whether the ruleset uses it."""
        return False

    def decisions(self, c: "Compiled") -> None:
        """Once the action table is laid (``compile`` came before it): add the decision kinds this mechanism
        asks (``c.add_decision``) and what ``State.new`` runs to ask them before the first turn (``c.pregame``),
        or lay its rows per action (chance: ``c.action_chance``)."""

    def setup(self, st: "State") -> None:
        """A new game, after the setup's other draws (the goals, the first player) and before the starting
        amounts are dealt."""

    def turn_start(self, st: "State") -> None:
        """A turn starts, before the income (``st.current`` plays it)."""

    def holder_turn(self, st: "State") -> None:
        """A turn of the casting's holder starts (``st.harbormaster`` is ``st.current``: the ships' slot, which the
        core reads so that the other turns call nothing), after the ``turn_start`` moments and before the income."""

    def income(self, st: "State", p: int) -> None:
        """Seat ``p`` earns the income of structures among which is one of ``income_mask`` (at its turn's start, or
        a borrowed structure's), after the structures' own income."""

    def legal_phases(self, c: "Compiled") -> int:
        """The places where ``legal_into`` adds actions (bit 1: the work phase's end; bit 2: the spending
        phase's end; bit 8: the work phase after the moves, bit 16: the spending phase after the builds, both
        for an owner of one of ``legal_owned`` only; bit 32: the spending phase after the hire, for the token's
        holder only; bit 64: the spending phase after the conversions; 0: none), and bit 4 where ``legal_moves``
        filters the work phase's moves, asked once as the ruleset is compiled (``c.at_legal_work``,
        ``c.at_legal_spending``, ``c.at_legal_owned_work``, ``c.at_legal_owned_spending``, ``c.at_legal_held``,
        ``c.at_legal_converted``, ``c.at_legal_moves``)."""
        return 0

    def legal_into(self, st: "State", buf, n: int, phase: int) -> int:
        """The legal actions this mechanism adds for the current player at place ``phase``, written into ``buf``
        from ``n`` on; the new count. 1: the work phase, after the moves and before ``spend`` and ``end``; 2: the
        spending phase, after the exchanges and before ``end``; 3: the work phase, after the moves and before
        place 1 (a player owning one of ``legal_owned``); 4: the spending phase, after the builds and before the
        conversions (the same); 5: the spending phase, after the hire and before the exchanges (the token's
        holder, ``st.holder``); 6: the spending phase, after the conversions and before place 5 (asked only while
        the state's ``hire_ok`` is set). Compiled, a C method (``buf`` a C array): it is not seen from Python."""
        return n

    def legal_moves(self, st: "State", p: int, buf, n: int) -> int:
        """Keep in ``buf[:n]``, in their order, the work phase's moves (and long moves) that ``p`` may make under
        this mechanism (the tolls they can pay); the new count. Asked after the core's moves and before an event's
        forbidden spaces and the borrows; when none is left and no worker has moved, the player goes on to the
        spending phase. Compiled, a C method (``buf`` a C array): it is not seen from Python."""
        return n

    def moving(self, st: "State", p: int, w: int, dest: int) -> None:
        """Seat ``p`` moves worker ``w`` onto space ``dest`` (one of the active mechanisms' ``moving_spaces``:
        each checks its own), before the worker is placed and the space's yield earned."""

    def apply(self, st: "State", p: int, kind: int, arg: int, arg2: int) -> bool:
        """Play an action of ``kind`` for seat ``p``, if this mechanism owns the kind (whether it did): an action
        kind the core does not play (``OFFER``, ``HIRE``...). The core makes no check after it: a mechanism whose
        action may meet a goal makes them (``st._checks``, as the ships' hire does)."""
        return False

    def building(self, st: "State", p: int, s: int) -> None:
        """Seat ``p`` builds structure ``s`` (one of ``building_mask``): after its cost is paid and its ``built``
        gain earned, before its other effects (its first-turn gain due, its conditional gains, the upgrade, the
        unlocks, the ``built`` moments)."""

    def built(self, st: "State", p: int, s: int) -> None:
        """Seat ``p`` has built structure ``s`` (one of ``built_mask``), after its gains and unlocks."""

    def end_met(self, st: "State", i: int) -> bool:
        """Whether end condition ``i`` (one of ``end_conds``, a kind the core does not check) holds now: asked in
        the conditions' order wherever the end is checked (after every action, decision and turn's start; a muted
        state at every turn's start at least) and by ``State.end_conditions_met``. Such a condition ends the game
        as a turn ends: its ``finish_turn`` is always true."""
        return False

    def turn_closing(self, st: "State") -> None:
        """A turn is ending (``State._end_turn``) while the state's ``cast_pending`` is set (the ships' slot, which
        the core reads so that the other turns call nothing), before its end-of-turn goals and the end's check (the
        ships' cast due at the end of the turn their structure was first built)."""

    def turn_end(self, st: "State") -> None:
        """A turn ends, after its end-of-turn goals and the end's check, before the pools are emptied or carried
        (``st.current`` played it)."""

    def lent_end(self, st: "State") -> None:
        """The effects lent for a turn end (``st.borrowed_mask``, set: the core asks only then): the turn ended,
        after its pools are emptied or carried, or the game stopped at once, before they are."""
    def check(self, st: "State", end_of_turn: bool) -> None:
        """The goals' checks: after every action, decision and turn's start, where the face-up goal is checked
        (``end_of_turn`` False; a muted state too, whatever its goal), and at the end of a turn, before the
        end-of-turn goals (True)."""

    def game_over(self, st: "State") -> None:
        """The game is over (after the end-of-game gains and the log's ``("over",)``)."""

    def score(self, st: "State", p: int) -> int:
        """The VP seat ``p`` scores from this mechanism, a source of its own in ``State.score_by_source`` (its
        name); counted in ``State.score`` once the game is over only."""
        return 0

    def view(self, st: "State", player: int) -> dict:
        """This mechanism's entries of ``State.view(player)`` (asked of every mechanism: active or not)."""
        return {}

    def determinize(self, st: "State", source: "State", observer: int) -> None:
        """Redraw in ``st`` (a clone of ``source`` whose goal stack was just redrawn) what ``observer`` cannot
        see of this mechanism."""

    def outcomes(self, st: "State", action: int) -> list:
        """``State.chance_outcomes`` of ``action``, one this mechanism draws by chance (``c.action_chance``, which
        it lays in ``decisions``): ``[(probability, state after it)]``, never the draw the game will make; an
        empty list for an action it does not draw. A search asks it; a game never does."""
        return []


#: The mechanisms, by name, in the order their moments are called: filled by rulekit.engine.mechanics (which
#: imports this module, so this one never imports it); read by every Compiled.
MECHANISMS = {}


def _only(mechanisms: tuple):
    """The one mechanism of ``mechanisms``, None where there are none or several."""
    return mechanisms[0] if len(mechanisms) == 1 else None


def _overrides(m: Mechanism, moment: str) -> bool:
    """Whether mechanism ``m``'s class overrides ``moment`` (a method of :class:`Mechanism`)."""
    return getattr(type(m), moment) is not getattr(Mechanism, moment)


class Compiled:
    """Flat tables compiled from a resolved ruleset for a number of players (built once for each)."""

    def __init__(self, ruleset, players: int | None = None):
        d = ruleset.data
        self.ruleset = ruleset
        self.data = d
        self.policy_tables = None               # the bots' evaluation keeps what it derives here (bots/policy.py)
        comps = d["components"]
        # Seats: 0 to n - 1. Turn order and who "another player" is, where the two-player text says
        # "the opponent" (the other_players section; absent, each reads as the two-player rule does).
        counts = ruleset.player_counts
        n = counts.start if players is None else players
        if n not in counts:
            raise PlayerCountError(n, counts, ruleset.id)
        self.n_players = n
        step = n - 1 if (d.get("setup") or {}).get("turn_order") == "counterclockwise" else 1
        self.next_seat = tuple((p + step) % n for p in range(n))
        #: others[p]: the other seats in turn order, the one after p first.
        self.others = tuple(tuple((p + step * i) % n for i in range(1, n)) for p in range(n))
        other = d.get("other_players") or {}
        make_change = other.get("make_change", "in_turn_order")
        #: change_makers[p]: who makes the change the supply cannot when p pays or earns, in that order.
        self.change_makers = tuple(self.others[p] if make_change == "in_turn_order" else
                                   self.others[p][:1] if make_change == "next_player" else ()
                                   for p in range(n))
        borrow_from = other.get("borrow_from", "any")
        #: lenders[p]: the seats whose structures p may borrow.
        self.lenders = tuple(self.others[p] if borrow_from == "any" else
                             self.others[p][:1] if borrow_from == "next_player" else self.others[p][-1:]
                             for p in range(n))
        #: A goal turned up that several players meet is removed only when every player meets it.
        self.goal_removed_if_all = other.get("revealed_goal", "removed_if_several") == "removed_if_all"
        # Coins, smallest first.
        coins = sorted(comps["coins"].items(), key=lambda kv: kv[1]["value"])
        self.coin_ids = [k for k, _ in coins]
        self.coin_values = tuple(v["value"] for _, v in coins)
        self.coinage = coins_of(self.coin_values, tuple(v["count"] for _, v in coins))
        self.tokens = comps["structure_tokens"]
        # Resources: the coins (at most one, physical: self.coinage) and the
        # counted pools, indexed 0..n_pool-1 in declared order. Every amount
        # below is a tuple of pool amounts (one per pool resource) beside an
        # int of coins.
        res = d["resources"]
        self.res_ids = list(res)
        self.pool_ids = [r for r in res if res[r]["kind"] == "pool"]
        self.n_pool = len(self.pool_ids)
        self.coins_id = next((r for r in res if res[r]["kind"] == "coins"), None)
        # What becomes of each pool at the end of its owner's turn: -1 kept, 0 lost, N: up to N carried.
        self.pool_end = tuple(-1 if res[r].get("end_of_turn", "lost") == "kept" else
                              0 if res[r].get("end_of_turn", "lost") == "lost" else res[r]["end_of_turn"]["carry"]
                              for r in self.pool_ids)
        # What each seat starts with, in turn order from the first player (not earned).
        self.pool_start = tuple(tuple(res[r].get("start") or (0,) * n)[:n] for r in self.pool_ids)
        # cap: the most of a pool kept at the end of its owner's turn (-1: no cap).
        self.pool_cap = tuple(res[r].get("cap", -1) for r in self.pool_ids)
        # cap on the coins: the most value a player keeps at the end of their turn (-1: none), laid by mechanics/caps.py.
        self.coin_cap = -1
        self.no_pool = (0,) * self.n_pool
        turn = d.get("turn") or {}
        self.builds_per_turn = turn.get("builds", 1)
        self.move_steps = turn.get("move_steps", 1)           # steps of every move
        # Work Cycle.
        cyc = d["work_cycle"]
        self.space_ids = [s["id"] for s in cyc["spaces"]]
        ns = len(self.space_ids)
        self.space_pool = tuple(self.pools(s["yields"]) for s in cyc["spaces"])
        self.space_coin = tuple(self.coins(s["yields"]) for s in cyc["spaces"])
        self.next_space = tuple((i + 1) % ns for i in range(ns))
        self.no_yields = (None,) * ns          # State.ev_yield with no event card in effect
        self.n_spaces = ns
        self.entry = self.space_ids.index(cyc["entry"])
        # Structures.
        self.struct_ids = list(d["structures"])
        sidx = {s: i for i, s in enumerate(self.struct_ids)}
        self.n_struct = len(self.struct_ids)
        self.all_struct_mask = (BIT << self.n_struct) - 1
        sts = [d["structures"][s] for s in self.struct_ids]
        self.cost_pool = tuple(self.pools(s["cost"]) for s in sts)
        self.cost_coin = tuple(self.coins(s["cost"]) for s in sts)
        self.vp_first = tuple(s["vp"]["first"] for s in sts)
        self.vp_later = tuple(s["vp"]["later"] for s in sts)
        # upgrades or replaces: the structure built over (-1: none); owning it is required, and building returns it.
        # replaces: covers[s], the structures s stands for (the one it replaces, and the ones that one replaces),
        # counted as owned for requires and never built again while s is owned (State._have).
        rep = [sidx[s["replaces"]] if s.get("replaces") else -1 for s in sts]
        self.upgrade_of = tuple(sidx[s["upgrades"]] if s.get("upgrades") else rep[i] for i, s in enumerate(sts))
        covers = []
        for i in range(self.n_struct):
            m, j = 0, rep[i]
            while j >= 0 and not m >> j & 1:
                m |= 1 << j
                j = rep[j]
            covers.append(m)
        self.covers = tuple(covers)
        self.replacing_mask = sum(1 << i for i in range(self.n_struct) if covers[i])
        # requires: a list (all of them: requires, a set per structure, with the structure built over) or
        # {any_of: [...]} (at least one: requires_any, 0 where none; any_req_mask, the structures with one, keeps
        # the legal moves' test of it to a rarely taken branch).
        reqs = [s.get("requires") or () for s in sts]
        self.requires = tuple(sum(1 << sidx[r] for r in (() if isinstance(req, dict) else req)) | (
            1 << self.upgrade_of[i] if self.upgrade_of[i] >= 0 else 0) for i, req in enumerate(reqs))
        self.requires_any = tuple(sum(1 << sidx[r] for r in req["any_of"]) if isinstance(req, dict) else 0
                                  for req in reqs)
        self.any_req_mask = sum(1 << i for i in range(self.n_struct) if self.requires_any[i])
        # setup.given_structures: owned by every player from the start, scoring given_vp (first, later or 0).
        given = {g["structure"]: g.get("vp", "none") for g in (d["setup"].get("given_structures") or ())}
        self.given_mask = sum(1 << sidx[g] for g in given)
        # seats (positions in turn order from the first player, 0 the first; a seat beyond n is no one): given_seat,
        # per position, the structures given to some seats only (given_some, their set); seat_forbid, per position,
        # the structures it may not build (structures.<id>.seats without it, and given_some); seat_workers, the
        # workers of a kind that belongs to a seat, each worker's position in worker_pos (-1: none); all dealt by
        # State._deal_seats. seats_dealt: any of it.
        self.given_seat = tuple(sum(1 << sidx[g["structure"]] for g in (d["setup"].get("given_structures") or ())
                                    if pos + 1 in (g.get("seats") or ())) for pos in range(n))
        self.given_some = sum(1 << sidx[g["structure"]] for g in (d["setup"].get("given_structures") or ())
                              if g.get("seats"))
        self.seat_forbid = tuple(self.given_some | sum(1 << i for i, s in enumerate(sts)
                                                       if s.get("seats") and pos + 1 not in s["seats"])
                                 for pos in range(n))
        self.seat_forbid_any = any(self.seat_forbid)
        self.given_vp = tuple({"first": s["vp"]["first"], "later": s["vp"]["later"]}.get(given.get(sid), 0)
                              for sid, s in zip(self.struct_ids, sts))
        # copies: how many players in all may build a structure (0: each player, once).
        self.copies = tuple(s.get("copies", 0) for s in sts)
        self.copies_mask = sum(1 << i for i in range(self.n_struct) if self.copies[i])
        # Conversions.
        convs = d.get("conversions") or {}
        self.conv_ids = list(convs)
        self.conv_pay_pool = tuple(self.pools(convs[c]["pay"]) for c in self.conv_ids)
        self.conv_pay_coin = tuple(self.coins(convs[c]["pay"]) for c in self.conv_ids)
        self.conv_gain_pool = tuple(self.pools(convs[c]["gain"]) for c in self.conv_ids)
        self.conv_gain_coin = tuple(self.coins(convs[c]["gain"]) for c in self.conv_ids)
        self.conv_always = tuple(bool(convs[c].get("always")) for c in self.conv_ids)
        self.conv_per_turn = tuple(convs[c].get("per_turn") for c in self.conv_ids)
        # Offered only when the coins can pay out its gain (else: the payment is made, what the coins cannot pay is not earned).
        self.conv_needs_payout = tuple(bool(convs[c].get("needs_payout", False)) for c in self.conv_ids)
        # Workers: one slot per physical worker. Kinds from `workers`, plus the sailors' kind.
        self.kind_ids = list(d["workers"])
        self.kind_access = [ACCESS_EVERYONE if d["workers"][k]["access"] == "everyone" else ACCESS_UNLOCKED
                            for k in self.kind_ids]
        worker_kind, worker_start, worker_seat, worker_pos = [], [], [], []
        for k, kid in enumerate(self.kind_ids):
            w = d["workers"][kid]
            start = list(w.get("start") or ())
            seats = w.get("seats")              # count workers for each seat named (each: every seat), its own
            for pos in ([-1] if not seats else range(n) if seats == "each" else [q - 1 for q in seats if q <= n]):
                for j in range(w["count"]):
                    worker_kind.append(k)
                    worker_start.append(self.space_ids.index(start[j]) if j < len(start) else -1)
                    worker_seat.append(-1)
                    worker_pos.append(pos)
        sailors = d.get("sailors")              # their hiring's tables: mechanics/ships.py lays them
        self.sailor_kind = -1
        self.sailor_shared = True
        if sailors:
            self.sailor_kind = len(self.kind_ids)
            self.kind_ids.append(ruleset.sailor_kind)     # the id the language gives their worker kind
            self.kind_access.append(ACCESS_OWNER)
            self.sailor_shared = sailors["supply"] == "shared"
            seats = [-1] if self.sailor_shared else range(n)
            for seat in seats:
                for _ in range(sailors["count"]):
                    worker_kind.append(self.sailor_kind)
                    worker_start.append(-1)
                    worker_seat.append(seat)
                    worker_pos.append(-1)
        # Where a worker of each kind enters the Work Cycle (its own entry, else work_cycle.entry).
        kind_entry = [self.space_ids.index(d["workers"][kid].get("entry") or cyc["entry"]) for kid in d["workers"]]
        if sailors:
            kind_entry.append(self.space_ids.index(sailors.get("entry") or cyc["entry"]))
        self.kind_entry = tuple(kind_entry)
        self.worker_kind = tuple(worker_kind)
        self.worker_start = tuple(worker_start)
        self.worker_seat = tuple(worker_seat)
        self.worker_pos = tuple(worker_pos)
        self.seat_workers = sum(1 << w for w, pos in enumerate(worker_pos) if pos >= 0)
        self.seats_dealt = bool(self.given_some or self.seat_workers)
        self.n_workers = len(worker_kind)
        self.n_kinds = len(self.kind_ids)
        # Effects, per structure.
        self.income_pool = [self.no_pool] * self.n_struct
        self.income_coin = [0] * self.n_struct
        self.built_pool = [self.no_pool] * self.n_struct    # gain: {when: built}: earned by the builder
        self.built_coin = [0] * self.n_struct
        self.first_pool = [self.no_pool] * self.n_struct    # gain: {when: first_turn}: at the builder's next turn start
        self.first_coin = [0] * self.n_struct
        self.final_coin = [0] * self.n_struct       # gain: {when: end_of_game}: earned by each owner
        self.unlocks = [0] * self.n_struct          # bitmask of worker kinds
        self.conv_unlocks = [0] * self.n_struct     # bitmask of conversions
        self.yield_over = [dict() for _ in range(self.n_struct)]  # space -> (pool amounts, coins), replaces
        # space_bonus: (space, worker kind or -1 for any, pool amounts, coins), added on top
        self.yield_bonus = [[] for _ in range(self.n_struct)]
        self.leap_steps = [0] * self.n_struct       # long_move: steps of the one long move per turn
        self.borrow_mask = 0                        # structures with the borrowing effect
        self.ship_mask = 0                          # structures with ship_benefit
        # steal: (1 to take from the richest other player else 0 for the next, the pool resource measuring
        # "richest" or -1 for the coins' value, pool amounts, coins), taken by the builder as the copy is built
        self.steals = [() for _ in range(self.n_struct)]
        # Effects with a condition (if): each applies only when its owner meets it at its moment.
        self.income_if = [[] for _ in range(self.n_struct)]   # (condition, pool amounts, coins)
        self.gain_if = [[] for _ in range(self.n_struct)]     # (when, condition or None, pool amounts, coins, to)
        self.yield_if = [dict() for _ in range(self.n_struct)]  # space -> (condition, pool amounts, coins)
        self.bonus_if = [[] for _ in range(self.n_struct)]    # aligned with yield_bonus: condition or None
        # Amounts written per a metric ({coin: {per: structures}}): (measure, each, pool index or -1 for coins).
        self.per_income = [() for _ in range(self.n_struct)]
        self.per_gain = [() for _ in range(self.n_struct)]    # (when, measure, each, pool index or -1, condition or None)
        for i, s in enumerate(sts):               # effect name -> compile(c, s, arg): one row per effect
            for eff in s.get("effects") or ():
                (name, arg), = eff.items()
                EFFECTS[name](self, i, arg or {})
        self.income_mask = sum(1 << i for i in range(self.n_struct)
                               if any(self.income_pool[i]) or self.income_coin[i] or self.income_if[i]
                               or self.per_income[i])
        self.per_income_mask = sum(1 << i for i in range(self.n_struct) if self.per_income[i])
        self.yield_mask = sum(1 << i for i in range(self.n_struct)
                              if self.yield_over[i] or self.yield_bonus[i] or self.yield_if[i])
        self.gain_if_mask = sum(1 << i for i in range(self.n_struct) if self.gain_if[i] or self.per_gain[i])
        self.leap_mask = sum(1 << i for i in range(self.n_struct) if self.leap_steps[i])
        self.first_mask = sum(1 << i for i in range(self.n_struct) if any(self.first_pool[i]) or self.first_coin[i]
                              or any(g[0] == "first_turn" for g in self.gain_if[i] + list(self.per_gain[i])))
        # Borrowing: mechanics/borrowing.py lays its tables (borrow_*, repay_*, lender_penalty...).
        # Casting: mechanics/ships.py lays its tables (harbor_struct, cast_*, ship_tokens, outcome_*).
        # Goals.
        self.goal_ids = list(d.get("goals") or {})
        goals = [d["goals"][g] for g in self.goal_ids]
        self.goal_cond = [Condition(self, g["condition"]) for g in goals]
        self.compile_effect_conditions()
        self.goal_at_end = tuple(g["check"] == "end_of_turn" for g in goals)
        self.goal_vps = tuple(g.get("vp", d["scoring"]["goal_vp"]) for g in goals)
        self.goals_drawn = comps["goal_tokens"]["draw"]
        # A goal turned up while the end-of-turn goals are checked is checked in that same end of turn.
        self.chain_end_of_turn = bool((d.get("goal_rules") or {}).get("check_revealed_at_end_of_turn", True))
        # The mechanisms (MECHANISMS, filled by rulekit.engine.mechanics): each lays its tables, and those the
        # ruleset uses are kept per moment (Mechanism.MOMENTS).
        if not MECHANISMS:
            raise RuntimeError("no mechanism is registered: import rulekit.engine (it imports rulekit.engine.mechanics)")
        everyone = []
        for name, kind in MECHANISMS.items():
            m = kind()
            m.name = name
            everyone.append(m)
        self.all_mechanisms = tuple(everyone)
        # The uses a turn of the places open to owners (legal_owned: the borrows), counted in the state's `borrows`
        # (a turn's counter the core resets); their mechanism's compile step lays it.
        self.legal_owned_uses = 0
        self.mechanisms = tuple([m for m in everyone if m.compile(self)])
        self.at_setup = tuple([m for m in self.mechanisms if _overrides(m, "setup")])
        self.at_turn_start = tuple([m for m in self.mechanisms if _overrides(m, "turn_start")])
        self.at_holder_turn = tuple([m for m in self.mechanisms if _overrides(m, "holder_turn")])
        self.at_income = tuple([m for m in self.mechanisms if _overrides(m, "income") and m.income_mask])
        self.income_hooks = 0                     # the structures whose income calls a mechanism (at_income)
        for m in self.at_income:
            self.income_hooks |= m.income_mask
        self.at_legal_work = tuple([m for m in self.mechanisms if m.legal_phases(self) & 1])
        self.at_legal_spending = tuple([m for m in self.mechanisms if m.legal_phases(self) & 2])
        self.at_legal_moves = tuple([m for m in self.mechanisms if m.legal_phases(self) & 4])
        self.at_legal_converted = tuple([m for m in self.mechanisms if m.legal_phases(self) & 64])
        # The places open to the owners of some structures (a mechanism's legal_owned: the Lenders), so that a list
        # of another player's legal actions pays one C test there; and the token holder's place.
        self.at_legal_owned_work = tuple([m for m in self.mechanisms if m.legal_phases(self) & 8])
        self.at_legal_owned_spending = tuple([m for m in self.mechanisms if m.legal_phases(self) & 16])
        self.at_legal_held = tuple([m for m in self.mechanisms if m.legal_phases(self) & 32])
        # One mechanism at most per place, called as a typed field (the listing's cost is one C call, as the core's
        # own method was): a second one at a place is an error of the registry, not of a ruleset.
        for place in ("owned_work", "owned_spending", "held"):
            if len(getattr(self, "at_legal_" + place)) > 1:
                raise RuntimeError(f"two mechanisms list actions at the place legal_{place}: "
                                   f"{[m.name for m in getattr(self, 'at_legal_' + place)]}")
        self.legal_owned_work_by = self.at_legal_owned_work[0] if self.at_legal_owned_work else None
        self.legal_owned_spending_by = self.at_legal_owned_spending[0] if self.at_legal_owned_spending else None
        self.legal_held_by = self.at_legal_held[0] if self.at_legal_held else None
        self.legal_owned_work = self.legal_owned_work_by.legal_owned if self.legal_owned_work_by is not None else 0
        self.legal_owned_spending = (self.legal_owned_spending_by.legal_owned
                                     if self.legal_owned_spending_by is not None else 0)
        self.at_apply = tuple([m for m in self.mechanisms if _overrides(m, "apply")])
        self.at_moving = tuple([m for m in self.mechanisms if _overrides(m, "moving") and m.moving_spaces])
        self.moving_spaces = 0                    # the spaces a move onto calls a mechanism (at_moving)
        for m in self.at_moving:
            self.moving_spaces |= m.moving_spaces
        self.at_building = tuple([m for m in self.mechanisms if _overrides(m, "building") and m.building_mask])
        self.building_hooks = 0                   # the structures whose build calls a mechanism (at_building)
        for m in self.at_building:
            self.building_hooks |= m.building_mask
        self.at_built = tuple([m for m in self.mechanisms if _overrides(m, "built") and m.built_mask])
        self.at_turn_closing = tuple([m for m in self.mechanisms if _overrides(m, "turn_closing")])
        self.at_turn_end = tuple([m for m in self.mechanisms if _overrides(m, "turn_end")])
        self.at_lent_end = tuple([m for m in self.mechanisms if _overrides(m, "lent_end")])
        self.at_check = tuple([m for m in self.mechanisms if _overrides(m, "check") and m.checking])
        self.at_end_met = tuple([m for m in self.mechanisms if _overrides(m, "end_met") and m.end_conds])
        self.end_hooks = 0                        # the end conditions a mechanism checks (at_end_met), as a set
        for m in self.at_end_met:
            self.end_hooks |= m.end_conds
        self.at_game_over = tuple([m for m in self.mechanisms if _overrides(m, "game_over")])
        self.at_score = tuple([m for m in self.mechanisms if _overrides(m, "score")])
        self.at_determinize = tuple([m for m in self.mechanisms if _overrides(m, "determinize")])
        self.at_outcomes = tuple([m for m in self.mechanisms if _overrides(m, "outcomes")])
        # The mechanism on a moment called at many turns, where one alone is on it (the editions: the ships), else
        # None: the core calls it directly, without the tuple's loop (a few ns a turn, which the editions' speed shows).
        self._income_one = _only(self.at_income)
        self._holder_one = _only(self.at_holder_turn)
        self._converted_one = _only(self.at_legal_converted)
        self.built_hooks = 0                      # the structures whose build calls a mechanism (at_built)
        for m in self.at_built:
            self.built_hooks |= m.built_mask
        # Setup.
        self.first_random = d["setup"]["first_player"] == "random"
        self.starting_coins = tuple(d["setup"]["starting_coins"])[:n]   # in turn order from the first player
        # End and scoring.
        # One entry per end condition, in the ruleset's order: its kind, its
        # key (the kind, or kind#i when the kind is listed more than once),
        # its player condition (or None) and whether its player finishes the turn.
        self.end_order = []
        self.end_keys = []
        self.end_conds = []
        self.end_finish = []
        default_finish = d["end"]["finish_turn"]
        conds = d["end"]["conditions"]
        kinds = [next(k for k in cond if k != "finish_turn") for cond in conds]
        for i, cond in enumerate(conds):
            name = kinds[i]
            arg = cond[name]
            self.end_order.append(name)
            self.end_keys.append(name if kinds.count(name) == 1 else f"{name}#{i}")
            self.end_conds.append(Condition(self, arg) if name == "player_condition" else None)
            # A mechanism's end condition (a clock) ends the game as a turn ends.
            fin = True if self.end_hooks >> i & 1 else cond.get("finish_turn")
            self.end_finish.append(default_finish if fin is None else fin)
        self.finish_turn = default_finish
        # end.finish_round: a game that ends with a finished turn goes on to the end of the round.
        self.finish_round = bool(d["end"].get("finish_round", False))
        # The kinds as small integers, for the check after every action.
        self.end_kind = tuple(END_KINDS.index(k) if k in END_KINDS else -1 for k in self.end_order)
        # Whether no end condition can come true but as a structure is built or a goal claimed (player conditions
        # that are Condition.static, all_structures_built, goals_exhausted) or as a turn starts (those a mechanism
        # checks, end_hooks: a clock): a muted state then checks the end only after those (State._checks).
        self.end_static = all(k != 0 or cond.static for k, cond in zip(self.end_kind, self.end_conds))
        sc = d["scoring"]
        self.goal_vp = sc["goal_vp"]
        cb = sc.get("coin_bonus")
        self.coin_bonus = (cb["per"], cb["vp"]) if cb else None
        # scoring.measures: (the measure as a condition, per, vp, the condition on the player or None), counted
        # in the score.
        self.measures = tuple((Condition(self, {k: v for k, v in m.items() if k not in ("per", "vp", "if")}),
                               m.get("per", 1), m["vp"], Condition(self, m["if"]) if m.get("if") else None)
                              for m in sc.get("measures") or ())
        self.tie_breaks = tuple(d.get("tie_breaks") or ())
        # Decisions (DECISIONS) this ruleset asks, and what State.new runs before the first turn to ask them.
        self.decision_names = ()
        self.decision_rows = ()
        self.decision_base = ()
        self.pregame = []
        self._build_actions()
        for m in self.mechanisms:                 # the mechanisms' decisions (objectives kept, bids...)
            m.decisions(self)
        self._lay_tables()

    def _lay_tables(self):
        """The tables the hot paths read most, again as rows of C integers in the compiled core (game.pxd: sized
        MAX_ITEMS; lists of that size as pure Python): a read is then one C access instead of a tuple's item
        converted to a C integer. The tuples stay what the rest of rulekit reads."""
        if not cython.compiled:
            self._requires = [0] * MAX_ITEMS
            self._unlocks = [0] * MAX_ITEMS
            self._worker_kind = [0] * MAX_ITEMS
            self._kind_workers = [0] * MAX_ITEMS
            self._build_action = [0] * MAX_ITEMS
            self._vp_first = [0] * MAX_ITEMS
            self._vp_later = [0] * MAX_ITEMS
            self._given_vp = [0] * MAX_ITEMS
            self._conv_unlocks = [0] * MAX_ITEMS
            self._conv_always = [0] * MAX_ITEMS
            self._conv_per_turn = [0] * MAX_ITEMS
            self._conv_pay_coin = [0] * MAX_ITEMS
            self._conv_gain_coin = [0] * MAX_ITEMS
            self._conv_action = [0] * MAX_ITEMS
            self._pool_end = [0] * MAX_POOL
            self._pool_cap = [0] * MAX_POOL
        for r in range(self.n_pool):              # per pool resource: pool_end and pool_cap
            self._pool_end[r] = self.pool_end[r]
            self._pool_cap[r] = self.pool_cap[r]
        for s in range(self.n_struct):
            self._requires[s] = self.requires[s]
            self._unlocks[s] = self.unlocks[s]
            self._conv_unlocks[s] = self.conv_unlocks[s]
            self._build_action[s] = self.build_action[s]
            self._vp_first[s] = self.vp_first[s]
            self._vp_later[s] = self.vp_later[s]
            self._given_vp[s] = self.given_vp[s]
        for w in range(self.n_workers):
            self._worker_kind[w] = self.worker_kind[w]
        for k in range(self.n_kinds):             # per worker kind: its workers, as a set
            self._kind_workers[k] = 0
        for w in range(self.n_workers):
            self._kind_workers[self.worker_kind[w]] |= BIT << w
        # Per conversion: always open (1) or not, its cap a turn (-1: none), the coins it pays, the coins it gains
        # when they must be paid out (needs_payout; else 0: nothing to check), its action.
        for k in range(len(self.conv_ids)):
            self._conv_always[k] = 1 if self.conv_always[k] else 0
            self._conv_per_turn[k] = -1 if self.conv_per_turn[k] is None else self.conv_per_turn[k]
            self._conv_pay_coin[k] = self.conv_pay_coin[k]
            self._conv_gain_coin[k] = self.conv_gain_coin[k] if self.conv_needs_payout[k] else 0
            self._conv_action[k] = self.conv_action[k]
        # Tables of no fixed length (actions, spaces, goals, end conditions): C arrays allocated for these tables.
        self._lay_actions()
        self._next_space = self._c_row(self.next_space)
        self._goal_at_end = self._c_row(tuple([1 if at_end else 0 for at_end in self.goal_at_end]))
        self._goal_static = self._c_row(tuple([1 if cond.static else 0 for cond in self.goal_cond]))
        self._end_kind = self._c_row(self.end_kind)
        self._goal_vp = self._c_row(self.goal_vps)
        # The score's other sources, read by State.score at every evaluation: the coin bonus's coins per VP and
        # VP (0: no bonus) and how many measures there are.
        self._coin_per, self._coin_vp = self.coin_bonus if self.coin_bonus else (0, 0)
        self._n_measures = len(self.measures)
        # Per space, 1 where a move onto it calls a mechanism (moving_spaces: the tolls' spaces).
        self._moving_at = self._c_row(tuple([self.moving_spaces >> i & 1 for i in range(self.n_spaces)]))
        # others[p] for every seat, one after the other: seat p's at p * (n_players - 1).
        self._others = self._c_row(tuple([q for p in range(self.n_players) for q in self.others[p]]))
        # Per seat, the seats it may borrow from (lenders), as a set.
        self._lender_seats = self._c_row(tuple([sum([1 << q for q in self.lenders[p]])
                                                for p in range(self.n_players)]))
        # Per structure and space (at s * n_spaces + space), what the structure changes of a move's yield there:
        # 1 replaced if a condition holds (yield_if), 2 replaced (yield_over), 4 a bonus (yield_bonus); State._move
        # reads it rather than asking the dicts and lists.
        self._yield_at = self._c_row(tuple([(1 if sp in self.yield_if[s] else 0) | (2 if sp in self.yield_over[s] else 0)
                                            | (4 if sp in [b[0] for b in self.yield_bonus[s]] else 0)
                                            for s in range(self.n_struct) for sp in range(self.n_spaces)]))
        self._everyone_kinds = 0
        for k in range(self.n_kinds):
            if self.kind_access[k] == ACCESS_EVERYONE:
                self._everyone_kinds |= BIT << k

    def _lay_actions(self):
        """The action table's kinds and arguments as C rows (_c_row): laid with the other tables, and again by
        add_decision, which lengthens the table (the rows it replaces are freed)."""
        if cython.compiled:
            PyMem_Free(self._action_kind)
            PyMem_Free(self._action_arg)
            PyMem_Free(self._action_arg2)
            PyMem_Free(self._action_chance)
            PyMem_Free(self._move_to)
            self._action_kind = self._action_arg = self._action_arg2 = self._action_chance = cython.NULL
            self._move_to = cython.NULL
        self._action_kind = self._c_row(self.action_kind)
        self._action_arg = self._c_row(self.action_arg)
        self._action_arg2 = self._c_row(self.action_arg2)
        self._action_chance = self._c_row(self.action_chance)
        # Per action: the space a MOVE action brings its worker to (move_steps on from its space), -1 for any other
        # (a long move's steps depend on the mover's structures: State._move_dest counts them). Read by the
        # filters of the moves (the tolls, an event's forbidden spaces) instead of walking the cycle per move.
        move_to = []
        for a in range(len(self.action_kind)):
            dest = -1
            if self.action_kind[a] == MOVE:
                dest = self.action_arg2[a]
                for _step in range(self.move_steps):
                    dest = self.next_space[dest]
            move_to.append(dest)
        self._move_to = self._c_row(tuple(move_to))
        if cython.compiled:                     # the playout's x % k for every length k of a list of legal actions
            PyMem_Free(self._mod_magic)
            self._mod_magic = cython.cast(cython.p_ulonglong,
                                          PyMem_Malloc(2 * (len(self.actions) + 1) * cython.sizeof(cython.ulonglong)))
            if not self._mod_magic:
                raise MemoryError()
            for k in range(1, len(self.actions) + 1):
                _mod_magic(k, self._mod_magic + 2 * k)

    def _c_row(self, values: tuple):
        """``values`` (integers) as a row the compiled core reads in C: an array allocated for these tables and
        freed with them (``__dealloc__``); a list as pure Python."""
        if cython.compiled:
            row = cython.cast(cython.p_int, PyMem_Malloc(max(1, len(values)) * cython.sizeof(cython.int)))
            if not row:
                raise MemoryError()
            for i in range(len(values)):
                row[i] = values[i]
        else:
            row = list(values)
        return row

    def __dealloc__(self):
        # Compiled only (a cdef class's deallocator): the rows _c_row allocated (NULL where none was).
        if cython.compiled:
            PyMem_Free(self._action_kind)
            PyMem_Free(self._action_arg)
            PyMem_Free(self._action_arg2)
            PyMem_Free(self._action_chance)
            PyMem_Free(self._move_to)
            PyMem_Free(self._next_space)
            PyMem_Free(self._goal_at_end)
            PyMem_Free(self._goal_static)
            PyMem_Free(self._mod_magic)
            PyMem_Free(self._end_kind)
            PyMem_Free(self._goal_vp)
            PyMem_Free(self._moving_at)
            PyMem_Free(self._yield_at)
            PyMem_Free(self._others)
            PyMem_Free(self._lender_seats)

    def compile_effect_conditions(self):
        """The effects' conditions (``if``), written as the ruleset says (primitives.EFFECTS), compiled."""
        for s in range(self.n_struct):
            self.income_if[s] = [(Condition(self, e[0]),) + e[1:] for e in self.income_if[s]]
            self.gain_if[s] = [(e[0], None if e[1] is None else Condition(self, e[1])) + e[2:] for e in self.gain_if[s]]
            self.yield_if[s] = {sp: (Condition(self, e[0]),) + e[1:] for sp, e in self.yield_if[s].items()}
            self.bonus_if[s] = [None if e is None else Condition(self, e) for e in self.bonus_if[s]]
            self.per_income[s] = tuple([(Condition(self, e[0]), e[1], e[2], None if e[3] is None else Condition(self, e[3]))
                                        for e in self.per_income[s]])
            self.per_gain[s] = tuple([(e[0], Condition(self, e[1]), e[2], e[3],
                                       None if e[4] is None else Condition(self, e[4])) for e in self.per_gain[s]])

    def pools(self, amounts: dict) -> tuple:
        """An amount mapping's counted resources: one int per pool resource, in declared order
        (``no_pool`` itself when all are 0, so the hot paths can skip it with ``is``)."""
        t = tuple(amounts.get(r, 0) for r in self.pool_ids)
        return t if any(t) else self.no_pool

    def coins(self, amounts: dict) -> int:
        """An amount mapping's coins (value), 0 without a coins resource."""
        return amounts.get(self.coins_id, 0) if self.coins_id is not None else 0

    @staticmethod
    def added(a: tuple, b: tuple) -> tuple:
        return a if not any(b) else b if not any(a) else tuple(x + y for x, y in zip(a, b))

    def _build_actions(self):
        acts = []
        index = {}

        def add(kind, arg, arg2, notation):
            index[(kind, arg, arg2)] = len(acts)
            acts.append(ActionInfo(kind, arg, arg2, notation))

        for k, kid in enumerate(self.kind_ids):
            for sp, spid in enumerate(self.space_ids):
                add(MOVE, k, sp, f"move {kid}@{spid}")
        for s, sid in enumerate(self.struct_ids):
            add(BUILD, s, 0, f"build {sid}")
        for s, sid in enumerate(self.struct_ids):
            if self.borrow_phases:
                add(BORROW, s, 0, f"borrow {sid}")
        for c, cid in enumerate(self.conv_ids):
            add(CONVERT, c, 0, cid)
        if self.sailor_kind >= 0:
            add(HIRE, 0, 0, "hire")
        if self.borrow_phases:
            add(REPAY, 0, 0, "repay")
        for dn, did in enumerate(self.coin_ids):
            if dn > 0:
                add(EXCHANGE, dn, 0, f"exchange {did}")
        add(SPEND, 0, 0, "spend")
        add(END, 0, 0, "end")
        if self.leap_mask:                        # after the others: the editions' tables are unchanged
            for k, kid in enumerate(self.kind_ids):
                for sp, spid in enumerate(self.space_ids):
                    add(LEAP, k, sp, f"leap {kid}@{spid}")
        if self.trade_phases:                     # after the others too; seats are written from 1
            for o, oid in enumerate(self.trade_ids):
                for q in range(self.n_players):
                    add(OFFER, o, q, f"offer {oid} to {q + 1}")
        self.actions = tuple(acts)
        self.action_kind = tuple(a.kind for a in acts)      # the same, as flat tuples for the hot path
        self.action_arg = tuple(a.arg for a in acts)
        self.action_arg2 = tuple(a.arg2 for a in acts)
        self.action_index = index
        self.a_spend = index[(SPEND, 0, 0)]
        self.a_end = index[(END, 0, 0)]
        self.a_hire = index.get((HIRE, 0, 0))
        self.a_repay = index.get((REPAY, 0, 0))
        # The same indexes as flat tuples (-1: no such action), read by legal_actions without building keys.
        self.build_action = tuple(index[(BUILD, s, 0)] for s in range(self.n_struct))
        self.borrow_action = tuple(index.get((BORROW, s, 0), -1) for s in range(self.n_struct))
        self.conv_action = tuple(index[(CONVERT, k, 0)] for k in range(len(self.conv_ids)))
        self.exchange_action = tuple(index.get((EXCHANGE, dn, 0), -1) for dn in range(len(self.coin_ids)))
        self.leap_action = tuple(index.get((LEAP, a.arg, a.arg2), -1) if a.kind == MOVE else -1 for a in acts)
        #: offer_action[o * n_players + q]: offer o made to seat q (-1: no such action)
        self.offer_action = tuple(index.get((OFFER, o, q), -1) for o in range(len(self.trade_ids))
                                  for q in range(self.n_players))
        # Per action: 1 where its outcome is drawn by chance, else 0 (State.chance_outcomes): all 0 here; a
        # mechanism that draws (a conversion's roll: mechanics/chance.py) lays its own once the table is laid.
        self.action_chance = (0,) * len(acts)


    def add_decision(self, name: str, notations) -> int:
        """Make decision kind ``name`` (a row of :data:`DECISIONS`) part of these tables, its options written
        ``notations`` (one per option, in option order), each an action of kind CHOOSE appended to the action
        table (the other actions keep their numbers). Returns the kind's number. Called while compiling, by
        the primitive that asks the decision; calling it again for a kind already added returns its number."""
        if name in self.decision_names:
            return self.decision_names.index(name)
        if name not in DECISIONS:
            raise KeyError(f"no decision kind {name!r} is registered (game.DECISIONS)")
        d = len(self.decision_names)
        base = len(self.actions)
        self.add_actions(CHOOSE, [(d, o, text) for o, text in enumerate(notations)])
        self.decision_names = self.decision_names + (name,)
        self.decision_rows = self.decision_rows + (DECISIONS[name],)
        self.decision_base = self.decision_base + (base,)
        return d

    def add_actions(self, kind: int, rows) -> tuple:
        """Append the actions of ``kind`` (a kind a mechanism plays: ``Mechanism.apply``) to the action table, one per
        row ``(arg, arg2, notation)``, after every other (the other actions keep their numbers). Returns their
        numbers, in row order. Called while compiling, from a mechanism's ``decisions`` moment, and by
        :meth:`add_decision` for a decision's options (kind CHOOSE)."""
        acts = list(self.actions)
        base = len(acts)
        for arg, arg2, text in rows:
            self.action_index[(kind, arg, arg2)] = len(acts)
            acts.append(ActionInfo(kind, arg, arg2, text))
        self.actions = tuple(acts)
        self.action_kind = tuple(a.kind for a in acts)
        self.action_arg = tuple(a.arg for a in acts)
        self.action_arg2 = tuple(a.arg2 for a in acts)
        self.leap_action = self.leap_action + (-1,) * (len(acts) - base)
        self.action_chance = self.action_chance + (0,) * (len(acts) - base)
        self._lay_actions()
        return tuple(range(base, len(acts)))

    def kind_mask(self, structs: int) -> int:
        """Worker kinds (bitmask) a player with these structures' effects may move: those everyone may, and
        those any of the structures unlocks."""
        m = self._everyone_kinds
        while structs:
            m |= self._unlocks[_ctz(structs)]
            structs &= structs - 1
        return m

    def requirements_met(self, s: int, owned: int) -> bool:
        """Whether a player owning the structures ``owned`` (a set) has what structure ``s`` requires: every
        one of its list (and the structure it is built over), and one of its ``any_of``. The legal moves test
        the same inline (State._legal_into); this is for the readers off the hot path (the screen, the hints)."""
        owned = self.have(owned)
        if (self.requires[s] & owned) != self.requires[s]:
            return False
        return not self.requires_any[s] or bool(self.requires_any[s] & owned)

    def have(self, owned: int) -> int:
        """The structures a player owning ``owned`` counts as having: those, and those their structures
        replace (``covers``)."""
        m = owned & self.replacing_mask
        while m:
            owned |= self.covers[_ctz(m)]
            m &= m - 1
        return owned


# Where compile_ruleset keeps the tables on a ruleset (a dict: number of players -> Compiled): one place
# per engine module, so that when the compiled and the pure-Python engine run in one process
# (tests/test_engine_differential.py) each plays on its own tables (the compiled core's Condition only
# reads the compiled State).
#: The fields State._fill sets only when they differ (objects, most often shared by the states of one search).
_COMPARED = ("c", "seed", "stack", "claimed", "objectives", "obj_dealt", "obj_met", "removed", "end_reason", "pending",
             "ev_active", "ev_cost_pool", "ev_cost_coin", "ev_yield", "seat_next", "bids")

_CACHE = "_compiled" if __name__ == "rulekit.engine.game" else "_compiled:" + __name__


def compile_ruleset(ruleset, players: int | None = None) -> Compiled:
    """The engine's precomputed tables for ``ruleset`` played by ``players`` (None: the fewest it
    allows), built once, then kept on it. A number the ruleset does not allow raises
    :class:`rulekit.errors.PlayerCountError`."""
    cache = ruleset.__dict__.get(_CACHE)
    if cache is None:
        cache = {}
        object.__setattr__(ruleset, _CACHE, cache)
    if players is None:
        players = ruleset.player_counts.start
    comp = cache.get(players)
    if comp is None:
        comp = cache[players] = Compiled(ruleset, players)
    return comp


def new_game(ruleset, seed: int = 0, first_player: int | None = None, players: int | None = None) -> "State":
    """A new game of ``ruleset`` (a :class:`rulekit.language.Ruleset`) for ``players`` (None: the fewest it
    allows): the mutable :class:`State`."""
    return State.new(ruleset, seed=seed, first_player=first_player, players=players)


class Row(list):
    """One of a state's rows of integers as code outside the engine sees it (``state.wpos``,
    ``state.pool``...): a list of the entries the game uses, read when the row was asked for, that writes an
    entry assigned to it back into the state (``state.owned[p] |= bit`` changes the game). Its length is
    fixed: what would add or remove an entry raises TypeError."""

    __slots__ = ("_state", "_code")

    def __init__(self, state, code: int):
        list.__init__(self, state._row(code))
        self._state = state
        self._code = code

    def __setitem__(self, i, value):
        list.__setitem__(self, i, value)
        n = len(self)
        for j in (range(*i.indices(n)) if isinstance(i, slice) else (i + n if i < 0 else i,)):
            self._state._put(self._code, j, list.__getitem__(self, j))

    def _fixed(self, *args, **kwargs):
        raise TypeError(f"the state's {ROWS[self._code]} has one entry per "
                        f"{'seat' if self._code in (OWNED, FIRST_DUE) else 'item'}: none can be added or removed")

    append = extend = insert = pop = remove = clear = __delitem__ = __iadd__ = __imul__ = _fixed


class State:
    """One game: mutable, cheap to clone. Create it with :func:`new_game`.

    Players are seats 0 to ``n_players - 1``; ``first`` is the seat that played first, ``current``
    the seat whose turn it is, and turns go round in the order of ``c.next_seat``. Each per-seat
    field (``purses``, ``owned``, ``first_due``, ``claimed``) has one entry per seat; ``pool`` holds
    seat p's resource r at ``p * n_pool + r``. The integers per seat, structure, worker and resource
    are rows of fixed size (see "rows" below; docs/engine.md, "The state's rows").
    """

    __slots__ = (
        "c", "seed", "rng", "first", "current", "phase", "turn",
        "_supply", "_purses", "_pool", "_owned", "_first_builder",
        "_wpos", "_wowner", "moved",
        "stack", "face_up", "claimed", "removed",
        "holder", "token_turn", "borrowed", "borrowed_mask", "borrows",
        "harbormaster", "ship", "hire_ok", "cast_pending",
        "_earned", "spent", "_conv_used", "built_this_turn", "hired", "leaped", "_first_due",
        "ending", "end_reason", "end_cond", "finish", "history", "log",
        "pending",
        # Event decks: the cards left in each (the top at the end), the cards in effect, and what they change.
        "decks", "ev_active", "ev_cost_pool", "ev_cost_coin", "ev_yield", "ev_yield_mask",
        "ev_no_build", "ev_no_space", "ev_no_conv",
        "objectives", "obj_dealt", "obj_met",
        "seat_next", "bids", "offers", "uses",
    )

    # ----------------------------------------------------------------- setup
    @classmethod
    def new(cls, ruleset, seed: int = 0, first_player: int | None = None, players: int | None = None) -> "State":
        st = cls.__new__(cls)
        st._setup(compile_ruleset(ruleset, players), seed, first_player)
        return st

    def _setup(self, c: "Compiled", seed: int, first_player: int | None) -> None:
        """Lay out a new game of ``c`` on this fresh state (:meth:`new`). A method of the state, so that the
        compiled core sets its fields as C fields rather than by name."""
        st = self
        n = c.n_players
        st.c = c
        st.seed = seed
        st.rng = start(seed, 0x1234567)
        st.history = Trail()
        st.log = Trail()
        st.turn = 0
        st.phase = WORK
        st._set_rows()
        st.moved = 0
        st.claimed = [[] for _ in range(n)]
        st.objectives = [[] for _ in range(n)]    # per seat: the objective cards it holds, face down
        st.obj_dealt = [[] for _ in range(n)]     # per seat: the cards dealt to it (kept or returned)
        st.obj_met = ()                           # the cards met during the game (objectives' check), in order
        st.removed = []
        st.holder = -1
        st.token_turn = -1
        st.borrowed = -1
        st.borrowed_mask = 0
        st.borrows = 0
        st.harbormaster = -1
        st.ship = -1
        st.hire_ok = False
        st.cast_pending = False
        st.ending = False
        st.end_reason = None
        st.end_cond = -1
        st.finish = True
        st.current = 0
        st.pending = []
        st.seat_next = c.next_seat                # the turn order (setup.bid may change it before the first turn)
        st.bids = []                              # setup.bid (mechanics/bids.py): each seat's bid (-1: not yet)
        st._reset_turn_counters()
        st.decks = []                             # the event decks (mechanics/events.py): none, no card in effect
        st.ev_active = ()
        st.ev_cost_pool = c.cost_pool
        st.ev_cost_coin = c.cost_coin
        st.ev_yield = c.no_yields
        st.ev_yield_mask = st.ev_no_build = st.ev_no_space = st.ev_no_conv = 0
        # Goals: shuffle the pool, keep `draw` of them as the face-down stack.
        pool = list(range(len(c.goal_ids)))
        for i in range(len(pool) - 1, 0, -1):
            j = st._rand(i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        st.stack = pool[:c.goals_drawn]          # the top of the stack is the end of the list
        st.face_up = -1
        # First player.
        if c.first_random:
            if first_player is not None:
                raise ValueError("this ruleset draws the first player at random")
            st.first = st._rand(n)
        else:
            st.first = 0 if first_player is None else first_player
        if not 0 <= st.first < n:
            raise ValueError(f"first_player must be a seat from 0 to {n - 1}")
        st.current = st.first
        for m in c.at_setup:                      # the mechanisms' setup (event decks shuffled...)
            m.setup(st)
        seat = st.first                           # the starting lists are in turn order from the first player
        for amount in (() if c.deal_later else c.starting_coins):   # deal_later: the bids deal them (bids.py)
            st._earn_coin(seat, amount)
            seat = c.next_seat[seat]
        for r in range(0 if c.deal_later else c.n_pool):   # start: on each seat's first turn, not earned
            seat = st.first
            for amount in c.pool_start[r]:
                st._put(POOL, seat * c.n_pool + r, amount)
                seat = c.next_seat[seat]
        if c.given_mask & ~c.given_some:          # setup.given_structures: every player owns them
            for seat in range(n):
                st._put(OWNED, seat, c.given_mask & ~c.given_some)
            for s in range(c.n_struct):
                if (c.given_mask & ~c.given_some) >> s & 1:
                    st._enter_unlocked(s)
        if c.seats_dealt and not c.deal_later:    # what belongs to some seats only, in turn order
            st._deal_seats()
        for ask in c.pregame:                     # decisions asked at setup (State.ask): made before the first turn
            ask(st)
        if st.pending:
            st.phase = SETUP
        else:
            st._begin()

    def _begin(self):
        """The first turn: the first goal revealed, the end checked, the first player's turn started."""
        self._reveal_next()
        self._check_end()
        if self.phase != OVER:      # an end condition met at setup with finish_turn false ends it there
            self._start_turn()

    # ------------------------------------------------------------------ rows
    # The per-seat, per-structure, per-worker and per-resource integers live in fixed-size rows (`_pool`,
    # `_owned`...): C arrays in the compiled core, so that clone copies each with one memcpy and the hot
    # paths index them in C; lists of the same fixed size as pure Python. Only the first _row_length(row)
    # entries mean anything. Code outside the engine reads them as `state.pool`, `state.owned`... (the
    # properties below): a list of the row's length that writes an entry assigned to it back (Row).
    def _set_rows(self):
        """The rows at the start of a game: nothing held, owned or built (each purse the empty holding, index 0;
        every coin in the supply); each worker on its starting space."""
        c = self.c
        if not c.coinage.indexed:
            raise ValueError("these coins can be held in too many ways for the engine (see soundness.MAX_HOLDINGS)")
        self._supply = c.coinage.index(c.coinage.totals)
        if not cython.compiled:                   # compiled: C arrays of these sizes, zeroed as the state is made
            self._pool = [0] * (MAX_SEATS * MAX_POOL)     # player p's resource r at p * n_pool + r
            self._owned = [0] * MAX_SEATS
            self._first_due = [0] * MAX_SEATS             # per seat: structures whose first_turn gain is due
            self._first_builder = [0] * MAX_ITEMS
            self._wpos = [0] * MAX_ITEMS
            self._wowner = [0] * MAX_ITEMS
            self._earned = [0] * MAX_POOL
            self._conv_used = [0] * MAX_ITEMS
            self._purses = [0] * MAX_SEATS                 # per seat: the index of its holding (0: no coins)
        for s in range(MAX_ITEMS):
            self._first_builder[s] = -1
        for w in range(c.n_workers):
            self._wpos[w] = c.worker_start[w]
            self._wowner[w] = -1 if c.sailor_kind >= 0 and c.worker_kind[w] == c.sailor_kind else c.worker_seat[w]

    def _row_length(self, row: int) -> int:
        """How many entries of ``row`` (POOL, OWNED...) this game uses."""
        c = self.c
        if row == POOL:
            return c.n_players * c.n_pool
        if row == OWNED or row == FIRST_DUE or row == PURSES:
            return c.n_players
        if row == FIRST_BUILDER:
            return c.n_struct
        if row == WPOS or row == WOWNER:
            return c.n_workers
        if row == EARNED:
            return c.n_pool
        return len(c.conv_ids)

    def _row(self, row: int) -> list:
        """The used entries of ``row`` as a new list."""
        n = self._row_length(row)
        if row == POOL:
            return [self._pool[i] for i in range(n)]
        if row == OWNED:
            return [self._owned[i] for i in range(n)]
        if row == FIRST_DUE:
            return [self._first_due[i] for i in range(n)]
        if row == FIRST_BUILDER:
            return [self._first_builder[i] for i in range(n)]
        if row == WPOS:
            return [self._wpos[i] for i in range(n)]
        if row == WOWNER:
            return [self._wowner[i] for i in range(n)]
        if row == EARNED:
            return [self._earned[i] for i in range(n)]
        if row == PURSES:
            return [self.c.coinage.holding[self._purses[i]] for i in range(n)]
        return [self._conv_used[i] for i in range(n)]

    def _put(self, row: int, i: int, value) -> None:
        """Set entry ``i`` of ``row`` (an IndexError beyond the entries this game uses); a purse is given as a
        holding, the counts per denomination, and kept as its index (a ValueError outside the coins in the box)."""
        if not 0 <= i < self._row_length(row):
            raise IndexError(f"{ROWS[row]} has no entry {i}")
        if row == POOL:
            self._pool[i] = value
        elif row == OWNED:
            self._owned[i] = value
        elif row == FIRST_DUE:
            self._first_due[i] = value
        elif row == FIRST_BUILDER:
            self._first_builder[i] = value
        elif row == WPOS:
            self._wpos[i] = value
        elif row == WOWNER:
            self._wowner[i] = value
        elif row == EARNED:
            self._earned[i] = value
        elif row == PURSES:
            self._purses[i] = self.c.coinage.index(value)
        else:
            self._conv_used[i] = value

    @property
    def pool(self) -> "Row":
        """Each seat's pool resources: seat p's resource r at ``p * c.n_pool + r``."""
        return Row(self, POOL)

    @property
    def owned(self) -> "Row":
        """Per seat: the structures it owns, a bit set (bit s: structure s)."""
        return Row(self, OWNED)

    @property
    def first_due(self) -> "Row":
        """Per seat: the structures whose first_turn gain is due at its next turn, a bit set."""
        return Row(self, FIRST_DUE)

    @property
    def first_builder(self) -> "Row":
        """Per structure: the seat that built its first copy (-1: none yet)."""
        return Row(self, FIRST_BUILDER)

    @property
    def wpos(self) -> "Row":
        """Per worker: its space (-1: off the board)."""
        return Row(self, WPOS)

    @property
    def wowner(self) -> "Row":
        """Per worker: the seat it belongs to (-1: a sailor nobody has hired)."""
        return Row(self, WOWNER)

    @property
    def earned(self) -> "Row":
        """Per pool resource: what the current player earned of it this turn."""
        return Row(self, EARNED)

    @property
    def purses(self) -> "Row":
        """Per seat: the coins it holds, a count per denomination (smallest first). A holding is kept as its index
        (Coinage.index); assigning a holding outside the coins in the box raises ValueError."""
        return Row(self, PURSES)

    @purses.setter
    def purses(self, holdings):
        for i in range(len(holdings)):
            self._put(PURSES, i, holdings[i])

    @property
    def supply(self) -> tuple:
        """The coins in the supply, a count per denomination (smallest first)."""
        return self.c.coinage.holding[self._supply]

    @supply.setter
    def supply(self, holding):
        self._supply = self.c.coinage.index(holding)

    @property
    def conv_used(self) -> "Row":
        """Per conversion: how many times the current player made it this turn."""
        return Row(self, CONV_USED)

    def _rand(self, n: int) -> int:
        """A number from 0 to n - 1: the next SplitMix64 output of the game's generator, modulo n."""
        state = (self.rng + GOLDEN) & MASK64
        self.rng = state
        z = ((state ^ (state >> 30)) * MIX1) & MASK64
        z = ((z ^ (z >> 27)) * MIX2) & MASK64
        return (z ^ (z >> 31)) % n

    def _shuffled(self, cards: list) -> list:
        """``cards`` shuffled in place with the game's generator (Fisher-Yates, as the goals), and returned."""
        for i in range(len(cards) - 1, 0, -1):
            j = self._rand(i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        return cards

    def _reset_turn_counters(self):
        c = self.c
        for r in range(c.n_pool):                 # earned this turn by the current player
            self._earned[r] = 0
        self.spent = 0
        for k in range(len(c.conv_ids)):           # conversions made this turn, by conversion
            self._conv_used[k] = 0
        self.built_this_turn = 0
        self.hired = 0
        self.leaped = 0
        self.moved = 0
        self.borrowed = -1
        self.borrowed_mask = 0
        self.borrows = 0
        self.hire_ok = False
        self.offers = 0                           # offers made this turn (trades)
        self.uses = 0                             # the abilities used this turn (abilities: 4 bits each)

    def clone(self) -> "State":
        """A new state equal to this one (the search bots' hot path: see :meth:`copy_into` for one that
        allocates nothing)."""
        st = State.__new__(State)
        if not cython.compiled:                  # the fields _fill compares before setting (compiled: None already)
            for name in _COMPARED:
                setattr(st, name, None)
        self._fill(st)
        st.history = self.history.fork()      # shared, not copied: search bots clone constantly
        st.log = self.log.fork()
        return st

    def copy_into(self, st: "State") -> "State":
        """Make ``st``, a state of the same game made by :meth:`clone` and owned by the caller, equal to this
        one, reusing its objects instead of allocating new ones; ``st``. The greedy policy values each action
        on one such scratch state (its play and its :meth:`key` are a clone's)."""
        self._fill(st)
        if not st.history._muted:                # a muted state (mute) takes nothing: two calls saved
            st.history.take(self.history)
            st.log.take(self.log)
        return st

    def mute(self) -> "State":
        """Keep no history and no event log from now on (both read as empty); this state. For the states a search
        plays on and throws away: nothing in the rules reads the history or the log, so the game plays the same,
        and neither :meth:`copy_into` into this state nor an action played on it writes them (trail.py). Its clones
        are muted too."""
        self.history = Trail(muted=True)
        self.log = Trail(muted=True)
        return self

    def _fill(self, st: "State") -> None:
        # Every field but the trails, field by field on purpose: this is the search
        # bots' hot path, and a loop over __slots__ with getattr/setattr is several times slower.
        # A field holding an object is set only when it differs: the state copied into is most often a scratch
        # state already holding the same objects (a search's positions share them), and then no reference count
        # changes.
        if st.c is not self.c:
            st.c = self.c
        if st.seed is not self.seed:
            st.seed = self.seed
        st.rng = self.rng
        st.first = self.first
        st.current = self.current
        st.phase = self.phase
        st.turn = self.turn
        st._supply = self._supply
        if cython.compiled:                      # the rows: C arrays, their used entries copied (the others stay 0)
            c = self.c
            n = c.n_players
            memcpy(st._pool, self._pool, n * c.n_pool * cython.sizeof(cython.longlong))
            memcpy(st._purses, self._purses, n * cython.sizeof(cython.int))
            memcpy(st._owned, self._owned, n * cython.sizeof(cython.longlong))
            memcpy(st._first_due, self._first_due, n * cython.sizeof(cython.longlong))
            memcpy(st._first_builder, self._first_builder, c.n_struct * cython.sizeof(cython.short))
            memcpy(st._wpos, self._wpos, c.n_workers * cython.sizeof(cython.int))
            memcpy(st._wowner, self._wowner, c.n_workers * cython.sizeof(cython.short))
            memcpy(st._earned, self._earned, c.n_pool * cython.sizeof(cython.longlong))
            memcpy(st._conv_used, self._conv_used, len(c.conv_ids) * cython.sizeof(cython.short))
        else:                                    # lists
            st._pool = self._pool[:]
            st._purses = self._purses[:]
            st._owned = self._owned[:]
            st._first_due = self._first_due[:]
            st._first_builder = self._first_builder[:]
            st._wpos = self._wpos[:]
            st._wowner = self._wowner[:]
            st._earned = self._earned[:]
            st._conv_used = self._conv_used[:]
        st.moved = self.moved
        if st.stack is not self.stack:           # these six: shared, copied on write (_added)
            st.stack = self.stack
        st.face_up = self.face_up
        if st.claimed is not self.claimed:
            st.claimed = self.claimed
        if st.objectives is not self.objectives:
            st.objectives = self.objectives
        if st.obj_dealt is not self.obj_dealt:   # never changed once dealt: shared (determinize deals anew)
            st.obj_dealt = self.obj_dealt
        if st.obj_met is not self.obj_met:
            st.obj_met = self.obj_met
        if st.removed is not self.removed:
            st.removed = self.removed
        st.holder = self.holder
        st.token_turn = self.token_turn
        st.borrowed = self.borrowed
        st.borrowed_mask = self.borrowed_mask
        st.borrows = self.borrows
        st.harbormaster = self.harbormaster
        st.ship = self.ship
        st.hire_ok = self.hire_ok
        st.cast_pending = self.cast_pending
        st.spent = self.spent
        st.built_this_turn = self.built_this_turn
        st.leaped = self.leaped
        st.hired = self.hired
        st.ending = self.ending
        if st.end_reason is not self.end_reason:
            st.end_reason = self.end_reason
        st.end_cond = self.end_cond
        st.finish = self.finish
        if st.pending is not self.pending:
            st.pending = self.pending
        st.decks = [list(cards) for cards in self.decks] if self.decks else self.decks
        if st.ev_active is not self.ev_active:   # tuples, replaced whole when an event begins or ends
            st.ev_active = self.ev_active
        if st.ev_cost_pool is not self.ev_cost_pool:
            st.ev_cost_pool = self.ev_cost_pool
        if st.ev_cost_coin is not self.ev_cost_coin:
            st.ev_cost_coin = self.ev_cost_coin
        if st.ev_yield is not self.ev_yield:
            st.ev_yield = self.ev_yield
        st.ev_yield_mask = self.ev_yield_mask
        st.ev_no_build = self.ev_no_build
        st.ev_no_space = self.ev_no_space
        st.ev_no_conv = self.ev_no_conv
        if st.seat_next is not self.seat_next:
            st.seat_next = self.seat_next
        if st.bids is not self.bids:
            st.bids = self.bids
        st.offers = self.offers
        st.uses = self.uses

    def key(self) -> tuple:
        """Everything that determines the game from here (for equality tests): its integers packed as bytes
        (:meth:`_ints_key`, the flags among them), then the fields that are not integers. The search bots key every
        position they reach (rulekit.bots.mcts.turn_plans): one bytes object is built and hashed faster than a
        tuple of them."""
        return (self._ints_key(), tuple(self.stack), tuple(map(tuple, self.claimed)), tuple(self.removed),
                self.end_reason, tuple(self.pending), tuple(map(tuple, self.decks)) if self.decks else (),
                self.ev_active,
                (tuple(map(tuple, self.objectives)), tuple(map(tuple, self.obj_dealt)))
                + ((self.obj_met,) if self.c.at_check else ()) if self.c.obj_deal else (),
                self.seat_next, tuple(self.bids)) + ((self.uses,) if self.uses else ())

    def _shares_rest(self, other: "State") -> bool:
        """Whether the fields :meth:`key` adds after the integers are the very objects of ``other``'s: then they
        are equal, and ``_ints_key()`` alone tells the two keys apart. A clone shares those objects with its
        original until it changes one (they are copied on write), so within a turn most positions share them with
        the turn's first; a False says nothing (compare the keys). The event decks, which a clone copies (they
        are drawn from in place), are compared by value."""
        return (self.stack is other.stack and self.claimed is other.claimed and self.removed is other.removed
                and self.end_reason is other.end_reason and self.pending is other.pending
                and (self.decks is other.decks or self.decks == other.decks) and self.ev_active is other.ev_active
                and self.objectives is other.objectives and self.obj_dealt is other.obj_dealt
                and self.obj_met is other.obj_met
                and self.seat_next is other.seat_next and self.bids is other.bids and self.uses == other.uses)

    def _ints_key(self) -> bytes:
        """The state's integers as 64-bit signed integers in native order, packed in bytes: its scalar fields
        (KEY_SCALARS of them; the generator's state reinterpreted as signed), then the used entries of every
        row (purses as holdings' indexes), in the order written below. Both engines pack the same bytes."""
        c = self.c
        if cython.compiled:
            buf = stack
            buf[0] = cython.cast(cython.longlong, self.rng)
        else:
            buf = [0] * KEY_INTS
            buf[0] = self.rng - (1 << 64) if self.rng >> 63 else self.rng
        buf[1] = self.first
        buf[2] = self.current
        buf[3] = self.phase
        buf[4] = self.turn
        buf[5] = self._supply
        buf[6] = self.moved
        buf[7] = self.face_up
        buf[8] = self.holder
        buf[9] = self.token_turn
        buf[10] = self.borrowed
        buf[11] = self.borrowed_mask
        buf[12] = self.borrows
        buf[13] = self.harbormaster
        buf[14] = self.ship
        buf[15] = self.spent
        buf[16] = self.built_this_turn
        buf[17] = self.hired
        buf[18] = self.leaped
        buf[19] = self.end_cond
        buf[20] = self.offers
        buf[21] = 1 if self.hire_ok else 0
        buf[22] = 1 if self.cast_pending else 0
        buf[23] = 1 if self.ending else 0
        buf[24] = 1 if self.finish else 0
        n = KEY_SCALARS
        for i in range(c.n_players * c.n_pool):
            buf[n] = self._pool[i]
            n += 1
        for i in range(c.n_players):
            buf[n] = self._owned[i]
            buf[n + 1] = self._first_due[i]
            buf[n + 2] = self._purses[i]
            n += 3
        for i in range(c.n_struct):
            buf[n] = self._first_builder[i]
            n += 1
        for i in range(c.n_workers):
            buf[n] = self._wpos[i]
            buf[n + 1] = self._wowner[i]
            n += 2
        for i in range(c.n_pool):
            buf[n] = self._earned[i]
            n += 1
        for i in range(len(c.conv_ids)):
            buf[n] = self._conv_used[i]
            n += 1
        if cython.compiled:
            return PyBytes_FromStringAndSize(cython.cast(cython.p_char, buf), n * 8)
        return array("q", buf[:n]).tobytes()

    def __eq__(self, other):
        return isinstance(other, State) and self.c is other.c and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    # ---------------------------------------------------------------- access
    def _active_structs(self, p: int) -> int:
        """Structures whose effects player ``p`` has now: owned, plus borrowed this turn."""
        m = self._owned[p]
        if p == self.current:
            m |= self.borrowed_mask
        return m

    def _seat_pos(self, p: int) -> int:
        """Seat ``p``'s position in turn order from the first player (0: the first player)."""
        seat, pos = self.first, 0
        while seat != p:
            seat = self.seat_next[seat]
            pos += 1
        return pos

    def _deal_seats(self):
        """What setup gives some seats only, by position in turn order from the first player (once that order is
        known): the structures given to them (``given_seat``) and the workers that are theirs (``worker_pos``)."""
        c = self.c
        seat = self.first
        for pos in range(c.n_players):
            self._owned[seat] |= c.given_seat[pos]
            for s in range(c.n_struct):
                if c.given_seat[pos] >> s & 1:
                    self._enter_unlocked(s)
            for w in range(c.n_workers):
                if c.worker_pos[w] == pos:
                    self._wowner[w] = seat
            seat = self.seat_next[seat]

    def _kind_access(self, p: int) -> int:
        """Bitmask of worker kinds (not sailors) player ``p`` may move."""
        return self.c.kind_mask(self._active_structs(p))

    def kind_access(self, p: int) -> int:
        """The worker kinds (a set, by kind; sailors aside) player ``p`` may move now: those anyone may, and those
        the structures whose effects ``p`` has unlock (owned, and borrowed this turn by the player to play). The
        public face of ``_kind_access``, for the views."""
        return self._kind_access(p)

    def _movable_workers(self, p: int, kinds: int) -> int:
        """The workers player ``p`` may move, as a set, on the cycle or not, moved this turn or not: those of the
        worker kinds in ``kinds`` (``_kind_access(p)``) but sailors, and the sailors ``p`` hired."""
        c = self.c
        sailor = c.sailor_kind
        free = 0
        km = kinds & ~(BIT << sailor) if sailor >= 0 else kinds
        while km:
            free |= c._kind_workers[_ctz(km)]
            km &= km - 1
        if sailor >= 0:
            m = c._kind_workers[sailor]
            while m:
                w = _ctz(m)
                if self._wowner[w] == p:
                    free |= BIT << w
                m &= m - 1
        if c.seat_workers:                        # workers of a seat's own: only their owner moves them
            m = free & c.seat_workers
            while m:
                w = _ctz(m)
                if self._wowner[w] != p:
                    free &= ~(BIT << w)
                m &= m - 1
        return free

    def accessible_workers(self, p: int) -> list[int]:
        """Workers on the Work Cycle that player ``p`` has access to now."""
        m = self._movable_workers(p, self._kind_access(p))
        out = []
        while m:
            w = _ctz(m)
            if self._wpos[w] >= 0:
                out.append(w)
            m &= m - 1
        return out

    # --------------------------------------------------------------- metrics
    def coin_value(self, p: int) -> int:
        return self.c.coinage.value_at(self._purses[p])

    def structure_vp(self, p: int, s: int) -> int:
        c = self.c
        if c.given_mask >> s & 1:
            return c.given_vp[s]
        return c.vp_first[s] if self._first_builder[s] == p else c.vp_later[s]

    def metric(self, name: str, p: int, param=None) -> int:
        c = self.c
        active = p == self.current
        if name == "workers":
            kinds = param if param is not None else range(c.n_kinds)
            return sum(1 for w in self.accessible_workers(p) if c.worker_kind[w] in kinds)
        if name == "earned_this_turn":
            return self._earned[param] if active else 0
        if name == "structures":
            m = self._owned[p]
            if param is None:
                return bin(m).count("1")
            vp = param
            if isinstance(param, tuple):          # (VP value or None, the structures counted as a mask)
                vp, mask = param
                m &= mask
            return sum(1 for s in range(c.n_struct) if m >> s & 1 and (vp is None or self.structure_vp(p, s) == vp))
        if name == "coin_value":
            return self.coin_value(p)
        if name == "coins_held":
            return self.c.coinage.count_at(self._purses[p], param)
        if name == "workers_on_one_space":
            counts = [0] * len(c.space_ids)
            if param:
                for w in range(c.n_workers):
                    if self._wpos[w] >= 0:
                        counts[self._wpos[w]] += 1
            else:
                for w in self.accessible_workers(p):
                    counts[self._wpos[w]] += 1
            return max(counts)
        if name == "coins_spent_this_turn":
            return self.spent if active else 0
        if name == "conversions_this_turn":
            return self._conv_used[param] if active else 0
        if name == "vp":
            # param: the penalty the token's holder gets back until the game ends (primitives._vp_penalty).
            return self.score(p) + param if param and self.holder == p else self.score(p)
        if name == "held":
            return self.held(p, param)
        if name == "goals":
            return len(self.claimed[p])
        if name == "sailors_hired":
            sk = c.sailor_kind
            return sum(1 for w in range(c.n_workers) if c.worker_kind[w] == sk and self._wowner[w] == p)
        if name == "owns":
            return self._owned[p] >> param & 1
        if name == "round":                       # rounds from 1: every player has one turn in each
            return self.turn // c.n_players + 1
        if name == "turn":                        # the game's turns from 1, every player's counted
            return self.turn + 1
        if name == "vp_lead" or name == "vp_behind" or name == "rank":
            # Measured on the vp metric of every player (param: as for vp, the lender's penalty given back).
            mine = self.metric("vp", p, param)
            others = [self.metric("vp", q, param) for q in range(c.n_players) if q != p]
            best = max(others) if others else mine
            if name == "vp_lead":                 # 0 unless ahead of everyone
                return mine - best if mine > best else 0
            if name == "vp_behind":               # 0 when leading or level with the best
                return best - mine if best > mine else 0
            return 1 + sum(1 for v in others if v > mine)   # ties share the better rank
        raise ValueError(f"unknown metric {name!r}")

    # ------------------------------------------------------------- resources
    def held(self, p: int, r: int) -> int:
        """What player ``p`` holds of pool resource ``r`` (-1: the coins' total value)."""
        if r < 0:
            return self.coin_value(p)
        return self._pool[p * self.c.n_pool + r]

    def _gain(self, p: int, amounts: tuple):
        """Pool amounts earned by player ``p`` (counted as earned this turn for the current player)."""
        c = self.c
        if amounts is c.no_pool:
            return
        base = p * c.n_pool
        for r in range(len(amounts)):
            a = amounts[r]
            if a:
                self._pool[base + r] += a
                if p == self.current:
                    self._earned[r] += a

    def _take(self, p: int, amounts: tuple):
        c = self.c
        if amounts is c.no_pool:
            return
        base = p * c.n_pool
        for r in range(len(amounts)):
            a = amounts[r]
            if a:
                self._pool[base + r] -= a

    def _has(self, p: int, amounts: tuple) -> bool:
        if amounts is self.c.no_pool:
            return True
        base = p * self.c.n_pool
        for r in range(len(amounts)):
            a = amounts[r]
            if self._pool[base + r] < a:
                return False
        return True

    def _end_pools(self, p: int, over: bool):
        """The end of ``p``'s turn: each pool resource is lost, carried (up to N) or kept;
        nothing is carried out of a game that is over."""
        c = self.c
        base = p * c.n_pool
        for r in range(c.n_pool):
            keep = c._pool_end[r]
            if keep < 0:                          # kept, up to its cap (-1: none)
                keep = c._pool_cap[r]
                if keep >= 0 and self._pool[base + r] > keep:
                    self._pool[base + r] = keep
                continue
            if over or keep == 0:
                self._pool[base + r] = 0
            elif self._pool[base + r] > keep:
                self._pool[base + r] = keep
            if c._pool_cap[r] >= 0 and self._pool[base + r] > c._pool_cap[r]:
                self._pool[base + r] = c._pool_cap[r]

    # ----------------------------------------------------------------- coins
    # Who makes change: the supply and the player first; when they cannot, c.change_makers[p] in
    # order, the first who can (with two players: the opponent), or nobody (then the empty holding, index 0,
    # stands in). Purses and supply are holdings' indexes; Coinage.transfer_at answers with three, packed
    # (the payer's, the payee's and the change maker's, IB bits each), or -1 where the coins cannot do it.
    def _earn_coin(self, p: int, amount: int) -> int:
        """Take up to ``amount`` from the supply (another player makes change if
        needed); what the coins cannot provide is not earned. Returns the amount earned."""
        cg = self.c.coinage
        amount = min(amount, cg.value_at(self._supply))
        makers = self.c.change_makers[p]
        while amount > 0:
            # The supply and the player alone first, as _pay: what they can do leaves the makers' coins as they are.
            r = cg.transfer_at(self._supply, self._purses[p], 0, amount)
            if r >= 0:
                self._supply = r >> IB >> IB
                self._purses[p] = r >> IB & IM
                return amount
            for q in makers:
                r = cg.transfer_at(self._supply, self._purses[p], self._purses[q], amount)
                if r >= 0:
                    self._supply = r >> IB >> IB
                    self._purses[p] = r >> IB & IM
                    self._purses[q] = r & IM
                    return amount
            amount -= 1
        return 0

    def _can_earn(self, p: int, amount: int) -> bool:
        """Whether ``p`` can take ``amount`` from the supply: yes if the supply pays it exactly (Coinage._hcover),
        else asked first of the two alone, as _can_pay."""
        cg = self.c.coinage
        if amount <= cg._hcover[self._supply]:
            return True
        if cg.transfer_at(self._supply, self._purses[p], 0, amount) >= 0:
            return True
        for q in self.c.change_makers[p]:
            if cg.transfer_at(self._supply, self._purses[p], self._purses[q], amount) >= 0:
                return True
        return False

    def _can_pay(self, p: int, amount: int) -> bool:
        """Whether ``p`` can pay ``amount`` to the supply. Asked first of the payer and the supply alone (the
        empty holding, index 0, as the change maker): a payment they can make touches no one else's coins
        (Coinage.transfer's policy), so the answer is the same, and this question, without a third purse in it,
        is far more often in the coins' table. Then of each change maker in turn. Before any of them: a purse
        that pays ``amount`` exactly (Coinage._hcover) can pay it with no one's change, so nothing is asked."""
        if amount == 0:
            return True
        cg = self.c.coinage
        if amount <= cg._hcover[self._purses[p]]:
            return True
        if cg.transfer_at(self._purses[p], self._supply, 0, amount) >= 0:
            return True
        for q in self.c.change_makers[p]:
            if cg.transfer_at(self._purses[p], self._supply, self._purses[q], amount) >= 0:
                return True
        return False

    def _pay(self, p: int, amount: int):
        if amount:
            cg = self.c.coinage
            # The payer and the supply alone first, as _can_pay: a payment they can make leaves the change
            # makers' coins as they are, so it is the payment they would make with the first of them.
            r = cg.transfer_at(self._purses[p], self._supply, 0, amount)
            if r >= 0:
                self._purses[p] = r >> IB >> IB
                self._supply = r >> IB & IM
                self.spent += amount
                return
            makers = self.c.change_makers[p]
            if not makers:               # never: the callers check _can_pay first
                raise RuntimeError(f"seat {p} cannot pay {amount}")
            for q in makers:
                r = cg.transfer_at(self._purses[p], self._supply, self._purses[q], amount)
                if r >= 0:
                    self._purses[p] = r >> IB >> IB
                    self._supply = r >> IB & IM
                    self._purses[q] = r & IM
                    break
            self.spent += amount

    # ----------------------------------------------------------------- goals
    def _claim(self, p: int, g: int):
        self.claimed = _added(self.claimed, p, g)
        self.log.append(("claim", p, g))
        self.face_up = -1
        self._reveal_next()

    def _reveal_next(self):
        """Turn goals face up until one stays (immediate goals only): removed if several
        players meet it (every player, with ``revealed_goal: removed_if_all``), else claimed
        by the first who does in turn order from the current player."""
        c = self.c
        while self.face_up < 0 and self.stack:
            g = self.stack[len(self.stack) - 1]
            self.stack = self.stack[:len(self.stack) - 1]
            self.face_up = g
            self.log.append(("reveal", g))
            if c.goal_at_end[g]:
                return
            cond = c.goal_cond[g]
            first = self.current if cond.holds(self, self.current) else -1
            meet = 1 if first >= 0 else 0
            for q in c.others[self.current]:
                if cond.holds(self, q):
                    meet += 1
                    if first < 0:
                        first = q
            if meet >= 2 and (meet == c.n_players or not c.goal_removed_if_all):
                self.removed = self.removed + [g]
                self.log.append(("remove", g))
                self.face_up = -1
            elif meet:
                self.claimed = _added(self.claimed, first, g)
                self.log.append(("claim", first, g))
                self.face_up = -1

    def _check_goals(self):
        """The face-up goal, if checked at once: claimed by the current player if they meet it, else by
        the first other player in turn order who does."""
        g = self.face_up
        c = self.c
        if c.at_check:                            # the mechanisms' checks (objectives met during the game)
            for m in c.at_check:
                m.check(self, False)
        if g < 0 or c._goal_at_end[g]:
            return
        cond = c.goal_cond[g]
        if cond.holds(self, self.current):
            self._claim(self.current, g)
            return
        if cond.current_only:                      # a measure of this turn: the others' is 0, below it
            return
        at = self.current * (c.n_players - 1)      # others[current], from its C row
        for i in range(at, at + c.n_players - 1):
            if cond.holds(self, c._others[i]):
                self._claim(c._others[i], g)
                return

    def _check_end_of_turn_goals(self):
        """The face-up goal checked at the end of a turn: claimed by the current player if they meet it; one
        checked at once, by the first who meets it (_check_goals); with chain_end_of_turn, the next one turned up
        too. On a muted state, a goal checked at once is met by nobody here, as _checks says: it is not
        asked again."""
        c = self.c
        if c.at_check:                            # the mechanisms' end-of-turn checks (objectives met)
            for m in c.at_check:
                m.check(self, True)
        while self.face_up >= 0:
            g = self.face_up
            if c._goal_at_end[g]:
                if not c.goal_cond[g].holds(self, self.current):
                    return
                self._claim(self.current, g)
            elif self.history._muted:
                return
            else:
                before = self.face_up
                self._check_goals()
                if self.face_up == before:
                    return
            if not c.chain_end_of_turn:
                return                           # the goal turned up waits for the next check

    # ------------------------------------------------------------------- end
    def end_conditions_met(self) -> list[int]:
        """Indexes (into ``end.conditions``) of the end conditions that hold now."""
        return [i for i in range(len(self.c.end_kind)) if self._end_condition_met(i)]

    def _end_condition_met(self, i: int) -> bool:
        """Whether end condition ``i`` (an index into ``end.conditions``) holds now."""
        return self._first_end_met(i, i + 1) == i

    def _first_end_met(self, i: int, n: int) -> int:
        """The first of the end conditions ``i`` to ``n - 1`` that holds now, or ``n``: one loop, without a call
        per condition (the end is checked after every action)."""
        c = self.c
        while i < n:
            kind = c._end_kind[i]
            if kind == 0:                        # player_condition
                cond = c.end_conds[i]
                for p in range(c.n_players):
                    if cond.holds(self, p):
                        return i
            elif kind == 1:                      # all_structures_built (but those given at setup)
                met = True
                for s in range(c.n_struct):
                    if self._first_builder[s] < 0 and not c.given_mask >> s & 1:
                        met = False
                        break
                if met:
                    return i
            elif kind == 2:                      # goals_exhausted
                if self.face_up < 0 and not self.stack:
                    return i
            elif c.end_hooks >> i & 1:           # a kind a mechanism checks (a clock: mechanics/clocks.py)
                for m in c.at_end_met:
                    if m.end_conds >> i & 1 and m.end_met(self, i):
                        return i
            i += 1
        return n

    def _check_end(self):
        """The first end condition (in the ruleset's order) that holds ends the game (:meth:`_game_ends`)."""
        if self.ending:
            return
        n = len(self.c.end_kind)
        i = self._first_end_met(0, n)
        if i < n:
            self._game_ends(i)

    def _game_ends(self, i: int):
        """End condition ``i`` holds: the game ends at once, or once the turn (or round) is finished. Apart from
        :meth:`_check_end`, which runs after every action and stays small (its entry and exit are paid each time)."""
        self.ending = True
        self.end_reason = self.c.end_keys[i]
        self.end_cond = i
        self.finish = self.c.end_finish[i]
        self.log.append(("ending", self.current, self.end_reason, i))
        if not self.finish:
            # The game stops at once: the turn's borrowed effects and pools end with it.
            self._end_gains()
            self.phase = OVER
            if self.borrowed_mask:
                for m in self.c.at_lent_end:
                    m.lent_end(self)
            self._end_pools(self.current, True)
            self.log.append(("over",))
            for m in self.c.at_game_over:         # the mechanisms' end (objectives revealed...)
                m.game_over(self)

    # ------------------------------------------------------------------ turn
    def _income(self, p: int, structs: int):
        c = self.c
        m = structs & c.income_mask
        while m:
            s = _ctz(m)
            self._gain(p, c.income_pool[s])
            if c.income_coin[s]:
                self._earn_coin(p, c.income_coin[s])
            for cond, pool, coin in c.income_if[s]:     # each checked as it would be paid
                self._pay_if(p, s, "income", cond, pool, coin)
            if c.per_income_mask >> s & 1:              # amounts per a metric, measured now (if its owner meets ``if``)
                for row in c.per_income[s]:
                    if row[3] is None or self._met_if(p, s, "income", row[3]):
                        self._pay_per(p, row[0], row[1], row[2])
            m &= m - 1
        if structs & c.income_hooks:              # a mechanism pays with the income (a ship's result...)
            if c._income_one is not None:         # one alone (the editions: the ships): called directly
                c._income_one.income(self, p)
            else:
                for mech in c.at_income:
                    if mech.income_mask & structs:
                        mech.income(self, p)

    def _start_turn(self):
        c = self.c
        p = self.current
        self._reset_turn_counters()
        self.phase = WORK
        if c.at_turn_start:                       # the mechanisms' start of turn (event cards revealed...)
            for m in c.at_turn_start:
                m.turn_start(self)
        if self.harbormaster == p:                # the casting's holder's turn (mechanics/ships.py's slot)
            if c._holder_one is not None:         # one alone (the ships): called directly
                c._holder_one.holder_turn(self)
            else:
                for m in c.at_holder_turn:
                    m.holder_turn(self)
        self._income(p, self._owned[p])
        if self._first_due[p]:
            self._first_turn_gains(p)
        self._checks(False, c.end_hooks != 0)     # nothing built since the last checks; a mechanism's end may count it

    def _first_turn_gains(self, p: int):
        """gain: {when: first_turn}: paid once, at the start of the builder's first turn after building."""
        c = self.c
        due = self._first_due[p]
        self._first_due[p] = 0
        while due:
            s = _ctz(due)
            self._gain(p, c.first_pool[s])
            if c.first_coin[s]:
                self._earn_coin(p, c.first_coin[s])
            if c.gain_if_mask >> s & 1:
                self._gains_if(p, s, "first_turn")
            due &= due - 1

    def _end_gains(self):
        """gain: {when: end_of_game}: each owner earns it as the game ends (the current player first, then
        the others in turn order)."""
        c = self.c
        p = self.current
        for _ in range(c.n_players):
            for s in range(c.n_struct):
                if c.final_coin[s] and self._owned[p] >> s & 1:
                    self._earn_coin(p, c.final_coin[s])
                if c.gain_if_mask >> s & 1 and self._owned[p] >> s & 1:
                    self._gains_if(p, s, "end_of_game")
            p = self.seat_next[p]

    def _gains_if(self, p: int, s: int, when: str):
        """Structure ``s``'s gains with a condition or to another player (``to``: primitives.GAIN_TO) due ``when``:
        each paid to ``p``, or to the player after ``p`` (1) or to each other player in turn order (2), if ``p``
        meets its condition now."""
        for w, cond, pool, coin, to in self.c.gain_if[s]:
            if w == when:
                if not to:
                    self._pay_if(p, s, "gain", cond, pool, coin)
                elif cond is None or self._met_if(p, s, "gain", cond):
                    q = self.seat_next[p]
                    while q != p:
                        self._gain(q, pool)
                        if coin:
                            coin_got = self._earn_coin(q, coin)
                        else:
                            coin_got = 0
                        self.log.append(("gain_to", p, q, s, pool, coin_got))
                        if to == 1:
                            break
                        q = self.seat_next[q]
        for row in self.c.per_gain[s]:          # amounts per a metric (gain_if_mask holds them too), measured now
            if row[0] == when and (row[4] is None or self._met_if(p, s, "gain", row[4])):
                self._pay_per(p, row[1], row[2], row[3])

    def _pay_per(self, p: int, measure, each: int, r: int):
        """An amount written per a metric: ``each`` times ``p``'s ``measure`` now, of pool resource ``r`` (-1: the
        coins, earned from the supply as any income)."""
        n = measure.value(self, p) * each
        if n <= 0:
            return
        if r < 0:
            self._earn_coin(p, n)
        else:
            pool = [0] * self.c.n_pool
            pool[r] = n
            self._gain(p, tuple(pool))

    def _met_if(self, p: int, s: int, effect: str, cond) -> bool:
        """Whether ``p`` meets ``cond``, the condition of structure ``s``'s ``effect``, now: told in the log as
        ``("if", p, s, effect, met)``."""
        met = cond.holds(self, p)
        self.log.append(("if", p, s, effect, met))
        return met

    def _pay_if(self, p: int, s: int, effect: str, cond, pool: tuple, coin: int):
        """Structure ``s``'s ``effect`` with a condition: paid to ``p`` if ``p`` meets ``cond`` now, the check
        told in the log as ``("if", p, s, effect, met)``."""
        met = cond.holds(self, p)
        self.log.append(("if", p, s, effect, met))
        if met:
            self._gain(p, pool)
            if coin:
                self._earn_coin(p, coin)

    def _end_turn(self):
        c = self.c
        if self.cast_pending:                     # a ship's cast due (mechanics/ships.py's slot): the closing
            for m in c.at_turn_closing:
                m.turn_closing(self)
        claimed = self.claimed
        self._check_end_of_turn_goals()
        if self.claimed is not claimed or not self.history._muted:   # muted: the end checked again only after a
            self._check_end()                     # claim (claimed is copied on write), as in _checks
        if c.at_turn_end:                         # the mechanisms' end of turn (a clock's last turn...)
            for m in c.at_turn_end:
                m.turn_end(self)
            if self.pending:                      # one asked a decision (the coins kept over a cap): the turn is
                return                            # closed once it is made (_close_turn)
        self._close_turn()

    def _close_turn(self):
        """The end of a turn after the mechanisms' ``turn_end``: the pools, the borrowed effects, then the game's end
        or the next turn. Called by :meth:`_end_turn`, or by the decision a ``turn_end`` asked, once made."""
        c = self.c
        self._end_pools(self.current, self.phase == OVER)
        if self.borrowed_mask:                    # the effects lent for the turn end with it (borrowing's)
            for m in c.at_lent_end:               # (rare: a turn a structure was borrowed; a call through Python)
                m.lent_end(self)
        # A finished turn ends the game, unless the others play on to the end of the round (finish_round).
        if self.phase == OVER or self.ending and self.finish and not (
                c.finish_round and self.seat_next[self.current] != self.first):
            revealed = self.phase == OVER         # over already: _game_ends called the mechanisms' game_over
            if self.phase != OVER:
                self._end_gains()
            self.phase = OVER
            self.log.append(("over",))
            if not revealed:
                for m in c.at_game_over:
                    m.game_over(self)
            return
        self.current = self.seat_next[self.current]
        self.turn += 1
        self._start_turn()

    # --------------------------------------------------------------- actions
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    @property
    def decider(self) -> int:
        """The seat that chooses the next action: the seat a decision is asked of while one is pending
        (:meth:`ask`), else the seat whose turn it is (``current``)."""
        return self._decider()

    def _decider(self) -> int:
        """:attr:`decider`, for the compiled bots (a property is a Python look-up, this a C call)."""
        return self.pending[0][1] if self.pending else self.current

    def ask(self, name: str, seat: int, arg: int = 0):
        """Queue decision ``name`` (a row of :data:`DECISIONS` these tables use) for ``seat``: it is made,
        in the order asked, before any other action. ``arg`` is passed to the row's functions."""
        self.pending = self.pending + [(self.c.decision_names.index(name), seat, arg)]

    def _decision_actions(self) -> list:
        c = self.c
        d, seat, arg = self.pending[0]
        base = c.decision_base[d]
        return [base + o for o in c.decision_rows[d][0](self, seat, arg)]

    def _decide(self, action: int):
        """A CHOOSE action: the first pending decision made; when the last one asked at setup is made, the
        first turn begins."""
        c = self.c
        d, seat, arg = self.pending[0]
        self.pending = self.pending[1:]
        c.decision_rows[d][1](self, seat, arg, c.action_arg2[action])
        if self.phase == SETUP and not self.pending:
            self.phase = WORK
            self.current = self.first
            self._begin()
        elif self.phase != SETUP and self.phase != OVER:
            self._check_goals()
            self._check_end()

    def legal_actions(self) -> list[int]:
        """The legal actions, as indexes into the ruleset's action table."""
        out = []
        self._legal(out)
        return out

    def _legal(self, out: list) -> None:
        """Write the legal actions into ``out``, emptied first (:meth:`_legal_into` lists them in a buffer: compiled,
        one on the C stack, or allocated when the action table is longer than :data:`LEGAL_STACK`)."""
        out.clear()
        if self.phase == OVER:
            return
        size = len(self.c.actions)
        if cython.compiled:
            at = self._legal_buffer(size, stack)
        else:
            at = [0] * size
        try:
            n = self._legal_into(at)
            for i in range(n):
                out.append(at[i])
        finally:
            self._release_buffer(at, size)

    def _legal_buffer(self, size: int, stack):
        """Compiled only: a buffer for the legal actions of an action table of ``size`` entries: ``stack`` (the
        caller's, of LEGAL_STACK entries) when it is long enough, else one allocated (:meth:`_release_buffer`
        frees it)."""
        if size <= LEGAL_STACK:
            return stack
        at = cython.cast(cython.p_int, PyMem_Malloc(size * cython.sizeof(cython.int)))  # noqa: F821
        if not at:
            raise MemoryError()
        return at

    def _release_buffer(self, at, size: int) -> None:
        """Free a buffer :meth:`_legal_buffer` allocated (compiled, for an action table past LEGAL_STACK)."""
        if cython.compiled and size > LEGAL_STACK:
            PyMem_Free(at)  # noqa: F821

    def _legal_into(self, buf) -> int:
        """Write the legal actions into ``buf`` from its start and return how many there are. They are distinct
        actions of the table, so a buffer as long as the action table holds them (compiled: a C ``int *``)."""
        n = 0
        if self.phase == OVER:
            return 0
        if self.pending:
            for a in self._decision_actions():
                buf[n] = a
                n += 1
            return n
        c = self.c
        p = self.current
        if self.phase == WORK:
            kinds = self._kind_access(p)
            moved = self.moved
            sailor = c.sailor_kind
            ns = c.n_spaces
            # MOVE actions come first in the table, one per (kind, space): collected as a bit set
            # (when the table's moves fit in 62 bits, as in any real ruleset), listed in order.
            small = c.n_kinds * ns <= 62
            seen = 0
            bit = 1
            # The workers p may move and has not moved yet, as a set: each is visited if on the cycle.
            free = self._movable_workers(p, kinds) & ~moved
            while free:
                w = _ctz(free)
                free &= free - 1
                sp = self._wpos[w]
                if sp >= 0:
                    a = c._worker_kind[w] * ns + sp
                    if small:
                        seen |= bit << a
                    else:                         # listed once, in order (an insertion)
                        i = n
                        while i > 0 and buf[i - 1] > a:
                            i -= 1
                        if i == 0 or buf[i - 1] != a:
                            j = n
                            while j > i:
                                buf[j] = buf[j - 1]
                                j -= 1
                            buf[i] = a
                            n += 1
            if small:
                while seen:
                    buf[n] = _ctz(seen)
                    n += 1
                    seen &= seen - 1
            if c.leap_mask and not self.leaped and self._active_structs(p) & c.leap_mask:
                first = n
                for i in range(first):
                    buf[n] = c.leap_action[buf[i]]
                    n += 1
            if c.at_legal_moves:                  # the mechanisms' filters of the moves (the tolls not payable...)
                for m in c.at_legal_moves:
                    n = m.legal_moves(self, p, buf, n)
                if not n and not moved:           # no move is left: the player goes on to the spending phase
                    buf[0] = c.a_spend
                    buf[1] = c.a_end
                    n = 2
            if self.ev_no_space:                  # an event forbids moving onto a space: as with tolls
                j = 0
                for i in range(n):
                    if not self._move_forbidden(p, buf[i]):
                        buf[j] = buf[i]
                        j += 1
                n = j
                if not n and not moved:
                    buf[0] = c.a_spend
                    buf[1] = c.a_end
                    n = 2
            # A mechanism's actions open to the owners of some structures (the borrows: a Lender's), one C test for
            # the others; not asked once the turn's uses are spent (the turn's counter the core resets, `borrows`)
            # or of the token's holder, which its listing would refuse: a Lender's owner pays no call then.
            if (self._owned[p] & c.legal_owned_work and self.borrows < c.legal_owned_uses
                    and self.holder != p):
                n = c.legal_owned_work_by.legal_into(self, buf, n, 3)
            if c.at_legal_work:                   # the mechanisms' actions (offers of trades...)
                for m in c.at_legal_work:
                    n = m.legal_into(self, buf, n, 1)
            if self.moved:
                buf[n] = c.a_spend
                buf[n + 1] = c.a_end
                n += 2
            return n
        # Resource Spending phase
        value = self.coin_value(p)
        owned = self._owned[p]
        built = _popcount(owned)
        tokens = c.tokens
        if self.built_this_turn < c.builds_per_turn and built < tokens:
            have = owned                          # replaces: what it replaces counts as owned (rare)
            if owned & c.replacing_mask:
                have = c.have(owned)
            # The structures not owned, and not forbidden by an event, in order: a set.
            left = c.all_struct_mask & ~have & ~self.ev_no_build
            if c.seat_forbid_any:                 # seats: the structures this seat may not build (rare)
                left &= ~c.seat_forbid[self._seat_pos(p)]
            if left & c.any_req_mask:             # requires {any_of}: out where none of them is owned (rare)
                rest = left & c.any_req_mask
                while rest:
                    s = _ctz(rest)
                    rest &= rest - 1
                    if not c.requires_any[s] & have:
                        left &= ~(BIT << s)
            while left:
                s = _ctz(left)
                left &= left - 1
                if (c._requires[s] & have) != c._requires[s]:
                    continue
                if c.copies_mask >> s & 1 and self._copies_built(s) >= c.copies[s]:
                    continue
                cost = self.ev_cost_coin[s]         # c.cost_coin[s], unless an event changes it
                if value >= cost and self._has(p, self.ev_cost_pool[s]) and self._can_pay(p, cost):
                    buf[n] = c._build_action[s]
                    n += 1
        if owned & c.legal_owned_spending and self.borrows < c.legal_owned_uses and self.holder != p:
            n = c.legal_owned_spending_by.legal_into(self, buf, n, 4)   # (as in the work phase: the borrows)
        active = self._active_structs(p)
        conv_ok = 0
        while active:
            conv_ok |= c._conv_unlocks[_ctz(active)]
            active &= active - 1
        n_conv = len(c.conv_ids)
        used = 0
        for k in range(n_conv):
            used += self._conv_used[k]
        if used >= _CONVERSIONS_CAP:
            n_conv = 0
        for k in range(n_conv):               # the conversions' C rows (Compiled._lay_tables)
            if not (c._conv_always[k] or conv_ok >> k & 1):
                continue
            if 0 <= c._conv_per_turn[k] <= self._conv_used[k]:
                continue
            if self.ev_no_conv >> k & 1:            # an event forbids it
                continue
            cost = c._conv_pay_coin[k]
            if value < cost or not self._has(p, c.conv_pay_pool[k]):
                continue
            if not self._can_pay(p, cost):
                continue
            if c._conv_gain_coin[k] and not self._can_earn(p, c._conv_gain_coin[k]):
                continue                         # the coins could not pay it out (needs_payout): nothing to gain
            buf[n] = c._conv_action[k]
            n += 1
        if self.hire_ok:                          # a ship's result lets p hire (mechanics/ships.py): its action
            if c._converted_one is not None:      # one alone (the ships): called directly
                n = c._converted_one.legal_into(self, buf, n, 6)
            else:
                for m in c.at_legal_converted:
                    n = m.legal_into(self, buf, n, 6)
        if self.holder == p and c.legal_held_by is not None:    # the token's holder: its mechanism's actions
            n = c.legal_held_by.legal_into(self, buf, n, 5)         # (the repayment)
        cg = c.coinage
        nd = cg.n
        purse = self._purses[p]
        for dn in range(1, nd):
            # Read from the coins' rows first: the purse's smaller coins worth one of dn (Coinage._hup, else no
            # exchange up exists), the supply holding one; then the exchange itself.
            if (cg._hup[purse * nd + dn] and cg._hcount[self._supply * nd + dn]
                    and cg.exchange_at(purse, self._supply, dn, True) >= 0):
                buf[n] = c.exchange_action[dn]
                n += 1
        if c.at_legal_spending:
            for m in c.at_legal_spending:
                n = m.legal_into(self, buf, n, 2)
        buf[n] = c.a_end
        return n + 1

    def _copies_built(self, s: int) -> int:
        """How many players own structure ``s``."""
        n = 0
        for q in range(self.c.n_players):
            n += self._owned[q] >> s & 1
        return n


    def apply(self, action: int) -> None:
        """Play a legal action (an index from :meth:`legal_actions`)."""
        if action not in self.legal_actions():
            raise IllegalActionError(self.notation(action) if isinstance(action, int) and 0 <= action < len(self.c.actions) else action,
                                     [self.notation(a) for a in self.legal_actions()])
        self._apply(action)

    def _apply(self, action: int) -> None:
        c = self.c
        kind = c._action_kind[action]
        arg = c._action_arg[action]
        p = self.current
        if not self.history._muted:              # a search's state keeps no history: the action is not boxed for it
            self.history.append(action)
        if kind == CHOOSE:
            self._decide(action)
            return
        if kind == MOVE:
            self._move(p, arg, c._action_arg2[action], c.move_steps)
        elif kind == LEAP:
            self._move(p, arg, c._action_arg2[action], self._leap_steps(p))
            self.leaped += 1
        elif kind == SPEND:
            self.phase = SPENDING
            if self.history._muted:              # nothing the checks measure changed (_checks)
                return
        elif kind == END:
            self._end_turn()
            return
        elif kind == BUILD:
            self._build(p, arg)
        elif kind == CONVERT:
            if c._action_chance[action]:          # drawn by chance (a roll): the mechanism that draws plays it
                for m in c.at_apply:
                    if m.apply(self, p, kind, arg, c._action_arg2[action]):
                        return
            self._convert(p, arg, True)
        elif kind == EXCHANGE:
            # Swap smaller coins for one coin of this size with the supply, at equal value.
            r = c.coinage.exchange_at(self._purses[p], self._supply, arg, True)
            self._purses[p] = r >> IB
            self._supply = r & IM
        else:                                     # a kind a mechanism plays (a borrow, an offer of a trade, a hire...)
            for m in c.at_apply:
                if m.apply(self, p, kind, arg, c._action_arg2[action]):
                    return
        self._checks(kind == BUILD, False)

    def _checks(self, built: bool, turned: bool):
        """Checks: the face-up goal, then the end, after an action (``built``: it built a structure) or at a turn's
        start (``turned``: an end condition a mechanism checks may count the turns, as a clock does).

        After every action, decision and turn's start they found nothing more to do, so a state reached by play
        alone fails each condition that a change since has not touched. A muted state (a search's, or the
        playout's while it runs) is one: it skips the checks that cannot find anything. Those of a condition only
        a build changes (Condition.static), unless a structure was built; those of the end when all its conditions
        are so (end_static), unless a goal was claimed just now (claimed is copied on write) or a turn ``turned``. A
        state another way may have changed (a test setting a position) checks everything."""
        if not self.history._muted:
            self._check_goals()
            self._check_end()
            return
        c = self.c
        g = self.face_up
        claimed = self.claimed
        if g >= 0 and (built or not c._goal_static[g]) or c.at_check:   # the mechanisms' checks: every time
            self._check_goals()
        if built or turned or not c.end_static or self.claimed is not claimed:
            self._check_end()

    def _convert(self, p: int, k: int, gain: bool):
        """Conversion ``k`` by player ``p``: the payment, then the gain (unless ``gain`` is false: a roll that lost,
        mechanics/chance.py)."""
        c = self.c
        self._take(p, c.conv_pay_pool[k])
        self._pay(p, c.conv_pay_coin[k])
        if gain:
            self._gain(p, c.conv_gain_pool[k])
            if c.conv_gain_coin[k]:
                self._earn_coin(p, c.conv_gain_coin[k])
        self._conv_used[k] += 1

    def chance_outcomes(self, action: int) -> list:
        """What a search may know of ``action`` before it is played: ``[(probability, state after it)]``.

        An action drawn by chance (``c.action_chance[action]``) is asked of the mechanisms that draw
        (``Mechanism.outcomes``: a conversion's roll gives a losing and a winning state, each with its
        probability, whatever the game's generator would draw); any other action gives its one state."""
        c = self.c
        if c.action_chance[action]:
            for m in c.at_outcomes:
                out = m.outcomes(self, action)
                if out:
                    return out
        st = self.clone()
        st._apply(action)
        return [(1.0, st)]

    def _leap_steps(self, p: int) -> int:
        """Steps of the long move: the most any of the player's long_move effects gives."""
        c = self.c
        m = self._active_structs(p) & c.leap_mask
        steps, s = 0, 0
        while m:
            if m & 1 and c.leap_steps[s] > steps:
                steps = c.leap_steps[s]
            m >>= 1
            s += 1
        return steps

    def _move(self, p: int, kind: int, sp: int, steps: int):
        c = self.c
        w = self._mover(p, kind, sp)
        if w < 0:
            raise ValueError(f"seat {p} has no worker of kind {kind} to move from space {sp}")
        dest = sp
        for _step in range(steps):
            dest = c._next_space[dest]
        if c.at_moving and c._moving_at[dest]:          # a mechanism on the destination (a toll: moving_spaces)
            for m in c.at_moving:
                m.moving(self, p, w, dest)
        self._wpos[w] = dest
        self.moved |= BIT << w
        gain, coin = c.space_pool[dest], c.space_coin[dest]
        over = self._active_structs(p) & c.yield_mask
        if over:
            # The first structure (in the ruleset's order) that replaces this
            # space's yield sets it; every bonus on the space is then added.
            replaced = False
            while over:
                s = _ctz(over)
                at = c._yield_at[s * c.n_spaces + dest]
                if not replaced and at & 1:           # a replacement with a condition (yield_if): if it is met
                    cond, pool, cn = c.yield_if[s][dest]
                    met = cond.holds(self, p)
                    self.log.append(("if", p, s, "space_yield", met))
                    if met:
                        gain, coin = pool, cn
                        replaced = True
                if not replaced and at & 2:           # replaced (yield_over)
                    gain, coin = c.yield_over[s][dest]
                    replaced = True
                if at & 4:                            # bonuses (yield_bonus)
                    j = 0
                    for bsp, bwk, bpool, bc in c.yield_bonus[s]:
                        if bsp == dest and (bwk < 0 or bwk == kind):
                            cond = c.bonus_if[s][j]
                            met = cond is None or cond.holds(self, p)
                            if cond is not None:
                                self.log.append(("if", p, s, "space_bonus", met))
                            if met:
                                self._gain(p, bpool)
                                coin += bc
                        j += 1
                over &= over - 1
        if self.ev_yield_mask >> dest & 1:        # an event changes the space's yield (never below 0)
            ey = self.ev_yield[dest]
            if len(ey) > 2:                       # a card sets it: then the changes of the others are added
                gain = ey[2]
                coin = ey[3]
            pool = ey[0]
            cn = ey[1]
            if pool is not c.no_pool:
                gain = tuple([max(0, gain[r] + pool[r]) for r in range(c.n_pool)])
                if not any(gain):
                    gain = c.no_pool
            coin = max(0, coin + cn)
        self._gain(p, gain)
        if coin:
            self._earn_coin(p, coin)

    def _build(self, p: int, s: int):
        c = self.c
        self._take(p, self.ev_cost_pool[s])       # c.cost_pool[s] and c.cost_coin[s], unless an event changes them
        self._pay(p, self.ev_cost_coin[s])
        self._owned[p] |= BIT << s
        self.built_this_turn += 1
        self._gain(p, c.built_pool[s])
        if c.built_coin[s]:
            self._earn_coin(p, c.built_coin[s])
        if c.building_hooks >> s & 1:             # a mechanism acts as this structure is built (a steal...)
            for m in c.at_building:
                if m.building_mask >> s & 1:
                    m.building(self, p, s)
        if c.first_mask >> s & 1:
            self._first_due[p] |= BIT << s
        if self._first_builder[s] < 0:
            self._first_builder[s] = p
        if c.gain_if_mask >> s & 1:               # gains with a condition: checked once the structure is built
            self._gains_if(p, s, "built")
        if c.upgrade_of[s] >= 0:                  # built over another: that one goes back to the box
            self._owned[p] &= ~(BIT << c.upgrade_of[s])
            self._first_due[p] &= ~(BIT << c.upgrade_of[s])
        self._enter_unlocked(s)
        if c.built_hooks >> s & 1:                # a mechanism acts on this build (an event deck revealed...)
            for m in c.at_built:
                if m.built_mask >> s & 1:
                    m.built(self, p, s)

    def _move_dest(self, p: int, a: int) -> int:
        """The space move (or long move) action ``a`` brings its worker to; -1 for an action that moves none."""
        c = self.c
        kind = c._action_kind[a]
        if kind != LEAP:
            return c._move_to[a]                  # a MOVE's destination (Compiled._lay_actions), -1 for the others
        steps = self._leap_steps(p)
        dest = c._action_arg2[a]
        for _step in range(steps):
            dest = c._next_space[dest]
        return dest

    def _mover(self, p: int, kind: int, sp: int) -> int:
        """The worker a move of ``p``'s of worker kind ``kind`` from space ``sp`` moves: the first on that space
        that has not moved this turn and that ``p`` may move; -1 if none."""
        c = self.c
        sailor = kind == c.sailor_kind
        if not sailor and not self._kind_access(p) >> kind & 1:
            return -1                             # _movable_workers has none of the kind
        m = c._kind_workers[kind] & ~self.moved   # the kind's workers that have not moved, lowest first
        while m:
            w = _ctz(m)
            if self._wpos[w] == sp and (self._wowner[w] < 0 or self._wowner[w] == p):   # a sailor, or a seat's own
                return w
            m &= m - 1
        return -1

    def _move_forbidden(self, p: int, a: int) -> bool:
        """Whether action ``a`` moves a worker onto a space an event forbids."""
        dest = self._move_dest(p, a)
        return dest >= 0 and bool(self.ev_no_space >> dest & 1)

    def _enter_unlocked(self, s: int):
        """A worker kind structure ``s`` unlocks enters the Work Cycle if none of its workers is on it."""
        c = self.c
        unl = c.unlocks[s]
        if unl:
            for k in range(c.n_kinds):
                if unl >> k & 1:
                    idle = True
                    for w in range(c.n_workers):
                        if c._worker_kind[w] == k and self._wpos[w] >= 0:
                            idle = False
                    if idle:
                        for w in range(c.n_workers):
                            if c._worker_kind[w] == k:
                                self._wpos[w] = c.kind_entry[k]

    # --------------------------------------------------------------- scoring
    def score_by_source(self, p: int) -> dict:
        c = self.c
        structs = sum(self.structure_vp(p, s) for s in range(c.n_struct) if self._owned[p] >> s & 1)
        goals = 0
        for g in self.claimed[p]:
            goals += c.goal_vps[g]
        borrowing = -c.lender_penalty if self.holder == p else 0
        coins = 0
        if c.coin_bonus:
            per, vp = c.coin_bonus
            coins = self.coin_value(p) // per * vp
        measures = 0
        for cond, per, vp, only in c.measures:
            if only is None or only.holds(self, p):
                measures += cond.value(self, p) // per * vp
        out = {"structures": structs, "goals": goals, "borrowing": borrowing, "coins": coins, "measures": measures}
        for m in c.at_score:                      # a source of its own per mechanism that scores (objectives...)
            out[m.name] = m.score(self, p)
        return out

    def score(self, p: int) -> int:
        """The sum of :meth:`score_by_source`, without building it (bots ask this constantly)."""
        c = self.c
        total = 0
        owned = self._owned[p]
        while owned:
            s = _ctz(owned)
            if c.given_mask >> s & 1:
                total += c._given_vp[s]
            else:
                total += c._vp_first[s] if self._first_builder[s] == p else c._vp_later[s]
            owned &= owned - 1
        goals = self.claimed[p]
        for i in range(len(goals)):
            total += c._goal_vp[goals[i]]
        if self.holder == p:
            total -= c.lender_penalty
        if c._coin_per:
            total += self.coin_value(p) // c._coin_per * c._coin_vp
        if c._n_measures:
            for m in c.measures:
                if m[3] is None or m[3].holds(self, p):   # a measure with a condition on the player (if)
                    total += m[0].value(self, p) // m[1] * m[2]
        if self.phase == OVER and c.at_score:   # the mechanisms' VP (objectives: secret until the end)
            for mech in c.at_score:
                total += mech.score(self, p)
        return total

    @property
    def n_players(self) -> int:
        return self.c.n_players

    def scores(self) -> tuple:
        """Every seat's VP, seat 0 first."""
        return tuple([self.score(p) for p in range(self.c.n_players)])

    def outcome(self) -> Outcome:
        """Each seat's score and rank (VP, then the tie-breaks in order), the winners and what decided it."""
        n = self.c.n_players
        scores = self.scores()
        keys = [[scores[p]] for p in range(n)]
        top = [p for p in range(n) if scores[p] == max(scores)]
        decided_by = "vp" if len(top) == 1 else "tie"
        for tb in self.c.tie_breaks:
            if len(top) == 1 and len(set(map(tuple, keys))) == n:
                break                            # nobody is level any more: the rest cannot change a rank
            values = [self.metric(tb, p) for p in range(n)]
            for p in range(n):
                keys[p].append(values[p])
            if len(top) > 1:
                best = max(values[p] for p in top)
                top = [p for p in top if values[p] == best]
                if len(top) == 1:
                    decided_by = tb
        ranks = tuple(1 + sum(1 for q in range(n) if keys[q] > keys[p]) for p in range(n))
        return Outcome(scores, ranks, tuple(p for p in range(n) if ranks[p] == 1), decided_by)

    def result(self) -> dict:
        """Winner (seat, or None for a tie), and what decided it: ``vp``, a tie-break metric, or ``tie``."""
        return self.outcome().result

    def winner(self):
        return self.outcome().winner

    def returns(self) -> tuple:
        """Each seat's return (OpenSpiel style), zero-sum: +1 for a win and -1 for a loss between two
        players, 0 for a tie; for more, see :class:`Outcome`."""
        return self.outcome().returns

    def return_of(self, p: int) -> float:
        """``returns()[p]``, without building the outcome when one seat has the most VP alone (the search's
        evaluation asks it of every finished position it tries): then that seat is the only winner, whatever
        the tie-breaks, and gets 1, every other -1 / (n - 1). A tie on VP asks :meth:`outcome`."""
        n = self.c.n_players
        if n < 2:
            return self.returns()[p]
        top = -1
        best = 0
        for q in range(n):
            v = self.score(q)
            if top < 0 or v > best:
                top, best = q, v
            elif v == best:
                return self.returns()[p]
        return 1.0 if p == top else -1 / (n - 1)

    # -------------------------------------------------------------- protocol (rulekit.engine.common.GameState)
    def summary(self) -> dict:
        """The result as a record writes it (:meth:`rulekit.engine.common.GameState.summary`)."""
        res = self.result()
        return {
            "scores": list(self.scores()),
            "by_source": [self.score_by_source(p) for p in range(self.c.n_players)],
            "winner": res["winner"],
            "decided_by": res["decided_by"],
            "end_reason": self.end_reason,
            "end_condition": self.end_cond if self.end_cond >= 0 else None,
            "turns": self.turn + 1,
        }

    def record_first(self):
        """The first player as a record writes it: None where the rules draw it at random (the seed does)."""
        return None if self.c.first_random else self.first

    def history_notation(self) -> list:
        """The actions played, in notation (an action's notation does not depend on the position)."""
        return [self.notation(a) for a in self.history]

    # -------------------------------------------------------------- notation
    def notation(self, action: int) -> str:
        return self.c.actions[action].notation

    def parse(self, text: str) -> int:
        """The legal action written ``text`` (notation, or a short form such as
        ``move coin`` when only one kind of worker can move from there)."""
        words = " ".join(text.strip().lower().split())
        legal = self.legal_actions()
        for a in legal:
            if self.notation(a) == words:
                return a
        if words.startswith("move ") and "@" not in words:
            target = words[5:]
            matches = [a for a in legal if self.notation(a).startswith("move ") and
                       self.notation(a).split("@", 1)[1] == target]
            if len(matches) == 1:
                return matches[0]
        raise IllegalActionError(text, [self.notation(a) for a in legal])

    def play(self, text: str) -> int:
        """Parse and apply one action written in notation; returns its index."""
        a = self.parse(text)
        self._apply(a)
        return a

    # --------------------------------------------------------------- playout
    def playout(self, seed: int, max_turns: int = -1) -> int:
        """Play on to the end of the game, every seat choosing uniformly at random among the legal actions;
        return the number of actions played. With ``max_turns`` >= 0, stop before turn ``max_turns`` starts
        (as ``rulekit simulate --max-turns``). The choices come from a SplitMix64 generator of their own, seeded
        by ``seed`` (the game's generator still draws what the rules draw): each is ``legal[x % len(legal)]``,
        ``x`` the generator's next output, so a Python loop doing the same plays the same game
        (tests/test_playout.py). Compiled, the whole game runs in C: nothing returns to Python between
        actions. The history and the event log are kept, as for any game: the history is written at the end
        (or where an error stops the game), in one go, since nothing in the rules reads it. Meanwhile the history
        is muted, so the playout skips the checks a search's state skips (_checks): from a state reached
        by play, the same game."""
        x = (seed * GOLDEN + MIX2) & MASK64
        n = 0
        size = len(self.c.actions)
        if cython.compiled:                       # the legal actions in a C buffer (as _legal), never a list
            at = self._legal_buffer(size, stack)
            magic = self.c._mod_magic
        else:
            at = [0] * size
            magic = None
        history = self.history
        keep = not history._muted
        played = []
        history._muted = True                     # _apply writes nothing into it meanwhile
        try:
            while self.phase != OVER and (max_turns < 0 or self.turn < max_turns):
                k = self._legal_into(at)
                if k == 0:              # never (the conformance test: tests/test_engine_differential.py); _fastmod needs k
                    raise RuntimeError(f"turn {self.turn}: a game not over has no legal action")
                x = (x + GOLDEN) & MASK64
                z = ((x ^ (x >> 30)) * MIX1) & MASK64
                z = ((z ^ (z >> 27)) * MIX2) & MASK64
                a = at[_fastmod(z ^ (z >> 31), magic, k)]    # (z ^ (z >> 31)) % k
                if keep:
                    played.append(a)
                self._apply(a)
                n += 1
        finally:
            history._muted = not keep
            history.extend(played)
            self._release_buffer(at, size)
        return n

    # ------------------------------------------------------------------ view
    def view(self, player: int) -> dict:
        """What ``player`` may see: everything but the order and content of
        the face-down goal stack, the other players' objectives (their number only, until the game is
        over) and the random state."""
        c = self.c
        return {
            "player": player,
            "players": c.n_players,
            "current": self.current,
            "phase": self.phase_name,
            "turn": self.turn,
            "supply": dict(zip(c.coin_ids, self.supply)),
            "purses": [dict(zip(c.coin_ids, pr)) for pr in self.purses],
            "pools": [{c.pool_ids[r]: self._pool[q * c.n_pool + r] for r in range(c.n_pool)} for q in range(c.n_players)],
            "owned": [[c.struct_ids[s] for s in range(c.n_struct) if self._owned[q] >> s & 1] for q in range(c.n_players)],
            "first_builders": {c.struct_ids[s]: self._first_builder[s] for s in range(c.n_struct) if self._first_builder[s] >= 0},
            "workers": [(c.kind_ids[c.worker_kind[w]], c.space_ids[self._wpos[w]] if self._wpos[w] >= 0 else None,
                         self._wowner[w]) for w in range(c.n_workers)],
            "face_up": c.goal_ids[self.face_up] if self.face_up >= 0 else None,
            "face_down": len(self.stack),
            "claimed": [[c.goal_ids[g] for g in self.claimed[q]] for q in range(c.n_players)],
            "removed": [c.goal_ids[g] for g in self.removed],
            "lender_holder": self.holder,
            "borrowed": c.struct_ids[self.borrowed] if self.borrowed >= 0 else None,
            "harbormaster": self.harbormaster,
            "ship": c.outcome_ids[self.ship] if self.ship >= 0 else None,
            "scores": list(self.scores()),
            "ending": self.ending,
            **self._mechanisms_view(player),
        }

    def _mechanisms_view(self, player: int) -> dict:
        """Every mechanism's entries of :meth:`view`, in the registry's order (an unused one's say it is empty)."""
        out = {}
        for m in self.c.all_mechanisms:
            out.update(m.view(self, player))
        return out

    def unseen_goals(self) -> list[int]:
        """Goals neither face up, claimed nor removed: the stack is drawn from these (every determinization asks)."""
        n = len(self.c.goal_ids)
        seen = bytearray(n)                      # 1 per goal seen: indexed in C, no set of Python integers
        for g in self.removed:
            seen[g] = 1
        for goals in self.claimed:
            for g in goals:
                seen[g] = 1
        if self.face_up >= 0:
            seen[self.face_up] = 1
        return [g for g in range(n) if not seen[g]]

    def determinize(self, seed: int, observer: int | None = None) -> "State":
        """A clone in which what ``observer`` (None: the seat that decides now, ``decider``) cannot see (the goal stack,
        future casts, future rolls, the order of the event decks' cards, the other players' objectives) is redrawn
        from ``seed`` — for search bots. The others' objectives are dealt again, as many each as they hold, from
        the cards the observer does not hold; the observer's own are kept."""
        st = self.clone()
        st.rng = reseed(seed)
        pool = st.unseen_goals()
        for i in range(len(pool) - 1, 0, -1):
            j = st._rand(i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        st.stack = pool[:len(self.stack)]
        for m in self.c.at_determinize:           # what each mechanism hides (the event decks' order...)
            m.determinize(st, self, -1 if observer is None else observer)
        return st
