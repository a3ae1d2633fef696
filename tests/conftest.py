"""Shared fixtures; the scenario helpers (helpers.py) live beside the tests."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from thebes.catalog.loading import default_data_dir

DATA_FILES = ("board.yaml", "cards.yaml", "tokens.yaml")


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A folder holding a copy of the real data files, to damage one at a time."""
    for name in DATA_FILES:
        (tmp_path / name).write_bytes((default_data_dir() / name).read_bytes())
    return tmp_path
