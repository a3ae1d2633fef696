"""The game's components, loaded from ``data/*.yaml`` and checked.

This module builds the :class:`~thebes.catalog.components.Catalog` from the files that
:mod:`thebes.catalog.schema` has read and validated, checking the game's invariants across entries
(all listed in ``docs/data.md``; every refusal is one :class:`DataError` naming the file and
the entry). It precomputes travel times (breadth-first search over the board graph) and the
fewest weeks each knowledge total needs on the time wheel.
"""

from __future__ import annotations

import importlib.resources
import os
from collections import Counter, deque
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from thebes.catalog.components import (
    DEBRIS_NAME,
    EXHIBITION_COUNT,
    GENERAL_TOKEN_NAME,
    REGION_COUNT,
    RESEARCHER_CARD_COUNT,
    SIZE_NAMES,
    TOKENS_PER_REGION,
    WHEEL_SIZE,
    Card,
    Catalog,
    DataError,
    Token,
    TokenKind,
)
from thebes.catalog.kinds import RESEARCHER_KINDS, CardKind
from thebes.catalog.schema import (
    BoardFile,
    CardsFile,
    ExhibitionEntry,
    ResearcherEntry,
    TokensFile,
    read_data_file,
)


def default_data_dir() -> Path:
    """The data folder: $THEBES_DATA if set, else the installed package's, else ``data/`` at
    the top of the repository (an editable checkout)."""
    override = os.environ.get("THEBES_DATA")
    if override:
        return Path(override)
    packaged = Path(str(importlib.resources.files("thebes"))) / "data"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[3] / "data"


_default: Catalog | None = None


def default_catalog() -> Catalog:
    """The catalog from the default data folder, loaded once per process."""
    global _default
    if _default is None:
        _default = load_catalog(default_data_dir())
    return _default


def load_catalog(data_dir: Path) -> Catalog:
    """Read and check ``board.yaml``, ``cards.yaml`` and ``tokens.yaml`` in ``data_dir``."""
    board = read_data_file(data_dir / "board.yaml", BoardFile)
    cards = read_data_file(data_dir / "cards.yaml", CardsFile)
    tokens = read_data_file(data_dir / "tokens.yaml", TokensFile)
    return _build(data_dir, board, cards, tokens)


def _build(data_dir: Path, board: BoardFile, cards: CardsFile, tokens: TokensFile) -> Catalog:
    """Check the three validated files against each other and the game; index everything."""
    places = _Places.of(data_dir / "board.yaml", board)
    edges = _edges(places, board.edges)
    travel = _travel_times(len(places.locations), edges, places.path, places.locations)
    wheel = _wheel(places.path, board.time_wheel)
    min_weeks = tuple(
        next((w for w in range(1, WHEEL_SIZE + 1) if wheel[k][w] >= 1), WHEEL_SIZE + 1)
        for k in range(WHEEL_SIZE + 1)
    )
    bags = _tokens(data_dir / "tokens.yaml", tokens, places)
    artifacts = [len(tokens.regions[name].artifacts) for name in board.sites]
    table = _cards(data_dir / "cards.yaml", cards, places, artifacts)
    small = tuple(
        c.id for c in table if c is not None and c.kind is CardKind.EXHIBITION and not c.large
    )
    large = tuple(
        c.id for c in table if c is not None and c.kind is CardKind.EXHIBITION and c.large
    )
    if len(small) != len(large):
        raise DataError(
            f"{data_dir / 'cards.yaml'}: exhibitions: {len(small)} small and {len(large)} "
            "large; the game has as many of each"
        )
    return Catalog(
        locations=places.locations,
        city_count=places.city_count,
        start=places.start,
        exchange_city=places.exchange_city,
        edges=tuple(edges),
        travel=travel,
        wheel=wheel,
        min_weeks=min_weeks,
        cards=tuple(table),
        researcher_ids=tuple(
            c.id for c in table if c is not None and c.kind != CardKind.EXHIBITION
        ),
        small_exhibition_ids=small,
        large_exhibition_ids=large,
        tokens=tuple(bags.tokens),
        bag_tokens=tuple(bags.bag_tokens),
        site_bonus=tuple(bags.site_bonus),
        debris=tuple(bags.debris),
    )


@dataclass(frozen=True, slots=True)
class _Places:
    """The locations of ``board.yaml``, checked, with lookups that refuse unknown names."""

    path: Path
    cities: tuple[str, ...]
    sites: tuple[str, ...]
    start: int
    exchange_city: int

    @staticmethod
    def of(path: Path, board: BoardFile) -> _Places:
        locations = (*board.cities, *board.sites)
        duplicates = [name for name, n in Counter(locations).items() if n > 1]
        if duplicates:
            raise DataError(f"{path}: location {duplicates[0]!r} is listed twice")
        if len(board.sites) != REGION_COUNT:
            raise DataError(
                f"{path}: sites: {len(board.sites)} sites listed, the game has {REGION_COUNT}"
            )
        for site in board.sites:  # game files name a site in one word: "dig Egypt 6"
            if site.startswith("+") or any(c.isspace() for c in site):
                raise DataError(f"{path}: sites: {site!r} is not one word (dig Egypt 6)")
        if len({site.casefold() for site in board.sites}) != len(board.sites):
            raise DataError(f"{path}: sites: two sites differ only in letter case")
        if any(_book_name(s).casefold() == GENERAL_TOKEN_NAME.casefold() for s in board.sites):
            raise DataError(
                f"{path}: sites: no site is called General (its knowledge token would be "
                "named like the general one)"
            )
        places = _Places(path, tuple(board.cities), tuple(board.sites), -1, -1)
        start = places.city(path, "start", board.start)
        exchange_city = places.city(path, "exchange_city", board.exchange_city)
        return _Places(path, places.cities, places.sites, start, exchange_city)

    @property
    def locations(self) -> tuple[str, ...]:
        return (*self.cities, *self.sites)

    @property
    def city_count(self) -> int:
        return len(self.cities)

    def city(self, path: Path, where: str, name: str) -> int:
        if name not in self.cities:
            raise DataError(
                f"{path}: {where}: unknown city {name!r} (cities: {', '.join(self.cities)})"
            )
        return self.cities.index(name)

    def region(self, path: Path, where: str, name: str) -> int:
        if name not in self.sites:
            raise DataError(
                f"{path}: {where}: unknown region {name!r} (regions: {', '.join(self.sites)})"
            )
        return self.sites.index(name)


def _edges(places: _Places, pairs: list[list[str]]) -> list[tuple[int, int]]:
    path, locations = places.path, places.locations
    index = {name: i for i, name in enumerate(locations)}
    edges: list[tuple[int, int]] = []
    seen: set[tuple[int, int]] = set()
    for n, (a, b) in enumerate(pairs, 1):
        for end in (a, b):
            if end not in index:
                raise DataError(f"{path}: edges > entry {n}: unknown location {end!r}")
        if a == b:
            raise DataError(f"{path}: edges > entry {n}: {a} is joined to itself")
        edge = (min(index[a], index[b]), max(index[a], index[b]))
        if edge in seen:
            raise DataError(f"{path}: edges > entry {n}: {a}-{b} is listed twice")
        seen.add(edge)
        edges.append(edge)
    return edges


def _wheel(path: Path, rows: dict[int, list[int]]) -> tuple[tuple[int, ...], ...]:
    """The time wheel with a zero row and column 0 in front: one row per knowledge total
    1..12 of 12 counts each; in a row, more weeks never draw fewer tokens, and the longest
    dig draws at least one (every total a dig can have can dig)."""
    if sorted(rows) != list(range(1, WHEEL_SIZE + 1)):
        raise DataError(
            f"{path}: time_wheel: needs one row for each knowledge total 1 to {WHEEL_SIZE}"
        )
    wheel = [(0,) * (WHEEL_SIZE + 1)]
    for k in range(1, WHEEL_SIZE + 1):
        row = rows[k]
        where = f"{path}: time_wheel > row {k}"
        if len(row) != WHEEL_SIZE:
            raise DataError(f"{where}: has {len(row)} entries, needs {WHEEL_SIZE}")
        for w in range(1, WHEEL_SIZE):
            if row[w] < row[w - 1]:
                raise DataError(
                    f"{where}: {row[w - 1]} tokens for {w} weeks but {row[w]} for {w + 1}; "
                    "more weeks never draw fewer tokens"
                )
        if row[-1] == 0:
            raise DataError(f"{where}: all zero; every knowledge total must allow a dig")
        wheel.append((0, *row))
    return tuple(wheel)


class _Bags(NamedTuple):
    tokens: list[Token | None]  # tokens[id]; tokens[0] is None
    bag_tokens: list[tuple[int, ...]]
    site_bonus: list[int]
    debris: list[int]


def _tokens(path: Path, tokens: TokensFile, places: _Places) -> _Bags:
    """Number the tokens region by region (artifacts, book token, general token)."""
    if sorted(tokens.regions) != sorted(places.sites):
        missing = [name for name in places.sites if name not in tokens.regions]
        unknown = [name for name in tokens.regions if name not in places.sites]
        detail = f"unknown region {unknown[0]!r}" if unknown else f"region {missing[0]} missing"
        raise DataError(f"{path}: regions: {detail}")
    _check_artifact_names(path, tokens, places.sites)
    bags = _Bags([None], [], [], [])
    table = bags.tokens
    for r, name in enumerate(places.sites):
        entry = tokens.regions[name]
        where = f"regions > {name}"
        count = len(entry.artifacts) + 1 + entry.general_tokens + entry.debris
        if count != TOKENS_PER_REGION:
            raise DataError(
                f"{path}: {where}: {count} tokens in all, every region has {TOKENS_PER_REGION}"
            )
        book_for = places.region(path, f"{where} > book_token_for", entry.book_token_for)
        if book_for == r:
            raise DataError(
                f"{path}: {where} > book_token_for: the knowledge token found at {name} "
                "counts for another region"
            )
        first = len(table)
        for artifact in entry.artifacts:
            table.append(
                Token(len(table), r, TokenKind.ARTIFACT, artifact.value, artifact.name, -1)
            )
        table.append(
            Token(len(table), r, TokenKind.BOOK, 1, _book_name(entry.book_token_for), book_for)
        )
        table.append(Token(len(table), r, TokenKind.GENERAL, 1, GENERAL_TOKEN_NAME, -1))
        ids = tuple(range(first, len(table)))
        bonus = next((t for t in ids if _is_bonus(table[t])), 0)
        if bonus == 0:
            raise DataError(
                f"{path}: {where} > artifacts: no value-1 artifact for the site (rule S5)"
            )
        bags.site_bonus.append(bonus)
        bags.bag_tokens.append(tuple(t for t in ids if t != bonus))
        bags.debris.append(entry.debris)
    return bags


def _book_name(region: str) -> str:
    return f"{region} book"


def _check_artifact_names(path: Path, tokens: TokensFile, sites: tuple[str, ...]) -> None:
    """Game files name the tokens found by name, so no two tokens may share one: artifact
    names differ from each other and from the knowledge tokens' and debris (ignoring case)."""
    reserved = {_book_name(site).casefold(): "a knowledge token" for site in sites}
    reserved[GENERAL_TOKEN_NAME.casefold()] = "a knowledge token"
    reserved[DEBRIS_NAME.casefold()] = "debris"
    seen: dict[str, str] = {}
    for region, entry in tokens.regions.items():
        for n, artifact in enumerate(entry.artifacts, 1):
            where = f"{path}: regions > {region} > artifacts > entry {n}"
            key = artifact.name.casefold()
            if key in reserved:
                raise DataError(
                    f"{where}: the artifact {artifact.name!r} is named like {reserved[key]}"
                )
            if key in seen:
                raise DataError(
                    f"{where}: the artifact name {artifact.name!r} is used twice "
                    f"({seen[key]} and {region})"
                )
            seen[key] = region


def _cards(
    path: Path, cards: CardsFile, places: _Places, artifacts: list[int]
) -> list[Card | None]:
    """The card table, indexed by id: researchers and exhibitions share ids 1, 2, 3, ..."""
    if len(cards.researchers) != RESEARCHER_CARD_COUNT:
        raise DataError(
            f"{path}: researchers: {len(cards.researchers)} cards listed, "
            f"the game has {RESEARCHER_CARD_COUNT}"
        )
    if len(cards.exhibitions) != EXHIBITION_COUNT:
        raise DataError(
            f"{path}: exhibitions: {len(cards.exhibitions)} listed, the game has {EXHIBITION_COUNT}"
        )
    all_ids = [c.id for c in cards.researchers] + [e.id for e in cards.exhibitions]
    if sorted(all_ids) != list(range(1, len(all_ids) + 1)):
        repeated = [i for i, n in Counter(all_ids).items() if n > 1]
        detail = f"id {repeated[0]} is used twice" if repeated else "ids must run 1, 2, 3, ..."
        raise DataError(f"{path}: {detail}")
    table: list[Card | None] = [None] * (len(all_ids) + 1)
    for n, researcher in enumerate(cards.researchers, 1):
        table[researcher.id] = _researcher(path, f"researchers > entry {n}", researcher, places)
    for n, e in enumerate(cards.exhibitions, 1):
        table[e.id] = _exhibition(path, f"exhibitions > entry {n}", e, places, artifacts)
    return table


def _researcher(path: Path, where: str, card: ResearcherEntry, places: _Places) -> Card:
    where = f"{where} (id {card.id})"
    home = places.city(path, where, card.city)
    if home == places.exchange_city:
        raise DataError(f"{path}: {where}: no card is taken in {places.cities[home]} (rule A1)")
    return Card(
        id=card.id,
        kind=RESEARCHER_KINDS[card.kind],
        region=-1 if card.region is None else places.region(path, where, card.region),
        value=card.value or 0,
        city=home,
        weeks=card.weeks,
        requires=(),
        large=False,
    )


def _exhibition(
    path: Path, where: str, card: ExhibitionEntry, places: _Places, artifacts: list[int]
) -> Card:
    """An exhibition needs at least one artifact, and no more of a region than it has."""
    where = f"{where} (id {card.id})"
    needs = [0] * REGION_COUNT
    for name, count in card.requires.items():
        r = places.region(path, where, name)
        if count > artifacts[r]:
            raise DataError(
                f"{path}: {where} > requires: {count} {name} artifacts, the game has {artifacts[r]}"
            )
        needs[r] = count
    return Card(
        id=card.id,
        kind=CardKind.EXHIBITION,
        region=-1,
        value=card.vp,
        city=places.city(path, where, card.city),
        weeks=card.weeks,
        requires=tuple(needs),
        large=card.size == SIZE_NAMES[True],
    )


def _is_bonus(token: Token | None) -> bool:
    return token is not None and token.kind is TokenKind.ARTIFACT and token.value == 1


def _travel_times(
    count: int, edges: list[tuple[int, int]], path: Path, names: tuple[str, ...]
) -> tuple[tuple[int, ...], ...]:
    neighbours: list[list[int]] = [[] for _ in range(count)]
    for a, b in edges:
        neighbours[a].append(b)
        neighbours[b].append(a)
    rows = []
    for origin in range(count):
        dist = [-1] * count
        dist[origin] = 0
        queue = deque([origin])
        while queue:
            here = queue.popleft()
            for there in neighbours[here]:
                if dist[there] < 0:
                    dist[there] = dist[here] + 1
                    queue.append(there)
        if -1 in dist:
            raise DataError(
                f"{path}: edges: {names[dist.index(-1)]} cannot be reached from {names[origin]}"
            )
        rows.append(tuple(dist))
    return tuple(rows)
