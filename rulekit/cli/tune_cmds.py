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

from ..i18n import N_, _, format_list, ngettext, pgettext
from .base import RkCommand
from .simulate_cmds import (
    _bots_text,
    _level,
    _num,
    _pct,
    _range,
    _table,
    cluster_option,
    no_search_note,
    parse_bots,
    search_example,
    seat_name,
    seat_short,
)


def _bots(ctx, param, value):
    if value is None:
        return None                 # a greedy bot per player of the ruleset's smallest game
    try:
        return parse_bots(value)
    except click.BadParameter as exc:
        exc.ctx, exc.param = ctx, param
        raise


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


def render_tune(result: dict, output: str | None, elapsed: float) -> str:
    s = result["settings"]
    bots = s["bots"]
    players = len(bots)
    out = []
    if players == 2:
        out.append(ngettext(
            "{ruleset} ({id}): {num} candidate, sequential halving, {bot_a} against {bot_b}, budget {budget} games, seed {seed}",
            "{ruleset} ({id}): {num} candidates, sequential halving, {bot_a} against {bot_b}, budget {budget} games, seed {seed}",
            s["candidates"]).format(ruleset=result["ruleset"]["title"], id=result["ruleset"]["id"],
                                    num=_num(s["candidates"], 0), bot_a=bots[0], bot_b=bots[1],
                                    budget=_num(s["budget"], 0), seed=s["seed"]))
    else:
        out.append(ngettext(
            "{ruleset} ({id}): {num} candidate, sequential halving, {players} players ({bots}), budget {budget} games, seed {seed}",
            "{ruleset} ({id}): {num} candidates, sequential halving, {players} players ({bots}), budget {budget} games, seed {seed}",
            s["candidates"]).format(ruleset=result["ruleset"]["title"], id=result["ruleset"]["id"],
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
    note = no_search_note(bots)
    if note:
        out.append(note + " " + _("To judge balance, tune with bots that search, e.g. --bots {example}.").format(
            example=search_example(bots)))
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
    out.append(_("Best settings"))
    base = result["base_values"]
    rows = [[k, str(base[k]), str(v)] for k, v in best["values"].items()]
    out += _table([pgettext("tune", "field"), pgettext("tune", "was"), pgettext("tune", "best")], rows)
    out.append("")
    if players == 2:
        first = sb["seats"][0]
        out.append(_("With them the first seat wins {rate} of {decided} decided games ({level} interval {low} to {high}).")
                   .format(rate=_pct(first["rate"]), decided=_num(sb["decided"], 0), level=_level(),
                           low=_pct(first["ci95"][0]), high=_pct(first["ci95"][1])))
        if sb["fair"]:
            out.append(_("The interval includes {half}: no first-seat advantage is measurable.").format(half=_pct(0.5)))
        else:
            out.append(_("The interval excludes {half}: more budget, or wider ranges, may find a fairer setting.").format(
                half=_pct(0.5)))
    else:
        out.append(_("With them, of {decided} decided games ({level} intervals): {shares}.").format(
            decided=_num(sb["decided"], 0), level=_level(), shares=format_list([
                _("{seat} {rate} ({low} to {high})").format(seat=seat_name(s_["seat"], players), rate=_pct(s_["rate"]),
                                                          low=_pct(s_["ci95"][0]), high=_pct(s_["ci95"][1]))
                for s_ in sb["seats"]])))
        if sb["fair"]:
            out.append(_("Every seat's interval includes {fair}: no seat's advantage is measurable.").format(
                fair=_pct(sb["fair_share"])))
        else:
            out.append(_("Not every seat's interval includes {fair}: more budget, or wider ranges, may find a "
                         "fairer setting.").format(fair=_pct(sb["fair_share"])))
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
    out.append(_("Rounds: {rounds}; {games} games played in {seconds} s.").format(
        rounds=" → ".join(_num(r["candidates"], 0) for r in result["rounds"]) or "—",
        games=_num(result["games_played"], 0), seconds=_num(elapsed)))
    if output:
        out.append(_("The best variant is written to {path} (a house rule that extends {base}).").format(
            path=output, base=result["ruleset"]["id"]))
    return "\n".join(out) + "\n"


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
              help=N_("fair (every seat wins the same share of the decided games: half each with two players) "
                      "or first:P (the first seat wins a share P, the others the rest equally; e.g. first:0.55)."))
@click.option("--bots", callback=_bots, metavar=N_("A,B"),
              help=N_("One bot per player, e.g. mcts:50,mcts:50 or mcts:50,mcts:50,mcts:50 (levels {levels}; "
                      "bots {bots}; default a greedy bot per player of the ruleset's smallest game). As many "
                      "bots, as many players."))
@click.option("--budget", type=click.IntRange(2, 100_000_000), default=2000, show_default=True, metavar=N_("GAMES"),
              help=N_("Games the whole search may play."))
@click.option("--candidates", "max_candidates", type=click.IntRange(1, 100_000), default=32, show_default=True,
              metavar=N_("N"), help=N_("Settings tried at most; a larger space is sampled with the seed."))
@click.option("--seed", type=int, default=0, show_default=True, metavar=N_("S"),
              help=N_("Seed of the games (game i of every candidate uses seed S+i) and of the sampling."))
@click.option("--jobs", type=click.IntRange(0, 256), default=1, show_default=True, metavar=N_("J"),
              help=N_("Processes to play on (0: one per core). The answer does not depend on it."))
@click.option("--max-turns", type=click.IntRange(1, 1_000_000), default=200, show_default=True, metavar=N_("T"),
              help=N_("Stop a game still running after T turns; it counts as unfinished."))
@click.option("-o", "--output", type=click.Path(dir_okay=False), metavar=N_("FILE"),
              help=N_("Where to write the best variant (default: RULESET-ID-tuned.yaml here; "
                      "an existing file is replaced)."))
@click.option("--json", "as_json", is_flag=True,
              help=N_("Print the result as JSON (docs/schemas/tune.schema.json)."))
@cluster_option
def tune(ruleset, varies, target, bots, budget, max_candidates, seed, jobs, max_turns, output, as_json, cluster):
    from ..balance import tune as tuning
    from ..language import load_ruleset

    rs = load_ruleset(ruleset)
    parsed = [tuning.parse_vary(v, rs.data) for v in varies]
    tuning.parse_target(target)
    if jobs == 0:
        jobs = os.cpu_count() or 1
    err = sys.stderr
    show_bar = err.isatty() and not os.environ.get("RULEKIT_NO_PROGRESS")
    bar = None
    state = {"shown": 0}

    def progress(p):
        if bar is None:
            return
        bar.length = p.games_total
        if p.best is not None:
            best = _("best so far {values} ({rate})").format(
                values=", ".join(map(str, p.best)), rate=_pct(p.best_rate))
        else:
            best = ""
        bar.label = _("round {round}/{rounds}, candidate {values}").format(
            round=p.round, rounds=p.rounds, values=", ".join(map(str, p.candidate))) + ("; " + best if best else "")
        bar.update(p.games_done - state["shown"])
        state["shown"] = p.games_done

    start = time.perf_counter()
    if show_bar:
        with click.progressbar(length=budget, label=_("Tuning"), file=err, show_pos=True) as bar:
            result = tuning.tune(rs, parsed, target, bots, budget, seed, jobs, cluster, None,
                                 max_candidates, max_turns, progress)
    else:
        result = tuning.tune(rs, parsed, target, bots, budget, seed, jobs, cluster, None,
                             max_candidates, max_turns, progress)
    elapsed = time.perf_counter() - start
    path = None
    if result["best"] is not None:
        out = Path(output) if output else Path(f"{rs.id}-tuned.yaml")
        command = "rulekit tune " + " ".join(shlex.quote(a) for a in [ruleset, *sum((["--vary", v] for v in varies), []),
                                                                         "--target", target, "--bots", ",".join(result["settings"]["bots"]),
                                                                         "--budget", str(budget), "--candidates",
                                                                         str(max_candidates), "--seed", str(seed)])
        text = tuning.house_rule(result, _extends_ref(ruleset, out), rs.data, f"{rs.id}-tuned",
                                 _("{title} — tuned").format(title=rs.title), command)
        out.write_text(text, encoding="utf-8")
        # The house rule must load: a variant the validator refuses is never left unflagged.
        load_ruleset(str(out))
        path = str(out)
        result["output"] = path
    else:
        result["output"] = None
    result["elapsed_seconds"] = elapsed
    if as_json:
        click.echo(json.dumps(result, indent=2, ensure_ascii=False))
    else:
        click.echo(render_tune(result, path, elapsed), nl=False)
    if result["interrupted"]:
        sys.exit(130)


COMMANDS = [tune]
