"""`help keys` names each label as the screen writes it, in every language: the cars'
label is the screen's ("voit" in French), not the card's name in sentences ("voiture")."""

from __future__ import annotations

import re

import pytest

from helpers import cards_of, setup, start
from thebes.language import speaking
from thebes.rules import Variants
from thebes.tui.keyshelp import keys_view
from thebes.tui.screen import ScreenInfo, game_screen, render_text

COLOURS = ("red", "blue")


@pytest.mark.parametrize("code", ["en", "de", "fr"])
def test_the_cars_label_in_help_keys_is_the_screens(code: str) -> None:
    # Ann holds both cars and no other card: her cards' line reads "assist 0 shovel 0 car 2".
    cars = cards_of("car")
    state = setup(start(2), 0, cards=cars)
    with speaking(code):
        screen = render_text(game_screen(state, ScreenInfo("T", COLOURS, "", []), 80, 24), 80)
        keys = render_text(keys_view(Variants()), 80)
    label = re.search(rf"\S+ 0 \S+ 0 (\S+) {len(cars)} \S+ 0", screen)
    assert label is not None, screen
    shown_keys = [line.strip().split("  ")[0] for line in keys.splitlines()]
    assert label.group(1) in shown_keys
