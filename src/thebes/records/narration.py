"""Events in plain words, for the game log, the replay viewer and the `log` command.

Pure text, no styling: the terminal UI adds colour. One event gives one sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from thebes.catalog.components import Catalog, TokenKind
from thebes.catalog.kinds import KINDS
from thebes.rules import (
    CardDrawnAndDiscarded,
    CardRevealed,
    CardSpent,
    CardTaken,
    CardTurnedUp,
    DeckReshuffled,
    DisplayExchanged,
    DisplayRenewed,
    Dug,
    Event,
    ExhibitionHeld,
    ExhibitionRevealed,
    FirstDigBonus,
    GameEnded,
    Retired,
    SlotLeftEmpty,
    Travelled,
    YearTurned,
)


def card_name(catalog: Catalog, card_id: int) -> str:
    """A card in a few words: "Egypt book (3)", "shovel", "large exhibition in Paris"."""
    return card_text(catalog, card_id, KINDS[catalog.card(card_id).kind].name)


def card_text(catalog: Catalog, card_id: int, template: str) -> str:
    """``template`` (a text of its kind in catalog.kinds.KINDS) filled in for the card:
    {region}, {value}, {size}, {city} and {needs} (an exhibition's artifacts)."""
    card = catalog.card(card_id)
    return template.format(
        region=catalog.regions[card.region] if card.region >= 0 else "",
        value=card.value,
        size=card.size,
        city=catalog.locations[card.city],
        needs=", ".join(f"{n} {catalog.regions[r]}" for r, n in enumerate(card.requires) if n),
    )


def token_name(catalog: Catalog, token_id: int) -> str:
    token = catalog.token(token_id)
    if token.kind is TokenKind.ARTIFACT:
        return f"{token.name} ({token.value})"
    if token.kind is TokenKind.BOOK:
        return f"a {catalog.regions[token.book_region]} book token"
    return "a general knowledge token"


def weeks(n: int) -> str:
    return f"{n} week" if n == 1 else f"{n} weeks"


def _listing(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def narrate(catalog: Catalog, names: Sequence[str], event: Event) -> str:
    """One event as a sentence."""
    where = catalog.locations
    match event:
        case Travelled():
            how = "by zeppelin" if event.zeppelin else f"in {weeks(event.weeks)}"
            route = f"from {where[event.origin]} to {where[event.destination]}"
            return f"{names[event.player]} travels {route} {how}."
        case CardTaken():
            return (
                f"{names[event.player]} takes the {card_name(catalog, event.card)} "
                f"from slot {event.slot + 1} ({weeks(event.weeks)} in all)."
            )
        case DisplayExchanged():
            return (
                f"{names[event.player]} exchanges the display in "
                f"{where[catalog.exchange_city]} ({weeks(event.weeks)} in all)."
            )
        case DisplayRenewed():
            if event.player < 0:
                return "After the exhibition the display cards are replaced by new ones."
            return (
                f"{names[event.player]} renews the display where they stand ({weeks(event.weeks)})."
            )
        case CardRevealed():
            return f"Slot {event.slot + 1} now shows the {card_name(catalog, event.card)}."
        case CardTurnedUp():
            return f"Turned up on the draw pile: the {card_name(catalog, event.card)}."
        case CardDrawnAndDiscarded():
            return (
                f"Drawn for a new exhibition: the {card_name(catalog, event.card)}, "
                "no exhibition, so it is discarded."
            )
        case ExhibitionRevealed():
            text = f"An exhibition opens: the {card_name(catalog, event.card)}."
            if event.pushed_out:
                text += f" The {card_name(catalog, event.pushed_out)} closes."
            return text
        case DeckReshuffled():
            extra = " with the reserve stack" if event.with_reserve else ""
            return (
                f"The discard pile is shuffled{extra} into a new draw pile of {event.cards} cards."
            )
        case SlotLeftEmpty():
            return f"No cards are left to fill slot {event.slot + 1}."
        case CardSpent():
            return f"{names[event.player]} spends the {card_name(catalog, event.card)}."
        case Dug():
            return _dig_sentence(catalog, names, event)
        case FirstDigBonus():
            return (
                f"First dig at {catalog.regions[event.region]}: {names[event.player]} also "
                f"takes {token_name(catalog, event.token)} lying on the site."
            )
        case ExhibitionHeld():
            card = catalog.card(event.card)
            return (
                f"{names[event.player]} holds the {card_name(catalog, event.card)} "
                f"({weeks(event.weeks)} in all) for {card.value} VP."
            )
        case YearTurned():
            return f"{names[event.player]} enters {event.year}: all their permits are valid again."
        case Retired():
            why = " (no other action was possible)" if event.forced else ""
            return f"{names[event.player]} retires to the end of the game{why}."
        case GameEnded():
            return "Every marker has reached the end: the game is over."
        case _:
            assert_never(event)


def _dig_sentence(catalog: Catalog, names: Sequence[str], event: Dug) -> str:
    site = catalog.regions[event.region]
    head = (
        f"{names[event.player]} digs {weeks(event.weeks)} at {site} with "
        f"{event.knowledge} knowledge and draws {event.drawn} token"
        f"{'' if event.drawn == 1 else 's'}"
    )
    finds = [token_name(catalog, t) for t in event.found]
    if event.debris:
        finds.append(f"{event.debris} debris")
    text = f"{head}: {_listing(finds)}." if finds else f"{head}."
    if event.aside is not None and event.found:
        text += " " + _replacement_sentence(len(event.found), event.replaced, event.aside)
    return text


def _replacement_sentence(kept: int, replaced: int, aside: int) -> str:
    """V1: what goes back into the bag for the tokens kept, from the debris set aside."""
    smaller = kept - replaced
    shrinks = f"the bag is {smaller} token{'' if smaller == 1 else 's'} smaller"
    if not replaced:
        return f"No debris is left aside to replace {'it' if kept == 1 else 'them'}: {shrinks}."
    goes = "1 debris goes" if replaced == 1 else f"{replaced} debris go"
    if smaller:
        return f"{goes} into the bag, the last set aside: {shrinks}."
    place = f"{goes} into the bag in {'its' if kept == 1 else 'their'} place"
    return f"{place}, the last set aside." if not aside else f"{place} ({aside} still aside)."
