"""The server's store (SQLite) and its ladder: accounts by key with names never given twice,
tables and their seats, results kept once, everything there again after a reopen; and the
ratings of games between people, abandoning counted as a loss."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from thebes.lobby.ladder import Outcome, places, rated, shown
from thebes.lobby.rows import OnTimeout, Pace, TableState
from thebes.lobby.store import Store, StoreError


def new_table(store: Store, creator: int, seats: tuple[str | None, ...] = (None, None)) -> int:
    return store.create_table(
        creator,
        seats,
        variants=(),
        pace=Pace.SLOW,
        move_seconds=3600,
        on_timeout=OnTimeout.MOVE,
        private=False,
    )


def test_a_name_is_one_key_s_and_never_given_twice(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    ann = store.create_account("Ann", "SHA256:ann")
    assert ann is not None and ann.name == "Ann"
    assert store.create_account("ANN", "SHA256:other") is None  # case folded
    assert store.create_account("\uff21\uff4e\uff4e", "SHA256:other") is None  # full-width letters
    assert store.create_account("Bob", "SHA256:ann") is None  # the key has an account
    assert store.account_of_key("SHA256:ann") == ann
    assert store.account_of_key("SHA256:nobody") is None
    assert store.account_named("aNN") == ann


def test_seats_fill_once_and_the_creator_sits_first(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    ann = store.create_account("Ann", "k1")
    bob = store.create_account("Bob", "k2")
    cleo = store.create_account("Cleo", "k3")
    assert ann and bob and cleo
    table = new_table(store, ann.id, ("greedy", None, None))
    row = store.table(table)
    assert row is not None
    assert [s.bot for s in row.seats] == ["greedy", None, None]
    assert row.seat_of(ann.id) == 1 and row.free_seats == [2]
    assert store.take_seat(table, 2, bob.id)
    assert not store.take_seat(table, 2, cleo.id)  # Bob was quicker
    assert not store.leave_seat(table, ann.id)  # the creator cancels instead
    assert store.leave_seat(table, bob.id)
    assert store.take_seat(table, 2, cleo.id)
    assert not store.take_seat(table, 2, cleo.id)


def test_everything_is_there_after_a_reopen_and_results_count_once(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    store = Store(path)
    ann, bob = store.create_account("Ann", "k1"), store.create_account("Bob", "k2")
    assert ann and bob
    table = new_table(store, ann.id)
    store.take_seat(table, 1, bob.id)
    store.start(table, "games/table-1.json", 100.0)
    store.invite(table, bob.id, ann.id)
    store.close()

    again = Store(path)
    row = again.table(table)
    assert row is not None and row.state is TableState.PLAYING
    assert row.file == "games/table-1.json" and row.turn_since == 100.0
    assert row.invited == {bob.id}
    new = rated([Outcome(ann.id, 30, False), Outcome(bob.id, 20, False)], {})
    again.finish(table, [(0, ann.id, 1, 30), (1, bob.id, 2, 20)], new)
    again.finish(table, [(0, ann.id, 1, 30), (1, bob.id, 2, 20)], new)  # a restart's
    ann_rating = again.rating(ann.id)
    assert ann_rating is not None and ann_rating.games == 1
    assert [h.place for h in again.history(bob.id)] == [2]
    assert again.tables_in([TableState.OVER])[0].id == table


def test_a_store_of_another_version_or_not_a_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    Store(path).close()
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version=99")
    with pytest.raises(StoreError, match="another version"):
        Store(path)
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database" * 100)
    with pytest.raises(StoreError, match="cannot be read"):
        Store(junk)


def test_places_share_ties_and_put_those_who_left_last() -> None:
    outcomes = [
        Outcome(1, 30, False),
        Outcome(2, 41, True),  # most points, but left the game to a bot
        Outcome(3, 30, False),
        Outcome(4, 12, False),
    ]
    assert places(outcomes) == [1, 4, 1, 3]


def test_ratings_move_the_winner_up_and_those_who_left_down() -> None:
    first = rated([Outcome(1, 50, False), Outcome(2, 20, False)], {})
    (_, winner_mu, winner_sigma, winner_place), (_, loser_mu, _, loser_place) = first
    assert winner_place == 1 and loser_place == 2
    assert winner_mu > 25 > loser_mu and winner_sigma < 25 / 3
    # Leaving a game one was winning is still a loss.
    left = rated([Outcome(1, 50, True), Outcome(2, 20, False)], {})
    assert left[0][1] < 25 < left[1][1]
    # A rating carries on from the one before.
    again = rated([Outcome(1, 50, False), Outcome(2, 20, False)], {1: (winner_mu, winner_sigma)})
    assert again[0][1] > winner_mu
    assert rated([Outcome(1, 50, False)], {}) == []  # one person: nothing to rate
    assert shown(25.0, 25 / 3) == pytest.approx(0.0)
