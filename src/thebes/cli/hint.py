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
        raise NoPosition(f"--at {at}: the game has {actions} actions, so 0 to {actions}")
    state = session.steps[at].before if at < actions else session.state
    seat = active_seat(state)
    if seat is None:
        raise NoPosition(
            f"the game is over after {actions} actions: nobody is to move; "
            f"--at N names an earlier position (0 to {actions - 1})"
        )
    hints = Hinter().hints(state, CANDIDATES, check=True)
    player = session.seats[seat].name
    streams = Streams(handed)
    if args.json:
        streams.say(json.dumps(hint_json(game.path.name, at, player, hints, MEASURE)))
        return EXIT_OK
    when = date_text(state.players[seat].time)
    lines = [f"Hint for {printable(player)} after {at} actions ({when}), best first:"]
    widest = max(len(h.notation) for h in hints)
    for hint in hints:
        lines.append(f"  {printable(hint.notation):<{widest}}  {value_text(hint)}")
        lines += textwrap.wrap(
            hint.reason, WIDTH, initial_indent=" " * 4, subsequent_indent=" " * 4
        )
    lines += ["", *textwrap.wrap(MEASURE + LABELS_NOTE, WIDTH)]
    streams.say("\n".join(lines))
    return EXIT_OK


LABELS_NOTE = (
    " In brackets: how much less than the first an action is worth, measured again on"
    " independent playouts, and the label the analysis gives it if it is played."
)


def value_text(hint: Hint) -> str:
    """ "margin +4.4 ± 3.8 VP", then the loss and label where it loses: "(-6.1 VP, a
    mistake)"."""
    from thebes.analysis.hints import signed
    from thebes.analysis.report import with_article

    error = "" if hint.error == float("inf") else f" ± {hint.error:.1f}"
    text = f"margin {signed(hint.value)}{error} VP"
    if hint.loss > 0:
        label = f", {with_article(hint.label)}" if hint.label else ""
        text += f"  ({signed(-hint.loss)} VP{label})"
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
