"""Rules as sentences: one function per primitive of the ruleset vocabulary.

Every function takes the resolved ruleset data (``Ruleset.data``) and returns a
sentence in the current language (see :mod:`rulekit.i18n`). What a field means, in one
form and with its default, is read from Province's typed rules model
(:func:`rulekit.language.province_model.model_of`): the requirements, the costs and the
effects (gains, incomes, yields, steals, long moves) are read there, so that a new form
of one of them is learned by the model and not again here. The sentences are
ours, written as translatable templates with named brace placeholders and
plural forms. They are used by the rulebook (:mod:`rulekit.text.rulebook`), by
``rulekit diff`` (:mod:`rulekit.text.diff`) and by the ``rules`` screen of
``rulekit play``.

Display names come from the data and are translated with a context per kind
(``pgettext("structure", name)``); a coin, worker, space or ship result without
a ``name`` shows its id, title-cased.

Nothing here names game content: every structure, goal or coin comes from the
data.
"""
from __future__ import annotations

from fractions import Fraction
from math import comb

from ..i18n import N_, Name, _, format_number, join_names, ngettext, pgettext
from ..language.names import display_name, entry_name
from ..language.province_model import DEFAULTS, Amount, Effect, Per, model_of
from ..language.ruleset import coins_resource, pool_resources, turn_resource
from ..language.soundness import MAX_CONVERSIONS_PER_TURN

# --------------------------------------------------------------------------
# Names and small phrases


def structure_name(data, sid: str) -> str:
    return display_name(data, "structure", sid)


def goal_name(data, gid: str) -> str:
    return display_name(data, "goal", gid)


def conversion_name(data, cid: str) -> str:
    return display_name(data, "conversion", cid)


def coin_name(data, cid: str) -> str:
    return display_name(data, "coin", cid)


def worker_name(data, wid: str, n: int = 1) -> str:
    """A worker kind's name (``n`` is accepted for symmetry; names have no plural)."""
    return display_name(data, "worker", wid)


def space_name(data, space_id: str) -> str:
    return display_name(data, "space", space_id)


def outcome_name(outcome) -> str:
    return entry_name(outcome, "outcome", outcome["id"])


def color_name(color: str) -> str:
    """A color of the data (``green``), translated with the context ``color``."""
    return pgettext("color", color)


def _color_messages():
    """Never called: lists the usual colors so that the extraction puts them in the catalog."""
    return [pgettext("color", "green"), pgettext("color", "yellow"), pgettext("color", "orange"),
            pgettext("color", "red"), pgettext("color", "blue"), pgettext("color", "white"),
            pgettext("color", "black"), pgettext("color", "purple"), pgettext("color", "gray")]


def ruleset_text(text: str) -> str:
    """A free text of the ruleset (title, edition, story, flavor), translated when the catalog has it."""
    return pgettext("ruleset", text) if text else ""


def join_and(items) -> str:
    """Names (or phrases) joined with "and", through Babel; names keep their forms."""
    return join_names(items)


def join_or(items) -> str:
    return join_names(items, style="or")


def resource_name(data, rid: str):
    return display_name(data, "resource", rid)


def resource_amount(data, rid: str, n: int) -> str:
    """``2`` of ``labor`` -> "2 Labor" (the name's forms ``one`` and ``plural`` per language)."""
    return ngettext("{num} {resource.one}", "{num} {resource.plural}", n).format(num=n, resource=resource_name(data, rid))


def coins_name(data) -> Name:
    """The name of the coins resource (``kind: coins``; Coin in the editions), with its forms."""
    rid = coins_resource(data)
    return resource_name(data, rid) if rid else Name(_("coins"), "resource")


def resource_heading(data, rid) -> str:
    """A column head for ``rid``: its name's form ``heading`` (French « Pièces » for Coin), "" for none."""
    return resource_name(data, rid).form("heading") if rid else ""


def symbols_line(data) -> str:
    """The line under the structure table that says which symbol is which resource."""
    turn, coins = turn_resource(data), coins_resource(data)
    if turn and coins:
        return _("As on the board: ⚒ is {turn}, $ is {coins}.").format(
            turn=resource_name(data, turn), coins=resource_name(data, coins))
    if turn:
        return _("As on the board: ⚒ is {turn}.").format(turn=resource_name(data, turn))
    if coins:
        return _("As on the board: $ is {coins}.").format(coins=resource_name(data, coins))
    return ""


def intro_things(data) -> str:
    """What the players develop the town with, for the rulebook's first lines: the
    workers, then each declared resource ("workers, Labor and Coin")."""
    things = [pgettext("intro", "workers")]
    things += [pgettext("intro", "{resource}").format(resource=resource_name(data, rid)) for rid in declared(data)]
    return join_and(things)


def spend_resources(data) -> str:
    """The resources one spends, as the phase summary says them ("your Labor and Coin")."""
    return join_and(pgettext("spend", "{resource}").format(resource=resource_name(data, rid))
                    for rid in declared(data))


def tracker_sentence(data) -> str:
    """The component ``labor_tracker``: a tracker of the resource lost at the end of the turn."""
    rid = turn_resource(data) or next(iter(pool_resources(data)), None)
    if rid is None:
        return ""
    return _("1 {resource} tracker, to count the {resource} you earn during your turn.").format(
        resource=resource_name(data, rid))


def lasting_sentences(data) -> str:
    """How long the coins last, beside the pool resources lost at the end of the turn (the turn's
    last step says that they are lost: :func:`labor_carry_sentence`; it is not said twice)."""
    out = []
    if coins_resource(data):
        out.append(_("{resource} stays with you until you spend it.").format(
            resource=resource_name(data, coins_resource(data))))
    return " ".join(_capitalized(t) for t in out)


def paying_sentence(data) -> str:
    """How a structure's cost is paid: its coins back to the supply, its pool resources spent."""
    coins = coins_resource(data)
    pools = join_and(resource_name(data, rid) for rid in pool_resources(data)) if pool_resources(data) else None
    if coins and pools:
        return _("Pay the structure's cost: return its {coins} to the supply and spend its {pools}.").format(
            coins=resource_name(data, coins), pools=pools)
    if coins:
        return _("Pay the structure's cost: return its {coins} to the supply.").format(coins=resource_name(data, coins))
    return _("Pay the structure's cost: spend its {pools}.").format(pools=pools or _("nothing"))


def coin_amount(data, n: int) -> str:
    """An amount of the coins resource (value)."""
    rid = coins_resource(data)
    return resource_amount(data, rid, n) if rid else str(n)


def declared(data) -> list[str]:
    res = data.get("resources") if isinstance(data, dict) else None
    return list(res) if isinstance(res, dict) else []


def amount(resources: Amount, data) -> str:
    """The model's :class:`~rulekit.language.province_model.Amount` (``labor: 2, coin: 1``) -> "2 Labor and 1 Coin",
    in the declared order; empty -> "nothing". An amount written per a metric (a
    :class:`~rulekit.language.province_model.Per`: ``coin: {per: structures}``) -> "1 Coin for each structure you
    own". An amount as the ruleset writes it is read through the model first (``Amount.of``)."""
    if not isinstance(resources, Amount):
        raise TypeError(f"amount() reads the model's Amount, not a {type(resources).__name__}")
    parts = [per_amount_phrase(data, rid, n.written) if isinstance(n, Per) else resource_amount(data, rid, n)
             for rid in declared(data) if (n := resources.get(rid))]
    if not parts:
        return _("nothing")
    return join_and(parts)


def amount_instead_of(usual: Amount, other: Amount, data) -> Name:
    """``usual`` (the model's Amount) said after ``other`` (another): its form ``alone`` is the amount without its
    noun when both are of the same one resource ("one": « 2 Pièces au lieu d’une »), else the
    whole amount (« 1 point d’Ouvrage au lieu d’une » would not say of what)."""
    text = amount(usual, data)
    if not isinstance(other, Amount):
        raise TypeError(f"amount_instead_of() reads the model's Amount, not a {type(other).__name__}")
    usual, other = ({k: v for k, v in a.items if v} for a in (usual, other))
    alone = text
    if len(usual) == 1 and set(usual) == set(other):
        rid, n = next(iter(usual.items()))
        alone = (pgettext("amount:alone", "one{resource.omit}").format(resource=resource_name(data, rid))
                 if n == 1 else format_number(n))
    return Name(text, "amount", text, {"alone": alone})


def resource_end_sentence(data, rid: str) -> str:
    """What becomes of a pool resource a player did not spend at the end of their turn (and its cap)."""
    text = _resource_end_only(data, rid)
    res = model_of(data).resource(rid)
    cap = res.cap
    if cap is None or res.end_of_turn == "lost":
        return text
    return ngettext("{sentence} At the end of your turn you keep at most {num} {resource}: the rest is discarded.",
                    "{sentence} At the end of your turn you keep at most {num} {resource}: the rest is discarded.",
                    cap).format(sentence=text, num=cap, resource=resource_name(data, rid))


def _resource_end_only(data, rid: str) -> str:
    res = model_of(data).resource(rid)
    end = res.end_of_turn
    name = resource_name(data, rid)
    if end == "lost":
        text = _("{resource} you did not spend is lost.").format(resource=name)
        return text[:1].upper() + text[1:]
    if end == "kept":
        return _("{resource} you did not spend stays with you from turn to turn.").format(resource=name)
    n = res.carry
    return ngettext("You keep up to {num} {resource} you did not spend for your next turn (it does not count as {resource} earned then); "
                    "the rest is lost.",
                    "You keep up to {num} {resource} you did not spend for your next turn (it does not count as {resource} earned then); "
                    "the rest is lost.", n).format(num=n, resource=name)


def resource_sentence(data, rid: str) -> str:
    """What a resource is: the coins in the box, or an amount each player holds."""
    if data["resources"][rid]["kind"] == "coins":
        return _("The coins in the box, paid and earned by their value.")
    return _("An amount each player holds, counted as a whole number.")


def vp_amount(n: int) -> str:
    return ngettext("{num} VP", "{num} VP", n).format(num=n)


def nothing() -> str:
    return _("nothing")


def requires_phrase(data, sid: str) -> str:
    """What a structure requires (the model's :class:`~rulekit.language.province_model.Requirements`): every one
    of ``all_of`` joined by "and", one of ``any_of`` joined by "or"; "none"."""
    req = model_of(data).structures[sid].requires
    every = [structure_name(data, r) for r in req.all_of]
    if not req.any_of:
        return join_and(every) if every else _("none")
    either = join_or(structure_name(data, r) for r in req.any_of)
    return join_and(every + [either]) if every else either


def any_of_requirements(data) -> bool:
    """Whether a structure requires one of several (``requires: {any_of: [...]}``)."""
    return model_of(data).any_of_requirements


def count_phrase(cond) -> str:
    """The threshold of a condition: "at least 2", "at most 3", "between 1 and 3"."""
    low, high = cond.get("at_least"), cond.get("at_most")
    if low is not None and high is not None:
        if low == high:
            return _("exactly {num}").format(num=low)
        return _("between {low} and {high}").format(low=low, high=high)
    if low is not None:
        return _("at least {num}").format(num=low)
    return _("at most {num}").format(num=high)


def _count_n(cond) -> int:
    """The number that picks the plural form of a condition's noun."""
    high = cond.get("at_most")
    return high if high is not None else cond.get("at_least", 0)


# --------------------------------------------------------------------------
# Players and seats
#
# With two players (``components.players: 2``) every sentence is the one the
# editions print: "your opponent", "both players". A ruleset that allows more
# players (a number above 2, or a range ``{min, max}`` whose ``max`` is) is
# worded for any number of them: "each other player", "the next player in
# turn order", with the choices of its ``other_players`` section.

#: What ``other_players`` says when a field is absent: the two-player play (the model's defaults).
OTHER_PLAYERS_DEFAULTS = DEFAULTS["other_players"]


def player_range(data) -> tuple[int, int]:
    """The fewest and the most players of ``components.players`` (an int, or ``{min, max}``)."""
    players = (data.get("components") or {}).get("players", 2) if isinstance(data, dict) else 2
    if isinstance(players, dict):
        return int(players["min"]), int(players["max"])
    return int(players), int(players)


def max_players(data) -> int:
    return player_range(data)[1]


def many_players(data) -> bool:
    """Whether the ruleset allows more than two players: its texts then never say "your opponent"."""
    return max_players(data) > 2


def other_players(data) -> dict:
    """The ``other_players`` choices, each absent field at its two-player value."""
    return {**OTHER_PLAYERS_DEFAULTS, **(data.get("other_players") or {})}


def players_sentence(data) -> str:
    """The number of players: "for 2 players", "for 3 to 4 players"."""
    low, high = player_range(data)
    if low == high:
        return ngettext("for {num} player", "for {num} players", low).format(num=low)
    return _("for {low} to {high} players").format(low=low, high=high)


def cover_players_sentence(data) -> str:
    """The cover's line: "A game for 2 players", "A game for 3 to 4 players"."""
    low, high = player_range(data)
    if low == high:
        return ngettext("A game for {num} player", "A game for {num} players", low).format(num=low)
    return _("A game for {low} to {high} players").format(low=low, high=high)


def intro_sentence(data, title) -> str:
    """The rulebook's first sentence: who plays, and what they develop the town with."""
    low, high = player_range(data)
    if low == high:
        return ngettext("{title} is a game for {num} player, who develops a young town with {things}.",
                        "{title} is a game for {num} players, who compete to develop a young town with {things}.",
                        low).format(title=title, num=low, things=intro_things(data))
    return _("{title} is a game for {low} to {high} players, who compete to develop a young town with {things}.").format(
        title=title, low=low, high=high, things=intro_things(data))


def turn_order_sentence(data) -> str:
    """Who plays after whom (``setup.turn_order``; two players simply alternate)."""
    if not many_players(data):
        return _("The two players take turns.")
    if (data.get("setup") or {}).get("turn_order") == "counterclockwise":
        return _("Play passes counterclockwise: after each player's turn, the player on their right plays.")
    return _("Play passes clockwise: after each player's turn, the player on their left plays.")


def seat_name(seat: int) -> str:
    """A seat in turn order from the first player: "the first player", "the third player"."""
    names = (pgettext("seat", "the first player"), pgettext("seat", "the second player"),
             pgettext("seat", "the third player"), pgettext("seat", "the fourth player"),
             pgettext("seat", "the fifth player"), pgettext("seat", "the sixth player"))
    return names[seat] if seat < len(names) else pgettext("seat", "player {num}").format(num=seat + 1)


def make_change_sentence(data) -> str:
    """Who makes the change the supply cannot (``other_players.make_change``; with two players every
    value but ``nobody`` is the opponent)."""
    choice = other_players(data)["make_change"]
    if not many_players(data):
        if choice == "nobody":
            return _("If the supply cannot make change, your opponent does not make it: what the coins cannot pay "
                     "out is not earned, and a payment they cannot make is not allowed.")
        return _("If the supply cannot make change, your opponent must, if they can.")
    if choice == "next_player":
        return _("If the supply cannot make change, the next player in turn order must, if they can.")
    if choice == "nobody":
        return _("If the supply cannot make change, no other player makes it: what the coins cannot pay out is not "
                 "earned, and a payment they cannot make is not allowed.")
    return _("If the supply cannot make change, the other players must, in turn order from the next player: "
             "the first who can makes it.")


def make_change_is_reading(data) -> bool:
    """Whether the book prints who makes change as rulekit's reading (``change_from_opponent``): only when
    the opponent of a two-player game makes it; a ruleset for more players, or one where nobody makes it,
    states its own rule."""
    return (is_reading(data, "change_from_opponent") and not many_players(data)
            and other_players(data)["make_change"] != "nobody")


def borrow_from_sentence(data) -> str:
    """Whose structures the Lender lets you borrow (``other_players.borrow_from``)."""
    if not many_players(data):
        return _("You may borrow a structure your opponent has built and you have not.")
    choice = other_players(data)["borrow_from"]
    if choice == "next_player":
        return _("You may borrow only a structure the next player in turn order has built and you have not.")
    if choice == "previous_player":
        return _("You may borrow only a structure the previous player in turn order has built and you have not.")
    return _("You may borrow a structure another player has built and you have not.")


def revealed_goal_sentence(data) -> str:
    """A goal checked at once that several players meet when it is turned up (``other_players.revealed_goal``)."""
    if not many_players(data):
        return _("When you turn up a goal checked at once: if both players already meet it, remove it from the game; "
                 "if only one does, that player claims it. Then turn up the next one.")
    if other_players(data)["revealed_goal"] == "removed_if_all":
        return _("When you turn up a goal checked at once: if every player already meets it, remove it from the game; "
                 "if only some do, the first of them in turn order from the player whose turn it is claims it. "
                 "Then turn up the next one.")
    return _("When you turn up a goal checked at once: if two or more players already meet it, remove it from the "
             "game; if only one does, that player claims it. Then turn up the next one.")


def next_player_plays_sentence(data) -> str:
    """The end of a turn: who plays next."""
    if not many_players(data):
        return _("If the game is over, it ends now; if not, your opponent plays.")
    return _("If the game is over, it ends now; if not, the next player in turn order plays.")


# --------------------------------------------------------------------------
# Structures and tokens


def structures_with_effect(data, key: str, match=None) -> list[str]:
    """Ids of the structures with an effect of kind ``key`` (optionally one for which ``match(effect)`` holds,
    the effect being the model's :class:`~rulekit.language.province_model.Effect`)."""
    return [sid for sid, st in model_of(data).structures.items()
            if any(match is None or match(e) for e in st.effects_of(key))]


def lender_ids(data) -> list[str]:
    return structures_with_effect(data, "borrowing")


def token_phrase(data) -> str:
    """The borrowing token, named after the structure that unlocks it."""
    lenders = lender_ids(data)
    lender = join_or(structure_name(data, s) for s in lenders) if lenders else _("borrowing")
    return _("the {token_of} token").format(token_of=lender)


def casting_structure_name(data) -> str:
    """The name of the ``casting`` section's structure (whose first builder casts), or ""."""
    casting = data.get("casting")
    return structure_name(data, casting["structure"]) if casting else ""


def holder_name(data) -> Name:
    """The title of the player who casts (``casting.holder``), with its form ``the``."""
    return display_name(data, "holder", "holder")


def casting_heading(data) -> str:
    """The heading of the section on casts and sailors: ``casting.heading``, else the sailors'."""
    if isinstance(data.get("casting"), dict):
        return display_name(data, "heading", "heading")
    return _("Sailors")


def conversions_heading(data) -> str:
    """The heading of the section on the conversions: ``headings.conversions`` (the edition's word:
    the French edition's « Corvées »), else "Conversions"."""
    if (data.get("headings") or {}).get("conversions"):
        return display_name(data, "heading", "conversions")
    return _("Conversions")


def _capitalized(text: str) -> str:
    """A sentence that starts with a name's form ("the Harbormaster casts"): its first letter upper-case."""
    return text[:1].upper() + text[1:]


def income_amount(data, effect) -> str:
    """An income's amount, with its condition when it has one (the rulebook's list of incomes): ``effect`` is the
    model's :class:`~rulekit.language.province_model.Effect`."""
    text = amount(effect.amount, data)
    if effect.condition:
        return _("{amount}, only if: {condition}").format(amount=text, condition=condition_sentence(
            data, effect.condition.raw))
    return text


# The effects' rows: ``sentence(data, effect)``, the effect being the model's
# :class:`~rulekit.language.province_model.Effect` (its kind, amount, condition, moment and
# parameters, each default filled in by the model).

def _income_sentence(data, effect: Effect) -> str:
    return _("At the start of each of your turns, earn {amount}.").format(amount=amount(effect.amount, data))


#: A gain's sentence per recipient (``to``) and moment (``when``; any other moment: ``built``), each a whole
#: sentence as a translator needs it.
_GAIN_SENTENCES = {
    ("self", "end_of_game"): N_("When the game ends, earn {amount} (before the scores are counted)."),
    ("self", "first_turn"): N_("At the start of your first turn after you build it, earn {amount} (once)."),
    ("self", "built"): N_("When you build it, earn {amount} at once."),
    ("next", "end_of_game"): N_("When the game ends, the player after you earns {amount} (before the scores are "
                                "counted)."),
    ("next", "first_turn"): N_("At the start of your first turn after you build it, the player after you earns "
                               "{amount} (once)."),
    ("next", "built"): N_("When you build it, the player after you earns {amount} at once."),
    ("each_other", "end_of_game"): N_("When the game ends, each other player earns {amount} (before the scores "
                                      "are counted)."),
    ("each_other", "first_turn"): N_("At the start of your first turn after you build it, each other player earns "
                                     "{amount} (once)."),
    ("each_other", "built"): N_("When you build it, each other player earns {amount} at once."),
}


def _gain_sentence(data, effect: Effect) -> str:
    when = effect.when if effect.when in ("end_of_game", "first_turn") else "built"
    return _(_GAIN_SENTENCES[(effect.target or "self", when)]).format(amount=amount(effect.amount, data))


def _space_yield_sentence(data, effect: Effect) -> str:
    space = effect.space
    usual = model_of(data).work_cycle.space(space).yields
    gain = Amount(tuple((k, v) for k, v in effect.amount.items if v))
    if gain:
        text = _("Each worker you move onto the {space} space earns {amount} instead of {usual}.").format(
            space=space_name(data, space), amount=amount(gain, data), usual=amount_instead_of(usual, gain, data))
    else:
        text = _("Each worker you move onto the {space} space earns nothing instead of {usual}.").format(
            space=space_name(data, space), usual=amount(usual, data))
    rivals = structures_with_effect(data, "space_yield", lambda e: e.space == space)
    if len(rivals) > 1:
        text = _("{sentence} If you have several structures that replace this yield, only the first of {structures} applies.").format(
            sentence=text, structures=join_and(structure_name(data, r) for r in rivals))
    return text


def _long_move_sentence(data, effect: Effect) -> str:
    n = effect.steps
    usual = move_steps(data)
    if usual != 1:
        # Translators: {usual} is the number of steps of every move (2 or more).
        return ngettext("Once per turn, you may move one worker {num} step at once instead of {usual}; it earns what the space it lands on yields.",
                        "Once per turn, you may move one worker {num} steps at once instead of {usual}; it earns what the space it lands on yields.",
                        n).format(num=n, usual=usual)
    return ngettext("Once per turn, you may move one worker {num} step at once instead of one; it earns what the space it lands on yields.",
                    "Once per turn, you may move one worker {num} steps at once instead of one; it earns what the space it lands on yields.",
                    n).format(num=n)


def _space_bonus_sentence(data, effect: Effect) -> str:
    space = effect.space
    gain = effect.amount
    if effect.worker:
        return _("Each {worker} worker you move onto the {space} space earns {amount} more, on top of what the space gives "
                 "(bonuses of several structures add up).").format(
            worker=worker_name(data, effect.worker), space=space_name(data, space), amount=amount(gain, data))
    return _("Each worker you move onto the {space} space earns {amount} more, on top of what the space gives "
             "(bonuses of several structures add up).").format(space=space_name(data, space), amount=amount(gain, data))


def _unlock_worker_sentence(data, effect: Effect) -> str:
    wid = effect.worker
    n = data.get("workers", {}).get(wid, {}).get("count", 1)
    entry = space_name(data, worker_entry(data, wid))
    return ngettext(
        "You may move the {worker} worker. If it is not on the Work Cycle yet, it enters on the {entry} space.",
        "You may move the {worker} workers. Those not on the Work Cycle yet enter on the {entry} space.",
        n).format(worker=worker_name(data, wid, n), entry=entry)


def _conversion_sentence(data, effect: Effect) -> str:
    cid = effect.conversion
    return _("{conversion}: {rule}").format(conversion=conversion_name(data, cid),
                                            rule=conversion_rule(data, cid))


def _borrowing_sentence(data, effect: Effect) -> str:
    if not many_players(data):
        text = _("You may borrow a structure your opponent has built, using {token} (see “Borrowing”).")
    elif other_players(data)["borrow_from"] == "next_player":
        text = _("You may borrow a structure the next player in turn order has built, using {token} (see “Borrowing”).")
    elif other_players(data)["borrow_from"] == "previous_player":
        text = _("You may borrow a structure the previous player in turn order has built, using {token} "
                 "(see “Borrowing”).")
    else:
        text = _("You may borrow a structure another player has built, using {token} (see “Borrowing”).")
    return text.format(token=token_phrase(data))


def _ship_benefit_sentence(data, effect: Effect) -> str:
    return _("At the start of each of your turns, receive the benefit of the current ship result (see “{section}”).").format(
        section=casting_heading(data))


def _steal_sentence(data, effect: Effect) -> str:
    taken = amount(effect.amount, data)
    if not many_players(data):
        return _("When you build it, take {amount} from your opponent at once, as much as they have.").format(amount=taken)
    if effect.source == "richest":
        first = next(iter(effect.amount), None)
        return _("When you build it, take {amount} at once from the other player who holds the most {resource} "
                 "(the first of them in turn order on a tie), as much as they have.").format(
            amount=taken, resource=resource_name(data, first))
    return _("When you build it, take {amount} at once from the next player in turn order, as much as they have.").format(
        amount=taken)


#: The text's row for each effect primitive (a key of the schema's ``$defs/effect``): its sentence,
#: ``sentence(data, effect)`` (the model's ``Effect``). tests/test_primitives.py checks there is one per effect of the schema.
EFFECT_SENTENCES = {
    "income": _income_sentence,
    "gain": _gain_sentence,
    "space_yield": _space_yield_sentence,
    "long_move": _long_move_sentence,
    "space_bonus": _space_bonus_sentence,
    "unlock_worker": _unlock_worker_sentence,
    "conversion": _conversion_sentence,
    "borrowing": _borrowing_sentence,
    "ship_benefit": _ship_benefit_sentence,
    "steal": _steal_sentence,
}


def effect_sentence(data, effect) -> str:
    """One effect primitive of a structure as a sentence: ``effect`` is the model's ``Effect``, or an effect as the
    ruleset writes it (``{"steal": {"coin": 2}}``)."""
    if not isinstance(effect, Effect):
        effect = Effect.of(effect)
    sentence = EFFECT_SENTENCES.get(effect.kind)
    if sentence is None:
        return _("Unknown effect {key}.").format(key=effect.kind)
    if effect.condition:
        return effect_if_sentence(data, sentence(data, effect), effect.condition.raw)
    return sentence(data, effect)


def effect_if_sentence(data, text: str, condition) -> str:
    """An effect's sentence ``text`` with its condition (``if``), checked as the effect would apply."""
    cond = _metric_you(data, condition)
    if len(cond) > 1 and cond[0].isupper() and cond[1].islower():
        cond = cond[0].lower() + cond[1:]
    return _("{effect} Only if you meet this condition at that moment: {condition}").format(effect=text, condition=cond)


def worker_entry(data, wid: str) -> str:
    """The space where workers of kind ``wid`` enter the Work Cycle (their own ``entry``, else ``work_cycle.entry``)."""
    return data.get("workers", {}).get(wid, {}).get("entry") or data["work_cycle"]["entry"]


def own_entry_sentences(data) -> list[str]:
    """The worker kinds (and hired sailors) that enter somewhere else than ``work_cycle.entry``."""
    found = []
    for wid, worker in data.get("workers", {}).items():
        if worker.get("entry"):
            found.append(_("{worker} workers enter on {entry} instead.").format(
                worker=worker_name(data, wid, 2), entry=space_name(data, worker["entry"])))
    sailors = data.get("sailors") or {}
    if sailors.get("entry"):
        found.append(_("Hired sailors enter on {entry} instead.").format(entry=space_name(data, sailors["entry"])))
    return found


def structure_summary(data, sid: str) -> str:
    """Cost, VP and prerequisite of a structure in one line."""
    st = model_of(data).structures[sid]
    text = _("Cost: {cost}. VP: {first} for the first builder, {later} for a later builder. Requires: {requires}.").format(
        cost=amount(st.cost, data), first=st.vp.first, later=st.vp.later,
        requires=requires_phrase(data, sid))
    if st.copies:
        text = _("{summary} {copies}").format(summary=text, copies=copies_sentence(data, sid))
    if st.upgrades:
        text = _("{summary} {upgrade}").format(summary=text, upgrade=upgrades_sentence(data, sid))
    if st.replaces:
        text = _("{summary} {upgrade}").format(summary=text, upgrade=replaces_sentence(data, sid))
    if st.seats:
        text = _("{summary} {seats}").format(summary=text, seats=seats_sentence(data, sid))
    return text


def seats_phrase(seats) -> str:
    """Seats from 1, in turn order from the first player: "the second player", "the first player and the third
    player"."""
    return join_and(seat_name(k - 1) for k in seats)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def seats_sentence(data, sid: str) -> str:
    """Who may build a structure (``seats``): every seat, or only those listed."""
    seats = model_of(data).structures[sid].seats
    if not seats:
        return _("Every player may build it.")
    return ngettext("Only {seats} may build it.", "Only {seats} may build it.", len(seats)).format(
        seats=seats_phrase(seats))


def replaces_sentence(data, sid: str) -> str:
    """What building a structure in place of another (``replaces``) does, or that it replaces none."""
    old = model_of(data).structures[sid].replaces
    if not old:
        return _("It replaces no structure.")
    return _("It replaces your {structure}: you must own it, and it leaves you as you build this one (its VP and "
             "effects are no longer yours), but you still count as owning it for what requires it, and you may not "
             "build it again.").format(structure=structure_name(data, old))


def worker_seats_sentence(data, wid: str) -> str:
    """Whose workers of a kind are (``workers.<id>.seats``): nobody's, each player's own or some seats' own."""
    worker = model_of(data).workers_by_id[wid]
    n, name = worker.count, worker_name(data, wid, worker.count)
    if worker.seats is None:
        return _("They belong to nobody.")
    if worker.seats == "each":
        return ngettext("Each player has {num} {worker} worker of their own, which only they may move.",
                        "Each player has {num} {worker} workers of their own, which only they may move.", n).format(
                            num=n, worker=name)
    if len(worker.seats) == 1:
        return _capital(ngettext("{seats} has {num} {worker} worker of their own, which only they may move.",
                                 "{seats} has {num} {worker} workers of their own, which only they may move.",
                                 n).format(seats=seats_phrase(worker.seats), num=n, worker=name))
    return _capital(ngettext("{seats} each have {num} {worker} worker of their own, which only they may move.",
                             "{seats} each have {num} {worker} workers of their own, which only they may move.",
                             n).format(seats=seats_phrase(worker.seats), num=n, worker=name))


def upgrades_sentence(data, sid: str) -> str:
    """What building a structure over another (``upgrades``) does, or that it is built on its own."""
    old = model_of(data).structures[sid].upgrades
    if not old:
        return _("It is built on its own, over no other structure.")
    return _("It is built over your {structure}: you must own it, and it goes back to the box as you build this one "
             "(its VP and effects are no longer yours; you may build it again later).").format(
                 structure=structure_name(data, old))


def given_structures(data) -> list[str]:
    """The ids of the structures every player owns from the start (``setup.given_structures``)."""
    return [g["structure"] for g in (data.get("setup") or {}).get("given_structures") or ()]


def given_structures_sentence(data) -> str:
    """Which structures every player starts with, and what each scores."""
    m = model_of(data)
    items = m.setup.given_structures
    if not items:
        return _("Nobody starts with a structure.")
    seats = dict(m.setup.given_seats)
    groups = {}                             # seats given (None: every player) -> the structures' phrases
    for sid, vp in items:
        st, name = m.structures[sid], structure_name(data, sid)
        if vp == "none":
            part = _("the {structure}, which scores no VP").format(structure=name)
        else:
            n = getattr(st.vp, vp)
            part = ngettext("the {structure}, which scores {num} VP", "the {structure}, which scores {num} VP",
                            n).format(structure=name, num=n)
        groups.setdefault(seats.get(sid), []).append(part)
    if list(groups) == [None]:
        return _("Every player starts with {structures}. A structure given at setup is owned, not built: nobody "
                 "builds it, and it gives nothing for being built.").format(structures=join_and(groups[None]))
    starts = []
    for who, parts in groups.items():
        if who is None:
            starts.append(_("Every player starts with {structures}.").format(structures=join_and(parts)))
        else:
            starts.append(_capital(ngettext("{seats} starts with {structures}.", "{seats} each start with {structures}.",
                                            len(who)).format(seats=seats_phrase(who), structures=join_and(parts))))
    return _("{starts} A structure given at setup is owned, not built: nobody builds it, and it gives nothing for "
             "being built.").format(starts=" ".join(starts))


def bid_sentence(data) -> str:
    """Bidding for the seat order before the first turn (``setup.bid``): who bids, what is seen, the order
    it makes, the ties, what is dealt and what is paid."""
    bid = model_of(data).setup.bid
    if not bid:
        return _("Nobody bids for the seat order.")
    most = resource_amount(data, bid.within, bid.max)
    if bid.sealed:
        how = _("Before the first turn, each player secretly bids from 0 to {max}, once, in turn order from the "
                "first bidder; the bids are revealed together once every player has bid.").format(max=most)
    else:
        how = _("Before the first turn, each player bids from 0 to {max}, once, in turn order from the first "
                "bidder, seeing the bids made before theirs.").format(max=most)
    if bid.ties == "random":
        order = _("Then the players take their turns from the highest bid to the lowest (equal bids: drawn at "
                  "random).")
    else:
        order = _("Then the players take their turns from the highest bid to the lowest (equal bids: the player "
                  "who bid first plays earlier).")
    if bid.pays == "winner":
        deal = _("The starting amounts are dealt in that new order, and only the player who plays first pays "
                 "their bid to the supply; the others pay nothing.")
    else:
        deal = _("The starting amounts are dealt in that new order, and each player pays their own bid to the "
                 "supply, won or lost.")
    return _("{how} {order} {deal}").format(how=how, order=order, deal=deal)


def draft_sentence(data) -> str:
    """The draft before the first turn (``setup.draft``): the pool, the order of the picks, what a pick gives."""
    setup = model_of(data).setup
    draft = setup.draft
    if not draft:
        return _("There is no draft.")
    names = join_and([structure_name(data, sid) for sid in draft.structures])
    picks = draft.picks
    if picks == 1:
        order = _("in turn order from the first player, each player picks one of them that nobody has picked yet")
    elif draft.order == "snake":
        order = _("in turn order from the first player, each player picks one of them that nobody has picked yet, "
                  "{num} times in all, the order reversed every other round").format(num=picks)
    else:
        order = _("in turn order from the first player, each player picks one of them that nobody has picked yet, "
                  "{num} times in all, in the same order every round").format(num=picks)
    if draft.vp == "first":
        vp = _("A structure picked is owned from the start, not built (it gives nothing for being built); its "
               "picker counts as its first builder and scores its first-builder VP, and the others may still build "
               "it as later builders.")
    else:
        vp = _("A structure picked is owned from the start, not built (it gives nothing for being built); its "
               "picker scores its later-builder VP, and the first other player to build it is its first builder.")
    if setup.bid:
        text = _("After the bids, {names} lie face up: {order}.").format(names=names, order=order)
    else:
        text = _("Before the first turn, {names} lie face up: {order}.").format(names=names, order=order)
    return _("{draft} {vp}").format(draft=text, vp=vp)


def copies_sentence(data, sid: str) -> str:
    """How many players in all may build a structure (``copies``)."""
    n = model_of(data).structures[sid].copies
    if not n:
        return _("Each player may build it once.")
    return ngettext("Only one player in all may build it: once it is built, nobody else can.",
                    "At most {num} players in all may build it: once {num} own it, nobody else can.", n).format(num=n)


# --------------------------------------------------------------------------
# Conditions (goals and the end of the game)


def _excluded(data, cond) -> str:
    names = [worker_name(data, w, data.get("workers", {}).get(w, {}).get("count", 2)) for w in cond.get("exclude", [])]
    return join_and(names)


def _combined(data, cond, each) -> str | None:
    """all / any / not over conditions, each worded by ``each`` (None: not a combination)."""
    def inner(sub):
        text = each(data, sub).rstrip(".")
        if isinstance(sub, dict) and any(k in sub for k in ("all", "any", "not")):
            # a combination inside another: grouped in brackets, so that its parts do not read as the outer's
            if len(text) > 1 and text[0].isupper() and text[1].islower():
                text = text[0].lower() + text[1:]
            # Translators: a condition combined inside another, grouped in brackets.
            text = _("({group})").format(group=text)
        return text
    # Several structures owned: one sentence, the structures joined ("Own the Mill and the Smithy.")
    for key, join in (("all", join_and), ("any", join_or)):
        parts = cond.get(key) if isinstance(cond, dict) else None
        if parts and len(parts) > 1 and each in (_metric_you, _metric_player) and all(
                isinstance(c, dict) and "metric" in c and not c.get("compare")
                and _metric_words(data, c)[0] == "owns_one" for c in parts):
            who = 0 if each is _metric_you else 1
            return _METRIC_SENTENCES["owns_one"][who](1).format(
                structure=join(structure_name(data, c.get("structure", "")) for c in parts))
    # Translators: between the conditions of "All of these: ..." (French: a no-break space before the semicolon).
    sep = pgettext("conditions", "; ")
    if "all" in cond:
        return _("All of these: {conditions}.").format(conditions=sep.join(inner(c) for c in cond["all"]))
    if "any" in cond:
        return _("At least one of these: {conditions}.").format(conditions=sep.join(inner(c) for c in cond["any"]))
    if "not" in cond and each is _metric_player:
        # Checked for each player: worded so that the sentence inside reads as a clause, not a second sentence.
        text = inner(cond["not"])
        return _("A player does not meet this condition: {condition}.").format(condition=text[:1].lower() + text[1:])
    if "not" in cond:
        return _("Not this: {condition}.").format(condition=inner(cond["not"]))
    return None


# What each measure says, in the second person (a goal) and of a player (an end
# condition): a key of _metric_words, then (you, a player), each a function of the
# count's number. Every sentence stays whole in its own call, for the translators.
_METRIC_SENTENCES = {
    "sailors_hired": (
        lambda n: ngettext("Have hired {count} sailor.", "Have hired {count} sailors.", n),
        lambda n: ngettext("A player has hired {count} sailor.", "A player has hired {count} sailors.", n)),
    "owns_one": (
        lambda n: _("Own the {structure}."),
        lambda n: _("A player owns the {structure}.")),
    "owns_none": (
        lambda n: _("Do not own the {structure}."),
        lambda n: _("A player does not own the {structure}.")),
    "owns": (
        lambda n: _("Own the {structure} ({count})."),
        lambda n: _("A player owns the {structure} ({count}).")),
    "workers_excluding": (
        lambda n: ngettext("Have access to {count} worker besides the {excluded} workers.",
                           "Have access to {count} workers besides the {excluded} workers.", n),
        lambda n: ngettext("A player has access to {count} worker besides the {excluded} workers.",
                           "A player has access to {count} workers besides the {excluded} workers.", n)),
    "workers": (
        lambda n: ngettext("Have access to {count} worker.", "Have access to {count} workers.", n),
        lambda n: ngettext("A player has access to {count} worker.", "A player has access to {count} workers.", n)),
    "earned_this_turn": (
        lambda n: ngettext("Earn {count} {resource.one} in a single turn.",
                           "Earn {count} {resource.plural} in a single turn.", n),
        lambda n: ngettext("A player earns {count} {resource.one} in a single turn.",
                           "A player earns {count} {resource.plural} in a single turn.", n)),
    "structures_vp": (
        lambda n: ngettext("Own {count} structure that is worth {vp} VP to you.",
                           "Own {count} structures that are each worth {vp} VP to you.", n),
        lambda n: ngettext("A player owns {count} structure worth {vp} VP to them.",
                           "A player owns {count} structures each worth {vp} VP to them.", n)),
    "structures_income": (
        lambda n: ngettext("Own {count} structure with an income.", "Own {count} structures with an income.", n),
        lambda n: ngettext("A player owns {count} structure with an income.",
                           "A player owns {count} structures with an income.", n)),
    "structures_income_vp": (
        lambda n: ngettext("Own {count} structure with an income that is worth {vp} VP to you.",
                           "Own {count} structures with an income, each worth {vp} VP to you.", n),
        lambda n: ngettext("A player owns {count} structure with an income worth {vp} VP to them.",
                           "A player owns {count} structures with an income, each worth {vp} VP to them.", n)),
    "round": (
        lambda n: _("The round number is {count} (rounds count from 1; every player has one turn in each)."),
        lambda n: _("The round number is {count} (rounds count from 1; every player has one turn in each).")),
    "turn": (
        lambda n: _("The turn number is {count} (turns count from 1, every player's turns together)."),
        lambda n: _("The turn number is {count} (turns count from 1, every player's turns together).")),
    "structures": (
        lambda n: ngettext("Own {count} structure.", "Own {count} structures.", n),
        lambda n: ngettext("A player has built {count} structure.", "A player has built {count} structures.", n)),
    "coin_value": (
        lambda n: ngettext("Hold {count} {coins.one} (the total value of your coins).",
                           "Hold {count} {coins.plural} (the total value of your coins).", n),
        lambda n: ngettext("A player holds {count} {coins.one} (total value).",
                           "A player holds {count} {coins.plural} (total value).", n)),
    "coins_held": (
        lambda n: ngettext("Hold {count} {coin} coin (value {value}).", "Hold {count} {coin} coins (value {value} each).", n),
        lambda n: ngettext("A player holds {count} {coin} coin.", "A player holds {count} {coin} coins.", n)),
    "workers_on_one_space_all": (
        lambda n: ngettext("Have {count} worker, yours or not, on a single space of the Work Cycle.",
                           "Have {count} workers, yours or not, on a single space of the Work Cycle.", n),
        lambda n: ngettext("A single space of the Work Cycle holds {count} worker, whoever may move it.",
                           "A single space of the Work Cycle holds {count} workers, whoever may move them.", n)),
    "workers_on_one_space": (
        lambda n: ngettext("Have {count} worker you have access to on a single space of the Work Cycle.",
                           "Have {count} workers you have access to on a single space of the Work Cycle.", n),
        lambda n: ngettext("A player has {count} worker they have access to on a single space of the Work Cycle.",
                           "A player has {count} workers they have access to on a single space of the Work Cycle.", n)),
    "coins_spent_this_turn": (
        lambda n: ngettext("Spend {count} {coins.one} in a single turn (every coin you pay counts).",
                           "Spend {count} {coins.plural} in a single turn (every coin you pay counts).", n),
        lambda n: ngettext("A player spends {count} {coins.one} in a single turn.",
                           "A player spends {count} {coins.plural} in a single turn.", n)),
    "conversions_this_turn": (
        lambda n: ngettext("Use {conversion} {count} time in a single turn.",
                           "Use {conversion} {count} times in a single turn.", n),
        lambda n: ngettext("A player uses {conversion} {count} time in a single turn.",
                           "A player uses {conversion} {count} times in a single turn.", n)),
    "vp": (
        lambda n: ngettext("Have {count} VP.", "Have {count} VP.", n),
        lambda n: ngettext("A player has {count} VP.", "A player has {count} VP.", n)),
    "vp_lead": (
        lambda n: ngettext("Lead by {count} VP (your VP minus the best other player's; 0 when you are not ahead).",
                           "Lead by {count} VP (your VP minus the best other player's; 0 when you are not ahead).", n),
        lambda n: ngettext("A player leads by {count} VP (their VP minus the best other player's; 0 when they are not ahead).",
                           "A player leads by {count} VP (their VP minus the best other player's; 0 when they are not ahead).", n)),
    "vp_behind": (
        lambda n: ngettext("Trail by {count} VP (the best other player's VP minus yours; 0 when you lead or are level).",
                           "Trail by {count} VP (the best other player's VP minus yours; 0 when you lead or are level).", n),
        lambda n: ngettext("A player trails by {count} VP (the best other player's VP minus theirs; 0 when they lead or are level).",
                           "A player trails by {count} VP (the best other player's VP minus theirs; 0 when they lead or are level).", n)),
    "rank": (
        lambda n: _("Have the rank {count} on VP (rank 1 has the most VP; players with equal VP share the better rank)."),
        lambda n: _("A player has the rank {count} on VP (rank 1 has the most VP; players with equal VP share the better rank).")),
    "held": (
        lambda n: ngettext("Hold {count} {resource.one}.", "Hold {count} {resource.plural}.", n),
        lambda n: ngettext("A player holds {count} {resource.one}.", "A player holds {count} {resource.plural}.", n)),
}


def _plain_words(data, cond) -> tuple[str, dict]:
    return cond["metric"], {}


def _owns_words(data, cond) -> tuple[str, dict]:
    name = structure_name(data, cond.get("structure", ""))
    if cond.get("at_least") == 1 and cond.get("at_most") is None:
        return "owns_one", {"structure": name}
    if cond.get("at_most") == 0:
        return "owns_none", {"structure": name}
    return "owns", {"structure": name}


def _workers_words(data, cond) -> tuple[str, dict]:
    if cond.get("exclude"):
        return "workers_excluding", {"excluded": _excluded(data, cond)}
    return "workers", {}


def _earned_words(data, cond) -> tuple[str, dict]:
    return cond["metric"], {"resource": resource_name(data, cond.get("resource", ""))}


def _structures_words(data, cond) -> tuple[str, dict]:
    if cond.get("income"):
        if cond.get("vp") is not None:
            return "structures_income_vp", {"vp": cond["vp"]}
        return "structures_income", {}
    if cond.get("vp") is not None:
        return "structures_vp", {"vp": cond["vp"]}
    return "structures", {}


def _coins_held_words(data, cond) -> tuple[str, dict]:
    coin = cond.get("coin", "")
    value = data["components"]["coins"].get(coin, {}).get("value", 0)
    return cond["metric"], {"coin": coin_name(data, coin), "value": value}


def _crowd_words(data, cond) -> tuple[str, dict]:
    return ("workers_on_one_space_all" if cond.get("counting") == "all" else cond["metric"]), {}


def _conversions_words(data, cond) -> tuple[str, dict]:
    return cond["metric"], {"conversion": conversion_name(data, cond.get("conversion", ""))}


def _held_words(data, cond) -> tuple[str, dict]:
    if cond.get("resource") == coins_resource(data):
        return "coin_value", {}
    return cond["metric"], {"resource": resource_name(data, cond.get("resource", ""))}


#: The text's row for each metric of a condition (the schema's ``$defs/condition`` ``metric``):
#: ``words(data, cond)`` -> which entry of _METRIC_SENTENCES words ``cond``, and the values it names.
#: tests/test_primitives.py checks there is one per metric of the schema.
METRIC_WORDS = {
    "workers": _workers_words,
    "earned_this_turn": _earned_words,
    "structures": _structures_words,
    "coin_value": _plain_words,
    "coins_held": _coins_held_words,
    "workers_on_one_space": _crowd_words,
    "coins_spent_this_turn": _plain_words,
    "conversions_this_turn": _conversions_words,
    "vp": _plain_words,
    "held": _held_words,
    "sailors_hired": _plain_words,
    "owns": _owns_words,
    "round": _plain_words,
    "turn": _plain_words,
    "vp_lead": _plain_words,
    "vp_behind": _plain_words,
    "rank": _plain_words,
}


def _metric_words(data, cond) -> tuple[str | None, dict]:
    """Which entry of _METRIC_SENTENCES words ``cond`` (None: an unknown measure), and the values it names."""
    words = METRIC_WORDS.get(cond["metric"])
    return words(data, cond) if words is not None else (None, {})


def _metric(data, cond, who: int, each) -> str:
    """``cond`` worded for ``who`` (0: you, 1: a player); ``each`` words the parts of a combination."""
    combined = _combined(data, cond, each)
    if combined is not None:
        return combined
    compare = cond.get("compare")
    bounded = cond.get("at_least") is not None or cond.get("at_most") is not None
    if compare and not bounded:                  # the count is the comparison itself: "Own the most structures."
        c, n = (_("the most") if compare == "most" else _("the fewest")), 2
    else:
        c, n = count_phrase(cond), _count_n(cond)
    key, values = _metric_words(data, cond)
    if key is None:
        return _("Unknown measure {metric}.").format(metric=cond["metric"])
    if key in ("coin_value", "coins_spent_this_turn"):
        values = {**values, "coins": coins_name(data)}
    text = _METRIC_SENTENCES[key][who](n).format(count=c, **values)
    if compare:
        text = _compare_sentence(text, compare, bounded)
    return text


def _compare_sentence(text: str, compare: str, bounded: bool) -> str:
    """A condition's sentence ``text`` with its comparison with the other players (``compare``); ties count."""
    if bounded and compare == "most":
        return _("{condition} No other player may have more (ties count: players level at the top all meet it).").format(
            condition=text)
    if bounded:
        return _("{condition} No other player may have less (ties count: players level at the bottom all meet it).").format(
            condition=text)
    if compare == "most":
        return _("{condition} Compared with every other player; ties count: players level at the top all meet it.").format(
            condition=text)
    return _("{condition} Compared with every other player; ties count: players level at the bottom all meet it.").format(
        condition=text)


def _metric_you(data, cond) -> str:
    return _metric(data, cond, 0, _metric_you)


def _metric_player(data, cond) -> str:
    return _metric(data, cond, 1, _metric_player)


def check_sentence(check: str, data=None, many: bool | None = None) -> str:
    """When a goal is checked; ``data`` (the ruleset) says for how many players, unless ``many`` says
    whether to word it for more than two."""
    if check == "end_of_turn":
        return _("Checked at the end of your turn, for you only.")
    if many is None:
        many = data is not None and many_players(data)
    if many:
        return _("Checked at once, after every action, for every player.")
    return _("Checked at once, after every action, for both players.")


def goal_chain_sentence(data) -> str:
    """Whether a goal turned up at the end of a turn is checked in that same end of turn."""
    if model_of(data).check_revealed_at_end_of_turn:
        return _("When you claim a goal at the end of your turn, the goal turned up next is checked in that same end of turn.")
    return _("When you claim a goal at the end of your turn, the goal turned up next is not checked in that end of turn: "
             "it waits for the next check.")


def condition_sentence(data, condition, check=None, many: bool | None = None) -> str:
    """A goal's condition (second person), followed by when it is checked if ``check`` is given
    (``many``: see :func:`check_sentence`)."""
    text = _metric_you(data, condition)
    if check:
        text = _("{condition} {when}").format(condition=text, when=check_sentence(check, data, many))
    return text


def end_condition_kind(cond) -> str:
    """The kind of an end condition (its one key besides ``finish_turn``)."""
    return next((k for k in cond if k != "finish_turn"), "")


def _measures_vp(cond) -> bool:
    """Whether a condition counts VP (the ``vp`` measure), through ``all``, ``any`` and ``not``."""
    if not isinstance(cond, dict):
        return False
    if cond.get("metric") in ("vp", "vp_lead", "vp_behind", "rank"):
        return True
    return any(_measures_vp(c) for c in cond.get("all") or cond.get("any") or ()) or _measures_vp(cond.get("not"))


def measures_vp(data) -> bool:
    """Whether an end condition or a goal of the ruleset counts VP."""
    return any(_measures_vp(c.get("player_condition")) for c in (data.get("end") or {}).get("conditions") or ()) or \
        any(_measures_vp(g.get("condition")) for g in (data.get("goals") or {}).values())


def penalty_timing_sentence(data) -> str | None:
    """When the borrowing token's penalty counts in the VP a condition measures (the reading
    ``borrowing.penalty_during_game``); None without a penalty."""
    borrowing = data.get("borrowing") or {}
    n = borrowing.get("penalty_vp") or 0
    if not n or not lender_ids(data):
        return None
    if borrowing.get("penalty_during_game"):
        return ngettext("While the game goes on, the VP counted take off the {num} VP penalty of whoever holds {token}.",
                        "While the game goes on, the VP counted take off the {num} VP penalty of whoever holds {token}.",
                        n).format(num=n, token=token_phrase(data))
    return ngettext("The VP counted leave out the {num} VP penalty of {token}: it is lost only when the game ends.",
                    "The VP counted leave out the {num} VP penalty of {token}: it is lost only when the game ends.",
                    n).format(num=n, token=token_phrase(data))


def end_condition_sentence(data, cond) -> str:
    """An end condition; when its ``finish_turn`` differs from ``end.finish_turn``, what happens then."""
    text = _end_condition_only(data, cond)
    timing = penalty_timing_sentence(data) if _measures_vp(cond.get("player_condition")) else None
    if timing:
        text = _("{condition} {penalty}").format(condition=text, penalty=timing)
    own = cond.get("finish_turn")
    if own is not None and own != bool(data["end"].get("finish_turn")):
        if own and data["end"].get("finish_round"):
            text = _("{condition} The player who met it finishes their turn, and the others play on to the end of "
                     "the round; then the game is over.").format(condition=text)
        elif own:
            text = _("{condition} The player who met it finishes their turn; then the game is over.").format(condition=text)
        else:
            text = _("{condition} The game is over at once, in the middle of the turn.").format(condition=text)
    return text


def _all_structures_built_sentence(data, value) -> str:
    given = given_structures(data)
    n = len(data.get("structures", {})) - len(given)
    if given:
        return ngettext("The {num} structure not given at setup has been built.",
                        "Each of the {num} structures not given at setup has been built at least once.", n).format(num=n)
    return ngettext("The {num} structure has been built.",
                    "Each of the {num} structures has been built at least once.", n).format(num=n)


def _goals_exhausted_sentence(data, value) -> str:
    return _("Every goal token in play has been claimed or removed.")


def _clock_sentence(data, value) -> str:
    if "rounds" in value:
        n = value["rounds"]
        return ngettext("Round {num} is over: every player has had a turn (the game ends after the last player's turn).",
                        "Round {num} is over: every player has had {num} turns (the game ends after the last player's "
                        "turn of that round).", n).format(num=n)
    n = value.get("turns", 0)
    return ngettext("{num} turn has been played, counting every player's turns (the game ends after that turn).",
                    "{num} turns have been played, counting every player's turns (the game ends after the last of them).",
                    n).format(num=n)


#: The text's row for each kind of end condition (the schema's ``$defs/end_condition``): its sentence,
#: ``sentence(data, value)``. tests/test_primitives.py checks there is one per kind of the schema.
END_CONDITION_SENTENCES = {
    "player_condition": _metric_player,
    "all_structures_built": _all_structures_built_sentence,
    "goals_exhausted": _goals_exhausted_sentence,
    "clock": _clock_sentence,
}


def _end_condition_only(data, cond) -> str:
    key = end_condition_kind(cond)
    sentence = END_CONDITION_SENTENCES.get(key)
    if sentence is None:
        return _("Unknown end condition {key}.").format(key=key)
    return sentence(data, cond[key])


def end_condition_by_key(data, key):
    """The end condition an engine key names (``end_reason``: the kind, or ``kind#i`` when listed twice)."""
    conds = data["end"]["conditions"]
    if key and "#" in key:
        i = key.split("#", 1)[1]
        return conds[int(i)] if i.isdigit() and int(i) < len(conds) else None
    return next((cond for cond in conds if end_condition_kind(cond) == key), None)


def finish_turn_is_reading(data) -> bool:
    """Whether the book prints how the last turn ends as rulekit's reading (``readings: finish_turn``)."""
    return is_reading(data, "finish_turn")


def finish_turn_sentence(data) -> str:
    if data["end"].get("finish_turn") and data["end"].get("finish_round"):
        return _("The player whose action ended the game finishes their turn, and the others play on to the end "
                 "of the round, so that every player has had as many turns; then the game is over.")
    if data["end"].get("finish_turn"):
        return _("The player whose action ended the game finishes their turn; then the game is over.")
    return _("The game is over at once, in the middle of the turn.")


# --------------------------------------------------------------------------
# Components and setup


def goal_pool_size(data) -> int:
    return len(data.get("goals", {}))


def goals_in_play(data) -> int:
    return min(data["components"]["goal_tokens"]["draw"], goal_pool_size(data))


def goal_tokens_sentence(data) -> str:
    pool, draw = goal_pool_size(data), goals_in_play(data)
    if draw == 0:
        return _("No goal token is used in this game.")
    if draw >= pool:
        return ngettext("{num} goal token, used in every game.",
                        "{num} goal tokens, all used in every game.", pool).format(num=pool)
    return ngettext("{pool} goal tokens, of which {num} is drawn for a game.",
                    "{pool} goal tokens, of which {num} are drawn for a game.", draw).format(pool=pool, num=draw)


def goal_draw_sentence(data) -> str:
    pool, draw = goal_pool_size(data), goals_in_play(data)
    if draw == 0:
        return _("No goal token is used in this game: leave them in the box.")
    if draw >= pool:
        return ngettext("Shuffle the {num} goal token face down and put it above the board.",
                        "Shuffle the {num} goal tokens face down and stack them above the board.", pool).format(num=pool)
    rest = pool - draw
    first = ngettext("Shuffle the {pool} goal tokens face down, draw {num} at random and stack it above the board.",
                     "Shuffle the {pool} goal tokens face down, draw {num} at random and stack them above the board.",
                     draw).format(pool=pool, num=draw)
    second = ngettext("Put the other {num} back in the box without looking at it: it is out of this game.",
                      "Put the other {num} back in the box without looking at them: they are out of this game.",
                      rest).format(num=rest)
    return _("{first} {second}").format(first=first, second=second)


def coin_total(data) -> tuple[int, int]:
    coins = data["components"]["coins"].values()
    return sum(c["count"] for c in coins), sum(c["count"] * c["value"] for c in coins)


def coins_sentence(data) -> str:
    count, value = coin_total(data)
    return ngettext("{num} coin, worth {value} {coins} in all.", "{num} coins, worth {value} {coins} in all.",
                    count).format(num=count, value=value, coins=coins_name(data))


def first_player_sentence(data) -> str:
    if data["setup"].get("bid"):                # the bids decide who goes first (bid_sentence)
        if data["setup"]["first_player"] == "random":
            return _("Decide at random who bids first.")
        return _("The players agree on who bids first.")
    if data["setup"]["first_player"] == "random":
        if data["components"].get("ship_tokens") and not many_players(data):      # a toss picks one of two
            return _("Toss a ship token like a coin to decide who goes first.")
        return _("Decide at random who goes first.")
    return _("The players agree on who goes first.")


def starting_pool_sentence(data, rid: str) -> str:
    """What each player holds of a pool resource on their first turn (``start``)."""
    start = data["resources"][rid].get("start")
    name = resource_name(data, rid)
    if not start or not any(start):
        return _("Nobody starts with {resource}.").format(resource=name)
    if many_players(data):
        amounts = [resource_amount(data, rid, n) for n in _per_seat(data, start)]
        if len(set(amounts)) == 1:
            return _("On their first turn, each player has {amount} (not {resource} earned in that turn).").format(
                amount=amounts[0], resource=name)
        # Translators: {seats} is "the first player has 0 Labor, the second player 1 Labor and the third player 2 Labor".
        return _("On their first turn, {seats} (not {resource} earned in that turn).").format(
            seats=_seat_list(amounts, pgettext("seats", "{seat} has {amount}")), resource=name)
    first, second = start
    return _("On their first turn, the first player has {first} and the second player {second} "
             "(not {resource} earned in that turn).").format(
        first=resource_amount(data, rid, first), second=resource_amount(data, rid, second), resource=name)


def starting_pools(data) -> list[str]:
    """The pool resources some player starts with."""
    return [rid for rid in pool_resources(data) if any(data["resources"][rid].get("start") or ())]


def _per_seat(data, values) -> list:
    """A per-seat list of the ruleset, one entry per seat of the largest game."""
    return list(values)[:max_players(data)]


def _seat_list(amounts, first_form) -> str:
    """Amounts per seat in turn order: "the first player <first_form>, the second player 6 Coin and the third player 7 Coin"."""
    items = [first_form.format(seat=seat_name(0), amount=amounts[0])]
    items += [pgettext("seats", "{seat} {amount}").format(seat=seat_name(i), amount=a)
              for i, a in enumerate(amounts) if i]
    return join_and(items)


def starting_coins_sentence(data) -> str:
    if many_players(data):
        amounts = [coin_amount(data, n) for n in _per_seat(data, data["setup"]["starting_coins"])]
        if len(set(amounts)) == 1:
            return _("Each player takes {amount} from the supply.").format(amount=amounts[0])
        # Translators: {seats} is "the first player takes 5 Coin, the second player 6 Coin and the third player 7 Coin".
        return _("From the supply, {seats}.").format(seats=_seat_list(amounts, pgettext("seats", "{seat} takes {amount}")))
    first, second = data["setup"]["starting_coins"]
    return _("The first player takes {first} from the supply, the second player takes {second}.").format(
        first=coin_amount(data, first), second=coin_amount(data, second))


# --------------------------------------------------------------------------
# The Work Cycle and workers


def cycle_order(data) -> str:
    names = [space_name(data, s["id"]) for s in data["work_cycle"]["spaces"]]
    return " → ".join(names + names[:1])


def _owned_workers(data) -> str:
    """What "another player's worker" is in this ruleset, for a toll: a sailor, a worker of a kind only one may move."""
    kinds = []
    if data.get("sailors"):
        kinds.append(_("a sailor they hired"))
    if any(w.get("access") == "unlocked" for w in data.get("workers", {}).values()):
        kinds.append(_("a worker of a kind only they may move"))
    return join_or(kinds)


def toll_sentence(data, space) -> str:
    """A space's toll (``work_cycle.spaces[].toll``), or "" without one."""
    toll = space.get("toll")
    if not toll:
        return ""
    if not many_players(data):
        return _("Toll on {space}: when your opponent's worker ({whose}) stands there, moving a worker onto it costs "
                 "you {amount}, paid to your opponent; without it, you may not make that move.").format(
            space=space_name(data, space["id"]), whose=_owned_workers(data), amount=amount(Amount.of(toll), data))
    return _("Toll on {space}: moving a worker onto it costs {amount} paid to each other player whose worker ({whose}) "
             "stands there; without enough for all of them, you may not make that move.").format(
        space=space_name(data, space["id"]), whose=_owned_workers(data), amount=amount(Amount.of(toll), data))


def toll_sentences(data) -> list[str]:
    """The Work Cycle's tolls, one sentence per space with one, then what a player who can make no move does."""
    tolls = [t for t in (toll_sentence(data, sp) for sp in data["work_cycle"]["spaces"]) if t]
    if tolls:
        tolls.append(_("A player who can make no move (each would need a toll they cannot pay) goes on to the "
                       "Resource Spending phase without moving."))
    return tolls


def space_yield_sentence(data, space) -> str:
    return _("A worker that lands on {space} earns {amount}.").format(
        space=space_name(data, space["id"]), amount=amount(Amount.of(space.get("yields")), data))


def unlocking_structures(data, wid: str) -> list[str]:
    return structures_with_effect(data, "unlock_worker", lambda e: e.worker == wid)


def access_sentence(data, wid: str) -> str:
    worker = data["workers"][wid]
    n = worker.get("count", 1)
    name = worker_name(data, wid, n)
    owners = model_of(data).workers_by_id[wid].seats
    if owners is not None and worker.get("access") == "everyone":
        return worker_seats_sentence(data, wid)
    if worker.get("access") == "everyone":
        if many_players(data):
            return ngettext("Every player may move the {worker} worker.",
                            "Every player may move the {worker} workers.", n).format(worker=name)
        return ngettext("Both players may move the {worker} worker.",
                        "Both players may move the {worker} workers.", n).format(worker=name)
    unlocks = unlocking_structures(data, wid)
    if not unlocks:
        return ngettext("Nobody may move the {worker} worker.", "Nobody may move the {worker} workers.", n).format(worker=name)
    if owners is not None:
        return _("{access} {owners}").format(access=ngettext(
            "Only a player who owns the {structures} (or borrows it this turn) may move the {worker} worker.",
            "Only a player who owns the {structures} (or borrows it this turn) may move the {worker} workers.",
            n).format(structures=join_or(structure_name(data, s) for s in unlocks), worker=name),
            owners=worker_seats_sentence(data, wid))
    return ngettext("Only a player who owns the {structures} (or borrows it this turn) may move the {worker} worker.",
                    "Only a player who owns the {structures} (or borrows it this turn) may move the {worker} workers.",
                    n).format(structures=join_or(structure_name(data, s) for s in unlocks), worker=name)


def worker_start_sentence(data, wid: str) -> str | None:
    start = data["workers"][wid].get("start") or []
    if not start:
        return None
    n = len(start)
    places = []
    for space in data["work_cycle"]["spaces"]:
        k = start.count(space["id"])
        if k:
            places.append(ngettext("{num} on {space}", "{num} on {space}", k).format(num=k, space=space_name(data, space["id"])))
    places = join_and(places)
    if model_of(data).workers_by_id[wid].seats is not None:     # each owner's workers start there
        places = _("{places}, for each player who has their own").format(places=places)
    return ngettext("Put the {worker} worker on the Work Cycle: {places}.",
                    "Put the {worker} workers on the Work Cycle: {places}.", n).format(
        worker=worker_name(data, wid, n), places=places)


# --------------------------------------------------------------------------
# Conversions, borrowing, casting and sailors


def conversion_rule(data, cid: str, mark_readings: bool = False) -> str:
    conv = data["conversions"][cid]
    model = model_of(data).conversions[cid]
    pay = _("Pay {pay} to earn {gain}.").format(pay=amount(model.pay, data), gain=amount(model.gain, data))
    roll = conv.get("roll") or {}
    if roll.get("at_least", 0) >= 2:               # a least roll of 1 always wins: the plain sentence says it
        pay = roll_sentence(data, conv)
    if conv.get("always"):
        who = _("Every player may do this in their Resource Spending Phase.")
    else:
        granting = structures_with_effect(data, "conversion", lambda e: e.conversion == cid)
        if granting:
            who = _("Only a player who owns the {structures} (or borrows it this turn) may do this, in their Resource Spending Phase.").format(
                structures=join_or(structure_name(data, s) for s in granting))
        else:
            who = _("No structure grants this conversion, so nobody may use it.")
    per_turn = conv.get("per_turn")
    if per_turn is None:
        often = _("As many times as you can pay.")
    else:
        often = ngettext("At most {num} time per turn.", "At most {num} times per turn.", per_turn).format(num=per_turn)
    text = _("{pay} {who} {often}").format(pay=pay, who=who, often=often)
    if conv["gain"].get(coins_resource(data) or ""):
        if conv.get("needs_payout"):
            payout = _("It is not allowed while the coins cannot pay out its {coins}.").format(coins=coins_name(data))
        else:
            payout = _("It is allowed even when the coins cannot pay out its {coins}: you pay, and earn only what the "
                       "coins can pay.").format(coins=coins_name(data))
            if mark_readings and is_reading(data, "convert_when_supply_short"):
                payout = reading_note(payout)       # the book marks it; the diff compares the rule
        text = _("{rule} {payout}").format(rule=text, payout=payout)
    return text


def roll_sentence(data, conv) -> str:
    """A conversion with a roll: the payment, the die, the rolls that earn the gain and the others' nothing."""
    sides, least = conv["roll"]["sides"], conv["roll"]["at_least"]
    pay, gain = amount(Amount.of(conv["pay"]), data), amount(Amount.of(conv["gain"]), data)
    if least > sides:
        return _("Pay {pay}, then roll a die with {sides} sides: no roll earns {gain}.").format(pay=pay, sides=sides, gain=gain)
    if least == sides:
        return _("Pay {pay}, then roll a die with {sides} sides: on a {sides} earn {gain}, on any other roll nothing.").format(
            pay=pay, sides=sides, gain=gain)
    if least == sides - 1:
        return _("Pay {pay}, then roll a die with {sides} sides: on a {least} or a {sides} earn {gain}, on a lower roll "
                 "nothing.").format(pay=pay, sides=sides, least=least, gain=gain)
    return _("Pay {pay}, then roll a die with {sides} sides: on {least} to {sides} earn {gain}, on a lower roll nothing.").format(
        pay=pay, sides=sides, least=least, gain=gain)


def conversions_limit_sentence(data) -> str | None:
    """The bound on conversions in one turn, all together, when the per_turn limits allow more (else None)."""
    total = sum(c.get("per_turn") or 0 for c in (data.get("conversions") or {}).values())
    if total <= MAX_CONVERSIONS_PER_TURN:
        return None
    return ngettext("You make at most {num} conversion per turn in all, whatever the limits of each.",
                    "You make at most {num} conversions per turn in all, whatever the limits of each.",
                    MAX_CONVERSIONS_PER_TURN).format(num=MAX_CONVERSIONS_PER_TURN)


def conversion_sentence(data, cid: str, mark_readings: bool = False) -> str:
    return _("{conversion}: {rule}").format(conversion=conversion_name(data, cid),
                                            rule=conversion_rule(data, cid, mark_readings))


def conversions_reference(data, cids, section: str) -> str:
    """The conversions in the list of the Resource Spending Phase: their names and where the book states
    them (each is stated once, in its own section)."""
    return _("Convert: {conversions} (see “{section}”).").format(
        conversions=join_or(conversion_name(data, c) for c in cids), section=section)


def conversion_effect_reference(data, value, section: str) -> str:
    """A structure's conversion effect in its paragraph of the book: a reference to the conversion's section."""
    return _("Its owner may use the {conversion} conversion (see “{section}”).").format(
        conversion=conversion_name(data, value["conversion"]), section=section)


def builds_sentence(data) -> str:
    """How many structures a player may build per turn (``turn.builds``)."""
    n = model_of(data).turn.builds
    if n == 1:
        return _("Build one structure (at most one per turn).")
    return ngettext("Build structures (at most {num} per turn).", "Build structures (at most {num} per turn).", n).format(num=n)


def move_steps(data) -> int:
    """The steps of every move (``turn.move_steps``, 1 when absent)."""
    return model_of(data).turn.move_steps


def work_phase_summary(data) -> str:
    """The Work Cycle phase in the turn's summary."""
    n = move_steps(data)
    if n == 1:
        return _("Move one or more of your workers one step each along the Work Cycle and earn what they land on.")
    return ngettext("Move one or more of your workers {num} step each along the Work Cycle and earn what they land on.",
                    "Move one or more of your workers {num} steps each along the Work Cycle and earn what they land on.",
                    n).format(num=n)


def cycle_moves_sentence(data) -> str:
    """The board: how many spaces, in which order, and how far a worker moves."""
    nspaces = len(data["work_cycle"]["spaces"])
    n = move_steps(data)
    if n == 1:
        return ngettext("The Work Cycle has {num} space. Workers always move one step clockwise, from each space to the next: {order}.",
                        "The Work Cycle has {num} spaces. Workers always move one step clockwise, from each space to the next: {order}.",
                        nspaces).format(num=nspaces, order=cycle_order(data))
    spaces = ngettext("The Work Cycle has {num} space, in this order clockwise: {order}.",
                      "The Work Cycle has {num} spaces, in this order clockwise: {order}.",
                      nspaces).format(num=nspaces, order=cycle_order(data))
    moves = ngettext("Workers always move {num} step clockwise at a time.",
                     "Workers always move {num} steps clockwise at a time.", n).format(num=n)
    return _("{spaces} {moves}").format(spaces=spaces, moves=moves)


def work_phase_rule(data) -> str:
    """The rule of the Work Cycle phase: who moves, how far, what is earned."""
    n = move_steps(data)
    if n == 1:
        return " ".join([_("During this phase, move at least one worker you have access to, one step clockwise. Each worker moves "
                 "at most once per turn, and earns what the space it lands on yields. A worker that does not move earns nothing.")]
                        + toll_sentences(data))
    rule = ngettext("During this phase, move at least one worker you have access to, {num} step clockwise. Each worker moves "
                    "at most once per turn, and earns what the space it lands on yields. A worker that does not move earns nothing.",
                    "During this phase, move at least one worker you have access to, {num} steps clockwise. Each worker moves "
                    "at most once per turn, and earns what the space it lands on yields. A worker that does not move earns nothing.",
                    n).format(num=n)
    rule = _("{rule} {steps}").format(rule=rule, steps=move_steps_sentence(data))
    return " ".join([rule] + toll_sentences(data))


def move_steps_sentence(data) -> str:
    """How many steps a move takes (``turn.move_steps``)."""
    n = model_of(data).turn.move_steps
    if n == 1:
        return _("Each move takes a worker one step along the Work Cycle.")
    return ngettext("Each move takes a worker {num} step along the Work Cycle; it earns what the space it lands on yields, "
                    "not the spaces it passes.",
                    "Each move takes a worker {num} steps along the Work Cycle; it earns what the space it lands on yields, "
                    "not the spaces it passes.", n).format(num=n)


def labor_carry_sentence(data) -> str:
    """What becomes at the end of the turn of each pool resource not spent (``resources.<id>.end_of_turn``), then
    the cap on the coins, if any."""
    parts = [resource_end_sentence(data, rid) for rid in pool_resources(data)]
    if coin_cap(data) is not None:
        parts.append(coin_cap_sentence(data))
    return " ".join(parts)


def coin_cap(data) -> int | None:
    """The cap on the coins (``resources.<coins>.cap``), or None."""
    rid = coins_resource(data)
    return model_of(data).resource(rid).cap if rid else None


def coin_cap_sentence(data) -> str:
    """The cap on the coins (mechanics/caps.py: the player chooses the coins handed over), or that there is none."""
    cap = coin_cap(data)
    name = resource_name(data, coins_resource(data))
    if cap is None:
        return _("You keep all your {resource} from turn to turn.").format(resource=name)
    return _("At the end of your turn you keep at most {amount}: you give the rest back to the supply, choosing "
             "the coins you hand over, and change is made as for a payment; if no one can make that change, you "
             "give back the least larger amount your coins can.").format(
                 amount=resource_amount(data, coins_resource(data), cap))


def all_pools_lost(data) -> bool:
    """Whether every pool resource is lost at the end of the turn (nothing carried or kept)."""
    return all(model_of(data).resource(rid).end_of_turn == "lost" for rid in pool_resources(data))


def borrowing_phases_sentence(data) -> str:
    phases = set(data["borrowing"]["phases"])
    if phases >= {"work", "spending"}:
        return _("You may borrow during either phase of your turn.")
    if "work" in phases:
        return _("You may borrow only during your Work Cycle Phase.")
    return _("You may borrow only during your Resource Spending Phase.")


def borrowing_repay_sentence(data) -> str:
    b = data["borrowing"]
    return _("To give {token} back to the supply, pay {cost} during your turn.").format(
        token=token_phrase(data), cost=amount(model_of(data).borrowing.repay, data))


def borrowing_same_turn_sentence(data) -> str:
    if data["borrowing"]["repay_same_turn"]:
        return _("You may repay it in the same turn you took it.")
    return _("You cannot repay it in the turn you took it.")


def borrowing_take_sentence(data) -> str:
    lender = join_or(structure_name(data, s) for s in lender_ids(data))
    if many_players(data):
        if data["borrowing"]["take_from_opponent"]:
            return _("If you and the player who holds {token} both own the {token_of}, you may take it from them "
                     "to borrow; their debt becomes yours.").format(token_of=lender, token=token_phrase(data))
        return _("While another player holds {token}, you cannot borrow.").format(token=token_phrase(data))
    if data["borrowing"]["take_from_opponent"]:
        return _("If both players own the {token_of}, you may take {token} from your opponent to borrow; their debt becomes yours.").format(
            token_of=lender, token=token_phrase(data))
    return _("While your opponent holds {token}, you cannot borrow.").format(token=token_phrase(data))


def borrowing_per_turn_sentence(data) -> str:
    n = model_of(data).borrowing.per_turn
    if n == 1:
        return _("You cannot borrow while you hold {token}, and you borrow at most once per turn.").format(token=token_phrase(data))
    return ngettext("You cannot borrow while you hold {token}; you may borrow at most {num} time per turn, "
                    "each time a structure you have not borrowed this turn.",
                    "You cannot borrow while you hold {token}; you may borrow at most {num} times per turn (after repaying), "
                    "each time a structure you have not borrowed this turn.", n).format(token=token_phrase(data), num=n)


def borrowing_repay_effect_sentence(data) -> str:
    if data["borrowing"].get("repay_ends_effect"):
        return _("Repaying {token} ends the borrowed effects at once.").format(token=token_phrase(data))
    return _("Repaying {token} does not end the borrowed effects: they last until the end of your turn.").format(
        token=token_phrase(data))


def borrowing_penalty_sentence(data) -> str:
    n = data["borrowing"]["penalty_vp"]
    return ngettext("A player who still holds {token} when the game ends loses {num} VP.",
                    "A player who still holds {token} when the game ends loses {num} VP.", n).format(
        token=token_phrase(data), num=n)


def is_reading(data, key: str) -> bool:
    """Whether the ruleset marks a rule as rulekit's reading, not its edition's text (``readings:``)."""
    return key in (data.get("readings") or ())


def reading_note(sentence: str) -> str:
    """A rule the edition's text does not state, as the book prints it: "rulekit's reading: …"."""
    return _("rulekit’s reading: {rule}").format(rule=sentence)


def borrowing_sentences(data) -> list[tuple[str, bool]]:
    """Every rule of borrowing, in reading order: ``(sentence, is rulekit's reading)``."""
    if not data.get("borrowing"):
        return []
    lender = join_or(structure_name(data, s) for s in lender_ids(data))
    token = token_phrase(data)
    if many_players(data):
        first = _many_borrowing_first(data, lender, token)
    elif is_reading(data, "borrow_missing_only") and is_reading(data, "borrow_lasts_turn"):
        first = [(_("A player who owns the {token_of} may borrow one structure that the opponent has built: "
                    "they take {token} and use that structure's effects.").format(token_of=lender, token=token), False),
                 (_("You may borrow only a structure you have not built yourself."), True),
                 (_("The borrowed effects last until the end of your turn."), True)]
    elif is_reading(data, "borrow_missing_only"):
        first = [(_("A player who owns the {token_of} may borrow one structure that the opponent has built: "
                    "they take {token} and use that structure's effects until the end of their turn.").format(
                      token_of=lender, token=token), False),
                 (_("You may borrow only a structure you have not built yourself."), True)]
    else:
        first = [(_("A player who owns the {token_of} may borrow one structure that the opponent has built and "
                    "they have not: they take {token} and use that structure's effects until the end of their "
                    "turn.").format(token_of=lender, token=token), False)]
    return first + [
        (borrowing_phases_sentence(data), False),
        (borrowing_per_turn_sentence(data), False),
        (_("Borrowing a structure that gives income at the start of the turn gives that income at once."),
         is_reading(data, "borrowed_income_at_once")),
        (borrowing_repay_sentence(data), False),
        (borrowing_same_turn_sentence(data), False),
        (borrowing_repay_effect_sentence(data), is_reading(data, "borrow_lasts_turn")),
        (borrowing_take_sentence(data), False),
        (borrowing_penalty_sentence(data), False),
    ]


def _many_borrowing_first(data, lender, token) -> list[tuple[str, bool]]:
    """The first rules of borrowing with more than two players: whose structure (``other_players.borrow_from``)."""
    choice = other_players(data)["borrow_from"]
    reading = is_reading(data, "borrow_missing_only")
    if choice == "next_player":
        text = (_("A player who owns the {token_of} may borrow one structure that the next player in turn order has "
                  "built: they take {token} and use that structure's effects until the end of their turn.") if reading else
                _("A player who owns the {token_of} may borrow one structure that the next player in turn order has "
                  "built, if they have not built it themselves: they take {token} and use that structure's effects "
                  "until the end of their turn."))
    elif choice == "previous_player":
        text = (_("A player who owns the {token_of} may borrow one structure that the previous player in turn order "
                  "has built: they take {token} and use that structure's effects until the end of their turn.") if reading else
                _("A player who owns the {token_of} may borrow one structure that the previous player in turn order "
                  "has built, if they have not built it themselves: they take {token} and use that structure's effects "
                  "until the end of their turn."))
    else:
        text = (_("A player who owns the {token_of} may borrow one structure that another player has built: they take "
                  "{token} and use that structure's effects until the end of their turn.") if reading else
                _("A player who owns the {token_of} may borrow one structure that another player has built, if they "
                  "have not built it themselves: they take {token} and use that structure's effects until the end of "
                  "their turn."))
    first = [(text.format(token_of=lender, token=token), False)]
    if reading:
        first.append((_("You may borrow only a structure you have not built yourself."), True))
    return first


def goal_checks(data) -> set[str]:
    """How the goals of the ruleset are checked (``immediate``, ``end_of_turn``)."""
    return {goal.get("check", "immediate") for goal in (data.get("goals") or {}).values()}


def goal_metrics(data) -> set[str]:
    return {goal.get("condition", {}).get("metric") for goal in (data.get("goals") or {}).values()}


def has_per_turn_goal(data) -> bool:
    """Whether a goal counts something "in a single turn"."""
    return bool(goal_metrics(data) & {"earned_this_turn", "coins_spent_this_turn", "conversions_this_turn"})


def outcome_label(data, outcome) -> str:
    return outcome_name(outcome)


def outcome_ships(data, outcome) -> str:
    """The ships of a result drawn as ○ (white) and ● (black)."""
    ships = model_of(data).components.ship_tokens
    white = min(outcome["white"], ships)
    return " ".join(["○"] * white + ["●"] * (ships - white))


def outcome_chance(data, outcome) -> str:
    ships = model_of(data).components.ship_tokens
    white = outcome["white"]
    if ships <= 0 or white > ships:
        return "0"
    chance = Fraction(comb(ships, white), 2 ** ships)
    return f"{chance.numerator}/{chance.denominator}" if chance.denominator != 1 else str(chance.numerator)


def outcome_sentence(data, outcome) -> str:
    benefit = outcome["benefit"]
    parts = []
    if benefit.get("income"):
        parts.append(_("Earn {amount} at the start of your turn.").format(amount=amount(Amount.of(benefit["income"]), data)))
    if benefit.get("hire_sailor"):
        cost = amount(Amount.of(data.get("sailors", {}).get("cost")), data)
        parts.append(_("You may hire a sailor in your Resource Spending Phase, for {cost}.").format(cost=cost))
    if not parts:
        return _("No benefit.")
    return " ".join(parts)


def outcome_benefit(data, oid: str) -> str:
    """The benefit of the cast outcome ``oid`` said of nobody in particular, inside the log's line ("the
    Harbor earns 1 Coin at the start of the turn"): the line is read by every player, not only by the owners."""
    outcome = next((o for o in (data.get("casting") or {}).get("outcomes", []) if o["id"] == oid), None)
    if outcome is None:
        return ""
    benefit = outcome["benefit"]
    parts = []
    if benefit.get("income"):
        parts.append(_("the {structure} earns {amount} at the start of the turn").format(
            structure=casting_structure_name(data), amount=amount(Amount.of(benefit["income"]), data)))
    if benefit.get("hire_sailor"):
        parts.append(_("a sailor may be hired in the Resource Spending Phase, for {cost}").format(
            cost=amount(Amount.of(data.get("sailors", {}).get("cost")), data)))
    return join_and(parts) if parts else _("no benefit")


def holder_sentence(data) -> str:
    return _("The first player to build the {structure} becomes {holder.the}.").format(
        structure=casting_structure_name(data), holder=holder_name(data))


def cast_sentences(data) -> list[str]:
    cast = data["casting"]["cast"]
    n = model_of(data).components.ship_tokens
    found = []
    if n == 0:
        return [_("There is no ship token to cast: the result is always the one for no white ship.")]
    if cast.get("on_first_build"):
        found.append(ngettext(
            "Cast the ship token at the end of the turn in which the {structure} is first built.",
            "Cast the {num} ship tokens at the end of the turn in which the {structure} is first built.",
            n).format(num=n, structure=casting_structure_name(data)))
    if cast.get("start_of_holder_turn"):
        if cast.get("on_first_build"):
            found.append(_capitalized(_(
                "From then on, {holder.the} casts them again at the start of each of their turns.").format(
                    holder=holder_name(data))))
        else:
            found.append(_capitalized(ngettext(
                "{holder.the} casts the ship token at the start of each of their turns.",
                "{holder.the} casts the {num} ship tokens at the start of each of their turns.",
                n).format(num=n, holder=holder_name(data))))
    if not found:
        found.append(_("The ship tokens are never cast."))
    return found


def sailor_colors(data) -> str:
    return join_and(color_name(c) for c in data.get("sailors", {}).get("worker_color", []))


def sailor_supply_sentence(data) -> str:
    sailors = data["sailors"]
    n = sailors["count"]
    colors = sailor_colors(data)
    if sailors["supply"] == "per_player":
        # one color a player: "red or blue"
        colors = join_or(color_name(c) for c in sailors.get("worker_color", []))
        if colors:
            return ngettext("Each player has {num} sailor of their own color ({colors}).",
                            "Each player has {num} sailors of their own color ({colors}).", n).format(num=n, colors=colors)
        return ngettext("Each player has {num} sailor.", "Each player has {num} sailors.", n).format(num=n)
    if many_players(data):
        if colors:
            return ngettext("{num} two-sided sailor ({colors}) is shared by all the players: the side up shows who hired it.",
                            "{num} two-sided sailors ({colors}) are shared by all the players: the side up shows who hired each.",
                            n).format(num=n, colors=colors)
        return ngettext("{num} sailor is shared by all the players.", "{num} sailors are shared by all the players.",
                        n).format(num=n)
    if colors:
        return ngettext("{num} two-sided sailor ({colors}) is shared by both players: the side up shows who hired it.",
                        "{num} two-sided sailors ({colors}) are shared by both players: the side up shows who hired each.",
                        n).format(num=n, colors=colors)
    return ngettext("{num} sailor is shared by both players.", "{num} sailors are shared by both players.", n).format(num=n)


def sailor_max_sentence(data) -> str:
    sailors = data["sailors"]
    limit = sailors.get("max_on_cycle")
    if limit is None:
        return _("Sailors may be hired as long as any remain in the supply.")
    total = sailor_count_total(data)
    if many_players(data) and total > limit:
        # With more than two, the cap is shared by every player's sailors: said with how many there are.
        return ngettext("At most {num} of the {total} sailors, all colors together, may be on the Work Cycle at "
                        "once; then nobody may hire one.",
                        "At most {num} of the {total} sailors, all colors together, may be on the Work Cycle at "
                        "once; then nobody may hire one.", limit).format(num=limit, total=total)
    return ngettext("At most {num} sailor, of any color, may be on the Work Cycle; then nobody may hire one.",
                    "At most {num} sailors, of any color, may be on the Work Cycle; then nobody may hire one.",
                    limit).format(num=limit)


def sailor_hire_sentence(data) -> str:
    sailors = data["sailors"]
    entry = space_name(data, sailors.get("entry") or data["work_cycle"]["entry"])
    first = _("To hire a sailor, pay {cost} in your Resource Spending Phase; the sailor enters the Work Cycle on {entry}.").format(
        cost=amount(model_of(data).sailors.cost, data), entry=entry)
    n = sailors["per_turn"]
    second = ngettext("You may hire at most {num} sailor per turn.", "You may hire at most {num} sailors per turn.", n).format(num=n)
    return _("{first} {second}").format(first=first, second=second)


def sailor_count_total(data) -> int:
    sailors = data.get("sailors")
    if not sailors:
        return 0
    return sailors["count"] * (max_players(data) if sailors["supply"] == "per_player" else 1)


# --------------------------------------------------------------------------
# Scoring and tie-breaks


def coin_bonus_sentence(data) -> str:
    bonus = data["scoring"].get("coin_bonus")
    if not bonus:
        return _("Coins held at the end score no VP.")
    return ngettext("Each player scores {vp} VP for each {coins.one} they hold at the end.",
                    "Each player scores {vp} VP for each full {per} {coins.plural} they hold at the end (total value).",
                    bonus["per"]).format(vp=bonus["vp"], per=bonus["per"], coins=coins_name(data))


#: Nouns for the measures of ``scoring.measures`` that have one (keyed as _METRIC_SENTENCES): what one unit
#: of the measure is; any other measure is worded by its condition's sentence.
_MEASURE_NOUNS = {
    "structures": lambda n: ngettext("structure they own", "structures they own", n),
    "structures_income": lambda n: ngettext("structure with an income they own", "structures with an income they own", n),
    "structures_vp": lambda n: ngettext("structure they own that is worth {vp} VP to them",
                                        "structures they own that are each worth {vp} VP to them", n),
    "held": lambda n: ngettext("{resource.one} they hold", "{resource.plural} they hold", n),
    "coin_value": lambda n: ngettext("{coins.one} they hold (total value)", "{coins.plural} they hold (total value)", n),
    "coins_held": lambda n: ngettext("{coin} coin they hold", "{coin} coins they hold", n),
    "workers": lambda n: ngettext("worker they have access to", "workers they have access to", n),
    "sailors_hired": lambda n: ngettext("sailor they have hired", "sailors they have hired", n),
}


#: What one unit of the measure of an amount written ``per`` a metric is, said to its owner (keyed as
#: _METRIC_SENTENCES): "structure you own".
_PER_NOUNS = {
    "structures": lambda: _("structure you own"),
    "structures_income": lambda: _("structure with an income you own"),
    "structures_vp": lambda: _("structure you own that is worth {vp} VP to you"),
    "held": lambda: _("{resource.one} you hold"),
    "coin_value": lambda: _("{coins.one} you hold (total value)"),
    "coins_held": lambda: _("{coin} coin you hold"),
    "workers": lambda: _("worker you have access to"),
    "sailors_hired": lambda: _("sailor you have hired"),
}


def per_amount_phrase(data, rid: str, spec: dict) -> str:
    """An amount of ``rid`` written per a metric (``{per: structures, income: true, each: 2}``): "2 Coin for each
    structure with an income you own", measured as the effect is paid."""
    cond = {"metric": spec["per"], **{k: v for k, v in spec.items() if k not in ("per", "each")}}
    key, values = _metric_words(data, cond)
    noun = _PER_NOUNS[key]().format(coins=coins_name(data), **values)
    return _("{amount} for each {noun}").format(amount=resource_amount(data, rid, spec.get("each", 1)), noun=noun)


def measure_sentence(data, measure) -> str:
    """One of ``scoring.measures``: VP for each full ``per`` of a measure, counted at the end."""
    per, vp = measure.get("per", DEFAULTS["measure"]["per"]), measure["vp"]
    cond = {k: v for k, v in measure.items() if k not in ("per", "vp")}
    if cond.get("metric") == "owns" and per == 1:     # 1 or 0: "each player who owns the Harbor scores 3 VP"
        structure = structure_name(data, cond["structure"])
        if vp >= 0:
            return _("At the end, each player who owns {structure.the} scores {vp} VP.").format(structure=structure, vp=vp)
        return _("At the end, each player who owns {structure.the} loses {vp} VP.").format(structure=structure, vp=-vp)
    key, values = _metric_words(data, cond)
    if key in _MEASURE_NOUNS:
        noun = _MEASURE_NOUNS[key](per).format(coins=coins_name(data), **values)
        if vp >= 0:
            return ngettext("At the end, each player scores {vp} VP for each {noun}.",
                            "At the end, each player scores {vp} VP for each full {per} {noun}.", per).format(
                                vp=vp, per=per, noun=noun)
        return ngettext("At the end, each player loses {vp} VP for each {noun}.",
                        "At the end, each player loses {vp} VP for each full {per} {noun}.", per).format(
                            vp=-vp, per=per, noun=noun)
    clause = _metric_player(data, {**cond, "at_least": per}).rstrip(".")
    if vp >= 0:
        return _("At the end, each player scores {vp} VP for each full {per} of this measure: {measure}.").format(
            vp=vp, per=per, measure=clause)
    return _("At the end, each player loses {vp} VP for each full {per} of this measure: {measure}.").format(
        vp=-vp, per=per, measure=clause)


def measure_if_sentence(data, measure) -> str:
    """One of ``scoring.measures`` with its condition on the player (``if``), if it has one."""
    text = measure_sentence(data, {k: v for k, v in measure.items() if k != "if"})
    if not measure.get("if"):
        return text
    cond = _metric_you(data, measure["if"])
    if len(cond) > 1 and cond[0].isupper() and cond[1].islower():
        cond = cond[0].lower() + cond[1:]
    return _("{measure} A player scores them only if they meet this condition at the end: {condition}").format(
        measure=text, condition=cond)


def measures_sentence(data) -> str:
    """Every one of ``scoring.measures``, or that there is none."""
    measures = (data.get("scoring") or {}).get("measures") or []
    if not measures:
        return _("No VP are counted from other measures.")
    return " ".join(measure_if_sentence(data, m) for m in measures)


def goal_vp_sentence(data) -> str:
    n = data["scoring"]["goal_vp"]
    own = [gid for gid, g in model_of(data).goals.items() if g.vp != n]
    if own:
        return ngettext("Each goal token you claimed is worth {num} VP, unless its goal says otherwise.",
                        "Each goal token you claimed is worth {num} VP, unless its goal says otherwise.", n).format(num=n)
    return ngettext("Each goal token you claimed is worth {num} VP.", "Each goal token you claimed is worth {num} VP.", n).format(num=n)


def later_builder_sentence(data) -> str | None:
    """``scoring.later_builder_vp``, when the ruleset sets it for every structure."""
    n = data["scoring"].get("later_builder_vp")
    if n is None:
        return None
    if many_players(data):
        return ngettext("A player who builds a structure after another player scores {num} VP for it, whatever the structure.",
                        "A player who builds a structure after another player scores {num} VP for it, whatever the structure.",
                        n).format(num=n)
    return ngettext("A player who builds a structure after their opponent scores {num} VP for it, whatever the structure.",
                    "A player who builds a structure after their opponent scores {num} VP for it, whatever the structure.",
                    n).format(num=n)


def goal_sentence(data, gid: str, check: bool = True, many: bool | None = None) -> str:
    """A goal's condition (with when it is checked), and its VP when they differ from ``scoring.goal_vp``
    (``many``: see :func:`check_sentence`)."""
    goal = data["goals"][gid]
    text = condition_sentence(data, goal["condition"], goal["check"] if check else None, many)
    vp = goal.get("vp")
    if vp is not None and vp != data["scoring"]["goal_vp"]:
        text = ngettext("{goal} Worth {num} VP.", "{goal} Worth {num} VP.", vp).format(goal=text, num=vp)
    return text


def objective_cards(data) -> dict:
    """The secret objective cards, by id (empty without an objectives section)."""
    return (data.get("objectives") or {}).get("cards") or {}


def objective_name(data, oid: str) -> str:
    return entry_name(objective_cards(data).get(oid), "objective", oid)


def objectives_deal_sentence(data) -> str:
    """Setup: the objective cards shuffled and dealt face down (or that there are none)."""
    cards = objective_cards(data)
    if not cards:
        return _("There are no objective cards.")
    deal = data["objectives"]["deal"]
    return ngettext("Shuffle the {count} objective cards and deal {num} to each player, face down: you may look at "
                    "your own card, never at another player's.",
                    "Shuffle the {count} objective cards and deal {num} to each player, face down: you may look at "
                    "your own cards, never at another player's.", deal).format(count=len(cards), num=deal)


def objectives_keep(data) -> int:
    """How many objective cards each player keeps (``keep``, else every card dealt)."""
    objectives = model_of(data).objectives
    return objectives.keep if objectives else 0


def objectives_keep_sentence(data) -> str:
    """How many of their dealt objective cards each player keeps, and how they choose."""
    deal, keep = (data.get("objectives") or {}).get("deal", 0), objectives_keep(data)
    if keep >= deal:
        return _("Each player keeps every objective card dealt to them.")
    return ngettext("Before the first turn, each player in turn order keeps {num} of their objective cards and "
                    "returns the others face down, unseen by the other players.",
                    "Before the first turn, each player in turn order keeps {num} of their objective cards and "
                    "returns the others face down, unseen by the other players.", keep).format(num=keep)


def objective_condition(data, oid: str) -> str:
    """An objective card's condition, in the second person (as a goal's)."""
    return condition_sentence(data, objective_cards(data)[oid]["condition"])


def objective_check_sentence(data, oid: str) -> str:
    """When an objective card is checked during the game (``check``), and that it stays met ("" for a card read when
    the game is over only, the absent ``end_of_game``)."""
    check = next(o.check for o in model_of(data).objectives.cards if o.id == oid)
    if check == "immediate":
        return _("Checked after every action: once met, it stays met.")
    if check == "end_of_turn":
        return _("Checked at the end of each of your turns: once met, it stays met.")
    return ""


def objective_sentence(data, oid: str) -> str:
    """An objective card: its condition, when it is checked during the game (if it is) and its VP, scored when the
    game is over."""
    vp = objective_cards(data)[oid]["vp"]
    condition = objective_condition(data, oid)
    when = objective_check_sentence(data, oid)
    return ngettext("{condition} Worth {num} VP when the game is over.",
                    "{condition} Worth {num} VP when the game is over.", vp).format(
                        condition=f"{condition} {when}" if when else condition, num=vp)


def objectives_scoring_sentence(data) -> str:
    """Scoring: each kept objective card turned face up and worth its VP if its holder meets it."""
    if not objective_cards(data):
        return _("There are no objective cards.")
    text = _("When the game is over, every player turns their objective cards face up: each card whose condition "
              "you meet then is worth its VP to you.")
    if any(o.check != "end_of_game" for o in model_of(data).objectives.cards):
        text = _("{sentence} So is a card checked during the game that you met at one of its checks.").format(
            sentence=text)
    return text


def _tie_break_label(key: str, data=None, most: bool = False) -> str:
    """A tie-break as the sentence names it: "more structures", or among more than two players
    (``most``) "the most structures"."""
    coins = coins_resource(data) if data is not None else None
    if key == "coin_value" and coins is not None:
        text = (pgettext("tie-break", "the most {coins} (total value)") if most else
                pgettext("tie-break", "more {coins} (total value)"))
        return text.format(coins=resource_name(data, coins))
    if most:
        labels = {
            "structures": pgettext("tie-break", "the most structures"),
            "workers": pgettext("tie-break", "the most workers (the workers they have access to)"),
            "goals": pgettext("tie-break", "the most goal tokens"),
            "coin_value": pgettext("tie-break", "the most coins (total value)"),
        }
    else:
        labels = {
            "structures": pgettext("tie-break", "more structures"),
            "workers": pgettext("tie-break", "more workers (the workers they have access to)"),
            "goals": pgettext("tie-break", "more goal tokens"),
            "coin_value": pgettext("tie-break", "more coins (total value)"),
        }
    return labels.get(key, key)


def _tie_break_short(key: str, data) -> str:
    labels = {"structures": pgettext("tie-break", "structures"), "workers": pgettext("tie-break", "workers"),
              "goals": pgettext("tie-break", "goal tokens"), "coin_value": coins_name(data).form("heading")}
    return labels.get(key, key)


def tie_break_sentences(data) -> list[str]:
    if many_players(data):
        found = [_("The player with the most VP wins.")]
        for i, key in enumerate(data.get("tie_breaks", [])):
            if i == 0:
                found.append(_("In a tie, the tied player with {criterion} wins.").format(
                    criterion=_tie_break_label(key, data, most=True)))
            else:
                found.append(_("If still tied, the tied player with {criterion} wins.").format(
                    criterion=_tie_break_label(key, data, most=True)))
        if data.get("tie_breaks"):
            found.append(_("If still tied, the tied players share the victory."))
        else:
            found.append(_("With equal VP, the tied players share the victory."))
        return found
    found = [_("The player with more VP wins.")]
    for i, key in enumerate(data.get("tie_breaks", [])):
        if i == 0:
            found.append(_("In a tie, the player with {criterion} wins.").format(criterion=_tie_break_label(key, data)))
        else:
            found.append(_("If still tied, the player with {criterion} wins.").format(
                criterion=_tie_break_label(key, data)))
    if data.get("tie_breaks"):
        found.append(_("If still tied, the game is a tie."))
    else:
        found.append(_("With equal VP, the game is a tie."))
    return found


def tie_break_summary(data) -> str:
    steps = [pgettext("tie-break", "VP")] + [_tie_break_short(k, data) for k in data.get("tie_breaks", [])] + [pgettext("tie-break", "a tie")]
    return " → ".join(steps)


# --------------------------------------------------------------------------
# An example turn, with the ruleset's numbers


def example_turn(data) -> list[str]:
    """The first player's first turn, told with this ruleset's numbers: the
    starting workers each make one move (of turn.move_steps steps), then the best structure those
    resources buy (the most VP, the first listed on a tie) is built."""
    spaces = [sp["id"] for sp in data["work_cycle"]["spaces"]]
    yields = {sp["id"]: sp.get("yields") or {} for sp in data["work_cycle"]["spaces"]}
    landed = []
    for worker in (data.get("workers") or {}).values():
        if worker.get("access") == "everyone":
            landed.extend(spaces[(spaces.index(sp) + move_steps(data)) % len(spaces)] for sp in worker.get("start") or []
                          if sp in spaces)
    if not landed:
        return []
    # Told for the turn resource (Labor) and the coins; another resource earned is in the amounts too.
    tr, cr = turn_resource(data), coins_resource(data) or ""
    if tr is None:
        return []
    held = {rid: sum(yields[sp].get(rid, 0) for sp in landed) for rid in declared(data)}
    start = (data.get("setup", {}).get("starting_coins") or [0])[0]
    after = dict(held)
    if cr:
        after[cr] = start + held[cr]
    if move_steps(data) == 1:
        moved = ngettext(
            "You move your {count} worker one step: it lands on {spaces} and earns {amount}.",
            "You move your {count} workers one step each: they land on {spaces} and earn {amount}.",
            len(landed))
    else:
        # Translators: {steps} is the number of steps of every move (2 or more).
        moved = ngettext(
            "You move your {count} worker {steps} steps: it lands on {spaces} and earns {amount}.",
            "You move your {count} workers {steps} steps each: they land on {spaces} and earn {amount}.",
            len(landed))
    out = [moved.format(count=len(landed), steps=move_steps(data), spaces=join_and(space_name(data, sp) for sp in landed),
                        amount=amount(Amount(tuple(held.items())), data)),
        _("With the {start} you began with, you now have {resources}.").format(
            start=coin_amount(data, start), resources=amount(Amount(tuple(after.items())), data))]
    structures = model_of(data).structures
    affordable = [sid for sid, st in structures.items()       # nothing owned yet: nothing required, nothing built over
                  if not st.prerequisites and all(st.cost.get(rid) <= after.get(rid, 0) for rid in declared(data))]
    lost = model_of(data).resource(tr).end_of_turn == "lost"
    name = resource_name(data, tr)
    if affordable:
        sid = max(affordable, key=lambda k: structures[k].vp.first)
        st = structures[sid]
        left = after[tr] - st.cost.get(tr)
        out.append(_("You build the {structure} for {cost}: as its first builder you score {vp}.").format(
            structure=structure_name(data, sid), cost=amount(st.cost, data), vp=vp_amount(st.vp.first)))
        if left and lost:
            out.append(_("You end your turn; the {labor} you did not spend is lost.").format(labor=resource_amount(data, tr, left)))
        elif lost:
            out.append(_("You end your turn with no {resource} left to lose.").format(resource=name))
        else:
            out.append(_("You end your turn."))
    elif lost:
        out.append(_("Nothing can be built yet: you end your turn, and the {resource} you did not spend is lost.").format(resource=name))
    else:
        out.append(_("Nothing can be built yet: you end your turn."))
    return out


# --------------------------------------------------------------------------
# Event decks (events): a sentence per card effect, and the deck's moment and duration


def deck_name(data, did: str) -> str:
    return entry_name((data.get("events") or {}).get(did), "deck", did)


def extra_component_lines(data) -> list[str]:
    """The components a house rule adds to the box, for the book's « Components »: the cards of each event
    deck and the secret objective cards."""
    out = []
    for did, deck in model_of(data).events.items():
        n = sum(card.count for card in deck.cards)
        out.append(ngettext("{num} card of the {deck} event deck (table in “Events”).",
                            "{num} cards of the {deck} event deck (table in “Events”).", n).format(
            num=n, deck=deck_name(data, did)))
    cards = objective_cards(data)
    if cards:
        out.append(ngettext("{num} secret objective card (table in “Goals”).",
                            "{num} secret objective cards (table in “Goals”).", len(cards)).format(num=len(cards)))
    return out


def card_entry(data, did: str, cid: str):
    """The card ``cid`` of deck ``did`` as the ruleset writes it (None if there is none)."""
    return next((c for c in ((data.get("events") or {}).get(did) or {}).get("cards") or () if c.get("id") == cid), None)


def card_name(data, did: str, cid: str) -> str:
    return entry_name(card_entry(data, did, cid), "card", cid)


def _more_less(data, add: Amount) -> tuple[str | None, str | None]:
    """A card's ``add`` (the model's Amount): the amounts it adds and those it takes away (as positive amounts),
    each None if none."""
    more = Amount(tuple((k, v) for k, v in add.items if v > 0))
    less = Amount(tuple((k, -v) for k, v in add.items if v < 0))
    return (amount(more, data) if more else None), (amount(less, data) if less else None)


def _card_space_yield_sentence(data, value) -> str:
    space = space_name(data, value["space"])
    if "set" in value:
        return _("Each worker moved onto the {space} space earns {amount}, instead of what the space and the structures "
                 "give.").format(space=space, amount=amount(Amount.of(value["set"]), data) if any(value["set"].values())
                                 else _("nothing"))
    more, less = _more_less(data, Amount.of(value["add"]))
    if more and less:
        return _("Each worker moved onto the {space} space earns {more} more and {less} less (never less than nothing).").format(
            space=space, more=more, less=less)
    if less:
        return _("Each worker moved onto the {space} space earns {less} less (never less than nothing).").format(
            space=space, less=less)
    return _("Each worker moved onto the {space} space earns {more} more.").format(space=space, more=more or _("nothing"))


def _card_cost_sentence(data, value) -> str:
    more, less = _more_less(data, Amount.of(value["add"]))
    which = value.get("structures")
    if which == "all":
        if more and less:
            return _("Every structure costs {more} more and {less} less to build (never less than nothing).").format(
                more=more, less=less)
        if less:
            return _("Every structure costs {less} less to build (never less than nothing).").format(less=less)
        return _("Every structure costs {more} more to build.").format(more=more or _("nothing"))
    # One structure, or several: "Building the Mill or the Camp costs ..." (each of them, as it is built).
    structure = (structure_name(data, value["structure"]) if which is None
                 else join_or(structure_name(data, sid) for sid in which))
    if more and less:
        return _("Building the {structure} costs {more} more and {less} less (never less than nothing).").format(
            structure=structure, more=more, less=less)
    if less:
        return _("Building the {structure} costs {less} less (never less than nothing).").format(structure=structure, less=less)
    return _("Building the {structure} costs {more} more.").format(structure=structure, more=more or _("nothing"))


def _card_forbid_sentence(data, value) -> str:
    if "build" in value:
        return _("No player may build the {structure}.").format(structure=structure_name(data, value["build"]))
    if "space" in value:
        return _("No worker may be moved onto the {space} space (a player with no other move goes on to their "
                 "Resource Spending Phase).").format(space=space_name(data, value["space"]))
    return _("No player may use the conversion {conversion}.").format(conversion=conversion_name(data, value["conversion"]))


def _card_give_sentence(data, value) -> str:
    return _("Each player earns {amount} at once, as the card is revealed.").format(amount=amount(Amount.of(value), data))


#: The text's row for each effect of an event card (``$defs/card``): its sentence, ``sentence(data, value)``.
CARD_SENTENCES = {
    "space_yield": _card_space_yield_sentence,
    "cost": _card_cost_sentence,
    "forbid": _card_forbid_sentence,
    "give": _card_give_sentence,
}


def card_sentence(data, card) -> str:
    """What a card does, each of its effects as a sentence, in the schema's order."""
    return " ".join(CARD_SENTENCES[key](data, card[key]) for key in CARD_SENTENCES if key in card)


def deck_sentence(data, did: str) -> str:
    """When a deck's card is revealed, how long its effects last, and what happens when the deck is empty."""
    deck = data["events"][did]
    name = deck_name(data, did)
    reveal = deck["reveal"]
    if isinstance(reveal, dict):
        when = _("Each time a player builds the {structure}, the top card of the {deck} deck is revealed.").format(
            structure=structure_name(data, reveal["on_build"]), deck=name)
    elif reveal == "start_of_turn":
        when = _("At the start of each turn, before its income, the top card of the {deck} deck is revealed.").format(deck=name)
    else:
        when = _("At the start of each round (the first player's turn, before its income), the top card of the {deck} deck "
                 "is revealed.").format(deck=name)
    lasts = {
        "round": _("Its effects last until the end of that round (when every player has had their turn)."),
        "until_next": _("Its effects last until the next card of this deck is revealed (those of the last card, to the end "
                        "of the game)."),
        "game": _("Its effects last to the end of the game."),
    }[deck["lasts"]]
    cards = sum(c.get("count", DEFAULTS["card"]["count"]) for c in deck["cards"])
    empty = ngettext("The deck holds {num} card, shuffled at the start of the game; once it is empty, no more cards are "
                     "revealed.",
                     "The deck holds {num} cards, shuffled at the start of the game; once it is empty, no more cards are "
                     "revealed.", cards).format(num=cards)
    return _("{when} {lasts} {empty}").format(when=when, lasts=lasts, empty=empty)
# ---------------------------------------------------------------------------
# Trades with consent (the trades section)


def offer_amounts(data, oid: str) -> tuple:
    """The offer ``oid``'s (give, get), the model's Amounts."""
    return next((give, get) for i, give, get in model_of(data).trades.offers if i == oid)


def offer_terms(data, oid: str) -> str:
    """An offer's terms from the side of the player who makes it: "2 Labor for 3 Coin" (what they give, then what
    they get; either may be "nothing")."""
    give, get = offer_amounts(data, oid)
    return _("{give} for {get}").format(give=amount(give, data), get=amount(get, data))


def trades_phases_phrase(data) -> str:
    phases = set(model_of(data).trades.phases)
    if phases >= {"work", "spending"}:
        return _("In either phase of your turn")
    if "work" in phases:
        return _("In your Work Cycle Phase")
    return _("In your Resource Spending Phase")


def trades_sentence(data) -> str:
    """The trades section's rule: when, to whom, how often, and that the player asked answers at once."""
    n = model_of(data).trades.per_turn
    if many_players(data):
        text = ngettext("{when}, you may offer another player one of the trades below, at most {num} time per turn; "
                        "that player accepts or refuses it at once, and your turn goes on. An offer refused counts too.",
                        "{when}, you may offer another player one of the trades below, at most {num} times per turn; "
                        "that player accepts or refuses it at once, and your turn goes on. An offer refused counts too.", n)
    else:
        text = ngettext("{when}, you may offer your opponent one of the trades below, at most {num} time per turn; "
                        "they accept or refuse it at once, and your turn goes on. An offer refused counts too.",
                        "{when}, you may offer your opponent one of the trades below, at most {num} times per turn; "
                        "they accept or refuse it at once, and your turn goes on. An offer refused counts too.", n)
    return text.format(when=trades_phases_phrase(data), num=n)


def trades_terms_sentence(data) -> str:
    """Who may offer and accept what, and how the amounts change hands."""
    return _("You may make an offer only if you hold what you give, and it may be accepted only by a player who holds "
             "what they give in return. Accepted, both amounts change hands at once, coins from purse to purse (the "
             "supply makes change only when the two purses cannot). What a trade brings is neither earned nor spent "
             "for the goals and conditions that count them.")


def offer_sentence(data, oid: str) -> str:
    """One offer, for the rulebook's list and the diff: "Offer labor_for_coin: you give 2 Labor and get 3 Coin."."""
    give, get = offer_amounts(data, oid)
    return _("Offer {offer}: you give {give} and get {get}.").format(
        offer=oid, give=amount(give, data), get=amount(get, data))


def offer_terms_sentence(data, oid: str) -> str:
    """One offer's terms as the diff says them (its id is the line's subject): "You give 2 Labor and get 3 Coin."."""
    give, get = offer_amounts(data, oid)
    return _("You give {give} and get {get}.").format(give=amount(give, data), get=amount(get, data))


def trades_per_turn_sentence(data) -> str:
    n = model_of(data).trades.per_turn
    return ngettext("At most {num} offer per turn, refused or accepted.",
                    "At most {num} offers per turn, refused or accepted.", n).format(num=n)


# ---------------------------------------------------------------------------
# Activated abilities (the abilities section)


def ability_name(data, aid: str) -> str:
    return display_name(data, "ability", aid)


def _phases_phrase(phases) -> str:
    phases = set(phases)
    if phases >= {"work", "spending"}:
        return _("In either phase of your turn")
    if "work" in phases:
        return _("In your Work Cycle Phase")
    return _("In your Resource Spending Phase")


def ability_whom_phrase(data, aid: str) -> str:
    """Whom an ability takes from: "from another player of your choice", "from your opponent"..."""
    a = model_of(data).abilities[aid]
    if not many_players(data):
        return _("from your opponent")
    if a.source == "chosen":
        return _("from another player of your choice")
    if a.source == "each_other":
        return _("from each other player")
    if a.source == "richest":
        first = a.take.items[0][0] if a.take.items else None
        return _("from the other player who holds the most {resource} (the first of them in turn order on a tie)").format(
            resource=resource_name(data, first))
    return _("from the next player in turn order")


def ability_terms_sentence(data, aid: str) -> str:
    """What one use does: "You pay 2 Labor and take 2 Coin from another player of your choice, as much as they
    have." (the diff's line; the rulebook's sentence adds when and how often)."""
    a = model_of(data).abilities[aid]
    taken = amount(a.take, data)
    whom = ability_whom_phrase(data, aid)
    if a.pay.items:
        return _("You pay {cost} and take {amount} {whom}, as much as they have.").format(
            cost=amount(a.pay, data), amount=taken, whom=whom)
    return _("You take {amount} {whom}, as much as they have.").format(amount=taken, whom=whom)


def ability_limit_sentence(data, aid: str) -> str:
    """When and how often: "In your Resource Spending Phase, at most 1 time per turn."."""
    a = model_of(data).abilities[aid]
    return ngettext("{when}, at most {num} time per turn.", "{when}, at most {num} times per turn.", a.per_turn).format(
        when=_phases_phrase(a.phases), num=a.per_turn)


def ability_requires_phrase(data, aid: str) -> str:
    """The structures an ability requires, as a structure's are said: one name, "A or B", or "none"."""
    req = model_of(data).abilities[aid].requires
    every = [structure_name(data, r) for r in req.all_of]
    if req.any_of:
        every.append(join_or(structure_name(data, r) for r in req.any_of))
    return join_and(every) if every else _("none")


def ability_requires_sentence(data, aid: str) -> str:
    """Who may use it: "Only a player who owns these structures may use it: Camp." or "Every player may use it."."""
    req = model_of(data).abilities[aid].requires
    every = [structure_name(data, r) for r in req.all_of]
    if req.any_of:
        every.append(join_or(structure_name(data, r) for r in req.any_of))
    if not every:
        return _("Every player may use it.")
    return ngettext("Only a player who owns this structure may use it: {structures}.",
                    "Only a player who owns these structures may use it: {structures}.", len(every)).format(
        structures=join_and(every))


def ability_sentence(data, aid: str) -> str:
    """One ability, for the rulebook: "Raid: in your Resource Spending Phase, at most 1 time per turn. You pay 2 Labor
    and take 2 Coin from another player of your choice, as much as they have. Only a player who owns ..."."""
    return _("{ability}: {limit} {terms} {who}").format(
        ability=ability_name(data, aid), limit=ability_limit_sentence(data, aid), terms=ability_terms_sentence(data, aid),
        who=ability_requires_sentence(data, aid))


def abilities_sentence(data) -> str:
    """The abilities section's rule as a whole: what a use pays and takes."""
    return _("On your turn you may use the abilities below, each paid as a structure is (coins to the supply, with "
             "change). What a use takes changes hands at once, coins from purse to purse (the supply makes change only "
             "when the two purses cannot); what the other player's coins cannot pay exactly is not taken.")
