"""`thebes analyze`: what each action was worth, and that it measures something true.

The test that the review measures something true analyses 20 two-player games of greedy
against random (played here) and 20 of strong against greedy (kept in
``tests/analysis_games``: strong games take minutes to play; `thebes simulate --players 2
--bots strong,greedy --games 20 --rotate --seed 300 --save-dir tests/analysis_games` plays
them again). It uses a few playouts per valuation and every fourth action of each game
(every eighth for random, whose losses stand far apart), to keep CI fast; the benchmark
``benchmarks/bench_analysis.py`` measures every action at the default playouts. Both are
marked ``measures``: `.ci/run` runs them apart, without the coverage tracer, which slows
playouts five-fold.
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest

from helpers import ANALYSIS_GAMES, CAT
from thebes.analysis.analysis_file import AnalysisRefused, load_game_analysis, save_analysis
from thebes.analysis.game_review import (
    GameReview,
    analysis_path,
    analyze,
    analyze_file,
    open_game,
)
from thebes.analysis.hints import Hinter
from thebes.analysis.judge import LABELS, Judge, label_of
from thebes.analysis.move_review import review_move
from thebes.bots import make_bot
from thebes.cli.main import main
from thebes.records.session import Session, default_seats
from thebes.rules import Retire, legal_actions
from thebes.tournament.series import Entry, Series, play_series

STORED_GAMES = ANALYSIS_GAMES
GAMES = 20


def mean_loss_by_level(files: list[Path], playouts: int, every: int = 4) -> dict[str, float]:
    """Each bot level's mean loss per game, averaged over the games (names are levels), from
    every ``every``-th action of each game (each action's review is the same in a sample)."""
    losses: dict[str, list[float]] = {}
    for path in files:
        game = open_game(path)
        review = analyze(game, playouts, jobs=2, numbers=range(1, game.actions + 1, every))
        for name, summary in review.players(game.names).items():
            losses.setdefault(name, []).append(summary.mean_loss)
    return {name: statistics.mean(values) for name, values in losses.items()}


STORED = sorted(STORED_GAMES.glob("game-2p-*.json"))


@pytest.fixture(scope="module")
def short_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An unfinished game of 12 actions, greedy against random: quick to analyse whole."""
    seats = default_seats(["greedy", "random"], {"greedy": "greedy", "random": "random"})
    session = Session(CAT, seats, 17)
    players = [make_bot("greedy", 17, 0), make_bot("random", 17, 1)]
    for _ in range(12):
        seat = session.active_seat
        assert seat is not None
        session.play(players[seat].choose(session.state, session.legal_actions()))
    return session.save(tmp_path_factory.mktemp("short") / "short.json")


@pytest.mark.measures
def test_random_loses_more_than_greedy_over_20_games(tmp_path: Path) -> None:
    entries = (Entry("greedy", "greedy"), Entry("random", "random"))
    list(play_series(Series(entries, GAMES, 400, rotate=True, save_dir=tmp_path), jobs=2))
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == GAMES
    means = mean_loss_by_level(files, playouts=2, every=8)
    assert means["random"] > means["greedy"] + 1.0, means


@pytest.mark.measures
def test_strong_loses_less_than_greedy_over_20_games() -> None:
    assert len(STORED) == GAMES
    means = mean_loss_by_level(STORED, playouts=4)
    assert means["strong"] < means["greedy"], means


@pytest.fixture(scope="module")
def whole_review(short_game: Path) -> GameReview:
    review, _ = analyze_file(short_game, playouts=2, jobs=2)
    return review


def test_an_actions_review_depends_on_the_file_and_playouts_not_on_jobs_or_sample(
    short_game: Path, whole_review: GameReview
) -> None:
    game = open_game(short_game)
    with pytest.raises(ValueError, match="from 1 to 12"):
        analyze(game, playouts=1, numbers=[0])
    sample = range(2, game.actions + 1, 3)
    alone = analyze(game, playouts=2, jobs=1, numbers=sample)
    assert alone.moves == tuple(whole_review.moves[n - 1] for n in sample)
    other = analyze(game, playouts=3, jobs=2, numbers=sample)
    assert [m.value for m in other.moves] != [m.value for m in alone.moves]


def test_the_workers_analyse_the_game_as_read_even_if_the_file_goes(
    short_game: Path, tmp_path: Path, whole_review: GameReview
) -> None:
    copy = tmp_path / "copy.json"
    copy.write_bytes(short_game.read_bytes())
    game = open_game(copy)
    copy.unlink()
    review = analyze(game, playouts=2, jobs=2, numbers=[3, 7])
    assert review.moves == (whole_review.moves[2], whole_review.moves[6])


def test_every_move_loses_what_the_best_found_was_worth_more(whole_review: GameReview) -> None:
    review = whole_review
    assert [m.number for m in review.moves] == list(range(1, len(review.moves) + 1))
    for move in review.moves:
        assert move.loss >= 0
        assert move.best_value - move.value == pytest.approx(move.loss, abs=0.005)
        assert (move.best == move.action) == (move.loss == 0)
        # A label needs the loss (the standard error can only take it away).
        assert move.label in ("", label_of(move.loss))


def test_retiring_with_weeks_to_dig_is_a_blunder_and_the_best_is_named() -> None:
    # The first position of the last year (T5: retiring is allowed then) with many actions.
    session = open_game(STORED[0]).session
    step = next(
        s for s in session.steps if len(legal := legal_actions(s.before)) > 5 and Retire() in legal
    )
    review = review_move(
        Judge(playouts=4), step.before, Retire(), session.notation, 1, step.record.player
    )
    assert review.label == "blunder"
    assert review.loss >= LABELS[0][1]
    assert review.best != "retire"
    assert review.best_value == pytest.approx(review.value + review.loss, abs=0.005)


# A whole game (or many playouts), untraced: the tracer triples its time; shorter tests
# cover its lines (tests/conftest.py).
@pytest.mark.no_cover
def test_the_hints_first_action_is_never_labelled_by_the_analysis_of_its_position() -> None:
    # Positions of a stored game no one here chose, every fifth, at the default playouts:
    # the analysis gives each of the hint's actions the verdict the hint gives it.
    game = open_game(STORED[3])
    review = analyze(game, numbers=range(1, game.actions + 1, 5), jobs=2)
    hinter = Hinter()
    for move in review.moves:
        hints = hinter.hints(game.session.steps[move.number - 1].before, count=4, check=True)
        verdicts = {c.action: (round(c.value, 2), c.loss, c.label) for c in move.candidates}
        assert hints[0].loss == 0 and verdicts[hints[0].notation][1:] == (0.0, "")
        for hint in hints:
            assert verdicts[hint.notation] == (round(hint.value, 2), hint.loss, hint.label)
        if move.action == hints[0].notation:
            assert move.loss == 0 and move.label == ""


def test_labels_follow_the_thresholds() -> None:
    assert [label_of(x) for x in (0, 1.99, 2, 3.99, 4, 7.99, 8, 30)] == [
        "",
        "",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


# ---------------------------------------------------------------- saved analyses


@pytest.fixture(scope="module")
def small_review(short_game: Path) -> tuple[Path, GameReview, list[str]]:
    review, names = analyze_file(short_game, playouts=1, jobs=1)
    return short_game, review, names


def test_a_saved_analysis_loads_as_it_was(
    small_review: tuple[Path, GameReview, list[str]], tmp_path: Path
) -> None:
    game, review, names = small_review
    target = tmp_path / "game.analysis.json"
    save_analysis(review, names, target)
    loaded = load_game_analysis(target, Session.load(game, CAT))
    assert loaded is not None
    assert [m.as_json() for m in loaded.moves] == [m.as_json() for m in review.moves]
    assert analysis_path(tmp_path / "game.json") == target


def test_a_missing_analysis_is_none_and_a_wrong_one_says_why(
    small_review: tuple[Path, GameReview, list[str]], tmp_path: Path
) -> None:
    game, review, names = small_review
    session = Session.load(game, CAT)
    target = tmp_path / "a.analysis.json"
    assert load_game_analysis(target, session) is None
    with pytest.raises(AnalysisRefused, match="cannot be read"):  # too long a name
        load_game_analysis(tmp_path / ("g" * 250 + ".analysis.json"), session)
    save_analysis(review, names, target)
    session.play(session.legal_actions()[0])  # the game went on: the analysis is of another
    with pytest.raises(
        AnalysisRefused, match=r"^does not belong to this game: it analyses another"
    ):
        load_game_analysis(target, session)
    session = Session.load(game, CAT)
    data = json.loads(target.read_text())
    data["moves"][3]["number"] = 7
    target.write_text(json.dumps(data))
    with pytest.raises(AnalysisRefused, match=r"^is damaged: move 4 is numbered 7$"):
        load_game_analysis(target, session)
    data["moves"][3]["number"] = 4
    data["moves"][3]["loss"] = "a lot"
    target.write_text(json.dumps(data))
    with pytest.raises(AnalysisRefused, match=r"^is damaged: move 4 > loss: should be a"):
        load_game_analysis(target, session)
    data["moves"][3]["loss"] = float("nan")
    target.write_text(json.dumps(data))
    with pytest.raises(AnalysisRefused, match="NaN"):
        load_game_analysis(target, session)
    target.write_text('{"format": "thebes-analysis", "moves": [')
    with pytest.raises(AnalysisRefused, match=r"^is damaged: the file ends too early"):
        load_game_analysis(target, session)


# ---------------------------------------------------------------- the command


def test_analyze_json_prints_one_object_with_every_move_and_a_summary_per_player(
    short_game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = short_game
    assert main(["analyze", str(path), "--json", "--playouts", "1", "--jobs", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    game = open_game(path)
    assert data["file"] == str(path) and data["game_digest"] == game.digest
    assert len(data["moves"]) == game.actions
    fields = {"number", "player", "action", "value", "best", "best_value", "loss", "label"}
    assert all(fields <= set(move) for move in data["moves"])
    assert set(data["players"]) == {"greedy", "random"}
    for name, summary in data["players"].items():
        mine = [m["loss"] for m in data["moves"] if m["player"] == name]
        assert summary["mean_loss"] == pytest.approx(statistics.mean(mine), abs=0.01)
        assert set(summary["labels"]) == {"blunder", "mistake", "inaccuracy"}
    assert (data["format"], data["version"], data["playouts"]) == ("thebes-analysis", 3, 1)
    for move in data["moves"]:
        # Every candidate the judge valued, best first, with the label it earns if played;
        # the action played among them, as the move says.
        candidates = move["candidates"]
        assert candidates[0]["loss"] == 0 and candidates[0]["label"] == ""
        assert all({"action", "value", "loss", "label", "played"} <= set(c) for c in candidates)
        (played,) = [c for c in candidates if c["played"]]
        assert (played["action"], played["loss"], played["label"]) == (
            move["action"],
            move["loss"],
            move["label"],
        )


def test_analyze_prints_a_table_and_saves_beside_the_game(
    short_game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = short_game
    assert main(["analyze", str(path), "--playouts", "1", "--save"]) == 0
    out = capsys.readouterr().out
    assert "mean loss" in out and "greedy's costliest actions:" in out
    assert f"analysis saved to {analysis_path(path)}" in out
    assert load_game_analysis(analysis_path(path), Session.load(path, CAT)) is not None


def test_analyze_refuses_a_damaged_file_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["analyze", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("thebes: ") and err.count("\n") == 1
    with pytest.raises(SystemExit) as exit_:
        main(["analyze", str(bad), "--playouts", "1001"])
    assert exit_.value.code == 2
    assert "--playouts: at most 1000, not 1001" in capsys.readouterr().err
