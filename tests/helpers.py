"""Scenario helpers: set up a position, play actions in notation, look things up by name,
score a position by hand, make up a finished game's result; wait for something to happen
(:func:`wait_until`), never a fixed sleep."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

import pytest

from thebes.catalog.components import TokenKind
from thebes.catalog.kinds import CardKind
from thebes.catalog.loading import default_catalog
from thebes.records.notation import parse_action
from thebes.rules import (
    END_TIME,
    Chance,
    Event,
    GameState,
    Pile,
    Score,
    ScriptedChance,
    SeededChance,
    Variants,
    apply,
    make_player,
    new_game,
    time_of,
    week_of,
    year_of,
)
from thebes.tournament.bot_games import GameResult

CAT = default_catalog()
TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
# Whole recorded games the tests replay: the golden games (tests/regen_golden.py), a file of
# the first format version, and strong-against-greedy games for the analysis.
GOLDEN = TESTS / "golden"
LEGACY = TESTS / "legacy"
ANALYSIS_GAMES = TESTS / "analysis_games"
NAMES = ("Ann", "Bob", "Cleo", "Dan")
# The rulebook and component facts the project was given, beside the repository.
SHARED_RULES = Path(__file__).resolve().parents[2] / "shared" / "rules"


def shared_rules_file(name: str, folder: Path = SHARED_RULES) -> Path:
    """``folder/name``, for a test that checks the repository against it. Without the file
    the test is skipped on a developer's machine but fails when the CI environment
    variable is set: there a skip would hide a check that never ran."""
    path = folder / name
    if not path.is_file():
        if os.environ.get("CI"):
            pytest.fail(f"{path} is missing, and CI is set: this check may not be skipped")
        pytest.skip(f"{path} is not here")
    return path


def region(name: str) -> int:
    return CAT.region_index(name)


def loc(name: str) -> int:
    return CAT.location_index(name)


def cards_of(kind: str, region_name: str | None = None, value: int | None = None) -> list[int]:
    """Card ids of a kind (and region, value), in id order."""
    wanted = CardKind[kind.upper()]
    return [
        c.id
        for c in CAT.cards
        if c is not None
        and c.kind is wanted
        and (region_name is None or c.region == region(region_name))
        and (value is None or c.value == value)
    ]


def tokens_of(region_name: str, kind: str = "artifact", value: int | None = None) -> list[int]:
    """Token ids found in a region's bag (the first-dig bonus token excluded)."""
    wanted = TokenKind[kind.upper()]
    r = region(region_name)
    return [
        t
        for t in CAT.bag_tokens[r]
        if CAT.token(t).kind is wanted and (value is None or CAT.token(t).value == value)
    ]


# The display of start() unless a test chooses one: four congresses, out of the way.
DEFAULT_DISPLAY = (77, 78, 79, 80)


def start(players: int = 2, display: Iterable[int] = DEFAULT_DISPLAY) -> GameState:
    """A new game whose four display cards are ``display``."""
    state, _ = new_game(CAT, NAMES[:players], ScriptedChance(cards=display))
    return state


def setup(
    state: GameState,
    seat: int,
    *,
    cards: Iterable[int] = (),
    tokens: Iterable[int] = (),
    exhibitions: Iterable[int] = (),
    location: str | None = None,
    year: int | None = None,
    week: int | None = None,
    permits_used: Iterable[str] = (),
) -> GameState:
    """Give a player these holdings and put them somewhere on the board and time track.

    Cards and tokens come out of the unseen deck and the bags, so every component stays in
    exactly one place.
    """
    cards, tokens, exhibitions = tuple(cards), tuple(tokens), tuple(exhibitions)
    deck = state.deck
    unseen = list(deck.unseen)
    piles = list(deck.piles)
    reserve = deck.reserve
    for card in cards + exhibitions:
        if card in state.display:
            raise ValueError(f"card {card} is on display; choose the display with start()")
        if card in unseen:
            unseen.remove(card)
            if reserve is not None and reserve.hidden:
                reserve = Pile(reserve.hidden - 1, reserve.known)
            else:
                i = max(i for i, p in enumerate(piles) if p.hidden)
                piles[i] = Pile(piles[i].hidden - 1, piles[i].known)
        elif reserve is not None and card in reserve.known:
            reserve = Pile(reserve.hidden, _without(reserve.known, card))
        else:
            i = next(i for i, p in enumerate(piles) if card in p.known)
            piles[i] = Pile(piles[i].hidden, _without(piles[i].known, card))
    bags = [list(b) for b in state.bags]
    bonus = list(state.site_bonus)
    for token in tokens:
        r = CAT.token(token).region
        if token in bags[r]:
            bags[r].remove(token)
        else:
            bonus[bonus.index(token)] = 0
    old = state.players[seat]
    time = old.time
    if year is not None or week is not None:
        time = time_of(year or 1901, week or 1)
    permits = 0
    for name in permits_used:
        permits |= 1 << region(name)
    player = make_player(
        CAT,
        old.name,
        location=loc(location) if location else old.location,
        time=time,
        arrival=old.arrival,
        permits_used=permits or old.permits_used,
        cards=tuple(sorted(old.cards + cards)),
        exhibitions=tuple(sorted(old.exhibitions + exhibitions)),
        tokens=tuple(sorted(old.tokens + tokens)),
    )
    players = (*state.players[:seat], player, *state.players[seat + 1 :])
    return replace(
        state,
        players=players,
        deck=replace(deck, unseen=tuple(unseen), piles=tuple(piles), reserve=reserve),
        bags=tuple(tuple(b) for b in bags),
        site_bonus=tuple(bonus),
    )


def _without(items: tuple[int, ...], item: int) -> tuple[int, ...]:
    rest = list(items)
    rest.remove(item)
    return tuple(rest)


def play(
    state: GameState, text: str, chance: Chance | None = None
) -> tuple[GameState, tuple[Event, ...]]:
    """Apply one action written in notation (draws from ``chance``, default: seeded)."""
    return apply(state, parse_action(text, CAT.regions), chance or SeededChance(0))


def dig_chance(found: Iterable[int] = (), debris: int = 0) -> ScriptedChance:
    return ScriptedChance(digs=[(tuple(found), debris)])


def last_weeks(state: GameState, weeks_left: int, location: str | None = None) -> GameState:
    """Ann with ``weeks_left`` weeks before the end square, Bob already on it."""
    state = setup(state, 1, year=1904, week=1)
    time = END_TIME - weeks_left
    return setup(state, 0, year=year_of(time), week=week_of(time), location=location)


def edit_text(folder: Path, name: str, old: str, new: str) -> None:
    """Replace the first ``old`` in the file ``folder/name`` (which must hold it)."""
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# ---------------------------------------------------------------- scoring by hand

# E3, written out from the rulebook (1->1, 2->3, ..., 6->21, 7 or more->28), not imported
# from the engine, so that a wrong table there cannot agree with itself here.
CONGRESS_VP_BY_HAND = {0: 0, 1: 1, 2: 3, 3: 6, 4: 10, 5: 15, 6: 21}


def score_by_hand(state: GameState) -> list[dict[str, int]]:
    """Every player's score counted from the cards and tokens in front of them by the
    rulebook's E1-E4 and D10, without the engine's scoring code or its tableau counters."""
    majority_points = [[0] * len(CAT.regions) for _ in state.players]
    parts = []
    for seat, player in enumerate(state.players):
        artifacts = 0
        for token_id in player.tokens:
            token = CAT.token(token_id)
            if token.kind is TokenKind.ARTIFACT:
                artifacts += token.value  # E1, the first-dig bonus included
            elif token.kind is TokenKind.BOOK:
                majority_points[seat][token.book_region] += 1  # a book token is worth 1
        congresses = 0
        for card_id in player.cards:
            card = CAT.card(card_id)
            if card.kind is CardKind.BOOK:
                majority_points[seat][card.region] += card.value  # not legends (E4)
            elif card.kind is CardKind.CONGRESS:
                congresses += 1
        exhibitions = sum(5 if CAT.card(c).large else 4 for c in player.exhibitions)  # E2
        parts.append(
            {
                "artifacts": artifacts,
                "exhibitions": exhibitions,
                "congresses": CONGRESS_VP_BY_HAND.get(congresses, 28),
                "majorities": 0,
            }
        )
    for region in range(len(CAT.regions)):
        points = [majority_points[seat][region] for seat in range(len(state.players))]
        best = max(points)
        leaders = [seat for seat, p in enumerate(points) if p == best]
        if best > 0:  # D10: no award where the highest is 0
            for seat in leaders:
                parts[seat]["majorities"] += 5 if len(leaders) == 1 else 3
    for entry in parts:
        entry["total"] = sum(entry.values())
    return parts


def winners_by_hand(state: GameState) -> list[int]:
    """E5: the seats with the highest total counted by hand."""
    totals = [entry["total"] for entry in score_by_hand(state)]
    return [seat for seat, total in enumerate(totals) if total == max(totals)]


def node_paths(node: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path (keys and indices) to every value in a parsed JSON or YAML document."""
    found = [here]
    if isinstance(node, dict):
        for key, value in node.items():
            found += node_paths(value, (*here, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += node_paths(value, (*here, i))
    return found


def made_up_result(totals: dict[str, int], winners: list[str]) -> GameResult:
    """A finished game with these totals: 5 of each from congresses, the rest artifacts."""
    return GameResult(
        seed=1,
        players=tuple(totals),
        scores=tuple(Score(total - 5, 0, 5, 0, ()) for total in totals.values()),
        finished=True,
        leaders=tuple(winners),
        actions=40,
    )


# ---------------------------------------------------------------- the variants


def game(
    *variants: str,
    players: int = 2,
    display: Sequence[int] = DEFAULT_DISPLAY,
    face_up: Sequence[int] | None = None,
) -> GameState:
    """A new game with these variants whose display is ``display`` (and, with card-preview,
    whose two face-up cards are ``face_up``, 5 and 6 unless given)."""
    if face_up is None:
        face_up = (5, 6) if "card-preview" in variants else ()
    chance = ScriptedChance(cards=[*display, *face_up])
    state, _ = new_game(CAT, NAMES[:players], chance, Variants.from_names(variants))
    assert not chance.cards, "face_up given without card-preview"
    return state


E = TypeVar("E")


def of_type(events: Iterable[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


class RecordingChance(ScriptedChance):
    """Scripted draws that also note what the engine asked for each dig."""

    def __init__(self, digs: Iterable[tuple[Sequence[int], int]]) -> None:
        super().__init__(digs=digs)
        self.asked: list[tuple[int, int, int]] = []  # (tokens in the bag, debris, count)

    def draw_tokens(
        self, bag: tuple[int, ...], debris: int, count: int
    ) -> tuple[tuple[int, ...], int]:
        self.asked.append((len(bag), debris, count))
        return super().draw_tokens(bag, debris, count)


WAIT_SECONDS = 60.0
"""How long :func:`wait_until` waits by default: a guard against hanging on a loaded machine,
never a measure of speed (what is awaited usually comes in well under a second)."""


def wait_until(
    predicate: Callable[[], object],
    what: str,
    timeout: float = WAIT_SECONDS,
    *,
    details: Callable[[], object] | None = None,
    interval: float = 0.02,
) -> None:
    """Until ``predicate()`` is true, asked every ``interval`` seconds: an event awaited, not a
    sleep that hopes it happened. After ``timeout`` seconds the test fails, saying ``what``
    it waited for (and ``details()``, what was seen, if given)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            seen = "" if details is None else f"; seen: {details()}"
            pytest.fail(f"gave up after {timeout:g} s waiting for {what}{seen}", pytrace=False)
        time.sleep(interval)
