"""A prompt shows a no-break space as a space: French writes one before every ":" and
prompt_toolkit would underline it, so that "ou aide :" read "ou aide_:"."""

from __future__ import annotations

import io
import re

from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from terminal import text_terminal
from thebes.tui.prompting import prompt_session


def test_a_no_break_space_in_a_prompt_is_not_underlined() -> None:
    drawn = io.StringIO()
    output = Vt100_Output(drawn, lambda: Size(rows=24, columns=80), term="xterm-256color")
    with create_pipe_input() as keys:
        keys.send_text("aide\r")
        terminal = text_terminal(io.StringIO(), (80, 24), keys, prompt_output=output)
        with terminal.prompting():
            typed = prompt_session(terminal).prompt("Ann — un numéro ou aide\u00a0: ")
    assert typed == "aide"
    shown = drawn.getvalue()
    assert "ou aide :" in re.sub(r"\x1b\[[0-9;]*m", "", shown)  # as a space, uncoloured or not
    assert "\x1b[4m" not in shown and ";4m" not in shown and ";4;" not in shown
