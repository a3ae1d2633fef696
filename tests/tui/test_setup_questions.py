"""The setup of `thebes play` without --players: how many people play (1-4), their names,
then computer players offered for the empty seats with their levels, so that one person
alone starts a game against bots without any option. Every answer that cannot be used is
refused with a line saying what can be typed, and asked again; Ctrl-C or Ctrl-D at any
question leaves without a game."""

from __future__ import annotations

from pathlib import Path

import pytest

from terminal import run_with_keys
from thebes.errors import EXIT_ERROR
from thebes.records.gamefile import read_record


def start(tmp_path: Path, keys: str) -> tuple[int, Path]:
    """`thebes play` with a person at the keyboard typing ``keys``; the exit code and the
    game file."""
    path = tmp_path / "g.json"
    code = run_with_keys(["play", "--fast", "--save", str(path)], keys, interactive=True)
    return code, path


def seats(path: Path) -> list[tuple[str, str | None]]:
    return [(p.name, p.bot) for p in read_record(path).players]


def test_one_person_alone_gets_a_greedy_bot_with_two_enters(tmp_path: Path) -> None:
    code, path = start(tmp_path, "1\nAnn\n\n\ntake 2\n")
    assert code == 0
    assert seats(path) == [("Ann", None), ("Greedy", "greedy")]
    record = read_record(path)
    assert (record.actions[0].player, record.actions[0].action) == ("Ann", "take 2")
    assert record.actions[1].player == "Greedy"  # the bot played its turn


def test_bad_answers_are_refused_and_asked_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    keys = "0\nfive\n1\n\nAnn\n0\n4\n3\nhard\ns\n\nr\ntake 2\n"
    code, path = start(tmp_path, keys)
    out = capsys.readouterr().out
    assert code == 0
    assert out.count("Please type 1, 2, 3 or 4.") == 2
    assert "Not as a name: a player's name is empty." in out
    assert out.count("Please type 1, 2 or 3, or Enter for 1.") == 2
    levels = (
        "Please type random, greedy, strong, expert (or its first letter), or Enter for greedy."
    )
    assert out.count(levels) == 1
    assert "Computer players: Strong (strong), Greedy (greedy), Random (random)." in out
    assert seats(path) == [
        ("Ann", None),
        ("Strong", "strong"),
        ("Greedy", "greedy"),
        ("Random", "random"),
    ]


def test_two_people_play_alone_by_default_or_beside_bots(tmp_path: Path) -> None:
    code, path = start(tmp_path, "2\nAnn\nBob\n\ntake 2\n")
    assert code == 0 and seats(path) == [("Ann", None), ("Bob", None)]
    (tmp_path / "g.json").unlink()
    code, path = start(tmp_path, "2\nAnn\nBob\n3\n2\ngreedy\nRANDOM\ntake 2\n")
    assert code == 0
    assert seats(path) == [("Ann", None), ("Bob", None), ("Greedy", "greedy"), ("Random", "random")]


def test_four_people_are_not_offered_bots(tmp_path: Path) -> None:
    # Had a bot question been asked, 'take 2' would have been its (refused) answer.
    code, path = start(tmp_path, "4\nAnn\nBob\nCleo\nDan\ntake 2\n")
    assert code == 0
    assert seats(path) == [("Ann", None), ("Bob", None), ("Cleo", None), ("Dan", None)]
    assert read_record(path).actions[0].action == "take 2"


def test_bots_are_named_apart_from_the_people_and_each_other(tmp_path: Path) -> None:
    code, path = start(tmp_path, "2\ngreedy\nAnn\n2\ng\ng\ntake 2\n")
    assert code == 0
    assert seats(path) == [
        ("greedy", None),
        ("Ann", None),
        ("Greedy 2", "greedy"),
        ("Greedy 3", "greedy"),
    ]


@pytest.mark.parametrize(
    "keys",
    ["1\nAnn\n\x03", "1\nAnn\n\x04", "1\nAnn\n2\n\x03", "1\nAnn\n2\ns\n\x04", "1\nAnn\n2\ns\n"],
    ids=["ctrl-c-count", "ctrl-d-count", "ctrl-c-level", "ctrl-d-level", "end-of-input"],
)
def test_leaving_at_a_bot_question_starts_no_game(
    keys: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, path = start(tmp_path, keys)
    assert (code, capsys.readouterr().err) == (EXIT_ERROR, "thebes: no game started\n")
    assert not path.exists()
