"""Names from the data files are shown as written: a city named "[/]", an artifact named
"[bold]cup[/bold] [/]", a site with wide letters, an emoji code. The reference, the
rulebook, the replay and the table show them literally and nothing raises; a name with a
control code is refused when the data is read, in one line without the code."""

from __future__ import annotations

import ast
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from prompt_toolkit.input import create_pipe_input
from rich.console import Console

from terminal import game, text_terminal
from thebes.bots import GreedyPlayer
from thebes.catalog.components import Catalog, DataError
from thebes.catalog.loading import load_catalog
from thebes.records.session import Session, default_seats
from thebes.tui.reference import print_reference
from thebes.tui.replay import ReplayViewer
from thebes.tui.rulebook import show_rules

# Each name of the real data files and the hostile one it becomes (sites are one word).
HOSTILE = {
    "Moscow": "[/]",
    "London": "Lon[link=x]d[/link]on",
    "Paris": ":smile: Paris",
    "Egypt": "[red]Eg東京",
    "Greece": "Gr\\[x]",
    "Attic cup": "[bold]cup[/bold] [/]",
}
PLAYERS = ["[/]", "[bold]Bob"]


def renamed(node: object, names: dict[str, str]) -> object:
    """``node`` of a YAML file with every string that is a key of ``names`` replaced."""
    if isinstance(node, str):
        return names.get(node, node)
    if isinstance(node, list):
        return [renamed(item, names) for item in node]
    if isinstance(node, dict):
        return {renamed(k, names): renamed(v, names) for k, v in node.items()}
    return node


def rename_data(folder: Path, names: dict[str, str]) -> None:
    for file in ("board.yaml", "cards.yaml", "tokens.yaml"):
        path = folder / file
        data = renamed(yaml.safe_load(path.read_text("utf-8")), names)
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")


@pytest.fixture
def hostile(data_copy: Path) -> Catalog:
    rename_data(data_copy, HOSTILE)
    return load_catalog(data_copy)


def flat(text: str) -> str:
    """``text`` with its table borders and runs of spaces made single spaces."""
    return " ".join(text.replace("│", " ").replace("┃", " ").split())


def test_the_reference_shows_names_as_written_even_on_a_console_that_reads_markup(
    hostile: Catalog,
) -> None:
    # rich's default console reads markup: the reference must not depend on its console.
    out = io.StringIO()
    print_reference(hostile, Console(file=out, width=250, color_system=None))
    text = flat(out.getvalue())
    assert "specialized Gr\\[x]" in text and "specialized [red]Eg東京" in text
    assert "Gr\\[x] 1 Olympia helmet (on the site); [bold]cup[/bold] [/]; Bronze horse" in text
    for name in ("[/]", "Lon[link=x]d[/link]on", ":smile: Paris"):
        assert f" {name} " in text


def test_thebes_reference_with_a_hostile_data_folder_prints_the_names(data_copy: Path) -> None:
    rename_data(data_copy, HOSTILE)
    result = subprocess.run(
        [sys.executable, "-m", "thebes", "reference"],
        capture_output=True,
        text=True,
        env={**os.environ, "THEBES_DATA": str(data_copy), "COLUMNS": "250"},
    )
    assert (result.returncode, result.stderr) == (0, "")
    assert "[bold]cup[/bold] [/]; Bronze horse" in result.stdout
    assert "\n[/] " in result.stdout  # a row of the travel table


def played(catalog: Catalog, tmp_path: Path, actions: int) -> Session:
    """Two people named like markup, ``actions`` greedy actions in."""
    session = Session(catalog, default_seats(PLAYERS), 4, autosave=tmp_path / "g.json")
    bots = [GreedyPlayer(4, seat) for seat in range(2)]
    for _ in range(actions):
        seat = session.active_seat
        assert seat is not None
        session.play(bots[seat].choose(session.state, session.legal_actions()))
    return session


def test_the_table_and_its_rules_show_the_names_as_written(
    hostile: Catalog, tmp_path: Path
) -> None:
    session = played(hostile, tmp_path, 6)
    with game(session, "rules A3\nhelp\n") as (ui, out):
        ui.run()
    text = out.getvalue()
    for name in (*PLAYERS, "Lon[link=x]d[/link]on", "[red]Eg東京", "Gr\\[x]", ":smile: Paris"):
        assert name in text
    assert "A3 — Dig at a site" in text  # the rule was shown


def test_the_replay_shows_the_names_as_written(hostile: Catalog, tmp_path: Path) -> None:
    session = played(hostile, tmp_path, 12)
    session.save(tmp_path / "g.json")
    out = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text("g 12\nq\n")
        pipe.close()
        terminal = text_terminal(out, (120, 40), pipe)
        ReplayViewer(Session.load(tmp_path / "g.json", hostile), terminal).run()
    text = out.getvalue()
    for name in (*PLAYERS, "Lon[link=x]d[/link]on", "[red]Eg東京", "Gr\\[x]", "[/]"):
        assert name in text


def test_the_rulebook_is_shown_with_a_hostile_data_folder(hostile: Catalog) -> None:
    out = io.StringIO()
    show_rules(text_terminal(out), "A3")
    assert "A3 — Dig at a site" in out.getvalue()


@pytest.mark.parametrize("code", ["\x1b]0;x\x07", "\x9b2J", "\u202e"])
def test_a_data_name_with_a_control_code_is_refused_in_one_line_without_it(
    data_copy: Path, code: str
) -> None:
    rename_data(data_copy, {"Moscow": f"Mos{code}cow"})
    with pytest.raises(DataError) as refused:
        load_catalog(data_copy)
    message = str(refused.value)
    assert message.isprintable() and "\n" not in message
    # Moscow is the fifth city; it is an edge's end too, the "1 more".
    assert message.endswith(
        "board.yaml: cities > entry 5: Value error, a name holds printable characters only"
        " (and 1 more problems)"
    )


def test_every_console_the_program_makes_reads_no_markup() -> None:
    # Text from people and files reaches rich as strings in many places; it stays literal
    # because no console of the program reads markup or emoji codes.
    source = Path(__file__).parents[2] / "src" / "thebes"
    made = 0
    for path in source.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Console":
                made += 1
                given = {k.arg: k.value for k in node.keywords}
                for option in ("markup", "emoji"):
                    value = given.get(option)
                    assert isinstance(value, ast.Constant) and value.value is False, (
                        f"{path.name}:{node.lineno} Console without {option}=False"
                    )
    assert made >= 3
