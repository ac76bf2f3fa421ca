"""Which session plays a ruleset: :class:`rulekit.play.session.Session` (Province's) or the session of
its family (:class:`rulekit.play.provisions_session.ProvisionsSession`)."""
from __future__ import annotations

from .provisions_session import ProvisionsSession
from .session import Session


def session_class(ruleset):
    """The session that plays ``ruleset``, by its family."""
    if getattr(ruleset, "family", None) == "provisions":
        return ProvisionsSession
    return Session
