"""The table's news and refusals in words, for the terminal: the one place they are worded
(the engine's and the session's reasons inside them by :mod:`thebes.tui.wording`).

Each kind of news (:mod:`thebes.table.news`) has a line for the log and, for the message line
under the screen, a line that may depend on who reads it (``seats``: the seats of the place
that reads; the asker reads "Took back ...", the others "Bob took back ..."). Text typed by
people is shown with every control code written out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from thebes.records.blockers import Blocker
from thebes.records.session import Seat
from thebes.records.view import GameView
from thebes.safeio.text import printable
from thebes.table.news import (
    ActionPlayed,
    Arrival,
    Arrived,
    BotSeated,
    Departed,
    Departure,
    News,
    NotTaken,
    Said,
    SavedAgain,
    SaveFailed,
    SaveMoved,
    TableClosed,
    TakenAction,
    TakenBack,
    UndoAsked,
    UndoDeclined,
)
from thebes.table.places import Ending
from thebes.table.refusals import Refusal, Refused
from thebes.tui.wording import blocker_line

ENDINGS = {
    Ending.TAKEN_OVER: "Your seat was taken over from elsewhere.",
    Ending.DROPPED: "The connection dropped; the seat waits for you.",
    Ending.CLOSED: "The host ended the table; the game is saved on the host.",
}


def news_line(news: News, seats: Sequence[Seat], reader: frozenset[int]) -> str | None:
    """``news`` as the message line tells it to the place acting for ``reader`` (None:
    nothing to say there; an action played is told by the screen and the log)."""
    names = [printable(s.name) for s in seats]
    match news:
        case ActionPlayed():
            return None
        case TakenBack(asker=asker, taken=taken, to_play=to_play):
            what = ", then ".join(_taken(t) for t in taken)
            who = names[to_play] if to_play is not None else "nobody"
            if asker in reader:
                return f"Took back {what}. {who} to play."
            return f"{names[asker]} took back {what}. {who} to play."
        case UndoAsked(asker=asker, owner=owner, taken=taken, seconds=seconds):
            if owner in reader:
                return None  # the question itself is asked there
            if asker in reader:
                return (
                    f"Asked {names[owner]}; waiting up to {seconds:.0f} seconds for their answer…"
                )
            return f"{names[asker]} asks {names[owner]} to take back {_taken(taken[0])}."
        case UndoDeclined(asker=asker, owner=owner, why=why):
            return _declined(names, asker, owner, why, reader)
        case Arrived(seat=seat, how=how):
            if seat is None:
                return "A spectator joined the table."
            if how is Arrival.JOINED:
                return f"{names[seat]} joined the table."
            if how is Arrival.RETURNED:
                return f"{names[seat]} is back at the table."
            return f"{names[seat]} took the seat over from another terminal."
        case Departed(seat=seat, how=how):
            if seat is None:
                return "A spectator left the table."
            if how is Departure.DROPPED:
                return f"{names[seat]}'s connection dropped; the seat waits for {names[seat]}."
            return f"{names[seat]} left the table; the seat waits for {names[seat]}."
        case Said(speaker=speaker, text=text):
            if speaker.seat is not None:
                who = names[speaker.seat]
            else:
                who = "The host" if speaker.host else "A spectator"
            return f"{who} says: {printable(text)}"
        case BotSeated(seat=seat, level=level):
            article = "an" if level[0] in "aeiou" else "a"
            return f"The host put {article} {level} bot in {names[seat]}'s seat."
        case SaveFailed(problem=problem):
            return (
                f"Not saved: {printable(problem)}. The game goes on and is saved again after "
                "the next action; 'save PATH' saves it elsewhere."
            )
        case SaveMoved(problem=problem):
            return f"Not overwritten: {printable(problem)}."
        case SavedAgain(where=where):
            return f"Saved again in {printable(str(where))}."
        case TableClosed():
            return ENDINGS[Ending.CLOSED]
        case _:
            assert_never(news)


def log_lines(news: News, seats: Sequence[Seat]) -> list[str]:
    """``news`` in the log, in as many lines as it takes (an action is told by the story,
    not here: none)."""
    match news:
        case ActionPlayed() | UndoAsked():
            return []
        case TakenBack(taken=taken):
            return [f"Undo: {_taken(t)} is taken back." for t in reversed(taken)]
        case SaveFailed(problem=problem):
            return [f"Not saved: {printable(problem)}."]
        case _:
            line = news_line(news, seats, frozenset())
            return [line] if line is not None else []


def is_warning(news: News) -> bool:
    """Whether ``news`` is told as a warning (something went wrong)."""
    return isinstance(news, SaveFailed | SaveMoved)


def refusal_line(refused: Refused, game: GameView) -> str:
    """Why the table did not do what was asked, in one sentence (the session's reasons
    worded by :func:`~thebes.tui.wording.blocker_line`)."""
    names = [printable(s.name) for s in game.seats]
    seat = names[refused.seat] if refused.seat is not None else "nobody"
    match refused.detail:
        case Blocker():
            detail = blocker_line(refused.detail, game.seats, game.catalog.regions)
        case str():
            detail = printable(refused.detail)
        case None:
            detail = ""
        case _:
            assert_never(refused.detail)
    kind = refused.kind
    if kind is Refusal.CLOSED:
        return "Not played: the table is closed."
    if kind is Refusal.STALE:
        return "Not played: the game changed before your action arrived. Look again."
    if kind is Refusal.NOT_YOUR_TURN:
        return f"Not played: it is {seat}'s turn."
    if kind is Refusal.NOT_LEGAL:
        return "Not played: not legal now."
    if kind is Refusal.SPECTATOR:
        return "Spectators take nothing back."
    if kind is Refusal.HOST_ONLY:
        return "Only the host does that."
    if kind is Refusal.ALREADY_BOT:
        return f"{seat}'s seat is played by a bot already."
    if kind is Refusal.OWNER_ABSENT:
        return f"Nothing taken back: {seat} is not at the table to agree."
    if kind is Refusal.OWNER_BUSY:
        return f"Nothing taken back: {seat} is being asked something already."
    if kind is Refusal.UNDO_BLOCKED:
        return f"Cannot undo: {detail}."
    if kind is Refusal.HINT_BLOCKED:
        return f"{detail[:1].upper()}{detail[1:]}."
    if kind is Refusal.NO_FILE:
        return "This game has no save file; give one: save PATH"
    if kind is Refusal.NOT_SAVED:
        return f"Not saved: {detail}."
    if kind is Refusal.SAY_TOO_FAST:
        return "Not said: one line a second, please."
    assert_never(kind)


def _taken(taken: TakenAction) -> str:
    return f"{printable(taken.player)}'s '{printable(taken.action)}'"


def _declined(
    names: list[str], asker: int, owner: int, why: NotTaken, reader: frozenset[int]
) -> str:
    who = names[owner]
    if why is NotTaken.REFUSED:
        return f"Nothing taken back: {who} did not agree."
    if why is NotTaken.EXPIRED:
        if owner in reader and asker not in reader:
            return f"You did not answer in time: nothing of yours is taken back for {names[asker]}."
        return f"Nothing taken back: {who} did not answer in time."
    if why is NotTaken.CHANGED:
        return "Nothing taken back: the game changed meanwhile."
    if why is NotTaken.GONE:
        return f"Nothing taken back: {who} left the table."
    assert_never(why)
