"""`thebes rules` and `thebes reference`: what a player looks up, the rulebook and the
components."""

from __future__ import annotations

import argparse
import json

from thebes.catalog.loading import default_catalog
from thebes.errors import EXIT_OK


def rules_command(args: argparse.Namespace) -> int:
    """The rulebook, or one rule (RulebookError says why not)."""
    from thebes.tui.rulebook import show_rules
    from thebes.tui.screen import terminal_console

    show_rules(terminal_console(colour=args.colour), args.id, colour=args.colour)
    return EXIT_OK


def reference_command(args: argparse.Namespace) -> int:
    catalog = default_catalog()
    if args.json:
        from thebes.tui.reference import reference_json

        print(json.dumps(reference_json(catalog), indent=2))
        return EXIT_OK
    from thebes.tui.reference import print_reference
    from thebes.tui.screen import terminal_console

    print_reference(catalog, terminal_console(colour=args.colour))
    return EXIT_OK
