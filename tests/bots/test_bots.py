"""Computer players: the outlook arithmetic, greedy choices in set positions, the strong
player's search, and the seeding that lets bot games replay and resume exactly."""

from __future__ import annotations

from dataclasses import replace

import pytest

from helpers import CAT, cards_of, region, setup, start, tokens_of
from thebes.bots import BOT_LEVELS, GreedyPlayer, SearchBudget, StrongPlayer, make_bot
from thebes.bots.best_of import expected_best_of
from thebes.bots.outlook import Outlook
from thebes.records.session import Session, default_seats
from thebes.rules import (
    END_TIME,
    SETUP,
    Action,
    Dig,
    Exchange,
    Exhibit,
    GameState,
    Retire,
    SeededChance,
    TakeCard,
    Variants,
    active_seat,
    apply,
    is_over,
    legal_actions,
    new_game,
    scores,
)
from thebes.tournament.bot_games import play_to_the_end

OUTLOOK = Outlook(CAT)
GREECE_BOOK_3 = cards_of("book", "Greece", 3)[0]


# ---------------------------------------------------------------- the outlook


def test_best_dig_for_six_knowledge_is_four_tokens_in_four_weeks() -> None:
    # Wheel row 6 over weeks + 2 weeks of travel: 1/3, 2/4, 3/5, 4/6, 4/7, 5/8, ... 8/14;
    # 4 tokens in 4 weeks (6 with travel) is the best rate.
    assert OUTLOOK.best[0][6][0] == (4, 6.0)
    # With one shovel bonus token the row becomes 2/3, 3/4, 4/5, 5/6, 5/7, 6/8, ... 9/14.
    assert OUTLOOK.best[0][6][1] == (5, 6.0)


def test_a_fresh_bag_holds_35_artifact_vp_in_30_tokens() -> None:
    # 36 VP of Greek artifacts, one of value 1 lies on the site; 30 tokens in the bag.
    assert OUTLOOK.vp_per_token(start(2))[region("Greece")] == pytest.approx(35 / 30)


def test_dig_outlook_fills_the_weeks_left_pro_rata() -> None:
    # Greece book 3, nothing else: knowledge 3, best dig 4 tokens in 12 weeks (14 with
    # travel), 4 * 35/30 VP: a rate of 1/3 VP a week, over the 6 weeks left.
    state = setup(start(2), 0, cards=[GREECE_BOOK_3], year=1903, week=47)
    player = state.players[0]
    assert END_TIME - player.time == 6
    assert OUTLOOK.dig_outlook(player, OUTLOOK.vp_per_token(state)) == pytest.approx(2.0)


def test_a_used_permit_takes_this_years_dig_out_of_the_outlook() -> None:
    state = setup(start(2), 0, cards=[GREECE_BOOK_3], year=1902, week=30)
    used = setup(start(2), 0, cards=[GREECE_BOOK_3], year=1902, week=30, permits_used=["Greece"])
    assert OUTLOOK.of(used, 0) < OUTLOOK.of(state, 0)


def testexpected_best_of_four_from_five() -> None:
    # Of the 5 ways to draw 4 of 1..5, four include the 5 and one has 4 as its best.
    assert expected_best_of([3.0, 1.0, 5.0, 2.0, 4.0], 4) == pytest.approx((4 * 5 + 4) / 5)
    assert expected_best_of([2.0, 7.0], 4) == 7.0
    assert expected_best_of([], 4) == 0.0


# ---------------------------------------------------------------- greedy choices


def test_greedy_ends_the_game_with_an_exhibition_not_a_congress_or_an_exchange() -> None:
    # Five weeks left. Ann in London holds what the London exhibition needs (4 VP, 3 weeks);
    # a congress here gives 1 VP in 2 weeks; an exchange leaves 2 weeks, in which no card
    # could change a majority (Bob leads every region by 2 points).
    london_small = CAT.small_exhibition_ids[0]  # London: 1 Greece, 2 Egypt
    artifacts = tokens_of("Greece", value=1)[:1] + tokens_of("Egypt", value=1)[:2]
    state = setup(start(2), 0, tokens=artifacts, location="London", year=1903, week=48)
    bobs_books = [cards_of("book", name, 2)[0] for name in CAT.regions]
    state = setup(state, 1, cards=bobs_books, year=1903, week=50)
    state = replace(state, exhibitions=(london_small,))
    legal = legal_actions(state)
    assert Exhibit(0) in legal and TakeCard(0) in legal and Exchange() in legal
    assert GreedyPlayer().choose(state, legal) == Exhibit(0)


def test_greedy_digs_where_the_bag_is_richer() -> None:
    # Equal knowledge in Greece and Crete, both one week from Rome; Bob has already taken
    # the best Greek artifacts.
    books = cards_of("book", "Greece", 3) + cards_of("book", "Crete", 3)
    state = setup(start(2), 0, cards=books, location="Rome")
    greek = [t for t in tokens_of("Greece") if CAT.token(t).value >= 4]
    state = setup(state, 1, tokens=greek)
    choice = GreedyPlayer().choose(state, legal_actions(state))
    assert isinstance(choice, Dig) and choice.region == region("Crete")


def test_greedy_uses_its_last_weeks_for_a_dig_rather_than_retire() -> None:
    books = cards_of("book", "Greece", 3)
    state = setup(start(2), 0, cards=books, location="Greece", year=1903, week=41)
    state = setup(state, 1, year=1903, week=50)
    choice = GreedyPlayer().choose(state, legal_actions(state))
    assert Retire() in legal_actions(state)
    assert isinstance(choice, Dig) and choice.region == region("Greece")


# ---------------------------------------------------------------- the strong player


def midgame(seed: int = 3, actions: int = 14) -> GameState:
    state, _ = new_game(CAT, ["Ann", "Bob"], SeededChance.for_action(seed, SETUP))
    greedy = GreedyPlayer()
    for _ in range(actions):
        state, _ = apply(
            state,
            greedy.choose(state, legal_actions(state)),
            SeededChance.for_action(seed, state.actions_taken),
        )
    return state


def test_strong_choices_depend_only_on_the_seed_the_seat_and_the_position() -> None:
    state = midgame()
    seat = active_seat(state)
    assert seat is not None
    budget = SearchBudget(candidates=3, playouts=4, horizon=20)
    first = StrongPlayer(7, seat, budget).choose(state, legal_actions(state))
    again = StrongPlayer(7, seat, budget).choose(state, legal_actions(state))
    assert first == again and first in legal_actions(state)


def test_strong_plays_a_lone_legal_action_without_searching() -> None:
    state = midgame()
    only = legal_actions(state)[:1]
    assert StrongPlayer(1, 0).choose(state, only) == only[0]


def test_strong_looks_past_what_greedy_sees_in_a_close_position() -> None:
    # Worked by hand. Five weeks left for Ann in London; Bob is done; the deck is empty, so
    # nothing is drawn. Ann holds six congresses (21 VP) and the artifacts of the London
    # exhibition. On offer: the Moscow congress (3 weeks away + 2: her seventh, +7 VP), the
    # London Greece book (2) (2 weeks: the Greek majority, +5) and the London exhibition
    # (3 weeks, +4). Greedy sees one action ahead and takes the +7, which uses up all five
    # weeks. The book then the exhibition (2 + 3 weeks) bring +9: the search finds that.
    moscow_congress, london_greece_book = 84, 5
    state = start(2, display=[moscow_congress, london_greece_book, *cards_of("shovel")[:2]])
    artifacts = tokens_of("Greece", value=1)[:1] + tokens_of("Egypt", value=1)[:2]
    six_congresses = cards_of("congress")[1:7]
    state = setup(
        state, 0, cards=six_congresses, tokens=artifacts, location="London", year=1903, week=48
    )
    state = setup(state, 1, year=1904, week=1)
    empty = replace(state.deck, unseen=(), piles=(), reserve=None, discard=())
    state = replace(state, exhibitions=(CAT.small_exhibition_ids[0],), deck=empty)
    legal = legal_actions(state)
    greedy_choice = GreedyPlayer().choose(state, legal)
    strong_choice = StrongPlayer(1, 0).choose(state, legal)
    assert greedy_choice == TakeCard(0) and strong_choice == TakeCard(1)

    def final_score(first: Action) -> int:
        after, _ = apply(state, first, SeededChance(0))
        while not is_over(after):
            after, _ = apply(
                after, GreedyPlayer().choose(after, legal_actions(after)), SeededChance(0)
            )
        return scores(after)[0].total

    assert final_score(greedy_choice) == 21 + 3 + 7
    assert final_score(strong_choice) == 21 + 3 + 5 + 4


def test_a_game_with_strong_and_greedy_bots_resumes_exactly() -> None:
    seed = 5
    seats = default_seats(["S", "G"], {"S": "strong", "G": "greedy"})
    budget = SearchBudget(candidates=2, playouts=3, horizon=12)

    def players() -> list[GreedyPlayer | StrongPlayer]:
        return [StrongPlayer(seed, 0, budget), GreedyPlayer(seed, 1)]

    whole = Session(CAT, seats, seed, undo=False)
    play_to_the_end(whole, players())
    half = Session(CAT, seats, seed, undo=False)
    for step in whole.steps[:20]:
        half.play(step.action)
    resumed = Session.from_record(half.to_record(), CAT)
    play_to_the_end(resumed, players())
    assert resumed.state == whole.state and is_over(resumed.state)


# ---------------------------------------------------------------- all levels


# Positions where these seeds lead to different choices (one suffices for strong, whose
# every choice costs hundreds of playouts): the same game seed and seat choose alike,
# another game seed or another seat choose otherwise somewhere.
@pytest.mark.parametrize(
    ("level", "actions_played"), [("random", (6, 8)), ("strong", (10,))], ids=["random", "strong"]
)
def test_levels_with_chance_are_seeded_from_game_and_seat(
    level: str, actions_played: tuple[int, ...]
) -> None:
    positions = [midgame(2, actions) for actions in actions_played]

    def choices(game_seed: int, seat: int) -> list[Action]:
        return [make_bot(level, game_seed, seat).choose(s, legal_actions(s)) for s in positions]

    mine = choices(9, 0)
    assert choices(9, 0) == mine
    assert choices(10, 0) != mine
    assert choices(9, 1) != mine


def test_greedy_has_no_chance_so_seed_and_seat_change_nothing() -> None:
    positions = [midgame(2, actions) for actions in (6, 8)]
    choices = {
        tuple(make_bot("greedy", game_seed, seat).choose(s, legal_actions(s)) for s in positions)
        for game_seed, seat in [(9, 0), (10, 0), (9, 1), (None, 0)]
    }
    assert len(choices) == 1
    assert set(BOT_LEVELS) == {"random", "greedy", "strong", "expert"}  # a new level joins a test


def test_an_unknown_level_is_refused_with_the_levels() -> None:
    with pytest.raises(ValueError, match="random, greedy, strong, expert"):
        make_bot("genius", 1, 0)


def test_the_bots_value_a_token_from_the_bag_as_it_is_under_steady_digs() -> None:
    # Greece: 35 VP of artifacts in the bag; 30 tokens in the 2007 bag, 20 with steady-digs.
    greece = region("Greece")
    plain = start(2)
    steady = replace(plain, variants=Variants(steady_digs=True))  # the same bags object
    outlook = Outlook(CAT)
    assert outlook.vp_per_token(plain)[greece] == pytest.approx(35 / 30)
    assert outlook.vp_per_token(steady)[greece] == pytest.approx(35 / 20)
    assert outlook.vp_per_token(plain)[greece] == pytest.approx(35 / 30)
