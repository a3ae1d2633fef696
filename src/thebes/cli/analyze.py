"""`thebes analyze`: what each action of a saved game was worth, printed (plain or JSON)
and, with ``--save``, written beside the game. :mod:`thebes.analysis` does the work."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from thebes.errors import EXIT_ERROR, EXIT_OK
from thebes.safeio.text import printable
from thebes.tui.progress import progress_bar

if TYPE_CHECKING:
    from thebes.tui.terminal import Terminal


def analyze_command(args: argparse.Namespace, handed: Terminal | None) -> int:
    """The analysis of the file (RecordError says why it cannot be replayed)."""
    from thebes.analysis.game_review import analysis_path, analyze, open_game, save_analysis
    from thebes.analysis.report import report_lines
    from thebes.safeio.saving import SaveError

    game = open_game(args.file)
    with progress_bar(game.actions, "actions", bar=sys.stderr, lines=sys.stdout) as advance:
        review = analyze(game, args.playouts, args.jobs, advance)
    if args.json:
        print(json.dumps(review.as_json(game.names)))
    else:
        print("\n".join(report_lines(review, game.names)))
    if args.save:
        try:
            written = save_analysis(review, game.names, analysis_path(args.file))
        except SaveError as exc:
            # Not SaveError's own exit code: the analysis was printed, only the file is
            # missing, so this is a failure of the run, not a refused command line.
            print(f"thebes: analysis not saved: {printable(str(exc))}", file=sys.stderr)
            return EXIT_ERROR
        if not args.json:
            print(f"analysis saved to {printable(str(written))}")
    return EXIT_OK
