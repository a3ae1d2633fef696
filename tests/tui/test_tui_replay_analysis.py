"""`thebes replay FILE` with the game's saved analysis beside it (NAME.analysis.json): the
step line, the jumps between mistakes, the charts, the help, and files that are refused.

The analyses are built by hand (no playouts), so every number on the screen is known."""

from __future__ import annotations

import io
import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from rich.cells import cell_len

from helpers import CAT, GOLDEN
from terminal import text_terminal
from thebes.analysis.analysis_file import save_analysis
from thebes.analysis.game_review import GameReview, analysis_path, game_identity
from thebes.analysis.luck import luck_of
from thebes.analysis.move_review import Candidate, MoveReview
from thebes.cli.main import main
from thebes.records.session import Session
from thebes.rules import legal_actions
from thebes.tournament.bot_games import seated_session
from thebes.tui.evaluation import NOT_LUCK, SavedAnalysis, saved_analysis
from thebes.tui.replay import ANALYSIS_KEYS, KEYS, ReplayViewer

GOLDEN_4P = GOLDEN / "game-4p.json"
RIGHT, END = "\x1b[C", "\x1b[F"
LOSSES = {"blunder": 9.0, "mistake": 4.6, "inaccuracy": 2.5, "": 0.0}
LABELS = {5: "mistake", 9: "inaccuracy", 12: "blunder", 30: "mistake"}
LONG_NAMES = [
    "Amelia Edwards-Hawthorne",
    "Belzoni Giovanni Battist",
    "Carter Howard of Swaffha",
    "Dörpfeld [bold]Wilhelm[/",
]


def better(session: Session, number: int) -> str:
    """A legal action other than the one played as action ``number``: "take 2" if it is one
    (as a saved analysis must name one)."""
    step = session.steps[number - 1]
    others = [session.notation(a) for a in legal_actions(step.before)]
    others = [a for a in others if a != step.record.action]
    return "take 2" if "take 2" in others else others[0]


def reviews(session: Session, labels: dict[int, str]) -> tuple[MoveReview, ...]:
    """Every action reviewed: labelled ones lost LOSSES[label] to a better action (take 2
    where it can be); seat i's expected final score is 20 + 10 i VP throughout."""
    moves = []
    seats = len(session.seats)
    for number, step in enumerate(session.steps, 1):
        label = labels.get(number, "")
        loss = LOSSES[label]
        best = better(session, number) if label else step.record.action
        scores = tuple(20.0 + 10 * seat for seat in range(seats))
        record = step.record
        played = Candidate(record.action, 1.2, 1.0, loss, label, True)
        first = (Candidate(best, 1.2 + loss, 1.0, 0.0, "", False),) if label else ()
        moves.append(
            MoveReview(
                number,
                record.player,
                record.action,
                1.2,
                best,
                1.2 + loss,
                loss,
                label,
                scores,
                (*first, played),
            )
        )
    return tuple(moves)


def analysed(game: Path, labels: dict[int, str] = LABELS) -> Session:
    """``game`` loaded, with its analysis saved beside it as `thebes analyze --save` does."""
    session = Session.load(game, CAT)
    luck = luck_of(session.steps, len(session.seats)).total
    review = GameReview(str(game), game_identity(session), 8, reviews(session, labels), luck)
    save_analysis(review, [seat.name for seat in session.seats], analysis_path(game))
    return session


@pytest.fixture
def golden(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the 4-player golden game, named as typed in its folder (the messages name
    the commands with it)."""
    shutil.copy(GOLDEN_4P, tmp_path / "game-4p.json")
    monkeypatch.chdir(tmp_path)
    return Path("game-4p.json")


def view(
    game: Path, keys: str, size: tuple[int, int] = (120, 40), console_width: int | None = None
) -> tuple[ReplayViewer, str]:
    session = Session.load(game, CAT)
    out = io.StringIO()
    width = console_width or size[0]
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        terminal = text_terminal(out, (width, size[1]), pipe, sizes=lambda: size)
        viewer = ReplayViewer(session, terminal, analysis=saved_analysis(game, session))
        viewer.run()
    return viewer, out.getvalue()


def screens(text: str) -> list[list[str]]:
    """The screens drawn, each from its title line ("Replay — ...") to the line above the
    prompt."""
    found: list[list[str]] = []
    for line in text.splitlines():
        if line.startswith("Replay — "):
            found.append([])
        found[-1].append(line)
    return found


def test_each_step_shows_its_evaluation(golden: Path) -> None:
    session = analysed(golden)
    _, text = view(golden, "g 4\n" + RIGHT + RIGHT)
    steps = session.steps
    fifth, sixth = steps[4].record, steps[5].record
    assert f"5: {fifth.player} — {fifth.action} — mistake, −4.6 VP (better: take 2, +5.8)" in text
    assert f"6: {sixth.player} — {sixth.action} — good (+1.2)" in text
    assert screens(text)[-1][-1] == ANALYSIS_KEYS and len(ANALYSIS_KEYS) <= 80


def test_m_and_shift_m_jump_between_blunders_and_mistakes(golden: Path) -> None:
    analysed(golden)
    viewer, text = view(golden, "m\nm\n")
    assert viewer.position == 12  # 9 is an inaccuracy: passed over
    assert screens(text)[-1][-1] == "Blunder or mistake 2 of 3 · m next · M previous"
    viewer, text = view(golden, "g 40\nm\n")
    assert viewer.position == 40
    assert screens(text)[-1][-1] == "No blunder or mistake after action 40 (M goes back)."
    viewer, text = view(golden, "g 40\nM\nM\nM\nM\n")
    assert viewer.position == 5
    assert screens(text)[-1][-1] == "No blunder or mistake before action 5 (m goes forward)."
    viewer, _ = view(golden, "c\nm\n")  # from the chart: to the board, at the mistake
    assert viewer.position == 5 and viewer.page == "board"


def test_e_shows_the_chart_of_expected_scores_and_the_summary(golden: Path) -> None:
    analysed(golden)
    viewer, text = view(golden, "g 30\ne\n", size=(80, 24))
    assert viewer.page == "evaluation"
    screen = screens(text)[-1]
    assert screen[0] == "Replay — how each action was judged; ▲ marks action 30 of 65"
    assert screen[1] == NOT_LUCK  # what the labels judge, under the title
    assert screen[2].startswith("Expected final scores")
    # Four players: a band of two rows each, the bars from seat 1's 20 VP to seat 4's 50.
    assert (
        screen[3] == "bars from 20 to 50 VP; the number: at ▲; × blunder  ? mistake  · inaccuracy"
    )
    names = [seat.name for seat in viewer.session.seats]
    # By hand: a bar is 16 eighths from 20 to 50 VP: 20 -> 0 (drawn as 1, ▁), 30 -> 5.3
    # (▅), 40 -> 10.7 (█ under ▃), 50 -> 16 (█ under █).
    bars = [(" ", "▁"), (" ", "▅"), ("▃", "█"), ("█", "█")]
    for seat, name in enumerate(names):
        upper, lower = screen[4 + 2 * seat], screen[5 + 2 * seat]
        assert upper.startswith(f"{seat + 1} {name} ") and lower.split()[0] == f"{20 + 10 * seat}.0"
        assert set(lower[12:]) == {bars[seat][1]} and len(lower) == 80
        assert set(upper[12:].rstrip()) - {"×", "?", "·"} <= {bars[seat][0]}
    marked = "".join(screen[4:12:2])
    assert (marked.count("?"), marked.count("×"), marked.count("·")) == (2, 1, 1)
    # 65 actions in 80 - 12 = 68 columns: column c shows action 1 + round(c * 64 / 67),
    # 30 from c = 30 on; the axis's └ is column 11, the plot begins at 12.
    assert screen[12].index("└") == 11 and screen[12].index("▲") == 12 + 30
    # The summary: a row a player, then what skill and luck are; the keys last.
    assert [line.split()[1] for line in screen[-6:-2]] == names
    movers = {n: viewer.session.steps[n - 1].record.player for n in LABELS}
    mistakes = [sum(LABELS[n] == "mistake" and movers[n] == name for n in LABELS) for name in names]
    assert sum(mistakes) == 2
    assert [int(line.split()[6]) for line in screen[-6:-2]] == mistakes
    _, text = view(golden, "h\n", size=(120, 40))
    assert "Analysis: game-4p.analysis.json, 8 playouts a move. Each step's line" in text


def test_without_an_analysis_file_the_replay_is_as_before(golden: Path) -> None:
    viewer, text = view(golden, RIGHT + "m\ne\n")
    first = viewer.session.steps[0].record
    # The step's line says whose luck its draw was (the first action refills the display).
    assert f"1: {first.player} — {first.action} — luck: " in text
    assert " — good" not in text and "VP (better" not in text
    last = screens(text)
    assert last[1][-1] == KEYS
    message = "No analysis of this game: `thebes analyze game-4p.json --save` makes one."
    assert last[2][-1] == message and last[3][-1] == message
    _, text = view(golden, "h\n", size=(80, 24))
    assert "No analysis: `thebes analyze game-4p.json --save` writes one beside the game" in text
    assert "(game-4p.analysis.json)" in text


def rewrite(game: Path, change: Callable[[dict[str, object]], None]) -> None:
    path = analysis_path(game)
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def other_digest(data: dict[str, object]) -> None:
    data["game_digest"] = "sha256:" + "0" * 32


def renumbered(data: dict[str, object]) -> None:
    moves = data["moves"]
    assert isinstance(moves, list)
    moves[2]["number"] = 4


def another_action(data: dict[str, object]) -> None:
    moves = data["moves"]
    assert isinstance(moves, list)
    moves[6]["action"] = "exchange" if moves[6]["action"] != "exchange" else "take 1"


def fewer_moves(data: dict[str, object]) -> None:
    moves = data["moves"]
    assert isinstance(moves, list)
    del moves[-1]


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (
            other_digest,
            "does not belong to this game: it analyses another game, or this one before it "
            "was saved again; `thebes analyze game-4p.json --save` writes it again",
        ),
        (renumbered, "is damaged: move 3 is numbered 4"),
        (another_action, "does not belong to this game: its move 7 is not the game's"),
        (
            fewer_moves,
            "does not belong to this game: it has 64 moves, the game 65 actions; "
            "`thebes analyze game-4p.json --save` writes it again",
        ),
    ],
)
def test_a_refused_file_is_named_with_why_and_the_game_replays(
    golden: Path, change: Callable[[dict[str, object]], None], reason: str
) -> None:
    analysed(golden)
    rewrite(golden, change)
    viewer, text = view(golden, "g 5\n", size=(80, 24))
    first = screens(text)[0]
    whole = f"Analysis game-4p.analysis.json {reason}."
    assert first[-1] == whole or whole.startswith(first[-1].removesuffix(" …"))
    assert viewer.position == 5 and viewer.moves == ()
    fifth = viewer.session.steps[4].record
    assert screens(text)[-1][-2].startswith(f"5: {fifth.player} — {fifth.action} — luck: ")
    assert screens(text)[-1][-1] == KEYS
    _, text = view(golden, "h\n", size=(120, 40))
    assert " ".join(text.split()).count(f"Analysis game-4p.analysis.json {reason}. It is not") == 1


def test_a_damaged_file_is_refused(golden: Path) -> None:
    session = analysed(golden)
    path = analysis_path(golden)
    path.write_text(path.read_text()[:-200])
    found = saved_analysis(golden, session)
    assert found.review is None and found.refused is not None
    assert found.refused.startswith("is damaged: the file ends too early (truncated?)")
    path.write_text('{"format": "thebes-analysis", "version": 1, "moves": [}')
    refused = saved_analysis(golden, session).refused
    assert refused is not None and refused.startswith("is damaged: not JSON (line 1")
    assert saved_analysis(golden, session) == SavedAnalysis(path, None, refused, golden)


def fits(text: str, width: int, height: int) -> None:
    """Every screen in ``height`` rows less the prompt's, every line in ``width``."""
    for screen in screens(text):
        assert len(screen) <= height - 1, "\n".join(screen)
        for line in screen:
            assert cell_len(line) <= width, line


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_every_screen_fits_80x24_and_120x40(tmp_path: Path, size: tuple[int, int]) -> None:
    game = tmp_path / "long.json"
    seated_session(CAT, 7, [(name, "random") for name in LONG_NAMES]).save(game)
    analysed(game, {n: "blunder" for n in (*range(3, 60, 7), 20)})  # 20 is a long dig
    width, height = size
    # The board is drawn for the terminal's width: a wider console would pad it.
    _, text = view(game, "g 20\nm\nn\n" + END, size)
    fits(text, width, height)
    cut = [line for line in text.splitlines() if "— blunder" in line and line.endswith(" …")]
    # 24-letter names, a blunder and the step's luck: cut at 80 columns (at 120 too when
    # the luck is long).
    assert cut or width != 80
    # The charts and the help are lines of their own width: a wider console shows any excess.
    _, text = view(game, "g 20\nc\ne\nh\n", size, console_width=300)
    drawn = screens(text)[2:]
    fits("\n".join("\n".join(screen) for screen in drawn), width, height)
    assert [screen[0].split(";")[0] for screen in drawn] == [
        "Replay — the whole game",
        "Replay — how each action was judged",
        "Replay — keys and commands",
    ]
    both = any(line.startswith("Expected final scores") for line in drawn[0])
    assert both == (height >= 40)  # the expected scores under the scores where they fit
    for screen in drawn[1:]:
        assert any(line.startswith("D " + LONG_NAMES[3]) for line in screen)  # the summary


def test_thebes_replay_looks_for_the_analysis_beside_the_file(
    golden: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    analysed(golden)
    seen: list[SavedAnalysis | None] = []
    monkeypatch.setattr(ReplayViewer, "run", lambda self: seen.append(self.analysis))
    assert main(["replay", str(golden), "--no-color"], text_terminal(io.StringIO())) == 0
    [found] = seen
    assert found is not None and found.path == golden.with_name("game-4p.analysis.json")
    assert found.refused is None and len(found.moves) == 65
