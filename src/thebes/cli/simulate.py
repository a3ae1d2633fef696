"""`thebes simulate`: series of games between bots, a line per game and the standings.

The games are played by :mod:`thebes.tournament.series`, in local processes or, with
``--scheduler``, on a Dask cluster (:mod:`thebes.tournament.cluster`); this checks the
options, prints the results as they come (plain or JSON) and says which game files could
not be written.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING

from thebes.cli.streams import Streams
from thebes.errors import EXIT_ERROR, EXIT_OK, EXIT_USAGE, ThebesError
from thebes.language import _, ngettext
from thebes.safeio.text import os_reason, printable

if TYPE_CHECKING:
    from thebes.tournament.bot_games import GameResult
    from thebes.tournament.series import PlayedGame
    from thebes.tui.terminal import Terminal


class SeriesRefused(ThebesError):
    """Options that make no series: bots that do not fit the seats, seeds past a game
    file's."""

    exit_code = EXIT_USAGE


class GameFilesNotSaved(ThebesError):
    """The --save-dir folder cannot be made, or some games' files were not written (each
    was said as it came); the games themselves were played."""


def simulate_command(args: argparse.Namespace, handed: Terminal | None) -> int:
    from thebes.records.gamefile import MAX_SEED
    from thebes.rules import Variants
    from thebes.tournament.series import (
        Series,
        entries_for,
        play_series,
        series_standings,
        standings_lines,
        summary_json,
    )
    from thebes.tui.progress import progress_bar

    streams = Streams(handed)
    try:
        entries = entries_for(args.bots, args.players)
    except ValueError as exc:
        raise SeriesRefused(str(exc)) from None
    if args.seed + args.games - 1 > MAX_SEED:
        # Game i has seed S+i: every one must fit in a game file.
        raise SeriesRefused(_("the last game's seed would pass {most}").format(most=MAX_SEED))
    save_dir: Path | None = args.save_dir
    if save_dir is not None:
        try:
            save_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            where = printable(str(save_dir))
            refused = _("cannot use {folder} for game files: {reason}")
            raise GameFilesNotSaved(refused.format(folder=where, reason=os_reason(exc))) from None
    variants = Variants.from_names(args.variant)
    series = Series(
        tuple(entries), args.games, args.seed, args.rotate, save_dir, variants, args.expert_budget
    )
    unsaved = _UnsavedGames(streams)
    if args.json:

        def write(result: GameResult) -> None:
            streams.say(json.dumps(result.as_json()), flush=True)

        with closing(play_series(series, args.jobs, args.scheduler)) as games:
            table = series_standings(entries, unsaved.said(games), write)
        streams.say(json.dumps(summary_json(table, args.games)))
        return EXIT_ERROR if unsaved.count else EXIT_OK
    seed_width = len(str(args.seed + args.games - 1))  # the games' lines stay aligned
    with (
        progress_bar(args.games, bar=streams.errors, lines=streams.out) as advance,
        # The bar counts games as they end, wherever they are played; their lines are
        # printed in seed order.
        closing(play_series(series, args.jobs, args.scheduler, advance)) as games,
    ):

        def show(result: GameResult) -> None:
            # TRANSLATORS: a game of a series: its seed, then each player's score.
            line = _("seed {seed}  {scores}").format(
                seed=f"{result.seed:<{seed_width}d}", scores=_score_line(result)
            )
            streams.say(line, flush=True)

        table = series_standings(entries, unsaved.said(games), show)
    streams.say()
    for line in standings_lines(table):
        streams.say(line)
    if unsaved.count:
        raise GameFilesNotSaved(
            ngettext(
                "{count} of {total} game file not saved",
                "{count} of {total} game files not saved",
                args.games,
            ).format(count=unsaved.count, total=args.games)
        )
    return EXIT_OK


class _UnsavedGames:
    """Counts the games of a series whose file could not be written (--save-dir)."""

    def __init__(self, streams: Streams) -> None:
        self.streams = streams
        self.count = 0

    def said(self, games: Iterator[PlayedGame]) -> Iterator[GameResult]:
        """The results; each game whose file could not be written is said on the error
        stream in one line and counted, and the series goes on."""
        for game in games:
            if game.not_saved is not None:
                self.count += 1
                self.streams.complain(game.not_saved, flush=True)
            yield game.result


def _score_line(result: GameResult) -> str:
    """Each player's total, a winner's marked with ``*`` (the names of four bots and the
    winners named again would pass 80 columns)."""
    named = zip(result.players, result.scores, strict=True)
    return "  ".join(
        f"{name} {score.total:3d}{'*' if name in result.winners else ' '}" for name, score in named
    ).rstrip()
