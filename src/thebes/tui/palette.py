"""The colours on screen, told apart by colour-blind players too, and never alone.

A game file names each seat's colour (``red``, ``blue``, ``green``, ``yellow``, as the
printed game's pieces); the screen shows them in the Okabe-Ito palette (Okabe and Ito,
"Color Universal Design", 2002), whose colours people with any common colour-vision
deficiency can tell apart, where a terminal's own red and green are the pair one man in
twelve of European descent cannot. Wherever a colour marks a player, the player's name or
letter is there too (:func:`thebes.tui.panels.marks`), so a terminal without colour
(``--no-color``, ``NO_COLOR``, ``TERM=dumb``) loses nothing.
"""

from __future__ import annotations

# Okabe-Ito: vermillion, blue, bluish green, yellow; orange for the analysis' mistakes.
VERMILLION = "#D55E00"
BLUE = "#0072B2"
BLUISH_GREEN = "#009E73"
YELLOW = "#F0E442"
ORANGE = "#E69F00"
SKY_BLUE = "#56B4E9"

SEAT_COLOURS = {"red": VERMILLION, "blue": BLUE, "green": BLUISH_GREEN, "yellow": YELLOW}


def seat_colour(colour: str) -> str:
    """The colour a seat named ``colour`` in its game file is shown in."""
    return SEAT_COLOURS.get(colour, colour)


def seat_style(colour: str) -> str:
    """rich's style of a seat's name or mark."""
    return f"bold {seat_colour(colour)}"


def prompt_style(colour: str) -> str:
    """prompt_toolkit's style of a seat's name on a prompt."""
    return f"bold fg:{seat_colour(colour)}"
