"""Computer players: each chooses one of the legal actions it is offered.

The levels, weakest first: random, greedy (the best outlook right after the action), strong
(greedy's best actions played out) and expert (a search over sampled deals); one table in
:mod:`thebes.bots.levels` names each with its factory, its description and its options.
What each may know and how it chooses is in docs/bots.md.

Every player has ``choose(state, legal) -> action``; a person at the keyboard is one more
kind of player, so the game loop treats seats alike.
"""

from __future__ import annotations

from thebes.bots.expert import ExpertBudget, ExpertPlayer
from thebes.bots.greedy import GreedyPlayer
from thebes.bots.levels import (
    BOT_LEVELS,
    BUDGET_OPTION,
    BUDGETED,
    DEFAULT_EXPERT_BUDGETS,
    HEAVY,
    LEVELS,
    MAX_EXPERT_BUDGET,
    BotLevel,
    BudgetOption,
    Player,
    bot_level,
    expert_simulations,
    levels_described,
    make_bot,
    recorded_budget,
)
from thebes.bots.random_player import RandomPlayer
from thebes.bots.strong import SearchBudget, StrongPlayer

__all__ = [
    "BOT_LEVELS",
    "BUDGETED",
    "BUDGET_OPTION",
    "DEFAULT_EXPERT_BUDGETS",
    "HEAVY",
    "LEVELS",
    "MAX_EXPERT_BUDGET",
    "BotLevel",
    "BudgetOption",
    "ExpertBudget",
    "ExpertPlayer",
    "GreedyPlayer",
    "Player",
    "RandomPlayer",
    "SearchBudget",
    "StrongPlayer",
    "bot_level",
    "expert_simulations",
    "levels_described",
    "make_bot",
    "recorded_budget",
]
