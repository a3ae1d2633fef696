"""The game's components, loaded from ``data/*.yaml`` and checked.

This module owns the boundary between the data files and the engine: it reads only regular
files of bounded size and shape with ``yaml.safe_load``, validates them with pydantic and the
game's invariants (all listed in ``docs/data.md``; every refusal is one :class:`DataError`
naming the file and the entry, and no other exception escapes for any content), and builds a
:class:`Catalog` of plain tuples that the rules index by integer. It precomputes travel
times (breadth-first search over the board graph) and the fewest weeks each knowledge total
needs on the time wheel.

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
from typing import Annotated, Any, Literal, NamedTuple, TypeVar

import yaml
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    model_validator,
)

from thebes.card_kinds import CardKind as CardKind  # the catalog's cards have these kinds
from thebes.textfile import FileRefused, read_bounded_text

# How many of each component the game has; a data file that disagrees is refused.
RESEARCHER_CARD_COUNT = 85
EXHIBITION_COUNT = 10
TOKENS_PER_REGION = 31
BAG_SIZE = TOKENS_PER_REGION - 1  # the first-dig bonus artifact lies on the site (S5)
REGION_COUNT = 5
WHEEL_SIZE = 12  # knowledge 1..12 rows, weeks 1..12 columns
DISPLAY_SLOTS = 4
EXHIBITION_SLOTS = 3
EXHIBITION_LETTERS = "abc"  # K2: the exhibition slots, newest first
LEGEND_VALUE = 2  # A3.4: the specialized points a legend adds to one dig

# Bounds on what a data file may hold (docs/data.md): each number within its domain, and the
# file small and shallow enough to read quickly whatever it contains.
MAX_FILE_BYTES = 64 * 1024  # the real files are under 8 KB
MAX_DEPTH = 8  # nesting of lists and mappings; the real files need 5
MAX_SCALAR = 100  # characters in one value (a name or a number)
MAX_NAME = 60  # characters in a name
MAX_CITIES = 32
MAX_WEEKS = 52  # weeks a card or an exhibition costs: at most a year
MAX_VP = 10  # VP of one artifact or one exhibition
CARD_IDS = RESEARCHER_CARD_COUNT + EXHIBITION_COUNT
DEBRIS_NAME = "debris"
GENERAL_TOKEN_NAME = "General book"


_M = TypeVar("_M", bound=BaseModel)


class DataError(Exception):
    """A data file is missing, unreadable or wrong; the message names the file and the entry."""


class TokenKind(IntEnum):
    ARTIFACT = 0
    BOOK = 1  # specialized knowledge, 1 point for ``book_region``
    GENERAL = 2  # general knowledge, 1 point


# ---------------------------------------------------------------- file schemas (pydantic)


def _clean_name(name: str) -> str:
    if not name.isprintable():
        raise ValueError("a name holds printable characters only")
    if name != name.strip():
        raise ValueError("a name does not start or end with spaces")
    return name


Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME), AfterValidator(_clean_name)]
Weeks = Annotated[int, Field(ge=1, le=MAX_WEEKS)]
VP = Annotated[int, Field(ge=1, le=MAX_VP)]
CardId = Annotated[int, Field(ge=1, le=CARD_IDS)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class BoardFile(_Strict):
    cities: Annotated[list[Name], Field(min_length=1, max_length=MAX_CITIES)]
    sites: list[Name]
    start: Name
    exchange_city: Name
    edges: list[Annotated[list[Name], Field(min_length=2, max_length=2)]]
    time_wheel: dict[
        Annotated[int, Field(ge=1, le=WHEEL_SIZE)], list[Annotated[int, Field(ge=0, le=BAG_SIZE)]]
    ]


class ResearcherEntry(_Strict):
    id: CardId
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
    value: Annotated[int, Field(ge=1, le=WHEEL_SIZE)] | None = None  # knowledge points
    city: Name
    weeks: Weeks

    @model_validator(mode="after")
    def _fields_fit_kind(self) -> ResearcherEntry:
        needs_region = self.kind in ("book", "legend")
        needs_value = self.kind in ("book", "legend", "general")
        if needs_region != (self.region is not None):
            raise ValueError(f"a {self.kind} card {'needs' if needs_region else 'has no'} region")
        if needs_value != (self.value is not None):
            raise ValueError(f"a {self.kind} card {'needs' if needs_value else 'has no'} value")
        if self.kind == "legend" and self.value != LEGEND_VALUE:
            raise ValueError(f"a legend card is worth {LEGEND_VALUE} points (A3.4)")
        return self


class ExhibitionEntry(_Strict):
    id: CardId
    size: Literal["small", "large"]
    city: Name
    weeks: Weeks
    vp: VP
    requires: Annotated[
        dict[Name, Annotated[int, Field(ge=1, le=TOKENS_PER_REGION)]], Field(min_length=1)
    ]


class CardsFile(_Strict):
    researchers: list[ResearcherEntry]
    exhibitions: list[ExhibitionEntry]


class ArtifactEntry(_Strict):
    name: Name
    value: VP


class RegionTokens(_Strict):
    book_token_for: Name
    general_tokens: Literal[1]
    debris: Annotated[int, Field(ge=0, le=TOKENS_PER_REGION)]
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
    """One data file, read, parsed and validated against ``model``; else one DataError."""
    raw = _parse_yaml(path, _read_text(path))
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = _describe_location(raw, error["loc"])
        more = f" (and {exc.error_count() - 1} more problems)" if exc.error_count() > 1 else ""
        raise DataError(f"{path}: {where}: {error['msg']}{more}") from None


def _read_text(path: Path) -> str:
    """The file's text, if it is a regular file of at most MAX_FILE_BYTES bytes of UTF-8
    (:func:`thebes.textfile.read_bounded_text`: checked before opening, never read past
    the limit)."""
    try:
        return read_bounded_text(path, limit=MAX_FILE_BYTES, what="data file")
    except FileRefused as exc:
        raise DataError(f"{path}: {exc}") from None


def _parse_yaml(path: Path, text: str) -> Any:
    """``yaml.safe_load`` of ``text``, after :func:`_check_yaml_shape` has bounded it."""
    try:
        _check_yaml_shape(path, text)
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise DataError(f"{path}: not valid YAML{where}: {_show(_first_line(exc), 120)}") from None
    except RecursionError:  # not expected after the depth check; never a traceback
        raise DataError(f"{path}: nested too deeply") from None
    except (ValueError, TypeError, IndexError, OverflowError) as exc:
        # PyYAML's constructors raise these for some scalars (a date such as 2001-02-30,
        # an integer past Python's digit limit); the file is not valid either way.
        raise DataError(f"{path}: not valid YAML: {_show(_first_line(exc), 120)}") from None


_EVENT_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _check_yaml_shape(path: Path, text: str) -> None:
    """Refuse, before anything is built, what no data file needs: nesting deeper than
    MAX_DEPTH, values longer than MAX_SCALAR characters, anchors and aliases (a few lines
    of them expand into millions of entries), explicit tags, and repeated mapping keys
    (PyYAML would silently keep the last one). Walks the event stream, so deep nesting
    costs no recursion; libyaml's event parser is used when PyYAML has it (ten times faster
    than the pure-Python one, which ``safe_load`` then runs on a file known to be sound)."""
    # Per open collection: None for a sequence; for a mapping, [keys seen, next is a key].
    open_nodes: list[list[Any] | None] = []
    for event in yaml.parse(text, Loader=_EVENT_LOADER):
        line = event.start_mark.line + 1 if event.start_mark is not None else 0
        if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            open_nodes.pop()
            continue
        if not isinstance(event, yaml.NodeEvent):
            continue
        if isinstance(event, yaml.AliasEvent) or event.anchor is not None:
            raise DataError(f"{path}: line {line}: anchors and aliases (& and *) are not used")
        tag = getattr(event, "tag", None)
        if tag is not None:
            raise DataError(
                f"{path}: line {line}: explicit tags (such as {_show(tag)}) are not used"
            )
        parent = open_nodes[-1] if open_nodes else None
        if parent is not None:  # inside a mapping: keys and values alternate
            keys, is_key = parent
            parent[1] = not is_key
            if is_key and isinstance(event, yaml.ScalarEvent):
                if event.value in keys:
                    raise DataError(f"{path}: line {line}: key {_show(event.value)} is repeated")
                keys.add(event.value)
        if isinstance(event, yaml.ScalarEvent):
            if len(event.value) > MAX_SCALAR:
                raise DataError(
                    f"{path}: line {line}: a value of {len(event.value)} characters "
                    f"(at most {MAX_SCALAR})"
                )
        else:
            open_nodes.append([set(), True] if isinstance(event, yaml.MappingStartEvent) else None)
            if len(open_nodes) > MAX_DEPTH:
                raise DataError(f"{path}: line {line}: nested more than {MAX_DEPTH} levels deep")


def _first_line(exc: Exception) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


def _show(value: object, limit: int = 40) -> str:
    """A value from a data file, fit for a one-line message: printable and short."""
    try:
        text = value if isinstance(value, str) else str(value)
    except ValueError:  # an integer past Python's digit limit
        return "a very long number"
    if not text.isprintable():
        text = repr(text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


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
                field = "id" if "id" in entry else "name"
                label += f" ({field} {_show(entry[field])})"
            parts.append(label)
            node = entry
        else:
            parts.append(_show(key))
            node = node.get(key) if isinstance(node, dict) else None
    return " > ".join(parts)


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
        kind=CardKind[card.kind.upper()],
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
        large=card.size == "large",
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
