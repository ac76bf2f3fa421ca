"""Tolls (``work_cycle.spaces[].toll``): a player moving a worker onto a space with a toll pays it to each other
player owning a worker there, once each, in turn order from the one after the mover (coins purse to purse, the
supply making change only when the two cannot; a coin toll counts as coins spent this turn), told in the log as
``("toll", mover, payee, space)``. A move whose tolls the mover cannot pay is not legal. The compile step lays
``c.toll_pool``, ``c.toll_coin`` (per space: what a toll costs) and ``c.toll_mask`` (the spaces with one); it keeps
no state of its own.
"""
from __future__ import annotations

from ..coins import INDEX_BITS, INDEX_MASK
from ..game import Mechanism

BIT = 1                   # one bit for sets (a 64-bit C integer compiled: tolls.pxd)
IB = INDEX_BITS           # a holding's index bits in Coinage.transfer_at's packed answers
IM = INDEX_MASK


class Tolls(Mechanism):
    """The spaces with a toll."""

    def compile(self, c) -> bool:
        """``toll_pool``, ``toll_coin`` (per space) and ``toll_mask``; a move onto one of those spaces calls
        ``moving``, and the work phase's moves are filtered (``legal_moves``)."""
        spaces = c.data["work_cycle"]["spaces"]
        c.toll_pool = tuple(c.pools(s.get("toll") or {}) for s in spaces)
        c.toll_coin = tuple(c.coins(s.get("toll") or {}) for s in spaces)
        c.toll_mask = sum(BIT << i for i in range(len(spaces))
                          if c.toll_pool[i] is not c.no_pool or c.toll_coin[i])
        self.moving_spaces = c.toll_mask
        self.at = tuple([c.toll_mask >> i & 1 for i in range(len(spaces))])     # per space: 1 where a toll is paid
        return c.toll_mask != 0

    def legal_phases(self, c) -> int:
        return 4                                  # a filter of the work phase's moves (legal_moves)

    def legal_moves(self, st, p: int, buf, n: int) -> int:
        """Keep in ``buf[:n]`` the moves whose tolls ``p`` can pay. Moves onto the same space from another pay the
        same tolls (:func:`toll_ok`): asked once per destination (a set, below 62); a move back onto its own
        space is asked on its own. A space off ``c._moving_at`` (the C row of every moving mechanism's spaces,
        the tolls' among them) has no toll. A move's destination is read from ``c._move_to`` (the core's row,
        laid with the action table), a long move's asked of the state (its steps are the mover's)."""
        c = st.c
        j = 0
        known = 0
        payable = 0
        for i in range(n):
            a = buf[i]
            dest = c._move_to[a]                  # a move's destination, laid with the action table
            if dest < 0:                          # a long move: its steps depend on p's structures
                dest = st._move_dest(p, a)
            if dest < 62 and dest != c._action_arg2[a]:
                if not known >> dest & 1:
                    known |= BIT << dest
                    if not c._moving_at[dest] or tolls(st, p, dest, -1, False):
                        payable |= BIT << dest
                ok = payable >> dest & 1
            else:
                ok = self.toll_ok(st, p, a)
            if ok:
                buf[j] = a
                j += 1
        return j

    def moving(self, st, p: int, w: int, dest: int) -> None:
        """``p`` moves worker ``w`` onto ``dest``, one of the moving mechanisms' spaces: pay its toll, if it has one."""
        if self.at[dest]:
            tolls(st, p, dest, w, True)

    def toll_ok(self, st, p: int, a: int) -> bool:
        """Whether ``p`` can pay the tolls of move (or long move) action ``a``."""
        c = st.c
        dest = c._move_to[a]
        if dest < 0:
            dest = st._move_dest(p, a)
        if not c._moving_at[dest]:                # (as in legal_moves)
            return True
        sp = c._action_arg2[a]                    # the mover's space: it is among dest's workers only if dest is sp
        return tolls(st, p, dest, st._mover(p, c._action_arg[a], sp) if sp == dest else -1, False)


def kind_owner(st, k: int) -> int:
    """The only player who may move worker kind ``k`` now (an ``unlocked`` kind whose unlock_worker effect one
    player alone has, owned or borrowed this turn); -1 where several players, or none, may."""
    owner = -1
    for q in range(st.c.n_players):
        if st._kind_access(q) >> k & 1:
            if owner >= 0:
                return -1
            owner = q
    return owner


def toll_owners(st, p: int, dest: int, skip: int) -> int:
    """The other players owning a worker on space ``dest`` (worker ``skip``, the one moving, aside), as a set
    of seats (bits): each is paid the space's toll once, in turn order from the one after ``p``. A worker
    belongs to a sailor's hirer, or to its seat (``workers.<id>.seats``), or to the only player who may move its kind now (:func:`kind_owner`); to nobody
    if everyone, or several players, may move its kind (docs/readings.md)."""
    c = st.c
    owners = 0
    for w in range(c.n_workers):
        if w != skip and st._wpos[w] == dest:
            k = c._worker_kind[w]
            if k == c.sailor_kind or st._wowner[w] >= 0:   # a sailor's hirer, or the seat whose own it is
                q = st._wowner[w]
            elif c._everyone_kinds >> k & 1:      # kind_access[k] is ACCESS_EVERYONE
                continue
            else:
                q = kind_owner(st, k)
            if q >= 0 and q != p:
                owners |= BIT << q
    return owners


def tolls(st, p: int, dest: int, skip: int, pay: bool) -> bool:
    """Whether ``p`` can pay the tolls of moving worker ``skip`` onto ``dest``; with ``pay``, pay them (coins
    from purse to purse, the supply making change only when the two cannot: Coinage.transfer's policy),
    each told in the log as ``("toll", p, payee, dest)``. A coin toll counts as coins spent this turn."""
    c = st.c
    owners = toll_owners(st, p, dest, skip)
    if not owners:
        return True
    k = 0                                         # how many owners (a few seats: counted bit by bit)
    x = owners
    while x:
        x &= x - 1
        k += 1
    coin = c.toll_coin[dest]
    amounts = c.toll_pool[dest]
    if amounts is not c.no_pool:
        base = p * c.n_pool
        for r in range(c.n_pool):
            if st._pool[base + r] < amounts[r] * k:
                return False
    cg = c.coinage
    purse = st._purses[p]
    supply = st._supply
    for q in c.others[p]:                         # the owners, in turn order from the one after p
        if not owners >> q & 1:
            continue
        if coin:
            t = cg.transfer_at(purse, st._purses[q], supply, coin)
            if t < 0:
                return False
            purse, supply = t >> IB >> IB, t & IM
            if pay:
                st._purses[q] = t >> IB & IM
        if pay:
            st._take(p, amounts)
            st._gain(q, amounts)
            st.log.append(("toll", p, q, dest))
    if pay:
        st._purses[p] = purse
        st._supply = supply
        st.spent += coin * k
    return True
