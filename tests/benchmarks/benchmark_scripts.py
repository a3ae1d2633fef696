"""Running a script of benchmarks/ for its tests: in a subprocess against the tree under
test, untraced, and the lines it printed read."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from helpers import REPO

BENCHMARKS = REPO / "benchmarks"
NUM = r"-?[0-9]+(?:\.[0-9]+)?"  # a figure as the scripts print it
# The environment variables with which coverage's `patch = ["subprocess"]` measures a
# Python subprocess. A benchmark checks nothing of what the package does, so the lines it
# runs must not count toward the coverage floor; traced, it would also run several times
# slower.
COVERAGE_VARIABLES = ("COVERAGE_PROCESS_CONFIG", "COVERAGE_PROCESS_START")


def bench(script: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The script run in a subprocess that imports the package from src/."""
    env = {k: v for k, v in os.environ.items() if k not in COVERAGE_VARIABLES}
    env["PYTHONPATH"] = str(REPO / "src")
    return subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *args],
        cwd=cwd,  # anything a script left behind would land in the test's folder
        env=env,
        capture_output=True,
        text=True,
        timeout=300,  # a liveness bound: a working run takes a second or two
    )


def figures(script: str, *args: str, cwd: Path) -> list[str]:
    """The lines the script printed; it must have ended well."""
    done = bench(script, *args, cwd=cwd)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def line(pattern: str, lines: list[str]) -> re.Match[str]:
    """The one printed line that matches ``pattern`` whole."""
    found = [m for m in (re.fullmatch(pattern, text) for text in lines) if m]
    assert len(found) == 1, (pattern, lines)
    return found[0]
