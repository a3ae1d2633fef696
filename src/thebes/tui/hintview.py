"""How a hint is shown: in the events' place on the screen, fitted to the rows there are.

With room, each action takes two rows: the action as it is typed with its expected final
score and lead, then the reason under it (wrapped, or cut short when the rows run out).
Short of room (an 80x24 terminal with a long menu), each action takes one row, its reason
cut at the width. The title names the player (as typed, never as markup) and says that the
record notes the hint.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from thebes.analysis.hints import Hint, signed

HINT_KEY = "?"  # typed for `hint`, and listed so in the menu
MENU_LABEL = "hint: the 3 best actions"
REASON_INDENT = 6


def hint_title(player: Text) -> Text:
    """ "Hint for Ann (noted in the record): best first, as the strong bot sees it"."""
    title = Text("Hint for ", style="bold")
    title.append_text(player)
    title.append(" (noted in the record): best first, as the strong bot sees it", style="bold")
    return title


def stands(hint: Hint) -> str:
    """The expected final score and lead: "78.2 VP expected, lead +6.5"."""
    return f"{hint.score:.1f} VP expected, lead {signed(hint.margin)}"


def hint_panel(hints: Sequence[Hint], player: Text, width: int, rows: int) -> RenderableType:
    """The hint in ``width`` columns and, if it can be done, ``rows`` rows (title
    included); never fewer than a row an action."""
    title = hint_title(player)
    title.truncate(width, overflow="ellipsis")
    widest = max((len(h.notation) for h in hints), default=0)
    heads = [Text(f"  {h.notation:<{widest}}  {stands(h)}") for h in hints]
    measure = Console(width=width, file=io.StringIO(), markup=False, emoji=False)
    reasons = [Text(h.reason) for h in hints]
    wrapped = [len(r.wrap(measure, width - REASON_INDENT)) for r in reasons]
    if 1 + len(hints) + sum(wrapped) <= rows:
        lines: list[RenderableType] = []
        for head, reason in zip(heads, reasons, strict=True):
            lines += [head, Padding(reason, (0, 0, 0, REASON_INDENT))]
        return Group(title, *lines)
    if 1 + 2 * len(hints) <= rows:
        lines = []
        for head, reason in zip(heads, reasons, strict=True):
            reason.truncate(width - REASON_INDENT, overflow="ellipsis")
            lines += [head, Padding(reason, (0, 0, 0, REASON_INDENT))]
        return Group(title, *lines)
    short = []
    for hint in hints:
        line = Text(f"  {hint.notation:<{widest}}  {hint.score:.1f} VP, {signed(hint.margin)}  ")
        line.append(hint.reason)
        line.truncate(width, overflow="ellipsis")
        short.append(line)
    return Group(title, *short)
