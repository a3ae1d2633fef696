"""Each terminal's colours in its own colour system, whatever another terminal showed first.

rich (15.0) keeps a style's escape codes on the style the first time it is rendered, for
the colour system of that first console, and shares styles between consoles (``Style.parse``
is cached for the whole process). A hosted table has many consoles in one process: the
first terminal with 16 colours to show Ann's vermillion made it yellow at every other
terminal too, truecolour ones included. Installed by the modules that make consoles
(:mod:`thebes.tui.terminal`, :mod:`thebes.tui.screen`), :func:`install` renders a
style's codes for each colour system apart.
"""

from __future__ import annotations

import threading
from functools import lru_cache

from rich.color import ColorSystem
from rich.style import Style

_making = threading.Lock()


@lru_cache(maxsize=4096)
def _codes(style: Style, system: ColorSystem) -> str:
    """``style``'s escape codes in ``system``, made afresh (not the first console's)."""
    with _making:
        kept = style._ansi
        style._ansi = None
        try:
            return style._make_ansi_codes(system)
        finally:
            style._ansi = kept


def _render(
    self: Style,
    text: str = "",
    *,
    color_system: ColorSystem | None = ColorSystem.TRUECOLOR,
    legacy_windows: bool = False,
) -> str:
    """rich's ``Style.render``, with the codes of ``color_system``."""
    if not text or color_system is None:
        return text
    attrs = _codes(self, color_system)
    rendered = f"\x1b[{attrs}m{text}\x1b[0m" if attrs else text
    if self._link and not legacy_windows:
        rendered = f"\x1b]8;id={self._link_id};{self._link}\x1b\\{rendered}\x1b]8;;\x1b\\"
    return rendered


def install() -> None:
    """Render every style for the console's own colour system from now on."""
    Style.render = _render  # type: ignore[method-assign]
