"""Starting and resuming a game at the terminal it is handed: the people's names asked there,
the game made, saved and locked by the table layer (:mod:`thebes.table.games`), then the
table played from this keyboard."""

from __future__ import annotations

from pathlib import Path

from prompt_toolkit import PromptSession

from thebes.bots import BOT_LEVELS
from thebes.records.session import Session
from thebes.rules import Variants
from thebes.safeio.invocation import thebes_command
from thebes.safeio.locking import GameLock
from thebes.safeio.text import name_problem, printable
from thebes.table.authority import Table
from thebes.table.ending import leave_out_skill
from thebes.table.games import (
    AskSeats,
    GameNotStarted,
    GameOptions,
    SetupError,
    new_game,
    saved_game,
    seats_from,
)
from thebes.tui.prompting import prompt_session
from thebes.tui.table import TerminalGame
from thebes.tui.terminal import Terminal


def ask_seats(terminal: Terminal) -> AskSeats:
    """The people's names (and bots) asked at ``terminal``, for :func:`seats_from`."""

    def ask(taken: list[str]) -> tuple[list[str], list[tuple[str, str]]]:
        with terminal.prompting():
            return _ask_seats(terminal, taken)

    return ask


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
    review: bool = True,
) -> None:
    """A new game at ``terminal``, played to its end or until left. A save file that cannot
    be used is a SaveError, players that cannot play a SetupError, names not given when
    asked GameNotStarted."""
    options = GameOptions(
        seed, variants, undo=undo, hints=hints, confirm=confirm, expert_budget=expert_budget
    )
    ask = ask_seats(terminal) if terminal.interactive else None
    with new_game(names, bots, options, save, force, ask=ask) as (session, lock):
        terminal.console.print(saved_where(session), soft_wrap=True)
        _run(Table(session, lock, fast=fast), terminal, lock, fast=fast, review=review)


def saved_where(session: Session) -> str:
    """Where a new game is saved, and what a seed means for its draws."""
    said = f"The game is saved in {printable(str(session.autosave))} after every action."
    if session.seed is None:
        return said
    return (
        f"A seeded game (seed {session.seed}): the same seed and the same moves give the "
        f"same draws, so whoever knows the seed can foresee them. {said}"
    )


def resume_game(terminal: Terminal, path: Path, *, fast: bool, review: bool = True) -> None:
    """The game saved in ``path`` at ``terminal``, from where it was left (RecordError says
    why it cannot be, GameInUse that another process has it open). The game is locked
    while it is open (:mod:`thebes.safeio.locking`), and read once it is."""
    with saved_game(path) as (session, lock):
        if session.is_over:
            where = printable(str(path))
            terminal.console.print(
                f"That game is over; '{thebes_command('replay ' + where)}' shows it.",
                soft_wrap=True,
            )
        _run(Table(session, lock, fast=fast), terminal, lock, fast=fast, review=review)


def _run(table: Table, terminal: Terminal, lock: GameLock, *, fast: bool, review: bool) -> None:
    """Play at ``table`` from the keyboard; the one line about its lock, if there is one
    (a stale lock taken over, or none made), printed and shown on the table's first
    screen. ``review`` False: the end shows no skill (:mod:`thebes.table.ending`)."""
    if not review:
        leave_out_skill(table)
    game = TerminalGame(table, terminal, fast=fast)
    notice = lock.notice()
    if notice is not None:
        terminal.console.print(notice, soft_wrap=True)
        game.talk.say(notice)
    game.run()


__all__ = [
    "GameNotStarted",
    "GameOptions",
    "SetupError",
    "ask_seats",
    "new_game",
    "resume_game",
    "saved_where",
    "seats_from",
    "start_game",
]
