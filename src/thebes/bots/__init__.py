"""Computer players: each chooses one of the legal actions it is offered."""

from thebes.bots.random_player import RandomPlayer

__all__ = ["RandomPlayer"]
