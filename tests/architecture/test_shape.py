"""No module of the package is over 500 lines and no function over 80, with no exceptions: a
module that grows past it is split into modules named for what they own, a function into
the steps it takes."""

from __future__ import annotations

import ast
from pathlib import Path

from helpers import REPO

PACKAGE = REPO / "src" / "thebes"
MODULE_LINES = 500
FUNCTION_LINES = 80


def modules() -> list[Path]:
    found = sorted(PACKAGE.rglob("*.py"))
    assert len(found) > 50, PACKAGE  # the package was found
    return found


def test_no_module_is_over_500_lines() -> None:
    over = []
    for path in modules():
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MODULE_LINES:
            over.append(f"{path.relative_to(REPO)}: {lines} lines")
    assert not over, f"modules over {MODULE_LINES} lines: " + "; ".join(over)


def test_no_function_is_over_80_lines() -> None:
    over = []
    for path in modules():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                # From the def (its decorators aside) to its last line, docstring included.
                lines = node.end_lineno - node.lineno + 1
                if lines > FUNCTION_LINES:
                    where = f"{path.relative_to(REPO)}:{node.lineno}"
                    over.append(f"{where} {node.name}: {lines} lines")
    assert not over, f"functions over {FUNCTION_LINES} lines: " + "; ".join(over)
