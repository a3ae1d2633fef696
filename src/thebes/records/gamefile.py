"""The game file: a readable JSON record of a whole game, and its checks.

A file holds a header (format and rules version, the seed or null for a game drawn from
the operating system's randomness, seats, options, and the variants played if there are
any: a game without variants is written exactly as before they existed), the four display
cards dealt at setup, then one line per action: who acted, the action in the canonical
notation, and what chance gave (the cards that came off the deck, the tokens that came out
of the bag and how much debris). Replaying uses those outcomes, not a random generator, so
a file replays the same everywhere. A digest closes the file: in format version 2 it covers
the whole record and the final state, so an edited header is refused like an edited action;
version 1 files (the final state alone) are still read.

Reading is bounded (docs/game-files.md): a regular file of at most 1 MB of UTF-8, JSON
nested at most 8 levels with numbers of at most 20 digits, every header field within its
domain; anything else is one :class:`RecordError` naming the file, never another exception.

Two marks about hints are written only when they say something, like the variants: an
action taken after its player asked for a hint carries ``"hinted": true``, and a game played
with ``--no-hints`` has ``"hints": false`` among its options. Both are part of the record and
so of the digest (a mark taken out by hand is refused like any other edit), and a file
without them is written and digested exactly as before hints existed. The same holds for
``"confirm": false`` (actions chosen by number are not confirmed in this game), for
``"expert_budget": N`` (the expert bots' simulations a move), written when an expert plays,
and for ``"stood_in": LEVEL`` on an action a bot of that level played for a person whose
time ran out (`thebes server`'s clock), which no version 1 file may carry: its digest,
the final state's alone, would not guard who played.
This module reads, checks and writes files; :mod:`thebes.records.session` replays them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    ValidationError,
    field_validator,
    model_serializer,
    model_validator,
)

from thebes.bots.levels import BOT_LEVELS, BUDGET_OPTION
from thebes.catalog.components import CARD_IDS, TOKENS_PER_REGION
from thebes.catalog.schema import MAX_NAME as MAX_TOKEN_NAME
from thebes.errors import EXIT_USAGE, ThebesError
from thebes.language import N_, _
from thebes.records.invalid import describe_invalid
from thebes.records.narration import listing
from thebes.rules import VARIANT_NAMES, GameState
from thebes.safeio.json_limits import JsonRefused, loads_bounded
from thebes.safeio.reading import GAME_FILE, FileRefused, read_bounded_text
from thebes.safeio.text import MAX_ACTION, MAX_NAME, clipped, name_problem, printable, shown

FORMAT: Literal["thebes-game"] = "thebes-game"
# Version 2: the digest covers the whole record (header and actions) beside the final state.
# Version 1 files (the digest of the final state alone) are still read.
FORMAT_VERSION: Literal[2] = 2
READABLE_VERSIONS = (1, 2)
# The rules versions, oldest first, each with the rules whose reading it changed ("base" for
# the 2007 game, or a variant's name) and what changed. A rules change that would make old
# games replay differently adds a version. A file is written with the last version that
# changed a rule it plays, so a game none of the changes touch keeps the file it always had,
# and a file is refused if a rule it plays was changed after its version.
RULES_VERSIONS: dict[str, tuple[frozenset[str], str]] = {
    "thebes-2007.1": (frozenset({"base"}), N_("the 2007 rules")),
    "thebes-2007.2": (
        frozenset({"steady-digs"}),
        # TRANSLATORS: what rules version thebes-2007.2 changed; steady-digs is a variant's
        # name, as the command line writes it.
        N_("steady-digs as the 2004 rules print it, where it was bags of 30 tokens before"),
    ),
}
COLOURS = ("red", "blue", "green", "yellow")

# Bounds on what a game file may hold (docs/game-files.md). A real game is a few tens of
# KB and nests 4 levels (the record, its actions, one action, its cards): the limits leave
# room for any game while keeping a hostile file cheap to refuse.
MAX_FILE_BYTES = 1024 * 1024
MAX_DEPTH = 8
MAX_DIGITS = 20  # enough for any 64-bit number; Python refuses to convert 4,301+ digits
# A seed is any 64-bit number, signed or not (the draws use it modulo 2**64).
MIN_SEED = -(2**63)
MAX_SEED = 2**64 - 1
MAX_DIGEST = 80
# Every action moves its player on at least a week (or to the end, retiring), so a game of
# 4 players has fewer than 4 * END_TIME + 4 actions (628: END_TIME is the weeks of 3 years).
MAX_ACTIONS = 1000


def rules_played(variants: Sequence[str]) -> frozenset[str]:
    return frozenset({"base", *variants})


def rules_version_for(variants: Sequence[str]) -> str:
    """The rules version a game with ``variants`` is written with (RULES_VERSIONS)."""
    played = rules_played(variants)
    return [v for v, (changed, _what) in RULES_VERSIONS.items() if changed & played][-1]


def rules_version_problem(version: str, variants: Sequence[str]) -> str | None:
    """Why a file of rules ``version`` with ``variants`` would not replay as it was played
    under this program's rules, or None if it would."""
    if version not in RULES_VERSIONS:
        known = ", ".join(RULES_VERSIONS)
        return _("rules version {version} is not one this program knows ({known})").format(
            version=shown(clipped(version)), known=known
        )
    played = rules_played(variants)
    later = list(RULES_VERSIONS)[list(RULES_VERSIONS).index(version) + 1 :]
    for newer in later:
        changed, what = RULES_VERSIONS[newer]
        if changed & played:
            rules = listing(
                sorted(_("the 2007 rules") if r == "base" else r for r in changed & played)
            )
            # The reason first: a listing of saved games shows only the start of it.
            # TRANSLATORS: {rules} is "the 2007 rules" or variants' names; {newer} is a rules
            # version ('thebes-2007.2') and {what} what it changed.
            return _(
                "{rules} changed since it was played under rules version {version} "
                "({newer}: {what}): the game would not replay as it was played"
            ).format(rules=rules, version=repr(version), newer=repr(newer), what=_(what))
    return None


class RecordError(ThebesError):
    """A game file that cannot be used; the message names the file and, where it applies,
    the action number."""

    exit_code = EXIT_USAGE


def known_level(bot: str | None) -> str | None:
    """``bot`` if it is None or a bot level; else ValueError, naming the levels."""
    if bot is not None and bot not in BOT_LEVELS:
        raise ValueError(
            _("the bot level {level} is not one of {levels}").format(
                level=shown(clipped(bot)), levels=", ".join(BOT_LEVELS)
            )
        )
    return bot


class _Strict(BaseModel):
    # Lists are validated with fail_fast: only the first problem is reported anyway, and
    # collecting one for each of 300,000 damaged entries took seconds.
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


CardId = Annotated[int, Field(ge=1, le=CARD_IDS)]


class SeatRecord(_Strict):
    name: Annotated[str, Field(min_length=1, max_length=MAX_NAME)]
    colour: str
    kind: Literal["human", "bot"]
    bot: str | None = None
    # A person's seat that a bot took over (hosted games): the bot in ``bot`` played it from
    # the action with this number (counted from 0) on. Written only then.
    bot_from: Annotated[int, Field(ge=0, le=MAX_ACTIONS)] | None = None

    @field_validator("name")
    @classmethod
    def _name_is_printable(cls, name: str) -> str:
        problem = name_problem(name)
        if problem is not None:
            raise ValueError(problem)
        return name

    @field_validator("colour")
    @classmethod
    def _known_colour(cls, colour: str) -> str:
        # The prompt styles a player's name with it: an unknown colour would crash it.
        if colour not in COLOURS:
            raise ValueError(
                _("the colour {colour} is not one of {colours}").format(
                    colour=shown(clipped(colour)), colours=", ".join(COLOURS)
                )
            )
        return colour

    @field_validator("bot")
    @classmethod
    def _known_level(cls, bot: str | None) -> str | None:
        return known_level(bot)

    @model_validator(mode="after")
    def _bot_level_only_for_bots(self) -> SeatRecord:
        taken_over = self.bot_from is not None
        if taken_over and self.kind != "human":
            raise ValueError(
                # TRANSLATORS: {field} is a game file's field, 'bot_from'.
                _("{field} is for a person's seat a bot took over").format(field="'bot_from'")
            )
        if (self.kind == "bot" or taken_over) != (self.bot is not None):
            raise ValueError(
                # TRANSLATORS: {bot} and {bot_from} are a game file's fields, 'bot' and
                # 'bot_from'.
                _(
                    "a bot seat names its level in {bot}; a human seat has none, unless a bot "
                    "took it over ({bot_from})"
                ).format(bot="'bot'", bot_from="'bot_from'")
            )
        return self

    @model_serializer(mode="wrap")
    def _bot_from_only_when_set(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if self.bot_from is None:
            data.pop("bot_from", None)
        return data


class Options(_Strict):
    undo: bool = True
    # False: `thebes play --no-hints`, no hint for this game. Written only then, so the
    # files (and digests) of games that allow hints are what they were before hints.
    hints: bool = True
    # False: a person's action chosen by number is played without asking first (`thebes
    # play --no-confirm`, or `confirm off` typed). Written only then, like hints.
    confirm: bool = True
    # The expert bots' simulations a move (`--expert-budget`): written whenever an expert
    # plays (or the option was given), so a resumed seeded game goes on as it would have even
    # after the default changes; files without an expert are what they were before it.
    expert_budget: Annotated[int, Field(ge=1, le=BUDGET_OPTION.most)] | None = None

    @model_serializer(mode="wrap")
    def _hints_only_when_off(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if self.hints:
            data.pop("hints", None)
        if self.confirm:
            data.pop("confirm", None)
        if self.expert_budget is None:
            data.pop("expert_budget", None)
        return data


class ActionRecord(_Strict):
    player: Annotated[str, Field(max_length=MAX_NAME)]
    action: Annotated[str, Field(max_length=MAX_ACTION)]
    # drawn from the deck, in order
    cards: Annotated[list[CardId], Field(max_length=CARD_IDS, fail_fast=True)] = Field(
        default_factory=list
    )
    # tokens kept from the bag, by name
    found: Annotated[
        list[Annotated[str, Field(max_length=MAX_TOKEN_NAME)]],
        Field(max_length=TOKENS_PER_REGION, fail_fast=True),
    ] = Field(default_factory=list)
    # debris drawn (digs only)
    debris: Annotated[int, Field(ge=0, le=TOKENS_PER_REGION)] | None = None
    # the player asked for a hint before taking this action; written only then, so the
    # files (and digests) of games without hints are what they were before hints
    hinted: bool = False
    # the level of the bot that played this action for its person, whose time ran out
    # (`thebes server`'s clock); written only then, like ``hinted``, and in the digest
    stood_in: str | None = None

    @field_validator("stood_in")
    @classmethod
    def _known_stand_in(cls, level: str | None) -> str | None:
        return known_level(level)

    @model_serializer(mode="wrap")
    def _marks_only_when_set(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if not self.hinted:
            data.pop("hinted", None)
        if self.stood_in is None:
            data.pop("stood_in", None)
        return data


class GameRecord(_Strict):
    format: Literal["thebes-game"]
    format_version: Literal[1, 2]
    rules_version: Annotated[str, Field(max_length=40)]
    # None: the draws came from the operating system, from no seed
    seed: Annotated[int, Field(ge=MIN_SEED, le=MAX_SEED)] | None
    players: Annotated[list[SeatRecord], Field(min_length=2, max_length=4, fail_fast=True)]
    options: Options
    # the optional rules played (V1-V5); left out of the file when there are none
    variants: Annotated[
        list[Annotated[str, Field(max_length=40)]], Field(max_length=len(VARIANT_NAMES))
    ] = Field(default_factory=list)
    # the display cards dealt at setup (and turned up on the draw pile, with card-preview)
    setup: Annotated[list[CardId], Field(max_length=CARD_IDS, fail_fast=True)]
    actions: Annotated[list[ActionRecord], Field(max_length=MAX_ACTIONS, fail_fast=True)]
    digest: Annotated[str, Field(max_length=MAX_DIGEST)]

    @field_validator("variants")
    @classmethod
    def _known_variants(cls, variants: list[str]) -> list[str]:
        for name in variants:
            if name not in VARIANT_NAMES:
                raise ValueError(
                    _("the variant {variant} is not one of {variants}").format(
                        variant=shown(clipped(name)), variants=", ".join(VARIANT_NAMES)
                    )
                )
        return variants

    @model_validator(mode="after")
    def _seats_differ(self) -> GameRecord:
        names = [p.name.lower() for p in self.players]
        if len(set(names)) != len(names):
            raise ValueError(_("every player needs a different name"))
        colours = [p.colour for p in self.players]
        if len(set(colours)) != len(colours):
            raise ValueError(_("every player needs a different colour"))
        if len(set(self.variants)) != len(self.variants):
            raise ValueError(_("a variant is named twice"))
        self._marks_only_where_possible()
        return self

    def _marks_only_where_possible(self) -> None:
        """A hint is shown to a person on their turn, and only when hints are on; a bot
        stands in for a person whose time ran out, never for a bot, and the person then saw
        no hint that the action followed. A mark elsewhere was not written by thebes."""
        bots = {p.name for p in self.players if p.kind == "bot"}
        taken = {p.name: p.bot_from for p in self.players if p.bot_from is not None}
        for number, entry in enumerate(self.actions, 1):
            by_bot = entry.player in bots or taken.get(entry.player, number) < number
            if entry.stood_in is not None:
                self._stand_in_possible(number, by_bot)
            if not entry.hinted:
                continue
            if not self.options.hints:
                raise ValueError(
                    _("action {number} is marked hinted, but hints are off").format(number=number)
                )
            if by_bot or entry.stood_in is not None:
                raise ValueError(
                    _("action {number} is marked hinted, but a bot took it").format(number=number)
                )

    def _stand_in_possible(self, number: int, by_bot: bool) -> None:
        # A version 1 digest covers the final state alone, so a mark of who played an action
        # would go unguarded there; no thebes wrote one into a version 1 file.
        if self.format_version == 1:
            raise ValueError(
                # TRANSLATORS: {field} is a game file's field, 'stood_in'.
                _("action {number}: {field} is not in format version 1 files").format(
                    number=number, field="'stood_in'"
                )
            )
        if by_bot:
            raise ValueError(
                # TRANSLATORS: {field} is a game file's field, 'stood_in'.
                _("action {number}: {field} is for a person's action, not a bot's").format(
                    number=number, field="'stood_in'"
                )
            )


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
    if state.variants:  # only then: a game without variants keeps the digest it always had
        data.append([state.variants.names, deck.face_up])
    text = json.dumps(data, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()[:32]


def record_digest(record: GameRecord, state: GameState) -> str:
    """The digest of a version 2 file: everything the record holds but the digest (header
    and actions, as compact JSON with sorted keys) and the fingerprint of ``state``, the
    state after its last action. An edit anywhere (a seed, a bot level, a colour, an action)
    changes it."""
    content = record.model_dump(mode="json", exclude=_left_out(record) | {"digest"})
    data = {"record": content, "state": state_digest(state)}
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()[:32]


def _left_out(record: GameRecord) -> set[str]:
    """Header fields not written: ``variants`` when there are none, so the files (and the
    digests) of games without variants are what they were before variants existed."""
    return set() if record.variants else {"variants"}


def expected_digest(record: GameRecord, state: GameState) -> str:
    """The digest ``record`` must carry, by its format version: version 1 fingerprinted the
    final state alone, version 2 the whole record as well."""
    if record.format_version == 1:
        return state_digest(state)
    return record_digest(record, state)


def sealed(record: GameRecord, state: GameState) -> GameRecord:
    """``record`` with the digest its version calls for, ``state`` being its final state."""
    return record.model_copy(update={"digest": expected_digest(record, state)})


def dump_record(record: GameRecord) -> str:
    """The file text: the header one field a line, then one line per action (easy to diff)."""
    header = record.model_dump(exclude=_left_out(record) | {"actions", "digest"})
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


def read_record(path: Path) -> GameRecord:
    """Read and check a game file's shape and header (the replay checks its actions).

    Refused with one :class:`RecordError` naming the file: anything but a regular file of at
    most MAX_FILE_BYTES bytes of UTF-8, JSON nested deeper than MAX_DEPTH or with a number of
    more than MAX_DIGITS digits, another format or version, and any field outside its domain.
    """
    try:
        text = read_bounded_text(path, limit=MAX_FILE_BYTES, what=GAME_FILE)
        raw = loads_bounded(text, max_depth=MAX_DEPTH, max_digits=MAX_DIGITS)
    except (FileRefused, JsonRefused) as exc:
        raise RecordError(f"{path}: {exc}") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise RecordError(
            # TRANSLATORS: {field} is what the file lacks, as JSON.
            _("{file}: not a thebes game file (no {field})").format(
                file=path, field=f'"format": "{FORMAT}"'
            )
        )
    version = raw.get("format_version")
    if "format_version" in raw and type(version) is not int:
        # Checked by type, not by equality: true == 1 in Python, and would pass for version 1.
        wrong = printable(clipped(json.dumps(version, ensure_ascii=False)))
        raise RecordError(
            # TRANSLATORS: {field} is the JSON key "format_version".
            _("{file}: {field}: a whole number, not {wrong}").format(
                file=path, field="format_version", wrong=wrong
            )
        )
    if type(version) is int and version not in READABLE_VERSIONS:
        readable = listing([str(v) for v in READABLE_VERSIONS])
        raise RecordError(
            _(
                "{file}: format version {version} is not supported "
                "(this thebes reads versions {readable})"
            ).format(file=path, version=version, readable=readable)
        )
    try:
        return GameRecord.model_validate(raw)
    except ValidationError as exc:
        raise RecordError(f"{path}: {describe_invalid(exc)}") from None
