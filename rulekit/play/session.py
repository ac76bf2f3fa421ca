"""A game session: the screen, the input loop, the computer players, save and resume.

This is the library behind ``rulekit play`` (the command itself, in
:mod:`rulekit.cli.game_cmds`, only reads options and reports errors). Nothing
here names game content: structures, goals, coins and spaces come from the
ruleset, and every word shown goes through the catalog.

Two ways to play:

- **interactive** (stdin is a terminal): at each human decision the screen
  shows the whole position (:func:`rulekit.play.screen.board_lines`), then the
  numbered legal actions; the player types a number, an action in notation
  (docs/notation.md; written in the player's language, see
  :mod:`rulekit.play.notation`, the English notation working too) or a command (``help``, ``rules``, ``undo``, ``save``,
  ``quit``);
- **scripted** (stdin is a pipe or a file): one action (or command) per
  line, blank lines and ``#`` comments ignored; each action played is
  printed as one line; a line that is not legal gets a message listing the
  legal actions and the game goes on; the end of the input saves (when there
  is a record file) and ends with a summary.

A computer player slow to choose (:data:`SLOW_BOTS`) shows "… is thinking…"
on a terminal while it searches; the line is wiped out before its move.

Computer players are seeded from the game seed, their seat and the number of
actions played so far (:func:`bot_seed`), so a game replayed, resumed or
undone gets exactly the same computer moves.
"""
from __future__ import annotations

import os
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..engine import new_game
from ..engine.record import GameRecord, replay
from ..errors import IllegalActionError, OutputError, RecordError, RulekitError
from ..files import shown_path
from ..i18n import N_, Name, _, get_language, ngettext, pgettext
from ..paths import is_regular_file
from . import layout, screen, story
from .notation import AmbiguousActionError, fold
from .view import rules_view

HUMAN = "human"
BOT_PREFIX = "bot:"
DEFAULT_PLAYERS = "human,bot:hard"   # bot:DEFAULT_LEVEL (a test checks)
COMMANDS = screen.PLAY_COMMANDS
#: Computer players slow enough (a search, about 0.1 s a move or more) to show "thinking…" on a terminal.
SLOW_BOTS = {"mcts", "deep", "wide"}


class PlayersError(ValueError):
    """A ``--players`` value that cannot be used (the message is localized)."""


def available_bots() -> list[str]:
    """The computer players that can be named in ``--players`` (``bot:NAME``):
    the registry's names (:func:`rulekit.bots.registry.bot_names`), levels included."""
    from ..bots.registry import bot_names

    return list(bot_names())


def parse_players(text: str, family: str | None = None) -> list[str]:
    """``"human,bot:normal"`` -> ``["human", "bot:normal=greedy"]``; raises :class:`PlayersError`.

    One player a seat, first seat first: their number is the number of players
    (whether the ruleset allows it is :func:`rulekit.engine.new_game`'s to say).
    A computer is ``bot:`` and a bot spec (:func:`rulekit.bots.parse_bot`, which
    also reads the names in the current language, without accents); it is kept
    in its canonical form, so the record says the budget and the level. ``family``: the
    ruleset's family (None: Province's), which says what a level stands for.
    """
    parts = [p.strip().lower() for p in str(text).split(",")]
    if len(parts) < 2 or not all(parts):
        raise PlayersError(_("give two players or more, separated by commas, for example {example}").format(
            example=DEFAULT_PLAYERS))
    from ..bots.registry import bot_word, legal_forms, parse_bot

    humans = {HUMAN, fold(pgettext("player", "human")).lower()}
    out = []
    for part in parts:
        if fold(part).lower() in humans:
            out.append(HUMAN)
            continue
        word = part[len(BOT_PREFIX):].partition("=")[0].partition(":")[0].strip()
        if part.startswith(BOT_PREFIX) and bot_word(word) is not None:
            try:
                out.append(BOT_PREFIX + parse_bot(part[len(BOT_PREFIX):], family).text)
                continue
            except ValueError as exc:
                raise PlayersError(str(exc)) from None
        local = pgettext("player", "human")
        human = HUMAN if local == HUMAN else _("{local} ({canonical})").format(local=local, canonical=HUMAN)
        choices = ", ".join([human] + [BOT_PREFIX + b for b in legal_forms()])
        raise PlayersError(_("unknown player “{player}”; choose among: {choices}").format(
            player=part, choices=choices))
    return out


def default_players(count: int = 2, family: str | None = None) -> list[str]:
    """The players when none are named: you, and the strongest computer in every other seat."""
    first, _sep, other = DEFAULT_PLAYERS.partition(",")
    return parse_players(",".join([first] + [other] * (count - 1)), family)


def is_human(spec: str) -> bool:
    return spec == HUMAN


def bot_name(spec: str) -> str:
    return spec[len(BOT_PREFIX):] if spec.startswith(BOT_PREFIX) else spec


def _bot_kind(spec: str) -> str:
    """The bot a player spec plays (``bot:hard=wide:30`` → ``wide``)."""
    from ..bots.registry import parse_bot

    try:
        return parse_bot(bot_name(spec)).name
    except ValueError:
        return bot_name(spec)


def bot_seed(game_seed: int, seat: int, ply: int) -> int:
    """The seed of a computer player's move: the same game gives the same moves."""
    return (int(game_seed) * 1_000_003 + ply * 2 + seat) & 0xFFFFFFFF


def bot_choose(spec: str, state, game_seed: int):
    """The action a computer player chooses here, and its one-line reason."""
    from ..bots import make_bot

    family = getattr(getattr(state, "rules", None), "family", None)      # a family other than Province's
    bot = make_bot(bot_name(spec), bot_seed(game_seed, state.decider, len(state.history)), family=family)
    action = bot.choose(state)
    return action, getattr(bot, "last_reason", "") or ""


def own_names(human_names) -> list[str]:
    """The hot-seat players' own names (``--names``) as a record keeps them: stripped, the empty ones left out."""
    return [n.strip() for n in (human_names or ()) if n and n.strip()]


def player_names(players, human_names=None) -> list[str]:
    """What each seat is called on screen ("You" / "Computer (greedy)", "Player 1"...); ``human_names``:
    the human players' own names, in seat order (``--names``), used when there are several."""
    humans = sum(1 for p in players if is_human(p))
    bots = len(players) - humans
    names = []
    own = own_names(human_names)
    human_seen = 0
    for seat, spec in enumerate(players):
        if is_human(spec):
            human_seen += 1
            if humans > 1 and human_seen <= len(own):
                text = own[human_seen - 1]
                names.append(Name(text, "player", text, {"subject": text, "the": text}))
            elif humans == 1:
                names.append(player_name(N_("You")))
            else:
                names.append(player_name(N_("Player {number}"), number=seat + 1))
        else:
            kind = screen.bot_label(bot_name(spec))
            if bots == 1:
                names.append(player_name(N_("Computer ({bot})"), bot=kind))
            else:
                names.append(player_name(N_("Computer {number} ({bot})"),
                                         number=seat + 1, bot=kind))
    return names


#: Turns (every player's counted) after which a game that has not ended stops:
#: a house rule may make a game that cannot end. Random games of the bundled
#: editions last about 120 turns; the longest seen lasted 631.
DEFAULT_MAX_TURNS = 2000
MAX_TURNS_LIMIT = 1_000_000      # the largest --max-turns the command takes


def player_name(message: str, **values) -> Name:
    """A player's name, with the forms a sentence needs (``{player.subject}``
    starting a sentence, ``{player.the}`` inside one: "L’ordinateur (MCTS)
    déplace…", "…pour l’ordinateur (MCTS)")."""
    forms = {
        "subject": pgettext("player:subject", message).format(**values),
        "the": pgettext("player:the", message).format(**values),
    }
    return Name(_(message).format(**values), "player", message, forms)


def _player_forms():
    """Never called: puts the forms of the player names in the catalog."""
    return [pgettext("player:subject", "You"), pgettext("player:the", "You"),
            pgettext("player:subject", "Player {number}"), pgettext("player:the", "Player {number}"),
            pgettext("player:subject", "Computer ({bot})"), pgettext("player:the", "Computer ({bot})"),
            pgettext("player:subject", "Computer {number} ({bot})"),
            pgettext("player:the", "Computer {number} ({bot})")]


def default_record_path(ruleset, seed: int) -> Path:
    """Where a game is saved when no ``--record`` file was given."""
    return Path(f"{ruleset.id}-{seed}.json")


# ---------------------------------------------------------------------------
# Input and output


def _less_prompt_text(text: str) -> str:
    """``text`` as a literal part of a ``less`` prompt (its ``-P`` option, given in ``LESS``): in
    ASCII, since ``less`` garbles other characters in its prompt on many systems (a dash is written
    ``-``, any space a plain one, a letter without its accent), and its special characters ``?``,
    ``:``, ``.``, ``%`` and ``\\`` written with a backslash; a ``$`` would end the option, so none is
    kept."""
    import unicodedata

    out = []
    for ch in text:
        category = unicodedata.category(ch)
        if category == "Pd":
            ch = "-"
        elif category == "Zs":
            ch = " "
        elif ord(ch) > 127:
            ch = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode("ascii")
        if ch == "$":
            continue
        out.append("\\" + ch if ch in "?:.%\\" else ch)
    return "".join(out)


def less_prompt() -> str:
    """The prompt of ``less`` as a pager, in the player's language: at the end of the text, and
    before it (``?e…:….`` is ``less``'s "at the end of the file, else")."""
    # TRANSLATORS: the pager's prompt (`less`) on the last page of `help`, `rules`, `costs` and `log`.
    # Shown in ASCII only: less garbles other characters in its prompt (accents are dropped, dashes become -).
    end = _("(end, q to go back)")
    # TRANSLATORS: the pager's prompt (`less`) before the last page. ASCII only, as above.
    more = _("(space for more, q to go back)")
    return "?e" + _less_prompt_text(end) + ":" + _less_prompt_text(more) + "."


def pager_environment(environ, color: bool) -> dict:
    """What to add to the environment of the pager that ``click`` starts: when it is ``less`` (no
    ``PAGER``, or a ``PAGER`` that runs ``less``), ``LESS`` with the prompt of :func:`less_prompt`
    as its short, medium and long prompts (so that the player never sees less's English ``(END)``),
    after the player's own ``LESS`` options, and ``-R`` when the text is in colour. Another pager is
    left as the player set it."""
    import shlex

    try:
        command = shlex.split(environ.get("PAGER", ""))
    except ValueError:
        return {}
    if command and Path(command[0]).stem != "less":
        return {}
    prompt = less_prompt()
    options = [environ.get("LESS", "").strip()] + (["-R"] if color else [])
    options += [f"-P{kind}{prompt}$" for kind in ("s", "m", "M")]
    return {"LESS": " ".join(o for o in options if o)}


class Console:
    """Where a session writes and reads.

    ``interactive``: a person at a terminal (screens, prompts); else a script
    (one action per line, one line printed per action). ``color``: ANSI
    colours (a terminal, and ``NO_COLOR`` unset). ``terminal``: the output is
    a terminal, where a passing status line ("thinking…") can be shown and
    wiped out again; never in a pipe or a file.
    """

    def __init__(self, interactive: bool, color: bool, write=None, read_line=None, clear=None,
                 terminal: bool = False, status_write=None, size=None, pager=None):
        import click

        self.fixed_size = size
        self.pager = pager if pager is not None else (self._echo_pager if terminal and interactive else None)
        self.interactive = interactive
        self.color = color
        self.terminal = terminal
        self._write = write or (lambda text: click.echo(text, color=self.color))
        self._status_write = status_write or (lambda text: click.echo(text, nl=False, color=self.color))
        self._status_width = 0
        self._read_line = read_line
        self._clear = clear if clear is not None else (_clear_terminal if interactive and terminal else None)

    @classmethod
    def from_environment(cls) -> "Console":
        stdin_tty = _isatty(sys.stdin)
        stdout_tty = _isatty(sys.stdout)
        color = stdout_tty and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"
        return cls(interactive=stdin_tty, color=color, terminal=stdout_tty)

    def size(self) -> tuple[int, int]:
        """Columns and rows to draw in: the terminal's, read at every screen; else unbounded rows."""
        if self.fixed_size is not None:
            return self.fixed_size
        if self.terminal:
            return layout.terminal_size()
        return screen.WIDTH + 1, 10_000

    def page(self, lines) -> None:
        """Long text: through a pager on a terminal (wrapped by words to its width), else printed."""
        if self.terminal:
            lines = [screen.shown(line) for line in layout.fit_lines(lines, max(self.size()[0] - 1, 20))]
        if self.pager is not None:
            self.pager(lines)
            return
        for line in lines:
            self.say(line)

    def _echo_pager(self, lines) -> None:
        import click

        os.environ.setdefault("LESSCHARSET", "utf-8")     # accents and narrow spaces, even without a UTF-8 locale
        before = os.environ.get("LESS")
        given = pager_environment(os.environ, self.color)
        os.environ.update(given)
        try:
            click.echo_via_pager("\n".join(lines) + "\n", color=self.color)
        finally:
            if "LESS" in given:
                if before is None:
                    os.environ.pop("LESS", None)
                else:
                    os.environ["LESS"] = before

    def style(self, text: str, **kw) -> str:
        if not self.color or not text:
            return text
        import click

        return click.style(text, **kw)

    def say(self, text: str = "") -> None:
        self._write(text)

    def tell(self, text: str, **style) -> None:
        """A message under the prompt (an error, a hint, where a game is saved): on a terminal, wrapped
        by words to its width, never cut by it."""
        lines = [text]
        if self.terminal:
            lines = screen.wrap_shown(text, "  ", "", width=max(self.size()[0] - 1, 20))
        for line in lines:
            self._write(self.style(line, **style) if style else line)

    def say_inline(self, text: str) -> None:
        """Text without an end of line (a prompt drawn again)."""
        self._status_write(text)

    def clear(self) -> None:
        if self._clear is not None:
            self._clear()

    def status(self, text: str) -> None:
        """A passing line on a terminal (no end of line), until :meth:`clear_status`."""
        if not self.terminal:
            return
        import click

        self._status_write(text)
        self._status_width = len(click.unstyle(text))

    def clear_status(self) -> None:
        if not self.terminal or not self._status_width:
            return
        self._status_write("\r" + " " * self._status_width + "\r")
        self._status_width = 0

    def read(self, prompt: str = "") -> str | None:
        """One line, without its end; ``None`` at the end of the input."""
        if self._read_line is not None:
            return self._read_line(prompt)
        if self.interactive:
            try:
                return input(prompt)
            except EOFError:
                self._write("")
                return None
        line = sys.stdin.readline()
        if not line:
            return None
        return line.rstrip("\r\n")


def _clear_terminal() -> None:
    sys.stdout.write("\x1b[H\x1b[2J")
    sys.stdout.flush()


def _isatty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


# ---------------------------------------------------------------------------
# The session


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP (a closed terminal) during a game: it leaves as on Ctrl-C, saved."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def _terminate(signum, frame):
    raise Terminated(signum)


#: The signals that end a game as Ctrl-C does: saved, then an exit status of 128 + the signal's number.
LEAVE_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


@dataclass
class Session:
    """One game being played: the ruleset, the players, the state, the record file.

    ``delay``: in a game between computers on a terminal, the seconds between
    two moves (``None``: Enter steps through the game, turn by turn)."""

    ruleset: object
    seed: int
    players: list
    console: Console
    first_player: int | None = None
    record_path: Path | None = None
    actions: list = field(default_factory=list)   # notations to replay first (resume)
    autosave: bool = True
    delay: float | None = None
    max_turns: int | None = DEFAULT_MAX_TURNS       # a game still running after this many turns stops
    #: Between two turn ends, computers' actions are saved at most this often (seconds); a human's
    #: action, the end of a turn, the end of the game and leaving are always saved at once.
    save_interval: float = 1.0
    human_names: list | None = None                 # hot-seat players' own names, in seat order (--names)
    guide: bool = False                              # a guided first game: short steps, each shown once (--guide)

    def __post_init__(self):
        self.names = player_names(self.players, self.human_names)
        self.data = self.ruleset.data
        self.story = story.Story()
        self.saved_once = False
        self._telling = False
        self._waiting = False
        self._last_turn_shown = -1             # the turn whose start showed the other players' last turn
        self._guide_seen = set()               # the guided first game's steps already shown
        self._note = None                      # the guide's step shown under the board at this decision
        self.save_failed = False
        self._files_sha256 = None
        self._last_save = time.monotonic()
        self._unsaved = 0
        self._rebuild(self.actions)

    @property
    def recent(self) -> list[str]:
        """The story's lines (kept for callers of the former log)."""
        return self.story.lines()

    # ----------------------------------------------------------- the state
    def _rebuild(self, actions):
        """The state after ``actions`` (notations), with the whole story told again, silently."""
        self.state = new_game(self.ruleset, seed=self.seed, first_player=self.first_player, players=len(self.players))
        self.seats = []
        self.story.clear()
        self._log_seen = 0
        self._telling = False
        self._events()
        self._tell_turn()
        for i, text in enumerate(actions):
            try:
                action = self.state.parse(text)
            except IllegalActionError as exc:
                from ..engine.record import ReplayError

                raise ReplayError(i, text, exc.legal) from None
            self.play_action(action, save=False)
        self._telling = True

    def record(self, path=None) -> GameRecord:
        """The game's record; the ruleset is named by its id and content hash, and a ruleset file that is not
        bundled by its path relative to the record's folder (never an absolute path)."""
        if self._files_sha256 is None:
            from ..engine.record import files_hash

            self._files_sha256 = files_hash(self.ruleset) or ""
        rec = GameRecord.for_state(self.ruleset, self.state, players=self.players, language=get_language(),
                                   files_sha256=self._files_sha256 or None,
                                   names=own_names(self.human_names)[:sum(map(is_human, self.players))])
        rec.ruleset_source = portable_source(self.ruleset, path or self.record_path)
        return rec

    def save(self, path=None) -> Path:
        """Write the record (atomically; never over the ruleset's files: an OutputError)."""
        path = Path(path or self.record_path or default_record_path(self.ruleset, self.seed))
        self.record(path).save(path, inputs=self.ruleset.chain)
        self.record_path = path
        self.saved_once = True
        self._last_save = time.monotonic()
        self._unsaved = 0
        return path

    def _autosave(self, now: bool = True):
        """Save the record; with ``now`` False (a computer's action within a turn), only when
        :attr:`save_interval` seconds have passed since the last save, so that a turn of
        thousands of actions is not rewritten thousands of times."""
        if self.autosave and self.record_path is not None:
            self._unsaved += 1
            if not now and time.monotonic() - self._last_save < self.save_interval:
                return
            self.record(self.record_path).save(self.record_path, inputs=self.ruleset.chain)
            self._last_save = time.monotonic()
            self._unsaved = 0

    # ------------------------------------------------------------- output
    @property
    def watching(self) -> bool:
        return not any(is_human(p) for p in self.players)

    def _tell(self, entry, **style):
        """Add ``entry`` to the story; printed at once in a script or a watched game."""
        self.story.add(entry)
        if self._telling and (not self.console.interactive or self.watching):
            indent = "" if entry.kind in (story.ACTION, story.TURN) else "  "
            width = self.console.size()[0] - 1 if self.console.terminal else None
            lines = screen.wrap_shown(entry.text, indent + "    ", indent, width=width) if width \
                else [indent + entry.text]
            for line in lines:
                self.console.say(self.console.style(line, **style) if style else line)

    def _events(self):
        log = self.state.log
        st = self.state
        for event in log[self._log_seen:]:
            line = screen.event_line(st, event, self.names)
            if line:
                arg = event[1] if event[0] == "claim" else -1
                self._tell(story.Entry(st.turn, st.current, story.EVENT, line, action_kind=event[0], arg=arg),
                           fg="yellow")
        self._log_seen = len(log)

    def _tell_turn(self):
        st = self.state
        if not st.is_terminal():
            self._tell(story.Entry(st.turn, st.current, story.TURN, self._turn_line()), bold=True)

    def _turn_line(self) -> str:
        """The line the story starts a turn with (a family's session words it its own way)."""
        return screen.turn_line(self.state, self.names)

    def play_action(self, action: int, save: bool = True, careless: bool = False):
        """Play ``action`` (a legal action of the state) for the seat to play: the story is told as on the
        terminal (the line, its events, a computer's reason, the next turn), and the record saved when it
        is due (``save=False``: not saved; ``careless``: a computer's random slip, told as such): at once for a
        human's action, the end of a turn and the end of the game. A family's session tells it through
        :meth:`_before_action` and :meth:`_tell_action`."""
        st = self.state
        seat, turn = st.decider, st.turn
        before = self._before_action(action, seat)
        self.seats.append(seat)
        st.apply(action)
        self._tell_action(action, seat, turn, before, careless)
        if save:
            self._autosave(now=is_human(self.players[seat]) or st.turn != turn or st.is_terminal())

    def _before_action(self, action: int, seat: int):
        """What the story of ``action`` needs of the position before it is played (given back to
        :meth:`_tell_action`)."""
        st = self.state
        rules = rules_view(st)
        info = rules.actions[action]
        vp = 0
        if info.kind == screen.BUILD:
            vp = rules.vp_first[info.arg] if st.first_builder[info.arg] < 0 else rules.vp_later[info.arg]
        after = screen.next_seat(st, seat)           # who plays next, when this action ends the turn
        return {
            "setup": st.phase_name == "setup",       # decisions before the first turn: the first turn starts after them
            "info": info,
            "line": screen.action_line(st, action, self.names[seat], None, keep_together=self.console.interactive),
            "vp": vp,
            "labor": screen.labor_of(st), "coin": st.coin_value(seat), "other_coin": st.coin_value(after),
            "first_due": st.first_due[after],        # first-turn gains the next player receives as their turn starts
            "lost": screen.labor_lost(st) if info.kind == screen.END else 0,
            "could_build": story.buildable(st) if info.kind == screen.END else None,   # for a computer's "Why"
        }

    def _tell_action(self, action: int, seat: int, turn: int, before, careless: bool):
        """The story of ``action``, just played by ``seat`` in ``turn``: its line, its events, a computer's reason
        at the end of its turn, and the next turn's heading and income."""
        st = self.state
        info = before["info"]
        same = st.turn == turn and not st.is_terminal()
        entry = story.Entry(turn, seat, story.ACTION, before["line"], action_kind=info.kind, arg=info.arg,
                            labor=(screen.labor_of(st) - before["labor"]) if same else 0,
                            coin=st.coin_value(seat) - before["coin"], vp=before["vp"], lost=before["lost"],
                            careless=careless, could_build=before.get("could_build"))
        self._tell(entry, fg=screen.seat_color(self.data, seat))
        if info.kind == screen.BORROW:
            paid = story.borrow_income_line(st, self.names, seat, info.arg, before["coin"])
            if paid:
                self._tell(story.Entry(turn, seat, story.INCOME, paid), fg="yellow")
        self._events()
        if before["setup"] and st.phase_name != "setup" and not st.is_terminal():
            self._tell_turn()
        elif st.turn != turn or st.is_terminal():
            if not is_human(self.players[seat]):
                why = story.explain_turn(st, self.story.of_turn(turn), self.names)
                if why:
                    self._tell(story.Entry(turn, seat, story.WHY, why), dim=True)
            if not st.is_terminal() and (self.max_turns is None or st.turn < self.max_turns):
                self._tell_turn()
                income = story.start_income_line(st, self.names, before["other_coin"], before["first_due"])
                if income:
                    self._tell(story.Entry(st.turn, st.current, story.INCOME, income), fg="yellow")

    # --------------------------------------------------------------- screen
    def _draw(self, note: str | None = None):
        """The screen at a decision; ``note`` (a step of the guided game) under it, the screen drawn
        that many rows shorter so that its first line stays on the terminal."""
        con = self.console
        columns, rows = con.size()
        shown = {}
        noted = screen.wrap_shown(note, "  ", "", width=max(columns - 1, 20)) if note else []
        lines = layout.fit_screen(self.state, self.names, con, self.story, screen.title_line(self.ruleset, self.seed),
                                  columns, max(rows - len(noted), 8), shown=shown)
        if not shown.get("whole", True) and self._last_turn_shown != self.state.turn \
                and con.terminal and not self._waiting:
            self._show_last_turn(columns)
        self._last_turn_shown = self.state.turn
        con.clear()
        for line in lines:
            con.say(line)
        for line in noted:
            con.say(con.style(line, fg="cyan"))

    def _draw_watched(self):
        """A watched game's board as a turn starts, with the turn just played in its story."""
        con = self.console
        columns, rows = con.size()
        lines = layout.fit_screen(self.state, self.names, con, self.story, screen.title_line(self.ruleset, self.seed),
                                  columns, rows, footer=[], with_choices=False)
        con.clear()
        for line in lines:
            con.say(line)

    def _show_last_turn(self, columns: int):
        """The other players' last turn on a screen of its own, whole, when the board's screen has no
        room for it: shown once, as the player's turn starts; Enter goes on to the board."""
        con = self.console
        con.clear()
        con.say(con.style(_("What just happened:"), bold=True))
        for line in layout.last_turn_lines(self.state, self.story, self.names, max(columns - 1, 20)):
            con.say(line)
        con.read(con.style(_("Enter: on to the board ({log}: the whole story) ").format(
            log=screen.command_word("log")), dim=True))

    def _on_resize(self, signum, frame):           # exercised through a terminal (tests/test_play_pty.py)
        if not self._waiting:                      # drawn again at the next decision anyway
            return
        self._draw(self._note) if self._note else self._draw()     # a family's session draws without a note
        self.console.say_inline(screen.prompt_text(self.console))

    # --------------------------------------------------------------- loop
    def run(self) -> int:
        """Play until the game ends or the player leaves; returns the exit code."""
        previous = None
        if self.console.terminal and self.console.interactive and hasattr(signal, "SIGWINCH") \
                and not self.watching:
            try:
                previous = signal.signal(signal.SIGWINCH, self._on_resize)
            except ValueError:                      # not the main thread
                previous = None
        leave_previous = {}
        try:
            for signum in LEAVE_SIGNALS:       # SIGTERM, a closed terminal (SIGHUP): saved, as on Ctrl-C
                if signal.getsignal(signum) is not signal.SIG_IGN:     # nohup's SIGHUP stays ignored
                    leave_previous[signum] = signal.signal(signum, _terminate)
        except ValueError:                      # not the main thread: the caller handles its signals
            pass
        try:
            return self._run()
        except KeyboardInterrupt as exc:
            signum = getattr(exc, "signum", None)
            if signum is not None:
                for other in leave_previous:    # a second SIGTERM or SIGHUP does not cut the save short
                    signal.signal(other, signal.SIG_IGN)
            try:
                try:
                    self.console.say("")
                except OSError:                 # the terminal is gone (SIGHUP): save all the same
                    pass
                self._leave(interrupted=True)
            except KeyboardInterrupt:
                pass       # a second Ctrl-C: stop now; an interrupted save leaves the previous file whole
            except OSError:
                self._flush_unsaved()           # nothing more can be printed; the record is what matters
            return 130 if signum is None else 128 + signum
        except Exception:
            self._flush_unsaved()     # a crash (a closed output, a bug) loses no action already played
            raise
        finally:
            if previous is not None:
                signal.signal(signal.SIGWINCH, previous)
            for signum, handler in leave_previous.items():
                signal.signal(signum, handler if handler is not None else signal.SIG_DFL)

    def _flush_unsaved(self):
        """Save the actions played since the last save, if any; an error here is not the one to report."""
        if self._unsaved and self.autosave and self.record_path is not None:
            try:
                self.record(self.record_path).save(self.record_path, inputs=self.ruleset.chain)
                self._unsaved = 0
            except (OSError, RulekitError):
                pass

    def _say_all(self, lines):
        """Lines printed; on a terminal, wrapped to its width."""
        con = self.console
        if con.terminal:
            lines = layout.fit_lines(lines, con.size()[0] - 1)
        for line in lines:
            con.say(line)

    def _print_intro(self):
        con = self.console
        # The file names in these lines come from the command line: shown with control characters escaped.
        self._say_all([shown_path(line) for line in screen.intro_lines(
            self.ruleset, self.seed, self.names, self.players, self.state, self.record_path)])
        if not con.interactive or self.watching:
            for entry in self.story.entries:          # what the story holds so far (setup, or a resumed game)
                indent = "" if entry.kind in (story.ACTION, story.TURN) else "  "
                if self.state.history and entry.turn < self.state.turn:
                    continue
                self._say_all([indent + entry.text])

    def _run(self) -> int:
        con = self.console
        self._print_intro()
        if self.state.history:
            n = len(self.state.history)
            self.story.add(story.Entry(self.state.turn, self.state.current, story.NOTE, ngettext(
                "Resumed after {count} action.", "Resumed after {count} actions.", n).format(count=n)))
            if not con.interactive:
                con.say(self.story.entries[-1].text)
        if con.interactive and con.terminal and not self.guide and not self.watching and not self.state.history:
            self.story.add(story.Entry(self.state.turn, self.state.current, story.NOTE, _(
                "First game? {command} explains the game in short steps as you play.").format(
                    command=self._guide_command())))
        while not self.state.is_terminal():
            if self.max_turns is not None and self.state.turn >= self.max_turns:
                con.say(con.style(_("Stopped at turn {turn}: the game has not ended after {turn} turns "
                                    "(the limit of --max-turns).").format(turn=self.state.turn), bold=True))
                self._leave()
                return 1 if self.save_failed else 0
            seat = self.state.decider
            spec = self.players[seat]
            if not is_human(spec):
                thinking = con.terminal and _bot_kind(spec) in SLOW_BOTS
                if thinking:
                    con.status(con.style(screen.thinking_line(self.names[seat]), dim=True))
                try:
                    action, reason = bot_choose(spec, self.state, self.seed)
                finally:
                    if thinking:
                        con.clear_status()
                turn = self.state.turn
                self.play_action(action, careless=bool(reason) and reason == _("a careless move, chosen at random"))
                if self.watching and con.terminal and not self._pace(turn):
                    self._leave()
                    return 0
                continue
            note = self._note = self._guide(seat) if self.guide else None
            if con.interactive:
                self._draw(note) if note else self._draw()
            elif note:
                con.tell(note, fg="cyan")
            outcome = self._ask()
            if outcome == "quit":
                self._leave()
                return 1 if self.save_failed else 0
            if outcome == "end":
                self._leave(end_of_input=True)
                return 1 if self.save_failed else 0
        self._finish()
        return 0

    def _guide_command(self) -> str:
        """The command that starts this game guided, as the first screen suggests it."""
        return "rulekit play --guide"

    def _guide(self, seat: int) -> str | None:
        """The guided first game's step for this moment, if one is not yet read (docs/playing.md): its
        text, which the screen shows under the board; None when there is none."""
        from .guide import guide_step
        from .view import state_view
        step = guide_step(self.state, state_view(self.state, self.names, seat), self._guide_seen, page=False)
        if step is None:
            return None
        self._guide_seen.add(step["step"])
        return _("Guide: {text}").format(text=step["text"])

    def _pace(self, turn: int) -> bool:
        """In a watched game on a terminal: the board as each turn starts, and a wait between moves;
        ``False`` when the watcher stops."""
        con = self.console
        if con.interactive and self.state.turn != turn and not self.state.is_terminal():
            self._draw_watched()
        if self.delay is not None:
            if self.delay > 0:
                time.sleep(self.delay)
            return True
        if not con.interactive or self.state.turn == turn or self.state.is_terminal():
            return True
        answer = con.read(con.style(_("Enter: next turn · {quit}: stop ").format(
            quit=screen.command_word("quit")), dim=True))
        if answer is None:
            return False
        return fold(answer.strip().lower()) not in ("q", "quit", fold(screen.command_word("quit")))

    def _ask(self) -> str:
        """Read lines until one plays an action (``played``), or the player leaves (``quit``/``end``)."""
        con = self.console
        while True:
            self._waiting = True
            try:
                line = con.read(screen.prompt_text(con))
            finally:
                self._waiting = False
            if line is None:                       # end of the input
                return "end"
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            outcome = self._command(text)
            if outcome in ("quit", "played"):
                return outcome
            if outcome == "redraw":
                return "played"

    #: The commands this session takes at its prompt (a family's session may take fewer).
    commands = COMMANDS

    def command_of(self, text: str):
        """The command ``text`` names (any case, with or without accents, English or translated), or None."""
        word = fold(" ".join(text.lower().split()))
        for command in COMMANDS:
            words = {command, fold(screen.command_word(command).lower())}
            words.update(fold(w) for w in screen.command_aliases(command).lower().split())
            if word in words:
                return command if command in self.commands else None
        if word in ("?", "exit"):
            return "help" if word == "?" else "quit"
        return None

    def _command(self, text: str) -> str:
        """Handle one line: a command, a number or an action. Returns
        ``played``, ``stay`` (show the prompt again), ``redraw`` or ``quit``."""
        con = self.console
        legal = self.state.legal_actions()
        command = self.command_of(text)
        width = min(con.size()[0] - 1, screen.WIDTH) if con.terminal else screen.WIDTH     # pagers drawn to the width
        paged = "redraw" if con.interactive and con.terminal else "stay"     # after a pager, the board again
        if command == "help":
            con.page(self._help_lines(width))
            return paged
        if command == "rules":
            con.page(self._rules_lines(width))
            return paged
        if command == "costs":
            con.page(screen.cost_lines(self.state, self.names, width=width))
            return paged
        if command == "log":
            lines = self.story.lines()      # on a terminal wrapped first, the no-break spaces kept unbreakable
            con.page(lines if con.terminal else [screen.shown(line) for line in lines])
            return paged
        if command == "hint":
            con.tell(self._hint())
            return "stay"
        if command == "undo":
            return self.undo(self.state.decider)
        if command == "save":
            self._save_command()
            return "stay"
        first, _sep, rest = text.partition(" ")
        if rest.strip() and self.command_of(first) == "save":          # save FILE
            self._save_command(Path(rest.strip()))
            return "stay"
        if command == "quit":
            return "quit"
        action = None
        if text.isdigit():
            n = int(text)
            if 1 <= n <= len(legal):
                action = legal[n - 1]
            else:
                con.tell(_("There is no choice {number} here: type a number from 1 to {last}.").format(
                    number=n, last=len(legal)), fg="red")
                return "stay"
        else:
            try:
                action = screen.parse_action(self.state, text)
            except AmbiguousActionError as exc:
                con.tell(screen.ambiguous_message(text, exc.choices), fg="red")
                return "stay"
            except IllegalActionError:
                con.tell(screen.illegal_message(self.state, text, names=self.names), fg="red")
                return "stay"
        self.play_action(action)
        return "played"

    def _help_lines(self, width: int) -> list[str]:
        """What ``help`` pages (a family's session words it its own way)."""
        return screen.help_lines(self.state, width=width)

    def _rules_lines(self, width: int) -> list[str]:
        """What ``rules`` pages."""
        return screen.rules_lines(self.ruleset, self.state, width=width)

    def _hint(self) -> str:
        """What ``hint`` says: the greedy computer's choice now, and why."""
        action, _reason = bot_choose("bot:greedy", self.state, self.seed)
        return _("Hint: {action} ({notation}), because {reason}.").format(
            action=screen.describe(self.state, action), notation=screen.notation(self.state, action),
            reason=story.hint_reason(self.state, action))

    def _notations(self) -> list[str]:
        """Every action played, in the notation a record writes (the game's protocol: ``history_notation``)."""
        return self.state.history_notation()

    def _shown_action(self, notations: list[str], i: int) -> str:
        """The ``i``-th action played, as undo names it to the player."""
        return screen.notation(self.state, self.state.history[i])

    def undo(self, seat: int | None = None) -> str:
        """Take back the last action of a human player (``seat``: of that seat, the one at the keyboard) and
        everything played after it; the record is saved. Another human's move is never taken back: when
        one has played since ``seat``'s last action, the undo is refused. Returns ``"redraw"``, or
        ``"stay"`` when there is nothing to undo (said on the console)."""
        con = self.console
        history = self.state.history
        target = None
        for i in range(len(history) - 1, -1, -1):
            if is_human(self.players[self.seats[i]]) if seat is None else self.seats[i] == seat:
                target = i
                break
        if target is None:
            con.tell(_("Nothing to undo: no move of yours has been played yet."), fg="red")
            return "stay"
        if seat is not None and any(s != seat and is_human(self.players[s]) for s in self.seats[target + 1:]):
            con.tell(_("Another player has played since your last move; it cannot be undone now."), fg="red")
            return "stay"
        notations = self._notations()
        undone = len(notations) - target
        shown = self._shown_action(notations, target)
        self._rebuild(notations[:target])
        message = ngettext("Undone: back to before your action “{action}” ({count} action taken back).",
                           "Undone: back to before your action “{action}” ({count} actions taken back).",
                           undone).format(action=shown, count=undone)
        self.story.add(story.Entry(self.state.turn, self.state.current, story.NOTE, message))
        if not con.interactive:
            con.tell(message, fg="cyan")
        self._autosave()
        return "redraw"

    def _save_command(self, path=None):
        """``save``: to the game's file, else to the default one (no question, whose answer could be a
        move typed on); ``save FILE``: to ``FILE``."""
        con = self.console
        path = path or self.record_path or default_record_path(self.ruleset, self.seed)
        try:
            path = self.save(path)
        except (OSError, OutputError) as exc:
            con.tell(_("Could not save to {file}: {reason}").format(
                file=shown_path(path), reason=getattr(exc, "strerror", None) or exc), fg="red")
            return
        con.tell(_("Saved to {file}. Every move is now saved there; continue later with: {command}").format(
            file=shown_path(path), command=shown_path(self.resume_command(path))), fg="green")

    def resume_command(self, path) -> str:
        """The command that continues this game from ``path``: with the ``--max-turns`` it was played with when
        that is not the default, and with a larger one when the game stopped at that limit (the same limit
        would stop it again at once)."""
        limit = self.max_turns
        if limit is not None and self.state.turn >= limit and not self.state.is_terminal():
            limit = min(max(2 * limit, limit + DEFAULT_MAX_TURNS), MAX_TURNS_LIMIT)
        return screen.resume_command(path, None if limit in (None, DEFAULT_MAX_TURNS) else limit, guide=self.guide)

    def _summary_lines(self) -> list[str]:
        """Where the game stands, as leaving prints it (a family's session words it its own way)."""
        return screen.summary_lines(self.state, self.names)

    @staticmethod
    def action_text(state, text: str) -> str:
        """An action written as a record writes it (``build camp``), as the screen writes it in the current
        language (French « construire camp »); ``text`` itself when these rules have no such action."""
        from .notation import for_state

        local = for_state(state)
        try:
            return local.of(local.canonical.index(text))
        except ValueError:
            return text

    @staticmethod
    def replay_lines(ruleset, state, names) -> list[str]:
        """What ``rulekit replay`` prints of a replayed game: how it ended, or the scores so far (each family's
        session says it in its own words)."""
        if state.is_terminal():
            return screen.end_lines(state, names)[1:]
        return [_("The game is not finished; the scores so far:"),
                *screen.score_table(ruleset.data, [state.score_by_source(p) for p in screen.seats(state)],
                                    state.scores(), names)]

    def _leave(self, end_of_input: bool = False, interrupted: bool = False):
        """Save what must be saved and print where the game stands."""
        con = self.console
        path = None
        target = self.record_path
        if target is None and con.interactive and self.state.history and not self.state.is_terminal():
            target = default_record_path(self.ruleset, self.seed)
        if target is not None:
            try:
                path = self.save(target)
            except (OSError, OutputError) as exc:
                self.save_failed = True
                con.tell(_("Could not save the game to {file}: {reason}").format(
                    file=shown_path(target), reason=getattr(exc, "strerror", None) or exc), fg="red")
        if interrupted:
            con.say(_("Interrupted."))
        self._say_all(self._summary_lines())
        if path is not None:
            con.tell(_("Saved to {file}.").format(file=shown_path(path)))
            if not self.state.is_terminal():
                con.tell(_("Continue with: {command}").format(command=shown_path(self.resume_command(path))))

    def _finish(self):
        """The end of the game: the record saved, the final board (on a terminal, to a player), how the game
        ended, and where the record is."""
        con = self.console
        if self.record_path is not None:
            self.save()
        final = []
        if con.interactive and not self.watching:
            columns, rows = con.size()
            con.clear()
            final = self._show_final_board(columns, rows)
        self._say_all(self._end_lines(final))
        if self.record_path is not None:
            con.tell(_("The game is saved in {file}; check it with: {command}").format(
                file=shown_path(self.record_path), command=shown_path(f"rulekit replay {self.record_path}")))

    def _show_final_board(self, columns: int, rows: int) -> list[str]:
        """The board of the finished game, printed for the ``columns`` × ``rows`` terminal; returns the last
        turn's events and reasons, for :meth:`_end_lines` to show under it."""
        con = self.console
        for line in layout.fit_lines(screen.board_lines(self.state, self.names, con, columns - 1,
                                                        compact=rows < layout.MIN_ROOMY[1]), columns - 1):
            con.say(line)
        final = [e.text for e in self.story.of_turn(self.state.turn) if e.kind in (story.EVENT, story.WHY)]
        return layout.fit_lines(["  " + t for t in final], columns - 1)

    def _end_lines(self, final: list[str]) -> list[str]:
        """How the game ended (``final``: what :meth:`_show_final_board` returned)."""
        con = self.console
        return screen.end_lines(self.state, self.names, con, final_events=final, width=con.size()[0] - 1)


# ---------------------------------------------------------------------------
# Starting and resuming


def portable_source(ruleset, record_path=None):
    """What a record says of where its ruleset is: nothing for a bundled one (its id is enough), else the
    file's path relative to the record's folder."""
    from ..language import bundled_rulesets

    if ruleset.id in bundled_rulesets() or not ruleset.source:
        return None
    source = Path(ruleset.source).resolve()
    base = Path(record_path).resolve().parent if record_path else Path.cwd()
    try:
        return Path(os.path.relpath(source, base)).as_posix()
    except ValueError:                     # another drive: the name alone
        return source.name


def kept_ruleset(record: GameRecord, filename: str = "<record>"):
    """The ruleset the record keeps a copy of (the rules it was played under, as resolved when it was
    written), checked as a ruleset file is; None when the record keeps none, or a copy that is not the
    one its hash names, or one that is not valid rules (it is then replayed as a record without one)."""
    from ..language.load import load_resolved
    from ..language.ruleset import content_hash

    kept = record.rules
    if not kept or kept["sha256"] != record.ruleset_sha256:
        return None
    try:
        if content_hash(kept["data"]) != kept["sha256"]:
            return None
        rs = load_resolved(kept["data"], _("{file} (the rules kept in it)").format(file=filename),
                           record.ruleset_id)
    except (RulekitError, TypeError, ValueError, RecursionError):
        return None
    if rs.id != record.ruleset_id:
        return None
    object.__setattr__(rs, "kept_in_record", True)
    return rs


def find_ruleset(record: GameRecord, ref=None, record_path=None):
    """The ruleset a record was made with: ``ref`` if given, else the record's
    source file (relative to the record's folder) or its bundled id (the one
    whose content hash matches); when neither is the one the record names, the
    rules the record keeps (:func:`kept_ruleset`: marked
    ``kept_in_record``), else the file or bundled one as it is now."""
    from ..language import bundled_rulesets, load_ruleset

    if ref is not None:
        return load_ruleset(ref)
    candidates = []
    if record.ruleset_source:
        source = Path(record.ruleset_source)
        if not source.is_absolute() and record_path is not None:
            source = Path(record_path).parent / source
        if is_regular_file(source):
            candidates.append(str(source))
    if record.ruleset_id in bundled_rulesets():
        candidates.append(record.ruleset_id)
    from ..engine.record import ruleset_matches

    loaded = []
    for c in candidates:
        try:
            loaded.append(load_ruleset(c))
        except RulekitError:
            if not record.rules:              # the record's own rules may stand in for a file that no longer loads
                raise
    for rs in loaded:
        if ruleset_matches(record, rs):
            return rs
    kept = kept_ruleset(record, str(record_path) if record_path is not None else "<record>")
    if kept is not None:
        return kept
    if not loaded:
        raise RecordError(_("cannot find ruleset {id} this game was recorded with; name it with --ruleset").format(
            id=record.ruleset_id))
    return loaded[0]


def resume_session(path, console: Console, ruleset_ref=None, players=None, record_path=None,
                   max_turns: int | None = DEFAULT_MAX_TURNS, warn=None, human_names=None,
                   session_for=None) -> Session:
    """A session continuing the game saved in ``path`` (raises RecordError/ReplayError).

    A record of rules that changed since (another version of rulekit, an edited file) is continued
    when every recorded action is still legal and the result is the one written; ``warn`` is then
    called with the warning (:func:`rulekit.engine.record.changed_rules_warning`), else
    :class:`~rulekit.engine.record.RulesChangedError` says why it cannot be. ``session_for(ruleset)``:
    the class of session that plays the ruleset (None: :class:`Session`;
    :func:`rulekit.play.sessions.session_class` chooses by the ruleset's family)."""
    from ..engine.record import (RulesChangedError, changed_rules_warning, check_result, check_ruleset,
                                 kept_rules_note)

    record = GameRecord.load(path)
    rs = find_ruleset(record, ruleset_ref, path)
    if rs.id != record.ruleset_id:
        raise RecordError(_("this game was played with {id}; it cannot be continued with {other}").format(
            id=record.ruleset_id, other=rs.id))
    same = check_ruleset(record, rs)
    state = replay(record, rs)                 # every action legal (or ReplayError / RulesChangedError)
    try:
        check_result(record, state)            # the result as stored
    except RecordError as exc:
        if same:
            raise
        raise RulesChangedError(record, rs, exc) from None
    if warn is not None:
        if getattr(rs, "kept_in_record", False):
            warn(str(kept_rules_note(record, rs)))
        elif not same:
            warn(str(changed_rules_warning(record, rs)))
    family = getattr(rs, "family", None)
    if players is None:
        try:
            players = parse_players(",".join(record.players), family) if record.players else None
        except PlayersError:
            players = None
        if players is None:
            players = default_players(state.n_players, family)
    elif len(players) != state.n_players:
        raise RecordError(_("this game has {count} players, and --players names {given}").format(
            count=state.n_players, given=len(players)))
    cls = Session if session_for is None else session_for(rs)
    return cls(ruleset=rs, seed=record.seed, players=players, console=console,
                   first_player=record.first_player, record_path=Path(record_path or path),
                   actions=list(record.actions), max_turns=max_turns,
                   human_names=human_names if human_names is not None else (list(record.names) or None))


__all__ = [
    "Console", "Session", "PlayersError", "SLOW_BOTS", "parse_players", "available_bots", "bot_choose", "bot_seed",
    "player_names", "resume_session", "find_ruleset", "default_record_path", "DEFAULT_MAX_TURNS",
]
