"""`thebes hint FILE [--at N] [--json]`: the hint for a position of a saved game, as the
table would give it, from the judge that `analyze` uses (:mod:`thebes.analysis.judge`):
every candidate it valued, best first, with its value, standard error, the label the
analysis gives it if played, and its reason."""

from __future__ import annotations

import argparse
import json
import textwrap
from typing import TYPE_CHECKING, Any

from thebes.cli.streams import Streams
from thebes.errors import EXIT_OK, EXIT_USAGE, ThebesError
from thebes.language import N_, _, ngettext
from thebes.safeio.text import printable

if TYPE_CHECKING:
    from thebes.analysis.hints import Hint
    from thebes.tui.terminal import Terminal

WIDTH = 80


class NoPosition(ThebesError):
    """--at names no position with a player to move."""

    exit_code = EXIT_USAGE


def hint_command(args: argparse.Namespace, handed: Terminal | None) -> int:
    """The hint at the position the arguments name (RecordError: the file cannot be
    replayed; NoPosition: there is nobody to move there)."""
    from thebes.analysis.game_review import open_game
    from thebes.analysis.hints import CANDIDATES, MEASURE, Hinter
    from thebes.cli.replay import chosen_file
    from thebes.rules import active_seat, date_text

    game = open_game(chosen_file(args))
    session, actions = game.session, game.actions
    at: int = actions if args.at is None else args.at
    if at > actions:
        raise NoPosition(
            ngettext(
                "{option}: the game has {count} action, so 0 to {count}",
                "{option}: the game has {count} actions, so 0 to {count}",
                actions,
            ).format(option=f"--at {at}", count=actions)
        )
    state = session.steps[at].before if at < actions else session.state
    seat = active_seat(state)
    if seat is None:
        raise NoPosition(
            ngettext(
                "the game is over after {count} action: nobody is to move; {option} names "
                "an earlier position (0 to {last})",
                "the game is over after {count} actions: nobody is to move; {option} names "
                "an earlier position (0 to {last})",
                actions,
            ).format(count=actions, option="--at N", last=actions - 1)
        )
    hints = Hinter().hints(state, CANDIDATES, check=True)
    player = session.seats[seat].name
    streams = Streams(handed)
    if args.json:
        streams.say(json.dumps(hint_json(game.path.name, at, player, hints, MEASURE)))
        return EXIT_OK
    when = date_text(state.players[seat].time)
    lines = [
        ngettext(
            "Hint for {name} after {count} action ({date}), best first:",
            "Hint for {name} after {count} actions ({date}), best first:",
            at,
        ).format(name=printable(player), count=at, date=when)
    ]
    widest = max(len(h.notation) for h in hints)
    for hint in hints:
        lines.append(f"  {printable(hint.notation):<{widest}}  {value_text(hint)}")
        lines += textwrap.wrap(
            hint.reason, WIDTH, initial_indent=" " * 4, subsequent_indent=" " * 4
        )
    # MEASURE is the analysis's (marked where it is written), LABELS_NOTE this command's.
    lines += ["", *textwrap.wrap(_(MEASURE) + " " + _(LABELS_NOTE), WIDTH)]
    streams.say("\n".join(lines))
    return EXIT_OK


LABELS_NOTE = N_(
    "In brackets: how much less than the first an action is worth, measured again on "
    "independent playouts, and the label the analysis gives it if it is played."
)

# The loss of an action below the best, with the label the analysis gives it if played
# (analysis.judge.LABELS), one whole message each.
LOSSES = {
    "": N_("({loss} VP)"),
    "inaccuracy": N_("({loss} VP, an inaccuracy)"),
    "mistake": N_("({loss} VP, a mistake)"),
    "blunder": N_("({loss} VP, a blunder)"),
}


def value_text(hint: Hint) -> str:
    """ "margin +4.4 ± 3.8 VP", then the loss and label where it loses: "(-6.1 VP, a
    mistake)"."""
    from thebes.analysis.hints import signed

    if hint.error == float("inf"):
        text = _("margin {value} VP").format(value=signed(hint.value))
    else:
        error = f"{hint.error:.1f}"
        text = _("margin {value} ± {error} VP").format(value=signed(hint.value), error=error)
    if hint.loss > 0:
        text += "  " + _(LOSSES[hint.label]).format(loss=signed(-hint.loss))
    return text


def hint_json(file: str, at: int, player: str, hints: list[Hint], measure: str) -> dict[str, Any]:
    """The hint as `--json` prints it: the candidates best first, as `analyze --json`
    lists each move's."""
    return {
        "file": file,
        "at": at,
        "player": player,
        "measure": measure,
        "candidates": [
            {
                "action": h.notation,
                "value": round(h.value, 2),
                "error": None if h.error == float("inf") else round(h.error, 2),
                "loss": round(h.loss, 2),
                "label": h.label,
                "reason": h.reason.replace("\u00a0", " "),
            }
            for h in hints
        ],
    }
