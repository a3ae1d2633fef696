"""An action in a few words, for the events panel when its paragraph has no room:
``Bob: dig Egypt 8 wk — 2 artifacts (5 VP), a Crete book token``. What the action brought
(the card, the finds and their points, an exhibition's points) is always in it. A brief
form, for several actions told in one line after the mover's mark, leaves out the name,
the place, the weeks of a take and the words of a dig's finds (``take Egy book 3``,
``dig Egy 8 wk: 5 VP, Cre book``)."""

from __future__ import annotations

from collections import Counter

from thebes.catalog.components import Catalog, TokenKind
from thebes.language import _, ngettext, pgettext, place_name
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
        what = _phrase(catalog, event, None if brief else place_name(where), brief) or what
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
        site = place_name(catalog.regions[dug.region])[: 3 if brief else None]
        # The cards spent on it, as typed: "+assistant", "+legend"...
        # (a zeppelin is said after, as for any journey)
        words = format_action(step.action, catalog.regions).split()[3:]
        spent = "".join(f" {word}" for word in words if word != "+zeppelin")
        if brief:
            # TRANSLATORS: a dig in few words: "dig Egy 8 wk: 5 VP, Cre book" (wk: weeks)
            what = _("dig {site} {weeks} wk: {finds}").format(
                site=site, weeks=dug.weeks, finds=brief_finds(catalog, found)
            )
        else:
            # TRANSLATORS: a dig in a phrase: "dig Egypt 8 wk +shovel — 2 artifacts (5 VP)";
            # {spent} is the cards spent as typed in the notation (" +shovel"), or nothing
            what = _("dig {site} {weeks} wk{spent} — {finds}").format(
                site=site, weeks=dug.weeks, spent=spent, finds=finds(catalog, found)
            )
    if by_zeppelin:
        if brief:
            # TRANSLATORS: an action in few words, made after a journey by zeppelin
            what = _("{action} (zep)").format(action=what)
        else:
            what = _("{action} (by zeppelin)").format(action=what)
    return what if brief else f"{name}: {what}"


def _phrase(catalog: Catalog, event: Event, where: str | None, brief: bool) -> str:
    """The action's own event in words; ``where`` is the mover's city, or None when brief."""
    match event:
        case CardTaken():
            if brief:
                # TRANSLATORS: an action in few words: "take Egy book 3"
                return _("take {card}").format(card=short_card_name(catalog, event.card))
            card = card_name(catalog, event.card)
            # TRANSLATORS: an action in a phrase: "take the Egypt book 3 in London, 2 wk"
            return _("take {card} in {city}, {weeks} wk").format(
                card=card, city=where, weeks=event.weeks
            )
        case DisplayExchanged():
            if brief:
                return pgettext("action in few words", "exchange")
            city = place_name(catalog.locations[catalog.exchange_city])
            return _("exchange the display in {city}, {weeks} wk").format(
                city=city, weeks=event.weeks
            )
        case DisplayRenewed() if event.player >= 0:
            if brief:
                return pgettext("action in few words", "renew")
            return _("renew the display in {city}, {weeks} wk").format(
                city=where, weeks=event.weeks
            )
        case ExhibitionHeld():
            vp = catalog.card(event.card).value
            if brief:
                return _("exhibition {points} VP").format(points=vp)
            # TRANSLATORS: {exhibition} is the exhibition's name ("small exhibition in Rome")
            return _("hold the {exhibition} — {points} VP").format(
                exhibition=card_name(catalog, event.card), points=vp
            )
        case Retired():
            if event.forced:
                return _("retire (no other action was possible)")
            return pgettext("action in few words", "retire")
    return ""


def finds(catalog: Catalog, tokens: list[int]) -> str:
    """What a dig kept, counted: "2 artifacts (5 VP), a Crete book", or "nothing"."""
    kinds = [catalog.token(t) for t in tokens]
    artifacts = [t for t in kinds if t.kind is TokenKind.ARTIFACT]
    parts = []
    if artifacts:
        vp = sum(t.value for t in artifacts)
        parts.append(
            ngettext(
                "{count} artifact ({points} VP)", "{count} artifacts ({points} VP)", len(artifacts)
            ).format(count=len(artifacts), points=vp)
        )
    books = Counter(
        place_name(catalog.regions[t.book_region]) for t in kinds if t.kind is TokenKind.BOOK
    )
    for region, count in books.items():
        parts.append(
            ngettext("a {region} book", "{count} {region} books", count).format(
                region=region, count=count
            )
        )
    general = sum(t.kind is TokenKind.GENERAL for t in kinds)
    if general:
        parts.append(
            ngettext("a general book", "{count} general books", general).format(count=general)
        )
    # TRANSLATORS: what a dig kept: no token but sand
    return ", ".join(parts) if parts else pgettext("finds", "nothing")


def brief_finds(catalog: Catalog, tokens: list[int]) -> str:
    """What a dig kept, in few words: "5 VP, Cre book, 2 gen books", or "nothing"."""
    kinds = [catalog.token(t) for t in tokens]
    artifacts = [t.value for t in kinds if t.kind is TokenKind.ARTIFACT]
    parts = [_("{points} VP").format(points=sum(artifacts))] if artifacts else []
    books = Counter(
        place_name(catalog.regions[t.book_region])[:3] for t in kinds if t.kind is TokenKind.BOOK
    )
    general = sum(t.kind is TokenKind.GENERAL for t in kinds)
    for region, count in books.items():
        # TRANSLATORS: books of a region in few words: "Cre book", "2 Egy books"
        parts.append(
            ngettext("{region} book", "{count} {region} books", count).format(
                region=region, count=count
            )
        )
    if general:
        # TRANSLATORS: general knowledge books in few words: "gen book", "2 gen books"
        parts.append(ngettext("gen book", "{count} gen books", general).format(count=general))
    return ", ".join(parts) if parts else pgettext("finds", "nothing")
