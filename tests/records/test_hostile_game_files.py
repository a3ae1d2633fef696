"""Hostile game files, refused without harm: what the file is (a FIFO, a device, a
directory), its size and encoding, JSON nested too deep or with numbers too long, what JSON
allows but a game file does not, and files at the size limit that would cost much to refuse
late; through the reader and the real command."""

from __future__ import annotations

import builtins
import io
import json
import os
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from game_file_texts import V1, V2, assert_one_line_exit_2, command, edited, refusal, write
from pydantic import ValidationError

from helpers import CAT
from thebes.cli.main import main
from thebes.records.gamefile import MAX_DEPTH, MAX_FILE_BYTES, MAX_SEED, GameRecord
from thebes.records.session import Session
from thebes.safeio import json_limits


class Opened(Exception):
    """A spied open was called: raised instead of opening, so nothing can wait on a FIFO."""


def opened_paths(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths anything tries to open from now on, none of them really opened.

    The bounded reader opens with ``os.open``; ``open`` (the same object as ``io.open``) and
    ``Path.open`` (which ``read_text`` and ``read_bytes`` go through) are spied on too, so a
    reader switched to any of them is caught as well. Each spy records the path and raises
    :class:`Opened`, which no reader turns into a refusal.
    """
    opened: list[str] = []

    def spy(path: object, *args: object, **kwargs: object) -> Any:
        opened.append(str(path))
        raise Opened(str(path))

    monkeypatch.setattr(os, "open", spy)
    monkeypatch.setattr(builtins, "open", spy)
    monkeypatch.setattr(io, "open", spy)
    monkeypatch.setattr(Path, "open", spy)
    return opened


def parser_calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts handed to the JSON parser from now on."""
    calls: list[str] = []

    def spy(text: str, **hooks: Any) -> Any:
        calls.append(text)
        return json.loads(text, **hooks)

    parser = SimpleNamespace(loads=spy, JSONDecodeError=json.JSONDecodeError)
    monkeypatch.setattr(json_limits, "json", parser)
    return calls


def validation_problems(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many problems the record's validation collects, for each record it refuses."""
    counts: list[int] = []
    validate = GameRecord.model_validate

    def spy(raw: object) -> GameRecord:
        try:
            return validate(raw)
        except ValidationError as exc:
            counts.append(exc.error_count())
            raise

    monkeypatch.setattr(GameRecord, "model_validate", spy)
    return counts


# ---------------------------------------------------------------- what the file is


def test_fifo_is_refused_without_opening_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    # Opening a FIFO that no one writes to waits for ever: the reader must refuse it from
    # its kind alone. In this process no open can wait (the spies raise instead); the
    # command's timeout only stops a test that would hang.
    opened = opened_paths(monkeypatch)
    message = refusal(fifo)
    assert opened == []
    assert message == "F: cannot read the game file (it is a FIFO, not a regular file)"
    monkeypatch.undo()
    assert_one_line_exit_2(
        command("replay", str(fifo), "--summary"),
        "cannot read the game file (it is a FIFO, not a regular file)",
    )


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_dev_zero_is_refused_without_reading_it(tmp_path: Path) -> None:
    result = command("replay", "/dev/zero", "--summary")
    assert_one_line_exit_2(
        result, "/dev/zero: cannot read the game file (it is a device, not a regular file)"
    )
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    assert refusal(link) == "F: cannot read the game file (it is a device, not a regular file)"


def test_directory_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["resume", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"thebes: {tmp_path}: cannot read the game file (it is a directory, not a regular file)\n"
    )


def test_file_over_the_size_limit_is_refused_and_one_at_the_limit_is_read(
    tmp_path: Path,
) -> None:
    # Spaces before the closing brace: the same game, made as large as wanted.
    body, end = V2.rstrip()[:-1], "}\n"
    padding = MAX_FILE_BYTES - len(body.encode()) - len(end)
    at_limit = write(tmp_path, body + " " * padding + end, "at.json")
    assert at_limit.stat().st_size == MAX_FILE_BYTES
    assert Session.load(at_limit, CAT).is_over
    over = write(tmp_path, body + " " * (padding + 1) + end, "over.json")
    assert refusal(over) == "F: the file is larger than 1 MB, the most a game file may be"


def test_big_file_is_refused_by_the_command_without_reading_it(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    with path.open("wb") as file:
        file.truncate(85 * 1024 * 1024)  # sparse: 85 MB that costs no disk
    assert_one_line_exit_2(command("replay", str(path), "--summary"), "larger than 1 MB")


def test_invalid_utf8_names_the_byte_and_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(V2.encode().replace(b'"P2", "colour"', b'"P\xff2", "colour"', 1))
    assert refusal(path) == "F: not UTF-8 text: byte 0xff on line 6"


# ---------------------------------------------------------------- JSON beyond the format


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 1000, 100_000])
def test_deep_nesting_is_refused_before_parsing(
    depth: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = edited(V2, '"setup": [36, 50, 25, 56]', '"setup": ' + "[" * depth + "]" * depth)
    parsed = parser_calls(monkeypatch)
    assert refusal(write(tmp_path, text)) == f"F: line 8: nested more than {MAX_DEPTH} levels deep"
    # The recursive parser never sees it: nesting is measured by a flat scan first.
    assert parsed == []


def test_nesting_at_the_limit_is_only_a_schema_error(tmp_path: Path) -> None:
    # The record (1), setup (2) and six more levels: deep enough, wrong content.
    text = edited(V2, '"setup": [36, 50, 25, 56]', '"setup": ' + "[" * 7 + "]" * 7)
    assert (
        refusal(write(tmp_path, text)) == "F: setup > 0: should be a whole number, not [[[[[[]]]]]]"
    )


def test_brackets_inside_strings_do_not_count_as_nesting(tmp_path: Path) -> None:
    text = edited(V1, '"action": "take 3", "cards": [64]', '"action": "[[[[[[[[[[\\"[[["')
    assert "unknown action '[[[[[[[[[[\"[[['" in refusal(write(tmp_path, text))


def test_five_thousand_digit_number_is_refused_before_python_converts_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, edited(V2, '"seed": 2026,', '"seed": ' + "9" * 5000 + ","))
    assert main(["replay", str(path), "--summary"]) == 2
    err = capsys.readouterr().err
    assert err == f"thebes: {path}: a number of 5000 digits (at most 20)\n"


def test_seed_beyond_64_bits_is_refused(tmp_path: Path) -> None:
    text = edited(V2, '"seed": 2026,', f'"seed": {MAX_SEED + 1},')
    assert refusal(write(tmp_path, text)) == (
        f"F: seed: should be at most {MAX_SEED}, not {MAX_SEED + 1}"
    )


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('"seed": 2026,', '"seed": NaN,', "F: NaN is not a JSON value"),
        (
            '"seed": 2026,',
            '"seed": 2026, "seed": 7,',
            "F: the key 'seed' is repeated in one object",
        ),
        ('"seed": 2026,', '"seed": 2026.0,', "F: seed: should be a whole number, not 2026.0"),
    ],
)
def test_what_json_allows_but_a_game_file_does_not(
    old: str, new: str, message: str, tmp_path: Path
) -> None:
    assert refusal(write(tmp_path, edited(V2, old, new))) == message


# ---------------------------------------------------------------- costs stay small


def _filling(item: str, room: int) -> str:
    """Copies of ``item``, comma-separated, about ``room`` characters in all."""
    return ",".join([item] * (room // (len(item) + 1)))


HEAD = V2[: V2.index('"actions": [') + len('"actions": [')]
ROOM = MAX_FILE_BYTES - len(HEAD) - 100
KEYS = ROOM // 24  # in each of two actions, about 12 characters a key
MANY_KEYS = "{" + ",".join(f'"k{i}": 1' for i in range(KEYS)) + "}"
HOSTILE = {
    "escaped quotes": ('{"format": "' + '\\"' * (ROOM // 2) + '"}', "not a thebes game file"),
    "flat brackets": ("[" + _filling("[]", ROOM) + "]", "not a thebes game file"),
    "one long string": ('{"format": "' + "x" * ROOM + '"}', "not a thebes game file"),
    # Validation stops at the first problem: it once collected one for each entry.
    "empty actions": (HEAD + _filling("{}", ROOM) + '], "digest": ""}', "action 1: missing"),
    "many keys": (
        HEAD + MANY_KEYS + "," + MANY_KEYS + '], "digest": ""}',
        "action 1: missing field 'player'",
    ),
    "too many actions": (
        HEAD + _filling('{"player": "P1", "action": "retire"}', ROOM) + '], "digest": ""}',
        "actions: should have at most 1000 entries",
    ),
}


# The problems the record's validation collects before refusing: none for a file that is
# refused before it, and only those of the first bad entry of a list however many follow
# (how long each case takes: benchmarks/bench_hostile_input.py).
PROBLEMS_COLLECTED = {
    "escaped quotes": [],
    "flat brackets": [],
    "one long string": [],
    "empty actions": [2],  # action 1 misses its player and its action
    # Action 1 misses both too, and each of its keys is an unknown field: one problem a
    # key, so no more than the size limit leaves room for; action 2's are never collected.
    "many keys": [2 + KEYS],
    "too many actions": [1],
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_file_at_the_size_limit_is_refused_at_its_first_problem(
    case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text, message = HOSTILE[case]
    path = write(tmp_path, text)
    assert MAX_FILE_BYTES * 0.75 < path.stat().st_size <= MAX_FILE_BYTES
    problems = validation_problems(monkeypatch)
    assert message in refusal(path)
    assert problems == PROBLEMS_COLLECTED[case]
