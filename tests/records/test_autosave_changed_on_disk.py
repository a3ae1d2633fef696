"""The autosave never overwrites a game file that changed on disk since this process last
read or wrote it (another process wrote it, say, with its lock removed by hand): that file
is left as it is, the game is saved beside it from then on, and the table says so."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import CAT
from terminal import game, new_session
from thebes.records.session import Session


def actions_in(path: Path) -> list[str]:
    return [entry["action"] for entry in json.loads(path.read_text())["actions"]]


def two_windows(tmp_path: Path) -> tuple[Session, Session, Path]:
    path = tmp_path / "g.json"
    new_session(tmp_path).save(path)
    return (
        Session.load(path, CAT, autosave=True),
        Session.load(path, CAT, autosave=True),
        path,
    )


def test_an_autosave_over_a_file_changed_since_it_was_read_keeps_both_games(
    tmp_path: Path,
) -> None:
    first, second, path = two_windows(tmp_path)
    first.play(first.parse("take 1"))  # A takes 1: the file is A's now
    second.play(second.parse("take 2"))  # B read the file before that: B must not overwrite
    assert actions_in(path) == ["take 1"]
    beside = tmp_path / "g-2.json"
    assert second.autosave == beside and actions_in(beside) == ["take 2"]
    assert second.save_problem is None
    assert second.save_moved == (
        f"{path} was changed by another process since this game saved it; left as it is, "
        f"this game goes on in {beside}"
    )
    first.play(first.legal_actions()[0])  # A goes on in its own file
    second.play(second.legal_actions()[0])  # and B in its new one
    assert len(actions_in(path)) == 2 and actions_in(path)[0] == "take 1"
    assert len(actions_in(beside)) == 2 and actions_in(beside)[0] == "take 2"


def test_a_file_changed_by_hand_after_the_last_autosave_is_not_overwritten(
    tmp_path: Path,
) -> None:
    first, _, path = two_windows(tmp_path)
    first.play(first.parse("take 1"))
    edited = path.read_text().replace('"take 1"', '"take 1" ')
    path.write_text(edited)  # in place, as an editor may
    first.play(first.legal_actions()[0])
    assert path.read_text() == edited
    assert len(actions_in(tmp_path / "g-2.json")) == 2


def test_the_table_says_where_the_game_went(tmp_path: Path) -> None:
    session, other, path = two_windows(tmp_path)
    other.play(other.parse("take 3"))
    with game(session, "1\ny\n", size=(80, 24)) as (table, out):
        table.run()
    said = " ".join(out.getvalue().split())
    assert "Not overwritten: " in said
    assert "this game goes on in" in said and "g-2.json" in said
    assert actions_in(path) == ["take 3"]
    assert actions_in(tmp_path / "g-2.json") == ["take 1"]
