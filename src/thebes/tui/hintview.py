"""How a hint is shown: in the events' place on the screen, fitted to the rows there are.

With room, each action takes two rows or more: the action as it is typed with the judge's
one measure, the final margin over the best rival its player can expect, and its standard
error ("margin +4.5 ± 1.2 VP"), then its reason wrapped under it (the best action's first,
cut short with "…" when the rows run out). Short of room (an 80x24 terminal with a long
menu), each action takes one row ("+4.5 ±1.2") and its reason cut at a space. The reasons
break at spaces only: a number keeps its unit. The title names the player (as typed, never
as markup) and says that the record notes the hint.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from thebes.analysis.hints import Hint, signed
from thebes.language import N_, _, decimal
from thebes.records.spoken_notation import say_notation
from thebes.tui.linecap import end_with_ellipsis

HINT_KEY = "?"  # typed for `hint`, and listed so in the menu
# TRANSLATORS: a menu line beside the key "?"; {command} is the command typed for it
MENU_LABEL = N_("{command}: the 3 best actions")
REASON_INDENT = 4  # under the action, leaving 76 columns of reason at 80


def hint_title(player: Text) -> Text:
    """ "Hint for Ann (noted in the record): by expected margin over the best rival"."""
    # TRANSLATORS: {player} is the player's name
    words = _("Hint for {player} (noted in the record): by expected margin over the best rival")
    before, _between, after = words.partition("{player}")
    title = Text(before, style="bold")
    title.append_text(player)
    title.append(after, style="bold")
    return title


def stands(hint: Hint, *, short: bool = False) -> str:
    """The value and its standard error: "margin +6.5 ± 1.2 VP", or ``short`` "+6.5 ±1.2"
    where the reason shares the row."""
    error = "" if hint.error == float("inf") else decimal(hint.error)
    if short:
        return f"{signed(hint.value)} ±{error}" if error else signed(hint.value)
    if error:
        return _("margin {value} ± {error} VP").format(value=signed(hint.value), error=error)
    return _("margin {value} VP").format(value=signed(hint.value))


def hint_panel(hints: Sequence[Hint], player: Text, width: int, rows: int) -> RenderableType:
    """The hint in ``width`` columns and, if it can be done, ``rows`` rows (title
    included); never fewer than a row an action. With two rows an action or more, the
    reasons are wrapped under their actions, the best first to get the rows there are, and
    a reason left without room for its end is cut with "…"."""
    title = hint_title(player)
    title.truncate(width, overflow="ellipsis")
    widest = max((len(_said(h)) for h in hints), default=0)
    if 1 + 2 * len(hints) > rows:
        return Group(title, *(_one_row(hint, widest, width) for hint in hints))
    # textwrap, not rich: it breaks at spaces only, never at the no-break space that keeps
    # a number with its unit ("2.17\u00a0VP").
    wrapped = [
        [Text(line) for line in textwrap.wrap(h.reason, width - REASON_INDENT)] or [Text()]
        for h in hints
    ]
    spare = rows - 1 - 2 * len(hints)  # rows beyond each action's first line of reason
    lines: list[RenderableType] = [title]
    for hint, reason in zip(hints, wrapped, strict=True):
        kept = 1 + min(spare, len(reason) - 1)
        spare -= kept - 1
        shown = reason[:kept]
        if kept < len(reason):
            shown[-1] = end_with_ellipsis(shown[-1], width - REASON_INDENT)
        lines.append(Text(f"  {_said(hint):<{widest}}  {stands(hint)}"))
        lines += [Padding(line, (0, 0, 0, REASON_INDENT)) for line in shown]
    return Group(*lines)


def _one_row(hint: Hint, widest: int, width: int) -> Text:
    """An action, its score and lead and as much of its reason as ``width`` leaves (cut at
    a space: a number keeps its unit)."""
    line = Text(f"  {_said(hint):<{widest}}  {stands(hint, short=True)}  {hint.reason}")
    return end_with_ellipsis(line, width) if line.cell_len > width else line


def _said(hint: Hint) -> str:
    """The hint's action in the player's words (the hint keeps the canonical notation)."""
    return say_notation(hint.notation)
