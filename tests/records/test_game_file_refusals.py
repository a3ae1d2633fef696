"""Damaged and hostile game files: what the file is, its size and encoding, JSON nesting
and numbers, every header field's domain, the version 2 digest over the whole record,
ASCII digits and control codes in the actions; through the reader and the real command."""

from __future__ import annotations

import builtins
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from pydantic import ValidationError

from helpers import CAT, GOLDEN, LEGACY
from thebes.cli.main import main
from thebes.records.gamefile import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_SEED,
    GameRecord,
    RecordError,
    dump_record,
    read_record,
    record_digest,
    state_digest,
)
from thebes.records.session import Session
from thebes.safeio import json_limits

# A game written by format version 1, kept as it was (the goldens are rewritten as the code
# changes; this file must not be).
V1_FILE = LEGACY / "game-2p-v1.json"
V1 = V1_FILE.read_text(encoding="utf-8")
V2 = (GOLDEN / "game-2p-v2.json").read_text(encoding="utf-8")
V2_DIGEST = "sha256:0fa26688f62311698b57426f000a5770"
ESC = "\x1b"


def write(tmp_path: Path, text: str, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def edited(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def refusal(path: Path) -> str:
    """Session.load's one-line message for ``path``, with the path written as F."""
    with pytest.raises(RecordError) as info:
        Session.load(path, CAT)
    message = str(info.value)
    assert "\n" not in message and ESC not in message
    assert message.startswith(f"{path}: "), message
    return message.replace(str(path), "F")


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


def command(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """`thebes ARGS` in a fresh process, as a user runs it."""
    return subprocess.run(
        [sys.executable, "-m", "thebes", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


def assert_one_line_exit_2(result: subprocess.CompletedProcess[str], message: str) -> None:
    assert result.returncode == 2, result
    assert result.stderr.count("\n") == 1, result.stderr
    assert ESC not in result.stderr and "Traceback" not in result.stderr
    assert message in result.stderr, result.stderr
    assert result.stdout == ""


# ---------------------------------------------------------------- versions and the digest


def test_version_1_files_still_load_and_save_as_version_2(tmp_path: Path) -> None:
    session = Session.load(V1_FILE, CAT)
    assert read_record(V1_FILE).format_version == 1
    record = session.to_record()
    assert record.format_version == 2
    assert record.digest == V2_DIGEST != state_digest(session.state)
    # The version 2 fixture is exactly what this program writes for that game.
    assert dump_record(record) == V2


def test_version_2_fixture_loads_with_its_pinned_digest() -> None:
    # Pinned: a change to the digest rule would make every saved game unreadable.
    session = Session.load(GOLDEN / "game-2p-v2.json", CAT)
    assert session.is_over
    assert record_digest(read_record(GOLDEN / "game-2p-v2.json"), session.state) == V2_DIGEST


EDITED_HEADERS = [
    ("seed", '"seed": 2026,', '"seed": 2027,'),
    ("bot level", '"bot": "random"}, {"name": "P2"', '"bot": "greedy"}, {"name": "P2"'),
    ("colour", '"colour": "red"', '"colour": "green"'),
    ("options", '"undo": false', '"undo": true'),
    ("kind", '"kind": "bot", "bot": "random"}]', '"kind": "human"}]'),
]


@pytest.mark.parametrize(
    ("field", "old", "new"), EDITED_HEADERS, ids=[e[0] for e in EDITED_HEADERS]
)
def test_an_edited_header_is_refused_by_the_version_2_digest(
    field: str, old: str, new: str, tmp_path: Path
) -> None:
    path = write(tmp_path, edited(V2, old, new))
    assert read_record(path)  # the edited field is within its domain ...
    message = refusal(path)  # ... but the digest covers it
    assert message.startswith(f"F: the digest {V2_DIGEST} does not match the replayed game")


def test_a_renamed_player_is_refused_by_the_version_2_digest(tmp_path: Path) -> None:
    renamed = V2.replace('"P1"', '"Zoe"')
    assert renamed.count('"Zoe"') > 10  # the seat and every action of that player
    assert "does not match the replayed game" in refusal(write(tmp_path, renamed))


def test_a_version_1_file_keeps_its_old_rule_header_not_covered(tmp_path: Path) -> None:
    # Version 1 digests fingerprint the final state alone: a changed seed went unnoticed.
    # Such files still load (every game written before must); saved again they are version 2.
    path = write(tmp_path, edited(V1, '"seed": 2026,', '"seed": 2027,'))
    session = Session.load(path, CAT)
    assert session.seed == 2027
    assert session.to_record().format_version == 2


def test_a_changed_action_text_is_refused_in_version_2_and_made_canonical_in_version_1(
    tmp_path: Path,
) -> None:
    # \u001c passes for a space when the action is split; the screen must never show it.
    odd = '"action": "TAKE\\u001c3", "cards": [64]'
    v2 = write(tmp_path, edited(V2, '"action": "take 3", "cards": [64]', odd), "v2.json")
    assert "does not match the replayed game" in refusal(v2)
    v1 = write(tmp_path, edited(V1, '"action": "take 3", "cards": [64]', odd), "v1.json")
    session = Session.load(v1, CAT)
    assert session.steps[0].record.action == "take 3"


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


# ---------------------------------------------------------------- header domains

P1_SEAT = '{"name": "P1", "colour": "red", "kind": "bot", "bot": "random"}'
P2_SEAT = '{"name": "P2", "colour": "blue", "kind": "bot", "bot": "random"}'

BAD_HEADERS = [
    ("bot genius", '"bot": "random"}', '"bot": "genius"}', "the bot level 'genius' is not one of"),
    (
        "colour",
        '"colour": "red"',
        '"colour": "not-a-colour"',
        "players > 0 > colour: the colour 'not-a-colour' is not one of red, blue, green, yellow",
    ),
    (
        "colour with control codes",
        '"colour": "red"',
        '"colour": "\\u001b[31m"',
        "the colour '\\x1b[31m' is not one of",
    ),
    ("same colour", '"colour": "blue"', '"colour": "red"', "every player needs a different colour"),
    ("same name", '"name": "P2"', '"name": "p1"', "every player needs a different name"),
    (
        "control code in a name",
        '"name": "P2"',
        '"name": "P\\u001b]0;pwned\\u0007"',
        "holds the unprintable character U+001B",
    ),
    (
        "name too long",
        '"name": "P2"',
        '"name": "' + "N" * 25 + '"',
        "players > 1 > name: should have at most 24 characters",
    ),
    ("human with a level", '"kind": "bot"', '"kind": "human"', "a human seat has none"),
    (
        "one seat",
        f"[{P1_SEAT}, {P2_SEAT}]",
        f"[{P1_SEAT}]",
        "players: should have at least 2 entries",
    ),
    (
        "five seats",
        f"[{P1_SEAT}, {P2_SEAT}]",
        "[" + ", ".join([P1_SEAT] * 5) + "]",
        "players: should have at most 4 entries",
    ),
    (
        "options",
        '"undo": false',
        '"undo": "yes"',
        'options > undo: should be true or false, not "yes"',
    ),
    ("unknown option", '"undo": false', '"undo": false, "cheat": true', "unknown field 'cheat'"),
    ("seed text", '"seed": 2026', '"seed": "2026"', 'seed: should be a whole number, not "2026"'),
    ("seed bool", '"seed": 2026', '"seed": true', "seed: should be a whole number, not true"),
    (
        "rules version",
        '"rules_version": "thebes-2007.1"',
        '"rules_version": "thebes-2030.9"',
        "rules version 'thebes-2030.9' is not one this program knows",
    ),
    ("format version", '"format_version": 2', '"format_version": 3', "format version 3 is not"),
    (
        "format version text",
        '"format_version": 2',
        '"format_version": "2"',
        'format_version: a whole number, not "2"',
    ),
    (
        "format version bool",
        '"format_version": 2',
        '"format_version": true',
        "format_version: a whole number, not true",
    ),
]


@pytest.mark.parametrize(
    ("case", "old", "new", "message"), BAD_HEADERS, ids=[c[0] for c in BAD_HEADERS]
)
def test_header_field_outside_its_domain_is_refused(
    case: str, old: str, new: str, message: str, tmp_path: Path
) -> None:
    assert message in refusal(write(tmp_path, edited(V2, old, new)))


def test_resume_refuses_a_genius_bot_in_one_line(tmp_path: Path) -> None:
    path = write(tmp_path, edited(V2, '"bot": "random"}', '"bot": "genius"}'))
    result = command("resume", str(path))
    assert_one_line_exit_2(result, "players > 0 > bot: the bot level 'genius' is not one of")


def test_replay_summary_refuses_an_unknown_colour_in_one_line(tmp_path: Path) -> None:
    path = write(tmp_path, edited(V2, '"colour": "red"', '"colour": "not-a-colour"'))
    result = command("replay", str(path), "--summary")
    assert_one_line_exit_2(result, "the colour 'not-a-colour' is not one of")


# ---------------------------------------------------------------- actions


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            '"action": "dig Egypt 9", "debris": 1',
            '"action": "dig Egypt ²", "debris": 1',
            "F: action 3: 'dig Egypt ²': a dig lasts 1 to 12 weeks, not '²'",
        ),
        (
            '"action": "take 3", "cards": [64]',
            '"action": "take ²", "cards": [64]',
            "F: action 1: 'take ²': the display slot is 1 to 4, not '²'",
        ),
        (
            '"action": "take 3", "cards": [64]',
            '"action": "' + "x" * 10_000 + '"',
            "F: action 1 > action: should have at most 100 characters",
        ),
        (
            '"debris": 1}',
            '"debris": 99999}',
            "F: action 3 > debris: should be at most 31, not 99999",
        ),
    ],
)
def test_bad_action_fields_are_refused_in_one_short_line(
    old: str, new: str, message: str, tmp_path: Path
) -> None:
    assert refusal(write(tmp_path, edited(V1, old, new))) == message


def test_control_codes_in_a_player_field_are_printed_escaped(tmp_path: Path) -> None:
    pwned = '"player": "\\u001b]0;pwned\\u0007", "action": "take 3", "cards": [69]'
    text = edited(V1, '"player": "P2", "action": "take 3", "cards": [69]', pwned)
    path = write(tmp_path, text)
    assert refusal(path) == "F: action 2 (take 3): it was P2's turn, not \\x1b]0;pwned\\x07's"
    result = command("replay", str(path), "--summary")
    assert_one_line_exit_2(result, "it was P2's turn, not \\x1b]0;pwned\\x07's")
    assert "\x07" not in result.stderr


def test_a_path_with_control_codes_is_printed_escaped(tmp_path: Path) -> None:
    path = tmp_path / "game\x1b]0;x\x07.json"
    result = command("replay", str(path), "--summary")
    assert_one_line_exit_2(result, "game\\x1b]0;x\\x07.json: cannot read the game file")


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
