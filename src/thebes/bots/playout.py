"""Playouts: a game played on from a position by greedy players, with sampled draws.

The strong player and the analysis (:mod:`thebes.analysis.move_review`) judge an action by what
follows it: every seat, the mover's included, played by the greedy player and every draw
sampled from what is still unseen (never from the real deck order, which the state does
not even hold). A playout stops when the game ends, valued by the final scores, or after
``horizon`` weeks of the mover's own time, valued by the players' outlooks
(:mod:`thebes.bots.outlook`), the final score each can expect from where they stand.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace

from thebes.bots.greedy import GreedyPlayer
from thebes.rules import (
    Action,
    GameState,
    SeededChance,
    advance,
    derive_seed,
    is_over,
    legal_actions,
    mix_seed,
    scores,
)


@dataclass(frozen=True, slots=True)
class Outcome:
    """Where a playout ended: every seat's final score, or outlook where the horizon cut
    the game short; and what it cost: the valuations greedy made on the way (each turn, one
    per legal action and one per kind of unseen card, for an exchange), a count that follows
    the time a playout takes better than its turns do."""

    totals: tuple[float, ...]
    valuations: int = 0

    def margin(self, seat: int) -> float:
        """``seat``'s total minus the best rival's."""
        return margin_of(self.totals, seat)


def margin_of(totals: Sequence[float], seat: int) -> float:
    return totals[seat] - max(t for i, t in enumerate(totals) if i != seat)


def play_out(
    greedy: GreedyPlayer,
    state: GameState,
    action: Action,
    seat: int,
    seed: int,
    horizon: int | None,
) -> Outcome:
    """How the game stands after ``action`` and greedy play from there, until the end or
    until ``seat`` has spent ``horizon`` more weeks (None: to the end)."""
    with collector_paused():
        return _play_out(greedy, state, action, seat, seed, horizon)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off for the ``with`` block (as it was, after it).

    A playout makes thousands of short-lived values and no reference cycles: the collector,
    woken every few hundred of them, would go through every long-lived object (the catalog,
    greedy's tables) again and again, for a fifth of a search's time. Reference counting frees
    what it frees as before; what the collector alone could free waits for the block's end."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _play_out(
    greedy: GreedyPlayer,
    state: GameState,
    action: Action,
    seat: int,
    seed: int,
    horizon: int | None,
) -> Outcome:
    stop = None if horizon is None else state.players[seat].time + horizon
    draws = derive_seed(seed)  # the draws of action n are SeededChance(derive_seed(seed, n))
    state = advance(state, action, SeededChance(mix_seed(draws, state.actions_taken)))
    judge = greedy.judge(state.catalog)
    valuations = 0
    while not is_over(state):
        if stop is not None and state.players[seat].time >= stop:
            totals = tuple(judge.outlook.of(state, i) for i in range(len(state.players)))
            return Outcome(totals, valuations)
        legal = legal_actions(state)
        valuations += judge.valuations(state, legal)
        choice = greedy.choose(state, legal)
        state = advance(state, choice, SeededChance(mix_seed(draws, state.actions_taken)))
    return Outcome(tuple(float(s.total) for s in scores(state)), valuations)


def sorted_multisets(state: GameState) -> GameState:
    """``state`` with its unseen cards and bags in sorted order (the engine keeps them so;
    a state built otherwise holds the same information and gets the same search)."""
    unseen = tuple(sorted(state.deck.unseen))
    bags = tuple(tuple(sorted(bag)) for bag in state.bags)
    if unseen == state.deck.unseen and bags == state.bags:
        return state
    return replace(state, deck=replace(state.deck, unseen=unseen), bags=bags)
