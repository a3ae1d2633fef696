"""The position told in sentences, one line each: what plain mode shows where the screen
draws tables, for a screen reader or a terminal that keeps every line.

Each function gives lines of words only: no columns, box drawing or symbols whose meaning
is their place on the screen. A player is named, a place by its printed name, a number with
its unit.
"""

from __future__ import annotations

from collections.abc import Sequence

from thebes.catalog.components import EXHIBITION_LETTERS, TokenKind
from thebes.language import _, ngettext, place_name
from thebes.records.narration import card_name
from thebes.rules import (
    END_TIME,
    NO_CARD,
    Dig,
    GameState,
    PlayerState,
    active_seat,
    bag_contents,
    debris_aside,
    journey,
    scores,
    week_of,
    year_of,
)


def date_words(time: int) -> str:
    """A time on the track in words: "week 14 of 1902", or "at the end"."""
    if time >= END_TIME:
        return _("at the end")
    return _("week {week} of {year}").format(week=week_of(time), year=year_of(time))


def listing(items: Sequence[str]) -> str:
    """ "a, b and c" in the current language."""
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def vp(points: int) -> str:
    return ngettext("{count} VP", "{count} VP", points).format(count=points)


def where_and_when(state: GameState, seat: int) -> str:
    """ "Ann is in Warsaw, week 12 of 1901, with 14 VP." """
    player = state.players[seat]
    total = scores(state)[seat].total
    if player.done:
        return _("{name} has reached the end, with {points}.").format(
            name=player.name, points=vp(total)
        )
    return _("{name} is in {place}, {date}, with {points}.").format(
        name=player.name,
        place=place_name(state.catalog.locations[player.location]),
        date=date_words(player.time),
        points=vp(total),
    )


def board_lines(state: GameState) -> list[str]:
    """The display, the exhibitions, the piles, who stands where and the journeys from the
    player to move."""
    catalog = state.catalog
    lines = []
    for slot, card_id in enumerate(state.display):
        if card_id == NO_CARD:
            lines.append(_("Card {number}: none, the slot is empty.").format(number=slot + 1))
            continue
        card = catalog.card(card_id)
        lines.append(
            _("Card {number}: {card}, in {city}, {weeks}.").format(
                number=slot + 1,
                card=card_name(catalog, card_id),
                city=place_name(catalog.locations[card.city]),
                weeks=weeks_words(card.weeks),
            )
        )
    if not state.exhibitions:
        lines.append(_("No exhibition is on show."))
    for slot, card_id in enumerate(state.exhibitions):
        card = catalog.card(card_id)
        needs = [
            ngettext(
                "{count} artifact from {region}", "{count} artifacts from {region}", count
            ).format(count=count, region=place_name(catalog.regions[region]))
            for count, region in sorted((n, r) for r, n in enumerate(card.requires) if n)
        ]
        lines.append(
            _("Exhibition {letter}: {card}, {points}, in {city}, {weeks}; needs {needs}.").format(
                letter=EXHIBITION_LETTERS[slot],
                card=card_name(catalog, card_id),
                points=vp(card.value),
                city=place_name(catalog.locations[card.city]),
                weeks=weeks_words(card.weeks),
                needs=listing(needs),
            )
        )
    deck = state.deck
    lines.append(
        _("Draw pile: {draw}; discard pile: {discard}.").format(
            draw=cards_words(deck.draw_size), discard=cards_words(len(deck.discard))
        )
    )
    lines += [where_and_when(state, seat) for seat in range(len(state.players))]
    seat = active_seat(state)
    if seat is not None:
        lines.append(journeys(state, state.players[seat]))
    return lines


def journeys(state: GameState, player: PlayerState) -> str:
    """ "From Warsaw, Ann travels to Berlin in 1 week, ..." (the car counted)."""
    catalog = state.catalog
    trips = [
        _("{place} in {weeks}").format(
            place=place_name(name), weeks=weeks_words(journey(catalog, player, index, False))
        )
        for index, name in enumerate(catalog.locations)
        if index != player.location
    ]
    return _("From {place}, {name} travels to {trips}.").format(
        place=place_name(catalog.locations[player.location]),
        name=player.name,
        trips=", ".join(trips),
    )


def dig_site_words(state: GameState, digs: Sequence[Dig]) -> str:
    """A dig site's menu entry in words: "dig at Egypt: 3 weeks of travel, then 1 to 12
    weeks of digging"."""
    site = place_name(state.catalog.regions[digs[0].region])
    shortest = min(d.weeks for d in digs)
    longest = max(d.weeks for d in digs)
    seat = active_seat(state)
    assert seat is not None
    player = state.players[seat]
    travel = journey(state.catalog, player, state.catalog.site_base + digs[0].region, False)
    if shortest == longest:
        digging = ngettext("{count} week of digging", "{count} weeks of digging", shortest).format(
            count=shortest
        )
    else:
        digging = _("{least} to {most} weeks of digging").format(least=shortest, most=longest)
    if not travel:
        return _("dig at {site}: {digging}, the planner shows the odds").format(
            site=site, digging=digging
        )
    return _("dig at {site}: {travel} of travel, then {digging}").format(
        site=site, travel=weeks_words(travel), digging=digging
    )


def weeks_words(count: int) -> str:
    return ngettext("{count} week", "{count} weeks", count).format(count=count)


def cards_words(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def player_lines(state: GameState, seat: int) -> list[str]:
    """One player's position, score and tableau, a sentence each."""
    catalog = state.catalog
    player = state.players[seat]
    score = scores(state)[seat]
    regions = catalog.regions
    lines = [
        where_and_when(state, seat),
        _(
            "{name} scores {total}: artifacts {artifacts}, exhibitions {exhibitions}, "
            "congresses {congresses}, majorities {majorities}."
        ).format(
            name=player.name,
            total=vp(score.total),
            artifacts=score.artifacts,
            exhibitions=score.exhibitions,
            congresses=score.congresses,
            majorities=score.majorities,
        ),
    ]
    books = [
        _("{region} {points}").format(region=place_name(regions[r]), points=points)
        for r, points in enumerate(player.books)
        if points
    ]
    legends = [place_name(regions[r]) for r in range(len(regions)) if player.legends >> r & 1]
    lines.append(
        _(
            "Specialized knowledge: {books}. General knowledge: {general}. Legends: {legends}."
        ).format(
            books=", ".join(books) or _("none"),
            general=player.general,
            legends=", ".join(legends) or _("none"),
        )
    )
    lines.append(
        _(
            "Assistants {assistants}, shovels {shovels}, cars {cars}, zeppelins {zeppelins}, "
            "special permits {permits}, congresses {congresses}."
        ).format(
            assistants=player.assistants,
            shovels=player.shovels,
            cars=player.cars,
            zeppelins=player.zeppelins,
            permits=player.special_permits,
            congresses=player.congresses,
        )
    )
    value = [0] * len(regions)
    for token_id in player.tokens:
        token = catalog.token(token_id)
        if token.kind is TokenKind.ARTIFACT:
            value[token.region] += token.value
    found = [
        ngettext(
            "{count} from {region} ({points})", "{count} from {region} ({points})", count
        ).format(count=count, region=place_name(regions[r]), points=vp(value[r]))
        for r, count in enumerate(player.artifacts)
        if count
    ]
    held = [place_name(catalog.locations[catalog.card(c).city]) for c in player.exhibitions]
    used = [place_name(regions[r]) for r in range(len(regions)) if player.permits_used >> r & 1]
    lines.append(
        _(
            "Artifacts: {found}. Exhibitions held in: {held}. Permits used this year: {used}."
        ).format(
            found=", ".join(found) or _("none"),
            held=", ".join(held) or _("none"),
            used=", ".join(used) or _("none"),
        )
    )
    return lines


def players_lines(state: GameState) -> list[str]:
    """Every player's :func:`player_lines`, the player to move first."""
    seat = active_seat(state)
    order = sorted(range(len(state.players)), key=lambda s: s != seat)
    return [line for s in order for line in player_lines(state, s)]


def bags_lines(state: GameState) -> list[str]:
    """What each site's bag still holds, a sentence a site."""
    lines = []
    for region, name in enumerate(state.catalog.regions):
        bag = bag_contents(state, region)
        values = [
            _("{count} worth {points}").format(count=count, points=value)
            for value, count in enumerate(bag.artifacts_by_value)
            if value and count
        ]
        artifacts = sum(bag.artifacts_by_value)
        line = _("{site}: {artifacts} ({values}), {points} in all; {knowledge}; {debris}.").format(
            site=place_name(name),
            artifacts=ngettext("{count} artifact", "{count} artifacts", artifacts).format(
                count=artifacts
            ),
            values=", ".join(values) or _("none"),
            points=vp(bag.artifact_vp),
            knowledge=ngettext(
                "{count} knowledge token", "{count} knowledge tokens", bag.knowledge
            ).format(count=bag.knowledge),
            debris=ngettext("{count} debris", "{count} debris", bag.debris).format(
                count=bag.debris
            ),
        )
        aside = debris_aside(state, region)
        if aside:
            line += " " + ngettext(
                "{count} debris set aside.", "{count} debris set aside.", aside
            ).format(count=aside)
        if state.site_bonus[region]:
            line += " " + _("The 1-VP artifact still lies on the site.")
        lines.append(line)
    return lines
