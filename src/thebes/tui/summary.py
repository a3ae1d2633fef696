"""An action in a few words, for the events panel when its paragraph has no room:
``Bob: dig Egypt 8 wk — 2 artifacts (5 VP), a Crete book token``. What the action brought
(the card, the finds and their points, an exhibition's points) is always in it. A brief
form, for several actions told in one line after the mover's mark, leaves out the name,
the place, the weeks of a take and the words of a dig's finds (``take Egy book 3``,
``dig Egy 8 wk: 5 VP, Cre book``)."""

from __future__ import annotations

from collections import Counter

from thebes.catalog.components import Catalog, TokenKind
from thebes.records.narration import card_name
from thebes.records.notation import format_action
from thebes.records.session import Step
from thebes.rules import (
    CardTaken,
    DisplayExchanged,
    DisplayRenewed,
    Dug,
    Event,
    ExhibitionHeld,
    FirstDigBonus,
    Retired,
    Travelled,
)
from thebes.tui.panels import short_card_name


def summary(catalog: Catalog, step: Step, seat: int, *, brief: bool = False) -> str:
    """``step`` (taken by ``seat``) in one short phrase, with the mover's name; ``brief``,
    in fewer words and without the name."""
    name = step.record.player
    where = catalog.locations[step.before.players[seat].location]
    by_zeppelin = False
    what = ""
    found: list[int] = []
    for event in step.events:
        what = _phrase(catalog, event, "" if brief else f" in {where}", brief) or what
        match event:
            case Travelled() if event.player == seat:
                where = catalog.locations[event.destination]
                by_zeppelin = event.zeppelin
            case Dug():
                found += event.found
            case FirstDigBonus():
                found.append(event.token)
    dug = next((e for e in step.events if isinstance(e, Dug)), None)
    if dug is not None:
        site = catalog.regions[dug.region][: 3 if brief else None]
        # The cards spent on it, as typed: "+assistant", "+legend"...
        # (a zeppelin is said after, as for any journey)
        words = format_action(step.action, catalog.regions).split()[3:]
        spent = "".join(f" {word}" for word in words if word != "+zeppelin")
        if brief:
            what = f"dig {site} {dug.weeks} wk: {brief_finds(catalog, found)}"
        else:
            what = f"dig {site} {dug.weeks} wk{spent} — {finds(catalog, found)}"
    if by_zeppelin:
        what += " (zep)" if brief else " (by zeppelin)"
    return what if brief else f"{name}: {what}"


def _phrase(catalog: Catalog, event: Event, where: str, brief: bool) -> str:
    """The action's own event in words; ``where`` is " in CITY", or "" when brief."""
    match event:
        case CardTaken():
            card = short_card_name(catalog, event.card) if brief else card_name(catalog, event.card)
            return f"take {card}" if brief else f"take {card}{where}, {event.weeks} wk"
        case DisplayExchanged():
            city = catalog.locations[catalog.exchange_city]
            return "exchange" if brief else f"exchange the display in {city}, {event.weeks} wk"
        case DisplayRenewed() if event.player >= 0:
            return "renew" if brief else f"renew the display{where}, {event.weeks} wk"
        case ExhibitionHeld():
            vp = catalog.card(event.card).value
            if brief:
                return f"exhibition {vp} VP"
            return f"hold the {card_name(catalog, event.card)} — {vp} VP"
        case Retired():
            return "retire" + (" (no other action was possible)" if event.forced else "")
    return ""


def finds(catalog: Catalog, tokens: list[int]) -> str:
    """What a dig kept, counted: "2 artifacts (5 VP), a Crete book", or "nothing"."""
    kinds = [catalog.token(t) for t in tokens]
    artifacts = [t for t in kinds if t.kind is TokenKind.ARTIFACT]
    parts = []
    if artifacts:
        vp = sum(t.value for t in artifacts)
        plural = "s" if len(artifacts) > 1 else ""
        parts.append(f"{len(artifacts)} artifact{plural} ({vp} VP)")
    books = Counter(catalog.regions[t.book_region] for t in kinds if t.kind is TokenKind.BOOK)
    for region, count in books.items():
        parts.append(f"a {region} book" if count == 1 else f"{count} {region} books")
    general = sum(t.kind is TokenKind.GENERAL for t in kinds)
    if general:
        parts.append("a general book" if general == 1 else f"{general} general books")
    return ", ".join(parts) if parts else "nothing"


def brief_finds(catalog: Catalog, tokens: list[int]) -> str:
    """What a dig kept, in few words: "5 VP, Cre book, 2 gen books", or "nothing"."""
    kinds = [catalog.token(t) for t in tokens]
    artifacts = [t.value for t in kinds if t.kind is TokenKind.ARTIFACT]
    parts = [f"{sum(artifacts)} VP"] if artifacts else []
    books = Counter(catalog.regions[t.book_region][:3] for t in kinds if t.kind is TokenKind.BOOK)
    general = sum(t.kind is TokenKind.GENERAL for t in kinds)
    for what, count in (*books.items(), ("gen", general)):
        if count:
            parts.append(f"{what} book" if count == 1 else f"{count} {what} books")
    return ", ".join(parts) if parts else "nothing"
