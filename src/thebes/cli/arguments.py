"""The `thebes` command line: its subcommands, their options and the handler that runs each
subcommand (the checks of each option's value are :mod:`thebes.cli.values`).

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
import os
import sys
from collections.abc import Callable
from importlib import metadata
from typing import TYPE_CHECKING

from thebes.analysis.judge import MAX_PLAYOUTS
from thebes.analysis.judge import PLAYOUTS as DEFAULT_PLAYOUTS
from thebes.bots import BOT_LEVELS, BUDGET_OPTION, BUDGETED, levels_described
from thebes.cli import values
from thebes.cli.analyze import analyze_command
from thebes.cli.hint import hint_command
from thebes.cli.host import host_command
from thebes.cli.lookup import reference_command, rules_command
from thebes.cli.play import games_command, play_command, resume_command
from thebes.cli.replay import replay_command, watch_command
from thebes.cli.simulate import simulate_command
from thebes.cli.streams import Streams
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

    adders = [_add_play, _add_resume, _add_host, _add_games, _add_simulate, _add_replay]
    adders += [_add_analyze, _add_hint]
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
        epilog=_example(
            f"{thebes_command()} play --players Ann,Bob --bot Cleo=strong --bot Dan=greedy"
        ),
    )
    play.set_defaults(handler=play_command)
    _add_new_game(play)
    _add_at_the_table(play)
    _add_no_color(play, _("no colours (NO_COLOR works too)"))


def _add_at_the_table(command: argparse.ArgumentParser) -> None:
    """How a table at this terminal plays out: bots' pauses and the end's review."""
    command.add_argument("--fast", action="store_true", help=_("no pause after a bot's move"))
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


def _example(command_line: str) -> str:
    """An epilog: an example command line, which stays as it is typed."""
    return _("example: {command_line}").format(command_line=command_line)


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
        epilog=_example(f"{thebes_command()} host --players Ann,Bob --bot Cleo=greedy"),
    )
    host.set_defaults(handler=host_command)
    _add_new_game(host)
    host.add_argument(
        "--resume",
        type=values.path_text,
        metavar="FILE",
        help=_("host the game saved in FILE (instead of a new one)"),
    )
    host.add_argument(
        "--port",
        type=values.port,
        default=8022,
        help=_("the port to listen on (default {port})").format(port=8022),
    )
    host.add_argument(
        "--listen",
        metavar="ADDRESS",
        help=_(
            "listen on this address of this machine only, e.g. 127.0.0.1 or a LAN address "
            "(default: every address)"
        ),
    )
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
        ).format(keys="seat, user, code, port, fingerprint"),
    )
    _add_at_the_table(host)
    _add_no_color(host, _("no colours (NO_COLOR works too)"))


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
    _add_no_color(resume, _("no colours"))


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
        epilog=_example(
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


def _add_replay(commands: argparse._SubParsersAction[_Parser]) -> None:
    """thebes replay FILE: a saved game step by step, or its table."""
    replay = commands.add_parser(
        "replay",
        help=_("watch a saved game step by step, or print its score table"),
        description=_(
            "Replay a game file with its recorded draws, checking every action: step by "
            "step on the game screen, or with --summary / --json its score table."
        ),
    )
    replay.set_defaults(handler=replay_command)
    _add_game_argument(replay)
    replay.add_argument("--summary", action="store_true", help=_("print the score table"))
    replay.add_argument("--json", action="store_true", help=_("print the scores as JSON"))
    _add_no_color(replay, _("no colours"))
    # Beside replay, whose viewer it is.
    watch = commands.add_parser(
        "watch",
        help=_("follow a game being played in another window, read-only"),
        description=_(
            "Show a game being played in another process as it stands, and again after "
            "every action saved there, until the game ends or you quit; the replay keys step "
            "back through it. Nothing is changed: any number of windows may watch a game."
        ),
    )
    watch.set_defaults(handler=watch_command)
    _add_game_argument(watch)
    _add_no_color(watch, _("no colours"))


def _add_analyze(commands: argparse._SubParsersAction[_Parser]) -> None:
    """thebes analyze FILE: what each action of a saved game was worth."""
    analyze = commands.add_parser(
        "analyze",
        help=_("value every action of a saved game and say which ones cost the most"),
        description=_(
            "Value every action of a game file from its mover's chair, against the best "
            "action found, in expected VP of final score margin; label the costly ones "
            "(inaccuracy, mistake, blunder) and sum them up per player. Actions are valued "
            "by playouts on public information only; the result depends only on the file "
            "and --playouts, never on --jobs or the machine."
        ),
        epilog=_example(f"{thebes_command()} analyze game.json --save"),
    )
    analyze.set_defaults(handler=analyze_command)
    _add_game_argument(analyze)
    analyze.add_argument("--json", action="store_true", help=_("print the analysis as JSON"))
    cpus = usable_cpus()
    analyze.add_argument(
        "--jobs",
        type=values.positive,
        default=cpus,
        metavar="J",
        help=_(
            "analyse in J processes at once (default: the CPUs this process may use, "
            "{count} here; the same result for any J)"
        ).format(count=cpus),
    )
    analyze.add_argument(
        "--playouts",
        type=values.playouts,
        default=DEFAULT_PLAYOUTS,
        metavar="N",
        help=_(
            "playouts per action valued (default {default}; more is slower and surer, at "
            "most {most})"
        ).format(default=DEFAULT_PLAYOUTS, most=MAX_PLAYOUTS),
    )
    analyze.add_argument(
        "--save",
        action="store_true",
        help=_("write the analysis beside the game as {file}, for {replay}").format(
            file="NAME.analysis.json", replay="`thebes replay`"
        ),
    )


def _add_hint(commands: argparse._SubParsersAction[_Parser]) -> None:
    """thebes hint FILE: the hint for a position of a saved game."""
    hint = commands.add_parser(
        "hint",
        help=_("the hint for a position of a saved game, as the table gives it"),
        description=_(
            "The judge's best actions for the player to move after N actions of a game file "
            "(the end by default), best first by the final margin over the best rival that "
            "player can expect, in VP, each with its standard error, the label the analysis "
            "would give it if played, and a reason. The same position always gets the same "
            "hint, at the table, here and in {analyze}."
        ).format(analyze="`analyze`"),
        epilog=_example(f"{thebes_command()} hint game.json --at 12"),
    )
    hint.set_defaults(handler=hint_command)
    _add_game_argument(hint)
    hint.add_argument(
        "--at",
        type=values.count,
        metavar="N",
        help=_("the position after N actions (default: the last, if the game is not over)"),
    )
    hint.add_argument("--json", action="store_true", help=_("print the hint as JSON"))


def usable_cpus() -> int:
    """The CPUs this process may run on: its CPU affinity where the system has one (Linux; a
    container or `taskset` may allow fewer than the machine has), else the machine's count."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def _add_game_argument(command: _Parser) -> None:
    """A game file, or game N of `thebes games` (in the folder --dir names)."""
    command.add_argument(
        "file",
        type=values.path_text,
        metavar="N|FILE",
        help=_("a game file, or game N of {games} (write ./3 for a file named 3)").format(
            games="'thebes games'"
        ),
    )
    command.add_argument(
        "--dir",
        type=values.path,
        metavar="DIR",
        help=_("the folder N counts in (default: where games are saved)"),
    )


def _add_reference(commands: argparse._SubParsersAction[_Parser]) -> None:
    """thebes reference: what a player looks up during a game."""
    reference = commands.add_parser(
        "reference",
        help=_("print the travel times, time wheel, cards, exhibitions and tokens"),
    )
    reference.set_defaults(handler=reference_command, colour=_colour_by_default())
    reference.add_argument("--json", action="store_true", help=_("print it as JSON"))


def _add_rules(commands: argparse._SubParsersAction[_Parser]) -> None:
    """thebes rules [--id ID]: the rulebook."""
    rules = commands.add_parser("rules", help=_("show the rulebook, or one rule with --id"))
    rules.set_defaults(handler=rules_command)
    rules.add_argument("--id", metavar="ID", help=_("show only this rule, e.g. A3 (any case)"))
    _add_no_color(rules, _("no colours (NO_COLOR works too)"))


def _add_no_color(command: argparse.ArgumentParser, help_line: str) -> None:
    """--no-color, read into ``args.colour``; NO_COLOR in the environment (no-color.org)
    turns colours off as well."""
    command.add_argument("--no-color", dest="colour", action="store_false", help=help_line)
    command.set_defaults(colour=_colour_by_default())


def _colour_by_default() -> bool:
    return not os.environ.get("NO_COLOR")


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
