"""The card preview (V5) and its decisions (P13, and P9 with it): two cards face up on the
draw pile, drawn first.

Every test plays a position set up by hand, with the draws scripted, and checks what the
rulebook's text says should happen against what the engine did."""

from __future__ import annotations

from variant_positions import PARIS_SMALL, VIENNA_SMALL, exhibition_ready, names, with_deck

from helpers import CAT, NAMES, game, of_type, play
from thebes.rules import (
    NO_VARIANTS,
    CardRevealed,
    CardTaken,
    CardTurnedUp,
    DeckReshuffled,
    Event,
    ExhibitionRevealed,
    GameState,
    Pile,
    ScriptedChance,
    SlotLeftEmpty,
    Variants,
    new_game,
)


def after_the_take(events: tuple[Event, ...]) -> tuple[Event, ...]:
    [taken] = of_type(events, CardTaken)
    return events[events.index(taken) + 1 :]


def _face_down(state: GameState) -> int:
    return sum(p.size for p in state.deck.piles)


def test_V5_P13_two_cards_are_turned_up_once_the_display_is_dealt() -> None:
    chance = ScriptedChance(cards=[1, 2, 3, 4, 5, 6])
    state, events = new_game(CAT, NAMES[:2], chance, Variants(card_preview=True))
    assert events == (
        CardRevealed(0, 1),
        CardRevealed(1, 2),
        CardRevealed(2, 3),
        CardRevealed(3, 4),
        CardTurnedUp(5),
        CardTurnedUp(6),
    )
    deck = state.deck
    assert state.display == (1, 2, 3, 4) and deck.face_up == (5, 6)
    # Committed when turned up: no longer unseen, in no pile, but still in the draw pile.
    assert 5 not in deck.unseen and 6 not in deck.unseen and len(deck.unseen) == 85 - 6
    assert not any({5, 6} & set(p.known) for p in deck.piles)
    assert sum(p.hidden for p in deck.piles) == len(deck.unseen)
    # 85 researcher cards, 4 of them dealt, and the 10 exhibitions (S7).
    assert deck.draw_size == 85 - 4 + 10 == game().deck.draw_size
    assert _face_down(state) == deck.draw_size - 2


def test_V5_without_the_variant_no_card_is_turned_up() -> None:
    chance = ScriptedChance(cards=[1, 2, 3, 4, 5, 6])
    state, events = new_game(CAT, NAMES[:2], chance, NO_VARIANTS)
    assert state.deck.face_up == () and chance.cards == [5, 6]
    assert not of_type(events, CardTurnedUp)


def test_V5_P13_a_draw_takes_the_first_face_up_card_and_turns_up_the_next() -> None:
    state = game("card-preview", display=(1, 2, 3, 4), face_up=(5, 6))
    chance = ScriptedChance(cards=[7])  # the only card the chance is asked for
    state, events = play(state, "take 1", chance)
    assert chance.cards == []
    assert state.display == (5, 2, 3, 4) and state.deck.face_up == (6, 7)
    assert CardRevealed(0, 5) in events and of_type(events, CardTurnedUp) == [CardTurnedUp(7)]
    assert 7 not in state.deck.unseen and len(state.deck.unseen) == 85 - 7
    assert state.deck.draw_size == 85 - 4 + 10 - 1


def test_V5_P13_the_four_new_cards_of_an_exchange_begin_with_the_face_up_ones() -> None:
    state = game("card-preview", "renew-anywhere", display=(1, 2, 3, 4), face_up=(5, 6))
    after, events = play(state, "exchange", ScriptedChance(cards=[7, 8, 9, 10]))
    assert after.display == (5, 6, 7, 8) and after.deck.face_up == (9, 10)
    assert of_type(events, CardTurnedUp) == [CardTurnedUp(c) for c in (7, 8, 9, 10)]
    # A renewal (V3) deals the same way.
    after, _ = play(state, "renew", ScriptedChance(cards=[7, 8, 9, 10]))
    assert after.display == (5, 6, 7, 8) and after.deck.face_up == (9, 10)


def test_V5_P13_a_face_up_exhibition_is_drawn_in_its_turn_into_the_queue() -> None:
    state = game("card-preview", display=(1, 2, 3, 4))
    state = with_deck(state, [Pile(0, (6, 7))], face_up=(PARIS_SMALL, 5))
    state, events = play(state, "take 1", ScriptedChance(cards=[6, 7]))
    assert state.exhibitions == (PARIS_SMALL,) and state.display == (5, 2, 3, 4)
    assert state.deck.face_up == (6, 7)
    assert names(events)[2:] == [
        "CardTurnedUp",
        "ExhibitionRevealed",
        "CardTurnedUp",
        "CardRevealed",
    ]


def test_V5_P13_fewer_cards_lie_face_up_and_the_reshuffle_waits_for_a_draw() -> None:
    state = game("card-preview", display=(1, 2, 3, 4))
    state = with_deck(state, [Pile(0, (9,))], face_up=(5, 6), discard=(40, 41, 42))
    # 1. Card 5 is drawn; 9, the last face-down card, is turned up.
    state, events = play(state, "take 1", ScriptedChance(cards=[9]))
    assert state.deck.face_up == (6, 9) and _face_down(state) == 0
    # 2. and 3. Card 6, then 9: nothing is left face down, and there is no reshuffle yet.
    for face_up in ((9,), ()):
        state, events = play(state, "take 1", ScriptedChance())
        assert state.deck.face_up == face_up and state.deck.draw_size == len(face_up)
        assert not of_type(events, DeckReshuffled) and not of_type(events, CardTurnedUp)
        assert state.deck.discard == (40, 41, 42)
    assert state.display[0] == 9
    # 4. Now a card must be drawn and none is left: the discard pile becomes the draw pile,
    # its top card is drawn and the next two are turned up.
    state, events = play(state, "take 1", ScriptedChance(cards=[41, 40, 42]))
    assert after_the_take(events) == (
        DeckReshuffled(3, False),
        CardTurnedUp(40),
        CardTurnedUp(42),
        CardRevealed(0, 41),
    )
    assert state.display[0] == 41 and state.deck.face_up == (40, 42)
    assert state.deck.discard == () and _face_down(state) == 0


def test_V5_P9_with_nothing_to_reshuffle_the_slot_stays_empty() -> None:
    state = game("card-preview", display=(1, 2, 3, 4))
    state = with_deck(state, [], face_up=(), discard=(VIENNA_SMALL,))
    state, events = play(state, "take 1", ScriptedChance())
    assert SlotLeftEmpty(0) in events and state.display == (0, 2, 3, 4)
    assert state.deck.face_up == () and state.deck.discard == (VIENNA_SMALL,)


def test_V5_with_more_exhibitions_the_extra_card_is_the_face_up_one() -> None:
    state = exhibition_ready("card-preview", "more-exhibitions")
    state = with_deck(state, [Pile(0, (7,))], face_up=(PARIS_SMALL, 5))
    state, events = play(state, "exhibit a", ScriptedChance(cards=[7]))
    assert state.exhibitions == (PARIS_SMALL,) and state.deck.face_up == (5, 7)
    assert events[2:] == (CardTurnedUp(7), ExhibitionRevealed(PARIS_SMALL, 0))
