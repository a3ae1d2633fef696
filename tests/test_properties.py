"""Property tests: travel costs, knowledge totals and scoring over generated inputs."""

from __future__ import annotations

import itertools
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from helpers import CAT, cards_of, start
from thebes.rules import journey, knowledge_for, scores
from thebes.rules.scoring import CONGRESS_VP
from thebes.rules.tableau import make_player

LOCATIONS = st.integers(0, len(CAT.locations) - 1)


@given(LOCATIONS, LOCATIONS, LOCATIONS)
def test_travel_is_a_metric_on_the_board(a: int, b: int, c: int) -> None:
    t = CAT.travel
    assert t[a][b] == t[b][a]
    assert (t[a][b] == 0) == (a == b)
    assert t[a][c] <= t[a][b] + t[b][c]
    neighbours = {y if x == a else x for x, y in CAT.edges if a in (x, y)}
    if a != b:  # a shortest route steps to a neighbour one week nearer
        assert min(t[n][b] for n in neighbours) == t[a][b] - 1


@given(LOCATIONS, LOCATIONS, st.integers(0, 2), st.booleans())
def test_journey_with_car_and_zeppelin(a: int, b: int, cars: int, zeppelin: bool) -> None:
    player = make_player(
        CAT, "X", location=a, time=0, arrival=0, cards=tuple(cards_of("car")[:cars])
    )
    weeks = journey(CAT, player, b, zeppelin)
    plain = CAT.travel[a][b]
    if zeppelin:
        assert weeks == 0
    elif cars and plain >= 3:
        assert weeks == plain - 1
    else:
        assert weeks == plain


holdings = st.fixed_dictionaries(
    {
        "books": st.lists(st.sampled_from(cards_of("book", "Crete")), unique=True),
        "general": st.lists(st.sampled_from(cards_of("general")), unique=True),
        "assistants": st.integers(0, 6),
        "legend": st.booleans(),
    }
)


@given(holdings, st.booleans(), st.booleans())
def test_knowledge_total(h: dict[str, object], use_legend: bool, use_assistant: bool) -> None:
    crete = CAT.region_index("Crete")
    books, general = h["books"], h["general"]
    assert isinstance(books, list) and isinstance(general, list)
    assistants = cards_of("assistant")[: int(h["assistants"])]  # type: ignore[call-overload]
    legend = cards_of("legend", "Crete") if h["legend"] else []
    player = make_player(
        CAT,
        "X",
        location=0,
        time=0,
        arrival=0,
        cards=tuple(sorted(books + general + assistants + legend)),
    )
    know = knowledge_for(player, crete, legend=use_legend, assistant=use_assistant)
    book_points = sum(CAT.card(c).value for c in books)
    general_points = sum(CAT.card(c).value for c in general)
    n = len(assistants)
    bonus = 2 if n >= 3 else 1 if n == 2 or (n == 1 and use_assistant) else 0
    specialized = book_points + (2 if use_legend else 0) + bonus
    assert know.specialized == specialized
    assert know.general_used == min(general_points, specialized)
    assert know.total == min(12, specialized + min(general_points, specialized))
    assert 0 <= know.total <= 12
    assert know.qualifies == (book_points > 0 or use_legend)


@given(st.lists(st.lists(st.sampled_from(cards_of("book")), max_size=6), min_size=2, max_size=4))
def test_majorities_per_region(hands: list[list[int]]) -> None:
    state = start(len(hands), display=[77, 78, 79, 80])
    seen: set[int] = set()
    players = []
    for player, hand in zip(state.players, hands, strict=False):
        mine = tuple(sorted(set(hand) - seen))
        seen |= set(mine)
        players.append(replace(player, cards=()))
        players[-1] = make_player(
            CAT, player.name, location=player.location, time=player.time, arrival=0, cards=mine
        )
    state = replace(state, players=tuple(players))
    result = scores(state)
    for r in range(5):
        points = [p.books[r] for p in state.players]
        awards = [s.majority_by_region[r] for s in result]
        best = max(points)
        leaders = [i for i, v in enumerate(points) if v == best]
        if best == 0:
            assert awards == [0] * len(awards)
        elif len(leaders) == 1:
            assert sorted(awards) == [0] * (len(awards) - 1) + [5]
            assert awards[leaders[0]] == 5
        else:
            assert all(awards[i] == 3 for i in leaders)
            assert sum(awards) == 3 * len(leaders)
    for s in result:
        assert s.total == s.artifacts + s.exhibitions + s.congresses + s.majorities


def test_congress_table_grows_then_caps() -> None:
    assert CONGRESS_VP == (0, 1, 3, 6, 10, 15, 21, 28)
    assert all(b > a for a, b in itertools.pairwise(CONGRESS_VP))
