"""The computer players' levels, by name, and the expert's budget bounds: what the bots, the
command line and a game file agree on.

A module of its own, low in the layers, so that the game-file reader can check a seat's level
and a budget without importing the bots themselves (:mod:`thebes.bots` makes each level).
"""

from __future__ import annotations

BOT_LEVELS = ("random", "greedy", "strong", "expert")

DEFAULT_EXPERT_BUDGETS = {2: 600, 3: 400, 4: 400}
"""The expert's simulations per move when nobody says otherwise, by the number of players:
as many as keep its slowest move within 2 s on one core (docs/bots.md). A simulation costs
more with more players: twenty of the expert's weeks hold more of the rivals' turns."""


EXPERT_WORK_PER_SIMULATION = {2: 1400, 3: 1700, 4: 1700}
"""The expert's work a move is at most its simulations times this, by the number of players.
The work of a simulation is greedy's valuations in its playout (a legal action, or a kind of
unseen card for an exchange, each one) and 24 more a turn: about what each costs in time. A
guard, not a budget: the slowest moves of the series in docs/bots.md (many digs listed at
every turn) cost up to about 1,370 a simulation with 2 players and 1,550 with 3 or 4, so the
cap leaves such moves as they were and keeps a move in a position dearer still within about
2 s on one core."""


def expert_simulations(players: int, given: int | None = None) -> int:
    """The expert's simulations a move: ``given``, else the default for ``players``."""
    return DEFAULT_EXPERT_BUDGETS[players] if given is None else given


def expert_work(players: int, simulations: int) -> int:
    """The most work the expert's move of ``simulations`` may take with ``players``."""
    return simulations * EXPERT_WORK_PER_SIMULATION[players]


MAX_EXPERT_BUDGET = 100_000
"""The most simulations a move a user may ask of the expert (minutes a move)."""
