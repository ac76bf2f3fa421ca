"""Check a Provisions ruleset and report every problem at FILE:LINE:COL.

Two kinds of checks, as for Province's language (:mod:`rulekit.language.validation`), whose
wording of the schema's errors is reused here:

- the JSON Schema of the family (``schema.json`` beside this module, draft 2020-12);
- what a schema cannot say: every colour a card names is a good of the ruleset, a prospector
  asks for at least one good, each deck holds the cards listed (no more, no fewer) and enough
  to deal, the player counts are in order and within what the decks can serve, a seat compensation
  gives one value per player for a number of players the game allows, once.

The checks never assume the data is well formed: a part that is not is the schema's to report.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from ...errors import Problem
from ...i18n import _, ngettext
from .. import validation as province_validation
from ..yamlload import join

SCHEMA_PATH = Path(__file__).resolve().parent / "schema.json"


@lru_cache(maxsize=1)
def schema() -> dict:
    """The family's JSON Schema, read once."""
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def validator():
    """The compiled validator (a decimal such as 5.0 is not a whole number, as in Province's)."""
    return province_validation._StrictValidator(schema())


#: The digests of the data this schema found valid (:func:`rulekit.language.validation.schema_errors`).
_VALID: dict = {}


def check_resolution(res) -> list[Problem]:
    """Every problem of a resolved Provisions file (schema, then meaning), sorted, each once."""
    checker = _Checker(res)
    for error in province_validation.schema_errors(res.data, validator(), _VALID):
        for pointer, message in checker.translate(error):
            checker.add(pointer, message)
    checker.semantic_problems()
    return sorted(set(checker.problems))


def _dict(value) -> dict:
    return value if isinstance(value, dict) else {}


def _int(value):
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class _Checker(province_validation._Checker):
    """Province's checker for its reporting and its wording of schema errors; the meaning is ours."""

    def semantic_problems(self):
        d = self.data
        self.colours = list(_dict(d.get("goods")))
        self.check_players()
        self.check_production()
        self.check_bonus()
        self.check_prospectors()
        self.check_row()
        self.check_compensation()

    def colour(self, pointer, value):
        if isinstance(value, str) and value not in self.colours:
            self.add(pointer, _("unknown color {colour}: the goods are {colours}").format(
                colour=province_validation._show(value), colours=", ".join(self.colours)))

    def deck(self, pointer, name, listed):
        size = _int(_dict(self.data.get(name)).get("deck"))
        if size is not None and listed != size:
            if listed > size:
                message = _("more cards than the deck holds: {listed} listed, the deck holds {size}")
            else:
                message = _("fewer cards than the deck holds: {listed} listed, the deck holds {size}")
            self.add(pointer, message.format(listed=listed, size=size))
        return size

    def check_players(self):
        players = _dict(self.data.get("players"))
        lo, hi = _int(players.get("min")), _int(players.get("max"))
        if lo is not None and hi is not None and lo > hi:
            self.add("/players/min", _("the fewest players ({min}) is more than the most ({max})").format(min=lo, max=hi))

    def max_players(self):
        hi = _int(_dict(self.data.get("players")).get("max"))
        return hi if hi is not None and 2 <= hi <= 5 else None

    def check_production(self):
        cards = self.data.get("production", {}).get("cards") if isinstance(self.data.get("production"), dict) else None
        if not isinstance(cards, list):
            return
        listed = sum(_int(c.get("copies", 1)) or 0 for c in cards if isinstance(c, dict))
        size = self.deck("/production/cards", "production", listed)
        if size is not None and self.colours and size < len(self.colours):
            self.add("/production/deck", _("the production deck holds {size} cards, fewer than the {num} suppliers "
                                           "that each get one a month").format(size=size, num=len(self.colours)))

    def check_bonus(self):
        bonus = _dict(self.data.get("bonus"))
        cards = bonus.get("cards")
        if not isinstance(cards, dict):
            return
        for bid, objectives in cards.items():
            for i, obj in enumerate(objectives if isinstance(objectives, list) else ()):
                most = obj.get("most") if isinstance(obj, dict) else None
                if isinstance(most, list):
                    for j, c in enumerate(most):
                        self.colour(join(join(join(join("/bonus/cards", bid), i), "most"), j), c)
        size = self.deck("/bonus/cards", "bonus", len(cards))
        deal, hi = _int(bonus.get("deal")), self.max_players()
        if size is not None and deal is not None and hi is not None and deal * hi > size:
            self.add("/bonus/deal", _("{deal} bonus cards for each of {players} players is more cards than the "
                                      "deck holds ({size})").format(deal=deal, players=hi, size=size))

    def check_prospectors(self):
        cards = _dict(self.data.get("prospectors")).get("cards")
        if not isinstance(cards, dict):
            return
        for pid, card in cards.items():
            if not isinstance(card, dict):
                continue
            pointer = join("/prospectors/cards", pid)
            asks = card.get("asks")
            if isinstance(asks, list):
                if not asks:
                    self.add(join(pointer, "asks"), _("prospector {id} asks for no goods: a prospector asks for "
                                                     "at least one").format(id=pid))
                for j, c in enumerate(asks):
                    self.colour(join(join(pointer, "asks"), j), c)
            self.colour(join(pointer, "contract"), card.get("contract"))
        self.deck("/prospectors/cards", "prospectors", len(cards))

    def check_row(self):
        row = _dict(self.data.get("customer_row"))
        size, discard = _int(row.get("size")), _int(row.get("discard_at_setup", 0))
        deck = _int(_dict(self.data.get("prospectors")).get("deck"))
        if size is not None and discard is not None and deck is not None and size + discard > deck:
            self.add("/customer_row/size", _("the customer row and the discard pile take {num} cards at setup, "
                                             "more than the prospector deck holds ({size})").format(
                                                 num=size + discard, size=deck))
        sup = _dict(self.data.get("suppliers"))
        cap, low = _int(sup.get("capacity")), _int(sup.get("minimum"))
        for pointer, value in (("/suppliers/minimum", low),
                               ("/suppliers/larger_game/minimum", _int(_dict(sup.get("larger_game")).get("minimum")))):
            if cap is not None and value is not None and value > cap:
                self.add(pointer, _("the minimum ({minimum}) is more than a production area holds ({capacity})").format(
                    minimum=value, capacity=cap))

    def check_compensation(self):
        entries = self.data.get("compensation")
        if not isinstance(entries, list):
            return
        players = _dict(self.data.get("players"))
        lo, hi = _int(players.get("min")), _int(players.get("max"))
        seen = set()
        for i, entry in enumerate(entries):
            if not isinstance(entry, dict):
                continue
            pointer = join("/compensation", i)
            count, points = _int(entry.get("players")), entry.get("points")
            if count is None or not 2 <= count <= 5:
                continue                      # the schema's to report
            if count in seen:
                self.add(join(pointer, "players"), _("a second seat compensation for {players} players: give each "
                                                     "number of players once").format(players=count))
            seen.add(count)
            if lo is not None and hi is not None and not lo <= count <= hi:
                self.add(join(pointer, "players"), _("a seat compensation for {players} players, but the game is "
                                                     "for {min} to {max} players").format(players=count, min=lo,
                                                                                          max=hi))
            if isinstance(points, list) and points and len(points) != count:
                self.add(join(pointer, "points"), ngettext(
                    "{listed} compensation value for {players} players: give one per player, the first player's first",
                    "{listed} compensation values for {players} players: give one per player, the first player's first",
                    len(points)).format(listed=len(points), players=count))
