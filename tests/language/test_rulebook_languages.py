"""The rulebook in German and French: the same rules under the same ids, in the same order,
shipped in the package, and `thebes rules` shows the one of the language asked for."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from thebes.cli import main
from thebes.language import LANGUAGES, speaking
from thebes.tui.rulebook import RULEBOOK_FILE, rule_sections, rulebook_file, rulebook_path

REPO = Path(__file__).resolve().parents[2]


def sections(code: str) -> dict[str, str]:
    return rule_sections((REPO / "docs" / rulebook_file(code)).read_text(encoding="utf-8"))


@pytest.mark.parametrize("code", ["de", "fr"])
def test_each_language_has_every_rule_under_its_id_in_order(code: str) -> None:
    english = sections("en")
    assert len(english) > 50
    assert list(sections(code)) == list(english)


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_rulebook_ships_and_is_read_in_its_language(code: str) -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = project["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert shipped[f"docs/{rulebook_file(code)}"] == f"thebes/{rulebook_file(code)}"
    with speaking(code):
        path = rulebook_path()
    assert path.name == rulebook_file(code)
    assert path.read_text(encoding="utf-8") == (REPO / "docs" / path.name).read_text("utf-8")
    assert rulebook_file("en") == RULEBOOK_FILE


@pytest.mark.parametrize(
    ("code", "title"),
    [("en", "Dig at a site"), ("de", "Ausgrabungsstätte graben"), ("fr", "Fouiller")],
)
def test_thebes_rules_shows_the_rule_in_the_language_asked(
    code: str, title: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", "--id", "A3", "--lang", code, "--no-color"]) == 0
    heading = capsys.readouterr().out.strip().splitlines()[0]
    assert heading.startswith("A3 — ")
    assert title in heading
