"""A saved analysis is bound to its game and to its own content (issue 22, point 10).

The analysis is made once by `thebes analyze --save` (one playout a move: quick, and every
check below is about the file, not its numbers); each test copies it beside a copy of the
game, edits it as a person might, and runs `thebes replay`. An edited or foreign file is
refused with one line on the error stream naming it and why, the replay's first screen
says the same, and the replay goes on without it."""

from __future__ import annotations

import io
import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.input import create_pipe_input

from helpers import CAT, GOLDEN
from terminal import text_terminal
from thebes.cli.main import main
from thebes.records.session import Session
from thebes.rules import Renew, legal_actions

GAME = GOLDEN / "game-2p-v2.json"
OTHER_GAME = GOLDEN / "game-2p-steady-digs.json"
KEYS = ("→ ← step · g N · y YEAR · a auto · c/e charts · m/M mistakes · h help · q quit",)


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The text `thebes analyze --save` wrote for GAME."""
    folder = tmp_path_factory.mktemp("analysed")
    game = folder / "g.json"
    shutil.copy(GAME, game)
    assert (
        main(["analyze", str(game), "--save", "--playouts", "1"], text_terminal(io.StringIO())) == 0
    )
    return (folder / "g.analysis.json").read_text()


@pytest.fixture
def game(tmp_path: Path, saved: str) -> Path:
    """A copy of GAME with its fresh analysis beside it."""
    path = tmp_path / "g.json"
    shutil.copy(GAME, path)
    (tmp_path / "g.analysis.json").write_text(saved)
    return path


def edit(game: Path, change: Callable[[dict[str, Any]], None]) -> None:
    path = game.with_name("g.analysis.json")
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data, indent=1))


def replay(game: Path, keys: str = "g 5\n") -> tuple[str, str]:
    """What `thebes replay` showed, and what it wrote on its error stream."""
    out, errors = io.StringIO(), io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        terminal = text_terminal(out, (120, 40), pipe, errors=errors)
        assert main(["replay", str(game), "--no-color"], terminal) == 0
    return out.getvalue(), errors.getvalue()


def refused_with(game: Path, reason: str) -> str:
    """Replay ``game`` and check the analysis is refused for ``reason`` in one line on the
    error stream and on the first screen, and that the replay went on to action 5 without
    it; the screen, for more checks."""
    text, errors = replay(game)
    analysis = game.with_name("g.analysis.json")
    assert errors == f"thebes: analysis {analysis} {reason}\n"
    lines = text.splitlines()
    first_prompt = next(n for n, line in enumerate(lines) if line.startswith("The start"))
    said, whole = lines[first_prompt + 1], f"Analysis g.analysis.json {reason}."
    # One row: a line longer than the terminal is cut at a word, with "…".
    assert said == whole or (said.endswith(" …") and whole.startswith(said[:-2]))
    fifth = Session.load(game, CAT).steps[4].record
    step = f"5: {fifth.player} — {fifth.action}"
    # No verdict after it: the action, then at most the luck of its draws.
    assert any(line == step or line.startswith(f"{step} — luck: ") for line in lines)
    assert lines[-1] in KEYS or lines[-1].startswith("→ next")
    return text


def costly(data: dict[str, Any]) -> dict[str, Any]:
    """The first move that lost something (its best is another action)."""
    move: dict[str, Any] = next(m for m in data["moves"] if m["loss"] > 0)
    return move


def test_a_fresh_analysis_is_shown(game: Path) -> None:
    text, errors = replay(game)
    assert errors == ""
    fifth = Session.load(game, CAT).steps[4].record
    assert any(
        line.startswith(f"5: {fifth.player} — {fifth.action} — ") for line in text.splitlines()
    )


def test_version_true_is_refused(game: Path) -> None:
    edit(game, lambda data: data.update(version=True))
    refused_with(game, "is damaged: version: a whole number, not true")


def test_an_unknown_key_is_refused(game: Path) -> None:
    edit(game, lambda data: data.update(comment="mine"))
    refused_with(game, "is damaged: unknown field 'comment'")


def test_an_unknown_key_in_a_move_is_refused(game: Path) -> None:
    edit(game, lambda data: data["moves"][2].update(note="hm"))
    refused_with(game, "is damaged: move 3: unknown field 'note'")


def test_a_garbage_players_section_is_refused(game: Path) -> None:
    edit(game, lambda data: data.update(players="garbage"))
    refused_with(game, 'is damaged: players: should be an object ({...}), not "garbage"')


def test_a_player_entry_that_is_not_an_object_is_refused_in_plain_words(game: Path) -> None:
    def ann_is_a_number(data: dict[str, Any]) -> None:
        name = next(iter(data["players"]))
        data["players"][name] = 3

    edit(game, ann_is_a_number)
    name = next(iter(json.loads(game.with_name("g.analysis.json").read_text())["players"]))
    refused_with(game, f"is damaged: players > {name}: should be an object ({{...}}), not 3")


def test_no_playouts_is_refused_in_plain_words(game: Path) -> None:
    edit(game, lambda data: data.update(playouts=0))
    refused_with(game, "is damaged: playouts: should be at least 1, not 0")


def test_a_players_section_that_does_not_add_up_is_refused(game: Path) -> None:
    def more_blunders(data: dict[str, Any]) -> None:
        data["players"]["P1"]["labels"]["blunder"] = 7

    edit(game, more_blunders)
    refused_with(game, "is damaged: its players' summary is not the one its moves give")


def test_a_label_its_loss_does_not_earn_is_refused(game: Path) -> None:
    def first_good(data: dict[str, Any]) -> dict[str, Any]:
        move: dict[str, Any] = next(m for m in data["moves"] if m["loss"] == 0)
        return move

    number = first_good(json.loads(game.with_name("g.analysis.json").read_text()))["number"]
    edit(game, lambda data: first_good(data).update(label="blunder"))
    refused_with(game, f"is damaged: move {number}: a loss of 0 VP earns no label, not blunder")


def test_a_loss_edited_with_its_label_is_refused(game: Path) -> None:
    edit(game, lambda data: costly(data).update(loss=9.5, label="blunder"))
    data = json.loads(game.with_name("g.analysis.json").read_text())
    move = costly(data)
    differ = move["best_value"] - move["value"]
    refused_with(
        game,
        f"is damaged: move {move['number']}: a loss of 9.5 VP, but its values differ by "
        f"{differ:.2f}",
    )


def test_an_edited_loss_is_refused(game: Path) -> None:
    def lose_more(data: dict[str, Any]) -> None:
        move = costly(data)
        move["loss"] = round(move["loss"] + 8, 2)

    edit(game, lose_more)
    data = json.loads(game.with_name("g.analysis.json").read_text())
    move = costly(data)
    differ = move["best_value"] - move["value"]
    refused_with(
        game,
        f"is damaged: move {move['number']}: a loss of {move['loss']:g} VP, "
        f"but its values differ by {differ:.2f}",
    )


def test_best_that_is_not_an_action_is_refused_and_shown_as_typed(game: Path) -> None:
    number = costly(json.loads(game.with_name("g.analysis.json").read_text()))["number"]
    edit(game, lambda data: costly(data).update(best="[red]not an action[/red]"))
    text = refused_with(
        game, f"is damaged: move {number}: its best, '[red]not an action[/red]', is not an action"
    )
    assert "[red]not an action[/red]" in text  # as typed, not taken for markup


def test_best_that_is_an_illegal_action_is_refused(game: Path) -> None:
    data = json.loads(game.with_name("g.analysis.json").read_text())
    number = costly(data)["number"]
    before = Session.load(game, CAT).steps[number - 1].before
    assert Renew() not in legal_actions(before)
    edit(game, lambda data: costly(data).update(best="renew"))  # a variant's action
    refused_with(game, f"is damaged: move {number}: its best, 'renew', is not a legal action there")


def test_the_analysis_of_another_game_is_refused(game: Path) -> None:
    shutil.copy(OTHER_GAME, game)  # another game under the name the analysis is beside
    refused_with(
        game,
        "does not belong to this game: it analyses another game, or this one before it was "
        f"saved again; `thebes analyze {game} --save` writes it again",
    )


def test_a_changed_value_with_no_other_sign_is_refused_by_the_digest(game: Path) -> None:
    edit(game, lambda data: data.update(playouts=999))
    refused_with(game, "was edited: its digest does not match what it holds")


def test_a_dangling_symbolic_link_is_said(game: Path) -> None:
    analysis = game.with_name("g.analysis.json")
    analysis.unlink()
    os.symlink("gone.analysis.json", analysis)
    refused_with(game, "is a symbolic link to gone.analysis.json, which does not exist")


def test_an_unreadable_analysis_is_said(game: Path) -> None:
    analysis = game.with_name("g.analysis.json")
    analysis.unlink()
    analysis.mkdir()
    refused_with(
        game,
        "cannot be used: cannot read the analysis file (it is a directory, not a regular file)",
    )


def test_an_analysis_of_version_1_is_refused_with_the_advice_to_analyse_again(game: Path) -> None:
    def version_1(data: dict[str, Any]) -> None:
        data.update(version=1, digest=data.pop("game_digest"))

    edit(game, version_1)
    refused_with(
        game,
        "was written by an earlier thebes (analysis version 1, which no digest binds to its "
        f"game); `thebes analyze {game} --save` writes it again",
    )
