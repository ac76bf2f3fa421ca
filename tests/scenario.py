"""Build game positions for rule tests without breaking the engine's invariants.

Rule tests need positions a few dozen actions deep ("player 1 owns the Lender
and the Camp, holds 6 coins, the Crowd goal is face up"). Playing there move by
move is slow to write and hides what the test is about; poking at the state's
fields freely can produce positions no game reaches (coins created from
nothing, a structure without its first builder, a goal in two places). These
helpers edit a :class:`rulekit.engine.State` the way the rules would:

* coins only move between the supply and the purses, through the engine's own
  change-making (:meth:`Coinage.transfer`), so every coin stays conserved;
* a structure given to a player is owned, gets its first builder, and brings
  its worker onto the Work Cycle (and the Harbormaster) exactly as a build does;
* goals are placed face up / in the stack only if they are nowhere else;
* :func:`check_invariants` asserts the invariants after a test has played.

Everything is looked up by the ruleset's ids, never by index, so the helpers
work for every edition.

>>> st = new("province-en", seed=3)
>>> give_structures(st, 0, "lender", "camp")
>>> set_purse(st, 0, silver=4, gold=1)
>>> st.coin_value(0), worker_space(st, "camp")
(9, 'labor_top')
>>> set_goals(st, "coin10", ["crowd"])
>>> set_phase(st, "spending"); set_labor(st, 4)
>>> "build village" in notations(st)
True
>>> check_invariants(st)
"""
from __future__ import annotations

import textwrap
from functools import lru_cache

import yaml

from rulekit.engine import OVER, PHASE_NAMES, WORK, compile_ruleset, new_game
from rulekit.language import bundled_rulesets as _bundled
from rulekit.language import load_ruleset as _load_ruleset


@lru_cache(maxsize=None)
def load_ruleset(ref: str):
    """The ruleset ``ref``, loaded and compiled once per test session."""
    return _load_ruleset(ref)


def bundled_of(family: str = "province") -> list[str]:
    """The ids of the bundled rulesets (editions and variants) written in ``family``'s rules language,
    sorted: the tests of a family's engine, bots, view or screen run over these."""
    return sorted(ident for ident in _bundled() if load_ruleset(ident).family == family)


__all__ = [
    "new", "sid", "set_supply_only", "set_value", "gid", "kid", "space", "coin", "outcome",
    "notations", "can", "cost", "afford", "give_structures", "give_coins", "take_coins", "set_purse",
    "set_labor", "labor", "labor_earned", "set_phase", "set_goals", "set_ship", "place_worker", "worker_space",
    "sailors_of", "begin_turn", "finish_turn", "quick_turn", "check_invariants", "variant", "bundled_of",
]


# ------------------------------------------------------------------ lookups
def new(ruleset: str = "province-en", seed: int = 0, first: int | None = 0, players: int | None = None):
    """A new game for ``players`` (None: the fewest the ruleset allows). ``first`` is the first
    player's seat; it is ignored for rulesets that draw the first player at random (the French edition)."""
    rs = load_ruleset(ruleset)
    if compile_ruleset(rs, players).first_random:
        first = None
    return new_game(rs, seed=seed, first_player=first, players=players)


def sid(st, name: str) -> int:
    """Index of a structure id in ``st.c.struct_ids`` (its bit in ``owned``)."""
    return st.c.struct_ids.index(name)


def gid(st, name: str) -> int:
    """Index of a goal id in ``st.c.goal_ids``."""
    return st.c.goal_ids.index(name)


def kid(st, name: str) -> int:
    """Index of a worker kind (``green``, ``camp``, ``village``, ``sailor``)."""
    return st.c.kind_ids.index(name)


def space(st, name: str) -> int:
    """Index of a Work Cycle space id."""
    return st.c.space_ids.index(name)


def coin(st, name: str) -> int:
    """Index of a coin id (smallest coin first)."""
    return st.c.coin_ids.index(name)


def outcome(st, name: str) -> int:
    """Index of a ship outcome id (``white``, ``mixed``, ``black``)."""
    return st.c.outcome_ids.index(name)


def notations(st) -> list[str]:
    """The legal actions of ``st``, in notation."""
    return [st.notation(a) for a in st.legal_actions()]


def can(st, text: str) -> bool:
    """Whether the action written ``text`` is legal now."""
    return text in notations(st)


# --------------------------------------------------------------- structures
def give_structures(st, p: int, *names: str, first: bool | None = None, check_requires: bool = True):
    """Player ``p`` owns these structures, as if built in earlier turns.

    The first builder of a structure nobody owns yet becomes ``p`` (unless
    ``first=False``, in which case the opponent must already be its first
    builder). A structure that unlocks a worker kind puts that worker on the
    Work Cycle's entry space if none of its kind is on the cycle; the first
    builder of the Harbor structure becomes the Harbormaster. Nothing is paid.
    Prerequisites are enforced unless ``check_requires=False``.
    """
    c = st.c
    for name in names:
        s = sid(st, name)
        if st.owned[p] >> s & 1:
            raise ValueError(f"player {p} already owns {name}")
        if check_requires and not c.requirements_met(s, st.owned[p]):
            raise ValueError(f"{name} requires structures player {p} does not own")
        if bin(st.owned[p]).count("1") >= c.tokens:
            raise ValueError(f"player {p} has no structure token left")
        if first is True and st.first_builder[s] >= 0:
            raise ValueError(f"{name} already has a first builder")
        if first is False and st.first_builder[s] < 0:
            raise ValueError(f"nobody has built {name} yet")
        st.owned[p] |= 1 << s
        if st.first_builder[s] < 0:
            st.first_builder[s] = p
        for k in range(c.n_kinds):
            if c.unlocks[s] >> k & 1:
                ws = [w for w in range(c.n_workers) if c.worker_kind[w] == k]
                if all(st.wpos[w] < 0 for w in ws):
                    for w in ws:
                        st.wpos[w] = c.entry
        if s == c.harbor_struct and st.harbormaster < 0:
            st.harbormaster = p


# -------------------------------------------------------------------- coins
def give_coins(st, p: int, amount: int):
    """Player ``p`` takes ``amount`` of value from the supply (engine's change rules)."""
    got = st._earn_coin(p, amount)
    if got != amount:
        raise ValueError(f"the supply could only give {got} of {amount}")


def take_coins(st, p: int, amount: int):
    """Player ``p`` returns ``amount`` of value to the supply (engine's change rules),
    without counting it as spent."""
    if not st._can_pay(p, amount):
        raise ValueError(f"player {p} cannot pay {amount}")
    spent = st.spent
    st._pay(p, amount)
    st.spent = spent


def set_purse(st, p: int, **counts: int):
    """Player ``p`` holds exactly these coins (by coin id; others zero).

    The player's coins go back to the supply, then the requested ones are taken
    from it: coins are conserved, and a coin the supply lacks (held by the
    opponent) raises ``ValueError``.
    """
    c = st.c
    unknown = set(counts) - set(c.coin_ids)
    if unknown:
        raise ValueError(f"unknown coins {sorted(unknown)}")
    want = tuple(counts.get(cid, 0) for cid in c.coin_ids)
    pool = tuple(s + h for s, h in zip(st.supply, st.purses[p]))
    if any(w > q for w, q in zip(want, pool)):
        raise ValueError(f"the supply cannot provide {counts}")
    st.purses[p] = want
    st.supply = tuple(q - w for q, w in zip(pool, want))


def set_value(st, p: int, amount: int):
    """Player ``p`` holds coins worth exactly ``amount``: their coins go back to
    the supply, then ``amount`` is earned from it by the engine's change rules."""
    take_coins(st, p, st.coin_value(p))
    give_coins(st, p, amount)


def set_supply_only(st, **counts: int):
    """Leave exactly these coins in the supply; the rest go to the players' purses
    (the current player first). Useful to test an empty or short supply."""
    c = st.c
    want = tuple(counts.get(cid, 0) for cid in c.coin_ids)
    extra = [s - w for s, w in zip(st.supply, want)]
    if min(extra) < 0:
        raise ValueError("the supply does not hold these coins")
    p = st.current
    st.purses[p] = tuple(h + e for h, e in zip(st.purses[p], extra))
    st.supply = want


# -------------------------------------------------------------- turn state
def _labor_index(st) -> int:
    return st.c.pool_ids.index("labor")


def labor(st) -> int:
    """The current player's Labor (the editions' resource ``labor``)."""
    return st.held(st.current, _labor_index(st))


def labor_earned(st) -> int:
    """Labor the current player has earned this turn."""
    return st.earned[_labor_index(st)]


def set_labor(st, n: int, earned: bool = False):
    """The current player has ``n`` Labor this turn (counted as earned if ``earned``)."""
    st.pool[st.current * st.c.n_pool + _labor_index(st)] = n
    if earned:
        st.earned[_labor_index(st)] = n


def set_phase(st, name: str):
    """Put the current turn in phase ``work`` or ``spending`` (a spending phase
    implies at least one worker moved, so ``moved`` is left as it is)."""
    if name not in PHASE_NAMES or PHASE_NAMES.index(name) == OVER:
        raise ValueError(f"cannot set phase {name!r}")
    st.phase = PHASE_NAMES.index(name)


def set_goals(st, face_up: str | None, stack=()):
    """The face-up goal and the face-down stack (listed top first).

    Goals already claimed or removed cannot be placed; goals not named leave the
    game for this test. With no face-up goal and an empty stack the goals are
    exhausted, which ends the game at the next check.
    """
    gs = [gid(st, g) for g in ([face_up] if face_up else []) + list(stack)]
    if len(gs) != len(set(gs)):
        raise ValueError("a goal is listed twice")
    used = set(st.removed) | set(st.claimed[0]) | set(st.claimed[1])
    if used & set(gs):
        raise ValueError("a goal listed is already claimed or removed")
    st.face_up = gid(st, face_up) if face_up else -1
    st.stack = [gid(st, g) for g in reversed(list(stack))]   # top of the stack = end of the list


def set_ship(st, name: str | None):
    """The current ship result (``None``: never cast)."""
    st.ship = outcome(st, name) if name else -1


# ------------------------------------------------------------------ workers
def _slots(st, kind: str):
    k = kid(st, kind)
    return [w for w in range(st.c.n_workers) if st.c.worker_kind[w] == k]


def place_worker(st, kind: str, to: str, frm: str | None = None, owner: int | None = None):
    """Move one worker of ``kind`` to space ``to`` without any yield.

    ``frm`` picks the worker by its space (``None``: one off the cycle first,
    else any). A sailor placed from the supply needs ``owner`` (the seat that
    hired it); in an edition with per-player sailors it takes one of that seat's.
    """
    c = st.c
    cands = _slots(st, kind)
    if kind == "sailor":
        if frm is None:
            if owner is None:
                raise ValueError("a sailor from the supply needs an owner")
            cands = [w for w in cands if st.wpos[w] < 0 and (c.sailor_shared or c.worker_seat[w] == owner)]
        elif owner is not None:
            cands = [w for w in cands if st.wowner[w] == owner]
    if frm is not None:
        cands = [w for w in cands if st.wpos[w] == space(st, frm)]
    else:
        cands.sort(key=lambda w: st.wpos[w] >= 0)
    if not cands:
        raise ValueError(f"no {kind} worker available")
    w = cands[0]
    if kind == "sailor" and st.wpos[w] < 0:
        st.wowner[w] = owner
    st.wpos[w] = space(st, to)


def worker_space(st, kind: str) -> str | None:
    """The space of the (first) worker of ``kind`` on the cycle, or None."""
    for w in _slots(st, kind):
        if st.wpos[w] >= 0:
            return st.c.space_ids[st.wpos[w]]
    return None


def sailors_of(st, p: int) -> int:
    """How many sailors seat ``p`` has on the Work Cycle."""
    return sum(1 for w in _slots(st, "sailor") if st.wpos[w] >= 0 and st.wowner[w] == p)


# -------------------------------------------------------------------- turns
def begin_turn(st, p: int):
    """Start a fresh turn of player ``p`` now: per-turn counters reset, the
    Harbormaster casts, start-of-turn income is paid (the engine's own code)."""
    st.current = p
    st._start_turn()


def finish_turn(st):
    """End the current turn (moving a green worker first if none moved yet)."""
    if st.phase == WORK and not st.moved:
        st.play(next(n for n in notations(st) if n.startswith("move green@")))
    st.play("end")


def quick_turn(st):
    """Play a whole turn that changes as little as possible: move one green
    worker, end. Returns the move played."""
    move = next(n for n in notations(st) if n.startswith("move green@"))
    st.play(move)
    st.play("end")
    return move


# --------------------------------------------------------------- invariants

def spending(st, labor: int = 0, value: int | None = None, **coins: int):
    """Put the current player in the Resource Spending phase with ``labor`` and
    these coins (by id), or coins worth ``value``."""
    set_phase(st, "spending")
    set_labor(st, labor)
    if coins:
        set_purse(st, st.current, **coins)
    if value is not None:
        set_value(st, st.current, value)


def cost(st, structure: str) -> tuple[int, int]:
    """(Labor, value in coins) that ``structure`` costs in the game's ruleset."""
    spec = st.c.data["structures"][structure]["cost"]
    return spec.get("labor", 0), spec.get("coin", 0)


def afford(st, structure: str, extra_labor: int = 0, extra_value: int = 0):
    """The current player in the Resource Spending phase with exactly what
    ``structure`` costs (plus ``extra_labor`` and coins worth ``extra_value``)."""
    labor_cost, coin_cost = cost(st, structure)
    spending(st, labor=labor_cost + extra_labor, value=coin_cost + extra_value)


def end_game(st):
    """Exhaust the goals and end the current turn: the game is over."""
    from rulekit.engine import OVER, WORK
    set_goals(st, None)
    if st.phase == WORK:
        set_phase(st, "spending")
    st.play("end")
    assert st.phase == OVER


def claim(st, p: int, goal: str):
    """Player ``p`` holds a goal token that is out of the game's stack (for scoring tests)."""
    g = gid(st, goal)
    assert g not in st.stack and g != st.face_up
    st.claimed[p].append(g)


def check_invariants(st):
    """Assert what must hold in every reachable position."""
    c = st.c
    seats = range(st.n_players)
    for d, total in enumerate(c.coinage.totals):
        held = st.supply[d] + sum(purse[d] for purse in st.purses)
        assert held == total, f"coin {c.coin_ids[d]}: {held} in play, {total} exist"
        assert min(st.supply[d], *(purse[d] for purse in st.purses)) >= 0
    assert min(st.pool) >= 0
    places = list(st.stack) + [g for goals in st.claimed for g in goals] + st.removed + \
        ([st.face_up] if st.face_up >= 0 else [])
    assert len(places) == len(set(places)), "a goal is in two places"
    for s, f in enumerate(st.first_builder):
        if f >= 0:      # it, or a structure built over it (upgrades, replaces), which returned it
            assert st.owned[f] >> s & 1 or any(st.owned[f] >> u & 1 for u, over in enumerate(c.upgrade_of)
                                                if over == s), "a first builder does not own the structure"
        elif not c.given_mask >> s & 1:                  # given at setup: owned, never built
            assert not any(owned >> s & 1 for owned in st.owned), "an owned structure has no first builder"
    for p in seats:
        assert bin(st.owned[p]).count("1") <= c.tokens
    if c.sailor_max is not None:
        on = sum(1 for w in range(c.n_workers) if c.worker_kind[w] == c.sailor_kind and st.wpos[w] >= 0)
        assert on <= c.sailor_max
    assert -1 <= st.holder < st.n_players


# ----------------------------------------------------------------- variants
class _PlainDumper(yaml.SafeDumper):
    """Writes a value used twice in a patch twice, not as an anchor and an alias."""

    def ignore_aliases(self, data):
        return True


def variant(tmp_path, patch, base: str = "province-en", name: str = "house") -> str:
    """Write the house rule ``name.yaml`` into ``tmp_path``: ``extends: base``,
    ``id: name``, then ``patch``; return its path, a ruleset reference for
    :func:`new`, ``load_ruleset`` or ``validate_path``.

    ``patch`` is a dict (dumped as YAML, keys in their order) or YAML text
    (dedented, written as it is: for a test about the file's lines or its
    wording). Writing the same name again replaces the file.
    """
    if not isinstance(patch, str):
        patch = yaml.dump(patch, Dumper=_PlainDumper, allow_unicode=True, sort_keys=False) if patch else ""
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"extends: {base}\nid: {name}\n" + textwrap.dedent(patch), encoding="utf-8")
    return str(path)


def coins_of(st) -> tuple[int, ...]:
    """Every coin of the box, per denomination: the supply's and every purse's."""
    return tuple(st.supply[d] + sum(p[d] for p in st.purses) for d in range(st.c.coinage.n))


def random_games_agree(rs, engines, seeds, players=None, check=None) -> list:
    """Play one seeded random game per seed on every engine of ``engines`` at once (the same random choice for
    all) and assert at every action that they offer the same legal actions, keep every coin of the box, reach
    the same position and write the same log; ``check(st)``, when given, is asserted of every engine's state
    after every action. Return the first engine's log of every game, for the test to count what it is about.

    The tests of a mechanism's play on both engine paths (the compiled core and its pure-Python source) share
    this walk, so a test says only its ruleset and what its games must hold."""
    import random

    logs = []
    for seed in seeds:
        states = [engine.new_game(rs, seed=seed, players=players) for engine in engines]
        totals = coins_of(states[0])
        rng = random.Random(seed)
        while not states[0].is_terminal():
            legal = [st.legal_actions() for st in states]
            assert all(la == legal[0] for la in legal), (seed, legal)
            a = rng.choice(legal[0])
            for st in states:
                st.apply(a)
                assert coins_of(st) == totals, (seed, st.notation(a))
                if check is not None:
                    assert check(st), (seed, st.notation(a))
            assert all(st.key() == states[0].key() for st in states), seed
        assert all(list(st.log) == list(states[0].log) for st in states), seed
        logs.append(list(states[0].log))
    return logs
