"""`--expert-budget N`: the expert bots' simulations a move, taken by play, host and
simulate, kept in the game file, refused in one line when it is no budget."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import CAT
from terminal import run_with_keys
from thebes.bots import MAX_EXPERT_BUDGET
from thebes.cli.arguments import build_parser
from thebes.cli.main import main
from thebes.cli.streams import Streams
from thebes.records.gamefile import read_record
from thebes.records.session import Session


def test_play_host_and_simulate_take_the_budget_and_leave_it_unset_by_default() -> None:
    parser = build_parser(Streams(None))
    for command in (["play"], ["host"], ["simulate"]):
        assert parser.parse_args([*command, "--expert-budget", "50"]).expert_budget == 50
        assert parser.parse_args(command).expert_budget is None


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("0", "needs at least 1, not 0"),
        (str(MAX_EXPERT_BUDGET + 1), f"at most {MAX_EXPERT_BUDGET}"),
        ("many", "'many' is not a whole number"),
    ],
)
def test_a_budget_that_is_no_budget_is_refused_in_one_line(
    value: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--bots", "expert", "--expert-budget", value])
    assert exit_info.value.code == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert "--expert-budget" in error and said in error


def test_simulate_plays_experts_on_the_budget_and_saves_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "--players", "2", "--bots", "expert,greedy", "--games", "1"]
    code = main([*args, "--seed", "4", "--expert-budget", "2", "--save-dir", str(tmp_path)])
    assert code == 0
    assert "expert" in capsys.readouterr().out
    record = read_record(tmp_path / "game-2p-4.json")
    assert [p.bot for p in record.players] == ["expert", "greedy"]
    assert record.options.expert_budget == 2


def test_a_game_played_with_an_expert_keeps_its_budget_when_resumed(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    args = ["play", "--players", "Ann", "--bot", "Exa=expert", "--seed", "7"]
    code = run_with_keys([*args, "--expert-budget", "2", "--save", str(path)], "take 2\n")
    assert code == 0
    assert json.loads(path.read_text())["options"]["expert_budget"] == 2
    record = read_record(path)
    assert [a.player for a in record.actions][:2] == ["Ann", "Exa"]  # the expert played
    assert Session.load(path, CAT).expert_budget == 2


def test_host_resume_takes_no_budget(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.json"
    code = run_with_keys(["host", "--resume", str(path), "--expert-budget", "5"], "")
    assert code == 2
    assert "no other game options" in capsys.readouterr().err
