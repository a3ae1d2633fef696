"""The lobby of a Thebes server (`thebes server`): the accounts (an SSH key each), the tables
and their seats, invitations, the pace of slow and live games, the messages sent when a turn
comes, and the ladder, kept in SQLite so that nothing is lost when the server stops. It
knows nothing of terminals or SSH: the server's terminals (tui) and its door (hosting) drive
it.
"""
