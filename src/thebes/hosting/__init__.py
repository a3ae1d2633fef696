"""Hosting a game for players on other machines: `thebes host`, joined with any SSH client
or, with ``--web``, a browser.

The network side (server, connection; web, web_connection; invites, guard, hostkey) lets a
connection in only once it proves its seat, and gives each one a
:class:`~thebes.tui.terminal.Terminal` of its own (terminals); the table side plays the one
shared game at all of them. Only this package imports asyncssh and aiohttp.
"""
