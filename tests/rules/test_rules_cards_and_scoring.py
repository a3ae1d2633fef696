"""The deck and exhibitions (K1-K4, D9) and scoring (E0-E5, D10)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from helpers import (
    CAT,
    cards_of,
    dig_chance,
    play,
    region,
    score_by_hand,
    setup,
    start,
    tokens_of,
    winners_by_hand,
)
from thebes.catalog.kinds import CardKind
from thebes.rules import (
    END_TIME,
    Action,
    CardRevealed,
    CardSpent,
    CardTaken,
    Deck,
    DeckReshuffled,
    Dig,
    Exchange,
    Exhibit,
    ExhibitionRevealed,
    GameEnded,
    GameState,
    ImpossibleDraw,
    Pile,
    ScriptedChance,
    SeededChance,
    SlotLeftEmpty,
    TakeCard,
    Travelled,
    active_seat,
    apply,
    is_over,
    legal_actions,
    new_game,
    scores,
    winners,
)
from thebes.rules.deck import CardsInPlay
from thebes.tournament.bot_games import GameResult, play_random_game, score_json

SMALL = tuple(sorted(CAT.small_exhibition_ids))
LARGE = tuple(sorted(CAT.large_exhibition_ids))


def with_deck(state: GameState, **changes: object) -> GameState:
    return replace(state, deck=replace(state.deck, **changes))  # type: ignore[arg-type]


# ---------------------------------------------------------------- K1 drawing, reshuffles


def test_K1_first_empty_pile_reshuffles_discard_with_the_reserve() -> None:
    state = start(3, display=[1, 2, 3, 4])
    state = with_deck(
        state, unseen=(20, 21), piles=(), reserve=Pile(2, LARGE), discard=(30, 31, 32)
    )
    state, events = play(state, "take 1", ScriptedChance(cards=[31]))
    assert DeckReshuffled(2 + 5 + 3, with_reserve=True) in events
    deck = state.deck
    assert deck.reserve is None and deck.reshuffles == 1
    assert deck.piles == (Pile(2, tuple(sorted((*LARGE, 30, 32)))),)
    assert state.display[0] == 31


def test_K1_later_reshuffles_use_the_discard_pile_alone() -> None:
    state = start(3, display=[1, 2, 3, 4])
    state = with_deck(state, unseen=(), piles=(), reserve=None, discard=(30, 31), reshuffles=1)
    state, events = play(state, "take 2", ScriptedChance(cards=[30]))
    assert DeckReshuffled(2, with_reserve=False) in events
    assert state.deck.piles == (Pile(0, (31,)),) and state.deck.discard == ()


def test_K1_with_nothing_left_to_draw_the_slot_stays_empty() -> None:
    state = start(2, display=[1, 2, 3, 4])
    state = with_deck(state, unseen=(), piles=(), reserve=None, discard=())
    state, events = play(state, "take 1", ScriptedChance())
    assert SlotLeftEmpty(0) in events
    assert state.display == (0, 2, 3, 4)


def test_K1_exchange_can_draw_back_the_cards_it_discarded() -> None:
    state = start(2, display=[1, 2, 3, 4])
    state = with_deck(state, unseen=(), piles=(Pile(0, (5, 6)),), reserve=None, discard=())
    state, events = play(state, "exchange", ScriptedChance(cards=[6, 5, 3, 1]))
    assert state.display == (6, 5, 3, 1)
    assert DeckReshuffled(4, with_reserve=False) in events
    assert state.deck.piles == (Pile(0, (2, 4)),)


def test_K1_a_card_that_is_not_in_the_draw_pile_is_refused() -> None:
    known_only = Deck(unseen=(20,), piles=(Pile(0, (5,)),), reserve=None, discard=(), reshuffles=0)
    hidden = Deck(unseen=(20, 21), piles=(Pile(2, ()),), reserve=None, discard=(), reshuffles=0)
    for deck, card in ((known_only, 20), (hidden, 30)):
        table = CardsInPlay(deck, [0, 0, 0, 0], [])
        with pytest.raises(ImpossibleDraw) as refused:
            table.draw(ScriptedChance(cards=[card]), CAT)
        assert str(refused.value) == f"card {card} cannot be drawn: it is not in the draw pile"


def test_K1_P9_one_unseen_card_in_the_reserve_is_enough_to_reshuffle() -> None:
    large = tuple(sorted(CAT.large_exhibition_ids))
    state = start(3, display=[1, 2, 3, 4])
    deck = Deck(unseen=(20,), piles=(), reserve=Pile(1, large), discard=(), reshuffles=0)
    state, _ = play(replace(state, deck=deck), "take 1", ScriptedChance(cards=[20]))
    assert state.display[0] == 20 and state.deck.reshuffles == 1


# ---------------------------------------------------------------- K2, D9 exhibitions


def test_K2_drawn_exhibition_goes_to_slot_a_and_drawing_goes_on() -> None:
    state = start(2, display=[1, 2, 3, 4])
    state = with_deck(state, piles=(Pile(10, SMALL),))
    state, events = play(state, "take 1", ScriptedChance(cards=[SMALL[0], SMALL[1], 40]))
    assert state.exhibitions == (SMALL[1], SMALL[0])  # newest in slot a
    assert state.display[0] == 40
    assert [e for e in events if isinstance(e, ExhibitionRevealed)] == [
        ExhibitionRevealed(SMALL[0], 0),
        ExhibitionRevealed(SMALL[1], 0),
    ]


def test_K2_D9_queue_of_three_pushes_the_oldest_past_c_to_the_discard() -> None:
    state = replace(start(2, display=[1, 2, 3, 4]), exhibitions=(SMALL[2], SMALL[1], SMALL[0]))
    state = with_deck(state, piles=(Pile(10, SMALL[3:]),))
    state, events = play(state, "take 1", ScriptedChance(cards=[SMALL[3], 40]))
    assert state.exhibitions == (SMALL[3], SMALL[2], SMALL[1])
    assert ExhibitionRevealed(SMALL[3], SMALL[0]) in events
    assert SMALL[0] in state.deck.discard


def test_K2_D9_taking_an_exhibition_closes_up_the_queue() -> None:
    london_small = 86  # needs 1 Greece, 2 Egypt
    state = replace(start(2), exhibitions=(SMALL[4], london_small, SMALL[2]))
    state = setup(state, 0, tokens=tokens_of("Greece")[:1] + tokens_of("Egypt")[:2])
    state, _ = play(state, "exhibit b")
    assert state.exhibitions == (SMALL[4], SMALL[2])


def test_K2_D9_a_third_exhibition_pushes_none_out() -> None:
    state = replace(start(2, display=[1, 2, 3, 4]), exhibitions=(SMALL[1], SMALL[0]))
    state = replace(state, deck=replace(state.deck, piles=(Pile(10, SMALL[2:3]),)))
    state, events = play(state, "take 1", ScriptedChance(cards=[SMALL[2], 40]))
    assert state.exhibitions == (SMALL[2], SMALL[1], SMALL[0])
    assert ExhibitionRevealed(SMALL[2], 0) in events
    assert not set(SMALL) & set(state.deck.discard)


# ---------------------------------------------------------------- K3 discard pile


def test_K3_spent_single_use_cards_go_to_the_discard_pile() -> None:
    state = start(2)
    legend = cards_of("legend", "Egypt")[0]
    assistant = cards_of("assistant")[0]
    shovel = cards_of("shovel")[0]
    zeppelin = cards_of("zeppelin")[0]
    state = setup(state, 0, cards=[legend, assistant, shovel, zeppelin])
    state, _ = play(state, "dig Egypt 3 +legend +assistant +shovel +zeppelin", dig_chance([], 2))
    assert state.deck.discard == tuple(sorted((legend, assistant, shovel, zeppelin)))
    assert state.players[0].cards == ()


def test_K3_a_zeppelin_spent_on_a_take_is_discarded_before_the_slot_is_filled() -> None:
    # The draw pile is empty: the slot is filled from the discard pile reshuffled, which
    # already holds the zeppelin spent on the journey.
    zeppelin = cards_of("zeppelin")[0]
    state = setup(start(2, display=[1, 2, 3, 4]), 0, cards=[zeppelin])  # Ann in Warsaw
    state = with_deck(state, unseen=(), piles=(), reserve=None, discard=(30,), reshuffles=1)
    state, events = play(state, "take 1 +zeppelin", ScriptedChance(cards=[zeppelin]))
    told = [type(e) for e in events]
    assert told == [Travelled, CardSpent, CardTaken, DeckReshuffled, CardRevealed]
    assert DeckReshuffled(2, with_reserve=False) in events
    assert state.display[0] == zeppelin
    assert state.deck.piles == (Pile(0, (30,)),) and state.deck.discard == ()


# ---------------------------------------------------------------- K4 year change


def test_K4_nothing_happens_to_the_displays_when_a_year_turns() -> None:
    state = replace(start(2, display=[65, 2, 3, 4]), exhibitions=(SMALL[0],))
    state = setup(state, 0, week=51, location="London")
    state = setup(state, 1, year=1902, week=20)
    before = state.deck
    state, _ = play(state, "take 1", ScriptedChance(cards=[5]))
    assert state.players[0].time // 52 == 1
    assert state.display == (5, 2, 3, 4) and state.exhibitions == (SMALL[0],)
    assert state.deck.discard == before.discard


# ---------------------------------------------------------------- scoring


def test_E0_the_game_ends_when_every_marker_is_on_the_end_square() -> None:
    state = setup(start(2), 1, year=1903, week=52)
    state = setup(state, 0, year=1903, week=40)
    state, events = play(state, "retire")
    assert not is_over(state) and GameEnded() not in events
    state, events = play(state, "retire")
    assert is_over(state) and events[-1] == GameEnded()
    assert all(p.time == END_TIME for p in state.players)


def test_E1_artifacts_score_their_values_bonus_tokens_included() -> None:
    state = start(2)
    finds = tokens_of("Palestine", value=7) + tokens_of("Palestine", value=1)[:2]
    state = setup(state, 0, location="Palestine", cards=cards_of("book", "Palestine", 3))
    state = setup(state, 0, tokens=tokens_of("Palestine", "general"))
    state, _ = play(state, "dig Palestine 1", dig_chance([], 1))
    assert scores(state)[0].artifacts == 1  # the first-dig bonus
    state = setup(state, 0, tokens=finds)
    assert scores(state)[0].artifacts == 1 + 7 + 1 + 1


def test_E2_exhibitions_score_4_small_5_large() -> None:
    state = setup(start(2), 0, exhibitions=[SMALL[0], SMALL[1], LARGE[0]])
    assert scores(state)[0].exhibitions == 4 + 4 + 5


def test_E3_congresses_score_by_number_held() -> None:
    congresses = cards_of("congress")[4:]  # 77-80 are on the default display
    expected = {0: 0, 1: 1, 2: 3, 3: 6, 4: 10, 5: 15}
    for n, vp in expected.items():
        assert scores(setup(start(2), 0, cards=congresses[:n]))[0].congresses == vp
    display = [1, 2, 3, 4]
    every = cards_of("congress")
    assert scores(setup(start(2, display=display), 0, cards=every[:6]))[0].congresses == 21
    assert scores(setup(start(2, display=display), 0, cards=every[:7]))[0].congresses == 28
    assert scores(setup(start(2, display=display), 0, cards=every))[0].congresses == 28


def test_E4_majority_5_to_the_single_highest_3_to_each_tied_D10_none_at_zero() -> None:
    state = start(3)
    greece_3 = cards_of("book", "Greece", 3)
    state = setup(state, 0, cards=greece_3[:1] + cards_of("book", "Crete", 1)[:1])
    state = setup(state, 1, cards=greece_3[1:])
    state = setup(state, 2, cards=cards_of("book", "Crete", 1)[1:2])
    state = setup(state, 2, cards=cards_of("legend", "Egypt"))  # legends do not count
    greece, crete = region("Greece"), region("Crete")
    result = scores(state)
    assert [s.majority_by_region[greece] for s in result] == [3, 3, 0]
    assert [s.majority_by_region[crete] for s in result] == [3, 0, 3]
    assert all(s.majority_by_region[region("Egypt")] == 0 for s in result)
    # A book token found at Greece counts for Crete and breaks the tie.
    state = setup(state, 2, tokens=tokens_of("Greece", "book"))
    assert [s.majority_by_region[crete] for s in scores(state)] == [0, 0, 5]


def test_E4_general_knowledge_and_assistants_do_not_count() -> None:
    state = setup(start(2), 0, cards=cards_of("general") + cards_of("assistant"))
    assert scores(state)[0].majorities == 0


def test_E5_highest_total_wins_ties_share() -> None:
    state = setup(start(3), 0, exhibitions=[SMALL[0]])
    state = setup(state, 1, exhibitions=[SMALL[1]])
    assert winners(state) == (0, 1)
    state = setup(state, 2, exhibitions=[LARGE[0]])
    assert winners(state) == (2,)


def test_E1_to_E5_finished_random_games_score_as_counted_by_hand() -> None:
    # Each player's tableau counted again by the rulebook (helpers.score_by_hand), then
    # compared with what the engine reports, part by part, and the winners with them.
    seen: set[str] = set()
    for seed in range(20):
        state = play_random_game(CAT, 2 + seed % 3, seed)
        result = GameResult.of(state, seed)
        by_hand = score_by_hand(state)
        assert [score_json(s) for s in result.scores] == by_hand
        assert list(result.winners) == [state.players[i].name for i in winners_by_hand(state)]
        seen.update(k for entry in by_hand for k, vp in entry.items() if vp)
        seen.update("shared" for s in scores(state) if 3 in s.majority_by_region)
    # Every part of the score, and a shared majority, came up in these games.
    assert seen == {"artifacts", "exhibitions", "congresses", "majorities", "total", "shared"}


def takes_congress(state: GameState, action: Action) -> bool:
    return (
        isinstance(action, TakeCard)
        and CAT.card(state.display[action.slot]).kind is CardKind.CONGRESS
    )


def collectors_game(seed: int) -> GameState:
    """A finished game of players who each chase one part of the score, nine times in ten:
    seat 1 congresses, seat 2 exhibitions, seat 3 digs, seat 4 any card or an exchange;
    otherwise an exhibition, else a card or an exchange, else anything.
    Random players seldom hold more than four congresses or a large exhibition; these
    reach every line of the E2 and E3 tables."""
    rng = random.Random(seed)
    chance = SeededChance(seed)
    state, _ = new_game(CAT, ["A", "B", "C", "D"][: 2 + seed % 3], chance)
    while not is_over(state):
        legal = legal_actions(state)
        seat = active_seat(state)
        assert seat is not None
        exhibits: list[Action] = [a for a in legal if isinstance(a, Exhibit)]
        cards: list[Action] = [a for a in legal if isinstance(a, TakeCard | Exchange)]
        congresses: list[Action] = [a for a in legal if takes_congress(state, a)]
        digs: list[Action] = [a for a in legal if isinstance(a, Dig)]
        chased = [congresses, exhibits, digs, cards][seat]
        if rng.random() >= 0.9:
            chased = []
        state, _ = apply(state, rng.choice(chased or exhibits or cards or list(legal)), chance)
    return state


def test_E1_to_E5_collectors_games_score_as_counted_by_hand() -> None:
    # The engine's scores, part by part, and its winners against the tableaux counted by
    # the rulebook (helpers.score_by_hand), in games that reach every congress count from
    # 0 to 9, large and small exhibitions, and sole and shared majorities.
    congress_counts: set[int] = set()
    exhibitions: set[bool] = set()
    majorities: set[int] = set()
    for seed in range(40):
        state = collectors_game(seed)
        engine = [
            {
                "artifacts": s.artifacts,
                "exhibitions": s.exhibitions,
                "congresses": s.congresses,
                "majorities": s.majorities,
                "total": s.total,
            }
            for s in scores(state)
        ]
        assert engine == score_by_hand(state), seed
        assert list(winners(state)) == winners_by_hand(state), seed
        congress_counts.update(
            sum(CAT.card(c).kind is CardKind.CONGRESS for c in p.cards) for p in state.players
        )
        exhibitions.update(CAT.card(c).large for p in state.players for c in p.exhibitions)
        majorities.update(vp for s in scores(state) for vp in s.majority_by_region)
    assert congress_counts == set(range(10))  # 7 or more: 28, the 9 congresses in one hand
    assert exhibitions == {False, True}
    assert majorities == {0, 3, 5}


def test_reshuffled_deck_state_is_consistent_after_long_games() -> None:
    # K1: after a game with reshuffles the deck's bookkeeping holds.
    for seed in range(10):
        state = play_random_game(CAT, 4, seed)
        deck: Deck = state.deck
        hidden = sum(p.hidden for p in deck.piles) + (deck.reserve.hidden if deck.reserve else 0)
        assert hidden == len(deck.unseen)


def test_K1_P9_no_reshuffle_of_exhibitions_alone() -> None:
    # Found in play: with only exhibitions left to shuffle, refilling a slot would draw an
    # exhibition, push the oldest one into the discard, reshuffle it, and so on for ever.
    state = replace(start(2, display=[1, 2, 3, 4]), exhibitions=(SMALL[2], SMALL[1], SMALL[0]))
    state = with_deck(state, unseen=(), piles=(Pile(0, (LARGE[0],)),), reserve=None, discard=())
    state, events = play(state, "take 1", ScriptedChance(cards=[LARGE[0]]))
    # The last exhibition in the draw pile is still drawn; then the discard pile holds
    # only the exhibition it pushed out, so there is no reshuffle and the slot stays empty.
    assert ExhibitionRevealed(LARGE[0], SMALL[0]) in events
    assert state.exhibitions == (LARGE[0], SMALL[2], SMALL[1])
    assert state.deck.discard == (SMALL[0],)
    assert SlotLeftEmpty(0) in events and state.display[0] == 0
    assert not any(isinstance(e, DeckReshuffled) for e in events)


def test_K1_P9_exhibitions_and_a_researcher_card_are_reshuffled() -> None:
    state = start(2, display=[1, 2, 3, 4])
    state = with_deck(state, unseen=(), piles=(), reserve=None, discard=(SMALL[0], 40))
    state, events = play(state, "take 1", ScriptedChance(cards=[SMALL[0], 40]))
    assert DeckReshuffled(2, with_reserve=False) in events
    assert state.display[0] == 40 and state.exhibitions == (SMALL[0],)
