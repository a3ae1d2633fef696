"""`thebes play`, `thebes resume` and `thebes games`: a game at this keyboard, and the saved
games to go on with. The terminal UI plays them; this reads the options."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from thebes.catalog.loading import default_catalog
from thebes.rules import Variants
from thebes.safeio.text import printable


def play_command(args: argparse.Namespace) -> int:
    from thebes.tui.launch import start_game

    return start_game(
        names=args.players,
        bots=args.bot,
        seed=args.seed,
        variants=Variants.from_names(args.variant),
        save=args.save,
        force=args.force,
        undo=not args.no_undo,
        hints=not args.no_hints,
        fast=args.fast,
        colour=args.colour,
    )


def resume_command(args: argparse.Namespace) -> int:
    """A file, or a game of the list by its number (LibraryError says why there is none)."""
    from thebes.records.library import games_folder, is_game_number, pick_game
    from thebes.tui.launch import resume_game

    choice: str | None = args.game
    if choice is not None and not is_game_number(choice):
        return resume_game(Path(choice), fast=args.fast, colour=args.colour)
    number, game = pick_game(choice, args.dir or games_folder(), default_catalog())
    if choice is not None and Path(choice).exists():
        # A number always means the list; say so when a file of that name is here too.
        print(
            f"thebes: {choice} is game {choice} of the list; ./{choice} is the file",
            file=sys.stderr,
        )
    print(f"Game {number}: {printable(str(game.file.path))}")
    return resume_game(game.file.path, fast=args.fast, colour=args.colour)


def games_command(args: argparse.Namespace) -> int:
    from thebes.records.library import games_folder
    from thebes.tui.gamelist import print_games

    folder = args.dir or games_folder()
    return print_games(folder, default_catalog(), as_json=args.json, everything=args.all)
