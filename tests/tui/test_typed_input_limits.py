"""What a person types: digits that are not ASCII, lines of any length, control
codes, at the game prompt, in the dig planner, in the replay viewer and in the command's
options; and a bounded fuzz of random lines through the prompt's handling, which must say
what is wrong and go on."""

from __future__ import annotations

import io
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.input import create_pipe_input

from helpers import CAT
from terminal import game, new_session, text_terminal, view
from thebes.cli.main import main
from thebes.records.gamefile import MAX_SEED, MIN_SEED
from thebes.records.notation import VERBS
from thebes.records.session import Session
from thebes.rules import Dig
from thebes.tui.commands import COMMANDS
from thebes.tui.linecap import MAX_LINE
from thebes.tui.menu import build_menu
from thebes.tui.planner import read_plan_line
from thebes.tui.table import QuitGame, TerminalGame

TOO_LONG = f"A line is at most {MAX_LINE} characters; that one was not used."


def test_digits_that_are_not_ascii_are_refused_at_the_prompt(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    with game(session, "²\ntake ²\ndig Egypt ²\n٣\n2\n\n") as (ui, out):
        ui.run()
    text = out.getvalue()
    assert "'²': unknown action '²'" in text
    assert "'take ²': the display slot is 1 to 4, not '²'" in text
    assert "'dig Egypt ²': a dig lasts 1 to 12 weeks, not '²'" in text
    assert "unknown action '٣'" in text  # int("٣") would have read it as 3
    assert [s.record.action for s in session.steps] == ["take 2"]


def test_digits_that_are_not_ascii_are_refused_in_the_planner() -> None:
    options = Dig(2, 0)
    with pytest.raises(ValueError, match="'²' is not understood"):
        read_plan_line("²", options, [options])
    with pytest.raises(ValueError, match="'٣' is not understood"):
        read_plan_line("+shovel ٣", options, [options])
    with pytest.raises(ValueError, match=f"at most {MAX_LINE} characters"):
        read_plan_line("6 " + " " * MAX_LINE, options, [options])
    assert read_plan_line(" 6 ", options, [options]).weeks == 6


def test_a_line_of_100000_characters_never_grows_the_prompt_past_the_cap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every key once copied the whole line: 100,000 keys took 58 s and 5 GB. With the cap,
    # the keys past it are dropped unread (the time: benchmarks/bench_hostile_input.py).
    inserted = prompt_insertions(monkeypatch)
    session = new_session(tmp_path)
    out = io.StringIO()
    with create_pipe_input() as pipe:
        # More than a pipe holds: written while the game reads, as a terminal would.
        def type_keys() -> None:
            pipe.send_text("x" * 100_000 + "\n2\n\n")
            pipe.close()

        typist = threading.Thread(target=type_keys)
        typist.start()
        ui = TerminalGame.at_keyboard(session, text_terminal(out, (120, 40), pipe), fast=True)
        ui.run()
        typist.join(timeout=30)
    assert max(inserted) == MAX_LINE + 1  # one past the cap: the line was too long
    assert len(inserted) <= MAX_LINE + 10  # a key or two may land before the drop
    assert TOO_LONG in out.getvalue()
    assert [s.record.action for s in session.steps] == ["take 2"]


def prompt_insertions(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The length of the prompt's line after each text inserted into it from now on."""
    lengths: list[int] = []
    insert = Buffer.insert_text

    def spy(buffer: Buffer, data: str, *args: Any, **kwargs: Any) -> None:
        insert(buffer, data, *args, **kwargs)
        lengths.append(len(buffer.text))

    monkeypatch.setattr(Buffer, "insert_text", spy)
    return lengths


def test_a_long_line_is_refused_even_when_it_holds_a_valid_start(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    with game(session, "take 2" + " " * MAX_LINE + "\ntake 1\n") as (ui, out):
        ui.run()
    assert TOO_LONG in out.getvalue()
    assert [s.record.action for s in session.steps] == ["take 1"]


def test_the_planner_refuses_a_long_line_and_goes_on(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    # As in test_tui_game: Ann has the Egypt book and opens the planner for Egypt (entry 8).
    # A line of spaces cut at the cap is refused, not taken for an empty line ("back").
    keys = "take 2\ntake 1\n8\n" + " " * 300 + "\n8\n\n"
    with game(session, keys) as (ui, out):
        ui.run()
    assert TOO_LONG in out.getvalue()
    assert [s.record.action for s in session.steps] == ["take 2", "take 1", "dig Egypt 8"]


def test_control_codes_typed_at_the_prompt_are_shown_escaped(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    with game(session, "take 2 +\x1b]0;pwned\x07\ntake 2\n") as (ui, out):
        ui.run()
    text = out.getvalue()
    assert "\x07" not in text and "]0;pwned" in text
    assert [s.record.action for s in session.steps] == ["take 2"]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("a inf", "Write a and the seconds per action (0 to 60)"),
        ("a nan", "Write a and the seconds per action (0 to 60)"),
        ("a ٣", "Write a and the seconds per action (0 to 60)"),
        ("a -1", "Write a and the seconds per action (0 to 60)"),
        ("a 99", "At most 60 seconds per action."),
        ("g ²", "Write g and an action number from 0 to 65"),
        ("y ١٩٠٢", "Write y and a year, e.g. y 1902."),
        ("g " + "1" * MAX_LINE, TOO_LONG),
        (" " * (MAX_LINE + 1), TOO_LONG),  # not an empty line, which steps on
    ],
)
def test_replay_commands_refuse_odd_numbers_and_long_lines(line: str, message: str) -> None:
    viewer, text = view(line + "\n")
    assert message in text
    assert viewer.position == 0


def test_replay_autoplay_takes_ascii_seconds() -> None:
    viewer, _ = view("")
    slept: list[float] = []
    viewer.sleep = slept.append
    viewer._draw = lambda: None  # type: ignore[method-assign]
    assert viewer._command("a 0.25") is True
    assert viewer.position == viewer.total and slept == [0.25] * viewer.total


# ---------------------------------------------------------------- fuzz

ODD = st.sampled_from(["²", "٣", "\x1b", "\x07", "\x00", "\x85", "\u202e", "+", "-", "9" * 30])
NUMBERS = st.one_of(st.integers(-3, 20).map(str), ODD)
SITES = st.sampled_from([*CAT.regions, "pal", "e", "EGYPT", "x"])
OPTIONS = st.lists(
    st.sampled_from(["+legend", "+zeppelin", "+shovel", "-shovel", "+permit", "+x", "+"]),
    max_size=2,
).map(" ".join)
# Lines shaped like actions and commands (so that their numbers and options are reached),
# menu numbers, any text at all, and lines past the cap.
LINES = st.one_of(
    st.builds("dig {} {} {}".format, SITES, NUMBERS, OPTIONS),
    st.builds("take {} {}".format, NUMBERS, OPTIONS),
    st.builds("exhibit {} {}".format, st.one_of(st.sampled_from("abcd"), ODD), OPTIONS),
    st.builds("{} {}".format, st.sampled_from([*COMMANDS, *VERBS]), st.one_of(SITES, NUMBERS)),
    NUMBERS,
    st.text(max_size=40),
    st.integers(MAX_LINE - 2, 5000).map(lambda n: "take 2 " + "x" * n),
)


def test_random_lines_through_the_prompt_say_what_is_wrong_and_go_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = new_session(tmp_path)
    saved: list[Path] = []
    # 'save PATH' is among the random lines: nothing is written anywhere.
    monkeypatch.setattr(session, "save", saved.append)
    with game(session, "") as (ui, _):  # every further prompt meets the end of input
        legal = session.legal_actions()

        @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
        @given(line=LINES)
        # Digits that are not ASCII and a line of 100,000 characters, always tried beside the
        # random lines.
        @example(line="dig Egypt ²")
        @example(line="take ²")
        @example(line="²")
        @example(line="x" * 100_000)
        def interpret(line: str) -> None:
            menu = build_menu(session.state, legal)
            try:
                action = ui._interpret(line, legal, menu)
            except QuitGame:  # 'quit', then the end of input at "Leave the game?"
                assert line.split()[0].lower() == "quit"
                return
            assert action is None or action in legal
            if len(line) > MAX_LINE:
                assert action is None and ui.talk.message is not None
                assert ui.talk.message.plain == TOO_LONG
            if ui.talk.message is not None:
                assert ui.talk.message.plain.isprintable()

        interpret()
    assert session.steps == []  # lines are only read here, never played


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(lines=st.lists(LINES, min_size=1, max_size=4))
def test_random_keystrokes_through_the_real_prompt_never_crash_the_game(
    tmp_path_factory: pytest.TempPathFactory, lines: list[str]
) -> None:
    folder = tmp_path_factory.mktemp("keys")
    session = Session(CAT, new_session(folder).seats, 7)  # no autosave
    saved: list[Path] = []
    session.save = saved.append  # type: ignore[method-assign,assignment]
    with game(session, "\n".join(lines) + "\n") as (ui, out):
        assert ui.run() is False  # the keys run out: the game is left
    assert "Traceback" not in out.getvalue()


# ---------------------------------------------------------------- command-line options


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seed", "٣"], "argument --seed: '٣' is not a whole number"),
        (["--seed", "1e3"], "argument --seed: '1e3' is not a whole number"),
        (["--seed", str(MAX_SEED + 1)], f"a seed is from {MIN_SEED} to {MAX_SEED}"),
        (["--games", "²"], "argument --games: '²' is not a whole number"),
        (["--jobs", "٢"], "argument --jobs: '٢' is not a whole number"),
    ],
)
def test_options_take_ascii_digits_and_seeds_a_game_file_can_hold(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--players", "2", *args])
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_simulate_refuses_seeds_that_would_run_past_64_bits(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--seed", str(MAX_SEED), "--games", "2"]) == 2
    assert capsys.readouterr().err == f"thebes: the last game's seed would pass {MAX_SEED}\n"


def test_the_largest_and_a_negative_seed_play_and_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for seed in (MAX_SEED, -5):
        args = ["simulate", "--players", "2", "--seed", str(seed), "--save-dir", str(tmp_path)]
        assert main(args) == 0
        assert main(["replay", str(tmp_path / f"game-2p-{seed}.json"), "--summary"]) == 0
        assert f"seed {seed}  (final)" in capsys.readouterr().out
