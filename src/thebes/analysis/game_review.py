"""`thebes analyze FILE`: every action of a saved game reviewed, per player summed up.

Each action is reviewed from the state before it (:func:`thebes.analysis.move_review.review_move`),
seeded from the file's digest and the action's number, so the result is the same for any
number of processes. Workers replay the file themselves: a state is cheap to rebuild and
costly to send.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import signal
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from thebes.analysis.move_review import (
    DEFAULT_PLAYOUTS,
    LABEL_NAMES,
    Evaluator,
    MoveReview,
    review_move,
    seed_of,
)
from thebes.catalog.loading import default_catalog
from thebes.records.gamefile import (
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_FILE_BYTES,
    GameRecord,
    RecordError,
    read_record,
)
from thebes.records.library import ANALYSIS_SUFFIX
from thebes.records.session import Session
from thebes.rules import legal_actions
from thebes.safeio.json_limits import JsonRefused, loads_bounded
from thebes.safeio.reading import FileRefused, read_bounded_text
from thebes.safeio.saving import write_game_file
from thebes.safeio.text import MAX_ACTION, clipped, printable

ANALYSIS_FORMAT = "thebes-analysis"
ANALYSIS_VERSION = 1
COSTLIEST = 3  # moves listed per player
MAX_VP = 1000.0  # no score comes near: a larger number in an analysis file is damage


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    name: str
    moves: int
    mean_loss: float
    labels: dict[str, int]
    costliest: tuple[MoveReview, ...]  # the largest losses, largest first (loss > 0)

    def as_json(self) -> dict[str, Any]:
        return {
            "moves": self.moves,
            "mean_loss": round(self.mean_loss, 2),
            "labels": dict(self.labels),
            "costliest": [m.number for m in self.costliest],
        }


@dataclass(frozen=True, slots=True)
class GameReview:
    file: str
    digest: str
    playouts: int
    moves: tuple[MoveReview, ...]

    def players(self, names: Sequence[str]) -> dict[str, PlayerSummary]:
        return {name: summarize(name, self.moves) for name in names}

    def as_json(self, names: Sequence[str]) -> dict[str, Any]:
        return {
            "format": ANALYSIS_FORMAT,
            "version": ANALYSIS_VERSION,
            "file": self.file,
            "digest": self.digest,
            "playouts": self.playouts,
            "moves": [m.as_json() for m in self.moves],
            "players": {n: s.as_json() for n, s in self.players(names).items()},
        }


def summarize(name: str, moves: Sequence[MoveReview]) -> PlayerSummary:
    mine = [m for m in moves if m.player == name]
    labels = {label: sum(m.label == label for m in mine) for label in LABEL_NAMES}
    costly = sorted((m for m in mine if m.loss > 0), key=lambda m: (-m.loss, m.number))
    mean = sum(m.loss for m in mine) / len(mine) if mine else 0.0
    return PlayerSummary(name, len(mine), mean, labels, tuple(costly[:COSTLIEST]))


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
    playouts: int = DEFAULT_PLAYOUTS,
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
    return GameReview(str(game.path), game.digest, playouts, tuple(reviews))


def analyze_file(
    path: Path,
    playouts: int = DEFAULT_PLAYOUTS,
    jobs: int = 1,
    advance: Callable[[], None] = lambda: None,
) -> tuple[GameReview, list[str]]:
    """:func:`analyze` of the game in ``path``, and its players' names in seat order."""
    game = open_game(path)
    return analyze(game, playouts, jobs, advance), game.names


def _reviews(
    game: GameToAnalyze, playouts: int, jobs: int, indices: Sequence[int]
) -> Iterator[MoveReview]:
    seed = seed_of(game.digest)
    if jobs <= 1 or len(indices) <= 1:
        worker = _Worker(game.session, playouts, seed)
        yield from (worker.review(i) for i in indices)
        return
    # Workers replay the record themselves: a session is cheap to rebuild, costly to send.
    start = (game.record, playouts, seed)
    with multiprocessing.Pool(min(jobs, len(indices)), _start_worker, start) as pool:
        yield from pool.imap(_review_in_worker, indices)
        pool.close()
        pool.join()


class _Worker:
    def __init__(self, session: Session, playouts: int, seed: int) -> None:
        self.session = session
        self.evaluator = Evaluator(playouts)
        self.seed = seed

    def review(self, index: int) -> MoveReview:
        step = self.session.steps[index]
        return review_move(
            self.evaluator,
            step.before,
            legal_actions(step.before),
            step.action,
            self.seed,
            self.session.notation,
            index + 1,
            step.record.player,
        )


_worker: _Worker | None = None


def _start_worker(record: GameRecord, playouts: int, seed: int) -> None:
    global _worker
    # Ctrl-C is the parent's to handle: it stops the pool; workers would print tracebacks.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # The parent replayed this record already: it cannot fail here (a failing start-up
    # would make the pool start worker after worker).
    _worker = _Worker(Session.from_record(record, default_catalog()), playouts, seed)


def _review_in_worker(index: int) -> MoveReview:
    assert _worker is not None
    return _worker.review(index)


def save_analysis(review: GameReview, names: Sequence[str], path: Path) -> Path:
    """Write the analysis as JSON to ``path`` atomically (SaveError says why not)."""
    text = json.dumps(review.as_json(names), indent=1, ensure_ascii=False) + "\n"
    return write_game_file(path, text)


class AnalysisRefused(Exception):
    """A saved analysis that cannot be used, with the reason in plain words."""


def load_analysis(path: Path, digest: str) -> tuple[MoveReview, ...] | None:
    """The moves of the analysis saved at ``path`` for the game with ``digest``; None if
    there is no file. AnalysisRefused says why a file there cannot be used: damaged, too
    large, or the analysis of another game (or of an earlier state of this one)."""
    review = load_review(path, digest)
    return None if review is None else review.moves


def load_review(path: Path, digest: str) -> GameReview | None:
    """The analysis saved at ``path`` for the game with ``digest`` (its moves and playouts);
    None if there is no file, else as :func:`load_analysis`."""
    try:
        path.stat()
    except FileNotFoundError:
        return None
    except OSError as exc:  # a name too long for the file system, a folder not searchable
        raise AnalysisRefused(f"cannot read it: {exc.strerror or exc}") from None
    try:
        text = read_bounded_text(path, limit=MAX_FILE_BYTES, what="analysis file")
        data = loads_bounded(text, max_depth=MAX_DEPTH, max_digits=MAX_DIGITS)
    except (FileRefused, JsonRefused, ValueError) as refused:
        raise AnalysisRefused(str(refused)) from None
    if not isinstance(data, dict) or data.get("format") != ANALYSIS_FORMAT:
        raise AnalysisRefused("not a thebes analysis file")
    if data.get("version") != ANALYSIS_VERSION:
        version = printable(clipped(repr(data.get("version"))))
        raise AnalysisRefused(f"analysis version {version} is not known")
    if data.get("digest") != digest:
        raise AnalysisRefused("it analyses another game, or this one before its last save")
    moves = data.get("moves")
    if not isinstance(moves, list):
        raise AnalysisRefused("it has no list of moves")
    playouts, file = data.get("playouts"), data.get("file")
    if type(playouts) is not int or playouts < 1 or not isinstance(file, str):
        raise AnalysisRefused("its header is damaged")
    reviews = tuple(_move_from_json(move, n) for n, move in enumerate(moves, 1))
    return GameReview(file, digest, playouts, reviews)


def load_game_analysis(game: Path, session: Session) -> GameReview | None:
    """The analysis saved beside the game file ``game`` (:func:`analysis_path`), checked
    against ``session``, the game replayed from it: None if there is none, AnalysisRefused
    if it cannot be used. Beyond the digest, every move must be the game's own action by
    its own player with a score for every seat: a file edited by hand is refused rather
    than shown beside the wrong actions."""
    try:
        digest = read_record(game).digest
    except RecordError as error:  # the game file changed since it was replayed
        raise AnalysisRefused(str(error)) from None
    review = load_review(analysis_path(game), digest)
    if review is None:
        return None
    steps = session.steps
    if len(review.moves) != len(steps):
        moves = f"{len(review.moves)} move{'' if len(review.moves) == 1 else 's'}"
        actions = f"{len(steps)} action{'' if len(steps) == 1 else 's'}"
        raise AnalysisRefused(f"it has {moves}, the game {actions}")
    for move, step in zip(review.moves, steps, strict=True):
        if (move.player, move.action) != (step.record.player, step.record.action):
            raise AnalysisRefused(f"move {move.number} is not the game's action {move.number}")
        if len(move.scores) != len(session.seats):
            raise AnalysisRefused(f"move {move.number} is damaged")
    return review


def _move_from_json(data: object, number: int) -> MoveReview:
    # By type: true == 1 in Python, and would pass for move 1.
    if (
        not isinstance(data, dict)
        or type(data.get("number")) is not int
        or data["number"] != number
    ):
        raise AnalysisRefused(f"move {number} is damaged")
    texts = [data.get(key) for key in ("player", "action", "best", "label")]
    numbers = [data.get(key) for key in ("value", "best_value", "loss")]
    scores = data.get("scores")
    if (
        not all(isinstance(t, str) and len(t) <= MAX_ACTION for t in texts)
        or not all(_is_number(n) for n in numbers)
        or not isinstance(scores, list)
        or not all(_is_number(n) and n >= 0 for n in scores)
        or data["loss"] < 0
        or data["label"] not in ("", *LABEL_NAMES)
    ):
        raise AnalysisRefused(f"move {number} is damaged")
    return MoveReview(
        number,
        data["player"],
        data["action"],
        float(data["value"]),
        data["best"],
        float(data["best_value"]),
        float(data["loss"]),
        data["label"],
        tuple(float(n) for n in scores),
    )


def _is_number(value: object) -> bool:
    """A number of VP as an analysis can hold: finite and far from any score's bounds."""
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and abs(value) <= MAX_VP
    )
