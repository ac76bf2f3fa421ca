"""The seats' colours on the page stay apart for colour-blind players.

The palette is read from the page's script; each colour is passed through a simulation of deuteranopia
and protanopia (Machado, Oliveira and Fernandes 2009, severity 1, on linear RGB), and every two colours
must stay apart in CIELAB (ΔE*76) with normal sight and under both simulations."""
from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "rulekit" / "web" / "static" / "app.js"

MACHADO = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
}
#: The least ΔE*76 between two seats' colours: told apart at a glance (2.3 is a just-noticeable difference).
LEAST = 15


def palette() -> list[str]:
    text = SCRIPT.read_text(encoding="utf-8")
    seats = re.search(r"SEAT_COLORS = \[([^\]]*)\]", text).group(1)
    shared = re.search(r'SHARED_COLOR = "(#[0-9A-Fa-f]{6})"', text).group(1)
    return re.findall(r'"(#[0-9A-Fa-f]{6})"', seats) + [shared]


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lab(hex_color: str, sight: str) -> tuple:
    rgb = [_linear(int(hex_color[i:i + 2], 16) / 255) for i in (1, 3, 5)]
    m = MACHADO[sight]
    rgb = [min(1.0, max(0.0, sum(m[r][k] * rgb[k] for k in range(3)))) for r in range(3)]
    x = 0.4124 * rgb[0] + 0.3576 * rgb[1] + 0.1805 * rgb[2]
    y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
    z = 0.0193 * rgb[0] + 0.1192 * rgb[1] + 0.9505 * rgb[2]

    def f(t):
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x / 0.95047), f(y / 1.0), f(z / 1.08883)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta(a, b) -> float:
    return sum((p - q) ** 2 for p, q in zip(a, b)) ** 0.5


def test_the_palette_is_read_from_the_page():
    colors = palette()
    assert len(colors) >= 4 and len(set(colors)) == len(colors)


@pytest.mark.parametrize("sight", sorted(MACHADO))
def test_every_two_seats_stay_apart(sight):
    colors = palette()
    close = [(a, b, round(delta(lab(a, sight), lab(b, sight)), 1))
             for a, b in itertools.combinations(colors, 2)
             if delta(lab(a, sight), lab(b, sight)) < LEAST]
    assert not close, f"too close with {sight}: {close}"


def test_the_simulation_does_confuse_red_and_green():
    """The check can fail: a red and a green that everyone else tells apart are close for both."""
    red, green = "#CC3333", "#4C9900"
    assert delta(lab(red, "normal"), lab(green, "normal")) > 60
    for sight in ("protanopia", "deuteranopia"):
        assert delta(lab(red, sight), lab(green, sight)) < delta(lab(red, "normal"), lab(green, "normal")) / 2
