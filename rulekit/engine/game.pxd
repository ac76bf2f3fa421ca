# C types for game.py, read by Cython when it compiles game.py (setup.py).
# game.py stays the only source and runs unchanged as pure Python; this file
# only says which attributes and locals are small integers or lists, so the
# compiled core reads them as C fields instead of dictionary look-ups.
#
# A field added to Compiled works without a line here (it keeps an instance
# __dict__ for undeclared fields); declaring it here makes it fast. A field
# added to State (its __slots__) must be declared here: the compiled State has
# no __dict__, and tests/test_engine_differential.py fails on a slot it lacks.
# A declared type that a change makes wrong shows as a TypeError in the
# differential test (tests/test_engine_differential.py), never as a new result.
# Adding a State field is three lines: its name in State.__slots__, its copy in
# State._fill (and key(): an integer in _ints_key), and its declaration below;
# State.playout and the rest of the core need nothing more (docs/engine.md,
# "Adding a field").
#
# Every function returning a C value declares its error value: ``except -1`` where -1 is never an answer,
# ``except? -1`` (or -2) where it may be one. Without a declaration the caller asks Python whether an
# exception is set after every call (PyErr_Occurred), a cost the playout's profile showed at 7%. A long long
# answer with an error value is declared int64_t: Cython 3.3 writes a long long error constant as "-1LLLL".
import cython
from libc.stdint cimport int64_t
from rulekit.engine.coins cimport Coinage
from rulekit.engine.trail cimport Trail
from cpython.mem cimport PyMem_Malloc, PyMem_Free
from libc.string cimport memcpy
from cpython.bytes cimport PyBytes_FromStringAndSize

cdef class Condition    # declared below
cdef class State        # declared below

# A set's lowest member and its size (game.py defines them for Python): a loop over a set's members visits only
# them, from the lowest, instead of testing every bit. The lowest member is the processor's instruction. The size
# is counted inline by bit arithmetic: built for any x86-64, __builtin_popcountll is a call into the compiler's
# library (about 20 instructions and a call, 2% of a greedy step, where the inline count takes 12).
cdef extern from *:
    """
    static inline int rulekit_popcount(unsigned long long x) {
        x = x - ((x >> 1) & 0x5555555555555555ULL);
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        return (int)((x * 0x0101010101010101ULL) >> 56);
    }
    """
    int _ctz "__builtin_ctzll" (unsigned long long x) nogil
    int _popcount "rulekit_popcount" (unsigned long long x) nogil

# The playout's choice, x % k (k the number of legal actions), without a division: Lemire, Kaser and Kurz's "fastmod"
# ("Faster remainder by direct computation", 2019), exact for every 64-bit x with a 128-bit magic number per k,
# ceil(2**128 / k), laid once with the action table (Compiled._mod_magic: low and high halves at 2k and 2k + 1).
# A 64-bit division was the slowest instruction of the playout's loop (half its own time). game.py defines
# _fastmod as ``x % k`` for Python; tests/test_playout.py plays both and a Python loop the same games.
cdef extern from *:
    """
    static inline void rulekit_mod_magic(unsigned long long k, unsigned long long *m) {
        unsigned __int128 M = ((unsigned __int128)-1) / k + 1;    /* k = 1: 0, and x % 1 = 0 */
        m[0] = (unsigned long long)M;
        m[1] = (unsigned long long)(M >> 64);
    }
    static inline unsigned long long rulekit_fastmod(unsigned long long x, unsigned long long *magic,
                                                     unsigned long long k) {
        unsigned __int128 M = ((unsigned __int128)magic[2 * k + 1] << 64) | magic[2 * k];
        unsigned __int128 low = M * x;
        unsigned __int128 bottom = ((unsigned __int128)(unsigned long long)low * k) >> 64;
        unsigned __int128 top = (low >> 64) * k;
        return (unsigned long long)((bottom + top) >> 64);
    }
    """
    void _mod_magic "rulekit_mod_magic" (unsigned long long k, unsigned long long* m) nogil
    unsigned long long _fastmod "rulekit_fastmod" (unsigned long long x, unsigned long long* magic,
                                                   unsigned long long k) nogil

# The phases and the action kinds, compared after every action: C integers (game.py also names them for Python).
cdef int WORK, SPENDING, OVER, SETUP
cdef int MOVE, BORROW, SPEND, BUILD, CONVERT, HIRE, REPAY, EXCHANGE, END, LEAP, CHOOSE, OFFER, USE

# One bit for sets (game.py's BIT): 64-bit, so that BIT << s holds the 32nd structure, worker or kind and beyond.
cdef long long BIT

# Legal actions listed in a buffer on the C stack (State._legal; game.py): the size of that buffer.
cdef int LEGAL_STACK
cdef int KEY_SCALARS, KEY_INTS

# game.py's MAX_CONVERSIONS_PER_TURN (which stays a Python name), as a C integer for the legal actions.
cdef int _CONVERSIONS_CAP

# A holding's index takes IB bits in Coinage.transfer_at's packed answers; IM is one index's mask (game.py).
cdef int IB
cdef long long IM

# SplitMix64's constants, as unsigned 64-bit C integers: State._rand's arithmetic wraps in C as it is masked in Python.
cdef unsigned long long MASK64, GOLDEN, MIX1, MIX2

# A mechanism (game.Mechanism; rulekit/engine/mechanics/): one method per moment, overridden by the modules there
# (each declares its overrides in its own .pxd, cimporting this one), so that the core calls a moment in C.
# Its compile step is a Python method (run once per ruleset: no C type, and closures are allowed there).
cdef class Mechanism:
    cdef public object name
    cdef public long long built_mask, building_mask, income_mask
    cdef public object moving_spaces
    cdef public bint checking
    cdef public long long end_conds, legal_owned
    cpdef setup(self, State st)
    cpdef turn_start(self, State st)
    cpdef holder_turn(self, State st)
    cpdef income(self, State st, int p)
    cdef int legal_into(self, State st, int* buf, int n, int phase) except -1
    cdef int legal_moves(self, State st, int p, int* buf, int n) except -1
    cpdef moving(self, State st, int p, int w, int dest)
    cpdef bint apply(self, State st, int p, int kind, int arg, int arg2) except -1
    cpdef building(self, State st, int p, int s)
    cpdef built(self, State st, int p, int s)
    cpdef turn_closing(self, State st)
    cpdef turn_end(self, State st)
    cpdef lent_end(self, State st)
    cpdef check(self, State st, bint end_of_turn)
    cpdef bint end_met(self, State st, int i) except -1
    cpdef game_over(self, State st)
    cpdef int score(self, State st, int p) except? -1
    cpdef dict view(self, State st, int player)
    cpdef determinize(self, State st, State source, int observer)
    cpdef list outcomes(self, State st, int action)


@cython.final
cdef class Compiled:
    cdef dict __dict__
    cdef public Coinage coinage
    cdef public object ruleset, data, tokens, sailor_max, a_hire, a_repay, coin_bonus
    cdef public object policy_tables   # what rulekit.bots.policy derives from these tables once (None before)
    cdef public list coin_ids, space_ids, struct_ids, conv_ids, kind_ids, kind_access, goal_ids, goal_cond
    cdef public list income_pool, income_coin, unlocks, conv_unlocks, yield_over
    cdef public tuple coin_values, space_pool, space_coin, next_space, cost_pool, cost_coin, pool_end, pool_start, no_pool, no_yields
    cdef public tuple vp_first, vp_later, requires, bits8
    cdef public tuple conv_pay_pool, conv_pay_coin, conv_gain_pool, conv_gain_coin, conv_always, conv_per_turn
    cdef public tuple worker_kind, worker_start, worker_seat, goal_at_end, actions, tie_breaks
    cdef public dict action_index
    cdef public int n_spaces, entry, n_struct, sailor_kind, sailor_cost, sailor_per_turn, n_pool
    cdef public tuple sailor_cost_pool
    # Gains with a moment, repayment and the cast's outcomes (outcome_*: None without a casting section).
    cdef public list built_pool, built_coin, first_pool, first_coin, final_coin
    cdef public long long first_mask
    # Effects with a condition, per structure (read on every income, move and build that owns one).
    cdef public list income_if, gain_if, yield_if, bonus_if, per_income, per_gain
    cdef public long long gain_if_mask, per_income_mask
    cdef public int repay_coin, goals_drawn
    cdef public tuple repay_pool, outcome_pool, outcome_coin, outcome_hire
    cdef public object repay_ends_effect, first_random
    cdef public int n_workers, n_kinds, borrow_phases, harbor_struct, a_spend, a_end
    cdef public long long all_struct_mask, borrow_mask, ship_mask, income_mask, yield_mask, leap_mask
    cdef public int builds_per_turn, move_steps, borrow_per_turn, ship_tokens, lender_penalty
    cdef public tuple kind_entry, conv_needs_payout, goal_vps, outcome_by_white, end_kind
    cdef public tuple build_action, borrow_action, conv_action, exchange_action, leap_action
    cdef public tuple action_kind, action_arg, action_arg2
    cdef public list leap_steps, yield_bonus, end_order, end_keys, end_conds, end_finish
    # Flags read in the hot paths: C truth values (read from Python as bools). A bint would turn a flag that became
    # a count into True without a word: each is a comparison, a bool() or a boolean of the schema (a test checks).
    cdef public bint sailor_shared, take_from_opponent, repay_same_turn, chain_end_of_turn, finish_round
    cdef public bint cast_on_build, cast_at_start
    # Seats: how many, the turn order, who makes change and whose structures each may borrow.
    cdef public int n_players
    cdef public tuple next_seat, others, change_makers, lenders
    cdef public object goal_removed_if_all
    # Structures' copy limits, pools' caps, clocks and the VP measures (the house-rule vocabulary).
    cdef public long long copies_mask
    cdef public tuple copies, pool_cap, end_turns, measures
    cdef public int clock_turns, clock_cond, coin_cap
    cdef public long long given_mask
    cdef public tuple upgrade_of, given_vp
    # replaces (covers: what each structure stands for) and seats (given_seat, seat_forbid: per position in turn
    # order; worker_pos: per worker, the position it belongs to, -1 none; seat_workers: those workers).
    cdef public tuple covers, given_seat, seat_forbid, worker_pos
    cdef public long long replacing_mask, given_some, seat_workers
    cdef public bint seat_forbid_any, seats_dealt
    # requires {any_of}: per structure, the set of which one must be owned (0: none); the structures with one.
    cdef public tuple requires_any
    cdef public long long any_req_mask
    cdef public tuple conv_roll_sides, conv_roll_at_least, action_chance
    # Tolls on spaces (mechanics/tolls.py lays them) and steals of structures (interaction between players).
    cdef public tuple toll_pool, toll_coin
    cdef public object toll_mask
    cdef public list steals
    cdef public long long steal_mask
    # The mechanisms (game.Mechanism): every one registered, those the ruleset uses, and those per moment.
    cdef public tuple all_mechanisms, mechanisms, at_setup, at_turn_start, at_built, at_game_over, at_score
    cdef public tuple at_determinize, at_legal_work, at_legal_spending, at_apply, at_check
    cdef public long long built_hooks, building_hooks
    cdef public tuple at_building, at_legal_moves, at_moving, at_turn_end, at_end_met
    cdef public tuple at_outcomes, at_income, at_legal_converted, at_turn_closing, at_holder_turn
    cdef Mechanism _income_one, _holder_one, _converted_one   # a per-turn moment's mechanism where one alone is on it
    cdef public long long end_hooks, income_hooks
    cdef public tuple at_legal_owned_work, at_legal_owned_spending, at_legal_held, at_lent_end
    cdef public long long legal_owned_work, legal_owned_spending
    cdef public int legal_owned_uses
    cdef public Mechanism legal_owned_work_by, legal_owned_spending_by, legal_held_by
    cdef public object moving_spaces
    # Event decks: their moments, durations and cards, and each card's row (primitives.CARD_EFFECTS).
    cdef public int n_decks
    cdef public long long reveal_build_mask
    cdef public list deck_ids, card_ids, card_deck, card_yield, card_cost, card_forbid, card_give
    cdef public tuple deck_reveal, deck_on_build, deck_lasts, deck_cards
    # Secret objectives: the cards, their conditions and VP, how many dealt to each seat and kept.
    cdef public list obj_ids, obj_cond
    cdef public tuple obj_vps, obj_check
    cdef public int obj_deal, obj_keep
    # Trades with consent (the trades section): the offers' amounts, the offers a turn allows, where.
    cdef public tuple trade_ids, trade_give_pool, trade_give_coin, trade_get_pool, trade_get_coin, offer_action
    cdef public int trade_per_turn, trade_phases

    # The hottest tables again as C rows (Compiled._lay_tables): per structure (MAX_ITEMS); the worker kinds
    # everyone may move, and those each structure unlocks (kind_mask).
    cdef long long _requires[64]
    cdef long long _unlocks[64]
    cdef int _worker_kind[64]         # per worker (MAX_ITEMS)
    cdef long long _kind_workers[64]  # per worker kind: its workers, as a set
    cdef long long _everyone_kinds
    cdef int _sailor_cap              # sailor_max, or -1 for none
    # Tables of no fixed length as C arrays (Compiled._c_row allocates them, __dealloc__ frees them).
    cdef int* _action_kind
    cdef int* _action_arg
    cdef int* _action_arg2
    cdef int* _action_chance          # action_chance: 1 where the action's outcome is drawn by chance
    cdef int* _move_to                # per action: a MOVE's destination space, -1 for any other (_lay_actions)
    cdef unsigned long long* _mod_magic   # per list length k up to the table's: fastmod's magic number (above)
    cdef int* _next_space
    cdef int* _goal_at_end
    cdef int* _goal_static            # per goal: 1 where its condition is Condition.static
    cdef public bint end_static
    cdef int* _end_kind
    cdef int* _goal_vp                # per goal: its VP (goal_vps)
    cdef int _coin_per, _coin_vp, _n_measures
    cdef int* _moving_at              # per space: 1 where a move onto it calls a mechanism (moving_spaces)
    cdef int* _lender_seats           # per seat: the seats in lenders[seat], as a set
    cdef int* _others                 # others, seat after seat: seat p's n_players - 1 at p * (n_players - 1)
    cdef int* _yield_at               # per structure and space: what it changes of a move's yield there (1, 2, 4)
    cdef int _build_action[64]
    cdef int _vp_first[64]
    cdef int _vp_later[64]
    cdef int _given_vp[64]
    # Per conversion (MAX_ITEMS; _lay_tables says what each holds), and the conversions each structure opens.
    cdef long long _conv_unlocks[64]
    cdef int _conv_always[64]
    cdef int _conv_per_turn[64]
    cdef int _conv_pay_coin[64]
    cdef int _conv_gain_coin[64]
    cdef int _conv_action[64]
    # Per pool resource (MAX_POOL): what is left of it at the end of its owner's turn, and its cap (pool_end, pool_cap).
    cdef int _pool_end[16]
    cdef int _pool_cap[16]

    @cython.locals(m=cython.longlong)
    cpdef int64_t kind_mask(self, long long structs) except? -1
    @cython.locals(s=cython.int, i=cython.int, w=cython.int, k=cython.int, r=cython.int)
    cpdef _lay_tables(self)
    @cython.locals(row=cython.p_int, i=cython.int)
    cdef int* _c_row(self, tuple values) except NULL
    @cython.locals(k=cython.ulonglong)
    cpdef _lay_actions(self)


@cython.final
cdef class State:
    # No instance __dict__: every field is one of State.__slots__ and is declared here (a test checks it),
    # so Python code reaching a state's fields and methods (bots, the benchmark's loop) skips a dict look-up.
    cdef public Compiled c
    cdef public object seed, end_reason
    cdef public unsigned long long rng
    cdef public Trail history, log
    cdef public int first, current, phase, turn, face_up, holder, token_turn, borrowed
    cdef public int harbormaster, ship, spent, hired, built_this_turn
    cdef public long long moved, borrowed_mask
    cdef public int borrows, leaped, end_cond
    cdef public list stack, claimed, removed
    # The rows (game.py, "rows"): C arrays sized by MAX_SEATS = 6, MAX_ITEMS = 64 and MAX_POOL = 16, copied whole
    # by clone; Python reads them through the properties pool, owned... (a test checks these sizes).
    cdef long long _pool[96]
    cdef long long _earned[16]
    cdef long long _owned[6]
    cdef long long _first_due[6]
    cdef int _wpos[64]                # a space: the work cycle has no limit on its spaces
    cdef short _first_builder[64]     # 16 bits: a seat, or a count within a turn (at most 100)
    cdef short _wowner[64]
    cdef short _conv_used[64]
    # The coins: each seat's purse and the supply, as holdings' indexes (Coinage.index; below 2 ** IB). Python
    # reads them as state.purses and state.supply, the counts per denomination.
    cdef int _purses[6]
    cdef public int _supply
    # Decisions asked and not yet made, in order: (kind, seat, arg) (game.DECISIONS; empty in most games).
    cdef public list pending
    # The turn order (next seat per seat: the ruleset's, or the one setup.bid makes) and the bids (-1: none yet).
    cdef public tuple seat_next
    cdef public list bids
    # Offers made this turn (the trades section).
    cdef public int offers
    # The abilities used this turn (the abilities section): 4 bits per ability.
    cdef public long long uses
    cdef public bint hire_ok, cast_pending, ending, finish   # flags: see above (C truth values, read as bools)
    # Event decks: the cards left in each, the cards in effect, and the costs, yields and actions they change.
    cdef public list decks
    cdef public tuple ev_active, ev_cost_pool, ev_cost_coin, ev_yield
    cdef public long long ev_yield_mask, ev_no_build, ev_no_space, ev_no_conv
    cdef public list objectives, obj_dealt     # per seat: the objective cards it holds, and those dealt to it
    cdef public tuple obj_met                  # the objective cards met during the game (their check), in order

    @cython.locals(state=cython.ulonglong, z=cython.ulonglong)
    cpdef int _rand(self, int n) except -1

    @cython.locals(st=State, n=cython.int, i=cython.int, j=cython.int, seat=cython.int, r=cython.int, s=cython.int,
                   m=Mechanism)
    cpdef _setup(self, Compiled c, seed, first_player)
    cpdef _begin(self)
    @cython.locals(c=Compiled, p=cython.int, s=cython.int)
    cpdef _end_gains(self)
    @cython.locals(c=Compiled, w=cython.int, s=cython.int)
    cpdef _set_rows(self)
    @cython.locals(c=Compiled)
    cpdef int _row_length(self, int row) except -1
    @cython.locals(n=cython.int, i=cython.int)
    cpdef list _row(self, int row)
    cpdef _put(self, int row, int i, value)   # an integer; a holding (a tuple of counts) for PURSES
    @cython.locals(c=Compiled, i=cython.int, n=cython.int, buf=cython.p_longlong, stack=cython.longlong[512])
    cpdef bytes _ints_key(self)
    cpdef tuple key(self)
    cpdef bint _shares_rest(self, State other) except -1

    @cython.locals(c=Compiled, r=cython.int, k=cython.int)
    cpdef _reset_turn_counters(self)

    @cython.locals(st=State)
    cpdef State clone(self)
    @cython.locals(i=cython.int)
    cpdef State copy_into(self, State st)
    cpdef State mute(self)
    cpdef int _decider(self) except -1
    @cython.locals(c=Compiled, n=cython.int)
    cpdef _fill(self, State st)

    @cython.locals(m=cython.longlong)
    cpdef int64_t _active_structs(self, int p) except? -1

    cpdef int64_t _kind_access(self, int p) except? -1

    @cython.locals(c=Compiled, sailor=cython.int, free=cython.longlong, km=cython.longlong, m=cython.longlong,
                   w=cython.int)
    cpdef int64_t _movable_workers(self, int p, long long kinds) except? -1
    @cython.locals(m=cython.longlong, w=cython.int, out=list)
    cpdef list accessible_workers(self, int p)

    cpdef int coin_value(self, int p) except? -1

    # Pools: player p's resource r at pool[p * n_pool + r] (a list of ints; an int array later).
    @cython.locals(c=Compiled, base=cython.int, r=cython.int, a=cython.int)
    cpdef _gain(self, int p, tuple amounts)

    @cython.locals(c=Compiled, base=cython.int, r=cython.int, a=cython.int)
    cpdef _take(self, int p, tuple amounts)

    @cython.locals(base=cython.int, r=cython.int, a=cython.int)
    cpdef bint _has(self, int p, tuple amounts) except -1

    # The legal actions: _legal_into writes them into a C buffer (on the C stack: the 512 entries below, game.py's
    # LEGAL_STACK, which a test keeps equal; or one _legal_buffer allocates); _legal copies them into a list.
    @cython.locals(stack=cython.int[512], at=cython.p_int, size=cython.int, n=cython.int, i=cython.int)
    cpdef _legal(self, list out)
    cdef int* _legal_buffer(self, int size, int* stack) except NULL
    cdef void _release_buffer(self, int* at, int size) noexcept
    @cython.locals(c=Compiled, p=cython.int, kinds=cython.longlong, moved=cython.longlong, sailor=cython.int,
                   ns=cython.int, w=cython.int, sp=cython.int, k=cython.int, a=cython.int, value=cython.int,
                   owned=cython.longlong, s=cython.int, active=cython.longlong, conv_ok=cython.longlong,
                   dn=cython.int, used=cython.int, tokens=cython.int, cost=cython.int,
                   small=cython.bint, seen=cython.longlong, bit=cython.longlong, built=cython.int,
                   b=cython.int, n_conv=cython.int, cg=Coinage,
                   n=cython.int, i=cython.int, j=cython.int, first=cython.int,
                   left=cython.longlong, rest=cython.longlong, have=cython.longlong,
                   free=cython.longlong, nd=cython.int, purse=cython.int, m=Mechanism)
    cdef int _legal_into(self, int* buf) except -1

    @cython.locals(out=list)
    cpdef list legal_actions(self)


    @cython.locals(c=Compiled, kind=cython.int, arg=cython.int, p=cython.int, k=cython.int, w=cython.int,
                   r=cython.longlong, m=Mechanism)
    cpdef _apply(self, int action)
    @cython.locals(c=Compiled, g=cython.int, claimed=list)
    cpdef _checks(self, bint built, bint turned)

    @cython.locals(c=Compiled, m=cython.longlong, s=cython.int, mech=Mechanism)
    cpdef _income(self, int p, long long structs)

    @cython.locals(c=Compiled, p=cython.int, m=Mechanism)
    cpdef _start_turn(self)
    @cython.locals(c=Compiled, due=cython.longlong, s=cython.int)
    cpdef _first_turn_gains(self, int p)

    @cython.locals(c=Compiled, claimed=list, m=Mechanism)
    cpdef _end_turn(self)
    @cython.locals(c=Compiled, revealed=cython.bint, m=Mechanism)
    cpdef _close_turn(self)

    @cython.locals(c=Compiled, g=cython.int, cond=Condition, q=cython.int, at=cython.int, i=cython.int,
                   m=Mechanism)
    cpdef _check_goals(self)
    @cython.locals(n=cython.int, i=cython.int)
    cpdef _check_end(self)
    @cython.locals(m=Mechanism)
    cpdef _game_ends(self, int i)

    # Helpers the hot methods call: cpdef, so the compiled core calls them in C.
    cpdef bint is_terminal(self) except -1

    @cython.locals(amount=cython.int, cg=Coinage, q=cython.int, makers=tuple, r=cython.longlong)
    cpdef int _earn_coin(self, int p, int amount) except? -1

    @cython.locals(cg=Coinage, q=cython.int)
    cpdef bint _can_earn(self, int p, int amount) except -1
    @cython.locals(cg=Coinage, q=cython.int)
    cpdef bint _can_pay(self, int p, int amount) except -1
    @cython.locals(cg=Coinage, q=cython.int, makers=tuple, r=cython.longlong)
    cpdef _pay(self, int p, int amount)
    cpdef _claim(self, int p, int g)

    @cython.locals(c=Compiled, g=cython.int, first=cython.int, meet=cython.int, q=cython.int, cond=Condition)
    cpdef _reveal_next(self)

    @cython.locals(c=Compiled, g=cython.int, before=cython.int, m=Mechanism)
    cpdef _check_end_of_turn_goals(self)

    cpdef bint _end_condition_met(self, int i) except -1
    @cython.locals(c=Compiled, kind=cython.int, s=cython.int, p=cython.int, cond=Condition, met=cython.bint,
                   m=Mechanism)
    cpdef int _first_end_met(self, int i, int n) except -1

    @cython.locals(c=Compiled, w=cython.int, dest=cython.int, coin=cython.int,
                   over=cython.longlong, s=cython.int, gain=tuple, at=cython.int, m=Mechanism, ey=tuple)
    cpdef _move(self, int p, int kind, int sp, int steps)

    @cython.locals(c=Compiled, m=Mechanism)
    cpdef _build(self, int p, int s)
    @cython.locals(c=Compiled, sailor=cython.bint, w=cython.int, m=cython.longlong)
    cpdef int _mover(self, int p, int kind, int sp) except? -2    # -1 is an answer (none)

    @cython.locals(c=Compiled, unl=cython.longlong, k=cython.int, w=cython.int, idle=cython.bint)
    cpdef _enter_unlocked(self, int s)

    @cython.locals(c=Compiled, base=cython.int, r=cython.int, keep=cython.int)
    cpdef _end_pools(self, int p, bint over)

    @cython.locals(c=Compiled)
    cpdef _convert(self, int p, int k, bint gain)

    @cython.locals(c=Compiled, kind=cython.int, steps=cython.int, dest=cython.int)
    cpdef int _move_dest(self, int p, int a) except? -2    # -1 is an answer (none)
    @cython.locals(dest=cython.int)
    cpdef bint _move_forbidden(self, int p, int a) except -1

    @cython.locals(c=Compiled, m=cython.longlong, steps=cython.int, s=cython.int)
    cpdef int _leap_steps(self, int p) except? -1

    @cython.locals(c=Compiled, total=cython.int, owned=cython.longlong, s=cython.int, goals=list, i=cython.Py_ssize_t,
                   mech=Mechanism)
    cpdef int score(self, int p) except? -1
    @cython.locals(n=cython.int, top=cython.int, best=cython.int, q=cython.int, v=cython.int)
    cpdef double return_of(self, int p) except? -2

    # The search bots' determinizations (one a simulation): a clone whose hidden information is drawn again.
    @cython.locals(st=State, pool=list, i=cython.int, j=cython.int, m=Mechanism)
    cpdef State determinize(self, seed, observer=*)
    @cython.locals(g=cython.int, n=cython.int, seen=bytearray)
    cpdef list unseen_goals(self)
    @cython.locals(i=cython.int, j=cython.int)
    cpdef list _shuffled(self, list cards)

    # A random playout (the random bots' game, simulate's): the whole loop in C.
    @cython.locals(x=cython.ulonglong, z=cython.ulonglong, n=cython.int, k=cython.int, size=cython.int,
                   magic=cython.p_ulonglong,
                   stack=cython.int[512], at=cython.p_int, a=cython.int, history=Trail, keep=cython.bint, played=list)
    cpdef int playout(self, seed, int max_turns=*) except -1


@cython.final
cdef class Condition:
    cdef public object metric, param, at_least, at_most, spec, met
    cdef public int code, index       # index: the parameter when it is one integer (-1 otherwise)
    cdef public long long lo, hi, pmask
    cdef public tuple parts
    cdef public bint static           # only a build changes its answer
    cdef public bint current_only     # only the player whose turn it is can meet it (a measure of this turn above 0)

    @cython.locals(code=cython.int, v=cython.longlong)
    cpdef bint holds(self, State st, int p) except -1
    @cython.locals(code=cython.int, v=cython.longlong, owned=cython.longlong, c=Compiled, s=cython.int,
                   vp=cython.longlong, pmask=cython.longlong,
                   w=cython.int, k=cython.int, part=Condition, b=cython.longlong, counted=cython.longlong,
                   m=cython.longlong)
    cdef bint _holds_other(self, State st, int p) except -1
