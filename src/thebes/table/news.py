"""What happened at a table, as values: published to every place, worded by each front end.

Nothing here is a sentence. A front end words each kind of news in one place (the terminal's
is :mod:`thebes.tui.news`), so a later one can word it in another language, or aloud.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from thebes.records.session import Session, Step
    from thebes.rules import GameState


@dataclass(frozen=True, slots=True)
class Speaker:
    """Who says something at the table: a seat, or a spectator, or the host watching."""

    seat: int | None
    host: bool = False


@dataclass(frozen=True, slots=True)
class TakenAction:
    """An action taken back by an undo: whose, and in the notation."""

    player: str
    action: str

    @staticmethod
    def taken(what: tuple[tuple[str, str], ...]) -> tuple[TakenAction, ...]:
        return tuple(TakenAction(player, action) for player, action in what)


@dataclass(frozen=True, slots=True)
class ActionPlayed:
    """The seat ``seat`` played ``step`` (the game's history then had ``number`` actions),
    which led to ``after``: kept whole, so the log tells it even once it is taken back."""

    seat: int
    number: int
    step: Step
    after: GameState


@dataclass(frozen=True, slots=True)
class TakenBack:
    """``asker`` took back ``taken`` (oldest first); ``to_play`` moves now."""

    asker: int
    taken: tuple[TakenAction, ...]
    to_play: int | None


@dataclass(frozen=True, slots=True)
class UndoAsked:
    """``asker`` asks ``owner`` to agree to take back ``taken`` (the owner's is the first)."""

    asker: int
    owner: int
    taken: tuple[TakenAction, ...]
    seconds: float


class NotTaken(Enum):
    """Why an undo that needed its owner's yes did not happen."""

    REFUSED = "refused"  # the owner said no
    EXPIRED = "expired"  # no answer in time
    CHANGED = "changed"  # the game moved on meanwhile
    GONE = "gone"  # the owner left the table


@dataclass(frozen=True, slots=True)
class UndoDeclined:
    asker: int
    owner: int
    why: NotTaken


class Arrival(Enum):
    JOINED = "joined"  # the first time
    RETURNED = "returned"  # after a drop or a quit
    TOOK_OVER = "took over"  # from another connection of the same seat


@dataclass(frozen=True, slots=True)
class Arrived:
    """A terminal came to the table, for ``seat`` (None: a spectator)."""

    seat: int | None
    how: Arrival


class Departure(Enum):
    DROPPED = "dropped"  # the connection was lost
    QUIT = "quit"  # the person left


@dataclass(frozen=True, slots=True)
class Departed:
    seat: int | None
    how: Departure


@dataclass(frozen=True, slots=True)
class Said:
    speaker: Speaker
    text: str  # as typed, control codes and all: the front end shows it safely


@dataclass(frozen=True, slots=True)
class BotSeated:
    """A bot of ``level`` plays the seat from now on (its person left)."""

    seat: int
    level: str


@dataclass(frozen=True, slots=True)
class TimeRanOut:
    """The person in ``seat`` ran out of time (a server's clock): a bot of ``level`` played
    this one action for them (their action follows, as ActionPlayed), or with
    ``rest_of_game`` plays the seat from now on."""

    seat: int
    level: str
    rest_of_game: bool


@dataclass(frozen=True, slots=True)
class SaveFailed:
    """The autosave failed (the game goes on; it is saved again after the next action)."""

    problem: str


@dataclass(frozen=True, slots=True)
class SaveMoved:
    """The game's file was changed elsewhere: left as it is, the game goes on beside it."""

    problem: str


@dataclass(frozen=True, slots=True)
class SavedAgain:
    where: Path


@dataclass(frozen=True, slots=True)
class TableClosed:
    """The host ended the table; the game is saved on the host."""


News = (
    ActionPlayed
    | TakenBack
    | UndoAsked
    | UndoDeclined
    | Arrived
    | Departed
    | Said
    | BotSeated
    | TimeRanOut
    | SaveFailed
    | SaveMoved
    | SavedAgain
    | TableClosed
)

# News for the host's terminal alone: where the game's file is, and what went wrong with it.
HOST_ONLY = (SaveFailed, SaveMoved, SavedAgain)


KEPT_SAID = 200  # lines said kept in a journal (the game's own news are all kept)
KEPT_COMINGS = 200  # terminals' arrivals and departures kept in a journal
# What people make news of by themselves, not by playing, kept to the newest few of each
# kind: lines said, and terminals coming and going (a spectator joining and leaving for
# ever must not grow the table's memory, nor each newcomer's log, without end).
TALK: tuple[type, ...] = (Said,)
COMINGS: tuple[type, ...] = (Arrived, Departed)
BOUNDED = {TALK: KEPT_SAID, COMINGS: KEPT_COMINGS}


def bounded_kind(news: News) -> tuple[type, ...] | None:
    """Which of the :data:`BOUNDED` kinds ``news`` is, if any."""
    return next((kinds for kinds in BOUNDED if isinstance(news, kinds)), None)


class Journal:
    """Everything a table published, numbered: what each place has not seen yet is what
    came after the number it saw last. Lines said, and arrivals and departures, are kept to
    the newest few (:data:`BOUNDED`), so that neither talk nor joins grow a table's memory
    without end."""

    def __init__(self) -> None:
        self.serial = 0  # the number of the newest news
        self._kept: deque[tuple[int, News]] = deque()
        self._counts = dict.fromkeys(BOUNDED, 0)  # how many of each bounded kind are kept

    def publish(self, news: News) -> None:
        self.serial += 1
        self._kept.append((self.serial, news))
        kinds = bounded_kind(news)
        if kinds is not None:
            self._counts[kinds] += 1
            if self._counts[kinds] > BOUNDED[kinds]:  # the oldest of its kind goes
                oldest = next(i for i, (_, n) in enumerate(self._kept) if isinstance(n, kinds))
                del self._kept[oldest]
                self._counts[kinds] -= 1

    def since(self, serial: int, *, host: bool) -> list[News]:
        """The news after ``serial`` (what is for the host alone, only for the host)."""
        return [
            news
            for number, news in self._kept
            if number > serial and (host or not isinstance(news, HOST_ONLY))
        ]

    def __len__(self) -> int:
        return len(self._kept)

    def newest(self) -> News:
        return self._kept[-1][1]


def story_so_far(session: Session) -> list[ActionPlayed]:
    """The actions of ``session`` as news, each with the state it led to."""
    names = [seat.name for seat in session.seats]
    steps = session.steps
    afters = [step.before for step in steps[1:]] + [session.state] if steps else []
    return [
        ActionPlayed(names.index(step.record.player), number, step, after)
        for number, (step, after) in enumerate(zip(steps, afters, strict=True), 1)
    ]
