"""`thebes replay FILE`: a saved game on the game screen, read-only, step by step.

Keys at the prompt: → or n (or Enter) one action forward, ← or p one back, Home / End to
the start / the end; typed commands: ``g N`` to action N, ``y 1902`` to the first action
of a year, ``a [SECONDS]`` to play on by itself (Ctrl-C stops), ``c`` for the chart of the
scores over the game (also shown on going on past the end), ``q`` to leave. Each step shows
what that action did, in words.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from prompt_toolkit import PromptSession
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.output import Output
from rich.console import Console
from rich.text import Text

from thebes.model import GameState, year_of
from thebes.rules import active_seat
from thebes.session import Session
from thebes.text import whole_number
from thebes.timeline import clock
from thebes.tui.chart import game_chart
from thebes.tui.game import terminal_size
from thebes.tui.linecap import line_problem
from thebes.tui.prompting import prompt_session
from thebes.tui.screen import ScreenInfo, game_screen, is_wide, too_small_notice
from thebes.tui.story import story

DEFAULT_SPEED = 1.0
MAX_SPEED = 60.0  # seconds per action in autoplay
# Seconds in ASCII digits: float() would also take "inf", "nan" or "٣", and sleep() then fails.
SECONDS = re.compile(r"[0-9]{1,2}(\.[0-9]{1,3})?|\.[0-9]{1,3}")
# At most 80 columns: the line under the screen of the smallest terminal thebes takes.
KEYS = "→ next · ← back · g N · y YEAR · a [SEC] autoplay · c chart · h help · q quit"
STEPS = ("", "n", "next", "p", "prev", "back")
HELP = (
    "→, n or Enter: next action · ←, p: back · Home/End: start/end · g N: go to action N · "
    "y YEAR: the first action of a year · a [SECONDS]: autoplay (Ctrl-C stops) · "
    "c: the chart of the scores over the game · q: quit"
)


class ReplayViewer:
    def __init__(
        self,
        session: Session,
        console: Console,
        *,
        prompt_input: Input | None = None,
        prompt_output: Output | None = None,
        size: Callable[[], tuple[int, int]] | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.session = session
        self.console = console
        self.size = size or terminal_size
        self.sleep = sleep
        self.position = 0  # actions shown as done: 0 = the start, len(steps) = the end
        self.message: str | None = None
        self.charting = False  # the chart of the scores instead of the board, until a key
        self.story = story(session)  # every action told once; each screen shows its part
        self.prompt: PromptSession[str] = prompt_session(prompt_input, prompt_output, self._keys())

    @property
    def total(self) -> int:
        return len(self.session.steps)

    def state_at(self, position: int) -> GameState:
        steps = self.session.steps
        return steps[position].before if position < len(steps) else self.session.state

    def _keys(self) -> KeyBindings:
        keys = KeyBindings()

        def exit_with(result: str) -> Callable[[KeyPressEvent], None]:
            def handler(event: KeyPressEvent) -> None:
                if not event.app.current_buffer.text:
                    event.app.exit(result=result)
                else:  # inside a typed command the arrows move the cursor as usual
                    buffer = event.app.current_buffer
                    buffer.cursor_position += -1 if result == "p" else 1

            return handler

        keys.add("right")(exit_with("n"))
        keys.add("left")(exit_with("p"))
        keys.add("home")(exit_with("g 0"))
        keys.add("end")(exit_with("end"))
        return keys

    # ------------------------------------------------------------ the loop

    def run(self) -> None:
        while True:
            self._draw()
            try:
                text = self.prompt.prompt(f"replay {self.position}/{self.total} > ")
            except (KeyboardInterrupt, EOFError):
                return
            if not self._command(text):
                return

    def _command(self, text: str) -> bool:
        """Act on one typed line; False to leave."""
        self.message = None
        charted, self.charting = self.charting, False
        problem = line_problem(text)  # before stripping: a line cut at the cap is refused
        if problem is not None:
            self.message = problem
            return True
        word, _, argument = text.strip().lower().partition(" ")
        if charted and word in STEPS:
            return True  # a step from the chart goes back to the board where it was
        if word in ("q", "quit", "exit"):
            return False
        if word in ("", "n", "next"):
            self._go(self.position + 1)
        elif word in ("p", "prev", "back"):
            self._go(self.position - 1)
        elif word == "end":
            self._go(self.total)
        elif word in ("g", "go"):
            number = whole_number(argument)
            if number is not None:
                self._go(number)
            else:
                self.message = f"Write g and an action number from 0 to {self.total}, e.g. g 12."
        elif word in ("y", "year"):
            self._go_to_year(argument)
        elif word in ("a", "auto"):
            self._autoplay(argument)
        elif word in ("c", "chart"):
            self.charting = True
        elif word in ("h", "help", "?"):
            self.message = HELP
        else:
            self.message = f"Unknown command {word!r}. {HELP}"
        return True

    def _go(self, position: int) -> None:
        if position < 0:
            self.message = "This is the start of the game."
        elif position > self.total:
            # Going on past the last action shows how the game went, as the game's end does.
            self.message = "This is the end of the record."
            self.charting = True
        self.position = min(max(position, 0), self.total)

    def _go_to_year(self, argument: str) -> None:
        year = whole_number(argument, digits=4)
        if year is None:
            self.message = "Write y and a year, e.g. y 1902."
            return
        for position in range(self.total + 1):
            state = self.state_at(position)
            seat = active_seat(state)
            if seat is not None and year_of(state.players[seat].time) >= year:
                self.position = position
                return
        self.message = f"The game never reaches {year}."

    def _autoplay(self, argument: str) -> None:
        argument = argument.strip()
        if argument and not SECONDS.fullmatch(argument):
            self.message = f"Write a and the seconds per action (0 to {MAX_SPEED:g}), e.g. a 0.5."
            return
        speed = float(argument) if argument else DEFAULT_SPEED
        if speed > MAX_SPEED:
            self.message = f"At most {MAX_SPEED:g} seconds per action."
            return
        try:
            while self.position < self.total:
                self.position += 1
                self._draw()
                self.sleep(speed)
        except KeyboardInterrupt:
            self.message = "Autoplay stopped."

    # ------------------------------------------------------------ drawing

    def _draw(self) -> None:
        if self.charting:
            self._draw_chart()
            return
        width, height = self.size()
        session = self.session
        state = self.state_at(self.position)
        title = f"Replay — action {self.position} of {self.total}"
        if session.seed is not None:
            title += f" — seed {session.seed}"
        events = self.story[: self.position]
        colours = [s.colour for s in session.seats]
        info = ScreenInfo(title, colours, "Last events", events, commands=False)
        self.console.clear()
        notice = too_small_notice(width, height)
        if notice is not None:
            self.console.print(notice)  # alone: drawn whole again once the terminal grows
            return
        self.console.print(game_screen(state, info, width, height - 3, wide=is_wide(width, height)))
        if self.position:
            step = session.steps[self.position - 1]
            done = Text(f"{self.position}: {step.record.player} — {step.record.action}", "bold")
            if step.record.hinted:
                done.append(" (after a hint)")
            self.console.print(done)
        else:
            self.console.print(Text("The start of the game.", style="bold"))
        self.console.print(Text(self.message or KEYS, style="" if self.message else "dim"))

    def _draw_chart(self) -> None:
        width, _ = self.size()
        self.console.clear()
        title = f"Replay — the whole game; ▲ marks action {self.position} of {self.total}"
        self.console.print(Text(title, style="bold"))
        now = clock(self.state_at(self.position))
        self.console.print(game_chart(self.session, width, now))
        self.console.print(Text(self.message or KEYS, style="" if self.message else "dim"))
