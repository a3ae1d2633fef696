"""What a host keeps of the terminals that have left: nothing, and at once.

A terminal's table (its screens, prompts and key bindings) is made of objects that refer to
one another, which only Python's cyclic collector frees. Its full collections are rare, so
the objects of several departed terminals piled up, and once freed at last they left the
allocator's arenas fragmented, held by the few objects that outlived them: after 10 joins
and quits over SSH, a host held 12 MB more than after the first, with no more objects.
Each terminal's thread collects them as it ends (:func:`released`); the hosting command
first freezes what it made to start (:func:`settle`), so that each collection looks
through what came since alone.
"""

from __future__ import annotations

import gc


def released() -> None:
    """A table let go of a terminal (said from that terminal's thread, once nothing of the
    table is left there): what it made for it is collected now. A full collection takes
    30-40 ms in a host, 3-5 ms once it has settled."""
    gc.collect()


def settle() -> None:
    """What the host has made by the time it serves (its modules, the game, the server)
    lasts as long as it does: from now on it is left out of Python's collections, so the one
    after each departed terminal (:func:`released`) looks through what came since alone.
    For the process that hosts (the command), never for one that merely runs a host among
    other things (a test): what is frozen is never collected."""
    gc.collect()
    gc.freeze()
