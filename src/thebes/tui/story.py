"""The game's story: each action told in one paragraph, dated with the mover's year·week,
and the part of it a person has not seen yet (what happened since their last turn).

A paragraph is wrapped at word boundaries to the width it is shown in, never cut: a dig's
finds are always there whole, by name and value.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from thebes.model import CardRevealed, date_text
from thebes.narrate import card_name, narrate
from thebes.session import Session, Step

INDENT = 2


@dataclass(frozen=True, slots=True)
class Told:
    """One action of the game, in words."""

    when: str  # the mover's year·week when they took it
    seat: int
    text: str


def told(session: Session, step: Step) -> Told:
    names = [s.name for s in session.seats]
    seat = names.index(step.record.player)
    when = date_text(step.before.players[seat].time)
    sentences: list[str] = []
    refills: list[CardRevealed] = []
    for event in (*step.events, None):
        if isinstance(event, CardRevealed):
            refills.append(event)
            continue
        if len(refills) > 1:  # one sentence for a display refilled at once (an exchange)
            shown = "; ".join(
                f"slot {r.slot + 1} the {card_name(session.catalog, r.card)}" for r in refills
            )
            sentences.append(f"The display now shows: {shown}.")
        else:
            sentences += [narrate(session.catalog, names, r) for r in refills]
        refills = []
        if event is not None:
            sentences.append(narrate(session.catalog, names, event))
    return Told(when, seat, " ".join(sentences))


def story(session: Session) -> list[Told]:
    """Every action so far, first to last."""
    return [told(session, step) for step in session.steps]


def since_last_turn(session: Session, seat: int) -> list[Told]:
    """``seat``'s latest action (what it found, when others moved straight after) and every
    action after it; all of them if it has not acted yet."""
    name = session.seats[seat].name
    last = max((n for n, s in enumerate(session.steps) if s.record.player == name), default=0)
    return [told(session, s) for s in session.steps[last:]]


def paragraph(entry: Told, colours: Sequence[str]) -> Text:
    text = Text(f"{entry.when} ", style="dim")
    text.append(entry.text, style=colours[entry.seat] if colours else "")
    return text


def story_panel(
    title: str, entries: Sequence[Told], colours: Sequence[str], width: int, rows: int
) -> RenderableType:
    """The newest entries whose wrapped lines fit ``rows`` (title included), oldest first;
    the title says how many earlier ones `log` has."""
    measure = Console(width=width, file=io.StringIO(), markup=False, emoji=False)
    shown: list[Text] = []
    used = 1
    for entry in reversed(entries):
        text = paragraph(entry, colours)
        lines = len(text.wrap(measure, width - INDENT))
        if used + lines > rows:
            break
        shown.append(text)
        used += lines
    head = Text(title, style="bold")
    hidden = len(entries) - len(shown)
    if hidden:
        head.append(f"  ({hidden} earlier: type log)", style="dim")
    elif not entries:
        head.append("  (nothing yet)", style="dim")
    return Group(head, *(Padding(t, (0, 0, 0, INDENT)) for t in reversed(shown)))
