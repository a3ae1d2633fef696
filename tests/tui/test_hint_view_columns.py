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
TITLE = "Hint for Ann (noted in the record): by expected margin over the best rival"
FALLING = (
    f"four new display cards in Warsaw; outlook -1.2{NB}VP: every action loses ground "
    "here, this one least"
)
HINTS = (
    Hint(Retire(), "exchange", -10.9, 1.2, 0.0, "", FALLING),
    Hint(
        Retire(),
        "take 3",
        -12.3,
        2.04,
        1.4,
        "",
        f"Greece book (2): knowledge 0 -> 2, takes the majority; outlook +3.8{NB}VP",
    ),
    Hint(
        Retire(),
        "dig Mesopotamia 12",
        -13.0,
        0.95,
        2.1,
        "inaccuracy",
        f"5{NB}tokens: 1.62{NB}artifacts, 3.05{NB}VP expected; 71% for at least one",
    ),
)


def lines(width: int, rows: int) -> list[str]:
    text = render_text(hint_panel(HINTS, player_text("Ann", "red"), width, rows), width)
    return [line.rstrip() for line in text.splitlines()]


def test_one_row_an_action_keeps_the_values_and_cuts_the_reason_at_a_space() -> None:
    assert lines(80, 4) == [
        TITLE,
        "  exchange            -10.9 ±1.2  four new display cards in Warsaw; outlook …",
        "  take 3              -12.3 ±2.0  Greece book (2): knowledge 0 -> 2, takes the …",
        f"  dig Mesopotamia 12  -13.0 ±0.9  5{NB}tokens: 1.62{NB}artifacts, 3.05{NB}VP expected; …",
    ]


def test_with_a_row_to_spare_the_best_reason_wraps_under_its_action() -> None:
    heads = [
        "  exchange            margin -10.9 ± 1.2 VP",
        "  take 3              margin -12.3 ± 2.0 VP",
        "  dig Mesopotamia 12  margin -13.0 ± 0.9 VP",
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
