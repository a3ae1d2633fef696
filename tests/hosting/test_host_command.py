"""`thebes host`: its invites, as lines for people and as JSON for scripts, and the real
command in a process of its own: it prints the invites, lets a player in with their code
to the game's table, and a SIGTERM closes it and its port."""

from __future__ import annotations

import asyncio
import io
import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import asyncssh
import pytest
from ssh_doubles import WAIT, read_until

from thebes.cli.host import invite_lines, write_json
from thebes.hosting.invites import Invites


def test_the_invites_name_each_seat_its_command_and_code() -> None:
    invites = Invites(["Ann", "Bob", "Zoë Q", "Cleo"], [0, 2])
    lines = invite_lines(invites, 8022, "SHA256:abc", "table.local")
    assert lines[1] == f"  Ann: ssh -p 8022 Ann@table.local   code: {invites.codes[0]}"
    # A name ssh or a shell would take apart is quoted.
    assert lines[2] == f"  Zoë Q: ssh -p 8022 'Zoë Q'@table.local   code: {invites.codes[2]}"
    spectators = f"ssh -p 8022 spectator@table.local   code: {invites.spectator_code}"
    assert lines[3] == f"  Spectators: {spectators}"
    assert lines[-1].endswith("SHA256:abc")


def test_the_json_invites_are_one_object_a_line() -> None:
    invites = Invites(["Ann", "Bob", "Cleo"], [0, 1])
    out = io.StringIO()
    write_json(out, invites, 2222, "SHA256:abc")
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert rows == [
        {"seat": 1, "user": "Ann", "code": invites.codes[0], "port": 2222,
         "fingerprint": "SHA256:abc"},
        {"seat": 2, "user": "Bob", "code": invites.codes[1], "port": 2222,
         "fingerprint": "SHA256:abc"},
        {"seat": None, "user": "spectator", "code": invites.spectator_code, "port": 2222,
         "fingerprint": "SHA256:abc"},
    ]  # fmt: skip


def test_thebes_host_json_lets_a_player_in_and_a_sigterm_ends_it(tmp_path: Path) -> None:
    env = {**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data")}
    env.pop("NO_COLOR", None)
    game = tmp_path / "game.json"
    args = ["--players", "Ann,Bob", "--bot", "Cleo=greedy", "--seed", "7", "--save", str(game)]
    host = subprocess.Popen(
        [sys.executable, "-m", "thebes", "host", "--json", *args,
         "--listen", "127.0.0.1", "--port", "0"],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env=env, text=True,
    )  # fmt: skip
    try:
        assert host.stdout is not None
        rows = [json.loads(host.stdout.readline()) for _ in range(3)]
        assert [(row["seat"], row["user"]) for row in rows] == [
            (1, "Ann"),
            (2, "Bob"),
            (None, "spectator"),
        ]
        port, fingerprint = rows[0]["port"], rows[0]["fingerprint"]
        assert fingerprint.startswith("SHA256:")
        key = asyncssh.read_private_key(tmp_path / "data" / "thebes" / "host_ed25519_key")
        assert key.get_fingerprint("sha256") == fingerprint

        async def join() -> str:
            async with asyncssh.connect(
                "127.0.0.1", port, username="Bob", password=rows[1]["code"],
                known_hosts=None, client_keys=None, agent_path=None,
            ) as conn:  # fmt: skip
                process = await conn.create_process(term_type="xterm", term_size=(80, 24))
                return await read_until(process, "Waiting for Ann to join.")

        # Ann (seat 1) has not joined: Bob sees the table, waiting for her.
        assert "So far" in asyncio.run(join())
        host.send_signal(signal.SIGTERM)
        _, errors = host.communicate(timeout=WAIT)
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()
    assert host.returncode == 128 + signal.SIGTERM
    assert "ended by SIGTERM" in errors
    assert rows[0]["code"] not in errors  # codes go to stdout alone
    assert game.exists()
    with pytest.raises(OSError), socket.create_connection(("127.0.0.1", port), 5):
        pass


def test_host_takes_no_confirm_as_play_does() -> None:
    from thebes.cli.arguments import build_parser
    from thebes.cli.streams import Streams

    parser = build_parser(Streams(None))
    args = parser.parse_args(["host", "--players", "Ann,Bob", "--no-confirm"])
    assert args.no_confirm is True
    assert parser.parse_args(["host", "--players", "Ann,Bob"]).no_confirm is False
