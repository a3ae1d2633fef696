"""The game's components, loaded from ``data/*.yaml`` and checked.

This module owns the boundary between the data files and the engine: it reads the files with
``yaml.safe_load``, validates them with pydantic (every refusal is one :class:`DataError`
naming the file and the entry), and builds a :class:`Catalog` of plain tuples that the rules
index by integer. It precomputes travel times (breadth-first search over the board graph) and
the fewest weeks each knowledge total needs on the time wheel.

Integer ids used everywhere in the engine:
- locations: cities first, then sites, in the order of ``board.yaml``;
- regions: 0..4, the sites in ``board.yaml`` order (region ``r`` is location ``site_base + r``);
- cards: researcher cards and exhibitions share one id space (``cards.yaml``); 0 means "none";
- tokens: 1.. in ``tokens.yaml`` order, per region its artifacts, then its specialized-knowledge
  token, then its general-knowledge token. Debris is not numbered: it always goes back into
  its bag, so a bag just holds a fixed count of it.
"""

from __future__ import annotations

import importlib.resources
import os
from collections import Counter, deque
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

# How many of each component the game has; a data file that disagrees is refused.
RESEARCHER_CARD_COUNT = 85
EXHIBITION_COUNT = 10
TOKENS_PER_REGION = 31
REGION_COUNT = 5
WHEEL_SIZE = 12  # knowledge 1..12 rows, weeks 1..12 columns
DISPLAY_SLOTS = 4
EXHIBITION_SLOTS = 3


_M = TypeVar("_M", bound=BaseModel)


class DataError(Exception):
    """A data file is missing, unreadable or wrong; the message names the file and the entry."""


class CardKind(IntEnum):
    BOOK = 0
    LEGEND = 1
    GENERAL = 2
    ASSISTANT = 3
    SHOVEL = 4
    CAR = 5
    ZEPPELIN = 6
    SPECIAL_PERMIT = 7
    CONGRESS = 8
    EXHIBITION = 9


class TokenKind(IntEnum):
    ARTIFACT = 0
    BOOK = 1  # specialized knowledge, 1 point for ``book_region``
    GENERAL = 2  # general knowledge, 1 point


# ---------------------------------------------------------------- file schemas (pydantic)

Name = Annotated[str, Field(min_length=1)]
Positive = Annotated[int, Field(ge=1)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class BoardFile(_Strict):
    cities: list[Name]
    sites: list[Name]
    start: Name
    exchange_city: Name
    edges: list[Annotated[list[Name], Field(min_length=2, max_length=2)]]
    time_wheel: dict[int, list[Annotated[int, Field(ge=0)]]]


class ResearcherEntry(_Strict):
    id: Positive
    kind: Literal[
        "book",
        "legend",
        "general",
        "assistant",
        "shovel",
        "car",
        "zeppelin",
        "special_permit",
        "congress",
    ]
    region: Name | None = None
    value: Positive | None = None
    city: Name
    weeks: Positive

    @model_validator(mode="after")
    def _fields_fit_kind(self) -> ResearcherEntry:
        needs_region = self.kind in ("book", "legend")
        needs_value = self.kind in ("book", "legend", "general")
        if needs_region != (self.region is not None):
            raise ValueError(f"a {self.kind} card {'needs' if needs_region else 'has no'} region")
        if needs_value != (self.value is not None):
            raise ValueError(f"a {self.kind} card {'needs' if needs_value else 'has no'} value")
        return self


class ExhibitionEntry(_Strict):
    id: Positive
    size: Literal["small", "large"]
    city: Name
    weeks: Positive
    vp: Positive
    requires: dict[Name, Positive]


class CardsFile(_Strict):
    researchers: list[ResearcherEntry]
    exhibitions: list[ExhibitionEntry]


class ArtifactEntry(_Strict):
    name: Name
    value: Positive


class RegionTokens(_Strict):
    book_token_for: Name
    general_tokens: Literal[1]
    debris: Annotated[int, Field(ge=0)]
    artifacts: list[ArtifactEntry]


class TokensFile(_Strict):
    regions: dict[Name, RegionTokens]


# ---------------------------------------------------------------- the runtime catalog


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    kind: CardKind
    region: int  # region index, or -1
    value: int  # points of a book / legend / general card, VP of an exhibition; else 0
    city: int  # location index
    weeks: int
    requires: tuple[int, ...]  # exhibitions: artifacts needed per region; else ()
    large: bool  # exhibitions: large (stack 3) or small (stack 2)


@dataclass(frozen=True, slots=True)
class Token:
    id: int
    region: int  # the bag it comes from
    kind: TokenKind
    value: int  # VP of an artifact; 1 for knowledge tokens
    name: str
    book_region: int  # BOOK tokens: the region it counts for; else -1


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every component, indexed by integer id. Built once; shared by every game state."""

    locations: tuple[str, ...]
    city_count: int
    start: int
    exchange_city: int
    edges: tuple[tuple[int, int], ...]
    travel: tuple[tuple[int, ...], ...]  # travel[a][b]: weeks on the shortest route
    wheel: tuple[tuple[int, ...], ...]  # wheel[k][w], k and w 0..12; row/column 0 all zero
    min_weeks: tuple[int, ...]  # min_weeks[k]: fewest weeks with wheel >= 1 (13: none)
    cards: tuple[Card | None, ...]  # cards[id]; cards[0] is None
    researcher_ids: tuple[int, ...]
    small_exhibition_ids: tuple[int, ...]
    large_exhibition_ids: tuple[int, ...]
    tokens: tuple[Token | None, ...]  # tokens[id]; tokens[0] is None
    bag_tokens: tuple[tuple[int, ...], ...]  # per region: the tokens that start in its bag
    site_bonus: tuple[int, ...]  # per region: the value-1 artifact lying on the site
    debris: tuple[int, ...]  # per region: debris tokens in the bag, always

    @property
    def regions(self) -> tuple[str, ...]:
        return self.locations[self.city_count :]

    @property
    def site_base(self) -> int:
        return self.city_count

    def card(self, card_id: int) -> Card:
        card = self.cards[card_id]
        if card is None:
            raise KeyError(card_id)
        return card

    def token(self, token_id: int) -> Token:
        token = self.tokens[token_id]
        if token is None:
            raise KeyError(token_id)
        return token

    def region_index(self, name: str) -> int:
        return self.regions.index(name)

    def location_index(self, name: str) -> int:
        return self.locations.index(name)


def default_data_dir() -> Path:
    """The data folder: $THEBES_DATA if set, else the installed package's, else ``data/`` at
    the top of the repository (an editable checkout)."""
    override = os.environ.get("THEBES_DATA")
    if override:
        return Path(override)
    packaged = Path(str(importlib.resources.files("thebes"))) / "data"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "data"


_default: Catalog | None = None


def default_catalog() -> Catalog:
    """The catalog from the default data folder, loaded once per process."""
    global _default
    if _default is None:
        _default = load_catalog(default_data_dir())
    return _default


def load_catalog(data_dir: Path) -> Catalog:
    """Read and check ``board.yaml``, ``cards.yaml`` and ``tokens.yaml`` in ``data_dir``."""
    board = _read(data_dir / "board.yaml", BoardFile)
    cards = _read(data_dir / "cards.yaml", CardsFile)
    tokens = _read(data_dir / "tokens.yaml", TokensFile)
    return _build(data_dir, board, cards, tokens)


def _read(path: Path, model: type[_M]) -> _M:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"{path}: cannot read the data file ({exc.strerror or exc})") from None
    try:
        raw = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise DataError(f"{path}: not valid YAML{where}: {_first_line(exc)}") from None
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = _describe_location(raw, error["loc"])
        more = f" (and {exc.error_count() - 1} more problems)" if exc.error_count() > 1 else ""
        raise DataError(f"{path}: {where}: {error['msg']}{more}") from None


def _first_line(exc: Exception) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


def _describe_location(raw: Any, loc: tuple[int | str, ...]) -> str:
    """Turn a pydantic error location into words, naming list entries by their id or name."""
    if not loc:
        return "the file"
    parts: list[str] = []
    node = raw
    for key in loc:
        if isinstance(key, int) and isinstance(node, list):
            entry = node[key] if key < len(node) else None
            label = f"entry {key + 1}"
            if isinstance(entry, dict) and ("id" in entry or "name" in entry):
                label += (
                    f" ({'id' if 'id' in entry else 'name'} {entry.get('id', entry.get('name'))})"
                )
            parts.append(label)
            node = entry
        else:
            parts.append(str(key))
            node = node.get(key) if isinstance(node, dict) else None
    return " > ".join(parts)


def _build(data_dir: Path, board: BoardFile, cards: CardsFile, tokens: TokensFile) -> Catalog:
    board_path = data_dir / "board.yaml"
    cards_path = data_dir / "cards.yaml"
    tokens_path = data_dir / "tokens.yaml"

    locations = (*board.cities, *board.sites)
    duplicates = [name for name, n in Counter(locations).items() if n > 1]
    if duplicates:
        raise DataError(f"{board_path}: location {duplicates[0]!r} is listed twice")
    if len(board.sites) != REGION_COUNT:
        raise DataError(
            f"{board_path}: sites: {len(board.sites)} sites listed, the game has {REGION_COUNT}"
        )
    index = {name: i for i, name in enumerate(locations)}
    city_count = len(board.cities)

    def city(path: Path, where: str, name: str) -> int:
        if name not in index or index[name] >= city_count:
            raise DataError(
                f"{path}: {where}: unknown city {name!r} (cities: {', '.join(board.cities)})"
            )
        return index[name]

    def region(path: Path, where: str, name: str) -> int:
        if name not in board.sites:
            raise DataError(
                f"{path}: {where}: unknown region {name!r} (regions: {', '.join(board.sites)})"
            )
        return board.sites.index(name)

    start = city(board_path, "start", board.start)
    exchange_city = city(board_path, "exchange_city", board.exchange_city)

    edges: list[tuple[int, int]] = []
    for n, (a, b) in enumerate(board.edges, 1):
        for end in (a, b):
            if end not in index:
                raise DataError(f"{board_path}: edges > entry {n}: unknown location {end!r}")
        if a == b:
            raise DataError(f"{board_path}: edges > entry {n}: {a} is joined to itself")
        edge = (min(index[a], index[b]), max(index[a], index[b]))
        if edge in edges:
            raise DataError(f"{board_path}: edges > entry {n}: {a}-{b} is listed twice")
        edges.append(edge)
    travel = _travel_times(len(locations), edges, board_path, locations)

    if sorted(board.time_wheel) != list(range(1, WHEEL_SIZE + 1)):
        raise DataError(
            f"{board_path}: time_wheel: needs one row for each knowledge total 1 to {WHEEL_SIZE}"
        )
    wheel = [(0,) * (WHEEL_SIZE + 1)]
    for k in range(1, WHEEL_SIZE + 1):
        row = board.time_wheel[k]
        if len(row) != WHEEL_SIZE:
            raise DataError(
                f"{board_path}: time_wheel > row {k}: has {len(row)} entries, needs {WHEEL_SIZE}"
            )
        wheel.append((0, *row))
    min_weeks = tuple(
        next((w for w in range(1, WHEEL_SIZE + 1) if wheel[k][w] >= 1), WHEEL_SIZE + 1)
        for k in range(WHEEL_SIZE + 1)
    )

    # Cards.
    if len(cards.researchers) != RESEARCHER_CARD_COUNT:
        raise DataError(
            f"{cards_path}: researchers: {len(cards.researchers)} cards listed, "
            f"the game has {RESEARCHER_CARD_COUNT}"
        )
    if len(cards.exhibitions) != EXHIBITION_COUNT:
        raise DataError(
            f"{cards_path}: exhibitions: {len(cards.exhibitions)} listed, "
            f"the game has {EXHIBITION_COUNT}"
        )
    all_ids = [c.id for c in cards.researchers] + [e.id for e in cards.exhibitions]
    if sorted(all_ids) != list(range(1, len(all_ids) + 1)):
        repeated = [i for i, n in Counter(all_ids).items() if n > 1]
        detail = f"id {repeated[0]} is used twice" if repeated else "ids must run 1, 2, 3, ..."
        raise DataError(f"{cards_path}: {detail}")
    table: list[Card | None] = [None] * (len(all_ids) + 1)
    for n, researcher in enumerate(cards.researchers, 1):
        where = f"researchers > entry {n} (id {researcher.id})"
        home = city(cards_path, where, researcher.city)
        if home == exchange_city:
            raise DataError(
                f"{cards_path}: {where}: no card is taken in {board.exchange_city} (rule A1)"
            )
        table[researcher.id] = Card(
            id=researcher.id,
            kind=CardKind[researcher.kind.upper()],
            region=region(cards_path, where, researcher.region)
            if researcher.region is not None
            else -1,
            value=researcher.value or 0,
            city=home,
            weeks=researcher.weeks,
            requires=(),
            large=False,
        )
    for n, e in enumerate(cards.exhibitions, 1):
        where = f"exhibitions > entry {n} (id {e.id})"
        needs = [0] * REGION_COUNT
        for name, count in e.requires.items():
            needs[region(cards_path, where, name)] = count
        table[e.id] = Card(
            id=e.id,
            kind=CardKind.EXHIBITION,
            region=-1,
            value=e.vp,
            city=city(cards_path, where, e.city),
            weeks=e.weeks,
            requires=tuple(needs),
            large=e.size == "large",
        )
    exhibitions = [c for c in table if c is not None and c.kind is CardKind.EXHIBITION]
    small = tuple(c.id for c in exhibitions if not c.large)
    large = tuple(c.id for c in exhibitions if c.large)
    if len(small) != len(large):
        raise DataError(
            f"{cards_path}: exhibitions: {len(small)} small and {len(large)} large; "
            "the game has as many of each"
        )

    # Tokens.
    if sorted(tokens.regions) != sorted(board.sites):
        missing = [name for name in board.sites if name not in tokens.regions]
        unknown = [name for name in tokens.regions if name not in board.sites]
        detail = f"unknown region {unknown[0]!r}" if unknown else f"region {missing[0]} missing"
        raise DataError(f"{tokens_path}: regions: {detail}")
    token_table: list[Token | None] = [None]
    bag_tokens: list[tuple[int, ...]] = []
    site_bonus: list[int] = []
    debris: list[int] = []
    for r, name in enumerate(board.sites):
        entry = tokens.regions[name]
        where = f"regions > {name}"
        count = len(entry.artifacts) + 1 + entry.general_tokens + entry.debris
        if count != TOKENS_PER_REGION:
            raise DataError(
                f"{tokens_path}: {where}: {count} tokens in all, every region has "
                f"{TOKENS_PER_REGION}"
            )
        book_for = region(tokens_path, f"{where} > book_token_for", entry.book_token_for)
        if book_for == r:
            raise DataError(
                f"{tokens_path}: {where} > book_token_for: the knowledge token found at {name} "
                "counts for another region"
            )
        first = len(token_table)
        for artifact in entry.artifacts:
            token_table.append(
                Token(len(token_table), r, TokenKind.ARTIFACT, artifact.value, artifact.name, -1)
            )
        token_table.append(
            Token(len(token_table), r, TokenKind.BOOK, 1, f"{entry.book_token_for} book", book_for)
        )
        token_table.append(Token(len(token_table), r, TokenKind.GENERAL, 1, "General book", -1))
        ids = tuple(range(first, len(token_table)))
        bonus = next((t for t in ids if _is_bonus(token_table[t])), 0)
        if bonus == 0:
            raise DataError(
                f"{tokens_path}: {where} > artifacts: no value-1 artifact for the site (rule S5)"
            )
        site_bonus.append(bonus)
        bag_tokens.append(tuple(t for t in ids if t != bonus))
        debris.append(entry.debris)

    return Catalog(
        locations=locations,
        city_count=city_count,
        start=start,
        exchange_city=exchange_city,
        edges=tuple(edges),
        travel=travel,
        wheel=tuple(wheel),
        min_weeks=min_weeks,
        cards=tuple(table),
        researcher_ids=tuple(
            c.id for c in table if c is not None and c.kind != CardKind.EXHIBITION
        ),
        small_exhibition_ids=small,
        large_exhibition_ids=large,
        tokens=tuple(token_table),
        bag_tokens=tuple(bag_tokens),
        site_bonus=tuple(site_bonus),
        debris=tuple(debris),
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
