"""The `thebes` command line: its subcommands, their options and the handler that runs each
subcommand (the checks of each option's value are :mod:`thebes.cli.values`; the subcommands
that look at a saved game are added by :mod:`thebes.cli.review_arguments`).

:func:`thebes.cli.main` parses with :func:`build_parser` and calls
``args.handler(args, terminal)`` with the terminal it was handed (None: the process's own):
every subcommand sets its handler, so none can fall through to another's. Options are read
into their final values here (``args.variant`` the variant names, ``args.colour`` whether to
colour), so a handler only uses them. The parser writes its help and its refusals to the
streams it is given (:class:`~thebes.cli.streams.Streams`).

Importing this module must stay cheap (`thebes --help` imports it): the handler modules
import what their work needs (game files, the catalog, the terminal UI) when they run.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from importlib import metadata
from typing import TYPE_CHECKING

from thebes.bots import BOT_LEVELS, BUDGET_OPTION, BUDGETED, levels_described
from thebes.cli import values
from thebes.cli.host import host_command
from thebes.cli.lookup import reference_command, rules_command
from thebes.cli.play import games_command, play_command, resume_command
from thebes.cli.review_arguments import (
    add_analyze,
    add_hint,
    add_no_color,
    add_replay,
    colour_by_default,
    example,
)
from thebes.cli.review_arguments import usable_cpus as usable_cpus  # analyze --jobs's default
from thebes.cli.server_arguments import add_listening, add_server
from thebes.cli.simulate import simulate_command
from thebes.cli.streams import Streams
from thebes.cli.web_options import add_web
from thebes.language import LANGUAGES, _, ngettext
from thebes.rules import VARIANT_NAMES
from thebes.safeio.invocation import thebes_command

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

    from thebes.tui.terminal import Terminal

# What runs a subcommand: its parsed arguments and the terminal handed to `main` (None: the
# process's own) in, the exit code out.
Handler = Callable[[argparse.Namespace, "Terminal | None"], int]


class _Parser(argparse.ArgumentParser):
    """argparse's parser, writing its help and its refusals to :attr:`streams` where
    argparse names the process's (sys.stdout for help, sys.stderr for the usage)."""

    streams = Streams(None)

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        if file is None or file is sys.stderr:
            file = self.streams.errors
        elif file is sys.stdout:
            file = self.streams.out
        super()._print_message(message, file)


def build_parser(streams: Streams | None = None) -> argparse.ArgumentParser:
    """The parser of `thebes`, writing its help and refusals to ``streams`` (None: the
    process's standard output and error)."""
    parser = _Parser(
        prog=thebes_command(),
        description=_("The board game Thebes (Peter Prinz, Queen Games 2007) in the terminal."),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"thebes {installed_version()}",
        help=_("show program's version number and exit"),
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    adders = [_add_play, _add_resume, _add_host, add_server, _add_games, _add_simulate, add_replay]
    adders += [add_analyze, add_hint]
    for add in (*adders, _add_reference, _add_rules):
        add(commands)
    _add_language(parser)
    for command in commands.choices.values():
        _add_language(command, default=argparse.SUPPRESS)
    if streams is not None:
        for each in (parser, *commands.choices.values()):
            each.streams = streams
    return parser


def _add_language(command: argparse.ArgumentParser, default: str | None = None) -> None:
    """--lang, before or after the subcommand (a subcommand's leaves the one before it
    alone unless given: argparse.SUPPRESS). :func:`thebes.cli.main.language_asked` reads it
    before the parser is built, so that the help is in that language too."""
    spoken = ", ".join(LANGUAGES)
    command.add_argument(
        "--lang",
        type=values.language,
        default=default,
        metavar="LANG",
        help=_(
            "the language to speak: {languages} (default: from LC_ALL, LC_MESSAGES or LANG)"
        ).format(languages=spoken),
    )


def installed_version() -> str:
    """The version of the installed package (its metadata, as pip knows it)."""
    try:
        return metadata.version("thebes")
    except metadata.PackageNotFoundError:  # run from a source tree that was never installed
        return _("(version unknown: not installed)")


def _add_play(commands: argparse._SubParsersAction[_Parser]) -> None:
    """thebes play: a game at this keyboard."""
    play = commands.add_parser(
        "play",
        help=_("play a game at this keyboard (2-4 players, bots in any seat)"),
        description=_(
            "Play Thebes at one keyboard. Seats are in the order the names are given, then "
            "the bots; the game is saved after every action. Bot levels: {levels}; "
            "--expert-budget sets the {budgeted}'s simulations a move."
        ).format(levels=levels_described(), budgeted=_budgeted()),
        epilog=example(
            f"{thebes_command()} play --players Ann,Bob --bot Cleo=strong --bot Dan=greedy"
        ),
    )
    play.set_defaults(handler=play_command)
    _add_new_game(play)
    _add_at_the_table(play)
    add_no_color(play, _("no colours (NO_COLOR works too)"))


def _add_at_the_table(command: argparse.ArgumentParser) -> None:
    """How a table at this terminal plays out: bots' pauses, the end's review, plain mode."""
    command.add_argument("--fast", action="store_true", help=_("no pause after a bot's move"))
    command.add_argument(
        "--plain",
        action="store_true",
        help=_(
            "plain mode: the table in lines, for a screen reader (THEBES_PLAIN=1 works too): "
            "no redraws, each event a line, numbered menus, the position told on request"
        ),
    )
    command.add_argument(
        "--no-review",
        action="store_true",
        help=_("end the game without weighing each player's choices (luck is still shown)"),
    )


def _add_new_game(command: argparse.ArgumentParser) -> None:
    """The options of a new game: seats, seed, save file, variants, undo, hints and
    confirmation."""
    command.add_argument(
        "--players",
        metavar="NAMES",
        help=_(
            "2-4 comma-separated names in seat order, e.g. Ann,Bob,Cleo (left out: asked, "
            "with computer players offered for the empty seats)"
        ),
    )
    command.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="NAME=LEVEL",
        help=_(
            "a computer player in seat NAME (added after the --players names); levels: {levels}"
        ).format(levels=", ".join(BOT_LEVELS)),
    )
    command.add_argument(
        "--seed",
        type=values.seed,
        help=_(
            "make the game reproducible: the same seed and moves give the same draws "
            "(without it, draws come from the system's randomness and nobody can foresee them)"
        ),
    )
    command.add_argument(
        "--save",
        type=values.path_text,
        metavar="PATH",
        help=_("where the game is saved (an existing file is refused unless --force)"),
    )
    command.add_argument(
        "--force", action="store_true", help=_("let --save replace an existing file")
    )
    _add_variant(command)
    command.add_argument("--no-undo", action="store_true", help=_("turn off undo for this game"))
    command.add_argument(
        "--no-hints", action="store_true", help=_("turn off the hint command for this game")
    )
    command.add_argument(
        "--no-confirm",
        action="store_true",
        help=_("a menu number plays its action at once, without showing it to confirm first"),
    )
    _add_expert_budget(command)


def _add_expert_budget(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--expert-budget",
        type=values.expert_budget,
        metavar="N",
        help=_(
            "simulations a move for the {levels} bots (default {defaults}, at most {most}; "
            "more is stronger and slower; kept in the game file)"
        ).format(
            levels=_budgeted(),
            defaults=", ".join(
                ngettext("{budget} with {count} player", "{budget} with {count} players", n).format(
                    budget=budget, count=n
                )
                for n, budget in BUDGET_OPTION.defaults.items()
            ),
            most=BUDGET_OPTION.most,
        ),
    )


def _budgeted() -> str:
    """The level --expert-budget sets the budget of (bots.levels.BUDGETED: one)."""
    # TRANSLATORS: joins the names of bot levels, "expert and strong" (the names stay as they are).
    return _(" and ").join(sorted(BUDGETED))


def _add_host(commands: argparse._SubParsersAction[_Parser]) -> None:
    """thebes host: a game that friends join over SSH."""
    host = commands.add_parser(
        "host",
        help=_("host a game that friends join from other machines with ssh"),
        description=_(
            "Host a game on this machine: each person's seat gets a code, and its player "
            "joins from any terminal with {ssh} and that code as the password; spectators "
            "join with their own code. The game is kept and saved here; this terminal shows "
            "the table. See {document}."
        ).format(ssh="'ssh -p PORT NAME@HOST'", document="docs/hosting.md"),
        epilog=example(f"{thebes_command()} host --players Ann,Bob --bot Cleo=greedy"),
    )
    host.set_defaults(handler=host_command)
    _add_new_game(host)
    host.add_argument(
        "--resume",
        type=values.path_text,
        metavar="FILE",
        help=_("host the game saved in FILE (instead of a new one)"),
    )
    add_listening(host)
    host.add_argument(
        "--play",
        metavar="NAME",
        help=_(
            "play seat NAME at this terminal (otherwise this terminal watches, with the "
            "host's commands)"
        ),
    )
    host.add_argument(
        "--json",
        action="store_true",
        help=_(
            "print the invites as JSON (one object per line: {keys}) and nothing else; this "
            "terminal shows no table"
        ).format(keys="seat, user, code, port, fingerprint, web"),
    )
    add_web(host)
    _add_at_the_table(host)
    add_no_color(host, _("no colours (NO_COLOR works too)"))


def _add_resume(commands: argparse._SubParsersAction[_Parser]) -> None:
    """thebes resume [N | FILE]: go on with a saved game."""
    resume = commands.add_parser(
        "resume",
        help=_("go on with a saved game"),
        description=_(
            "Go on with a saved game: without GAME the newest unfinished one, with a number "
            "N game N of {games}, otherwise the file GAME. A number always means the list: "
            "write ./3 for a file named 3."
        ).format(games="'thebes games'"),
    )
    resume.set_defaults(handler=resume_command)
    resume.add_argument("game", nargs="?", type=values.path_text, metavar="N|FILE")
    resume.add_argument(
        "--dir",
        type=values.path,
        metavar="DIR",
        help=_("the folder N counts in (default: where games are saved)"),
    )
    _add_at_the_table(resume)
    add_no_color(resume, _("no colours"))


def _add_games(commands: argparse._SubParsersAction[_Parser]) -> None:
    """thebes games: the saved games, newest first."""
    from thebes.records.library import LISTED

    games = commands.add_parser(
        "games",
        help=_("list the saved games, newest first"),
        description=_(
            "List the saved games, newest first (by the time of the last save), numbered as "
            "{resume} takes them: players, seed and where each game stands. Damaged files "
            "are listed as unreadable."
        ).format(resume="'thebes resume N'"),
    )
    games.set_defaults(handler=games_command)
    games.add_argument(
        "--dir",
        type=values.path,
        metavar="DIR",
        help=_("list DIR (default: where games are saved)"),
    )
    games.add_argument(
        "--all",
        action="store_true",
        help=_("list every game, not only the newest {count}").format(count=LISTED),
    )
    games.add_argument("--json", action="store_true", help=_("one JSON object per game"))


def _add_simulate(commands: argparse._SubParsersAction[_Parser]) -> None:
    """thebes simulate: series of games between bots."""
    simulate = commands.add_parser(
        "simulate",
        help=_("play whole games between computer players and print the scores"),
        description=_(
            "Play whole games between computer players and print each game's scores, then a "
            "table per bot: games, wins (a shared win counts as a fraction), mean score and "
            "its standard deviation, mean points per category. Game i of a run with seed S "
            "has seed S+i: {again} (with the same --bots and --rotate) plays it again exactly."
        ).format(again="'--games 1 --seed S+i'"),
        epilog=example(
            f"{thebes_command()} simulate --players 2 --bots greedy,random --games 100 "
            "--rotate --jobs 2"
        ),
    )
    simulate.set_defaults(handler=simulate_command)
    simulate.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    simulate.add_argument(
        "--bots",
        metavar="LEVELS",
        type=values.levels,
        help=_(
            "comma-separated bot levels, one per seat in seat order, or one for every seat "
            "(levels: {levels}; default: {default} in every seat)"
        ).format(levels=", ".join(BOT_LEVELS), default="random"),
    )
    simulate.add_argument(
        "--rotate",
        action="store_true",
        help=_("move the bots one seat on from game to game, so none keeps the first seat"),
    )
    simulate.add_argument("--games", type=values.positive, default=1)
    _add_variant(simulate)
    simulate.add_argument("--seed", type=values.seed, default=1)
    where = simulate.add_mutually_exclusive_group()
    where.add_argument(
        "--jobs",
        type=values.positive,
        default=1,
        metavar="J",
        help=_("play J games at once in parallel processes (same results for any J)"),
    )
    where.add_argument(
        "--scheduler",
        type=values.address,
        metavar="ADDRESS",
        help=_(
            "play the games on the workers of the Dask cluster whose scheduler is at "
            "ADDRESS, such as tcp://10.0.0.5:8786 (same results; needs thebes[cluster])"
        ),
    )
    simulate.add_argument(
        "--json",
        action="store_true",
        help=_("one JSON object per game, then a summary object"),
    )
    simulate.add_argument(
        "--save-dir",
        type=values.path,
        metavar="DIR",
        help=_("write each game's file into DIR"),
    )
    _add_expert_budget(simulate)


def _add_variant(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--variant",
        metavar="NAME",
        action="extend",
        type=values.variant_names,
        default=[],
        help=_(
            "play with an optional rule of the 2004 edition (repeat for more; {all} for all): "
            "{variants}; {rules} ... V5 explain them"
        ).format(all="'all'", variants=", ".join(VARIANT_NAMES), rules="`thebes rules --id V1`"),
    )


def _add_reference(commands: argparse._SubParsersAction[_Parser]) -> None:
    """thebes reference: what a player looks up during a game."""
    reference = commands.add_parser(
        "reference",
        help=_("print the travel times, time wheel, cards, exhibitions and tokens"),
    )
    reference.set_defaults(handler=reference_command, colour=colour_by_default())
    reference.add_argument("--json", action="store_true", help=_("print it as JSON"))


def _add_rules(commands: argparse._SubParsersAction[_Parser]) -> None:
    """thebes rules [--id ID]: the rulebook."""
    rules = commands.add_parser("rules", help=_("show the rulebook, or one rule with --id"))
    rules.set_defaults(handler=rules_command)
    rules.add_argument("--id", metavar="ID", help=_("show only this rule, e.g. A3 (any case)"))
    add_no_color(rules, _("no colours (NO_COLOR works too)"))
