"""`thebes`: parse the command line, run the subcommand's handler, and turn a refusal into
one line on the error stream and its exit code.

:mod:`~thebes.cli.arguments` gives each subcommand its options and its handler (argparse
refuses a subcommand it does not know); the handlers live in the module named for what they
do. A :class:`~thebes.errors.ThebesError` that reaches here is printed as it says, never as
a traceback: every refusal that ends a command ends it here, with the error's exit code.
SIGTERM, SIGHUP and SIGQUIT end it here too (:mod:`~thebes.tui.signals`), once what was
open has been closed on the way out.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from thebes.cli.arguments import Handler, build_parser
from thebes.cli.parser_words import speak_argparse
from thebes.cli.stdio import guarded
from thebes.cli.streams import Streams
from thebes.errors import EXIT_INTERRUPTED, EXIT_OK, ThebesError
from thebes.language import _, language_code, language_of, speak_by_default
from thebes.safeio.text import printable
from thebes.tui.signals import Ended, ended_by, ending_on_signals, held

if TYPE_CHECKING:
    from thebes.tui.terminal import Terminal

NO_BREAK_SPACES = "\u00a0\u202f"


def main(argv: Sequence[str] | None = None, terminal: Terminal | None = None) -> int:
    """Run `thebes` with ``argv`` (the process's arguments if None); the exit code. Games,
    replays, pages, output and messages are shown at ``terminal``, the terminal of this
    process unless one is handed in; the process's own streams are made safe first
    (:func:`~thebes.cli.stdio.guarded`: a stream that fails ends in one line)."""
    if terminal is None:
        return guarded(lambda: _until_signalled(argv, None))
    return _until_signalled(argv, terminal)


def _until_signalled(argv: Sequence[str] | None, terminal: Terminal | None) -> int:
    streams = Streams(terminal)
    with ending_on_signals():
        try:
            return _run(argv, terminal, streams)
        except BaseException as exc:
            ended = ended_by(exc)
            if ended is None:
                raise
            return _say_ended(ended, streams)


def _run(argv: Sequence[str] | None, terminal: Terminal | None, streams: Streams) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    before = speak_by_default(language_asked(arguments) or language_of(os.environ))
    try:
        return _run_in_language(arguments, terminal, streams)
    finally:
        speak_by_default(before)  # for whoever called main in their own process: tests


def _run_in_language(arguments: list[str], terminal: Terminal | None, streams: Streams) -> int:
    speak_argparse()
    # Building the parser imports most of thebes: a signal raised inside an import could
    # be caught and wrapped there (pydantic turned one into a SchemaError), so it waits.
    with held():
        parser = build_parser(streams)
    args = parser.parse_args(arguments)
    handler: Handler = args.handler
    try:
        return handler(args, terminal)
    except ThebesError as exc:
        streams.complain(_printable_line(exc.line))
        return exc.exit_code
    except KeyboardInterrupt:
        streams.complain(_("interrupted"))
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (for example `| head`); nothing more to say (guarded keeps
        # Python's own complaint at exit from being written).
        return EXIT_OK


def language_asked(arguments: Sequence[str]) -> str | None:
    """The language ``--lang`` asks for, read before the parser is built so that its help and
    refusals speak it (a value thebes does not speak is left for the parser to refuse)."""
    asked = None
    for at, argument in enumerate(arguments):
        if argument == "--":
            break
        if argument == "--lang" and at + 1 < len(arguments):
            asked = language_code(arguments[at + 1]) or asked
        elif argument.startswith("--lang="):
            asked = language_code(argument.removeprefix("--lang=")) or asked
    return asked


def _printable_line(line: str) -> str:
    """``line`` with its unprintable characters escaped (:func:`printable`), save the
    no-break spaces a translation puts where a line must not break (French writes one
    before a colon)."""
    if line.isprintable():
        return line
    return "".join(char if char in NO_BREAK_SPACES else printable(char) for char in line)


def _say_ended(ended: Ended, streams: Streams) -> int:
    """One line for a signal that ended the command, where the terminal can still take it:
    after a hangup it cannot, and that is no error."""
    with contextlib.suppress(OSError, ValueError):
        streams.complain(_printable_line(ended.line), flush=True)
    return ended.exit_code
