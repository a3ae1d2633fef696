"""The README and the pages of docs/ hold together: every relative link reaches a file of
the repository (and a heading of it, for a link with an anchor), the README stays a short
front door, and docs/architecture.md names every package of the code, so it cannot go stale.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from helpers import REPO

DOCS = REPO / "docs"
PAGES = [REPO / "README.md", *sorted(DOCS.glob("*.md"))]
README_MOST_LINES = 150
PACKAGE = REPO / "src" / "thebes"
PLAY = "python3 -m venv .venv && .venv/bin/pip install -q . && .venv/bin/thebes play"
TEST = "python3 -m venv .venv && .venv/bin/pip install -q '.[test]' && .venv/bin/python -m pytest"

FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
INDENTED = re.compile(r"^(?: {4}|\t).*$", re.MULTILINE)
CODE_SPAN = re.compile(r"(`+).+?\1", re.DOTALL)
INLINE_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_LINK = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s.*)?$", re.MULTILINE)
HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t#]*$", re.MULTILINE)
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def without_code(text: str) -> str:
    """The text with fenced blocks, indented blocks and code spans taken out: what looks like
    a link or a heading there is shown as code, not followed."""
    return CODE_SPAN.sub("", INDENTED.sub("", FENCE.sub("", text)))


def links(text: str) -> list[str]:
    prose = without_code(text)
    return INLINE_LINK.findall(prose) + REFERENCE_LINK.findall(prose)


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, inline markup and punctuation dropped
    (letters of any script, digits, '-' and '_' kept), each space a hyphen."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link keeps its text
    text = text.replace("`", "").lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Every anchor of a Markdown page; a heading seen before gets -1, -2, ... as on GitHub."""
    seen: dict[str, int] = {}
    found: set[str] = set()
    for heading in HEADING.findall(FENCE.sub("", page.read_text(encoding="utf-8"))):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def broken_links(page: Path, root: Path = REPO) -> list[str]:
    """The relative links of ``page`` that reach nothing inside ``root``, or a heading that
    is not there, each with why."""
    problems = []
    for target in links(page.read_text(encoding="utf-8")):
        if SCHEME.match(target):
            continue  # a web address: not this test's business
        path_part, _, anchor = target.partition("#")
        where = (page.parent / unquote(path_part)).resolve() if path_part else page
        if not where.is_relative_to(root):
            problems.append(f"{target}: outside the repository")
        elif not where.exists():
            problems.append(f"{target}: no such file")
        elif anchor and where.suffix == ".md" and unquote(anchor) not in anchors(where):
            problems.append(f"{target}: no heading with that anchor in {where.name}")
    return problems


def test_the_pages_are_found() -> None:
    names = {p.name for p in PAGES}
    assert {"README.md", "rules.md", "architecture.md", "playing.md"} <= names


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_reaches_a_file_and_heading_of_the_repository(page: Path) -> None:
    assert broken_links(page) == []


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_docs_page_named_as_code_is_there(page: Path) -> None:
    # Where a page names another as code (the rulebook is also shown in the terminal, where
    # a link would lead nowhere), the name must still be right.
    named = re.findall(r"`docs/([\w.-]+\.md)`", page.read_text(encoding="utf-8"))
    assert [name for name in named if not (DOCS / name).is_file()] == []


def test_each_kind_of_bad_link_is_caught_and_code_is_not_a_link(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "other.md").write_text("# Other\n\n## A3 — Dig at a site\n", "utf-8")
    page = root / "docs" / "page.md"
    page.write_text(
        "# Top\n\n## A — dash, `code` and (brackets)\n\n"
        "[ok](other.md) [ok](#top) [ok](#a--dash-code-and-brackets) "
        "[ok](other.md#a3--dig-at-a-site) [web](https://example.org/x)\n"
        "[gone](no-such-page.md) [bad anchor](other.md#no-such-heading) "
        "[outside](../../elsewhere/rules.md)\n\n"
        "`[not a link](nowhere.md)`\n\n    [nor this](nowhere.md)\n",
        "utf-8",
    )
    assert broken_links(page, root) == [
        "no-such-page.md: no such file",
        "other.md#no-such-heading: no heading with that anchor in other.md",
        "../../elsewhere/rules.md: outside the repository",
    ]


def test_slugs_follow_github() -> None:
    assert slug("V2 — renew-after-exhibition (renouvellement plus fréquent)") == (
        "v2--renew-after-exhibition-renouvellement-plus-fréquent"
    )
    assert slug("With the game's analysis") == "with-the-games-analysis"
    assert slug("`thebes analyze`") == "thebes-analyze"
    assert slug("What it measures (benchmarks/bench_analysis.py)") == (
        "what-it-measures-benchmarksbench_analysispy"
    )


def test_the_readme_is_a_short_front_door() -> None:
    lines = (REPO / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MOST_LINES, len(lines)
    # The two commands a newcomer needs come first, as they are.
    commands = [line.strip() for line in lines if line.startswith("    ")][:2]
    assert commands == [PLAY, TEST]


def packages_and_modules() -> list[str]:
    """What the architecture must name: every package under src/thebes (a folder with an
    __init__.py) as ``name/``, every top-level module but __init__ and __main__ as
    ``name.py``."""
    packages = [
        f"{p.parent.relative_to(PACKAGE).as_posix()}/" for p in PACKAGE.rglob("__init__.py")
    ]
    modules = [p.name for p in PACKAGE.glob("*.py") if p.stem not in ("__init__", "__main__")]
    return sorted(name for name in packages + modules if name != "./")


def test_the_architecture_names_every_package() -> None:
    names = packages_and_modules()
    assert {"rules/", "tui/", "cli/"} <= set(names)  # the tree was found
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    assert [name for name in names if not re.search(rf"(?<![\w/]){re.escape(name)}", text)] == []
