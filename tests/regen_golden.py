"""Regenerate the golden game files in tests/golden/ and show how they changed.

    .venv/bin/python tests/regen_golden.py          # rewrite them, print a unified diff
    .venv/bin/python tests/regen_golden.py --check  # print the diff only; exit 1 if any

A golden file is a whole recorded game. What was *chosen* in it (the seats, the seed, the
variants played, whether hints were allowed, each action in notation and whether a hint was
asked before it) is its input and is kept; everything the program
derives from those choices is written anew by the code as it is now: the cards and tokens
each action drew (from the file's seed), the digest of the final state and the file's layout.
So after a deliberate change to the rules, the draws, the digest or the file format, one run
brings the files up to date, and the diff shows exactly what the change did to whole games:
three of the 2007 game, and one with each variant and one with all five (V1-V5).
``tests/records/test_game_files.py`` fails, with this diff, while a golden file is out of date.
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

from thebes.catalog.loading import default_catalog
from thebes.records.gamefile import GameRecord, dump_record, read_record
from thebes.records.session import Seat, Session
from thebes.rules import Variants

GOLDEN = Path(__file__).resolve().parent / "golden"


def regenerated(record: GameRecord) -> str:
    """The file the present code writes for the choices recorded in ``record``."""
    if record.seed is None:
        raise ValueError("a golden game needs a seed to draw from")
    seats = [Seat(p.name, p.colour, p.bot) for p in record.players]
    variants = Variants.from_names(record.variants)
    session = Session(
        default_catalog(),
        seats,
        record.seed,
        variants=variants,
        undo=record.options.undo,
        hints=record.options.hints,
    )
    for entry in record.actions:
        if entry.hinted:  # the choice to ask for a hint is kept like the action
            session.note_hint()
        # and so is a bot standing in for a person whose time ran out
        session.play(session.parse(entry.action), stood_in=entry.stood_in)
    return dump_record(session.to_record())


def difference(path: Path) -> str:
    """A unified diff from the file as it is to the file as it would be regenerated."""
    old = path.read_text(encoding="utf-8")
    new = regenerated(read_record(path))
    lines = difflib.unified_diff(
        old.splitlines(keepends=True),
        new.splitlines(keepends=True),
        fromfile=f"{path.name} (in the repository)",
        tofile=f"{path.name} (regenerated)",
    )
    return "".join(lines)


def golden_files(directory: Path = GOLDEN) -> list[Path]:
    return sorted(directory.glob("*.json"))


def main(argv: list[str], directory: Path = GOLDEN) -> int:
    """Rewrite the out-of-date files (or, with ``--check``, only list them); print diffs."""
    check = "--check" in argv
    changed = 0
    for path in golden_files(directory):
        diff = difference(path)
        if not diff:
            print(f"{path.name}: unchanged")
            continue
        changed += 1
        sys.stdout.write(diff)
        if not check:
            path.write_text(regenerated(read_record(path)), encoding="utf-8")
            print(f"{path.name}: rewritten")
    return 1 if check and changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
