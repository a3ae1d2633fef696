"""`thebes host` with the table double in place of the hosted table: run as a script by the
tests of the command (``python host_with_double.py ARGS...``), so that the real command,
its printing, its signals and its server run in a process of their own."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from ssh_doubles import EchoTable

import thebes.cli.host
from thebes.cli.main import main


def double(session: Any, lock: Any, *, fast: bool) -> EchoTable:
    table = EchoTable()
    table.seat_names = [seat.name for seat in session.seats]
    people = [i for i, seat in enumerate(session.seats) if seat.bot is None]
    table.person_seats = lambda: people  # type: ignore[method-assign]
    return table


thebes.cli.host.hosted_table = double
sys.exit(main(sys.argv[1:]))
