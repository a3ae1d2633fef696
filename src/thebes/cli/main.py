"""`thebes`: parse the command line, run the subcommand's handler, and turn a refusal into
one line on the error stream and its exit code.

:mod:`~thebes.cli.arguments` gives each subcommand its options and its handler (argparse
refuses a subcommand it does not know); the handlers live in the module named for what they
do. A :class:`~thebes.errors.ThebesError` that reaches here is printed as it says, never as
a traceback: every refusal that ends a command ends it here, with the error's exit code.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from thebes.cli.arguments import Handler, build_parser
from thebes.cli.stdio import guarded
from thebes.cli.streams import Streams
from thebes.errors import EXIT_INTERRUPTED, EXIT_OK, ThebesError
from thebes.safeio.text import printable

if TYPE_CHECKING:
    from thebes.tui.terminal import Terminal


def main(argv: Sequence[str] | None = None, terminal: Terminal | None = None) -> int:
    """Run `thebes` with ``argv`` (the process's arguments if None); the exit code. Games,
    replays, pages, output and messages are shown at ``terminal``, the terminal of this
    process unless one is handed in; the process's own streams are made safe first
    (:func:`~thebes.cli.stdio.guarded`: a stream that fails ends in one line)."""
    if terminal is None:
        return guarded(lambda: _run(argv, None))
    return _run(argv, terminal)


def _run(argv: Sequence[str] | None, terminal: Terminal | None) -> int:
    streams = Streams(terminal)
    args = build_parser(streams).parse_args(argv)
    handler: Handler = args.handler
    try:
        return handler(args, terminal)
    except ThebesError as exc:
        streams.complain(printable(exc.line))
        return exc.exit_code
    except KeyboardInterrupt:
        streams.complain("interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (for example `| head`); nothing more to say (guarded keeps
        # Python's own complaint at exit from being written).
        return EXIT_OK
