"""A bot standing in for a person whose time ran out (issue 45's clock, which the lobby
keeps): for one move, the seat staying the person's, or for the rest of the game; refused
when the position moved on, the seat is not to move or is a bot's, or the table is closed;
the bot thinks outside the lock, so the person's own move arriving meanwhile wins."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from helpers import CAT
from thebes.bots import Player
from thebes.records.gamefile import read_record
from thebes.records.session import Session, default_seats
from thebes.rules import Action, GameState, Retire, time_of
from thebes.table import authority
from thebes.table.authority import Table
from thebes.table.news import ActionPlayed, TimeRanOut
from thebes.table.refusals import Refusal, Refused


def table_of(tmp_path: Path, *, in_1903: bool = False) -> tuple[Session, Table]:
    session = Session(CAT, default_seats(["Ann", "Bob"]), 4, autosave=tmp_path / "g.json")
    if in_1903:  # Ann far behind, so she moves twice; retiring reveals nothing
        players = tuple(
            replace(p, time=time_of(1903, w))
            for p, w in zip(session.state.players, [1, 5], strict=True)
        )
        session._state = replace(session.state, players=players)
    return session, Table(session, None, shared=True, fast=True)


def test_a_bot_plays_one_move_and_the_person_plays_the_next_themselves(tmp_path: Path) -> None:
    session, table = table_of(tmp_path)
    ann, bob = table.join(0, lambda: None), table.join(1, lambda: None)
    table.news(bob)
    assert table.note_hint(ann, table.snapshot(ann).moves) is None  # she looked, then ran out
    moves = table.snapshot(bob).moves
    assert table.stand_in(0, "greedy", rest_of_game=False, moves=moves) is None
    step = session.steps[-1]
    assert step.record.player == "Ann" and step.record.stood_in == "greedy"
    assert step.record.hinted is False  # the bot's action, not one taken after her hint
    told = table.news(bob)
    assert told[0] == TimeRanOut(0, "greedy", rest_of_game=False)
    assert isinstance(told[1], ActionPlayed) and told[1].seat == 0
    assert not session.seats[0].is_bot and 0 not in table.bots  # the seat stays hers
    while session.active_seat != 0:  # Bob plays until it is Ann's turn again
        view = table.snapshot(bob)
        assert table.play(bob, view.legal_actions()[0], view.moves) is None
    view = table.snapshot(ann)
    assert table.play(ann, view.legal_actions()[0], view.moves) is None
    assert session.steps[-1].record.player == "Ann"
    assert session.steps[-1].record.stood_in is None
    saved = read_record(tmp_path / "g.json")
    assert saved.actions[0].stood_in == "greedy"
    assert [a.stood_in for a in saved.actions[1:]] == [None] * (len(saved.actions) - 1)
    assert all(p.bot_from is None for p in saved.players)


def test_for_the_rest_of_the_game_the_seat_is_the_bots_from_then_on(tmp_path: Path) -> None:
    session, table = table_of(tmp_path)
    ann, bob = table.join(0, lambda: None), table.join(1, lambda: None)
    assert table.play(ann, session.parse("exchange"), table.snapshot(ann).moves) is None
    assert session.active_seat == 1
    table.news(ann)
    moves = table.snapshot(ann).moves
    assert table.stand_in(1, "random", rest_of_game=True, moves=moves) is None
    assert session.seats[1].bot == "random" and session.seats[1].bot_from == 1
    assert table.bot_to_move() == 1 and len(session.steps) == 1  # the bots' runner plays it
    assert table.news(ann) == [TimeRanOut(1, "random", rest_of_game=True)]
    view = table.snapshot(bob)
    assert view.moves > moves  # an action Bob chose before is stale now
    assert table.play(bob, view.legal_actions()[0], view.moves) == Refused(Refusal.NOT_YOUR_TURN, 1)
    assert table.play_bot_turn()
    assert session.steps[-1].record.player == "Bob"
    assert session.steps[-1].record.stood_in is None  # a seat's bot marks no action
    saved = read_record(tmp_path / "g.json")
    assert saved.players[1].bot == "random" and saved.players[1].bot_from == 1
    assert Session.load(tmp_path / "g.json", CAT).to_record().digest == saved.digest
    again = table.stand_in(1, "greedy", rest_of_game=False, moves=table.snapshot(bob).moves)
    assert again == Refused(Refusal.ALREADY_BOT, 1)


def test_a_stand_in_is_refused_when_it_is_out_of_place(tmp_path: Path) -> None:
    session, table = table_of(tmp_path)
    ann = table.join(0, lambda: None)
    moves = table.snapshot(ann).moves
    assert table.stand_in(0, "greedy", rest_of_game=False, moves=moves - 1) == Refused(
        Refusal.STALE
    )
    assert table.stand_in(1, "greedy", rest_of_game=False, moves=moves) == Refused(
        Refusal.NOT_YOUR_TURN, 0
    )
    assert table.stand_in(1, "greedy", rest_of_game=True, moves=moves) == Refused(
        Refusal.NOT_YOUR_TURN, 0
    )
    with pytest.raises(ValueError, match="unknown bot level"):
        table.stand_in(0, "genius", rest_of_game=True, moves=moves)
    assert session.steps == [] and not session.seats[0].is_bot and table.bots == {}
    table.close()
    assert table.stand_in(0, "greedy", rest_of_game=False, moves=moves) == Refused(Refusal.CLOSED)
    assert session.steps == []


def test_no_bot_stands_in_for_a_bot(tmp_path: Path) -> None:
    session = Session(CAT, default_seats(["Ann", "Bob"], {"Ann": "random"}), 4)
    table = Table(session, None, shared=True, fast=True)
    assert table.stand_in(0, "greedy", rest_of_game=False, moves=0) == Refused(
        Refusal.ALREADY_BOT, 0
    )
    assert session.steps == []


class PersonFirst:
    """A bot that, while it thinks, lets the person's own move arrive from another thread:
    it can only arrive if the bot thinks outside the table's lock."""

    def __init__(self, table: Table, place_seat: int) -> None:
        self.table, self.seat = table, place_seat
        self.arrived: Refused | str | None = "not yet"

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        place = self.table.join(self.seat, lambda: None)
        view = self.table.snapshot(place)

        def person() -> None:
            self.arrived = self.table.play(place, Retire(), view.moves)

        thread = threading.Thread(target=person)
        thread.start()
        thread.join(timeout=30)
        assert not thread.is_alive(), "the person's move waited for the bot's lock"
        return legal[-1]


def test_the_persons_own_move_arriving_while_the_bot_thinks_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session, table = table_of(tmp_path, in_1903=True)
    spectator = table.join(None, lambda: None)
    bot = PersonFirst(table, 0)

    def made(level: str, seed: int | None, seat: int, budget: int | None = None) -> Player:
        return bot

    monkeypatch.setattr(authority, "make_bot", made)
    moves = table.snapshot(spectator).moves
    assert table.stand_in(0, "greedy", rest_of_game=False, moves=moves) == Refused(Refusal.STALE)
    assert bot.arrived is None  # the person's retiring was played
    assert [(s.record.action, s.record.stood_in) for s in session.steps] == [("retire", None)]
    assert not any(isinstance(n, TimeRanOut) for n in table.news(spectator))
