"""A whole hosted game: two people at two terminals and a bot on the host, every action
made through the table's one authority, the file holding exactly what was played."""

from __future__ import annotations

from contextlib import ExitStack
from functools import partial
from pathlib import Path

import pytest

from helpers import CAT
from hosted import Attached, bots_running, hosted_session, shared_table, wait_until
from thebes.records.gamefile import read_record
from thebes.records.session import Session
from thebes.rules import Retire
from thebes.table.authority import Table


def bot_moved(table: Table, seat: int | None) -> bool:
    return table.session.active_seat != seat or table.over.is_set()


def played_past(session: Session, count: int) -> bool:
    return len(session.steps) > count


# A whole game (or many playouts), untraced: the tracer triples its time; shorter tests
# cover its lines (tests/conftest.py).
@pytest.mark.no_cover
def test_two_people_and_a_bot_play_a_whole_game_through_two_views(tmp_path: Path) -> None:
    session = hosted_session(tmp_path, ["Ann", "Bob", "Cyd"], {"Cyd": "random"})
    table = shared_table(session)
    typed: list[tuple[str, str]] = []
    with ExitStack() as stack, bots_running(table):
        views = {0: Attached(table, 0, stack), 1: Attached(table, 1, stack)}
        while not table.over.is_set():
            with table._cond:
                seat = session.active_seat
            if seat is None or seat == 2:
                wait_until(partial(bot_moved, table, seat))
                continue
            view = views[seat]
            view.wait_ready()
            legal = session.legal_actions()
            # Late in the game retire; before, the last legal action (a dig, often).
            action = Retire() if Retire() in legal and len(session.steps) > 60 else legal[-1]
            text = session.notation(action)
            typed.append((session.seats[seat].name, text))
            done = len(session.steps)
            view.type(text + "\n")
            wait_until(partial(played_past, session, done))
        for view in views.values():
            view.finish()
    record = read_record(tmp_path / "hosted.json")
    played = [(a.player, a.action) for a in record.actions]
    assert [p for p in played if p[0] != "Cyd"] == typed
    assert any(p[0] == "Cyd" for p in played)
    assert Session.load(tmp_path / "hosted.json", CAT).is_over
    for view in views.values():
        assert "Final" in view.said() or "final" in view.said()
