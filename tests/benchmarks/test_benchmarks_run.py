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

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from helpers import ANALYSIS_GAMES, CAT, REPO, made_up_result
from thebes.records.gamefile import MAX_FILE_BYTES
from thebes.tournament.bot_games import GameResult, play_random_game
from thebes.tournament.series import entries_for

BENCHMARKS = REPO / "benchmarks"
NUM = r"-?[0-9]+(?:\.[0-9]+)?"  # a figure as the scripts print it
# The environment variables with which coverage's `patch = ["subprocess"]` measures a
# Python subprocess. A benchmark checks nothing of what the package does, so the lines it
# runs must not count toward the coverage floor; traced, it would also run several times
# slower.
COVERAGE_VARIABLES = ("COVERAGE_PROCESS_CONFIG", "COVERAGE_PROCESS_START")
# Every script here has its test below (test_every_benchmark_is_run_here).
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


def bench(script: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The script run in a subprocess that imports the package from src/."""
    env = {k: v for k, v in os.environ.items() if k not in COVERAGE_VARIABLES}
    env["PYTHONPATH"] = str(REPO / "src")
    return subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *args],
        cwd=cwd,  # anything a script left behind would land in the test's folder
        env=env,
        capture_output=True,
        text=True,
        timeout=300,  # a liveness bound: a working run takes a second or two
    )


def figures(script: str, *args: str, cwd: Path) -> list[str]:
    """The lines the script printed; it must have ended well."""
    done = bench(script, *args, cwd=cwd)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def line(pattern: str, lines: list[str]) -> re.Match[str]:
    """The one printed line that matches ``pattern`` whole."""
    found = [m for m in (re.fullmatch(pattern, text) for text in lines) if m]
    assert len(found) == 1, (pattern, lines)
    return found[0]


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


def test_bots_benchmark_prints_each_series_wins_and_move_times(tmp_path: Path) -> None:
    series = ("--series", "greedy-random,random-random")
    lines = figures("bench_bots.py", "--games", "2", "--jobs", "1", *series, cwd=tmp_path)
    assert lines[0] == "2 players, seats rotated, 2 games a series, 1 processes"
    assert len(lines) == 5
    for name, other in (("greedy", "random"), ("random1", "random2")):
        wins = line(
            rf"  {name} against {other}: {name} wins ({NUM}) of 2 \(({NUM})%\), {other} ({NUM})",
            lines,
        )
        won, percent, lost = (float(wins[i]) for i in (1, 2, 3))
        assert won + lost == 2  # shared wins are split, so every game is counted once
        assert percent == 100 * won / 2
        moves = line(
            rf"    {name}: +({NUM}) ms per move on average, +({NUM}) ms worst "
            rf"\(([0-9]+) moves; {NUM} s in all\)",
            lines,
        )
        assert float(moves[1]) <= float(moves[2])
        assert int(moves[3]) > 0


def test_greedy_benchmark_prints_a_paired_share_and_each_levels_exchanges(tmp_path: Path) -> None:
    lines = figures(
        "bench_greedy.py", "--pair", "0.45d,0.8", "--pairs", "2", "--jobs", "1", cwd=tmp_path
    )
    assert lines[0] == (
        "2 players, greedy 0.45d against greedy 0.8: 2 seeds from 1, each played twice with "
        "the seats turned"
    )
    share = line(rf"  0\.45d wins ({NUM})% ± ({NUM})% \({NUM} s in all\)", lines)
    # Two seeds of two games each: A's share of a seed is 0, 1/4, ... or 1 (a tie counts
    # half).
    eighths = 8 * float(share[1]) / 100  # the mean of two seeds' shares, in eighths
    assert eighths == pytest.approx(round(eighths)) and 0 <= eighths <= 8
    assert float(share[2]) >= 0
    # A valuation the same as the other: each seed's two games are the same game, seats
    # swapped, so each side wins one (or both tie): exactly half, with no spread.
    same = figures(
        "bench_greedy.py", "--pair", "shipped,0.45d", "--pairs", "2", "--jobs", "1", cwd=tmp_path
    )
    line(rf"  shipped wins 50\.0% ± 0\.0% \({NUM} s in all\)", same)
    counted = figures(
        "bench_greedy.py",
        *("--exchanges", "random,greedy", "--games", "2", "--jobs", "1"),
        *("--players", "3", "--variant", "renew-anywhere"),
        cwd=tmp_path,
    )
    assert len(counted) == 2
    for level, text in zip(("random", "greedy"), counted, strict=True):
        found = re.fullmatch(
            rf"{level}: ([0-9]+) of ([0-9]+) actions exchanges or renewals \(({NUM})%\), "
            r"longest run ([0-9]+), runs of 3 or more ([0-9]+) \(2 games of 3 players, "
            r"renew-anywhere, seeds 1\.\.2\)",
            text,
        )
        assert found, text
        exchanges, actions, longest, long_runs = (int(found[i]) for i in (1, 2, 4, 5))
        assert 0 <= exchanges <= actions and longest <= exchanges
        assert float(found[3]) == pytest.approx(100 * exchanges / actions, abs=0.05)
        assert (longest >= 3) == (long_runs > 0)
    done = bench("bench_greedy.py", "--pair", "1.5,0.8", cwd=tmp_path)
    assert done.returncode == 2 and "an exchange share from 0 to 1" in done.stderr


def test_expert_benchmark_prints_win_shares_ranks_and_move_times(tmp_path: Path) -> None:
    # Greedy rivals and two simulations a move: the lines, not the figures, are checked.
    args = ("--games", "2", "--jobs", "1", "--budget", "2", "--players", "2,3")
    out = tmp_path / "games.jsonl"
    lines = figures(
        "bench_expert.py", *args, "--against", "greedy", "--out", str(out), cwd=tmp_path
    )
    assert lines[0] == (
        "seats rotated, 2 games a series, 1 processes, a shared win counts as a fraction"
    )
    assert [text for text in lines if not text.startswith(" ")] == [
        lines[0],
        "2 players, expert budget 2 simulations a move",
        "3 players, expert budget 2 simulations a move",
    ]
    for _ in (2, 3):
        wins = [
            re.fullmatch(
                rf"  expert against greedy: expert wins ({NUM}) of 2 \(({NUM})% ± ({NUM})%\)", text
            )
            for text in lines
        ]
        found = [m for m in wins if m]
        assert len(found) == 2
        for match in found:
            assert float(match[2]) == pytest.approx(100 * float(match[1]) / 2, abs=0.05)
    ranks = line(
        rf"    mean rank: expert ({NUM}) ± ({NUM}), greedy ({NUM}) ± ({NUM}) \(1 is first\)", lines
    )
    # Three seats hold the ranks 1 + 2 + 3 between them: the expert's and twice the others' mean.
    assert float(ranks[1]) + 2 * float(ranks[3]) == pytest.approx(6, abs=0.02)  # 2 decimals
    moves = [
        m
        for m in (
            re.fullmatch(
                rf"    expert: ({NUM}) s per move on average, ({NUM}) s worst "
                rf"\(([0-9]+) moves; {NUM} s in all\)",
                text,
            )
            for text in lines
        )
        if m
    ]
    assert len(moves) == 2
    for match in moves:
        assert float(match[1]) <= float(match[2]) and int(match[3]) > 0
    # --out kept every game; --combine gives the same figures from the file alone (the
    # series' wall time aside), each series under its players, budget and seeds.
    assert len(out.read_text().splitlines()) == 4
    combined = figures("bench_expert.py", "--combine", str(out), cwd=tmp_path)
    slowest = [text for text in combined if text.startswith("    slowest: ")]
    assert [text for text in combined if text not in slowest] == [
        "2 players, expert budget 2, seeds 1..2",
        *[re.sub(r"; [0-9.]+ s in all", "", text) for text in lines[2:4]],
        "3 players, expert budget 2, seeds 1..2",
        *[re.sub(r"; [0-9.]+ s in all", "", text) for text in lines[5:8]],
    ]
    # Each series names its five slowest moves, the first of them its worst, and how to
    # re-time each: that move of that game is played again and timed three times.
    assert len(slowest) == 2
    retimes = []
    for text, worst in zip(slowest, moves, strict=True):
        found = re.findall(rf"({NUM}) s \(--retime ([0-9]+):([0-9]+)\)", text)
        assert len(found) == 5 and float(found[0][0]) == pytest.approx(float(worst[2]), abs=0.01)
        assert [float(f[0]) for f in found] == sorted((float(f[0]) for f in found), reverse=True)
        retimes.append(f"{found[0][1]}:{found[0][2]}")
    timed = figures(
        "bench_expert.py",
        *("--retime", retimes[0], "900:0", "1:900", "--players", "2", "--against", "greedy"),
        *("--budget", "2"),
        cwd=tmp_path,
    )
    assert timed[0] == "2 players against greedy, expert budget 2"
    assert re.fullmatch(
        rf"  seed {retimes[0].replace(':', ' move ')}: {NUM}, {NUM}, {NUM} CPU s", timed[1]
    )
    # Game 900 of the series is played too; the expert's first move is always there.
    assert re.fullmatch(rf"  seed 900 move 0: {NUM}, {NUM}, {NUM} CPU s", timed[2])
    assert timed[3:] == ["  seed 1 move 900: no such move"]
    # A move belongs to one series: several players or rivals, or a move not SEED:MOVE, are
    # refused with a usage message, not a traceback.
    for wrong in (("--retime", "1:0"), ("--retime", "1:0", "--players", "2,3"), ("--retime", "1")):
        done = bench("bench_expert.py", *wrong, "--budget", "2", cwd=tmp_path)
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert "one --players and one --against" in done.stderr or "SEED:MOVE" in done.stderr


LUCK_COLUMNS = (
    "configuration",
    "sd of D",
    "vs base",
    "sd/score",
    "mean D",
    "1st seat wins",
    "score",
    "actions",
    "time",
)
# A row of the luck table: configuration, sd ±, vs base (or -), sd/score, mean D ±,
# 1st seat wins ±%, score, actions ±, time.
PM = rf"({NUM}) ±({NUM})"
LUCK_ROW = (
    rf"(\S+) +{PM} +(-|[+-]{NUM} ±{NUM}) +({NUM}) +[+-]{NUM} ±{NUM} +({NUM}) ±{NUM}% "
    rf"+({NUM}) +{NUM} ±{NUM} +[0-9]+s"
)


def test_luck_study_prints_its_table_with_each_configuration(tmp_path: Path) -> None:
    quick = ("--games", "2", "--strong-games", "0", "--jobs", "1")
    lines = figures("bench_variants.py", *quick, "--configs", "base,steady-digs,all", cwd=tmp_path)
    assert lines[:3] == [
        "2 players, 1 processes, seeds from 1",
        "greedy against greedy, 2 games a configuration, seats rotated",
        "D = first seat's score - second's; ± one standard error",
    ]
    assert lines[3].split() == " ".join(LUCK_COLUMNS).split()
    rows = {m[1]: m for m in (re.fullmatch(LUCK_ROW, text) for text in lines[4:7]) if m}
    assert list(rows) == ["base", "steady-digs", "all"]
    base_sd = float(rows["base"][2])
    assert rows["base"][4] == "-"
    for config in ("steady-digs", "all"):
        row = rows[config]
        sd, score = float(row[2]), float(row[7])
        # vs base is this sd minus the base game's, sd/score this sd over the mean score:
        # each printed figure is rounded on its own (sd and score to 0.1, the ratio 0.001).
        assert abs(float(row[4].split()[0]) - (sd - base_sd)) <= 0.15 + 1e-9
        assert abs(float(row[5]) - sd / score) <= 0.0005 + 0.1 / score
    for row in rows.values():
        # Two games, a shared win counting half: the first seat wins 0, 1/4, ... or all.
        assert float(row[6]) in (0.0, 25.0, 50.0, 75.0, 100.0)
    assert len(lines) == 9 and lines[7] == ""
    assert re.fullmatch(r"[0-9]+ s in all", lines[8])
    assert not any("strong" in text for text in lines)  # --strong-games 0 leaves them out


def test_luck_study_refuses_a_single_game(tmp_path: Path) -> None:
    done = bench("bench_variants.py", "--games", "1", cwd=tmp_path)
    assert done.returncode == 2
    assert "--games: 2 or more (a standard deviation needs two games)" in done.stderr
    assert "Traceback" not in done.stderr


def load_luck_study(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """benchmarks/bench_variants.py imported as a module (its main() not run)."""
    path = BENCHMARKS / "bench_variants.py"
    spec = importlib.util.spec_from_file_location("bench_variants", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # Its dataclasses look their module up in sys.modules while they are made.
    monkeypatch.setitem(sys.modules, "bench_variants", module)
    spec.loader.exec_module(module)
    return module


def test_luck_study_counts_strong_wins_by_its_entry_name(monkeypatch: pytest.MonkeyPatch) -> None:
    # A strong game takes seconds to play, too long to run strong's lines here: the series
    # is made up, and the real series names the strong bot's entry as strong_wins looks for it.
    assert [e.name for e in entries_for(["strong", "greedy"], 2)] == ["strong", "greedy"]
    study = load_luck_study(monkeypatch)
    asked: list[tuple[object, ...]] = []

    def made_up_series(*args: object) -> list[GameResult]:
        asked.append(args)
        return [
            made_up_result({"strong": 80, "greedy": 70}, ["strong"]),
            made_up_result({"greedy": 90, "strong": 60}, ["greedy"]),
            made_up_result({"strong": 75, "greedy": 75}, ["strong", "greedy"]),
            made_up_result({"greedy": 50, "strong": 65}, ["strong"]),
        ]

    monkeypatch.setattr(study, "series", made_up_series)
    won, _ = study.strong_wins("card-preview", 4, 7, 1)
    assert asked == [("card-preview", ["strong", "greedy"], 4, 7, 1)]
    assert won.value == (1 + 0 + 0.5 + 1) / 4
    assert won.show(100) == "62.5 ±24.2"  # sqrt(0.625 * 0.375 / 4) = 0.242


SIGNED = r"[-+][0-9]+\.[0-9]+"  # a figure printed with its sign
LUCK_SEAT = (
    rf"    (seat [1-4]) +luck at digs +({SIGNED}) ±({NUM})  at cards +({SIGNED}) ±({NUM})"
    rf"  in all +({SIGNED}) ±({NUM})"
)


def test_luck_benchmark_prints_each_seats_mean_luck_and_what_it_explains(tmp_path: Path) -> None:
    quick = ("--games", "2", "--multi-games", "2", "--credit", "picker")
    lines = figures("bench_luck.py", *quick, cwd=tmp_path)
    assert lines[0] == "seeds from 1, variants: none; luck in VP, ± one standard error"
    titles = [text for text in lines if text and not text.startswith(" ")]
    assert titles[1:4] == [
        "greedy against greedy, 2 games",
        "3 greedy players, 2 games",
        "4 greedy players, 2 games",
    ]
    assert re.fullmatch(r"[0-9]+ s in all", lines[-1])
    assert lines.count("  cards credited to the picker") == 3
    assert not any("drawer" in text for text in lines)
    seats = [m for m in (re.fullmatch(LUCK_SEAT, text) for text in lines) if m]
    assert [m[1] for m in seats] == [f"seat {n}" for n in (1, 2, 1, 2, 3, 1, 2, 3, 4)]
    for m in seats:
        # a mean in all is the mean at the digs plus the mean at the cards, each rounded
        assert abs(float(m[6]) - float(m[2]) - float(m[4])) <= 0.015 + 1e-9
    fit = line(
        rf"    margin \(seat 1 - seat 2\) on luck difference: R\^2 ({NUM})  slope ({NUM})"
        rf"  intercept ({SIGNED})  \(mean margin ({SIGNED}) ±({NUM})\)",
        lines,
    )
    assert 0 <= float(fit[1]) <= 1
    apart = line(
        rf"    R\^2 on the digs' luck alone ({NUM}), on the cards' alone ({NUM}), on both apart"
        rf" ({NUM})  \(slopes ({NUM}), ({NUM})\)",
        lines,
    )
    # two regressors explain at least as much as either alone
    assert float(apart[3]) >= max(float(apart[1]), float(apart[2])) - 0.001
    pooled = [text for text in lines if text.startswith("    score less the game's mean")]
    assert len(pooled) == 2
    assert len([text for text in lines if text.startswith("  luck's time a game: mean")]) == 3


def test_luck_benchmark_refuses_a_single_game(tmp_path: Path) -> None:
    done = bench("bench_luck.py", "--games", "1", cwd=tmp_path)
    assert done.returncode == 2
    assert "never 1" in done.stderr
    assert "Traceback" not in done.stderr


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
