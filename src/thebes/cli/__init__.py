"""The `thebes` command: its arguments (:mod:`~thebes.cli.arguments`) and what each
subcommand does (:mod:`~thebes.cli.main`)."""

from thebes.cli.main import main

__all__ = ["main"]
