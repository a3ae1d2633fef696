"""The JSON of a game's result (`thebes simulate --json`, `thebes replay --json`) and of a
series' summary, byte for byte: the objects below are written out by hand, and json.dumps
keeps their key order, so comparing the dumped text checks the order too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import CAT, GOLDEN, made_up_result
from thebes.cli.main import main
from thebes.records.session import Session
from thebes.tournament.bot_games import GameResult, bot_session
from thebes.tournament.series import Entry, play_game, series_standings, summary_json


def scores(*parts: tuple[int, int, int, int]) -> dict[str, dict[str, int]]:
    keys = ("artifacts", "exhibitions", "congresses", "majorities")
    return {
        f"P{seat}": {**dict(zip(keys, part, strict=True)), "total": sum(part)}
        for seat, part in enumerate(parts, 1)
    }


FINISHED = {
    "seed": 2026,
    "players": ["P1", "P2", "P3", "P4"],
    "scores": scores((54, 4, 1, 3), (37, 0, 3, 13), (36, 4, 6, 5), (29, 0, 0, 6)),
    "finished": True,
    "winners": ["P1"],
    "leaders": ["P1"],
    "actions": 103,
    "bots": {"P1": "greedy", "P2": "greedy", "P3": "greedy", "P4": "greedy"},
    "variants": [
        "steady-digs",
        "renew-after-exhibition",
        "renew-anywhere",
        "more-exhibitions",
        "card-preview",
    ],
}

UNFINISHED = {
    "seed": 44,
    "players": ["P1", "P2", "P3"],
    "scores": scores((5, 0, 0, 5), (3, 0, 0, 5), (2, 0, 0, 5)),
    "finished": False,
    "winners": [],
    "leaders": ["P1"],
    "actions": 17,
    "bots": {"P1": "random", "P2": "random", "P3": "random"},
    "variants": [],
}


def test_replay_json_of_a_finished_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(GOLDEN / "game-4p-all-variants.json"), "--json"]) == 0
    assert capsys.readouterr().out == json.dumps(FINISHED) + "\n"


def test_an_unfinished_game_has_leaders_and_no_winners(tmp_path: Path) -> None:
    whole = bot_session(CAT, 3, 44)
    part = Session(CAT, whole.seats, 44)
    for step in whole.steps[:17]:
        part.play(step.action)
    bots = {seat.name: seat.bot for seat in part.seats if seat.bot is not None}
    result = GameResult.of(part.state, part.seed, bots)
    assert json.dumps(result.as_json()) == json.dumps(UNFINISHED)
    assert result.winners == () and result.score("P2").total == 8


def test_the_summary_of_a_series() -> None:
    entries = [Entry("a", "greedy"), Entry("b", "random")]
    games = [
        made_up_result({"a": 50, "b": 40}, ["a"]),
        made_up_result({"b": 45, "a": 45}, ["a", "b"]),
    ]
    # a: 50 and 45, a win and half a shared one; the sample deviation of two totals 5 apart
    # is 5 / sqrt(2) = 3.5355...
    expected = {
        "summary": {
            "games": 2,
            "bots": {
                "a": {
                    "level": "greedy",
                    "games": 2,
                    "wins": 1.5,
                    "win_rate": 0.75,
                    "mean": 47.5,
                    "std": 3.54,
                    "breakdown": {
                        "artifacts": 42.5,
                        "exhibitions": 0.0,
                        "congresses": 5.0,
                        "majorities": 0.0,
                    },
                },
                "b": {
                    "level": "random",
                    "games": 2,
                    "wins": 0.5,
                    "win_rate": 0.25,
                    "mean": 42.5,
                    "std": 3.54,
                    "breakdown": {
                        "artifacts": 37.5,
                        "exhibitions": 0.0,
                        "congresses": 5.0,
                        "majorities": 0.0,
                    },
                },
            },
        }
    }
    table = series_standings(entries, games)
    assert json.dumps(summary_json(table, 2)) == json.dumps(expected)


def test_a_game_whose_file_cannot_be_written_keeps_its_result(tmp_path: Path) -> None:
    seats = [Entry("P1", "random"), Entry("P2", "random")]
    (tmp_path / "game-2p-3.json").mkdir()  # a folder where the game's file would go
    played = play_game(CAT, 3, seats, tmp_path)
    assert played.not_saved is not None and "game-2p-3.json is a folder" in played.not_saved
    assert played.result == play_game(CAT, 3, seats).result
    assert play_game(CAT, 3, seats).not_saved is None
    assert "not_saved" not in played.result.as_json()
