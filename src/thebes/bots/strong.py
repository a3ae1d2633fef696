"""The strong player: looks ahead by playing each promising action out many times.

For each of the greedy player's best few actions, the strong player plays the game on from
it a number of times, every seat (itself included) played by the greedy player and every
draw sampled from what is still unseen (never from the real deck order, which the state does
not even hold). A playout stops when the game ends, scored by the final score against the
best rival's, or after :attr:`SearchBudget.horizon` weeks of its own, judged by the same
difference of outlooks (:mod:`thebes.bots.outlook`). It takes the action whose playouts did
best on average. All candidates are played out with the same sampled draws (common random
numbers), so their comparison is not drowned in the luck of the dig.

The playouts run on the engine itself, so every variant plays as it does in the game: a
renewal (V3) is among the candidates when greedy ranks it high, and with card-preview (V5)
the face-up cards come first in every draw, the cards below them sampled like any unseen
card. The unseen cards and the bags are multisets; the search puts them in sorted order
before it samples, so its choice depends on what they hold, never on how they are stored.

The search is deterministic: its draws are seeded from the bot's own seed (a one-way hash
of the game seed and the seat, see :func:`thebes.rules.chance.bot_seed`) and the action number,
and its size is a number of playouts, not a time, so a seeded game with strong bots replays
and resumes exactly, on any machine. The default size keeps a move well under
a second on one core (see benchmarks/bench_bots.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from thebes.bots.greedy import GreedyPlayer
from thebes.bots.playout import play_out, sorted_multisets
from thebes.rules import Action, GameState, active_seat, bot_seed, derive_seed


@dataclass(frozen=True, slots=True)
class SearchBudget:
    candidates: int = 4  # the greedy player's best actions that are played out
    playouts: int = 12  # playouts per candidate
    horizon: int = 30  # weeks of the player's own time a playout looks ahead


class StrongPlayer:
    level = "strong"

    def __init__(
        self, game_seed: int | None, seat: int, budget: SearchBudget | None = None
    ) -> None:
        self._seed = bot_seed(game_seed, seat)
        self._budget = budget or SearchBudget()
        self._greedy = GreedyPlayer()

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        seat = active_seat(state)
        assert seat is not None
        state = sorted_multisets(state)
        budget = self._budget
        values = self._greedy.judge(state.catalog).values(state, legal)
        ranked = sorted(range(len(legal)), key=lambda i: -values[i])[: budget.candidates]
        totals = [0.0] * len(ranked)
        for playout in range(budget.playouts):
            seed = derive_seed(self._seed, state.actions_taken, playout)
            for n, index in enumerate(ranked):
                outcome = play_out(self._greedy, state, legal[index], seat, seed, budget.horizon)
                totals[n] += outcome.margin(seat)
        best = max(range(len(ranked)), key=totals.__getitem__)
        return legal[ranked[best]]
