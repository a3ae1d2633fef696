"""Hosting a game for players at other terminals (``thebes host``)."""
