"""A game of the Provisions family on a terminal: :class:`ProvisionsSession`.

It is :class:`rulekit.play.session.Session` (the input loop, the players, the record saved as the
game goes, ``--resume``, Ctrl-C saving, the commands) with what it shows and tells taken from
:mod:`rulekit.play.provisions_screen`: the board, the actions in words, the story of the others'
actions. In hot-seat play the screen shows the bonus card of the seat that decides, and only it.
"""
from __future__ import annotations

from ..i18n import _
from ..language.names import display_name
from . import provisions_notation as pnotation
from . import provisions_screen as pscreen
from . import screen
from . import story
from .session import Session, bot_choose, is_human


class ProvisionsSession(Session):
    """A :class:`~rulekit.play.session.Session` of a ruleset of the Provisions family."""

    def _events(self):
        st = self.state
        for event in st.log[self._log_seen:]:
            line = pscreen.event_line(st, event, self.names)
            if line:
                self._tell(story.Entry(st.turn, st.current, story.EVENT, line), fg="yellow")
        self._log_seen = len(st.log)

    def _tell_turn(self):
        st = self.state
        if not st.is_terminal():
            self._tell(story.Entry(st.turn, st.current, story.TURN, pscreen.heading_line(st, self.names)), bold=True)

    def play_action(self, action: int, save: bool = True, careless: bool = False):
        st = self.state
        seat = st.current
        self.seats.append(seat)
        month = st.month
        st.apply(action)
        self._events()
        if st.month != month and not st.is_terminal():
            self._tell(story.Entry(st.turn, st.current, story.EVENT, pscreen.production_line(st)), fg="yellow")
        if not st.is_terminal():
            self._tell_turn()
        if save:
            self._autosave(now=is_human(self.players[seat]) or st.is_terminal())

    # --------------------------------------------------------------- screen
    def _recent(self) -> list[str]:
        """The story since this seat's last decision: what the others did."""
        entries = self.story.entries
        mine = self.state.current
        out = []
        for entry in reversed(entries):
            if entry.kind == story.TURN and entry.seat == mine and out:
                break
            if entry.kind in (story.EVENT, story.NOTE):
                out.append(entry.text)
        return list(reversed(out))[-12:]

    def _title(self) -> str:
        """The ruleset's title in the current language."""
        return str(display_name(self.ruleset.data, "ruleset", "title") or self.ruleset.id)

    def screen_lines(self) -> list[str]:
        st = self.state
        con = self.console
        out = [con.style(_("{title} · seed {seed}").format(title=self._title(), seed=self.seed), dim=True)]
        recent = self._recent()
        if recent:
            out.append(con.style(_("What just happened:"), bold=True))
            out.extend("  " + line for line in recent)
            out.append("")
        out.append(con.style(pscreen.heading_line(st, self.names), bold=True, reverse=True))
        out.extend(pscreen.board_lines(st, self.names, seat=st.current))
        out.append("")
        out.extend(pscreen.choice_lines(st))
        out.append(con.style(_("Commands: {commands}").format(
            commands=", ".join(screen.command_word(c) for c in pscreen.PLAY_COMMANDS)), dim=True))
        return out

    def _draw(self):
        con = self.console
        con.clear()
        for line in self.screen_lines():
            con.say(line)

    def _print_intro(self):
        con = self.console
        lines = [_("{title} · seed {seed}").format(title=self._title(), seed=self.seed)]
        for seat, who in enumerate(self.names):
            lines.append("  " + _("Seat {number}: {name}").format(number=seat + 1, name=who))
        if self.record_path is not None:
            lines.append("  " + _("Every move is saved in {file}.").format(file=self.record_path))
        self._say_all(lines)
        if not con.interactive or self.watching:
            for entry in self.story.entries:
                self._say_all([("" if entry.kind == story.TURN else "  ") + entry.text])

    def _guide(self, seat: int):
        """The guided first game's steps are Province's (docs/playing.md): none here."""

    # ------------------------------------------------------------- commands
    def command_of(self, text: str):
        command = super().command_of(text)
        return command if command in pscreen.PLAY_COMMANDS else None

    def _command(self, text: str) -> str:
        con = self.console
        command = self.command_of(text)
        if command == "help":
            con.page(pscreen.help_lines(self.state))
            return "stay"
        if command == "rules":
            con.page(pscreen.rules_lines(self.ruleset))
            return "stay"
        if command == "hint":
            action, _reason = bot_choose("bot:greedy", self.state, self.seed)
            con.tell(_("Hint: {action} [{notation}].").format(action=pscreen.describe(self.state, action),
                                                             notation=pnotation.local(self.state, action)))
            return "stay"
        if command is not None:
            return super()._command(text)
        legal = self.state.legal_actions()
        if text.isdigit():
            return super()._command(text)
        from ..errors import IllegalActionError

        try:
            action = pnotation.parse(self.state, text)
        except IllegalActionError:
            con.tell(_("“{text}” is not a legal action here; type a number from 1 to {last}, or help.").format(
                text=text, last=len(legal)), fg="red")
            return "stay"
        self.play_action(action)
        return "played"

    def _notations(self) -> list[str]:
        # A keep or a sale is written by the card in its slot when it was played: the game is replayed to write it.
        from ..engine.record import history_notations

        return history_notations(self.ruleset, self.state)

    def _shown_action(self, notations: list[str], i: int) -> str:
        return notations[i]

    # -------------------------------------------------------------- the end
    def _summary_lines(self) -> list[str]:
        return pscreen.summary_lines(self.state, self.names)

    def _finish(self):
        from ..files import shown_path

        con = self.console
        if self.record_path is not None:
            self.save()
        if con.interactive and not self.watching:
            con.clear()
            for line in pscreen.board_lines(self.state, self.names):
                con.say(line)
        self._say_all(pscreen.end_lines(self.state, self.names))
        if self.record_path is not None:
            con.tell(_("The game is saved in {file}; check it with: {command}").format(
                file=shown_path(self.record_path), command=shown_path(f"rulekit replay {self.record_path}")))
