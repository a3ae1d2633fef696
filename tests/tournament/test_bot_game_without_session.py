"""`thebes simulate` plays its games without a session (tournament.bot_games.play_bot_game):
game by game, the same end, result, record and digest as the session's loop gives, and a
game file that loads back to the same game."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import CAT
from thebes.bots import Player, RandomPlayer
from thebes.bots.levels import BUDGET_OPTION
from thebes.records.gamefile import dump_record, read_record
from thebes.records.session import Session
from thebes.rules import VARIANT_NAMES, Variants
from thebes.tournament.bot_games import (
    DEFAULT_NAMES,
    GameResult,
    play_bot_game,
    seated_session,
)
from thebes.tournament.series import Entry, play_game


def game_of(index: int) -> tuple[list[tuple[str, str]], Variants]:
    """Game ``index``'s seats and variants: 2 to 4 players, every combination of variants
    in turn, random bots with a greedy one in every fourth game."""
    players = 2 + index % 3
    names = [name for bit, name in enumerate(VARIANT_NAMES) if index % 32 >> bit & 1]
    greedy = index % players if index % 4 == 0 else None
    levels = ["greedy" if seat == greedy else "random" for seat in range(players)]
    return list(zip(DEFAULT_NAMES, levels, strict=False)), Variants.from_names(names)


@pytest.mark.parametrize("index", range(0, 64))
def test_a_game_without_a_session_is_the_sessions_game(index: int) -> None:
    seed = 7000 + index
    seats, variants = game_of(index)
    bots = dict(seats)
    session = seated_session(CAT, seed, seats, variants=variants)
    game = play_bot_game(CAT, seed, seats, variants=variants, recorded=True)
    assert game.state == session.state
    assert GameResult.of(game.state, seed, bots) == GameResult.of(session.state, seed, bots)
    assert game.record is not None
    assert game.record.digest == session.to_record().digest
    assert dump_record(game.record) == dump_record(session.to_record())
    # Without its record, the same game.
    unrecorded = play_bot_game(CAT, seed, seats, variants=variants)
    assert unrecorded.record is None
    assert unrecorded.state == session.state


def test_the_file_of_a_game_without_a_session_loads_back_to_it(tmp_path: Path) -> None:
    seats = [("P1", "greedy"), ("P2", "random"), ("P3", "random")]
    played = play_game(CAT, 33, [Entry(name, level) for name, level in seats], tmp_path)
    assert played.not_saved is None
    path = tmp_path / "game-3p-33.json"
    loaded = Session.load(path, CAT)
    assert GameResult.of(loaded.state, 33, dict(seats)) == played.result
    assert loaded.to_record() == read_record(path)
    assert path.read_text(encoding="utf-8") == dump_record(
        seated_session(CAT, 33, seats).to_record()
    )


@pytest.mark.parametrize("given", [None, 7])
def test_the_budget_the_players_get_and_the_file_keeps_is_the_sessions(given: int | None) -> None:
    # Random players stand in for the experts (a real one takes seconds a move): the
    # budget each is made with and the one the record keeps are what matter here.
    asked: list[tuple[str, int, int, int | None]] = []

    def make_player(level: str, seed: int, seat: int, budget: int | None) -> Player:
        asked.append((level, seed, seat, budget))
        return RandomPlayer(seed, seat)

    seats = [("Ann", "expert"), ("Bob", "random")]
    session = seated_session(CAT, 5, seats, make_player, expert_budget=given)
    by_session, asked[:] = list(asked), []
    game = play_bot_game(CAT, 5, seats, make_player, expert_budget=given, recorded=True)
    budget = BUDGET_OPTION.simulations(2) if given is None else given
    assert asked == by_session == [("expert", 5, 0, budget), ("random", 5, 1, budget)]
    assert game.record == session.to_record()
    assert game.record is not None and game.record.options.expert_budget == budget
