"""The benchmarks of the computer players and of luck still run (as test_benchmarks_run.py
says): the bots' series, greedy's valuations of an exchange, the expert, the luck study of
the variants and each seat's luck."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest
from benchmark_scripts import BENCHMARKS, NUM, bench, figures, line

from helpers import made_up_result
from thebes.tournament.bot_games import GameResult
from thebes.tournament.series import entries_for


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
