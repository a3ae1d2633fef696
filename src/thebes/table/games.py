"""Creating, resuming and locking games: what a table is opened on, whatever the front end.

The people's names are asked by the front end (``ask``), never here: this module checks the
seats, names the new game's file, saves and locks it, and gives the session and its lock for
the ``with`` block. A new game in which nothing was played is not kept when the block ends:
`thebes resume` must never open an empty game in place of one in progress. Players who
cannot start a game are refused with a value (:class:`SetupRefused`), which the front end
words.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from thebes.bots import BOT_LEVELS
from thebes.catalog.loading import default_catalog
from thebes.records.gamefile import COLOURS
from thebes.records.library import as_file_argument, games_folder, refuse_used_save
from thebes.records.session import Seat, Session
from thebes.rules import Variants
from thebes.safeio.locking import GameLock, hold_game
from thebes.safeio.saving import make_folder_for
from thebes.safeio.text import name_problem

# What the front end asks when no names were given: the people's names (beside the bots
# named in ``taken``), and the bots it added as (name, level). People who leave instead of
# answering are the front end's to tell: what it raises goes through new_game as it is.
AskSeats = Callable[[list[str]], tuple[list[str], list[tuple[str, str]]]]


class Unplayable(Enum):
    """Why the players given cannot start a game."""

    BOT_SPEC = "bot spec"  # ``given``: a --bot text that is no NAME=LEVEL of a level
    PLAYER_COUNT = "player count"  # ``count``: the players given, not 2 to 4
    NAME = "name"  # ``given``: a name that cannot be a player's (safeio.text.name_problem)
    SAME_NAMES = "same names"  # two names alike but for letter case


class SetupRefused(Exception):
    """Players who cannot start a game: why, and what it concerns (see :class:`Unplayable`);
    the front end words it."""

    def __init__(self, kind: Unplayable, *, given: str = "", count: int = 0) -> None:
        super().__init__(kind, given, count)
        self.kind = kind
        self.given = given
        self.count = count


@dataclass(frozen=True, slots=True)
class GameOptions:
    """How a new game is played: its seed, variants and the table's settings."""

    seed: int | None
    variants: Variants
    undo: bool = True
    hints: bool = True
    confirm: bool = True
    expert_budget: int | None = None  # the expert bots' simulations a move (None: default)


def seats_from(names_text: str | None, bots: list[str], ask: AskSeats | None) -> list[Seat]:
    """Seats from "Ann,Bob" and ["Cleo=random"], asking ``ask`` for the people (and, with
    no bot given, for bots) if no names were given; SetupRefused says why they cannot play."""
    names = [n.strip(" ") for n in names_text.split(",")] if names_text else []
    bot_seats: list[tuple[str, str]] = []
    for spec in bots:
        name, _equals, level = spec.partition("=")
        name, level = name.strip(), level.strip().lower()
        if not name or level not in BOT_LEVELS:
            raise SetupRefused(Unplayable.BOT_SPEC, given=spec)
        bot_seats.append((name, level))
    if not names and len(bot_seats) < 2 and ask is not None:
        # Bots alone need two seats to play; otherwise the people at the keyboard are asked.
        names, added = ask([n for n, _level in bot_seats])
        bot_seats += added
    everyone = names + [n for n, _level in bot_seats]
    if not 2 <= len(everyone) <= 4:
        raise SetupRefused(Unplayable.PLAYER_COUNT, count=len(everyone))
    for name in everyone:
        if name_problem(name) is not None:
            raise SetupRefused(Unplayable.NAME, given=name)
    if len({n.lower() for n in everyone}) != len(everyone):
        raise SetupRefused(Unplayable.SAME_NAMES)
    levels = dict(bot_seats)
    return [Seat(name, COLOURS[i], levels.get(name)) for i, name in enumerate(everyone)]


@contextmanager
def new_game(
    names: str | None,
    bots: list[str],
    options: GameOptions,
    save: str | None,
    force: bool,
    *,
    ask: AskSeats | None,
    name_suffix: str = "",
    keep_empty: bool = True,
) -> Iterator[tuple[Session, GameLock]]:
    """A new game, saved and locked for the ``with`` block: the players named (asked when
    not given), its file ``save`` or a new one in the games folder named for the time it
    starts (and ``name_suffix``). SaveError if ``save`` holds a game and ``force`` is not
    given: looked at before the questions and again under the lock, since another game may
    have been saved there meanwhile; SetupRefused if the players cannot play. Unless
    ``keep_empty``, a game left with nothing played is not kept."""
    catalog = default_catalog()
    if save is not None:
        refuse_used_save(save, force, catalog)
    seats = seats_from(names, bots, ask)
    if save is None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        seeded = "" if options.seed is None else f"-seed{options.seed}"
        path = games_folder() / f"{stamp}{seeded}{name_suffix}.json"
    else:
        path = Path(save).expanduser()
    session = Session(
        catalog,
        seats,
        options.seed,
        variants=options.variants,
        undo=options.undo,
        hints=options.hints,
        confirm=options.confirm,
        expert_budget=options.expert_budget,
        autosave=path,
    )
    make_folder_for(path)
    with hold_game(path, as_file_argument(path)) as lock:  # --force: not a game open elsewhere
        if save is not None:
            refuse_used_save(save, force, catalog)
        session.save(path)
        session.lock = lock
        try:
            yield session, lock
        finally:
            if not keep_empty and save is None and not session.steps and session.autosave == path:
                # Nothing played: no file that `thebes resume` could open in place of the
                # game really in progress.
                with contextlib.suppress(OSError):
                    path.unlink()


@contextmanager
def saved_game(path: Path) -> Iterator[tuple[Session, GameLock]]:
    """The game saved in ``path``, locked while it is open and read once it is
    (RecordError says why it cannot be, GameInUse that another process has it open)."""
    with hold_game(path, as_file_argument(path)) as lock:
        session = Session.load(path, default_catalog(), autosave=True)
        session.lock = lock  # moved with the game if its autosave has to go on beside
        yield session, lock
