"""What one action of a game was worth to the player who took it, and what was better: the
judge's verdicts (:mod:`thebes.analysis.judge`) on the position before it, written as the
notation writes actions, for `analyze`, its saved file and the replay.

The review of an action is the judgement a hint would have given in that position, with the
action played valued beside the candidates on the same draws and every loss measured again
on independent playouts (:class:`~thebes.analysis.judge.Judge`): the action a hint put
first has a loss of 0 there, and every candidate carries the label it would have earned if
played.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from thebes.analysis.judge import Judge, Verdict, label_of
from thebes.rules import Action, GameState


@dataclass(frozen=True, slots=True)
class Candidate:
    """One action the judge valued in a position, as the notation writes it."""

    action: str
    value: float  # expected final margin over the best rival, VP, as a hint gives it
    error: float  # its standard error, VP (inf with one playout)
    loss: float  # against the judge's best, VP, measured again on independent playouts
    label: str  # the label it earns if played ("" for none)
    played: bool  # the action the player took

    def as_json(self) -> dict[str, object]:
        return {
            "action": self.action,
            "value": round(self.value, 2),
            "error": _finite(self.error),
            "loss": round(self.loss, 2),
            "label": self.label,
            "played": self.played,
        }


def _finite(error: float) -> float | None:
    """A standard error for JSON: rounded, None where there is none (one playout)."""
    return round(error, 2) if error != float("inf") else None


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One action of a game, valued from its mover's chair."""

    number: int  # the action's number in the game, from 1
    player: str
    action: str  # as the notation writes it
    value: float  # the mover's expected final margin after it, VP, as the check measured it
    best: str  # the best action found (the action itself when nothing was better)
    best_value: float
    loss: float  # best_value - value, >= 0
    label: str  # "" for none; see thebes.analysis.judge.LABELS
    scores: tuple[float, ...]  # every seat's expected final score after the action, VP
    candidates: tuple[Candidate, ...] = ()  # best first; the action played among them

    @property
    def unsure(self) -> bool:
        """A loss big enough for a label, but within the playouts' noise."""
        return not self.label and bool(label_of(self.loss))

    def as_json(self) -> dict[str, object]:
        return {
            "number": self.number,
            "player": self.player,
            "action": self.action,
            "value": round(self.value, 2),
            "best": self.best,
            "best_value": round(self.best_value, 2),
            "loss": round(self.loss, 2),
            "label": self.label,
            "scores": [round(score, 2) for score in self.scores],
            "candidates": [c.as_json() for c in self.candidates],
        }


def review_move(
    judge: Judge,
    state: GameState,
    played: Action,
    notation: Callable[[Action], str],
    number: int,
    player: str,
) -> MoveReview:
    """The review of ``played`` in ``state``: the judge's verdicts there, the action played
    valued beside them."""
    judgement = judge.judge(state, asked=(played,), check=True)
    mine = judgement.of(played)
    best = judgement.best if mine.loss > 0 else mine
    verdicts: list[Verdict] = list(judgement.candidates)
    if mine not in verdicts:
        verdicts.append(mine)
    candidates = tuple(
        Candidate(notation(v.action), v.value, v.error, v.loss, v.label, v is mine)
        for v in verdicts
    )
    return MoveReview(
        number,
        player,
        notation(played),
        # As the check measured them: the loss is their difference.
        mine.checked,
        notation(best.action),
        best.checked,
        mine.loss,
        mine.label,
        mine.scores,
        candidates,
    )
