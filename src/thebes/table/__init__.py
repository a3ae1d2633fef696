"""The table: one game and everyone at it, between the game records and the front ends.

A :class:`~thebes.table.authority.Table` is the one authority of a game: people at one
keyboard, people over the network and bots all act on it through a
:class:`~thebes.table.authority.Place`, and it publishes what happened as values (news, in
:mod:`thebes.table.news`) and what each place may see as an immutable snapshot
(:mod:`thebes.table.snapshot`). Creating, resuming and locking games is
:mod:`thebes.table.games`. It knows nothing of rich, prompt_toolkit, asyncssh or any screen:
each front end words the news in its own place and draws the snapshot at its own size.
"""
