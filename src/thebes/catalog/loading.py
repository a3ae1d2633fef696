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
from thebes.language import _, pgettext


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
            _(
                "{file}: exhibitions: {small} small and {large} large; the game has as many of each"
            ).format(file=data_dir / "cards.yaml", small=len(small), large=len(large))
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
            raise DataError(
                _("{file}: location {name} is listed twice").format(
                    file=path, name=repr(duplicates[0])
                )
            )
        if len(board.sites) != REGION_COUNT:
            raise DataError(
                _("{file}: sites: {count} sites listed, the game has {needed}").format(
                    file=path, count=len(board.sites), needed=REGION_COUNT
                )
            )
        for site in board.sites:  # game files name a site in one word: "dig Egypt 6"
            if site.startswith("+") or any(c.isspace() for c in site):
                raise DataError(
                    # TRANSLATORS: {example} is an action, 'dig Egypt 6', not translated.
                    _("{file}: sites: {site} is not one word ({example})").format(
                        file=path, site=repr(site), example="dig Egypt 6"
                    )
                )
        if len({site.casefold() for site in board.sites}) != len(board.sites):
            raise DataError(
                _("{file}: sites: two sites differ only in letter case").format(file=path)
            )
        if any(_book_name(s).casefold() == GENERAL_TOKEN_NAME.casefold() for s in board.sites):
            raise DataError(
                # TRANSLATORS: {name} is the name no site may have, 'General'.
                _(
                    "{file}: sites: no site is called {name} (its knowledge token would be "
                    "named like the general one)"
                ).format(file=path, name="General")
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
                _("{file}: {where}: unknown city {name} (cities: {cities})").format(
                    file=path, where=where, name=repr(name), cities=", ".join(self.cities)
                )
            )
        return self.cities.index(name)

    def region(self, path: Path, where: str, name: str) -> int:
        if name not in self.sites:
            raise DataError(
                _("{file}: {where}: unknown region {name} (regions: {regions})").format(
                    file=path, where=where, name=repr(name), regions=", ".join(self.sites)
                )
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
                raise DataError(
                    _("{file}: {where}: unknown location {name}").format(
                        file=path, where=_entry("edges", n), name=repr(end)
                    )
                )
        if a == b:
            raise DataError(
                _("{file}: {where}: {name} is joined to itself").format(
                    file=path, where=_entry("edges", n), name=a
                )
            )
        edge = (min(index[a], index[b]), max(index[a], index[b]))
        if edge in seen:
            raise DataError(
                _("{file}: {where}: {edge} is listed twice").format(
                    file=path, where=_entry("edges", n), edge=f"{a}-{b}"
                )
            )
        seen.add(edge)
        edges.append(edge)
    return edges


def _wheel(path: Path, rows: dict[int, list[int]]) -> tuple[tuple[int, ...], ...]:
    """The time wheel with a zero row and column 0 in front: one row per knowledge total
    1..12 of 12 counts each; in a row, more weeks never draw fewer tokens, and the longest
    dig draws at least one (every total a dig can have can dig)."""
    if sorted(rows) != list(range(1, WHEEL_SIZE + 1)):
        raise DataError(
            _("{file}: {key}: needs one row for each knowledge total 1 to {most}").format(
                file=path, key="time_wheel", most=WHEEL_SIZE
            )
        )
    wheel = [(0,) * (WHEEL_SIZE + 1)]
    for k in range(1, WHEEL_SIZE + 1):
        row = rows[k]
        # TRANSLATORS: a row of the time wheel in a data file: "time_wheel > row 3".
        row_name = _("row {number}").format(number=k)
        where = f"{path}: time_wheel > {row_name}"
        if len(row) != WHEEL_SIZE:
            raise DataError(
                _("{where}: has {count} entries, needs {needed}").format(
                    where=where, count=len(row), needed=WHEEL_SIZE
                )
            )
        for w in range(1, WHEEL_SIZE):
            if row[w] < row[w - 1]:
                raise DataError(
                    _(
                        "{where}: {tokens} tokens for {weeks} weeks but {more_tokens} for "
                        "{more_weeks}; more weeks never draw fewer tokens"
                    ).format(
                        where=where,
                        tokens=row[w - 1],
                        weeks=w,
                        more_tokens=row[w],
                        more_weeks=w + 1,
                    )
                )
        if row[-1] == 0:
            raise DataError(
                _("{where}: all zero; every knowledge total must allow a dig").format(where=where)
            )
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
        if unknown:
            message = _("{file}: regions: unknown region {name}").format(
                file=path, name=repr(unknown[0])
            )
        else:
            message = _("{file}: regions: region {name} missing").format(file=path, name=missing[0])
        raise DataError(message)
    _check_artifact_names(path, tokens, places.sites)
    bags = _Bags([None], [], [], [])
    table = bags.tokens
    for r, name in enumerate(places.sites):
        entry = tokens.regions[name]
        where = f"regions > {name}"
        count = len(entry.artifacts) + 1 + entry.general_tokens + entry.debris
        if count != TOKENS_PER_REGION:
            raise DataError(
                _("{file}: {where}: {count} tokens in all, every region has {needed}").format(
                    file=path, where=where, count=count, needed=TOKENS_PER_REGION
                )
            )
        book_for = places.region(path, f"{where} > book_token_for", entry.book_token_for)
        if book_for == r:
            raise DataError(
                _(
                    "{file}: {where}: the knowledge token found at {name} counts for another region"
                ).format(file=path, where=f"{where} > book_token_for", name=name)
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
                _("{file}: {where}: no value-1 artifact for the site (rule {rule})").format(
                    file=path, where=f"{where} > artifacts", rule="S5"
                )
            )
        bags.site_bonus.append(bonus)
        bags.bag_tokens.append(tuple(t for t in ids if t != bonus))
        bags.debris.append(entry.debris)
    return bags


def _entry(key: str, number: int) -> str:
    """An entry of a data file's list ``key``, counting from 1: "edges > entry 3"."""
    # TRANSLATORS: an entry of a list in a data file: "edges > entry 3".
    return f"{key} > " + pgettext("data file", "entry {number}").format(number=number)


def _book_name(region: str) -> str:
    return f"{region} book"


def _check_artifact_names(path: Path, tokens: TokensFile, sites: tuple[str, ...]) -> None:
    """Game files name the tokens found by name, so no two tokens may share one: artifact
    names differ from each other and from the knowledge tokens' and debris (ignoring case)."""
    knowledge, debris = _("a knowledge token"), _("debris")
    reserved = {_book_name(site).casefold(): knowledge for site in sites}
    reserved[GENERAL_TOKEN_NAME.casefold()] = knowledge
    reserved[DEBRIS_NAME.casefold()] = debris
    seen: dict[str, str] = {}
    for region, entry in tokens.regions.items():
        for n, artifact in enumerate(entry.artifacts, 1):
            where = f"{path}: regions > {region} > {_entry('artifacts', n)}"
            key = artifact.name.casefold()
            if key in reserved:
                raise DataError(
                    # TRANSLATORS: {like} is "a knowledge token" or "debris".
                    _("{where}: the artifact {name} is named like {like}").format(
                        where=where, name=repr(artifact.name), like=reserved[key]
                    )
                )
            if key in seen:
                raise DataError(
                    _(
                        "{where}: the artifact name {name} is used twice ({first} and {second})"
                    ).format(where=where, name=repr(artifact.name), first=seen[key], second=region)
                )
            seen[key] = region


def _cards(
    path: Path, cards: CardsFile, places: _Places, artifacts: list[int]
) -> list[Card | None]:
    """The card table, indexed by id: researchers and exhibitions share ids 1, 2, 3, ..."""
    if len(cards.researchers) != RESEARCHER_CARD_COUNT:
        raise DataError(
            _("{file}: researchers: {count} cards listed, the game has {needed}").format(
                file=path, count=len(cards.researchers), needed=RESEARCHER_CARD_COUNT
            )
        )
    if len(cards.exhibitions) != EXHIBITION_COUNT:
        raise DataError(
            _("{file}: exhibitions: {count} listed, the game has {needed}").format(
                file=path, count=len(cards.exhibitions), needed=EXHIBITION_COUNT
            )
        )
    all_ids = [c.id for c in cards.researchers] + [e.id for e in cards.exhibitions]
    if sorted(all_ids) != list(range(1, len(all_ids) + 1)):
        repeated = [i for i, n in Counter(all_ids).items() if n > 1]
        if repeated:
            message = _("{file}: id {id} is used twice").format(file=path, id=repeated[0])
        else:
            message = _("{file}: ids must run 1, 2, 3, ...").format(file=path)
        raise DataError(message)
    table: list[Card | None] = [None] * (len(all_ids) + 1)
    for n, researcher in enumerate(cards.researchers, 1):
        where = _entry("researchers", n)
        table[researcher.id] = _researcher(path, where, researcher, places)
    for n, e in enumerate(cards.exhibitions, 1):
        table[e.id] = _exhibition(path, _entry("exhibitions", n), e, places, artifacts)
    return table


def _researcher(path: Path, where: str, card: ResearcherEntry, places: _Places) -> Card:
    where = f"{where} (id {card.id})"
    home = places.city(path, where, card.city)
    if home == places.exchange_city:
        raise DataError(
            _("{file}: {where}: no card is taken in {city} (rule {rule})").format(
                file=path, where=where, city=places.cities[home], rule="A1"
            )
        )
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
                _("{file}: {where}: {count} {region} artifacts, the game has {available}").format(
                    file=path,
                    where=f"{where} > requires",
                    count=count,
                    region=name,
                    available=artifacts[r],
                )
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
    neighbours: list[list[int]] = [[] for _node in range(count)]
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
                _("{file}: edges: {place} cannot be reached from {origin}").format(
                    file=path, place=names[dist.index(-1)], origin=names[origin]
                )
            )
        rows.append(tuple(dist))
    return tuple(rows)
