"""`thebes server` played over SSH as players meet it: a key that becomes an account, a table
made in the lobby and joined from another, the game played, the server killed with
``kill -9`` mid-game and started again, and a player going straight back to their table."""

from __future__ import annotations

import asyncio
import http.server
import json
import threading
from pathlib import Path

import asyncssh
import pytest
from server_process import new_key, thebes_server, visit

from thebes.catalog.loading import default_catalog
from thebes.records.session import Session


def game_in(data: Path, table: int) -> Session:
    return Session.load(data / "games" / f"table-{table}.json", default_catalog())


def test_a_table_made_joined_played_killed_and_back(tmp_path: Path) -> None:
    data = tmp_path / "server"
    ann_key, bob_key = new_key(), new_key()

    async def first_evening(server: object) -> int:
        ann = await visit(server, ann_key)  # type: ignore[arg-type]
        await ann.until("Your name:")
        ann.type("Ann")
        await ann.until("lobby>")
        ann.type("new")
        questions = ("(2-4)", "bots", "Pace", "Minutes", "runs out", "Private", "Variants")
        for question, answer in zip(
            questions, ("2", "0", "live", "5", "move", "n", ""), strict=True
        ):
            await ann.until(question)
            ann.type(answer)
        await ann.until("Table 1 made")

        bob = await visit(server, bob_key)  # type: ignore[arg-type]
        await bob.until("Your name:")
        bob.type("ann")  # taken, whatever its case
        await bob.until("taken")
        bob.type("Bob")
        await bob.until("Ann, (free)")  # Ann's table, open to all
        bob.type("sit 1")  # the seats are taken: the game begins, Bob goes to it
        await bob.until("Ann to play")
        await bob.leave()  # his connection is lost mid-game: the lobby takes him back
        bob = await visit(server, bob_key)  # type: ignore[arg-type]
        await bob.until("Ann to play")
        assert "lobby>" not in bob.text

        await ann.until("YOUR MOVE")
        assert "\x07" in ann.text  # the bell: Ann's move came while she was in the lobby
        ann.type("1")
        await ann.until(" — a number")
        ann.type("1")  # the first action of the menu
        await ann.until("Play it?")
        ann.type("y")
        while len(game_in(data, 1).steps) < 1:
            await ann.more()
        return len(game_in(data, 1).steps)

    with thebes_server(data) as server:
        played = asyncio.run(first_evening(server))
        server.kill()  # mid-game, no goodbye

    async def next_day(server: object) -> str:
        earlier = await visit(server, ann_key, room="table-1")  # type: ignore[arg-type]
        await earlier.until("Bob to play")
        # Ann again, from another terminal: it takes her seat; the first is told why it is
        # back in the lobby.
        ann = await visit(server, ann_key, room="table-1")  # type: ignore[arg-type]
        shown = await ann.until("Bob to play")
        await earlier.until("lobby>")
        told = await earlier.until("Your seat was taken over from elsewhere.")
        # Said by the table as it lets go, and then in the lobby drawn over it.
        at = told.rindex("Your seat was taken over")
        assert told.rfind("Bob to play", 0, at) < told.rfind("Thebes server:", 0, at)
        await earlier.leave()
        ann.type("quit")  # leaves the table on purpose: the lobby, and the lobby next time
        await ann.until("Leave the table?")
        ann.type("y")
        await ann.until("lobby>")
        await ann.leave()
        ann = await visit(server, ann_key)  # type: ignore[arg-type]
        await ann.until("lobby>")
        await ann.leave()
        return shown

    with thebes_server(data) as server:
        assert len(game_in(data, 1).steps) == played
        asyncio.run(next_day(server))


def test_a_client_without_a_key_is_told_how_to_make_one_and_let_in_nowhere(
    tmp_path: Path,
) -> None:
    async def knock(server: object) -> None:
        with pytest.raises(asyncssh.PermissionDenied):
            await visit(server, None)  # type: ignore[arg-type]

    with thebes_server(tmp_path / "server") as server:
        asyncio.run(knock(server))


def test_two_servers_never_share_a_folder(tmp_path: Path) -> None:
    import subprocess
    import sys

    with thebes_server(tmp_path / "server"):
        second = subprocess.run(
            [sys.executable, "-m", "thebes", "server", "--json", "--data",
             str(tmp_path / "server"), "--listen", "127.0.0.1", "--port", "0"],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
    assert second.returncode == 75  # EX_TEMPFAIL, as a game open elsewhere
    assert "another thebes server" in second.stderr


def test_a_player_away_from_their_table_is_told_by_their_webhook(tmp_path: Path) -> None:
    received: list[dict[str, object]] = []

    class Hook(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers["Content-Length"])
            received.append(json.loads(self.rfile.read(length)))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *_: object) -> None:
            pass

    listener = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hook)
    threading.Thread(target=listener.serve_forever, daemon=True).start()
    address = f"http://127.0.0.1:{listener.server_address[1]}/thebes"

    async def evening(server: object) -> None:
        ann = await visit(server, new_key())  # type: ignore[arg-type]
        await ann.until("Your name:")
        ann.type("Ann")
        await ann.until("lobby>")
        ann.type(f"webhook {address}")
        await ann.until("is told")
        ann.type("new")
        questions = ("(2-4)", "bots", "Pace", "Hours", "runs out", "Private", "Variants")
        for question, answer in zip(
            questions, ("2", "0", "slow", "24", "move", "n", ""), strict=True
        ):
            await ann.until(question)
            ann.type(answer)
        await ann.until("Table 1 made")
        await ann.leave()  # Ann goes to bed

        bob = await visit(server, new_key())  # type: ignore[arg-type]
        await bob.until("Your name:")
        bob.type("Bob")
        await bob.until("Ann, (free)")
        bob.type("sit 1")
        await bob.until("Ann to play")
        for _ in range(100):
            if received:
                break
            await asyncio.sleep(0.1)
        await bob.leave()

    try:
        with thebes_server(tmp_path / "server", "--allow-local-webhooks") as server:
            asyncio.run(evening(server))
    finally:
        listener.shutdown()
    assert len(received) == 1
    message = received[0]
    assert message["event"] == "your_turn" and message["player"] == "Ann"
    assert message["table"] == 1 and "table-1@" in str(message["join"])
