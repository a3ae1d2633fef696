"""Hosting a game for players on other machines: `thebes host`, joined with any SSH client.

The SSH side (server, connection, invites, guard, hostkey) lets a connection in only once
it proves its seat, and gives each one a :class:`~thebes.tui.terminal.Terminal` of its own;
the table side plays the one shared game at all of them. Only this package imports
asyncssh.
"""
