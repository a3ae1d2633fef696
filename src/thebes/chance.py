"""Where the game's randomness comes from: one draw at a time from a public multiset.

Everything random in Thebes is a card leaving the draw pile or tokens leaving a bag. The
engine never rolls anything itself: it asks a :class:`Chance` for each draw, and checks that
the answer is a draw the pile or bag could have produced. A seeded :class:`SeededChance`
samples uniformly; a replay feeds recorded outcomes back; a test scripts exactly what comes
out (:class:`ScriptedChance`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Protocol

from thebes.model import Pile


class ImpossibleDraw(ValueError):
    """A chance outcome that the pile or bag could not have produced."""


class Chance(Protocol):
    def draw_card(self, pile: Pile, unseen: tuple[int, ...]) -> int:
        """The card drawn from the top of ``pile``.

        Each of the pile's ``hidden`` cards is any card of ``unseen`` with equal chance; each
        of its ``known`` cards is itself.
        """
        ...

    def draw_tokens(
        self, bag: tuple[int, ...], debris: int, count: int
    ) -> tuple[tuple[int, ...], int]:
        """Draw ``count`` tokens without replacement from ``bag`` plus ``debris`` debris.

        Returns the non-debris tokens drawn (sorted) and how many debris were drawn.
        """
        ...


class SeededChance:
    """Uniform draws from a seeded generator: the same seed gives the same draws."""

    __slots__ = ("_rng",)

    def __init__(self, seed: int | str) -> None:
        self._rng = random.Random(f"thebes-chance:{seed}")

    def draw_card(self, pile: Pile, unseen: tuple[int, ...]) -> int:
        pick = self._rng.randrange(pile.size)
        if pick < pile.hidden:
            return unseen[self._rng.randrange(len(unseen))]
        return pile.known[pick - pile.hidden]

    def draw_tokens(
        self, bag: tuple[int, ...], debris: int, count: int
    ) -> tuple[tuple[int, ...], int]:
        # Partial Fisher-Yates over positions; positions >= len(bag) are debris. Only
        # randrange is used, whose output for a given seed Python keeps stable.
        size = len(bag) + debris
        positions = list(range(size))
        found: list[int] = []
        debris_drawn = 0
        randrange = self._rng.randrange
        for i in range(count):
            j = randrange(i, size)
            positions[i], positions[j] = positions[j], positions[i]
            p = positions[i]
            if p < len(bag):
                found.append(bag[p])
            else:
                debris_drawn += 1
        found.sort()
        return tuple(found), debris_drawn


class ScriptedChance:
    """Draws given in advance, in order: for scenario tests and replays.

    Each card draw takes the next card of ``cards``; each dig takes the next entry of
    ``digs`` (the tokens found, and the number of debris). Running out is an error.
    """

    def __init__(
        self,
        cards: Iterable[int] = (),
        digs: Iterable[tuple[Sequence[int], int]] = (),
    ) -> None:
        self.cards = list(cards)
        self.digs = [(tuple(sorted(found)), debris) for found, debris in digs]

    def draw_card(self, pile: Pile, unseen: tuple[int, ...]) -> int:
        if not self.cards:
            raise ImpossibleDraw("no scripted card draw left")
        return self.cards.pop(0)

    def draw_tokens(
        self, bag: tuple[int, ...], debris: int, count: int
    ) -> tuple[tuple[int, ...], int]:
        if not self.digs:
            raise ImpossibleDraw("no scripted dig left")
        return self.digs.pop(0)
