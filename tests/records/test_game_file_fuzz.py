"""A bounded fuzz of the game-file reader: real files damaged in every way a hostile file can be
(truncation, byte flips, fields of another type, deep nesting, huge numbers, odd Unicode,
control characters) must give a RecordError of one printable line, or a clean load of a game
that can be shown, resumed and saved; never another exception."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from prompt_toolkit.styles.style import parse_color

from helpers import CAT, GOLDEN, LEGACY, node_paths
from thebes.bots import make_bot
from thebes.records.gamefile import RecordError
from thebes.records.session import Session
from thebes.safeio.text import printable

FILES = {
    name: (GOLDEN / name).read_bytes()
    for name in ("game-2p-v2.json", "game-4p.json", "game-4p-all-variants.json")
}
FILES["game-2p-v1.json"] = (LEGACY / "game-2p-v1.json").read_bytes()
PLACEHOLDER = "\x00raw\x00"  # a string value later swapped for raw text (json.dumps escapes it)

ODD_TEXT = st.text(
    st.one_of(
        st.characters(exclude_categories=["Cs"]),
        st.sampled_from(["\x1b", "\x07", "\r", "\x00", "\x85", "\x9b", "\u202e", "²", "٣"]),
    ),
    max_size=30,
)
NEW_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    ODD_TEXT,
    st.sampled_from(["random", "greedy", "genius", "red", "blue", "P1", "P2", "take 2", "retire"]),
    st.sampled_from(["renew", "steady-digs", "card-preview", "all", "", "renew-anywhere"]),
    st.lists(st.sampled_from(["steady-digs", "card-preview", "more-exhibitions", "x"]), max_size=3),
    st.lists(st.integers(-3, 120), max_size=4),
    st.dictionaries(st.sampled_from(["undo", "name", "x"]), st.booleans(), max_size=2),
)
RAW_VALUES = st.one_of(
    st.integers(1, 20_000).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 5_000).map(lambda n: '{"a": ' * n + "1" + "}" * n),
    st.integers(15, 6_000).map(lambda n: "9" * n),
    st.sampled_from(
        ["NaN", "-Infinity", "1e400", "-0", "0.5", '"\\ud800"', '"\\u001b]0;x\\u0007"']
    ),
)


def _replaced(tree: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    node = tree
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return tree


@st.composite
def damaged_files(draw: st.DrawFn) -> bytes:
    data = FILES[draw(st.sampled_from(sorted(FILES)))]
    how = draw(st.sampled_from(["flip", "truncate", "retype", "raw", "insert text"]))
    if how == "flip":
        damaged = bytearray(data)
        for at, byte in draw(
            st.lists(st.tuples(st.integers(0, len(data) - 1), st.integers(0, 255)), max_size=8)
        ):
            damaged[at] = byte
        return bytes(damaged)
    if how == "truncate":
        return data[: draw(st.integers(0, len(data) - 1))]
    tree = json.loads(data)
    path = draw(st.sampled_from(node_paths(tree)))
    if how == "retype":
        tree = _replaced(tree, path, draw(NEW_VALUES))
        return json.dumps(tree, ensure_ascii=draw(st.booleans())).encode()
    if how == "raw":
        text = json.dumps(_replaced(tree, path, PLACEHOLDER))
        return text.replace(json.dumps(PLACEHOLDER), draw(RAW_VALUES), 1).encode()
    # Odd characters inside a string of the file: a name, an action, a colour, a level.
    strings = [p for p in node_paths(tree) if isinstance(_at(tree, p), str)]
    where = draw(st.sampled_from(strings))
    old = _at(tree, where)
    cut = draw(st.integers(0, len(old)))
    tree = _replaced(tree, where, old[:cut] + draw(ODD_TEXT) + old[cut:])
    return json.dumps(tree, ensure_ascii=False).encode("utf-8", "surrogatepass")


def _at(tree: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        tree = tree[key]
    return tree


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=damaged_files())
def test_damaged_game_files_give_a_record_error_or_a_sound_game(
    tmp_path_factory: pytest.TempPathFactory, data: bytes
) -> None:
    path = tmp_path_factory.getbasetemp() / "fuzzed-game.json"
    path.write_bytes(data)
    try:
        session = Session.load(path, CAT)
    except RecordError as exc:  # anything else fails the test
        message = str(exc)
        assert message.startswith(f"{path}: "), message
        # One line, no control codes (spaces of any width are text: safeio.text.printable).
        assert printable(message) == message, message
        assert len(message) < len(str(path)) + 1500, message  # bounded, whatever the file
        event("refused")
        return
    event("loaded")
    # A clean load is a game that resume can show and go on with, and save again.
    for seat, info in enumerate(session.seats):
        assert printable(info.name) == info.name
        parse_color(info.colour)  # the prompt styles the name with it
        if info.bot is not None:
            make_bot(info.bot, session.seed, seat)
    for step in session.steps:
        assert step.record.action == session.notation(step.action)
    again = Session.from_record(session.to_record(), CAT)
    assert again.state == session.state
    assert again.to_record().format_version == 2
