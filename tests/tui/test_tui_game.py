"""The terminal game driven through prompt_toolkit's pipe input, as a player types."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.output.vt100 import Vt100_Output
from rich.cells import cell_len

from helpers import CAT
from terminal import game, new_session
from thebes.records.gamefile import read_record
from thebes.records.session import Session, default_seats
from thebes.rules import TakeCard, scores, winners
from thebes.tournament.bot_games import bot_session
from thebes.tui.menu import MenuEntry


def test_a_menu_number_plays_that_action(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    # Seed 7 deals: 1 Palestine book (3) London, 2 Egypt book (2) London, ...; Enter
    # confirms.
    with game(session, "2\n\n") as (ui, out):
        assert ui.run() is False  # the keys run out: the game is left, saved
    assert session.steps[0].record.action == "take 2"
    assert session.steps[0].record.player == "Ann"
    text = out.getvalue()
    assert " 2 take 2: London 4 wk" in text
    assert "Ann takes the Egypt book (2) from slot 2 (4 weeks in all)." in " ".join(text.split())
    assert "The game is saved in" in text
    assert "Saved after every action in " in text
    assert len(read_record(tmp_path / "g.json").actions) == 1


def test_typed_actions_and_clear_messages_for_bad_input(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    keys = "fly to Rome\n99\ndig Egypt 6\ntake 9\n  TAKE 4  \n"
    with game(session, keys) as (ui, out):
        ui.run()
    text = out.getvalue()
    assert "unknown action 'fly'" in text
    assert "There is no entry 99 now: choose one of 1, 2, 3, 4, 5." in text
    assert "Not allowed: Ann has no specialized knowledge of Egypt" in text
    assert "the display slot is 1 to 4, not '9'" in text
    assert [s.record.action for s in session.steps] == ["take 4"]
    assert "Traceback" not in text


def test_the_dig_planner_shows_odds_and_takes_weeks_and_options(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    # Ann takes the Egypt book (2); Bob takes the Palestine book (3); Ann opens the planner
    # for Egypt (entry 8: the digs are 6-10 in board order), asks for +zeppelin (she has
    # none), then digs 8 weeks (and confirms).
    keys = "take 2\ntake 1\n8\n+zeppelin\n5\n8\ny\n"
    with game(session, keys) as (ui, out):
        ui.run()
    text = out.getvalue()
    assert "Dig at Egypt: knowledge 2" in text
    assert "first dig here: the 1-VP artifact on the site is yours too" in text
    # 1 token of 30 (12 artifacts worth 35 VP) plus the site's artifact: 1.40 and 2.17;
    # the site's artifact makes at least one artifact certain.
    assert "     8       12        1          100%             1.40      2.17" in text
    assert "No legal dig here with +zeppelin: Ann has no zeppelin." in text
    assert "Not allowed: with 2 knowledge a dig of 5 weeks draws no token" in text
    assert session.steps[-1].record.action == "dig Egypt 8"


def test_ctrl_c_and_ctrl_d_ask_before_leaving_and_nothing_is_lost(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    keys = "take 2\n\x03n\n\x04n\ntake 1\n\x03y\n"
    # The question is a prompt of its own (prompt_toolkit's screen, where the answer is
    # typed), not a line printed on the game's console above it.
    prompts = io.StringIO()
    screen = Vt100_Output(prompts, lambda: Size(rows=40, columns=200), term="xterm")
    with game(session, keys, prompt_output=screen) as (ui, out):
        assert ui.run() is False
    assert [s.record.action for s in session.steps] == ["take 2", "take 1"]
    # Broken between words where it is too long for the row: compared with its rows joined.
    drawn = " ".join(re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", prompts.getvalue()).split())
    assert f"Leave the game (it is saved in {tmp_path / 'g.json'})? [y/N]" in drawn
    assert "Leave the game" not in out.getvalue()
    saved = Session.load(tmp_path / "g.json", CAT)
    assert saved.state == session.state


def test_commands_help_log_board_players_bags_undo_save(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    copy = tmp_path / "copy.json"
    keys = f"take 2\nhelp\nlog\nboard\nplayers\nbags\nundo\nsave {copy}\nrules\n"
    with game(session, keys) as (ui, out):
        ui.run()
    text = out.getvalue()
    assert "Commands (type them at any prompt):" in text
    assert "Ann and Bob set out from Warsaw; Ann moves first." in text
    assert "roads to" in text and "Mesopotamia" in text
    assert "books GCEPM" in text and "artifacts by VP 1-7" in text
    assert "Cannot undo: Ann's 'take 2' revealed new cards from the deck" in text
    assert f"Saved to {copy}." in text
    assert len(read_record(copy).actions) == 1
    # `rules` shows the whole rulebook (its first rule to its last section), then the tables.
    assert "S1 — Players" in text and "Where the 2004 original differs" in text
    assert text.index("P9 — No reshuffle") < text.index("Time wheel")


def test_rules_in_a_game_fit_an_80_column_terminal(tmp_path: Path) -> None:
    with game(new_session(tmp_path), "rules\n", size=(80, 24)) as (ui, out):
        ui.run()
    text = out.getvalue()
    # What `rules` printed: the rulebook and the reference tables, up to leaving the game.
    shown = text[text.index("Thebes: the rulebook") : text.index("Game left.")].splitlines()
    assert any("A3 — Dig at a site" in line for line in shown) and len(shown) > 400
    assert max(cell_len(line) for line in shown) <= 80


def test_too_small_a_terminal_is_told_not_crashed(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    with game(session, "take 2\n", size=(60, 15)) as (ui, out):
        ui.run()
    text = out.getvalue()
    assert "The terminal is 60x15; thebes needs at least 80x24." in text
    assert "Board" not in text and "Cards" not in text  # the notice alone, no broken screen
    assert "Nothing is played until the terminal is at least 80x24." in text
    assert session.steps == []  # "take 2" was typed, and not played


def test_a_terminal_that_grows_again_gets_the_whole_screen(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    sizes = iter([(60, 20)] * 2 + [(120, 40)] * 1000)
    with game(session, "\ntake 2\n", sizes=lambda: next(sizes)) as (ui, out):
        ui.run()
    small, _, grown = out.getvalue().partition("The terminal is 60x20")
    assert "roads to" not in small and "roads to" in grown and "Standings" in grown
    assert len(session.steps) == 1


@pytest.mark.parametrize("seed", [11])
def test_a_whole_two_player_game_through_the_ui(tmp_path: Path, seed: int) -> None:
    # The moves of a random game, typed by two people at the keyboard.
    reference = bot_session(CAT, 2, seed)
    names = [p.name for p in reference.state.players]
    moves = [step.record.action for step in reference.steps]
    session = Session(CAT, default_seats(names), seed, autosave=tmp_path / "whole.json")
    with game(session, "\n".join(moves) + "\n") as (ui, out):
        assert ui.run() is True
    assert session.state == reference.state
    text = out.getvalue()
    final = text[text.rindex("Final scores") :]
    for player, score in zip(session.state.players, scores(session.state), strict=True):
        row = next(
            line for line in final.splitlines() if line.split("│")[1:2] and player.name in line
        )
        cells = [c.strip() for c in row.split("│")[1:-1]]
        assert cells[1:6] == [
            str(score.artifacts),
            str(score.exhibitions),
            str(score.congresses),
            str(score.majorities),
            str(score.total),
        ]
    best = [session.state.players[i].name for i in winners(session.state)]
    assert (f"{best[0]} wins!" if len(best) == 1 else "A shared win") in final
    assert "replay" in final
    # Above the table (so that the table stays in view), the chart of the scores over the
    # game and its legend (P1, P2: the initials are alike, so the marks are the seat numbers).
    end = text[text.rindex("Scores over the game") :]
    chart = end[: end.index("Final scores")]
    assert chart.index("1901") < chart.index("end")  # the end square, week 1 of 1904
    totals = [score.total for score in scores(session.state)]
    assert f"1 {names[0]} {totals[0]} VP   2 {names[1]} {totals[1]} VP" in chart


def test_a_resize_redraws_the_screen_for_the_new_size_keeping_the_typed_text(
    tmp_path: Path,
) -> None:
    session = new_session(tmp_path)
    # The size is asked before the turn, for the prompt's form, before the screen is drawn
    # and when it is drawn: then the terminal shrinks under the prompt.
    sizes = iter([(120, 40)] * 3 + [(80, 24)] * 1000)
    with game(session, "take 2\n", sizes=lambda: next(sizes)) as (ui, out):
        ui.run()
    text = out.getvalue()
    wide, _, compact = text.partition("Ann: books G0 C0 E0 P0 M0")
    assert "roads to" in wide  # first drawn wide (the board panel)
    assert compact  # then compact, with the active player's one-line tableau
    assert [s.record.action for s in session.steps] == ["take 2"]


def test_ctrl_c_while_bots_play_leaves_with_every_move_saved(tmp_path: Path) -> None:
    # Two levels, to see each seat's kept; not strong, whose search would only add time.
    seats = default_seats(["A", "B"], {"A": "greedy", "B": "random"})
    session = Session(CAT, seats, 3, autosave=tmp_path / "bots.json")
    with game(session, "") as (ui, out):
        greedy = ui.bots[0]
        calls = []

        class Interrupted:
            def choose(self, state: object, legal: object) -> object:
                calls.append(1)
                if len(calls) == 4:
                    raise KeyboardInterrupt
                return greedy.choose(state, legal)  # type: ignore[arg-type]

        ui.bots[0] = Interrupted()  # type: ignore[assignment]
        assert ui.run() is False
    text = out.getvalue()
    assert "Game left. The game is saved in" in text and "thebes resume" in text
    saved = read_record(tmp_path / "bots.json")
    assert len(saved.actions) == len(session.steps) > 3
    assert [p.bot for p in saved.players] == ["greedy", "random"]


def test_a_resize_in_the_planner_is_not_read_as_typed_text(tmp_path: Path) -> None:
    # The resize watch belongs to the main prompt: in the planner a resize must not come
    # back as text (it used to be read as "\x00resized:").
    session = new_session(tmp_path)
    sizes = iter([(120, 40)] * 6 + [(100, 40)] * 1000)
    keys = "take 2\ntake 1\n8\n8\n\n"
    with game(session, keys, sizes=lambda: next(sizes)) as (ui, out):
        ui.run()
    text = out.getvalue()
    assert "resized" not in text and "is not understood" not in text
    assert session.steps[-1].record.action == "dig Egypt 8"


def test_the_planner_keeps_the_standings_in_view(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    with game(session, "take 2\ntake 1\n8\nback\n") as (ui, out):
        ui.run()
    planner = out.getvalue().split("Dig at Egypt: knowledge 2")[0].rsplit("Thebes", 1)[1]
    assert "▶ A Ann" in planner and "B Bob" in planner


def test_an_entry_only_a_zeppelin_can_play_asks_for_it_by_name(tmp_path: Path) -> None:
    # In the last weeks a card may be in reach by zeppelin alone: the entry is listed (its
    # cost is the zeppelin's), and its number without z must say so, not fail.
    only_by_air = MenuEntry(3, "take 3: Vienna 1 wk", (TakeCard(2, zeppelin=True),), "", True)
    with game(new_session(tmp_path), "") as (ui, _):
        assert ui._menu_choice([only_by_air], 3, zeppelin=False) is None
        assert "only by zeppelin now: type 3z" in str(ui.talk.message)
        assert ui._menu_choice([only_by_air], 3, zeppelin=True) == TakeCard(2, zeppelin=True)
