"""`thebes`: parse the command line, run the subcommand's handler, and turn a refusal into
one line on stderr and its exit code.

:mod:`~thebes.cli.arguments` gives each subcommand its options and its handler (argparse
refuses a subcommand it does not know); the handlers live in the module named for what they
do. A :class:`~thebes.errors.ThebesError` that reaches here is printed as it says, never as
a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from thebes.cli.arguments import Handler, build_parser
from thebes.errors import EXIT_INTERRUPTED, EXIT_OK, ThebesError
from thebes.safeio.text import printable

if TYPE_CHECKING:
    from thebes.tui.terminal import Terminal


def main(argv: Sequence[str] | None = None, terminal: Terminal | None = None) -> int:
    """Run `thebes` with ``argv`` (the process's arguments if None); the exit code. Games,
    replays and pages are shown at ``terminal``, the terminal of this process unless one is
    handed in."""
    args = build_parser().parse_args(argv)
    handler: Handler = args.handler
    try:
        return handler(args, terminal)
    except ThebesError as exc:
        errors = sys.stderr if terminal is None else terminal.errors
        print(f"thebes: {printable(exc.line)}", file=errors)
        return exc.exit_code
    except KeyboardInterrupt:
        print("thebes: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (for example `| head`); nothing more to say.
        sys.stderr.close()
        return EXIT_OK
