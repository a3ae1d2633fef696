"""A session's draws: secret when the game has no seed, so two games, or two resumes of one
file, draw differently, while the file records every draw and replays exactly; and the same
seed with the same choices makes the same game."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from helpers import CAT
from thebes.records.gamefile import read_record
from thebes.records.session import Session, default_seats
from thebes.rules import TakeCard


def unseeded(tmp_path: Path, name: str = "g.json") -> Session:
    return Session(CAT, default_seats(["Ann", "Bob"]), None, autosave=tmp_path / name)


def drawn_cards(session: Session) -> list[int]:
    return [card for step in session.steps for card in step.record.cards]


def take_three(session: Session) -> None:
    for _ in range(3):
        session.play(TakeCard(0))


def test_games_without_a_seed_deal_differently_each_time(tmp_path: Path) -> None:
    # Four display cards of 60-odd: five equal deals in a row would be a broken generator.
    deals = {tuple(unseeded(tmp_path).setup) for _ in range(5)}
    assert len(deals) == 5


def test_two_resumes_of_one_unseeded_file_draw_afresh(tmp_path: Path) -> None:
    original = unseeded(tmp_path)
    original.play(TakeCard(1))
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    shutil.copy(tmp_path / "g.json", first)
    shutil.copy(tmp_path / "g.json", second)
    a, b = Session.load(first, CAT, autosave=True), Session.load(second, CAT, autosave=True)
    assert a.state == b.state == original.state
    take_three(a)
    take_three(b)
    # Three refills from the same deck agreeing by chance: about 1 in 200,000.
    assert drawn_cards(a)[1:] != drawn_cards(b)[1:]
    # Each file still records its own draws exactly: both replay to their own games.
    assert Session.load(first, CAT).state == a.state
    assert Session.load(second, CAT).state == b.state


def test_an_unseeded_file_records_no_seed_and_replays_exactly(tmp_path: Path) -> None:
    session = unseeded(tmp_path)
    take_three(session)
    raw = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    assert raw["seed"] is None
    assert read_record(tmp_path / "g.json").seed is None
    assert Session.load(tmp_path / "g.json", CAT).state == session.state


def test_a_seeded_game_with_the_same_choices_is_the_same_game(tmp_path: Path) -> None:
    games = [Session(CAT, default_seats(["Ann", "Bob"]), 1904) for _ in range(2)]
    for session in games:
        take_three(session)
    assert games[0].setup == games[1].setup
    assert drawn_cards(games[0]) == drawn_cards(games[1])
    assert games[0].state == games[1].state
