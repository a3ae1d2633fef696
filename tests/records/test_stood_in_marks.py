"""An action a bot played for a person whose time ran out (a server's clock): the file marks
it ``"stood_in": LEVEL``, the mark survives a save, a reload and a replay to the same digest,
the digest guards it, undo counts it the bot's, and files without it read as before."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from helpers import CAT, GOLDEN, LEGACY, edit_text
from thebes.records.blockers import Blocked, Blocker, SessionRefused
from thebes.records.gamefile import RecordError, dump_record, read_record
from thebes.records.library import ListedFile, read_game
from thebes.records.session import Session, default_seats
from thebes.rules import Retire, time_of


def stood_in_game(path: Path) -> Session:
    """Ann exchanges, a greedy bot standing in; Bob exchanges himself; then Ann takes a card."""
    session = Session(CAT, default_seats(["Ann", "Bob"]), 4, autosave=path)
    session.play(session.parse("exchange"), stood_in="greedy")  # Ann's time ran out
    session.play(session.parse("exchange"))  # Bob
    session.play(session.legal_actions()[0])  # Ann again, herself
    return session


def test_the_mark_is_written_on_that_action_alone(tmp_path: Path) -> None:
    session = stood_in_game(tmp_path / "g.json")
    actions = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))["actions"]
    assert actions[0]["player"] == "Ann" and actions[0]["stood_in"] == "greedy"
    assert ["stood_in" in a for a in actions] == [True, False, False]
    assert not session.seats[0].is_bot and session.seats[0].bot_from is None
    assert session.stand_ins() == {"Ann": 1}


def test_save_reload_and_replay_give_the_same_digest_and_the_same_file(tmp_path: Path) -> None:
    session = stood_in_game(tmp_path / "g.json")
    written = (tmp_path / "g.json").read_text(encoding="utf-8")
    again = Session.load(tmp_path / "g.json", CAT)
    assert [s.record.stood_in for s in again.steps] == ["greedy", None, None]
    assert again.state == session.state
    assert again.to_record().digest == session.to_record().digest
    assert dump_record(again.to_record()) == written


def test_the_mark_is_inside_the_digest(tmp_path: Path) -> None:
    stood_in_game(tmp_path / "g.json")
    edit_text(tmp_path, "g.json", ', "stood_in": "greedy"', "")  # Ann claims the bot's move
    with pytest.raises(RecordError, match="digest"):
        Session.load(tmp_path / "g.json", CAT)
    stood_in_game(tmp_path / "h.json")
    edit_text(tmp_path, "h.json", '"stood_in": "greedy"', '"stood_in": "expert"')
    with pytest.raises(RecordError, match="digest"):
        Session.load(tmp_path / "h.json", CAT)


def test_a_stood_in_action_is_the_bots_for_undo() -> None:
    session = Session(CAT, default_seats(["Ann", "Bob"]), 4)
    players = tuple(
        replace(p, time=time_of(1903, w))
        for p, w in zip(session.state.players, [1, 5], strict=True)
    )
    session._state = replace(session.state, players=players)  # retiring reveals nothing
    session.play(Retire(), stood_in="random")  # Ann's time ran out
    # Ann may not take back the move her clock took from her: nothing is a person's yet.
    assert session.undo_blocker() == Blocker(Blocked.NO_PERSONS_ACTION)
    session.play(Retire())  # Bob's own
    assert [s.record.player for s in session.undo_steps()] == ["Bob"]  # the bots after it


def test_a_hint_seen_before_the_clock_ran_out_does_not_mark_the_bots_action() -> None:
    session = Session(CAT, default_seats(["Ann", "Bob"]), 4)
    session.note_hint()
    session.play(session.parse("exchange"), stood_in="greedy")
    record = session.steps[-1].record
    assert record.stood_in == "greedy" and record.hinted is False
    assert session.hints_used() == {}


def test_no_bot_stands_in_for_a_bot() -> None:
    session = Session(CAT, default_seats(["Ann", "Bob"], {"Ann": "random"}), 4)
    with pytest.raises(SessionRefused) as refused:
        session.play(session.parse("exchange"), stood_in="greedy")
    assert refused.value.blocker == Blocker(Blocked.BOT_SEATED, 0)
    assert session.steps == []


@pytest.mark.parametrize(
    ("edit", "problem"),
    [
        (lambda d: d["actions"][0].update(stood_in="genius"), "bot level 'genius' is not"),
        (lambda d: d["actions"][0].update(hinted=True), "action 1 is marked hinted, but a bot"),
        (lambda d: d.update(format_version=1), "action 1: 'stood_in' is not in format version 1"),
        (
            lambda d: d["players"][0].update(kind="bot", bot="random"),
            "action 1: 'stood_in' is for a person's action, not a bot's",
        ),
        (
            lambda d: d["players"][0].update(bot="random", bot_from=0),
            "action 1: 'stood_in' is for a person's action, not a bot's",
        ),
    ],
)
def test_a_mark_thebes_would_not_write_is_refused(
    tmp_path: Path, edit: object, problem: str
) -> None:
    stood_in_game(tmp_path / "g.json")
    data = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    assert callable(edit)
    edit(data)
    (tmp_path / "bad.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match=problem):
        read_record(tmp_path / "bad.json")


@pytest.mark.parametrize(
    "path", [*sorted(GOLDEN.glob("*.json")), *sorted(LEGACY.glob("*v1.json"))], ids=str
)
def test_files_without_the_mark_load_and_keep_their_digest(path: Path) -> None:
    session = Session.load(path, CAT)
    assert session.stand_ins() == {}
    record = session.to_record()
    assert "stood_in" not in dump_record(record)
    if read_record(path).format_version == 2:  # a version 1 file is saved again as version 2
        assert dump_record(record) == path.read_text(encoding="utf-8")


def test_the_games_listing_counts_the_stand_ins(tmp_path: Path) -> None:
    stood_in_game(tmp_path / "g.json")
    game = read_game(ListedFile(tmp_path / "g.json", None), CAT)
    assert game.standing is not None
    assert game.standing.stand_ins == (("Ann", 1),)
    assert game.standing.as_json()["stand_ins"] == {"Ann": 1}
