"""``rulekit simulate``: many games between bots, and a balance report.

The games and the figures are :mod:`rulekit.balance.simulate`; this module reads
the options, shows a progress bar on a terminal, and prints the report as
a localized table (numbers and percentages through Babel) or as JSON
(docs/schemas/simulate.schema.json).
"""
from __future__ import annotations

import json
import os
import sys
import textwrap

import click

from ..errors import printable
from ..files import shown_path

from ..i18n import N_, _, babel_locale, format_list, format_number, ngettext, pgettext
from ..language.names import display_name
from .base import RkCommand, fail, quoted

DEFAULT_GAMES = 1000


def parse_bots(value: str, family: str | None = None) -> tuple[str, ...]:
    """``"mcts:200,greedy"`` -> the canonical specs, one bot per player (two or more);
    raises :class:`click.BadParameter`. Whether the ruleset is played by that many players is
    checked with the ruleset (:func:`rulekit.balance.simulate.check_players`)."""
    from ..bots import canonical_bot

    parts = [p.strip() for p in value.split(",")]
    if len(parts) < 2 or not all(parts):
        raise click.BadParameter(_("give two bots separated by a comma, or one bot per player, e.g. greedy,random, "
                                   "mcts:200,mcts:200 or greedy,greedy,greedy"))
    try:
        return tuple(canonical_bot(p, family) for p in parts)
    except ValueError as exc:            # the value typed is quoted in it: control characters escaped
        raise click.BadParameter(shown_path(str(exc))) from None


def bots_option(ctx, param, value):
    """``--bots`` of simulate and tune, which may be given more than once, one set of bots per strength
    (weakest first). Not given: None (a greedy bot per player of the ruleset's smallest game); else the list
    of sets."""
    if not value:
        return None
    out = []
    ctx.meta["rulekit.bots"] = tuple(value)      # read again for a ruleset of another family (_family_bots)
    for v in value:
        try:
            out.append(parse_bots(v))
        except click.BadParameter as exc:
            exc.ctx, exc.param = ctx, param
            raise
    return out


def capped_jobs(jobs: int, cluster, games: int) -> int:
    """``--jobs`` for ``--cluster local``: at most one worker per game and two per core of this machine,
    saying so on standard error when that is fewer than asked (other backends: ``jobs`` unchanged)."""
    if cluster != "local":
        return jobs
    from ..balance.backend import WORKERS_PER_CORE, local_workers

    workers = local_workers(jobs, games)
    if workers < jobs:
        click.echo(_("--cluster local: {workers} Dask workers, not {jobs} (at most one per game and {per_core} "
                     "per core of this machine, which has {cores})").format(
            workers=workers, jobs=jobs, per_core=WORKERS_PER_CORE, cores=os.cpu_count() or 1), err=True)
    return workers


def _cluster_address(ctx, param, value):
    """``--cluster``: refused at once when its port is no port (``tcp://host:99999``), rather than after
    the connection's timeout; any other address is Dask's to judge."""
    if value is None or value == "local":
        return value
    from urllib.parse import urlsplit

    try:
        netloc = urlsplit(value if "://" in value else "tcp://" + value).netloc
    except ValueError:                                    # an unbalanced bracket: "Invalid IPv6 URL"
        raise click.BadParameter(_("{address} is not an address: write tcp://host:port (an IPv6 host in "
                                   "brackets, tcp://[::1]:8786), or local").format(
            address=shown_path(value))) from None
    host, sep, port = netloc.rpartition(":")
    if sep and host and not host.endswith("]") and ":" in host:
        return value                                      # an IPv6 address without brackets: no port to read
    if sep and host and port:
        if not port.isdigit() or not 1 <= int(port) <= 65535:
            raise click.BadParameter(_("{port} is not a port: a port is a number from 1 to 65535, as in "
                                       "tcp://host:8786").format(port=shown_path(port)))
    return value


def cluster_option(f):
    """``--cluster ADDRESS|local`` (simulate and tune)."""
    return click.option("--cluster", metavar=N_("ADDRESS"), callback=_cluster_address,
                        help=N_("Play on a Dask distributed cluster: the scheduler's address (tcp://host:8786), "
                                "or local to start one on this machine with --jobs workers. "
                                "Needs pip install 'rulekit[cluster]'. The results do not depend on it."))(f)


def seat_name(k: int, players: int) -> str:
    """The player in seat ``k`` of the turn order (0: the first player), for a sentence:
    "first player", "second player"…"""
    if k == 1 and players > 2:
        return pgettext("one of three or more", "second player")
    names = (_("first player"), _("second player"), _("third player"), _("fourth player"), _("fifth player"),
             _("sixth player"))
    return names[k] if k < len(names) else _("player {number}").format(number=k + 1)


def seat_short(k: int) -> str:
    """The player in seat ``k`` (0: the first player), for a table's heading: "1st player"…"""
    names = (pgettext("simulate", "1st player"), pgettext("simulate", "2nd player"), pgettext("simulate", "3rd player"),
             pgettext("simulate", "4th player"), pgettext("simulate", "5th player"), pgettext("simulate", "6th player"))
    return names[k] if k < len(names) else _("player {number}").format(number=k + 1)


def bot_name(bot: str, plural: bool = False) -> str:
    """A bot's spec as a report names it, in the current language: the spec itself (``mcts:200``,
    ``hard=far:100``) with its bot's and level's names translated (French ``glouton``, ``difficile=lointain:100``).
    ``plural``: a bare name said of several bots agrees with them (French « deux bots gloutons »)."""
    from ..bots.registry import bot_label, bot_plural, parse_bot

    try:
        spec = parse_bot(bot)
    except ValueError:
        return bot
    if plural and spec.level is None and spec.bare == spec.name:
        return bot_plural(spec.name)

    def word(name: str) -> str:
        label = bot_label(name)
        return name if label.lower() == name.lower() else label     # "mcts", not "MCTS", in a spec
    budget = spec.bare.partition(":")[2]
    core = word(spec.name) + (":" + budget if budget else "")
    return f"{word(spec.level)}={core}" if spec.level is not None else core


def _bots_text(bots) -> str:
    """``greedy and mcts:2``, or ``two greedy bots`` when they are the same (in French, « glouton »)."""
    if len(set(bots)) > 1:
        return format_list([bot_name(b) for b in bots])
    if len(bots) == 2:
        return _("two {bot} bots").format(bot=bot_name(bots[0], plural=True))
    return ngettext("{num} {bot} bot", "{num} {bot} bots", len(bots)).format(num=_num(len(bots), 0),
                                                                           bot=bot_name(bots[0], len(bots) > 1))


def no_decided_line(sb: dict) -> str:
    """What is said instead of a result when no game was decided (all unfinished or drawn)."""
    return ngettext("No game was decided: the {games} game ended unfinished (at the limit of --max-turns) or in "
                    "a draw, so there is no result and no seat's advantage can be measured.",
                    "No game was decided: all {games} games ended unfinished (at the limit of --max-turns) or in "
                    "a draw, so there is no result and no seat's advantage can be measured.",
                    sb["games"]).format(games=_num(sb["games"], 0))


def null_undecided(doc):
    """``doc`` (a simulate or tune JSON document) with every seat balance of no decided game stating no
    result: its rates, advantages, distance and verdict null (a copy; ``doc`` is not changed)."""
    if isinstance(doc, list):
        return [null_undecided(x) for x in doc]
    if not isinstance(doc, dict):
        return doc
    out = {k: null_undecided(v) for k, v in doc.items()}
    sb = out.get("seat_balance")
    if isinstance(sb, dict) and sb.get("decided") == 0:
        sb["seats"] = [{**s, "rate": None, "advantage": None} for s in sb["seats"]]
        sb["distance"] = None
        sb["fair"] = None
        if "distance" in out:
            out["distance"] = None
    return out


def seat_balance_lines(sb: dict, bots) -> list[str]:
    """The headline: with two players the first seat's win rate, its interval and what it means;
    with more, the seat whose rate is furthest from a fair share (1/N). With no decided game, only that."""
    players = sb["players"]
    seat = sb["seats"][sb["furthest"]]
    lo, hi = seat["ci95"]
    if sb["decided"] == 0:
        out = [no_decided_line(sb)]
    elif players == 2:
        out = [_("First seat: wins {rate} of the games someone won ({level} interval {low} to {high}; "
                 "{wins} of {decided}), advantage {advantage}, with {bots}.").format(
            rate=_pct(seat["rate"]), level=_level(), low=_pct(lo), high=_pct(hi), wins=_num(seat["wins"], 0),
            decided=_num(sb["decided"], 0), advantage=_signed(seat["advantage"], True), bots=_bots_text(bots))]
        if sb["seat_decides"]:
            out.append(_("Warning: the seat alone decides the result: whoever plays first wins at least nine games "
                         "in ten. Every other figure below mostly measures that."))
        out.append(verdict_line(sb, bots))
    else:
        out = [_("Furthest from a fair share: the {seat} wins {rate} of the games someone won ({level} interval "
                 "{low} to {high}; {wins} of {decided}); fair would be {fair} ({players} players), advantage "
                 "{advantage}, with {bots}.").format(
            seat=seat_name(sb["furthest"], players), rate=_pct(seat["rate"]), level=_level(), low=_pct(lo),
            high=_pct(hi), wins=_num(seat["wins"], 0), decided=_num(sb["decided"], 0), fair=_pct(sb["fair_share"]),
            players=_num(players, 0), advantage=_signed(seat["advantage"], True), bots=_bots_text(bots))]
        out.append(_("Every seat: {shares}.").format(shares=format_list([
            _("{seat} {rate} ({low} to {high})").format(seat=seat_name(s["seat"], players), rate=_pct(s["rate"]),
                                                      low=_pct(s["ci95"][0]), high=_pct(s["ci95"][1]))
            for s in sb["seats"]])))
        if sb["seat_decides"]:
            out.append(_("Warning: the seat alone decides the result: one seat wins at least nine games in ten. "
                         "Every other figure below mostly measures that."))
        out.append(verdict_line(sb, bots))
    note = no_search_note(bots)
    if note:
        out.append(note + " " + _("To judge balance, play bots that search, e.g. --bots {example}, "
                                  "and stronger ones with a second --bots.").format(example=search_example(bots)))
    return out


def verdict_word(verdict: str | None) -> str:
    """The verdict of :func:`rulekit.balance.simulate.fairness` in words, the same in every report."""
    from ..balance.simulate import FAIR, UNDECIDED, UNFAIR

    return {FAIR: pgettext("verdict", "fair"), UNFAIR: pgettext("verdict", "unfair"),
            UNDECIDED: pgettext("verdict", "not enough games to tell")}.get(verdict, _("no game decided"))


def searches(bots) -> bool:
    """Whether a bot of ``bots`` looks ahead (only then is a verdict a verdict on the rules)."""
    from ..bots.registry import parse_bot

    return any(parse_bot(b).searches for b in bots)


def _band_text(band) -> str:
    return _range(_pct(band[0]), _pct(band[1]))


def verdict_line(sb: dict, bots) -> str:
    """The verdict on a seat balance by the equivalence test (docs/simulate.md): fair when every seat's
    interval lies inside the fairness band, unfair when one lies wholly outside, else not enough games
    to tell, with about how many would settle it. Between bots that do not look ahead, a share inside
    the band is never called fair: it is said to be no verdict on the rules."""
    from ..balance.simulate import FAIR, UNFAIR, fairness

    judged = fairness(sb)
    verdict, band = judged["verdict"], _band_text(judged["band"])
    players = sb["players"]
    if verdict == FAIR and not searches(bots):
        return _("Within the fairness band ({band}) between these bots, but they do not look ahead: "
                 "no verdict on the rules.").format(band=band)
    if verdict == FAIR:
        if players == 2:
            return _("Verdict: {verdict} (the whole interval lies inside the fairness band, {band}).").format(
                verdict=verdict_word(verdict), band=band)
        return _("Verdict: {verdict} (every seat's interval lies inside the fairness band, {band}).").format(
            verdict=verdict_word(verdict), band=band)
    if verdict == UNFAIR:
        if players == 2:
            ahead = _("the first seat") if sb["seats"][0]["rate"] > 0.5 else _("the second seat")
            return _("Verdict: {verdict}, {seat} ahead (the whole interval lies outside the fairness band, "
                     "{band}).").format(verdict=verdict_word(verdict), seat=ahead, band=band)
        out = [s for s in sb["seats"] if s["ci95"][1] < judged["band"][0] or s["ci95"][0] > judged["band"][1]]
        return ngettext("Verdict: {verdict} (the interval of the {seats} lies wholly outside the fairness band, "
                        "{band}).",
                        "Verdict: {verdict} (the intervals of the {seats} lie wholly outside the fairness band, "
                        "{band}).", len(out)).format(verdict=verdict_word(verdict), band=band,
                                                      seats=format_list([seat_name(s["seat"], players) for s in out]))
    needed = judged["games_needed"]
    if players == 2:
        head = _("Verdict: {verdict} (the interval reaches beyond the fairness band, {band}, but does not lie "
                 "wholly outside it).").format(
            verdict=verdict_word(verdict), band=band)
    else:
        head = _("Verdict: {verdict} (not every seat's interval lies inside the fairness band, {band}, nor "
                 "wholly outside it).").format(verdict=verdict_word(verdict), band=band)
    low, high = judged["band"]
    shares = [s["wins"] / sb["decided"] for s in sb["seats"]]
    if needed is None:
        edge = [k for k, p in enumerate(shares) if p in (low, high)]
        if edge:
            return head + " " + ngettext(
                "The {seats}'s share, {rate}, lies exactly on the band's edge: the count of games put it there, "
                "and it says neither way; play more games and look again.",
                "The shares of the {seats}, {rate}, lie exactly on the band's edge: the count of games put them "
                "there, and they say neither way; play more games and look again.", len(edge)).format(
                seats=format_list([seat_name(k, players) for k in edge]),
                rate=format_list([_pct(shares[k]) for k in edge]))
        return head
    away = [k for k, p in enumerate(shares) if not low <= p <= high]
    if not away:
        return head + " " + ngettext(
            "About {games} game in all would settle it, as fair, if the shares stayed as observed.",
            "About {games} games in all would settle it, as fair, if the shares stayed as observed.",
            needed).format(games=_num(needed, 0))
    if players == 2:
        ahead = _("the first seat") if shares[0] > 0.5 else _("the second seat")
        return head + " " + ngettext(
            "About {games} game in all would settle it, as unfair with {seat} ahead, if the shares stayed as "
            "observed.",
            "About {games} games in all would settle it, as unfair with {seat} ahead, if the shares stayed as "
            "observed.", needed).format(games=_num(needed, 0), seat=ahead)
    return head + " " + ngettext(
        "About {games} game in all would settle it, as unfair for the {seats}, if the shares stayed as observed.",
        "About {games} games in all would settle it, as unfair for the {seats}, if the shares stayed as observed.",
        needed).format(games=_num(needed, 0), seats=format_list([seat_name(k, players) for k in away]))


def search_example(bots) -> str:
    """``mcts:16,mcts:16``: as many bots that search as ``bots``."""
    return ",".join(["mcts:16"] * len(bots))


def no_search_note(bots) -> str | None:
    """A caution when no bot searches: their seats' shares are no measure of balance.
    Each command adds its own advice (``tune`` takes one set of bots, ``simulate`` several)."""
    from ..bots.registry import parse_bot

    if any(parse_bot(b).searches for b in bots):
        return None
    if len(bots) == 2:
        return _("Neither bot looks ahead: between such bots the first seat's share says more about how they "
                 "play than about the rules.")
    return _("No bot looks ahead: between such bots the seats' shares say more about how they play than about "
             "the rules.")


# ---------------------------------------------------------------------------
# Formatting


def _pct(x: float) -> str:
    """A rate as a percentage with one decimal, in the language's pattern (``12.5%``, ``12,5 %``)."""
    from babel.numbers import format_percent

    loc = babel_locale()
    pattern = loc.percent_formats[None].pattern.replace("#,##0", "#,##0.0", 1)
    return format_percent(x, format=pattern, locale=loc)


def _level() -> str:
    """The confidence level, ``95%`` (``95 %`` in French)."""
    from babel.numbers import format_percent

    return format_percent(0.95, locale=babel_locale())


#: The minus sign of a figure: U+2212, as the screens write "−1 VP" (never the hyphen-minus of "-0.01").
MINUS = "\u2212"


def _minus(text: str) -> str:
    """``text`` (a formatted number) with its hyphen-minus written as the minus sign."""
    return MINUS + text[1:] if text.startswith("-") else text


def _num(x, digits: int = 1) -> str:
    from babel.numbers import format_decimal

    if not isinstance(x, int) and round(x, digits) == 0:
        x = 0.0          # no "-0.00"
    if isinstance(x, int) or float(x).is_integer() and digits == 0:
        return _minus(format_decimal(x, locale=babel_locale()))
    fmt = "#,##0." + "0" * digits if digits else "#,##0"
    return _minus(format_decimal(x, format=fmt, locale=babel_locale()))


def _signed(x: float, percent: bool) -> str:
    """A difference with its sign (``+1.3``, ``−0.02``; in percentage points, ``+12.5 pts``, French
    « −1,0 point », singular below 2 as French counts)."""
    from babel.numbers import format_decimal

    if round(x, 3 if percent else 2) == 0:
        x = 0.0          # "+0.0", never "-0.0"
    if percent:
        text = _minus(format_decimal(x * 100, format="+#,##0.0;-#,##0.0", locale=babel_locale()))
        return ngettext("{value} pts", "{value} pts", int(abs(round(x * 100, 1)))).format(value=text)
    return _minus(format_decimal(x, format="+#,##0.00;-#,##0.00", locale=babel_locale()))


def _range(lo: str, hi: str) -> str:
    return _("{low} to {high}").format(low=lo, high=hi)


#: The width a report's tables must fit while it is written for a terminal (:func:`fitting`); None: any width.
_TABLE_WIDTH = [None]


class fitting:
    """``with fitting(text_width()):`` the tables rendered inside fit that many columns."""

    def __init__(self, width):
        self.width = width

    def __enter__(self):
        self.before, _TABLE_WIDTH[0] = _TABLE_WIDTH[0], self.width

    def __exit__(self, *exc):
        _TABLE_WIDTH[0] = self.before


def text_width():
    """The columns a report may use on this terminal (one kept free), or None when it is not written to one."""
    import shutil

    return max(shutil.get_terminal_size().columns - 1, 40) if sys.stdout.isatty() else None


def _table_widths(headers, rows, width):
    """Each column's width: as wide as its longest cell, unless the table would be wider than ``width``;
    then the headers and the first column (the labels) are wrapped by words, the figures kept whole."""
    natural = [max([len(h)] + [len(row[i]) for row in rows]) for i, h in enumerate(headers)]
    if width is None or sum(natural) + 2 * (len(natural) - 1) <= width:
        return natural

    def longest_word(text):
        return max((len(w) for w in text.split()), default=0)
    widths = [max([longest_word(headers[0])] + [longest_word(row[0]) for row in rows])]
    widths += [max([longest_word(h)] + [len(row[i + 1]) for row in rows]) for i, h in enumerate(headers[1:])]
    room = width - 2 * (len(widths) - 1) - sum(widths)
    for i in [0] + list(range(1, len(widths))):                  # the labels get the room first, then the figures
        grow = min(max(room, 0), natural[i] - widths[i])
        widths[i] += grow
        room -= grow
    if widths[0] < min(natural[0], 24):
        return None                                              # too narrow for the labels beside the figures
    return widths


def _table(headers, rows) -> list[str]:
    """A table for the report: the labels' column left-aligned, the figures right-aligned; on a terminal
    narrower than the table, the headers and labels wrapped by words (a label's next lines indented)."""
    width = _TABLE_WIDTH[0]
    widths = _table_widths(headers, rows, width)
    stacked = widths is None                      # each label on a line of its own, its figures under it
    if stacked:
        rest = _table_widths([""] + list(headers[1:]), [[""] + list(r[1:]) for r in rows], max(width - 2, 20))
        widths = [0] + (rest or [len(h) for h in headers])[1:]

    def wrapped(text, w, indent=""):
        return textwrap.wrap(text, width=w, subsequent_indent=indent, break_on_hyphens=False,
                             break_long_words=False) or [""] if len(text) > w else [text]

    def fmt(row):
        cells = [row[0].ljust(widths[0])] + [cell.rjust(widths[i + 1]) for i, cell in enumerate(row[1:])]
        return "  ".join(cells).rstrip()

    lines = []
    heads = [wrapped(h, w) if w else [""] for h, w in zip(headers, widths)]
    tall = max(len(h) for h in heads)
    for k in range(tall):                                        # the headers' last lines on one row
        lines.append(fmt([h[k - (tall - len(h))] if k >= tall - len(h) else "" for h in heads]))
    lines.append("  ".join("-" * w for w in widths))
    if stacked:
        lines.insert(0, headers[0])
    for r in rows:
        if stacked:
            lines += wrapped(r[0], width, "  ") + [fmt([""] + list(r[1:]))]
            continue
        label = wrapped(r[0], widths[0], "  ")
        lines.append(fmt([label[0]] + list(r[1:])))
        lines.extend(piece.rstrip() for piece in label[1:])
    return lines


def _prop_row(label, prop):
    lo, hi = prop["ci95"]
    return [label, _num(prop["count"], 0), _pct(prop["rate"]), _range(_pct(lo), _pct(hi))]


def _source_name(src: str) -> str:
    return {
        "structures": pgettext("simulate", "structures"),
        "goals": pgettext("simulate", "goals"),
        "borrowing": pgettext("simulate", "borrowing penalty"),
        "coins": pgettext("simulate", "coins"),
        "measures": pgettext("simulate", "measures"),
        "objectives": pgettext("simulate", "secret objectives"),
        "prospectors": pgettext("simulate", "prospectors provisioned"),
        "bonus": pgettext("simulate", "bonus cards"),
    }.get(src, src)


#: The end reasons of a game that did not end by a rule (said without "ended because").
NO_END = ("none", "unfinished")


def _end_name(reason: str, data=None) -> str:
    """Which end condition ended the games: its rulebook sentence when the ruleset has it."""
    if data is not None and reason not in NO_END:
        from ..text.sentences import end_condition_by_key, end_condition_sentence

        cond = end_condition_by_key(data, reason)
        if cond is not None:
            text = end_condition_sentence(data, cond).rstrip(".")
            return text[:1].lower() + text[1:]      # it follows "ended because"
    return {
        "player_condition": _("a player reached the end condition"),
        "all_structures_built": _("every structure was built"),
        "goals_exhausted": _("the goals ran out"),
        "none": _("did not end"),
        "unfinished": pgettext("end of game", "stopped at the turn cap (unfinished)"),
    }.get(reason, reason)


def _decided_name(key: str) -> str:
    if key == "vp":
        return pgettext("simulate", "victory points")
    if key == "tie":
        return _("tie (a draw)")
    if key == "coin_value":                     # a value, not a count: its own words (« à la valeur des Pièces »)
        return pgettext("simulate", "tie-break: coin value")
    names = {"structures": pgettext("simulate", "structures"), "workers": pgettext("simulate", "workers"), "coin_value": pgettext("simulate", "coin value"),
             "labor": pgettext("simulate", "labor"), "goals": pgettext("simulate", "goals"), "vp": pgettext("simulate", "victory points")}
    return _("tie-break: {metric}").format(metric=names.get(key, key))


def _bot_label(slot: str, name: str) -> str:
    return _("bot {slot} ({name})").format(slot=slot, name=bot_name(name))


def bot_slot(j: int) -> str:
    """The letter of the ``j``-th bot of ``--bots`` (A, B, C…)."""
    return "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[j]


def _bot_labels(bots) -> list[str]:
    return [_bot_label(bot_slot(j), b) for j, b in enumerate(bots)]


def _metric_label(doc_rs_data, path: str, bots) -> str:
    parts = path.split("/")
    head = parts[0]
    players = len(bots)
    if head == "wins":
        return {
            "draws": pgettext("simulate", "draws"),
            "unfinished": _("unfinished (stopped at the turn cap)"),
        }[parts[1]]
    if head == "seats":
        seat = seat_name(int(parts[1]), players)
        return {"wins": _("{seat} wins"), "vp": _("VP of the {seat}")}[parts[2]].format(seat=seat)
    if head == "bots":
        j = int(parts[1])
        return _("{bot} wins").format(bot=_bot_label(bot_slot(j), bots[j]))
    if head == "length":
        return _("game length (turns)")
    if head == "vp":
        if parts[1] == "by_source":
            return _("VP per player from {source}").format(source=_source_name(parts[2]))
        return {
            "per_player": _("VP per player"),
            "margin": _("winning margin (VP)"),
        }[parts[1]]
    if head == "structures":
        name = display_name(doc_rs_data, "structure", parts[1])
        if parts[2] == "first_by_seat":
            return _("{structure}: first built by the {seat}").format(
                structure=name, seat=seat_name(int(parts[3]), players))
        return _("{structure}: built").format(structure=name)
    if head == "goals":
        name = display_name(doc_rs_data, "goal", parts[1])
        if parts[2] == "claimed_by_seat":
            return _("goal {goal}: claimed by the {seat}").format(goal=name, seat=seat_name(int(parts[3]), players))
        return {
            "drawn": _("goal {goal}: drawn"),
            "claimed": _("goal {goal}: claimed"),
            "removed": _("goal {goal}: removed"),
        }[parts[2]].format(goal=name)
    if head == "end_reasons":
        if parts[1] in NO_END:
            return _end_name(parts[1])           # "unfinished (…)", not "ended because unfinished"
        return _("ended because {reason}").format(reason=_end_name(parts[1], doc_rs_data))
    return path


def _compare_label(data, other_data, other_id: str, path: str, bots) -> str:
    """A figure of ``--compare`` named from both rulesets: a structure or goal by either's name, and an
    end condition by each ruleset's own sentence (a short game's "5 structures", not the base's 7)."""
    merged = {**other_data, "structures": {**(other_data.get("structures") or {}), **(data.get("structures") or {})},
              "goals": {**(other_data.get("goals") or {}), **(data.get("goals") or {})}}
    if not path.startswith("end_reasons/"):
        return _metric_label(merged, path, bots)
    from ..text.sentences import end_condition_by_key

    key = path.split("/", 1)[1]
    if key in NO_END:
        return _end_name(key)
    here = end_condition_by_key(data, key) is not None
    there = end_condition_by_key(other_data, key) is not None
    this_name = _end_name(key, data if here or not there else None)
    other_name = _end_name(key, other_data) if there else None
    if not here and there:
        this_name = other_name
    if here and there and other_name != this_name:
        return _("ended because {reason} ({other_id}: {other_reason})").format(
            reason=this_name, other_id=other_id, other_reason=other_name)
    return _("ended because {reason}").format(reason=this_name)


def ruleset_title(info) -> str:
    """A report's ruleset (``{"id", "title"}``) by its title in the current language, as ``rulekit diff`` names
    it (French « Province — partie courte »)."""
    from ..text.sentences import ruleset_text

    return ruleset_text(info.get("title") or info["id"])


def _ruleset_line(info) -> str:
    return _("{title} ({id})").format(title=ruleset_title(info), id=info["id"])


def render_text(doc: dict, data: dict, other_data: dict | None = None, elapsed: float | None = None) -> str:
    """The report for people (``data``: the resolved ruleset, for display names)."""
    r = doc["results"]
    s = doc["settings"]
    bots = s["bots"]
    n = r["games"]
    out = []
    if len(bots) == 2:
        out.append(ngettext(
            "{ruleset}: {num} game, {bot_a} against {bot_b}, seed {seed}",
            "{ruleset}: {num} games, {bot_a} against {bot_b}, seed {seed}", n,
        ).format(ruleset=_ruleset_line(doc["ruleset"]), num=_num(n, 0),
                 bot_a=_bot_label("A", bots[0]), bot_b=_bot_label("B", bots[1]), seed=s["seed"]))
        if s["first_player"] == "alternate":
            out.append(_("The bots alternate seats, and who plays first alternates too."))
        else:
            out.append(_("The bots alternate seats; the ruleset draws the first player at random."))
    else:
        out.append(ngettext(
            "{ruleset}: {num} game between {players} players, {bots}, seed {seed}",
            "{ruleset}: {num} games between {players} players, {bots}, seed {seed}", n,
        ).format(ruleset=_ruleset_line(doc["ruleset"]), num=_num(n, 0), players=_num(len(bots), 0),
                 bots=format_list(_bot_labels(bots)), seed=s["seed"]))
        if s["first_player"] == "alternate":
            out.append(_("The bots take every seat in turn, and who plays first changes too."))
        else:
            out.append(_("The bots take every seat in turn; the ruleset draws the first player at random."))
    out.append(_("Intervals are {level} confidence intervals.").format(level=_level()))
    if s.get("max_turns"):
        out.append(ngettext(
            "A game still running after {num} turn stops there: it is unfinished, neither a win nor a draw.",
            "A game still running after {num} turns stops there: it is unfinished, neither a win nor a draw.",
            s["max_turns"]).format(num=_num(s["max_turns"], 0)))
    out.append("")
    parts = doc.get("strengths") or [{"bots": bots, "seat_balance": doc["seat_balance"], "results": r,
                                      "compare": doc.get("compare")}]
    for k, part in enumerate(parts):
        if len(parts) > 1 and len(bots) == 2:
            out.append(_("== With {bot_a} against {bot_b} ==").format(
                bot_a=_bot_label("A", part["bots"][0]), bot_b=_bot_label("B", part["bots"][1])))
        elif len(parts) > 1:
            out.append(_("== With {bots} ==").format(bots=format_list(_bot_labels(part["bots"]))))
        out += seat_balance_lines(part["seat_balance"], part["bots"])
        if len(parts) == 1 and part["seat_balance"]["decided"] and searches(part["bots"]):
            out.append(_("Measured at one strength only, {strength}: the verdict may change with stronger or "
                         "weaker players (give --bots again for the strength curve).").format(
                strength=strength_text(part["bots"])))
        if part.get("compare"):
            out.append(compare_verdict_line(part["compare"], part["bots"]))
        out.append("")
        one = {**doc, "results": part["results"], "compare": part["compare"],
               "settings": {**s, "bots": part["bots"]}}
        if part.get("compare"):
            # The comparison table shows both rulesets' figures: only it is printed.
            out += _render_compare(one, data, other_data or data)
        else:
            out += _render_single(one, data)
        out.append("")
    if len(parts) > 1:
        out += _render_strengths(parts)
    while out and out[-1] == "":
        out.pop()
    if elapsed is not None:
        out.append("")
        out.append(_("Played in {seconds} s.").format(seconds=_num(elapsed)))
    return "\n".join(out) + "\n"


def strength_text(bots) -> str:
    """A set of bots as a point of the strength curve names it: ``mcts:100`` when they are all the same
    (a level with its spec, ``hard=far:100``, translated), else each, separated by slashes."""
    bots = list(bots)
    return bot_name(bots[0]) if len(set(bots)) == 1 else " / ".join(bot_name(b) for b in bots)


def _render_strengths(parts) -> list[str]:
    """The strength curve: one line per set of bots (with two players the first seat's share, with
    more the share of the seat furthest from fair) and its verdict, a text plot of every seat's share
    against strength, and which strengths the rule is fair and unfair at."""
    from ..balance.simulate import curve

    players = len(parts[0]["bots"])
    out = [_("First seat at each strength") if players == 2 else _("Seats at each strength")]
    rows = []
    for part in parts:
        sb = part["seat_balance"]
        seat = sb["seats"][sb["furthest"]]
        row = [strength_text(part["bots"]), _num(sb["decided"], 0)]
        if players > 2:
            row.append(seat_short(sb["furthest"]))
        if sb["decided"] == 0:
            rows.append(row + ["—", "—", _("no game decided")])
            continue
        from ..balance.simulate import fairness

        rows.append(row + [_pct(seat["rate"]), _range(_pct(seat["ci95"][0]), _pct(seat["ci95"][1])),
                           verdict_word(fairness(sb)["verdict"])])
    heads = [pgettext("simulate", "bots"), pgettext("simulate", "decided games")]
    if players == 2:
        heads.append(pgettext("simulate", "first seat wins"))
    else:
        heads += [pgettext("simulate", "seat furthest from fair"), pgettext("simulate", "its share")]
    out += _table(heads + [pgettext("simulate", "{level} interval").format(level=_level()),
                           pgettext("simulate", "verdict")], rows)
    c = curve(parts)
    out.append("")
    out += text_plot(c)
    out.append("")
    out += curve_verdict_lines(c)
    return out


#: The text plot's cells from 0% to 100% (2.5 points a cell) and its labels' width: with the share
#: after it, a line fits 80 columns.
PLOT_CELLS = 41
PLOT_LABEL = 18


def _plot_cell(share: float) -> int:
    return min(PLOT_CELLS - 1, max(0, round(share * (PLOT_CELLS - 1))))


def _plot_row(share: float, low: float, high: float, band) -> str:
    """One share on the text plot: ``░`` the fairness band, ``├─┤`` the interval, ``●`` the share."""
    cells = [" "] * PLOT_CELLS
    for i in range(_plot_cell(band[0]), _plot_cell(band[1]) + 1):
        cells[i] = "░"
    a, b = _plot_cell(low), _plot_cell(high)
    for i in range(a, b + 1):
        cells[i] = "─"
    cells[a], cells[b] = ("├", "┤") if a < b else ("│", "│")
    cells[_plot_cell(share)] = "●"
    return "".join(cells)


def _plot_label(text: str) -> str:
    return (text if len(text) <= PLOT_LABEL else text[:PLOT_LABEL - 1] + "…").ljust(PLOT_LABEL)


def text_plot(c: dict) -> list[str]:
    """The strength curve (:func:`rulekit.balance.simulate.curve`) on a terminal, 80 columns at most: a
    line per strength (with more than two players, a line per seat under each strength), its share on
    a scale from 0% to 100% with its interval over the fairness band, and the share in figures."""
    players = c["players"]
    if players == 2:
        out = [_("The first seat's share of the decided games at each strength:")]
    else:
        out = [_("Every seat's share of the decided games at each strength:")]
    axis = [" "] * (PLOT_CELLS + 4)
    for share in (0.0, 0.25, 0.5, 0.75, 1.0):
        label = _whole_pct(share)
        at = min(len(axis) - len(label), max(0, _plot_cell(share) - len(label) // 2))
        axis[at:at + len(label)] = list(label)
    out.append(" " * PLOT_LABEL + " " + "".join(axis).rstrip())
    ticks = [" "] * PLOT_CELLS
    for share in (0.0, 0.25, 0.5, 0.75, 1.0):
        ticks[_plot_cell(share)] = "┼"
    band = range(_plot_cell(c["band"][0]), _plot_cell(c["band"][1]) + 1)
    ticks = ["░" if i in band and t == " " else t for i, t in enumerate(ticks)]
    out.append(" " * PLOT_LABEL + " " + "".join(ticks).replace(" ", "─"))
    for point in c["points"]:
        name = strength_text(point["bots"])
        if point["decided"] == 0:
            out.append(_plot_label(name) + " " + _("no game decided"))
            continue
        seats = range(1) if players == 2 else range(players)
        if players > 2:
            out.append(name)
        for k in seats:
            label = name if players == 2 else "  " + seat_short(k)
            low, high = point["ci95"][k]
            out.append(_plot_label(label) + " " + _plot_row(point["shares"][k], low, high, c["band"]) + "  "
                       + _pct(point["shares"][k]))
    out.append(_("● the share, ├─┤ its {level} interval, ░ the fairness band ({band}).").format(
        level=_level(), band=_band_text(c["band"])))
    return out


def curve_verdict_lines(c: dict) -> list[str]:
    """Which strengths the rule is fair at, unfair at, and cannot tell at; never "fair" from bots that
    do not look ahead alone."""
    def names(label_list):
        by_label = {p["strength"]: p for p in c["points"]}
        return format_list([strength_text(by_label[s]["bots"]) for s in label_list])

    out = []
    weak_fair = [p["strength"] for p in c["points"] if p["verdict"] == "fair" and not p["searches"]]
    fair = [s for s in c["fair_at"] if s not in weak_fair]
    if fair:
        out.append(_("Fair at: {strengths}.").format(strengths=names(fair)))
    if c["unfair_at"]:
        out.append(_("Unfair at: {strengths}.").format(strengths=names(c["unfair_at"])))
    if c["undecided_at"]:
        out.append(_("Not enough games to tell at: {strengths}.").format(strengths=names(c["undecided_at"])))
    if weak_fair:
        out.append(_("Within the band, but between bots that do not look ahead (no verdict on the rules) at: "
                     "{strengths}.").format(strengths=names(weak_fair)))
    measured = format_list([strength_text(p["bots"]) for p in c["points"]])
    if not c["searched"]:
        out.append(_("Measured at {strengths} only, none of which looks ahead: this says how these bots play, "
                     "not whether the rules are fair.").format(strengths=measured))
    elif fair and len(fair) == len(c["points"]):
        out.append(_("Fair at every strength measured ({strengths}).").format(strengths=measured))
    else:
        out.append(_("Measured at {strengths}: the verdict depends on the strength of play.").format(
            strengths=measured) if len({p["verdict"] for p in c["points"]}) > 1 else
            _("Measured at {strengths}: the same verdict at every strength.").format(strengths=measured))
    return out


def _render_single(doc: dict, data: dict) -> list[str]:
    r = doc["results"]
    bots = doc["settings"]["bots"]
    players = len(bots)
    out = []
    out.append(_("Who wins, out of all the games (the headline counts only the games someone won)"))
    rows = [_prop_row(_metric_label(data, f"seats/{k}/wins", bots), r["seats"][k]["wins"]) for k in range(players)]
    rows.append(_prop_row(_metric_label(data, "wins/draws", bots), r["wins"]["draws"]))
    rows += [_prop_row(_metric_label(data, f"bots/{j}/wins", bots), r["bots"][j]["wins"]) for j in range(players)]
    rows.append(_prop_row(_metric_label(data, "wins/unfinished", bots), r["wins"]["unfinished"]))
    out += _table([pgettext("simulate", "outcome"), pgettext("simulate", "games"), pgettext("simulate", "rate"), pgettext("simulate", "{level} interval").format(level=_level())], rows)
    out.append("")
    out.append(_("What decided the winner"))
    rows = [_prop_row(_decided_name(k), v) for k, v in r["decided_by"].items()]
    out += _table([pgettext("simulate", "decided by"), pgettext("simulate", "games"), pgettext("simulate", "rate"), pgettext("simulate", "{level} interval").format(level=_level())], rows)
    out.append("")
    t = r["length"]["turns"]
    if not t["n"]:
        out.append(_("Game length: no game finished."))
    else:
        out.append(_("Game length: {mean} turns on average ({level} interval {low} to {high}); "
                     "quartiles {q1}, {median}, {q3}; shortest {min}, longest {max}.").format(level=_level(),
            mean=_num(t["mean"]), low=_num(t["ci95"][0]), high=_num(t["ci95"][1]),
            q1=_num(t["q1"]), median=_num(t["median"]), q3=_num(t["q3"]), min=_num(t["min"], 0), max=_num(t["max"], 0)))
    out.append("")
    out.append(_("Victory points"))
    vp = r["vp"]
    rows = []
    figures = [("vp/per_player", vp["per_player"])]
    figures += [(f"seats/{k}/vp", r["seats"][k]["vp"]) for k in range(players)]
    figures.append(("vp/margin", vp["margin"]))
    for path, v in figures:
        if not v.get("n", 1):                 # no game to average over (no game won, for the margin)
            rows.append([_metric_label(data, path, bots), "–", "–"])
            continue
        rows.append([_metric_label(data, path, bots), _num(v["mean"], 2),
                     _range(_num(v["ci95"][0], 2), _num(v["ci95"][1], 2))])
    for src, v in vp["by_source"].items():
        rows.append([_metric_label(data, "vp/by_source/" + src, bots), _num(v["mean"], 2),
                     _range(_num(v["ci95"][0], 2), _num(v["ci95"][1], 2))])
    out += _table([pgettext("simulate", "victory points"), pgettext("simulate", "mean"), pgettext("simulate", "{level} interval").format(level=_level())], rows)
    out.append("")
    if "prospectors_sold" in r:        # a report of prospectors, without structures, goals nor end conditions
        sold = r["prospectors_sold"]
        out.append(_("Prospectors provisioned per player: {mean} on average ({level} interval {low} to {high}).").format(
            mean=_num(sold["mean"], 2), level=_level(), low=_num(sold["ci95"][0], 2), high=_num(sold["ci95"][1], 2)))
        return out
    out.append(_("Structures"))
    rows = []
    for sid, v in r["structures"].items():
        rows.append([display_name(data, "structure", sid), _pct(v["built"]["rate"]),
                     *(_pct(p["rate"]) for p in v["first_by_seat"]), _num(v["copies"]["mean"], 2)])
    out += _table([pgettext("simulate", "structure"), pgettext("simulate", "built"),
                   *(pgettext("simulate", "first by {seat}").format(seat=seat_short(k)) for k in range(players)),
                   pgettext("simulate", "copies per game")], rows)
    out.append("")
    out.append(_("Goals"))
    rows = []
    for gid, v in r["goals"].items():
        rows.append([display_name(data, "goal", gid), _pct(v["drawn"]["rate"]), _pct(v["claimed"]["rate"]),
                     *(_pct(p["rate"]) for p in v["claimed_by_seat"]), _pct(v["removed"]["rate"])])
    out += _table([pgettext("simulate", "goal"), pgettext("simulate", "drawn"), pgettext("simulate", "claimed"),
                   *(pgettext("simulate", "by {seat}").format(seat=seat_short(k)) for k in range(players)),
                   pgettext("simulate", "removed")], rows)
    out.append("")
    out.append(_("How the games ended"))
    rows = [_prop_row(_end_name(k, data), v) for k, v in r["end_reasons"].items()]
    out += _table([pgettext("simulate", "end"), pgettext("simulate", "games"), pgettext("simulate", "rate"), pgettext("simulate", "{level} interval").format(level=_level())], rows)
    return out


def compare_verdict_line(cmp: dict, bots) -> str:
    """With ``--compare``: the other ruleset's seats and verdict, in the same words as this one's."""
    sb = cmp["seat_balance"]
    if sb["decided"] == 0:
        return _("{ruleset}: {line}").format(ruleset=cmp["ruleset"]["id"], line=no_decided_line(sb))
    if sb["players"] == 2:
        first = sb["seats"][0]
        shares = _("first seat {rate} ({low} to {high})").format(
            rate=_pct(first["rate"]), low=_pct(first["ci95"][0]), high=_pct(first["ci95"][1]))
    else:
        shares = format_list([_("{seat} {rate} ({low} to {high})").format(
            seat=seat_name(s["seat"], sb["players"]), rate=_pct(s["rate"]), low=_pct(s["ci95"][0]),
            high=_pct(s["ci95"][1])) for s in sb["seats"]])
    return _("{ruleset}: {shares}. {verdict}").format(ruleset=cmp["ruleset"]["id"], shares=shares,
                                                      verdict=verdict_line(sb, bots))


def _render_compare(doc, data, other_data) -> list[str]:
    cmp = doc["compare"]
    bots = doc["settings"]["bots"]

    def label(path):
        return _compare_label(data, other_data, cmp["ruleset"]["id"], path, bots)
    out = [_("Compared with {other}, on the same seeds (difference = {this_id} minus {other_id})").format(
        other=_ruleset_line(cmp["ruleset"]), this_id=doc["ruleset"]["id"], other_id=cmp["ruleset"]["id"])]
    rows = []
    for d in cmp["differences"]:
        percent = d["kind"] == "proportion"
        show = _pct if percent else (lambda x: _num(x, 2))
        mark = "*" if d["significant"] and not d["only_in"] else ""
        rows.append([label(d["metric"]),
                     "—" if d["only_in"] == "this" else show(d["other"]),
                     "—" if d["only_in"] == "other" else show(d["value"]),
                     _signed(d["difference"], percent),
                     _range(_signed(d["ci95"][0], percent), _signed(d["ci95"][1], percent)), mark])
    out += _table([pgettext("simulate", "figure"), cmp["ruleset"]["id"], doc["ruleset"]["id"], pgettext("simulate", "difference"), pgettext("simulate", "{level} interval").format(level=_level()), ""],
                  rows)
    sig = [d for d in cmp["differences"] if d["significant"] and not d["only_in"]]
    if any(d["only_in"] for d in cmp["differences"]):
        out.append(_("— the ruleset has no such structure, goal or end condition (counted as 0 in the difference)."))
    out.append(_("* the interval excludes 0: a real difference at the {level} level "
                 "(among many figures, about 1 in 20 may be flagged by chance).").format(level=_level()))
    out.append("")
    if not sig:
        out.append(_("No significant difference."))
        return out
    out.append(ngettext("{num} significant difference:",
                        "{num} significant differences:", len(sig)).format(num=len(sig)))
    for d in sig:
        percent = d["kind"] == "proportion"
        show = _pct if percent else (lambda x: _num(x, 2))
        out.append(_("- {figure}: {before} → {after} ({difference}; {level} interval {low} to {high})").format(
            level=_level(),
            figure=label(d["metric"]), before=show(d["other"]), after=show(d["value"]),
            difference=_signed(d["difference"], percent), low=_signed(d["ci95"][0], percent),
            high=_signed(d["ci95"][1], percent)))
    return out


# ---------------------------------------------------------------------------
# The command


def _family_bots(bots, family):
    """``--bots`` read again for a ruleset of ``family``, whose levels stand for its own bots."""
    if not bots or family is None:
        return bots
    try:
        return [parse_bots(v, family) for v in click.get_current_context().meta["rulekit.bots"]]
    except click.BadParameter as exc:
        exc.param_hint = quoted("--bots")
        raise


@click.command("simulate", cls=RkCommand,
               help=N_("Play many games between bots and report how a ruleset plays: who wins, how long "
                       "games last, where victory points come from, which structures and goals matter. "
                       "RULESET is a bundled id or a ruleset file."))
@click.argument("ruleset", metavar=N_("RULESET"))
@click.option("--games", type=click.IntRange(1, 10_000_000), default=DEFAULT_GAMES, show_default=True,
              metavar=N_("N"), help=N_("Number of games (per ruleset)."))
@click.option("--bots", "bots", multiple=True, callback=bots_option, metavar=N_("A,B"),
              help=N_("One bot per player, e.g. greedy,random, mcts:200,mcts:200, hard,normal or "
                      "greedy,greedy,mcts:50 (levels {levels}; bots {bots}; "
                      "N simulations per decision, T seconds per decision; "
                      "default a greedy bot per player of the ruleset's smallest game). As many bots, as many "
                      "players; they change seats every game. Give --bots twice to run "
                      "the same report at two strengths."))
@click.option("--seed", type=int, default=0, show_default=True, metavar=N_("S"),
              help=N_("Seed of the first game; game i uses seed S+i."))
@click.option("--jobs", type=click.IntRange(0, 256), default=1, show_default=True, metavar=N_("J"),
              help=N_("Processes to play on (0: one per core). The results do not depend on it."))
@click.option("--json", "as_json", is_flag=True,
              help=N_("Print the results as JSON (docs/schemas/simulate.schema.json)."))
@click.option("--max-turns", type=click.IntRange(1, 1_000_000), default=200, show_default=True, metavar=N_("T"),
              help=N_("Stop a game still running after T turns (both players' turns counted); "
                      "it is reported as unfinished, never as a win."))
@click.option("--compare", "other", metavar=N_("OTHER"),
              help=N_("Also play OTHER (a bundled id or a file) on the same seeds and report the differences."))
@click.option("--plot", type=click.Path(dir_okay=False), metavar=N_("FILE"),
              help=N_("Draw the strength curve as SVG in FILE: the first seat's share (with more players, every "
                      "seat's) with its interval at each --bots, over the fairness band. An existing FILE is "
                      "replaced, never a ruleset read."))
@cluster_option
def simulate(ruleset, games, bots, seed, jobs, as_json, max_turns, other, plot, cluster):
    from ..balance.simulate import SimulationInterrupted, report
    from ..files import check_output
    from ..language import load_ruleset

    rs = load_ruleset(ruleset)
    bots = _family_bots(bots, getattr(rs, "family", None))
    other_rs = load_ruleset(other) if other else None
    # The plot's file is checked before the games: never a file read, a folder, or in a folder that is not there.
    inputs = [*rs.chain, *(other_rs.chain if other_rs else ())] + [r for r in (ruleset, other) if r and os.path.exists(r)]
    if plot:
        check_output(plot, inputs)
    if jobs == 0:
        jobs = os.cpu_count() or 1
    total = games * (2 if other_rs else 1) * (len(bots) if bots else 1)
    jobs = capped_jobs(jobs, cluster, games)
    first_bots, strengths = (bots[0], bots[1:]) if bots else (None, None)
    err = sys.stderr                    # click.get_text_stream is deprecated (Click 8.5) and leaves in Click 9
    show_bar = err.isatty() and not os.environ.get("RULEKIT_NO_PROGRESS")
    import time

    start = time.perf_counter()
    try:
        if show_bar:
            with click.progressbar(length=total, label=_("Playing"), file=err) as bar:
                doc = report(rs, games, first_bots, seed, jobs, other_rs, progress=bar.update, max_turns=max_turns,
                             cluster=cluster, strengths=strengths)
        else:
            doc = report(rs, games, first_bots, seed, jobs, other_rs, max_turns=max_turns, cluster=cluster,
                         strengths=strengths)
    except SimulationInterrupted as exc:
        if exc.reason:                   # the Dask scheduler was lost: say so, then the games that finished
            click.echo(_("rulekit: {message}").format(message=printable(exc.reason, keep="")), err=True)
            click.echo(ngettext("Stopped: {done} of {total} game finished.", "Stopped: {done} of {total} games finished.",
                                exc.total).format(done=format_number(exc.finished), total=format_number(exc.total)),
                       err=True)
        else:
            click.echo("", err=True)
            click.echo(ngettext("Interrupted: {done} of {total} game finished.",
                                "Interrupted: {done} of {total} games finished.",
                                exc.total).format(done=format_number(exc.finished), total=format_number(exc.total)),
                       err=True)
        if exc.doc is not None:
            if as_json:
                click.echo(json.dumps(null_undecided(exc.doc), indent=2, ensure_ascii=False))
            else:
                with fitting(text_width()):
                    click.echo(for_terminal(render_text(exc.doc, rs.data, other_rs.data if other_rs else None,
                                                        time.perf_counter() - start)), nl=False)
            if plot:
                write_plot(exc.doc, plot, inputs)
        raise SystemExit(1 if exc.reason else 130) from None
    except KeyboardInterrupt:
        fail(_("interrupted"), 130)
    except RuntimeError as exc:
        fail(str(exc))
    elapsed = time.perf_counter() - start
    if as_json:
        click.echo(json.dumps(null_undecided(doc), indent=2, ensure_ascii=False))
    else:
        if other_rs is not None:
            click.echo(for_terminal(compare_opening(rs, other_rs)))
        with fitting(text_width()):
            click.echo(for_terminal(render_text(doc, rs.data, other_rs.data if other_rs else None, elapsed)),
                       nl=False)
    if plot:
        write_plot(doc, plot, inputs)
        if not as_json:
            click.echo(_("The strength curve is drawn in {file}.").format(file=shown_path(plot)))


def doc_parts(doc: dict) -> list[dict]:
    """A report's sets of bots, each with its seat balance: ``strengths``, or the one set of a run."""
    return doc.get("strengths") or [{"bots": doc["settings"]["bots"], "seat_balance": doc["seat_balance"]}]


def curve_svg_text(doc: dict) -> str:
    """The strength curve of a report as SVG (:mod:`rulekit.balance.plot`), its texts in the current language."""
    from ..balance.plot import curve_svg
    from ..balance.simulate import FAIR, UNDECIDED, UNFAIR, curve

    c = curve(doc_parts(doc))
    players = c["players"]
    title = (_("{ruleset}: the first seat's share at each strength") if players == 2
             else _("{ruleset}: every seat's share at each strength")).format(ruleset=doc["ruleset"]["id"])

    def point(strength, seat, share, low, high):
        return _("{seat}: {rate} ({low} to {high})").format(seat=seat_name(seat, players), rate=_pct(share),
                                                          low=_pct(low), high=_pct(high))

    texts = {
        "title": title,
        "x_label": _("bots (strength of play), in the order of --bots"),
        "y_label": _("share of the decided games") if players > 2 else _("first seat's share of the decided games"),
        "band": _("the fairness band, {band}").format(band=_band_text(c["band"])),
        "percent": _whole_pct,
        "verdicts": {v: verdict_word(v) for v in (FAIR, UNFAIR, UNDECIDED)},
        "strength": strength_text,
        "point": point,
        "share": _pct,
        "seats": [seat_short(k) for k in range(players)],
        "games": lambda games, decided: ngettext("{games} game, {decided} decided", "{games} games, {decided} decided",
                                                 games).format(games=_num(games, 0), decided=_num(decided, 0)),
    }
    return curve_svg(c, texts)


def _whole_pct(x: float) -> str:
    """A share as a whole percentage, in the language's pattern (``25%``, ``25 %``)."""
    from babel.numbers import format_percent

    return format_percent(x, locale=babel_locale())


def write_plot(doc: dict, path, inputs) -> None:
    """Write the report's strength curve to ``path`` atomically (never over a file read)."""
    from ..files import write_atomic

    write_atomic(path, curve_svg_text(doc), inputs)


def for_terminal(text: str) -> str:
    """``text`` as a terminal shows it: on a terminal, each line of prose longer than the terminal is
    wrapped by words (a table's row, which keeps runs of spaces between its columns, is left whole);
    to a file or a pipe, unchanged."""
    import re

    width = text_width()
    if width is None:
        return text
    out = []
    for line in text.split("\n"):
        if len(line) <= width or re.search(r"\S {2,}\S", line.strip()):
            out.append(line)
            continue
        indent = line[:len(line) - len(line.lstrip())]
        out.extend(textwrap.wrap(line.strip(), width=width, initial_indent=indent, subsequent_indent=indent + "  ",
                                 break_on_hyphens=False, break_long_words=False))
    return "\n".join(out)


def compare_opening(rs, other_rs) -> str:
    """What ``--compare`` measures, first: the rule differences from OTHER to RULESET, in words (as ``rulekit diff``)."""
    from ..text.diff import render_text as render_diff
    from ..text.diff import ruleset_label
    from ..text.families import rule_diff

    return render_diff(rule_diff(other_rs, rs), ruleset_label(other_rs), ruleset_label(rs))


# ---------------------------------------------------------------------------
# The balance ledger (rulekit/balance/ledger.py)


def ledger_result_line(entry: dict) -> str:
    """One entry's figures in a line: every seat's share (or each bot's wins) with its interval, and the verdict."""
    res = entry["measured"]["result"]
    if entry["measure"] == "bots":
        bots = res["bots"]
        draws = res["games"] - sum(b["wins"] for b in bots)
        return _("{bot} wins {rate} of {games} games ({low} to {high}; {wins}–{losses}, {draws} drawn or "
                 "unfinished)").format(bot=bot_name(bots[0]["bot"]), rate=_pct(bots[0]["rate"]), games=res["games"],
                                       low=_pct(bots[0]["ci95"][0]), high=_pct(bots[0]["ci95"][1]),
                                       wins=bots[0]["wins"], losses=bots[1]["wins"], draws=draws)
    players = len(res["seats"])
    shares = format_list([_("{seat} {rate} ({low} to {high})").format(
        seat=seat_name(k, players), rate=_pct(s["rate"]), low=_pct(s["ci95"][0]), high=_pct(s["ci95"][1]))
        for k, s in enumerate(res["seats"])])
    from ..balance.simulate import FAIR

    if res["verdict"] == FAIR and not searches(entry["measured"]["bots"]):
        verdict = _("within the fairness band, but between bots that do not look ahead: no verdict on the rules")
    else:
        verdict = verdict_word(res["verdict"])
    return _("{shares} of {decided} decided games; {verdict}").format(
        shares=shares, decided=res["decided"], verdict=verdict)


@click.command("ledger", cls=RkCommand,
               help=N_("Re-measure the stale entries of a balance ledger and rewrite it. A ledger (LEDGER, "
                       "default docs/balance-ledger.json) holds every balance or strength figure the docs quote: "
                       "per entry the ruleset, the bots, the games, the resolved ruleset's content hash (after "
                       "extends) and the bots' specs it was measured with, the seeds and the results. An entry is "
                       "stale when it was never measured, when its ruleset or one it extends changed, or when a "
                       "bot level now stands for another bot. Each entry is played on seeds no entry has used, "
                       "and the file is rewritten after each one, so Ctrl-C keeps the entries already measured. "
                       "The docs' tables are then made from the ledger with: python -m rulekit_tools.ledgerdocs"))
@click.argument("ledger_file", metavar=N_("[LEDGER]"), required=False, default="docs/balance-ledger.json")
@click.option("--check", "check_only", is_flag=True,
              help=N_("Play nothing: list every entry, fresh or stale and why; exit 1 when one is stale."))
@click.option("--entry", "entries", multiple=True, metavar=N_("ID"),
              help=N_("Measure this entry (repeatable), stale or not."))
@click.option("--all", "every", is_flag=True, help=N_("Measure every entry, stale or not."))
@click.option("--same-seeds", is_flag=True,
              help=N_("Play each entry on the seeds it was last measured on (to reproduce it) instead of fresh ones."))
@click.option("--jobs", type=click.IntRange(0, 256), default=1, show_default=True, metavar=N_("J"),
              help=N_("Processes to play on (0: one per core). The results do not depend on it."))
def ledger(ledger_file, check_only, entries, every, same_seeds, jobs):
    from pathlib import Path

    from ..balance import ledger as lg
    from ..balance.simulate import SimulationInterrupted

    doc = lg.load(ledger_file)
    base = Path(ledger_file).resolve().parent            # a ruleset file is named from the ledger's folder
    stale = {e["id"]: lg.staleness(e, base) for e in doc["entries"]}
    if check_only:
        for e in doc["entries"]:
            why = stale[e["id"]]
            if why:
                click.echo(_("{entry}: stale: {reasons}").format(entry=e["id"], reasons="; ".join(why.reasons)))
            else:
                click.echo(_("{entry}: fresh").format(entry=e["id"]))
        count = sum(1 for s in stale.values() if s)
        if count:
            fail(ngettext("{count} entry is stale: run rulekit ledger {file}",
                          "{count} entries are stale: run rulekit ledger {file}", count).format(
                count=count, file=shown_path(ledger_file)))
        return
    if jobs == 0:
        jobs = os.cpu_count() or 1
    todo = lg.find(doc, entries) if entries else [e for e in doc["entries"] if every or stale[e["id"]]]
    if not todo:
        click.echo(_("Every entry is fresh: nothing to measure."))
        return
    err = sys.stderr
    show_bar = err.isatty() and not os.environ.get("RULEKIT_NO_PROGRESS")
    done = 0
    for k, e in enumerate(todo, 1):
        if same_seeds and e.get("measured"):
            seed = e["measured"]["seed"]
        else:
            seed = lg.take_seeds(doc, e["games"])
        click.echo(_("[{k}/{n}] {entry}: {ruleset}, {bots}, {games} games from seed {seed}").format(
            k=k, n=len(todo), entry=e["id"], ruleset=e["ruleset"], bots=",".join(e["bots"]), games=e["games"],
            seed=seed), err=True)
        try:
            if show_bar:
                with click.progressbar(length=e["games"], label=_("Playing"), file=err) as bar:
                    measured = lg.measure(e, seed, base, jobs, progress=bar.update)
            else:
                measured = lg.measure(e, seed, base, jobs)
        except (SimulationInterrupted, KeyboardInterrupt):
            lg.save(doc, ledger_file)                 # the seeds taken stay taken
            click.echo("", err=True)
            click.echo(ngettext("Interrupted: {entry} is not kept; the ledger keeps the {done} entry measured "
                                "before it.",
                                "Interrupted: {entry} is not kept; the ledger keeps the {done} entries measured "
                                "before it.", done).format(entry=e["id"], done=done), err=True)
            raise SystemExit(130) from None
        except RuntimeError as exc:
            fail(str(exc))
        e["measured"] = measured
        lg.save(doc, ledger_file)
        done += 1
        click.echo(_("{entry}: {result}").format(entry=e["id"], result=ledger_result_line(e)))
    click.echo(ngettext("{count} entry measured and written to {file}.",
                        "{count} entries measured and written to {file}.", done).format(
        count=done, file=shown_path(ledger_file)))


COMMANDS = [simulate, ledger]


if __name__ == "__main__":  # pragma: no cover
    from . import main      # through the group, which reports the errors

    sys.exit(main(["simulate", *sys.argv[1:]]))
