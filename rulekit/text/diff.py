"""Rule differences between two resolved rulesets, in words.

The diff is structural: each ruleset is read as a list of *facts* (section,
key, subject, value), every value written as the rulebook words it (see
:mod:`rulekit.text.sentences`); two facts with the same key whose words differ are
a change. Comparing the words rather than the raw data means a change that a
player would not see in the book (the order of keys, say) is not reported, and
every change that alters a rule is.

This is Province's diff (its row in :mod:`rulekit.text.families`); a change is a
:class:`rulekit.text.changes.Change`, as in every family's diff.
"""
from __future__ import annotations

from ..i18n import _, ngettext
from ..language.province_model import model_of
from . import sentences as s
from .changes import Change

#: Sections in reading order (the rulebook's order), with their titles.
SECTIONS = ("story", "components", "setup", "work", "spending", "structures", "borrowing", "casting",
            "conversions", "events", "goals", "objectives", "end", "scoring")


def section_title(section: str, changes=()) -> str:
    """A section's title. The ``casting`` section has the heading its ruleset
    declares (``casting.heading``), which its ``changes`` carry, and so has every
    section of another family's diff (:mod:`rulekit.text.provisions_diff`)."""
    if section == "casting" or section not in SECTIONS:
        return next((c.heading for c in changes if c.heading), None) or _("Casting")
    titles = {
        "story": _("Story"),
        "components": _("Components"),
        "setup": _("Setup"),
        "work": _("Work Cycle Phase"),
        "spending": _("Resource Spending Phase"),
        "structures": _("Structures"),
        "borrowing": _("Borrowing"),
        "conversions": _("Conversions"),
        "events": _("Events"),
        "goals": _("Goals"),
        "objectives": _("Secret objectives"),
        "end": _("End of the game"),
        "scoring": _("Scoring and ties"),
    }
    return titles.get(section, section)


def _facts(data, many: bool | None = None) -> list[tuple[str, str, str, str]]:
    """(section, key, subject, value) for every rule of ``data``, in the current language.

    ``many``: word when goals are checked for more than two players (True) or for two (False), whatever
    ``data`` allows, so that comparing a two-player ruleset with one for more players says the change of
    the number of players once, not once per goal; None: as ``data`` allows."""
    out = []
    m = model_of(data)      # each field in one form, its default filled in (language/province_model.py)

    def add(section, key, subject, value):
        out.append((section, key, subject, value))

    # Story (a text, not a rule; reported so a book is never stale)
    if data.get("story"):
        add("story", "story", _("Story"), s.ruleset_text(data["story"]))

    # Components
    comp = m.components
    add("components", "players", _("Players"), s.players_sentence(data))
    add("components", "structure_tokens", _("Structure tokens"),
        ngettext("{num} per player", "{num} per player", comp.structure_tokens).format(num=comp.structure_tokens))
    add("components", "labor_tracker", _("Labor tracker"),
        _("included") if comp.labor_tracker else _("not included"))
    add("components", "ship_tokens", _("Ship tokens"), str(comp.ship_tokens))
    add("components", "goal_tokens", _("Goal tokens"), s.goal_tokens_sentence(data))
    for coin in comp.coins:
        add("components", f"coin:{coin.id}", _("{coin} coins (value {value})").format(
            coin=s.coin_name(data, coin.id), value=coin.value), str(coin.count))
    add("components", "coins_total", _("Coins in all"), s.coins_sentence(data))
    for res in m.resources:
        add("components", f"resource:{res.id}", _("Resource {resource}").format(resource=s.resource_name(data, res.id)),
            s.resource_sentence(data, res.id))
    for worker in m.workers:
        wid = worker.id
        subject = _("{worker} workers").format(worker=s.worker_name(data, wid, 2))
        add("components", f"worker:{wid}:count", subject, str(worker.count))
        if worker.color:
            add("components", f"worker:{wid}:color", _("{subject} — color").format(subject=subject), s.color_name(worker.color))
        add("components", f"worker:{wid}:seats", _("{subject} — whose").format(subject=subject),
            s.worker_seats_sentence(data, wid))
    sailors = m.sailors
    add("components", "sailors", _("Sailors"), s.sailor_supply_sentence(data) if sailors else _("none"))
    if sailors:
        add("components", "sailors_max", _("Sailors on the Work Cycle"), s.sailor_max_sentence(data))

    # Setup
    add("setup", "first_player", _("First player"), s.first_player_sentence(data))
    add("setup", "turn_order", _("Turn order"), s.turn_order_sentence(data))
    add("setup", "starting_coins", _("Starting coins"), s.starting_coins_sentence(data))
    add("setup", "given_structures", _("Structures at the start"), s.given_structures_sentence(data))
    add("setup", "bid", _("Bidding for the seat order"), s.bid_sentence(data))
    add("setup", "draft", _("Draft"), s.draft_sentence(data))
    # "Nobody starts with it": said once, for the turn resource (or, when every pool is kept between
    # turns, the first pool: making Labor kept changes nothing about how it starts).
    nobody = s.turn_resource(data) or next(iter(s.pool_resources(data)), None)
    for rid in s.pool_resources(data):
        if rid != nobody and rid not in s.starting_pools(data):
            continue
        add("setup", f"start:{rid}", _("Starting {resource}").format(resource=s.resource_name(data, rid)),
            s.starting_pool_sentence(data, rid))
    add("setup", "goal_draw", _("Goal tokens"), s.goal_draw_sentence(data))
    for wid in (w.id for w in m.workers):
        start = s.worker_start_sentence(data, wid)
        subject = _("{worker} workers — start").format(worker=s.worker_name(data, wid, 2))
        add("setup", f"worker:{wid}:start", subject, start or _("off the Work Cycle"))

    # The Work Cycle
    add("work", "order", _("Work Cycle, clockwise"), s.cycle_order(data))
    for space, written in zip(m.work_cycle.spaces, data["work_cycle"]["spaces"]):
        add("work", f"space:{space.id}", _("{space} space — yield").format(space=s.space_name(data, space.id)),
            s.amount(space.yields, data))
        if space.toll:                            # a toll added or removed is a line new or removed
            add("work", f"toll:{space.id}", _("{space} space — toll").format(space=s.space_name(data, space.id)),
                s.toll_sentence(data, written))
    add("work", "entry", _("New workers enter on"), s.space_name(data, m.work_cycle.entry))
    add("work", "make_change", _("Making change"), s.make_change_sentence(data))
    for worker in m.workers:
        if worker.entry:
            add("work", f"entry:{worker.id}", _("{worker} workers enter on").format(worker=s.worker_name(data, worker.id, 2)),
                s.space_name(data, worker.entry))
    if sailors and sailors.entry:
        add("work", "entry:sailor", _("Hired sailors enter on"), s.space_name(data, sailors.entry))
    for wid in (w.id for w in m.workers):
        add("work", f"access:{wid}", _("{worker} workers — access").format(worker=s.worker_name(data, wid, 2)),
            s.access_sentence(data, wid))

    # The turn
    add("work", "move_steps", _("Steps of a move"), s.move_steps_sentence(data))
    add("spending", "builds", _("Structures built per turn"), s.builds_sentence(data))
    for rid in s.pool_resources(data):
        add("spending", f"end_of_turn:{rid}", _("Unspent {resource}").format(resource=s.resource_name(data, rid)),
            s.resource_end_sentence(data, rid))
    if s.coins_resource(data):
        add("spending", "cap:coins", _("{resource} kept at the end of a turn").format(
            resource=s.resource_name(data, s.coins_resource(data))), s.coin_cap_sentence(data))

    if m.trades:                                # trades added or removed: their lines are new or removed
        add("spending", "trades:when", _("Trades — when"), s.trades_phases_phrase(data))
        add("spending", "trades:per_turn", _("Trades — offers per turn"), s.trades_per_turn_sentence(data))
        for oid, _give, _get in m.trades.offers:
            add("spending", f"trade:{oid}", _("Trade {offer}").format(offer=oid), s.offer_terms_sentence(data, oid))
    for aid in m.abilities:                    # activated abilities: what a use pays and takes, when, who
        name = s.ability_name(data, aid)
        add("spending", f"ability:{aid}", _("Ability {ability}").format(ability=name), s.ability_terms_sentence(data, aid))
        add("spending", f"ability:{aid}:when", _("{ability} — when and how often").format(ability=name),
            s.ability_limit_sentence(data, aid))
        add("spending", f"ability:{aid}:requires", _("{ability} — requires").format(ability=name),
            s.ability_requires_phrase(data, aid))

    # Structures
    for sid, st in m.structures.items():
        name = s.structure_name(data, sid)
        add("structures", f"{sid}", name, _("in the game"))
        add("structures", f"{sid}:cost", _("{structure} — cost").format(structure=name), s.amount(st.cost, data))
        add("structures", f"{sid}:vp", _("{structure} — VP").format(structure=name),
            _("{first} first / {later} later").format(first=st.vp.first, later=st.vp.later))
        add("structures", f"{sid}:requires", _("{structure} — requires").format(structure=name), s.requires_phrase(data, sid))
        add("structures", f"{sid}:copies", _("{structure} — who may build it").format(structure=name),
            s.copies_sentence(data, sid))
        add("structures", f"{sid}:upgrades", _("{structure} — built over").format(structure=name),
            s.upgrades_sentence(data, sid))
        add("structures", f"{sid}:replaces", _("{structure} — replaces").format(structure=name),
            s.replaces_sentence(data, sid))
        add("structures", f"{sid}:seats", _("{structure} — seats that may build it").format(structure=name),
            s.seats_sentence(data, sid))
        add("structures", f"{sid}:effects", _("{structure} — effect").format(structure=name), structure_effects(data, sid))

    # Conversions
    if m.headings.get("conversions"):
        add("conversions", "heading", _("Heading of this section"), s.conversions_heading(data))
    for cid in m.conversions:
        add("conversions", cid, s.conversion_name(data, cid), s.conversion_rule(data, cid))
    if s.conversions_limit_sentence(data):
        add("conversions", "conversions_limit", _("Conversions per turn"), s.conversions_limit_sentence(data))

    # Event decks: each deck's moment and duration, and each card's effect
    for did, deck in (data.get("events") or {}).items():
        name = s.deck_name(data, did)
        add("events", f"deck:{did}", _("{deck} deck").format(deck=name), s.deck_sentence(data, did))
        for card, typed in zip(deck["cards"], m.events[did].cards):
            count = typed.count
            text = s.card_sentence(data, card)
            if count > 1:
                text = ngettext("{effect} ({num} copy)", "{effect} ({num} copies)", count).format(effect=text, num=count)
            add("events", f"card:{did}:{card['id']}", _("{deck} deck — {card}").format(
                deck=name, card=s.card_name(data, did, card["id"])), text)

    # Borrowing
    if m.borrowing:
        add("borrowing", "borrow_from", _("Whose structures you may borrow"), s.borrow_from_sentence(data))
        add("borrowing", "phases", _("When you may borrow"), s.borrowing_phases_sentence(data))
        add("borrowing", "repay", _("Repaying"), s.borrowing_repay_sentence(data))
        add("borrowing", "repay_same_turn", _("Repaying in the same turn"), s.borrowing_same_turn_sentence(data))
        add("borrowing", "per_turn", _("Borrows per turn"), s.borrowing_per_turn_sentence(data))
        add("borrowing", "repay_ends_effect", _("Repaying and the borrowed effects"), s.borrowing_repay_effect_sentence(data))
        if s.measures_vp(data) and s.penalty_timing_sentence(data):
            add("borrowing", "penalty_during_game", _("The penalty in the VP counted during the game"),
                s.penalty_timing_sentence(data))
        add("borrowing", "take", _("Taking the token from another player") if s.many_players(data)
            else _("Taking the token from the opponent"), s.borrowing_take_sentence(data))
        add("borrowing", "penalty", _("Penalty at the end"), s.borrowing_penalty_sentence(data))
    else:
        add("borrowing", "borrowing", _("Borrowing"), _("none"))

    # Casting and sailors
    if data.get("casting"):
        add("casting", "heading", _("Heading of this section"), s.casting_heading(data))
        add("casting", "holder", _("Title of the first builder"), s.holder_name(data))
        add("casting", "structure", _("Who casts"), s.holder_sentence(data))
        add("casting", "cast", _("Casting the ships"), " ".join(s.cast_sentences(data)))
        for outcome in data["casting"]["outcomes"]:
            add("casting", f"outcome:{outcome['id']}", _("Ship result {result}").format(result=s.outcome_label(data, outcome)),
                _("{ships}: {benefit}").format(ships=s.outcome_ships(data, outcome),
                                               benefit=s.outcome_sentence(data, outcome)))
    if sailors:
        add("casting", "hire", _("Hiring sailors"), s.sailor_hire_sentence(data))

    # Goals
    for gid in m.goals:
        add("goals", gid, _("Goal {goal}").format(goal=s.goal_name(data, gid)), s.goal_sentence(data, gid, many=many))

    if "immediate" in s.goal_checks(data):
        add("goals", "revealed", _("Goals met when turned up"), s.revealed_goal_sentence(data))
    add("goals", "chain", _("Goals turned up at the end of a turn"), s.goal_chain_sentence(data))

    # Secret objectives
    add("objectives", "deal", _("Objective cards dealt"), s.objectives_deal_sentence(data))
    if s.objective_cards(data):
        add("objectives", "keep", _("Objective cards kept"), s.objectives_keep_sentence(data))
    for oid in s.objective_cards(data):
        add("objectives", oid, _("Objective {objective}").format(objective=s.objective_name(data, oid)),
            s.objective_sentence(data, oid))

    # End
    for cond in data["end"]["conditions"]:
        kind = s.end_condition_kind(cond)
        if kind == "player_condition":
            measure = cond[kind].get("metric") or next((k for k in ("all", "any", "not") if k in cond[kind]), "")
            key = f"condition:{kind}:{measure}"
        else:
            key = f"condition:{kind}"
        add("end", key, _("The game ends when"), s.end_condition_sentence(data, cond))
    add("end", "finish_turn", _("Last turn"), s.finish_turn_sentence(data))

    # Scoring
    add("scoring", "goal_vp", _("Goal tokens"), s.goal_vp_sentence(data))
    add("scoring", "later_builder_vp", _("Later builders"), s.later_builder_sentence(data) or _("as each structure says"))
    add("scoring", "coin_bonus", _("Coins at the end"), s.coin_bonus_sentence(data))
    add("scoring", "measures", _("VP counted at the end"), s.measures_sentence(data))
    add("scoring", "tie_breaks", _("Tie-breaks"), s.tie_break_summary(data))
    return out


def structure_effects(data, sid: str) -> str:
    return " ".join(s.effect_sentence(data, e) for e in model_of(data).structures[sid].effects) or _("no effect")


def structure_description(data, sid: str) -> str:
    """A whole structure in words: cost, VP, prerequisites and effects."""
    return _("{summary} Effect: {effects}").format(summary=s.structure_summary(data, sid),
                                                  effects=structure_effects(data, sid))


def rule_diff(a, b) -> list[Change]:
    """Changes from ruleset ``a`` to ruleset ``b`` (Ruleset objects or resolved dicts of Province's language),
    in section order (:func:`rulekit.text.families.rule_diff` compares two rulesets of any one family)."""
    data_a = a.data if hasattr(a, "data") else a
    data_b = b.data if hasattr(b, "data") else b
    many = s.many_players(data_a) or s.many_players(data_b)
    facts_a = {(f[0], f[1]): f for f in _facts(data_a, many)}
    facts_b = {(f[0], f[1]): f for f in _facts(data_b, many)}
    changes = []
    order = {name: i for i, name in enumerate(SECTIONS)}
    keys = list(facts_a) + [k for k in facts_b if k not in facts_a]
    for key in keys:
        fa, fb = facts_a.get(key), facts_b.get(key)
        if fa and fb:
            if fa[3] != fb[3]:
                changes.append(Change(key[0], key[1], fb[2], fa[3], fb[3]))
        elif fb:
            new = fb[3]
            if key[0] == "structures" and ":" not in key[1]:
                new = structure_description(data_b, key[1])     # a new structure: all of it on its line
            changes.append(Change(key[0], key[1], fb[2], None, new))
        else:
            changes.append(Change(key[0], key[1], fa[2], fa[3], None))
    # A whole structure added or removed: drop its detail lines, the one line says it.
    whole = {c.key for c in changes if c.section == "structures" and ":" not in c.key}
    changes = [c for c in changes
               if not (c.section == "structures" and ":" in c.key and c.key.split(":")[0] in whole)]
    headings = {"casting": next((str(s.casting_heading(d)) for d in (data_b, data_a)
                                 if isinstance(d.get("casting"), dict)), None)}
    changes = [Change(c.section, c.key, c.subject, c.old, c.new, headings.get(c.section)) for c in changes]
    changes.sort(key=lambda c: order.get(c.section, len(order)))
    return changes


def grouped(changes) -> list[tuple[str, list[Change]]]:
    """The changes grouped by section, in reading order: [(section, [Change, ...]), ...]."""
    groups: dict[str, list[Change]] = {}
    for change in changes:
        groups.setdefault(change.section, []).append(change)
    return [(sec, groups[sec]) for sec in sorted(groups, key=lambda x: SECTIONS.index(x) if x in SECTIONS else 99)] \
        if all(sec in SECTIONS for sec in groups) else list(groups.items())


def render_text(changes, title_a: str, title_b: str) -> str:
    """The changes as plain text, one line per change under section headings."""
    if not changes:
        return _("no differences") + "\n"
    lines = [_("Rule differences from {a} to {b}:").format(a=title_a, b=title_b)]
    for section, items in grouped(changes):
        lines.append("")
        lines.append(section_title(section, items))
        for change in items:
            lines.append("  - " + change.sentence())
    return "\n".join(lines) + "\n"


def ruleset_label(ruleset) -> str:
    """How a ruleset is named in a diff: its title, edition and id."""
    data = ruleset.data
    title = s.ruleset_text(data.get("title", ruleset.id))
    if data.get("edition"):
        return _("{title}, {edition} ({id})").format(title=title, edition=s.ruleset_text(data["edition"]), id=ruleset.id)
    return _("{title} ({id})").format(title=title, id=ruleset.id)


__all__ = ["Change", "rule_diff", "grouped", "render_text", "section_title", "ruleset_label", "SECTIONS"]
