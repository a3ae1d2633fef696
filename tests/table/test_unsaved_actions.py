"""A server's table plays no action it cannot save: on a full disk an action is refused and
the game stays as its file holds it, so a crash then loses nothing; once the disk has room,
the same action plays."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import CAT
from thebes.records.session import Session, default_seats
from thebes.safeio.saving import SaveError
from thebes.table.authority import Table
from thebes.table.refusals import Refusal


def full_disk(self: Session, path: object) -> Path:
    raise SaveError("No space left on device")


@pytest.mark.parametrize("must_save", [True, False])
def test_an_action_that_cannot_be_saved_is_not_played_at_a_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, must_save: bool
) -> None:
    session = Session(CAT, default_seats(["Ann", "Bob"]), 5, autosave=tmp_path / "g.json")
    session.save(tmp_path / "g.json")
    table = Table(session, None, shared=True, fast=True, must_save=must_save)
    place = table.join(session.active_seat, lambda: None)
    action = session.legal_actions()[0]
    before = table.position()
    with monkeypatch.context() as disk:
        disk.setattr(Session, "save", full_disk)
        refused = table.play(place, action, before.moves)
    if not must_save:  # a hosted game keeps it in memory, and says the save failed
        assert refused is None and len(session.steps) == 1
        return
    assert refused is not None and refused.kind is Refusal.UNSAVED
    assert refused.detail == "No space left on device"
    assert table.position() == before and not session.steps
    assert Session.load(tmp_path / "g.json", CAT).steps == []
    assert table.play(place, action, before.moves) is None  # room again: it plays
    assert len(Session.load(tmp_path / "g.json", CAT).steps) == 1
