"""Starting and resuming a game at the terminal: seats, seed, save file, then the loop."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from prompt_toolkit import PromptSession

from thebes.bots import BOT_LEVELS
from thebes.catalog.loading import default_catalog
from thebes.errors import EXIT_USAGE, ThebesError
from thebes.records.gamefile import COLOURS, RecordError
from thebes.records.library import as_file_argument, games_folder
from thebes.records.session import Seat, Session
from thebes.rules import Variants
from thebes.safeio.saving import SaveError, save_target
from thebes.safeio.text import name_problem, printable
from thebes.tui.game import TerminalGame
from thebes.tui.prompting import keyboard, prompt_session
from thebes.tui.screen import terminal_console


class SetupError(ThebesError):
    """Players or options that cannot start a game; the message says why."""

    exit_code = EXIT_USAGE


def seats_from(
    names_text: str | None, bots: list[str], ask: PromptSession[str] | None
) -> list[Seat]:
    """Seats from "Ann,Bob" and ["Cleo=random"], asking for names if none were given."""
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
        names = _ask_names(ask, taken=[n for n, _ in bot_seats])
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


def _ask_names(ask: PromptSession[str], taken: list[str]) -> list[str]:
    """Ask how many people play and their names, beside the bots named in ``taken``."""
    fewest, most = max(1, 2 - len(taken)), 4 - len(taken)
    choices = [str(n) for n in range(fewest, most + 1)]
    question = "How many players (2-4)? " if not taken else f"How many people ({fewest}-{most})? "
    while True:
        count = ask.prompt(question).strip()
        if count in choices:
            break
        print(f"Please type {', '.join(choices[:-1])} or {choices[-1]}.")
    names: list[str] = []
    while len(names) < int(count):
        name = ask.prompt(f"Name of player {len(names) + 1}: ").strip(" ")
        problem = name_problem(name)
        if problem is not None:
            print(f"Not as a name: {problem}.")
        elif name.lower() in {n.lower() for n in names + taken}:
            print("That name is taken.")
        else:
            names.append(name)
    return names


def start_game(
    *,
    names: str | None,
    bots: list[str],
    seed: int | None,
    variants: Variants,
    save: str | None,
    force: bool,
    undo: bool,
    fast: bool,
    colour: bool,
    hints: bool = True,
) -> int:
    console = terminal_console(colour=colour)
    try:
        refused = save is not None and _save_refused(save, force)
    except SaveError as exc:
        print(f"thebes: {exc}", file=sys.stderr)
        return 2
    if refused:
        return 2
    try:
        seats = seats_from(names, bots, prompt_session() if sys.stdin.isatty() else None)
    except SetupError as exc:
        print(f"thebes: {exc}", file=sys.stderr)
        return 2
    except (KeyboardInterrupt, EOFError):
        print("thebes: no game started", file=sys.stderr)
        return 1
    if save is None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        seeded = "" if seed is None else f"-seed{seed}"
        path = games_folder() / f"{stamp}{seeded}.json"
    else:
        path = Path(save).expanduser()
    session = Session(
        default_catalog(), seats, seed, variants=variants, undo=undo, hints=hints, autosave=path
    )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        session.save(path)
    except SaveError as exc:
        print(f"thebes: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        where = printable(str(path))
        print(f"thebes: cannot save the game in {where}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    said = f"The game is saved in {printable(str(path))} after every action."
    if seed is not None:
        said = (
            f"A seeded game (seed {seed}): the same seed and the same moves give the same "
            f"draws, so whoever knows the seed can foresee them. {said}"
        )
    console.print(said, soft_wrap=True)
    with keyboard() as keys:
        TerminalGame(session, console, prompt_input=keys, fast=fast, colour=colour).run()
    return 0


def _save_refused(save: str, force: bool) -> bool:
    """Whether --save names a game that exists (and --force is not given): says so if it
    does. SaveError if the path can hold no game file at all (a folder, a device)."""
    if not save_target(save).exists() or force:
        return False
    print(
        f"thebes: {printable(save)} exists; 'thebes resume {as_file_argument(save)}' goes on "
        "with that game (--force replaces it)",
        file=sys.stderr,
    )
    return True


def resume_game(path: Path, *, fast: bool, colour: bool) -> int:
    console = terminal_console(colour=colour)
    try:
        session = Session.load(path, default_catalog(), autosave=True)
    except RecordError as exc:
        print(f"thebes: {printable(str(exc))}", file=sys.stderr)
        return 2
    if session.is_over:
        where = printable(str(path))
        console.print(f"That game is over; 'thebes replay {where}' shows it.", soft_wrap=True)
    with keyboard() as keys:
        TerminalGame(session, console, prompt_input=keys, fast=fast, colour=colour).run()
    return 0
