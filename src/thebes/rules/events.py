"""What an action caused, as immutable values: :func:`thebes.rules.apply` returns them in
order, and the narration tells them in words."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Travelled:
    player: int
    origin: int
    destination: int
    weeks: int
    zeppelin: bool


@dataclass(frozen=True, slots=True)
class CardTaken:
    player: int
    slot: int
    card: int
    weeks: int


@dataclass(frozen=True, slots=True)
class DisplayExchanged:
    player: int
    discarded: tuple[int, ...]
    weeks: int


@dataclass(frozen=True, slots=True)
class CardRevealed:
    """A card was drawn into display slot ``slot``."""

    slot: int
    card: int


@dataclass(frozen=True, slots=True)
class ExhibitionRevealed:
    """An exhibition was drawn and entered slot a; ``pushed_out`` left slot c (0: none)."""

    card: int
    pushed_out: int


@dataclass(frozen=True, slots=True)
class DisplayRenewed:
    """The four display cards were discarded for new ones: by a player's action (V3), or
    after an exhibition (V2, ``player`` -1)."""

    player: int
    discarded: tuple[int, ...]
    weeks: int


@dataclass(frozen=True, slots=True)
class CardTurnedUp:
    """V5: the card now lies face up on the draw pile, to be drawn after those before it."""

    card: int


@dataclass(frozen=True, slots=True)
class CardDrawnAndDiscarded:
    """V4: the card drawn after an exhibition was no exhibition, so it was discarded."""

    card: int


@dataclass(frozen=True, slots=True)
class DeckReshuffled:
    cards: int
    with_reserve: bool


@dataclass(frozen=True, slots=True)
class SlotLeftEmpty:
    """No card was left anywhere to fill display slot ``slot``."""

    slot: int


@dataclass(frozen=True, slots=True)
class CardSpent:
    """A single-use card went to the discard pile: legend, assistant, shovel, zeppelin, permit."""

    player: int
    card: int


@dataclass(frozen=True, slots=True)
class Dug:
    player: int
    region: int
    weeks: int
    knowledge: int
    drawn: int  # tokens drawn in all, debris included
    found: tuple[int, ...]  # tokens kept: artifacts and knowledge tokens
    debris: int
    replaced: int = 0  # V1: debris put into the bag for the tokens kept
    aside: int | None = None  # V1: the debris still set aside after that; None without V1


@dataclass(frozen=True, slots=True)
class FirstDigBonus:
    player: int
    region: int
    token: int


@dataclass(frozen=True, slots=True)
class ExhibitionHeld:
    player: int
    card: int
    weeks: int


@dataclass(frozen=True, slots=True)
class YearTurned:
    """The player's marker passed week 52: their permits are valid again (T4, Y1)."""

    player: int
    year: int


@dataclass(frozen=True, slots=True)
class Retired:
    player: int
    forced: bool


@dataclass(frozen=True, slots=True)
class GameEnded:
    pass


Event = (
    Travelled
    | CardTaken
    | DisplayExchanged
    | DisplayRenewed
    | CardTurnedUp
    | CardDrawnAndDiscarded
    | CardRevealed
    | ExhibitionRevealed
    | DeckReshuffled
    | SlotLeftEmpty
    | CardSpent
    | Dug
    | FirstDigBonus
    | ExhibitionHeld
    | YearTurned
    | Retired
    | GameEnded
)
