"""Province's row in the play layer's table of families (:mod:`.sessions`): its session is
:class:`.session.Session`, its screen :mod:`.screen`, its view :mod:`.view`."""
from ..language.province import FAMILY
from .session import Session
from .sessions import register_session

register_session(FAMILY, Session)
