"""What each action of a game was worth to the player who took it, and what was better.

An action's *value* is the final score margin it can be expected to lead to for its mover:
their score minus the best rival's, in VP, averaged over playouts (:mod:`thebes.bots.playout`)
that sample every draw from what is still unseen, so it is judged on public information
only, as the player saw it. The candidates are the action played and the greedy player's
best few, all played out with the same sampled draws (common random numbers), so their
difference is not drowned in the luck of the dig; after the first few rounds only the best
two go on, and no round starts past a budget of greedy's work (:class:`Evaluator`). The
*loss* of an action is how much less it was worth than the best candidate, measured on a
second set of playouts (the best of several noisy values, measured on the draws that chose
it, would be too high), never below 0; its *label* says how costly that was
(:data:`LABELS`), given only where the loss stands out of the playouts' noise
(:data:`SURE`). docs/analysis.md explains it for players.

Everything is seeded from what is analysed (a game file's digest and the action number),
so the same file and options give the same analysis on any machine and with any number of
processes.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from thebes.bots.greedy import GreedyPlayer
from thebes.bots.playout import Outcome, collector_paused, play_out, sorted_multisets
from thebes.bots.strong import SearchBudget
from thebes.rules import Action, GameState, active_seat, derive_seed

DEFAULT_PLAYOUTS = 16
# How an action's review spends its playouts (docs/analysis.md, "How the playouts are
# spent"): after NARROW_AFTER rounds only the 2 best actions go on to find the best, and no
# round starts that would take the valuations greedy makes past VALUATIONS_PER_PLAYOUT per
# playout asked for (in each of the two valuations of an action).
NARROW_AFTER = 3
VALUATIONS_PER_PLAYOUT = 800
MAX_PLAYOUTS = 1000  # a bound on --playouts: 1000 takes about an hour a game
# As the strong player searches: the greedy player's best actions played out beside the
# action played, and the weeks of the mover's own time a playout looks ahead.
CANDIDATES = SearchBudget().candidates
HORIZON = SearchBudget().horizon

# A loss of at least this many VP earns the label; below the first, none (docs/analysis.md).
LABELS = (("blunder", 8.0), ("mistake", 4.0), ("inaccuracy", 2.0))
LABEL_NAMES = tuple(name for name, _ in LABELS)
SURE = 2.0  # a label needs a loss of this many standard errors of the playouts


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
    """An action and what its playouts came to, for the seat that takes it."""

    action: Action
    seat: int
    value: float  # the mover's expected final margin over the best rival, VP
    scores: tuple[float, ...]  # every seat's expected final score, VP
    margins: tuple[float, ...]  # the mover's margin in each playout, in playout order

    @property
    def score(self) -> float:
        """The mover's expected final score, VP."""
        return self.scores[self.seat]


class Evaluator:
    """Values the actions of a position by playouts; deterministic for a given seed.

    The playouts go in rounds, one for each action still in the running, all of a round on
    the same draws. Two limits spend them where they tell most (docs/analysis.md, "How the
    playouts are spent"): after ``narrow_after`` rounds only the ``keep`` best actions go on
    (the others are clearly behind, or near enough to the best that which of them is second
    matters little), and no round starts that would take the valuations greedy makes in
    the playouts (:class:`~thebes.bots.playout.Outcome`) past ``valuations``, were it as
    costly as the last (but the first ``narrow_after`` rounds are always played). Neither
    depends on anything but the position, the seed and these figures."""

    def __init__(
        self,
        playouts: int = DEFAULT_PLAYOUTS,
        horizon: int | None = HORIZON,
        *,
        narrow_after: int | None = None,
        keep: int = 2,
        valuations: int | None = None,
    ) -> None:
        if playouts < 1:
            raise ValueError(f"at least 1 playout, not {playouts}")
        self.playouts = playouts
        self.horizon = horizon
        self.narrow_after = narrow_after
        self.keep = keep
        self.valuations = valuations
        self._greedy = GreedyPlayer()

    def values(self, state: GameState, actions: Sequence[Action], seed: int) -> list[Valued]:
        """Each action valued for the player to move, all on the same draws."""
        seat = active_seat(state)
        if seat is None:
            raise ValueError("the game is over: nobody is to move")
        state = sorted_multisets(state)
        with collector_paused():
            outcomes = self._outcomes(state, actions, seat, seed)
        return [_valued(action, runs, seat) for action, runs in zip(actions, outcomes, strict=True)]

    def _outcomes(
        self, state: GameState, actions: Sequence[Action], seat: int, seed: int
    ) -> list[list[Outcome]]:
        outcomes: list[list[Outcome]] = [[] for _ in actions]
        running = list(range(len(actions)))
        first_rounds = self.narrow_after or 1
        spent = last_round = 0
        for playout in range(self.playouts):
            # The next round, as costly per action as the last, must stay in the budget.
            budget = self.valuations
            if budget is not None and playout >= first_rounds and spent + last_round > budget:
                break
            draws = derive_seed(seed, state.actions_taken, playout)
            before = spent
            for n in running:
                outcome = play_out(self._greedy, state, actions[n], seat, draws, self.horizon)
                outcomes[n].append(outcome)
                spent += outcome.valuations
            last_round = spent - before
            if playout + 1 == self.narrow_after and len(running) > self.keep:
                # The best by their margins so far; sorted() is stable, ties keep the order.
                best = sorted(running, key=lambda n: -_mean_margin(outcomes[n], seat))
                kept = best[: self.keep]
                last_round = last_round * len(kept) // len(running)
                running = sorted(kept)
        return outcomes

    def candidates(
        self,
        state: GameState,
        legal: Sequence[Action],
        count: int = CANDIDATES,
        same: Callable[[Action], Hashable] = lambda action: action,
    ) -> list[Action]:
        """The greedy player's ``count`` best actions, best first, only the best of those
        that ``same`` maps to one value."""
        values = self._greedy.judge(state.catalog).values(state, legal)
        chosen: list[Action] = []
        seen: set[Hashable] = set()
        for i in sorted(range(len(legal)), key=lambda i: -values[i]):
            if len(chosen) == count:
                break
            if (kind := same(legal[i])) not in seen:
                seen.add(kind)
                chosen.append(legal[i])
        return chosen

    def ranked(
        self,
        state: GameState,
        legal: Sequence[Action],
        seed: int,
        also: Sequence[Action] = (),
        count: int = CANDIDATES,
        same: Callable[[Action], Hashable] = lambda action: action,
    ) -> list[Valued]:
        """The greedy player's best actions (as :meth:`candidates`) and ``also``, valued,
        best first: those played out to the end of the valuation before those left behind
        (:meth:`values`), each group by value, ties in greedy's order."""
        actions = self.candidates(state, legal, count, same)
        actions += [a for a in also if a not in actions]
        # sorted() is stable: equal values keep greedy's order.
        return sorted(self.values(state, actions, seed), key=lambda v: (-len(v.margins), -v.value))


def _mean_margin(runs: Sequence[Outcome], seat: int) -> float:
    return math.fsum(run.margin(seat) for run in runs) / len(runs)


def _valued(action: Action, runs: Sequence[Outcome], seat: int) -> Valued:
    count = len(runs)
    # fsum: exact, so the same on every Python (3.12 changed what sum() does with floats).
    scores = tuple(
        math.fsum(run.totals[i] for run in runs) / count for i in range(len(runs[0].totals))
    )
    margins = tuple(run.margin(seat) for run in runs)
    return Valued(action, seat, math.fsum(margins) / count, scores, margins)


def paired_error(first: Sequence[float], second: Sequence[float]) -> float:
    """The standard error of mean(first) - mean(second), paired playout by playout."""
    count = len(first)
    if count < 2:
        return float("inf")
    diffs = [a - b for a, b in zip(first, second, strict=True)]
    mean = math.fsum(diffs) / count
    variance = math.fsum((d - mean) ** 2 for d in diffs) / (count - 1)
    return math.sqrt(variance / count)


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
    scores: tuple[float, ...]  # every seat's expected final score after the action, VP

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
    """The review of ``played`` among the greedy player's best actions in ``state``.

    The best action is chosen on one set of playouts and the loss measured on another:
    measured on the same draws, the best of several noisy values is too high on average,
    and every move would seem to lose something. A label is given only where the loss is
    at least :data:`SURE` standard errors, so the luck of the playouts earns none."""
    first = evaluator.ranked(state, legal, derive_seed(seed, number, 1), also=(played,))
    mine = next(v for v in first if v.action == played)
    if first[0].action == played:
        return MoveReview(
            number,
            player,
            notation(played),
            mine.value,
            notation(played),
            mine.value,
            0.0,
            "",
            mine.scores,
        )
    best, again = evaluator.values(state, [first[0].action, played], derive_seed(seed, number, 2))
    # Rounded as the file keeps it, so a saved loss and its label never disagree.
    loss = round(max(0.0, best.value - again.value), 2)
    sure = loss >= SURE * paired_error(best.margins, again.margins)
    scores = tuple((a + b) / 2 for a, b in zip(mine.scores, again.scores, strict=True))
    return MoveReview(
        number,
        player,
        notation(played),
        again.value,
        notation(best.action) if loss > 0 else notation(played),
        best.value if loss > 0 else again.value,
        loss,
        label_of(loss) if sure else "",
        scores,
    )
