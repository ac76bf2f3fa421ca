"""The change-making policy of docs/coins.md, case by case."""
import pytest

from rulekit.engine.coins import Coinage

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
