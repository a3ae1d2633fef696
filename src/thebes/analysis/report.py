"""The text `thebes analyze FILE` prints: a table per player and their costliest moves.

Names and actions come from the file, so they are printed without control codes
(:func:`thebes.safeio.text.printable`).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from thebes.analysis.game_review import GameReview, PlayerSummary
from thebes.analysis.judge import LABEL_NAMES, LABELS, SURE
from thebes.analysis.move_review import MoveReview
from thebes.safeio.text import MAX_NAME, padded, printable

LABEL_COLUMNS = ("blund.", "mist.", "inacc.")
NOTE_WIDTH = 80


def report_lines(review: GameReview, names: Sequence[str]) -> list[str]:
    """The per-player table, then each player's costliest moves with what was better."""
    summaries = review.players(names)
    actions = len(review.moves)
    lines = [
        f"{printable(review.file)}: {actions} action{'' if actions == 1 else 's'}, "
        f"{review.playouts} playout{'' if review.playouts == 1 else 's'} per action valued",
        "",
        f"{'player':<{MAX_NAME}} {'moves':>5} {'mean loss':>9} "
        + " ".join(f"{c:>6}" for c in LABEL_COLUMNS)
        + f" {'skill':>7} {'luck':>7}",
    ]
    for name in names:
        s = summaries[name]
        counts = " ".join(f"{s.labels[label]:>6}" for label in LABEL_NAMES)
        luck = f"{s.luck:+.1f}"
        row = f"{padded(printable(name), MAX_NAME)} {s.moves:>5} {s.mean_loss:>9.2f} {counts}"
        lines.append(f"{row} {s.skill:>+7.1f} {luck:>7}")
    for name in names:
        lines += ["", *costliest_lines(summaries[name])]
    notes = (
        "Labels and margins judge each choice by its expected result before the draw, not "
        "by the luck of the draw: a dig that found much can be a blunder, one that found "
        "nothing a good action. "
        "Margin: the final score the mover could expect after the action, minus the best "
        "rival's, in VP. Loss: how much less that is than after the best action found. "
        "Labels: "
        + ", ".join(f"{name} from {threshold:g} VP" for name, threshold in LABELS)
        + f", where the loss is at least {SURE:g} standard errors of the playouts "
        "(docs/analysis.md). Skill: what the labelled actions cost, VP. Luck: what the "
        "player's draws brought beyond what they could expect, VP."
    )
    return [*lines, "", *textwrap.wrap(notes, NOTE_WIDTH)]


def costliest_lines(summary: PlayerSummary) -> list[str]:
    name = printable(summary.name)
    if not summary.costliest:
        return [f"{name}: no action found to cost anything"]
    lines = [f"{name}'s costliest actions:"]
    lines += [f"  {move_line(move)}" for move in summary.costliest]
    return lines


def move_line(move: MoveReview) -> str:
    """``#12 dig Greece 3: loses 4.6 VP, a mistake (margin -2.5; take 2: +2.1)``; a loss
    that would earn a label but is within the playouts' noise is called unsure, as the
    replay viewer calls it."""
    unsure = ", unsure" if move.unsure else ""
    label = f", {with_article(move.label)}" if move.label else unsure
    return (
        f"#{move.number} {printable(move.action)}: loses {move.loss:.1f} VP{label} "
        f"(margin {move.value:+.1f}; {printable(move.best)}: {move.best_value:+.1f})"
    )


def with_article(label: str) -> str:
    return f"an {label}" if label[0] in "aeiou" else f"a {label}"
