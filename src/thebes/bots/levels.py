"""The computer players' levels, by name, and the expert's budget bounds: what the bots, the
command line and a game file agree on.

A module of its own, low in the layers, so that the game-file reader can check a seat's level
and a budget without importing the bots themselves (:mod:`thebes.bots` makes each level).
"""

from __future__ import annotations

BOT_LEVELS = ("random", "greedy", "strong", "expert")

DEFAULT_EXPERT_BUDGET = 400
"""The expert's simulations per move when nobody says otherwise (docs/bots.md)."""

MAX_EXPERT_BUDGET = 100_000
"""The most simulations a move a user may ask of the expert (minutes a move)."""
