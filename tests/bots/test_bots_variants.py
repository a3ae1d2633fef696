"""Computer players under the variants of 2004 (V1-V5): what greedy reads from the face-up
cards and makes of a renewal, of an exhibition that renews the display and of a known card
about to fill a slot; whole games under every variant with nothing but legal actions; and
choices that follow from public facts only (the unseen cards as a multiset, never an order).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from helpers import CAT, cards_of, setup, start, tokens_of
from thebes.bots import GreedyPlayer, SearchBudget, StrongPlayer, make_bot
from thebes.bots.greedy import EXCHANGE_SHARE, ActionJudge
from thebes.rules import (
    SETUP,
    VARIANT_NAMES,
    Action,
    Exchange,
    Exhibit,
    GameState,
    Pile,
    Renew,
    SeededChance,
    TakeCard,
    Variants,
    active_seat,
    apply,
    is_over,
    legal_actions,
    new_game,
)

JUDGE = ActionJudge(CAT)
SHOVELS = cards_of("shovel")  # worth nothing to greedy in these positions
# Ann's fifth point in Greece, a week away from Rome each (Berlin, Vienna): the best cards
# she could get (about 9 VP of outlook each, by greedy's reckoning).
GREECE_BOOKS_1 = cards_of("book", "Greece", 1)[:2]
ALL = Variants.from_names(VARIANT_NAMES)


def value_of(state: GameState, action: Action) -> float:
    legal = legal_actions(state)
    assert action in legal
    return JUDGE.values(state, legal)[legal.index(action)]


def choice(state: GameState) -> Action:
    return GreedyPlayer().choose(state, legal_actions(state))


def with_deck(
    state: GameState,
    variants: Variants,
    *,
    face_up: tuple[int, ...] = (),
    set_aside: tuple[int, ...] = (),
) -> GameState:
    """``state`` under ``variants``, with ``face_up`` lying face up on the draw pile (V5) and
    the ``set_aside`` cards (with the face-up ones) out of the unseen cards, in the discard
    pile: seen by everyone, so in no pile. The top pile loses as many hidden cards."""
    deck = state.deck
    unseen = list(deck.unseen)
    for card in face_up + set_aside:
        unseen.remove(card)
    taken = len(face_up) + len(set_aside)
    piles = list(deck.piles)
    for i, pile in enumerate(piles):
        out = min(taken, pile.hidden)
        piles[i] = Pile(pile.hidden - out, pile.known)
        taken -= out
    assert taken == 0
    return replace(
        state,
        variants=variants,
        deck=replace(
            deck,
            unseen=tuple(unseen),
            piles=tuple(piles),
            discard=tuple(sorted(deck.discard + set_aside)),
            face_up=face_up,
        ),
    )


def ann_in_rome(bob_week: int = 30) -> GameState:
    """Ann in Rome, week 10 of 1901, with two Greek books (2 each); Bob later on the track.
    The display is four shovels, which add nothing to Ann's outlook."""
    state = start(2, display=SHOVELS[:4])
    state = setup(state, 0, cards=cards_of("book", "Greece", 2)[:2], location="Rome", week=10)
    return setup(state, 1, week=bob_week)


# ---------------------------------------------------------------- renewals and the preview


def test_greedy_renews_a_worthless_display_where_it_stands() -> None:
    # Rome: an exchange needs 2 weeks to Warsaw and 1 there; a renewal 2 weeks here. The
    # unseen cards hold Ann's majority books, the display nothing.
    base = ann_in_rome()
    assert choice(base) == Exchange()
    renewing = replace(base, variants=Variants(renew_anywhere=True))
    assert choice(renewing) == Renew()
    assert value_of(renewing, Renew()) > value_of(renewing, Exchange())


def test_greedy_renews_for_good_face_up_cards_and_not_for_worthless_ones() -> None:
    # Nothing is left to draw but the two face-up cards (the rest was seen and discarded),
    # so a renewal brings exactly those two. Bob is at week 14: a shovel taken (5 weeks
    # from Rome) would let him move before Ann could use the card it reveals.
    def only_face_up(face_up: tuple[int, ...]) -> GameState:
        state = ann_in_rome(bob_week=14)
        rest = tuple(c for c in state.deck.unseen if c not in face_up)
        variants = Variants(renew_anywhere=True, card_preview=True)
        return with_deck(state, variants, face_up=face_up, set_aside=rest)

    good = only_face_up(tuple(GREECE_BOOKS_1))
    assert choice(good) == Renew()
    worthless = only_face_up(tuple(SHOVELS[4:6]))
    assert choice(worthless) not in (Renew(), Exchange())
    # The two books promise Ann over 8 VP more than the two shovels; a renewal is valued at
    # greedy's share of what its cards promise.
    assert value_of(good, Renew()) > value_of(worthless, Renew()) + 8.0 * EXCHANGE_SHARE


def test_the_value_of_an_exchange_follows_the_face_up_cards() -> None:
    # The same cards unseen in both positions; only which two lie face up differs.
    both = (*GREECE_BOOKS_1, *SHOVELS[4:6])
    preview = Variants(card_preview=True)
    good = with_deck(ann_in_rome(), preview, face_up=tuple(GREECE_BOOKS_1), set_aside=both[2:])
    poor = with_deck(ann_in_rome(), preview, face_up=both[2:], set_aside=tuple(GREECE_BOOKS_1))
    assert good.deck.unseen == poor.deck.unseen
    assert value_of(good, Exchange()) > value_of(poor, Exchange()) + 1.0


def test_a_known_card_filling_the_slot_counts_when_the_taker_moves_again() -> None:
    # Ann takes the shovel in slot 1 (London: 2 weeks' travel and 3 there) and is still
    # behind Bob, so she moves next: the Greek book that fills the slot is hers to take then.
    preview = Variants(card_preview=True)
    poor = (SHOVELS[4], SHOVELS[5])
    good = (GREECE_BOOKS_1[0], SHOVELS[5])
    take = TakeCard(0)
    behind = [with_deck(ann_in_rome(), preview, face_up=f) for f in (good, poor)]
    assert value_of(behind[0], take) > value_of(behind[1], take) + 1.0
    # With Bob at week 15 too, Ann arrives on top of him and still moves first (T2).
    tied = [with_deck(ann_in_rome(bob_week=15), preview, face_up=f) for f in (good, poor)]
    assert value_of(tied[0], take) > value_of(tied[1], take) + 1.0
    # With Bob at week 14 he moves after her take and may take the book first.
    ahead = [with_deck(ann_in_rome(bob_week=14), preview, face_up=f) for f in (good, poor)]
    assert value_of(ahead[0], take) == value_of(ahead[1], take)


def exhibition_ready(display: tuple[int, ...]) -> GameState:
    """Ann in London with the artifacts of the London exhibition (on offer in slot a)."""
    london_small = CAT.small_exhibition_ids[0]  # London: 1 Greece, 2 Egypt
    artifacts = tokens_of("Greece", value=1)[:1] + tokens_of("Egypt", value=1)[:2]
    state = setup(start(2, display=display), 0, tokens=artifacts, location="London", week=10)
    state = setup(state, 1, week=30)
    return replace(state, exhibitions=(london_small,))


def test_an_exhibition_that_renews_the_display_is_worth_the_new_display() -> None:
    renewing = Variants(renew_after_exhibition=True)
    # A worthless display and Ann's books still unseen: the renewal adds to the exhibition.
    worthless = exhibition_ready(tuple(SHOVELS[:4]))
    gain = value_of(replace(worthless, variants=renewing), Exhibit(0)) - value_of(
        worthless, Exhibit(0)
    )
    assert gain > 1.0
    # A display holding the Greek books and nothing good left unseen: the renewal loses them.
    good_display = (*GREECE_BOOKS_1, *SHOVELS[:2])
    good = exhibition_ready(good_display)
    rest = tuple(c for c in good.deck.unseen if c not in SHOVELS)
    good = with_deck(good, Variants(), set_aside=rest)
    loss = value_of(good, Exhibit(0)) - value_of(replace(good, variants=renewing), Exhibit(0))
    assert loss > 1.0


# ---------------------------------------------------------------- whole games


def play_checked(variants: Variants, levels: tuple[str, str], seed: int) -> Counter[str]:
    """A whole 2-player game; every choice is checked against the engine's legal actions.
    Returns how often each kind of action was chosen."""
    state, _ = new_game(CAT, ["A", "B"], SeededChance.for_action(seed, SETUP), variants)
    budget = SearchBudget(candidates=2, playouts=2, horizon=8)
    players = [
        StrongPlayer(seed, seat, budget) if level == "strong" else make_bot(level, seed, seat)
        for seat, level in enumerate(levels)
    ]
    kinds: Counter[str] = Counter()
    while not is_over(state):
        seat = active_seat(state)
        assert seat is not None
        legal = legal_actions(state)
        action = players[seat].choose(state, legal)
        assert action in legal, (variants.names, seat, action)
        kinds[type(action).__name__] += 1
        state, _ = apply(state, action, SeededChance.for_action(seed, state.actions_taken))
    return kinds


@pytest.mark.parametrize("name", [*VARIANT_NAMES, "all"])
def test_bots_play_whole_games_under_every_variant_with_legal_actions_only(name: str) -> None:
    variants = ALL if name == "all" else Variants.from_names([name])
    kinds = play_checked(variants, ("greedy", "random"), 11)
    kinds += play_checked(variants, ("strong", "greedy"), 12)
    if variants.renew_anywhere:
        assert kinds["Renew"] > 0  # the new action is played, not only listed
    else:
        assert kinds["Renew"] == 0


# ---------------------------------------------------------------- public facts only


def positions_under_all_variants() -> list[GameState]:
    """Positions of a greedy game under every variant, a few weeks apart."""
    state, _ = new_game(CAT, ["A", "B"], SeededChance.for_action(4, SETUP), ALL)
    positions: list[GameState] = []
    greedy = GreedyPlayer()
    while not is_over(state) and len(positions) < 6:
        if state.actions_taken % 7 == 5 and state.deck.face_up:
            positions.append(state)
        action = greedy.choose(state, legal_actions(state))
        state, _ = apply(state, action, SeededChance.for_action(4, state.actions_taken))
    assert len(positions) == 6
    return positions


def stored_otherwise(state: GameState) -> GameState:
    """The same public facts with the unseen cards and the bags kept in reverse order."""
    deck = replace(state.deck, unseen=state.deck.unseen[::-1])
    return replace(state, deck=deck, bags=tuple(bag[::-1] for bag in state.bags))


def test_greedy_values_do_not_depend_on_how_the_unseen_cards_are_stored() -> None:
    for state in positions_under_all_variants():
        legal = legal_actions(state)
        assert JUDGE.values(stored_otherwise(state), legal) == JUDGE.values(state, legal)


def test_strong_choices_do_not_depend_on_how_the_unseen_cards_are_stored() -> None:
    budget = SearchBudget(candidates=3, playouts=3, horizon=10)
    for state in positions_under_all_variants():
        seat = active_seat(state)
        assert seat is not None
        legal = legal_actions(state)
        mine = StrongPlayer(8, seat, budget).choose(state, legal)
        assert StrongPlayer(8, seat, budget).choose(stored_otherwise(state), legal) == mine
