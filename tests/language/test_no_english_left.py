"""Every screen in German and in French at 80x24, with no English left on it: a whole game
at the table, the same game in plain mode with every command, the pages, the replay viewer
with every key, `watch` following a game, and the command line's help and output. A word
is English left over when the program's English messages use it and the language's
translations never do (tests/language/english_left.py): an unmarked message or an
untranslated one shows up here."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from english_left import english_left
from prompt_toolkit.input import create_pipe_input

from helpers import CAT, GOLDEN
from terminal import greedy_lines, new_session, text_terminal
from thebes.cli.main import main
from thebes.language import speaking
from thebes.records.notation import DIG_OPTIONS, VERBS
from thebes.records.session import Session, default_seats
from thebes.rules import NO_VARIANTS, VARIANT_NAMES
from thebes.table.authority import Table
from thebes.table.ending import leave_out_skill
from thebes.tui import panels
from thebes.tui.command_words import command_words
from thebes.tui.help_page import help_view
from thebes.tui.keyshelp import keys_view
from thebes.tui.plain import PlainGame
from thebes.tui.reference import reference_tables
from thebes.tui.replay import ReplayViewer
from thebes.tui.screen import render_text
from thebes.tui.table import TerminalGame

# What stays English on purpose: what a player types on the command line (the subcommands),
# the notation's canonical words and the sites' English names in its examples, and the
# names of the seats. The table's commands are not among them: they are shown in the
# player's words.
SUBCOMMANDS = (
    "play",
    "resume",
    "host",
    "server",
    "games",
    "simulate",
    "replay",
    "watch",
    "analyze",
)
TYPED = frozenset(
    [*VERBS, *DIG_OPTIONS, *CAT.regions, "back", "Ann", "Bob", "Thebes"]
    + [*SUBCOMMANDS, "hint", "reference", "rules"]
    + [word for name in VARIANT_NAMES for word in name.split("-")]  # --variant NAME
    + ["seat", "user", "code", "port", "fingerprint"]  # host --json's keys
)
# Typed too, and left out before looking: paths (a test's folder is named after it),
# options (--no-hints) and the command line's placeholders (PATH, NAMES).
NOT_WORDS = re.compile(r"\S*/\S*|--[\w-]+|\b[A-Z][A-Z|]+\b")
SEED = 7
LANGUAGES = ["de", "fr"]


def assert_no_english(text: str, code: str) -> None:
    text = NOT_WORDS.sub(" ", text)
    left = english_left(text, code, TYPED)
    where = [text[max(0, text.find(w) - 60) : text.find(w) + 40] for w in sorted(set(left))]
    assert not left, f"English left in {code}: {sorted(set(left))[:30]}\n" + "\n".join(where)


def played(tmp_path: Path, keys: str, code: str, *, plain: bool) -> str:
    session = Session(CAT, default_seats(["Ann", "Bob"]), SEED, autosave=tmp_path / "g.json")
    out = io.StringIO()
    with speaking(code), create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        terminal = text_terminal(out, (80, 24), pipe)
        table = Table(session, session.lock, fast=True)
        leave_out_skill(table)
        view = PlainGame if plain else TerminalGame
        view(table, terminal, fast=True).run()
    return out.getvalue()


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_whole_game_at_the_table(tmp_path: Path, code: str) -> None:
    lines = greedy_lines(SEED)
    keys = "hint\r" + "".join(f"{line}\r" for line in lines[:10]) + "1\r\r"
    keys += "".join(f"{line}\r" for line in lines[10:])
    assert_no_english(played(tmp_path, keys, code, plain=False), code)


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_whole_game_in_plain_mode_with_every_command(tmp_path: Path, code: str) -> None:
    lines = greedy_lines(SEED)
    with speaking(code):  # typed in the player's words, as the help names them
        words = command_words()
    typed = ["board", "players", "bags", "me", "help", "log", "hint", "lang", "undo", "save"]
    commands = "".join(f"{words[name]}\r" for name in typed) + f"{words['say']} hi\r"
    keys = commands + "".join(f"{line}\r" for line in lines[:12]) + "9\r3\rn\r"
    keys += "".join(f"{line}\r" for line in lines[12:])
    assert_no_english(played(tmp_path, keys, code, plain=True), code)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_pages(code: str) -> None:
    session = Session.load(GOLDEN / "game-2p-v2.json", CAT)
    state = session.state
    colours = [seat.colour for seat in session.seats]
    with speaking(code):
        pages = [
            help_view(NO_VARIANTS),
            keys_view(NO_VARIANTS),
            panels.board(state, colours),
            panels.tableaux(state, colours, width=80),
            panels.bags(state),
            reference_tables(CAT),
        ]
        text = "\n".join(render_text(page, 80) for page in pages)
    assert_no_english(text, code)


RIGHT, LEFT, HOME, END = "\x1b[C", "\x1b[D", "\x1b[H", "\x1b[F"
# Every key and command of the replay viewer, the bad ones too, and past both ends.
REPLAY_KEYS = (
    LEFT + RIGHT + RIGHT + "g 30\n" + "y 1903\n" + "c\n" + RIGHT + "e\n" + "m\n" + "M\n"
    + "h\n" + RIGHT + "g ten\n" + "y soon\n" + "a fast\n" + "xyzzy\n" + "a 0\n" + END + RIGHT
    + HOME + "n\n" + "q\n"
)  # fmt: skip


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_replay_viewer_with_every_key(code: str) -> None:
    session = Session.load(GOLDEN / "game-2p-v2.json", CAT)
    out = io.StringIO()
    with speaking(code), create_pipe_input() as pipe:
        pipe.send_text(REPLAY_KEYS)
        pipe.close()
        terminal = text_terminal(out, (80, 24), pipe)
        ReplayViewer(session, terminal, sleep=lambda seconds: None).run()
    assert_no_english(out.getvalue(), code)


@pytest.mark.parametrize("over", [False, True], ids=["playing", "over"])
@pytest.mark.parametrize("code", LANGUAGES)
def test_watching_a_game(tmp_path: Path, code: str, over: bool) -> None:
    path = tmp_path / "g.json"
    if over:
        path.write_bytes((GOLDEN / "game-2p-v2.json").read_bytes())
    else:
        new_session(tmp_path).save(path)
    out = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text(LEFT + "h\n" + RIGHT + "xyzzy\n" + END + "q\n")
        pipe.close()
        terminal = text_terminal(out, (80, 24), pipe)
        assert main(["watch", str(path), "--lang", code], terminal) == 0
    assert_no_english(out.getvalue(), code)


COMMAND_LINES = [
    ["--help"],
    *([name, "--help"] for name in ("play", "resume", "host", "games", "simulate", "replay")),
    *([name, "--help"] for name in ("watch", "analyze", "hint", "reference", "rules")),
    ["replay", str(GOLDEN / "game-2p-v2.json"), "--summary"],
    ["hint", str(GOLDEN / "game-2p-v2.json"), "--at", "10"],
    ["reference"],
    ["games", "--dir", str(GOLDEN)],
    ["analyze", str(GOLDEN / "game-2p-v2.json"), "--playouts", "2", "--jobs", "1"],
    ["rules", "--id", "A3"],
    ["play", "--players", "Ann"],
    ["replay", "nowhere/game.json"],
]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_command_line(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    for arguments in COMMAND_LINES:
        with pytest.raises(SystemExit) if "--help" in arguments else _nothing():
            main([*arguments, "--lang", code])
        out, err = capsys.readouterr()
        assert_no_english(out + err, code)


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *_: object) -> None:
        return None
