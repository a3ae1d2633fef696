"""`thebes analyze`: what each action of a saved game was worth, printed (plain or JSON)
and, with ``--save``, written beside the game. :mod:`thebes.analysis` does the work."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from thebes.cli.streams import Streams
from thebes.errors import EXIT_OK, ThebesError
from thebes.language import _, pgettext
from thebes.safeio.text import printable

if TYPE_CHECKING:
    from thebes.tui.terminal import Terminal


class AnalysisNotSaved(ThebesError):
    """``--save`` could not write the analysis. Not SaveError's exit code but the base's:
    the analysis was printed, only the file is missing, so this is a failure of the run,
    not a refused command line."""


def analyze_command(args: argparse.Namespace, handed: Terminal | None) -> int:
    """The analysis of the file (RecordError says why it cannot be replayed; SaveError,
    before any work, why ``--save`` could not write it)."""
    from thebes.analysis.analysis_file import analysis_json, check_target, save_analysis
    from thebes.analysis.game_review import analysis_path, analyze, open_game
    from thebes.analysis.report import report_lines
    from thebes.cli.replay import chosen_file
    from thebes.safeio.saving import SaveError
    from thebes.tui.progress import progress_bar

    streams = Streams(handed)
    path = chosen_file(args)
    game = open_game(path)
    if args.save:  # before the analysis, which can take minutes
        check_target(analysis_path(path))
    # TRANSLATORS: the label of the progress bar while the actions of a game are analysed.
    counted = pgettext("progress", "actions")
    with progress_bar(game.actions, counted, bar=streams.errors, lines=streams.out) as advance:
        review = analyze(game, args.playouts, args.jobs, advance)
    if args.json:
        streams.say(json.dumps(analysis_json(review, game.names)))
    else:
        streams.say("\n".join(report_lines(review, game.names)))
    if args.save:
        try:
            written = save_analysis(review, game.names, analysis_path(path))
        except SaveError as exc:
            raise AnalysisNotSaved(_("analysis not saved: {reason}").format(reason=exc)) from None
        if not args.json:
            streams.say(_("analysis saved to {file}").format(file=printable(str(written))))
    return EXIT_OK
