"""The subcommands that look at a saved game (replay, watch, analyze, hint), and the pieces
every subcommand's options share (--no-color, the example under the help);
:mod:`thebes.cli.arguments` builds the parser with them.

Importing this module must stay cheap, as :mod:`thebes.cli.arguments`'s.
"""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING

from thebes.analysis.judge import MAX_PLAYOUTS
from thebes.analysis.judge import PLAYOUTS as DEFAULT_PLAYOUTS
from thebes.cli import values
from thebes.cli.analyze import analyze_command
from thebes.cli.hint import hint_command
from thebes.cli.replay import replay_command, watch_command
from thebes.language import _
from thebes.safeio.invocation import thebes_command

if TYPE_CHECKING:
    from thebes.cli.arguments import _Parser


def example(command_line: str) -> str:
    """An epilog: an example command line, which stays as it is typed."""
    return _("example: {command_line}").format(command_line=command_line)


def add_replay(commands: argparse._SubParsersAction[_Parser]) -> None:
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
    add_game_argument(replay)
    replay.add_argument("--summary", action="store_true", help=_("print the score table"))
    replay.add_argument("--json", action="store_true", help=_("print the scores as JSON"))
    add_no_color(replay, _("no colours"))
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
    add_game_argument(watch)
    add_no_color(watch, _("no colours"))


def add_analyze(commands: argparse._SubParsersAction[_Parser]) -> None:
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
        epilog=example(f"{thebes_command()} analyze game.json --save"),
    )
    analyze.set_defaults(handler=analyze_command)
    add_game_argument(analyze)
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


def add_hint(commands: argparse._SubParsersAction[_Parser]) -> None:
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
        epilog=example(f"{thebes_command()} hint game.json --at 12"),
    )
    hint.set_defaults(handler=hint_command)
    add_game_argument(hint)
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


def add_game_argument(command: _Parser) -> None:
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


def add_no_color(command: argparse.ArgumentParser, help_line: str) -> None:
    """--no-color, read into ``args.colour``; NO_COLOR in the environment (no-color.org)
    turns colours off as well."""
    command.add_argument("--no-color", dest="colour", action="store_false", help=help_line)
    command.set_defaults(colour=colour_by_default())


def colour_by_default() -> bool:
    return not os.environ.get("NO_COLOR")
