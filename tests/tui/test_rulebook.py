"""The rulebook (docs/rules.md) and `thebes rules`: every rule id there and findable, one
rule at a time, unknown ids refused in one line, fitted to 80 columns, shipped with the
package, and no document that points outside the repository."""

from __future__ import annotations

import io
import os
import re
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from prompt_toolkit.application import AppSession
from prompt_toolkit.input import DummyInput
from prompt_toolkit.output import DummyOutput
from rich.cells import cell_len
from rich.console import Console

from helpers import REPO, shared_rules_file
from thebes.cli.main import main
from thebes.tui import rulebook as rulebook_module
from thebes.tui.paging import page
from thebes.tui.rulebook import (
    RULEBOOK_FILE,
    RulebookError,
    UnknownRule,
    find_rule,
    id_ranges,
    rule_sections,
    rulebook,
    rulebook_path,
    rulebook_text,
    show_rules,
)
from thebes.tui.screen import render_text
from thebes.tui.terminal import Terminal

TEXT = rulebook_text()
SECTIONS = rule_sections(TEXT)


def test_the_rulebook_has_every_rule_id_of_the_shared_rulebook() -> None:
    shared = shared_rules_file("thebes-rules.md").read_text(encoding="utf-8")
    # Labels such as "- **S4 (D1)**", "**(D3)**", "A3.10": every rule and decision id.
    ids = set(re.findall(r"\b([STMAKYED]\d{1,2})\b", shared))
    assert len(ids) >= 43 and {"S8", "E0", "D10"} <= ids  # the pattern found the ids
    assert ids <= set(SECTIONS), sorted(ids - set(SECTIONS))


def test_the_rulebook_has_every_decision_of_the_rulebook_and_of_the_project() -> None:
    assert {f"D{n}" for n in range(1, 11)} <= set(SECTIONS)
    project = sorted(int(i[1:]) for i in SECTIONS if i.startswith("P"))
    assert project == list(range(1, len(project) + 1)) and len(project) >= 9
    # Every decision the code and the tests cite ("decision P9", "# P3:") is in it.
    cited: set[str] = set()
    for path in [*REPO.glob("src/**/*.py"), *REPO.glob("tests/**/*.py")]:
        text = path.read_text(encoding="utf-8")
        for pair in re.findall(r"\b[Dd]ecisions? ([DP]\d+)\b|# ([DP]\d+):", text):
            cited.update(i for i in pair if i)
    assert {"P1", "P3", "P9"} <= cited
    assert cited <= set(SECTIONS), sorted(cited - set(SECTIONS))


def test_no_rule_id_heads_two_sections() -> None:
    headings = re.findall(r"^#{1,6} ([A-Z]\d+) — ", TEXT, flags=re.MULTILINE)
    assert len(headings) == len(set(headings)) == len(SECTIONS)


def test_a_rule_ends_at_the_next_heading_of_its_level_and_fences_hide_headings() -> None:
    text = (
        "# Book\n\n## Part\n\n### X1 — One\n\nfirst\n\n#### detail\n\nstill X1\n"
        "```\n### X9 — not a heading\n```\n### X2 — Two\n\nsecond\n\n## Next part\n\nafter\n"
    )
    sections = rule_sections(text)
    assert list(sections) == ["X1", "X2"]
    assert "still X1" in sections["X1"] and "second" not in sections["X1"]
    assert sections["X2"] == "### X2 — Two\n\nsecond\n"


def test_id_ranges_join_consecutive_ids_only() -> None:
    assert id_ranges(["S1", "S2", "S3", "T1", "T3", "E0", "E1"]) == "S1-S3, T1, T3, E0-E1"


def test_rules_id_a3_prints_a3_and_not_a4(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--id", "a3"]) == 0
    out = capsys.readouterr().out
    assert "A3 — Dig at a site" in out and "First dig." in out
    assert "A4 — Hold an exhibition" not in out and "A2 — " not in out
    assert "\x1b" not in out  # plain when piped


def test_a_step_of_a_rule_finds_the_rule() -> None:
    assert find_rule(TEXT, " a3.10 ") == SECTIONS["A3"]
    assert find_rule(TEXT, "p3").startswith("### P3 — A zeppelin needs a journey")


@pytest.mark.parametrize(
    ("asked", "said"),
    [
        ("A33", "nearest: A3"),
        ("zz", "its rules: S1-S8, T1-T5, M1-M3, A1-A5, K1-K4, Y1-Y2, E0-E5, D1-D10, P1-P14, V1-V5"),
        ("\x1b]0;x\x07", "no rule '\\x1b]0;x\\x07' in"),  # escaped once
    ],
)
def test_an_unknown_id_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], asked: str, said: str
) -> None:
    assert main(["rules", "--id", asked]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.splitlines()) == 1 and captured.err.startswith("thebes: no rule ")
    assert said in captured.err and "\x1b" not in captured.err


def test_rules_at_80_columns_has_no_longer_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["rules", "--no-color"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert "S1 — Players" in out and "for V2 and V4 (P14)" in out
    assert max(cell_len(line) for line in lines) == 80  # filled, never past
    assert len(lines) > 400  # the whole rulebook, not one rule


def test_the_rendered_rulebook_follows_the_width() -> None:
    narrow = render_text(rulebook(), 60).splitlines()
    assert max(cell_len(line) for line in narrow) <= 60
    assert len(narrow) > len(render_text(rulebook(), 100).splitlines())


def test_a_missing_rulebook_is_one_line_and_exit_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(rulebook_module, "rulebook_path", lambda: tmp_path / "rules.md")
    assert main(["rules"]) == 1
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "cannot read the rulebook" in err
    with pytest.raises(RulebookError):
        rulebook_text()
    # In a game the notice stands in for it.
    assert "cannot read the rulebook" in render_text(rulebook(), 200)
    assert not issubclass(RulebookError, UnknownRule)


def test_the_rulebook_ships_in_the_package_beside_the_data() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = project["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert shipped["docs/rules.md"] == f"thebes/{RULEBOOK_FILE}"
    assert shipped["data"] == "thebes/data"
    # From an installed package or from docs/ of this checkout, it is this same text.
    assert rulebook_path().read_text(encoding="utf-8") == (REPO / "docs" / "rules.md").read_text(
        encoding="utf-8"
    )


def paged_terminal(console: Console) -> Terminal:
    """A terminal with a pager, as the process's own has when it is a terminal."""
    size = (console.width, console.height)
    prompts = AppSession(DummyInput(), DummyOutput())
    return Terminal(console, prompts, lambda: size, False, io.StringIO(), pager=True)


@contextmanager
def _fake_pager(calls: list[bool], styles: bool) -> Iterator[None]:
    calls.append(styles)
    yield


def test_a_terminal_gets_the_pager_with_colours_for_less(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LESS", "-X")
    shown = io.StringIO()
    console = Console(file=shown, force_terminal=True, width=80)
    calls: list[bool] = []
    monkeypatch.setattr(console, "pager", lambda pager, styles: _fake_pager(calls, styles))
    page(paged_terminal(console), rulebook())
    assert calls == [False]
    assert "E5 — The winner" in shown.getvalue()
    assert os.environ["LESS"].split() == ["-X", "-R"]


@pytest.mark.parametrize(
    ("rule", "height", "paged"), [("A3", 24, True), ("A3", 60, False), ("T3", 24, False)]
)
def test_one_rule_is_paged_on_a_terminal_only_when_taller_than_it(
    monkeypatch: pytest.MonkeyPatch, rule: str, height: int, paged: bool
) -> None:
    # A3 (eleven steps) takes 33 rows at 80 columns, T3 six.
    shown = io.StringIO()
    console = Console(file=shown, force_terminal=True, width=80, height=height)
    calls: list[bool] = []
    monkeypatch.setattr(console, "pager", lambda pager, styles: _fake_pager(calls, styles))
    show_rules(paged_terminal(console), rule)
    assert calls == ([False] if paged else [])
    assert f"{rule} — " in shown.getvalue()


def test_nothing_in_the_repository_points_outside_it() -> None:
    # Documents and code name their sources inside the repository (docs/rules.md, data/).
    files = [REPO / "README.md", REPO / "pyproject.toml"]
    for folder in ("docs", "src", "data"):
        files += [
            p for p in (REPO / folder).rglob("*") if p.is_file() and p.suffix not in (".pyc", ".mo")
        ]
    assert len(files) > 30
    offenders = [
        str(p.relative_to(REPO))
        for p in files
        if "../shared" in p.read_text(encoding="utf-8") or "/work/" in p.read_text("utf-8")
    ]
    assert offenders == []
