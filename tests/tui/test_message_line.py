"""The message line under a table: what the table publishes replaces it whatever it held,
the answer to what was just typed keeps its place with the news under it, and the next
move clears it, so nothing said stays on under later moves."""

from __future__ import annotations

from pathlib import Path

from helpers import CAT
from thebes.language import speaking
from thebes.records.session import Session, default_seats
from thebes.rules import TakeCard
from thebes.table.news import (
    KEPT_COMINGS,
    KEPT_SAID,
    ActionPlayed,
    Arrival,
    Arrived,
    Departed,
    Departure,
    NotTaken,
    Said,
    Speaker,
    TakenAction,
    TakenBack,
    UndoDeclined,
)
from thebes.tui.talk import TableTalk


def talk_and_step(tmp_path: Path) -> tuple[TableTalk, ActionPlayed]:
    session = Session(CAT, default_seats(["Ann", "Bob"]), 5, autosave=tmp_path / "g.json")
    session.play(TakeCard(0))
    played = ActionPlayed(0, 1, session.steps[-1], session.state)
    return TableTalk(session, colour=False, keyboard=False), played


def test_news_replaces_the_line_and_the_next_move_clears_it(tmp_path: Path) -> None:
    talk, played = talk_and_step(tmp_path)
    talk.hear([Said(Speaker(1), "hello")], frozenset({0}))
    assert talk.message is not None and talk.message.plain == "Bob says: hello"
    undone = TakenBack(1, (TakenAction("Ann", "take 1"),), 0)
    talk.hear([undone], frozenset({0}))
    assert talk.message is not None
    assert talk.message.plain == "Bob took back Ann's 'take 1'. Ann to play."
    talk.hear([played], frozenset({0}))
    assert talk.message is None
    assert talk.log[-2:] == ["Undo: Ann's 'take 1' is taken back.", talk.log[-1]]


def test_the_reader_is_told_in_its_own_words(tmp_path: Path) -> None:
    talk, _ = talk_and_step(tmp_path)
    expired = UndoDeclined(1, 0, NotTaken.EXPIRED)
    talk.hear([expired], frozenset({1}))  # the asker
    assert talk.message is not None
    assert talk.message.plain == "Nothing taken back: Ann did not answer in time."
    talk.hear([expired], frozenset({0}))  # the one asked
    assert talk.message is not None
    assert talk.message.plain == (
        "You did not answer in time: nothing of yours is taken back for Bob."
    )
    talk.hear([Departed(1, Departure.DROPPED)], frozenset({0}))
    assert talk.message is not None
    assert talk.message.plain == "Bob's connection dropped; the seat waits for Bob."


def test_the_answer_to_what_was_typed_stays_with_the_news_under_it(tmp_path: Path) -> None:
    talk, played = talk_and_step(tmp_path)
    talk.warn("It is Ann's turn, not yours.")
    talk.hear([Arrived(None, Arrival.JOINED), played], frozenset({1}))
    assert talk.message is not None
    assert talk.message.plain == "It is Ann's turn, not yours.\nA spectator joined the table."
    talk.hear([Said(Speaker(None, host=True), "\x1b[31mred")], frozenset({1}))
    assert talk.message is not None and talk.message.plain == "The host says: \\x1b[31mred"


def test_a_line_said_is_told_in_french_with_its_no_break_space(tmp_path: Path) -> None:
    talk, _ = talk_and_step(tmp_path)
    with speaking("fr"):
        talk.hear([Said(Speaker(0), "bonjour\x1b[2J")], frozenset({1}))
    assert talk.message is not None
    assert talk.message.plain == "Ann dit\u00a0: bonjour\\x1b[2J"


def test_the_log_keeps_the_newest_talk_and_comings_and_every_action(tmp_path: Path) -> None:
    """A terminal that stays while spectators come and go, and talk, for ever: its log keeps
    as many of those lines as the table's journal does, the newest, and every action."""
    talk, played = talk_and_step(tmp_path)
    logged = talk.logged
    for n in range(KEPT_COMINGS * 2):
        talk.hear([Arrived(None, Arrival.JOINED), Departed(None, Departure.QUIT)], frozenset())
        talk.hear([Said(Speaker(None), f"hello {n}")], frozenset())
    talk.hear([played], frozenset())
    assert talk.logged == logged + KEPT_COMINGS * 6 + 1  # every line, those let go with them
    said = [line for line in talk.log if "says:" in line]
    comings = [line for line in talk.log if "the table" in line]
    assert len(comings) == KEPT_COMINGS and len(said) == KEPT_SAID
    assert said[-1].endswith(f"hello {KEPT_COMINGS * 2 - 1}")
    assert talk.since(talk.logged - 2) == [said[-1], talk.log[-1]]  # the newest, the action
    assert talk.latest(3) == [*said[-2:], talk.log[-1]]  # no comings
