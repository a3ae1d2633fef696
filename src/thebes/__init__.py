"""thebes: the board game Thebes (Peter Prinz, Queen Games 2007) in the terminal.

The packages and what each owns are drawn in docs/architecture.md. Importing this package
loads nothing else.
"""
