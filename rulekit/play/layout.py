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

When the compact layout does not hold everything, what yields first is, in order:

1. the reminder of the commands;
2. the choices' hints, then their rows (the choices go into columns);
3. the story: with more than two players each turn's details (a reason, an income) before the earliest
   summaries; the other players' last turn, when it does not fit whole, is shown on a screen of its
   own before the board (``shown["whole"]``); what is left out is counted;
4. last, the end's progress ("Game ends when …"): left to ``rules`` only when the board with it and
   the choices in columns would not fit the terminal.

The heading, the board and the choices never yield.
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


def clear_scrollback(console) -> None:
    """On a terminal, erase what has scrolled out of the screen too (in hot-seat play, the previous
    player's secret cards); nothing elsewhere."""
    if console.terminal and console.interactive:
        import sys

        sys.stdout.write("\x1b[3J")
        sys.stdout.flush()


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
    return [(text, summary) for _turn, items in story_turns(state, the_story, names) for text, summary in items]


def story_turns(state, the_story, names) -> list[tuple[int, list[tuple[str, bool]]]]:
    """:func:`story_items` by turn: ``(turn, items)`` for the last turn of every other player and the current one."""
    turns = the_story.turns()
    if not turns:
        return []
    show = [t for t in turns if t >= state.turn - (screen.n_players(state) - 1)]
    out = []
    for t in show:
        entries = the_story.of_turn(t)
        summary_done = False
        items = []
        for e in entries:
            if e.kind == story.TURN:
                continue
            if e.kind == story.ACTION:
                if not summary_done:
                    text = story.turn_summary(state, entries, names)
                    if text:
                        items.append((text, True))
                    summary_done = True
                continue
            items.append((e.text, False))
        if items:
            out.append((t, items))
    return out


def last_turn_lines(state, the_story, names, width: int) -> list[str]:
    """The other players' last turns, whole (summary, events, reasons, then the income of the turn
    now starting), wrapped to ``width``: what a screen too small for them shows on its own first."""
    out = []
    for turn, items in story_turns(state, the_story, names):
        if turn == state.turn:
            items = [(text, summary) for text, summary in items if not summary]
        for text, _summary in items:
            out.extend(screen.wrap_shown(text, "    ", "  ", width=width))
    return out


def pick_story(state, turns, room: int, width: int, console) -> tuple[list[str], bool]:
    """The story within ``room`` rows, by whole entries (never the end of a wrapped one): the latest
    entries, as many as fit, in their order; what is left out is all earlier than what is shown, and
    counted ("3 earlier lines: type log"). So the events of the turn being played (a goal claimed, the
    end triggered) are never pushed off by the other players' turn, which the session shows on a
    screen of its own when it is not all here. Returns the lines and whether the other players' last
    turn is all there."""
    rows = []                                   # (turn is the current one, wrapped rows)
    for turn, items in turns:
        for text, _summary in items:
            rows.append((turn == state.turn, screen.wrap_shown(text, "    ", "  ", width=width)))
    total = sum(len(r) for _cur, r in rows)
    if room <= 0:
        return [], not any(not cur for cur, _r in rows)
    if total <= room:
        return [row for _cur, r in rows for row in r], True
    left = room - 1                             # the count of what is left out
    first = len(rows)                           # the first entry kept
    while first > 0 and len(rows[first - 1][1]) <= left:
        first -= 1
        left -= len(rows[first][1])
    hidden = sum(len(r) for _c, r in rows[:first])
    whole = all(cur for cur, _r in rows[:first])
    return [_earlier(console, hidden)] + [row for _c, r in rows[first:] for row in r], whole


def _rows_of(state, turns, width: int, current: bool | None = None) -> int:
    return sum(len(screen.wrap_shown(text, "    ", "  ", width=width))
               for turn, items in turns for text, _summary in items
               if current is None or (turn == state.turn) == current)


def story_section(lines, budget: int, width: int, console, total: int) -> list[str]:
    """``lines`` wrapped to ``width`` within ``budget`` rows; the ones cut are counted."""
    wrapped = []
    for line in lines:
        wrapped.extend(screen.wrap_shown(line, "    ", "  ", width=width))
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
    return [screen.wrap_shown(text, "    ", "  ", width=width) for text, _summary in items]


def story_section_by_turn(items, budget: int, width: int, console, current=None, shown: dict | None = None) -> list[str]:
    """With more than two players: ``items`` (:func:`story_items`) wrapped to ``width`` within
    ``budget`` rows, every other player's turn kept in its summary line while there is room: the
    details go first (a computer's reason, an income, an event; the earliest first), then the
    earliest summaries. The rows left out are counted: "earlier lines" when they all come before
    what is shown, else "lines left out". ``current``: for each item, whether it is of the turn being
    played; ``shown["whole"]`` is then told whether the other players' turns are all there."""
    if budget <= 0:
        if shown is not None and current is not None:
            shown["whole"] = all(current)
        return []
    rows = _wrapped_items(items, width)
    shown_rows = sum(len(r) for r in rows)
    if shown_rows <= budget:
        return [row for r in rows for row in r]
    kept = [True] * len(items)
    order = [i for i, (_t, summary) in enumerate(items) if not summary] + \
            [i for i, (_t, summary) in enumerate(items) if summary]
    total = shown_rows
    for i in order:
        if shown_rows + 1 <= budget:
            break
        kept[i] = False
        shown_rows -= len(rows[i])
    if shown is not None and current is not None:
        shown["whole"] = all(k or cur for k, cur in zip(kept, current))
    first = kept.index(True) if any(kept) else len(kept)
    label = _earlier(console, total - shown_rows) if all(kept[first:]) \
        else _left_out(console, total - shown_rows)
    return [label] + [row for i, r in enumerate(rows) if kept[i] for row in r]


def _left_out(console, hidden: int) -> str:
    return console.style(ngettext("({count} line left out: type {log})", "({count} lines left out: type {log})",
                                  hidden).format(count=hidden, log=screen.command_word("log")), dim=True)


def fit_screen(state, names, console, the_story, title: str, columns: int, rows: int,
               footer=None, with_choices: bool = True, shown: dict | None = None) -> list[str]:
    """The screen for a terminal of ``columns`` × ``rows``, the prompt's row kept free.

    ``footer``: lines instead of the choices (a watched game). ``shown``, when given, is told
    whether the other players' last turn is on the screen whole (``shown["whole"]``): when it is
    not, the session shows it on a screen of its own first.

    A terminal of at least :data:`MIN_ROOMY` rows always gets the roomy layout, its story trimmed to
    the rows left (so the layout does not change from one decision to the next with the story's
    length); a smaller one the compact layout, where the choices go into columns and the reminder of
    the commands is left out before the other players' last turn is."""
    width = max(columns - 1, 20)
    budget = rows - 1                                    # the prompt's row
    legal = state.legal_actions() if not state.is_terminal() else []
    items = story_items(state, the_story, names)
    turns = story_turns(state, the_story, names)
    recent = [text for text, _summary in items]
    several = screen.n_players(state) > 2
    st = console.style
    if shown is not None:
        shown["whole"] = True

    def section_of(lines, room):
        if several:
            return story_section_by_turn(items, room, width, console,
                                         current=[turn == state.turn for turn, its in turns for _item in its],
                                         shown=shown)
        section, whole = pick_story(state, turns, room, width, console)
        if shown is not None:
            shown["whole"] = whole
        return section
    heading = st(screen.heading_line(state, names), bold=True, reverse=True)

    def tail(compact, left):
        if not with_choices or not legal:
            return list(footer or [])
        return screen.choice_lines(state, names, console, width) + screen.commands_line(
            state, width, screen.notation(state, legal[0]))

    if columns >= MIN_ROOMY[0] - 20 and rows >= MIN_ROOMY[1]:
        head = [st(title, dim=True), heading, ""] + screen.board_lines(state, names, console, width) + [""]
        fixed = head + tail(False, budget)
        if several:
            rows_of = _wrapped_items(items, width)
            want = sum(len(r) for r, (_t, summary) in zip(rows_of, items) if summary) + 1
        else:
            want = _rows_of(state, turns, width, current=False) + 1
        if with_choices and legal and budget - len(fixed) - 2 < max(want, 3):
            # the story or the choices need room: the reminder of the commands goes, then the choices'
            # long descriptions (the board stays whole, the layout the same)
            shorter = [head + screen.choice_lines(state, names, console, width),
                       head + screen.choice_lines(state, names, console, width, compact=True),
                       head + screen.choice_lines(state, names, console, width, compact=True,
                                                  rows=max(budget - len(head) - 2 - want, 2))]
            fixed = next((f for f in shorter if budget - len(f) - 2 >= max(want, 3)), shorter[-1])
        room = budget - len(fixed) - 2
        if room >= 1:
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
    elif not several:
        # the ends of the screen, from the roomiest: the first that leaves room for the whole story,
        # else for the other players' whole last turn, else the most compact
        avail = budget - len(top) - len(board)
        need_all = _rows_of(state, turns, width)
        need_other = _rows_of(state, turns, width, current=False)
        need_other += 1 if need_all > need_other else 0
        cmd = screen.commands_line(state, width, None)
        full = screen.choice_lines(state, names, console, width, compact=True)
        squeeze = max(avail - need_other, 2)
        candidates = [full + cmd, full, screen.choice_lines(state, names, console, width, compact=True, hint=False),
                      screen.choice_lines(state, names, console, width, compact=True, rows=squeeze),
                      screen.choice_lines(state, names, console, width, compact=True, rows=squeeze, hint=False)]
        if avail - len(candidates[-1]) < 0:            # a crowded position: the end's progress left to `rules`
            board = screen.board_lines(state, names, console, width, compact=True, progress=False)
            avail = budget - len(top) - len(board)
        end = next((e for e in candidates if avail - len(e) >= need_all), None) \
            or next((e for e in candidates if avail - len(e) >= need_other), None) \
            or next((e for e in candidates if avail - len(e) >= min(need_all, 3)), None) \
            or next((e for e in candidates if avail - len(e) >= 0), None) \
            or screen.choice_lines(state, names, console, width, compact=True, rows=max(avail, 2), hint=False)
    else:
        cmd = screen.commands_line(state, width, None)
        total = len(recent)
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
        if several:           # room for the other players' turns, their reasons too, before the reminder and the hint
            rows_of = _wrapped_items(items, width)
            want = sum(len(r) for r in rows_of)
            if budget - len(top) - len(board) - len(end) < want:
                end = choices
            if budget - len(top) - len(board) - len(end) < want:    # the choices in columns, the end's progress kept
                end = screen.choice_lines(state, names, console, width, compact=True,
                                          rows=max(budget - len(top) - len(board) - want, 2), hint=False)
            if budget - len(top) - len(board) - len(end) < 0:
                # a crowded position: the end's progress left to `rules` rather than the choices (the layout's
                # priority, in the module's docstring); a last turn that does not fit has its own screen first
                board = screen.board_lines(state, names, console, width, compact=True, progress=False)
    room = budget - len(top) - len(board) - len(end)
    section = section_of(recent, room)
    return fit_lines(top + board + section + end, width)


__all__ = ["terminal_size", "clear_scrollback", "fit_screen", "fit_lines", "story_lines", "story_items",
           "story_turns", "pick_story", "last_turn_lines", "visible_len"]
