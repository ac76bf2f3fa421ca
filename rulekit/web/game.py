"""The game a web server holds: one :class:`rulekit.play.Session`, its seats' secret tokens, and what each
browser is sent.

Every change of the game goes through :class:`WebGame` (a request from a browser, or a computer's move);
each seat's token lets it act for that seat only. The texts sent are translated here, in the server's
language, from the same catalogs and the same functions as the terminal (:mod:`rulekit.play.screen`,
:mod:`rulekit.play.story`), so the page holds no catalog of its own and never mixes languages.
"""
from __future__ import annotations

import secrets
from dataclasses import asdict, replace
from pathlib import Path

from ..errors import OutputError
from ..i18n import _, get_language, ngettext
from ..play import screen
from ..play.session import Console, Session, bot_choose, default_record_path, is_human, resume_session
from ..play.guide import GUIDE_STEPS, guide_step
from ..play.view import state_view
from ..text import sentences

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


class _WebSession(Session):
    """A session that writes the seats' tokens into its record, so that the same links open the same seats
    when the game is resumed (``rulekit serve --resume``)."""

    web_tokens = None                          # set by WebGame: {"seats": {seat: token}, "host": T, "watch": T}

    def record(self, path=None):
        rec = super().record(path)
        rec.web = self.web_tokens
        return rec


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
        self.host_message = ""                 # the last note for the host's page only (where the game is saved)
        self.can_write = True                  # whether the game may be written to its record_path
        if isinstance(session, _WebSession):
            session.web_tokens = {"seats": {str(seat): t for seat, t in self.tokens.items()},
                                  "host": self.host, "watch": self.watch}
        session.save_interval = 0.0            # every change saved at once (a served game is paced anyway)

    # ------------------------------------------------------------------ making one
    @classmethod
    def new(cls, ruleset, players, seed: int, record_path=None, first_player=None, save_now: bool = True,
            **kw) -> "WebGame":
        """A new game; with ``record_path``, saved there after every change (and at once with ``save_now``)."""
        session = _WebSession(ruleset=ruleset, seed=seed, players=list(players), console=_quiet_console(),
                              first_player=first_player, record_path=Path(record_path) if record_path else None)
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
                                 session_for=lambda rs: _WebSession)
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
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < len(st.c.actions):
            raise Refused(_("There is no such action in this game."))
        if action not in st.legal_actions():
            reason = screen.why_illegal(st, action)
            written = screen.notation(st, action)
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
        if not isinstance(step, str) or step not in GUIDE_STEPS:
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
    def payload(self, tokens=()) -> dict:
        """Everything a page draws, for the holder of ``tokens``: the view, the texts, whose seats are whose."""
        s = self.session
        st = self.state
        mine = self.seats_of(tokens)
        host = self.is_host(tokens) or 0 in mine
        playing = not st.is_terminal() and st.decider in mine
        seat = st.decider if playing else (mine[0] if mine else -1)
        view = state_view(st, s.names, seat=seat, label=screen.describe, with_actions=playing)
        if not (playing or len(mine) == 1 or st.is_terminal()):   # a page of several seats, none to play now:
            view = replace(view, players=tuple(replace(pv, objectives=()) for pv in view.players))   # no one's cards
        data = s.data
        c = st.c
        actions = []
        for a in view.actions:
            actions.append({**asdict(a), "hover": hover_text(data, c, a),
                            "details": screen.details(st, a.index)})
        out = {
            "version": self.version,
            "lang": get_language(),
            "title": self.title,
            "heading": screen.heading_line(st, s.names) if not st.is_terminal() else "",
            "hint": screen.phase_hint(st) if not st.is_terminal() and st.decider in mine else "",
            "view": view_dict(self, view),
            "off_cycle_text": off_cycle_text(st, view),
            "progress_text": progress_text(view.progress),
            "actions": actions,
            "mine": mine,
            "seat_tokens": {str(seat): self.tokens[seat] for seat in mine},
            "to_play": st.decider if not st.is_terminal() else -1,
            "names": [str(n) for n in s.names],
            "humans": [is_human(p) for p in s.players],
            "watching": not any(is_human(p) for p in s.players),
            "resources": {rid: str(sentences.resource_name(data, rid)) for rid in [*c.pool_ids, *(
                [c.coins_id] if c.coins_id else [])]},
            "coins": {cid: str(screen.name(data, "coin", cid)) for cid in c.coin_ids},
            "rows": [[label, text] for label, text in screen.common_rows(st, s.names)],
            # secret objectives: the seat playing now sees its own; a page of one seat, that seat's
            "players_text": [player_texts(st, s.names, p, seat if playing or len(mine) == 1 else -1)
                             for p in range(st.n_players)],
            "story": [{"kind": e.kind, "seat": e.seat, "text": e.text} for e in s.story.entries[-STORY_LINES:]],
            "played": len(st.history),
            "over": st.is_terminal(),
            "end": screen.end_lines(st, s.names)[1:] if st.is_terminal() else [],
            "message": (self.host_message or self.message) if host else self.message,
            "paused": self.paused,
            "speed": next((k for k, v in SPEEDS.items() if v == self.delay), "normal"),
            "record": str(s.record_path) if s.record_path and host else "",   # paths to the host only
            "can_undo": bool(mine) and any(seat in mine for seat in s.seats),
            "guide": guide_step(st, view, self.guide_seen) if self.guide and playing else None,
            "strings": page_strings(),
            "waiting": _("Waiting for {player}…").format(player=s.names[st.decider]) if not st.is_terminal() else "",
        }
        if host:
            out["links"] = {str(seat): token for seat, token in self.tokens.items() if seat not in mine}
            out["watch"] = self.watch            # the link of a page that only watches
        return out


def view_dict(game: WebGame, view) -> dict:
    """The view as JSON, with the words of the board: each space's yield, each worker's label."""
    st = game.state
    c = st.c
    out = _plain(asdict(view))
    kinds = {kid: k for k, kid in enumerate(c.kind_ids)}
    for space, sp in zip(out["spaces"], view.spaces):
        space["yield_text"] = screen.gain_text(c.space_pool[sp.index], c.space_coin[sp.index], c)
        for w in space["workers"]:
            w["label"] = screen._worker_label(st, game.session.names, kinds[w["kind"]], w["owner"], 1,
                                              w["moved"], False)
    return out


def off_cycle_text(state, view) -> str:
    """The workers not on the Work Cycle yet, and the sailors that may still be hired ("" when none)."""
    c = state.c
    counts = {}
    for w in view.off_cycle:
        if c.worker_kind[w.index] != c.sailor_kind:
            counts[w.kind_name] = counts.get(w.kind_name, 0) + 1
    cur = state.current
    sailors = sum(1 for w in range(c.n_workers) if c.worker_kind[w] == c.sailor_kind and state.wpos[w] < 0
                  and state.wowner[w] < 0 and (c.sailor_shared or c.worker_seat[w] == cur))
    if c.sailor_max is not None:           # as the terminal counts them (screen.cycle_lines)
        on = sum(1 for w in range(c.n_workers) if c.worker_kind[w] == c.sailor_kind and state.wpos[w] >= 0)
        sailors = max(0, min(sailors, c.sailor_max - on))
    parts = [_("{worker} ×{count}").format(worker=k, count=n) if n > 1 else k for k, n in counts.items()]
    if c.sailor_kind >= 0:
        sailor = screen.name(c.data, "worker", c.kind_ids[c.sailor_kind])
        parts.append(ngettext("{worker}: {count} more can be hired", "{worker}: {count} more can be hired",
                              sailors).format(worker=sailor, count=sailors))
    return _("Not on the Work Cycle yet: {workers}").format(workers=", ".join(parts)) if parts else ""


def progress_text(progress) -> str:
    """How close the game is to its end, in a line."""
    parts = [ngettext("{built} of {total} structure built", "{built} of {total} structures built",
                      progress.structures_total).format(built=progress.structures_built,
                                                        total=progress.structures_total),
             ngettext("{count} goal left", "{count} goals left", progress.goals_left).format(
                 count=progress.goals_left)]
    if progress.ending:
        parts.append(_("the end of the game is triggered"))
    return " · ".join(parts)


def _plain(value):
    """Tuples as lists, all the way down (for JSON)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def resume_command(path) -> str:
    return f"rulekit serve --resume {screen._quote(path)} --lang {get_language()}"


def free_record_path(path) -> Path:
    """``path``, or when a file of that name is there, the first of ``NAME-2.json``, ``NAME-3.json``…
    that is not: a served game never writes over a file it did not write."""
    path = Path(path)
    stem, n, found = path.stem, 2, path
    while found.exists() or found.is_symlink():
        found = path.with_name(f"{stem}-{n}{path.suffix}")
        n += 1
    return found


def amounts_text(data, c, amounts) -> str:
    """``((resource or coin id, n), ...)`` in words ("2 Labor, 3 Coin"), or "nothing"."""
    parts = []
    for rid, n in amounts:
        if rid in c.coin_ids and rid != c.coins_id:
            parts.append(_("{coin} ×{count}").format(coin=screen.name(data, "coin", rid), count=n))
        else:
            parts.append(sentences.resource_amount(data, rid, n))
    return ", ".join(parts) if parts else _("nothing")


def hover_text(data, c, action) -> str:
    """What an action costs and gives, said when the pointer rests on it."""
    return _("Cost: {cost}. Gain: {gain}.").format(cost=amounts_text(data, c, action.cost),
                                                   gain=amounts_text(data, c, action.gain))


def player_texts(state, names, seat: int, viewer: int = -1) -> list[str]:
    """A player's lines on the board: score, coins, resources, structures, goals, and its secret objectives
    as ``viewer`` may see them (its own; how many the others hold; every player's once the game is over)."""
    c = state.c
    d = c.data
    pv = state_view(state, names, seat=viewer, with_actions=False).players[seat]
    lines = [_("{player} — {score}").format(player=names[seat], score=screen.vp_text(pv.score)),
             _("{coins} — {total} in all").format(coins=screen.coins_text(d, c.coin_ids, [n for _c, n in pv.purse]),
                                                   total=screen.coin_text(pv.coin_value, c))]
    held = [sentences.resource_amount(d, rid, n) for rid, n in pv.resources if n]
    if held:
        lines.append(", ".join(held))
    built = ", ".join(_("{structure} ({vp})").format(structure=s.name, vp=screen.vp_text(s.vp)) for s in pv.structures)
    lines.append(ngettext("{structures} · {count} token left", "{structures} · {count} tokens left",
                          pv.tokens_left).format(structures=built or _("none yet"), count=pv.tokens_left))
    if pv.goals:
        lines.append(_("goals: {goals}").format(goals=", ".join(name for _g, name in pv.goals)))
    if pv.borrowed:
        lines.append(_("borrowed this turn: {structure}").format(structure=screen.name(d, "structure", pv.borrowed)))
    if c.obj_deal:
        lines.append(_("objectives: {cards}").format(cards=screen.objectives_text(state, pv, compact=True)))
    return lines


def page_strings() -> dict:
    """The page's own words, in the server's language."""
    return {
        "board": _("Board"), "choices": _("Your choices:"), "story": _("What happened"),
        "undo": pgettext_command("undo"), "save": pgettext_command("save"), "rules": pgettext_command("rules"),
"work_cycle": _("WORK CYCLE"), "join": _("Invite a player"),
        "join_help": _("Send this link to the person who plays seat {seat}:"), "speed": _("Speed"),
        "pause": _("pause"), "slow": _("slow"), "normal": _("normal"), "fast": _("fast"), "instant": _("instant"),
        "keys": _("Keys: 1–9 choose an action, u undo, r rules."),
        "disconnected": _("The connection to the server is lost; reload the page."),
        "watch": _("You are watching."), "guide_title": _("Guide"), "guide_ok": _("Got it"),
    }


def pgettext_command(command: str) -> str:
    return screen.command_word(command)


__all__ = ["Refused", "SPEEDS", "WebGame"]
