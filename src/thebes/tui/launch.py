"""Starting and resuming a game at the terminal it is handed: seats, seed, save file, then
the loop."""

from __future__ import annotations

import time
from pathlib import Path

from thebes.bots import BOT_LEVELS
from thebes.catalog.loading import default_catalog
from thebes.errors import EXIT_USAGE, ThebesError
from thebes.records.gamefile import COLOURS
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


class GameNotStarted(ThebesError):
    """The players were asked their names and left instead (Ctrl-C, the end of input): no
    game, and not a refused command line (the base's exit code, 1)."""


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
    confirm: bool = True,
) -> None:
    """A new game at ``terminal``, played to its end or until left. A save file that cannot
    be used is a SaveError, players that cannot play a SetupError, names not given when
    asked GameNotStarted."""
    if save is not None:
        _check_save(save, force)
    try:
        seats = seats_from(names, bots, terminal if terminal.interactive else None)
    except (KeyboardInterrupt, EOFError):
        raise GameNotStarted("no game started") from None
    if save is None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        seeded = "" if seed is None else f"-seed{seed}"
        path = games_folder() / f"{stamp}{seeded}.json"
    else:
        path = Path(save).expanduser()
    session = Session(
        default_catalog(),
        seats,
        seed,
        variants=variants,
        undo=undo,
        hints=hints,
        confirm=confirm,
        autosave=path,
    )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        session.save(path)
    except OSError as exc:  # the folder not made (the file not written is a SaveError)
        where = printable(str(path))
        raise SaveError(f"cannot save the game in {where}: {exc.strerror or exc}") from None
    said = f"The game is saved in {printable(str(path))} after every action."
    if seed is not None:
        said = (
            f"A seeded game (seed {seed}): the same seed and the same moves give the same "
            f"draws, so whoever knows the seed can foresee them. {said}"
        )
    terminal.console.print(said, soft_wrap=True)
    TerminalGame(session, terminal, fast=fast).run()


def _check_save(save: str, force: bool) -> None:
    """SaveError if --save names a path that can hold no game file at all (a folder, a
    device), even with --force, or a game that exists and --force is not given."""
    if save_target(save).exists() and not force:
        raise SaveError(
            f"{printable(save)} exists; 'thebes resume {as_file_argument(save)}' goes on "
            "with that game (--force replaces it)"
        )


def resume_game(terminal: Terminal, path: Path, *, fast: bool) -> None:
    """The game saved in ``path`` at ``terminal``, from where it was left (RecordError says
    why it cannot be)."""
    session = Session.load(path, default_catalog(), autosave=True)
    if session.is_over:
        where = printable(str(path))
        terminal.console.print(
            f"That game is over; 'thebes replay {where}' shows it.", soft_wrap=True
        )
    TerminalGame(session, terminal, fast=fast).run()
