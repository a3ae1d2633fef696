"""argparse's own words (``usage:``, ``options``, its refusals) in the player's language.

argparse looks its messages up through the names ``_`` and ``ngettext`` it imported from
gettext, in the one gettext domain of the whole process, where thebes's catalogs are not:
:func:`speak_argparse` points those two names at thebes's own lookups, which speak the
language of the command line (:func:`thebes.language.speak_by_default`). The messages a
player can meet are listed here, so that the extraction puts them in the catalogs; their
``%`` placeholders are argparse's and stay as they are in a translation.
"""

from __future__ import annotations

import argparse

from thebes.language import N_, _, ngettext

ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)


def speak_argparse() -> None:
    """argparse's messages from thebes's catalogs, in the command line's language."""
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
