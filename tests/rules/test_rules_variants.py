"""The optional rules of 2004 (V1-V5) and the decisions taken for them (P10-P14).

Every test plays a position set up by hand, with the draws scripted, and checks what the
rulebook's text says should happen against what the engine did; the same position without the
variant shows that the variant is what made the difference. The card preview (V5, P13):
test_rules_card_preview.py.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

import pytest
from variant_positions import (
    BERLIN_SMALL,
    LONDON_SMALL,
    MOSCOW_SMALL,
    PARIS_SMALL,
    VIENNA_SMALL,
    exhibition_ready,
    names,
    with_deck,
)

from helpers import (
    CAT,
    NAMES,
    REPO,
    cards_of,
    dig_chance,
    game,
    loc,
    of_type,
    play,
    region,
    setup,
    tokens_of,
)
from thebes.records.illegal_words import illegal_line
from thebes.records.narration import narrate
from thebes.records.notation import NotationError, format_action, parse_action
from thebes.rules import (
    END_TIME,
    NO_VARIANTS,
    RENEW_WEEKS,
    VARIANT_NAMES,
    CardDrawnAndDiscarded,
    CardRevealed,
    CardTaken,
    DeckReshuffled,
    DisplayExchanged,
    DisplayRenewed,
    Dug,
    Event,
    ExhibitionHeld,
    ExhibitionRevealed,
    Illegal,
    IllegalAction,
    NotLegal,
    Pile,
    Renew,
    Retire,
    Retired,
    ScriptedChance,
    SeededChance,
    SlotLeftEmpty,
    Travelled,
    Variants,
    action_cost,
    apply,
    exchange_price,
    legal_actions,
    why_illegal,
)
from thebes.tournament.bot_games import play_random_game

EGYPT = region("Egypt")
EGYPT_BOOKS = cards_of("book", "Egypt", 3)  # two books of 3: 6 knowledge, 5 tokens in 6 weeks
RULEBOOK = REPO / "docs" / "rules.md"


# ---------------------------------------------------------------- the variants themselves


def test_variants_are_named_as_the_rulebook_names_them_in_its_order() -> None:
    headings = re.findall(r"^### V(\d) — ([a-z-]+) ", RULEBOOK.read_text(encoding="utf-8"), re.M)
    assert [int(n) for n, _ in headings] == [1, 2, 3, 4, 5]
    assert tuple(name for _, name in headings) == VARIANT_NAMES


def test_no_variants_is_false_and_any_variant_is_true() -> None:
    assert not Variants() and not NO_VARIANTS and Variants() == NO_VARIANTS
    assert Variants().names == ()
    for name in VARIANT_NAMES:
        assert Variants.from_names([name])
        assert Variants.from_names([name]).names == (name,)


def test_variant_names_round_trip_in_the_rulebooks_order() -> None:
    every = Variants.from_names(reversed(VARIANT_NAMES))
    assert every.names == VARIANT_NAMES
    assert every == Variants(True, True, True, True, True)
    assert Variants.from_names(["card-preview", "steady-digs"]).names == (
        "steady-digs",
        "card-preview",
    )
    assert Variants.from_names([]) == NO_VARIANTS


@pytest.mark.parametrize("wrong", ["nope", "steady_digs", "Steady-Digs", "all", ""])
def test_an_unknown_variant_name_is_a_value_error_naming_it(wrong: str) -> None:
    with pytest.raises(ValueError, match=f"no variant {wrong!r}") as refused:
        Variants.from_names(["steady-digs", wrong])
    assert "card-preview" in str(refused.value)  # it lists the names there are


def test_a_game_without_variants_is_the_game_it_always_was() -> None:
    for seed in range(3):
        assert play_random_game(CAT, 3, seed) == play_random_game(CAT, 3, seed, NO_VARIANTS)
    state = game()
    assert state.variants == NO_VARIANTS and state.deck.face_up == ()
    assert Renew() not in legal_actions(state)


# ---------------------------------------------------------------- V2 renew after exhibition


def test_V2_after_an_exhibition_the_display_is_discarded_and_dealt_again() -> None:
    state = with_deck(exhibition_ready("renew-after-exhibition"), [Pile(0, (5, 6, 7, 8, 9))])
    state, events = play(state, "exhibit a", ScriptedChance(cards=[8, 5, 9, 6]))
    assert state.display == (8, 5, 9, 6)
    assert state.deck.discard == (1, 2, 3, 4)
    assert state.deck.piles == (Pile(0, (7,)),)
    assert events == (
        Travelled(0, loc("Warsaw"), loc("London"), 2, False),
        ExhibitionHeld(0, LONDON_SMALL, 2 + 3),
        DisplayRenewed(-1, (1, 2, 3, 4), 0),  # by nobody, for no weeks
        CardRevealed(0, 8),
        CardRevealed(1, 5),
        CardRevealed(2, 9),
        CardRevealed(3, 6),
    )
    assert state.players[0].time == 2 + 3  # the renewal costs Ann nothing
    assert state.players[0].exhibitions == (LONDON_SMALL,)


def test_V2_an_exhibition_drawn_in_the_renewal_joins_the_queue() -> None:
    state = with_deck(
        exhibition_ready("renew-after-exhibition"), [Pile(0, (5, 6, 7, 8, PARIS_SMALL))]
    )
    state, events = play(state, "exhibit a", ScriptedChance(cards=[5, PARIS_SMALL, 6, 7, 8]))
    assert state.display == (5, 6, 7, 8) and state.exhibitions == (PARIS_SMALL,)
    assert names(events)[2:] == [
        "DisplayRenewed",
        "CardRevealed",
        "ExhibitionRevealed",
        "CardRevealed",
        "CardRevealed",
        "CardRevealed",
    ]


def test_V2_a_slot_no_card_can_fill_stays_empty_and_the_old_cards_come_back_P9() -> None:
    # The draw pile is empty: the discarded display is reshuffled (K1) and dealt again.
    state = with_deck(exhibition_ready("renew-after-exhibition"), [])
    state, events = play(state, "exhibit a", ScriptedChance(cards=[3, 1, 4, 2]))
    assert DeckReshuffled(4, False) in events and state.display == (3, 1, 4, 2)
    # One researcher card and an exhibition: once they are drawn, only the exhibition
    # could be reshuffled, so the other slots stay empty (P9).
    state = replace(exhibition_ready("renew-after-exhibition"), display=(1, 0, 0, 0))
    state = with_deck(state, [], discard=[VIENNA_SMALL])
    state, events = play(state, "exhibit a", ScriptedChance(cards=[1, VIENNA_SMALL]))
    assert state.display == (1, 0, 0, 0) and state.exhibitions == (VIENNA_SMALL,)
    assert events[2:] == (
        DisplayRenewed(-1, (1,), 0),
        DeckReshuffled(2, False),
        CardRevealed(0, 1),
        ExhibitionRevealed(VIENNA_SMALL, 0),
        SlotLeftEmpty(1),
        SlotLeftEmpty(2),
        SlotLeftEmpty(3),
    )


def test_V2_without_the_variant_an_exhibition_leaves_the_display_alone() -> None:
    state = with_deck(exhibition_ready(), [Pile(0, (5, 6, 7, 8))])
    state, events = play(state, "exhibit a", ScriptedChance())
    assert state.display == (1, 2, 3, 4) and state.deck.discard == ()
    assert names(events) == ["Travelled", "ExhibitionHeld"]


# ---------------------------------------------------------------- V3 renew anywhere, P11


def test_V3_P11_renewing_costs_2_weeks_where_the_player_stands() -> None:
    state = setup(game("renew-anywhere", display=(1, 2, 3, 4)), 0, location="Crete")
    state = with_deck(state, [Pile(0, (5, 6, 7, 8, 9))])
    assert legal_actions(state)[-1] == Renew()  # the last of the list before 1903
    assert action_cost(state, Renew()) == RENEW_WEEKS == 2
    state, events = play(state, "renew", ScriptedChance(cards=[9, 8, 7, 6]))
    assert events == (
        DisplayRenewed(0, (1, 2, 3, 4), 2),
        CardRevealed(0, 9),
        CardRevealed(1, 8),
        CardRevealed(2, 7),
        CardRevealed(3, 6),
    )
    ann = state.players[0]
    assert ann.location == loc("Crete") and ann.time == 2  # no journey, not to Warsaw
    assert state.display == (9, 8, 7, 6) and state.deck.discard == (1, 2, 3, 4)
    assert state.deck.piles == (Pile(0, (5,)),)


def test_V3_renew_is_listed_before_retire_in_the_last_year() -> None:
    state = setup(game("renew-anywhere"), 1, year=1903, week=30)
    state = setup(state, 0, year=1903, week=10)
    assert legal_actions(state)[-2:] == (Renew(), Retire())


def test_V3_a_renewal_may_end_on_the_end_square_but_not_pass_it() -> None:
    state = setup(game("renew-anywhere"), 1, year=1903, week=52)
    state = setup(state, 0, year=1903, week=51)
    assert END_TIME - state.players[0].time == 2 and Renew() in legal_actions(state)
    after, _ = play(state, "renew")
    assert after.players[0].time == END_TIME
    state = setup(state, 0, year=1903, week=52)
    assert Renew() not in legal_actions(state)
    assert why_illegal(state, Renew()) == NotLegal(Illegal.TOO_FEW_WEEKS, weeks=2, left=1)


def test_V3_renewing_is_refused_without_the_variant_or_without_a_card() -> None:
    plain = game()
    reason = "renewing the display is the variant renew-anywhere, not played in this game"
    assert Renew() not in legal_actions(plain)
    assert why_illegal(plain, Renew()) == NotLegal(Illegal.RENEW_NOT_PLAYED)
    with pytest.raises(IllegalAction) as refused:
        apply(plain, Renew(), SeededChance(0))
    assert refused.value.refusal == NotLegal(Illegal.RENEW_NOT_PLAYED)
    assert illegal_line(refused.value.refusal, plain) == reason  # as a player reads it
    # P4, P11: like an exchange, a renewal needs at least one card in the display.
    empty = replace(game("renew-anywhere"), display=(0, 0, 0, 0))
    assert Renew() not in legal_actions(empty)
    assert why_illegal(empty, Renew()) == NotLegal(Illegal.NOTHING_TO_RENEW)
    one = replace(game("renew-anywhere"), display=(0, 0, 77, 0))
    assert Renew() in legal_actions(one)


def test_V3_P11_renewing_neither_raises_nor_resets_the_price_of_an_exchange_D4() -> None:
    state = setup(game("renew-anywhere"), 1, year=1902)  # Bob far ahead: Ann plays on
    state, _ = play(state, "exchange")
    assert state.exchange_streak == 1 and exchange_price(state, 0) == 2
    state, _ = play(state, "renew")
    assert state.exchange_streak == 1 and exchange_price(state, 0) == 2  # not reset...
    state, events = play(state, "exchange")
    assert of_type(events, DisplayExchanged)[0].weeks == 2  # ... and not raised
    assert exchange_price(state, 0) == 3
    # Renewing first does not make the first exchange dearer.
    state = setup(game("renew-anywhere"), 1, year=1902)
    state, _ = play(state, "renew")
    assert state.exchange_streak == 0 and exchange_price(state, 0) == 1


def test_V3_D4_another_players_renewal_is_another_players_turn() -> None:
    state = setup(game("renew-anywhere"), 1, week=2)
    state, _ = play(state, "exchange")  # Ann: week 1 to 2
    state = setup(state, 0, week=5)  # Bob's turn now
    state, _ = play(state, "renew")  # Bob
    assert state.last_actor == 1 and exchange_price(state, 0) == 1


def test_V3_no_zeppelin_for_a_renewal_P3() -> None:
    assert format_action(Renew(), CAT.regions) == "renew"
    assert parse_action("  ReNeW ", CAT.regions) == Renew()
    assert not Renew().zeppelin
    with pytest.raises(NotationError, match="'renew' takes no argument"):
        parse_action("renew 2", CAT.regions)
    with pytest.raises(NotationError, match=r"unknown option \+zeppelin here \(allowed: none\)"):
        parse_action("renew +zeppelin", CAT.regions)


def test_V3_D8_a_player_who_can_renew_is_not_forced_to_retire() -> None:
    # Ann in London with 2 weeks left; the display's cards are all further away than that.
    for variants, legal, forced in (
        (("renew-anywhere",), (Renew(), Retire()), False),
        ((), (Retire(),), True),
    ):
        state = setup(game(*variants, display=(82, 83, 84, 85)), 1, year=1903, week=52)
        state = setup(state, 0, year=1903, week=51, location="London")
        assert legal_actions(state) == legal
        _, events = play(state, "retire")
        assert events[0] == Retired(0, forced)


# ---------------------------------------------------------------- V4 more exhibitions


def test_V4_an_exhibition_drawn_after_an_exhibition_enters_slot_a() -> None:
    state = with_deck(
        exhibition_ready("more-exhibitions"),
        [Pile(0, (5, PARIS_SMALL))],
        exhibitions=(LONDON_SMALL, BERLIN_SMALL),
    )
    state, events = play(state, "exhibit a", ScriptedChance(cards=[PARIS_SMALL]))
    assert state.exhibitions == (PARIS_SMALL, BERLIN_SMALL)  # newest first (K2, D9)
    assert state.display == (1, 2, 3, 4)  # the display is not touched
    assert events[1:] == (
        ExhibitionHeld(0, LONDON_SMALL, 2 + 3),
        ExhibitionRevealed(PARIS_SMALL, 0),
    )
    assert state.deck.piles == (Pile(0, (5,)),)


def test_V4_a_researcher_card_drawn_after_an_exhibition_is_discarded() -> None:
    state = with_deck(exhibition_ready("more-exhibitions"), [Pile(0, (5, PARIS_SMALL))])
    state, events = play(state, "exhibit a", ScriptedChance(cards=[5]))
    assert events[-1] == CardDrawnAndDiscarded(5)
    assert state.deck.discard == (5,) and state.exhibitions == ()
    assert state.display == (1, 2, 3, 4)
    assert 5 not in state.players[0].cards


def test_V4_P9_with_no_card_to_draw_nothing_happens() -> None:
    state = with_deck(exhibition_ready("more-exhibitions"), [], discard=[VIENNA_SMALL])
    state, events = play(state, "exhibit a", ScriptedChance())
    assert names(events) == ["Travelled", "ExhibitionHeld"]
    assert state.deck.discard == (VIENNA_SMALL,) and state.exhibitions == ()
    # With a researcher card in the discard pile, it is reshuffled and drawn (K1).
    state = with_deck(exhibition_ready("more-exhibitions"), [], discard=[VIENNA_SMALL, 40])
    state, events = play(state, "exhibit a", ScriptedChance(cards=[VIENNA_SMALL]))
    assert events[2:] == (DeckReshuffled(2, False), ExhibitionRevealed(VIENNA_SMALL, 0))
    assert state.deck.piles == (Pile(0, (40,)),)


def test_V4_without_the_variant_an_exhibition_draws_nothing() -> None:
    state = with_deck(exhibition_ready(), [Pile(0, (5, PARIS_SMALL))])
    state, events = play(state, "exhibit a", ScriptedChance())
    assert names(events) == ["Travelled", "ExhibitionHeld"]
    assert state.deck.piles == (Pile(0, (5, PARIS_SMALL)),)


# ---------------------------------------------------------------- P10 both after one exhibition


def test_P10_the_display_is_renewed_first_then_the_extra_card_is_drawn() -> None:
    state = with_deck(
        exhibition_ready("renew-after-exhibition", "more-exhibitions"),
        [Pile(0, (5, 6, 7, 8, PARIS_SMALL, MOSCOW_SMALL))],
        exhibitions=(LONDON_SMALL, BERLIN_SMALL, VIENNA_SMALL),
    )
    chance = ScriptedChance(cards=[MOSCOW_SMALL, 5, 6, 7, 8, PARIS_SMALL])
    state, events = play(state, "exhibit a", chance)
    assert events[1:] == (
        ExhibitionHeld(0, LONDON_SMALL, 2 + 3),
        DisplayRenewed(-1, (1, 2, 3, 4), 0),
        ExhibitionRevealed(MOSCOW_SMALL, 0),  # the queue: Moscow, Berlin, Vienna
        CardRevealed(0, 5),
        CardRevealed(1, 6),
        CardRevealed(2, 7),
        CardRevealed(3, 8),
        # The extra card comes last: a fourth exhibition pushes Vienna out of slot c (D9).
        ExhibitionRevealed(PARIS_SMALL, VIENNA_SMALL),
    )
    assert state.display == (5, 6, 7, 8)
    assert state.exhibitions == (PARIS_SMALL, MOSCOW_SMALL, BERLIN_SMALL)
    assert state.deck.discard == (1, 2, 3, 4, VIENNA_SMALL)


def test_P14_an_exhibition_pushed_out_unheld_renews_nothing_and_draws_nothing() -> None:
    # Three exhibitions wait; Ann takes a card and its slot draws a fourth, which pushes
    # Vienna out of slot c (D9). Nobody held Vienna, so neither V2 nor V4 acts: the slot
    # takes the next card and the draws stop there (the script holds no more).
    state = with_deck(
        exhibition_ready("renew-after-exhibition", "more-exhibitions"),
        [Pile(0, (5, 6, 7, 8, MOSCOW_SMALL))],
        exhibitions=(LONDON_SMALL, BERLIN_SMALL, VIENNA_SMALL),
    )
    chance = ScriptedChance(cards=[MOSCOW_SMALL, 5])
    state, events = play(state, "take 1", chance)
    assert chance.cards == []
    after_take = events[[type(e) for e in events].index(CardTaken) + 1 :]
    assert after_take[:2] == (ExhibitionRevealed(MOSCOW_SMALL, VIENNA_SMALL), CardRevealed(0, 5))
    assert not of_type(events, DisplayRenewed) and not of_type(events, CardDrawnAndDiscarded)
    assert state.display == (5, 2, 3, 4)
    assert state.exhibitions == (MOSCOW_SMALL, LONDON_SMALL, BERLIN_SMALL)
    assert state.deck.discard == (VIENNA_SMALL,)


def test_P10_the_extra_card_is_the_one_after_the_new_display() -> None:
    state = with_deck(
        exhibition_ready("renew-after-exhibition", "more-exhibitions"),
        [Pile(0, (5, 6, 7, 8, 9))],
    )
    state, events = play(state, "exhibit a", ScriptedChance(cards=[5, 6, 7, 8, 9]))
    assert state.display == (5, 6, 7, 8) and events[-1] == CardDrawnAndDiscarded(9)
    assert state.deck.discard == (1, 2, 3, 4, 9)


# ---------------------------------------------------------------- what the table is told


def test_the_variants_events_are_narrated() -> None:
    def told(events: Iterable[Event]) -> list[str]:
        return [narrate(CAT, NAMES, e) for e in events]

    dig = setup(game("steady-digs"), 0, cards=EGYPT_BOOKS)
    _, events = play(dig, "dig Egypt 6", dig_chance(tokens_of("Egypt")[:2], 3))
    assert told(of_type(events, Dug)) == [
        "Ann digs 6 weeks at Egypt with 6 knowledge and draws 5 tokens: Amulet of Senusret (1), "
        "Shabti statue (1) and 3 debris. 2 debris go into the bag in their place (8 still aside)."
    ]
    state = with_deck(
        exhibition_ready("renew-after-exhibition", "more-exhibitions"),
        [Pile(0, (5, 6, 7, 8, 9))],
    )
    _, events = play(state, "exhibit a", ScriptedChance(cards=[5, 6, 7, 8, 9]))
    assert told(events)[2] == "After the exhibition the display cards are replaced by new ones."
    assert told(events)[-1] == (
        "Drawn for a new exhibition: the Greece book (3), no exhibition, so it is discarded."
    )
    state = game("renew-anywhere", "card-preview", display=(1, 2, 3, 4), face_up=(5, 6))
    _, events = play(state, "renew", ScriptedChance(cards=[7, 8, 9, 10]))
    assert told(events)[:3] == [
        "Ann renews the display where they stand (2 weeks).",
        "Turned up on the draw pile: the Greece book (2).",
        "Slot 1 now shows the Greece book (2).",
    ]
