"""A screen that fits the terminal.

:func:`fit_screen` builds what ``rulekit play`` shows at a decision for a
terminal of ``columns`` × ``rows``: the roomy layout (the board in full, each
choice with its effect) when it fits with a few lines of the story, else the
compact one (one line per player, the Work Cycle on a line per space, the
goal, the choices in a few words each and in columns when they are many).
The story above the board gets the rows left; what does not fit is counted
("3 earlier lines: type log"), never dropped silently. Every line is wrapped
by words to the width (one column is kept free, so that no terminal wraps a
line of exactly its width).
"""
from __future__ import annotations

import shutil
import textwrap

from ..i18n import _, ngettext
from . import screen, story

#: Below this size the roomy layout is not tried.
MIN_ROOMY = (100, 36)


def terminal_size(fallback=(100, 40)) -> tuple[int, int]:
    """The terminal's columns and rows, read now (so that a resize is followed)."""
    size = shutil.get_terminal_size(fallback)
    return max(size.columns, 20), max(size.lines, 8)


def visible_len(text: str) -> int:
    import click

    return len(click.unstyle(text))


def fit_lines(lines, width: int) -> list[str]:
    """Every line no wider than ``width``: a longer one is wrapped again by words (unstyled)."""
    import click

    out = []
    for line in lines:
        if visible_len(line) <= width:
            out.append(line)
            continue
        plain = click.unstyle(line)
        indent = " " * (len(plain) - len(plain.lstrip()))
        out.extend(textwrap.wrap(plain, width=width, initial_indent="", subsequent_indent=indent + "  ",
                                 break_on_hyphens=False) or [""])
    return out


def story_lines(state, the_story, names) -> list[str]:
    """The last turn of every other player and the current one, condensed: one
    line per turn's actions, then its income, events and reasons in full."""
    return [text for text, _summary in story_items(state, the_story, names)]


def story_items(state, the_story, names) -> list[tuple[str, bool]]:
    """:func:`story_lines`, each with whether it is a turn's summary (the others are its details)."""
    turns = the_story.turns()
    if not turns:
        return []
    show = [t for t in turns if t >= state.turn - (screen.n_players(state) - 1)]
    out = []
    for t in show:
        entries = the_story.of_turn(t)
        summary_done = False
        for e in entries:
            if e.kind == story.TURN:
                continue
            if e.kind == story.ACTION:
                if not summary_done:
                    text = story.turn_summary(state, entries, names)
                    if text:
                        out.append((text, True))
                    summary_done = True
                continue
            out.append((e.text, False))
    return out


def story_section(lines, budget: int, width: int, console, total: int) -> list[str]:
    """``lines`` wrapped to ``width`` within ``budget`` rows; the ones cut are counted."""
    wrapped = []
    for line in lines:
        wrapped.extend(screen.wrap(line.replace(screen.NBSP, " "), "    ", "  ", width=width))
    hidden = total - len(lines)
    if budget <= 0:
        return []
    if len(wrapped) + (1 if hidden > 0 else 0) <= budget:
        out = wrapped
    else:
        keep = max(budget - 1, 0)
        cut = len(wrapped) - keep
        out = wrapped[cut:] if keep else []
        hidden = cut
    if hidden > 0:
        out = [console.style(ngettext("({count} earlier line: type {log})", "({count} earlier lines: type {log})",
                                      hidden).format(count=hidden, log=screen.command_word("log")), dim=True)] + out
    return out[-budget:] if len(out) > budget else out


def _earlier(console, hidden: int) -> str:
    return console.style(ngettext("({count} earlier line: type {log})", "({count} earlier lines: type {log})",
                                  hidden).format(count=hidden, log=screen.command_word("log")), dim=True)


def _wrapped_items(items, width: int) -> list[list[str]]:
    return [screen.wrap(text.replace(screen.NBSP, " "), "    ", "  ", width=width) for text, _summary in items]


def story_section_by_turn(items, budget: int, width: int, console) -> list[str]:
    """With more than two players: ``items`` (:func:`story_items`) wrapped to ``width`` within
    ``budget`` rows, every other player's turn kept in its summary line while there is room: the
    details go first (a computer's reason, an income, an event; the earliest first), then the
    earliest summaries. The rows left out are counted."""
    if budget <= 0:
        return []
    rows = _wrapped_items(items, width)
    shown = sum(len(r) for r in rows)
    if shown <= budget:
        return [row for r in rows for row in r]
    kept = [True] * len(items)
    order = [i for i, (_t, summary) in enumerate(items) if not summary] + \
            [i for i, (_t, summary) in enumerate(items) if summary]
    total = shown
    for i in order:
        if shown + 1 <= budget:
            break
        kept[i] = False
        shown -= len(rows[i])
    return [_earlier(console, total - shown)] + [row for i, r in enumerate(rows) if kept[i] for row in r]


def fit_screen(state, names, console, the_story, title: str, columns: int, rows: int,
               footer=None, with_choices: bool = True) -> list[str]:
    """The screen for a terminal of ``columns`` × ``rows``, the prompt's row kept free.

    ``footer``: lines instead of the choices (a watched game)."""
    width = max(columns - 1, 20)
    budget = rows - 1                                    # the prompt's row
    legal = state.legal_actions() if not state.is_terminal() else []
    items = story_items(state, the_story, names)
    recent = [text for text, _summary in items]
    total = len(recent)
    several = screen.n_players(state) > 2
    st = console.style

    def section_of(lines, room):
        if several:
            return story_section_by_turn(items, room, width, console)
        return story_section(lines, room, width, console, total)
    heading = st(screen.heading_line(state, names), bold=True, reverse=True)

    def tail(compact, left):
        if not with_choices or not legal:
            return list(footer or [])
        return screen.choice_lines(state, names, console, width) + screen.commands_line(
            state, width, screen.notation(state, legal[0]))

    if columns >= MIN_ROOMY[0] - 20 and rows >= MIN_ROOMY[1]:
        fixed = [st(title, dim=True), heading, ""] + screen.board_lines(state, names, console, width) + [""]
        fixed += tail(False, budget)
        room = budget - len(fixed) - 2
        if room >= min(total, 4):
            out = [fixed[0]]
            section = section_of(recent, room)
            if section:
                out += [st(_("What just happened:"), bold=True)] + section + [""]
            out += fixed[1:]
            return fit_lines(out, width)
    board = screen.board_lines(state, names, console, width, compact=True)
    plain_title = _("{heading} · {title}").format(heading=screen.heading_line(state, names), title=title)
    top = [st(plain_title, bold=True, reverse=True) if title and len(plain_title) <= width else heading]
    if not with_choices or not legal:
        end = list(footer or [])
    else:
        cmd = screen.commands_line(state, width, None)
        room = budget - len(top) - len(board) - len(cmd)
        choices = screen.choice_lines(state, names, console, width, compact=True)
        if len(choices) > room - min(total, 2):
            choices = screen.choice_lines(state, names, console, width, compact=True,
                                          rows=max(room - min(total, 2), 2))
        if len(choices) > room:
            choices = screen.choice_lines(state, names, console, width, compact=True, rows=max(room, 2),
                                          hint=False)
        end = choices + cmd
        if len(top) + len(board) + len(end) > budget:     # a crowded position: the choices before the reminder
            end = choices
        if several:           # room for a line on each other player's turn, before the reminder and the hint
            rows_of = _wrapped_items(items, width)
            want = sum(len(r) for r, (_t, summary) in zip(rows_of, items) if summary)
            want += 1 if want < sum(len(r) for r in rows_of) else 0
            if budget - len(top) - len(board) - len(end) < want:
                end = choices
            if budget - len(top) - len(board) - len(end) < want:
                end = screen.choice_lines(state, names, console, width, compact=True,
                                          rows=max(budget - len(top) - len(board) - want, 2), hint=False)
    room = budget - len(top) - len(board) - len(end)
    section = section_of(recent, room)
    return fit_lines(top + board + section + end, width)


__all__ = ["terminal_size", "fit_screen", "fit_lines", "story_lines", "story_items", "visible_len"]
