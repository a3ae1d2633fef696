"""Damaged data files: each limit and invariant of docs/data.md refused with one DataError
naming the file, through the loader and through the `thebes` command; and a bounded fuzz of
the real files that must give a DataError or a clean load, never another exception."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import edit_text, node_paths
from thebes.catalog import loading as catalog
from thebes.catalog.components import DataError
from thebes.catalog.loading import default_data_dir, load_catalog
from thebes.catalog.schema import MAX_DEPTH, MAX_FILE_BYTES
from thebes.cli.main import main

FILES = ("board.yaml", "cards.yaml", "tokens.yaml")
ORIGINAL = {name: (default_data_dir() / name).read_bytes() for name in FILES}
WHEEL_ROW_4 = "[ 0,  1,  1,  2,  2,  3,  3,  4,  4,  4,  5,  5]"
SMALL_86 = "requires: {Greece: 1, Egypt: 2}"


def _refusal(folder: Path) -> str:
    """The one-line message load_catalog gives for ``folder``, with the folder as D/."""
    with pytest.raises(DataError) as info:
        load_catalog(folder)
    message = str(info.value)
    assert "\n" not in message
    return message.replace(str(folder), "D")


def test_the_real_files_load_and_stay_within_the_limits() -> None:
    assert all(len(data) < MAX_FILE_BYTES // 4 for data in ORIGINAL.values())
    assert load_catalog(default_data_dir()).cards[95] is not None


# ---------------------------------------------------------------- what the file is


def test_fifo_is_refused_without_blocking(data_copy: Path) -> None:
    (data_copy / "board.yaml").unlink()
    os.mkfifo(data_copy / "board.yaml")
    assert _refusal(data_copy) == (
        "D/board.yaml: cannot read the data file (it is a FIFO, not a regular file)"
    )


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_device_is_refused_without_reading_it(data_copy: Path) -> None:
    (data_copy / "cards.yaml").unlink()
    (data_copy / "cards.yaml").symlink_to("/dev/zero")
    assert _refusal(data_copy) == (
        "D/cards.yaml: cannot read the data file (it is a device, not a regular file)"
    )


def test_directory_is_refused(data_copy: Path) -> None:
    (data_copy / "tokens.yaml").unlink()
    (data_copy / "tokens.yaml").mkdir()
    assert _refusal(data_copy) == (
        "D/tokens.yaml: cannot read the data file (it is a directory, not a regular file)"
    )


def test_file_over_the_size_limit_is_refused_and_one_at_the_limit_is_read(
    data_copy: Path,
) -> None:
    path = data_copy / "board.yaml"
    padding = MAX_FILE_BYTES - len(ORIGINAL["board.yaml"]) - 2
    path.write_bytes(ORIGINAL["board.yaml"] + b"#" + b"x" * padding + b"\n")
    assert path.stat().st_size == MAX_FILE_BYTES
    load_catalog(data_copy)
    path.write_bytes(ORIGINAL["board.yaml"] + b"#" + b"x" * (padding + 1) + b"\n")
    assert _refusal(data_copy) == (
        "D/board.yaml: the file is larger than 64 KB, the most a data file may be"
    )


def test_invalid_utf8_names_the_byte_and_line(data_copy: Path) -> None:
    path = data_copy / "cards.yaml"
    path.write_bytes(ORIGINAL["cards.yaml"].replace(b"Moscow", b"Mos\xffcow", 1))
    assert _refusal(data_copy) == "D/cards.yaml: not UTF-8 text: byte 0xff on line 7"


# ---------------------------------------------------------------- what YAML may hold


def test_deep_nesting_is_refused_before_anything_is_built(data_copy: Path) -> None:
    (data_copy / "board.yaml").write_text("cities: " + "[" * 20000 + "]" * 20000 + "\n")
    assert _refusal(data_copy) == f"D/board.yaml: line 1: nested more than {MAX_DEPTH} levels deep"


def test_nesting_at_the_limit_is_only_a_schema_error(data_copy: Path) -> None:
    # cities (level 1) holding 7 more levels: allowed shape, wrong content.
    (data_copy / "board.yaml").write_text("cities: " + "[" * 7 + "]" * 7 + "\n")
    assert _refusal(data_copy).startswith("D/board.yaml: cities > entry 1: Input should be")


def test_five_thousand_digit_id_is_refused_before_python_converts_it(data_copy: Path) -> None:
    edit_text(data_copy, "cards.yaml", "{id: 9,", "{id: " + "9" * 5000 + ",")
    assert _refusal(data_copy) == "D/cards.yaml: line 13: a value of 5000 characters (at most 100)"


def test_weeks_of_ten_to_the_400_are_refused(data_copy: Path) -> None:
    edit_text(
        data_copy,
        "cards.yaml",
        "city: Berlin, weeks: 4}",
        "city: Berlin, weeks: 1" + "0" * 400 + "}",
    )
    assert _refusal(data_copy) == "D/cards.yaml: line 13: a value of 401 characters (at most 100)"


@pytest.mark.parametrize(
    ("name", "old", "new", "message"),
    [
        (
            "cards.yaml",
            "{id: 9, kind: book, region: Greece, value: 3, city: Berlin, weeks: 4}",
            "{id: 9, kind: book, region: Greece, value: 3, city: Berlin, weeks: 53}",
            "D/cards.yaml: researchers > entry 9 (id 9) > weeks: "
            "Input should be less than or equal to 52",
        ),
        (
            "cards.yaml",
            "{id: 9,",
            "{id: " + "9" * 90 + ",",
            "D/cards.yaml: researchers > entry 9 (id 9999999999999999999999999999999999999...) "
            "> id: Input should be less than or equal to 95",
        ),
        (
            "cards.yaml",
            "{id: 86, size: small, city: London, weeks: 3, vp: 4,",
            "{id: 86, size: small, city: London, weeks: 3, vp: 11,",
            "D/cards.yaml: exhibitions > entry 1 (id 86) > vp: "
            "Input should be less than or equal to 10",
        ),
        (
            "board.yaml",
            WHEEL_ROW_4,
            "[ 0,  1,  1,  2,  2,  3,  3,  4,  4,  4,  5,  31]",
            "D/board.yaml: time_wheel > 4 > entry 12: Input should be less than or equal to 30",
        ),
        (
            "board.yaml",
            WHEEL_ROW_4,
            "[ 0,  1,  1,  2,  2,  3,  3,  4,  4,  4,  5,  -1]",
            "D/board.yaml: time_wheel > 4 > entry 12: Input should be greater than or equal to 0",
        ),
    ],
)
def test_numbers_beyond_their_domain_are_refused(
    data_copy: Path, name: str, old: str, new: str, message: str
) -> None:
    edit_text(data_copy, name, old, new)
    assert _refusal(data_copy) == message


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "book_token_for: Crete",
            "book_token_for: &c Crete",
            "D/tokens.yaml: line 7: anchors and aliases (& and *) are not used",
        ),
        (
            "debris: 16",
            "debris: !!int 16",
            "D/tokens.yaml: line 9: explicit tags (such as tag:yaml.org,2002:int) are not used",
        ),
        ("  Crete:\n", "  Greece:\n", "D/tokens.yaml: line 24: key Greece is repeated"),
        (
            "debris: 16",
            "debris: 2001-02-30",
            "D/tokens.yaml: not valid YAML: day is out of range for month",
        ),
    ],
)
def test_yaml_features_no_data_file_needs_are_refused(
    data_copy: Path, old: str, new: str, message: str
) -> None:
    edit_text(data_copy, "tokens.yaml", old, new)
    assert _refusal(data_copy) == message


# ---------------------------------------------------------------- the game's invariants


def _zero_wheel(folder: Path) -> None:
    path = folder / "board.yaml"
    zeros = "[" + ", ".join(["0"] * 12) + "]"
    path.write_text(re.sub(r"(?m)^(\s+\d+: )\[.*\]$", r"\g<1>" + zeros, path.read_text()))


def test_all_zero_time_wheel_is_refused(data_copy: Path) -> None:
    _zero_wheel(data_copy)
    assert _refusal(data_copy) == (
        "D/board.yaml: time_wheel > row 1: all zero; every knowledge total must allow a dig"
    )


@pytest.mark.parametrize(
    ("name", "old", "new", "message"),
    [
        (
            "cards.yaml",
            SMALL_86,
            "requires: {}",
            "D/cards.yaml: exhibitions > entry 1 (id 86) > requires: "
            "Dictionary should have at least 1 item after validation, not 0",
        ),
        (
            "cards.yaml",
            SMALL_86,
            "requires: {Greece: 1, Egypt: 14}",
            "D/cards.yaml: exhibitions > entry 1 (id 86) > requires: "
            "14 Egypt artifacts, the game has 13",
        ),
        (
            "cards.yaml",
            SMALL_86,
            "requires: {Greece: 0, Egypt: 2}",
            "D/cards.yaml: exhibitions > entry 1 (id 86) > requires > Greece: "
            "Input should be greater than or equal to 1",
        ),
        (
            "board.yaml",
            WHEEL_ROW_4,
            "[ 0,  1,  1,  2,  2,  3,  3,  4,  4,  4,  5,  4]",
            "D/board.yaml: time_wheel > row 4: 5 tokens for 11 weeks but 4 for 12; "
            "more weeks never draw fewer tokens",
        ),
        (
            "tokens.yaml",
            "Seal of Troy",
            "Phaistos disc",
            "D/tokens.yaml: regions > Crete > artifacts > entry 7: the artifact name "
            "'Phaistos disc' is used twice (Greece and Crete)",
        ),
        (
            "tokens.yaml",
            "Seal of Troy",
            "phaistos DISC",
            "D/tokens.yaml: regions > Crete > artifacts > entry 7: the artifact name "
            "'Phaistos disc' is used twice (Greece and Crete)",
        ),
        (
            "tokens.yaml",
            "Seal of Troy",
            "Egypt book",
            "D/tokens.yaml: regions > Greece > artifacts > entry 13: the artifact "
            "'Egypt book' is named like a knowledge token",
        ),
        (
            "tokens.yaml",
            "Seal of Troy",
            "General book",
            "D/tokens.yaml: regions > Greece > artifacts > entry 13: the artifact "
            "'General book' is named like a knowledge token",
        ),
        (
            "tokens.yaml",
            "Seal of Troy",
            "Debris",
            "D/tokens.yaml: regions > Greece > artifacts > entry 13: the artifact "
            "'Debris' is named like debris",
        ),
        (
            "tokens.yaml",
            "Seal of Troy",
            '"Seal\\aof Troy"',
            "D/tokens.yaml: regions > Greece > artifacts > entry 13 (name 'Seal\\x07of Troy') "
            "> name: Value error, a name holds printable characters only",
        ),
        (
            "tokens.yaml",
            "Seal of Troy",
            '"Seal of Troy "',
            "D/tokens.yaml: regions > Greece > artifacts > entry 13 (name Seal of Troy ) "
            "> name: Value error, a name does not start or end with spaces",
        ),
        (
            "tokens.yaml",
            "Seal of Troy",
            '""',
            "D/tokens.yaml: regions > Greece > artifacts > entry 13 (name ) > name: "
            "String should have at least 1 character",
        ),
        (
            "cards.yaml",
            "{id: 46, kind: legend, region: Greece, value: 2",
            "{id: 46, kind: legend, region: Greece, value: 3",
            "D/cards.yaml: researchers > entry 46 (id 46): "
            "Value error, a legend card is worth 2 points (A3.4)",
        ),
        (
            "cards.yaml",
            "{id: 86,",
            "{id: 85,",
            "D/cards.yaml: id 85 is used twice",
        ),
        (
            "board.yaml",
            "sites: [Greece, Crete,",
            "sites: [Greece, GREECE,",
            "D/board.yaml: sites: two sites differ only in letter case",
        ),
        (
            "board.yaml",
            "sites: [Greece, Crete,",
            "sites: [Greece, General,",
            "D/board.yaml: sites: no site is called General "
            "(its knowledge token would be named like the general one)",
        ),
        (
            "board.yaml",
            "sites: [Greece, Crete,",
            "sites: [Greece, Crete Island,",
            "D/board.yaml: sites: 'Crete Island' is not one word (dig Egypt 6)",
        ),
    ],
)
def test_what_cannot_be_is_refused(
    data_copy: Path, name: str, old: str, new: str, message: str
) -> None:
    edit_text(data_copy, name, old, new)
    assert _refusal(data_copy) == message


# ---------------------------------------------------------------- through the command


@pytest.mark.parametrize(
    ("damage", "expected"),
    [
        (
            lambda folder: _zero_wheel(folder),
            "board.yaml: time_wheel > row 1: all zero; every knowledge total must allow a dig",
        ),
        (
            lambda folder: os.mkfifo(_unlinked(folder / "cards.yaml")),
            "cards.yaml: cannot read the data file (it is a FIFO, not a regular file)",
        ),
    ],
)
def test_the_command_gives_one_line_and_exit_code_2(
    data_copy: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    damage: Callable[[Path], object],
    expected: str,
) -> None:
    damage(data_copy)
    monkeypatch.setenv("THEBES_DATA", str(data_copy))
    monkeypatch.setattr(catalog, "_default", None)  # the process's catalog is loaded once
    code = main(["reference"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err == f"thebes: bad data file: {data_copy / expected}\n"


def _unlinked(path: Path) -> Path:
    path.unlink()
    return path


# ---------------------------------------------------------------- fuzzing the real files


NEW_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**120), max_value=10**120),
    st.just(10**400),
    st.floats(allow_nan=True),
    st.text(st.characters(exclude_categories=["Cs"]), max_size=12),
    st.lists(st.integers(-3, 40), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(-3, 40), max_size=3),
)


@st.composite
def damaged_files(draw: st.DrawFn) -> tuple[str, bytes]:
    name = draw(st.sampled_from(FILES))
    data = ORIGINAL[name]
    how = draw(st.sampled_from(["flip", "truncate", "retype"]))
    if how == "flip":
        flips = draw(
            st.lists(
                st.tuples(st.integers(0, len(data) - 1), st.integers(0, 255)),
                min_size=1,
                max_size=8,
            )
        )
        damaged = bytearray(data)
        for at, byte in flips:
            damaged[at] = byte
        return name, bytes(damaged)
    if how == "truncate":
        return name, data[: draw(st.integers(0, len(data) - 1))]
    tree = yaml.safe_load(data)
    path = draw(st.sampled_from(node_paths(tree)))
    value = draw(NEW_VALUES)
    if not path:
        return name, yaml.safe_dump(value).encode()
    node = tree
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return name, yaml.safe_dump(tree, allow_unicode=True).encode()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged=damaged_files())
def test_damaged_real_files_give_a_data_error_or_a_clean_load(
    tmp_path_factory: pytest.TempPathFactory, damaged: tuple[str, bytes]
) -> None:
    folder = tmp_path_factory.getbasetemp() / "fuzzed-data"
    folder.mkdir(exist_ok=True)
    name, data = damaged
    for each in FILES:
        (folder / each).write_bytes(data if each == name else ORIGINAL[each])
    try:
        loaded = load_catalog(folder)
    except DataError as exc:  # anything else fails the test
        message = str(exc)
        assert "\n" not in message
        assert any(message.startswith(f"{folder / each}: ") for each in FILES), message
    else:
        assert len(loaded.researcher_ids) == 85
        sizes = zip(loaded.bag_tokens, loaded.debris, strict=True)
        assert all(len(bag) + 1 + debris == 31 for bag, debris in sizes)
