"""The import contracts of pyproject.toml hold today, and each rejects the import it is
there to reject: a contract that nothing can break is only a comment.

Each test copies the package to a temporary folder, plants one bad import and runs
`lint-imports` on the copy with the project's own contracts.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from helpers import REPO

LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(LINT_IMPORTS), "--config", str(root / "pyproject.toml"), "--no-cache"],
        cwd=root / "src",
        env={"PYTHONPATH": str(root / "src"), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    shutil.copytree(
        REPO / "src" / "thebes",
        tmp_path / "src" / "thebes",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    shutil.copy(REPO / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def plant(copy: Path, module: str, line: str) -> None:
    path = copy / "src" / (module.replace(".", "/") + ".py")
    text = path.read_text()
    # After the module's docstring and `from __future__`, so the file stays valid Python.
    anchor = "from __future__ import annotations\n"
    assert anchor in text, path
    path.write_text(text.replace(anchor, anchor + line + "\n", 1))


def test_every_package_but_the_ui_is_forbidden_rich() -> None:
    # A package added later must be named in the contract, or it could draw on the screen.
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    ui_only = next(c for c in contracts if c["name"].startswith("Only the terminal UI"))
    package = REPO / "src" / "thebes"
    top = {p.parent.name for p in package.glob("*/__init__.py")}
    top |= {p.stem for p in package.glob("*.py") if p.stem not in ("__init__", "__main__")}
    # hosting draws too: the terminals of remote players (their SSH channels).
    assert {f"thebes.{name}" for name in top - {"tui", "hosting"}} == set(ui_only["source_modules"])


def test_every_package_but_hosting_is_forbidden_asyncssh() -> None:
    # A package added later must be named in the contract, or it could open a port.
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    ssh_only = next(c for c in contracts if "asyncssh" in c.get("forbidden_modules", []))
    package = REPO / "src" / "thebes"
    top = {p.parent.name for p in package.glob("*/__init__.py")}
    top |= {p.stem for p in package.glob("*.py") if p.stem not in ("__init__", "__main__")}
    assert {f"thebes.{name}" for name in top - {"hosting"}} == set(ssh_only["source_modules"])


def test_every_package_but_hosting_is_forbidden_aiohttp() -> None:
    # A package added later must be named in the contract, or it could serve a web page.
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    web_only = next(c for c in contracts if "aiohttp" in c.get("forbidden_modules", []))
    package = REPO / "src" / "thebes"
    top = {p.parent.name for p in package.glob("*/__init__.py")}
    top |= {p.stem for p in package.glob("*.py") if p.stem not in ("__init__", "__main__")}
    assert {f"thebes.{name}" for name in top - {"hosting"}} == set(web_only["source_modules"])


def test_every_package_but_the_tournaments_is_forbidden_dask() -> None:
    # A package added later must be named in the contract, or it could load Dask, an
    # optional extra that only a study given a scheduler needs.
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    dask_only = next(c for c in contracts if "distributed" in c.get("forbidden_modules", []))
    assert set(dask_only["forbidden_modules"]) == {"dask", "distributed"}
    package = REPO / "src" / "thebes"
    top = {p.parent.name for p in package.glob("*/__init__.py")}
    top |= {p.stem for p in package.glob("*.py") if p.stem not in ("__init__", "__main__")}
    expected = {f"thebes.{name}" for name in top - {"tournament"}}
    assert expected == set(dask_only["source_modules"])


def test_the_engine_is_forbidden_clock_files_and_randomness() -> None:
    # Chance alone may draw from the system (secrets, for a game without a seed).
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    pure = next(c for c in contracts if "randomness" in c["name"])
    assert pure["source_modules"] == ["thebes.rules"]
    assert set(pure["forbidden_modules"]) == {"random", "time", "os", "pathlib", "io", "secrets"}
    assert pure["ignore_imports"] == ["thebes.rules.chance -> secrets"]


def test_the_contracts_hold_on_the_package_as_it_is(copy: Path) -> None:
    result = lint_imports(copy)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "line", "broken"),
    [
        ("thebes.rules.engine", "import rich", "The rules engine imports no files"),
        ("thebes.rules.state", "import yaml", "The rules engine imports no files"),
        ("thebes.rules.legal", "import pydantic", "The rules engine imports no files"),
        (
            "thebes.rules.scoring",
            "from thebes.safeio.reading import read_bounded_text",
            "The rules engine imports no files",
        ),
        ("thebes.rules.engine", "import random", "no clock, files or randomness"),
        ("thebes.rules.deck", "from random import shuffle", "no clock, files or randomness"),
        ("thebes.rules.turns", "import time", "no clock, files or randomness"),
        ("thebes.rules.state", "import os", "no clock, files or randomness"),
        ("thebes.rules.tables", "import os.path", "no clock, files or randomness"),
        ("thebes.rules.setup", "from pathlib import Path", "no clock, files or randomness"),
        ("thebes.rules.scoring", "import io", "no clock, files or randomness"),
        ("thebes.rules.bags", "import secrets", "no clock, files or randomness"),
        ("thebes.rules.chance", "import random", "no clock, files or randomness"),
        ("thebes.bots.greedy", "from thebes.tui import screen", "Layers"),
        ("thebes.rules.deck", "from thebes.records import notation", "Layers"),
        ("thebes.tournament.series", "from thebes.tui import screen", "Layers"),
        ("thebes.records.session", "import rich.text", "Only the terminal UI imports rich"),
        ("thebes.cli.main", "import prompt_toolkit", "Only the terminal UI imports rich"),
        ("thebes.errors", "import rich.console", "Only the terminal UI imports rich"),
        ("thebes.analysis.hints", "from thebes.rules.legal import legal_actions", "public API"),
        ("thebes.bots.outlook", "from thebes.records import gamefile", "Bots know nothing"),
        ("thebes.cli.simulate", "import distributed", "Only thebes.tournament imports dask"),
        # The table layer is every front end's: none of the terminal's or the network's.
        ("thebes.table.authority", "import rich.text", "Only the terminal UI imports rich"),
        ("thebes.table.snapshot", "import prompt_toolkit", "Only the terminal UI imports rich"),
        ("thebes.table.games", "import asyncssh", "Only thebes.hosting imports asyncssh"),
        ("thebes.cli.host", "import aiohttp", "Only thebes.hosting imports aiohttp"),
        ("thebes.tui.door", "from aiohttp import web", "Only thebes.hosting imports aiohttp"),
        ("thebes.table.news", "from thebes.tui import screen", "Layers"),
        ("thebes.table.authority", "from thebes.hosting import guard", "Layers"),
    ],
)
def test_a_planted_import_breaks_its_contract(
    copy: Path, module: str, line: str, broken: str
) -> None:
    plant(copy, module, line)
    result = lint_imports(copy)
    assert result.returncode != 0, result.stdout
    broken_lines = [ln for ln in result.stdout.splitlines() if " BROKEN" in ln]
    assert any(broken in ln for ln in broken_lines), result.stdout
