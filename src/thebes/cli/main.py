"""The `thebes` command: argument parsing and exit codes; the work is done elsewhere."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from thebes.catalog.components import DataError
from thebes.catalog.loading import default_catalog
from thebes.cli.arguments import build_parser, variant_names
from thebes.records.gamefile import MAX_SEED, RecordError
from thebes.rules import Variants
from thebes.safeio.text import MAX_NAME, printable
from thebes.tui.progress import progress_bar

if TYPE_CHECKING:
    from thebes.records.session import Session

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_USAGE = 2  # bad arguments, a damaged game file or a bad data file
NAME_WIDTH = MAX_NAME


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "simulate":
            return _simulate(args)
        if args.command == "replay":
            return _replay(args)
        if args.command == "play":
            return _play(args)
        if args.command == "resume":
            return _resume(args)
        if args.command == "rules":
            return _rules(args)
        if args.command == "games":
            return _games(args)
        if args.command == "analyze":
            return _analyze(args)
        return _reference(args)
    except DataError as exc:
        print(f"thebes: bad data file: {printable(str(exc))}", file=sys.stderr)
        return EXIT_USAGE
    except RecordError as exc:
        print(f"thebes: {printable(str(exc))}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("thebes: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (for example `| head`); nothing more to say.
        sys.stderr.close()
        return EXIT_OK


def _play(args: argparse.Namespace) -> int:
    from thebes.tui.launch import start_game

    return start_game(
        names=args.players,
        bots=args.bot,
        seed=args.seed,
        variants=Variants.from_names(variant_names(args.variant)),
        save=args.save,
        force=args.force,
        undo=not args.no_undo,
        hints=not args.no_hints,
        fast=args.fast,
        colour=_colour_wanted(args),
    )


def _resume(args: argparse.Namespace) -> int:
    from thebes.records.library import LibraryError, games_folder, is_game_number, pick_game
    from thebes.tui.launch import resume_game

    choice: str | None = args.game
    colour = _colour_wanted(args)
    if choice is not None and not is_game_number(choice):
        return resume_game(Path(choice), fast=args.fast, colour=colour)
    folder = args.dir or games_folder()
    try:
        number, game = pick_game(choice, folder, default_catalog())
    except LibraryError as exc:
        print(f"thebes: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if choice is not None and Path(choice).exists():
        # A number always means the list; say so when a file of that name is here too.
        print(
            f"thebes: {choice} is game {choice} of the list; ./{choice} is the file",
            file=sys.stderr,
        )
    print(f"Game {number}: {printable(str(game.file.path))}")
    return resume_game(game.file.path, fast=args.fast, colour=colour)


def _games(args: argparse.Namespace) -> int:
    from thebes.records.library import games_folder
    from thebes.tui.gamelist import print_games

    folder = args.dir or games_folder()
    return print_games(folder, default_catalog(), as_json=args.json, everything=args.all)


def _rules(args: argparse.Namespace) -> int:
    from thebes.tui.rulebook import RulebookError, UnknownRule, show_rules
    from thebes.tui.screen import terminal_console

    colour = _colour_wanted(args)
    try:
        show_rules(terminal_console(colour=colour), args.id, colour=colour)
    except RulebookError as exc:
        print(f"thebes: {exc}", file=sys.stderr)
        return EXIT_USAGE if isinstance(exc, UnknownRule) else EXIT_ERROR
    return EXIT_OK


def _colour_wanted(args: argparse.Namespace) -> bool:
    return not args.no_color and not os.environ.get("NO_COLOR")


def _simulate(args: argparse.Namespace) -> int:
    from thebes.tournament.series import (
        Series,
        entries_for,
        play_series,
        standings,
        summary_json,
        summary_lines,
    )

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
    variants = Variants.from_names(variant_names(args.variant))
    series = Series(tuple(entries), args.games, args.seed, args.rotate, save_dir, variants)
    unsaved = _UnsavedGames()
    results = unsaved.said(play_series(series, args.jobs))
    if args.json:
        table = standings(entries, results, lambda r: print(json.dumps(r), flush=True))
        print(json.dumps(summary_json(table, args.games)))
        return EXIT_ERROR if unsaved.count else EXIT_OK
    with progress_bar(args.games) as advance:

        def show(result: dict[str, Any]) -> None:
            print(f"seed {result['seed']:<10d} {_score_line(result)}", flush=True)
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

    def said(self, results: Iterator[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        """The results; each game whose file could not be written is said on stderr in one
        line and counted, and the series goes on."""
        from thebes.tournament.series import NOT_SAVED

        for result in results:
            problem = result.pop(NOT_SAVED, None)
            if problem is not None:
                self.count += 1
                print(f"thebes: {problem}", file=sys.stderr, flush=True)
            yield result


def _score_line(data: dict[str, Any]) -> str:
    totals = "  ".join(f"{n} {data['scores'][n]['total']:3d}" for n in data["players"])
    return f"{totals}  winners: {', '.join(data['winners'])}"


def _replay(args: argparse.Namespace) -> int:
    from thebes.records.session import Session
    from thebes.tournament.games import result_json

    session = Session.load(args.file, default_catalog())
    if not (args.summary or args.json):
        from thebes.tui.evaluation import saved_analysis
        from thebes.tui.replay import ReplayViewer
        from thebes.tui.screen import terminal_console

        colour = _colour_wanted(args)
        analysis = saved_analysis(args.file, session)  # NAME.analysis.json, if it is there
        ReplayViewer(session, terminal_console(colour=colour), analysis=analysis).run()
        return EXIT_OK
    bots = {seat.name: seat.bot for seat in session.seats if seat.bot is not None}
    data = result_json(session.state, session.seed, bots)
    if args.json:
        print(json.dumps(data))
        return EXIT_OK
    print(_summary_table(args.file, session, data))
    return EXIT_OK


def _summary_table(path: Path, session: Session, data: dict[str, Any]) -> str:
    """The score table of `replay --summary`; an unfinished game names who leads, not
    winners. Names and the path are printed without control codes."""
    seed = "no seed" if session.seed is None else f"seed {session.seed}"
    actions = len(session.steps)
    played = f"after {actions} action{'' if actions == 1 else 's'}"
    status = "final" if session.is_over else f"{played}, unfinished"
    columns = ("artifacts", "exhibit.", "congress", "majority")
    lines = [f"{printable(str(path))}  {seed}  ({status})"]
    if session.variants:  # as the screen's title names them
        from thebes.tui.screen import variants_label

        lines.append(variants_label(session.variants, short=False))
    lines.append(
        f"{'player':<{NAME_WIDTH}} " + " ".join(f"{c:>9}" for c in columns) + f" {'total':>6}"
    )
    for name in data["players"]:
        s = data["scores"][name]
        lines.append(
            f"{printable(name):<{NAME_WIDTH}} {s['artifacts']:>9} {s['exhibitions']:>9} "
            f"{s['congresses']:>9} {s['majorities']:>9} {s['total']:>6}"
        )
    if session.is_over:
        lines.append(f"winners: {', '.join(map(printable, data['winners']))}")
    else:
        lines.append(f"unfinished; in the lead now: {', '.join(map(printable, data['leaders']))}")
    hints = session.hints_used()
    if hints:  # who took actions after a hint, as the final table says it
        lines.append("hints: " + ", ".join(f"{printable(n)} {c}" for n, c in hints.items()))
    return "\n".join(lines)


def _analyze(args: argparse.Namespace) -> int:
    from thebes.analysis.game_review import analysis_path, analyze, open_game, save_analysis
    from thebes.analysis.report import report_lines
    from thebes.safeio.saving import SaveError

    game = open_game(args.file)
    with progress_bar(game.actions, "actions") as advance:
        review = analyze(game, args.playouts, args.jobs, advance)
    if args.json:
        print(json.dumps(review.as_json(game.names)))
    else:
        print("\n".join(report_lines(review, game.names)))
    if args.save:
        try:
            written = save_analysis(review, game.names, analysis_path(args.file))
        except SaveError as exc:
            print(f"thebes: analysis not saved: {printable(str(exc))}", file=sys.stderr)
            return EXIT_ERROR
        if not args.json:
            print(f"analysis saved to {printable(str(written))}")
    return EXIT_OK


def _reference(args: argparse.Namespace) -> int:
    catalog = default_catalog()
    if args.json:
        from thebes.tui.reference import reference_json

        print(json.dumps(reference_json(catalog), indent=2))
        return EXIT_OK
    from thebes.tui.reference import print_reference
    from thebes.tui.screen import terminal_console

    print_reference(catalog, terminal_console(colour=not os.environ.get("NO_COLOR")))
    return EXIT_OK
