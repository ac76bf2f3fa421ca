"""A game of the Provisions family on a terminal: :class:`ProvisionsSession`.

It is :class:`rulekit.play.session.Session` (the input loop, the players, the record saved as the
game goes, ``--resume``, Ctrl-C saving, the commands) with what it shows and tells taken from
:mod:`rulekit.play.provisions_screen`: the board, the actions in words, the story of the others'
actions. In hot-seat play the screen shows the bonus card of the seat that decides, and only it.
"""
from __future__ import annotations

from ..i18n import _
from ..language.names import display_name
from ..language.provisions import FAMILY
from . import layout, screen, story
from . import provisions_notation as pnotation
from . import provisions_screen as pscreen
from .session import Session, bot_choose, is_human
from .sessions import register_session


#: The rows the story keeps at least when the board leaves room (its heading and a line or two).
STORY_MIN = 3


class ProvisionsSession(Session):
    """A :class:`~rulekit.play.session.Session` of a ruleset of the Provisions family."""

    def __post_init__(self):
        self._menu_key = ()              # the group of choices the player opened (() : every choice)
        self._menu = None                # (group, entries) of the menu last drawn: what a number picks
        self._story_shown = -1           # the decision (actions played) whose story had a screen of its own
        self._last_human = None          # the human seat the screen was last drawn for (hot-seat hand-off)
        super().__post_init__()

    def _events(self):
        st = self.state
        log = st.log
        for k in range(self._log_seen, len(log)):
            event = log[k]
            line = pscreen.event_line(st, event, self.names)
            if line:
                self._tell(story.Entry(st.turn, st.current, story.EVENT, line), fg="yellow")
            produced = event["event"] in ("produce", "steal")
            if produced and (k + 1 == len(log) or log[k + 1]["event"] not in ("produce", "steal")):
                # the month's production has just been played: its cards, told once (October's after the take)
                self._tell(story.Entry(st.turn, st.current, story.EVENT, pscreen.production_line(st)), fg="yellow")
        self._log_seen = len(log)

    def _turn_line(self) -> str:
        return pscreen.heading_line(self.state, self.names)

    def _before_action(self, action: int, seat: int):
        self._menu_key, self._menu = (), None        # the next decision starts from every choice

    def _tell_action(self, action: int, seat: int, turn: int, before, careless: bool):
        self._events()
        if not self.state.is_terminal():
            self._tell_turn()

    def _rebuild(self, actions):
        self._menu_key, self._menu = (), None
        super()._rebuild(actions)

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
        return list(reversed(out))

    def _title(self) -> str:
        """The ruleset's title in the current language."""
        return str(display_name(self.ruleset.data, "ruleset", "title") or self.ruleset.id)

    def menu(self) -> list:
        """The entries of the menu a number picks from: the one last drawn, else the one the console's size
        gives (a script's: every choice, numbered in the legal order)."""
        if self._menu is None:
            columns, rows = self.console.size()
            self._menu = pscreen.menu_for(self.state, max(columns - 1, 20), max(rows - 1, 1), self._menu_key)
        return self._menu[1]

    def screen_lines(self) -> list[str]:
        return self._fit()[0]

    def _fit(self, spare: int = 0) -> tuple[list[str], bool]:
        """The screen for the console's size, the prompt's row kept free, and whether the story since this
        seat's last decision is all on it. The same rules as Province's screen
        (:func:`rulekit.play.layout.fit_screen`): every line wrapped by words to the width less one
        column; the board in sentences when the terminal has :data:`~rulekit.play.layout.MIN_ROOMY` rows
        and it fits, else the grid (:func:`~rulekit.play.provisions_screen.compact_board_lines`), whose
        optional rows go first; the menu opens its groups while they fit; the story gets the rows left,
        the lines it cannot show counted ("3 earlier lines: type log"); the reminder of the commands
        goes first. ``spare``: rows kept free under the screen as well (the guide's note)."""
        st = self.state
        con = self.console
        columns, rows = con.size()
        width = max(columns - 1, 20)
        budget = max(rows - 1 - spare, min(rows - 1, 8), 1)
        title = _("{title} · seed {seed}").format(title=self._title(), seed=self.seed)
        heading = pscreen.heading_line(st, self.names)
        recent = self._recent()
        story_rows = len(layout.story_section(recent, 10 ** 9, width, con, len(recent))) if recent else 0
        whole = True
        # the rows kept for the story (in an opened group: none, its choices first)
        want = min(story_rows + 1, STORY_MIN) if recent and not self._menu_key else 0
        roomy = columns >= layout.MIN_ROOMY[0] - 20 and rows >= layout.MIN_ROOMY[1]
        boards = []
        if roomy:
            top = [con.style(title, dim=True), con.style(heading, bold=True, reverse=True)]
            boards.append((top, layout.fit_lines(pscreen.board_lines(st, self.names, seat=st.current), width) + [""],
                           True))
        plain = _("{heading} · {title}").format(heading=heading, title=title)
        top = [con.style(plain if len(plain) <= width else heading, bold=True, reverse=True)]
        for level in range(pscreen.COMPACT_LEVELS):
            grid = pscreen.compact_board_lines(st, self.names, st.current, width, level=level)
            if grid is not None:
                boards.append((top, grid, False))
        if not boards:                  # goods too many for a grid: the sentences, as they come
            boards.append((top, layout.fit_lines(pscreen.board_lines(st, self.names, seat=st.current), width), False))
        for top, board, spaced in boards:
            room = budget - len(top) - len(board) - want - (1 if spaced and recent else 0)
            group, entries = pscreen.menu_for(st, width, max(room, 1), self._menu_key)
            menu = pscreen.menu_lines(st, entries, width, max(room, 1), group, con)
            if len(top) + len(board) + len(menu) + want + (1 if spaced and recent else 0) <= budget:
                break
        self._menu = (group, entries)
        left = budget - len(top) - len(board) - len(menu)
        footer = screen.wrap(_("Commands: {commands}").format(
            commands=", ".join(screen.command_word(c) for c in pscreen.PLAY_COMMANDS)), "  ", "", width=width)
        section = []
        if recent:
            room = left - 1 - (1 if spaced else 0)
            if story_rows + len(footer) <= room:
                room -= len(footer)
            else:
                footer = []
            # cut by whole entries, the earliest first, the rows left out counted (Province's rule with more
            # than two players: every entry here is one player's action or an event)
            section = layout.story_section_by_turn([(text, True) for text in recent], room, width, con)
            if len(section) == 1 and story_rows > 1:
                section = []                # a count alone says nothing: the story has its own screen
            whole = room >= story_rows
            if section:
                section = [con.style(_("What just happened:"), bold=True)] + section + ([""] if spaced else [])
        elif len(footer) > left:
            footer = []
        footer = [con.style(line, dim=True) for line in footer]
        return layout.fit_lines(top[:1] + section + top[1:] + board + menu + footer, width), whole

    def _draw(self, note: str | None = None):
        """The screen at a decision; ``note`` (a step of the guided game) under it, the screen drawn that many
        rows shorter so that its first line stays on the terminal."""
        con = self.console
        seat = self.state.decider
        if not self._waiting and sum(map(is_human, self.players)) > 1 and seat != self._last_human:
            self._hand_over(seat)
        self._last_human = seat
        width = max(con.size()[0] - 1, 20)
        noted = screen.wrap_shown(note, "  ", "", width=width) if note else []
        lines, whole = self._fit(len(noted))
        decision = len(self.state.history)
        if not whole and self._story_shown != decision and con.terminal and not self._waiting:
            self._show_story()
        self._story_shown = decision
        con.clear()
        for line in lines:
            con.say(line)
        for line in noted:
            con.say(con.style(line, fg="cyan"))

    def _hand_over(self, seat: int):
        """Hot-seat: the screen (and, on a terminal, its scrollback) emptied of the previous player's secret
        cards, then the next player called to the keyboard."""
        con = self.console
        con.clear()
        layout.clear_scrollback(con)
        con.say(con.style(_("{player}, it is your turn: the screen will show your secret bonus card.").format(
            player=self.names[seat]), bold=True))
        con.read(con.style(_("Press Enter when only {player} can see the screen. ").format(
            player=self.names[seat]), dim=True))

    def _show_story(self):
        """What the others did since this seat's last decision, on a screen of its own when the board's has no
        room for all of it: shown once a decision; Enter goes on to the board."""
        con = self.console
        width = max(con.size()[0] - 1, 20)
        con.clear()
        con.say(con.style(_("What just happened:"), bold=True))
        recent = self._recent()
        for line in layout.story_section(recent, 10 ** 9, width, con, len(recent)):
            con.say(line)
        con.read(con.style(_("Enter: on to the board ({log}: the whole story) ").format(
            log=screen.command_word("log")), dim=True))

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

    def _guide_command(self) -> str:
        return f"rulekit play {self.ruleset.id} --guide"

    def _guide(self, seat: int) -> str | None:
        """The guided first game's step for this moment, if one is not yet read (docs/playing.md): its text,
        which the screen shows under the board; None when there is none."""
        from .provisions_guide import guide_step
        from .provisions_view import provisions_view

        step = guide_step(self.state, provisions_view(self.state, self.names, seat), self._guide_seen, page=False)
        if step is None:
            return None
        self._guide_seen.add(step["step"])
        return _("Guide: {text}").format(text=step["text"])

    # ------------------------------------------------------------- commands
    commands = pscreen.PLAY_COMMANDS

    def _help_lines(self, width: int) -> list[str]:
        return pscreen.help_lines(self.state)

    def _rules_lines(self, width: int) -> list[str]:
        return pscreen.rules_lines(self.ruleset)

    def _hint(self) -> str:
        action, _reason = bot_choose("bot:greedy", self.state, self.seed)
        return _("Hint: {action} [{notation}].").format(action=pscreen.describe(self.state, action),
                                                       notation=pnotation.local(self.state, action))

    def _command(self, text: str) -> str:
        """A command, a number of the menu (an action: played; a group: opened; 0: back to every choice), an
        action in notation, or the words of a group (``buy red``: opened)."""
        from ..errors import IllegalActionError

        con = self.console
        command = self.command_of(text)
        if command == "undo":
            return self.undo(self.state.decider)
        if command is not None:
            return super()._command(text)
        entries = self.menu()
        if text.isdigit():
            n = int(text)
            if n == 0 and self._menu_key:
                self._menu_key, self._menu = (), None
                return "redraw"
            if not 1 <= n <= len(entries):
                con.tell(_("There is no choice {number} here: type a number from 1 to {last}.").format(
                    number=n, last=len(entries)), fg="red")
                return "stay"
            entry = entries[n - 1]
            if entry.children:
                self._menu_key, self._menu = entry.key, None
                return "redraw"
            self.play_action(entry.actions[0])
            return "played"
        try:
            action = self._parse(text)
        except IllegalActionError:
            group = pscreen.find_typed(pscreen.choice_tree(self.state), text)
            if group is not None:
                self._menu_key, self._menu = group.key, None
                return "redraw"
            con.tell(_("“{text}” is not a legal action here; type a number from 1 to {last}, or help.").format(
                text=text, last=len(entries)), fg="red")
            return "stay"
        self.play_action(action)
        return "played"

    def _parse(self, text: str) -> int:
        """The legal action ``text`` writes: in notation, or, in an opened group, the words after the group's
        (``+blue`` in ``buy red``)."""
        from ..errors import IllegalActionError

        try:
            return pnotation.parse(self.state, text)         # in the player's language, or in English
        except IllegalActionError:
            group = self._menu[0] if self._menu is not None else None
            if group is None or not group.key:
                raise
            return pnotation.parse(self.state, group.text + ("" if text[:1] in "+>@" else " ") + text)

    def _shown_action(self, notations: list[str], i: int) -> str:
        return notations[i]

    # -------------------------------------------------------------- the end
    def _summary_lines(self) -> list[str]:
        return pscreen.summary_lines(self.state, self.names)

    @staticmethod
    def action_text(state, text: str) -> str:
        """An action written as a record writes it, as the screen writes it in the current language."""
        return pnotation.to_local(state, text)

    @staticmethod
    def replay_lines(ruleset, state, names) -> list[str]:
        return pscreen.end_lines(state, names)[1:] if state.is_terminal() else pscreen.summary_lines(state, names)

    def _show_final_board(self, columns: int, rows: int) -> list[str]:
        board = None
        if rows < layout.MIN_ROOMY[1]:          # a small terminal: the grid, so that the scores stay in view
            board = pscreen.compact_board_lines(self.state, self.names, None, max(columns - 1, 20))
        self._say_all(board or pscreen.board_lines(self.state, self.names))
        return []

    def _end_lines(self, final: list[str]) -> list[str]:
        return pscreen.end_lines(self.state, self.names)


register_session(FAMILY, ProvisionsSession)
