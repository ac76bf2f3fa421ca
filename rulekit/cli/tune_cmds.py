"""``rulekit tune``: search a ruleset's numbers for a fair variant.

The search is :mod:`rulekit.balance.tune`; this module reads the options,
shows a progress bar on a terminal, prints a localized report or JSON
(docs/schemas/tune.schema.json), and writes the winning variant as a house
rule that ``extends`` the input.
"""
from __future__ import annotations

import json
import os
import shlex
import sys
import time
from pathlib import Path

import click

from ..errors import RulekitError, printable
from ..files import check_output, shown_path
from ..i18n import N_, _, format_list, ngettext, pgettext
from .base import RkCommand, fail, quoted

from .simulate_cmds import (
    _bots_text,
    _level,
    bot_name,
    ruleset_title,
    _num,
    _pct,
    _range,
    _table,
    bots_option,
    capped_jobs,
    cluster_option,
    no_decided_line,
    no_search_note,
    null_undecided,
    parse_bots,
    search_example,
    searches,
    seat_name,
    seat_short,
    verdict_line,
    verdict_word,
)


def _values_text(values: dict) -> str:
    return ", ".join(f"{k} = {v}" for k, v in values.items())


def _candidate_row(c: dict) -> list[str]:
    """Settings, games, and the share of the seat furthest from fair (with two players, the first)."""
    sb = c["seat_balance"]
    seat = sb["seats"][sb["furthest"]]
    row = [_values_text(c["values"]), _num(c["games"], 0)]
    if sb["players"] > 2:
        row.append(seat_short(sb["furthest"]))
    return row + [_pct(seat["rate"]), _range(_pct(seat["ci95"][0]), _pct(seat["ci95"][1]))]


def _figures_lines(sb: dict, players: int, two: str, more: str, **extra) -> list[str]:
    """A candidate's seats' shares in a sentence: ``two`` (the first seat's, with two players) or ``more``
    (every seat's)."""
    if players == 2:
        first = sb["seats"][0]
        return [two.format(rate=_pct(first["rate"]), decided=_num(sb["decided"], 0), level=_level(),
                           low=_pct(first["ci95"][0]), high=_pct(first["ci95"][1]), **extra)]
    return [more.format(decided=_num(sb["decided"], 0), level=_level(), shares=format_list([
        _("{seat} {rate} ({low} to {high})").format(seat=seat_name(s_["seat"], players), rate=_pct(s_["rate"]),
                                                  low=_pct(s_["ci95"][0]), high=_pct(s_["ci95"][1]))
        for s_ in sb["seats"]]), **extra)]


#: About how long a game between two bots that search (mcts:16) takes on one core, in seconds (province-en,
#: measured): the report's estimate of a trustworthy run.
SEARCH_GAME_SECONDS = 0.33


def render_tune(result: dict, output: str | None, elapsed: float) -> str:

    s = result["settings"]
    bots = s["bots"]
    players = len(bots)
    out = []
    if players == 2:
        out.append(ngettext(
            "{ruleset} ({id}): {num} candidate, sequential halving, {bot_a} against {bot_b}, budget {budget} games, seed {seed}",
            "{ruleset} ({id}): {num} candidates, sequential halving, {bot_a} against {bot_b}, budget {budget} games, seed {seed}",
            s["candidates"]).format(ruleset=ruleset_title(result["ruleset"]), id=result["ruleset"]["id"],
                                    num=_num(s["candidates"], 0), bot_a=bot_name(bots[0]), bot_b=bot_name(bots[1]),
                                    budget=_num(s["budget"], 0), seed=s["seed"]))
    else:
        out.append(ngettext(
            "{ruleset} ({id}): {num} candidate, sequential halving, {players} players ({bots}), budget {budget} games, seed {seed}",
            "{ruleset} ({id}): {num} candidates, sequential halving, {players} players ({bots}), budget {budget} games, seed {seed}",
            s["candidates"]).format(ruleset=ruleset_title(result["ruleset"]), id=result["ruleset"]["id"],
                                    num=_num(s["candidates"], 0), players=_num(players, 0), bots=_bots_text(bots),
                                    budget=_num(s["budget"], 0), seed=s["seed"]))
    if s["target"]["kind"] == "fair" and players == 2:
        out.append(_("Target: a fair game, the first seat winning {rate} of the decided games.").format(
            rate=_pct(0.5)))
    elif s["target"]["kind"] == "fair":
        out.append(_("Target: a fair game, every seat winning {rate} of the decided games.").format(
            rate=_pct(s["target"]["first_seat_rate"])))
    elif players == 2:
        out.append(_("Target: the first seat winning {rate} of the decided games.").format(
            rate=_pct(s["target"]["first_seat_rate"])))
    else:
        out.append(_("Target: the first seat winning {rate} of the decided games, every other seat {rest}.").format(
            rate=_pct(s["target"]["first_seat_rate"]), rest=_pct(s["target"]["shares"][1])))
    sets = s.get("strengths") or [bots]
    if len(sets) > 1:
        strengths_text = format_list([strength_name(b) for b in sets])
        if s["target"].get("over") == "strongest":
            out.append(_("Over {num} strengths ({strengths}): the target counts between the strongest bots only, "
                         "{bots}; the best setting is played again at every strength.").format(
                num=_num(len(sets), 0), strengths=strengths_text, bots=_bots_text(sets[-1])))
        else:
            out.append(_("Over {num} strengths ({strengths}): the target holds at each, a setting's score is that "
                         "of its strength furthest from the target, and the best setting is played again at every "
                         "strength.").format(num=_num(len(sets), 0), strengths=strengths_text))
    note = no_search_note(bots) if not any(searches(b) for b in sets) else None
    if note:
        seconds = s["budget"] * SEARCH_GAME_SECONDS
        if seconds < 90:
            took = ngettext("With them this budget of {games} games takes about {seconds} second on one core.",
                            "With them this budget of {games} games takes about {seconds} seconds on one core.",
                            max(1, round(seconds))).format(games=_num(s["budget"], 0),
                                                           seconds=_num(max(1, round(seconds)), 0))
        else:
            took = ngettext("With them this budget of {games} games takes about {minutes} minute on one core "
                            "(divided by --jobs).",
                            "With them this budget of {games} games takes about {minutes} minutes on one core "
                            "(divided by --jobs).",
                            round(seconds / 60)).format(games=_num(s["budget"], 0), minutes=_num(round(seconds / 60), 0))
        out.append(note + " " + _("To judge balance, tune with bots that search, e.g. --bots {example}.").format(
            example=search_example(bots)) + " " + took)

    if s["grid_size"] > s["candidates"] + len(result["invalid"]):
        out.append(_("The space has {grid} settings; {num} of them were drawn with the seed.").format(
            grid=_num(s["grid_size"], 0), num=_num(s["candidates"] + len(result["invalid"]), 0)))
    if result["invalid"]:
        out.append(ngettext("{num} candidate was left out: not a valid ruleset (first problem: {problem}).",
                            "{num} candidates were left out: not valid rulesets (first problem: {problem}).",
                            len(result["invalid"])).format(num=len(result["invalid"]),
                                                           problem=result["invalid"][0]["problem"]))
    out.append("")
    if result["interrupted"]:
        out.append(_("Interrupted: the best candidate of the last finished round is shown."))
    best = result["best"]
    if best is None:
        out.append(_("No round finished: there is no best candidate yet."))
        return "\n".join(out) + "\n"
    sb = best["seat_balance"]
    if sb["decided"] == 0:
        # No decided game: no best setting either (the search ranked candidates on nothing); none is written.
        out.append(no_decided_line(sb) + " " + _("No variant is written: raise --max-turns, or check that the "
                                                 "ruleset can end."))
        out.append("")
        out.append(_("Rounds: {rounds}; {games} games played in {seconds} s.").format(
            rounds=" → ".join(_num(r["candidates"], 0) for r in result["rounds"]) or "—",
            games=_num(result["games_played"], 0), seconds=_num(elapsed)))
        return "\n".join(out) + "\n"
    out.append(_("Best settings"))
    base = result["base_values"]
    rows = [[k, str(base[k]), str(v)] for k, v in best["values"].items()]
    out += _table([pgettext("tune", "field"), pgettext("tune", "was"), pgettext("tune", "best")], rows)
    out.append("")
    if len(sets) > 1:
        out += _strengths_lines(result, players)
        return _tail(result, out, output, elapsed, players)
    out += _figures_lines(sb, players, _("In the search, with them the first seat won {rate} of {decided} decided "
                                         "games ({level} interval {low} to {high})."),
                          _("In the search, with them, of {decided} decided games ({level} intervals): {shares}."))
    fresh = result.get("fresh")
    if fresh is None:
        out.append(_("The best setting was not played again on fresh seeds (the search was interrupted): the "
                     "figure above is the search's, which flatters its winner; no verdict is given."))
    elif fresh["seat_balance"]["decided"] == 0:
        out.append(no_decided_line(fresh["seat_balance"]))
    else:
        fsb = fresh["seat_balance"]
        out += _figures_lines(fsb, players, ngettext(
            "On {games} fresh game (seeds the search never used), the first seat wins {rate} of {decided} decided "
            "games ({level} interval {low} to {high}).",
            "On {games} fresh games (seeds the search never used), the first seat wins {rate} of {decided} decided "
            "games ({level} interval {low} to {high}).", fresh["games"]),
            ngettext("On {games} fresh game (seeds the search never used), of {decided} decided games ({level} "
                     "intervals): {shares}.",
                     "On {games} fresh games (seeds the search never used), of {decided} decided games ({level} "
                     "intervals): {shares}.", fresh["games"]), games=_num(fresh["games"], 0))
        out.append(_("The verdict is the fresh games': the search's own figure of its winner flatters it (the "
                     "winner's curse, docs/tune.md)."))
        out.append(verdict_line(fsb, bots))
        out.append(_("Measured between {bots} only: check the variant at other strengths with rulekit simulate "
                     "and several --bots.").format(bots=_bots_text(bots)))
    return _tail(result, out, output, elapsed, players)


def strength_name(bots) -> str:
    """A set of bots as a strength, in the report's language: ``hard=far:100`` when they are all the same,
    else ``A / B`` (French « difficile=lointain:100 »)."""
    from .simulate_cmds import strength_text

    return strength_text(bots)


def _share_cell(sb: dict) -> str:
    """The share of the seat furthest from fair, with its interval (with two players, the first seat's)."""
    if not sb["decided"]:
        return "—"
    seat = sb["seats"][0] if sb["players"] == 2 else sb["seats"][sb["furthest"]]
    text = _("{rate} ({low} to {high})").format(rate=_pct(seat["rate"]), low=_pct(seat["ci95"][0]),
                                               high=_pct(seat["ci95"][1]))
    return text if sb["players"] == 2 else seat_short(sb["furthest"]) + " " + text


def _strengths_lines(result: dict, players: int) -> list[str]:
    """The best setting at each strength: its share in the search and on the fresh games, and each verdict;
    then the verdict over the strengths that count."""
    from ..balance.simulate import FAIR

    out = []
    best = result["best"]
    fresh = result.get("fresh")
    fresh_sets = fresh.get("strengths") if fresh else None
    heads = [pgettext("tune", "strength"), pgettext("tune", "counts"),
             pgettext("tune", "in the search") if players == 2 else pgettext("tune", "in the search (furthest seat)"),
             pgettext("tune", "on fresh seeds"), pgettext("tune", "verdict")]
    rows = []
    for k, fig in enumerate(best["strengths"]):
        f = fresh_sets[k] if fresh_sets else None
        rows.append([strength_name(fig["bots"]), pgettext("tune", "yes") if fig["counted"] else pgettext("tune", "no"),
                     _share_cell(fig["seat_balance"]) if fig["games"] else "—",
                     _share_cell(f["seat_balance"]) if f else "—",
                     verdict_word(f["verdict"]) if f else "—"])
    out.append(_("The best setting at each strength ({level} intervals; with two players, the first seat's share "
                 "of the decided games):").format(level=_level()) if players == 2 else
               _("The best setting at each strength ({level} intervals; the share of the seat furthest from fair):"
                 ).format(level=_level()))
    out += _table(heads, rows)
    if fresh is None:
        out.append(_("The best setting was not played again on fresh seeds (the search was interrupted): the "
                     "figures above are the search's, which flatter its winner; no verdict is given."))
        return out
    out.append(_("The verdicts are the fresh games' ({games} at each strength, seeds the search never used): the "
                 "search's own figures of its winner flatter it (the winner's curse, docs/tune.md).").format(
        games=_num(fresh["games"], 0)))
    for k, f in enumerate(fresh_sets):
        if f["counted"] and f["seat_balance"]["decided"]:
            out.append(_("{strength} — {verdict}").format(strength=strength_name(f["bots"]),
                                                           verdict=verdict_line(f["seat_balance"], f["bots"])))
    counted = [f for f in fresh_sets if f["counted"]]
    v = fresh["verdict"]
    if len(counted) > 1:
        if v == "fair":
            out.append(_("Fair at every strength that counts."))
        elif v == "unfair":
            out.append(_("Not fair at every strength: unfair at {strengths}.").format(strengths=format_list(
                [strength_name(f["bots"]) for f in counted if f["verdict"] == "unfair"])))
        elif v is not None:
            out.append(_("Not enough games to tell at {strengths}.").format(strengths=format_list(
                [strength_name(f["bots"]) for f in counted if f["verdict"] != "fair"])))
    return out


def _tail(result: dict, out: list, output, elapsed: float, players: int) -> str:
    """The runner-ups, the rounds and where the variant went."""
    if result["runner_ups"]:
        out.append("")
        out.append(_("Runner-ups"))
        heads = [pgettext("tune", "settings"), pgettext("tune", "games")]
        if players == 2:
            heads.append(pgettext("tune", "first seat wins"))
        else:
            heads += [pgettext("simulate", "seat furthest from fair"), pgettext("simulate", "its share")]
        out += _table(heads + [pgettext("simulate", "{level} interval").format(level=_level())],
                      [_candidate_row(c) for c in result["runner_ups"]])
    out.append("")
    if result.get("fresh"):
        out.append(_("Rounds: {rounds}; {games} games played in the search and {fresh} on fresh seeds, in {seconds} "
                     "s.").format(rounds=" → ".join(_num(r["candidates"], 0) for r in result["rounds"]) or "—",
                                  games=_num(result["games_played"], 0),
                                  fresh=_num(sum(f["games"] for f in result["fresh"].get("strengths") or
                                                 [result["fresh"]]), 0),
                                  seconds=_num(elapsed)))
    else:
        out.append(_("Rounds: {rounds}; {games} games played in {seconds} s.").format(
            rounds=" → ".join(_num(r["candidates"], 0) for r in result["rounds"]) or "—",
            games=_num(result["games_played"], 0), seconds=_num(elapsed)))
    if output:
        out.append(_("The best variant is written to {path} (a house rule that extends {base}).").format(
            path=shown_path(output), base=result["ruleset"]["id"]))
    return "\n".join(out) + "\n"


#: From this many candidates on, tune says that it checks them before the first game (it takes a while).
CHECK_NOTE_FROM = 200
#: A tuned variant's id and title stay within the schema's limits (the id and title of the input shortened).
MAX_ID, MAX_TITLE = 64, 80


def _variant_names(rs) -> tuple[str, str]:
    """The variant's id (``ID-tuned``) and title (``TITLE — tuned``), shortened to the schema's limits."""
    from ..text.sentences import ruleset_text

    suffix = "-tuned"
    new_id = rs.id[:MAX_ID - len(suffix)] + suffix
    base = ruleset_text(rs.title)               # in the language of the run, as its description
    title = _("{title} — tuned").format(title=base)
    if len(title) > MAX_TITLE:
        cut = MAX_TITLE - (len(title) - len(base)) - 1
        title = _("{title} — tuned").format(title=base[:max(cut, 1)].rstrip() + "…")
    return new_id, title[:MAX_TITLE]


def _previous_output(path: Path) -> bool:
    """Whether ``path`` is a house rule an earlier ``tune`` wrote (which a new run may replace): its first line
    starts with "# Chosen by rulekit tune" in one of the languages rulekit speaks."""
    from ..balance.tune import TUNE_MARK
    from ..i18n import available_languages, language

    try:
        with open(path, "rb") as fh:
            first = fh.readline(4096).decode("utf-8", "replace")
    except OSError:
        return False
    marks = set()
    for lang in ["en", *available_languages()]:
        with language(lang):
            marks.add("# " + _(TUNE_MARK))
    return any(first.startswith(mark) for mark in marks)


def default_output(rs, inputs) -> Path:
    """Where the variant goes without -o: ``ID-tuned.yaml`` here, unless that is a file the command reads or
    a file of the user's (not an earlier tune's output): then ``ID-tuned-2.yaml``, ``-3``…"""
    from ..files import check_output
    from ..errors import OutputError

    for n in range(1, 1000):
        path = Path(f"{rs.id}-tuned.yaml" if n == 1 else f"{rs.id}-tuned-{n}.yaml")
        if path.exists() and not _previous_output(path):
            continue
        try:
            return check_output(path, inputs)
        except OutputError:
            if n == 999:
                raise
    return check_output(Path(f"{rs.id}-tuned.yaml"), inputs)


def _write_variant(text: str, out: Path, inputs) -> None:
    """Check that the house rule loads (from a temporary file beside ``out``, so that its ``extends`` resolves
    as it will), then write it atomically; an OutputError or a RulesetError says why not, and nothing is left."""
    from ..files import write_atomic
    from ..language import load_ruleset

    folder = out.parent if str(out.parent) else Path(".")
    probe = folder / f".{out.stem[:100]}.{os.getpid()}.check.yaml"
    write_atomic(probe, text, inputs, sync=False)
    try:
        load_ruleset(str(probe))
    finally:
        try:
            probe.unlink()
        except OSError:
            pass
    write_atomic(out, text, inputs)


def _extends_ref(ruleset_arg: str, output: Path) -> str:
    """What the written house rule ``extends``: the bundled id, or the input's path relative to it."""
    from ..language.ruleset import bundled_rulesets

    if ruleset_arg in bundled_rulesets() and not Path(ruleset_arg).exists():
        return ruleset_arg
    return os.path.relpath(Path(ruleset_arg).resolve(), output.resolve().parent)


@click.command("tune", cls=RkCommand,
               help=N_("Search the values of numeric fields of a ruleset (costs, VP, starting coins, goal "
                       "draws…) for the variant that best meets a target — by default a fair game, every "
                       "seat winning the same share of the games between equal bots — and write it as a house rule "
                       "that extends RULESET. The search is sequential halving (docs/tune.md); the same "
                       "seed gives the same answer whatever --jobs or --cluster."))
@click.argument("ruleset", metavar=N_("RULESET"))
@click.option("--vary", "varies", multiple=True, required=True, metavar=N_("PATH=LO..HI"),
              help=N_("A field to vary and its whole-number range, e.g. structures.bank.cost.coin=2..6 or "
                      "setup.starting_coins.1=0..5 (keys separated by dots, list positions from 0). "
                      "Give it once per field."))
@click.option("--target", default="fair", show_default=True, metavar=N_("TARGET"),
              help=N_("fair (every seat wins the same share of the decided games: half each with two players; "
                      "with several --bots, at each strength, the worst strength deciding), strongest (the same, "
                      "between the strongest bots only: the last --bots) or first:P (the first seat wins a share "
                      "P, the others the rest equally; e.g. first:0.55)."))
@click.option("--bots", callback=bots_option, multiple=True, metavar=N_("A,B"),
              help=N_("One bot per player, e.g. mcts:50,mcts:50 or mcts:50,mcts:50,mcts:50 (levels {levels}; "
                      "bots {bots}; default a greedy bot per player of the ruleset's smallest game: quick, but "
                      "the report does not trust it to judge balance). As many bots, as many players. A "
                      "trustworthy search plays bots that search, e.g. mcts:16,mcts:16: about a third of a "
                      "second a game on one core, so the default budget of 2,000 games takes about 10 minutes "
                      "(divided by --jobs). Give it again for each further strength, weakest first (--bots "
                      "mcts:100,mcts:100 --bots hard,hard): the target then holds at each strength, or at the "
                      "strongest with --target strongest, and the best setting is played again at every one."))

@click.option("--budget", type=click.IntRange(2, 100_000_000), default=2000, show_default=True, metavar=N_("GAMES"),
              help=N_("Games the whole search may play."))
@click.option("--candidates", "max_candidates", type=click.IntRange(1, 100_000), default=32, show_default=True,
              metavar=N_("N"), help=N_("Settings tried at most; a larger space is sampled with the seed."))
@click.option("--seed", type=int, default=0, show_default=True, metavar=N_("S"),
              help=N_("Seed of the games (game i of every candidate uses seed S+i) and of the sampling."))
@click.option("--fresh", type=click.IntRange(2, 100_000_000), metavar=N_("GAMES"),
              help=N_("Games on which the best setting is played again, on seeds the search never used, before "
                      "it is reported (default: as many as it played in the search). The verdict is theirs."))
@click.option("--jobs", type=click.IntRange(0, 256), default=1, show_default=True, metavar=N_("J"),
              help=N_("Processes to play on (0: one per core). The answer does not depend on it."))
@click.option("--max-turns", type=click.IntRange(1, 1_000_000), default=200, show_default=True, metavar=N_("T"),
              help=N_("Stop a game still running after T turns; it counts as unfinished."))
@click.option("-o", "--output", type=click.Path(dir_okay=False), metavar=N_("FILE"),
              help=N_("Where to write the best variant (default: ID-tuned.yaml here, ID being the id of RULESET, or "
                      "ID-tuned-2.yaml… when that is a file of yours; an existing FILE is replaced, never RULESET "
                      "or a file it extends). It is checked before the search starts."))
@click.option("--json", "as_json", is_flag=True,
              help=N_("Print the result as JSON (docs/schemas/tune.schema.json)."))
@cluster_option
def tune(ruleset, varies, target, bots, budget, max_candidates, seed, fresh, jobs, max_turns, output, as_json,
         cluster):
    from ..balance import tune as tuning
    from ..language import load_ruleset

    rs = load_ruleset(ruleset)
    family = getattr(rs, "family", None)
    if bots is not None and family is not None:      # the family's own levels and bots
        try:
            bots = [parse_bots(v, family) for v in click.get_current_context().meta["rulekit.bots"]]
        except click.BadParameter as exc:
            exc.param_hint = quoted("--bots")
            raise
    strengths = bots[1:] if bots else None
    bots = bots[0] if bots else None
    parsed = [tuning.parse_vary(v, rs.data) for v in varies]
    tuning.parse_target(target)
    # The output is checked before the search: never one of the files read, a folder, or a folder that is not there.
    inputs = [*rs.chain] + ([ruleset] if Path(ruleset).exists() else [])
    out = check_output(Path(output), inputs) if output else default_output(rs, inputs)
    if jobs == 0:
        jobs = os.cpu_count() or 1
    jobs = capped_jobs(jobs, cluster, budget)
    err = sys.stderr
    show_bar = err.isatty() and not os.environ.get("RULEKIT_NO_PROGRESS")
    bar = None
    state = {"shown": 0}

    def progress(p):
        if bar is None:
            return
        bar.length = p.games_total
        if p.fresh:
            bar.label = _("playing the best, {values}, again on fresh seeds").format(values=", ".join(map(str, p.best)))
            bar.update(p.games_done - state["shown"])
            state["shown"] = p.games_done
            return
        if p.best is not None:
            best = _("best so far {values} ({rate})").format(
                values=", ".join(map(str, p.best)), rate=_pct(p.best_rate))
        else:
            best = ""
        bar.label = _("round {round}/{rounds}, candidate {values}").format(
            round=p.round, rounds=p.rounds, values=", ".join(map(str, p.candidate))) + ("; " + best if best else "")
        bar.update(p.games_done - state["shown"])
        state["shown"] = p.games_done

    def checking(count):
        if count >= CHECK_NOTE_FROM:
            click.echo(ngettext("Checking {num} candidate ruleset before the first game…",
                                "Checking {num} candidate rulesets before the first game (this takes a while)…",
                                count).format(num=_num(count, 0)), err=True)

    start = time.perf_counter()
    if show_bar:
        with click.progressbar(length=budget, label=_("Tuning"), file=err, show_pos=True) as bar:
            result = tuning.tune(rs, parsed, target, bots, budget, seed, jobs, cluster, None,
                                 max_candidates, max_turns, progress, checking, fresh, strengths)
    else:
        result = tuning.tune(rs, parsed, target, bots, budget, seed, jobs, cluster, None,
                             max_candidates, max_turns, progress, checking, fresh, strengths)
    elapsed = time.perf_counter() - start
    path = None
    write_error = None
    best = result["best"]
    if best is not None and best["seat_balance"]["decided"] > 0:
        sets = result["settings"].get("strengths") or [result["settings"]["bots"]]
        command = "rulekit tune " + " ".join(shlex.quote(a) for a in [ruleset, *sum((["--vary", v] for v in varies), []),
                                                                         "--target", target,
                                                                         *sum((["--bots", ",".join(b)] for b in sets), []),
                                                                         "--budget", str(budget), "--candidates",
                                                                         str(max_candidates), "--seed", str(seed)]
                                                                        + (["--fresh", str(fresh)] if fresh else []))
        new_id, title = _variant_names(rs)
        # After the whole search, nothing may lose the report: a failure to write is said, after it.
        try:
            text = tuning.house_rule(result, _extends_ref(ruleset, out), rs.data, new_id, title, command)
            # The house rule must load: a variant the validator refuses is never written.
            _write_variant(text, out, inputs)
            path = str(out)
        except (RulekitError, OSError, ValueError) as exc:
            write_error = str(exc)
    result["output"] = path
    result["output_error"] = printable(write_error, keep="") if write_error else None
    result["elapsed_seconds"] = elapsed
    if as_json:
        click.echo(json.dumps(null_undecided(result), indent=2, ensure_ascii=False))

    else:
        click.echo(render_tune(result, path, elapsed), nl=False)
    if write_error:
        fail(_("could not write the best variant to {file}: {reason}").format(
            file=shown_path(out), reason=write_error))
    if result.get("stopped_by"):
        fail(result["stopped_by"])
    if result["interrupted"]:
        sys.exit(130)
    if path is None:                 # no decided game: no variant written (the report says why), so not a success
        raise SystemExit(1)


COMMANDS = [tune]
