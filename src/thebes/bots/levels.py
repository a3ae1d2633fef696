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


def expert_simulations(players: int, given: int | None = None) -> int:
    """The expert's simulations a move: ``given``, else the default for ``players``."""
    return DEFAULT_EXPERT_BUDGETS[players] if given is None else given


MAX_EXPERT_BUDGET = 100_000
"""The most simulations a move a user may ask of the expert (minutes a move)."""
