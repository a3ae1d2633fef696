"""The replay with an analysis says what its labels judge (the choice's expected result,
not the luck of the draw), puts a move's label beside the move in the events, and says of a
hinted action only that a hint was seen before it."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from helpers import CAT, GOLDEN
from thebes.analysis.game_review import GameReview
from thebes.analysis.move_review import MoveReview
from thebes.analysis.report import report_lines
from thebes.records.session import Session
from thebes.tui.evaluation import NOT_LUCK, step_line
from thebes.tui.replay import judged
from thebes.tui.story import Told

sys.path.insert(0, str(Path(__file__).parent))
from test_tui_replay_analysis import analysed, screens, view


def review(number: int, label: str) -> MoveReview:
    return MoveReview(number, "Ann", "dig Egypt 9", -24.3, "take 1", 9.5, 33.8, label, (5.0, 19.0))


def test_the_label_goes_beside_the_date_of_the_move_it_judges() -> None:
    events = [Told("1901·1", 0, "Ann takes a card."), Told("1901·4", 1, "Bob digs.")]
    moves = [review(1, ""), review(2, "blunder"), review(3, "mistake")]
    assert judged(events, moves) == [events[0], Told("1901·4 blunder:", 1, "Bob digs.")]
    assert judged(events[:1], moves) == events[:1]  # a good move: no word added
    assert judged(events, ()) == events  # no analysis


def test_the_replay_tells_the_label_in_the_events_and_what_labels_judge(tmp_path: Path) -> None:
    game = tmp_path / "game-4p.json"
    shutil.copy(GOLDEN / "game-4p.json", game)
    analysed(game, {12: "blunder"})
    _, text = view(game, "g 12\n", size=(80, 24))
    first, twelfth = screens(text)[0], screens(text)[-1]
    assert first[-1] == NOT_LUCK  # the first screen says it, where the keys go
    step = Session.load(game, CAT).steps[11]
    # The twelfth action's paragraph, the last of the events, starts "  1902·N blunder: ".
    dated = [line for line in twelfth if " blunder: " in line]
    assert len(dated) == 1 and dated[0].startswith("  1902·")
    assert dated[0].split(" blunder: ")[1].startswith(step.record.player)
    assert twelfth[-2].startswith(f"12: {step.record.player} — {step.record.action} — blunder")
    _, text = view(game, "h\n", size=(120, 40))
    assert NOT_LUCK in text.replace("\n", " ")


def test_a_hinted_action_says_a_hint_was_seen_not_that_it_was_followed() -> None:
    line = step_line(4, "Ann", "take 2", None, 80, hinted=True)
    assert line.plain == "4: Ann — take 2 (taken after seeing a hint)"


def test_the_report_says_labels_judge_the_choice_not_the_luck() -> None:
    moves = (review(1, "blunder"),)
    lines = report_lines(GameReview("g.json", "d", 16, moves, (0.0, 0.0)), ["Ann", "Bob"])
    blank = len(lines) - 1 - lines[::-1].index("")  # the notes follow the last blank line
    notes = " ".join(lines[blank + 1 :])
    assert notes.startswith(
        "Labels and margins judge each choice by its expected result before the draw, not "
        "by the luck of the draw: a dig that found much can be a blunder, one that found "
        "nothing a good action. Margin:"
    )
