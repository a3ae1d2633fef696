"""The game's story: each action told in one paragraph, dated with the mover's year·week,
and the part of it a person has not seen yet (what happened since their last turn).

A paragraph is wrapped at word boundaries to the width it is shown in, never cut: a dig's
finds are always there whole, by name and value. Where the panel has no room for every
paragraph, an action is told in one line instead (``1902·3 Ann: digs Egypt 8 wk: 2
artifacts (5 VP)``), and a person's own last action is never left out (:func:`story_panel`).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, replace

from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from thebes.catalog.components import Catalog
from thebes.language import _, ngettext
from thebes.records.narration import card_name, narrate
from thebes.records.session import Step
from thebes.records.view import GameView
from thebes.rules import CardRevealed, CardTurnedUp, GameEnded, GameState, YearTurned, date_text
from thebes.tui.command_words import as_typed
from thebes.tui.linecap import end_with_ellipsis
from thebes.tui.palette import seat_colour
from thebes.tui.panels import marks
from thebes.tui.summary import summary

INDENT = 2


@dataclass(frozen=True, slots=True)
class Told:
    """One action of the game, in words."""

    when: str  # the mover's year·week when they took it
    seat: int
    text: str
    short: str = ""  # the mover, the action and what it brought, in a few words (no date)
    brief: str = ""  # shorter still, to go with others in one line: "B take Egy book 3"
    own: bool = False  # the last action of the person whose turn it is: always shown


def told(session: GameView, step: Step, after: GameState | None = None) -> Told:
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
            # TRANSLATORS: a display slot and the card now in it: "slot 2 the car"
            slot = _("slot {slot} the {card}")
            shown = "; ".join(
                slot.format(slot=r.slot + 1, card=card_name(session.catalog, r.card))
                for r in refills
            )
            sentences.append(_("The display now shows: {cards}.").format(cards=shown))
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
    catalog = session.catalog
    # Told together with others, the mover goes by their mark, as on the standings.
    brief = f"{marks(names)[seat]} {summary(catalog, step, seat, brief=True)}"
    return Told(when, seat, " ".join(sentences), summary(catalog, step, seat), brief)


def face_up_sentence(
    catalog: Catalog, before: Sequence[int], turned_up: Sequence[int], after: Sequence[int]
) -> list[str]:
    """V5: the cards an action turned up that still lie face up after it, top first ("Turned
    up on the draw pile: the car."), or that none is left face up; cards turned up and drawn
    in the same action are told where they went (the display, an exhibition)."""
    if not after:
        return [_("No card is left face up on the draw pile.")] if before else []
    # TRANSLATORS: a card turned up on the draw pile: "the car"
    the = _("the {card}")
    still = [the.format(card=card_name(catalog, card)) for card in after if card in turned_up]
    if not still:
        return []
    cards = still[0]
    for card in still[1:]:
        # TRANSLATORS: cards turned up one after another: "the car, then the shovel"
        cards = _("{earlier}, then {later}").format(earlier=cards, later=card)
    return [_("Turned up on the draw pile: {cards}.").format(cards=cards)]


def _state_after(session: GameView, step: Step) -> GameState:
    steps = session.steps
    for number in range(len(steps) - 1, -1, -1):
        if steps[number] is step:
            return steps[number + 1].before if number + 1 < len(steps) else session.state
    raise ValueError("the step is not in the session")


def _told_all(session: GameView, first: int) -> list[Told]:
    """Every action from number ``first`` on, told with the state it led to."""
    steps = session.steps
    return [
        told(session, steps[n], steps[n + 1].before if n + 1 < len(steps) else session.state)
        for n in range(first, len(steps))
    ]


def story(session: GameView) -> list[Told]:
    """Every action so far, first to last."""
    return _told_all(session, 0)


def since_last_turn(session: GameView, seat: int) -> list[Told]:
    """``seat``'s latest action (what it found, when others moved straight after) and every
    action after it; all of them if it has not acted yet."""
    name = session.seats[seat].name
    last = max((n for n, s in enumerate(session.steps) if s.record.player == name), default=None)
    if last is None:
        return _told_all(session, 0)
    own, *since = _told_all(session, last)
    return [replace(own, own=True), *since]


def paragraph(entry: Told, colours: Sequence[str]) -> Text:
    text = Text(f"{entry.when} ", style="dim")
    text.append(entry.text, style=seat_colour(colours[entry.seat]) if colours else "")
    return text


def summary_line(entry: Told, colours: Sequence[str], width: int) -> Text:
    """``entry`` in one line of ``width`` cells: date, mover and what they did and found
    (its paragraph's start when it has no short form), cut with "…" if longer."""
    text = Text(f"{entry.when} ", style="dim")
    style = seat_colour(colours[entry.seat]) if colours else ""
    text.append(entry.short or entry.text, style=style)
    return end_with_ellipsis(text, width) if text.cell_len > width else text


def story_panel(
    title: str,
    entries: Sequence[Told],
    colours: Sequence[str],
    width: int,
    rows: int,
    *,
    log: bool = True,
) -> RenderableType:
    """The entries in ``rows`` (title included), oldest first: every paragraph whole if they
    fit; else each entry in one line (:func:`summary_line`), the newest told whole as room
    allows, older ones left to `log` (the title says how many, and that `log` has them if
    ``log``: a replay has no such command). An ``own`` entry is always shown, and all
    after it: in one line each where there is room, else the older of them together in
    lines of their own (``B take Egy book 3 · C exchange``)."""
    measure = Console(width=width, file=io.StringIO(), markup=False, emoji=False)
    inner = width - INDENT
    whole = [paragraph(e, colours) for e in entries]
    heights = [len(t.wrap(measure, inner)) for t in whole]
    head = Text(title, style="bold")
    if 1 + sum(heights) <= rows:
        if not entries:
            head.append("  (" + _("nothing yet") + ")", style="dim")
        return _panel(head, whole)
    room = max(0, rows - 1)
    own = next((n for n, e in enumerate(entries) if e.own), None)
    notes = []
    if own is not None and len(entries) - own > room:
        lines, left_out = _packed(entries[own:], colours, inner, measure, room)
        if left_out:
            # TRANSLATORS: the events panel's title: actions left out for want of room
            notes.append(ngettext("{count} more", "{count} more", left_out).format(count=left_out))
    else:
        first = own or 0  # before the own entry: nothing (since_last_turn starts there)
        newest = heights[-1] if own is None and heights[-1] <= room else 1
        # The newest whole, unless every entry since the own one needs its line.
        count = len(entries) - first if own is not None else room - newest + 1
        shown = list(range(first, len(entries)))[-count:] if room else []
        lines = _one_each(entries, shown, whole, heights, colours, inner, room)
        if len(entries) > len(shown):
            earlier = len(entries) - len(shown)
            notes.append(
                # TRANSLATORS: the events panel's title: earlier actions left out for want
                # of room
                ngettext("{count} earlier", "{count} earlier", earlier).format(count=earlier)
            )
    if any(all(line is not w for w in whole) for line in lines):
        # TRANSLATORS: the events panel's title: some actions are told in one line each
        notes.append(_("in short"))
    said = ", ".join(notes)
    if log:
        # TRANSLATORS: the events panel's title: "(3 earlier, in short: type log)"; {command}
        # is the command typed to see the whole log
        said = _("{notes}: type {command}").format(notes=said, command=as_typed("log"))
    head.append(f"  ({said})", style="dim")
    return _panel(head, lines)


def _panel(head: Text, lines: Sequence[Text]) -> RenderableType:
    return Group(head, *(Padding(t, (0, 0, 0, INDENT)) for t in lines))


def _one_each(
    entries: Sequence[Told],
    shown: Sequence[int],
    whole: Sequence[Text],
    heights: Sequence[int],
    colours: Sequence[str],
    width: int,
    room: int,
) -> list[Text]:
    """Entries ``shown`` in a line each, the newest told whole while ``room`` allows."""
    full: set[int] = set()
    spare = room - len(shown)
    for n in reversed(shown):
        if heights[n] - 1 <= spare:
            full.add(n)
            spare -= heights[n] - 1
    return [whole[n] if n in full else summary_line(entries[n], colours, width) for n in shown]


def _packed(
    entries: Sequence[Told], colours: Sequence[str], width: int, measure: Console, room: int
) -> tuple[list[Text], int]:
    """The own entry (first) in a line, and the others in the ``room`` left: the newest in a
    line each, as many as leave room for the older ones told together, a few to a line;
    with the number of others left out when not even that fits (the oldest go)."""
    mine, others = entries[0], list(entries[1:])
    head = [summary_line(mine, colours, width)] if room else []
    left = room - len(head)
    for apart in range(len(others), -1, -1):
        together = others[: len(others) - apart]
        for dropped in range(len(together) + 1):
            packed = _together(together[dropped:], colours, width, measure)
            if len(packed) + apart <= left:
                singles = [summary_line(e, colours, width) for e in others[len(together) :]]
                return [*head, *packed, *singles], dropped
            if apart:
                break  # fewer apart before dropping any
    return head, len(others)


def _together(
    entries: Sequence[Told], colours: Sequence[str], width: int, measure: Console
) -> list[Text]:
    """Several entries in as few lines as wrap: ``B take Egy book 3 · C exchange``."""
    if not entries:
        return []
    text = Text()
    for n, entry in enumerate(entries):
        if n:
            text.append(" · ", style="dim")
        told = entry.brief or entry.short or entry.text
        text.append(told, style=seat_colour(colours[entry.seat]) if colours else "")
    return list(text.wrap(measure, width))
