"""Events in plain words, for the game log, the replay viewer and the `log` command.

Pure text, no styling: the terminal UI adds colour. One event gives one sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from thebes.catalog.components import Catalog, TokenKind
from thebes.catalog.kinds import CONGRESS_MOST, CONGRESS_TABLE, KINDS
from thebes.language import _, artifact_name, ngettext, pgettext, place_name
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


def exhibition_size(size: str) -> str:
    """An exhibition's size ("small", "large", as the data files name it) in words."""
    if size == "small":
        # TRANSLATORS: an exhibition's size, before "exhibition" ({size} exhibition in {city}).
        return pgettext("exhibition size", "small")
    if size == "large":
        # TRANSLATORS: an exhibition's size, before "exhibition" ({size} exhibition in {city}).
        return pgettext("exhibition size", "large")
    return size


def card_text(catalog: Catalog, card_id: int, template: str) -> str:
    """``template`` (a text of its kind in catalog.kinds.KINDS, marked there and translated
    here) filled in for the card: {region}, {value}, {size}, {city}, {needs} (an exhibition's
    artifacts), {congress_vp} and {congress_most}."""
    card = catalog.card(card_id)
    return _(template).format(
        region=place_name(catalog.regions[card.region]) if card.region >= 0 else "",
        value=card.value,
        size=exhibition_size(card.size),
        city=place_name(catalog.locations[card.city]),
        needs=", ".join(
            f"{n} {place_name(catalog.regions[r])}" for r, n in enumerate(card.requires) if n
        ),
        congress_vp=CONGRESS_TABLE,
        congress_most=CONGRESS_MOST,
    )


def token_name(catalog: Catalog, token_id: int) -> str:
    token = catalog.token(token_id)
    if token.kind is TokenKind.ARTIFACT:
        # TRANSLATORS: an artifact found and its value in VP.
        return _("{artifact} ({value})").format(
            artifact=artifact_name(token.name), value=token.value
        )
    if token.kind is TokenKind.BOOK:
        # TRANSLATORS: a knowledge token found at a dig, of the site {region}.
        return _("a {region} book token").format(
            region=place_name(catalog.regions[token.book_region])
        )
    return _("a general knowledge token")


def weeks(n: int) -> str:
    return ngettext("{count} week", "{count} weeks", n).format(count=n)


def listing(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    # TRANSLATORS: the end of a list: "a, b and c" ({items} is "a, b").
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def narrate(catalog: Catalog, names: Sequence[str], event: Event) -> str:
    """One event as a sentence."""
    where = catalog.locations
    match event:
        case Travelled():
            return _travel_sentence(catalog, names, event)
        case CardTaken():
            return _("{name} takes the {card} from slot {slot} ({weeks} in all).").format(
                name=names[event.player],
                card=card_name(catalog, event.card),
                slot=event.slot + 1,
                weeks=weeks(event.weeks),
            )
        case DisplayExchanged():
            return _("{name} exchanges the display in {city} ({weeks} in all).").format(
                name=names[event.player],
                city=place_name(where[catalog.exchange_city]),
                weeks=weeks(event.weeks),
            )
        case DisplayRenewed():
            if event.player < 0:
                return _("After the exhibition the display cards are replaced by new ones.")
            return _("{name} renews the display where they stand ({weeks}).").format(
                name=names[event.player], weeks=weeks(event.weeks)
            )
        case CardRevealed():
            return _("Slot {slot} now shows the {card}.").format(
                slot=event.slot + 1, card=card_name(catalog, event.card)
            )
        case CardTurnedUp():
            return _("Turned up on the draw pile: the {card}.").format(
                card=card_name(catalog, event.card)
            )
        case CardDrawnAndDiscarded():
            return _(
                "Drawn for a new exhibition: the {card}, no exhibition, so it is discarded."
            ).format(card=card_name(catalog, event.card))
        case ExhibitionRevealed():
            text = _("An exhibition opens: the {card}.").format(card=card_name(catalog, event.card))
            if event.pushed_out:
                closes = _("The {card} closes.").format(card=card_name(catalog, event.pushed_out))
                text += " " + closes
            return text
        case DeckReshuffled():
            return _reshuffle_sentence(event)
        case SlotLeftEmpty():
            return _("No cards are left to fill slot {slot}.").format(slot=event.slot + 1)
        case CardSpent():
            return _("{name} spends the {card}.").format(
                name=names[event.player], card=card_name(catalog, event.card)
            )
        case Dug():
            return _dig_sentence(catalog, names, event)
        case FirstDigBonus():
            return _("First dig at {site}: {name} also takes {token} lying on the site.").format(
                site=place_name(catalog.regions[event.region]),
                name=names[event.player],
                token=token_name(catalog, event.token),
            )
        case ExhibitionHeld():
            return _("{name} holds the {card} ({weeks} in all) for {vp} VP.").format(
                name=names[event.player],
                card=card_name(catalog, event.card),
                weeks=weeks(event.weeks),
                vp=catalog.card(event.card).value,
            )
        case YearTurned():
            return _("{name} enters {year}: all their permits are valid again.").format(
                name=names[event.player], year=event.year
            )
        case Retired():
            if event.forced:
                message = _("{name} retires to the end of the game (no other action was possible).")
            else:
                message = _("{name} retires to the end of the game.")
            return message.format(name=names[event.player])
        case GameEnded():
            return _("Every marker has reached the end: the game is over.")
        case _:
            assert_never(event)


def _travel_sentence(catalog: Catalog, names: Sequence[str], event: Travelled) -> str:
    where = catalog.locations
    name = names[event.player]
    origin = place_name(where[event.origin])
    destination = place_name(where[event.destination])
    if event.zeppelin:
        return _("{name} travels from {origin} to {destination} by zeppelin.").format(
            name=name, origin=origin, destination=destination
        )
    return _("{name} travels from {origin} to {destination} in {weeks}.").format(
        name=name, origin=origin, destination=destination, weeks=weeks(event.weeks)
    )


def _reshuffle_sentence(event: DeckReshuffled) -> str:
    # The English says "cards" whatever the count; the catalogs have each language's forms.
    if event.with_reserve:
        message = ngettext(
            "The discard pile is shuffled with the reserve stack into a new draw pile "
            "of {count} cards.",
            "The discard pile is shuffled with the reserve stack into a new draw pile "
            "of {count} cards.",
            event.cards,
        )
    else:
        message = ngettext(
            "The discard pile is shuffled into a new draw pile of {count} cards.",
            "The discard pile is shuffled into a new draw pile of {count} cards.",
            event.cards,
        )
    return message.format(count=event.cards)


def _dig_sentence(catalog: Catalog, names: Sequence[str], event: Dug) -> str:
    head = ngettext(
        "{name} digs {weeks} at {site} with {knowledge} knowledge and draws {count} token",
        "{name} digs {weeks} at {site} with {knowledge} knowledge and draws {count} tokens",
        event.drawn,
    ).format(
        name=names[event.player],
        weeks=weeks(event.weeks),
        site=place_name(catalog.regions[event.region]),
        knowledge=event.knowledge,
        count=event.drawn,
    )
    finds = [token_name(catalog, t) for t in event.found]
    if event.debris:
        finds.append(
            ngettext("{count} debris", "{count} debris", event.debris).format(count=event.debris)
        )
    # TRANSLATORS: a dig ({dig}, a sentence without its full stop) and what it found.
    found = _("{dig}: {finds}.")
    text = found.format(dig=head, finds=listing(finds)) if finds else f"{head}."
    if event.aside is not None and event.found:
        text += " " + _replacement_sentence(len(event.found), event.replaced, event.aside)
    return text


def _replacement_sentence(kept: int, replaced: int, aside: int) -> str:
    """V1: what goes back into the bag for the tokens kept, from the debris set aside."""
    smaller = kept - replaced
    shrinks = ngettext(
        "the bag is {count} token smaller", "the bag is {count} tokens smaller", smaller
    ).format(count=smaller)
    if not replaced:
        return ngettext(
            "No debris is left aside to replace it: {shrinks}.",
            "No debris is left aside to replace them: {shrinks}.",
            kept,
        ).format(shrinks=shrinks)
    if smaller:
        return ngettext(
            "{count} debris goes into the bag, the last set aside: {shrinks}.",
            "{count} debris go into the bag, the last set aside: {shrinks}.",
            replaced,
        ).format(count=replaced, shrinks=shrinks)
    # Here as many debris go back as tokens were kept.
    if not aside:
        return ngettext(
            "{count} debris goes into the bag in its place, the last set aside.",
            "{count} debris go into the bag in their place, the last set aside.",
            replaced,
        ).format(count=replaced)
    return ngettext(
        "{count} debris goes into the bag in its place ({aside} still aside).",
        "{count} debris go into the bag in their place ({aside} still aside).",
        replaced,
    ).format(count=replaced, aside=aside)
