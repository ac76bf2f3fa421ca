"""The games' generator, shared by every family: SplitMix64 (Steele, Lea and Flood, 2014), one 64-bit
integer of state that a game keeps (``State.rng``), so a seed and the actions replay a game exactly.

:func:`start` is a new game's state, :func:`draw` a number below n, :func:`shuffle` a Fisher-Yates
shuffle, :func:`reseed` the state a determinized clone starts from. Compiled by Cython where a compiler
is present (setup.py), like the engines that call it; Province's compiled core also keeps its own C
copy of the step (``State._rand``, with these constants as C integers), which a test holds to
:func:`draw`.
"""
from __future__ import annotations

#: SplitMix64's constants (Steele, Lea and Flood, 2014).
MASK64 = 0xFFFFFFFFFFFFFFFF
GOLDEN = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB


def mix(state: int) -> int:
    """SplitMix64's output for the generator state ``state`` (already advanced)."""
    z = ((state ^ (state >> 30)) * MIX1) & MASK64
    z = ((z ^ (z >> 27)) * MIX2) & MASK64
    return z ^ (z >> 31)


def draw(rng: int, n: int) -> tuple:
    """``(rng', x)``: the generator advanced by one step, and a number from 0 to n - 1 (its output modulo n)."""
    rng = (rng + GOLDEN) & MASK64
    return rng, mix(rng) % n


def shuffle(items: list, rng: int) -> int:
    """Shuffle ``items`` in place (Fisher-Yates, the last place first, one :func:`draw` per place) and return
    the generator's new state."""
    for i in range(len(items) - 1, 0, -1):
        rng = (rng + GOLDEN) & MASK64
        j = mix(rng) % (i + 1)
        items[i], items[j] = items[j], items[i]
    return rng


def start(seed: int, salt: int) -> int:
    """The generator state of a new game with ``seed`` (each family has its own ``salt``)."""
    return (seed * 0x2545F4914F6CDD1D + salt) & MASK64


def reseed(seed: int) -> int:
    """The generator state of a clone determinized with ``seed`` (the same in every family)."""
    return (seed * GOLDEN + 0x7F4A7C15) & MASK64


__all__ = ["GOLDEN", "MASK64", "MIX1", "MIX2", "draw", "mix", "reseed", "shuffle", "start"]
