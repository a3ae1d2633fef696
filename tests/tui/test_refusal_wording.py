"""The terminal's one wording of the engine's and the session's refusals: every kind has its
words, long and (the engine's) short, and they are the words players have always read."""

from __future__ import annotations

import pytest

from helpers import CAT, start
from thebes.records.blockers import Blocked, Blocker
from thebes.records.session import default_seats
from thebes.rules import Illegal, NotLegal, TakeCard
from thebes.tui.wording import blocker_line, illegal_line, illegal_short

EXAMPLES = [
    NotLegal(kind, seat=1, slot=1, region=2, location=3, weeks=6, left=4, need=2, have=1)
    for kind in Illegal
]


@pytest.mark.parametrize("why", EXAMPLES, ids=lambda w: w.kind.name)
def test_every_engine_refusal_has_a_long_and_a_short_wording(why: NotLegal) -> None:
    state = start(2)
    line = illegal_line(why, state)
    short = illegal_short(why, state)
    assert line and short and len(short) <= 32 and len(short) <= len(line)


@pytest.mark.parametrize("kind", list(Blocked), ids=lambda k: k.name)
def test_every_session_refusal_has_its_words(kind: Blocked) -> None:
    line = blocker_line(Blocker(kind, 1, TakeCard(0)), default_seats(["Ann", "Bob"]), CAT.regions)
    assert line and not line.endswith(".")


def test_the_words_read_as_before() -> None:
    state = start(2)
    too_late = NotLegal(Illegal.TOO_FEW_WEEKS, seat=0, weeks=6, left=4)
    assert illegal_short(too_late, state) == "6 wk, only 4 left"
    assert illegal_line(too_late, state) == (
        "it takes 6 weeks, and Ann has only 4 left before the end of the game"
    )
    assert illegal_short(NotLegal(Illegal.NOTHING_TO_EXCHANGE), state) == "no display cards"
    seats = default_seats(["Ann", "Bob"])
    revealed = Blocker(Blocked.CARDS_REVEALED, 1, TakeCard(0))
    assert blocker_line(revealed, seats, CAT.regions) == (
        "Bob's 'take 1' revealed new cards from the deck"
    )
    assert blocker_line(Blocker(Blocked.HINTS_OFF), seats, CAT.regions) == (
        "hints are off for this game"
    )
