"""Nobody without a seat's code keeps that seat's player out: connections that never log
in, wrong guesses from many addresses, a crowd of spectators, logins that open no session
and guesses sent back to back (all on loopback addresses)."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from asyncssh.channel import SSHClientChannel
from ssh_doubles import WAIT, connect, hosted, read_until, shell, until

from thebes.hosting.guard import Guard, Limits
from thebes.hosting.invites import Invites
from thebes.hosting.server import Login

ATTACKERS = ("127.0.0.2", "127.0.0.3", "127.0.0.4")


async def joins(host: Any, user: str, code: str, local: str = "127.0.0.1") -> str:
    """What the table says to ``user`` joining with ``code`` from ``local``."""
    async with connect(host, user, code, local_addr=(local, 0)) as conn:
        process = await shell(conn)
        seen = await read_until(process, "colour=")
        process.stdin.write("quit\r")
        await process.wait_closed()
        return seen


def test_silent_connections_hold_no_place_from_a_player_with_a_code(tmp_path: Path) -> None:
    limits = Limits(strangers=6, per_address=2, login_timeout=WAIT)
    with hosted(tmp_path, limits) as (host, table):
        silent = [
            socket.create_connection(("127.0.0.1", host.port), WAIT, (address, 0))
            for address in ATTACKERS
            for _ in range(4)  # beyond their address's share: refused or let go
        ]
        assert until(lambda: len(host.guard.strangers) == 6)
        assert "hello Bob" in asyncio.run(joins(host, "Bob", host.admission.codes[1]))
        spectator = host.admission.spectator_user
        assert "hello spectator" in asyncio.run(
            joins(host, spectator, host.admission.spectator_code)
        )
        assert table.attached == [1, None]
        for sock in silent:
            sock.close()


def test_a_connection_that_does_not_log_in_is_closed_after_the_grace_time(
    tmp_path: Path,
) -> None:
    with hosted(tmp_path, Limits(login_timeout=0.5)) as (host, _):
        with socket.create_connection(("127.0.0.1", host.port), WAIT) as sock:
            sock.settimeout(WAIT)
            while sock.recv(4096):  # the server's version line, then its end
                pass
        assert until(lambda: not host.guard.strangers)


def test_a_login_that_opens_no_session_is_closed(tmp_path: Path) -> None:
    async def no_session() -> None:
        async with connect(host, "Ann", host.admission.codes[0]) as conn:  # as `ssh -N`
            await asyncio.wait_for(conn.wait_closed(), WAIT)

    with hosted(tmp_path, Limits(session_timeout=0.2)) as (host, table):
        asyncio.run(no_session())
        assert until(lambda: not host.guard.seats)
        assert table.attached == []


def test_a_session_channel_never_started_is_closed_too(tmp_path: Path) -> None:
    async def channel_alone() -> None:
        async with connect(host, "Ann", host.admission.codes[0]) as conn:
            # A session channel, and no shell, command or terminal ever asked for: asyncssh
            # has no public call for that, so its channel is opened by hand.
            loop = asyncio.get_running_loop()
            chan = SSHClientChannel(conn, loop, "strict", "utf-8", "strict", 1 << 20, 32768)
            await chan._open(b"session")
            await asyncio.wait_for(conn.wait_closed(), WAIT)

    with hosted(tmp_path, Limits(session_timeout=0.2)) as (host, table):
        asyncio.run(channel_alone())
        assert until(lambda: not host.guard.seats)
        assert table.attached == []


def test_wrong_guesses_from_many_addresses_never_shut_the_code_out(tmp_path: Path) -> None:
    async def guesses(address: str) -> None:
        for _ in range(3):
            with pytest.raises(asyncssh.PermissionDenied):
                await joins(host, "Bob", "bada-bada", address)

    limits = Limits(first_delay=0.001, failures_per_address=3)
    with hosted(tmp_path, limits) as (host, table):
        for address in ATTACKERS:
            asyncio.run(guesses(address))
        with pytest.raises(asyncssh.PermissionDenied):  # the guessers are shut out...
            asyncio.run(joins(host, "Bob", host.admission.codes[1], ATTACKERS[0]))
        assert "hello Bob" in asyncio.run(joins(host, "Bob", host.admission.codes[1]))  # not Bob
        assert table.attached == [1]


def test_spectators_fill_their_own_places_not_the_players(tmp_path: Path) -> None:
    async def crowd() -> tuple[list[bool], str]:
        watching, kept = [], []
        for _ in range(4):
            conn = await connect(host, host.admission.spectator_user, host.admission.spectator_code)
            try:
                process = await shell(conn)
                await read_until(process, "hello spectator")
                watching.append(True)
                kept.append(conn)
            except (asyncssh.Error, OSError):
                watching.append(False)
        seen = await joins(host, "Bob", host.admission.codes[1])
        for conn in kept:
            conn.close()
        return watching, seen

    with hosted(tmp_path, Limits(spectators=2)) as (host, _):
        watching, seen = asyncio.run(crowd())
        assert watching == [True, True, False, False]
        assert "hello Bob" in seen


def test_a_seat_joined_again_lets_its_oldest_connection_go(tmp_path: Path) -> None:
    async def thrice() -> list[Any]:
        conns = [await connect(host, "Ann", host.admission.codes[0]) for _ in range(3)]
        await asyncio.wait_for(conns[0].wait_closed(), WAIT)
        for conn in conns[1:]:
            conn.close()
        return conns

    with hosted(tmp_path, Limits(per_seat=2, session_timeout=WAIT)) as (host, _):
        asyncio.run(thrice())
        assert until(lambda: not host.guard.seats)


class _Host:
    """What a Login reads of its host, for a guess handled alone."""

    def __init__(self) -> None:
        self.guard = Guard(Limits(first_delay=2, most_delay=8))
        self.admission = Invites(["Ann", "Bob"], [0, 1])


def test_guesses_sent_back_to_back_on_one_connection_wait_in_turn() -> None:
    async def back_to_back() -> list[float]:
        login = Login(_Host())  # type: ignore[arg-type]
        waits: list[float] = []
        gate = asyncio.Event()

        async def sleep(seconds: float) -> None:
            waits.append(seconds)
            if seconds:
                await gate.wait()  # never set: the guess is still waiting when cut

        login.sleep = sleep  # type: ignore[assignment]
        first = asyncio.create_task(login.validate_password("Ann", "bada-bada"))
        while len(waits) < 2:
            await asyncio.sleep(0)
        first.cancel()  # as asyncssh does when the next guess comes before the answer
        second = asyncio.create_task(login.validate_password("Ann", "bada-bada"))
        while len(waits) < 3:
            await asyncio.sleep(0)
        second.cancel()
        return waits

    waits = asyncio.run(back_to_back())
    assert waits[0] == 0 and waits[1] == 2
    assert waits[2] > 1.5  # the second guess waits out the first one's delay
