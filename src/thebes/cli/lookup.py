"""`thebes rules` and `thebes reference`: what a player looks up, the rulebook and the
components."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from thebes.cli.streams import Streams
from thebes.errors import EXIT_OK

if TYPE_CHECKING:
    from thebes.tui.terminal import Terminal


def rules_command(args: argparse.Namespace, handed: Terminal | None) -> int:
    """The rulebook, or one rule (RulebookError says why not)."""
    from thebes.tui.rulebook import show_rules
    from thebes.tui.terminal import terminal_for

    with terminal_for(handed, colour=args.colour) as terminal:
        show_rules(terminal, args.id)
    return EXIT_OK


def reference_command(args: argparse.Namespace, handed: Terminal | None) -> int:
    from thebes.catalog.loading import default_catalog

    catalog = default_catalog()
    if args.json:
        from thebes.tui.reference import reference_json

        Streams(handed).say(json.dumps(reference_json(catalog), indent=2))
        return EXIT_OK
    from thebes.tui.reference import print_reference
    from thebes.tui.terminal import terminal_for

    with terminal_for(handed, colour=args.colour) as terminal:
        print_reference(catalog, terminal.console)
    return EXIT_OK
