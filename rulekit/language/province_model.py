"""Province's typed rules model: the resolved ruleset read once into frozen dataclasses.

A Province ruleset is resolved into a dict (:mod:`.ruleset`): that dict, and its hash
``Ruleset.sha256``, are what a ruleset *is* (the balance ledger keys on the hash). The model
is what it *means*: every field of the schema read once, in one place, with each default
written once, here, and each field's forms normalised to one:

- ``requires`` (a list, or ``{any_of: [...]}``) is :class:`Requirements` (``all_of`` and ``any_of``);
- ``cost: free`` and an absent amount are an empty :class:`Amount`;
- an effect (``income: {labor: 1, if: ...}``) is an :class:`Effect`: its kind, its amount,
  its condition, its moment (``when``), its place and its parameters, defaults filled in;
- a condition is a :class:`Condition` tree (``all``, ``any``, ``not`` or a metric).

Readers (the sentences, the diff, the rulebook's drawing, the soundness warnings) read
``ruleset.model`` (or :func:`model_of` on a resolved dict) rather than the dict, so that a new
form of a field is learned here once and not by every reader (docs/architecture.md, "Adding to
it"). The engine's ``Compiled`` (``engine/game.py``) still reads the dict; what it reads is here
(see :class:`ProvinceModel`), and ``tests/test_province_model.py`` checks that the defaults here
are what the engine plays.

Every class says which places of the schema it models (``PLACES``: a place — a pointer from the
top, ``/setup/bid``, or from a definition, ``#/$defs/effect/gain``, ``*`` standing for the items of a
list or the values of a mapping — and its properties mapped to the attribute that holds each, the
same name when absent), so that ``tests/test_province_model.py`` can require every property of the
schema to be reached.

A house rule with two builds a turn, and a free tower that requires a shed or a hut, read through its model
(``other_players.make_change`` is the default it leaves out):

>>> import tempfile
>>> from pathlib import Path
>>> from rulekit.language import load_ruleset
>>> HOUSE = '''
... extends: province-en
... id: towers
... turn: {builds: 2}
... structures:
...   shed: {name: Shed, cost: {labor: 1, coin: 2}, vp: {first: 1, later: 0}}
...   hut: {name: Hut, cost: {labor: 2}, vp: {first: 1, later: 0}}
...   tower: {name: Tower, cost: free, vp: {first: 3, later: 1}, requires: {any_of: [shed, hut]}}
... '''
>>> with tempfile.TemporaryDirectory() as folder:
...     _ = Path(folder, "towers.yaml").write_text(HOUSE, encoding="utf-8")
...     m = load_ruleset(Path(folder, "towers.yaml")).model
>>> m.structures["tower"].requires, m.structures["tower"].cost
(Requirements(all_of=(), any_of=('shed', 'hut')), Amount(items=()))
>>> m.structures["shed"].cost.as_dict(), m.turn.builds, m.other_players.make_change
({'labor': 1, 'coin': 2}, 2, 'in_turn_order')
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import ClassVar

# ---------------------------------------------------------------------------
# The defaults: each written once.

#: The resources of a ruleset that declares none (the two of the editions):
#: Labor, earned for one turn, and Coin, the physical coins in the box (filled into the
#: resolved data by :func:`rulekit.language.ruleset.complete_defaults`).
DEFAULT_RESOURCES = {
    "labor": {"name": "Labor", "kind": "pool", "end_of_turn": "lost"},
    "coin": {"name": "Coin", "kind": "coins"},
}

#: ``cost: free`` (and ``repay: free``) is the empty amount.
FREE = "free"

#: The defaults of the fields a ruleset may leave out, by the place they stand in (read by the
#: classes below, and by readers that print "absent: X"). One table, so that a default is
#: written once; read-only.
DEFAULTS = {
    "resource": {"end_of_turn": "lost", "cap": None, "start": ()},
    "structure": {"copies": 0, "upgrades": None, "replaces": None, "seats": (), "flavor": None},
    "worker": {"seats": None},              # None: nobody's workers; "each" or a tuple of seats from 1
    "turn": {"builds": 1, "move_steps": 1},
    "other_players": {"make_change": "in_turn_order", "borrow_from": "any", "revealed_goal": "removed_if_several"},
    "conversion": {"always": False, "per_turn": None, "needs_payout": False},
    "roll": {"sides": 0, "at_least": 0},
    "borrowing": {"per_turn": 1, "repay_ends_effect": False, "penalty_during_game": False},
    "trades": {"per_turn": 1, "phases": ("spending",)},
    "ability": {"per_turn": 1, "phases": ("spending",), "from": "next"},
    "objectives": {"keep": None},          # None: keep every card dealt
    "objective": {"check": "end_of_game"},  # checked when the game is over only
    "goal_rules": {"check_revealed_at_end_of_turn": True},
    "end": {"finish_round": False},
    # ship_tokens: none (a casting section requires the field: the engine's fallback of 2 is never played)
    "components": {"ship_tokens": 0, "labor_tracker": False},
    "setup": {"turn_order": "clockwise"},
    "given_structure": {"vp": "none"},
    "bid": {"sealed": False, "ties": "bidding_order", "pays": "all"},
    "draft": {"picks": 1, "order": "snake", "vp": "first"},
    "long_move": {"steps": 2},
    "steal": {"from": "next", "when": "built"},
    "gain": {"to": "self"},
    "condition": {"counting": "accessible"},
    "measure": {"per": 1},
    "card": {"count": 1},
}
DEFAULTS = MappingProxyType({place: MappingProxyType(fields) for place, fields in DEFAULTS.items()})


def _seats(value):
    """A worker kind's ``seats``: None, ``"each"`` or a tuple of seats from 1."""
    return tuple(value) if isinstance(value, list) else value


def default(place: str, key: str):
    """The default of ``key`` at ``place`` (a key of :data:`DEFAULTS`)."""
    return DEFAULTS[place][key]


def _get(data, place: str, key: str):
    value = data.get(key) if isinstance(data, dict) else None
    return default(place, key) if value is None else value


# ---------------------------------------------------------------------------
# Parts

@dataclass(frozen=True)
class Per:
    """An amount counted by a metric (``$defs/per_amount``: ``{per: structures, each: 2}``), measured for the
    effect's owner as it is paid: ``each`` of the resource for each one of ``metric``."""
    metric: "Condition"             # the metric counted, as a condition's fields (``per`` is its ``metric``)
    each: int = 1
    written: dict = field(default_factory=dict, compare=False, repr=False)   # as the file writes it

    PLACES: ClassVar[dict] = {"#/$defs/per_amount": {"per": "metric", "each": "each"} | {
        k: "metric" for k in ("resource", "income", "vp", "coin", "exclude")}}

    @classmethod
    def of(cls, value: dict) -> "Per":
        return cls(Condition.of({("metric" if k == "per" else k): v for k, v in value.items() if k != "each"}),
                   value.get("each", 1), dict(value))


@dataclass(frozen=True)
class Amount:
    """Resources and how many of each, in the order written (an absent or ``free`` amount is empty); a
    number, or a :class:`Per` where an effect's amount is written per a metric."""
    items: tuple = ()

    @classmethod
    def of(cls, value, skip=()) -> "Amount":
        if not isinstance(value, dict):
            return cls()
        return cls(tuple((k, Per.of(v) if isinstance(v, dict) else v) for k, v in value.items() if k not in skip))

    def get(self, rid: str, default: int = 0) -> int:
        return next((n for k, n in self.items if k == rid), default)

    def __getitem__(self, rid: str) -> int:
        for k, n in self.items:
            if k == rid:
                return n
        raise KeyError(rid)

    def counted(self, rid: str) -> bool:
        """Whether ``rid``'s amount is written per a metric (a :class:`Per`): no fixed number."""
        return any(k == rid and isinstance(n, Per) for k, n in self.items)

    def as_dict(self) -> dict:
        """As written: a :class:`Per` as its mapping."""
        return {k: (v.written if isinstance(v, Per) else v) for k, v in self.items}

    def __bool__(self) -> bool:
        return bool(self.items)

    def __iter__(self):
        return (k for k, _n in self.items)


@dataclass(frozen=True)
class Requirements:
    """What a structure requires, in one form: every one of ``all_of`` and, when ``any_of`` is not
    empty, at least one of it. ``requires: [a, b]`` is ``all_of``; ``requires: {any_of: [a, b]}``
    is ``any_of``."""
    all_of: tuple = ()
    any_of: tuple = ()

    PLACES: ClassVar[dict] = {"#/$defs/structure/requires": {"any_of": "any_of"}}

    @classmethod
    def of(cls, value) -> "Requirements":
        if isinstance(value, dict):
            return cls((), tuple(value.get("any_of") or ()))
        return cls(tuple(value or ()), ())

    #: Where a problem with the ``any_of`` list as a whole is reported, under ``requires``.
    ANY_OF_AT: ClassVar[str] = "/any_of"

    @staticmethod
    def written(value) -> tuple:
        """Each structure ``requires`` names as written, for the checks (which read unchecked data, so any value
        is taken): ``(group, id, pointer under requires)``, the group ``"all_of"`` or ``"any_of"``. With
        :meth:`of`, the one place that knows the forms of ``requires``."""
        if isinstance(value, list):
            return tuple(("all_of", r, f"/{i}") for i, r in enumerate(value))
        if isinstance(value, dict) and isinstance(value.get("any_of"), list):
            return tuple(("any_of", r, f"/any_of/{i}") for i, r in enumerate(value["any_of"]))
        return ()

    def __bool__(self) -> bool:
        return bool(self.all_of or self.any_of)

    @property
    def named(self) -> tuple:
        """Every structure named, ``all_of`` first."""
        return self.all_of + self.any_of

    def met(self, owned) -> bool:
        """Whether a player owning ``owned`` (a set of ids) has what is required."""
        return all(r in owned for r in self.all_of) and (not self.any_of or any(r in owned for r in self.any_of))


@dataclass(frozen=True)
class Condition:
    """A condition (``$defs/condition``): a metric compared, or ``all``/``any``/``not`` of others."""
    metric: str | None = None
    resource: str | None = None
    exclude: tuple = ()
    vp: int | None = None
    income: bool | None = None
    coin: str | None = None
    conversion: str | None = None
    counting: str = default("condition", "counting")
    structure: str | None = None
    compare: str | None = None
    at_least: int | None = None
    at_most: int | None = None
    all: tuple = ()
    any: tuple = ()
    negated: "Condition | None" = None
    raw: dict = field(default_factory=dict, compare=False, repr=False)

    PLACES: ClassVar[dict] = {"#/$defs/condition": {"not": "negated"}}

    @classmethod
    def of(cls, value) -> "Condition | None":
        if not isinstance(value, dict) or not value:
            return None
        return cls(metric=value.get("metric"), resource=value.get("resource"),
                   exclude=tuple(value.get("exclude") or ()), vp=value.get("vp"), income=value.get("income"),
                   coin=value.get("coin"), conversion=value.get("conversion"),
                   counting=_get(value, "condition", "counting"), structure=value.get("structure"),
                   compare=value.get("compare"), at_least=value.get("at_least"), at_most=value.get("at_most"),
                   all=tuple(cls.of(c) for c in value.get("all") or ()),
                   any=tuple(cls.of(c) for c in value.get("any") or ()),
                   negated=cls.of(value.get("not")), raw=value)


#: An effect's keys that are fields of the effect, not resources of its amount.
EFFECT_FIELDS = ("if", "when", "space", "worker", "from", "steps", "conversion", "to")


@dataclass(frozen=True)
class Effect:
    """A structure's effect (``$defs/effect``): its ``kind`` (the effect's name), what it gives or takes
    (``amount``), the condition its owner must meet (``if``), its moment (``when``), the space and worker
    kind it is about, the steps of a long move, the conversion opened, the worker kind unlocked, and
    whom a steal takes from (``source``), and who gains a gain (``target``). Defaults are filled in; a field an
    effect has not is None."""
    kind: str
    amount: Amount = Amount()
    condition: Condition | None = None
    when: str | None = None
    space: str | None = None
    worker: str | None = None
    steps: int | None = None
    conversion: str | None = None
    source: str | None = None
    target: str | None = None       # a gain's recipient (``to``): self, next or each_other
    raw: dict = field(default_factory=dict, compare=False, repr=False)

    PLACES: ClassVar[dict] = {
        "#/$defs/effect": {k: "kind" for k in ("borrowing", "conversion", "gain", "income", "long_move", "ship_benefit",
                                               "space_bonus", "space_yield", "steal", "unlock_worker")},
        "#/$defs/effect/conversion": {"conversion": "conversion"},
        "#/$defs/effect/gain": {"if": "condition", "when": "when", "to": "target"},
        "#/$defs/effect/income": {"if": "condition"},
        "#/$defs/effect/long_move": {"steps": "steps"},
        "#/$defs/effect/space_bonus": {"if": "condition", "space": "space", "worker": "worker"},
        "#/$defs/effect/space_yield": {"if": "condition", "space": "space"},
        "#/$defs/effect/steal": {"from": "source", "when": "when"},
        "#/$defs/effect/unlock_worker": {"worker": "worker"},
    }

    @classmethod
    def of(cls, value: dict) -> "Effect":
        (kind, arg), = value.items()
        arg = arg if isinstance(arg, dict) else {}
        return cls(kind=kind, amount=Amount.of(arg, EFFECT_FIELDS), condition=Condition.of(arg.get("if")),
                   when=_get(arg, "steal", "when") if kind == "steal" else arg.get("when"),
                   space=arg.get("space"), worker=arg.get("worker"),
                   steps=_get(arg, "long_move", "steps") if kind == "long_move" else None,
                   conversion=arg.get("conversion"),
                   source=_get(arg, "steal", "from") if kind == "steal" else None,
                   target=_get(arg, "gain", "to") if kind == "gain" else None, raw=value)


@dataclass(frozen=True)
class Vp:
    first: int
    later: int

    PLACES: ClassVar[dict] = {"#/$defs/structure/vp": {}}


@dataclass(frozen=True)
class Structure:
    id: str
    name: object
    cost: Amount
    vp: Vp
    requires: Requirements = Requirements()
    upgrades: str | None = None
    effects: tuple = ()
    copies: int = default("structure", "copies")       # 0: each player may build it once
    flavor: str | None = None
    replaces: str | None = None     # built over it, which then counts as owned for requires and is not built again
    seats: tuple = ()               # the only seats (from 1, in turn order) that may build it; empty: every seat

    PLACES: ClassVar[dict] = {"#/$defs/structure": {}}

    @classmethod
    def of(cls, sid: str, st: dict) -> "Structure":
        return cls(id=sid, name=st.get("name"), cost=Amount.of(st.get("cost")),
                   vp=Vp(st["vp"]["first"], st["vp"]["later"]), requires=Requirements.of(st.get("requires")),
                   upgrades=st.get("upgrades"), effects=tuple(Effect.of(e) for e in st.get("effects") or ()),
                   copies=_get(st, "structure", "copies"), flavor=st.get("flavor"), replaces=st.get("replaces"),
                   seats=tuple(_get(st, "structure", "seats")))

    @property
    def built_over(self) -> str | None:
        """The structure this one is built over (``upgrades`` or ``replaces``), or None."""
        return self.upgrades or self.replaces

    @property
    def prerequisites(self) -> Requirements:
        """What must be owned before building it: its requirements and the structure it is built over."""
        if self.built_over and self.built_over not in self.requires.all_of:
            return Requirements(self.requires.all_of + (self.built_over,), self.requires.any_of)
        return self.requires

    def effects_of(self, kind: str) -> tuple:
        return tuple(e for e in self.effects if e.kind == kind)


@dataclass(frozen=True)
class Resource:
    id: str
    name: object
    kind: str                       # "coins" or "pool"
    end_of_turn: str = default("resource", "end_of_turn")   # "lost", "kept" or "carry"
    carry: int = 0                  # with end_of_turn "carry": how many are carried
    start: tuple = ()               # per seat, in turn order from the first player
    cap: int | None = None

    PLACES: ClassVar[dict] = {"#/$defs/resource": {}, "#/$defs/resource/end_of_turn": {"carry": "carry"}}

    @classmethod
    def of(cls, rid: str, r: dict) -> "Resource":
        end = _get(r, "resource", "end_of_turn")
        return cls(id=rid, name=r.get("name"), kind=r["kind"],
                   end_of_turn="carry" if isinstance(end, dict) else end,
                   carry=end["carry"] if isinstance(end, dict) else 0,
                   start=tuple(_get(r, "resource", "start")), cap=r.get("cap"))


@dataclass(frozen=True)
class Coin:
    id: str
    value: int
    count: int
    symbol: str | None = None
    name: object = None

    PLACES: ClassVar[dict] = {"#/$defs/coin": {}}


@dataclass(frozen=True)
class Components:
    players: range
    structure_tokens: int
    goals_drawn: int
    coins: tuple                    # Coin, as written
    labor_tracker: bool = default("components", "labor_tracker")
    ship_tokens: int = default("components", "ship_tokens")

    PLACES: ClassVar[dict] = {"/components": {"goal_tokens": "goals_drawn"},
                              "/components/goal_tokens": {"draw": "goals_drawn"},
                              "/components/players": {"min": "players", "max": "players"}}

    @property
    def coins_by_value(self) -> tuple:
        """The coins, smallest first (the engine's order)."""
        return tuple(sorted(self.coins, key=lambda c: c.value))


@dataclass(frozen=True)
class Worker:
    id: str
    count: int
    access: str                     # "everyone" or "unlocked"
    name: object = None
    color: str | None = None
    start: tuple = ()               # spaces, one worker on each
    entry: str | None = None        # None: the Work Cycle's entry
    seats: object = default("worker", "seats")   # None: nobody's; "each": every seat's own; a tuple of seats from 1

    PLACES: ClassVar[dict] = {"#/$defs/worker": {}}


@dataclass(frozen=True)
class Sailors:
    supply: str                     # "per_player" or "shared"
    count: int
    cost: Amount
    per_turn: int
    name: object = None
    worker_color: tuple = ()
    max_on_cycle: int | None = None
    entry: str | None = None

    PLACES: ClassVar[dict] = {"/sailors": {}}


@dataclass(frozen=True)
class Space:
    id: str
    yields: Amount
    toll: Amount = Amount()
    name: object = None

    PLACES: ClassVar[dict] = {"/work_cycle/spaces/*": {}}


@dataclass(frozen=True)
class WorkCycle:
    spaces: tuple                   # Space, clockwise
    entry: str

    PLACES: ClassVar[dict] = {"/work_cycle": {}}

    def space(self, sid: str) -> Space:
        return next(s for s in self.spaces if s.id == sid)


@dataclass(frozen=True)
class Roll:
    sides: int = default("roll", "sides")
    at_least: int = default("roll", "at_least")

    PLACES: ClassVar[dict] = {"#/$defs/conversion/roll": {}}


@dataclass(frozen=True)
class Conversion:
    id: str
    name: object
    pay: Amount
    gain: Amount
    always: bool = default("conversion", "always")
    per_turn: int | None = None     # None: no limit
    needs_payout: bool = default("conversion", "needs_payout")
    roll: Roll | None = None

    PLACES: ClassVar[dict] = {"#/$defs/conversion": {}}


@dataclass(frozen=True)
class Card:
    id: str
    name: object
    count: int = default("card", "count")
    space_yield: tuple | None = None    # (space, Amount added, Amount set or None): add or set
    cost: tuple | None = None           # (structure, Amount added): an id, "all", or a tuple of ids
    forbid: tuple | None = None         # (what: "build" | "space" | "conversion", id)
    give: Amount = Amount()

    PLACES: ClassVar[dict] = {"#/$defs/card": {},
                              "#/$defs/card/space_yield": {"space": "space_yield", "add": "space_yield",
                                                           "set": "space_yield"},
                              "#/$defs/card/cost": {"structure": "cost", "structures": "cost", "add": "cost"},
                              "#/$defs/card/forbid": {k: "forbid" for k in ("build", "space", "conversion")}}

    @classmethod
    def of(cls, c: dict) -> "Card":
        sy, co, fb = c.get("space_yield"), c.get("cost"), c.get("forbid")
        return cls(id=c["id"], name=c.get("name"), count=_get(c, "card", "count"),
                   space_yield=(sy["space"], Amount.of(sy.get("add")),
                                Amount.of(sy["set"]) if "set" in sy else None) if sy else None,
                   cost=(_cost_target(co), Amount.of(co["add"])) if co else None,
                   forbid=next(iter(fb.items())) if fb else None, give=Amount.of(c.get("give")))


def _cost_target(co: dict):
    """A card's cost change's structures: one id (``structure``), ``"all"``, or a tuple of ids (``structures``)."""
    if "structure" in co:
        return co["structure"]
    which = co.get("structures")
    return which if which == "all" else tuple(which or ())


@dataclass(frozen=True)
class Deck:
    id: str
    name: object
    reveal: str                     # "start_of_round", "start_of_turn" or "on_build"
    lasts: str
    cards: tuple
    on_build: str | None = None     # with reveal "on_build": the structure

    PLACES: ClassVar[dict] = {"#/$defs/deck": {}, "#/$defs/deck/reveal": {"on_build": "on_build"}}


@dataclass(frozen=True)
class Borrowing:
    phases: tuple
    repay: Amount
    repay_same_turn: bool
    take_from_opponent: bool
    penalty_vp: int
    per_turn: int = default("borrowing", "per_turn")
    repay_ends_effect: bool = default("borrowing", "repay_ends_effect")
    penalty_during_game: bool = default("borrowing", "penalty_during_game")

    PLACES: ClassVar[dict] = {"/borrowing": {}}


@dataclass(frozen=True)
class Trades:
    offers: tuple                   # (id, give Amount, get Amount)
    per_turn: int = default("trades", "per_turn")
    phases: tuple = default("trades", "phases")

    PLACES: ClassVar[dict] = {"/trades": {}, "#/$defs/offer": {"give": "offers", "get": "offers"}}


@dataclass(frozen=True)
class Ability:
    """An activated ability (the ``abilities`` section): its payment, what it takes (``take``) and from whom
    (``source``: the ``from`` of its ``steal``), its uses per turn, the structures it requires, its phases."""
    id: str
    name: object
    take: Amount
    pay: Amount = Amount()
    per_turn: int = default("ability", "per_turn")
    phases: tuple = default("ability", "phases")
    source: str = default("ability", "from")
    requires: Requirements = Requirements()

    PLACES: ClassVar[dict] = {"/abilities": {}, "#/$defs/ability": {"requires": "requires", "steal": "take"},
                              "#/$defs/ability/steal": {"from": "source"},
                              "#/$defs/ability/requires": {"any_of": "requires"}}

    @classmethod
    def of(cls, aid: str, a: dict) -> "Ability":
        steal = a["steal"]
        return cls(aid, a.get("name"), Amount.of({k: v for k, v in steal.items() if k != "from"}),
                   Amount.of(a.get("pay")), _get(a, "ability", "per_turn"), tuple(_get(a, "ability", "phases")),
                   _get(steal, "ability", "from"), Requirements.of(a.get("requires")))


@dataclass(frozen=True)
class Outcome:
    id: str
    white: int
    income: Amount = Amount()
    hire_sailor: bool = False

    PLACES: ClassVar[dict] = {"#/$defs/outcome": {"benefit": "income"},
                              "#/$defs/outcome/benefit": {}}


@dataclass(frozen=True)
class Casting:
    structure: str
    holder: object
    heading: object
    on_first_build: bool
    start_of_holder_turn: bool
    outcomes: tuple

    PLACES: ClassVar[dict] = {"/casting": {"cast": "on_first_build"},     # its two fields, below
                              "/casting/cast": {}}


@dataclass(frozen=True)
class Goal:
    id: str
    name: object
    condition: Condition
    check: str                      # "immediate" or "end_of_turn"
    vp: int                         # absent: scoring.goal_vp
    flavor: str | None = None

    PLACES: ClassVar[dict] = {"#/$defs/goal": {}}


@dataclass(frozen=True)
class Objective:
    id: str
    name: object
    condition: Condition
    vp: int
    check: str = default("objective", "check")   # "end_of_game", or also during it: "immediate", "end_of_turn"

    PLACES: ClassVar[dict] = {"#/$defs/objective": {}}


@dataclass(frozen=True)
class Objectives:
    cards: tuple                    # Objective
    deal: int
    keep: int                       # absent: deal

    PLACES: ClassVar[dict] = {"/objectives": {}}


@dataclass(frozen=True)
class OtherPlayers:
    make_change: str = default("other_players", "make_change")
    borrow_from: str = default("other_players", "borrow_from")
    revealed_goal: str = default("other_players", "revealed_goal")

    PLACES: ClassVar[dict] = {"/other_players": {}}


@dataclass(frozen=True)
class Turn:
    builds: int = default("turn", "builds")
    move_steps: int = default("turn", "move_steps")

    #: labor_carry_over is the first language's form of resources.<id>.end_of_turn, read there by the resolution.
    PLACES: ClassVar[dict] = {"/turn": {"labor_carry_over": "Resource.carry"}}


@dataclass(frozen=True)
class Bid:
    within: str                     # the resource bid (``in``)
    max: int
    sealed: bool = default("bid", "sealed")
    ties: str = default("bid", "ties")
    pays: str = default("bid", "pays")

    PLACES: ClassVar[dict] = {"/setup/bid": {"in": "within"}}


@dataclass(frozen=True)
class Draft:
    structures: tuple
    picks: int = default("draft", "picks")
    order: str = default("draft", "order")
    vp: str = default("draft", "vp")

    PLACES: ClassVar[dict] = {"/setup/draft": {}}


@dataclass(frozen=True)
class Setup:
    first_player: str               # "choose" or "random"
    starting_coins: tuple
    turn_order: str = default("setup", "turn_order")
    given_structures: tuple = ()    # (structure, vp: "none" | "first" | "later")
    given_seats: tuple = ()         # (structure, seats from 1) for those given to some seats only
    bid: Bid | None = None
    draft: Draft | None = None

    #: starting_labor is the first language's form of resources.<id>.start, read there by the resolution.
    PLACES: ClassVar[dict] = {"/setup": {"starting_labor": "Resource.start"},
                              "/setup/given_structures/*": {"structure": "given_structures", "vp": "given_structures",
                                                                "seats": "given_seats"}}


@dataclass(frozen=True)
class EndCondition:
    kind: str                       # player_condition, all_structures_built, goals_exhausted, clock
    key: str                        # the kind, or kind#i when the kind is listed more than once
    finish_turn: bool               # absent: end.finish_turn; a clock: True
    condition: Condition | None = None
    turns: int = 0                  # a clock: turns (rounds × players is the engine's)
    rounds: int = 0

    PLACES: ClassVar[dict] = {"#/$defs/end_condition": {k: "kind" for k in (
        "all_structures_built", "clock", "goals_exhausted", "player_condition")} | {"finish_turn": "finish_turn"},
        "#/$defs/end_condition/clock": {}}


@dataclass(frozen=True)
class End:
    conditions: tuple
    finish_turn: bool
    finish_round: bool = default("end", "finish_round")

    PLACES: ClassVar[dict] = {"/end": {}}


@dataclass(frozen=True)
class Measure:
    condition: Condition            # the metric measured, as a condition's fields
    vp: int
    per: int = default("measure", "per")
    only_if: "Condition | None" = None  # the condition a player must meet to score it (``if``)

    PLACES: ClassVar[dict] = {"/scoring/measures/*": {k: "condition" for k in (
        "coin", "conversion", "counting", "exclude", "income", "metric", "resource", "structure")} | {"if": "only_if"}}


@dataclass(frozen=True)
class Scoring:
    goal_vp: int
    coin_bonus: tuple | None = None  # (per, vp)
    measures: tuple = ()

    #: later_builder_vp sets every structure's vp.later, by the resolution.
    PLACES: ClassVar[dict] = {"/scoring": {"later_builder_vp": "Vp.later"},
                              "/scoring/coin_bonus": {"per": "coin_bonus", "vp": "coin_bonus"}}


@dataclass(frozen=True)
class ProvinceModel:
    """A Province ruleset's rules, typed. ``Compiled`` (the engine) reads the same fields from the
    dict today; its next step is to read them here (docs/architecture.md)."""
    id: str
    title: str
    language: str
    components: Components
    resources: tuple                # Resource, declared order
    workers: tuple                  # Worker
    work_cycle: WorkCycle
    setup: Setup
    turn: Turn
    structures: dict                # id -> Structure, in order
    conversions: dict               # id -> Conversion
    goals: dict                     # id -> Goal
    end: End
    scoring: Scoring
    other_players: OtherPlayers
    check_revealed_at_end_of_turn: bool
    sailors: Sailors | None = None
    borrowing: Borrowing | None = None
    casting: Casting | None = None
    events: dict = field(default_factory=dict)   # deck id -> Deck
    trades: Trades | None = None
    abilities: dict = field(default_factory=dict)   # ability id -> Ability
    objectives: Objectives | None = None
    tie_breaks: tuple = ()
    readings: tuple = ()
    edition: str | None = None
    version: str | None = None
    description: str | None = None
    story: str | None = None
    headings: dict = field(default_factory=dict)    # rulebook section id -> its heading, as written (a name)

    #: A property mapped to ``Class.attribute`` is held by another class of the model (or, for ``Ruleset``, by
    #: the resolved ruleset): ``$schema`` and ``extends`` are read by the resolution (``Ruleset.chain``) and never
    #: reach the data; ``harbor`` is the first language's name of ``casting``, renamed by the resolution; a
    #: name's forms (``$defs/name``) are kept as written in each ``name`` and shown by :mod:`.names`.
    PLACES: ClassVar[dict] = {"": {"$schema": "Ruleset.chain", "extends": "Ruleset.chain", "harbor": "casting",
                                   "goal_rules": "check_revealed_at_end_of_turn"},
                              "/goal_rules": {"check_revealed_at_end_of_turn": "check_revealed_at_end_of_turn"},
                              "/headings": {"conversions": "headings"},
                              "/harbor": {k: "casting" for k in ("cast", "heading", "holder", "outcomes", "structure")},
                              "/harbor/cast": {"on_first_build": "Casting.on_first_build",
                                               "start_of_harbormaster_turn": "Casting.start_of_holder_turn"},
                              "#/$defs/name/*": {k: "Structure.name" for k in ("a", "heading", "name", "one", "plural",
                                                                               "short", "the")}}

    # -- what the readers ask -------------------------------------------------
    def resource(self, rid: str) -> Resource:
        return next(r for r in self.resources if r.id == rid)

    @property
    def workers_by_id(self) -> dict:
        return {w.id: w for w in self.workers}

    @property
    def pool_ids(self) -> tuple:
        return tuple(r.id for r in self.resources if r.kind == "pool")

    @property
    def coins_id(self) -> str | None:
        return next((r.id for r in self.resources if r.kind == "coins"), None)

    @property
    def any_of_requirements(self) -> bool:
        """Whether a structure requires one of several."""
        return any(s.requires.any_of for s in self.structures.values())

    def goal_vp(self, gid: str) -> int:
        return self.goals[gid].vp


def build(data: dict) -> ProvinceModel:
    """The model of resolved, checked Province data (``Ruleset.data``)."""
    comp = data["components"]
    players = comp["players"]
    coins = tuple(Coin(cid, c["value"], c["count"], c.get("symbol"), c.get("name"))
                  for cid, c in comp["coins"].items())
    components = Components(
        players=range(players["min"], players["max"] + 1) if isinstance(players, dict) else range(players, players + 1),
        structure_tokens=comp["structure_tokens"], goals_drawn=comp["goal_tokens"]["draw"], coins=coins,
        labor_tracker=bool(_get(comp, "components", "labor_tracker")), ship_tokens=_get(comp, "components", "ship_tokens"))
    resources = tuple(Resource.of(rid, r) for rid, r in data["resources"].items())
    workers = tuple(Worker(wid, w["count"], w["access"], w.get("name"), w.get("color"), tuple(w.get("start") or ()),
                           w.get("entry"), _seats(_get(w, "worker", "seats"))) for wid, w in data["workers"].items())
    cyc = data["work_cycle"]
    work_cycle = WorkCycle(tuple(Space(s["id"], Amount.of(s["yields"]), Amount.of(s.get("toll")), s.get("name"))
                                 for s in cyc["spaces"]), cyc["entry"])
    st = data["setup"]
    bid = st.get("bid")
    draft = st.get("draft")
    setup = Setup(
        first_player=st["first_player"], starting_coins=tuple(st["starting_coins"]),
        turn_order=_get(st, "setup", "turn_order"),
        given_structures=tuple((g["structure"], _get(g, "given_structure", "vp")) for g in st.get("given_structures") or ()),
        given_seats=tuple((g["structure"], tuple(g["seats"])) for g in st.get("given_structures") or () if g.get("seats")),
        bid=Bid(bid["in"], bid["max"], bool(_get(bid, "bid", "sealed")), _get(bid, "bid", "ties"), _get(bid, "bid", "pays"))
        if bid else None,
        draft=Draft(tuple(draft["structures"]), _get(draft, "draft", "picks"), _get(draft, "draft", "order"),
                    _get(draft, "draft", "vp")) if draft else None)
    turn = data.get("turn") or {}
    structures = {sid: Structure.of(sid, s) for sid, s in data["structures"].items()}
    conversions = {}
    for cid, c in (data.get("conversions") or {}).items():
        roll = c.get("roll")
        conversions[cid] = Conversion(cid, c.get("name"), Amount.of(c["pay"]), Amount.of(c["gain"]),
                                      bool(_get(c, "conversion", "always")), c.get("per_turn"),
                                      bool(_get(c, "conversion", "needs_payout")),
                                      Roll(_get(roll, "roll", "sides"), _get(roll, "roll", "at_least")) if roll else None)
    sc = data["scoring"]
    goals = {gid: Goal(gid, g.get("name"), Condition.of(g["condition"]), g["check"], g.get("vp", sc["goal_vp"]),
                       g.get("flavor"))
             for gid, g in (data.get("goals") or {}).items()}
    end = data["end"]
    conds = end["conditions"]
    kinds = [next(k for k in cond if k != "finish_turn") for cond in conds]
    end_conditions = []
    for i, cond in enumerate(conds):
        kind = kinds[i]
        arg = cond[kind]
        finish = True if kind == "clock" else cond.get("finish_turn", end["finish_turn"])
        end_conditions.append(EndCondition(
            kind, kind if kinds.count(kind) == 1 else f"{kind}#{i}", finish,
            Condition.of(arg) if kind == "player_condition" else None,
            (arg.get("turns") or 0) if kind == "clock" else 0, (arg.get("rounds") or 0) if kind == "clock" else 0))
    cb = sc.get("coin_bonus")
    scoring = Scoring(sc["goal_vp"], (cb["per"], cb["vp"]) if cb else None,
                      tuple(Measure(Condition.of({k: v for k, v in m.items() if k not in ("per", "vp", "if")}), m["vp"],
                                    _get(m, "measure", "per"), Condition.of(m.get("if")))
                            for m in sc.get("measures") or ()))
    op = data.get("other_players") or {}
    sailors = data.get("sailors")
    b = data.get("borrowing")
    h = data.get("casting")
    t = data.get("trades")
    objs = data.get("objectives")
    return ProvinceModel(
        id=data.get("id"), title=data.get("title"), language=data.get("language", "en"),
        components=components, resources=resources, workers=workers, work_cycle=work_cycle, setup=setup,
        turn=Turn(_get(turn, "turn", "builds"), _get(turn, "turn", "move_steps")),
        structures=structures, conversions=conversions, goals=goals,
        end=End(tuple(end_conditions), end["finish_turn"], bool(_get(end, "end", "finish_round"))),
        scoring=scoring,
        other_players=OtherPlayers(*(_get(op, "other_players", k) for k in ("make_change", "borrow_from", "revealed_goal"))),
        check_revealed_at_end_of_turn=bool(_get(data.get("goal_rules"), "goal_rules", "check_revealed_at_end_of_turn")),
        sailors=Sailors(sailors["supply"], sailors["count"], Amount.of(sailors["cost"]), sailors["per_turn"],
                        sailors.get("name"), tuple(sailors.get("worker_color") or ()), sailors.get("max_on_cycle"),
                        sailors.get("entry")) if sailors else None,
        borrowing=Borrowing(tuple(b["phases"]), Amount.of(b["repay"]), b["repay_same_turn"], b["take_from_opponent"],
                            b["penalty_vp"], _get(b, "borrowing", "per_turn"),
                            bool(_get(b, "borrowing", "repay_ends_effect")),
                            bool(_get(b, "borrowing", "penalty_during_game"))) if b else None,
        casting=Casting(h["structure"], h["holder"], h["heading"], h["cast"]["on_first_build"],
                        h["cast"]["start_of_holder_turn"],
                        tuple(Outcome(o["id"], o["white"], Amount.of(o["benefit"].get("income")),
                                      bool(o["benefit"].get("hire_sailor"))) for o in h["outcomes"])) if h else None,
        events={did: Deck(did, d.get("name"), "on_build" if isinstance(d["reveal"], dict) else d["reveal"], d["lasts"],
                          tuple(Card.of(c) for c in d["cards"]),
                          d["reveal"]["on_build"] if isinstance(d["reveal"], dict) else None)
                for did, d in (data.get("events") or {}).items()},
        trades=Trades(tuple((oid, Amount.of(o.get("give")), Amount.of(o.get("get"))) for oid, o in t["offers"].items()),
                      _get(t, "trades", "per_turn"), tuple(_get(t, "trades", "phases"))) if t else None,
        abilities={aid: Ability.of(aid, a) for aid, a in (data.get("abilities") or {}).items()},
        objectives=Objectives(tuple(Objective(oid, o.get("name"), Condition.of(o["condition"]), o["vp"],
                                              _get(o, "objective", "check"))
                                    for oid, o in objs["cards"].items()), objs["deal"],
                              objs.get("keep") or objs["deal"]) if objs else None,
        tie_breaks=tuple(data.get("tie_breaks") or ()), readings=tuple(data.get("readings") or ()),
        edition=data.get("edition"), version=data.get("version"), description=data.get("description"),
        story=data.get("story"), headings=dict(data.get("headings") or {}))


# ---------------------------------------------------------------------------
# The model of a resolved dict, for readers given the dict (the sentences take ``data``).

_CACHE: dict = {}
_CACHE_SIZE = 32


def model_of(data: dict) -> ProvinceModel:
    """The model of ``data`` (resolved Province data), built once per dict.

    Keyed by the dict's identity (the cache holds the dict, so its identity is not reused): resolved
    data is never changed in place (a test that perturbs a field changes a copy)."""
    found = _CACHE.get(id(data))
    if found is not None and found[0] is data:
        return found[1]
    model = build(data)
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[id(data)] = (data, model)
    return model


@lru_cache(maxsize=1)
def model_places() -> dict:
    """Every place of the schema a class of the model stands for, with its properties mapped to attributes."""
    out = {}
    for cls in (ProvinceModel, Components, Coin, Resource, Worker, Sailors, WorkCycle, Space, Setup, Bid, Draft, Turn,
                Structure, Vp, Requirements, Per, Effect, Condition, Conversion, Roll, Deck, Card, Borrowing, Trades,
                Ability, Casting, Outcome, Goal, Objective, Objectives, OtherPlayers, End, EndCondition, Measure, Scoring):
        for place, props in cls.PLACES.items():
            out.setdefault(place, []).append((cls, props))
    return out
