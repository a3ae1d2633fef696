"""The `thebes` command: argument parsing and exit codes; the work is done elsewhere."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from thebes.bots import BOT_LEVELS
from thebes.catalog import default_catalog
from thebes.components import DataError
from thebes.library import LISTED
from thebes.record import MAX_SEED, MIN_SEED, RecordError
from thebes.text import MAX_NAME, printable, whole_number

if TYPE_CHECKING:
    from thebes.session import Session

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_USAGE = 2  # bad arguments, a damaged game file or a bad data file
NAME_WIDTH = MAX_NAME


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="thebes",
        description="The board game Thebes (Peter Prinz, Queen Games 2007) in the terminal.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    adders = (_add_play, _add_resume, _add_games, _add_simulate, _add_replay, _add_reference)
    for add in (*adders, _add_rules):
        add(commands)
    return parser


def _add_play(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """thebes play: a game at this keyboard."""
    play = commands.add_parser(
        "play",
        help="play a game at this keyboard (2-4 players, bots in any seat)",
        description="Play Thebes at one keyboard. Seats are in the order the names are "
        "given, then the bots; the game is saved after every action. Bot levels: random "
        "(any legal action), greedy (best expected score and prospects right after the "
        "action), strong (plays greedy's best actions out to look ahead; under a second "
        "a move).",
        epilog="example: thebes play --players Ann,Bob --bot Cleo=strong --bot Dan=greedy",
    )
    play.add_argument(
        "--players",
        metavar="NAMES",
        help="2-4 comma-separated names in seat order, e.g. Ann,Bob,Cleo (asked if left out)",
    )
    play.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="NAME=LEVEL",
        help="a computer player in seat NAME (added after the --players names); "
        "levels: " + ", ".join(BOT_LEVELS),
    )
    play.add_argument(
        "--seed",
        type=_seed,
        help="make the game reproducible: the same seed and moves give the same draws "
        "(without it, draws come from the system's randomness and nobody can foresee them)",
    )
    play.add_argument(
        "--save",
        metavar="PATH",
        help="where the game is saved (an existing file is refused unless --force)",
    )
    play.add_argument("--force", action="store_true", help="let --save replace an existing file")
    play.add_argument("--no-undo", action="store_true", help="turn off undo for this game")
    play.add_argument("--fast", action="store_true", help="no pause after a bot's move")
    play.add_argument("--no-color", action="store_true", help="no colours (NO_COLOR works too)")


def _add_resume(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """thebes resume [N | FILE]: go on with a saved game."""
    resume = commands.add_parser(
        "resume",
        help="go on with a saved game",
        description="Go on with a saved game: without GAME the newest unfinished one, "
        "with a number N game N of 'thebes games', otherwise the file GAME. A number always "
        "means the list: write ./3 for a file named 3.",
    )
    resume.add_argument("game", nargs="?", metavar="N|FILE")
    resume.add_argument(
        "--dir",
        type=Path,
        metavar="DIR",
        help="the folder N counts in (default: where games are saved)",
    )
    resume.add_argument("--fast", action="store_true", help="no pause after a bot's move")
    resume.add_argument("--no-color", action="store_true", help="no colours")


def _add_games(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """thebes games: the saved games, newest first."""
    games = commands.add_parser(
        "games",
        help="list the saved games, newest first",
        description="List the saved games, newest first (by the time of the last save), "
        "numbered as 'thebes resume N' takes them: players, seed and where each game "
        "stands. Damaged files are listed as unreadable.",
    )
    games.add_argument(
        "--dir", type=Path, metavar="DIR", help="list DIR (default: where games are saved)"
    )
    games.add_argument(
        "--all", action="store_true", help=f"list every game, not only the newest {LISTED}"
    )
    games.add_argument("--json", action="store_true", help="one JSON object per game")


def _add_simulate(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """thebes simulate: series of games between bots."""
    simulate = commands.add_parser(
        "simulate",
        help="play whole games between computer players and print the scores",
        description="Play whole games between computer players and print each game's "
        "scores, then a table per bot: games, wins (a shared win counts as a fraction), "
        "mean score and its standard deviation, mean points per category. Game i of a "
        "run with seed S has seed S+i: '--games 1 --seed S+i' (with the same --bots and "
        "--rotate) plays it again exactly.",
        epilog="example: thebes simulate --players 2 --bots greedy,random --games 100 "
        "--rotate --jobs 2",
    )
    simulate.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    simulate.add_argument(
        "--bots",
        metavar="LEVELS",
        type=_levels,
        help="comma-separated bot levels, one per seat in seat order, or one for every "
        f"seat (levels: {', '.join(BOT_LEVELS)}; default: random in every seat)",
    )
    simulate.add_argument(
        "--rotate",
        action="store_true",
        help="move the bots one seat on from game to game, so none keeps the first seat",
    )
    simulate.add_argument("--games", type=_positive, default=1)
    simulate.add_argument("--seed", type=_seed, default=1)
    simulate.add_argument(
        "--jobs",
        type=_positive,
        default=1,
        metavar="J",
        help="play J games at once in parallel processes (same results for any J)",
    )
    simulate.add_argument(
        "--json", action="store_true", help="one JSON object per game, then a summary object"
    )
    simulate.add_argument(
        "--save-dir", type=Path, metavar="DIR", help="write each game's file into DIR"
    )


def _add_replay(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """thebes replay FILE: a saved game step by step, or its table."""
    replay = commands.add_parser(
        "replay",
        help="watch a saved game step by step, or print its score table",
        description="Replay a game file with its recorded draws, checking every action: "
        "step by step on the game screen, or with --summary / --json its score table.",
    )
    replay.add_argument("file", type=Path, metavar="FILE")
    replay.add_argument("--summary", action="store_true", help="print the score table")
    replay.add_argument("--json", action="store_true", help="print the scores as JSON")
    replay.add_argument("--no-color", action="store_true", help="no colours")


def _add_reference(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """thebes reference: what a player looks up during a game."""
    reference = commands.add_parser(
        "reference",
        help="print the travel times, time wheel, cards, exhibitions and tokens",
    )
    reference.add_argument("--json", action="store_true", help="print it as JSON")


def _add_rules(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """thebes rules [--id ID]: the rulebook."""
    rules = commands.add_parser("rules", help="show the rulebook, or one rule with --id")
    rules.add_argument("--id", metavar="ID", help="show only this rule, e.g. A3 (any case)")
    rules.add_argument("--no-color", action="store_true", help="no colours (NO_COLOR works too)")


def _positive(text: str) -> int:
    # ASCII digits only: int() would also take "٣" (and "²" crashed it elsewhere).
    value = whole_number(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"{_quoted(text)} is not a whole number")
    if value < 1:
        raise argparse.ArgumentTypeError(f"needs at least 1, not {value}")
    return value


def _seed(text: str) -> int:
    """A seed: ASCII digits with an optional minus sign, within what a game file holds."""
    negative = text.strip().startswith("-")
    value = whole_number(text.strip().removeprefix("-"), digits=len(str(MAX_SEED)))
    if value is None:
        raise argparse.ArgumentTypeError(f"{_quoted(text)} is not a whole number")
    seed = -value if negative else value
    if not MIN_SEED <= seed <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"a seed is from {MIN_SEED} to {MAX_SEED}")
    return seed


def _quoted(text: str) -> str:
    return repr(printable(text[:40]))


def _levels(text: str) -> list[str]:
    levels = [part.strip() for part in text.split(",")]
    for level in levels:
        if level not in BOT_LEVELS:
            raise argparse.ArgumentTypeError(
                f"unknown bot level {level!r} (levels: {', '.join(BOT_LEVELS)})"
            )
    return levels


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
        save=args.save,
        force=args.force,
        undo=not args.no_undo,
        fast=args.fast,
        colour=_colour_wanted(args),
    )


def _resume(args: argparse.Namespace) -> int:
    from thebes.library import LibraryError, games_folder, is_game_number, pick_game
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
    from thebes.library import games_folder
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
    from thebes.tournament import (
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
    series = Series(tuple(entries), args.games, args.seed, args.rotate, save_dir)
    unsaved = _UnsavedGames()
    results = unsaved.said(play_series(series, args.jobs))
    if args.json:
        table = standings(entries, results, lambda r: print(json.dumps(r), flush=True))
        print(json.dumps(summary_json(table, args.games)))
        return EXIT_ERROR if unsaved.count else EXIT_OK
    with _progress_bar(args.games) as advance:

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
        from thebes.tournament import NOT_SAVED

        for result in results:
            problem = result.pop(NOT_SAVED, None)
            if problem is not None:
                self.count += 1
                print(f"thebes: {problem}", file=sys.stderr, flush=True)
            yield result


@contextmanager
def _progress_bar(total: int) -> Iterator[Callable[[], None]]:
    """A progress bar on the terminal's stderr while games are played; nothing elsewhere."""
    if not sys.stderr.isatty():
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    console = Console(stderr=True)
    columns = ("games", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    # Game lines go to stdout; only when that is the same terminal do they print above the bar.
    above = sys.stdout.isatty()
    with Progress(
        *columns, console=console, transient=True, redirect_stdout=above, redirect_stderr=False
    ) as progress:
        task = progress.add_task("games", total=total)
        yield lambda: progress.advance(task)


def _score_line(data: dict[str, Any]) -> str:
    totals = "  ".join(f"{n} {data['scores'][n]['total']:3d}" for n in data["players"])
    return f"{totals}  winners: {', '.join(data['winners'])}"


def _replay(args: argparse.Namespace) -> int:
    from thebes.session import Session
    from thebes.simulate import result_json

    session = Session.load(args.file, default_catalog())
    if not (args.summary or args.json):
        from thebes.tui.replay import ReplayViewer
        from thebes.tui.screen import terminal_console

        colour = _colour_wanted(args)
        ReplayViewer(session, terminal_console(colour=colour)).run()
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
    status = "final" if session.is_over else f"after {len(session.steps)} actions, unfinished"
    columns = ("artifacts", "exhibit.", "congress", "majority")
    lines = [
        f"{printable(str(path))}  {seed}  ({status})",
        f"{'player':<{NAME_WIDTH}} " + " ".join(f"{c:>9}" for c in columns) + f" {'total':>6}",
    ]
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
    return "\n".join(lines)


def _reference(args: argparse.Namespace) -> int:
    catalog = default_catalog()
    if args.json:
        from thebes.tui.reference import reference_json

        print(json.dumps(reference_json(catalog), indent=2))
        return EXIT_OK
    from rich.console import Console

    from thebes.tui.reference import print_reference

    print_reference(catalog, Console())
    return EXIT_OK
