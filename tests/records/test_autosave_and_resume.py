"""Saving and resuming a game: a resumed game goes on exactly as the uninterrupted one, an
interrupted write or a kill at any point of saving leaves a whole file that resumes without
loss, and the files `simulate --save-dir` writes replay to the scores it printed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import CAT
from thebes.bots import make_bot
from thebes.cli.main import main
from thebes.records.gamefile import RecordError, read_record, sealed
from thebes.records.session import Session, default_seats
from thebes.rules import legal_actions
from thebes.tournament.bot_games import GameResult, bot_session, play_to_the_end


def test_resumed_game_goes_on_exactly_as_the_uninterrupted_one(tmp_path: Path) -> None:
    whole = bot_session(CAT, 4, 77)
    record = whole.to_record()
    for cut in (0, 1, 20, len(record.actions) - 1):
        partial = record.model_copy(update={"actions": record.actions[:cut]})
        path = tmp_path / f"cut{cut}.json"
        # A file saved mid-game carries the digest of the record and state at that point.
        session = Session.from_record(sealed(partial, whole.steps[cut].before), CAT)
        session.save(path)
        resumed = Session.load(path, CAT)
        play_to_the_end(resumed, [make_bot("random", 77, seat) for seat in range(4)])
        assert resumed.state == whole.state
        assert resumed.to_record() == record


def test_interrupted_write_leaves_the_previous_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    session = Session(CAT, default_seats(["Ann", "Bob"], {"Ann": "random", "Bob": "random"}), 9)
    session.autosave = path
    players = [make_bot("random", 9, 0), make_bot("random", 9, 1)]
    for _ in range(5):
        session.play(
            players[session.active_seat or 0].choose(session.state, session.legal_actions())
        )
    saved = path.read_bytes()

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        session.play(
            players[session.active_seat or 0].choose(session.state, session.legal_actions())
        )
    monkeypatch.undo()
    assert path.read_bytes() == saved
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary left behind
    assert len(Session.load(path, CAT).steps) == 5


# A game of three random bots that autosaves after every action, stopped at "points": every
# operation on a path in the save's folder (an audit event: opening, renaming, removing,
# whatever way the saving is written), every call that writes, flushes, syncs or closes a
# file object there, and every low-level os.write, os.fsync, ... (a profile hook on C
# calls). Both hooks run just before the operation, so a point is where a kill can land.
# "snapshot FOLDER" plays the game once, copying the save file aside at each point (what a
# kill there would leave) and noting what the point was. "kill N,M,..." forks one game per
# number (the imports are done once), each of which kills itself with SIGKILL at that
# point, and prints how each ended. Only the order of operations matters, never timing.
KILLED_GAME = """
import os, shutil, signal, sys
from pathlib import Path
from thebes.catalog.loading import default_catalog
from thebes.bots import make_bot
from thebes.records.session import Session, default_seats

base, mode, argument = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
FILE_CALLS = {"write", "writelines", "pwrite", "flush", "truncate", "ftruncate", "close",
              "__exit__", "fsync", "fdatasync"}
save = base / "game.json"
kill_at = 0
points = 0
copying = False


def in_folder(value):
    if not isinstance(value, (str, bytes, os.PathLike)):
        return False
    path = os.fsdecode(value)
    return path == str(save.parent) or os.path.dirname(path) == str(save.parent)


def point(what):
    global points, copying
    if copying:
        return
    points += 1
    if points == kill_at:
        os.kill(os.getpid(), signal.SIGKILL)
    if mode == "snapshot":
        copying = True
        snapshots = Path(argument)
        with open(snapshots / "points.txt", "a") as log:
            log.write(what + "\\n")
        if save.exists():
            shutil.copyfile(save, snapshots / f"{points}.json")
        copying = False


def audit(event, args):
    if any(in_folder(a) for a in args):
        point(event)


def profile(frame, event, function):
    if event != "c_call" or function.__name__ not in FILE_CALLS:
        return
    target = getattr(function, "__self__", None)
    # A file object names its path; os.write(fd, ...) and the like do not, so every call of
    # those counts (the game makes them only when saving).
    if getattr(target, "__name__", None) == "posix" or in_folder(getattr(target, "name", None)):
        point("call " + function.__name__)


def play():
    save.parent.mkdir(exist_ok=True)
    names = ["P1", "P2", "P3"]
    session = Session(
        default_catalog(), default_seats(names, {n: "random" for n in names}), 31, undo=False
    )
    players = [make_bot("random", 31, s) for s in range(3)]
    sys.addaudithook(audit)
    sys.setprofile(profile)
    session.autosave = save
    while not session.is_over:
        seat = session.active_seat
        session.play(players[seat].choose(session.state, session.legal_actions()))


default_catalog()
if mode == "snapshot":
    play()
else:
    for number in map(int, argument.split(",")):
        child = os.fork()
        if child == 0:
            kill_at, save = number, base / f"kill-{number}" / "game.json"
            play()
            os._exit(0)
        _, status = os.waitpid(child, 0)
        print(number, os.WTERMSIG(status) if os.WIFSIGNALED(status) else "finished")
"""


def _killed_game(tmp_path: Path, mode: str, argument: str) -> str:
    result = subprocess.run(
        [sys.executable, "-c", KILLED_GAME, str(tmp_path), mode, argument],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return result.stdout


def test_a_kill_at_any_point_of_saving_leaves_a_whole_file_that_resumes_without_loss(
    tmp_path: Path,
) -> None:
    whole = bot_session(CAT, 3, 31)
    actions = whole.to_record().actions
    # Every point where a kill could land, in one run: what the save file was just then.
    snapshots = tmp_path / "snapshots"
    snapshots.mkdir()
    _killed_game(tmp_path, "snapshot", str(snapshots))
    points = (snapshots / "points.txt").read_text().splitlines()
    assert len(points) >= 2 * len(actions)  # a save is at least a write and a rename
    saved = [0]  # actions in the save file at each point (0: no file yet)
    for point in range(1, len(points) + 1):
        snapshot = snapshots / f"{point}.json"
        where = f"point {point} ({points[point - 1]})"
        if not snapshot.exists():
            assert saved[-1] == 0, f"the save file vanished at {where}"
            saved.append(0)
            continue
        try:
            record = read_record(snapshot)
        except RecordError as exc:
            raise AssertionError(f"{where}: {exc}") from None
        assert record.actions == actions[: len(record.actions)], where
        saved.append(len(record.actions))
    # Never backwards, and every action was in the file at some point: nothing lost.
    assert saved == sorted(saved)
    assert set(saved) == set(range(len(actions) + 1))
    # Real kills at every point of the first save and of a later one (the tenth, which
    # replaces the file; each killed game replays to there, so an early one keeps this
    # fast), and at the last point: each leaves exactly the file the snapshot showed, and
    # the game resumed from it ends as the uninterrupted one.
    later = 10
    kills = [p for p in range(1, len(points) + 1) if saved[p] in (0, later)] + [len(points)]
    ended = _killed_game(tmp_path, "kill", ",".join(map(str, kills))).splitlines()
    assert ended == [f"{p} {int(signal.SIGKILL)}" for p in kills]
    for point in kills:
        path = tmp_path / f"kill-{point}" / "game.json"
        snapshot = snapshots / f"{point}.json"
        assert path.exists() == snapshot.exists(), f"point {point}"
        if not path.exists():
            continue
        assert path.read_bytes() == snapshot.read_bytes(), f"point {point}"
        session = Session.load(path, CAT)
        assert session.to_record().actions == actions[: len(session.steps)]
        play_to_the_end(session, [make_bot("random", 31, s) for s in range(3)])
        assert session.state == whole.state


def test_simulate_save_dir_files_replay_to_the_printed_scores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        [
            "simulate",
            "--players",
            "3",
            "--games",
            "20",
            "--seed",
            "7",
            "--json",
            "--save-dir",
            str(tmp_path),
        ]
    )
    *printed, summary = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0 and len(printed) == 20 and summary["summary"]["games"] == 20
    for game in printed:
        assert game["bots"] == {"P1": "random", "P2": "random", "P3": "random"}
        path = tmp_path / f"game-3p-{game['seed']}.json"
        assert main(["replay", str(path), "--summary", "--json"]) == 0
        assert json.loads(capsys.readouterr().out) == game
    assert all(
        legal_actions(Session.load(tmp_path / "game-3p-7.json", CAT).state) == () for _ in [0]
    )
    eighth = Session.load(tmp_path / "game-3p-8.json", CAT)
    assert [seat.bot for seat in eighth.seats] == ["random"] * 3
    assert GameResult.of(eighth.state, 8, printed[1]["bots"]).as_json() == printed[1]
