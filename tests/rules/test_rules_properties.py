"""Property tests: travel, knowledge totals and scoring over generated inputs.

They check properties the rules imply (symmetry, the triangle inequality, monotonicity,
caps, independence of unrelated cards) rather than restating the engine's formulas branch by
branch, plus a few cases worked out by hand from the rulebook.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, replace

from hypothesis import given
from hypothesis import strategies as st

from helpers import CAT, cards_of, loc, score_by_hand, setup, start
from thebes.catalog.components import REGION_COUNT
from thebes.rules import (
    GameState,
    PlayerState,
    journey,
    knowledge_for,
    majority_awards,
    make_player,
    scores,
)

LOCATIONS = st.integers(0, len(CAT.locations) - 1)
CRETE = CAT.region_index("Crete")


def traveller(location: int, cars: int = 0) -> PlayerState:
    return make_player(
        CAT, "X", location=location, time=0, arrival=0, cards=tuple(cards_of("car")[:cars])
    )


# ---------------------------------------------------------------- travel (M1-M3)


@given(LOCATIONS, LOCATIONS, LOCATIONS)
def test_travel_is_a_metric_on_the_board(a: int, b: int, c: int) -> None:
    t = CAT.travel
    assert t[a][b] == t[b][a]
    assert (t[a][b] == 0) == (a == b)
    assert t[a][c] <= t[a][b] + t[b][c]
    neighbours = {y if x == a else x for x, y in CAT.edges if a in (x, y)}
    if a != b:  # a shortest route steps to a neighbour one week nearer
        assert min(t[n][b] for n in neighbours) == t[a][b] - 1


@given(LOCATIONS)
def test_travel_obeys_the_triangle_inequality_over_every_edge(a: int) -> None:
    # An edge is one week (M1), so its two ends are at most one week apart from anywhere.
    for x, y in CAT.edges:
        assert CAT.travel[x][y] == 1
        assert abs(CAT.travel[a][x] - CAT.travel[a][y]) <= 1


@given(LOCATIONS, LOCATIONS, LOCATIONS, st.integers(0, 2))
def test_journeys_with_any_cars_are_a_metric_too(a: int, b: int, c: int, cars: int) -> None:
    def j(x: int, y: int) -> int:
        return journey(CAT, traveller(x, cars), y, False)

    assert j(a, a) == 0
    assert j(a, b) == j(b, a)
    assert j(a, c) <= j(a, b) + j(b, c)


@given(LOCATIONS, LOCATIONS, LOCATIONS, st.integers(1, 2))
def test_a_car_saves_at_most_a_week_and_keeps_the_order_of_distances(
    a: int, b: int, c: int, cars: int
) -> None:
    plain, car = traveller(a), traveller(a, cars)
    assert journey(CAT, plain, b, False) == CAT.travel[a][b]  # M1: no card, the distance
    assert CAT.travel[a][b] - 1 <= journey(CAT, car, b, False) <= CAT.travel[a][b]
    if CAT.travel[a][b] <= CAT.travel[a][c]:
        assert journey(CAT, car, b, False) <= journey(CAT, car, c, False)
    # D3: a second car gives nothing more; M3: a zeppelin makes any journey free.
    assert journey(CAT, car, b, False) == journey(CAT, traveller(a, 1), b, False)
    assert journey(CAT, car, b, True) == journey(CAT, plain, b, True) == 0


def test_journeys_worked_by_hand() -> None:
    # Worked by hand from the board (components.md) and M1-M3: Moscow-Warsaw-Berlin-London
    # is 3 weeks, 2 with a car; Berlin-London 1 and Rome-Paris-London 2 are not shortened;
    # Egypt-Crete-Rome-Paris-London is 4, 3 with a car and still 3 with two (D3); a zeppelin
    # makes it 0.
    def weeks(origin: str, cars: int = 0, zeppelin: bool = False) -> int:
        return journey(CAT, traveller(loc(origin), cars), loc("London"), zeppelin)

    assert (weeks("Moscow"), weeks("Moscow", 1)) == (3, 2)
    assert (weeks("Berlin"), weeks("Berlin", 1)) == (1, 1)
    assert (weeks("Rome"), weeks("Rome", 1)) == (2, 2)
    assert (weeks("Egypt"), weeks("Egypt", 1), weeks("Egypt", 2)) == (4, 3, 3)
    assert weeks("Egypt", 0, zeppelin=True) == 0


# ---------------------------------------------------------------- knowledge (A3.3-A3.6)

GENERAL = cards_of("general")
ASSISTANTS = cards_of("assistant")
EGYPT_BOOKS = cards_of("book", "Egypt")


@dataclass(frozen=True)
class Hand:
    """Cards for a dig: ``books`` index the region's nine book cards (in id order, so the
    same index has the same value in every region); ``elsewhere`` are Egypt book ids."""

    books: tuple[int, ...]
    general: tuple[int, ...]
    assistants: int
    legend: bool
    elsewhere: tuple[int, ...] = ()

    def player(self, region_name: str = "Crete", *extra: int) -> PlayerState:
        region_books = cards_of("book", region_name)
        cards = {region_books[i] for i in self.books} | set(self.general) | set(extra)
        cards |= set(self.elsewhere) | set(ASSISTANTS[: self.assistants])
        if self.legend:
            cards |= set(cards_of("legend", region_name))
        return make_player(CAT, "X", location=0, time=0, arrival=0, cards=tuple(sorted(cards)))


hands = st.builds(
    Hand,
    books=st.lists(st.integers(0, 8), unique=True).map(tuple),
    general=st.lists(st.sampled_from(GENERAL), unique=True).map(tuple),
    assistants=st.integers(0, len(ASSISTANTS)),
    legend=st.booleans(),
    elsewhere=st.lists(st.sampled_from(EGYPT_BOOKS), unique=True).map(tuple),
)


@given(hands, st.booleans(), st.booleans())
def test_knowledge_caps(hand: Hand, use_legend: bool, use_assistant: bool) -> None:
    legend = use_legend and hand.legend
    know = knowledge_for(hand.player(), CRETE, legend=legend, assistant=use_assistant)
    # A3.5-A3.6: general knowledge at most doubles the specialized points, and 12 is the top.
    assert 0 <= know.general_used <= know.specialized
    assert min(know.specialized, 12) <= know.total <= min(2 * know.specialized, 12)
    assert know.assistants <= 2  # D6: assistants add at most 2 however many are held
    # D5: assistants and general knowledge alone never allow a dig.
    no_books = replace(hand, books=())
    assert not knowledge_for(no_books.player(), CRETE, legend=False, assistant=True).qualifies


@given(hands, st.booleans())
def test_knowledge_never_falls_when_a_card_is_added(hand: Hand, use_assistant: bool) -> None:
    def total(player: PlayerState, legend: bool = False) -> int:
        return knowledge_for(player, CRETE, legend=legend, assistant=use_assistant).total

    before = total(hand.player())
    for book in set(range(9)) - set(hand.books):
        assert total(replace(hand, books=(*hand.books, book)).player()) >= before
    for card in set(GENERAL) - set(hand.general):
        assert total(hand.player("Crete", card)) >= before
    if hand.assistants < len(ASSISTANTS):
        assert total(replace(hand, assistants=hand.assistants + 1).player()) >= before
    if hand.legend:
        assert total(hand.player(), legend=True) >= before
    # Knowledge of another region never counts here.
    assert total(replace(hand, elsewhere=()).player()) == before


@given(hands, st.booleans(), st.booleans())
def test_knowledge_is_the_same_in_every_region(
    hand: Hand, use_legend: bool, use_assistant: bool
) -> None:
    # The regions' book cards have the same values (four 1s, three 2s, two 3s), so the same
    # hand moved to another region gives the same knowledge there.
    hand = replace(hand, elsewhere=())
    legend = use_legend and hand.legend
    at_crete = knowledge_for(hand.player(), CRETE, legend=legend, assistant=use_assistant)
    for name in CAT.regions:
        here = CAT.region_index(name)
        assert knowledge_for(hand.player(name), here, legend=legend, assistant=use_assistant) == (
            at_crete
        )


def test_knowledge_worked_by_hand() -> None:
    # Worked by hand from A3.4-A3.6, D5 and D6 (Crete books: 10-13 worth 1, 14-16 worth 2,
    # 17-18 worth 3; general 51-54 worth 1, 55-58 worth 2; assistants 59-64; legend 47).
    def crete(cards: list[int], legend: bool = False, assistant: bool = False) -> tuple[int, ...]:
        player = make_player(CAT, "X", location=0, time=0, arrival=0, cards=tuple(sorted(cards)))
        know = knowledge_for(player, CRETE, legend=legend, assistant=assistant)
        return know.specialized, know.general_used, know.total, int(know.qualifies)

    # Books 3 + 2, two assistants +1: 6 specialized; general 2 + 1 = 3, all usable: 9.
    assert crete([17, 14, 59, 60, 55, 51]) == (6, 3, 9, 1)
    # One point of books: of 6 general points only 1 may be used (A3.5): 2.
    assert crete([10, 55, 56, 57]) == (1, 1, 2, 1)
    # The legend (2) and three assistants (2, D6): 4, allowed because of the legend (D5).
    assert crete([47, 59, 60, 61], legend=True) == (4, 0, 4, 1)
    # Without using the legend the assistants alone do not allow a dig (D5).
    assert crete([47, 59, 60, 61]) == (2, 0, 2, 0)
    # 3 + 3 + 2 + 2 = 10 and 4 general points would make 14: the wheel stops at 12.
    assert crete([17, 18, 14, 15, 55, 56]) == (10, 4, 12, 1)
    # A lone assistant counts only when discarded for this dig.
    assert crete([10, 59]) == (1, 0, 1, 1)
    assert crete([10, 59], assistant=True) == (2, 0, 2, 1)


# ---------------------------------------------------------------- majorities (E4, D10)

points = st.lists(
    st.lists(st.integers(0, 8), min_size=REGION_COUNT, max_size=REGION_COUNT),
    min_size=2,
    max_size=4,
)


def with_books(books: list[list[int]]) -> GameState:
    """A game whose players have these book points per region (nothing else matters here)."""
    state = start(len(books))
    players = tuple(replace(p, books=tuple(b)) for p, b in zip(state.players, books, strict=True))
    return replace(state, players=players)


@given(points, st.randoms(use_true_random=False))
def test_majorities_follow_the_players_not_the_seats(
    books: list[list[int]], rng: random.Random
) -> None:
    order = list(range(len(books)))
    rng.shuffle(order)
    awards = majority_awards(with_books(books))
    shuffled = majority_awards(with_books([books[i] for i in order]))
    assert list(shuffled) == [awards[i] for i in order]


@given(points)
def test_majorities_are_one_5_or_a_shared_3_and_regions_are_independent(
    books: list[list[int]],
) -> None:
    awards = majority_awards(with_books(books))
    for region in range(REGION_COUNT):
        column = sorted(a[region] for a in awards)
        winners = [a for a in column if a]
        assert winners in ([], [5]) or (len(winners) >= 2 and set(winners) == {3})
        # Only this region's points matter for its award.
        alone = [[b[region] if r == region else 0 for r in range(REGION_COUNT)] for b in books]
        assert [a[region] for a in majority_awards(with_books(alone))] == [
            a[region] for a in awards
        ]


@given(points, st.integers(0, 3), st.integers(0, REGION_COUNT - 1), st.integers(1, 3))
def test_more_books_never_lower_ones_own_award_nor_raise_a_rivals(
    books: list[list[int]], seat: int, region: int, more: int
) -> None:
    seat %= len(books)
    before = majority_awards(with_books(books))
    books[seat][region] += more
    after = majority_awards(with_books(books))
    assert after[seat][region] >= before[seat][region]
    for other in range(len(books)):
        if other != seat:
            assert after[other][region] <= before[other][region]


@given(st.lists(st.lists(st.sampled_from(cards_of("book")), max_size=6), min_size=2, max_size=4))
def test_majorities_from_real_hands_agree_with_the_count_by_hand(hands: list[list[int]]) -> None:
    state = start(len(hands), display=[77, 78, 79, 80])
    seen: set[int] = set()
    for seat, hand in enumerate(hands):
        mine = sorted(set(hand) - seen)
        seen |= set(mine)
        state = setup(state, seat, cards=mine)
    by_hand = score_by_hand(state)
    assert [s.majorities for s in scores(state)] == [e["majorities"] for e in by_hand]
    assert [s.total for s in scores(state)] == [e["total"] for e in by_hand]


def test_legends_general_knowledge_and_assistants_never_win_a_majority() -> None:
    others = cards_of("legend") + cards_of("general") + cards_of("assistant")
    state = setup(start(2), 0, cards=others)
    assert majority_awards(state) == ((0,) * REGION_COUNT,) * 2


# ---------------------------------------------------------------- congresses (E3)


def test_congress_vp_grows_by_ever_larger_steps_then_caps_at_seven() -> None:
    # E3 by hand: 1, 3, 6, 10, 15, 21 for 1-6 congresses, each step one more than the last;
    # 28 for 7, and still 28 for 8 and 9 (the cap). Counted through scores() with n held.
    congresses = cards_of("congress")
    vp = [
        scores(setup(start(2, display=[1, 2, 3, 4]), 0, cards=congresses[:n]))[0].congresses
        for n in range(len(congresses) + 1)
    ]
    assert vp == [0, 1, 3, 6, 10, 15, 21, 28, 28, 28]
    steps = [b - a for a, b in itertools.pairwise(vp)]
    assert steps[:7] == [1, 2, 3, 4, 5, 6, 7]  # grows, each step larger
    assert steps[7:] == [0, 0]  # then caps
