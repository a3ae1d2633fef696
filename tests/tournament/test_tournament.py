"""Bot series in `thebes simulate`: seats, rotation, standings, parallel runs, the bar."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import CAT, made_up_result
from thebes.cli.main import main
from thebes.records.session import Session
from thebes.tournament.series import (
    Entry,
    Standing,
    entries_for,
    seating,
    series_standings,
    standings_lines,
)


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, object]]:
    assert main(["simulate", *args, "--json"]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_entries_are_named_by_level_and_numbered_when_a_level_repeats() -> None:
    assert entries_for(["greedy", "random"], 2) == [
        Entry("greedy", "greedy"),
        Entry("random", "random"),
    ]
    assert [e.name for e in entries_for(["greedy", "random", "greedy"], 3)] == [
        "greedy1",
        "random",
        "greedy2",
    ]
    assert [e.name for e in entries_for(["strong"], 3)] == ["strong1", "strong2", "strong3"]
    assert [e.name for e in entries_for(None, 2)] == ["P1", "P2"]


def test_entries_refuse_a_level_count_that_fits_no_seats() -> None:
    with pytest.raises(ValueError, match="2 levels for 3 players"):
        entries_for(["greedy", "random"], 3)
    with pytest.raises(ValueError, match="unknown bot level 'genius'"):
        entries_for(["genius"], 2)


def test_rotation_moves_every_entry_through_every_seat() -> None:
    entries = entries_for(["strong", "greedy", "random"], 3)
    orders = [[e.name for e in seating(entries, seed, rotate=True)] for seed in (30, 31, 32)]
    assert orders == [
        ["strong", "greedy", "random"],
        ["greedy", "random", "strong"],
        ["random", "strong", "greedy"],
    ]
    assert seating(entries, 31, rotate=False) == entries


def test_standings_count_shared_wins_as_fractions_and_give_mean_and_std() -> None:
    entries = [Entry("a", "greedy"), Entry("b", "random"), Entry("c", "random")]
    games = [
        made_up_result({"a": 50, "b": 40, "c": 30}, ["a"]),
        made_up_result({"b": 60, "c": 60, "a": 40}, ["b", "c"]),
        made_up_result({"c": 45, "a": 45, "b": 45}, ["c", "a", "b"]),
    ]
    seen: list[object] = []
    table = {s.entry.name: s for s in series_standings(entries, iter(games), seen.append)}
    assert seen == games
    assert table["a"].wins == pytest.approx(1 + 1 / 3)
    assert table["b"].wins == pytest.approx(1 / 2 + 1 / 3)
    assert sum(s.wins for s in table.values()) == pytest.approx(3)
    # a scored 50, 40, 45: mean 45, sample variance (25 + 25 + 0) / 2 = 25.
    assert table["a"].mean == 45 and table["a"].std == pytest.approx(5.0)
    assert table["a"].category_mean("congresses") == 5
    assert table["a"].category_mean("artifacts") == 40
    assert Standing(Entry("x", "random")).std == 0.0


def test_summary_table_has_a_row_per_bot() -> None:
    table = series_standings([Entry("a", "greedy")], iter([made_up_result({"a": 10}, ["a"])]))
    lines = standings_lines(table)
    assert lines[0].split()[:7] == ["bot", "level", "games", "wins", "win", "%", "mean"]
    assert lines[2].split() == [
        "a",
        "greedy",
        "1",
        "1",
        "100.0%",
        "10.0",
        "0.0",
        "5.0",
        "0.0",
        "5.0",
        "0.0",
    ]


def test_a_rotated_series_records_bots_and_sums_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--players", "2", "--bots", "greedy,random", "--games", "4", "--seed", "20"]
    *games, summary = run_json(capsys, *args, "--rotate", "--save-dir", str(tmp_path))
    assert [g["players"] for g in games] == [
        ["greedy", "random"],
        ["random", "greedy"],
        ["greedy", "random"],
        ["random", "greedy"],
    ]
    assert all(g["bots"] == {"greedy": "greedy", "random": "random"} for g in games)
    bots = summary["summary"]["bots"]  # type: ignore[index]
    assert bots["greedy"]["games"] == bots["random"]["games"] == 4
    assert bots["greedy"]["wins"] + bots["random"]["wins"] == 4
    assert bots["greedy"]["wins"] == 4  # greedy beats random in every one of these
    saved = Session.load(tmp_path / "game-2p-21.json", CAT)
    assert [(s.name, s.bot) for s in saved.seats] == [("random", "random"), ("greedy", "greedy")]
    # One game of the series, played alone from its seed, is the same game.
    assert run_json(capsys, *args[:4], "--games", "1", "--seed", "21", "--rotate")[0] == games[1]


def test_parallel_processes_give_the_same_results_in_the_same_order(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--players", "3", "--bots", "greedy,random,random", "--games", "5", "--rotate"]
    assert run_json(capsys, *args, "--jobs", "2") == run_json(capsys, *args)


def test_a_progress_bar_only_on_a_terminal() -> None:
    """On a terminal stderr, the bar shows games done of the total; piped, nothing."""
    leader, follower = pty.openpty()
    env = {**os.environ, "COLUMNS": "80", "TERM": "xterm"}
    command = [sys.executable, "-m", "thebes", "simulate", "--players", "2", "--games", "30"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=follower, env=env, text=True)
    os.close(follower)
    out, _ = process.communicate(timeout=120)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    bar = b"".join(chunks).decode(errors="replace")
    assert process.returncode == 0
    assert "games" in bar and "/30" in bar
    assert len(out.splitlines()) == 30 + 1 + 2 + 2  # games, blank, header, rule, 2 bots
    piped = subprocess.run(command, capture_output=True, text=True, env=env)
    assert piped.stderr == "" and piped.stdout == out
