"""Messages name `thebes` as this user can run it (`thebes` when the `thebes` on the PATH is
this program, else the path that was run, or `python -m thebes`), and the Python that runs
it when they say what to install; `thebes --version`, and `--save` on a game that exists
says what can be done with it."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from helpers import CAT
from terminal import run_with_keys, text_terminal
from thebes.cli.main import main
from thebes.records.session import Session, default_seats
from thebes.rules import TakeCard
from thebes.safeio.invocation import pip_install_command, thebes_command
from thebes.tournament.bot_games import bot_session


@pytest.fixture
def venv_script(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A `thebes` script in a folder of its own, run by its path; PATH holds only an empty
    folder, so no `thebes` is found there."""
    script = tmp_path / "venv" / "bin" / "thebes"
    script.parent.mkdir(parents=True)
    script.write_text("#!/bin/sh\n", encoding="utf-8")
    script.chmod(0o755)
    (tmp_path / "empty").mkdir()
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.setattr(sys, "argv", [str(script), "play"])
    return script


def test_a_thebes_off_the_path_is_named_by_the_path_that_was_run(venv_script: Path) -> None:
    assert thebes_command("resume g.json") == f"{venv_script} resume g.json"


def test_what_to_install_is_installed_with_the_python_that_runs_thebes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    python = tmp_path / "my venv" / "bin" / "python3"
    python.parent.mkdir(parents=True)
    python.write_text("#!/bin/sh\n", encoding="utf-8")
    python.chmod(0o755)
    monkeypatch.setattr(sys, "executable", str(python))
    monkeypatch.setenv("PATH", str(tmp_path))  # no python3 there
    wanted = "distributed>=2024.1"
    assert pip_install_command(wanted) == f"'{python}' -m pip install '{wanted}'"
    monkeypatch.setenv("PATH", str(python.parent))
    assert pip_install_command(wanted) == f"python3 -m pip install '{wanted}'"


def test_the_thebes_on_the_path_is_named_thebes(
    venv_script: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(venv_script.parent))
    assert thebes_command("resume g.json") == "thebes resume g.json"


def test_another_thebes_on_the_path_does_not_make_it_thebes(
    venv_script: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = tmp_path / "elsewhere" / "thebes"
    other.parent.mkdir()
    other.write_text("#!/bin/sh\n", encoding="utf-8")
    other.chmod(0o755)
    monkeypatch.setenv("PATH", str(other.parent))
    assert thebes_command("games") == f"{venv_script} games"


def test_a_path_with_a_space_is_quoted_for_the_shell(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = tmp_path / "my games" / "thebes"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\n", encoding="utf-8")
    monkeypatch.setenv("PATH", "")
    monkeypatch.setattr(sys, "argv", [str(script)])
    assert thebes_command("play") == f"'{script}' play"


def test_python_dash_m_thebes_is_named_so(monkeypatch: pytest.MonkeyPatch) -> None:
    main_file = Path(sys.modules["thebes"].__file__ or "").parent / "__main__.py"
    monkeypatch.setattr(sys, "argv", [str(main_file)])
    monkeypatch.setenv("PATH", "")  # the interpreter is not found by name: its whole path
    assert thebes_command("replay g.json") == f"{sys.executable} -m thebes replay g.json"


def test_a_program_that_is_not_thebes_gets_the_plain_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["/usr/bin/pytest"])
    assert thebes_command("play") == "thebes play"


def test_leaving_a_game_names_the_command_as_it_was_run(
    venv_script: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "g.json"
    assert run_with_keys(["play", "--players", "Ann,Bob", "--save", str(path)], "take 2\n") == 0
    out = " ".join(capsys.readouterr().out.split())
    assert f"'{venv_script} resume {path}' goes on with it." in out
    assert "'thebes resume" not in out


def test_version_prints_the_installed_version() -> None:
    out = io.StringIO()
    with pytest.raises(SystemExit) as done:
        main(["--version"], text_terminal(out))
    assert done.value.code == 0
    assert out.getvalue() == f"thebes {metadata.version('thebes')}\n"


def test_version_from_a_fresh_process() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "thebes", "--version"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == f"thebes {metadata.version('thebes')}\n"


def test_save_onto_a_finished_game_points_to_replay_not_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "done.json"
    finished = bot_session(CAT, 2, 5)
    assert finished.is_over
    finished.save(path)
    before = path.read_bytes()
    assert main(["play", "--players", "Ann,Bob", "--save", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"thebes: {path} exists; 'thebes replay {path}' shows that finished game "
        "(--force replaces it)\n"
    )
    assert path.read_bytes() == before


def test_save_onto_an_unfinished_game_points_to_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "going.json"
    Session(CAT, default_seats(["Ann", "Bob"]), 3, autosave=path).play(TakeCard(0))
    assert main(["play", "--players", "Cleo,Dan", "--save", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"thebes: {path} exists; 'thebes resume {path}' goes on with that game "
        "(--force replaces it)\n"
    )
