"""Seats at a hosted table: a player who drops is waited for and comes back into the same
seat; the host can put a bot in a seat; a second terminal for a seat takes it over; only the
host touches the host's files; the host's quit ends hosting for everyone."""

from __future__ import annotations

import json
from contextlib import ExitStack
from pathlib import Path

from helpers import CAT
from hosted import Attached, bots_running, hosted_session, shared_table, wait_until
from thebes.bots import ExpertPlayer
from thebes.records.session import Session, default_seats
from thebes.table.news import BotSeated

WAITING = "Ann's connection dropped; the seat waits for Ann."


def test_a_player_who_drops_on_their_turn_is_waited_for_and_comes_back(tmp_path: Path) -> None:
    session = hosted_session(tmp_path, ["Ann", "Bob"], {})
    table = shared_table(session)
    with ExitStack() as stack:
        ann, bob = Attached(table, 0, stack), Attached(table, 1, stack)
        ann.wait_ready()
        ann.hang_up()  # Ann's turn: the first player moves first
        bob.wait_said(WAITING)
        assert not table.over.is_set() and session.steps == []
        again = Attached(table, 0, stack)
        again.wait_ready()
        again.type("exchange\n")
        wait_until(lambda: len(session.steps) == 1)
        assert session.steps[0].record.player == "Ann"
        for view in (again, bob):
            view.keys.close()
            view.finish()


def test_the_host_puts_a_bot_in_the_seat_of_a_player_who_left(tmp_path: Path) -> None:
    session = hosted_session(tmp_path, ["Ann", "Bob"], {})
    table = shared_table(session)
    with ExitStack() as stack, bots_running(table):
        host = Attached(table, 0, stack, host=True)
        host.wait_ready()
        host.type("exchange\n")
        wait_until(lambda: session.active_seat == 1)
        host.wait_said("Waiting for Bob to join. 'bot 2 greedy' puts a bot in the seat.")
        host.wait_ready()
        host.type("bot 2 random\n")
        wait_until(lambda: len(session.steps) > 1)
        host.wait_said("The host put a random bot in Bob's seat.")
        host.keys.close()
        host.finish()
    header = json.loads((tmp_path / "hosted.json").read_text())
    assert header["players"][1] == {
        "name": "Bob",
        "colour": session.seats[1].colour,
        "kind": "human",
        "bot": "random",
        "bot_from": 1,
    }
    assert "bot_from" not in header["players"][0]
    again = Session.load(tmp_path / "hosted.json", CAT)
    assert [s.record.action for s in again.steps] == [s.record.action for s in session.steps]
    assert again.seats[1].bot_from == 1


def test_only_the_host_saves_and_a_remote_view_never_runs_the_pager(tmp_path: Path) -> None:
    session = hosted_session(tmp_path, ["Ann", "Bob"], {})
    table = shared_table(session)
    with ExitStack() as stack:
        ann = Attached(table, 0, stack)
        # Handed a terminal that says it has a pager: a remote view prints pages plainly
        # (a pager run by the host would show at the host's own terminal).
        bob = Attached(table, 1, stack, pager=True)
        bob.wait_ready()
        bob.type("log\n")
        bob.wait_said("Ann and Bob set out from Warsaw; Ann moves first.")
        bob.wait_ready()
        bob.type(f"save {tmp_path / 'mine.json'}\n")
        bob.wait_said("Only the host saves: the game is saved on the host after every action.")
        bob.wait_ready()
        bob.type("bot 1 greedy\n")
        bob.wait_said("Only the host puts a bot in a seat.")
        assert not (tmp_path / "mine.json").exists()
        assert not session.seats[0].is_bot
        for view in (ann, bob):
            view.keys.close()
            view.finish()


def test_a_second_terminal_for_a_seat_takes_it_over(tmp_path: Path) -> None:
    session = hosted_session(tmp_path, ["Ann", "Bob"], {})
    table = shared_table(session)
    with ExitStack() as stack:
        first = Attached(table, 0, stack)
        first.wait_ready()
        second = Attached(table, 0, stack)
        first.finish()  # the first attachment ends, saying why
        assert "Your seat was taken over from elsewhere." in first.said()
        second.wait_ready()
        second.type("exchange\n")
        wait_until(lambda: len(session.steps) == 1)
        second.keys.close()
        second.finish()


def test_the_hosts_quit_ends_the_table_for_everyone(tmp_path: Path) -> None:
    session = hosted_session(tmp_path, ["Ann", "Bob"], {})
    table = shared_table(session)
    with ExitStack() as stack:
        host = Attached(table, 0, stack, host=True)
        bob = Attached(table, 1, stack)
        watcher = Attached(table, None, stack)
        bob.wait_ready()
        bob.type("quit\ny\n")  # a player leaves: the table goes on
        bob.finish()
        assert "You left the table; your seat waits for you." in bob.said()
        assert not table.over.is_set()
        host.wait_ready()
        host.type("quit\ny\n")
        host.finish()
        watcher.finish()
        assert table.over.is_set()
        assert "The host ended the table; the game is saved on the host." in watcher.said()
        assert f"The game is saved in {tmp_path / 'hosted.json'}" in host.said()
        assert str(tmp_path) not in watcher.said() + bob.said()


def test_the_server_saying_a_seat_dropped_ends_its_view_and_the_table_waits(tmp_path: Path) -> None:
    session = hosted_session(tmp_path, ["Ann", "Bob"], {})
    table = shared_table(session)
    with ExitStack() as stack:
        ann, bob = Attached(table, 0, stack), Attached(table, 1, stack)
        ann.wait_ready()
        table.dropped(0)  # as the server says when the channel closes
        ann.finish()
        bob.wait_said(WAITING)
        bob.wait_ready()
        bob.type("say still there?\n")
        bob.wait_said("Bob says: still there?")
        bob.keys.close()
        bob.finish()
    assert session.steps == [] and not table.over.is_set()


def test_the_host_puts_an_expert_in_a_seat_on_the_games_budget(tmp_path: Path) -> None:
    session = Session(CAT, default_seats(["Ann", "Bob"]), 5, expert_budget=3)
    session.autosave = tmp_path / "hosted.json"
    table = shared_table(session)
    host = table.join(None, lambda: None, host=True)
    assert table.put_bot(host, 1, "expert") is None
    assert table.news(host)[-1] == BotSeated(1, "expert")
    assert session.seats[1].bot == "expert"
    bot = table.bots[1]
    assert isinstance(bot, ExpertPlayer) and bot.budget.simulations == 3
    header = json.loads((tmp_path / "hosted.json").read_text())
    assert header["options"]["expert_budget"] == 3
    assert Session.load(tmp_path / "hosted.json", CAT).expert_budget == 3
