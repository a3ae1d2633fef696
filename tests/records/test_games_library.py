"""`thebes games` and `thebes resume [N]`: the saved games of a folder, newest first."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest

from helpers import CAT, score_by_hand
from terminal import run_with_keys, text_terminal
from thebes.bots import RandomPlayer
from thebes.cli.main import main
from thebes.records.library import GameProgress
from thebes.records.session import Session, default_seats
from thebes.rules import END_TIME, week_of, year_of
from thebes.tournament.bot_games import seated_session
from thebes.tui.gamelist import status_text

T0 = 1_699_963_200  # a fixed modification time, 2023-11-14 noon UTC: in the past, as a
# date ahead of the clock is not believed


def partial_game(
    folder: Path,
    file: str,
    names: list[str],
    actions: int,
    seed: int | None = 5,
    bots: dict[str, str] | None = None,
) -> Session:
    """A game of ``names`` (people, unless ``bots`` gives a level) with ``actions`` actions
    chosen at random, saved in ``folder/file``."""
    session = Session(CAT, default_seats(names, bots), seed)
    players = [RandomPlayer(seed, seat) for seat in range(len(names))]
    for _ in range(actions):
        seat = session.active_seat
        assert seat is not None
        session.play(players[seat].choose(session.state, session.legal_actions()))
    session.save(folder / file)
    return session


def aged(path: Path, seconds: int) -> Path:
    """Give ``path`` the modification time T0 + ``seconds``."""
    os.utime(path, (T0 + seconds, T0 + seconds))
    return path


def totals_by_hand(session: Session) -> list[int]:
    return [entry["total"] for entry in score_by_hand(session.state)]


def top_two(totals: list[int]) -> str:
    first, second = sorted(totals, reverse=True)[:2]
    return f"{first}\u2013{second}"


def listing(capsys: pytest.CaptureFixture[str], *args: str, width: int = 300) -> list[str]:
    # By default a terminal wide enough for every sentence of the listing on a line of its
    # own (they are wrapped to the terminal: tests/tui/test_games_list_at_80.py), and for
    # every game on one line; the games' layout is checked at 80 columns (game_rows).
    terminal = text_terminal(sys.stdout, (width, 40), errors=sys.stderr)
    assert main(["games", *args], terminal) == 0
    return capsys.readouterr().out.splitlines()


def game_rows(lines: list[str]) -> list[str]:
    """The games' rows of a listing of fewer than ten games: each begins with its number in
    two columns or under the date, where the sentences around them, however wrapped,
    begin with a word."""
    return [line for line in lines if line.startswith(" ")]


def sentences(lines: list[str]) -> str:
    """The sentences of a listing, joined again where they were wrapped."""
    return " ".join(line for line in lines if not line.startswith(" "))


@pytest.fixture
def library(tmp_path: Path) -> dict[str, Session | None]:
    """Five files, newest first: an unfinished 3-player game with a bot (c), a damaged file
    (d), an unfinished 2-player game (b), a finished game (a), and a brand-new game (e);
    beside them files a listing must pass over (a saved analysis among them)."""
    folder = tmp_path / "games"
    folder.mkdir()
    games: dict[str, Session | None] = {}
    finished = seated_session(CAT, 12, [("Ann", "greedy"), ("Bob", "random")])
    finished.save(folder / "a.json")
    games["a"] = finished
    games["b"] = partial_game(folder, "b.json", ["Ann", "Bob"], 20, seed=None)
    games["c"] = partial_game(folder, "c.json", ["Cleo", "Dan", "Eve"], 30, bots={"Eve": "greedy"})
    games["d"] = None
    (folder / "d.json").write_text('{"format": "thebes-game", "format_version": 2', "utf-8")
    games["e"] = partial_game(folder, "e.json", ["Fay", "Gus"], 0)
    for name, seconds in {"a": 100, "b": 300, "c": 500, "d": 400, "e": 50}.items():
        aged(folder / f"{name}.json", seconds)
    (folder / "notes.txt").write_text("not a game", "utf-8")
    (folder / ".c.json.4242.tmp").write_text("half a save", "utf-8")
    (folder / "folder.json").mkdir()
    (folder / "a.analysis.json").write_text('{"format": "thebes-analysis"}', "utf-8")
    return games


def test_games_are_listed_newest_first_with_where_they_stand(
    tmp_path: Path, library: dict[str, Session | None], capsys: pytest.CaptureFixture[str]
) -> None:
    lines = listing(capsys, "--dir", str(tmp_path / "games"), width=80)
    body = game_rows(lines)
    first, last = lines.index(body[0]), lines.index(body[-1])
    assert lines[first : last + 1] == body  # the games' rows, all together
    # Before them the title, after them how to resume and replay (wrapped at 80 columns).
    assert sentences(lines[:first]) == f"Saved games in {tmp_path / 'games'}, newest first:"
    closing = sentences(lines[last + 1 :])
    # The damaged file's reason does not fit beside its name: it goes under, by the date.
    assert [line[:2] for line in body] == [" 1", " 2", "  ", " 3", " 4", " 5"]
    c, d, why, b, a, e = body
    # c: the player to move is the one furthest back in time.
    game_c = library["c"]
    assert game_c is not None
    totals = totals_by_hand(game_c)
    leader = ["Cleo", "Dan", "Eve"][totals.index(max(totals))]
    assert totals.count(max(totals)) == 1
    week = min(p.time for p in game_c.state.players)
    where = f"{year_of(week)}·{week_of(week)}"
    assert c.endswith(f"Cleo, Dan, Eve (greedy)  seed 5  {where}, {leader} leads {top_two(totals)}")
    assert "2023-11-14" in c
    assert d.endswith("d.json") and "unreadable" not in d
    assert why == "   unreadable: the file ends too early (truncated?) at line 1"
    game_b = library["b"]
    assert game_b is not None and game_b.state.actions_taken == 20
    assert "Ann, Bob  no seed  " in b and f" {top_two(totals_by_hand(game_b))}" in b
    game_a = library["a"]
    assert game_a is not None and game_a.is_over
    totals = totals_by_hand(game_a)
    winner = ["Ann", "Bob"][totals.index(max(totals))]
    assert a.endswith(f"Ann (greedy), Bob (random)  seed 12  finished: {winner} {top_two(totals)}")
    # Written by hand: a 2-player game starts in week 1 of 1901, nobody has a point.
    assert e.endswith("Fay, Gus  seed 5  1901·1, Fay and Gus lead 0\u20130")
    assert all(len(line) <= 80 for line in body)
    assert "resume" in closing and "replay" in closing.split("resume")[-1]


def test_the_standings_in_words() -> None:
    def standing(totals: tuple[int, ...], leaders: tuple[str, ...], finished: bool) -> GameProgress:
        players = (("Ann", None), ("Bob", None), ("Cleo", "greedy"))
        time = None if finished else 52 + 13
        return GameProgress(players, 12, finished, time, "Ann", totals, leaders)

    def words(standing: GameProgress) -> str:
        text = status_text(standing, lambda name: name)
        assert text.count("\u2013") == 1  # the scores are joined by an en dash
        return text.replace("\u2013", "-")

    assert words(standing((38, 31, 2), ("Ann",), False)) == "1902·14, Ann leads 38-31"
    assert words(standing((20, 20, 3), ("Ann", "Bob"), False)) == "1902·14, Ann and Bob lead 20-20"
    three = standing((9, 9, 9), ("Ann", "Bob", "Cleo"), False)
    assert words(three) == "1902·14: all level 9-9"
    assert words(standing((69, 76, 1), ("Bob",), True)) == "finished: Bob 76-69"
    assert words(standing((70, 70, 1), ("Ann", "Bob"), True)) == "finished: Ann and Bob 70-70"
    assert words(standing((9, 9, 9), ("Ann", "Bob", "Cleo"), True)) == "finished: all level 9-9"


def test_players_that_do_not_fit_go_under_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Four bots of one level, as `thebes simulate` saves them: 93 columns on one line.
    names = [f"random{n}" for n in range(1, 5)]
    partial_game(tmp_path, "bots.json", names, 0, bots=dict.fromkeys(names, "random"))
    aged(tmp_path / "bots.json", 0)
    lines = game_rows(listing(capsys, "--dir", str(tmp_path), width=80))
    # Worked by hand: 4 players start in week 1 of 1902, all level with nothing.
    assert len(lines) == 2 and lines[0].endswith("  seed 5  1902·1: all level 0\u20130")
    assert lines[1] == "   random1 (random), random2 (random), random3 (random), random4 (random)"
    assert all(len(line) <= 80 for line in lines) and "…" not in "".join(lines)


def test_long_names_are_cut_with_a_mark_only_where_they_cannot_fit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    two = ["Alexandrina Featherstone", "Bartholomew Xerxes Smith"]
    partial_game(tmp_path, "two.json", two, 0)
    lines = game_rows(listing(capsys, "--dir", str(tmp_path), width=80))
    # 22 + 50 + 2 + 6 + 2 + status: no room on one line; under the date both stay whole.
    assert len(lines) == 2 and lines[1] == "   " + ", ".join(two)
    # Four names of 21 letters and a bot (4 * 21 + 9 + 6 = 99 columns) are cut alike, the
    # longest first, to 14 letters and the mark: 4 * 15 + 9 + 6 = 75, in 77 columns.
    four = [f"{letter * 20}{letter}" for letter in "ABCD"]
    partial_game(tmp_path, "four.json", four, 0, bots={four[3]: "strong"})
    aged(tmp_path / "two.json", 0)
    aged(tmp_path / "four.json", 20_000_000)
    lines = game_rows(listing(capsys, "--dir", str(tmp_path), width=80))[:2]
    cut = [letter * 14 + "…" for letter in "ABCD"]
    assert lines[1] == f"   {cut[0]}, {cut[1]}, {cut[2]}, {cut[3]} (strong)"
    assert lines[0].endswith("1902·1: all level 0\u20130") and all(len(x) <= 80 for x in lines)


def test_names_that_look_like_markup_are_shown_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    partial_game(tmp_path, "m.json", ["[b]Al", "Bo[/]"], 0)
    assert (
        "  [b]Al, Bo[/]  seed 5  1901·1, [b]Al and Bo[/] lead 0\u20130"
        in listing(capsys, "--dir", str(tmp_path))[1]
    )
    code, out, _ = resumed(capsys, "--dir", str(tmp_path), "1")
    assert code == 0 and "[b]Al" in out


def test_control_codes_in_paths_and_reasons_never_reach_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "evil\x1b]0;title\x07"
    folder.mkdir()
    (folder / "bad\x1b[2J.json").write_text('{"format": "thebes-game", "setup": "\x1b[31m"}')
    partial_game(folder, "ok\x1b[1m.json", ["Ann", "Bob"], 2)
    out = "\n".join(listing(capsys, "--dir", str(folder), width=80))
    assert "\x1b" not in out and "\x07" not in out
    assert "evil\\x1b]0;title\\x07" in out and "bad\\x1b[2J.json\n   unreadable:" in out
    assert main(["games", "--dir", str(folder), "--json"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out
    assert {json.loads(line)["path"] for line in out.splitlines()} == {
        str(folder / "bad\x1b[2J.json"),
        str(folder / "ok\x1b[1m.json"),
    }


def test_json_gives_one_object_per_game(
    tmp_path: Path, library: dict[str, Session | None], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["games", "--dir", str(tmp_path / "games"), "--json"]) == 0
    objects = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [Path(o["path"]).name for o in objects] == [
        "c.json",
        "d.json",
        "b.json",
        "a.json",
        "e.json",
    ]
    c, d, _, a, _ = objects
    assert c["number"] == 1 and c["mtime"].startswith("2023-11-14T")
    assert c["players"] == [
        {"name": "Cleo", "bot": None, "bot_from": None},
        {"name": "Dan", "bot": None, "bot_from": None},
        {"name": "Eve", "bot": "greedy", "bot_from": None},
    ]
    game_c = library["c"]
    assert game_c is not None
    assert list(c["scores"].values()) == totals_by_hand(game_c)
    assert c["seed"] == 5 and c["finished"] is False and c["error"] is None
    assert c["where"] == "{}·{}".format(*_year_week(game_c))
    assert d["error"] == "the file ends too early (truncated?) at line 1" and d["players"] is None
    assert a["finished"] is True and a["where"] is None and a["to_move"] is None


def _year_week(session: Session) -> tuple[int, int]:
    time = min(p.time for p in session.state.players if p.time < END_TIME)
    return year_of(time), week_of(time)


def test_an_empty_or_missing_folder_says_how_to_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert listing(capsys, "--dir", str(tmp_path / "none")) == [
        f"No saved games in {tmp_path / 'none'}; 'thebes play' starts one."
    ]
    # Without --dir: the folder games are saved in.
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert listing(capsys) == [
        f"No saved games in {tmp_path / 'data' / 'thebes' / 'games'}; 'thebes play' starts one."
    ]
    games = tmp_path / "data" / "thebes" / "games"
    games.mkdir(parents=True)
    partial_game(games, "x.json", ["Ann", "Bob"], 0)
    assert listing(capsys)[1].endswith("Ann, Bob  seed 5  1901·1, Ann and Bob lead 0\u20130")


def test_a_folder_that_cannot_be_listed_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain = tmp_path / "plain"
    plain.write_text("", "utf-8")
    assert main(["games", "--dir", str(plain)]) == 1
    assert capsys.readouterr().err.startswith(f"thebes: cannot list {plain}: ")


def test_the_listing_is_bounded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    first = tmp_path / "g000.json"
    partial_game(tmp_path, first.name, ["Ann", "Bob"], 3)
    for number in range(1, 205):
        shutil.copyfile(first, tmp_path / f"g{number:03d}.json")
        aged(tmp_path / f"g{number:03d}.json", number)
    aged(first, 0)
    lines = listing(capsys, "--dir", str(tmp_path))
    assert len(lines) == 1 + 200 + 3
    assert lines[1].startswith("  1 ") and lines[200].startswith("200 ")
    assert lines[-3] == "5 older games not listed ('--all' lists them)."
    lines = listing(capsys, "--dir", str(tmp_path), "--all")
    assert len(lines) == 1 + 205 + 2 and lines[205].startswith("205 ")


# ---------------------------------------------------------------- resume


def resumed(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = run_with_keys(["resume", *args, "--no-color"], "quit\ny\n")
    out, err = capsys.readouterr()
    return code, out, err


def test_resume_without_a_file_goes_on_with_the_newest_unfinished_game(
    tmp_path: Path, library: dict[str, Session | None], capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "games"
    before = (folder / "b.json").read_bytes()
    aged(folder / "a.json", 1000)  # the finished game is now the newest,
    aged(folder / "c.json", 10)  # and c older than b: list a, d, b, ...
    code, out, _ = resumed(capsys, "--dir", str(folder))
    assert code == 0
    path = folder / "b.json"
    # The finished game and the damaged file are passed over.
    assert out.startswith(f"Game 3: {path}\n")
    assert f"'thebes resume {path}' goes on with it." in out
    # Looking in and leaving changes nothing: the file and its place in the list stay.
    assert (folder / "b.json").read_bytes() == before
    assert (folder / "b.json").stat().st_mtime == T0 + 300


def test_resume_n_goes_on_with_game_n_of_the_list(
    tmp_path: Path, library: dict[str, Session | None], capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "games"
    code, out, _ = resumed(capsys, "--dir", str(folder), "3")
    assert code == 0
    assert out.startswith(f"Game 3: {folder / 'b.json'}\n")
    assert f"'thebes resume {folder / 'b.json'}' goes on with it." in out


@pytest.mark.parametrize(
    ("choice", "message"),
    [
        ("6", "there is no game 6: {folder} holds 5 saved games ('thebes games' lists them)"),
        ("0", "there is no game 0: {folder} holds 5 saved games"),
        ("99999999999", "there is no game 99999999999: "),
        ("2", "game 2 ({folder}/d.json) is unreadable: the file ends too early (truncated?)"),
        ("4", "game 4 is finished; 'thebes replay {folder}/a.json' shows it"),
    ],
)
def test_resume_n_refuses_in_one_line(
    choice: str,
    message: str,
    tmp_path: Path,
    library: dict[str, Session | None],
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder = tmp_path / "games"
    assert main(["resume", "--dir", str(folder), choice]) == 2
    err = capsys.readouterr().err
    assert err.startswith("thebes: " + message.format(folder=folder))
    assert err.count("\n") == 1


def test_resume_without_an_unfinished_game_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seated_session(CAT, 3, [("Ann", "random"), ("Bob", "random")]).save(tmp_path / "done.json")
    (tmp_path / "bad.json").write_text("{", "utf-8")
    assert main(["resume", "--dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err == f"thebes: no unfinished game in {tmp_path}; 'thebes play' starts one\n"
    assert main(["resume", "--dir", str(tmp_path / "nothing")]) == 2
    assert "no unfinished game" in capsys.readouterr().err


def test_a_number_means_the_list_even_beside_a_file_of_that_name(
    tmp_path: Path,
    library: dict[str, Session | None],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = tmp_path / "games"
    here = tmp_path / "here"
    here.mkdir()
    shutil.copyfile(folder / "b.json", here / "1")
    monkeypatch.chdir(here)
    code, out, err = resumed(capsys, "--dir", str(folder), "1")
    assert code == 0 and out.startswith(f"Game 1: {folder / 'c.json'}\n")
    assert err == "thebes: 1 is game 1 of the list; ./1 is the file\n"
    code, out, _ = resumed(capsys, "./1")
    # The file is named so that typing the hint again finds it, not game 1 of the list.
    assert code == 0 and "'thebes resume ./1' goes on with it." in out


def test_resume_file_works_as_before(
    tmp_path: Path, library: dict[str, Session | None], capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games" / "e.json"
    code, out, _ = resumed(capsys, str(path))
    assert code == 0 and not out.startswith("Game ")
    assert f"'thebes resume {path}' goes on with it." in out


def test_a_file_named_by_digits_is_offered_as_a_file_when_play_refuses_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    partial_game(tmp_path, "7", ["Ann", "Bob"], 1)
    assert main(["play", "--players", "Ann,Bob", "--save", "7"]) == 2
    err = capsys.readouterr().err
    assert (
        err
        == "thebes: 7 exists; 'thebes resume ./7' goes on with that game (--force replaces it)\n"
    )


def test_the_resume_hint_of_a_listed_folder_names_the_folder(
    tmp_path: Path, library: dict[str, Session | None], capsys: pytest.CaptureFixture[str]
) -> None:
    # 'resume N' counts in the default folder: the listing of another says --dir with it.
    folder = tmp_path / "games"
    last = " ".join(listing(capsys, "--dir", str(folder)))  # wrapped between words
    assert f"resume --dir {folder} N' resumes game N;" in last
    assert f"replay --dir {folder} N' shows game N" in last
