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
import sys
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

from ..engine import new_game
from ..engine.record import GameRecord, replay
from ..errors import IllegalActionError, RecordError
from ..i18n import N_, Name, _, get_language, ngettext, pgettext
from ..paths import is_regular_file
from . import screen
from .notation import AmbiguousActionError

HUMAN = "human"
BOT_PREFIX = "bot:"
DEFAULT_PLAYERS = "human,bot:greedy"
COMMANDS = ("help", "rules", "undo", "save", "quit")
#: Computer players slow enough (a search, about 0.2 s a move) to show "thinking…" on a terminal.
SLOW_BOTS = {"mcts"}


class PlayersError(ValueError):
    """A ``--players`` value that cannot be used (the message is localized)."""


def available_bots() -> list[str]:
    """The computer players that can be named in ``--players`` (``bot:NAME``)."""
    from ..bots import make_bot

    names = []
    for name in ("random", "greedy", "mcts"):
        try:
            make_bot(name, 0)
        except (ValueError, ImportError):
            continue
        names.append(name)
    return names


def parse_players(text: str) -> list[str]:
    """``"human,bot:greedy"`` -> ``["human", "bot:greedy"]``; raises :class:`PlayersError`."""
    parts = [p.strip().lower() for p in str(text).split(",")]
    if len(parts) != 2 or not all(parts):
        raise PlayersError(_("give two players separated by a comma, for example {example}").format(
            example=DEFAULT_PLAYERS))
    from ..bots.registry import bot_names, legal_forms, parse_bot

    out = []
    for part in parts:
        if part == HUMAN:
            out.append(part)
            continue
        if part.startswith(BOT_PREFIX) and part[len(BOT_PREFIX):].partition(":")[0] in bot_names():
            try:
                # The canonical spec (bot:mcts -> bot:mcts:1000): the record says the budget.
                out.append(BOT_PREFIX + parse_bot(part[len(BOT_PREFIX):]).text)
                continue
            except ValueError as exc:
                raise PlayersError(str(exc)) from None
        choices = ", ".join([HUMAN] + [BOT_PREFIX + b for b in legal_forms()])
        raise PlayersError(_("unknown player “{player}”; choose among: {choices}").format(
            player=part, choices=choices))
    return out


def is_human(spec: str) -> bool:
    return spec == HUMAN


def bot_name(spec: str) -> str:
    return spec[len(BOT_PREFIX):] if spec.startswith(BOT_PREFIX) else spec


def bot_seed(game_seed: int, seat: int, ply: int) -> int:
    """The seed of a computer player's move: the same game gives the same moves."""
    return (int(game_seed) * 1_000_003 + ply * 2 + seat) & 0xFFFFFFFF


def bot_choose(spec: str, state, game_seed: int):
    """The action a computer player chooses here, and its one-line reason."""
    from ..bots import make_bot

    bot = make_bot(bot_name(spec), bot_seed(game_seed, state.current, len(state.history)))
    action = bot.choose(state)
    return action, getattr(bot, "last_reason", "") or ""


def player_names(players) -> list[str]:
    """What each seat is called on screen ("You" / "Computer (greedy)", "Player 1"...)."""
    humans = sum(1 for p in players if is_human(p))
    bots = len(players) - humans
    names = []
    for seat, spec in enumerate(players):
        if is_human(spec):
            if humans == 1:
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


#: Turns (both players' counted) after which a game that has not ended stops:
#: a house rule may make a game that cannot end. Random games of the bundled
#: editions last about 120 turns; the longest seen lasted 631.
DEFAULT_MAX_TURNS = 2000


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


class Console:
    """Where a session writes and reads.

    ``interactive``: a person at a terminal (screens, prompts); else a script
    (one action per line, one line printed per action). ``color``: ANSI
    colours (a terminal, and ``NO_COLOR`` unset). ``terminal``: the output is
    a terminal, where a passing status line ("thinking…") can be shown and
    wiped out again; never in a pipe or a file.
    """

    def __init__(self, interactive: bool, color: bool, write=None, read_line=None, clear=None,
                 terminal: bool = False, status_write=None):
        import click

        self.interactive = interactive
        self.color = color
        self.terminal = terminal
        self._write = write or (lambda text: click.echo(text, color=self.color))
        self._status_write = status_write or (lambda text: click.echo(text, nl=False, color=self.color))
        self._status_width = 0
        self._read_line = read_line
        self._clear = clear if clear is not None else (click.clear if interactive and color else None)

    @classmethod
    def from_environment(cls) -> "Console":
        stdin_tty = _isatty(sys.stdin)
        stdout_tty = _isatty(sys.stdout)
        color = stdout_tty and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"
        return cls(interactive=stdin_tty, color=color, terminal=stdout_tty)

    def style(self, text: str, **kw) -> str:
        if not self.color or not text:
            return text
        import click

        return click.style(text, **kw)

    def say(self, text: str = "") -> None:
        self._write(text)

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


def _isatty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


# ---------------------------------------------------------------------------
# The session


@dataclass
class Session:
    """One game being played: the ruleset, the players, the state, the record file."""

    ruleset: object
    seed: int
    players: list
    console: Console
    first_player: int | None = None
    record_path: Path | None = None
    actions: list = field(default_factory=list)   # notations to replay first (resume)
    autosave: bool = True
    max_turns: int | None = DEFAULT_MAX_TURNS       # a game still running after this many turns stops

    def __post_init__(self):
        self.names = player_names(self.players)
        self.data = self.ruleset.data
        self.recent = deque(maxlen=10)
        self.saved_once = False
        self.save_failed = False
        self._rebuild(self.actions)

    # ----------------------------------------------------------- the state
    def _rebuild(self, actions):
        rec = GameRecord(ruleset_id=self.ruleset.id, ruleset_sha256=self.ruleset.sha256, seed=self.seed,
                         first_player=self.first_player, actions=list(actions))
        self.state = replay(rec, self.ruleset)
        self.seats = []
        st = new_game(self.ruleset, seed=self.seed, first_player=self.first_player)
        for a in self.state.history:
            self.seats.append(st.current)
            st._apply(a)
        self._log_seen = len(self.state.log)

    def record(self) -> GameRecord:
        return GameRecord.for_state(self.ruleset, self.state, players=self.players, language=get_language())

    def save(self, path=None) -> Path:
        path = Path(path or self.record_path or default_record_path(self.ruleset, self.seed))
        self.record().save(path)
        self.record_path = path
        self.saved_once = True
        return path

    def _autosave(self):
        if self.autosave and self.record_path is not None:
            self.record().save(self.record_path)

    # ------------------------------------------------------------- output
    def _emit(self, line: str):
        self.recent.append(line)
        if not self.console.interactive:
            self.console.say(line)

    def _events(self):
        log = self.state.log
        for event in log[self._log_seen:]:
            line = screen.event_line(self.state, event, self.names)
            if line:
                self._emit(self.console.style("  " + line, fg="yellow"))
        self._log_seen = len(log)

    def _play(self, action: int, reason: str | None = None):
        st = self.state
        seat, turn = st.current, st.turn
        line = screen.action_line(st, action, self.names[seat], reason, keep_together=self.console.interactive)
        self.seats.append(seat)
        st._apply(action)
        self._emit(self.console.style(line, fg=screen.seat_color(self.data, seat)))
        self._events()
        if not st.is_terminal() and st.turn != turn and (self.max_turns is None or st.turn < self.max_turns):
            self._emit(self.console.style(screen.turn_line(st, self.names), bold=True))
        self._autosave()

    # --------------------------------------------------------------- loop
    def run(self) -> int:
        """Play until the game ends or the player leaves; returns the exit code."""
        try:
            return self._run()
        except KeyboardInterrupt:
            try:
                self.console.say("")
                self._leave(interrupted=True)
            except KeyboardInterrupt:
                pass       # a second Ctrl-C: stop now; an interrupted save leaves the previous file whole
            return 130

    def _run(self) -> int:
        con = self.console
        for line in screen.intro_lines(self.ruleset, self.seed, self.names, self.players, self.state,
                                       self.record_path):
            con.say(line)
        if self.state.history:
            n = len(self.state.history)
            self._emit(ngettext("Resumed after {count} action.", "Resumed after {count} actions.", n).format(count=n))
        if not self.state.history:
            self._log_seen = 0                 # a new game: show the goal turned face up at setup
            self._events()
        if not self.state.is_terminal():
            self._emit(con.style(screen.turn_line(self.state, self.names), bold=True))
        redraw = True
        while not self.state.is_terminal():
            if self.max_turns is not None and self.state.turn >= self.max_turns:
                con.say(con.style(_("Stopped at turn {turn}: the game has not ended after {turn} turns "
                                    "(the limit of --max-turns).").format(turn=self.state.turn), bold=True))
                self._leave()
                return 1 if self.save_failed else 0
            seat = self.state.current
            spec = self.players[seat]
            if not is_human(spec):
                thinking = con.terminal and bot_name(spec).split(":")[0] in SLOW_BOTS
                if thinking:
                    con.status(con.style(screen.thinking_line(self.names[seat]), dim=True))
                try:
                    action, reason = bot_choose(spec, self.state, self.seed)
                finally:
                    if thinking:
                        con.clear_status()
                self._play(action, reason)
                redraw = True
                continue
            if con.interactive and redraw:
                con.clear()
                for line in screen.screen_lines(self.state, self.names, self.players, con, self.recent,
                                                 screen.title_line(self.ruleset, self.seed)):
                    con.say(line)
            redraw = True
            line = con.read(screen.prompt_text(con))
            if line is None:                       # end of the input
                self._leave(end_of_input=True)
                return 1 if self.save_failed else 0
            text = line.strip()
            if not text or text.startswith("#"):
                redraw = False
                continue
            outcome = self._command(text)
            if outcome == "quit":
                self._leave()
                return 1 if self.save_failed else 0
            if outcome == "stay":
                redraw = False
        self._finish()
        return 0

    def _command(self, text: str) -> str:
        """Handle one line: a command, a number or an action. Returns
        ``played``, ``stay`` (show the prompt again), ``redraw`` or ``quit``."""
        con = self.console
        word = text.lower()
        legal = self.state.legal_actions()
        if word in ("help", "?", screen.command_word("help")):
            for line in screen.help_lines(self.state):
                con.say(line)
            return "stay"
        if word in ("rules", screen.command_word("rules")):
            for line in screen.rules_lines(self.ruleset, self.state):
                con.say(line)
            return "stay"
        if word in ("undo", screen.command_word("undo")):
            return self._undo()
        if word in ("save", screen.command_word("save")):
            self._save_command()
            return "stay"
        if word in ("quit", "exit", screen.command_word("quit")):
            return "quit"
        action = None
        if text.isdigit():
            n = int(text)
            if 1 <= n <= len(legal):
                action = legal[n - 1]
            else:
                con.say(con.style(_("There is no choice {number} here: type a number from 1 to {last}.").format(
                    number=n, last=len(legal)), fg="red"))
                return "stay"
        else:
            try:
                action = screen.parse_action(self.state, text)
            except AmbiguousActionError as exc:
                con.say(con.style(screen.ambiguous_message(text, exc.choices), fg="red"))
                return "stay"
            except IllegalActionError:
                con.say(con.style(screen.illegal_message(self.state, text), fg="red"))
                return "stay"
        self._play(action)
        return "played"

    def _undo(self) -> str:
        con = self.console
        history = self.state.history
        target = None
        for i in range(len(history) - 1, -1, -1):
            if is_human(self.players[self.seats[i]]):
                target = i
                break
        if target is None:
            con.say(con.style(_("Nothing to undo: no move of yours has been played yet."), fg="red"))
            return "stay"
        notations = [self.state.notation(a) for a in history]
        undone = len(notations) - target
        shown = screen.notation(self.state, history[target])
        self._rebuild(notations[:target])
        self.recent.clear()
        message = ngettext("Undone: back to before your move {action} ({count} action taken back).",
                           "Undone: back to before your move {action} ({count} actions taken back).", undone).format(
            action=shown, count=undone)
        self._emit(con.style(message, fg="cyan"))
        self._autosave()
        return "redraw"

    def _save_command(self):
        con = self.console
        path = self.record_path
        if path is None:
            default = default_record_path(self.ruleset, self.seed)
            if con.interactive:
                answer = con.read(_("Save to which file? [{default}] ").format(default=default))
                path = Path(answer.strip()) if answer and answer.strip() else default
            else:
                path = default
        try:
            path = self.save(path)
        except OSError as exc:
            con.say(con.style(_("Could not save to {file}: {reason}").format(
                file=path, reason=exc.strerror or exc), fg="red"))
            return
        con.say(con.style(_("Saved to {file}. Every move is now saved there; continue later with: {command}").format(
            file=path, command=screen.resume_command(path)), fg="green"))

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
            except OSError as exc:
                self.save_failed = True
                con.say(con.style(_("Could not save the game to {file}: {reason}").format(
                    file=target, reason=exc.strerror or exc), fg="red"))
        if interrupted:
            con.say(_("Interrupted."))
        for line in screen.summary_lines(self.state, self.names):
            con.say(line)
        if path is not None:
            con.say(_("Saved to {file}.").format(file=path))
            if not self.state.is_terminal():
                con.say(_("Continue with: {command}").format(command=screen.resume_command(path)))

    def _finish(self):
        con = self.console
        if self.record_path is not None:
            self.save()
        if con.interactive:
            con.say("")
            for line in screen.board_lines(self.state, self.names, con):
                con.say(line)
        for line in screen.end_lines(self.state, self.names, con):
            con.say(line)
        if self.record_path is not None:
            con.say(_("The game is saved in {file}; check it with: {command}").format(
                file=self.record_path, command=f"rulekit replay {self.record_path}"))


# ---------------------------------------------------------------------------
# Starting and resuming


def find_ruleset(record: GameRecord, ref=None):
    """The ruleset a record was made with: ``ref`` if given, else the record's
    source file or its bundled id (the one whose content hash matches)."""
    from ..language import bundled_rulesets, load_ruleset

    if ref is not None:
        return load_ruleset(ref)
    candidates = []
    if record.ruleset_source and is_regular_file(record.ruleset_source):
        candidates.append(record.ruleset_source)
    if record.ruleset_id in bundled_rulesets():
        candidates.append(record.ruleset_id)
    if not candidates:
        raise RecordError(_("cannot find ruleset {id} this game was recorded with; name it with --ruleset").format(
            id=record.ruleset_id))
    loaded = [load_ruleset(c) for c in candidates]
    for rs in loaded:
        if rs.sha256 == record.ruleset_sha256:
            return rs
    return loaded[0]


def resume_session(path, console: Console, ruleset_ref=None, players=None, record_path=None,
                   max_turns: int | None = DEFAULT_MAX_TURNS) -> Session:
    """A session continuing the game saved in ``path`` (raises RecordError/ReplayError)."""
    from ..engine.record import check_result, check_ruleset

    record = GameRecord.load(path)
    rs = find_ruleset(record, ruleset_ref)
    check_ruleset(record, rs)
    check_result(record, replay(record, rs))   # every action legal (or ReplayError), the result as stored
    if players is None:
        try:
            players = parse_players(",".join(record.players)) if record.players else parse_players(DEFAULT_PLAYERS)
        except PlayersError:
            players = parse_players(DEFAULT_PLAYERS)
    return Session(ruleset=rs, seed=record.seed, players=players, console=console,
                   first_player=record.first_player, record_path=Path(record_path or path),
                   actions=list(record.actions), max_turns=max_turns)


__all__ = [
    "Console", "Session", "PlayersError", "SLOW_BOTS", "parse_players", "available_bots", "bot_choose", "bot_seed",
    "player_names", "resume_session", "find_ruleset", "default_record_path", "DEFAULT_MAX_TURNS",
]
