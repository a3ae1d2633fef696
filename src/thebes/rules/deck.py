"""The researcher deck: staged draw piles, the reserve, the discard pile and the displays.

Rules S6/S7 (setting up the staged piles), K1 (drawing and reshuffling), K2/D9 (drawn
exhibitions entering the exhibition queue), K3 (the discard pile). Drawing asks a
:class:`~thebes.chance.Chance` which card comes off the top pile and checks the answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from thebes.card_kinds import CardKind
from thebes.chance import Chance, ImpossibleDraw
from thebes.components import DISPLAY_SLOTS, EXHIBITION_SLOTS, Catalog
from thebes.model import (
    NO_CARD,
    CardRevealed,
    Deck,
    DeckReshuffled,
    Event,
    ExhibitionRevealed,
    Pile,
    SlotLeftEmpty,
)
from thebes.rules.tableau import add_sorted, remove_one

# S7 (D2): with 2 players, 40 on top and 41 below.
TWO_PLAYER_TOP = 40


def initial_deck(catalog: Catalog, player_count: int) -> Deck:
    """The deck before the display is dealt: every researcher card unseen (S6, S7).

    The four display cards come off the unseen cards first, so the piles are sized for the
    81 that remain.
    """
    unseen = tuple(sorted(catalog.researcher_ids))
    rest = len(unseen) - DISPLAY_SLOTS
    small = tuple(sorted(catalog.small_exhibition_ids))
    large = tuple(sorted(catalog.large_exhibition_ids))
    display_pile = Pile(DISPLAY_SLOTS, ())
    if player_count == 2:
        piles = (
            display_pile,
            Pile(TWO_PLAYER_TOP, ()),
            Pile(rest - TWO_PLAYER_TOP, tuple(sorted(small + large))),
        )
        reserve = None
    else:
        stack = rest // 3
        piles = (display_pile, Pile(stack, ()), Pile(stack, small))
        reserve = Pile(rest - 2 * stack, large)
    return Deck(unseen=unseen, piles=piles, reserve=reserve, discard=(), reshuffles=0)


@dataclass(slots=True)
class Table:
    """The deck and both displays while one action changes them."""

    deck: Deck
    display: list[int]
    exhibitions: list[int]
    events: list[Event] = field(default_factory=list)

    def draw(self, chance: Chance, catalog: Catalog) -> int:
        """Take the top card of the draw pile, reshuffling first if it is empty (K1).

        Returns NO_CARD if no card is left to draw. Decision P9: the discard pile (with the
        reserve, the first time) is only reshuffled when it holds a researcher card; a pile of
        exhibitions alone would chase itself through the exhibition display for ever.
        """
        deck = self.deck
        piles = deck.piles
        while piles and piles[0].size == 0:
            piles = piles[1:]
        if not piles:
            if deck.reserve is not None:
                pile = Pile(deck.reserve.hidden, tuple(sorted(deck.reserve.known + deck.discard)))
                with_reserve = True
            else:
                pile = Pile(0, deck.discard)
                with_reserve = False
            if not _holds_researcher_card(pile, catalog):
                self.deck = Deck(deck.unseen, (), deck.reserve, deck.discard, deck.reshuffles)
                return NO_CARD
            self.events.append(DeckReshuffled(pile.size, with_reserve))
            piles = (pile,)
            deck = Deck(deck.unseen, piles, None, (), deck.reshuffles + 1)
        pile = piles[0]
        card = chance.draw_card(pile, deck.unseen)
        unseen = deck.unseen
        if card in pile.known:
            pile = Pile(pile.hidden, remove_one(pile.known, card))
        elif pile.hidden > 0 and card in unseen:
            pile = Pile(pile.hidden - 1, pile.known)
            unseen = remove_one(unseen, card)
        else:
            raise ImpossibleDraw(f"card {card} cannot be drawn: it is not in the draw pile")
        self.deck = Deck(unseen, (pile, *piles[1:]), deck.reserve, deck.discard, deck.reshuffles)
        return card

    def fill_slot(self, slot: int, chance: Chance, catalog: Catalog) -> None:
        """Draw into display slot ``slot`` until a researcher card lands there (K1, K2)."""
        while True:
            card = self.draw(chance, catalog)
            if card == NO_CARD:
                self.display[slot] = NO_CARD
                self.events.append(SlotLeftEmpty(slot))
                return
            if catalog.card(card).kind is CardKind.EXHIBITION:
                self.exhibitions.insert(0, card)
                pushed_out = NO_CARD
                if len(self.exhibitions) > EXHIBITION_SLOTS:
                    pushed_out = self.exhibitions.pop()
                    self.discard(pushed_out)
                self.events.append(ExhibitionRevealed(card, pushed_out))
                continue
            self.display[slot] = card
            self.events.append(CardRevealed(slot, card))
            return

    def discard(self, *cards: int) -> None:
        deck = self.deck
        self.deck = Deck(
            deck.unseen, deck.piles, deck.reserve, add_sorted(deck.discard, *cards), deck.reshuffles
        )


def _holds_researcher_card(pile: Pile, catalog: Catalog) -> bool:
    return pile.hidden > 0 or any(
        catalog.card(c).kind is not CardKind.EXHIBITION for c in pile.known
    )
