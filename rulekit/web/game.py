"""The game a web server holds: one :class:`rulekit.play.Session`, its seats' secret tokens, and what each
browser is sent.

Every change of the game goes through :class:`WebGame` (a request from a browser, or a computer's move);
each seat's token lets it act for that seat only. The texts sent are translated here, in the server's
language, from the same catalogs and the same functions as the terminal (:mod:`rulekit.play.screen`,
:mod:`rulekit.play.story`), so the page holds no catalog of its own and never mixes languages.
"""
from __future__ import annotations

import secrets
import shlex
from pathlib import Path

from ..errors import OutputError
from ..i18n import _, get_language, pgettext
from ..play import screen
from ..play.session import Console, Session, bot_choose, default_record_path, is_human, resume_session
from ..play.sessions import session_class
from .pages import page_for

#: How many lines of the story a page is sent (the last ones).
STORY_LINES = 60

#: The delay between two moves of computers, in seconds, for each speed the page offers.
SPEEDS = {"slow": 1.5, "normal": 0.6, "fast": 0.15, "instant": 0.0}


class Refused(Exception):
    """A request the game refuses; its message says why, in the server's language."""


def _quiet_console() -> Console:
    """A console that shows nothing: the page is drawn from the view, not from the terminal's lines."""
    return Console(interactive=True, color=False, write=lambda text: None, read_line=lambda prompt="": None,
                   clear=lambda: None)


class _WebTokens:
    """Mixed into a family's session: it writes the seats' tokens into its record, so that the same links open
    the same seats when the game is resumed (``rulekit serve --resume``)."""

    web_tokens = None                          # set by WebGame: {"seats": {seat: token}, "host": T, "watch": T}

    def record(self, path=None):
        rec = super().record(path)
        rec.web = self.web_tokens
        return rec


_WEB_SESSIONS: dict = {}


def web_session_class(ruleset) -> type:
    """The session of ``ruleset``'s family (:func:`rulekit.play.sessions.session_class`) that keeps the tokens."""
    base = session_class(ruleset)
    if base not in _WEB_SESSIONS:
        _WEB_SESSIONS[base] = type("Web" + base.__name__, (_WebTokens, base), {})
    return _WEB_SESSIONS[base]


#: What a token may look like (22 characters from secrets.token_urlsafe(16); longer ones are accepted).
def _token_ok(value) -> bool:
    return isinstance(value, str) and 16 <= len(value) <= 64 and all(
        ch.isascii() and (ch.isalnum() or ch in "-_") for ch in value)


class WebGame:
    """A game served to browsers.

    ``tokens``: seat -> its secret token (human seats only); ``host``: the token of the person who started
    the server (seat 1's when it is human), who may also save; ``watch``: the token of a page that only
    watches. A page without one of these tokens is not let in (rulekit.web.app).

    ``version`` grows with every change a page can see; ``position`` with every change of the game's
    position (an action, an undo, a computer's move, a resumed game): a computer's answer is played only
    on the position it was chosen for (:meth:`play_bot`)."""

    def __init__(self, session: Session, delay: float = SPEEDS["normal"], guide: bool = False, saved=None):
        self.session = session
        self.guide = guide                     # a guided first game: short steps, each shown once
        self.guide_seen: set = set()
        self.delay = delay
        self.paused = False
        self.version = 0                       # grows with every change of the game
        self.position = 0                      # grows with every change of the position
        saved = saved if isinstance(saved, dict) else {}
        seats = saved.get("seats") if isinstance(saved.get("seats"), dict) else {}
        self.tokens = {}
        for seat, spec in enumerate(session.players):
            if is_human(spec):
                old = seats.get(str(seat))
                self.tokens[seat] = old if _token_ok(old) and old not in self.tokens.values() \
                    else secrets.token_urlsafe(16)
        host = saved.get("host")
        self.host = self.tokens.get(0) or (host if _token_ok(host) else secrets.token_urlsafe(16))
        watch = saved.get("watch")
        self.watch = watch if _token_ok(watch) and watch not in (self.host, *self.tokens.values()) \
            else secrets.token_urlsafe(16)
        self.message = ""                      # the last note for every page (saved, undone)
        self.invite_base = ""                  # the address another computer opens (set by the server)
        self.reachable = False                 # whether the server listens beyond this computer
        self.host_message = ""                 # the last note for the host's page only (where the game is saved)
        self.can_write = True                  # whether the game may be written to its record_path
        if isinstance(session, _WebTokens):
            session.web_tokens = {"seats": {str(seat): t for seat, t in self.tokens.items()},
                                  "host": self.host, "watch": self.watch}
        session.save_interval = 0.0            # every change saved at once (a served game is paced anyway)

    # ------------------------------------------------------------------ making one
    @classmethod
    def new(cls, ruleset, players, seed: int, record_path=None, first_player=None, save_now: bool = True,
            **kw) -> "WebGame":
        """A new game; with ``record_path``, saved there after every change (and at once with ``save_now``)."""
        session = web_session_class(ruleset)(ruleset=ruleset, seed=seed, players=list(players),
                                             console=_quiet_console(), first_player=first_player,
                                             record_path=Path(record_path) if record_path else None,
                                             human_names=kw.pop("names", None))
        game = cls(session, **kw)
        if record_path and save_now:
            session.save()
        return game

    @classmethod
    def resume(cls, path, players=None, warn=None, **kw) -> "WebGame":
        """The game saved in ``path`` (raises RecordError/ReplayError), saved there again as the game goes;
        the seats keep the tokens saved with it (the same links open the same seats). ``warn(text)`` is
        called when the rules changed since the game was recorded (the page is told too)."""
        from ..engine.record import GameRecord

        said = []

        def note(text):
            said.append(text)
            if warn is not None:
                warn(text)

        session = resume_session(path, _quiet_console(), players=players, warn=note,
                                 session_for=web_session_class, human_names=kw.pop("names", None))
        saved = GameRecord.load(path).web
        game = cls(session, saved=saved, **kw)
        game.position = 1
        if said:
            game.message = said[-1]
        return game

    # ------------------------------------------------------------------ who is who
    @property
    def title(self) -> str:
        return screen.title_line(self.session.ruleset, self.session.seed)

    @property
    def state(self):
        return self.session.state

    def seats_of(self, tokens) -> list[int]:
        """The seats the ``tokens`` (any iterable of strings) let their holder play."""
        given = {t for t in tokens if isinstance(t, str)}
        return sorted(seat for seat, token in self.tokens.items() if token in given)

    def is_known(self, tokens) -> bool:
        """Whether ``tokens`` hold a seat's token or the host's (not only the watch token)."""
        given = {t for t in tokens if isinstance(t, str)}
        return bool(given & (set(self.tokens.values()) | {self.host}))

    def may_connect(self, tokens) -> bool:
        """Whether a page holding ``tokens`` is let in: at least one token, each of them a seat's, the
        host's or the watch token."""
        known = set(self.tokens.values()) | {self.host, self.watch}
        return bool(tokens) and all(isinstance(t, str) and t in known for t in tokens)

    def is_host(self, tokens) -> bool:
        return self.host in {t for t in tokens if isinstance(t, str)}

    def bot_to_play(self) -> bool:
        st = self.state
        return not st.is_terminal() and not is_human(self.session.players[st.decider]) and not self._stopped()

    def _stopped(self) -> bool:
        s = self.session
        return s.max_turns is not None and self.state.turn >= s.max_turns

    # ------------------------------------------------------------------ changes
    def act(self, token, action) -> str:
        """Play ``action`` (the engine's number of a legal action) for the seat of ``token``; returns what is
        told of it. Raises :class:`Refused` with the reason, and changes nothing, when it may not be played."""
        st = self.state
        if not isinstance(token, str) or token not in self.tokens.values():
            raise Refused(_("This link does not let you play: its seat token is not one of this game's."))
        seat = next(s for s, t in self.tokens.items() if t == token)
        if st.is_terminal():
            raise Refused(_("The game is over."))
        if seat != st.decider:
            raise Refused(_("It is not your turn: {player} is to play.").format(player=self.session.names[st.decider]))
        page = page_for(self.session.ruleset)
        if isinstance(action, bool) or not isinstance(action, int) or not page.is_action(st, action):
            raise Refused(_("There is no such action in this game."))
        if action not in st.legal_actions():
            reason = page.why_illegal(st, action)
            written = page.written(st, action)
            if reason:
                raise Refused(_("“{text}” is not possible now: {reason}.").format(text=written, reason=reason))
            raise Refused(_("“{text}” is not a legal action here.").format(text=written))
        self._play(action)
        return self.session.story.entries[-1].text if self.session.story.entries else ""

    def _play(self, action: int) -> None:
        """Play a legal action; the record is saved (a failed save is said to the host, and the game goes on)."""
        try:
            self.session.play_action(action)
        except (OSError, OutputError) as exc:
            self._save_failed(exc)
        self.moved()

    def _save_failed(self, exc) -> None:
        self.host_message = _("Could not save the game to {file}: {reason}").format(
            file=self.session.record_path, reason=getattr(exc, "strerror", None) or exc)

    def bot_position(self):
        """(the position's version, the computer to play, a copy of the state): what :meth:`think` needs,
        taken in the server's loop so that the thinking may run outside it."""
        st = self.state
        return self.position, self.session.players[st.decider], st.clone()

    def think(self, version: int, spec: str, position):
        """(``version``, the action the computer ``spec`` chooses in ``position``); touches nothing of the
        game."""
        action, _reason = bot_choose(spec, position, self.session.seed)
        return version, action

    def bot_choice(self):
        """(the position's version, the action the computer to play chooses); :meth:`play_bot` plays it if
        nothing moved meanwhile."""
        return self.think(*self.bot_position())

    def play_bot(self, version: int, action) -> bool:
        """Play the computer's ``action`` chosen at the position ``version``: only if the position is still
        that one, a computer is to play and the action is legal there (else nothing is played: False)."""
        if version != self.position or not self.bot_to_play():
            return False                       # undone or changed while it thought
        st = self.state
        if isinstance(action, bool) or not isinstance(action, int) or action not in st.legal_actions():
            return False
        self._play(action)
        return True

    def undo(self, token) -> str:
        """Take back the last action of the seat of ``token`` and everything played after it."""
        seats = self.seats_of([token])
        if not seats:
            raise Refused(_("This link does not let you play: its seat token is not one of this game's."))
        s = self.session
        mine = [i for i, seat in enumerate(s.seats) if seat in seats]
        if not mine:
            raise Refused(_("Nothing to undo: no move of yours has been played yet."))
        later_humans = [seat for seat in s.seats[mine[-1] + 1:] if is_human(s.players[seat]) and seat not in seats]
        if later_humans:
            raise Refused(_("Another player has played since your last move; it cannot be undone now."))
        try:
            undone = s.undo()
        except (OSError, OutputError) as exc:
            self._save_failed(exc)
            undone = "redraw"
        if undone != "redraw":
            raise Refused(_("Nothing to undo: no move of yours has been played yet."))
        self.message = s.story.entries[-1].text
        self.moved()
        return self.message

    def save(self, token) -> Path:
        """Save the game now (the host only): to its record, or to a new file of the current folder (never
        over a file this server did not write)."""
        if not self.is_host([token]):
            raise Refused(_("Only the host (the first link the server printed) may save the game."))
        s = self.session
        path = s.record_path or free_record_path(default_record_path(s.ruleset, s.seed))
        path = s.save(path)
        self.message = _("The game is saved.")
        self.host_message = _("Saved to {file}. Every move is now saved there; continue later with: {command}").format(
            file=path, command=resume_command(path))
        self.changed()
        return path

    def set_speed(self, token, speed) -> None:
        if not self.is_known([token]):
            raise Refused(_("This link does not let you play: its seat token is not one of this game's."))
        if speed == "pause":
            self.paused = True
        elif isinstance(speed, str) and speed in SPEEDS:
            self.paused = False
            self.delay = SPEEDS[speed]
        else:
            raise Refused(_("There is no such speed."))
        self.changed()

    def dismiss(self, token, step) -> None:
        """The guide's step ``step`` is read: it is not shown again."""
        if not self.seats_of([token]):
            raise Refused(_("This link does not let you play: its seat token is not one of this game's."))
        if not isinstance(step, str) or step not in page_for(self.session.ruleset).guide_steps:
            raise Refused(_("There is no such step in the guide."))
        self.guide_seen.add(step)
        self.changed()

    def changed(self):
        self.version += 1

    def moved(self):
        """The position changed (an action, an undo): a computer's answer chosen before is not played."""
        self.position += 1
        self.host_message = "" if not self.session.save_failed else self.host_message
        self.changed()

    def flush(self):
        """Save what is not saved yet (when the server stops); the path saved to, or None (nothing to save:
        no record, or no action played). Raises OSError/OutputError."""
        s = self.session
        if s.record_path is None or not self.state.history:
            return None
        return s.save(s.record_path)

    # ------------------------------------------------------------------ what a page is sent
    def can_undo(self, mine) -> bool:
        """Whether :meth:`undo` would take something back for the seats ``mine`` (as it checks)."""
        s = self.session
        if not mine:
            return False
        played = [i for i, seat in enumerate(s.seats) if seat in mine]
        if not played:
            return False
        return not any(is_human(s.players[seat]) and seat not in mine for seat in s.seats[played[-1] + 1:])

    def payload(self, tokens=()) -> dict:
        """Everything a page draws, for the holder of ``tokens``: the family's view in words (its board, its
        choices, its players, its end), whose seats are whose, and which controls this page has."""
        s = self.session
        st = self.state
        tokens = [t for t in tokens if isinstance(t, str)]
        mine = self.seats_of(tokens)
        host = self.is_host(tokens) or 0 in mine
        over = st.is_terminal()
        playing = not over and st.decider in mine
        seat = st.decider if playing else (mine[0] if mine else -1)
        out = {
            "version": self.version,
            "lang": get_language(),
            "title": self.title,
            "mine": mine,
            "seat_tokens": {str(seat): self.tokens[seat] for seat in mine},
            "to_play": st.decider if not over else -1,
            "names": [str(n) for n in s.names],
            "humans": [is_human(p) for p in s.players],
            "watching": not any(is_human(p) for p in s.players),
            "story": [{"kind": e.kind, "seat": e.seat, "text": e.text} for e in s.story.entries[-STORY_LINES:]],
            "played": len(st.history),
            "over": over,
            "message": (self.host_message or self.message) if host else self.message,
            "paused": self.paused,
            "speed": next((k for k, v in SPEEDS.items() if v == self.delay), "normal"),
            "record": str(s.record_path) if s.record_path and host else "",   # paths to the host only
            "can_undo": not over and self.can_undo(mine),
            "controls": {"play": bool(mine), "save": host, "hint": playing,
                         "speed": host and not all(is_human(p) for p in s.players), "again": over and (bool(mine) or host)},
            "strings": page_strings(),
            "waiting": _("Waiting for {player}…").format(player=s.names[st.decider]) if not over else "",
            "you": [_("you") if p in mine else "" for p in range(st.n_players)],
            "invite_base": self.invite_base,
            "invite_note": "" if self.reachable else _(
                "This server answers this computer only: to invite a player on another computer, start it with "
                "--host 0.0.0.0 (docs/web.md)."),
        }
        out.update(page_for(s.ruleset).part(self, seat, playing, mine))
        if host:
            out["links"] = {str(seat): token for seat, token in self.tokens.items() if seat not in mine}
            out["watch"] = self.watch            # the link of a page that only watches
        return out

    def hint(self, token) -> str:
        """What the greedy computer would play now for the seat of ``token``, and why (that seat must decide)."""
        st = self.state
        if st.is_terminal() or st.decider not in self.seats_of([token]):
            raise Refused(_("A hint is given to the player who is to play."))
        return page_for(self.session.ruleset).hint(self)

    def again(self, token) -> None:
        """A new game of the same rules between the same players (a new seed), once this one is over; every
        page's link keeps working."""
        if not self.is_known([token]):
            raise Refused(_("This link does not let you play: its seat token is not one of this game's."))
        if not self.state.is_terminal():
            raise Refused(_("The game is not over yet."))
        old = self.session
        seed = secrets.randbelow(1_000_000)
        record = None
        if old.record_path is not None:        # a new file beside the old one, never over a file
            record = free_record_path(Path(old.record_path).parent / default_record_path(old.ruleset, seed).name)
        self.session = web_session_class(old.ruleset)(
            ruleset=old.ruleset, seed=seed, players=list(old.players), console=_quiet_console(),
            record_path=record, human_names=old.human_names)
        self.session.web_tokens = old.web_tokens
        self.session.save_interval = 0.0
        self.position += 1
        if record is not None:
            self.session.save()
        self.message = ""
        self.guide_seen = set()
        self.changed()


def lan_address() -> str:
    """This computer's address on its network (the one its traffic leaves by; nothing is sent to learn it)."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))          # a documentation address: only the route is looked up
            return probe.getsockname()[0]
    except OSError:
        try:
            return socket.gethostbyname(socket.gethostname())
        except OSError:
            return "127.0.0.1"


def invite_base(host: str, port: int) -> tuple[str, bool]:
    """(the address another computer opens, whether it can): the machine's network address when the
    server listens on every address, the address given when it is one, ``localhost`` on the loopback."""
    if host in ("127.0.0.1", "::1", "localhost"):
        return f"http://localhost:{port}/", False
    if host in ("0.0.0.0", "::", ""):
        return f"http://{lan_address()}:{port}/", True
    return (f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"), True


def resume_command(path) -> str:
    return f"rulekit serve --resume {shlex.quote(str(path))} --lang {get_language()}"


def free_record_path(path) -> Path:
    """``path``, or when a file of that name is there, the first of ``NAME-2.json``, ``NAME-3.json``…
    that is not: a served game never writes over a file it did not write."""
    path = Path(path)
    stem, n, found = path.stem, 2, path
    while found.exists() or found.is_symlink():
        found = path.with_name(f"{stem}-{n}{path.suffix}")
        n += 1
    return found


def page_strings() -> dict:
    """The page's own words, in the server's language."""
    return {
        "board": _("Board"), "choices": _("Your choices:"), "story": _("What happened"),
        # the buttons' own words, capitalised as buttons are (what a button sends is its command, never this)
        "undo": pgettext("button", "Undo"), "save": pgettext("button", "Save"), "rules": pgettext("button", "Rules"),
        "hint": pgettext("button", "Hint"),
        "work_cycle": _("WORK CYCLE"), "join": _("Invite a player"),
        "join_help": _("Send this link to the person who plays seat {seat}:"), "speed": _("Speed"),
        "pause": _("pause"), "slow": _("slow"), "normal": _("normal"), "fast": _("fast"), "instant": _("instant"),
        "keys": _("Keys: 1–9 choose an action, u undo, r rules."),
        "disconnected": _("The connection to the server is lost; trying again…"),
        "reconnected": _("Connected again."),
        "watch": _("You are watching."), "guide_title": _("Guide"), "guide_ok": _("Got it"),
        "your_turn": _("Your turn"), "your_turn_title": _("Your turn! {title}"),
        "back": _("Back"), "again": _("Play again"), "players": _("Players"),
        "player": _("Player"), "you_are": _("You play {player}."),
    }


__all__ = ["Refused", "SPEEDS", "WebGame", "invite_base", "lan_address"]
