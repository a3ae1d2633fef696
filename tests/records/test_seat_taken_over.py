"""A person's seat that a bot took over mid-game: the file says from which action, the
seat's actions before it stay the person's (for undo and for the hinted marks)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from helpers import CAT
from thebes.records.blockers import Blocked, Blocker, SessionRefused
from thebes.records.gamefile import RecordError, read_record
from thebes.records.session import Session, default_seats
from thebes.rules import Retire, time_of


def taken_over(tmp_path: Path) -> Session:
    session = Session(CAT, default_seats(["Ann", "Bob"]), 4, autosave=tmp_path / "g.json")
    session.play(session.parse("exchange"))  # Ann
    session.put_bot(1, "greedy")
    return session


def test_the_file_says_from_which_action_the_bot_played(tmp_path: Path) -> None:
    session = taken_over(tmp_path)
    players = json.loads((tmp_path / "g.json").read_text())["players"]
    assert players[1]["kind"] == "human" and players[1]["bot"] == "greedy"
    assert players[1]["bot_from"] == 1
    assert Session.load(tmp_path / "g.json", CAT).seats[1].bot_from == 1
    with pytest.raises(SessionRefused) as refused:
        session.put_bot(1, "random")
    assert refused.value.blocker == Blocker(Blocked.BOT_SEATED, 1)


def test_an_undo_to_before_the_takeover_lets_the_bot_play_from_there(tmp_path: Path) -> None:
    session = Session(CAT, default_seats(["Ann", "Bob"]), 4, autosave=tmp_path / "g.json")
    players = tuple(
        replace(p, time=time_of(1903, w))
        for p, w in zip(session.state.players, [1, 5], strict=True)
    )
    session._state = replace(session.state, players=players)
    session.play(Retire())  # Ann: it reveals nothing, so it can be taken back
    session.put_bot(1, "greedy")
    assert session.seats[1].bot_from == 1
    session.undo()
    assert session.seats[1].bot_from == 0 and session.steps == []


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"kind": "bot"}, "'bot_from' is for a person's seat a bot took over"),
        ({"bot": None}, "a bot seat names its level"),
    ],
)
def test_a_takeover_the_program_would_not_write_is_refused(
    tmp_path: Path, change: dict[str, object], problem: str
) -> None:
    taken_over(tmp_path)
    data = json.loads((tmp_path / "g.json").read_text())
    data["players"][1].update(change)
    (tmp_path / "bad.json").write_text(json.dumps(data))
    with pytest.raises(RecordError, match=problem):
        read_record(tmp_path / "bad.json")
