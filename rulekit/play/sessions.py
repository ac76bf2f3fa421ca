"""The play layer's table of families: which session plays a ruleset of each family.

Each family's module registers its row (:mod:`.province`: :class:`rulekit.play.session.Session`;
:mod:`.provisions_session`: :class:`rulekit.play.provisions_session.ProvisionsSession`), and
:func:`session_class` reads the table; nothing here names a family."""
from __future__ import annotations

from ..tables import Table

#: The session class of each family, by family id.
SESSIONS: Table = Table("play")


def register_session(family: str, cls: type) -> type:
    return SESSIONS.register(cls, family)


def session_class(ruleset):
    """The session that plays ``ruleset``, by its family."""
    return SESSIONS.of(ruleset)
