"""A front end drives a table with the table layer alone: a whole game played through a
place (a person's actions and a bot's turns), every action published as news, and neither
rich, prompt_toolkit nor asyncssh loaded (docs/architecture.md shows the same loop)."""

from __future__ import annotations

import json
import subprocess
import sys

FRONT_END = """
import json, random, sys
from thebes.catalog.loading import default_catalog
from thebes.records.session import Session, default_seats
from thebes.table.authority import Table
from thebes.table.news import ActionPlayed

session = Session(default_catalog(), default_seats(["Ann", "Bob"], {"Bob": "random"}), 11)
table = Table(session)
place = table.join_keyboard(wake=lambda: None)
chooser = random.Random(3)
played = []
while not (view := table.snapshot(place)).is_over:
    if table.bot_to_move() is not None:
        table.play_bot_turn()
    else:
        action = chooser.choice(view.legal_actions())
        assert table.play(place, action, view.moves) is None
    played += [n for n in table.news(place) if isinstance(n, ActionPlayed)]
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("rich", "prompt_toolkit", "asyncssh"))
print(json.dumps({
    "played": [(n.seat, n.number) for n in played],
    "steps": len(view.steps),
    "players": [s.record.player for s in view.steps],
    "loaded": loaded,
}))
"""


def test_a_whole_game_through_the_table_layer_alone() -> None:
    done = subprocess.run(
        [sys.executable, "-c", FRONT_END], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["loaded"] == []
    assert result["steps"] > 20  # a whole game: both players act until the end
    assert [number for _, number in result["played"]] == list(range(1, result["steps"] + 1))
    seats = [seat for seat, _ in result["played"]]
    assert seats == [{"Ann": 0, "Bob": 1}[name] for name in result["players"]]
    assert set(seats) == {0, 1}
