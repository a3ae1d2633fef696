"""The terminal interface: the only part of thebes that uses rich and prompt_toolkit. It
draws at the terminal it is handed (:mod:`thebes.tui.terminal`), never at the process's."""
