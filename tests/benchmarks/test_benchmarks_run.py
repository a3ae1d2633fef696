"""The benchmarks still run: each script of benchmarks/, run as `python benchmarks/NAME.py`
with the smallest figures it takes against the tree under test (PYTHONPATH=src), ends well
and prints the figures it is there to print.

A benchmark asserts nothing, so nothing else notices when a change to the package breaks
one (the luck study read the series' results as dicts for a while after they became
PlayedGame objects). No figure's size is checked here (speed is never asserted in tests,
and a handful of games says nothing of strength): each line must be there, in its form,
and where it can be worked out from the others or from the arguments (games counted,
screens drawn, a difference of two columns), with that value.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from benchmark_scripts import BENCHMARKS, NUM, bench, figures, line

from helpers import ANALYSIS_GAMES, CAT
from thebes.records.gamefile import MAX_FILE_BYTES
from thebes.tournament.bot_games import play_random_game

# Every script here has its test in this folder (test_every_benchmark_is_run_here): the
# computer players' and luck's in test_bot_and_luck_benchmarks_run.py.
SCRIPTS = (
    "bench_analysis.py",
    "bench_bots.py",
    "bench_engine.py",
    "bench_expert.py",
    "bench_game_digests.py",
    "bench_greedy.py",
    "bench_hints.py",
    "bench_hostile_input.py",
    "bench_luck.py",
    "bench_record.py",
    "bench_screen.py",
    "bench_server.py",
    "bench_simulate.py",
    "bench_table_floods.py",
    "bench_variants.py",
)


def test_every_benchmark_is_run_here() -> None:
    assert sorted(p.name for p in BENCHMARKS.glob("*.py")) == list(SCRIPTS)


def test_engine_benchmark_prints_games_per_second_beside_the_mock(tmp_path: Path) -> None:
    lines = figures("bench_engine.py", "--seconds", "0.05", cwd=tmp_path)
    assert len(lines) == 6
    beside = line(
        rf"4 players: +({NUM}) random games/s, ({NUM}) µs an action; mock ({NUM}) µs an "
        rf"action; engine/mock ({NUM}) \(median of 7 rounds, CPU time\)",
        lines,
    )
    assert float(beside[1]) > 0 and float(beside[2]) > 0 and float(beside[3]) > 0
    line(rf"4 players through apply \(checked, with events\): +{NUM} games/s", lines)
    for players in (2, 3):
        rate = rf"{players} players: +{NUM} random games/s  \(([0-9]+) actions per game\)"
        assert int(line(rate, lines)[1]) > 0
    listing = rf"legal_actions: +{NUM} µs per call \(mid-game, ([0-9]+) actions listed\)"
    listed = line(listing, lines)
    assert int(listed[1]) > 0
    line(rf"apply: +{NUM} µs per call \(mid-game, checked, with events\)", lines)


def test_engine_benchmark_refuses_no_time(tmp_path: Path) -> None:
    done = bench("bench_engine.py", "--seconds", "0", cwd=tmp_path)
    assert done.returncode == 2
    assert "--seconds must be more than 0" in done.stderr


def test_simulate_benchmark_prints_its_cost_an_action_beside_the_engines(tmp_path: Path) -> None:
    quick = ("--games", "2", "--rounds", "1", "--players", "3", "--seed", "5")
    lines = figures("bench_simulate.py", *quick, cwd=tmp_path)
    assert len(lines) == 5
    actions = sum(play_random_game(CAT, 3, seed).actions_taken for seed in (5, 6))
    head = "3 players, random bots, 2 games a round ({actions} actions), best of 1 rounds, CPU time"
    assert lines[0] == head.format(actions=actions)
    engine = float(line(rf"engine alone: +({NUM}) µs an action", lines)[1])
    assert engine > 0
    for how, target in (("--json", r" \(target: at most 1\.3\)"), ("--json --save-dir", "")):
        cost = line(
            rf"thebes simulate {how}: +({NUM}) µs an action, ({NUM}) times the engine's{target}",
            lines,
        )
        # Each figure is rounded to 0.01 on its own: the ratio is theirs within that.
        ratio = float(cost[2])
        assert float(cost[1]) > 0
        assert ratio == pytest.approx(
            float(cost[1]) / engine, abs=0.005 + 0.01 * (1 + ratio) / engine
        )
    # The same games every way: simulate printed each game's result as the engine's gives it.
    assert lines[-1] == "same results game by game: 2 of 2"
    assert list(tmp_path.iterdir()) == []  # the game files went into a temporary folder


def test_simulate_benchmark_refuses_no_games(tmp_path: Path) -> None:
    done = bench("bench_simulate.py", "--games", "0", cwd=tmp_path)
    assert done.returncode == 2
    assert "--games and --rounds must be at least 1" in done.stderr


def test_game_digests_are_those_of_the_list_and_a_change_is_found(tmp_path: Path) -> None:
    listed = BENCHMARKS / "game_digests.txt"
    lines = figures(
        "bench_game_digests.py",
        "--first",
        "10",
        "--games",
        "6",
        "--check",
        str(listed),
        cwd=tmp_path,
    )
    assert lines[-1] == "6 of 6 games as before"
    changed = listed.read_text(encoding="utf-8").splitlines()
    changed[12] = changed[12][:-4] + "0000"  # game 12's digest, edited
    edited = tmp_path / "edited.txt"
    edited.write_text("\n".join(changed) + "\n", encoding="utf-8")
    done = bench(
        "bench_game_digests.py",
        "--first",
        "10",
        "--games",
        "6",
        "--check",
        str(edited),
        cwd=tmp_path,
    )
    assert done.returncode == 1
    assert f"differs: {changed[12]}" in done.stdout
    assert done.stdout.splitlines()[-1] == "5 of 6 games as before"


def test_record_benchmark_prints_load_times_for_2_3_and_4_players(tmp_path: Path) -> None:
    lines = figures("bench_record.py", "--games", "2", cwd=tmp_path)
    assert len(lines) == 3
    for players in (2, 3, 4):
        times = line(
            rf"{players} players: load and verify +({NUM}) ms median, +({NUM}) ms worst "
            r"\(([0-9]+) actions per game\)",
            lines,
        )
        assert float(times[1]) <= float(times[2])  # the median of two is at most the worst
        assert int(times[3]) > 0
    assert list(tmp_path.iterdir()) == []  # the game files went into a temporary folder


def test_screen_benchmark_prints_both_sizes_for_the_screens_asked(tmp_path: Path) -> None:
    lines = figures("bench_screen.py", "--screens", "3", cwd=tmp_path)
    assert len(lines) == 2
    for size in ("120x40", "80x24"):
        line(rf"{size}: +{NUM} ms median, +{NUM} ms worst per screen \(3 screens\)", lines)


def test_hostile_input_benchmark_refuses_every_file_and_reads_both_lines(tmp_path: Path) -> None:
    # The script raises if a file is read instead of refused: ending well means all were.
    lines = figures("bench_hostile_input.py", "--runs", "1", cwd=tmp_path)
    cases = (
        "escaped quotes",
        "flat brackets",
        "one long string",
        "nested 100,000 deep",
        "empty actions",
        "many keys",
        "too many actions",
    )
    assert len(lines) == len(cases) + 2
    for case in cases:
        size = line(
            rf"game file, +{case} \(([0-9]+) KB\): refused in +{NUM} ms median, +{NUM} ms worst",
            lines,
        )
        assert 0 < int(size[1]) <= MAX_FILE_BYTES // 1024  # under the cap, not refused for size
    for length in ("10", "100,000"):
        line(rf"prompt, a line of +{length} characters: +{NUM} ms median, +{NUM} ms worst", lines)


def test_analysis_benchmark_prints_speed_and_mean_losses(tmp_path: Path) -> None:
    quick = ("--games", "1", "--playouts", "1", "--jobs", "1", "--every", "5")
    lines = figures("bench_analysis.py", *quick, cwd=tmp_path)
    how = "1 playouts (one action in 5 reviewed), --jobs 1"
    # One stored 2-player game, and the stored 4-player one nearest 85 actions.
    four = sorted(ANALYSIS_GAMES.glob("game-4p-*.json"))
    nearest = min(four, key=lambda p: (abs(len(json.loads(p.read_text())["actions"]) - 85), p))
    for game, players, target in (("game-2p-300.json", 2, 3), (nearest.name, 4, 6)):
        actions = len(json.loads((ANALYSIS_GAMES / game).read_text())["actions"])
        took = line(
            rf"speed: {re.escape(game)}, {actions} actions, {re.escape(how)}: ({NUM}) s, "
            rf"CPU ({NUM}) s, load average {NUM} \(target: at most {target} s with --jobs 2 on "
            r"two cores\)",
            lines,
        )
        assert float(took[1]) > 0 and float(took[2]) > 0, players
    stored = sorted(ANALYSIS_GAMES.glob("game-2p-*.json"))[0].name
    for title, names, game in (
        ("greedy against random", ("greedy", "random"), "game-2p-500.json"),
        ("strong against greedy", ("strong", "greedy"), stored),
    ):
        at = lines.index(f"{title}: 1 games, {how}")
        assert re.fullmatch(rf"  {re.escape(game)}: [0-9]+ actions, {NUM} s", lines[at - 1])
        for offset, name in enumerate(names, start=1):
            assert re.fullmatch(
                rf"  {name} +mean loss +{NUM} ±{NUM}  "
                r"\([0-9]+ blunder, [0-9]+ mistake, [0-9]+ inaccuracy\)",
                lines[at + offset],
            ), lines[at + offset]
        assert re.fullmatch(rf"  time per game: mean {NUM} s, max {NUM} s", lines[at + 3])


def test_hints_benchmark_prints_hint_times_for_2_and_4_players(tmp_path: Path) -> None:
    lines = figures(
        "bench_hints.py", "--games", "1", "--every", "40", "--playouts", "1", cwd=tmp_path
    )
    assert len(lines) == 2
    for players, first in ((2, "game-2p-300.json"), (4, "game-4p-400.json")):
        actions = len(json.loads((ANALYSIS_GAMES / first).read_text())["actions"])
        times = line(
            rf"{players} players: ([0-9]+) positions of 1 games \({re.escape(first)}\.\.\.\), "
            rf"1 playouts: hint median ({NUM}) s, 95th percentile ({NUM}) s, worst ({NUM}) s "
            rf"\(CPU time; load average {NUM}; target: 95th percentile at most 0\.1 s\)",
            lines,
        )
        # Every 40th position from the first: positions 1, 41, 81, ...
        assert int(times[1]) == len(range(0, actions, 40))
        assert float(times[2]) <= float(times[3]) <= float(times[4])


def test_table_floods_benchmark_prints_the_delay_of_an_action_under_a_flood(
    tmp_path: Path,
) -> None:
    lines = figures("bench_table_floods.py", "--spectators", "2", "--actions", "2", cwd=tmp_path)
    assert line(r"2 spectators flooding say, 2 players, 2 actions", lines)
    typed, said = (int(n) for n in line(r"lines typed: ([0-9]+), said: ([0-9]+)", lines).groups())
    assert 0 < said <= typed
    line(rf"action delay: median {NUM} ms, worst {NUM} ms", lines)
    line(rf"screens drawn a second at each terminal: median {NUM}, most {NUM}", lines)


def test_server_benchmark_prints_latency_memory_and_cpu_of_a_server_under_load(
    tmp_path: Path,
) -> None:
    quick = ("--tables", "1", "--minutes", "0.1", "--think", "0.1", "0.2")
    lines = figures("bench_server.py", *quick, cwd=tmp_path)
    found = line(
        r" +1 tables +2 people \| actions +(\d+) .* p95 (\d+) .* server RSS MiB: idle (\d+) .*"
        r"server CPU (\d+)% of a core.*",
        lines,
    )
    actions, p95, rss, cpu = (int(group) for group in found.groups())
    assert actions > 0 and p95 > 0 and rss > 0 and 0 <= cpu <= 200
    assert line(r" +set-up .* people stuck 0, .*", lines)
