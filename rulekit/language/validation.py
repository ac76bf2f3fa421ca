"""Check a ruleset and report every problem, located where the author wrote it.

Two kinds of checks run on the resolved data (after ``extends``):

- the JSON Schema (``rulekit/language/schema/ruleset.schema.json``, draft 2020-12):
  each error of the validator becomes a short message of our own, one per
  keyword (missing field, unknown field with a suggestion, wrong type, value
  not allowed, number out of range, ...);
- the checks a schema cannot express: every id a ruleset refers to exists
  (wherever the schema tags a reference, ``x-ref``: :mod:`.places`), prerequisites have no cycle, the goal pool holds the goals drawn, the coin
  supply can pay the starting coins, sections an effect needs are present,
  the casting outcomes cover every number of white ships exactly once, ...

These checks never assume the data is well formed: a part that is not is left
to the schema's messages. Every message goes through the catalog.

>>> from rulekit.language import bundled_rulesets, validate_path
>>> [str(p) for ruleset_id in bundled_rulesets() for p in validate_path(ruleset_id)]
[]
"""
from __future__ import annotations

import difflib
import hashlib
import json
import pickle
import re
from functools import lru_cache
from typing import Callable, NamedTuple

import jsonschema

from ..errors import Problem, printable
from ..i18n import N_, _, ngettext, pgettext
from . import places, soundness
from .names import SAILOR_KIND
from .province_model import Requirements
from .ruleset import Resolution, former_casting, schema
from .yamlload import join

# ---------------------------------------------------------------------------
# Entry points

def check_resolution(res) -> list[Problem]:
    """Schema and semantic problems of a :class:`rulekit.language.ruleset.Resolution`."""
    checker = _Checker(res)
    checker.schema_problems()
    checker.semantic_problems()
    return sorted(set(checker.problems))


def check_warnings(res) -> list[Problem]:
    """What validates but is probably not what the author meant (a ruleset that
    has problems gets none), each as ``warning: ...``: a variant's patch that
    changes nothing, parts left over that can never come into play (sailors
    nobody can hire, ...), and what makes a poor game (:mod:`.soundness`:
    nothing affordable, amounts the coins cannot make)."""
    if res.data is None:
        return []
    checker = _Checker(res)
    checker.noop_warnings()
    checker.leftover_warnings()
    found = [Problem(p.file, p.line, p.column, _("warning: {message}").format(message=p.message), p.pointer)
             for p in checker.problems]
    return sorted(set(found) | set(soundness.warnings(res)))


def check_resolved(data, filename: str, positions=None) -> list[Problem]:
    """Problems of already-resolved data (positions optional: pointer -> (line, column))."""
    pos = {p: (filename, *lc) for p, lc in (positions or {}).items()}
    return check_resolution(Resolution(file=filename, data=data, positions=pos))




def _is_integer(checker, instance) -> bool:
    # JSON Schema counts 5.0 as an integer; YAML reads it as a decimal, and the
    # engine counts with whole numbers: a whole number is written 5.
    return isinstance(instance, int) and not isinstance(instance, bool)


_StrictValidator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer))


@lru_cache(maxsize=1)
def validator() -> jsonschema.Draft202012Validator:
    """The compiled schema validator (built once); a decimal such as 5.0 is not a whole number."""
    return _StrictValidator(schema())


#: Digests of the data the schema found nothing wrong in, oldest first (at most ``_VALID_SIZE``): the same rules
#: loaded again (a served game's, a tuning's base, an edition each command reads) skip the schema's walk, more
#: than half of loading an edition.
_VALID: dict = {}
_VALID_SIZE = 64


def schema_errors(data, checker=None, memo: dict | None = None) -> list:
    """The schema's errors in ``data``, none for data already found valid. ``checker`` is this language's
    :func:`validator` unless given, with ``memo``, its own dict of the digests it found valid (a family's
    language has its own schema). The digest is of the data's pickle, which tells apart what the schema does
    (1, 1.0 and true; "1" and 1 as keys); data that cannot be pickled is checked every time."""
    memo = _VALID if memo is None else memo
    try:
        key = hashlib.sha256(pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)).digest()
    except Exception:                 # not picklable: no memo
        key = None
    if key is not None and key in memo:
        return []
    errors = list((validator() if checker is None else checker).iter_errors(data))
    if not errors and key is not None:
        if len(memo) >= _VALID_SIZE:
            del memo[next(iter(memo))]
        memo[key] = None
    return errors


# ---------------------------------------------------------------------------
# Wording helpers

def _show(value) -> str:
    """A value as the author would write it in YAML."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, str):
        if len(value) > 60:
            value = value[:57] + "..."
        return printable(value if value.strip() and value == value.strip() else repr(value), keep="")
    if isinstance(value, (dict, list)):
        text = json.dumps(value, ensure_ascii=True, default=str)
        return printable(text if len(text) <= 40 else text[:37] + "...", keep="")
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10 ** 12:
        return _("a number of {digits} digits").format(digits=len(str(abs(value))))
    return printable(str(value), keep="")


def _name_key(text: str) -> str:
    """A name or an id as compared with the other (``Forge`` and ``forge``, ``Ouvrage (haut)`` and
    ``ouvrage_haut``): lower case, without accents, its words joined by ``_``."""
    import unicodedata

    bare = "".join(ch for ch in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(ch))
    return "_".join(re.findall(r"[a-z0-9]+", bare.lower()))


def _type_word(value) -> str:
    """What kind of value this is, in words (for "wrong type: expected …, found …": French drops the
    article there, « nombre entier attendu, texte « six » trouvé », hence the context)."""
    if value is None:
        return pgettext("wrong type", "nothing (null)")
    if isinstance(value, bool):
        return pgettext("wrong type", "true or false")
    if isinstance(value, int):
        return pgettext("wrong type", "a whole number")
    if isinstance(value, float):
        return pgettext("wrong type", "a decimal number")
    if isinstance(value, str):
        return pgettext("wrong type", "text")
    if isinstance(value, dict):
        return pgettext("wrong type", "a mapping")
    if isinstance(value, list):
        return pgettext("wrong type", "a list")
    import datetime
    if isinstance(value, (datetime.date, datetime.datetime)):
        return pgettext("wrong type", "a date")
    return type(value).__name__


def _schema_type_word(name: str) -> str:
    return {
        "null": pgettext("wrong type", "nothing (null)"),
        "boolean": pgettext("wrong type", "true or false"),
        "integer": pgettext("wrong type", "a whole number"),
        "number": pgettext("wrong type", "a number"),
        "string": pgettext("wrong type", "text"),
        "object": pgettext("wrong type", "a mapping"),
        "array": pgettext("wrong type", "a list"),
    }.get(name, name)


#: Most candidates compared closely with an unknown word for a suggestion:
#: among more, those sharing the most pairs of letters with it.
SUGGEST_CANDIDATES = 20
#: Most items a listing of the known ids shows.
LISTING_ITEMS = 30


@lru_cache(maxsize=4096)
def _pairs(word: str) -> frozenset:
    return frozenset(word[i:i + 2] for i in range(len(word) - 1)) or frozenset((word,))


def _suggest(word, choices) -> str | None:
    if not isinstance(word, str):
        return None
    choices = [str(c) for c in choices]
    if len(choices) > SUGGEST_CANDIDATES:
        mine = _pairs(word)
        choices = sorted(choices, key=lambda c: -len(mine & _pairs(c)))[:SUGGEST_CANDIDATES]
    found = difflib.get_close_matches(word, choices, n=3, cutoff=0.6)
    return next((c for c in found if _alike(word, c)), None)


#: How alike two words of a name must be (difflib's ratio) for one to be suggested for the other.
WORD_CUTOFF = 0.8


def _alike(word: str, choice: str) -> bool:
    """Whether ``choice`` is close to ``word`` in meaning as well as in spelling: one begins the other
    (``costt``, ``grinding``, ``labor_carry``), or word by word (parts between ``_``) each is the same,
    with letters swapped (``cots``) or a misspelling of it (``all_structures_build``). ``events`` is not ``extends``, nor
    ``starting_structures`` ``starting_coins``."""
    w, c = word.lower(), choice.lower()
    if w.startswith(c) or c.startswith(w):
        return True
    wp, cp = w.split("_"), c.split("_")
    return len(wp) == len(cp) and all(
        a == b or sorted(a) == sorted(b) or _one_letter_off(a, b)
        or difflib.SequenceMatcher(None, a, b).ratio() >= WORD_CUTOFF
        for a, b in zip(wp, cp))         # the same word, its letters swapped (cots), or misspelt


def _one_letter_off(a: str, b: str) -> bool:
    """Whether one letter replaced, added or removed makes ``b`` of ``a`` (``camq``, ``camp``)."""
    if abs(len(a) - len(b)) > 1 or min(len(a), len(b)) < 3:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b)) == 1
    short, long_ = sorted((a, b), key=len)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


def _anchor(pointer: str) -> str:
    """The section of docs/ruleset-reference.md that documents the mapping at ``pointer``."""
    parts = [p for p in pointer.split("/") if p]
    if not parts:
        return "the-file"
    if "effects" in parts:
        return "effects"
    if "condition" in parts or "player_condition" in parts:
        return "conditions-and-metrics"
    if parts[0] == "end" and "conditions" in parts:
        return "end"
    if parts[0] == former_casting().name:        # the first language's name of the section
        return "casting"
    return parts[0]


def _listing(items) -> str:
    items = list(items)
    shown = ", ".join(_show(i) for i in items[:LISTING_ITEMS])
    if len(items) > LISTING_ITEMS:
        shown = _("{items} and {num} more").format(items=shown, num=len(items) - LISTING_ITEMS)
    return shown


# Unknown-id messages, one pair per kind of id (a translator needs whole sentences).
#: Unknown ids given a suggestion; beyond, only the listing (a file of many
#: misspellings is checked in linear time).
SUGGESTED_IDS = 20


_UNKNOWN_ID = {
    # kind: (with a suggestion, with the listing of the known ids)
    "structure": (N_("unknown structure {id}; did you mean {suggestion}?"),
                  N_("unknown structure {id}; the structures are: {known}")),
    "worker": (N_("unknown worker kind {id}; did you mean {suggestion}?"),
               N_("unknown worker kind {id}; the worker kinds are: {known}")),
    "conversion": (N_("unknown conversion {id}; did you mean {suggestion}?"),
                   N_("unknown conversion {id}; the conversions are: {known}")),
    "space": (N_("unknown Work Cycle space {id}; did you mean {suggestion}?"),
              N_("unknown Work Cycle space {id}; the spaces are: {known}")),
    "resource": (N_("unknown resource {id}; did you mean {suggestion}?"),
                 N_("unknown resource {id}; the resources are: {known}")),
    "coin": (N_("unknown coin {id}; did you mean {suggestion}?"),
             N_("unknown coin {id}; the coins are: {known}")),
}


def _unknown_id(kind: str, ident, known, suggest: bool = True) -> str:
    if kind not in _UNKNOWN_ID:
        raise ValueError(kind)
    with_suggestion, with_listing = _UNKNOWN_ID[kind]
    suggestion = _suggest(ident, known) if suggest else None
    listing = _listing(known) or "-"
    if suggestion:
        return _(with_suggestion).format(id=_show(ident), suggestion=suggestion)
    return _(with_listing).format(id=_show(ident), known=listing)


#: The effects a card of an event deck may have (``$defs/card``), each at most once per card.
CARD_EFFECTS = ("space_yield", "cost", "forbid", "give")


# Where each kind of id is defined (for blaming a variant that removed one).
_DEFINED_AT = {
    "structure": "/structures",
    "worker": "/workers",
    "conversion": "/conversions",
    "space": "/work_cycle/spaces",
    "coin": "/components/coins",
    "resource": "/resources",
}


# ---------------------------------------------------------------------------
# Effects: one row per primitive


class Effect(NamedTuple):
    """The language's row for an effect primitive (a key of ``$defs/effect``): what is checked
    beyond the schema. Whether its value is an amount of resources, and which ids it names, the
    schema says (:mod:`.places`: its ``propertyNames`` and fields tagged ``x-ref``), and the ids are
    checked from there. ``tests/test_primitives.py`` checks that :data:`EFFECTS` has one row per
    effect of the schema."""

    #: check(checker, pointer, value): what the schema cannot express (``pointer`` is the value's,
    #: ``/structures/ID/effects/I/NAME``); None: the schema says all.
    check: Callable | None


def _check_effect_if(checker, pointer, value):
    """``if``: the condition an income, gain, yield or bonus applies under (checked as any condition);
    the effect must still name something to earn."""
    if isinstance(value, dict) and "if" in value:
        checker.check_condition(f"{pointer}/if", value["if"])
        if not [k for k in value if k not in ("if", "when", "space", "worker")]:
            checker.add(pointer, _("this effect has a condition (if) but nothing to earn: name a resource and its amount"))


def _check_amounts_per(checker, pointer, value):
    """An income's or a gain's amounts: ``if`` (as :func:`_check_effect_if`), and each amount written per a
    metric checked as a condition's measure (its parameters); a gain paid to another player takes none."""
    _check_effect_if(checker, pointer, value)
    if not isinstance(value, dict):
        return
    for rid, spec in value.items():
        if rid in ("if", "when", "to") or not isinstance(spec, dict):
            continue
        if value.get("to", "self") != "self":
            checker.add(join(pointer, rid), _(
                "a gain paid to another player (to: {to}) takes whole numbers: write {resource} as a number, not per "
                "a metric").format(to=value["to"], resource=rid))
        if isinstance(spec.get("per"), str):
            checker.check_condition(join(pointer, rid), {"metric": spec["per"],
                                                         **{k: v for k, v in spec.items() if k not in ("per", "each")}})


def _check_long_move(checker, pointer, value):
    if isinstance(value, dict):
        steps = _int(value.get("steps", 2))
        spaces = checker.spaces
        if steps is not None and 2 <= steps <= 10 and spaces and steps >= len(spaces):
            checker.add(pointer, ngettext(
                "a long move of {steps} steps on a Work Cycle of {num} space would bring the worker back or around",
                "a long move of {steps} steps on a Work Cycle of {num} spaces would bring the worker back or around",
                len(spaces)).format(steps=steps, num=len(spaces)))


def _check_borrowing(checker, pointer, value):
    if not isinstance(checker.data.get("borrowing"), dict):
        checker.add(pointer, _(
            "a borrowing effect needs a top-level borrowing section (the rules of borrowing)"),
            causes=("/borrowing",))


def _check_ship_benefit(checker, pointer, value):
    if not isinstance(checker.data.get("casting"), dict):
        checker.add(pointer, _(
            "a ship_benefit effect needs a top-level casting section (the ship outcomes)"),
            causes=("/casting",))


def _check_steal(checker, pointer, value):
    if isinstance(value, dict) and not any(k not in ("when", "from") for k in value):
        checker.add(pointer, _("an amount is missing: name a resource and how much ({known})").format(
            known=", ".join(checker.known["resource"])))

#: The effects that take a condition (``if``): those applied at one moment. The others last while the
#: structure is owned (or borrowed) and refuse one (docs/readings.md).
_EFFECTS_WITH_IF = ("income", "gain", "space_yield", "space_bonus")

#: effect name -> its row, in the order the checks run (only the first unknown ids get a suggestion).
EFFECTS = {
    "income": Effect(check=_check_amounts_per),
    "gain": Effect(check=_check_amounts_per),
    "unlock_worker": Effect(check=None),
    "conversion": Effect(check=None),
    "space_yield": Effect(check=_check_effect_if),
    "long_move": Effect(check=_check_long_move),
    "space_bonus": Effect(check=_check_effect_if),
    "borrowing": Effect(check=_check_borrowing),
    "ship_benefit": Effect(check=_check_ship_benefit),
    "steal": Effect(check=_check_steal),
}


def _check_player_condition(checker, pointer, value):
    checker.check_condition(pointer, value)


def _check_clock(checker, pointer, value):
    parent = pointer.rsplit("/", 1)[0]
    cond = _dict(_list(_dict(checker.data.get("end")).get("conditions"))[int(parent.rsplit("/", 1)[1])])
    if "finish_turn" in cond:
        checker.add(f"{parent}/finish_turn", _(
            "finish_turn does not apply to a clock: a clock ends the game when a turn is over, never in the middle of one"))


#: The language's row for each kind of end condition (``$defs/end_condition``): what is checked beyond
#: the schema, ``check(checker, pointer, value)``, or None when the schema says all.
#: tests/test_primitives.py checks there is one row per kind of the schema.
END_CONDITIONS = {
    "player_condition": _check_player_condition,
    "all_structures_built": None,
    "goals_exhausted": None,
    "clock": _check_clock,
}


def _players_most(players):
    """The most players a ``components.players`` value allows (None: not a valid value)."""
    if isinstance(players, dict):
        return _int(players.get("max"))
    return _int(players)


def amount_places(data):
    """``(pointer, mapping, other keys)`` for every amount of resources a ruleset writes, where the
    schema says one is (:func:`rulekit.language.places.amount_places`): costs, yields, tolls, incomes,
    gains, conversions, sailors' cost, repayment, offers, cards, ship results' income."""
    return [(place.pointer, place.mapping, place.others) for place in places.amount_places(_dict(data))]

#: The language's row for each metric of a condition (``$defs/condition``'s ``metric``): the parameters
#: it takes besides at_least/at_most (which one to count, or how). tests/test_primitives.py checks
#: there is one row per metric of the schema.
METRICS = {
    "workers": ("exclude",),
    "earned_this_turn": ("resource",),
    "structures": ("vp", "income"),
    "coin_value": (),
    "coins_held": ("coin",),
    "workers_on_one_space": ("counting",),
    "coins_spent_this_turn": (),
    "conversions_this_turn": ("conversion",),
    "vp": (),
    "held": ("resource",),
    "sailors_hired": (),
    "owns": ("structure",),
    "round": (),
    "turn": (),
    "vp_lead": (),
    "vp_behind": (),
    "rank": (),
}
# Metrics that read the players' VP: never counted into the VP (scoring.measures), where they would loop.
_VP_METRICS = ("vp", "vp_lead", "vp_behind", "rank")
# Metric parameters and the metrics they apply to (read from METRICS), in the order they are checked.
_METRIC_PARAMS = {param: tuple(m for m, params in METRICS.items() if param in params)
                  for param in ("exclude", "vp", "income", "coin", "conversion", "counting", "structure", "resource")}
# Parameters a metric cannot do without (which one to count).
_REQUIRED_PARAMS = ("coin", "conversion", "structure", "resource")
_COMBINATIONS = ("all", "any", "not")


def _dict(value) -> dict:
    return value if isinstance(value, dict) else {}


def _measures_vp(data) -> bool:
    """Whether an end condition or a goal counts VP (the ``vp`` measure), through all, any and not."""
    def vp(cond):
        cond = _dict(cond)
        return cond.get("metric") in _VP_METRICS or any(vp(c) for k in ("all", "any") for c in _list(cond.get(k))) \
            or ("not" in cond and vp(cond["not"]))

    return any(vp(_dict(c).get("player_condition")) for c in _list(_dict(data.get("end")).get("conditions"))) or \
        any(vp(_dict(g).get("condition")) for g in _dict(data.get("goals")).values())


#: The metrics of this turn alone: the player whose turn it is measures them, every other player 0.
_THIS_TURN_METRICS = ("earned_this_turn", "labor_earned_this_turn", "coins_spent_this_turn", "conversions_this_turn")


def _this_turn_only(cond):
    """The metric of this turn that ``cond`` needs above 0, so that only the player whose turn it is can meet it (as
    the engine's ``Condition.current_only``: such a leaf without ``compare``, ``all`` with one, ``any`` of such
    parts); None if another player can meet it."""
    if not isinstance(cond, dict):
        return None
    if "all" in cond:
        return next((m for m in map(_this_turn_only, _list(cond["all"])) if m is not None), None)
    if "any" in cond:
        found = [_this_turn_only(part) for part in _list(cond["any"])]
        return found[0] if found and None not in found else None
    if cond.get("metric") not in _THIS_TURN_METRICS or "compare" in cond:
        return None
    lo, hi = _int(cond.get("at_least")), _int(cond.get("at_most"))
    return cond["metric"] if lo is not None and lo > 0 else None


def _vp_pointer(cond, pointer):
    """Where a condition measures VP (a metric of ``_VP_METRICS``, through all, any and not), or None."""
    cond = _dict(cond)
    if cond.get("metric") in _VP_METRICS:
        return join(pointer, "metric")
    for key in ("all", "any"):
        for i, sub in enumerate(_list(cond.get(key))):
            found = _vp_pointer(sub, f"{pointer}/{key}/{i}")
            if found is not None:
                return found
    if "not" in cond:
        return _vp_pointer(cond["not"], join(pointer, "not"))
    return None


def _list(value) -> list:
    return value if isinstance(value, list) else []


def _int(value):
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class _Checker:
    def __init__(self, res):
        self.res = res
        self.data = res.data if isinstance(res.data, dict) else {}
        self.problems: list[Problem] = []

    # -- reporting ------------------------------------------------------------
    def add(self, pointer: str, message: str, causes=(), ident=None):
        """Report ``message`` at ``pointer``.

        When ``pointer`` lies in a base file but one of ``causes`` (pointers)
        was removed (``null``) or rewritten by the file being checked, the
        problem is reported there instead, naming the base location: the
        author can fix their own file, not the base. ``ident``: the unknown
        id, when the problem is a reference to it.
        """
        res = self.res
        file, line, col = res.where(pointer)
        if file != res.file:
            location = f"{file}:{line}:{col}"
            for cause in causes:
                removal = res.removed.get(cause)
                if removal and removal[0][0] == res.file:
                    where, how = removal[0], "removed"
                elif cause in res.positions and res.positions[cause][0] == res.file:
                    where, how = res.positions[cause], "changed"
                else:
                    continue
                if ident is not None and how == "removed":
                    text = _("{id} is removed here, but the base ruleset still names it at {location} ({pointer})")
                elif ident is not None:
                    text = _("this change leaves {id} undefined, but the base ruleset still names it at {location} ({pointer})")
                elif how == "removed":
                    text = _("removing this breaks the base ruleset at {location} ({pointer}): {problem}")
                else:
                    text = _("this change breaks the base ruleset at {location} ({pointer}): {problem}")
                text = text.format(id=ident, location=location, pointer=pointer, problem=message)
                self.problems.append(Problem(where[0], where[1], where[2], text, cause))
                return
        self.problems.append(Problem(file, line, col, message, pointer))

    def warn(self, pointer: str, message: str, causes=()):
        """A warning at ``pointer``; when that is in a base file and this file removed one
        of ``causes``, at the removal instead (the author's own line)."""
        res = self.res
        file, line, col = res.where(pointer)
        if file != res.file:
            for cause in causes:
                removal = res.removed.get(cause)
                if removal and removal[0][0] == res.file:
                    where = removal[0]
                    text = _("after this removal, {problem} (left in the base ruleset at {location})").format(
                        problem=message, location=f"{file}:{line}:{col}")
                    self.problems.append(Problem(where[0], where[1], where[2], text, cause))
                    return
            for cause in causes:
                # A part of the base this file rewrote (a structure's effects): said at the author's line.
                if cause not in res.removed and res.positions.get(cause, ("",))[0] == res.file:
                    where = res.positions[cause]
                    text = _("after this change, {problem} (left in the base ruleset at {location})").format(
                        problem=message, location=f"{file}:{line}:{col}")
                    self.problems.append(Problem(where[0], where[1], where[2], text, cause))
                    return
        self.problems.append(Problem(file, line, col, message, pointer))

    # -- warnings -------------------------------------------------------------
    def noop_warnings(self):
        for file, line, col, pointer, value in getattr(self.res, "noops", ()):
            if value == {} and pointer.endswith(("/cost", "/repay")):
                text = _("{{}} changes nothing here: a mapping in a variant merges into the base's; "
                         "to make it cost nothing, write {field}: free").format(field=pointer.rsplit("/", 1)[1])
            elif value == {}:
                text = _("{{}} changes nothing here: a mapping in a variant merges into the base's, key by key "
                         "(write null to remove it)").format()
            elif isinstance(value, dict):
                text = _("this changes nothing: every value here is already the base ruleset's")
            else:
                text = _("this changes nothing: the base ruleset already has {value} here").format(value=_show(value))
            self.problems.append(Problem(file, line, col, text, pointer))

    def leftover_warnings(self):
        d = self.data
        for (file, line, col), ids, first in getattr(self.res, "carried", ()):
            # turn.labor_carry_over applies to every resource lost at the end of the turn, whatever its name.
            if not ids:
                text = _("turn.labor_carry_over changes nothing: no resource is lost at the end of the turn here")
            elif ids != [first]:
                text = _("turn.labor_carry_over applies to every resource lost at the end of the turn, not only "
                         "Labor: here {resources}; to carry one of them only, give that resource an end_of_turn "
                         "with carry instead").format(resources=", ".join(ids))
            else:
                continue
            self.problems.append(Problem(file, line, col, text, "/turn/labor_carry_over"))
        structures = _dict(d.get("structures"))

        def effects(key):
            return [sid for sid, st in structures.items()
                    if any(isinstance(e, dict) and key in e for e in _list(_dict(st).get("effects")))]

        casting = d.get("casting")
        outcomes = _list(_dict(casting).get("outcomes"))
        if isinstance(d.get("sailors"), dict) and not any(
                _dict(_dict(o).get("benefit")).get("hire_sailor") for o in outcomes):
            self.warn("/sailors", _("sailors can never be hired: no ship result gives hire_sailor "
                                    "(remove them with sailors: null)"), causes=("/casting",) + tuple(p for p in self.res.removed if p.startswith("/structures/")))
        if _int(_dict(d.get("components")).get("ship_tokens")) and not isinstance(casting, dict):
            self.warn("/components/ship_tokens", _("the ship tokens are never cast: there is no casting section "
                                                   "(remove them with ship_tokens: null)"), causes=("/casting",))
        if isinstance(casting, dict) and not effects("ship_benefit"):
            self.warn("/casting", _("nobody can ever receive a ship result: no structure has the ship_benefit effect"),
                      causes=tuple(p for p in self.res.removed if p.startswith("/structures/")))
        if isinstance(d.get("borrowing"), dict) and not effects("borrowing"):
            self.warn("/borrowing", _("nobody can ever borrow: no structure has the borrowing effect "
                                      "(remove the rules with borrowing: null)"),
                      causes=tuple(p for p in self.res.removed if p.startswith("/structures/")))
        unlocked = {_dict(e.get("unlock_worker")).get("worker") for st in structures.values()
                    for e in _list(_dict(st).get("effects")) if isinstance(e, dict)}
        for wid, worker in _dict(d.get("workers")).items():
            if _dict(worker).get("access") == "unlocked" and wid not in unlocked:
                self.warn(join("/workers", wid), _("nobody can ever move the {worker} workers: "
                                                   "no structure unlocks them").format(worker=wid),
                          causes=tuple(p for p in self.res.removed if p.startswith("/structures/")))
        self.replaced_end_conditions()
        self.objective_warnings()
        if "penalty_during_game" in _dict(d.get("borrowing")) and not _measures_vp(d):
            self.warn("/borrowing/penalty_during_game", _(
                "penalty_during_game changes nothing here: no end condition or goal counts VP"))
        steps = _int(_dict(d.get("turn")).get("move_steps")) or 1
        for sid, st in structures.items():
            for i, effect in enumerate(_list(_dict(st).get("effects"))):
                leap = _dict(effect).get("long_move") if isinstance(effect, dict) else None
                if isinstance(leap, dict) and _int(leap.get("steps", 2)) == steps:
                    pointer = f"{join('/structures', sid)}/effects/{i}/long_move"
                    text = ngettext(
                        "this long move takes {num} step, as every move does (turn.move_steps): it changes nothing",
                        "this long move takes {num} steps, as every move does (turn.move_steps): it changes nothing",
                        steps).format(num=steps)
                    file, line, col = self.res.where(pointer)
                    mine = self.res.positions.get("/turn/move_steps")
                    if file != self.res.file and mine and mine[0] == self.res.file:
                        # The author changed the moves: said at their line, naming the long move of the base.
                        text = _("{problem} (the long move is in the base ruleset at {location})").format(
                            problem=text, location=f"{file}:{line}:{col}")
                        file, line, col = mine
                    self.problems.append(Problem(file, line, col, text, pointer))
        granted = {_dict(e.get("conversion")).get("conversion") for st in structures.values()
                   for e in _list(_dict(st).get("effects")) if isinstance(e, dict)}
        rewritten = tuple(join(join("/structures", sid), "effects") for sid in structures)
        for cid, conv in _dict(d.get("conversions")).items():
            if not _dict(conv).get("always") and cid not in granted:
                self.warn(join("/conversions", cid), _("nobody can ever use the conversion {conversion}: "
                                                       "it is not always open and no structure grants it").format(conversion=cid),
                          causes=tuple(p for p in self.res.removed if p.startswith("/structures/")) + tuple(
                              p for p in rewritten if self.res.base_data is not None and self._granted_before(p, cid)))

    def objective_warnings(self):
        """An objective card whose condition no player can ever meet (more structures than a player can own, as
        the end conditions are checked): it is dealt, and never scores."""
        d = self.data
        structures = _dict(d.get("structures"))
        tokens = _int(_dict(d.get("components")).get("structure_tokens"))
        if tokens is None:
            return
        most = min(len(structures), tokens)
        for oid, card in _dict(_dict(d.get("objectives")).get("cards")).items():
            pointer = join("/objectives/cards", oid) + "/condition"
            leaf = soundness._out_of_reach(_dict(_dict(card).get("condition")), pointer, most)
            if leaf is not None and leaf[0] is not None:
                self.warn(leaf[1] + "/at_least", _(
                    "the objective {objective} asks for {num} structures, but a player can own at most {most}: "
                    "it can never be met").format(objective=oid, num=leaf[0]["at_least"], most=most))

    def _granted_before(self, effects_pointer, cid) -> bool:
        """Whether the base's effects at ``effects_pointer`` (``/structures/<id>/effects``) granted conversion ``cid``."""
        sid = effects_pointer.split("/")[2].replace("~1", "/").replace("~0", "~")
        before = _list(_dict(_dict(_dict(self.res.base_data).get("structures")).get(sid)).get("effects"))
        return any(_dict(_dict(e).get("conversion")).get("conversion") == cid for e in before)

    def replaced_end_conditions(self):
        """A list in a variant replaces the base's whole list: end conditions rewritten with only the
        changed one drop the others. Said at the author's list, naming what is no longer there."""
        res = self.res
        base = _list(_dict(_dict(getattr(res, "base_data", None)).get("end")).get("conditions"))
        new = _list(_dict(self.data.get("end")).get("conditions"))
        where = res.positions.get("/end/conditions")
        if not base or not where or where[0] != res.file:
            return
        kinds = {k for c in new for k in _dict(c) if k != "finish_turn"}

        def named(cond):
            kind = next((k for k in _dict(cond) if k != "finish_turn"), "")
            metric = _dict(_dict(cond).get(kind)).get("metric")
            return f"{kind} ({metric})" if kind == "player_condition" and isinstance(metric, str) else kind

        gone = [named(c) for c in base if c not in new and not (set(_dict(c)) - {"finish_turn"}) & kinds]
        if gone:
            self.problems.append(Problem(where[0], where[1], where[2], ngettext(
                "this list replaces the base ruleset's end conditions as a whole (a list in a variant is not merged): "
                "{dropped} is no longer one of them; list it again to keep it",
                "this list replaces the base ruleset's end conditions as a whole (a list in a variant is not merged): "
                "{dropped} are no longer among them; list them again to keep them", len(gone)).format(
                    dropped=", ".join(gone)), "/end/conditions"))

    # -- schema ---------------------------------------------------------------
    def schema_problems(self):
        free = getattr(self.res, "free", ())
        for error in schema_errors(self.res.data):
            if error.instance == {} and "".join(join("", p) for p in error.absolute_path) in free:
                continue                  # written free: an amount of nothing, as documented
            for pointer, message in self.translate(error):
                self.add(pointer, message)

    #: The entries a name may be mistaken for an id in (an author who writes ``forge:`` for the Smithy):
    #: kind -> (table, the message naming the entry that is meant).
    NAMED_ENTRIES = {
        "structures": ("structure", N_("{id} is not a structure of the base rules; did you mean {suggestion} ({name})?"),
                       N_("{id} is not a structure of these rules; did you mean {suggestion} ({name})?")),
        "goals": ("goal", N_("{id} is not a goal of the base rules; did you mean {suggestion} ({name})?"),
                  N_("{id} is not a goal of these rules; did you mean {suggestion} ({name})?")),
    }

    def named_elsewhere(self, pointer: str, missing) -> str | None:
        """An entry without a name whose id is the name of another entry, in a language of the catalogs (a
        French author's ``forge:`` for the structure ``smithy``, the Forge): the message that says which
        entry is meant, instead of its missing fields; else None."""
        parts = pointer.split("/")
        if "name" not in missing or len(parts) != 3 or parts[1] not in self.NAMED_ENTRIES:
            return None
        from ..i18n import PSEUDO_LANGUAGE, available_languages, language
        from .names import display_name

        kind, in_base, in_these = self.NAMED_ENTRIES[parts[1]]
        ident = parts[2]
        base = self.res.base_data if isinstance(self.res.base_data, dict) else self.data
        table = base.get(parts[1]) if isinstance(base.get(parts[1]), dict) else {}
        wanted = _name_key(ident)
        for other, entry in table.items():
            if other == ident or not isinstance(entry, dict) or "name" not in entry:
                continue
            for lang in available_languages():
                if lang == PSEUDO_LANGUAGE:
                    continue
                with language(lang):
                    found = _name_key(display_name(base, kind, other)) == wanted
                if found:
                    text = in_base if self.res.base_data is not None else in_these
                    return _(text).format(id=_show(ident), suggestion=other, name=display_name(base, kind, other))
        return None

    def translate(self, error):
        """(pointer, message) pairs for one jsonschema error."""
        kw = error.validator
        value = error.instance
        sch = error.schema if isinstance(error.schema, dict) else {}
        pointer = "".join(join("", p) for p in error.absolute_path)

        if "propertyNames" in error.schema_path:
            # The error is about a key: point at the key itself.
            key_pointer = join(pointer, value)
            if kw == "pattern" and error.validator_value == schema()["properties"]["language"]["pattern"]:
                return [(key_pointer, _("{value} is not a language code such as en or fr_CA").format(
                    value=_show(value)))]
            if kw == "pattern":
                return [(key_pointer, _("{value} is not a valid id: use lower-case letters, digits and "
                                        "underscores, starting with a letter").format(value=_show(value)))]
            return [(key_pointer, _("{value} is not a valid key here").format(value=_show(value)))]

        if kw == "required":
            present = value if isinstance(value, dict) else {}
            missing = [f for f in error.validator_value if f not in present]
            named = self.named_elsewhere(pointer, missing)
            if named:
                return [(pointer, named)]
            # Point at where the field belongs (located at its parent).
            return [(join(pointer, f), _("missing required field {field}").format(field=f)) for f in missing]

        if kw == "additionalProperties":
            allowed = list(sch.get("properties", {}))
            extras = [k for k in value if k not in sch.get("properties", {})]
            out = []
            effect_keys = list(schema()["$defs"]["effect"]["properties"])
            end_keys = list(schema()["$defs"]["end_condition"]["properties"])
            for extra in extras:
                suggestion = _suggest(extra, allowed)
                effect = pointer.rsplit("/", 1)[-1]
                if extra == "if" and "/effects/" in pointer and effect in effect_keys:
                    # A condition on an effect that lasts (no single moment to check it): refused by name.
                    out.append((join(pointer, extra), _(
                        "the effect {effect} takes no condition (if): it lasts while you own the structure, with no "
                        "single moment to check one; only {effects} take a condition").format(
                            effect=effect, effects=", ".join(_EFFECTS_WITH_IF))))
                    continue
                if allowed == effect_keys:
                    if suggestion:
                        msg = _("unknown effect {field}; did you mean {suggestion}? The effects are: {allowed}")
                    else:
                        msg = _("unknown effect {field}; the effects are: {allowed}")
                elif allowed == end_keys:
                    allowed = [k for k in allowed if k != "finish_turn"]
                    if suggestion:
                        msg = _("unknown end condition {field}; did you mean {suggestion}? The end conditions are: {allowed}")
                    else:
                        msg = _("unknown end condition {field}; the end conditions are: {allowed}")
                elif not allowed:
                    msg = _("unknown field {field}: this mapping takes no field, write {{}}")
                elif suggestion:
                    msg = _("unknown field {field}; did you mean {suggestion}? Allowed fields: {allowed}")
                else:
                    msg = _("unknown field {field}: the language has no setting {field} here; allowed fields: {allowed} "
                            "(see docs/ruleset-reference.md#{anchor})")
                out.append((join(pointer, extra), msg.format(field=_show(extra), suggestion=suggestion,
                                                             allowed=", ".join(allowed), anchor=_anchor(pointer))))
            return out

        if kw == "type":
            expected = error.validator_value
            names = [expected] if isinstance(expected, str) else list(expected)
            words = [_schema_type_word(n) for n in names]
            if len(words) == 2:
                want = _("{first} or {second}").format(first=words[0], second=words[1])
            else:
                want = words[0] if words else "?"
            if isinstance(value, (dict, list)) or value is None:    # "nothing (null)" says the value already
                msg = _("wrong type: expected {expected}, found {found}").format(expected=want, found=_type_word(value))
            else:
                msg = _("wrong type: expected {expected}, found {found} {value}").format(
                    expected=want, found=_type_word(value), value=_show(value))
            return [(pointer, msg)]

        if kw == "enum":
            allowed = error.validator_value
            suggestion = _suggest(value, [a for a in allowed if isinstance(a, str)])
            if suggestion:
                msg = _("{value} is not one of the allowed values ({allowed}); did you mean {suggestion}?")
            else:
                msg = _("{value} is not one of the allowed values: {allowed}")
            return [(pointer, msg.format(value=_show(value), allowed=_listing(allowed), suggestion=suggestion))]

        if kw == "const":
            return [(pointer, _("must be {expected}, not {value}").format(
                expected=_show(error.validator_value), value=_show(value)))]

        if kw == "minimum":
            return [(pointer, _("{value} is too small: the minimum is {limit}").format(
                value=_show(value), limit=error.validator_value))]
        if kw == "maximum":
            return [(pointer, _("{value} is too large: the maximum is {limit}").format(
                value=_show(value), limit=error.validator_value))]

        if kw == "minLength":
            n = error.validator_value
            if n == 1:
                return [(pointer, _("must not be empty"))]
            return [(pointer, ngettext("too short: at least {num} character", "too short: at least {num} characters", n).format(num=n))]
        if kw == "maxLength":
            n = error.validator_value
            return [(pointer, ngettext("too long: at most {num} character", "too long: at most {num} characters", n).format(num=n))]

        if kw == "pattern":
            pattern = error.validator_value
            if pattern == schema()["$defs"]["id"]["pattern"]:
                msg = _("{value} is not a valid id: use lower-case letters, digits and underscores, starting with a letter")
            elif pattern == schema()["properties"]["id"]["pattern"]:
                msg = _("{value} is not a valid ruleset id: use lower-case letters, digits, '-', '_' and '.'")
            elif pattern == schema()["properties"]["language"]["pattern"]:
                msg = _("{value} is not a language code such as en or fr_CA")
            else:
                msg = _("{value} does not have the expected form {pattern}")
            return [(pointer, msg.format(value=_show(value), pattern=pattern))]

        if kw in ("minItems", "maxItems"):
            lo, hi = sch.get("minItems"), sch.get("maxItems")
            if lo is not None and lo == hi:
                return [(pointer, ngettext("needs exactly {num} item", "needs exactly {num} items", lo).format(num=lo))]
            n = error.validator_value
            if kw == "minItems":
                return [(pointer, ngettext("needs at least {num} item", "needs at least {num} items", n).format(num=n))]
            return [(pointer, ngettext("takes at most {num} item", "takes at most {num} items", n).format(num=n))]

        if kw == "uniqueItems":
            seen, twice = [], None
            for item in value:
                if item in seen:
                    twice = item
                    break
                seen.append(item)
            return [(pointer, _("{value} is listed twice").format(value=_show(twice)))]

        if kw in ("minProperties", "maxProperties"):
            props = list(sch.get("properties", {}))
            if sch.get("minProperties") == 1 and sch.get("maxProperties") == 1 and props:
                if kw == "minProperties":
                    return [(pointer, _("empty: write exactly one of {allowed}").format(allowed=", ".join(props)))]
                return [(pointer, _("{found}: write only one of these per list item").format(
                    found=", ".join(str(k) for k in value)))]
            n = error.validator_value
            if kw == "minProperties":
                if n == 1 and props:
                    return [(pointer, _("empty: write at least one of {allowed}").format(allowed=", ".join(props)))]
                return [(pointer, ngettext("needs at least {num} entry", "needs at least {num} entries", n).format(num=n))]
            return [(pointer, ngettext("takes at most {num} entry", "takes at most {num} entries", n).format(num=n))]

        if kw == "anyOf" and all(set(s) == {"required"} for s in error.validator_value):
            fields = [f for s in error.validator_value for f in s["required"]]
            return [(pointer, _("needs at least one of the fields {fields}").format(fields=", ".join(fields)))]

        if kw == "oneOf" and all(set(s) == {"required"} for s in error.validator_value):
            # "Exactly one of these keys": an unknown key has its own message already.
            fields = [f for s in error.validator_value for f in s["required"]]
            if not isinstance(value, dict) or any(k not in sch.get("properties", {}) for k in value):
                return []
            found = [k for k in value if k in fields]
            if found:
                return [(pointer, _("{found}: write only one of these per list item").format(found=", ".join(found)))]
            return [(pointer, _("empty: write exactly one of {allowed}").format(allowed=", ".join(fields)))]

        if kw == "oneOf" and value is None and any(
                isinstance(b, dict) and b.get("const") == "free" for b in error.validator_value):
            return [(pointer, _("wrong type: expected an amount such as {{labor: 2, coin: 1}}, or free; found {found}").format(
                found=_type_word(value)))]
        if kw == "oneOf" and not isinstance(value, (dict, str)) and any(
                isinstance(b, dict) and b.get("const") == "free" for b in error.validator_value):
            return [(pointer, _("wrong type: expected an amount such as {{labor: 2, coin: 1}}, or free; found {found} {value}").format(
                found=_type_word(value), value=_show(value)))]

        if kw == "oneOf" and not isinstance(value, (dict, int)) or kw == "oneOf" and isinstance(value, bool):
            if any(isinstance(b, dict) and b.get("$ref") == "#/$defs/per_amount" for b in error.validator_value):
                return [(pointer, _("wrong type: expected a whole number, or an amount per a metric such as "
                                    "{{per: structures}}; found {found} {value}").format(found=_type_word(value),
                                                                                       value=_show(value)))]
        if kw in ("oneOf", "anyOf"):
            # Keep the errors of the alternatives that have the value's type.
            branches = {}
            for sub in error.context or ():
                branches.setdefault(sub.relative_schema_path[0], []).append(sub)
            fitting = [errs for errs in branches.values()
                       if not any(e.validator == "type" and not e.relative_path for e in errs)]
            if len(fitting) == 1:
                return [pair for sub in fitting[0] for pair in self.translate(sub)]
            return [(pointer, _("{value} is not one of the allowed forms").format(value=_show(value)))]

        return [(pointer, _("invalid value: {detail}").format(detail=error.message))]

    # -- semantics ------------------------------------------------------------
    def semantic_problems(self):
        d = self.data
        comps = _dict(d.get("components"))
        self.coins = _dict(comps.get("coins"))
        self.structures = _dict(d.get("structures"))
        self.workers = _dict(d.get("workers"))
        self.conversions = _dict(d.get("conversions"))
        self.goals = _dict(d.get("goals"))
        cycle = _dict(d.get("work_cycle"))
        self.spaces = [s.get("id") for s in _list(cycle.get("spaces")) if isinstance(s, dict)]
        self.known = {
            "structure": list(self.structures),
            "worker": list(self.workers),
            "conversion": list(self.conversions),
            "space": [s for s in self.spaces if isinstance(s, str)],
            "coin": list(self.coins),
            "resource": list(_dict(d.get("resources"))),
        }
        soundness.check_texts(self)
        self.holdings_ok = soundness.check_coin_holdings(self)
        soundness.check_conversion_loops(self)
        soundness.check_set_sizes(self)
        self.check_references()
        self.check_resources()
        self.check_spaces(cycle)
        self.check_workers()
        self.check_structures()
        self.check_rolls()
        self.check_events()
        self.check_bid()
        self.check_draft()
        self.check_prerequisite_cycles()
        self.check_goals(comps)
        self.check_objectives(comps)
        self.check_end()
        self.check_coins(comps)
        self.check_players(comps)
        self.check_casting(comps)
        self.check_trades()
        self.check_abilities()

    def ref(self, pointer, ident, kind):
        """Report ``ident`` (at ``pointer``) unless it is a known id of ``kind``."""
        if not isinstance(ident, str) or ident in self.known[kind]:
            return
        where = _DEFINED_AT[kind]
        self.unknown_ids = getattr(self, "unknown_ids", 0) + 1
        self.add(pointer, _unknown_id(kind, ident, self.known[kind], suggest=self.unknown_ids <= SUGGESTED_IDS),
                 causes=(join(where, ident), where), ident=ident)

    def check_references(self):
        """Every id the ruleset names where the schema tags a reference (``x-ref``: :mod:`.places`) is
        one the ruleset defines; a sailor may be named where the kind is ``worker_or_sailor`` when the
        ruleset has sailors."""
        sailors = isinstance(self.data.get("sailors"), dict)
        for pointer, ident, kind, _where in places.references(self.data):
            if kind == "worker_or_sailor":
                if ident == SAILOR_KIND and sailors:
                    continue
                kind = "worker"
            self.ref(pointer, ident, kind)

    def check_resources(self):
        """At most one coins resource; end_of_turn and start are a pool's (a cap is either's); every amount names a
        declared resource."""
        resources = _dict(self.data.get("resources"))
        coins = [rid for rid, r in resources.items() if _dict(r).get("kind") == "coins"]
        self.coins_resource = coins[0] if coins else None
        for rid in coins[1:]:
            self.add(f"{join('/resources', rid)}/kind", _(
                "a second coins resource: {first} is already the coins in the box (at most one resource has kind coins)").format(
                    first=coins[0]))
        for rid in coins:
            for key in ("end_of_turn", "start"):          # a cap is the coins' too (mechanics/caps.py)
                if key in _dict(resources[rid]):
                    self.add(f"{join('/resources', rid)}/{key}", _(
                        "{field} applies to a pool resource; the coins resource is the coins players hold "
                        "(kept between turns; starting coins are setup.starting_coins)").format(field=key))
        for rid, r in resources.items():
            r = _dict(r)
            if "cap" in r and r.get("kind") == "pool" and r.get("end_of_turn", "lost") == "lost":
                self.add(f"{join('/resources', rid)}/cap", _(
                    "a cap limits what a player keeps at the end of their turn, but {resource} is lost then: "
                    "write end_of_turn: kept (or carry) beside it, or remove the cap").format(resource=rid))
        for pointer, amounts, others in amount_places(self.data):
            if pointer.endswith("/space_bonus") and "worker" in amounts and not any(k not in others for k in amounts):
                self.add(pointer, _("an amount is missing: name a resource and how much ({known})").format(
                    known=", ".join(self.known["resource"])))
            if pointer.endswith("/gain") and amounts.get("when") == "end_of_game":
                for key, value in amounts.items():
                    if key not in others and key in resources and key != self.coins_resource and value:
                        self.add(join(pointer, key), _(
                            "{resource} gained at the end of the game is never used: an end_of_game gain gives coins").format(
                                resource=key))

    def check_spaces(self, cycle):
        first = {}
        for i, space in enumerate(_list(cycle.get("spaces"))):
            sid = _dict(space).get("id")
            if not isinstance(sid, str):
                continue
            pointer = f"/work_cycle/spaces/{i}/id"
            if sid in first:
                self.add(pointer, _("space id {id} is used twice (first at line {line})").format(
                    id=sid, line=self.res.where(first[sid])[1]))
            else:
                first[sid] = pointer
        steps = _int(_dict(self.data.get("turn")).get("move_steps"))
        n_spaces = len([s for s in self.spaces if isinstance(s, str)])
        if steps is not None and 1 <= steps <= 10 and n_spaces and steps >= n_spaces:
            self.add("/turn/move_steps", ngettext(
                "a move of {steps} steps on a Work Cycle of {num} space would bring the worker back or around",
                "a move of {steps} steps on a Work Cycle of {num} spaces would bring the worker back or around",
                n_spaces).format(steps=steps, num=n_spaces), causes=("/work_cycle/spaces",))
        self.check_tolls(cycle)

    def check_tolls(self, cycle):
        """A toll is paid to another player's worker: a sailor, or a worker of an ``unlocked`` kind some structure
        (not given to everyone) unlocks; without either, no worker is ever one player's and the toll is never paid."""
        tolls = [i for i, space in enumerate(_list(cycle.get("spaces"))) if _dict(space).get("toll")]
        if not tolls:
            return
        given = {sid for g in _list(_dict(self.data.get("setup")).get("given_structures"))
                 if isinstance(sid := _dict(g).get("structure"), str)}
        unlocked = {_dict(_dict(e).get("unlock_worker")).get("worker")
                    for sid, st in self.structures.items() if sid not in given
                    for e in _list(_dict(st).get("effects"))}
        owned = [wid for wid, w in self.workers.items() if _dict(w).get("access") == "unlocked" and wid in unlocked]
        if owned or isinstance(self.data.get("sailors"), dict):
            return
        for i in tolls:
            self.add(f"/work_cycle/spaces/{i}/toll", _(
                "this toll is never paid: it is paid to another player's worker on the space (a sailor they hired, "
                "or a worker of a kind only they may move), and here every worker may be moved by every player "
                "(no sailors section, no worker kind with access: unlocked that a structure unlocks)"),
                causes=("/workers",))

    def check_trades(self):
        """An offer moves something (a give or a get of more than 0), and not the same resource both ways."""
        for oid, offer in _dict(_dict(self.data.get("trades")).get("offers")).items():
            offer = _dict(offer)
            give, get = _dict(offer.get("give")), _dict(offer.get("get"))
            pointer = join("/trades/offers", oid)
            if not any(_int(v) for v in list(give.values()) + list(get.values())):
                self.add(pointer, _("this offer gives nothing and gets nothing: name a resource and how much "
                                    "in give or get ({known})").format(known=", ".join(self.known["resource"])))
            for key in give:
                if _int(give[key]) and _int(get.get(key)):
                    self.add(f"{pointer}/get/{key}", _(
                        "{resource} is both given and got by this offer: write only the difference, on one side").format(
                            resource=key))

    def check_abilities(self):
        """An ability's steal names what it takes, as a structure's steal effect must."""
        for aid, ability in _dict(self.data.get("abilities")).items():
            steal = _dict(_dict(ability).get("steal"))
            if "steal" in _dict(ability) and not any(k != "from" for k in steal):
                self.add(join(join("/abilities", aid), "steal"), _(
                    "an amount is missing: name a resource and how much ({known})").format(
                        known=", ".join(self.known["resource"])))

    def check_workers(self):
        starts = [_list(_dict(w).get("start")) for w in self.workers.values()]
        if self.workers and not any(starts):
            self.add("/workers", _("no worker starts on the Work Cycle (no start list): "
                                   "the first player could not move any worker"),
                     causes=tuple(join(join("/workers", w), "start") for w in self.workers))
        for wid, worker in self.workers.items():
            worker = _dict(worker)
            start = _list(worker.get("start"))
            base = join("/workers", wid)
            count = _int(worker.get("count"))
            if count is not None and len(start) > count:
                self.add(f"{base}/start", ngettext(
                    "{num} start spaces listed for {count} worker of this kind",
                    "{num} start spaces listed for {count} workers of this kind", count).format(num=len(start), count=count))

    def check_structures(self):
        for sid, structure in self.structures.items():
            structure = _dict(structure)
            base = join("/structures", sid)
            for _group, req, at in Requirements.written(structure.get("requires")):    # every form (the model's)
                pointer = f"{base}/requires{at}"
                if req == sid:
                    self.add(pointer, _("structure {id} requires itself").format(id=sid))
            for i, effect in enumerate(_list(structure.get("effects"))):
                effect = _dict(effect)
                for name, row in EFFECTS.items():
                    if name in effect and row.check is not None:
                        row.check(self, f"{base}/effects/{i}/{name}", effect[name])
            copies = _int(structure.get("copies"))
            most = _players_most(_dict(self.data.get("components")).get("players"))
            if copies is not None and most is not None and copies >= most:
                self.warn(f"{base}/copies", _(
                    "copies: {copies} changes nothing: at most {players} players play, and each builds a structure once").format(
                        copies=copies, players=most))
            upgrades = structure.get("upgrades")
            if upgrades == sid:
                self.add(f"{base}/upgrades", _("structure {id} is built over itself").format(id=sid))
            replaces = structure.get("replaces")
            if replaces is not None and upgrades is not None:
                self.add(f"{base}/replaces", _("structure {id} has both upgrades and replaces: write one (replaces: "
                                               "what it replaces still counts as owned)").format(id=sid),
                         causes=(f"{base}/upgrades",))
            elif replaces == sid:
                self.add(f"{base}/replaces", _("structure {id} replaces itself").format(id=sid))
            self.check_seats(f"{base}/seats", structure.get("seats"))
        for kid, worker in _dict(self.data.get("workers")).items():
            seats = _dict(worker).get("seats")
            if seats != "each":
                self.check_seats(join("/workers", kid) + "/seats", seats)
        self.check_given_structures()

    def check_seats(self, pointer: str, seats):
        """A list of seats (from 1): none beyond the most players the game is for (the schema checks the rest)."""
        most = _players_most(_dict(self.data.get("components")).get("players"))
        for i, seat in enumerate(_list(seats)):
            if isinstance(seat, int) and most is not None and seat > most:
                self.add(f"{pointer}/{i}", _("seat {seat}: this game is for at most {players} players").format(
                    seat=seat, players=most), causes=("/components/players",))

    def check_given_structures(self):
        """setup.given_structures: known structures, each once, owned by every player (so no copy limit below
        the players, and not the casting structure, whose first builder casts)."""
        seen = {}
        casting = _dict(self.data.get("casting")).get("structure")
        most = _players_most(_dict(self.data.get("components")).get("players"))
        for i, item in enumerate(_list(_dict(self.data.get("setup")).get("given_structures"))):
            sid = _dict(item).get("structure")
            pointer = f"/setup/given_structures/{i}/structure"
            if not isinstance(sid, str):
                continue
            if sid not in self.structures:         # an unknown id: check_references says so
                continue
            if sid in seen:
                self.add(pointer, _("{id} is given twice (first at item {first})").format(id=sid, first=seen[sid] + 1))
                continue
            seen[sid] = i
            if sid == casting:
                self.add(pointer, _("{id} is the structure whose first builder casts the ships: it cannot be given "
                                    "to every player").format(id=sid), causes=("/casting/structure",))
            seats = _dict(item).get("seats")
            self.check_seats(f"/setup/given_structures/{i}/seats", seats)
            if seats and _dict(self.structures[sid]).get("seats"):
                self.add(f"/setup/given_structures/{i}/seats", _(
                    "{id} is given to some seats only, so nobody builds it: its seats say who may build it").format(
                        id=sid), causes=(join("/structures", sid) + "/seats",))
            copies = _int(_dict(self.structures[sid]).get("copies"))
            if seats and copies is not None and copies < len(_list(seats)):
                self.add(pointer, _("{id} is given to {num} seats, but its copies allow only {copies}").format(
                    id=sid, num=len(_list(seats)), copies=copies), causes=(join("/structures", sid) + "/copies",))
            elif not seats and copies is not None and most is not None and copies < most:
                self.add(pointer, _("{id} is given to every player, but its copies allow only {copies}").format(
                    id=sid, copies=copies), causes=(join("/structures", sid) + "/copies",))

    def check_bid(self):
        """setup.bid: made in a declared resource, its max within every seat's starting amount of it (the
        bids are paid from what each seat is dealt: a higher max could not be paid)."""
        setup = _dict(self.data.get("setup"))
        bid = _dict(setup.get("bid"))
        res, most = bid.get("in"), _int(bid.get("max"))
        if not isinstance(res, str):
            return
        if res not in self.known["resource"]:       # an unknown id: check_references says so
            return
        players = _players_most(_dict(self.data.get("components")).get("players")) or 2
        if _dict(_dict(self.data.get("resources")).get(res)).get("kind") == "coins":
            start, where = _list(setup.get("starting_coins")), "/setup/starting_coins"
        else:
            start, where = _list(_dict(_dict(self.data.get("resources")).get(res)).get("start")), join(
                join("/resources", res), "start")
        amounts = [a for a in start[:players] if isinstance(a, int)]
        least = min(amounts) if len(amounts) >= players else 0
        if most is not None and most > least:
            self.add("/setup/bid/max", _(
                "a bid of {max} could not be paid: the bids are paid from what each seat is dealt at setup, and "
                "a seat may be dealt only {least} {resource}").format(max=most, least=least, resource=res),
                causes=(where,))

    def check_draft(self):
        """setup.draft: known structures, not given to every player, not the casting structure nor one built
        over another, and enough of them for every seat's picks."""
        setup = _dict(self.data.get("setup"))
        draft = _dict(setup.get("draft"))
        pool = _list(draft.get("structures"))
        given = {sid for g in _list(setup.get("given_structures")) if isinstance(sid := _dict(g).get("structure"), str)}
        casting = _dict(self.data.get("casting")).get("structure")
        for i, sid in enumerate(pool):
            pointer = f"/setup/draft/structures/{i}"
            if not isinstance(sid, str):
                continue
            if sid not in self.structures:         # an unknown id: check_references says so
                continue
            if sid in given:
                self.add(pointer, _("{id} is given to every player at setup: it cannot also be picked in the "
                                    "draft").format(id=sid), causes=("/setup/given_structures",))
            elif sid == casting:
                self.add(pointer, _("{id} is the structure whose first builder casts the ships: it cannot be "
                                    "picked in the draft").format(id=sid), causes=("/casting/structure",))
            elif _dict(self.structures[sid]).get("seats"):
                self.add(pointer, _("{id} may be built by some seats only: it cannot be picked in the draft, where "
                                    "any seat may pick it").format(id=sid),
                         causes=(join("/structures", sid) + "/seats",))
            elif over := next((k for k in ("upgrades", "replaces") if _dict(self.structures[sid]).get(k)), None):
                self.add(pointer, _("{id} is built over another structure: it cannot be picked in the draft, "
                                    "where it would be owned without the one it is built over").format(id=sid),
                         causes=(join("/structures", sid) + "/" + over,))
        picks = _int(draft.get("picks", 1))
        players = _players_most(_dict(self.data.get("components")).get("players"))
        if pool and picks is not None and players is not None and len(pool) < players * picks:
            self.add("/setup/draft/structures", ngettext(
                "{num} structure to draft, but {players} seats pick {picks} each: the pool needs at least {need}",
                "{num} structures to draft, but {players} seats pick {picks} each: the pool needs at least {need}",
                len(pool)).format(num=len(pool), players=players, picks=picks, need=players * picks))

    def check_rolls(self):
        """A conversion's roll: a least roll above the die's sides never earns the gain (an error); a least
        roll of 1 always earns it (the roll changes nothing): both errors, at the least roll."""
        for cid, conv in self.conversions.items():
            roll = _dict(_dict(conv).get("roll"))
            sides, least = _int(roll.get("sides")), _int(roll.get("at_least"))
            if sides is None or least is None:
                continue
            pointer = f"{join('/conversions', cid)}/roll/at_least"
            if least > sides:
                self.add(pointer, _("at_least: {least} is more than the die's {sides} sides: the roll never earns the gain "
                                    "of the conversion {conversion}").format(least=least, sides=sides, conversion=cid))
            elif least < 2:
                self.add(pointer, _("at_least: {least} changes nothing: every roll earns the gain of the conversion "
                                     "{conversion} (remove roll, or ask for 2 or more)").format(least=least, conversion=cid))

    def check_events(self):
        """Decks of event cards (the ids a card or a reveal names are checked with every reference), a card's id is unique in its deck,
        every card has an effect, and no card forbids for the rest of the game what would stop the game
        for good (a space: the workers before it could never move on; a structure, where an end condition
        counts structures: every one built, or a player's). A card lasts for the rest of the game in a deck
        whose cards last the game, and in a deck whose cards last until the next one when it is the last."""
        conds = [_dict(c) for c in _list(_dict(self.data.get("end")).get("conditions"))]
        ends_by_structures = any("all_structures_built" in c or _dict(c.get("player_condition")).get("metric") == "structures"
                                 for c in conds)
        for did, deck in _dict(self.data.get("events")).items():
            deck = _dict(deck)
            base = join("/events", did)
            for_game = deck.get("lasts") == "game"
            last_for_good = deck.get("lasts") == "until_next"           # its last card lasts to the end
            first = {}
            for i, card in enumerate(_list(deck.get("cards"))):
                if not isinstance(card, dict):
                    continue
                pointer = f"{base}/cards/{i}"
                cid = card.get("id")
                if isinstance(cid, str):
                    if cid in first:
                        self.add(f"{pointer}/id", _("card id {id} is used twice in this deck (first at line {line})").format(
                            id=cid, line=self.res.where(first[cid])[1]))
                    else:
                        first[cid] = f"{pointer}/id"
                if not any(k in card for k in CARD_EFFECTS):
                    self.add(pointer, _("this card has no effect: give it space_yield, cost, forbid or give"))
                forbid = _dict(card.get("forbid"))
                if for_game and isinstance(forbid.get("space"), str):
                    self.add(f"{pointer}/forbid/space", _(
                        "forbidding the space {space} for the rest of the game (lasts: game) stops for good every worker "
                        "on the space before it: choose lasts: round").format(space=forbid["space"]))
                if last_for_good and isinstance(forbid.get("space"), str):
                    self.add(f"{pointer}/forbid/space", _(
                        "forbidding the space {space} until the next card (lasts: until_next) stops for good every worker "
                        "on the space before it when this card is the deck's last: choose lasts: round").format(
                            space=forbid["space"]))
                if (for_game or last_for_good) and ends_by_structures and isinstance(forbid.get("build"), str):
                    self.add(f"{pointer}/forbid/build", _(
                        "forbidding {structure} for the rest of the game (lasts: game, or until_next for the deck's last "
                        "card) could keep the game from ending, since an end condition counts structures: choose lasts: "
                        "round").format(structure=forbid["build"]))

    def check_prerequisite_cycles(self):
        graph = {}
        for sid, structure in self.structures.items():
            reqs = [r for group, r, _at in Requirements.written(_dict(structure).get("requires")) if group == "all_of"] \
                + [_dict(structure).get("upgrades"), _dict(structure).get("replaces")]   # built over: owned first
            graph[sid] = [r for r in reqs if isinstance(r, str) and r in self.structures and r != sid]
        reported = set()
        order = list(self.structures)
        for start in order:
            if start in reported:
                continue
            cycle = self._find_cycle(start, graph)
            if cycle and not reported.intersection(cycle):
                reported.update(cycle)
                first, nxt = cycle[0], cycle[1]
                where = next((f"/requires{at}" for group, r, at in Requirements.written(
                    _dict(self.structures[first]).get("requires")) if group == "all_of" and r == nxt),
                    "/replaces" if _dict(self.structures[first]).get("replaces") == nxt else "/upgrades")
                self.add(join("/structures", first) + where, _(
                    "prerequisite cycle: {cycle}; none of these structures could ever be built").format(
                        cycle=" → ".join(cycle + [cycle[0]])))
        self._check_any_of_reachable(graph, reported)

    def _check_any_of_reachable(self, graph, reported):
        """requires {any_of}: a structure can be built once its list (``graph``) and one of its any_of can. One
        whose list can be but none of its any_of ever can (each waits, through the others, on it) is reported at
        its any_of; structures of a cycle already ``reported``, and those waiting on them, are not again."""
        either = {sid: [r for group, r, _at in Requirements.written(_dict(st).get("requires"))
                        if group == "any_of" and isinstance(r, str) and r in self.structures and r != sid]
                  for sid, st in self.structures.items()}
        if not any(either.values()):
            return
        can = {_dict(g).get("structure") for g in _list(_dict(self.data.get("setup")).get("given_structures"))}
        grew = True
        while grew:
            grew = False
            for sid in self.structures:
                if sid not in can and all(r in can for r in graph[sid]) and (
                        not either[sid] or any(r in can for r in either[sid])):
                    can.add(sid)
                    grew = True
        for sid, alts in either.items():
            if alts and sid not in can and sid not in reported and all(r in can for r in graph[sid]) \
                    and not reported.intersection(alts):
                self.add(join("/structures", sid) + "/requires" + Requirements.ANY_OF_AT, _(
                    "{id} requires one of {structures}, but none of them could ever be built before it").format(
                        id=sid, structures=", ".join(alts)))

    @staticmethod
    def _find_cycle(start, graph):
        """A cycle through ``start`` (list of ids, ``start`` first), or None."""
        stack = [(start, iter(graph.get(start, ())))]
        path, on_path = [start], {start}
        visited = set()
        while stack:
            node, children = stack[-1]
            for child in children:
                if child == start:
                    return list(path)
                if child not in on_path and child not in visited:
                    visited.add(child)
                    stack.append((child, iter(graph.get(child, ()))))
                    path.append(child)
                    on_path.add(child)
                    break
            else:
                stack.pop()
                on_path.discard(path.pop())
        return None

    def check_condition(self, pointer, cond):
        cond = _dict(cond)
        combos = [k for k in _COMBINATIONS if k in cond]
        if combos:
            others = [k for k in cond if k not in _COMBINATIONS]
            if len(combos) > 1:
                self.add(join(pointer, combos[1]), _("a condition combines with one of all, any, not; "
                                                     "found {found}: nest one inside the other").format(found=", ".join(combos)))
            elif others:
                inherited = [k for k in others if self.res.where(join(pointer, k))[0] != self.res.file]
                if inherited and self.res.where(join(pointer, combos[0]))[0] == self.res.file:
                    # A variant's combination merged into the base's measure (RFC 7396).
                    self.add(join(pointer, combos[0]), _(
                        "the base ruleset's {fields} merge into this condition (a mapping in a variant merges key by key): "
                        "write {first}: null next to {combination}").format(
                        fields=", ".join(inherited), first=inherited[0], combination=combos[0]))
                else:
                    self.add(join(pointer, others[0]), _("{field} does not belong in a condition that uses {combination}: "
                                                         "put the measure inside it").format(field=others[0], combination=combos[0]))
            for combo in combos:
                if combo == "not":
                    self.check_condition(join(pointer, "not"), cond["not"])
                else:
                    for i, sub in enumerate(_list(cond[combo])):
                        self.check_condition(f"{pointer}/{combo}/{i}", sub)
            return
        metric = cond.get("metric")
        if isinstance(cond.get("resource"), str):
            if metric == "earned_this_turn" and cond["resource"] == getattr(self, "coins_resource", None):
                self.add(f"{pointer}/resource", _(
                    "earned_this_turn counts a pool resource; for coins, use coin_value or coins_spent_this_turn"))
        if metric == "sailors_hired" and not isinstance(self.data.get("sailors"), dict):
            self.add(join(pointer, "metric"), _("the metric sailors_hired needs a top-level sailors section"),
                     causes=("/sailors",))
        if isinstance(metric, str):
            for param, metrics in _METRIC_PARAMS.items():
                if metric in metrics and param in _REQUIRED_PARAMS and param not in cond:
                    self.add(pointer, _("the metric {metric} needs the parameter {param} (which one to count)").format(
                        metric=metric, param=param))
                if param in cond and metric not in metrics:
                    self.add(join(pointer, param), _("{param} does not apply to the metric {metric} (it applies to {metrics})").format(
                        param=param, metric=metric, metrics=", ".join(metrics)))
        lo, hi = _int(cond.get("at_least")), _int(cond.get("at_most"))
        if lo is not None and hi is not None and lo > hi:
            self.add(f"{pointer}/at_most", _("at_least {low} is above at_most {high}: no one can ever meet this condition").format(
                low=lo, high=hi))

    def check_goals(self, comps):
        for gid, goal in self.goals.items():
            if isinstance(goal, dict) and "condition" in goal:
                self.check_condition(join("/goals", gid) + "/condition", goal["condition"])
        draw = _int(_dict(comps.get("goal_tokens")).get("draw"))
        pool = len(self.goals)
        if draw is not None and draw > pool:
            removed = [p for p in self.res.removed if p.startswith("/goals/")]
            self.add("/components/goal_tokens/draw", ngettext(
                "more goals drawn ({num}) than the pool holds: {pool} goal",
                "more goals drawn ({num}) than the pool holds: {pool} goals", pool).format(num=draw, pool=pool),
                causes=tuple(sorted(removed, key=lambda p: self.res.removed[p][0])) + ("/goals",))

    def check_objectives(self, comps):
        """Secret objectives: each card's condition checked as a goal's (no VP measure: the card's VP is part
        of them); no more kept than dealt; enough cards for every seat's deal at the most players."""
        objectives = _dict(self.data.get("objectives"))
        cards = _dict(objectives.get("cards"))
        for oid, card in cards.items():
            cond = _dict(card).get("condition")
            if not isinstance(cond, dict):
                continue
            pointer = join("/objectives/cards", oid) + "/condition"
            self.check_condition(pointer, cond)
            found = _vp_pointer(cond, pointer)
            if found is not None:
                self.add(found, _("an objective's condition cannot measure VP (the VP, a lead, a deficit or a rank in VP): "
                                  "the objective {objective}'s own VP are part of them").format(objective=oid))
            metric = _this_turn_only(cond)
            if metric is not None and _dict(card).get("check", "end_of_game") == "end_of_game":
                self.add(pointer, _("the objective {objective} counts this turn only ({metric}) and is checked when the "
                                    "game is over, where only the last turn counts and only its player can meet it: "
                                    "write check: end_of_turn (met at the end of any of its holder's turns) or "
                                    "check: immediate").format(objective=oid, metric=metric))
        deal, keep = _int(objectives.get("deal")), _int(objectives.get("keep"))
        if deal is None:
            return
        if keep is not None and keep > deal:
            self.add("/objectives/keep", _("keep: {keep} is more than the {deal} objectives dealt to each player "
                                           "(keep at most deal)").format(keep=keep, deal=deal))
        most = _players_most(comps.get("players"))
        if most is not None and cards and deal * most > len(cards):
            self.add("/objectives/deal", ngettext(
                "{players} players dealt {deal} objectives each need {need}, but there is {count} objective card",
                "{players} players dealt {deal} objectives each need {need}, but there are {count} objective cards",
                len(cards)).format(players=most, deal=deal, need=deal * most, count=len(cards)),
                causes=("/components/players", "/objectives/cards"))

    def check_end(self):
        for i, cond in enumerate(_list(_dict(self.data.get("end")).get("conditions"))):
            for kind, value in _dict(cond).items():
                check = END_CONDITIONS.get(kind)
                if check is not None:
                    check(self, f"/end/conditions/{i}/{kind}", value)
        for i, measure in enumerate(_list(_dict(self.data.get("scoring")).get("measures"))):
            measure = _dict(measure)
            pointer = f"/scoring/measures/{i}"
            if measure.get("metric") in _VP_METRICS:
                self.add(f"{pointer}/metric", _(
                    "VP cannot be counted from the VP themselves: choose another metric for this measure"))
                continue
            self.check_condition(pointer, {k: v for k, v in measure.items() if k not in ("per", "vp", "if")})
            if "if" in measure:
                self.check_condition(join(pointer, "if"), measure["if"])
                found = _vp_pointer(measure["if"], join(pointer, "if"))
                if found is not None:
                    self.add(found, _("the condition of a measure cannot read the VP, which the measure is part of: "
                                      "choose another metric"))

    def check_coins(self, comps):
        setup = _dict(self.data.get("setup"))
        starting = _list(setup.get("starting_coins"))
        if not starting or not all(_int(a) is not None and 0 <= a <= 1000 for a in starting):
            return
        supply = soundness.coin_supply(self.data)
        if supply is None:          # the schema said what is wrong
            return
        causes = tuple(p for p in self.res.removed if p.startswith("/components/coins/")) + ("/components/coins",)
        total = sum(v * c for v, c in supply)
        need = sum(starting)
        if need > total:
            self.add("/setup/starting_coins", ngettext(
                "the players start with {need} coin in all, but the coins in the supply are worth only {have}",
                "the players start with {need} coins in all, but the coins in the supply are worth only {have}",
                need).format(need=need, have=total), causes=causes)
            return
        bad = False
        for i, amount in enumerate(starting):
            if not soundness.payable(amount, supply):
                bad = True
                self.add(f"/setup/starting_coins/{i}", ngettext(
                    "player {seat} starts with {num} coin, an amount the coins in the supply cannot make",
                    "player {seat} starts with {num} coins, an amount the coins in the supply cannot make",
                    amount).format(seat=i + 1, num=amount), causes=causes)
        if bad or len(starting) < 2 or not self.holdings_ok or soundness.payable_all(starting, supply):
            return
        if len(starting) == 2:
            self.add("/setup/starting_coins", _(
                "the coins in the supply cannot pay both starting amounts ({first} and {second}) at once").format(
                    first=starting[0], second=starting[1]), causes=causes)
        else:
            self.add("/setup/starting_coins", _(
                "the coins in the supply cannot pay all the starting amounts ({amounts}) at once").format(
                    amounts=", ".join(map(str, starting))), causes=causes)

    def check_players(self, comps):
        """A range of players that is one; per-seat lists of one entry per seat; the other_players
        readings a game for more than two needs."""
        players = comps.get("players")
        if isinstance(players, dict):
            low, high = _int(players.get("min")), _int(players.get("max"))
            if low is None or high is None:
                return                   # the schema said what is wrong
            if low > high:
                self.add("/components/players/min", _(
                    "the fewest players ({low}) is more than the most ({high})").format(low=low, high=high))
                return
        elif _int(players) is not None:
            low = high = players
        else:
            return
        if not 2 <= low <= high <= 6:
            return                       # the schema said what is wrong
        seats = [("/setup/starting_coins", _dict(self.data.get("setup")).get("starting_coins"))]
        for rid, resource in _dict(self.data.get("resources")).items():
            seats.append((f"{join('/resources', rid)}/start", _dict(resource).get("start")))
        for pointer, entries in seats:
            if isinstance(entries, list) and len(entries) != high:
                self.add(pointer, ngettext(
                    "{field} has {count} entry, but the game is for up to {players} players: give one per seat, "
                    "in turn order from the first player",
                    "{field} has {count} entries, but the game is for up to {players} players: give one per seat, "
                    "in turn order from the first player", len(entries)).format(
                        field=pointer.strip("/").replace("/", "."), count=len(entries), players=high),
                    causes=("/components/players",))
        sailors = _dict(self.data.get("sailors"))
        colors = sailors.get("worker_color")
        if sailors.get("supply") == "per_player" and isinstance(colors, list) and len(colors) != high:
            self.add("/sailors/worker_color", ngettext(
                "sailors.worker_color has {count} color, but the game is for up to {players} players: each "
                "player's sailors are of their own color, so give one per seat",
                "sailors.worker_color has {count} colors, but the game is for up to {players} players: each "
                "player's sailors are of their own color, so give one per seat", len(colors)).format(
                    count=len(colors), players=high), causes=("/components/players",))
        if high > 2:
            other = self.data.get("other_players")
            for key in ("make_change", "borrow_from", "revealed_goal"):
                if key not in _dict(other):
                    self.add("/other_players" if isinstance(other, dict) else "/components/players", _(
                        "a game for {players} players must choose other_players.{field}: the two-player rule "
                        "says \"the opponent\", and the rule texts are silent for more (docs/readings.md)").format(
                            players=high, field=key))

    def check_casting(self, comps):
        d = self.data
        casting = d.get("casting")
        for i, outcome in enumerate(_list(_dict(casting).get("outcomes"))):
            benefit = _dict(_dict(outcome).get("benefit"))
            if benefit.get("hire_sailor") is True and not isinstance(d.get("sailors"), dict):
                self.add(f"/casting/outcomes/{i}/benefit/hire_sailor", _(
                    "hire_sailor needs a top-level sailors section"), causes=("/sailors",))
        if not isinstance(casting, dict):
            return
        ships = comps.get("ship_tokens")
        if ships is None:
            self.add("/casting", _("a casting section needs components.ship_tokens (how many ship tokens are cast)"))
            return
        ships = _int(ships)
        outcomes = _list(casting.get("outcomes"))
        if ships is None or not 0 <= ships <= 1000 or not outcomes:   # else the schema said so
            return
        by_white, ids = {}, {}
        for i, outcome in enumerate(outcomes):
            outcome = _dict(outcome)
            oid, white = outcome.get("id"), _int(outcome.get("white"))
            if isinstance(oid, str):
                if oid in ids:
                    self.add(f"/casting/outcomes/{i}/id", _("outcome id {id} is used twice").format(id=oid))
                ids.setdefault(oid, i)
            if white is None:
                continue
            pointer = f"/casting/outcomes/{i}/white"
            if white > ships:
                self.add(pointer, ngettext(
                    "an outcome for {white} white ships, but only {num} ship token is cast",
                    "an outcome for {white} white ships, but only {num} ship tokens are cast", ships).format(
                        white=white, num=ships),
                    causes=("/components/ship_tokens",))
            elif white in by_white:
                self.add(pointer, ngettext(
                    "another outcome ({other}) already covers {num} white ship",
                    "another outcome ({other}) already covers {num} white ships", white).format(
                        other=by_white[white][1], num=white))
            else:
                by_white[white] = (i, oid)
        missing = [white for white in range(ships + 1) if white not in by_white]
        if len(missing) > 3:
            runs, start = [], missing[0]
            for prev, white in zip(missing, missing[1:] + [None]):
                if white != prev + 1:
                    runs.append(str(start) if start == prev else f"{start}–{prev}")
                    start = white
            self.add("/casting/outcomes", _("no outcome for {whites} white ships").format(whites=", ".join(runs[:10])),
                     causes=("/components/ship_tokens",))
            missing = []
        for white in missing:
            self.add("/casting/outcomes", ngettext(
                "no outcome for {num} white ship", "no outcome for {num} white ships", white).format(num=white),
                causes=("/components/ship_tokens",))
