"""What an action caused, as immutable values: :func:`thebes.rules.apply` returns them in
order, and the narration tells them in words."""

from __future__ import annotations

from thebes.rules.values import value


@value
class Travelled:
    player: int
    origin: int
    destination: int
    weeks: int
    zeppelin: bool


@value
class CardTaken:
    player: int
    slot: int
    card: int
    weeks: int


@value
class DisplayExchanged:
    player: int
    discarded: tuple[int, ...]
    weeks: int


@value
class CardRevealed:
    """A card was drawn into display slot ``slot``."""

    slot: int
    card: int


@value
class ExhibitionRevealed:
    """An exhibition was drawn and entered slot a; ``pushed_out`` left slot c (0: none)."""

    card: int
    pushed_out: int


@value
class DisplayRenewed:
    """The four display cards were discarded for new ones: by a player's action (V3), or
    after an exhibition (V2, ``player`` -1)."""

    player: int
    discarded: tuple[int, ...]
    weeks: int


@value
class CardTurnedUp:
    """V5: the card now lies face up on the draw pile, to be drawn after those before it."""

    card: int


@value
class CardDrawnAndDiscarded:
    """V4: the card drawn after an exhibition was no exhibition, so it was discarded."""

    card: int


@value
class DeckReshuffled:
    cards: int
    with_reserve: bool


@value
class SlotLeftEmpty:
    """No card was left anywhere to fill display slot ``slot``."""

    slot: int


@value
class CardSpent:
    """A single-use card went to the discard pile: legend, assistant, shovel, zeppelin, permit."""

    player: int
    card: int


@value
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


@value
class FirstDigBonus:
    player: int
    region: int
    token: int


@value
class ExhibitionHeld:
    player: int
    card: int
    weeks: int


@value
class YearTurned:
    """The player's marker passed week 52: their permits are valid again (T4, Y1)."""

    player: int
    year: int


@value
class Retired:
    player: int
    forced: bool


@value
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
