"""How the SSH tests' client (ssh_player.Client) tells that its turn has come: only from the
acting prompt of a screen drawn after its last line. prompt_toolkit draws the prompt that
line answered once more as it ends; taken for a new turn (while the host's file was already
at this seat's next turn, a bot having moved), the client typed its action into the next
screen's prompt, one for the bot's turn, which refused it, and the whole game waited a minute
for an action that never came."""

from __future__ import annotations

import asyncio
import io
from types import SimpleNamespace

from ssh_player import Client

BOB_TO_PLAY = (
    "\x1b[?2026hThebes — seeded game (its seed is the host's)   to play: Bob   year 1903\r\n"
    " 1 take 1: Rome 5 wk                7 dig Crete: 3 travel + 1-12 wk\r\n"
    "\x1b[1mBob\x1b[0m — a number, an action (Tab completes), or help: \x1b[?25h"
)
ANSWERED = "\x1b[1mBob\x1b[0m — a number, an action (Tab completes), or help: exchange\x1b[J"
CLEO_TO_PLAY = (
    "\x1b[?2026hThebes — seeded game (its seed is the host's)   to play: Cleo   year 1903\r\n"
    "Last events  (88 earlier, in short: type log)\r\n"
    "  1903·50 Bob: exchange the display in Warsaw, 2 wk\r\n",
    "Cleo (bot) to play (help, log, board, say TEXT, quit): \x1b[?25h",
)


class _Stdout:
    """The chunks a connection reads, one a read."""

    def __init__(self) -> None:
        self.chunks: list[str] = []

    async def read(self, _: int) -> str:
        return self.chunks.pop(0)


def _reading(client: Client, *chunks: str) -> bool:
    """``client`` reads ``chunks``; whether it then takes its turn to have come."""
    stdout: _Stdout = client.process.stdout
    stdout.chunks.extend(chunks)

    async def read_all() -> None:
        while stdout.chunks:
            await client.more()

    asyncio.run(read_all())
    return client.acting()


def test_the_prompt_a_line_answered_and_a_screen_read_in_part_are_not_a_new_turn() -> None:
    client = Client(None, SimpleNamespace(stdout=_Stdout(), stdin=io.StringIO()))
    assert _reading(client, BOB_TO_PLAY)
    client.type("exchange")
    assert client.process.stdin.getvalue() == "exchange\r"
    # The answered prompt, drawn again as it ends: not a turn.
    assert not _reading(client, ANSWERED)
    # The next screen, its prompt not read yet (the bot's turn): not a turn either, even
    # though the acting prompt above is the last prompt read.
    assert not _reading(client, CLEO_TO_PLAY[0])
    assert not _reading(client, CLEO_TO_PLAY[1])
    # Bob's own next screen, read in part, then whole: his turn once its prompt shows.
    head, prompt = BOB_TO_PLAY.rsplit("\r\n", 1)
    assert not _reading(client, head + "\r\n")
    assert _reading(client, prompt)
