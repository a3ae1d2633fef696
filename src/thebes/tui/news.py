"""The table's news and refusals in words, for the terminal: the one place they are worded
(the engine's and the session's reasons inside them by :mod:`thebes.tui.wording`).

Each kind of news (:mod:`thebes.table.news`) has a line for the log and, for the message line
under the screen, a line that may depend on who reads it (``seats``: the seats of the place
that reads; the asker reads "Took back ...", the others "Bob took back ..."). Text typed by
people is shown with every control code written out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import assert_never

from thebes.language import N_, _
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
    TimeRanOut,
    UndoAsked,
    UndoDeclined,
)
from thebes.table.places import Ending
from thebes.table.refusals import Refusal, Refused
from thebes.tui.command_words import as_typed
from thebes.tui.wording import blocker_line

# Translated where shown: _(ENDINGS[ending]).
ENDINGS = {
    Ending.TAKEN_OVER: N_("Your seat was taken over from elsewhere."),
    Ending.DROPPED: N_("The connection dropped; the seat waits for you."),
    Ending.CLOSED: N_("The host ended the table; the game is saved on the host."),
}


def news_line(news: News, seats: Sequence[Seat], reader: frozenset[int]) -> str | None:
    """``news`` as the message line tells it to the place acting for ``reader`` (None:
    nothing to say there; an action played is told by the screen and the log)."""
    names = [printable(s.name) for s in seats]
    match news:
        case ActionPlayed():
            return None
        case TakenBack(asker=asker, taken=taken, to_play=to_play):
            what = _then(_taken(t) for t in taken)
            who = names[to_play] if to_play is not None else _("nobody")
            if asker in reader:
                # TRANSLATORS: {what} is "Ann's 'take 2'" (several joined with ", then ")
                return _("Took back {what}. {who} to play.").format(what=what, who=who)
            return _("{asker} took back {what}. {who} to play.").format(
                asker=names[asker], what=what, who=who
            )
        case UndoAsked(asker=asker, owner=owner, taken=taken, seconds=seconds):
            if owner in reader:
                return None  # the question itself is asked there
            if asker in reader:
                return _("Asked {owner}; waiting up to {seconds} seconds for their answer…").format(
                    owner=names[owner], seconds=f"{seconds:.0f}"
                )
            return _("{asker} asks {owner} to take back {what}.").format(
                asker=names[asker], owner=names[owner], what=_taken(taken[0])
            )
        case UndoDeclined(asker=asker, owner=owner, why=why):
            return _declined(names, asker, owner, why, reader)
        case Arrived(seat=seat, how=how):
            if seat is None:
                return _("A spectator joined the table.")
            if how is Arrival.JOINED:
                return _("{name} joined the table.").format(name=names[seat])
            if how is Arrival.RETURNED:
                return _("{name} is back at the table.").format(name=names[seat])
            # The same person, from another terminal (a second tab, a page switching to
            # plain text): nothing changed for anyone here; the log keeps it (log_lines).
            return None
        case Departed(seat=seat, how=how):
            if seat is None:
                return _("A spectator left the table.")
            if how is Departure.DROPPED:
                return _("{name}'s connection dropped; the seat waits for {name}.").format(
                    name=names[seat]
                )
            return _("{name} left the table; the seat waits for {name}.").format(name=names[seat])
        case Said(speaker=speaker, text=text):
            said = printable(text)
            if speaker.seat is not None:
                # TRANSLATORS: {text} is a line typed by a player
                return _("{name} says: {text}").format(name=names[speaker.seat], text=said)
            if speaker.host:
                return _("The host says: {text}").format(text=said)
            return _("A spectator says: {text}").format(text=said)
        case BotSeated(seat=seat, level=level):
            if level[0] in "aeiou":
                # TRANSLATORS: {level} is the bot's level as typed (random, greedy, expert...)
                said = _("The host put an {level} bot in {name}'s seat.")
            else:
                # TRANSLATORS: {level} is the bot's level as typed (random, greedy, expert...)
                said = _("The host put a {level} bot in {name}'s seat.")
            return said.format(level=level, name=names[seat])
        case TimeRanOut(seat=seat, level=level, rest_of_game=rest_of_game):
            return _time_ran_out(names[seat], level, rest_of_game, reader == {seat})
        case SaveFailed(problem=problem):
            # TRANSLATORS: {command} is the command as typed ("save PATH")
            return _(
                "Not saved: {problem}. The game goes on and is saved again after "
                "the next action; '{command}' saves it elsewhere."
            ).format(problem=printable(problem), command=as_typed("save", "PATH"))
        case SaveMoved(problem=problem):
            return _("Not overwritten: {problem}.").format(problem=printable(problem))
        case SavedAgain(where=where):
            return _("Saved again in {path}.").format(path=printable(str(where)))
        case TableClosed():
            return _(ENDINGS[Ending.CLOSED])
        case _:
            assert_never(news)


def log_lines(news: News, seats: Sequence[Seat]) -> list[str]:
    """``news`` in the log, in as many lines as it takes (an action is told by the story,
    not here: none)."""
    match news:
        case ActionPlayed() | UndoAsked():
            return []
        case TakenBack(taken=taken):
            # TRANSLATORS: {what} is "Ann's 'take 2'"
            undo = _("Undo: {what} is taken back.")
            return [undo.format(what=_taken(t)) for t in reversed(taken)]
        case SaveFailed(problem=problem):
            return [_("Not saved: {problem}.").format(problem=printable(problem))]
        case Arrived(seat=int(seat), how=Arrival.TOOK_OVER):
            name = printable(seats[seat].name)
            return [_("{name} took the seat over from another terminal.").format(name=name)]
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
    seat = names[refused.seat] if refused.seat is not None else _("nobody")
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
        return _("Not played: the table is closed.")
    if kind is Refusal.STALE:
        return _("Not played: the game changed before your action arrived. Look again.")
    if kind is Refusal.NOT_YOUR_TURN:
        return _("Not played: it is {name}'s turn.").format(name=seat)
    if kind is Refusal.NOT_LEGAL:
        return _("Not played: not legal now.")
    if kind is Refusal.SPECTATOR:
        return _("Spectators take nothing back.")
    if kind is Refusal.HOST_ONLY:
        return _("Only the host does that.")
    if kind is Refusal.ALREADY_BOT:
        return _("{name}'s seat is played by a bot already.").format(name=seat)
    if kind is Refusal.OWNER_ABSENT:
        return _("Nothing taken back: {name} is not at the table to agree.").format(name=seat)
    if kind is Refusal.OWNER_BUSY:
        return _("Nothing taken back: {name} is being asked something already.").format(name=seat)
    if kind is Refusal.UNDO_BLOCKED:
        # TRANSLATORS: {reason} is why, without its first capital ("undo is turned off...")
        return _("Cannot undo: {reason}.").format(reason=detail)
    if kind is Refusal.HINT_BLOCKED:
        return f"{detail[:1].upper()}{detail[1:]}."
    if kind is Refusal.NO_FILE:
        # TRANSLATORS: {command} is the command as typed ("save PATH")
        return _("This game has no save file; give one: {command}").format(
            command=as_typed("save", "PATH")
        )
    if kind is Refusal.NOT_SAVED:
        return _("Not saved: {problem}.").format(problem=detail)
    if kind is Refusal.UNSAVED:
        # TRANSLATORS: {problem} is why the game's file could not be written ("the disk is
        # full"...)
        return _("Not played: the game cannot be saved ({problem}). Try again later.").format(
            problem=detail
        )
    if kind is Refusal.SAY_TOO_FAST:
        return _("Not said: one line a second, please.")
    assert_never(kind)


def _taken(taken: TakenAction) -> str:
    # TRANSLATORS: an action taken back: {action} is as typed in the notation ("take 2")
    return _("{player}'s '{action}'").format(
        player=printable(taken.player), action=printable(taken.action)
    )


def _then(parts: Iterable[str]) -> str:
    """Actions one after another: "A, then B, then C"."""
    joined = ""
    for part in parts:
        # TRANSLATORS: actions taken back one after another ("Ann's 'take 2', then ...")
        joined = _("{earlier}, then {later}").format(earlier=joined, later=part) if joined else part
    return joined


def _time_ran_out(name: str, level: str, rest_of_game: bool, yours: bool) -> str:
    """A person's time ran out: the bot that played their move, or plays their seat now;
    ``yours``: told to that person."""
    if rest_of_game:
        if yours:
            # TRANSLATORS: {level} is the bot's level as typed (random, greedy, expert...)
            return _("Your time ran out: the {level} bot plays for you from now on.").format(
                level=level
            )
        # TRANSLATORS: {level} is the bot's level as typed (random, greedy, expert...)
        said = _("{name}'s time ran out: the {level} bot plays for them from now on.")
        return said.format(name=name, level=level)
    if yours:
        # TRANSLATORS: {level} is the bot's level as typed (random, greedy, expert...)
        return _("Your time ran out: the {level} bot played this move for you.").format(level=level)
    # TRANSLATORS: {level} is the bot's level as typed (random, greedy, expert...)
    said = _("{name}'s time ran out: the {level} bot played this move for them.")
    return said.format(name=name, level=level)


def _declined(
    names: list[str], asker: int, owner: int, why: NotTaken, reader: frozenset[int]
) -> str:
    who = names[owner]
    if why is NotTaken.REFUSED:
        return _("Nothing taken back: {name} did not agree.").format(name=who)
    if why is NotTaken.EXPIRED:
        if owner in reader and asker not in reader:
            return _(
                "You did not answer in time: nothing of yours is taken back for {name}."
            ).format(name=names[asker])
        return _("Nothing taken back: {name} did not answer in time.").format(name=who)
    if why is NotTaken.CHANGED:
        return _("Nothing taken back: the game changed meanwhile.")
    if why is NotTaken.GONE:
        return _("Nothing taken back: {name} left the table.").format(name=who)
    assert_never(why)
