"""`thebes analyze FILE`: every action of a saved game reviewed, per player summed up.

Each action is reviewed from the state before it
(:func:`thebes.analysis.move_review.review_move`) by the judge that gives hints, seeded from
the position, so the result is the same for any number of processes, and the action a hint
put first is never labelled. Workers replay the file themselves: a state is cheap to rebuild and
costly to send. :mod:`thebes.analysis.analysis_file` writes and checks the saved analysis.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from thebes.analysis.judge import LABEL_NAMES, PLAYOUTS, Judge
from thebes.analysis.luck import luck_of
from thebes.analysis.move_review import MoveReview, review_move
from thebes.catalog.loading import default_catalog
from thebes.records.gamefile import GameRecord, RecordError, read_record
from thebes.records.library import ANALYSIS_SUFFIX
from thebes.records.session import Session
from thebes.safeio.workers import run_in_workers

COSTLIEST = 3  # moves listed per player


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    name: str
    moves: int
    mean_loss: float
    labels: dict[str, int]
    costliest: tuple[MoveReview, ...]  # the largest losses, largest first (loss > 0)
    skill: float  # what the player's choices cost against the judge's best, VP: skill_of
    luck: float  # what their draws brought beyond the expected, VP

    def as_json(self) -> dict[str, Any]:
        return {
            "moves": self.moves,
            "mean_loss": round(self.mean_loss, 2),
            "skill": round(self.skill, 2),
            "luck": round(self.luck, 2),
            "labels": dict(self.labels),
            "costliest": [m.number for m in self.costliest],
        }


@dataclass(frozen=True, slots=True)
class GameReview:
    file: str
    digest: str  # the game's (game_identity): the saved analysis names it
    playouts: int
    moves: tuple[MoveReview, ...]
    luck: tuple[float, ...]  # per seat (thebes.analysis.luck)

    def players(self, names: Sequence[str]) -> dict[str, PlayerSummary]:
        return {
            name: replace(summarize(name, self.moves), luck=self.luck[seat])
            for seat, name in enumerate(names)
        }


def summarize(name: str, moves: Sequence[MoveReview]) -> PlayerSummary:
    mine = [m for m in moves if m.player == name]
    labels = {label: sum(m.label == label for m in mine) for label in LABEL_NAMES}
    costly = sorted((m for m in mine if m.loss > 0), key=lambda m: (-m.loss, m.number))
    mean = math.fsum(m.loss for m in mine) / len(mine) if mine else 0.0
    costliest = tuple(costly[:COSTLIEST])
    # The luck is the game's, not the moves': GameReview.players sets it.
    return PlayerSummary(name, len(mine), mean, labels, costliest, skill_of(mine), 0.0)


def skill_of(moves: Sequence[MoveReview]) -> float:
    """What a player's choices cost against the judge's best, VP (0 or less): the losses of
    their labelled actions, those the judge is sure of. A loss within the playouts' noise
    is left out: the best of several noisy values leans high, so every action would seem
    to lose a little, and summed over a game that little is tens of VP of noise."""
    return 0.0 - math.fsum(m.loss for m in moves if m.label)  # 0.0, never -0.0


def game_identity(session: Session) -> str:
    """The digest that names a game in its analysis: the digest of its record and final
    state as a game file of the current version holds it, computed from the game replayed
    (so the same for a version 1 file, whose own digest covers the final state alone)."""
    return session.to_record().digest


def analysis_path(game: Path) -> Path:
    """Where `--save` puts the analysis of ``game``: beside it, ``NAME.analysis.json``."""
    return game.with_name(game.stem + ANALYSIS_SUFFIX)


@dataclass(frozen=True, slots=True)
class GameToAnalyze:
    """A game file, replayed and checked, ready to be analysed."""

    path: Path
    record: GameRecord  # as read: the workers replay it, not the file, which may change
    session: Session
    digest: str  # the file's own, which seeds the analysis and names it

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.session.seats]

    @property
    def actions(self) -> int:
        return len(self.session.steps)


def open_game(path: Path) -> GameToAnalyze:
    """The game in ``path``; RecordError if the file is unusable."""
    record = read_record(path)
    try:
        session = Session.from_record(record, default_catalog())
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None
    return GameToAnalyze(path, record, session, record.digest)


def analyze(
    game: GameToAnalyze,
    playouts: int = PLAYOUTS,
    jobs: int = 1,
    advance: Callable[[], None] = lambda: None,
    numbers: Sequence[int] | None = None,
) -> GameReview:
    """The review of every action of ``game``, or of those with ``numbers`` (from 1: a
    sample is quicker, and each action's review is the same either way); ``advance`` is
    called once per action reviewed."""
    if numbers is not None and not all(1 <= n <= game.actions for n in numbers):
        raise ValueError(f"action numbers run from 1 to {game.actions}")
    indices = range(game.actions) if numbers is None else [n - 1 for n in numbers]
    reviews: list[MoveReview] = []
    for review in _reviews(game, playouts, jobs, indices):
        reviews.append(review)
        advance()
    luck = luck_of(game.session.steps, len(game.session.seats)).total
    return GameReview(str(game.path), game_identity(game.session), playouts, tuple(reviews), luck)


def analyze_file(
    path: Path,
    playouts: int = PLAYOUTS,
    jobs: int = 1,
    advance: Callable[[], None] = lambda: None,
) -> tuple[GameReview, list[str]]:
    """:func:`analyze` of the game in ``path``, and its players' names in seat order."""
    game = open_game(path)
    return analyze(game, playouts, jobs, advance), game.names


def _reviews(
    game: GameToAnalyze, playouts: int, jobs: int, indices: Sequence[int]
) -> Iterator[MoveReview]:
    if jobs <= 1 or len(indices) <= 1:
        worker = _Worker(game.session, playouts)
        yield from (worker.review(i) for i in indices)
        return
    # Workers replay the record themselves: a session is cheap to rebuild, costly to send.
    start = (game.record, playouts)
    # Reviews are small: every one may be ahead of the first not yet given, so that no
    # worker waits for a slow one.
    yield from run_in_workers(
        min(jobs, len(indices)),
        _review_in_worker,
        indices,
        start=_start_worker,
        start_args=start,
        ahead=len(indices),
    )


class _Worker:
    def __init__(self, session: Session, playouts: int) -> None:
        self.session = session
        self.judge = Judge(playouts)

    def review(self, index: int) -> MoveReview:
        step = self.session.steps[index]
        return review_move(
            self.judge,
            step.before,
            step.action,
            self.session.notation,
            index + 1,
            step.record.player,
        )


_worker: _Worker | None = None


def _start_worker(record: GameRecord, playouts: int) -> None:
    global _worker
    # The parent replayed this record already: it cannot fail here.
    _worker = _Worker(Session.from_record(record, default_catalog()), playouts)


def _review_in_worker(index: int) -> MoveReview:
    assert _worker is not None
    return _worker.review(index)
