"""The JSON of a saved game in `thebes games --json`, byte for byte: a readable game with its
standing, an unreadable one with its error and nulls, and a file that cannot even be looked
at. The objects are written out by hand; json.dumps keeps their key order."""

from __future__ import annotations

import json
import os
from pathlib import Path

from helpers import CAT
from thebes.bots import RandomPlayer
from thebes.records.library import ListedFile, game_files, read_game
from thebes.records.session import Session, default_seats
from thebes.rules import Variants

NULLS = dict.fromkeys(
    (
        *("players", "seed", "finished", "where", "to_move", "leaders", "scores", "variants"),
        *("hints", "stand_ins"),
    )
)


def hinted_game(path: Path) -> None:
    """Ann, Bob and the bot Cleo, seven actions in, Ann's first one taken after a hint."""
    seats = default_seats(["Ann", "Bob", "Cleo"], {"Cleo": "random"})
    variants = Variants.from_names(["card-preview", "steady-digs"])
    session = Session(CAT, seats, 9, variants=variants)
    players = [RandomPlayer(9, seat) for seat in range(3)]
    for _ in range(7):
        seat = session.active_seat
        assert seat is not None
        if session.seats[seat].name == "Ann" and not session.hints_used():
            session.note_hint()
        session.play(players[seat].choose(session.state, session.legal_actions()))
    session.save(path)


def test_saved_games_as_json(tmp_path: Path, utc: None) -> None:
    hinted_game(tmp_path / "hinted.json")
    os.utime(tmp_path / "hinted.json", (1_699_963_200, 1_699_963_200))
    (tmp_path / "broken.json").write_text("[1, 2", encoding="utf-8")
    os.utime(tmp_path / "broken.json", (1_600_000_000, 1_600_000_000))
    listed = [read_game(file, CAT).as_json(n) for n, file in enumerate(game_files(tmp_path), 1)]
    gone = read_game(ListedFile(tmp_path / "gone.json", None), CAT).as_json(3)
    expected = [
        {
            "number": 1,
            "path": str(tmp_path / "hinted.json"),
            "mtime": "2023-11-14T12:00:00+00:00",
            "error": None,
            "players": [
                {"name": "Ann", "bot": None, "bot_from": None},
                {"name": "Bob", "bot": None, "bot_from": None},
                {"name": "Cleo", "bot": "random", "bot_from": None},
            ],
            "seed": 9,
            "finished": False,
            "where": "1901·24",
            "to_move": "Bob",
            "leaders": ["Cleo"],
            "scores": {"Ann": 8, "Bob": 5, "Cleo": 9},
            "variants": ["steady-digs", "card-preview"],
            "hints": {"Ann": 1},
            "stand_ins": {},
        },
        {
            "number": 2,
            "path": str(tmp_path / "broken.json"),
            "mtime": "2020-09-13T12:26:40+00:00",
            "error": "not JSON (line 1, column 6: Expecting ',' delimiter)",
            **NULLS,
        },
        {
            "number": 3,
            "path": str(tmp_path / "gone.json"),
            "mtime": None,
            "error": "cannot read the game file (No such file or directory)",
            **NULLS,
        },
    ]
    assert [json.dumps(game) for game in [*listed, gone]] == [json.dumps(e) for e in expected]
