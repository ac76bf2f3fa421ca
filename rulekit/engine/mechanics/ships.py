# cython: boundscheck=False, wraparound=False
# (Read by Cython alone, as in game.py: the indexes come from the compiled tables and are never negative.)
"""Ships and sailors (the ``casting`` and ``sailors`` sections): the first player to build the casting's structure
holds it (``harbormaster``) and casts the ship tokens, at the start of each of their turns and at the end of the turn
it was built, as the ruleset says (``cast``: a random draw per token, told in the log as ``("cast", outcome)``); a
player with the ``ship_benefit`` effect earns the current result's benefit in their income, and a result that lets
them hire opens the ``hire`` action that turn (in the spending phase, after the conversions: a sailor of the supply
taken onto the cycle's entry, at ``sailors.cost``, at most ``sailors.per_turn`` a turn and ``max_on_cycle`` on the
cycle).

The compile step lays the casting's tables (``c.harbor_struct``, ``c.cast_on_build``, ``c.cast_at_start``,
``c.ship_tokens``, ``c.outcome_ids``, ``c.outcome_by_white``, ``c.outcome_pool``, ``c.outcome_coin``,
``c.outcome_hire``) and the hiring's (``c.sailor_max``, ``c.sailor_cost``, ``c.sailor_cost_pool``,
``c.sailor_per_turn``, and the cap as a C field, ``c._sailor_cap``). The sailors are a worker kind (``c.sailor_kind``,
``c.sailor_shared``), laid by the core with the other workers, and the ``hire`` action (``c.a_hire``) is the core's
action table's, so that no action number changes; the ``ship_benefit`` effect's row of ``primitives.EFFECTS`` fills
``c.ship_mask``, this mechanism's ``income_mask``. Its state is :class:`State`'s slots ``harbormaster``, ``ship``,
``hire_ok``, ``cast_pending`` and ``hired`` (the core resets ``hire_ok`` and ``hired`` with the turn's counters). The
core calls its moments only when one of those slots says something is due: ``holder_turn`` at a turn of
``harbormaster``, ``turn_closing`` while ``cast_pending`` is set, the actions after the conversions while ``hire_ok``
is set; ``income`` where the player owns a structure of ``c.income_hooks``, ``built`` on the casting's structure
(``c.built_hooks``), ``apply`` on a ``hire``. Every other turn and listing calls nothing of it.
"""
from __future__ import annotations

from ..game import HIRE, Mechanism

try:
    import cython                 # compiled: cython.compiled is True; Cython's pure-Python shadow: False
except ImportError:               # pure Python without Cython installed
    from .. import nocython as cython
if not cython.compiled:           # a set's lowest member (compiled: the processor's instruction, ships.pxd)
    from ..game import _ctz

BIT = 1                   # one bit for sets (a 64-bit C integer compiled: ships.pxd)


class Ships(Mechanism):
    """The casting's structure and outcomes, and the sailors one hires."""

    def compile(self, c) -> bool:
        """The casting's tables (``harbor_struct`` -1 and both ``cast_*`` False without a casting section; the
        ``ship_tokens`` and ``outcome_*`` tables only with one) and the hiring's (``sailor_max``, ``sailor_cost``,
        ``sailor_cost_pool``, ``sailor_per_turn`` and the cap ``_sailor_cap``: none, 0 or -1 without sailors). Building the casting's structure calls ``built``; a
        player owning a structure with ``ship_benefit`` calls ``income``. Used where the ruleset casts or has
        sailors."""
        d = c.data
        h = d.get("casting")
        c.harbor_struct = -1
        c.cast_on_build = c.cast_at_start = False
        if h:
            c.harbor_struct = c.struct_ids.index(h["structure"])
            c.cast_on_build = h["cast"]["on_first_build"]
            c.cast_at_start = h["cast"]["start_of_holder_turn"]
            c.ship_tokens = d["components"].get("ship_tokens", 2)
            by_white = {o["white"]: j for j, o in enumerate(h["outcomes"])}
            c.outcome_ids = [o["id"] for o in h["outcomes"]]
            c.outcome_by_white = tuple(by_white.get(w, -1) for w in range(c.ship_tokens + 1))
            c.outcome_pool = tuple(c.pools(o["benefit"].get("income", {})) for o in h["outcomes"])
            c.outcome_coin = tuple(c.coins(o["benefit"].get("income", {})) for o in h["outcomes"])
            c.outcome_hire = tuple(bool(o["benefit"].get("hire_sailor")) for o in h["outcomes"])
            self.built_mask = BIT << c.harbor_struct
        sailors = d.get("sailors")                # the hiring (the sailors' worker kind is the core's)
        c.sailor_max = sailors.get("max_on_cycle") if sailors else None
        c.sailor_cost = c.coins(sailors["cost"]) if sailors else 0
        c.sailor_cost_pool = c.pools(sailors["cost"]) if sailors else c.no_pool
        c.sailor_per_turn = sailors["per_turn"] if sailors else 0
        lay_cap(c, -1 if c.sailor_max is None else c.sailor_max)
        self.income_mask = c.ship_mask
        return c.harbor_struct >= 0 or c.sailor_kind >= 0

    def holder_turn(self, st) -> None:
        """The casting's holder casts at the start of each of their turns (``cast.start_of_holder_turn``)."""
        if st.c.cast_at_start:
            cast_tokens(st)

    def income(self, st, p: int) -> None:
        """``p`` earns its income and owns a structure with ``ship_benefit``: the current result's benefit."""
        apply_benefit(st, p)

    def legal_phases(self, c) -> int:
        return 64 if c.sailor_kind >= 0 else 0    # the spending phase, after the conversions (place 6): hire

    def legal_into(self, st, buf, n: int, phase: int) -> int:
        """The ``hire`` action, where the current player may hire (:func:`can_hire`)."""
        p = st.current
        if st.hire_ok and can_hire(st, p, st.c.coinage.value_at(st._purses[p])):    # p's coins' value
            buf[n] = st.c.a_hire
            n += 1
        return n

    def apply(self, st, p: int, kind: int, arg: int, arg2: int) -> bool:
        """``hire``: ``p`` pays a sailor's cost and the first sailor it may hire enters the cycle; then the checks
        after an action, as after the core's actions."""
        if kind != HIRE:
            return False
        hire(st, p)
        st._checks(False, False)
        return True

    def built(self, st, p: int, s: int) -> None:
        """The first to build the casting's structure holds it, and casts at the turn's end where the ruleset says
        (``cast.on_first_build``)."""
        if st.harbormaster < 0:
            st.harbormaster = p
            if st.c.cast_on_build:
                st.cast_pending = True

    def turn_closing(self, st) -> None:
        """The cast due at the end of the turn the casting's structure was first built (the core calls this moment
        only while ``cast_pending`` is set), before its end-of-turn goals."""
        if st.cast_pending:
            st.cast_pending = False
            cast_tokens(st)


def lay_cap(c, cap: int) -> None:
    """``c._sailor_cap``: ``max_on_cycle``, -1 for none (a C field of Compiled, which the typed ``c`` reaches)."""
    c._sailor_cap = cap


def cast(st) -> None:
    """The holder casts the ship tokens: each is white or not (one draw of the game's generator each); the result
    is the outcome of that many white tokens, told in the log as ``("cast", outcome)``."""
    cast_tokens(st)


def cast_tokens(st) -> None:
    """:func:`cast`'s body (compiled, an inline C function: the moments that cast make no call for it)."""
    c = st.c
    white = 0
    for _ in range(c.ship_tokens):
        white += st._rand(2)
    st.ship = c.outcome_by_white[white]
    if not st.log._muted:                         # a search's state keeps no log: no tuple is made for it
        st.log.append(("cast", st.ship))


def apply_benefit(st, p: int) -> None:
    """The current result's benefit, for ``p`` (a player with the ship effect): its income, and hiring allowed."""
    c = st.c
    o = st.ship
    if o < 0:
        return
    st._gain(p, c.outcome_pool[o])
    if c.outcome_coin[o]:
        st._earn_coin(p, c.outcome_coin[o])
    if c.outcome_hire[o]:
        st.hire_ok = True


def can_hire(st, p: int, value: int) -> bool:
    """Whether ``p``, whose coins are worth ``value``, may hire a sailor now: below the turn's hires, the cost
    payable, fewer than ``max_on_cycle`` sailors on the cycle, a sailor free."""
    c = st.c
    if c.sailor_kind < 0 or st.hired >= c.sailor_per_turn:
        return False
    if value < c.sailor_cost or not st._has(p, c.sailor_cost_pool):
        return False
    if c._sailor_cap >= 0:                        # max_on_cycle (-1: none)
        on = 0
        m = c._kind_workers[c.sailor_kind]        # the sailors, as a set
        while m:
            if st._wpos[_ctz(m)] >= 0:
                on += 1
            m &= m - 1
        if on >= c._sailor_cap:
            return False
    return free_sailor(st, p) >= 0 and st._can_pay(p, c.sailor_cost)   # the coins' search last: the dearest


def free_sailor(st, p: int) -> int:
    """The first sailor ``p`` may hire (off the cycle, hired by nobody, of the shared supply or ``p``'s own), -1 if
    none."""
    c = st.c
    if c.sailor_kind < 0:
        return -1
    m = c._kind_workers[c.sailor_kind]            # the sailors, as a set, lowest first
    while m:
        w = _ctz(m)
        if st._wpos[w] < 0 and st._wowner[w] < 0 and (c.sailor_shared or c.worker_seat[w] == p):
            return w
        m &= m - 1
    return -1


def hire(st, p: int) -> None:
    """``p`` pays a sailor's cost and hires the first free sailor, which enters the cycle at its kind's entry."""
    c = st.c
    st._take(p, c.sailor_cost_pool)
    st._pay(p, c.sailor_cost)
    w = free_sailor(st, p)
    st._wowner[w] = p
    st._wpos[w] = c.kind_entry[c.sailor_kind]
    st.hired += 1
