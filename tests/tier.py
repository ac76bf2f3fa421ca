"""The two tiers of the test suite (tests/README.md).

``python -m pytest`` runs the quick tier: every test, the ones that play many seeded games playing a few of
them. ``python -m pytest --full`` (or ``RULEKIT_FULL=1`` in the environment) runs the full tier, every seeded
game, as CI does. A test that plays seeded games takes its count from :func:`games`, at import::

    GAMES_PER_RULESET = tier.games(full=1000, quick=20)
"""
from __future__ import annotations

import os

#: Whether this run is the full tier: set by tests/conftest.py from ``--full`` or ``RULEKIT_FULL``.
FULL = os.environ.get("RULEKIT_FULL", "") not in ("", "0")


def games(full: int, quick: int) -> int:
    """How many seeded games a test plays: ``full`` in the full tier, ``quick`` (fewer, never none) otherwise."""
    assert 0 < quick <= full
    return full if FULL else quick


__all__ = ["FULL", "games"]
