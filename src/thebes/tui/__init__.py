"""The terminal interface: the only part of thebes that uses rich and prompt_toolkit."""
