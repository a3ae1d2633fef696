"""`thebes` starts without the libraries only some subcommands need: importing the command
line loads no terminal UI (rich, prompt_toolkit) and no game-file or data-file reader
(pydantic, yaml); each handler imports what it needs when it runs, and a study loads Dask
only when it is given a scheduler."""

from __future__ import annotations

import subprocess
import sys

# (Not multiprocessing: the coverage run loads it into every Python process it follows.)
HEAVY = ("rich", "prompt_toolkit", "pydantic", "yaml")


def loaded_after(code: str) -> list[str]:
    """The modules of HEAVY that a fresh interpreter holds after running ``code``."""
    check = f"import sys\n{code}\nprint(' '.join(m for m in {HEAVY!r} if m in sys.modules))"
    done = subprocess.run(
        [sys.executable, "-c", check], capture_output=True, text=True, timeout=120, check=True
    )
    return done.stdout.split()


def test_importing_the_command_line_loads_no_heavy_library() -> None:
    assert loaded_after("import thebes.cli") == []


def test_building_the_parser_for_help_loads_no_terminal_ui() -> None:
    # The help of `games --all` names the listing's bound, which lives beside the game
    # files' reader (pydantic): only the terminal UI stays out.
    loaded = loaded_after("from thebes.cli.arguments import build_parser\nbuild_parser()")
    assert not {"rich", "prompt_toolkit"} & set(loaded), loaded


def test_a_study_without_a_scheduler_loads_no_dask() -> None:
    run = "from thebes.cli.main import main\nmain(['simulate', '--players', '2'])"
    check = f"import sys\n{run}\nprint(sorted({{'dask', 'distributed'}} & set(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", check], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout.splitlines()[-1] == "[]"
    assert done.stdout.startswith("seed 1 ")  # the game was played
