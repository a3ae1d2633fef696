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

from thebes.catalog.components import Catalog
from thebes.records.narration import card_name, narrate
from thebes.records.session import Session, Step
from thebes.rules import CardRevealed, CardTurnedUp, GameEnded, GameState, YearTurned, date_text
from thebes.tui.linecap import end_with_ellipsis

INDENT = 2


@dataclass(frozen=True, slots=True)
class Told:
    """One action of the game, in words."""

    when: str  # the mover's year·week when they took it
    seat: int
    text: str


def told(session: Session, step: Step, after: GameState | None = None) -> Told:
    """``step`` in words; ``after`` is the state it led to (found in the session if not
    given): with card-preview (V5) the paragraph ends with the cards it left face up."""
    names = [s.name for s in session.seats]
    seat = names.index(step.record.player)
    when = date_text(step.before.players[seat].time)
    sentences: list[str] = []
    refills: list[CardRevealed] = []
    turned_up: list[int] = []
    after_cards: int | None = None  # where the sentences on what follows the action begin
    for event in (*step.events, None):
        if isinstance(event, CardTurnedUp):
            turned_up.append(event.card)  # told once, at the end
            continue
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
        if event is None:
            break
        if isinstance(event, YearTurned | GameEnded):
            after_cards = after_cards if after_cards is not None else len(sentences)
        sentences.append(narrate(session.catalog, names, event))
    if step.before.variants.card_preview:
        face_up = (after or _state_after(session, step)).deck.face_up
        told_up = face_up_sentence(session.catalog, step.before.deck.face_up, turned_up, face_up)
        # Before the new year and the end of the game, which follow the action.
        at = len(sentences) if after_cards is None else after_cards
        sentences[at:at] = told_up
    return Told(when, seat, " ".join(sentences))


def face_up_sentence(
    catalog: Catalog, before: Sequence[int], turned_up: Sequence[int], after: Sequence[int]
) -> list[str]:
    """V5: the cards an action turned up that still lie face up after it, top first ("Turned
    up on the draw pile: the car."), or that none is left face up; cards turned up and drawn
    in the same action are told where they went (the display, an exhibition)."""
    if not after:
        return ["No card is left face up on the draw pile."] if before else []
    still = [f"the {card_name(catalog, card)}" for card in after if card in turned_up]
    if not still:
        return []
    return [f"Turned up on the draw pile: {', then '.join(still)}."]


def _state_after(session: Session, step: Step) -> GameState:
    steps = session.steps
    for number in range(len(steps) - 1, -1, -1):
        if steps[number] is step:
            return steps[number + 1].before if number + 1 < len(steps) else session.state
    raise ValueError("the step is not in the session")


def _told_all(session: Session, first: int) -> list[Told]:
    """Every action from number ``first`` on, told with the state it led to."""
    steps = session.steps
    return [
        told(session, steps[n], steps[n + 1].before if n + 1 < len(steps) else session.state)
        for n in range(first, len(steps))
    ]


def story(session: Session) -> list[Told]:
    """Every action so far, first to last."""
    return _told_all(session, 0)


def since_last_turn(session: Session, seat: int) -> list[Told]:
    """``seat``'s latest action (what it found, when others moved straight after) and every
    action after it; all of them if it has not acted yet."""
    name = session.seats[seat].name
    last = max((n for n, s in enumerate(session.steps) if s.record.player == name), default=0)
    return _told_all(session, last)


def paragraph(entry: Told, colours: Sequence[str]) -> Text:
    text = Text(f"{entry.when} ", style="dim")
    text.append(entry.text, style=colours[entry.seat] if colours else "")
    return text


def story_panel(
    title: str,
    entries: Sequence[Told],
    colours: Sequence[str],
    width: int,
    rows: int,
    *,
    log: bool = True,
) -> RenderableType:
    """The newest entries whose wrapped lines fit ``rows`` (title included), oldest first;
    the title says how many earlier ones there are (and that `log` has them, if ``log``: a
    replay has no such command). When not even the newest fits whole (an exhibition with
    the variants that renew the display and draw after it), its first lines are shown, cut
    short with "…", rather than an empty panel."""
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
    notes = []
    if not shown and entries and rows > 1:
        shown.append(_cut(paragraph(entries[-1], colours), measure, width - INDENT, rows - 1))
        notes.append("the last cut short")
    hidden = len(entries) - len(shown)
    if hidden:
        notes.append(f"{hidden} earlier")
    if notes:
        where = ": type log" if log else ""
        head.append(f"  ({', '.join(notes)}{where})", style="dim")
    elif not entries:
        head.append("  (nothing yet)", style="dim")
    return Group(head, *(Padding(t, (0, 0, 0, INDENT)) for t in reversed(shown)))


def _cut(text: Text, measure: Console, width: int, rows: int) -> Text:
    """The first ``rows`` lines of ``text`` wrapped to ``width``, the last ending in "…"."""
    lines = text.wrap(measure, width)[:rows]
    return Text("\n").join([*lines[:-1], end_with_ellipsis(lines[-1], width)])
