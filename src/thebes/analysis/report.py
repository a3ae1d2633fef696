"""The text `thebes analyze FILE` prints: a table per player and their costliest moves.

Names and actions come from the file, so they are printed without control codes
(:func:`thebes.safeio.text.printable`).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from thebes.analysis.game_review import GameReview, PlayerSummary
from thebes.analysis.judge import LABEL_NAMES, LABEL_WITH_ARTICLE, LABELS, SURE, label_word
from thebes.analysis.move_review import MoveReview
from thebes.language import N_, _, decimal, ngettext
from thebes.records.spoken_notation import say_notation
from thebes.safeio.text import MAX_NAME, padded, printable

# The columns of the labels' counts, 6 characters at most.
LABEL_COLUMNS = (
    # TRANSLATORS: a column header, 6 characters at most: the blunders' count.
    N_("blund."),
    # TRANSLATORS: a column header, 6 characters at most: the mistakes' count.
    N_("mist."),
    # TRANSLATORS: a column header, 6 characters at most: the inaccuracies' count.
    N_("inacc."),
)
NOTE_WIDTH = 80


def report_lines(review: GameReview, names: Sequence[str]) -> list[str]:
    """The per-player table, then each player's costliest moves with what was better."""
    summaries = review.players(names)
    actions = len(review.moves)
    counted = ngettext("{count} action", "{count} actions", actions).format(count=actions)
    valued = ngettext(
        "{count} playout per action valued", "{count} playouts per action valued", review.playouts
    ).format(count=review.playouts)
    # TRANSLATORS: the analysis table's headers: player, moves (5 characters at most),
    # mean loss (9), skill (7), luck (7).
    player, moves, mean_loss = _("player"), _("moves"), _("mean loss")
    skill, luck_head = _("skill"), _("luck")
    columns = " ".join(f"{_(c):>6}" for c in LABEL_COLUMNS)
    lines = [
        f"{printable(review.file)}: {counted}, {valued}",
        "",
        f"{player:<{MAX_NAME}} {moves:>5} {mean_loss:>9} {columns} {skill:>7} {luck_head:>7}",
    ]
    for name in names:
        s = summaries[name]
        counts = " ".join(f"{s.labels[label]:>6}" for label in LABEL_NAMES)
        luck = decimal(s.luck, 1, sign=True)
        loss = decimal(s.mean_loss, 2)
        row = f"{padded(printable(name), MAX_NAME)} {s.moves:>5} {loss:>9} {counts}"
        lines.append(f"{row} {decimal(s.skill, 1, sign=True):>7} {luck:>7}")
    for name in names:
        lines += ["", *costliest_lines(summaries[name])]
    thresholds = ", ".join(
        # TRANSLATORS: one label's threshold in the analysis's notes: "mistake from 4 VP".
        _("{label} from {threshold} VP").format(label=label_word(name), threshold=f"{threshold:g}")
        for name, threshold in LABELS
    )
    notes = _(
        "Labels and margins judge each choice by its expected result before the draw, not "
        "by the luck of the draw: a dig that found much can be a blunder, one that found "
        "nothing a good action. "
        "Margin: the final score the mover could expect after the action, minus the best "
        "rival's, in VP. Loss: how much less that is than after the best action found. "
        "Labels: {thresholds}, where the loss is at least {sure} standard errors of the "
        "playouts (docs/analysis.md). Skill: what the labelled actions cost, VP. Luck: what "
        "the player's draws brought beyond what they could expect, VP."
    ).format(thresholds=thresholds, sure=f"{SURE:g}")
    return [*lines, "", *textwrap.wrap(notes, NOTE_WIDTH)]


def costliest_lines(summary: PlayerSummary) -> list[str]:
    name = printable(summary.name)
    if not summary.costliest:
        return [_("{name}: no action found to cost anything").format(name=name)]
    lines = [_("{name}'s costliest actions:").format(name=name)]
    lines += [f"  {move_line(move)}" for move in summary.costliest]
    return lines


def move_line(move: MoveReview) -> str:
    """``#12 dig Greece 3: loses 4.6 VP, a mistake (margin -2.5; take 2: +2.1)``; a loss
    that would earn a label but is within the playouts' noise is called unsure, as the
    replay viewer calls it."""
    # TRANSLATORS: a loss too small against the playouts' noise to be sure of its label.
    unsure = ", " + _("unsure") if move.unsure else ""
    label = f", {with_article(move.label)}" if move.label else unsure
    # TRANSLATORS: an action of the analysis: {label} is "" or ", a mistake" or ", unsure";
    # {value} is the mover's expected margin after it, {best} the best action found.
    return _(
        "#{number} {action}: loses {loss} VP{label} (margin {value}; {best}: {best_value})"
    ).format(
        number=move.number,
        action=printable(say_notation(move.action)),
        loss=decimal(move.loss),
        label=label,
        value=decimal(move.value, 1, sign=True),
        best=printable(say_notation(move.best)),
        best_value=decimal(move.best_value, 1, sign=True),
    )


def with_article(label: str) -> str:
    """A label with its article, in the player's language: "a mistake", "an inaccuracy"."""
    return _(LABEL_WITH_ARTICLE[label])
