"""Undo: what it takes back (a person's action and the bot moves after it), what it refuses
(anything that revealed cards or tokens), and whose turn it is afterwards."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from helpers import CAT
from terminal import game
from thebes.records.blockers import Blocked, Blocker, SessionRefused
from thebes.records.gamefile import COLOURS, read_record
from thebes.records.session import Seat, Session, default_seats
from thebes.rules import Action, GameState, Retire, TakeCard, time_of
from thebes.tournament.bot_games import bot_session


def test_undo_takes_back_only_actions_that_revealed_nothing(tmp_path: Path) -> None:
    session = Session(CAT, default_seats(["Ann", "Bob"]), 5, autosave=tmp_path / "a.json")
    assert session.undo_blocker() == Blocker(Blocked.NOTHING_PLAYED)
    take = next(a for a in session.legal_actions() if type(a).__name__ == "TakeCard")
    session.play(take)
    assert session.undo_blocker() == Blocker(Blocked.CARDS_REVEALED, 0, take)
    with pytest.raises(SessionRefused) as refused:
        session.undo()
    assert refused.value.blocker == Blocker(Blocked.CARDS_REVEALED, 0, take)
    # An action that reveals nothing (retiring in the last year) can be taken back.
    last_year = [replace(p, time=104 + i) for i, p in enumerate(session.state.players)]
    session._state = replace(session.state, players=tuple(last_year))
    before = session.state
    session.play(session.parse("retire"))
    assert session.undo_blocker() is None
    session.undo()
    assert session.state == before and len(session.steps) == 1
    assert len(read_record(tmp_path / "a.json").actions) == 1  # the autosave followed


def test_undo_can_be_turned_off() -> None:
    session = Session(CAT, default_seats(["Ann", "Bob"]), 5, undo=False)
    assert session.undo_blocker() == Blocker(Blocked.UNDO_OFF)


def test_a_dig_cannot_be_undone() -> None:
    session = bot_session(CAT, 2, 2026)
    while session.steps and not session.steps[-1].record.action.startswith("dig"):
        session.steps.pop()
    session.undo_enabled = True
    blocker = session.undo_blocker()
    assert blocker is not None and blocker.kind is Blocked.TOKENS_REVEALED
    assert blocker.action == session.steps[-1].action


def in_the_last_year(session: Session, weeks: Sequence[int]) -> None:
    """Put each player in 1903 at these weeks (the one furthest back moves first)."""
    state = session.state
    players = tuple(
        replace(p, time=time_of(1903, week)) for p, week in zip(state.players, weeks, strict=True)
    )
    session._state = replace(state, players=players)


class AlwaysRetires:
    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        assert Retire() in legal
        return Retire()


def test_undo_after_a_retire_gives_the_turn_back_to_who_retired(tmp_path: Path) -> None:
    session = Session(CAT, default_seats(["Ann", "Bob"]), 8, autosave=tmp_path / "g.json")
    in_the_last_year(session, [5, 2])  # Bob is furthest back
    # Bob retires; Ann (now to play) types undo, Bob agrees; the next line is Bob's to play.
    with game(session, "retire\nundo\ny\ntake 1\n") as (ui, out):
        ui.run()
    assert [(s.record.player, s.record.action) for s in session.steps] == [("Bob", "take 1")]
    assert "Took back Bob's 'retire'. Bob to play." in out.getvalue()


def three_with_a_bot(tmp_path: Path) -> Session:
    seats = [Seat("Ann", COLOURS[0]), Seat("Bob", COLOURS[1], "greedy"), Seat("Cleo", COLOURS[2])]
    session = Session(CAT, seats, 8, autosave=tmp_path / "g.json")
    in_the_last_year(session, [1, 2, 3])
    return session


def test_undo_takes_back_a_persons_action_with_the_bot_moves_after_it(tmp_path: Path) -> None:
    session = three_with_a_bot(tmp_path)
    # Ann retires, bot Bob retires, Cleo types undo and Ann agrees: both go back, Ann
    # plays again.
    with game(session, "retire\nundo\ny\ntake 1\n") as (ui, out):
        ui.bots[1] = AlwaysRetires()
        ui.run()
    played = [(s.record.player, s.record.action) for s in session.steps]
    assert played == [("Ann", "take 1"), ("Bob", "retire")]
    assert "Took back Ann's 'retire', then Bob's 'retire'. Ann to play." in out.getvalue()


def test_undo_is_refused_when_a_bot_move_after_it_revealed_cards(tmp_path: Path) -> None:
    session = three_with_a_bot(tmp_path)
    session.play(Retire())
    session.play(TakeCard(0))  # the bot's take draws a new card for the display
    reason = Blocker(Blocked.CARDS_REVEALED, 1, TakeCard(0))  # Bob's 'take 1'
    assert session.undo_blocker() == reason
    with pytest.raises(SessionRefused) as refused:
        session.undo()
    assert refused.value.blocker == reason
    assert len(session.steps) == 2


def test_undo_with_only_bot_moves_behind_says_so(tmp_path: Path) -> None:
    seats = [Seat("Ann", COLOURS[0], "greedy"), Seat("Bob", COLOURS[1])]
    session = Session(CAT, seats, 8)
    in_the_last_year(session, [1, 2])
    assert session.undo_blocker() == Blocker(Blocked.NOTHING_PLAYED)
    session.play(Retire())
    assert session.undo_blocker() == Blocker(Blocked.NO_PERSONS_ACTION)
