"""The computer players' levels, by name: what the bots, the command line and a game file
agree on.

A module of its own, low in the layers, so that the game-file reader can check a seat's level
without importing the bots themselves (:mod:`thebes.bots` makes each level).
"""

from __future__ import annotations

BOT_LEVELS = ("random", "greedy", "strong")
