"""The draws of a game's actions, written down as they are made and given back as recorded:
what a session saves beside each action, and what loading a file replays."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from thebes.language import _, ngettext, place_name
from thebes.records.gamefile import ActionRecord, RecordError
from thebes.rules import Action, Chance, ImpossibleDraw, Pile
from thebes.safeio.text import shown


class Recorder:
    """Passes draws through from another chance and writes down what came out."""

    def __init__(self, inner: Chance) -> None:
        self.inner = inner
        self.cards: list[int] = []
        self.found: list[int] = []
        self.debris: int | None = None

    def draw_card(self, pile: Pile, unseen: tuple[int, ...]) -> int:
        card = self.inner.draw_card(pile, unseen)
        self.cards.append(card)
        return card

    def draw_tokens(
        self, bag: tuple[int, ...], debris: int, count: int
    ) -> tuple[tuple[int, ...], int]:
        found, debris_drawn = self.inner.draw_tokens(bag, debris, count)
        self.found.extend(found)
        self.debris = debris_drawn
        return found, debris_drawn


class Replayer:
    """Gives back the outcomes written in a file, one action at a time."""

    def __init__(self, cards: list[int], found: tuple[int, ...] | None, debris: int | None):
        self.cards = list(cards)
        self.found = found
        self.debris = debris

    def draw_card(self, pile: Pile, unseen: tuple[int, ...]) -> int:
        if not self.cards:
            raise ImpossibleDraw(_("the file records fewer card draws than the action made"))
        return self.cards.pop(0)

    def draw_tokens(
        self, bag: tuple[int, ...], debris: int, count: int
    ) -> tuple[tuple[int, ...], int]:
        if self.found is None:
            raise ImpossibleDraw(_("the file records no tokens for this dig"))
        if self.debris is None:
            raise ImpossibleDraw(_("the file records no debris count for this dig"))
        found, self.found = self.found, None
        return found, self.debris

    def check_used_up(self) -> None:
        if self.cards:
            count = len(self.cards)
            raise ImpossibleDraw(
                ngettext(
                    "the file records {count} card draw(s) more than the action made",
                    "the file records {count} card draw(s) more than the action made",
                    count,
                ).format(count=count)
            )
        if self.found is not None:
            raise ImpossibleDraw(_("the file records tokens, but the action drew none"))


def recorded_finds(
    where: str,
    action: Action,
    entry: ActionRecord,
    token_ids: Sequence[Mapping[str, int]],
    regions: Sequence[str],
) -> tuple[int, ...] | None:
    """The tokens a recorded action kept, by id (``token_ids``: each region's by name), or
    None if it records none; RecordError, after ``where``, if they cannot be its finds."""
    if entry.debris is None and not entry.found:
        return None
    region = getattr(action, "region", None)
    if region is None:
        raise RecordError(_("{where}: records tokens, but it is not a dig").format(where=where))
    names = token_ids[region]
    unknown = [n for n in entry.found if n not in names]
    if unknown:
        raise RecordError(
            _("{where}: no token {token} in {site}").format(
                where=where, token=shown(unknown[0]), site=place_name(regions[region])
            )
        )
    return tuple(sorted(names[n] for n in entry.found))
