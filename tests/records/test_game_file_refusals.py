"""Damaged game files: the version 2 digest over the whole record (and version 1 files
still read), every header field's domain, ASCII digits and control codes in the actions;
through the reader and the real command. Files hostile by their kind, size, encoding or
JSON: test_hostile_game_files.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from game_file_texts import (
    V1,
    V1_FILE,
    V2,
    V2_DIGEST,
    assert_one_line_exit_2,
    command,
    edited,
    refusal,
    write,
)

from helpers import CAT, GOLDEN
from thebes.records.gamefile import dump_record, read_record, record_digest, state_digest
from thebes.records.session import Session

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
