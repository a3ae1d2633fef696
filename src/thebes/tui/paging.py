"""Showing a page (help, board, log ...) at a terminal: a page that fits is drawn in place of
the table, with a last line saying how to go back; a longer one goes through the system's
pager at the process's own terminal, and through this program's own pager at any other (a
hosted table's remote terminal has no pager of its own: :func:`show_page`). Both of these
are full-screen applications that hold the terminal until the player closes the page; a
pipe, a file or a test gets the page printed plainly."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
from collections.abc import Callable

from prompt_toolkit.application import Application
from prompt_toolkit.formatted_text import ANSI, StyleAndTextTuples, to_formatted_text
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import FormattedTextControl, HSplit, Layout, Window
from rich.console import Console, RenderableType
from rich.pager import Pager

from thebes.language import N_, _
from thebes.tui.terminal import Terminal

# The last line of a page that fits, and of one that scrolls.
BACK = N_("Enter or q: back to the table")
# TRANSLATORS: the keys of a page that scrolls: keep the names of the keys (space too,
# or the word for it on a keyboard).
SCROLL = N_("↑↓ PgUp PgDn space · q, Enter or Esc: back to the table")


def taller_than_screen(console: Console, renderable: RenderableType) -> bool:
    """Whether ``renderable`` takes more rows than the terminal has (leaving one for the
    shell's prompt), at the console's width."""
    return len(console.render_lines(renderable, pad=False)) >= console.height


def page(terminal: Terminal, renderable: RenderableType, *, at_end: bool = False) -> None:
    """Print ``renderable`` through the pager when ``terminal`` has one (with its styles
    when the terminal has colours), else print it straight. ``at_end``: the pager opens at
    the last page (the newest of a log; printed straight, the end is what stays in view)."""
    console = terminal.console
    if not console.is_terminal:  # a pipe, a file, a test's text: the page as it is
        console.print(renderable)
        return
    if not terminal.pager or not taller_than_screen(console, renderable):
        show_page(terminal, page_lines(console, renderable), at_end=at_end)
        return
    # less shows colours only with -R; without it the escape codes appear as text.
    less = os.environ.get("LESS", "")
    if "-R" not in less.split() and "R" not in less.lstrip("-"):
        less = os.environ["LESS"] = (less + " -R").strip()
    if at_end:
        os.environ["LESS"] = less + " +G"  # less's command G: go to the end
    try:
        with console.pager(pager=_SystemPager(), styles=terminal.colour):
            console.print(renderable)
    finally:
        os.environ["LESS"] = less
    if console.is_alt_screen:
        # The pager leaves the alternate screen as it quits: back to it, so that the
        # table's next redraw does not land in the scrollback.
        console.set_alt_screen(True)


class _SystemPager(Pager):
    """The system's pager, run by :func:`run_pager`."""

    def show(self, content: str) -> None:
        run_pager(content)


def run_pager(content: str) -> None:
    """``content`` in the pager pydoc would run (MANPAGER, PAGER, else less), run by this
    process itself and not through a shell: when a signal ends thebes while a page is open
    (:mod:`~thebes.tui.signals`), the pager is ended too and hands the terminal back
    restored, rather than being left reading it (pydoc's would be, and a shell would keep
    it as a child of its own)."""
    chosen = os.environ.get("MANPAGER") or os.environ.get("PAGER")
    try:
        command = shlex.split(chosen) if chosen else []
    except ValueError:  # unbalanced quotes
        command = []
    if not command or shutil.which(command[0]) is None:
        command = ["less"] if shutil.which("less") else ["more"]
    pager = subprocess.Popen(command, stdin=subprocess.PIPE, errors="backslashreplace")
    try:
        assert pager.stdin is not None
        try:
            with pager.stdin as pipe:
                pipe.write(content)
        except (OSError, KeyboardInterrupt):  # the pager was left before it read all
            pass
        while True:
            try:
                pager.wait()
                return
            except KeyboardInterrupt:
                pass  # Ctrl-C is the pager's (less takes it to stop a search)
    except BaseException:
        pager.terminate()
        pager.wait()
        raise


def page_lines(console: Console, renderable: RenderableType) -> list[str]:
    """``renderable`` as the console draws it at its width, a line each, with the escape
    codes of its styles (none of its colours when the console has none)."""
    with console.capture() as captured:
        console.print(renderable)
    return captured.get().rstrip("\n").split("\n")


def show_page(terminal: Terminal, lines: list[str], *, at_end: bool = False) -> None:
    """``lines`` on the whole of ``terminal``'s screen, in place of what it showed, with a
    last line saying how to go back: scrolled by the arrows, PgUp, PgDn, space, Home and
    End when they take more rows than the screen has; q, Enter or Esc (or Ctrl-C) close it.
    Returns once the player closed it, or the terminal's keys ended. ``at_end``: it opens
    at its last rows. Only this call draws while it is open: the table's redraws wake its
    prompts, never this page."""
    top = [0]

    def rows() -> int:
        return max(1, terminal.size()[1] - 1)

    def last_top() -> int:
        return max(0, len(lines) - rows())

    if at_end:
        top[0] = last_top()

    def body() -> StyleAndTextTuples:
        top[0] = min(top[0], last_top())
        shown = "\n".join(lines[top[0] : top[0] + rows()])
        return to_formatted_text(ANSI(shown))

    def status() -> StyleAndTextTuples:
        if len(lines) <= rows():
            return [("reverse", f" {_(BACK)} ")]
        end = min(len(lines), top[0] + rows())
        # TRANSLATORS: the rows of a page shown: "lines 1-23 of 80".
        shown = _("lines {first}-{last} of {count}").format(
            first=top[0] + 1, last=end, count=len(lines)
        )
        return [("reverse", f" {shown} · {_(SCROLL)} ")]

    keys = _page_keys(top, rows, last_top)

    app: Application[None] = Application(
        layout=Layout(
            HSplit(
                [
                    Window(FormattedTextControl(body), wrap_lines=False),
                    Window(FormattedTextControl(status), height=1, wrap_lines=False),
                ]
            )
        ),
        key_bindings=keys,
        full_screen=True,
        mouse_support=False,
        input=terminal.input,
        output=terminal.output,
    )
    try:
        app.run(handle_sigint=False)
    except EOFError:  # the terminal's keys ended (a dropped connection): the page is left
        pass
    finally:
        if terminal.console.is_alt_screen:
            # The page's application leaves the alternate screen as it quits: back to it,
            # so that the table's next redraw does not land in the scrollback.
            terminal.console.set_alt_screen(True)


def _page_keys(top: list[int], rows: Callable[[], int], last_top: Callable[[], int]) -> KeyBindings:
    """The keys of a page whose first row shown is ``top[0]``: they scroll it within
    ``last_top()``, close it, or do nothing."""
    keys = KeyBindings()

    def scroll(by: Callable[[], int]) -> Callable[[KeyPressEvent], None]:
        def move(event: KeyPressEvent) -> None:
            top[0] = min(max(0, top[0] + by()), last_top())

        return move

    for key in ("up", "k"):
        keys.add(key)(scroll(lambda: -1))
    for key in ("down", "j"):
        keys.add(key)(scroll(lambda: 1))
    for key in ("pageup", "b"):
        keys.add(key)(scroll(lambda: -rows()))
    for key in ("pagedown", "space"):
        keys.add(key)(scroll(lambda: rows()))
    keys.add("home")(scroll(lambda: -top[0]))
    keys.add("end")(scroll(lambda: last_top() - top[0]))

    def close(event: KeyPressEvent) -> None:
        event.app.exit()

    for key in ("q", "Q", "enter", "escape", "c-c", "c-d"):
        keys.add(key, eager=True)(close)

    @keys.add("<any>")
    def _other(event: KeyPressEvent) -> None:
        """Any other key (a mouse report, a letter) changes nothing."""

    return keys
