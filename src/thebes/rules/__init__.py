"""The pure rules engine of Thebes: no I/O, no UI, no randomness of its own.

A game is a :class:`~thebes.model.GameState`; :func:`new_game` sets one up,
:func:`legal_actions` lists what the active player may do, :func:`apply` does it (drawing
from a :class:`~thebes.chance.Chance`) and returns the next state with its events, and
:func:`scores` breaks down the score at any moment.
"""

from thebes.rules.engine import (
    PLAYER_COUNTS,
    START_TIME,
    IllegalAction,
    action_cost,
    active_seat,
    all_actions,
    apply,
    destination,
    exchange_price,
    game_year,
    is_over,
    journey,
    legal_actions,
    new_game,
    why_illegal,
)
from thebes.rules.knowledge import Knowledge, helper_bonus, knowledge_for, tokens_to_draw
from thebes.rules.scoring import Score, majority_awards, scores, winners

__all__ = [
    "PLAYER_COUNTS",
    "START_TIME",
    "IllegalAction",
    "Knowledge",
    "Score",
    "action_cost",
    "active_seat",
    "all_actions",
    "apply",
    "destination",
    "exchange_price",
    "game_year",
    "helper_bonus",
    "is_over",
    "journey",
    "knowledge_for",
    "legal_actions",
    "majority_awards",
    "new_game",
    "scores",
    "tokens_to_draw",
    "why_illegal",
    "winners",
]
