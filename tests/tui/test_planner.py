"""The dig planner: it says why an option is refused, reads plan lines that add, drop and keep
options, and plays the options it last showed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from helpers import CAT, cards_of, region, setup
from terminal import dig_site_entry, game
from thebes.records.session import Session, default_seats
from thebes.rules import Dig, GameState
from thebes.tui.planner import option_sets, read_plan_line


def with_egypt_legend_state(state: GameState) -> GameState:
    display = set(state.display)
    book = next(c for c in cards_of("book", "Egypt", value=1) if c not in display)
    legend = next(c for c in cards_of("legend", "Egypt") if c not in display)
    return setup(state, 0, cards=[book, legend])


def with_egypt_legend(tmp_path: Path) -> Session:
    session = Session(CAT, default_seats(["Ann", "Bob"]), 7, autosave=tmp_path / "g.json")
    session._state = with_egypt_legend_state(session.state)
    return session


def test_the_planner_says_why_an_option_is_refused(tmp_path: Path) -> None:
    session = with_egypt_legend(tmp_path)
    keys = f"{dig_site_entry(session, 'Egypt')}\n+shovel\n-legend +permit\nback\n"
    with game(session, keys) as (ui, out):
        ui.run()
    text = out.getvalue()
    assert "No legal dig here with +shovel: Ann has no shovel." in text
    assert (
        "No legal dig here with +permit -legend: the permit for Egypt is still valid: "
        "no special permit is needed." in text
    )
    assert session.steps == []


@pytest.mark.parametrize("lines", [["+legend", "6"], ["+legend 6", ""]])
def test_the_planner_plays_the_options_it_last_showed(tmp_path: Path, lines: list[str]) -> None:
    session = with_egypt_legend(tmp_path)
    # The last Enter confirms the dig.
    keys = f"{dig_site_entry(session, 'Egypt')}\n" + "\n".join(lines) + "\n\n"
    with game(session, keys) as (ui, out):
        ui.run()
    text = out.getvalue()
    # The book of Egypt (1) alone, then with the legend's 2 points (A3.4).
    assert "Dig at Egypt: knowledge 1" in text
    assert "Dig at Egypt +legend: knowledge 3" in text
    assert [s.record.action for s in session.steps] == ["dig Egypt 6 +legend"]


def test_plan_lines_add_drop_and_keep_options() -> None:
    session = Session(CAT, default_seats(["Ann", "Bob"]), 7)
    session._state = with_egypt_legend_state(session.state)
    digs = tuple(
        a for a in session.legal_actions() if isinstance(a, Dig) and a.region == region("Egypt")
    )
    choices = option_sets(digs)
    plain = choices[0]
    assert plain.legend is False
    legend = read_plan_line("+legend", plain, choices)
    assert legend.options.legend and legend.weeks is None
    kept = read_plan_line("7", legend.options, choices)
    assert kept.options.legend and kept.weeks == 7
    dropped = read_plan_line("-legend 3", legend.options, choices)
    assert not dropped.options.legend and dropped.weeks == 3
    # A unique prefix stands for its option, in both directions.
    assert read_plan_line("+leg 5", plain, choices) == replace(legend, weeks=5)
    assert read_plan_line("-l", legend.options, choices).options == plain
    with pytest.raises(ValueError, match=r"No legal dig here with \+shovel"):
        read_plan_line("+shovel", plain, choices)
    for bad in ("²", "6 7", "+magic", "six"):
        with pytest.raises(ValueError, match="is not understood"):
            read_plan_line(bad, plain, choices)
