"""The pure rules engine of Thebes: no I/O, no UI, no randomness of its own.

A game is a :class:`~thebes.model.GameState`; :func:`new_game` sets one up,
:func:`legal_actions` lists what the active player may do, :func:`apply` does it (drawing
from a :class:`~thebes.chance.Chance`) and returns the next state with its events, and
:func:`scores` breaks down the score at any moment.
"""

from thebes.rules.engine import apply, cards_spent
from thebes.rules.knowledge import Knowledge, helper_bonus, knowledge_for, tokens_to_draw
from thebes.rules.legal import IllegalAction, action_cost, all_actions, legal_actions, why_illegal
from thebes.rules.scoring import Score, majority_awards, scores, winners
from thebes.rules.setup import PLAYER_COUNTS, START_TIME, new_game
from thebes.rules.travel import destination, journey
from thebes.rules.turns import active_seat, exchange_price, game_year, is_over, permits_after_move

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
    "cards_spent",
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
    "permits_after_move",
    "scores",
    "tokens_to_draw",
    "why_illegal",
    "winners",
]
