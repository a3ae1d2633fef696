"""`thebes simulate` prints within 80 columns for four bots named as it names them
(`random1`..`random4`): a winner is marked `*` rather than named again, and the bots'
table has narrower columns rather than cut headers."""

from __future__ import annotations

import pytest

from helpers import made_up_result
from thebes.cli.main import main
from thebes.cli.simulate import _score_line
from thebes.tournament.series import Entry, series_standings, standings_lines


def test_a_games_line_marks_its_winners_with_a_star() -> None:
    totals = {"random1": 23, "random2": 23, "random3": 42, "random4": 21}
    line = _score_line(made_up_result(totals, ["random3"]))
    assert line == "random1  23   random2  23   random3  42*  random4  21"
    tied = _score_line(made_up_result(totals, ["random1", "random2"]))
    assert tied == "random1  23*  random2  23*  random3  42   random4  21"


def test_the_bots_table_is_worked_out_in_76_columns() -> None:
    results = iter([made_up_result({"random1": 10, "random2": 8}, ["random1"])])
    entries = [Entry("random1", "random"), Entry("random2", "random")]
    lines = standings_lines(series_standings(entries, results))
    assert (
        lines[0] == "bot     level  games    wins  win %  mean ± std  artif. exhib. congr. major."
    )
    assert lines[1] == "─" * 76
    # 10 = 5 artifacts + 5 congresses (made_up_result); one game, one win.
    assert (
        lines[2] == "random1 random     1       1 100.0%  10.0   0.0     5.0    0.0    5.0    0.0"
    )


def test_four_random_bots_print_no_line_over_80(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--players", "4", "--bots", "random", "--games", "3", "--seed", "1"]
    assert main(args) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 + 1 + 2 + 4
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    assert [line.split()[:2] for line in lines[:3]] == [["seed", "1"], ["seed", "2"], ["seed", "3"]]
    # Each game has at least one winner, marked once per winner.
    assert all(line.count("*") >= 1 for line in lines[:3])
