"""The game file: a readable JSON record of a whole game, and its checks.

A file holds a header (format and rules version, seed, seats, options), the four display
cards dealt at setup, then one line per action: who acted, the action in the canonical
notation, and what chance gave (the cards that came off the deck, the tokens that came out
of the bag and how much debris). Replaying uses those outcomes, not a random generator, so
a file replays the same everywhere. The digest of the final state closes the file.

This module reads, checks and writes files; :mod:`thebes.session` replays them.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from thebes.model import GameState

FORMAT: Literal["thebes-game"] = "thebes-game"
FORMAT_VERSION = 1
# Changes whenever a rules change would make old games replay differently.
RULES_VERSION = "thebes-2007.1"
COLOURS = ("red", "blue", "green", "yellow")


class RecordError(Exception):
    """A game file that cannot be used; the message names the file and, where it applies,
    the action number."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class SeatRecord(_Strict):
    name: Annotated[str, Field(min_length=1, max_length=24)]
    colour: str
    kind: Literal["human", "bot"]
    bot: str | None = None

    @model_validator(mode="after")
    def _bot_level_only_for_bots(self) -> SeatRecord:
        if (self.kind == "bot") != (self.bot is not None):
            raise ValueError("a bot seat names its level in 'bot'; a human seat has none")
        return self


class Options(_Strict):
    undo: bool = True


class ActionRecord(_Strict):
    player: str
    action: str
    cards: list[int] = Field(default_factory=list)  # drawn from the deck, in order
    found: list[str] = Field(default_factory=list)  # tokens kept from the bag, by name
    debris: int | None = None  # debris drawn (digs only)


class GameRecord(_Strict):
    format: Literal["thebes-game"]
    format_version: int
    rules_version: str
    seed: int
    players: Annotated[list[SeatRecord], Field(min_length=2, max_length=4)]
    options: Options
    setup: list[int]  # the display cards dealt at setup
    actions: list[ActionRecord]
    digest: str


def state_digest(state: GameState) -> str:
    """A short fingerprint of everything in the state (not the catalog)."""
    deck = state.deck
    data: list[Any] = [
        [
            [
                p.name,
                p.location,
                p.time,
                p.arrival,
                p.permits_used,
                p.cards,
                p.exhibitions,
                p.tokens,
            ]
            for p in state.players
        ],
        state.display,
        state.exhibitions,
        [deck.unseen, [[p.hidden, p.known] for p in deck.piles], deck.discard, deck.reshuffles],
        [deck.reserve.hidden, deck.reserve.known] if deck.reserve else None,
        state.bags,
        state.site_bonus,
        [state.clock, state.last_actor, state.exchange_streak, state.actions_taken],
    ]
    text = json.dumps(data, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()[:32]


def dump_record(record: GameRecord) -> str:
    """The file text: the header one field a line, then one line per action (easy to diff)."""
    header = record.model_dump(exclude={"actions", "digest"})
    lines = ["{"]
    for key, value in header.items():
        lines.append(f"  {json.dumps(key)}: {json.dumps(value)},")
    lines.append('  "actions": [')
    actions = [
        json.dumps(a.model_dump(exclude_defaults=True), ensure_ascii=False) for a in record.actions
    ]
    lines += [f"    {a}," for a in actions[:-1]] + [f"    {a}" for a in actions[-1:]]
    lines.append("  ],")
    lines.append(f'  "digest": {json.dumps(record.digest)}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_atomically(path: Path, text: str) -> None:
    """Write a temporary file beside ``path``, flush it to disk, then rename it over ``path``:
    an interruption at any moment leaves either the old file or the new one, whole."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with temporary.open("w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def read_record(path: Path) -> GameRecord:
    """Read and check a game file's shape (the replay checks its actions)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise RecordError(f"{path}: cannot read the file ({reason})") from None
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        if text.lstrip().startswith("{") and not text.rstrip().endswith("}"):
            raise RecordError(
                f"{path}: the file ends too early (truncated?) at line {exc.lineno}"
            ) from None
        raise RecordError(
            f"{path}: not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise RecordError(f'{path}: not a thebes game file (no "format": "{FORMAT}")')
    version = raw.get("format_version")
    if isinstance(version, int) and version != FORMAT_VERSION:
        raise RecordError(
            f"{path}: format version {version} is not supported "
            f"(this thebes reads version {FORMAT_VERSION})"
        )
    try:
        return GameRecord.model_validate(raw)
    except ValidationError as exc:
        raise RecordError(f"{path}: {_describe(exc)}") from None


def _describe(exc: ValidationError) -> str:
    error = exc.errors()[0]
    loc = list(error["loc"])
    if error["type"] == "missing":
        field = loc.pop()
        what = f"missing field {field!r}"
    elif error["type"] == "extra_forbidden":
        field = loc.pop()
        what = f"unknown field {field!r}"
    else:
        what = error["msg"]
    if len(loc) >= 2 and loc[0] == "actions" and isinstance(loc[1], int):
        where = f"action {loc[1] + 1}" + "".join(f" > {part}" for part in loc[2:])
    else:
        where = " > ".join(str(part) for part in loc)
    return f"{where}: {what}" if where else what
