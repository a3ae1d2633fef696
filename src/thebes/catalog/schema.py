"""Reading the data files: regular files of bounded size and shape, parsed with
``yaml.safe_load`` and validated with pydantic against the schema below. Every refusal is one
:class:`DataError` naming the file and the entry; no other exception escapes for any content.
The game's own invariants across entries are checked by :mod:`thebes.catalog.loading` as it builds.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeVar

import yaml
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    model_validator,
)

from thebes.catalog.components import (
    BAG_SIZE,
    CARD_IDS,
    LEGEND_VALUE,
    TOKENS_PER_REGION,
    WEEKS_PER_YEAR,
    WHEEL_SIZE,
    DataError,
    ExhibitionSize,
)
from thebes.catalog.kinds import KINDS, RESEARCHER_KINDS, CardKind
from thebes.language import _, ngettext, pgettext
from thebes.safeio.reading import DATA_FILE, FileRefused, read_bounded_text

# Limits of the data files (docs/data.md).
# Bounds on what a data file may hold (docs/data.md): each number within its domain, and the
# file small and shallow enough to read quickly whatever it contains.
MAX_FILE_BYTES = 64 * 1024  # the real files are under 8 KB

MAX_DEPTH = 8  # nesting of lists and mappings; the real files need 5

MAX_SCALAR = 100  # characters in one value (a name or a number)

MAX_NAME = 60  # characters in a name

MAX_CITIES = 32

MAX_WEEKS = WEEKS_PER_YEAR  # weeks a card or an exhibition costs: at most a year

MAX_VP = 10  # VP of one artifact or one exhibition

_M = TypeVar("_M", bound=BaseModel)


def _clean_name(name: str) -> str:
    if not name.isprintable():
        raise ValueError(_("a name holds printable characters only"))
    if name != name.strip():
        raise ValueError(_("a name does not start or end with spaces"))
    return name


Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME), AfterValidator(_clean_name)]

Weeks = Annotated[int, Field(ge=1, le=MAX_WEEKS)]

VP = Annotated[int, Field(ge=1, le=MAX_VP)]

CardId = Annotated[int, Field(ge=1, le=CARD_IDS)]

if TYPE_CHECKING:
    ResearcherKindName = str
else:
    # One of the names of the kinds table: a Literal subscripted with a tuple is one of its
    # items, so pydantic checks it (and words a refusal) as if they were written out here.
    ResearcherKindName = Literal[tuple(RESEARCHER_KINDS)]


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
    kind: ResearcherKindName
    region: Name | None = None
    value: Annotated[int, Field(ge=1, le=WHEEL_SIZE)] | None = None  # knowledge points
    city: Name
    weeks: Weeks

    @model_validator(mode="after")
    def _fields_fit_kind(self) -> ResearcherEntry:
        kind = RESEARCHER_KINDS[self.kind]
        needs_region = KINDS[kind].has_region
        needs_value = KINDS[kind].has_value
        # TRANSLATORS: {kind} is a card's kind as a data file names it (special_permit).
        if needs_region and self.region is None:
            raise ValueError(_("a {kind} card needs region").format(kind=self.kind))
        if not needs_region and self.region is not None:
            raise ValueError(_("a {kind} card has no region").format(kind=self.kind))
        if needs_value and self.value is None:
            raise ValueError(_("a {kind} card needs value").format(kind=self.kind))
        if not needs_value and self.value is not None:
            raise ValueError(_("a {kind} card has no value").format(kind=self.kind))
        if kind is CardKind.LEGEND and self.value != LEGEND_VALUE:
            raise ValueError(
                _("a legend card is worth {value} points ({rule})").format(
                    value=LEGEND_VALUE, rule="A3.4"
                )
            )
        return self


class ExhibitionEntry(_Strict):
    id: CardId
    size: ExhibitionSize
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


def read_data_file(path: Path, model: type[_M]) -> _M:
    """One data file, read, parsed and validated against ``model``; else one DataError."""
    raw = _parse_yaml(path, _read_text(path))
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = _describe_location(raw, error["loc"])
        more = exc.error_count() - 1
        if more:
            # TRANSLATORS: {problem} is the first problem found in a data file. (The English
            # says "problems" whatever the count.)
            problem = ngettext(
                "{problem} (and {count} more problems)",
                "{problem} (and {count} more problems)",
                more,
            ).format(problem=error["msg"], count=more)
        else:
            problem = error["msg"]
        raise DataError(f"{path}: {where}: {problem}") from None


def _read_text(path: Path) -> str:
    """The file's text, if it is a regular file of at most MAX_FILE_BYTES bytes of UTF-8
    (:func:`thebes.safeio.reading.read_bounded_text`: checked before opening, never read past
    the limit)."""
    try:
        return read_bounded_text(path, limit=MAX_FILE_BYTES, what=DATA_FILE)
    except FileRefused as exc:
        raise DataError(f"{path}: {exc}") from None


def _parse_yaml(path: Path, text: str) -> Any:
    """``yaml.safe_load`` of ``text``, after :func:`_check_yaml_shape` has bounded it."""
    try:
        _check_yaml_shape(path, text)
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        if "nesting depth" in str(getattr(exc, "problem", "")) and mark is not None:
            # libyaml (PyYAML 6.0.4 on) has a nesting limit of its own, met while it looks
            # ahead, before the event that would reach MAX_DEPTH: the same refusal.
            line = mark.line + 1
            raise DataError(_nested(path, line)) from None
        reason = _show(_first_line(exc), 120)
        if mark is not None:
            # TRANSLATORS: {reason} is the YAML parser's, in English.
            message = _("{file}: not valid YAML at line {line}: {reason}").format(
                file=path, line=mark.line + 1, reason=reason
            )
        else:
            message = _("{file}: not valid YAML: {reason}").format(file=path, reason=reason)
        raise DataError(message) from None
    except RecursionError:  # not expected after the depth check; never a traceback
        raise DataError(_("{file}: nested too deeply").format(file=path)) from None
    except (ValueError, TypeError, IndexError, OverflowError) as exc:
        # PyYAML's constructors raise these for some scalars (a date such as 2001-02-30,
        # an integer past Python's digit limit); the file is not valid either way.
        raise DataError(
            _("{file}: not valid YAML: {reason}").format(
                file=path, reason=_show(_first_line(exc), 120)
            )
        ) from None


def _nested(path: Path, line: int) -> str:
    return _("{file}: line {line}: nested more than {most} levels deep").format(
        file=path, line=line, most=MAX_DEPTH
    )


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
            raise DataError(
                _("{file}: line {line}: anchors and aliases (& and *) are not used").format(
                    file=path, line=line
                )
            )
        tag = getattr(event, "tag", None)
        if tag is not None:
            raise DataError(
                _("{file}: line {line}: explicit tags (such as {tag}) are not used").format(
                    file=path, line=line, tag=_show(tag)
                )
            )
        parent = open_nodes[-1] if open_nodes else None
        if parent is not None:  # inside a mapping: keys and values alternate
            keys, is_key = parent
            parent[1] = not is_key
            if is_key and isinstance(event, yaml.ScalarEvent):
                if event.value in keys:
                    raise DataError(
                        _("{file}: line {line}: key {key} is repeated").format(
                            file=path, line=line, key=_show(event.value)
                        )
                    )
                keys.add(event.value)
        if isinstance(event, yaml.ScalarEvent):
            if len(event.value) > MAX_SCALAR:
                raise DataError(
                    _("{file}: line {line}: a value of {count} characters (at most {most})").format(
                        file=path, line=line, count=len(event.value), most=MAX_SCALAR
                    )
                )
        else:
            open_nodes.append([set(), True] if isinstance(event, yaml.MappingStartEvent) else None)
            if len(open_nodes) > MAX_DEPTH:
                raise DataError(_nested(path, line))


def _first_line(exc: Exception) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


def _show(value: object, limit: int = 40) -> str:
    """A value from a data file, fit for a one-line message: printable and short."""
    try:
        text = value if isinstance(value, str) else str(value)
    except ValueError:  # an integer past Python's digit limit
        return _("a very long number")
    if not text.isprintable():
        text = repr(text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _describe_location(raw: Any, loc: tuple[int | str, ...]) -> str:
    """Turn a pydantic error location into words, naming list entries by their id or name."""
    if not loc:
        # TRANSLATORS: where a problem is in a data file: the whole file.
        return _("the file")
    parts: list[str] = []
    node = raw
    for key in loc:
        if isinstance(key, int) and isinstance(node, list):
            entry = node[key] if key < len(node) else None
            # TRANSLATORS: an entry of a list in a data file: "edges > entry 3".
            label = pgettext("data file", "entry {number}").format(number=key + 1)
            if isinstance(entry, dict) and ("id" in entry or "name" in entry):
                field = "id" if "id" in entry else "name"
                label += f" ({field} {_show(entry[field])})"
            parts.append(label)
            node = entry
        else:
            parts.append(_show(key))
            node = node.get(key) if isinstance(node, dict) else None
    return " > ".join(parts)
