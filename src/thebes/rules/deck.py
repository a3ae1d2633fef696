"""The researcher deck: staged draw piles, the reserve, the discard pile and the displays.

Rules S6/S7 (setting up the staged piles), K1 (drawing and reshuffling), K2/D9 (drawn
exhibitions entering the exhibition queue), K3 (the discard pile), and the variant V5 (the
top two cards lie face up). Drawing asks a :class:`~thebes.rules.chance.Chance` which card comes
off the top pile and checks the answer.
"""

from __future__ import annotations

from bisect import bisect_left

from thebes.catalog.components import DISPLAY_SLOTS, EXHIBITION_SLOTS, Catalog
from thebes.catalog.kinds import CardKind
from thebes.rules.chance import Chance, ImpossibleDraw
from thebes.rules.events import (
    CardDrawnAndDiscarded,
    CardRevealed,
    CardTurnedUp,
    DeckReshuffled,
    Event,
    ExhibitionRevealed,
    SlotLeftEmpty,
)
from thebes.rules.state import NO_CARD, Deck, Pile
from thebes.rules.tableau import add_sorted, remove_one
from thebes.rules.tables import tables_of

# S7 (D2): with 2 players, 40 on top and 41 below.
TWO_PLAYER_TOP = 40
PREVIEW_CARDS = 2  # V5


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


class CardsInPlay:
    """The deck and both displays while one action changes them.

    The deck is held in its parts, changed in place while the action draws, and made a
    :class:`~thebes.rules.state.Deck` again when asked (:attr:`deck`): an exchange draws four
    cards, and a deck value built after each draw would cost more than the draws.
    """

    __slots__ = (
        "_discard",
        "_face_up",
        "_piles",
        "_reserve",
        "_reshuffles",
        "_unseen",
        "display",
        "events",
        "exhibitions",
        "preview",
    )

    def __init__(
        self,
        deck: Deck,
        display: list[int],
        exhibitions: list[int],
        events: list[Event] | None = None,
        preview: bool = False,  # V5: keep the top two cards of the draw pile face up
    ) -> None:
        self.display = display
        self.exhibitions = exhibitions
        self.events = events  # None: nobody reads them
        self.preview = preview
        self._unseen = deck.unseen
        self._piles = deck.piles
        self._reserve = deck.reserve
        self._discard = deck.discard
        self._reshuffles = deck.reshuffles
        self._face_up = deck.face_up

    @property
    def deck(self) -> Deck:
        return Deck(
            self._unseen,
            self._piles,
            self._reserve,
            self._discard,
            self._reshuffles,
            self._face_up,
        )

    def draw(self, chance: Chance, catalog: Catalog) -> int:
        """Take the top card of the draw pile, reshuffling first if it is empty (K1).

        Returns NO_CARD if no card is left to draw. Decision P9: the discard pile (with the
        reserve, the first time) is only reshuffled when it holds a researcher card; a pile of
        exhibitions alone would chase itself through the exhibition display for ever.

        With V5 the face-up cards are the top of the draw pile: the first of them is drawn,
        and the next face-down card is turned up in its place (P13).
        """
        if not self.preview:
            return self._draw_face_down(chance, catalog, True)
        face_up = self._face_up
        if not face_up:
            card = self._draw_face_down(chance, catalog, True)
        else:
            card = face_up[0]
            self._face_up = face_up[1:]
        self.turn_up(chance, catalog)
        return card

    def turn_up(self, chance: Chance, catalog: Catalog) -> None:
        """V5: turn up face-down cards until two lie face up or none is left face down (a
        reshuffle waits until a card must be drawn, as K1 says)."""
        while len(self._face_up) < PREVIEW_CARDS:
            card = self._draw_face_down(chance, catalog, False)
            if card == NO_CARD:
                return
            self._face_up = (*self._face_up, card)
            if self.events is not None:
                self.events.append(CardTurnedUp(card))

    def _draw_face_down(self, chance: Chance, catalog: Catalog, reshuffle: bool) -> int:
        piles = self._piles
        while piles and not (piles[0].hidden or piles[0].known):
            piles = piles[1:]
        if not piles:
            if not reshuffle:
                return NO_CARD
            reserve = self._reserve
            if reserve is not None:
                pile = Pile(reserve.hidden, tuple(sorted(reserve.known + self._discard)))
            else:
                pile = Pile(0, self._discard)
            if not _holds_researcher_card(pile, catalog):
                self._piles = ()
                return NO_CARD
            if self.events is not None:
                self.events.append(DeckReshuffled(pile.size, reserve is not None))
            piles = (pile,)
            self._reserve = None
            self._discard = ()
            self._reshuffles += 1
        card, pile, self._unseen = draw_from(piles[0], self._unseen, chance)
        self._piles = (pile, *piles[1:])
        return card

    def fill_slot(self, slot: int, chance: Chance, catalog: Catalog) -> None:
        """Draw into display slot ``slot`` until a researcher card lands there (K1, K2)."""
        exhibition = tables_of(catalog).exhibition
        while True:
            card = (
                self.draw(chance, catalog)
                if self.preview
                else self._draw_face_down(chance, catalog, True)
            )
            if card == NO_CARD:
                self.display[slot] = NO_CARD
                if self.events is not None:
                    self.events.append(SlotLeftEmpty(slot))
                return
            if exhibition[card]:
                self.show_exhibition(card)
                continue
            self.display[slot] = card
            if self.events is not None:
                self.events.append(CardRevealed(slot, card))
            return

    def discard(self, *cards: int) -> None:
        self._discard = add_sorted(self._discard, *cards)

    def clear_display(self) -> tuple[int, ...]:
        """Discard the display cards (A2, V2, V3) and return them; :meth:`fill_display`
        deals the new ones."""
        old = tuple(filter(None, self.display))  # NO_CARD, 0, marks an empty slot
        self.discard(*old)
        self.display = [NO_CARD] * DISPLAY_SLOTS
        return old

    def fill_display(self, chance: Chance, catalog: Catalog) -> None:
        """Fill every display slot, as :meth:`fill_slot` does one by one.

        While the top pile holds cards (nearly always: an exchange draws four of dozens),
        they are drawn here straight from it; what is left (empty piles, a reshuffle, V5's
        face-up cards) goes to :meth:`fill_slot`.
        """
        slot = 0
        if not self.preview:
            exhibition = tables_of(catalog).exhibition
            piles, unseen, events = self._piles, self._unseen, self.events
            while slot < DISPLAY_SLOTS and piles and (piles[0].hidden or piles[0].known):
                card, top, unseen = draw_from(piles[0], unseen, chance)
                piles = (top, *piles[1:])
                if exhibition[card]:
                    self.show_exhibition(card)  # K2; the slot waits for the next card
                    continue
                self.display[slot] = card
                if events is not None:
                    events.append(CardRevealed(slot, card))
                slot += 1
            self._piles, self._unseen = piles, unseen
        for rest in range(slot, DISPLAY_SLOTS):
            self.fill_slot(rest, chance, catalog)

    def draw_for_exhibitions(self, chance: Chance, catalog: Catalog) -> None:
        """V4: draw one card; an exhibition enters the queue (K2), any other card is
        discarded (nothing happens if no card can be drawn, P9)."""
        card = self.draw(chance, catalog)
        if card == NO_CARD:
            return
        if catalog.card(card).kind is CardKind.EXHIBITION:
            self.show_exhibition(card)
        else:
            self.discard(card)
            if self.events is not None:
                self.events.append(CardDrawnAndDiscarded(card))

    def show_exhibition(self, card: int) -> None:
        """K2, D9: the exhibition enters slot a; a fourth pushes slot c's out."""
        self.exhibitions.insert(0, card)
        pushed_out = NO_CARD
        if len(self.exhibitions) > EXHIBITION_SLOTS:
            pushed_out = self.exhibitions.pop()
            self.discard(pushed_out)
        if self.events is not None:
            self.events.append(ExhibitionRevealed(card, pushed_out))


def draw_from(
    pile: Pile, unseen: tuple[int, ...], chance: Chance
) -> tuple[int, Pile, tuple[int, ...]]:
    """The card drawn from ``pile`` (which holds one), the pile after, and the unseen
    researcher cards after; an answer of ``chance`` the pile could not give is refused."""
    card = chance.draw_card(pile, unseen)
    known = pile.known
    if known and card in known:
        return card, Pile(pile.hidden, remove_one(known, card)), unseen
    # unseen is sorted: a binary search finds the card sooner than a scan of sixty
    i = bisect_left(unseen, card)
    if not pile.hidden or i == len(unseen) or unseen[i] != card:
        raise ImpossibleDraw(f"card {card} cannot be drawn: it is not in the draw pile")
    return card, Pile(pile.hidden - 1, known), unseen[:i] + unseen[i + 1 :]


def draw_from_top(deck: Deck, chance: Chance) -> tuple[int, Deck] | None:
    """The top card of the draw pile and the deck after it, when the top pile holds a card
    and none lies face up (V5); None otherwise (:class:`CardsInPlay` does the rest: empty
    piles, reshuffles, face-up cards). Taking a card needs no more, nearly always."""
    piles = deck.piles
    if not piles or deck.face_up:
        return None
    pile = piles[0]
    if not (pile.hidden or pile.known):
        return None
    card, pile, unseen = draw_from(pile, deck.unseen, chance)
    after = Deck(unseen, (pile, *piles[1:]), deck.reserve, deck.discard, deck.reshuffles, ())
    return card, after


def _holds_researcher_card(pile: Pile, catalog: Catalog) -> bool:
    return pile.hidden > 0 or any(
        catalog.card(c).kind is not CardKind.EXHIBITION for c in pile.known
    )
