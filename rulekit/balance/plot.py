"""The strength curve drawn as SVG: ``rulekit simulate --plot FILE``.

:func:`curve_svg` lays out a :func:`rulekit.balance.simulate.curve` — each seat's share of the
decided games with its 95% interval, at each strength (one column per ``--bots``, in their order),
over the fairness band — and renders it with the package's template ``templates/curve.svg.j2``
(jinja2, autoescaped). The texts (title, axis labels, percentages, verdicts) come from the caller,
already translated; this module computes numbers only.

The geometry is fixed, so that a reader of the file can map it back: the plot area is the rectangle
of class ``plot-area``; a share ``s`` is drawn at ``y = area.y + (1 − s) × area.height``; the
strengths are evenly spaced columns, in order, left to right.
"""
from __future__ import annotations

from pathlib import Path

#: The drawing's size, in pixels.
WIDTH, HEIGHT = 720, 470
#: The plot area inside it.
LEFT, RIGHT, TOP, BOTTOM = 72, 24, 40, 126
#: The colour of the fairness band (drawn in the plot, and as the legend's swatch).
BAND_COLOR = "#cfe8cf"
#: A colour per seat, in turn order (the first seat's first).
SEAT_COLORS = ("#1f4e9c", "#b5471b", "#6a3d9a", "#2c7f7a", "#8c6d1f", "#444444")
#: The colour of each verdict's word under its column.
VERDICT_COLORS = {"fair": "#2e7d32", "unfair": "#b71c1c", "undecided": "#8a6d00", None: "#555555"}

TEMPLATES = Path(__file__).resolve().parent / "templates"


def _r(x: float) -> float:
    return round(x, 2)


def layout(curve: dict, seat_names=None) -> dict:
    """Every position of the drawing of ``curve`` (no text but ``seat_names``, one per seat)."""
    players = curve["players"]
    area = {"x": LEFT, "y": TOP, "width": WIDTH - LEFT - RIGHT, "height": HEIGHT - TOP - BOTTOM}

    def y(share: float) -> float:
        return _r(area["y"] + (1 - share) * area["height"])

    columns = max(1, len(curve["points"]))
    step = area["width"] / columns
    # With several seats, each seat's point a little apart in its column, the first seat's leftmost.
    spread = min(14.0, step / (players + 1))
    lo, hi = curve["band"]
    out = {
        "width": WIDTH, "height": HEIGHT, "area": area,
        "band": {"y": y(hi), "height": _r(y(lo) - y(hi)), "low": lo, "high": hi},
        "fair": {"y": y(1 / players), "share": 1 / players},
        "ticks": [{"share": s, "y": y(s)} for s in (0.0, 0.25, 0.5, 0.75, 1.0)],
        "columns": [], "points": [], "legend": [],
        "band_legend": {"x": area["x"], "y": HEIGHT - 42, "color": BAND_COLOR},
    }
    for i, point in enumerate(curve["points"]):
        x = area["x"] + (i + 0.5) * step
        out["columns"].append({"index": i, "x": _r(x), "strength": point["strength"], "bots": point["bots"],
                               "verdict": point["verdict"], "games": point["games"], "decided": point["decided"],
                               "color": VERDICT_COLORS.get(point["verdict"], "#555555")})
        shares = point["shares"]
        seats = range(players) if players > 2 else range(1)       # two players: the first seat's share says it all
        for k in seats:
            if shares[k] is None:
                continue
            px = x + (k - (len(seats) - 1) / 2) * spread
            low, high = point["ci95"][k]
            out["points"].append({"strength": point["strength"], "index": i, "seat": k, "x": _r(px),
                                  "share": shares[k], "low": low, "high": high,
                                  "y": y(shares[k]), "y_low": y(low), "y_high": y(high),
                                  "color": SEAT_COLORS[k % len(SEAT_COLORS)]})
    # The legend's row: the band's swatch first (at its left), then, with more than two players, a point per seat.
    if players > 2:
        start = area["x"] + area["width"] * 0.45
        for k in range(players):
            out["legend"].append({"seat": k, "x": _r(start + 10 + k * (area["width"] * 0.55 / players)),
                                  "y": HEIGHT - 42, "color": SEAT_COLORS[k % len(SEAT_COLORS)],
                                  "label": seat_names[k] if seat_names else str(k + 1)})
    return out


def curve_svg(curve: dict, texts: dict) -> str:
    """The SVG text of ``curve``. ``texts``: ``title``, ``x_label``, ``y_label``, ``band`` (the band in
    words), ``percent`` (a function: share -> text), ``verdicts`` (verdict -> word), ``strength`` (optional: a set of bots -> its
    label under its column), ``point`` (a
    function ``(strength, seat, share, low, high)`` -> a point's tooltip), ``share`` (optional: a share ->
    the figure written beside its point, with two players), ``seats`` (one name per seat) and ``games``
    (optional: ``(games, decided)`` -> the count written under each column)."""
    import jinja2

    geo = layout(curve, texts.get("seats"))
    pct = texts["percent"]
    for tick in geo["ticks"]:
        tick["label"] = pct(tick["share"])
    geo["band"]["label"] = texts["band"]
    geo["band_legend"]["label"] = texts["band"]
    for column in geo["columns"]:
        column["label"] = texts["strength"](column["bots"]) if "strength" in texts else column["strength"]
        column["verdict_text"] = texts["verdicts"].get(column["verdict"], "")
        column["games_text"] = texts["games"](column["games"], column["decided"]) if "games" in texts else ""
    for point in geo["points"]:
        point["label"] = texts["point"](point["strength"], point["seat"], point["share"], point["low"], point["high"])
        # With two players, one point a column: its share written beside it.
        point["text"] = texts["share"](point["share"]) if curve["players"] == 2 and "share" in texts else ""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=True, trim_blocks=True,
                             lstrip_blocks=True, keep_trailing_newline=True, undefined=jinja2.StrictUndefined)
    text = env.get_template("curve.svg.j2").render(title=texts["title"], x_label=texts["x_label"],
                                                     y_label=texts["y_label"], **geo)
    return text.lstrip()
