"""A hosted table speaks each connection's language: the client's locale as its SSH client
sends it, never one language for everyone; and a connection may ask for plain mode."""

from __future__ import annotations

import asyncio
from pathlib import Path

from ssh_player import Client, HostProcess, thebes_host


def test_each_remote_player_reads_the_table_in_their_own_language(tmp_path: Path) -> None:
    async def table(host: HostProcess) -> tuple[str, str, str, str]:
        ann = await Client.join(host, "Ann", host.code("Ann"), env={"LANG": "de_DE.UTF-8"})
        bob = await Client.join(
            host, "Bob", host.code("Bob"), env={"LANG": "en_US.UTF-8", "LC_ALL": "fr_FR.UTF-8"}
        )
        watcher = await Client.join(
            host, "spectator", host.code("spectator"), env={"THEBES_PLAIN": "1"}
        )
        reader = await Client.join(
            host, "spectator", host.code("spectator"),
            env={"LANG": "fr_FR.UTF-8", "THEBES_PLAIN": "1"},
        )  # fmt: skip
        german = await ann.until("eine Zahl, eine Aktion")
        french = await bob.until("Ann joue")
        plain = await watcher.until("Ann to play, week 1 of 1901. You may type")
        french_lines = await reader.until("Vous pouvez taper")
        for client in (ann, bob, watcher, reader):
            await client.leave()
        return german, french, plain, french_lines

    with thebes_host(tmp_path, "--players", "Ann,Bob", "--seed", "5") as host:
        german, french, plain, french_lines = asyncio.run(table(host))
    assert "am Zug: Ann" in german and "à jouer" not in german
    assert "à jouer\u00a0: Ann" in french and "am Zug" not in french
    # The spectator's locale asks nothing: the host's language (English here), in lines.
    assert "\x1b[?1049h" not in plain and "Warsaw" in plain
    # In lines, the events so far are told in the terminal's language too.
    assert "Ann et Bob partent de Varsovie\u00a0; Ann commence." in french_lines
    assert "set out" not in french_lines
