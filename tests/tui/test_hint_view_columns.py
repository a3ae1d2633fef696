"""The hint at 80 columns: its labels kept (abbreviated where an action has one row), its
reasons wrapped under their actions, a number never parted from its unit. The hints are
made by hand, so every line is known."""

from __future__ import annotations

from thebes.analysis.hints import Hint
from thebes.rules import Retire
from thebes.tui.hintview import hint_panel
from thebes.tui.panels import player_text
from thebes.tui.screen import render_text

NB = "\u00a0"  # no-break space, between a number and its unit
TITLE = "Hint for Ann (noted in the record): best first, as the strong bot sees it"
FALLING = (
    f"four new display cards in Warsaw; outlook -1.2{NB}VP: every action loses ground "
    "here, this one least"
)
HINTS = (
    Hint(Retire(), "exchange", 38.4, -10.9, FALLING),
    Hint(
        Retire(),
        "take 3",
        37.0,
        -12.3,
        f"Greece book (2): knowledge 0 -> 2, takes the majority; outlook +3.8{NB}VP",
    ),
    Hint(
        Retire(),
        "dig Mesopotamia 12",
        36.1,
        -13.0,
        f"5{NB}tokens: 1.62{NB}artifacts, 3.05{NB}VP expected; 71% for at least one",
    ),
)


def lines(width: int, rows: int) -> list[str]:
    text = render_text(hint_panel(HINTS, player_text("Ann", "red"), width, rows), width)
    return [line.rstrip() for line in text.splitlines()]


def test_one_row_an_action_keeps_the_labels_and_cuts_the_reason_at_a_space() -> None:
    assert lines(80, 4) == [
        TITLE,
        "  exchange            38.4 VP exp., lead -10.9  four new display cards in …",
        "  take 3              37.0 VP exp., lead -12.3  Greece book (2): knowledge 0 …",
        f"  dig Mesopotamia 12  36.1 VP exp., lead -13.0  5{NB}tokens: 1.62{NB}artifacts, …",
    ]


def test_with_a_row_to_spare_the_best_reason_wraps_under_its_action() -> None:
    heads = [
        "  exchange            38.4 VP expected, lead -10.9",
        "  take 3              37.0 VP expected, lead -12.3",
        "  dig Mesopotamia 12  36.1 VP expected, lead -13.0",
    ]
    rest = [
        heads[1],
        f"    Greece book (2): knowledge 0 -> 2, takes the majority; outlook +3.8{NB}VP",
        heads[2],
        f"    5{NB}tokens: 1.62{NB}artifacts, 3.05{NB}VP expected; 71% for at least one",
    ]
    whole = [
        TITLE,
        heads[0],
        f"    four new display cards in Warsaw; outlook -1.2{NB}VP: every action loses ground",
        "    here, this one least",
        *rest,
    ]
    assert lines(80, 8) == whole
    assert lines(80, 20) == whole
    # Two rows an action and none to spare: the reason's first line, cut short at a space.
    assert lines(80, 7) == [
        TITLE,
        heads[0],
        f"    four new display cards in Warsaw; outlook -1.2{NB}VP: every action loses …",
        *rest,
    ]


def test_a_wrapped_reason_keeps_a_number_with_its_unit() -> None:
    # 49 columns for the reason: "-1.2" would end the first line and "VP:" begin the next.
    first = lines(53, 20)[:4]
    assert first[2] == "    four new display cards in Warsaw; outlook"
    assert first[3].startswith(f"    -1.2{NB}VP: every action")
