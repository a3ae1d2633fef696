"""Whole games between computer players, for `thebes simulate` and for tests.

Game ``i`` of a run with seed ``S`` has seed ``S + i``, so ``--games 1 --seed S+i`` plays it
again exactly. The deck and bag draws come from ``SeededChance(seed)``; each seat's player has
its own generator seeded from the game seed and the seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from thebes.bots import RandomPlayer
from thebes.catalog import Catalog
from thebes.chance import SETUP, SeededChance
from thebes.model import GameState
from thebes.rules import active_seat, apply, is_over, legal_actions, new_game, scores, winners

DEFAULT_NAMES = ("P1", "P2", "P3", "P4")


@dataclass(frozen=True, slots=True)
class GameResult:
    seed: int
    state: GameState
    actions: int

    def to_json(self) -> dict[str, Any]:
        names = [p.name for p in self.state.players]
        table = scores(self.state)
        return {
            "seed": self.seed,
            "players": names,
            "scores": {
                name: {
                    "artifacts": s.artifacts,
                    "exhibitions": s.exhibitions,
                    "congresses": s.congresses,
                    "majorities": s.majorities,
                    "total": s.total,
                }
                for name, s in zip(names, table, strict=True)
            },
            "winners": [names[i] for i in winners(self.state)],
            "actions": self.actions,
        }


def play_random_game(catalog: Catalog, player_count: int, seed: int) -> GameResult:
    """A whole game of random players, reproducible from ``seed``."""
    state, _ = new_game(catalog, DEFAULT_NAMES[:player_count], SeededChance.for_action(seed, SETUP))
    seats = [RandomPlayer(seed, seat) for seat in range(player_count)]
    while not is_over(state):
        seat = active_seat(state)
        assert seat is not None
        action = seats[seat].choose(state, legal_actions(state))
        state, _ = apply(state, action, SeededChance.for_action(seed, state.actions_taken))
    return GameResult(seed, state, state.actions_taken)
