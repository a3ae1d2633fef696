"""A whole game at the real `thebes host`, over real SSH connections: two remote players and
a bot play a seeded game to its end, watched by a spectator who floods the table with keys;
neither the spectator nor the player out of turn acts; the host's file holds exactly the
actions played, and replays to its digest."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

from ssh_player import ACTING, FINAL, WAIT, Client, HostProcess, thebes_host

from thebes.bots import make_bot
from thebes.catalog.loading import default_catalog
from thebes.records.gamefile import expected_digest, read_record
from thebes.records.session import Session, default_seats

SEED = 11
NAMES = ["Ann", "Bob", "Cleo"]  # Cleo: a greedy bot, played on the host
# What a terminal answers to an action it does not play (typed out of turn, or at a
# position the table had left).
REFUSALS = ("turn, not yours.", "Not played:", "Not allowed:")


async def play_seat(client: Client, seat: int, host: HostProcess, sent: list[str]) -> str:
    """Whenever this client's acting prompt shows in a position not acted on yet, it types
    the first legal action there (read from the host's file); until the final table."""
    acted_at = -1
    while FINAL not in client.since():
        # A line typed at a prompt that does not act is refused and never typed again: the
        # game would wait for this seat for ever. Said at once, not after WAIT seconds.
        refused = [text for text in REFUSALS if acted_at >= 0 and text in client.since()]
        assert not refused, f"{sent[-1]!r} was refused: {client.since()[-600:]!r}"
        if client.acting():
            session = host.session()
            if session.active_seat == seat and len(session.steps) != acted_at:
                acted_at = len(session.steps)
                action = session.notation(session.legal_actions()[0])
                sent.append(action)
                client.type(action)
                continue
        assert await client.more(), f"closed mid-game: {client.since()[-400:]!r}"
    return await client.until_closed()


async def flood(spectator: Client, host: HostProcess) -> str:
    """Once a few actions are played: a huge paste, then a burst of lines that would act."""
    while len(host.session().steps) < 6:
        await spectator.more()
    spectator.process.stdin.write("x" * 300_000)
    spectator.process.stdin.write("\r" + "1\r" * 2000)
    # Read on until the end (or until cut off for not reading).
    return await spectator.until_closed()


def expected_actions() -> list[str]:
    """The same game played in this process: each person the first legal action, the bot
    as the host's bot plays."""
    session = Session(default_catalog(), default_seats(NAMES, {"Cleo": "greedy"}), SEED)
    bot = make_bot("greedy", SEED, 2)
    while not session.is_over:
        legal = session.legal_actions()
        action = bot.choose(session.state, legal) if session.active_seat == 2 else legal[0]
        session.play(action)
    return [step.record.action for step in session.steps]


def test_two_remote_players_and_a_bot_play_a_whole_game_the_file_holds_exactly(
    tmp_path: Path,
) -> None:
    options = ("--players", "Ann,Bob", "--bot", "Cleo=greedy", "--seed", str(SEED))
    sent: dict[str, list[str]] = {"Ann": [], "Bob": []}

    async def game(host: HostProcess) -> tuple[str, str]:
        ann = await Client.join(host, "Ann", host.code("Ann"), (120, 40))
        bob = await Client.join(host, "Bob", host.code("Bob"))
        spectator = await Client.join(host, "spectator", host.code("spectator"))
        # Ann moves first: Bob and the spectator are told whose turn it is, and whatever
        # they type acts on nothing.
        await ann.until(ACTING)
        await bob.until("Ann to play")
        bob.type("1")
        await bob.until("It is Ann's turn, not yours.")
        await spectator.until("Ann to play")
        spectator.type("take 1")
        await spectator.until("You are watching: spectators play nothing.")
        assert host.session().steps == []
        finals = await asyncio.gather(
            play_seat(ann, 0, host, sent["Ann"]),
            play_seat(bob, 1, host, sent["Bob"]),
            flood(spectator, host),
        )
        assert "x" * 70 in finals[2]  # the paste was typed (what the pipe and the rate let in)
        return finals[0], finals[1]

    with thebes_host(tmp_path, *options) as host:
        ann_end, bob_end = asyncio.run(game(host))
        host.process.wait(WAIT)  # the game over, the host ends by itself
        assert host.process.returncode == 0
    for end in (ann_end, bob_end):
        assert "winners" in end.lower() or "won" in end
    record = read_record(host.game)
    played = [entry.action for entry in record.actions]
    assert played == expected_actions()
    for name in ("Ann", "Bob"):
        assert [e.action for e in record.actions if e.player == name] == sent[name]
    assert any(e.player == "Cleo" for e in record.actions)
    session = host.session()  # replays every action, the digest checked
    assert session.is_over
    assert record.digest == expected_digest(record, session.state)
    summary = subprocess.run(
        [sys.executable, "-m", "thebes", "replay", str(host.game), "--summary"],
        capture_output=True, text=True, timeout=WAIT, check=True,
    )  # fmt: skip
    assert f"seed {SEED}  (final)" in summary.stdout
    assert "winners: " in summary.stdout
