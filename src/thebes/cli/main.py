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

from thebes.cli.arguments import Handler, build_parser
from thebes.errors import EXIT_INTERRUPTED, EXIT_OK, ThebesError
from thebes.safeio.text import printable


def main(argv: Sequence[str] | None = None) -> int:
    """Run `thebes` with ``argv`` (the process's arguments if None); the exit code."""
    args = build_parser().parse_args(argv)
    handler: Handler = args.handler
    try:
        return handler(args)
    except ThebesError as exc:
        print(f"thebes: {printable(exc.line)}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("thebes: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (for example `| head`); nothing more to say.
        sys.stderr.close()
        return EXIT_OK
