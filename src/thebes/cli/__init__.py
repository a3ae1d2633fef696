"""The `thebes` command: :mod:`~thebes.cli.main` runs it, :mod:`~thebes.cli.arguments`
gives each subcommand its options and handler, and the handlers live in the module named
for what they do: :mod:`~thebes.cli.play` (play, resume, games), :mod:`~thebes.cli.lookup`
(rules, reference), :mod:`~thebes.cli.simulate`, :mod:`~thebes.cli.replay` and
:mod:`~thebes.cli.analyze`."""

from thebes.cli.main import main

__all__ = ["main"]
