"""Playouts: a game played on from a position by greedy players, with sampled draws.

The strong player and the analysis (:mod:`thebes.analysis`) judge an action by what
follows it: every seat, the mover's included, played by the greedy player and every draw
sampled from what is still unseen (never from the real deck order, which the state does
not even hold). A playout stops when the game ends, valued by the final score against the
best rival's, or after ``horizon`` weeks of the mover's own time, valued by the same
difference of outlooks (:mod:`thebes.bots.outlook`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from thebes.bots.greedy import GreedyPlayer
from thebes.chance import SeededChance, derive_seed
from thebes.model import Action, GameState
from thebes.rules import apply, is_over, legal_actions, scores


@dataclass(frozen=True, slots=True)
class Outcome:
    """Where a playout ended, for the player it was played for."""

    score: float  # their final score, or their outlook where the horizon cut it short
    margin: float  # that minus the best rival's


def play_out(
    greedy: GreedyPlayer,
    state: GameState,
    action: Action,
    seat: int,
    seed: int,
    horizon: int | None,
) -> Outcome:
    """How ``seat`` stands after ``action`` and greedy play from there; ``horizon`` None
    plays to the end."""
    stop = None if horizon is None else state.players[seat].time + horizon
    state, _ = apply(state, action, SeededChance(derive_seed(seed, state.actions_taken)))
    while not is_over(state):
        if stop is not None and state.players[seat].time >= stop:
            outlook = greedy.judge(state.catalog).outlook
            return _outcome([outlook.of(state, i) for i in range(len(state.players))], seat)
        choice = greedy.choose(state, legal_actions(state))
        state, _ = apply(state, choice, SeededChance(derive_seed(seed, state.actions_taken)))
    return _outcome([s.total for s in scores(state)], seat)


def _outcome(totals: Sequence[float], seat: int) -> Outcome:
    mine = totals[seat]
    return Outcome(mine, mine - max(t for i, t in enumerate(totals) if i != seat))
