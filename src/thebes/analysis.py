"""What each action of a game was worth to the player who took it, and what was better.

An action's *value* is the final score margin it can be expected to lead to for its mover:
their score minus the best rival's, in VP, averaged over playouts (:mod:`thebes.bots.playout`)
that sample every draw from what is still unseen, so it is judged on public information
only, as the player saw it. The candidates are the action played and the greedy player's
best few, all played out with the same sampled draws (common random numbers), so their
difference is not drowned in the luck of the dig. The *loss* of an action is how much less
it was worth than the best candidate (never below 0: the action played is a candidate), and
its *label* says how costly that was (:data:`LABELS`).

Everything is seeded from what is analysed (a game file's digest and the action number),
so the same file and options give the same analysis on any machine and with any number of
processes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from thebes.bots.greedy import GreedyPlayer
from thebes.bots.playout import play_out
from thebes.chance import derive_seed
from thebes.model import Action, GameState
from thebes.rules import active_seat

DEFAULT_PLAYOUTS = 16
CANDIDATES = 4  # the greedy player's best actions played out beside the action played
HORIZON = 30  # weeks of the mover's own time a playout looks ahead (as the strong player)

# A loss of at least this many VP earns the label; below the first, none (docs/analysis.md).
LABELS = (("blunder", 8.0), ("mistake", 4.0), ("inaccuracy", 2.0))
LABEL_NAMES = tuple(name for name, _ in LABELS)


def label_of(loss: float) -> str:
    """The label of a loss in VP: "blunder", "mistake", "inaccuracy" or "" (a good move)."""
    for name, threshold in LABELS:
        if loss >= threshold:
            return name
    return ""


def seed_of(text: str) -> int:
    """A 64-bit seed from a text (a game file's digest)."""
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


@dataclass(frozen=True, slots=True)
class Valued:
    action: Action
    value: float  # the mover's expected final margin over the best rival, VP
    score: float  # the mover's expected final score, VP


class Evaluator:
    """Values the actions of a position by playouts; deterministic for a given seed."""

    def __init__(self, playouts: int = DEFAULT_PLAYOUTS, horizon: int | None = HORIZON) -> None:
        if playouts < 1:
            raise ValueError(f"at least 1 playout, not {playouts}")
        self.playouts = playouts
        self.horizon = horizon
        self._greedy = GreedyPlayer()

    def values(self, state: GameState, actions: Sequence[Action], seed: int) -> list[Valued]:
        """Each action valued for the player to move, all on the same draws."""
        seat = active_seat(state)
        if seat is None:
            raise ValueError("the game is over: nobody is to move")
        margins = [0.0] * len(actions)
        scores = [0.0] * len(actions)
        for playout in range(self.playouts):
            draws = derive_seed(seed, state.actions_taken, playout)
            for n, action in enumerate(actions):
                outcome = play_out(self._greedy, state, action, seat, draws, self.horizon)
                margins[n] += outcome.margin
                scores[n] += outcome.score
        count = self.playouts
        return [
            Valued(action, margin / count, score / count)
            for action, margin, score in zip(actions, margins, scores, strict=True)
        ]

    def candidates(
        self, state: GameState, legal: Sequence[Action], count: int = CANDIDATES
    ) -> list[Action]:
        """The greedy player's ``count`` best actions, best first."""
        values = self._greedy.judge(state.catalog).values(state, legal)
        order = sorted(range(len(legal)), key=lambda i: -values[i])
        return [legal[i] for i in order[:count]]

    def ranked(
        self,
        state: GameState,
        legal: Sequence[Action],
        seed: int,
        also: Sequence[Action] = (),
        count: int = CANDIDATES,
    ) -> list[Valued]:
        """The greedy player's best actions and ``also``, valued, best first (ties keep
        greedy's order)."""
        actions = self.candidates(state, legal, count)
        actions += [a for a in also if a not in actions]
        # sorted() is stable: equal values keep greedy's order.
        return sorted(self.values(state, actions, seed), key=lambda v: -v.value)


# ---------------------------------------------------------------- a whole game


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One action of a game, valued from its mover's chair."""

    number: int  # the action's number in the game, from 1
    player: str
    action: str  # as the notation writes it
    value: float  # the mover's expected final margin after it, VP
    best: str  # the best action found (the action itself when nothing was better)
    best_value: float
    loss: float  # best_value - value, >= 0
    label: str  # see LABELS; "" for none
    score: float  # the mover's expected final score after the action, VP

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
            "score": round(self.score, 2),
        }


def review_move(
    evaluator: Evaluator,
    state: GameState,
    legal: Sequence[Action],
    played: Action,
    seed: int,
    notation: Callable[[Action], str],
    number: int,
    player: str,
) -> MoveReview:
    """The review of ``played`` among the greedy player's best actions in ``state``."""
    ranked = evaluator.ranked(state, legal, derive_seed(seed, number), also=(played,))
    mine = next(v for v in ranked if v.action == played)
    best = ranked[0]
    loss = max(0.0, best.value - mine.value)
    return MoveReview(
        number=number,
        player=player,
        action=notation(played),
        value=mine.value,
        best=notation(best.action) if loss > 0 else notation(played),
        best_value=best.value if loss > 0 else mine.value,
        loss=loss,
        label=label_of(loss),
        score=mine.score,
    )
