"""Actions valued by playouts: the judge's instrument (:mod:`thebes.analysis.judge`).

An action's value is the final score margin it can be expected to lead to for its mover:
their score minus the best rival's, in VP, averaged over playouts (:mod:`thebes.bots.playout`)
that sample every draw from what is still unseen, so it is judged on public information
only, as the player saw it. The actions of a position are played out with the same
sampled draws (common random numbers), so their differences are not drowned in the luck of
the dig; after the first few rounds only the best go on, and no round starts past a budget
of greedy's work (:class:`Evaluator`). Everything is seeded from the position, so the same
position gives the same values on any machine and with any number of processes.
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

HORIZON = SearchBudget().horizon


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
        playouts: int,
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

    def values(
        self,
        state: GameState,
        actions: Sequence[Action],
        seed: int,
        *,
        rounds: int | None = None,
    ) -> list[Valued]:
        """Each action valued for the player to move, all on the same draws; with
        ``rounds``, each on exactly the first ``rounds`` draws, neither narrowed nor
        held to the budget (an action valued beside others already valued)."""
        seat = active_seat(state)
        if seat is None:
            raise ValueError("the game is over: nobody is to move")
        if not actions:
            return []
        state = sorted_multisets(state)
        with collector_paused():
            if rounds is None:
                outcomes = self._outcomes(state, actions, seat, seed)
            else:
                seeds = [derive_seed(seed, state.actions_taken, n) for n in range(rounds)]
                outcomes = [
                    [play_out(self._greedy, state, a, seat, d, self.horizon) for d in seeds]
                    for a in actions
                ]
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
        count: int,
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
