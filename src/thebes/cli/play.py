"""`thebes play`, `thebes resume` and `thebes games`: a game at this keyboard, and the saved
games to go on with. The terminal UI plays them; this reads the options."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING

from thebes.cli.stdio import need_keys
from thebes.cli.streams import Streams
from thebes.errors import EXIT_OK
from thebes.language import _
from thebes.safeio.text import printable

if TYPE_CHECKING:
    from thebes.tui.terminal import Terminal


def plain(args: argparse.Namespace) -> bool:
    """Plain mode: --plain, or THEBES_PLAIN in the environment."""
    from thebes.tui.terminal import plain_asked

    return bool(args.plain) or plain_asked(os.environ)


def play_command(args: argparse.Namespace, handed: Terminal | None) -> int:
    """A new game (SaveError and SetupError say why it cannot start)."""
    need_keys(handed)
    from thebes.rules import Variants
    from thebes.tui.launch import start_game
    from thebes.tui.terminal import terminal_for

    with terminal_for(handed, colour=args.colour, plain=plain(args)) as terminal:
        start_game(
            terminal,
            names=args.players,
            bots=args.bot,
            seed=args.seed,
            variants=Variants.from_names(args.variant),
            save=args.save,
            force=args.force,
            undo=not args.no_undo,
            hints=not args.no_hints,
            confirm=not args.no_confirm,
            expert_budget=args.expert_budget,
            fast=args.fast,
            review=not args.no_review,
        )
    return EXIT_OK


def resume_command(args: argparse.Namespace, handed: Terminal | None) -> int:
    """A file, or a game of the list by its number (LibraryError says why there is none,
    RecordError why the file cannot be played)."""
    need_keys(handed)
    from thebes.catalog.loading import default_catalog
    from thebes.records.library import games_folder, is_game_number, pick_game
    from thebes.tui.launch import resume_game
    from thebes.tui.terminal import terminal_for

    choice: str | None = args.game
    if choice is not None and not is_game_number(choice):
        with terminal_for(handed, colour=args.colour, plain=plain(args)) as terminal:
            resume_game(terminal, Path(choice), fast=args.fast, review=not args.no_review)
        return EXIT_OK
    number, game = pick_game(choice, args.dir or games_folder(), default_catalog())
    if choice is not None and Path(choice).exists():
        # A number always means the list; say so when a file of that name is here too.
        Streams(handed).complain(
            _("{number} is game {number} of the list; ./{number} is the file").format(number=choice)
        )
    with terminal_for(handed, colour=args.colour, plain=plain(args)) as terminal:
        terminal.say(
            _("Game {number}: {file}").format(number=number, file=printable(str(game.file.path)))
        )
        resume_game(terminal, game.file.path, fast=args.fast, review=not args.no_review)
    return EXIT_OK


def games_command(args: argparse.Namespace, handed: Terminal | None) -> int:
    """The listing (UnlistedFolder says why the folder cannot be read)."""
    from thebes.catalog.loading import default_catalog
    from thebes.records.library import games_folder
    from thebes.tui.gamelist import print_games
    from thebes.tui.terminal import terminal_for

    folder = args.dir or games_folder()
    with terminal_for(handed, colour=False) as terminal:
        print_games(
            terminal,
            folder,
            default_catalog(),
            as_json=args.json,
            everything=args.all,
            named_folder=args.dir is not None,
        )
    return EXIT_OK
