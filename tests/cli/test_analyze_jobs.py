"""`thebes analyze --jobs`: by default the CPUs the process may use (its affinity where the
system keeps one, else the machine's count), an explicit --jobs wins, the help says so, and
the analysis is the same whatever the number of processes."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from helpers import CAT
from thebes.analysis import game_review
from thebes.bots import make_bot
from thebes.cli.arguments import build_parser, usable_cpus
from thebes.cli.main import main
from thebes.records.session import Session, default_seats


@pytest.fixture(scope="module")
def game_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Six actions of greedy against random: quick to analyse whole."""
    seats = default_seats(["greedy", "random"], {"greedy": "greedy", "random": "random"})
    session = Session(CAT, seats, 23)
    players = [make_bot("greedy", 23, 0), make_bot("random", 23, 1)]
    for _ in range(6):
        seat = session.active_seat
        assert seat is not None
        session.play(players[seat].choose(session.state, session.legal_actions()))
    return session.save(tmp_path_factory.mktemp("jobs") / "six.json")


def test_the_cpus_usable_are_the_affinity_where_the_system_keeps_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 3, 5}, raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    assert usable_cpus() == 3  # a container or taskset allows 3 of the machine's 8
    monkeypatch.delattr(os, "sched_getaffinity", raising=False)  # macOS, Windows
    assert usable_cpus() == 8
    monkeypatch.setattr(os, "cpu_count", lambda: None)  # the count cannot be told
    assert usable_cpus() == 1


def test_analyze_runs_as_many_jobs_as_cpus_unless_told(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2}, raising=False)
    parser = build_parser()
    assert parser.parse_args(["analyze", "g.json"]).jobs == 3
    assert parser.parse_args(["analyze", "g.json", "--jobs", "1"]).jobs == 1
    assert parser.parse_args(["analyze", "g.json", "--jobs", "5"]).jobs == 5


def test_the_help_says_the_default_jobs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2, 3}, raising=False)
    with pytest.raises(SystemExit):
        main(["analyze", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "(default: the CPUs this process may use, 4 here; the same result for any J)" in (
        help_text
    )


def test_the_analysis_is_the_same_with_the_default_jobs_and_with_one(
    game_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    jobs_run: list[int] = []
    analyze = game_review.analyze

    def spied(game: game_review.GameToAnalyze, playouts: int, jobs: int, *args: object) -> object:
        jobs_run.append(jobs)
        return analyze(game, playouts, jobs, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(game_review, "analyze", spied)
    # Two CPUs, so that the default runs a pool of processes even on a machine of one.
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    assert main(["analyze", str(game_file), "--json", "--playouts", "2"]) == 0
    by_default = json.loads(capsys.readouterr().out)
    assert main(["analyze", str(game_file), "--json", "--playouts", "2", "--jobs", "1"]) == 0
    alone = json.loads(capsys.readouterr().out)
    assert jobs_run == [2, 1]
    assert by_default == alone
    assert len(alone["moves"]) == 6 and any(m["loss"] > 0 for m in alone["moves"])
