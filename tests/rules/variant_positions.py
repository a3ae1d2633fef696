"""Positions for the variants' tests: the small exhibitions' cards, a deck made of known
cards only, an exhibition ready to be held, and events by their names."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from helpers import game, setup, tokens_of
from thebes.rules import Event, GameState, Pile

LONDON_SMALL = 86  # needs 1 Greece and 2 Egypt artifacts; 3 weeks in London
PARIS_SMALL, BERLIN_SMALL, VIENNA_SMALL, MOSCOW_SMALL = 87, 88, 89, 90
FOR_LONDON_SMALL = tokens_of("Greece")[:1] + tokens_of("Egypt")[:2]


def with_deck(
    state: GameState,
    piles: Iterable[Pile],
    *,
    discard: Iterable[int] = (),
    face_up: Iterable[int] = (),
    exhibitions: Iterable[int] | None = None,
) -> GameState:
    """The same game with a deck made only of known cards: no unseen card, no reserve."""
    deck = replace(
        state.deck,
        unseen=(),
        piles=tuple(piles),
        reserve=None,
        discard=tuple(sorted(discard)),
        face_up=tuple(face_up),
    )
    if exhibitions is None:
        return replace(state, deck=deck)
    return replace(state, deck=deck, exhibitions=tuple(exhibitions))


def names(events: Iterable[Event]) -> list[str]:
    return [type(e).__name__ for e in events]


def exhibition_ready(*variants: str, display: Sequence[int] = (1, 2, 3, 4)) -> GameState:
    """Ann can hold the small London exhibition in slot a; the deck is set by each test."""
    state = replace(game(*variants, display=display), exhibitions=(LONDON_SMALL,))
    return setup(state, 0, tokens=FOR_LONDON_SMALL)
