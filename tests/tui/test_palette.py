"""The seats' colours are Okabe-Ito's, which colour-blind players tell apart, and never the
only mark of a seat: its letter and name are there with colour or without."""

from __future__ import annotations

import io

from rich.color import Color
from rich.console import Console

from helpers import start
from thebes.tui import panels
from thebes.tui.palette import SEAT_COLOURS, prompt_style, seat_style
from thebes.tui.screen import render_text

COLOURS = ["red", "blue", "green", "yellow"]


def test_the_four_seat_colours_are_okabe_itos() -> None:
    assert SEAT_COLOURS == {
        "red": "#D55E00",
        "blue": "#0072B2",
        "green": "#009E73",
        "yellow": "#F0E442",
    }
    assert len({Color.parse(colour).get_truecolor() for colour in SEAT_COLOURS.values()}) == 4
    assert seat_style("red") == "bold #D55E00" and prompt_style("blue") == "bold fg:#0072B2"


def test_each_seat_is_marked_by_its_letter_and_name_with_colour_or_without() -> None:
    state = start(players=4)
    names = [player.name for player in state.players]
    for colour in (True, False):
        shown = render_text(panels.standings(state, COLOURS), 80, colour=colour)
        for name, mark in zip(names, panels.marks(names), strict=True):
            assert f"{mark} {name}" in shown
        assert ("\x1b[" in shown) is colour
    coloured = render_text(panels.standings(state, COLOURS), 80, colour=True)
    assert "38;2;213;94;0" in coloured  # the vermillion of the first seat, in truecolour


def test_a_terminal_with_16_colours_leaves_the_truecolour_ones_their_colours() -> None:
    state = start(players=4)
    # A hosted table's first terminal has 16 colours: its vermillion is the nearest of them.
    sixteen = Console(color_system="standard", force_terminal=True, file=io.StringIO())
    sixteen.print(panels.standings(state, COLOURS))
    assert "\x1b[1;33mA Ann" in sixteen.file.getvalue()  # type: ignore[attr-defined]
    # The next has truecolour, and shows the seats' own colours.
    coloured = render_text(panels.standings(state, COLOURS), 80, colour=True)
    assert "38;2;213;94;0" in coloured and "\x1b[1;33m" not in coloured
