"""Shared fixtures; the scenario helpers (helpers.py) live beside the tests."""

import os
import sys
import time
from collections.abc import Generator
from pathlib import Path

import coverage
import pytest

sys.path.insert(0, str(Path(__file__).parent))

from thebes.catalog.loading import default_data_dir

DATA_FILES = ("board.yaml", "cards.yaml", "tokens.yaml")

# The tests read thebes in English whatever this machine's locale asks for (and so does every
# thebes they start); a test of another language asks for it with --lang or speaking().
os.environ.pop("LANGUAGE", None)
if os.environ.get("LC_ALL"):
    os.environ["LC_ALL"] = "C.UTF-8"
os.environ["LC_MESSAGES"] = "C.UTF-8"
os.environ.pop("THEBES_PLAIN", None)  # the full screen, unless a test asks for plain mode


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A folder holding a copy of the real data files, to damage one at a time."""
    for name in DATA_FILES:
        (tmp_path / name).write_bytes((default_data_dir() / name).read_bytes())
    return tmp_path


@pytest.hookimpl(wrapper=True, trylast=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    """Run a test marked ``no_cover`` untraced under pytest-xdist too.

    pytest-cov pauses only its own tracer for such a test. Each xdist worker also runs the
    one that coverage's ``patch = ["subprocess"]`` starts in every Python subprocess, and
    pausing pytest-cov's hands tracing back to it: the random games ran traced, ten times
    slower. Called after pytest-cov's pause (``trylast``), this pauses whatever still runs.
    """
    paused = []
    if item.get_closest_marker("no_cover"):
        while (running := coverage.Coverage.current()) is not None:
            running.stop()
            paused.append(running)
    try:
        return (yield)
    finally:
        for running in reversed(paused):
            running.start()


@pytest.fixture
def utc(monkeypatch: pytest.MonkeyPatch) -> Generator[None, None, None]:
    """Modification times written in UTC, whatever the machine's time zone."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()
