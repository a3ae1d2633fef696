"""The hall of a server, without any terminal: accounts, tables that start when their seats
are taken, private tables and invitations, the limits an account meets, a game played to its
end and rated, a restart that brings every table back, and the clock's stand-ins."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from thebes.lobby.hall import Hall, LobbyRefusal
from thebes.lobby.names import bot_names, name_problem, table_in_room
from thebes.lobby.options import HallLimits, TableOptions
from thebes.lobby.rows import Account, OnTimeout, Pace, TableState
from thebes.lobby.store import Store
from thebes.table.authority import Table
from thebes.table.ending import end_balance
from thebes.table.news import Departure


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


class Webhooks:
    def __init__(self) -> None:
        self.sent: list[tuple[str, str, dict[str, object]]] = []

    def send(self, key: str, address: str, message: dict[str, object]) -> bool:
        self.sent.append((key, address, message))
        return True


def hall_at(folder: Path, clock: Clock | None = None, **options: object) -> Hall:
    hall = Hall(folder, Store(folder / "lobby.sqlite3"), clock=clock or Clock(), **options)  # type: ignore[arg-type]
    hall.open()
    return hall


def two_people(hall: Hall, **options: object) -> tuple[Account, Account, int]:
    ann = hall.create_account("Ann", "key-ann")
    bob = hall.create_account("Bob", "key-bob")
    table = hall.create_table(ann, TableOptions(seats=(None, None), **options))  # type: ignore[arg-type]
    return ann, bob, table


def play_out(table: Table, rng: random.Random, moves: int = 10_000) -> None:
    """The people's moves, at random, until the game ends (or ``moves`` were made)."""
    places = {seat: table.join(seat, lambda: None) for seat in table.person_seats()}
    for _ in range(moves):
        position = table.position()
        if position.over:
            break
        assert position.seat is not None
        if position.bot_to_move:
            table.play_bot_turn()  # the hall's bot thread may be quicker: either plays it
            continue
        legal = table.session.legal_actions()
        assert table.play(places[position.seat], rng.choice(legal), position.moves) is None
    for place in places.values():
        table.leave(place, Departure.QUIT)


def test_names_rooms_and_bot_seats() -> None:
    assert name_problem("Ann") is None and name_problem("Zoë-2") is None
    assert name_problem("A") is not None  # too short
    assert name_problem("2cool") is not None  # starts with a digit
    assert name_problem("Ann Lee") is not None  # a space
    assert name_problem("Greedy") is not None  # a bot's level
    assert name_problem("\uff21nn") is not None  # full-width: one name looking like another
    assert name_problem("\u0412obby") is not None  # a Cyrillic B among Latin letters
    assert name_problem("ab\u0661\u0662") is not None  # Arabic-Indic digits
    assert name_problem("\u05d0\u05d1\u05d2") is not None  # right to left
    assert name_problem("Влад") is None and name_problem("Ζωή") is None  # one alphabet
    assert name_problem("Ann_2.b") is None
    assert [table_in_room(r) for r in ("table-12", "table12", "t12", "12", "lobby", "")] == [
        12,
        12,
        12,
        12,
        None,
        None,
    ]
    assert bot_names(["greedy", None, "greedy"]) == ["Greedy bot", None, "Greedy bot 2"]


def test_a_table_waits_for_its_seats_then_its_game_begins(tmp_path: Path) -> None:
    hall = hall_at(tmp_path)
    ann, bob, table = two_people(hall)
    row = hall.row(table)
    assert row is not None and row.state is TableState.WAITING and hall.live(table) is None
    with pytest.raises(LobbyRefusal, match="already sit"):
        hall.sit(ann, table)
    assert hall.sit(bob, table) == 1
    row = hall.row(table)
    assert row is not None and row.state is TableState.PLAYING
    live = hall.live(table)
    assert live is not None and live.seat_names == ["Ann", "Bob"]
    assert (tmp_path / "games" / f"table-{table}.json").exists()
    assert live.session.seed is None  # nobody can know a draw before it is made
    assert [t.table for t in hall.turns(ann)] == [table]  # Ann (seat 1) moves first
    hall.close()


def test_a_person_alone_with_bots_starts_at_once(tmp_path: Path) -> None:
    hall = hall_at(tmp_path)
    ann = hall.create_account("Ann", "key-ann")
    table = hall.create_table(ann, TableOptions(seats=(None, "random", "greedy")))
    live = hall.live(table)
    assert live is not None
    assert live.seat_names == ["Ann", "Random bot", "Greedy bot"]
    hall.close()


def test_private_tables_invitations_and_an_account_s_limits(tmp_path: Path) -> None:
    hall = hall_at(tmp_path, limits=HallLimits(tables_open=2, invitations_an_hour=1))
    ann, bob, table = two_people(hall, private=True)
    cleo = hall.create_account("Cleo", "key-cleo")
    with pytest.raises(LobbyRefusal, match="private"):
        hall.sit(bob, table)
    assert table not in [row.id for row in hall.open_tables()]
    row = hall.row(table)
    assert row is not None and not hall.may_watch(bob, row)
    with pytest.raises(LobbyRefusal, match="only players"):
        hall.invite(bob, table, "Cleo")
    with pytest.raises(LobbyRefusal, match="nobody here"):
        hall.invite(ann, table, "Dora")
    assert hall.invite(ann, table, "bob") == bob
    with pytest.raises(LobbyRefusal, match="too many invitations"):
        hall.invite(ann, table, "Cleo")
    assert [row.id for row in hall.tables_of(bob)] == [table]  # invited
    hall.sit(bob, table)
    hall.create_table(ann, TableOptions(seats=(None, None)))
    with pytest.raises(LobbyRefusal, match="not yet over"):
        hall.create_table(ann, TableOptions(seats=(None, None)))
    with pytest.raises(LobbyRefusal, match="taken"):
        hall.create_account("cleo", "key-other")
    with pytest.raises(LobbyRefusal, match="seats"):
        hall.create_table(cleo, TableOptions(seats=(None,)))
    with pytest.raises(LobbyRefusal, match="seat for you"):
        hall.create_table(cleo, TableOptions(seats=("greedy", "greedy")))
    with pytest.raises(LobbyRefusal, match="pace"):
        hall.create_table(cleo, TableOptions(seats=(None, None), move_seconds=10))
    with pytest.raises(LobbyRefusal, match="variant"):
        hall.create_table(cleo, TableOptions(seats=(None, None), variants=("nope",)))
    hall.close()


def test_the_whole_server_bounds_its_tables_and_its_expert_bots(tmp_path: Path) -> None:
    hall = hall_at(tmp_path, limits=HallLimits(server_tables=3, heavy_tables=1))
    ann = hall.create_account("Ann", "key-ann")
    bob = hall.create_account("Bob", "key-bob")
    hall.create_table(ann, TableOptions(seats=(None, "expert")))
    with pytest.raises(LobbyRefusal, match="expert bots are all busy"):
        hall.create_table(bob, TableOptions(seats=(None, "expert")))
    hall.create_table(bob, TableOptions(seats=(None, "greedy")))
    hall.create_table(bob, TableOptions(seats=(None, None)))
    with pytest.raises(LobbyRefusal, match="as many tables as it takes"):
        hall.create_table(ann, TableOptions(seats=(None, None)))
    hall.close()


def test_a_disk_nearly_full_makes_no_new_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hall = hall_at(tmp_path)
    ann = hall.create_account("Ann", "key-ann")
    full = shutil.disk_usage(tmp_path)._replace(free=1 << 20)
    monkeypatch.setattr(shutil, "disk_usage", lambda _: full)
    with pytest.raises(LobbyRefusal, match="disk is nearly full"):
        hall.create_table(ann, TableOptions(seats=(None, "greedy")))
    assert hall.open_tables() == []
    hall.close()


def test_a_finished_game_is_rated_once_and_kept(tmp_path: Path) -> None:
    hall = hall_at(tmp_path)
    _ann, bob, table = two_people(hall)
    hall.sit(bob, table)
    live = hall.live(table)
    assert live is not None
    play_out(live, random.Random(3))
    hall.tick()
    row = hall.row(table)
    assert row is not None and row.state is TableState.OVER
    ladder = hall.ladder()
    assert sorted(r.name for r in ladder) == ["Ann", "Bob"]
    assert all(r.games == 1 for r in ladder)
    hall.tick()  # again: nothing counted twice
    assert all(r.games == 1 for r in hall.ladder())
    assert hall.live(table) is None  # nobody is at it: let go
    hall.close()


def test_a_server_without_review_ends_its_games_with_luck_alone(tmp_path: Path) -> None:
    hall = hall_at(tmp_path, review=False)
    _ann, bob, table = two_people(hall)
    hall.sit(bob, table)
    live = hall.live(table)
    assert live is not None
    play_out(live, random.Random(2))
    balance = end_balance(live)
    assert balance.skill is None and len(balance.luck) == 2
    hall.close()


def test_a_restart_brings_every_table_back_as_it_was(tmp_path: Path) -> None:
    hall = hall_at(tmp_path)
    _ann, bob, table = two_people(hall, pace=Pace.SLOW, move_seconds=7200)
    hall.sit(bob, table)
    live = hall.live(table)
    assert live is not None
    play_out(live, random.Random(5), moves=9)
    steps = [s.record for s in live.session.steps]
    hall.tick()
    since = hall.deadline(table)
    assert live.move_deadline == since  # every terminal at the table shows it
    hall.store.close()
    # Not closed: as after kill -9, the game file and the store are all there is.
    for held in [hall._live[table].held]:
        held.close()

    again = hall_at(tmp_path)
    back = again.live(table)
    assert back is not None
    assert [s.record for s in back.session.steps] == steps
    assert again.deadline(table) == since  # nobody was given more time
    again.close()


def test_a_restart_mends_what_a_crash_left_between_the_store_and_a_game_file(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "lobby.sqlite3")
    ann, bob = store.create_account("Ann", "k1"), store.create_account("Bob", "k2")
    assert ann and bob
    full = store.create_table(
        ann.id, (None, None), variants=(), pace=Pace.LIVE, move_seconds=300,
        on_timeout=OnTimeout.MOVE, private=False,
    )  # fmt: skip
    store.take_seat(full, 1, bob.id)  # ... and the server stopped before the game began
    store.close()
    hall = hall_at(tmp_path)
    assert hall.live(full) is not None  # begun at the restart
    live = hall.live(full)
    assert live is not None
    live.hand_to_bot(1, "greedy")  # in the file; the server stops before the store knows
    hall.store.close()
    hall._live[full].held.close()

    again = hall_at(tmp_path)
    row = again.row(full)
    assert row is not None and row.seats[1].left_game and row.seats[1].bot == "greedy"
    again.close()


def test_time_run_out_has_a_bot_play_the_move_or_the_game(tmp_path: Path) -> None:
    clock = Clock()
    hooks = Webhooks()
    hall = hall_at(tmp_path, clock, notifier=hooks)
    ann, bob, table = two_people(hall, move_seconds=120)
    hall.store.set_webhook(ann.id, "https://example.org/ann")
    hall.sit(bob, table)
    live = hall.live(table)
    assert live is not None
    hall.tick()
    hall.tick()
    assert len(hooks.sent) == 1  # once a turn, however often the clock looks
    _key, address, message = hooks.sent[0]
    assert address == "https://example.org/ann" and message["player"] == "Ann"
    assert message["table"] == table
    steps = len(live.session.steps)
    clock.now += 121
    hall.tick()
    assert len(live.session.steps) == steps + 1  # a bot played Ann's move
    assert not live.session.seats[0].is_bot  # and the seat is still hers
    hall.close()

    clock = Clock()
    (tmp_path / "game").mkdir()
    hall = hall_at(tmp_path / "game", clock)
    ann, bob, table = two_people(hall, move_seconds=120, on_timeout=OnTimeout.GAME)
    hall.sit(bob, table)
    live = hall.live(table)
    assert live is not None
    hall.tick()
    clock.now += 121
    hall.tick()
    assert live.session.seats[0].is_bot  # a bot plays Ann's seat from now on
    row = hall.row(table)
    assert row is not None and row.seats[0].left_game  # and it counts as her loss
    hall.close()


def test_leaving_a_game_hands_the_seat_to_a_bot_and_counts_as_a_loss(tmp_path: Path) -> None:
    hall = hall_at(tmp_path)
    _ann, bob, table = two_people(hall)
    hall.sit(bob, table)
    hall.leave_game(bob, table)
    live = hall.live(table)
    assert live is not None and live.session.seats[1].is_bot
    with pytest.raises(LobbyRefusal, match="no game"):
        hall.leave_game(bob, table)
    play_out(live, random.Random(1))
    hall.tick()
    places = {r.name: r for r in hall.ladder()}
    assert places["Ann"].mu > places["Bob"].mu
    hall.close()
