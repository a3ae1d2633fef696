"""The replay's view of a saved analysis, from hand-built reviews: the step line, the jumps
between mistakes, the chart of the expected scores and the summary."""

from __future__ import annotations

import io

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from thebes.analysis.luck import Luck, LuckEvent
from thebes.analysis.move_review import MoveReview
from thebes.tui.evaluation import (
    LABEL_STYLES,
    evaluation_chart_lines,
    jump_message,
    no_jump_message,
    serious_after,
    serious_before,
    signed,
    step_line,
    step_luck,
    summary_lines,
)

COLOURS = ["red", "blue"]


def move(
    number: int,
    player: str = "Ann",
    label: str = "",
    loss: float = 0.0,
    scores: tuple[float, ...] = (30.0, 28.0),
    action: str = "take 3",
    best: str = "",
    value: float = 1.2,
) -> MoveReview:
    best = best or (action if loss == 0 else "take 2")
    return MoveReview(number, player, action, value, best, value + loss, loss, label, scores)


def lines_of(lines: list[Text]) -> list[str]:
    """The lines as printed on a console far wider than they are: nothing is cropped."""
    out = io.StringIO()
    console = Console(file=out, width=300, no_color=True, highlight=False)
    for line in lines:
        console.print(line)
    return out.getvalue().splitlines()


# ------------------------------------------------------------------ the step line


def test_a_labelled_move_gives_its_loss_and_the_better_action() -> None:
    mistake = move(12, label="mistake", loss=4.6, action="dig Greece 3", value=-2.5)
    line = step_line(12, "Ann", "dig Greece 3", mistake, 80)
    assert line.plain == "12: Ann — dig Greece 3 — mistake, −4.6 VP (better: take 2, +2.1)"
    begin = line.plain.index("mistake")
    assert any(
        span.start == begin and span.end == begin + 7 and span.style == LABEL_STYLES["mistake"]
        for span in line.spans
    )


def test_a_good_move_gives_its_expected_margin() -> None:
    assert step_line(7, "Ann", "take 3", move(7), 80).plain == "7: Ann — take 3 — good (+1.2)"
    small = move(8, loss=0.6, value=-3.04)  # too small a loss for a label
    assert step_line(8, "Bob", "take 3", small, 80).plain == (
        "8: Bob — take 3 — good, −0.6 VP (better: take 2, −2.4)"
    )
    # A label's loss that the playouts could not tell from their noise got none.
    noisy = move(9, loss=11.9, value=-7.2)
    assert step_line(9, "Ann", "take 3", noisy, 80).plain == (
        "9: Ann — take 3 — unsure, −11.9 VP (better: take 2, +4.7)"
    )


def test_without_an_analysis_the_line_is_the_action_alone() -> None:
    assert step_line(3, "Ann", "exchange", None, 80).plain == "3: Ann — exchange"


def test_a_long_line_is_cut_at_a_word_within_the_width() -> None:
    name = "Amelia Edwards-Hawthorne"
    action = "dig Mesopotamia 12 +car +zeppelin +assistant +shovel +special-permit"
    blunder = move(120, name, "blunder", 9.0, action=action, best="dig Crete 11 +car")
    full = step_line(120, name, action, blunder, 300).plain
    line = step_line(120, name, action, blunder, 80).plain
    assert cell_len(line) <= 80 and line.endswith(" …")
    kept = line.removesuffix(" …")
    assert full.startswith(kept + " ")  # whole words only
    assert cell_len(kept) > 60  # and no more cut than one word


def test_names_and_text_from_the_file_are_shown_as_they_are() -> None:
    name = "[bold]Ann[/bold]"
    hostile = move(2, name, "mistake", 4.0, best="take 2\x1b[2J")
    line = step_line(2, name, "take 3", hostile, 120)
    assert line.plain.startswith("2: [bold]Ann[/bold] — take 3")
    assert "\x1b" not in line.plain and "better: take 2\\x1b[2J, " in line.plain


def test_signed_vp_to_a_tenth() -> None:
    assert [signed(v) for v in (2.14, -4.56, -0.04, 0.0, 12.0)] == [
        "+2.1",
        "−4.6",
        "+0.0",
        "+0.0",
        "+12.0",
    ]


# ------------------------------------------------------------------ jumps

LABELS = {3: "inaccuracy", 5: "mistake", 9: "blunder", 10: "inaccuracy", 14: "mistake"}
GAME = [move(n, label=LABELS.get(n, ""), loss=5.0 if n in LABELS else 0.0) for n in range(1, 17)]


def test_m_and_shift_m_go_to_the_next_and_previous_blunder_or_mistake() -> None:
    assert [serious_after(GAME, p) for p in (0, 4, 5, 9, 13, 14, 16)] == [
        5,
        5,
        9,
        14,
        14,
        None,
        None,
    ]
    assert [serious_before(GAME, p) for p in (16, 14, 10, 9, 6, 5, 0)] == [
        14,
        9,
        9,
        5,
        5,
        None,
        None,
    ]
    assert jump_message(GAME, 9) == "Blunder or mistake 2 of 3 · m next · M previous"


def test_no_jump_says_why() -> None:
    assert no_jump_message(GAME, 14, forward=True) == (
        "No blunder or mistake after action 14 (M goes back)."
    )
    assert no_jump_message(GAME, 5, forward=False) == (
        "No blunder or mistake before action 5 (m goes forward)."
    )
    calm = [move(1), move(2, label="inaccuracy", loss=2.5), move(3)]
    assert serious_after(calm, 0) is None
    assert no_jump_message(calm, 0, forward=True) == (
        "The analysis finds no blunder or mistake (1 inaccuracy)."
    )
    calmer = [*calm, move(4, label="inaccuracy", loss=3.0)]
    assert no_jump_message(calmer, 0, forward=True) == (
        "The analysis finds no blunder or mistake (2 inaccuracies)."
    )


# ------------------------------------------------------------------ chart and summary

# Ann's expected score rises 2, 6, 10, 14 VP over four actions; Bob's stays at 20. Ann
# blunders at 1 and is inaccurate at 4, Bob makes a mistake at 3.
TINY = [
    move(1, "Ann", "blunder", 9.0, (2.0, 20.0)),
    move(2, "Bob", "", 0.0, (6.0, 20.0)),
    move(3, "Bob", "mistake", 5.0, (10.0, 20.0)),
    move(4, "Ann", "inaccuracy", 2.5, (14.0, 20.0)),
]


def plot_rows(lines: list[str]) -> list[str]:
    """The rows between the title and the axis, without the VP labels."""
    axis = next(i for i, line in enumerate(lines) if "└" in line)
    return [line.split("┤" if "┤" in line else "│", 1)[1] for line in lines[1:axis]]


def test_the_chart_marks_labelled_moves_on_their_movers_rows_and_the_action_shown() -> None:
    lines = lines_of(evaluation_chart_lines(TINY, ["Ann", "Bob"], COLOURS, 80, 3))
    assert lines[0].startswith("Expected final scores — VP by action; × blunder")
    assert lines[1].startswith("20 ┤") and lines[11].startswith(" 0 ┤")
    rows = plot_rows(lines)
    assert len(rows) == 11 and all(len(row.rstrip()) <= 80 - 4 for row in rows)
    # 2 VP is row 1 (rows[9] from the top), 10 VP row 5, 14 VP row 7, 20 VP row 10.
    first, third, fourth, bob = rows[9], rows[5], rows[3], rows[0]
    assert first.startswith("×A") and first.count("×") == 1
    start_3 = third.index("A")  # where action 3 begins
    assert start_3 > 0 and bob[start_3] == "?" and bob.count("?") == 1
    assert set(bob.rstrip()) == {"B", "?"} and len(bob.rstrip()) == 76
    start_4 = len(third.rstrip())  # action 4 begins where 3 ends
    assert fourth.index("·") == start_4 and set(fourth[start_4 + 1 :].strip()) == {"A"}
    axis = lines[12]
    assert axis.count("▲") == 1 and axis.index("▲") - axis.index("└") - 1 == start_3
    assert lines[13].split()[0] == "1"


def test_a_note_is_not_hidden_by_a_player_sharing_its_cell() -> None:
    both = [move(1, "Ann", "", 0.0, (10.0, 10.0)), move(2, "Bob", "blunder", 9.0, (10.0, 10.0))]
    rows = plot_rows(lines_of(evaluation_chart_lines(both, ["Ann", "Bob"], COLOURS, 80, 0)))
    middle = rows[0]  # 10 VP is the top: both players on one row, one shared mark
    assert middle.startswith("**") and set(middle.strip()) == {"*", "×"}
    # Action 2 begins halfway along the 76 columns, in a column where Ann's turn would be.
    assert middle.index("×") == 38 and middle.count("×") == 1


def test_the_summary_counts_each_players_labels_mean_loss_skill_and_luck() -> None:
    lines = lines_of(summary_lines(TINY, ["Ann", "Bob"], COLOURS, 80, (3.3, -1.5)))
    header = "player moves mean loss blund. mist. inacc. skill luck"
    assert lines[0].split() == header.split()
    # Skill: Ann's blunder (9.0) and inaccuracy (2.5), Bob's mistake (5.0), as losses.
    assert lines[1].split() == ["A", "Ann", "2", "5.8", "VP", "1", "0", "1", "−11.5", "+3.3"]
    assert lines[2].split() == ["B", "Bob", "2", "2.5", "VP", "0", "1", "0", "−5.0", "−1.5"]
    assert lines[3].startswith("Skill: what the labelled actions cost")
    assert all(len(line) <= 80 for line in lines)


def test_where_a_column_holds_several_labels_of_a_player_the_worst_shows() -> None:
    # 200 actions in 76 columns: actions 100, 101 and 102 share a column (2.6 a column).
    long = [move(n, "Ann", scores=(10.0, 30.0)) for n in range(1, 201)]
    long[99] = move(100, "Ann", "mistake", 5.0, (10.0, 30.0))
    long[100] = move(101, "Ann", "blunder", 9.0, (10.0, 30.0))
    long[101] = move(102, "Ann", "inaccuracy", 2.5, (10.0, 30.0))
    rows = plot_rows(lines_of(evaluation_chart_lines(long, ["Ann", "Bob"], COLOURS, 80, 0)))
    ann = next(row for row in rows if "A" in row)
    assert ann.count("×") == 1 and ann.count("?") == 0 and ann.count("·") == 0
    assert 36 <= ann.index("×") <= 40  # about 100/200 of the way along


def test_a_steps_luck_names_whose_it_is_and_where() -> None:
    events = (
        LuckEvent(3, 0, "dig", 1, 9.0, 5.9),
        LuckEvent(3, 1, "card", 17, 0.5, 0.9),
        LuckEvent(4, 1, "dig", 2, 0.0, 2.25),
    )
    luck = Luck((3.1, -2.25), (0.0, -0.4), events)
    names = ["Ann", "Bob"]
    assert step_luck(luck, 3, names) == "luck: Ann +3.1 at the dig, Bob −0.4 at a card"
    assert step_luck(luck, 4, names) == "luck: Bob −2.2 at the dig"  # -2.25 to one decimal
    assert step_luck(luck, 5, names) == ""
    line = step_line(3, "Ann", "dig Greece 3", None, 80, luck=step_luck(luck, 3, names))
    assert line.plain == "3: Ann — dig Greece 3 — luck: Ann +3.1 at the dig, Bob −0.4 at a card"
