"""The `thebes` command: simulate and reference, run as a user would."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import CAT, score_by_hand, winners_by_hand
from thebes.catalog.loading import default_data_dir
from thebes.cli.main import main
from thebes.tournament.bot_games import play_random_game


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_plain_prints_a_line_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "--players", "3", "--games", "4", "--seed", "10")
    lines = out.splitlines()
    assert code == 0 and err == ""  # no progress bar when stderr is not a terminal
    games, table = lines[:4], lines[5:]
    assert [line.split()[1] for line in games] == ["10", "11", "12", "13"]
    assert all("P1" in line and "P3" in line and "*" in line for line in games)
    assert lines[4] == "" and table[0].split()[:4] == ["bot", "level", "games", "wins"]
    assert [row.split()[:3] for row in table[2:]] == [[f"P{i}", "random", "4"] for i in (1, 2, 3)]


def test_simulate_json_shape_and_reproducing_one_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "simulate", "--players", "4", "--games", "5", "--seed", "1", "--json"
    )
    *games, summary = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(games) == 5 and summary["summary"]["games"] == 5
    for i, game in enumerate(games):
        assert game["seed"] == 1 + i
        assert game["players"] == ["P1", "P2", "P3", "P4"]
        assert game["bots"] == dict.fromkeys(game["players"], "random")
        assert game["actions"] > 0
        # The printed scores are the seed's game counted by hand from its tableaux.
        state = play_random_game(CAT, 4, game["seed"])
        assert [p.name for p in state.players] == game["players"]
        assert list(game["scores"].values()) == score_by_hand(state)
        assert game["winners"] == [game["players"][i] for i in winners_by_hand(state)]
    _, again, _ = run(capsys, "simulate", "--players", "4", "--games", "1", "--seed", "4", "--json")
    assert json.loads(again.splitlines()[0]) == games[3]


def test_simulate_refuses_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (
        ["--players", "5"],
        ["--games", "0"],
        ["--seed", "x"],
        ["--bots", "greedy,genius"],
        ["--jobs", "0"],
    ):
        with pytest.raises(SystemExit) as exit_info:
            main(["simulate", *args])
        assert exit_info.value.code == 2
        assert "error:" in capsys.readouterr().err


def test_reference_json_has_the_components(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "reference", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["travel_weeks"]["London"]["Warsaw"] == 2
    assert data["time_wheel"]["8"][3] == 5
    assert len(data["researcher_cards"]) == 85 and len(data["exhibitions"]) == 10
    assert data["researcher_cards"][64] == {
        "id": 65,
        "kind": "shovel",
        "region": None,
        "value": None,
        "city": "London",
        "weeks": 3,
        "effect": "shovel: 2 held +1 token, 3+ held +2, one alone +1 once",
    }
    greece = data["tokens"]["Greece"]
    assert len(greece["artifacts"]) == 13 and greece["book_token_for"] == "Crete"
    assert sum(a["value"] for a in greece["artifacts"]) == 36
    assert greece["debris"] == 16


def test_reference_tables(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "reference")
    assert code == 0
    for title in ("Travel time", "Time wheel", "Researcher cards", "Exhibitions", "tokens"):
        assert title in out
    assert "Mask of Tutankhamun" in out and "Qumran scroll jar" in out


def test_bad_data_file_gives_one_clear_line_not_a_traceback(tmp_path: Path) -> None:
    for name in ("board.yaml", "cards.yaml", "tokens.yaml"):
        shutil.copy(default_data_dir() / name, tmp_path / name)
    (tmp_path / "tokens.yaml").write_text("regions: {}\n", encoding="utf-8")
    env = {**os.environ, "THEBES_DATA": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-m", "thebes", "simulate"], capture_output=True, text=True, env=env
    )
    assert result.returncode == 2
    assert result.stderr.startswith("thebes: bad data file: ")
    assert "tokens.yaml: regions: region Greece missing" in result.stderr
    assert "Traceback" not in result.stderr


def test_installed_command_finds_its_data_from_any_directory(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "THEBES_DATA"}
    result = subprocess.run(
        [sys.executable, "-m", "thebes", "simulate", "--players", "2", "--seed", "3"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("seed 3 ")
