"""What every bot is, and a game played between two of them.

A bot has ``choose(state) -> action`` (an index from ``state.legal_actions()``)
and ``last_reason``, a one-line localized explanation of its last choice.
A bot plays any number of players: it reads whose turn it is and how many
seats there are from the state.
"""
from __future__ import annotations

from ..engine import new_game


def play_game(ruleset, bots, seed: int = 0, first_player=None, max_actions: int = 100000,
              max_turns: int | None = None):
    """Play one game between ``bots``, one per seat (seat 0, seat 1, …: as many players as
    bots); returns the final state.

    With ``max_turns``, a game still running once that many turns have been
    played (every player's turns counted) stops there: the state returned is
    then not terminal (``state.is_terminal()`` is false), the game is
    *unfinished* and has no winner. ``max_actions`` guards against a bot
    that never ends its turn (``RuntimeError``).
    """
    state = new_game(ruleset, seed=seed, first_player=first_player, players=len(bots))
    n = 0
    while not state.is_terminal():
        if max_turns is not None and state.turn >= max_turns:
            break
        state._apply(bots[state.decider].choose(state))
        n += 1
        if n > max_actions:
            raise RuntimeError("game did not end")
    return state
