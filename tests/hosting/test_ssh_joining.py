"""Joining a hosted game over SSH: a seat's code, a spectator's, a wrong one, an unknown
name, a bot's seat, a remembered key."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
import pytest
from ssh_doubles import connect, hosted, read_until, shell

from thebes.hosting.guard import Limits
from thebes.hosting.invites import Invites
from thebes.hosting.server import Host


async def joined(host: Host[Invites], user: str, code: str | None, **options: object) -> str:
    """What a session shows up to its greeting, then it quits."""
    async with connect(host, user, code, **options) as conn:
        process = await shell(conn, (100, 30))
        seen = await read_until(process, "colour=True")
        process.stdin.write("quit\r")
        await asyncio.wait_for(process.wait_closed(), 20)
        return seen


def test_a_seat_joins_with_its_code_and_its_lines_reach_the_table(tmp_path: Path) -> None:
    async def play(code: str) -> str:
        async with connect(host, "ann", code) as conn:
            process = await shell(conn, (100, 30))
            seen = await read_until(process, "colour=True")
            process.stdin.write("hello there\r")
            seen += await read_until(process, "echo 11 hello there")
            process.stdin.write("quit\r")
            await asyncio.wait_for(process.wait_closed(), 20)
            return seen

    with hosted(tmp_path) as (host, table):
        # Any case, with or without its dash.
        seen = asyncio.run(play(host.admission.codes[0].upper().replace("-", "")))
        assert "hello Ann at 100x30 colour=True" in seen
        assert table.wait_for(table.left, 1)
        assert table.attached == [0]


def test_seat_numbers_and_spectators_join_as_themselves(tmp_path: Path) -> None:
    with hosted(tmp_path) as (host, table):
        seen = asyncio.run(joined(host, "seat2", host.admission.codes[1]))
        assert "hello Bob" in seen
        seen = asyncio.run(joined(host, "spectator", host.admission.spectator_code))
        assert "hello spectator" in seen
        assert table.attached == [1, None]


@pytest.mark.parametrize(
    ("user", "which"),
    [
        ("Ann", 1),  # Bob's code is not Ann's
        ("Ann", None),  # nor the spectators'
        ("spectator", 0),  # a seat's code is not the spectators'
        ("Zed", 0),  # nobody is called Zed
        ("Cleo", 0),  # a bot's seat takes nobody
        ("seat3", 0),
    ],
)
def test_a_code_for_another_seat_or_an_unknown_name_is_refused(
    tmp_path: Path, user: str, which: int | None
) -> None:
    with hosted(tmp_path, Limits(first_delay=0.01)) as (host, table):
        code = host.admission.spectator_code if which is None else host.admission.codes[which]
        with pytest.raises(asyncssh.PermissionDenied):
            asyncio.run(joined(host, user, code))
        assert table.attached == []


def test_wrong_codes_shut_an_address_out_even_with_the_right_code(tmp_path: Path) -> None:
    limits = Limits(first_delay=0.01, failures_per_address=3)
    with hosted(tmp_path, limits) as (host, table):
        for _ in range(3):
            with pytest.raises(asyncssh.PermissionDenied):
                asyncio.run(joined(host, "Ann", "bada-bada"))
        with pytest.raises(asyncssh.PermissionDenied):
            asyncio.run(joined(host, "Ann", host.admission.codes[0]))
        assert table.attached == []


def test_a_key_offered_with_the_code_lets_its_player_back_without_it(tmp_path: Path) -> None:
    ann_key = asyncssh.generate_private_key("ssh-ed25519")
    other_key = asyncssh.generate_private_key("ssh-ed25519")
    with hosted(tmp_path, Limits(first_delay=0.01)) as (host, table):
        asyncio.run(joined(host, "Ann", host.admission.codes[0], client_keys=[ann_key]))
        seen = asyncio.run(joined(host, "ann", None, client_keys=[ann_key]))
        assert "hello Ann" in seen
        for user, key in (("Ann", other_key), ("Bob", ann_key)):  # not another key or seat
            with pytest.raises(asyncssh.PermissionDenied):
                asyncio.run(joined(host, user, None, client_keys=[key]))
        # The code still works, and does not replace the key remembered first.
        asyncio.run(joined(host, "Ann", host.admission.codes[0], client_keys=[other_key]))
        with pytest.raises(asyncssh.PermissionDenied):
            asyncio.run(joined(host, "Ann", None, client_keys=[other_key]))
        assert table.attached == [0, 0, 0]
