"""What every family's engine shares: the protocol of a game and its outcome (the games' generator is
:mod:`.rng`).

- :class:`GameState` is the protocol every family's ``State`` implements (OpenSpiel's ``State``,
  boardgame.io's ``Game``): what the bots, the sessions, the records, the balance reports and the
  conformance test (``tests/test_families.py``) may ask of a game without knowing its family;
- :class:`Outcome` is how a finished game came out, with the shorthands (``winner``, ``returns``,
  ``result``) written once.

Plain Python, never compiled.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

@dataclass(frozen=True)
class Outcome:
    """How a finished game came out, seat by seat (seats are 0 to n - 1).

    ``ranks[p]`` is 1 plus the number of players strictly better than ``p`` (on the score, then on
    the family's tie-breaks in order): players equal on all of them share a rank, and the rank after
    a tie is skipped (two first, then third). ``winners`` are the seats ranked 1; ``decided_by`` is
    the family's word for what left one player first (Province: ``"vp"`` or a tie-break metric), or
    ``"tie"`` when more than one is first. ``returns`` are zero-sum, each in [-1, 1]: with k winners
    among n players each winner gets (n/k - 1)/(n - 1) and every other player -1/(n - 1), so that two
    players get (1, -1), or (0, 0) for a tie.
    """
    scores: tuple
    ranks: tuple
    winners: tuple
    decided_by: str

    @property
    def winner(self):
        """The seat of the only winner, or None when more than one player is first."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def returns(self) -> tuple:
        n, k = len(self.scores), len(self.winners)
        if k == n:
            return (0.0,) * n
        win = (n / k - 1) / (n - 1)
        lose = -1 / (n - 1)
        return tuple(win if r == 1 else lose for r in self.ranks)

    @property
    def result(self) -> dict:
        """The winner (a seat, or None for a tie) and what decided it, as a record and a report write them."""
        return {"winner": self.winner, "decided_by": self.decided_by}


@runtime_checkable
class GameState(Protocol):
    """A game in progress, whatever its family: what shared code may ask of it.

    Seats are 0 to ``n_players - 1``; an action is an integer that :meth:`legal_actions` lists.
    ``decider`` is the seat that chooses now (during a decision another seat than the one whose turn
    it is may choose). ``seed`` and ``history`` (the actions played, in order) replay the game:
    ``new_game(ruleset, seed, first_player, players)`` then :meth:`apply` of each action.
    """

    seed: int
    history: list

    @property
    def n_players(self) -> int: ...

    @property
    def decider(self) -> int: ...

    def is_terminal(self) -> bool: ...

    def legal_actions(self) -> list: ...

    def apply(self, action: int) -> None: ...

    def clone(self) -> "GameState": ...

    def key(self) -> tuple:
        """Equal for two states that play on the same (everything the rules and the generator will use)."""

    def determinize(self, seed: int, observer: int | None = None) -> "GameState":
        """A clone in which what ``observer`` cannot see is redrawn from ``seed`` (for search bots)."""

    def view(self, player: int) -> dict:
        """What seat ``player`` may see: equal for two states that differ only in what it cannot see."""

    def outcome(self) -> Outcome: ...

    def scores(self) -> tuple: ...

    def result(self) -> dict: ...

    def winner(self): ...

    def returns(self) -> tuple: ...

    def notation(self, action: int) -> str: ...

    def parse(self, text: str) -> int: ...

    def play(self, text: str) -> int: ...

    def history_notation(self) -> list:
        """The actions played, each in notation as it was written where it was played (a record's actions)."""

    def summary(self) -> dict:
        """The result as a record writes it: ``scores``, ``by_source`` (per seat, points per source),
        ``winner``, ``decided_by``, ``end_reason``, ``end_condition`` and ``turns``."""

    def record_first(self):
        """The first player as a record writes it (None where the rules draw it)."""


__all__ = ["GameState", "Outcome"]
