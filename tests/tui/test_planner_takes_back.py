"""The dig planner's notes offer ``-x`` for an option already chosen, so that a player who
typed ``+assistant`` reads how to take it back instead of ``+assistant`` again."""

from __future__ import annotations

from pathlib import Path

from helpers import CAT, cards_of, setup
from terminal import dig_site_entry, game
from thebes.records.session import Session, default_seats


def with_egypt_book_legend_and_assistant(tmp_path: Path) -> Session:
    session = Session(CAT, default_seats(["Ann", "Bob"]), 7, autosave=tmp_path / "g.json")
    state = session.state
    display = set(state.display)
    book = next(c for c in cards_of("book", "Egypt", value=1) if c not in display)
    legend = next(c for c in cards_of("legend", "Egypt") if c not in display)
    assistant = next(c for c in cards_of("assistant") if c not in display)
    session._state = setup(state, 0, cards=[book, legend, assistant])
    return session


def test_an_added_option_is_offered_back_with_a_minus(tmp_path: Path) -> None:
    session = with_egypt_book_legend_and_assistant(tmp_path)
    keys = f"{dig_site_entry(session, 'Egypt')}\n+assistant\n-assistant\nback\n"
    with game(session, keys) as (ui, out):
        ui.run()
    first, added, dropped = out.getvalue().split("Dig at Egypt")[1:4]
    # Book 1; a lone assistant adds 1 only when spent, the legend adds 2 (A3.4).
    assert "+assistant: spend your lone assistant, knowledge 1 -> 2" in first
    assert "+legend: spend the Egypt legend, knowledge 1 -> 3" in first
    assert added.startswith(" +assistant: knowledge 2")
    assert "-assistant: keep your lone assistant, knowledge 2 -> 1" in added
    assert "+assistant: spend" not in added
    # The legend's line counts from the knowledge shown: 2 with the assistant, 4 with both.
    assert "+legend: spend the Egypt legend, knowledge 2 -> 4" in added
    assert "+assistant: spend your lone assistant, knowledge 1 -> 2" in dropped
    assert session.steps == []
