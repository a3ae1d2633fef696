"""`thebes replay FILE`: stepping through a golden game with keys and commands."""

from __future__ import annotations

from helpers import GOLDEN
from terminal import view
from thebes.rules import scores, time_of

GOLDEN_4P = GOLDEN / "game-4p.json"
RIGHT, LEFT, HOME, END = "\x1b[C", "\x1b[D", "\x1b[H", "\x1b[F"


def test_stepping_forward_and_back_with_the_arrow_keys() -> None:
    viewer, text = view(RIGHT + RIGHT + RIGHT + LEFT)
    assert viewer.position == 2
    first = viewer.session.steps[0].record
    assert f"1: {first.player} — {first.action}" in text
    assert "Replay — action 3 of 65 — seed 1904" in text
    assert text.rstrip().endswith("q quit")  # the screen after the last key
    assert "Replay — action 2 of 65 — seed 1904" in text.split("action 3 of 65")[-1]


def test_jumps_autoplay_and_the_ends() -> None:
    viewer, text = view("g 40\n")
    assert viewer.position == 40
    steps = viewer.session.steps
    assert f"40: {steps[39].record.player} — {steps[39].record.action}" in text
    viewer, text = view("y 1903\n")
    state = viewer.state_at(viewer.position)
    assert min(p.time for p in state.players if p.time < 156) >= 104
    earlier = viewer.state_at(viewer.position - 1)
    assert min(p.time for p in earlier.players) < 104
    viewer, text = view(END + RIGHT)
    assert viewer.position == 65 and "This is the end of the record." in text
    assert "the game is over" in text
    viewer, text = view("g 10\n" + HOME + LEFT)
    assert viewer.position == 0 and "This is the start of the game." in text
    viewer, text = view("a 0\n")
    assert viewer.position == 65


def test_bad_commands_get_a_clear_message() -> None:
    viewer, text = view("g ten\ny soon\na fast\nfly\n")
    assert "Write g and an action number from 0 to 65" in text
    assert "Write y and a year, e.g. y 1902." in text
    assert "Write a and the seconds per action" in text
    assert "Unknown command 'fly'" in text
    assert viewer.position == 0


def test_a_too_small_terminal_is_told() -> None:
    _, text = view("n\n", size=(70, 20))
    assert "The terminal is 70x20; thebes needs at least 80x24." in text


def test_c_shows_the_chart_of_the_scores_with_the_action_marked() -> None:
    viewer, text = view("g 30\nc\n", size=(80, 30))
    assert viewer.position == 30 and viewer.charting
    screen = text[text.rindex("Replay — the whole game") :]
    assert "▲ marks action 30 of 65" in screen
    lines = screen.splitlines()
    assert "Scores over the game" in lines[1]
    final = [score.total for score in scores(viewer.session.state)]
    assert f"1 P1 {final[0]} VP   2 P2 {final[1]} VP" in screen
    axis = next(line for line in lines if "└" in line)
    assert axis.count("▲") == 1
    # The marker stands where the rearmost marker was after action 30 (2 years, 78 columns).
    week = min(p.time for p in viewer.state_at(30).players) - time_of(1902, 1)
    assert abs(axis.index("▲") - axis.index("└") - 1 - week * 77 / 104) <= 1
    assert all(len(line) <= 80 for line in lines)
    assert "c chart" in lines[-1]


def test_going_on_past_the_end_shows_the_chart_and_a_step_goes_back_to_the_board() -> None:
    viewer, text = view(END + RIGHT)
    assert viewer.position == 65 and viewer.charting
    assert text.rstrip().endswith("This is the end of the record.")
    assert "Scores over the game" in text.split("Replay — action 65 of 65")[-1]
    viewer, text = view(END + RIGHT + LEFT)
    assert viewer.position == 65 and not viewer.charting
    assert "Replay — action 65 of 65" in text.split("Scores over the game")[-1]
