"""The change-making policy of docs/coins.md, case by case."""
import pytest

from rulekit.engine import core
from rulekit.engine.coins import INDEX_BITS, INDEX_MASK, Coinage
from rulekit.language.soundness import MAX_HOLDINGS

EN = Coinage((1, 5, 10), (10, 3, 1))


@pytest.mark.parametrize("payer,supply,other,amount,expected", [
    # exact payment with small coins first
    ((3, 1, 0), (7, 2, 1), (0, 0, 0), 3, ((0, 1, 0), (10, 2, 1), (0, 0, 0))),
    # a 5 for 3: the supply gives 2 back
    ((0, 1, 0), (10, 2, 1), (0, 0, 0), 3, ((2, 0, 0), (8, 3, 1), (0, 0, 0))),
    # the supply has no 1s: the opponent takes the 5 and gives five 1s
    ((0, 1, 0), (0, 2, 1), (10, 0, 0), 3, ((2, 0, 0), (3, 2, 1), (5, 1, 0))),
    # fewest coins moved: the 10 rather than two 5s
    ((0, 2, 1), (10, 1, 0), (0, 0, 0), 10, ((0, 2, 0), (10, 1, 1), (0, 0, 0))),
    # fewest coins again: one 5 rather than five 1s
    ((5, 1, 0), (5, 2, 1), (0, 0, 0), 5, ((5, 0, 0), (5, 3, 1), (0, 0, 0))),
])
def test_payments(payer, supply, other, amount, expected):
    assert EN.transfer(payer, supply, other, amount) == expected


def test_earning_with_change_from_the_player():
    """Earn 1 when the supply holds only 5s: take a 5, give back four 1s."""
    supply, purse, other = (0, 3, 1), (4, 0, 0), (6, 0, 0)
    assert EN.transfer(supply, purse, other, 1) == ((4, 2, 1), (0, 1, 0), (6, 0, 0))


def test_impossible_payment():
    """Nobody can give change for a 10 when no small coins exist outside the payer."""
    small = Coinage((1, 10), (1, 1))
    assert small.transfer((0, 1), (1, 0), (0, 0), 5) is None


def test_exchange_for_the_platinum_coin():
    purse, supply = (5, 1, 0), (5, 2, 1)
    assert EN.exchange(purse, supply, 2, True) == ((0, 0, 1), (10, 3, 0))
    assert EN.exchange((4, 1, 0), supply, 2, True) is None


def _holdings(totals, rng):
    """Three holdings that share the box's coins (what a purse, the supply and the other purse hold)."""
    a, b, c = [], [], []
    for t in totals:
        x = rng.randint(0, t)
        y = rng.randint(0, t - x)
        a.append(x)
        b.append(y)
        c.append(t - x - y)
    return tuple(a), tuple(b), tuple(c)


def _unpacked(packed, parts):
    """Coinage.transfer_at's or exchange_at's answer as that many indexes (None for -1)."""
    if packed < 0:
        return None
    out = []
    for _ in range(parts):
        out.append(packed & INDEX_MASK)
        packed >>= INDEX_BITS
    return tuple(reversed(out))


@pytest.mark.parametrize("values,totals", [((1, 5, 10), (10, 3, 1)), ((1, 5, 10), (8, 5, 1)), ((1, 2, 5), (3, 3, 2))])
def test_the_answers_by_index_are_the_holdings_answers(values, totals):
    """The engine keeps purses and the supply as holdings' indexes: transfer_at, exchange_at, value_at and
    count_at answer what the change-making policy (_transfer, _exchange, uncached), value and the counts answer
    for the holdings themselves, on a miss and on a hit of the caches (the holdings' and the indexes'), for
    every amount (one beyond the box's value included)."""
    import random

    rng = random.Random(11)
    coins = Coinage(values, totals)
    assert [coins.index(h) for h in coins.holding] == list(range(coins._holdings))
    found = 0
    for _ in range(3000):
        a, b, c = _holdings(totals, rng)
        ia, ib, ic = coins.index(a), coins.index(b), coins.index(c)
        assert coins.value_at(ia) == coins.value(a)
        assert [coins.count_at(ia, d) for d in range(len(values))] == list(a)
        amount = rng.choice([0, 1, 2, 3, 4, 5, 7, 10, coins.total_value + 1])
        denom, up = rng.randrange(len(values)), rng.random() < 0.5
        expected = coins._transfer(a, b, c, amount)              # uncached
        swap = coins._exchange(a, b, denom, up)
        for _twice in range(2):                                   # a miss, then a hit
            assert coins.transfer(a, b, c, amount) == expected and coins.exchange(a, b, denom, up) == swap
            got = _unpacked(coins.transfer_at(ia, ib, ic, amount), 3)
            assert got == (None if expected is None else tuple(coins.index(h) for h in expected))
            got = _unpacked(coins.exchange_at(ia, ib, denom, up), 2)
            assert got == (None if swap is None else tuple(coins.index(h) for h in swap))
        found += expected is not None
    assert found > 1000
    assert coins._index((totals[0] + 1,) + totals[1:]) == -1 and coins._index(totals) == coins._holdings - 1


@pytest.mark.parametrize("values,totals", [((1, 5, 10), (10, 3, 1)), ((2, 5), (4, 3)), ((1, 2, 5), (3, 3, 2))])
def test_a_payment_a_purse_makes_exactly_needs_no_search(values, totals):
    """_hcover[i] is the largest amount such that holding i pays it, and every smaller one, with a set of its own
    coins (the engine's _can_pay and _can_earn say yes to such a payment without asking transfer_at): checked
    against every sub-holding, and such a payment is made with no third party whatever the payee holds."""
    import itertools
    import random

    rng = random.Random(5)
    coins = Coinage(values, totals)
    empty = (0,) * len(values)
    for i, h in enumerate(coins.holding):
        exact = {coins.value(x) for x in itertools.product(*(range(k + 1) for k in h))}
        cover = coins._hcover[i]
        assert all(a in exact for a in range(cover + 1)) and cover + 1 not in exact
        b = coins.holding[rng.randrange(len(coins.holding))]
        for amount in range(cover + 1):
            assert coins._transfer(h, b, empty, amount) is not None
    assert coins._hcover[coins.index(totals)] == (coins.total_value if values[0] == 1 else 0)   # the whole box


@pytest.mark.parametrize("values,totals", [((1, 5, 10), (10, 3, 1)), ((2, 4, 10), (4, 3, 1)), ((1, 2, 5), (3, 3, 2))])
def test_an_exchange_up_needs_smaller_coins_worth_the_coin(values, totals):
    """exchange_at answers -1 at once where a purse's coins smaller than the coin it asks for are worth less than
    it (_hup): then the policy finds no exchange either, whatever the supply holds; elsewhere it still searches."""
    import random

    rng = random.Random(7)
    coins = Coinage(values, totals)
    n = len(values)
    searched = 0
    for i, h in enumerate(coins.holding):
        # The supplies this purse can sit beside (the box's other coins, or some of them)
        supplies = [s for s, x in enumerate(coins.holding) if all(h[j] + x[j] <= totals[j] for j in range(n))]
        for d in range(n):
            short = sum(values[j] * h[j] for j in range(d)) < values[d]
            assert coins._hup[i * n + d] == (0 if short else 1)
            for s in rng.sample(supplies, min(4, len(supplies))):
                swap = coins._exchange(h, coins.holding[s], d, True)
                assert (coins.exchange_at(i, s, d, True) >= 0) == (swap is not None)
                if short:
                    assert swap is None
                searched += swap is not None
    assert searched > 0


@pytest.mark.parametrize("values,totals", [((1, 5, 10), (10, 3, 1)), ((2, 5), (4, 3)), ((1, 2, 5), (3, 3, 2))])
def test_an_exact_payment_is_answered_from_the_payers_table(values, totals):
    """transfer_at answers a payment A can make exactly from _hexact (A's holding after it, per holding and
    amount, whoever is paid and whoever could make change): for every holding A and amount, with payees and
    change makers that share the box's other coins, its answer is the policy's (_transfer, uncached), asked
    before and after the table has it; the table says -1 exactly where no set of A's coins is worth the amount."""
    import itertools
    import random

    rng = random.Random(3)
    coins = Coinage(values, totals)
    exact_found = 0
    for ia, a in enumerate(coins.holding):
        rest = tuple(t - x for t, x in zip(totals, a))
        sums = {coins.value(x) for x in itertools.product(*(range(k + 1) for k in a))}
        for amount in range(coins.total_value + 1):
            for _ in range(2):
                b = tuple(rng.randint(0, r) for r in rest)
                c = tuple(rng.randint(0, r - y) for r, y in zip(rest, b))
                expected = coins._transfer(a, b, c, amount)
                got = _unpacked(coins.transfer_at(ia, coins.index(b), coins.index(c), amount), 3)
                assert got == (None if expected is None else tuple(coins.index(h) for h in expected))
            assert (coins._hexact[ia * (coins.total_value + 1) + amount] >= 0) == (amount in sums)
            exact_found += amount in sums
    assert exact_found > len(coins.holding)


@pytest.mark.parametrize("ruleset_id", ["province-en", "province-fr", "province-3p"])
def test_the_search_by_index_is_the_search_by_holdings(ruleset_id):
    """Coinage._transfer_at, the change-making search over the holdings' table (transfer_at's on a miss), answers
    what _transfer answers for the holdings themselves, packed, on both engines, for the editions' coins."""
    import random

    from rulekit.engine import compile_ruleset
    from rulekit.language import load_ruleset

    pure = core.load_source("rulekit._pure_engine").coins
    fast = compile_ruleset(load_ruleset(ruleset_id)).coinage
    slow = pure.Coinage(fast.values, fast.totals)
    rng = random.Random(5)
    found = 0
    for _ in range(400):
        a, b, c = _holdings(fast.totals, rng)
        ia, ib, ic = fast.index(a), fast.index(b), fast.index(c)
        amount = rng.randrange(0, 30)
        expected = fast._pack3(fast._transfer(a, b, c, amount))
        assert fast._transfer_at(ia, ib, ic, amount) == expected == slow._transfer_at(ia, ib, ic, amount)
        found += expected >= 0
    assert found > 100


def test_an_index_is_for_the_coins_in_the_box_only():
    coins = Coinage((1, 5, 10), (10, 3, 1))
    for outside in ((11, 0, 0), (-1, 0, 0), (0, 0)):
        with pytest.raises(ValueError, match="no holding"):
            coins.index(outside)
    assert MAX_HOLDINGS <= 1 << INDEX_BITS          # every ruleset's holdings fit an index's bits


def test_a_purse_set_outside_the_box_is_refused_on_both_engines():
    from rulekit.engine import game as fast
    from rulekit.language import load_ruleset

    pure = core.load_source("rulekit._pure_engine").game
    for new_game in (fast.new_game, pure.new_game):
        st = new_game(load_ruleset("province-en"), seed=1)
        before = st.key()
        with pytest.raises(ValueError, match="no holding"):
            st.purses[0] = (99, 0, 0)
        with pytest.raises(ValueError, match="no holding"):
            st.supply = (0, 0, 7)
        assert st.key() == before
        st.purses[0] = (0, 1, 0)
        assert st.purses[0] == (0, 1, 0) and st.coin_value(0) == 5


def test_rulesets_with_the_same_coins_share_one_coinage():
    """A Coinage's tables and caches are large and depend on the coins alone: compiled rulesets (and numbers of
    players) with the same coins share one; other coins get their own."""
    from rulekit.engine import compile_ruleset
    from rulekit.language import load_ruleset

    en, three, fr = (load_ruleset(r) for r in ("province-en", "province-3p", "province-fr"))
    assert compile_ruleset(en).coinage.totals == compile_ruleset(three).coinage.totals
    assert compile_ruleset(en).coinage is compile_ruleset(three).coinage
    assert compile_ruleset(fr).coinage.totals != compile_ruleset(en).coinage.totals
    assert compile_ruleset(fr).coinage is not compile_ruleset(en).coinage
