"""Whose turn acts, and when: nothing is played while the terminal is too small, an action
chosen by number is confirmed first, another person's action is taken back only with their
yes, and Ctrl-C asks before leaving whether a person or a bot is to move."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from prompt_toolkit.data_structures import Size
from prompt_toolkit.output.vt100 import Vt100_Output

from helpers import CAT
from terminal import game, new_session, run_with_keys
from thebes.records.gamefile import COLOURS, read_record
from thebes.records.session import Seat, Session, default_seats
from thebes.rules import Action, GameState, Retire, time_of
from thebes.tournament.bot_games import bot_session

SMALL, BIG = (60, 20), (120, 40)
WAIT = "Nothing is played until the terminal is at least 80x24."


def prompt_screen() -> tuple[io.StringIO, Vt100_Output]:
    """Where the prompts draw themselves (their questions are written there)."""
    text = io.StringIO()
    return text, Vt100_Output(text, lambda: Size(rows=40, columns=200), term="xterm")


def played(session: Session) -> list[tuple[str, str]]:
    return [(s.record.player, s.record.action) for s in session.steps]


class Counting:
    """A bot that retires when it may (else plays the first legal action), counting its
    turns."""

    def __init__(self) -> None:
        self.turns = 0

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        self.turns += 1
        return Retire() if Retire() in legal else legal[0]


# ------------------------------------------------------------ a terminal too small


def test_while_too_small_a_number_and_an_action_play_nothing(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    with game(session, "1\n\ntake 2\nquit\ny\n", size=SMALL) as (ui, out):
        assert ui.run() is False
    text = out.getvalue()
    assert "The terminal is 60x20; thebes needs at least 80x24." in text
    assert WAIT in text
    assert session.steps == []
    assert "Game left. The game is saved in" in text


def test_while_too_small_no_bot_moves_and_the_game_goes_on_when_it_grows(
    tmp_path: Path,
) -> None:
    # The bot A moves first. The terminal is small until the table has said, after a typed
    # "1", that nothing is played; then it is large again.
    seats = default_seats(["A", "Ann"], {"A": "greedy"})
    session = Session(CAT, seats, 7, autosave=tmp_path / "g.json")
    screen: list[io.StringIO] = []

    def size() -> tuple[int, int]:
        return BIG if screen and WAIT in screen[0].getvalue() else SMALL

    with game(session, "1\n", sizes=size) as (ui, out):
        screen.append(out)
        bot = Counting()
        ui.bots[0] = bot
        ui.run()
    text = out.getvalue()
    small, _, grown = text.partition(WAIT)
    assert "The terminal is 60x20" in small and "Standings" not in small
    # The bot moved once, after the terminal grew; then Ann's turn was drawn whole.
    assert bot.turns == 1 and played(session) == [("A", "take 1")]
    assert "Standings" in grown and "to play: Ann" in grown


def test_a_terminal_that_shrinks_while_an_action_is_confirmed_plays_nothing(
    tmp_path: Path,
) -> None:
    session = new_session(tmp_path)
    sizes = [BIG]

    def shrink_on_confirm(
        question: str, *, default: bool = False, until: Callable[[], bool] | None = None
    ) -> bool:
        sizes[0] = SMALL  # the window is made small while the question is asked
        return True

    with game(session, "2\n", sizes=lambda: sizes[0]) as (ui, out):
        ui._agrees = shrink_on_confirm  # type: ignore[method-assign]
        ui.run()
    assert session.steps == []
    assert "Not played: take 2; the terminal shrank." in out.getvalue()


# ------------------------------------------------------------ confirming a number


def test_a_number_is_shown_with_its_cost_and_played_only_once_confirmed(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    prompts, screen = prompt_screen()
    # n goes back; Esc goes back (the 2 after it is typed at the game's prompt again);
    # Enter confirms.
    with game(session, "2\nn\n2\n\x1b2\n\n", prompt_output=screen) as (ui, out):
        ui.run()
    asked = prompts.getvalue()
    # Seed 7: slot 2 is the Egypt book (2) in London: 2 weeks from Warsaw to London, and
    # the card's 2 weeks.
    question = "Ann: take 2: Egypt book (2) in London — 4 weeks, 2 travel. Play it? [Y/n]"
    # (A prompt may be drawn more than once: the questions are not counted there.)
    assert question in asked
    # The n and the Esc each went back to the prompt, with the screen drawn anew.
    assert out.getvalue().count("Not played: take 2. Nothing has changed.") == 2
    assert played(session) == [("Ann", "take 2")]


def test_a_confirmation_wider_than_the_terminal_leaves_the_name_to_the_prompt(
    tmp_path: Path,
) -> None:
    # 24 characters of name: the question would be 95 columns, two rows at 80, pushing the
    # screen's title out of view; without the name (on the prompt line above) it is 68.
    name = "Maximilian Alexandersson"
    session = Session(CAT, default_seats([name, "Bob"]), 7, autosave=tmp_path / "g.json")
    prompts, screen = prompt_screen()
    with game(session, "2\n\n", size=(80, 24), prompt_output=screen) as (ui, _):
        ui.run()
    question = "take 2: Egypt book (2) in London — 4 weeks, 2 travel. Play it? [Y/n]"
    assert len(question) == 68 and question in prompts.getvalue()
    assert f"{name}: take 2" not in prompts.getvalue()
    assert played(session) == [(name, "take 2")]


def test_an_action_typed_in_full_is_played_without_a_question(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    prompts, screen = prompt_screen()
    with game(session, "take 2\ntake 1\n", prompt_output=screen) as (ui, _):
        ui.run()
    assert "Play it?" not in prompts.getvalue()
    assert played(session) == [("Ann", "take 2"), ("Bob", "take 1")]


def test_a_dig_chosen_in_the_planner_is_confirmed(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    prompts, screen = prompt_screen()
    # Ann takes the Egypt book (2), Bob a card; Ann opens the planner for Egypt (entry 8),
    # types 8 weeks and says no, then 6 weeks and yes; London to Egypt is 4 weeks.
    keys = "take 2\ntake 1\n8\n8\nn\n8\n6\ny\n"
    with game(session, keys, prompt_output=screen) as (ui, out):
        ui.run()
    asked = prompts.getvalue()
    assert "Ann: dig Egypt 8 — 12 weeks, 4 travel. Play it? [Y/n]" in asked
    assert "Ann: dig Egypt 6 — 10 weeks, 4 travel. Play it? [Y/n]" in asked
    assert "Not played: dig Egypt 8. Nothing has changed." in out.getvalue()
    assert played(session)[-1] == ("Ann", "dig Egypt 6")


def test_confirm_off_plays_a_number_at_once_and_is_kept_in_the_file(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    prompts, screen = prompt_screen()
    keys = "confirm\nconfirm maybe\nconfirm off\n2\n"
    with game(session, keys, prompt_output=screen) as (ui, out):
        ui.run()
    text = out.getvalue()
    assert "Confirmation is on; type 'confirm on' or 'confirm off'." in text
    assert "'confirm' takes on or off, not 'maybe'. Confirmation is on;" in text
    assert "Confirmation off: a number plays its action at once." in text
    assert "Play it?" not in prompts.getvalue()
    assert played(session) == [("Ann", "take 2")]
    path = tmp_path / "g.json"
    assert read_record(path).options.confirm is False
    assert Session.load(path, CAT).confirm_enabled is False  # resume keeps it
    with game(Session.load(path, CAT, autosave=True), "confirm on\n") as (ui, out):
        ui.run()
    assert "Confirmation on: an action chosen by number is shown first." in out.getvalue()
    assert read_record(path).options.confirm is True


def test_no_confirm_on_the_command_line_and_old_files_keep_confirmation(
    tmp_path: Path,
) -> None:
    path = tmp_path / "quick.json"
    args = ["play", "--players", "Ann,Bob", "--seed", "7", "--no-confirm", "--save", str(path)]
    assert run_with_keys(args, "2\n") == 0
    record = read_record(path)
    assert [a.action for a in record.actions] == ["take 2"]
    assert json.loads(path.read_text())["options"] == {"undo": True, "confirm": False}
    # A game with confirmation on writes no such field: its file is as before the option.
    plain = new_session(tmp_path)
    plain.save(tmp_path / "plain.json")
    assert json.loads((tmp_path / "plain.json").read_text())["options"] == {"undo": True}
    assert Session.load(tmp_path / "plain.json", CAT).confirm_enabled is True


# ------------------------------------------------------------ undo asks its owner


def in_the_last_year(session: Session, weeks: Sequence[int]) -> None:
    players = tuple(
        replace(p, time=time_of(1903, w)) for p, w in zip(session.state.players, weeks, strict=True)
    )
    session._state = replace(session.state, players=players)


def test_undo_of_another_persons_action_needs_their_yes(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    in_the_last_year(session, [1, 5])  # Ann is furthest back
    prompts, screen = prompt_screen()
    # Ann retires; Bob types undo and Ann says no; again and Ann presses Esc; again and
    # Ann says yes: the turn is Ann's again, and she takes a card.
    keys = "retire\nundo\nn\nundo\n\x1bundo\ny\ntake 1\n"
    with game(session, keys, prompt_output=screen) as (ui, out):
        ui.run()
    assert "Ann, take back your 'retire'? [y/N]" in prompts.getvalue()
    text = out.getvalue()
    assert text.count("Nothing taken back: Ann did not agree.") == 2
    assert "Took back Ann's 'retire'. Ann to play." in text
    assert played(session) == [("Ann", "take 1")]


def test_the_question_names_the_bot_moves_taken_back_with_it(tmp_path: Path) -> None:
    seats = [Seat("Ann", COLOURS[0]), Seat("Bob", COLOURS[1], "greedy"), Seat("Cleo", COLOURS[2])]
    session = Session(CAT, seats, 8, autosave=tmp_path / "g.json")
    in_the_last_year(session, [1, 2, 3])
    prompts, screen = prompt_screen()
    # Ann retires, the bot Bob retires, Cleo types undo and Ann says no: nothing changes.
    with game(session, "retire\nundo\n\n", prompt_output=screen) as (ui, _):
        ui.bots[1] = Counting()
        ui.run()
    question = "Ann, take back your 'retire' (and Bob's 'retire' after it)? [y/N]"
    assert question in prompts.getvalue()
    assert played(session) == [("Ann", "retire"), ("Bob", "retire")]


def test_undo_of_ones_own_action_asks_nothing(tmp_path: Path) -> None:
    # Seed 29, greedy against greedy: at action 44 P1 exhibits and is still furthest back,
    # so P1 moves again (an exhibition reveals nothing: it can be taken back).
    reference = bot_session(CAT, 2, 29, "greedy")
    step = reference.steps[43]
    assert step.record.action == "exhibit a" and step.record.player == "P1"
    assert reference.steps[44].record.player == "P1"
    session = Session(CAT, default_seats(["P1", "P2"]), 29, autosave=tmp_path / "g.json")
    session._state = step.before
    prompts, screen = prompt_screen()
    with game(session, "exhibit a\nundo\n", prompt_output=screen) as (ui, out):
        ui.run()
    assert "take back your" not in prompts.getvalue()
    assert "Took back P1's 'exhibit a'. P1 to play." in out.getvalue()
    assert session.steps == [] and session.state == step.before


# ------------------------------------------------------------ Ctrl-C while bots move


def test_ctrl_c_while_bots_move_asks_and_staying_lets_them_go_on(tmp_path: Path) -> None:
    seats = default_seats(["A", "B"], {"A": "greedy", "B": "greedy"})
    session = Session(CAT, seats, 3, autosave=tmp_path / "bots.json")
    prompts, screen = prompt_screen()
    with game(session, "n\ny\n", prompt_output=screen) as (ui, out):
        greedy = ui.bots[0]
        turns: list[int] = []

        class Interrupted:
            """Ctrl-C on its 2nd and 5th turns (the first answered n, the second y)."""

            def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
                turns.append(1)
                if len(turns) in (2, 5):
                    raise KeyboardInterrupt
                return greedy.choose(state, legal)

        ui.bots[0] = Interrupted()
        assert ui.run() is False
    # Broken between words where it is too long for the row: compared with its rows joined.
    drawn = " ".join(re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", prompts.getvalue()).split())
    assert f"Leave the game (it is saved in {tmp_path / 'bots.json'})? [y/N]" in drawn
    # A played turns 1, 3 and 4 (turn 2 was asked again after the n), and nothing after
    # the y; B moved in between.
    moves_of_a = [s for s in session.steps if s.record.player == "A"]
    assert len(turns) == 5 and len(moves_of_a) == 3
    assert len(read_record(tmp_path / "bots.json").actions) == len(session.steps)
    assert "Game left. The game is saved in" in out.getvalue()
