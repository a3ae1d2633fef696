"""`thebes simulate`: series of games between bots, a line per game and the standings.

The games are played by :mod:`thebes.tournament.series`; this checks the options, prints
the results as they come (plain or JSON) and says which game files could not be written.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from thebes.errors import EXIT_ERROR, EXIT_OK, EXIT_USAGE
from thebes.records.gamefile import MAX_SEED
from thebes.rules import Variants
from thebes.safeio.text import printable
from thebes.tournament.bot_games import GameResult
from thebes.tournament.series import (
    PlayedGame,
    Series,
    entries_for,
    play_series,
    standings,
    summary_json,
    summary_lines,
)
from thebes.tui.progress import progress_bar

if TYPE_CHECKING:
    from thebes.tui.terminal import Terminal


def simulate_command(args: argparse.Namespace, handed: Terminal | None) -> int:
    try:
        entries = entries_for(args.bots, args.players)
    except ValueError as exc:
        print(f"thebes: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if args.seed + args.games - 1 > MAX_SEED:
        # Game i has seed S+i: every one must fit in a game file.
        print(f"thebes: the last game's seed would pass {MAX_SEED}", file=sys.stderr)
        return EXIT_USAGE
    save_dir: Path | None = args.save_dir
    if save_dir is not None:
        try:
            save_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            where = printable(str(save_dir))
            print(f"thebes: cannot use {where} for game files: {exc.strerror}", file=sys.stderr)
            return EXIT_ERROR
    variants = Variants.from_names(args.variant)
    series = Series(tuple(entries), args.games, args.seed, args.rotate, save_dir, variants)
    unsaved = _UnsavedGames()
    results = unsaved.said(play_series(series, args.jobs))
    if args.json:
        table = standings(entries, results, lambda r: print(json.dumps(r.as_json()), flush=True))
        print(json.dumps(summary_json(table, args.games)))
        return EXIT_ERROR if unsaved.count else EXIT_OK
    with progress_bar(args.games, bar=sys.stderr, lines=sys.stdout) as advance:

        def show(result: GameResult) -> None:
            print(f"seed {result.seed:<10d} {_score_line(result)}", flush=True)
            advance()

        table = standings(entries, results, show)
    print()
    for line in summary_lines(table):
        print(line)
    if unsaved.count:
        print(f"thebes: {unsaved.count} of {args.games} game files not saved", file=sys.stderr)
    return EXIT_ERROR if unsaved.count else EXIT_OK


class _UnsavedGames:
    """Counts the games of a series whose file could not be written (--save-dir)."""

    def __init__(self) -> None:
        self.count = 0

    def said(self, games: Iterator[PlayedGame]) -> Iterator[GameResult]:
        """The results; each game whose file could not be written is said on stderr in one
        line and counted, and the series goes on."""
        for game in games:
            if game.not_saved is not None:
                self.count += 1
                print(f"thebes: {game.not_saved}", file=sys.stderr, flush=True)
            yield game.result


def _score_line(result: GameResult) -> str:
    named = zip(result.players, result.scores, strict=True)
    totals = "  ".join(f"{name} {score.total:3d}" for name, score in named)
    return f"{totals}  winners: {', '.join(result.winners)}"
