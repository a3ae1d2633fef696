"""Starting and resuming a game at the terminal it is handed: seats, seed, save file, then
the loop."""

from __future__ import annotations

import time
from pathlib import Path

from thebes.bots import BOT_LEVELS
from thebes.catalog.loading import default_catalog
from thebes.errors import EXIT_USAGE, ThebesError
from thebes.records.gamefile import COLOURS, RecordError
from thebes.records.library import as_file_argument, games_folder
from thebes.records.session import Seat, Session
from thebes.rules import Variants
from thebes.safeio.saving import SaveError, save_target
from thebes.safeio.text import name_problem, printable
from thebes.tui.prompting import prompt_session
from thebes.tui.table import TerminalGame
from thebes.tui.terminal import Terminal


class SetupError(ThebesError):
    """Players or options that cannot start a game; the message says why."""

    exit_code = EXIT_USAGE


def seats_from(names_text: str | None, bots: list[str], ask: Terminal | None) -> list[Seat]:
    """Seats from "Ann,Bob" and ["Cleo=random"], asking at ``ask`` for names if none were
    given."""
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


def _ask_names(terminal: Terminal, taken: list[str]) -> list[str]:
    """Ask how many people play and their names, beside the bots named in ``taken``."""
    ask = prompt_session(terminal)
    fewest, most = max(1, 2 - len(taken)), 4 - len(taken)
    choices = [str(n) for n in range(fewest, most + 1)]
    question = "How many players (2-4)? " if not taken else f"How many people ({fewest}-{most})? "
    while True:
        count = ask.prompt(question).strip()
        if count in choices:
            break
        terminal.say(f"Please type {', '.join(choices[:-1])} or {choices[-1]}.")
    names: list[str] = []
    while len(names) < int(count):
        name = ask.prompt(f"Name of player {len(names) + 1}: ").strip(" ")
        problem = name_problem(name)
        if problem is not None:
            terminal.say(f"Not as a name: {problem}.")
        elif name.lower() in {n.lower() for n in names + taken}:
            terminal.say("That name is taken.")
        else:
            names.append(name)
    return names


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
) -> int:
    """A new game at ``terminal``, played to its end or until left; the exit code."""
    try:
        refused = save is not None and _save_refused(terminal, save, force)
    except SaveError as exc:
        terminal.complain(str(exc))
        return 2
    if refused:
        return 2
    try:
        seats = seats_from(names, bots, terminal if terminal.interactive else None)
    except SetupError as exc:
        terminal.complain(str(exc))
        return 2
    except (KeyboardInterrupt, EOFError):
        terminal.complain("no game started")
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
        terminal.complain(str(exc))
        return 2
    except OSError as exc:
        where = printable(str(path))
        terminal.complain(f"cannot save the game in {where}: {exc.strerror or exc}")
        return 2
    said = f"The game is saved in {printable(str(path))} after every action."
    if seed is not None:
        said = (
            f"A seeded game (seed {seed}): the same seed and the same moves give the same "
            f"draws, so whoever knows the seed can foresee them. {said}"
        )
    terminal.console.print(said, soft_wrap=True)
    TerminalGame(session, terminal, fast=fast).run()
    return 0


def _save_refused(terminal: Terminal, save: str, force: bool) -> bool:
    """Whether --save names a game that exists (and --force is not given): says so if it
    does. SaveError if the path can hold no game file at all (a folder, a device)."""
    if not save_target(save).exists() or force:
        return False
    terminal.complain(
        f"{printable(save)} exists; 'thebes resume {as_file_argument(save)}' goes on "
        "with that game (--force replaces it)"
    )
    return True


def resume_game(terminal: Terminal, path: Path, *, fast: bool) -> int:
    """The game saved in ``path`` at ``terminal``, from where it was left; the exit code."""
    try:
        session = Session.load(path, default_catalog(), autosave=True)
    except RecordError as exc:
        terminal.complain(printable(str(exc)))
        return 2
    if session.is_over:
        where = printable(str(path))
        terminal.console.print(
            f"That game is over; 'thebes replay {where}' shows it.", soft_wrap=True
        )
    TerminalGame(session, terminal, fast=fast).run()
    return 0
