"""The data files: exactly the facts of components.md, and clear refusals of bad files."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from helpers import CAT, edit_text, shared_rules_file
from thebes.catalog.components import DataError, TokenKind
from thebes.catalog.kinds import CardKind
from thebes.catalog.loading import load_catalog


def test_counts() -> None:
    kinds = Counter(CAT.card(c).kind for c in CAT.researcher_ids)
    assert len(CAT.researcher_ids) == 85
    assert kinds == {
        CardKind.BOOK: 45,
        CardKind.LEGEND: 5,
        CardKind.GENERAL: 8,
        CardKind.ASSISTANT: 6,
        CardKind.SHOVEL: 6,
        CardKind.CAR: 2,
        CardKind.ZEPPELIN: 2,
        CardKind.SPECIAL_PERMIT: 2,
        CardKind.CONGRESS: 9,
    }
    assert len(CAT.small_exhibition_ids) == len(CAT.large_exhibition_ids) == 5
    assert len(CAT.tokens) - 1 + sum(CAT.debris) == 155
    assert len(CAT.edges) == 18


def test_books_per_region_and_their_weeks() -> None:
    for r in range(5):
        books = [CAT.card(c) for c in CAT.researcher_ids if CAT.card(c).kind is CardKind.BOOK]
        values = sorted(b.value for b in books if b.region == r)
        assert values == [1, 1, 1, 1, 2, 2, 2, 3, 3]
    weeks = {(c.kind, c.value): c.weeks for c in map(CAT.card, CAT.researcher_ids)}
    assert weeks[CardKind.BOOK, 3] == 4 and weeks[CardKind.GENERAL, 2] == 6


def test_every_region_has_36_artifact_vp_and_13_artifacts() -> None:
    for r in range(5):
        artifacts = [
            t
            for t in CAT.tokens
            if t is not None and t.region == r and t.kind is TokenKind.ARTIFACT
        ]
        assert len(artifacts) == 13
        assert sum(t.value for t in artifacts) == 36


def test_travel_examples_by_hand() -> None:
    travel = CAT.travel
    index = CAT.location_index
    assert travel[index("London")][index("Warsaw")] == 2
    assert travel[index("Berlin")][index("Vienna")] == 2  # no Berlin-Vienna edge
    assert travel[index("London")][index("Rome")] == 2  # no London-Rome edge
    assert travel[index("London")][index("Egypt")] == 4
    assert CAT.wheel[8][4] == 5 and CAT.wheel[7][12] == 9


def _md_table(text: str, header: str) -> list[list[str]]:
    lines = text[text.index(header) :].splitlines()
    rows = []
    for line in lines[2:]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip().strip("|").split("|")])
    return rows


def test_data_files_carry_exactly_the_facts_of_components_md() -> None:
    # ../shared/rules/components.md: skipped without it, except under CI where that fails.
    text = shared_rules_file("components.md").read_text(encoding="utf-8")
    names = CAT.locations
    short = {n[:3]: n for n in names}
    travel = _md_table(text, "| from \\ to |")
    for row in travel:
        origin = names.index(row[0])
        assert [int(x) for x in row[1:]] == list(CAT.travel[origin]), row[0]
    assert len(short) == 12
    wheel = _md_table(text, "| K \\ W |")
    assert [[int(x) for x in row[1:]] for row in wheel] == [
        list(CAT.wheel[k][1:]) for k in range(1, 13)
    ]
    cards = _md_table(text, "| # | kind | region | value | city | weeks |")
    assert len(cards) == 85
    for number, kind, region, value, city, weeks in cards:
        card = CAT.card(int(number))
        assert card.kind.name.lower() == kind
        assert (CAT.regions[card.region] if card.region >= 0 else "\u2013") == region
        assert (str(card.value) if card.value else "\u2013") == value
        assert (names[card.city], card.weeks) == (city, int(weeks))
    exhibitions = _md_table(text, "| # | Size | City | Weeks | VP | Requires |")
    for number, size, city, weeks, vp, requires in exhibitions:
        card = CAT.card(85 + int(number))
        assert (size, names[card.city], card.weeks, card.value) == (
            "large" if card.large else "small",
            city,
            int(weeks),
            int(vp),
        )
        wanted = {r.split()[1]: int(r.split()[0]) for r in requires.split(", ")}
        assert {CAT.regions[r]: n for r, n in enumerate(card.requires) if n} == wanted
    objects = _md_table(text, "| Region | Value | Objects |")
    for region, value, listed in objects:
        r = CAT.region_index(region)
        ours = sorted(
            t.name
            for t in CAT.tokens
            if t is not None
            and t.region == r
            and t.kind is TokenKind.ARTIFACT
            and t.value == int(value)
        )
        assert ours == sorted(listed.split("; ")), (region, value)
    composition = _md_table(text, "| Region | artifacts of value 1 / 2 / 3 / 4 / 5 / 6 / 7 |")
    for region, counts, book_for in composition:
        r = CAT.region_index(region)
        book = next(
            t for t in CAT.tokens if t is not None and t.region == r and t.kind is TokenKind.BOOK
        )
        assert CAT.regions[book.book_region] == book_for
        by_value = Counter(
            t.value
            for t in CAT.tokens
            if t is not None and t.region == r and t.kind is TokenKind.ARTIFACT
        )
        assert [by_value[v] for v in range(1, 8)] == [int(n) for n in counts.split(" / ")]
    assert re.search(r"16 debris", text)


def test_a_missing_shared_file_is_skipped_locally_and_fails_under_ci(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception):
        shared_rules_file("components.md", tmp_path)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI is set"):
        shared_rules_file("components.md", tmp_path)
    (tmp_path / "components.md").write_text("| K \\ W |\n", encoding="utf-8")
    assert shared_rules_file("components.md", tmp_path) == tmp_path / "components.md"


# ---------------------------------------------------------------- bad data files


@pytest.mark.parametrize(
    ("name", "old", "new", "message"),
    [
        (
            "cards.yaml",
            "{id: 17, kind: book, region: Crete, value: 3, city: Moscow, weeks: 4}",
            "{id: 17, kind: book, region: Crete, value: 3, weeks: 4}",
            r"cards.yaml: researchers > entry 17 \(id 17\) > city: Field required",
        ),
        (
            "cards.yaml",
            "{id: 17, kind: book, region: Crete, value: 3, city: Moscow",
            "{id: 17, kind: book, region: Crete, value: 3, city: Moskva",
            r"cards.yaml: researchers > entry 17 \(id 17\): unknown city 'Moskva'",
        ),
        (
            "cards.yaml",
            "{id: 9, kind: book, region: Greece",
            "{id: 9, kind: book, region: Atlantis",
            r"cards.yaml: researchers > entry 9 \(id 9\): unknown region 'Atlantis'",
        ),
        (
            "cards.yaml",
            "  - {id: 85, kind: congress, city: Moscow, weeks: 2}\n",
            "",
            r"cards.yaml: researchers: 84 cards listed, the game has 85",
        ),
        (
            "cards.yaml",
            "{id: 3, kind: book, region: Greece, value: 1, city: Moscow",
            "{id: 3, kind: book, region: Greece, value: 1, city: Warsaw",
            r"no card is taken in Warsaw",
        ),
        (
            "cards.yaml",
            "{id: 59, kind: assistant,",
            "{id: 59, kind: assistant, region: Egypt,",
            r"entry 59 \(id 59\): Value error, a assistant card has no region",
        ),
        (
            "tokens.yaml",
            "      - {name: Seal of Troy, value: 6}\n",
            "",
            r"tokens.yaml: regions > Greece: 30 tokens in all, every region has 31",
        ),
        (
            "tokens.yaml",
            "book_token_for: Crete",
            "book_token_for: Atlantis",
            r"tokens.yaml: regions > Greece > book_token_for: unknown region 'Atlantis'",
        ),
        (
            "board.yaml",
            "  1: [ 0,  0,  0,  0,  0,  0,  0,  1,  1,  1,  1,  2]",
            "  1: [ 0,  0,  0,  0,  0,  0,  0,  1,  1,  1,  1]",
            r"board.yaml: time_wheel > row 1: has 11 entries, needs 12",
        ),
        (
            "board.yaml",
            "  - [Moscow, Warsaw]",
            "  - [Moscow, Minsk]",
            r"board.yaml: edges > entry 9: unknown location 'Minsk'",
        ),
        (
            "board.yaml",
            "  - [Moscow, Warsaw]\n",
            "",
            r"board.yaml: edges: Moscow cannot be reached",
        ),
        ("board.yaml", "edges:", "edges: [", r"board.yaml: not valid YAML at line"),
    ],
)
def test_bad_data_file_is_refused_naming_file_and_entry(
    data_copy: Path, name: str, old: str, new: str, message: str
) -> None:
    edit_text(data_copy, name, old, new)
    with pytest.raises(DataError, match=message):
        load_catalog(data_copy)


def test_missing_data_file_is_named(data_copy: Path) -> None:
    (data_copy / "tokens.yaml").unlink()
    with pytest.raises(DataError, match=r"tokens.yaml: cannot read the data file"):
        load_catalog(data_copy)
