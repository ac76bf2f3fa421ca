"""The loaded rules of a Provisions ruleset: immutable, checked, ready for the engine.

:class:`ProvisionsRules` is a :class:`rulekit.language.Ruleset` (so what generic code reads
from one is there: ``id``, ``title``, ``data``, ``source``, ``chain``, ``sha256``,
``player_counts``, ``min_players``, ``max_players``) with the game's parts read out of the
data into tuples: the goods, the production deck, the months, the bonus cards, the prospector
cards. It is built only from data that :mod:`.validation` found without problem.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ..ruleset import Ruleset

#: The value of ``family`` that names this family of the language.
FAMILY = "provisions"
#: The events a month may begin with (the schema's ``event``).
EVENTS = ("discard", "vigilantes_leave", "rush")
#: ``most: sales`` in a bonus objective: prospectors provisioned, not goods.
SALES = "sales"


class Good(NamedTuple):
    id: str          # the colour
    name: str        # the good, as the ruleset names it
    cubes: int       # in the box


class Month(NamedTuple):
    id: str
    name: str
    turns: int       # actions each player takes in the month
    event: str | None


class Objective(NamedTuple):
    goods: tuple     # the colours counted, combined; () for the number of sales
    points: int

    @property
    def sales(self) -> bool:
        return not self.goods


class Prospector(NamedTuple):
    id: str
    asks: tuple      # the provisions strip: one colour per good asked
    points: int
    contract: str    # the colour of the contract good


@dataclass(frozen=True)
class ProvisionsRules(Ruleset):
    """A Provisions ruleset, resolved and checked. Parts as tuples, in the order written."""

    goods: tuple = ()                 # Good, one per colour (one supplier each)
    capacity: int = 5                 # most goods in a production area
    minimum: int = 1                  # production areas topped up to this before production
    larger_game: tuple | None = None  # (players, minimum): from that many players on
    production_cards: tuple = ()      # one int per card in the deck: +n produced, -n stolen
    spaces: int = 3                   # stock spaces per colour
    give: int = 2                     # goods given for one the vigilantes have
    swap: bool = True                 # one for one, a colour they lack
    row_size: int = 6
    discard_at_setup: int = 1
    months: tuple = ()                # Month
    deal: int = 3
    bonus_cards: tuple = ()           # (id, (Objective, ...)) in the order written
    prospectors: tuple = ()           # Prospector in the order written
    compensation: tuple = ()          # (players, points per place in turn order), a house rule; () for none
    decks: dict = field(default_factory=dict, compare=False)  # deck -> declared size

    family = FAMILY
    #: The first player is a seat the players choose (the holder of the gold nugget), never drawn.
    first_random = False

    @classmethod
    def from_data(cls, id: str, data: dict, source=None, chain=(), positions=None) -> "ProvisionsRules":
        goods = tuple(Good(c, g["name"], g["cubes"]) for c, g in data["goods"].items())
        sup = data["suppliers"]
        larger = sup.get("larger_game")
        cards = []
        for card in data["production"]["cards"]:
            amount = card["produce"] if "produce" in card else -card["steal"]
            cards.extend([amount] * card.get("copies", 1))
        months = tuple(Month(m["id"], m.get("name", m["id"]), m["turns"], m.get("event"))
                       for m in data["months"])
        bonus = tuple((bid, tuple(Objective(() if o["most"] == SALES else tuple(o["most"]), o["points"])
                                  for o in objectives))
                      for bid, objectives in data["bonus"]["cards"].items())
        pros = tuple(Prospector(pid, tuple(p["asks"]), p["points"], p["contract"])
                     for pid, p in data["prospectors"]["cards"].items())
        row = data["customer_row"]
        compensation = tuple((c["players"], tuple(c["points"])) for c in data.get("compensation", ()))
        return cls(id=id, data=data, source=source, chain=tuple(chain), positions=positions or {},
                   goods=goods, capacity=sup["capacity"], minimum=sup["minimum"],
                   larger_game=(larger["players"], larger["minimum"]) if larger else None,
                   production_cards=tuple(cards), spaces=data["store"]["spaces"],
                   give=data["vigilantes"]["give"], swap=bool(data["vigilantes"]["swap"]),
                   row_size=row["size"], discard_at_setup=row.get("discard_at_setup", 0),
                   months=months, deal=data["bonus"]["deal"], bonus_cards=bonus, prospectors=pros,
                   compensation=compensation,
                   decks={"production": data["production"]["deck"], "bonus": data["bonus"]["deck"],
                          "prospectors": data["prospectors"]["deck"]})

    @property
    def player_counts(self) -> range:
        """How many may play (``players: {min, max}``)."""
        players = self.data["players"]
        return range(players["min"], players["max"] + 1)

    @property
    def colours(self) -> tuple:
        """The goods' colours, in the order written (each a supplier)."""
        return tuple(g.id for g in self.goods)

    @property
    def total_goods(self) -> int:
        """Every cube in the box."""
        return sum(g.cubes for g in self.goods)

    def compensation_for(self, players: int) -> tuple:
        """The seat compensation at ``players`` players: points added to the final score of each place
        in the turn order, the first player's first; all zero when the ruleset gives none for that number."""
        for count, points in self.compensation:
            if count == players:
                return points
        return (0,) * players

    def minimum_for(self, players: int) -> int:
        """What each production area is topped up to before production, at ``players`` players."""
        if self.larger_game and players >= self.larger_game[0]:
            return self.larger_game[1]
        return self.minimum
