"""The library of saved games: the game files of a folder, newest first, and where each
game stands.

`thebes games` lists them and `thebes resume [N]` picks one by the same numbering: game 1 is
the file saved last (by modification time), whatever its name. A file whose date cannot be
when a game was saved (before 1970, or more than a day ahead of the clock, as a copied file
or a `touch` can leave it) has its date taken as unknown, like a file that cannot be looked
at: such files come after all the others. Only ``*.json`` files count;
hidden files (the ``.NAME.PID.tmp`` temporaries of an atomic save among them) do not. A
file is replayed and verified like `thebes resume` does (:meth:`Session.load`), so what a
line says is what resuming would show; a file that cannot be used is described by its
:class:`RecordError`, never raised.
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from thebes.catalog.components import Catalog
from thebes.errors import EXIT_USAGE, ThebesError
from thebes.language import _, ngettext
from thebes.records.gamefile import RecordError
from thebes.records.session import Session
from thebes.rules import scores, week_of, winners, year_of
from thebes.safeio.invocation import thebes_command
from thebes.safeio.saving import SaveError, save_target
from thebes.safeio.text import os_reason, printable, whole_number

# A listing replays every file it shows (a few ms each): this many keep it under a second
# or two; the rest are counted, and `thebes games --all` shows them.
LISTED = 200
# How far ahead of the clock a file's date may be and still be believed (a file copied from
# a machine whose clock runs a little fast, a zone set wrong).
CLOCK_SLACK = 24 * 60 * 60
# A game's saved analysis (`thebes analyze --save`) lies beside it; it is not a game.
ANALYSIS_SUFFIX = ".analysis.json"


def games_folder() -> Path:
    """Where games are saved unless --save says otherwise."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "thebes" / "games"


class LibraryError(ThebesError):
    """A folder that cannot be listed, or a game that cannot be picked; the message says
    why in one line."""

    exit_code = EXIT_USAGE


@dataclass(frozen=True, slots=True)
class ListedFile:
    """A file of the folder, before it is read."""

    path: Path
    # None: the file could not even be looked at (a broken link), or its date is not one
    # a game could have been saved at (see believed_date)
    mtime: float | None


@dataclass(frozen=True, slots=True)
class GameProgress:
    """Where a readable game stands."""

    players: tuple[tuple[str, str | None], ...]  # (name, bot level or None), seat order
    seed: int | None
    finished: bool
    time: int | None  # the week of the player to move (None once finished)
    to_move: str | None
    totals: tuple[int, ...]  # the current scores, in seat order
    leaders: tuple[str, ...]  # the highest total now; the winners once finished
    variants: tuple[str, ...] = ()  # the names of the variants played (V1-V5)
    # (name, actions taken after a hint), seat order, only the players who used hints
    hints: tuple[tuple[str, int], ...] = ()
    # (name, actions a bot played for them when their time ran out), seat order, only the
    # players it happened to
    stand_ins: tuple[tuple[str, int], ...] = ()
    # Seat order: for a person's seat a bot took over (the host's `bot SEAT LEVEL`), the
    # number of actions played before the bot began (the file's bot_from), else None;
    # empty when no seat was taken over
    bots_from: tuple[int | None, ...] = ()

    def bot_from(self, seat: int) -> int | None:
        """The file's bot_from of ``seat``: None unless a bot took that person's seat over."""
        return self.bots_from[seat] if seat < len(self.bots_from) else None

    @property
    def top_two(self) -> tuple[int, int]:
        """The two highest totals (equal when the lead is shared)."""
        first, second = sorted(self.totals, reverse=True)[:2]
        return first, second

    @property
    def where(self) -> str | None:
        """The year·week of the player to move, as the time track writes it."""
        if self.time is None:
            return None
        return f"{year_of(self.time)}·{week_of(self.time)}"

    def as_json(self) -> dict[str, object]:
        """Where the game stands, as `thebes games --json` gives it (:data:`STANDING_KEYS`)."""
        named = zip(self.players, self.totals, strict=True)
        return {
            "players": [
                {"name": n, "bot": level, "bot_from": self.bot_from(seat)}
                for seat, (n, level) in enumerate(self.players)
            ],
            "seed": self.seed,
            "finished": self.finished,
            "where": self.where,
            "to_move": self.to_move,
            "leaders": list(self.leaders),
            "scores": {name: total for (name, _), total in named},
            "variants": list(self.variants),
            "hints": dict(self.hints),
            "stand_ins": dict(self.stand_ins),
        }


# The keys of GameProgress.as_json: an unreadable game has each of them, null.
STANDING_KEYS = (
    "players",
    "seed",
    "finished",
    "where",
    "to_move",
    "leaders",
    "scores",
    "variants",
    "hints",
    "stand_ins",
)


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A game file and what reading it gave: a standing, or why it is unreadable."""

    file: ListedFile
    standing: GameProgress | None
    error: str | None

    @property
    def unfinished(self) -> bool:
        return self.standing is not None and not self.standing.finished

    def as_json(self, number: int) -> dict[str, object]:
        """The game as game ``number`` of `thebes games --json`; an unreadable one has its
        ``error`` and nulls."""
        standing = self.standing
        return {
            "number": number,
            "path": str(self.file.path),
            "mtime": iso_date(self.file.mtime),
            "error": self.error,
            **(dict.fromkeys(STANDING_KEYS) if standing is None else standing.as_json()),
        }


def iso_date(mtime: float | None) -> str | None:
    """``mtime`` in ISO 8601, local time; None when it is unknown or past what a calendar
    date can hold (a clock set far ahead makes such dates believable)."""
    if mtime is None:
        return None
    try:
        return datetime.fromtimestamp(mtime).astimezone().isoformat(timespec="seconds")
    except (OverflowError, OSError, ValueError):
        return None


def game_files(folder: Path) -> list[ListedFile]:
    """The game files of ``folder``, newest first (the same modification time: by name,
    later names first); [] if the folder does not exist. LibraryError if it cannot be
    read."""
    try:
        entries = list(os.scandir(folder))
    except FileNotFoundError:
        return []
    except OSError as exc:
        where = printable(str(folder))
        raise LibraryError(
            # TRANSLATORS: a folder of games cannot be read; {reason} is the system's.
            _("cannot list {folder}: {reason}").format(folder=where, reason=os_reason(exc))
        ) from None
    files, now = [], time.time()
    # A symbolic link to a game listed already (its file in this folder, or another link
    # to it) is that game again: each file once, under its own name rather than a link's.
    listed: set[str] = set()
    entries.sort(key=lambda entry: (entry.is_symlink(), entry.name))
    for entry in entries:
        if entry.name.startswith(".") or not entry.name.endswith(".json"):
            continue
        if entry.name.endswith(ANALYSIS_SUFFIX):  # `thebes analyze --save` beside a game
            continue
        real = os.path.realpath(entry.path)
        if real in listed:
            continue
        listed.add(real)
        try:
            info = entry.stat()  # follows a symbolic link, as reading the file does
        except OSError:
            files.append(ListedFile(Path(entry.path), None))
            continue
        if not stat.S_ISDIR(info.st_mode):
            files.append(ListedFile(Path(entry.path), believed_date(info.st_mtime, now)))
    files.sort(key=lambda f: (f.mtime is not None, f.mtime or 0.0, f.path.name), reverse=True)
    return files


def believed_date(mtime: float, now: float) -> float | None:
    """``mtime`` if a game could have been saved then, else None: a date before 1970 or more
    than :data:`CLOCK_SLACK` ahead of ``now`` says nothing about when, and some (2**62 s)
    cannot even be turned into a calendar date."""
    return mtime if 0 <= mtime <= now + CLOCK_SLACK else None


def read_game(file: ListedFile, catalog: Catalog) -> SavedGame:
    """Replay ``file`` and say where its game stands, or why it cannot be used."""
    try:
        session = Session.load(file.path, catalog)
    except RecordError as exc:
        # The message starts with the path; the listing shows the file on its line.
        reason = str(exc).removeprefix(f"{file.path}: ")
        return SavedGame(file, None, printable(" ".join(reason.split())))
    except OSError as exc:  # the reader reports its own; this is only a last guard
        return SavedGame(file, None, printable(os_reason(exc)))
    return SavedGame(file, standing_of(session), None)


def standing_of(session: Session) -> GameProgress:
    state = session.state
    names = [seat.name for seat in session.seats]
    seat = session.active_seat
    return GameProgress(
        players=tuple((s.name, s.bot) for s in session.seats),
        seed=session.seed,
        finished=session.is_over,
        time=None if seat is None else state.players[seat].time,
        to_move=None if seat is None else names[seat],
        totals=tuple(s.total for s in scores(state)),
        leaders=tuple(names[i] for i in winners(state)),
        variants=session.variants.names,
        hints=tuple(session.hints_used().items()),
        stand_ins=tuple(session.stand_ins().items()),
        bots_from=tuple(s.bot_from for s in session.seats)
        if any(s.bot_from is not None for s in session.seats)
        else (),
    )


def read_games(files: list[ListedFile], catalog: Catalog) -> Iterator[SavedGame]:
    """Each file read in turn (lazily: a caller looking for one game stops early)."""
    for file in files:
        yield read_game(file, catalog)


def pick_game(choice: str | None, folder: Path, catalog: Catalog) -> tuple[int, SavedGame]:
    """The game `thebes resume` goes on with, and its number in the list.

    ``None``: the newest unfinished game. All ASCII digits: the game of that number in
    `thebes games` (always: a file whose name is a number is written ``./3``). LibraryError
    says why there is none to resume.
    """
    files = game_files(folder)
    where = printable(str(folder))
    if choice is None:
        for place, found in enumerate(read_games(files, catalog), 1):
            if found.unfinished:
                return place, found
        raise LibraryError(
            # TRANSLATORS: {command} is a command to type, 'thebes play'.
            _("no unfinished game in {folder}; {command} starts one").format(
                folder=where, command=f"'{thebes_command('play')}'"
            )
        )
    number, game = listed_game(choice, folder, catalog, files)
    path = printable(str(game.file.path))
    if game.error is not None:
        raise LibraryError(
            _("game {number} ({file}) is unreadable: {reason}").format(
                number=number, file=path, reason=game.error
            )
        )
    if not game.unfinished:
        raise LibraryError(
            # TRANSLATORS: {command} is a command to type, 'thebes replay FILE'.
            _("game {number} is finished; {command} shows it").format(
                number=number, command=f"'{thebes_command('replay ' + path)}'"
            )
        )
    return number, game


def listed_game(
    choice: str, folder: Path, catalog: Catalog, files: list[ListedFile] | None = None
) -> tuple[int, SavedGame]:
    """Game ``choice`` (a number) of `thebes games` in ``folder``, and its number; LibraryError
    if the list has no such game. ``files``: the folder's game files, if read already."""
    if files is None:
        files = game_files(folder)
    # Past nine digits no folder holds that many games: out of range like any other.
    number = whole_number(choice) if is_game_number(choice) else None
    if number is None or not 1 <= number <= len(files):
        held = ngettext("{count} saved game", "{count} saved games", len(files)).format(
            count=len(files)
        )
        raise LibraryError(
            # TRANSLATORS: {held} is "3 saved games"; {command} is a command, 'thebes games'.
            _("there is no game {choice}: {folder} holds {held} ({command} lists them)").format(
                choice=printable(choice[:20]),
                folder=printable(str(folder)),
                held=held,
                command=f"'{thebes_command('games')}'",
            )
        )
    return number, read_game(files[number - 1], catalog)


def is_game_number(choice: str) -> bool:
    """Whether `thebes resume` reads ``choice`` as a number of the list, not a file."""
    return choice.isascii() and choice.isdigit()


def as_file_argument(path: str | os.PathLike[str]) -> str:
    """``path`` as `thebes resume` must be given it to take it for a file: a name of digits
    alone would be read as a number of the list, so it is written ``./3``. Escaped for the
    terminal."""
    text = os.fspath(path)
    return printable(f"./{text}" if is_game_number(text) else text)


def refuse_used_save(save: str, force: bool, catalog: Catalog) -> None:
    """SaveError if a new game may not be saved to ``save`` (`--save`): a path that can
    hold no game file at all (a folder, a device), even with ``force``, or a file that
    exists and ``force`` is not given; what can be done with it is said (resume an
    unfinished game, replay a finished one). Asked before a new game's questions and again
    under its lock just before its first save, since another process may save a game there
    meanwhile."""
    target = save_target(save)
    if force or not target.exists():
        return
    try:
        over = Session.load(target, catalog).is_over
    except (ThebesError, OSError):
        raise SaveError(
            # TRANSLATORS: {option} is the command line's option --force.
            _("{file} exists and is not a game thebes can read ({option} replaces it)").format(
                file=printable(save), option="--force"
            )
        ) from None
    if over:
        # TRANSLATORS: {command} is a command to type, 'thebes replay FILE'; {option} --force.
        message = _("{file} exists; {command} shows that finished game ({option} replaces it)")
        command = thebes_command("replay " + as_file_argument(save))
    else:
        # TRANSLATORS: {command} is a command to type, 'thebes resume FILE'; {option} --force.
        message = _("{file} exists; {command} goes on with that game ({option} replaces it)")
        command = thebes_command("resume " + as_file_argument(save))
    raise SaveError(message.format(file=printable(save), command=f"'{command}'", option="--force"))
