"""The rulebook (``docs/rules.md``): where it is, its rules by id, and showing it rendered.

Every rule of the rulebook is a Markdown heading that starts with its id (``### A3 — Dig
at a site``); a rule's text runs from its heading to the next heading of the same or a
higher level. The file ships inside the installed package as ``thebes/rules.md`` (see
pyproject.toml); a source checkout reads ``docs/rules.md`` at the top of the repository,
the same fallback the data files have.
"""

from __future__ import annotations

import difflib
import importlib.resources
import re
from collections.abc import Iterable
from pathlib import Path

from rich.console import RenderableType
from rich.markdown import Markdown
from rich.text import Text

from thebes.errors import EXIT_USAGE, ThebesError
from thebes.language import ENGLISH, _, current_language
from thebes.safeio.text import clipped, printable, shown
from thebes.tui.paging import page, taller_than_screen
from thebes.tui.terminal import Terminal

RULEBOOK_FILE = "rules.md"
# "### A3 — Dig at a site": the heading's level and the rule's id (an em dash, an en dash
# or a hyphen before the title).
_RULE_HEADING = re.compile(r"^(#{1,6})\s+([A-Z]\d+)\s+[\u2014\u2013-]\s+\S")
_HEADING = re.compile(r"^(#{1,6})\s")
# A step of a rule ("A3.10") is looked up as its rule.
_STEP = re.compile(r"^([A-Z]\d+)\.\d+$")


class RulebookError(ThebesError):
    """The rulebook cannot be read; the message says why in one line."""


class UnknownRule(RulebookError):
    """No rule has the id asked for; the message names the nearest ids or all of them."""

    exit_code = EXIT_USAGE


def rulebook_file(language: str) -> str:
    """The rulebook's file name in ``language`` (the same rule ids in each)."""
    return RULEBOOK_FILE if language == ENGLISH else f"rules.{language}.md"


def rulebook_path() -> Path:
    """The rulebook in the current language: the installed package's, else the one in
    ``docs/`` of a source checkout."""
    name = rulebook_file(current_language())
    packaged = Path(str(importlib.resources.files("thebes"))) / name
    if packaged.is_file():
        return packaged
    return Path(__file__).resolve().parents[3] / "docs" / name


def rulebook_text() -> str:
    """The rulebook's Markdown; :class:`RulebookError` if it is missing or unreadable."""
    path = rulebook_path()
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RulebookError(
            _("cannot read the rulebook {path}: {error}").format(
                path=printable(str(path)), error=exc
            )
        ) from exc


def rule_sections(text: str) -> dict[str, str]:
    """Each rule's Markdown (its heading and text), by id, in the rulebook's order."""
    lines = text.splitlines()
    headings: list[tuple[int, int, str | None]] = []  # (line, level, rule id or None)
    fenced = False
    for number, line in enumerate(lines):
        if line.startswith("```"):
            fenced = not fenced  # a "#" inside a code block is not a heading
        heading = None if fenced else _HEADING.match(line)
        if heading:
            rule = _RULE_HEADING.match(line)
            headings.append((number, len(heading.group(1)), rule.group(2) if rule else None))
    sections: dict[str, str] = {}
    for index, (start, level, rule_id) in enumerate(headings):
        if rule_id is None:
            continue
        end = next((n for n, lv, _ in headings[index + 1 :] if lv <= level), len(lines))
        sections[rule_id] = "\n".join(lines[start:end]).strip() + "\n"
    return sections


def find_rule(text: str, wanted: str) -> str:
    """The Markdown of the rule ``wanted`` (any letter case; "A3.10" finds A3), else
    :class:`UnknownRule` with a one-line message."""
    sections = rule_sections(text)
    key = wanted.strip().upper()
    step = _STEP.match(key)
    if step and step.group(1) in sections:
        key = step.group(1)
    if key in sections:
        return sections[key]
    asked = shown(clipped(wanted))
    nearest = difflib.get_close_matches(key, list(sections), n=4, cutoff=0.5)
    if nearest:
        raise UnknownRule(
            # TRANSLATORS: {ids} are rule ids: "A3, A4".
            _("no rule {rule} in the rulebook; nearest: {ids}").format(
                rule=asked, ids=", ".join(nearest)
            )
        )
    raise UnknownRule(
        # TRANSLATORS: {ids} are the rule ids: "S1-S8, T1-T5, ...".
        _("no rule {rule} in the rulebook; its rules: {ids}").format(
            rule=asked, ids=id_ranges(sections)
        )
    )


def id_ranges(ids: Iterable[str]) -> str:
    """The ids written shortly, in their order: "S1-S8, T1-T5, ..." (a gap starts a new
    range)."""
    runs: list[list[tuple[str, int]]] = []
    for rule_id in ids:
        letter, number = rule_id[0], int(rule_id[1:])
        last = runs[-1][-1] if runs else None
        if last is not None and last == (letter, number - 1):
            runs[-1].append((letter, number))
        else:
            runs.append([(letter, number)])
    return ", ".join(
        f"{r[0][0]}{r[0][1]}" + (f"-{r[-1][0]}{r[-1][1]}" if len(r) > 1 else "") for r in runs
    )


def rulebook() -> RenderableType:
    """The whole rulebook rendered to the console's width; a one-line notice instead if
    the rulebook cannot be read (a game goes on either way)."""
    try:
        return Markdown(rulebook_text())
    except RulebookError as exc:
        return Text(
            # TRANSLATORS: {problem} says why the rulebook cannot be read; {command} is the
            # command, as typed.
            _("{problem}; '{command}' below still lists the components.").format(
                problem=exc, command="thebes reference"
            )
        )


def show_rules(terminal: Terminal, rule_id: str | None = None) -> None:
    """`thebes rules [--id ID]`: the whole rulebook or one rule at ``terminal``, paged when
    it is taller than the screen. Raises :class:`RulebookError` (:class:`UnknownRule` for a
    bad id)."""
    text = rulebook_text()
    shown = Markdown(text if rule_id is None else find_rule(text, rule_id))
    if rule_id is None or taller_than_screen(terminal.console, shown):
        page(terminal, shown)
    else:
        terminal.console.print(shown)
