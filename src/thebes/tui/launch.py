"""Starting and resuming a game at the terminal it is handed: seats, seed, save file, then
the loop."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from prompt_toolkit import PromptSession

from thebes.bots import BOT_LEVELS
from thebes.catalog.loading import default_catalog
from thebes.errors import EXIT_USAGE, ThebesError
from thebes.records.gamefile import COLOURS
from thebes.records.library import as_file_argument, games_folder, refuse_used_save
from thebes.records.session import Seat, Session
from thebes.rules import Variants
from thebes.safeio.invocation import thebes_command
from thebes.safeio.locking import GameLock, hold_game
from thebes.safeio.saving import make_folder_for
from thebes.safeio.text import name_problem, printable
from thebes.tui.prompting import prompt_session
from thebes.tui.table import TerminalGame
from thebes.tui.terminal import Terminal


class SetupError(ThebesError):
    """Players or options that cannot start a game; the message says why."""

    exit_code = EXIT_USAGE


class GameNotStarted(ThebesError):
    """The players were asked their names and left instead (Ctrl-C, the end of input): no
    game, and not a refused command line (the base's exit code, 1)."""


def seats_from(names_text: str | None, bots: list[str], ask: Terminal | None) -> list[Seat]:
    """Seats from "Ann,Bob" and ["Cleo=random"], asking at ``ask`` for the people (and,
    with no bot given, offering bots) if no names were given."""
    names = [n.strip(" ") for n in names_text.split(",")] if names_text else []
    bot_seats: list[tuple[str, str]] = []
    for spec in bots:
        name, _, level = spec.partition("=")
        name, level = name.strip(), level.strip().lower()
        if not name or level not in BOT_LEVELS:
            raise SetupError(
                f"--bot {spec!r}: write NAME=LEVEL with a level of {', '.join(BOT_LEVELS)}"
            )
        bot_seats.append((name, level))
    if not names and len(bot_seats) < 2 and ask is not None:
        # Bots alone need two seats to play; otherwise the people at the keyboard are asked.
        with ask.prompting():
            names, added = _ask_seats(ask, taken=[n for n, _ in bot_seats])
        bot_seats += added
    everyone = names + [n for n, _ in bot_seats]
    if not 2 <= len(everyone) <= 4:
        raise SetupError(f"Thebes is for 2 to 4 players; {len(everyone)} given")
    for name in everyone:
        problem = name_problem(name)
        if problem is not None:
            raise SetupError(problem)
    if len({n.lower() for n in everyone}) != len(everyone):
        raise SetupError("every player needs a different name")
    levels = dict(bot_seats)
    return [Seat(name, COLOURS[i], levels.get(name)) for i, name in enumerate(everyone)]


# The level offered first for a computer player: it plays sensibly, answers at once, and
# a newcomer can beat it (strong and expert look ahead, and take time over a move).
DEFAULT_LEVEL = "greedy"


def _ask_seats(terminal: Terminal, taken: list[str]) -> tuple[list[str], list[tuple[str, str]]]:
    """Ask how many people play and their names, beside the bots named in ``taken``; with
    no bot given, offer computer players (and their levels) for the seats left, at least
    one for a person alone. The names, and the bots added as (name, level)."""
    ask = prompt_session(terminal)
    # The questions and answers stay on screen, so a refusal reads under its question.
    ask.app.erase_when_done = False
    # One person is enough: with a bot given, or the bots offered next.
    fewest, most = 1, 4 - len(taken)
    people = "How many people play at this keyboard"
    count = _ask_number(terminal, ask, f"{people} ({fewest}-{most})? ", fewest, most)
    names: list[str] = []
    while len(names) < count:
        name = ask.prompt(f"Name of player {len(names) + 1}: ").strip(" ")
        problem = name_problem(name)
        if problem is not None:
            terminal.say(f"Not as a name: {problem}.")
        elif name.lower() in {n.lower() for n in names + taken}:
            terminal.say("That name is taken.")
        else:
            names.append(name)
    if taken or count == 4:
        return names, []
    return names, _ask_bots(terminal, ask, names, needed=max(0, 2 - count), free=4 - count)


def _ask_bots(
    terminal: Terminal, ask: PromptSession[str], names: list[str], *, needed: int, free: int
) -> list[tuple[str, str]]:
    """Offer ``needed`` to ``free`` computer players (Enter: ``needed``) and ask each one's
    level (Enter: DEFAULT_LEVEL); each is named after its level, apart from every name."""
    question = f"How many computer players ({needed}-{free})? [{needed}] "
    count = _ask_number(terminal, ask, question, needed, free, default=needed)
    levels = ", ".join(BOT_LEVELS)
    bots: list[tuple[str, str]] = []
    while len(bots) < count:
        number = len(bots) + 1
        answer = ask.prompt(f"Level of computer player {number} ({levels}) [{DEFAULT_LEVEL}]: ")
        answer = answer.strip().lower() or DEFAULT_LEVEL
        level = next((lv for lv in BOT_LEVELS if lv.startswith(answer)), None)
        if level is None:
            terminal.say(
                f"Please type {levels} (or its first letter), or Enter for {DEFAULT_LEVEL}."
            )
            continue
        bots.append((_bot_name(level, names + [name for name, _ in bots]), level))
    if bots:
        seats = ", ".join(f"{name} ({level})" for name, level in bots)
        terminal.say(f"Computer player{'s' if len(bots) > 1 else ''}: {seats}.")
    return bots


def _bot_name(level: str, taken: list[str]) -> str:
    """A computer player's name: its level ("Greedy"), numbered if that name is taken."""
    used = {name.lower() for name in taken}
    name, number = level.capitalize(), 2
    while name.lower() in used:
        name, number = f"{level.capitalize()} {number}", number + 1
    return name


def _ask_number(
    terminal: Terminal,
    ask: PromptSession[str],
    question: str,
    fewest: int,
    most: int,
    default: int | None = None,
) -> int:
    """A whole number from ``fewest`` to ``most``, asked until one is typed (Enter:
    ``default``, if there is one)."""
    choices = [str(n) for n in range(fewest, most + 1)]
    refusal = f"Please type {', '.join(choices[:-1])} or {choices[-1]}"
    if len(choices) == 1:
        refusal = f"Please type {choices[0]}"
    if default is not None:
        refusal += f", or Enter for {default}"
    while True:
        answer = ask.prompt(question).strip()
        if not answer and default is not None:
            return default
        if answer in choices:
            return int(answer)
        terminal.say(f"{refusal}.")


def start_game(
    terminal: Terminal,
    *,
    names: str | None,
    bots: list[str],
    seed: int | None,
    variants: Variants,
    save: str | None,
    force: bool,
    undo: bool,
    fast: bool,
    hints: bool = True,
    confirm: bool = True,
    expert_budget: int | None = None,
) -> None:
    """A new game at ``terminal``, played to its end or until left. A save file that cannot
    be used is a SaveError, players that cannot play a SetupError, names not given when
    asked GameNotStarted."""
    options = GameOptions(
        seed, variants, undo=undo, hints=hints, confirm=confirm, expert_budget=expert_budget
    )
    ask = terminal if terminal.interactive else None
    with new_game(names, bots, options, save, force, ask=ask) as (session, lock):
        terminal.console.print(saved_where(session), soft_wrap=True)
        _run(TerminalGame(session, terminal, fast=fast), lock)


@dataclass(frozen=True, slots=True)
class GameOptions:
    """How a new game is played: its seed, variants and the table's settings."""

    seed: int | None
    variants: Variants
    undo: bool = True
    hints: bool = True
    confirm: bool = True
    expert_budget: int | None = None  # the expert bots' simulations a move (None: default)


@contextmanager
def new_game(
    names: str | None,
    bots: list[str],
    options: GameOptions,
    save: str | None,
    force: bool,
    *,
    ask: Terminal | None,
    name_suffix: str = "",
) -> Iterator[tuple[Session, GameLock]]:
    """A new game, saved and locked for the ``with`` block: the players named (asked at
    ``ask`` when not given), its file ``save`` or a new one in the games folder named for
    the time it starts (and ``name_suffix``). SaveError if ``save`` holds a game and
    ``force`` is not given: looked at before the questions and again under the lock,
    since another game may have been saved there meanwhile."""
    catalog = default_catalog()
    if save is not None:
        refuse_used_save(save, force, catalog)
    try:
        seats = seats_from(names, bots, ask)
    except (KeyboardInterrupt, EOFError):
        raise GameNotStarted("no game started") from None
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
        yield session, lock


def saved_where(session: Session) -> str:
    """Where a new game is saved, and what a seed means for its draws."""
    said = f"The game is saved in {printable(str(session.autosave))} after every action."
    if session.seed is None:
        return said
    return (
        f"A seeded game (seed {session.seed}): the same seed and the same moves give the "
        f"same draws, so whoever knows the seed can foresee them. {said}"
    )


def resume_game(terminal: Terminal, path: Path, *, fast: bool) -> None:
    """The game saved in ``path`` at ``terminal``, from where it was left (RecordError says
    why it cannot be, GameInUse that another process has it open). The game is locked
    while it is open (:mod:`thebes.safeio.locking`), and read once it is."""
    with hold_game(path, as_file_argument(path)) as lock:
        session = Session.load(path, default_catalog(), autosave=True)
        session.lock = lock
        if session.is_over:
            where = printable(str(path))
            terminal.console.print(
                f"That game is over; '{thebes_command('replay ' + where)}' shows it.",
                soft_wrap=True,
            )
        _run(TerminalGame(session, terminal, fast=fast), lock)


def _run(game: TerminalGame, lock: GameLock) -> None:
    """Play ``game``; the one line about its lock, if there is one (a stale lock taken
    over, or none made), printed and shown on the table's first screen."""
    notice = lock.notice()
    if notice is not None:
        game.terminal.console.print(notice, soft_wrap=True)
        game.talk.say(notice)
    game.run()
