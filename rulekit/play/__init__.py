"""``rulekit play``: a game between people and computers on a terminal.

- :mod:`.session` — the game loop: players, commands (help, rules, undo,
  save, quit), the record saved after every action, resume;
- :mod:`.screen` — what the terminal shows, in the player's language;
- :mod:`.notation` — actions written and read in the player's language;
- :mod:`.sessions` — the table of families: the session of each (:mod:`.province`,
  :mod:`.provisions_session`).

This package may import the engine, the bots, the language and the texts;
only :mod:`rulekit.cli` imports it (docs/architecture.md).
"""
from .session import (
                      SLOW_BOTS,
                      Console,
                      PlayersError,
                      Session,
                      available_bots,
                      bot_choose,
                      bot_seed,
                      default_record_path,
                      find_ruleset,
                      parse_players,
                      player_names,
                      resume_session,
)

# The families' sessions, each registering its row in sessions.SESSIONS: one line per family.
from . import province, provisions_session  # noqa: E402,F401

__all__ = ["Console", "Session", "PlayersError", "SLOW_BOTS", "parse_players", "available_bots", "bot_choose",
           "bot_seed", "player_names", "resume_session", "find_ruleset", "default_record_path"]
