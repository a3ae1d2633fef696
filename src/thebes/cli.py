"""The `thebes` command: argument parsing and exit codes; the work is done elsewhere."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from thebes.catalog import DataError, default_catalog

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_USAGE = 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="thebes",
        description="The board game Thebes (Peter Prinz, Queen Games 2007) in the terminal.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    simulate = commands.add_parser(
        "simulate",
        help="play whole games between random players and print the scores",
        description="Play whole games between random legal-move players. Game i of a run "
        "with seed S has seed S+i: '--games 1 --seed S+i' replays it exactly.",
    )
    simulate.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    simulate.add_argument("--games", type=_positive, default=1)
    simulate.add_argument("--seed", type=int, default=1)
    simulate.add_argument("--json", action="store_true", help="one JSON object per game")

    reference = commands.add_parser(
        "reference",
        help="print the travel times, time wheel, cards, exhibitions and tokens",
    )
    reference.add_argument("--json", action="store_true", help="print it as JSON")
    return parser


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"needs at least 1, not {value}")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "simulate":
            return _simulate(args)
        return _reference(args)
    except DataError as exc:
        print(f"thebes: bad data file: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print("thebes: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (for example `| head`); nothing more to say.
        sys.stderr.close()
        return EXIT_OK


def _simulate(args: argparse.Namespace) -> int:
    from thebes.simulate import play_random_game

    catalog = default_catalog()
    for i in range(args.games):
        result = play_random_game(catalog, args.players, args.seed + i)
        if args.json:
            print(json.dumps(result.to_json()), flush=False)
        else:
            data = result.to_json()
            totals = "  ".join(f"{n} {data['scores'][n]['total']:3d}" for n in data["players"])
            print(f"seed {result.seed:<10d} {totals}  winners: {', '.join(data['winners'])}")
    return EXIT_OK


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
