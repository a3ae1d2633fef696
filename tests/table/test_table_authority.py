"""The table's authority, without any terminal: what it publishes when places come and go,
an undo that needs its owner's yes, the bounds on talk, snapshots as values, the empty
game a host leaves, and players who cannot start a game refused as values."""

from __future__ import annotations

import dataclasses
import threading
from dataclasses import replace
from functools import partial
from pathlib import Path

import pytest

from helpers import CAT, wait_until
from thebes.records.blockers import Blocked, Blocker
from thebes.records.session import Session, default_seats
from thebes.rules import NO_VARIANTS, Retire, TakeCard, time_of
from thebes.table.authority import Table
from thebes.table.games import GameOptions, SetupRefused, Unplayable, new_game, seats_from
from thebes.table.news import (
    KEPT_COMINGS,
    KEPT_SAID,
    ActionPlayed,
    Arrival,
    Arrived,
    Departed,
    Departure,
    Journal,
    NotTaken,
    Said,
    Speaker,
    TakenBack,
    UndoAsked,
    UndoDeclined,
)
from thebes.table.refusals import Refusal, Refused


def in_1903(session: Session) -> Session:
    """Every player in 1903, Ann furthest back: retiring is allowed, nothing is drawn."""
    players = tuple(
        replace(p, time=time_of(1903, w))
        for p, w in zip(session.state.players, [1, 5], strict=True)
    )
    session._state = replace(session.state, players=players)
    return session


def moved_on(table: Table, version: int) -> bool:
    return table._version != version


def shared(tmp_path: Path) -> tuple[Session, Table]:
    session = in_1903(Session(CAT, default_seats(["Ann", "Bob"]), 5, autosave=tmp_path / "g.json"))
    return session, Table(session, None, shared=True, fast=True)


def test_joins_drops_and_quits_are_news_for_everyone_else(tmp_path: Path) -> None:
    _, table = shared(tmp_path)
    table.drop_grace = 0.05
    ann = table.join(0, lambda: None)
    bob = table.join(1, lambda: None)
    assert table.news(ann) == [Arrived(1, Arrival.JOINED)]
    assert table.news(bob) == []  # its own arrival is for the others
    table.leave(bob, Departure.DROPPED)
    wait_until(lambda: table.journal.serial > ann.seen, "the drop was never told")
    again = table.join(1, lambda: None)
    spectator = table.join(None, lambda: None)
    table.leave(spectator, Departure.QUIT)
    assert table.news(ann) == [
        Departed(1, Departure.DROPPED),
        Arrived(1, Arrival.RETURNED),
        Arrived(None, Arrival.JOINED),
        Departed(None, Departure.QUIT),
    ]
    other = table.join(1, lambda: None)  # the same seat from elsewhere takes it over
    assert again.ended is not None and table.news(ann)[-1] == Arrived(1, Arrival.TOOK_OVER)
    assert table.snapshot(other).present == frozenset({0, 1})


def test_a_seat_back_within_its_grace_is_no_news(tmp_path: Path) -> None:
    # A page reloading, or joining again in plain text: its drop and return are not told.
    _, table = shared(tmp_path)
    table.drop_grace = 60.0
    ann, bob = table.join(0, lambda: None), table.join(1, lambda: None)
    table.news(ann)
    table.leave(bob, Departure.DROPPED)
    back = table.join(1, lambda: None)
    table.leave(table.join(None, lambda: None), Departure.QUIT)  # news after it, to see
    assert table.news(ann) == [Arrived(None, Arrival.JOINED), Departed(None, Departure.QUIT)]
    assert table.snapshot(back).present == frozenset({0, 1})


def test_an_undo_nobody_answers_expires_and_both_are_told(tmp_path: Path) -> None:
    session, table = shared(tmp_path)
    table.undo_wait = 0.05
    ann, bob = table.join(0, lambda: None), table.join(1, lambda: None)
    assert table.play(ann, Retire(), table.snapshot(ann).moves) is None
    assert table.undo(bob) is None  # asked, not done
    question = table.snapshot(ann).question
    assert question is not None and question.owner == 0 and question.asker == 1
    assert table.snapshot(bob).waiting_undo == question
    with table._cond:
        table._cond.wait_for(lambda: not table.asks(question.number), timeout=30)
    expired = UndoDeclined(1, 0, NotTaken.EXPIRED)
    for place in (ann, bob):
        news = table.news(place)
        assert isinstance(news[-2], UndoAsked) and news[-1] == expired
    table.answer(ann, question.number, True)  # too late: nothing
    assert len(session.steps) == 1 and table.snapshot(ann).question is None


def test_an_undo_the_owner_agrees_to_takes_back_and_a_move_meanwhile_voids_it(
    tmp_path: Path,
) -> None:
    session, table = shared(tmp_path)
    ann, bob = table.join(0, lambda: None), table.join(1, lambda: None)
    table.play(ann, Retire(), table.snapshot(ann).moves)
    table.undo(bob)
    question = table.snapshot(ann).question
    assert question is not None
    table.answer(bob, question.number, True)  # not the owner's answer: nothing
    assert len(session.steps) == 1
    table.answer(ann, question.number, True)
    assert session.steps == []
    assert isinstance(table.news(bob)[-1], TakenBack)
    table.play(ann, Retire(), table.snapshot(ann).moves)
    table.undo(bob)
    table.play(bob, Retire(), table.snapshot(bob).moves)  # Bob moves instead of waiting
    assert table.news(ann)[-2:] == [
        UndoDeclined(1, 0, NotTaken.CHANGED),
        ActionPlayed(1, 2, session.steps[-1], session.state),
    ]


def test_a_say_flood_is_refused_and_the_journal_keeps_a_bounded_talk(tmp_path: Path) -> None:
    _, table = shared(tmp_path)
    ann = table.join(0, lambda: None)
    answers = [table.say(ann, f"line {n}") for n in range(10)]
    assert answers[:3] == [None, None, None]
    assert {a.kind for a in answers[3:] if a is not None} == {Refusal.SAY_TOO_FAST}
    journal = Journal()
    for n in range(KEPT_SAID * 3):
        journal.publish(Said(Speaker(0), f"{n}"))
    said = journal.since(0, host=True)
    assert len(said) == KEPT_SAID and said[-1] == Said(Speaker(0), f"{KEPT_SAID * 3 - 1}")


def test_a_spectator_coming_and_going_for_ever_keeps_the_journal_bounded(
    tmp_path: Path,
) -> None:
    session, table = shared(tmp_path)
    ann = table.join(0, lambda: None)
    assert table.play(ann, session.legal_actions()[0], table.snapshot(ann).moves) is None
    for _ in range(KEPT_COMINGS * 2):
        table.leave(table.join(None, lambda: None), Departure.QUIT)
    story = table.story(ann)
    comings = [news for news in story if isinstance(news, Arrived | Departed)]
    assert len(comings) == KEPT_COMINGS and comings[-1] == Departed(None, Departure.QUIT)
    assert [news for news in story if isinstance(news, ActionPlayed)] == [
        ActionPlayed(0, 1, session.steps[-1], session.state)
    ]  # the game's own news are all kept
    assert len(table.news(ann)) == KEPT_COMINGS + 1  # the newest, and the action


def test_a_snapshot_is_a_value_the_game_never_changes(tmp_path: Path) -> None:
    _, table = shared(tmp_path)
    ann = table.join(0, lambda: None)
    before = table.snapshot(ann)
    with pytest.raises(dataclasses.FrozenInstanceError):
        before.steps = ()  # type: ignore[misc]
    table.play(ann, Retire(), before.moves)
    assert before.steps == () and len(table.snapshot(ann).steps) == 1
    assert before.active_seat == 0 and table.snapshot(ann).active_seat == 1
    # What is for the host alone (the file, its trouble) is not in anyone else's snapshot.
    assert before.autosave is None
    assert table.snapshot(table.join(None, lambda: None, host=True)).autosave is not None


def test_a_new_hosted_game_left_with_nothing_played_is_not_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    options = GameOptions(5, NO_VARIANTS)
    with new_game("Ann,Bob", [], options, None, False, ask=None, keep_empty=False) as game:
        empty = game[0].autosave
        assert empty is not None and empty.exists()
    assert not empty.exists()
    with new_game("Ann,Bob", [], options, None, False, ask=None, keep_empty=False) as game:
        session = game[0]
        session.play(TakeCard(0))
        kept = session.autosave
    assert kept is not None and kept.exists()
    # At one keyboard the game is kept as it was made, as `thebes play` always did.
    with new_game("Ann,Bob", [], options, None, False, ask=None) as game:
        made = game[0].autosave
    assert made is not None and made.exists()


@pytest.mark.parametrize(
    ("names", "bots", "kind", "given", "count"),
    [
        ("Ann", [], Unplayable.PLAYER_COUNT, "", 1),
        ("Ann,Bob", ["Cleo=genius"], Unplayable.BOT_SPEC, "Cleo=genius", 0),
        ("Ann,ann", [], Unplayable.SAME_NAMES, "", 0),
        ("Ann," + "B" * 25, [], Unplayable.NAME, "B" * 25, 0),
    ],
)
def test_players_who_cannot_play_are_refused_with_a_value_the_front_end_words(
    names: str, bots: list[str], kind: Unplayable, given: str, count: int
) -> None:
    with pytest.raises(SetupRefused) as refused:
        seats_from(names, bots, None)
    assert (refused.value.kind, refused.value.given, refused.value.count) == (kind, given, count)


def test_bots_play_in_a_thread_at_a_hosted_table(tmp_path: Path) -> None:
    seats = default_seats(["Ann", "Cyd"], {"Cyd": "random"})
    session = Session(CAT, seats, 8, autosave=tmp_path / "b.json")
    table = Table(session, None, shared=True, fast=True)
    stop = threading.Event()
    bots = threading.Thread(target=table.run_bots, args=(stop,))
    bots.start()
    ann = table.join(0, lambda: None)
    try:
        while not table.over.is_set():
            view = table.snapshot(ann)
            if view.active_seat == 0:
                table.play(ann, view.legal_actions()[0], view.moves)
            else:
                # A second at most, then it looks again (news may come between look and wait).
                with table._cond:
                    table._cond.wait_for(partial(moved_on, table, view.version), timeout=1)
    finally:
        stop.set()
        bots.join(30)
    assert session.is_over and {s.record.player for s in session.steps} == {"Ann", "Cyd"}


def test_a_refused_undo_or_hint_carries_the_sessions_reason_as_a_value(tmp_path: Path) -> None:
    session, table = shared(tmp_path)
    ann = table.join(0, lambda: None)
    assert table.undo(ann) == Refused(Refusal.UNDO_BLOCKED, detail=Blocker(Blocked.NOTHING_PLAYED))
    session.hints_enabled = False
    assert table.hint_refusal(ann) == Refused(
        Refusal.HINT_BLOCKED, detail=Blocker(Blocked.HINTS_OFF)
    )
    assert table.play(ann, TakeCard(0), table.snapshot(ann).moves) is None
    assert table.undo(ann) == Refused(
        Refusal.UNDO_BLOCKED, detail=Blocker(Blocked.CARDS_REVEALED, 0, TakeCard(0))
    )
