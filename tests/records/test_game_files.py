"""Game files: round trips, golden games, bad files, autosave and resume."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from helpers import CAT, GOLDEN, score_by_hand
from regen_golden import difference, golden_files
from regen_golden import main as regen_main
from thebes.bots import make_bot
from thebes.catalog.loading import default_data_dir
from thebes.cli.main import main
from thebes.records.gamefile import RecordError, dump_record, read_record, sealed
from thebes.records.session import Session, default_seats
from thebes.rules import VARIANT_NAMES, legal_actions
from thebes.tournament.bot_games import (
    GameResult,
    bot_session,
    play_random_game,
    play_to_the_end,
    score_json,
)

GOLDEN_2P_DIGEST = read_record(GOLDEN / "game-2p-v2.json").digest


def replayed(session: Session, tmp_path: Path) -> Session:
    path = tmp_path / "game.json"
    session.save(path)
    return Session.load(path, CAT)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_save_load_replay_round_trips_with_equal_states_after_every_action(
    players: int, tmp_path: Path
) -> None:
    for seed in range(100):
        original = bot_session(CAT, players, 1000 * players + seed)
        copy = replayed(original, tmp_path)
        assert len(copy.steps) == len(original.steps)
        for ours, theirs in zip(original.steps, copy.steps, strict=True):
            assert ours.before == theirs.before
            assert ours.events == theirs.events
        assert copy.state == original.state
        assert copy.to_record() == original.to_record()


def test_a_session_plays_the_same_game_as_the_bare_engine() -> None:
    for seed in range(5):
        assert bot_session(CAT, 3, seed).state == play_random_game(CAT, 3, seed)


def test_file_is_readable_one_action_a_line() -> None:
    text = (GOLDEN / "game-2p-v2.json").read_text(encoding="utf-8")
    assert '    {"player": "P2", "action": "dig Palestine 8 +assistant", "found": ' in text
    data = json.loads(text)
    assert data["format"] == "thebes-game" and data["format_version"] == 2
    assert dump_record(read_record(GOLDEN / "game-2p-v2.json")) == text


# ---------------------------------------------------------------- golden games


def _artifact_vp_by_hand(record_path: Path) -> dict[str, int]:
    """Artifacts per player from the file alone: the finds' values read straight from
    tokens.yaml, plus 1 for each first dig at a site (checked by hand for game-2p)."""
    regions = yaml.safe_load((default_data_dir() / "tokens.yaml").read_text())["regions"]
    values = {(r, a["name"]): a["value"] for r, data in regions.items() for a in data["artifacts"]}
    data = json.loads(record_path.read_text())
    vp = {p["name"]: 0 for p in data["players"]}
    dug: set[str] = set()
    for entry in data["actions"]:
        words = entry["action"].split()
        if words[0] != "dig":
            continue
        site = words[1]
        if site not in dug:
            dug.add(site)
            vp[entry["player"]] += 1
        vp[entry["player"]] += sum(values.get((site, name), 0) for name in entry.get("found", []))
    return vp


@pytest.mark.parametrize("path", golden_files(), ids=lambda p: p.name)
def test_golden_games_replay_and_score_as_counted_by_hand(path: Path) -> None:
    # Loading checks every recorded draw and the final digest; the scores are then counted
    # again from the tableaux, and the artifacts once more from the file's text alone.
    session = Session.load(path, CAT)
    assert session.is_over
    by_hand = score_by_hand(session.state)
    assert [score_json(s) for s in GameResult.of(session.state, session.seed).scores] == by_hand
    names = [p.name for p in session.state.players]
    artifacts = {name: e["artifacts"] for name, e in zip(names, by_hand, strict=True)}
    assert artifacts == _artifact_vp_by_hand(path)


@pytest.mark.parametrize("path", golden_files(), ids=lambda p: p.name)
def test_golden_files_are_what_the_code_records_now(path: Path) -> None:
    diff = difference(path)
    assert not diff, (
        f"{path.name} is not what the code records for its choices now; if the change is "
        f"meant, run `.venv/bin/python tests/regen_golden.py`.\n{diff}"
    )


def test_the_regeneration_command_shows_the_difference_and_rewrites(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = (GOLDEN / "game-2p-v2.json").read_text(encoding="utf-8")
    path = tmp_path / "game-2p.json"
    path.write_text(good.replace(GOLDEN_2P_DIGEST, "sha256:" + "0" * 32), encoding="utf-8")
    damaged = path.read_text(encoding="utf-8")
    assert regen_main(["--check"], tmp_path) == 1
    out = capsys.readouterr().out
    assert (
        f'-  "digest": "sha256:{"0" * 32}"' in out and f'+  "digest": "{GOLDEN_2P_DIGEST}"' in out
    )
    assert path.read_text(encoding="utf-8") == damaged  # --check writes nothing
    assert regen_main([], tmp_path) == 0
    assert "game-2p.json: rewritten" in capsys.readouterr().out
    assert path.read_text(encoding="utf-8") == good
    assert regen_main(["--check"], tmp_path) == 0
    assert capsys.readouterr().out == "game-2p.json: unchanged\n"


def test_golden_files_cover_two_three_and_four_players() -> None:
    records = [read_record(p) for p in golden_files()]
    counts = sorted(len(r.players) for r in records if not r.variants)
    assert counts == [2, 3, 4]
    # One golden game for each variant, and one with all five; each is checked to show its
    # variants at work in test_game_files_with_variants.py.
    played = sorted(tuple(r.variants) for r in records if r.variants)
    assert played == sorted([(name,) for name in VARIANT_NAMES] + [VARIANT_NAMES])
    assert {len(r.players) for r in records if r.variants} == {2, 3, 4}


# ---------------------------------------------------------------- bad files


def _bad(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    return path


def _golden_text() -> str:
    return (GOLDEN / "game-2p-v2.json").read_text(encoding="utf-8")


def replacing(old: str, new: str) -> Callable[[str], str]:
    def damage(text: str) -> str:
        assert old in text, old
        return text.replace(old, new)

    return damage


BAD_FILES = [
    ("not JSON", lambda t: "this is not json", "not JSON (line 1, column 1"),
    ("truncated", lambda t: t[: len(t) // 2], "the file ends too early (truncated?)"),
    ("not a game", lambda t: '{"hello": 1}', "not a thebes game file"),
    (
        "missing field",
        replacing('  "seed": 2026,\n', ""),
        "missing field 'seed'",
    ),
    (
        "unknown field",
        replacing('"seed": 2026,', '"seed": 2026, "colour_scheme": 3,'),
        "unknown field 'colour_scheme'",
    ),
    (
        "unknown field in an action",
        replacing('"action": "take 1", "cards": [38]', '"action": "take 1", "card": [38]'),
        "action 4: unknown field 'card'",
    ),
    (
        "format version",
        replacing('"format_version": 2', '"format_version": 7'),
        "format version 7 is not supported (this thebes reads versions 1 and 2)",
    ),
    (
        "unknown action",
        replacing('"action": "take 1", "cards": [38]', '"action": "steal 1", "cards": [38]'),
        "action 4: 'steal 1': unknown action 'steal'",
    ),
    (
        "illegal action",
        replacing('"action": "dig Egypt 9", "debris": 1', '"action": "dig Crete 9", "debris": 1'),
        "action 3 (dig Crete 9): not a legal action there: P1 has no specialized knowledge",
    ),
    (
        "impossible token",
        replacing('"found": ["White obelisk"]', '"found": ["Rosetta stone"]'),
        "action 10 (dig Mesopotamia 9): no token 'Rosetta stone' in Mesopotamia",
    ),
    (
        "token drawn twice",
        replacing(
            '"found": ["Oldest tablet", "Gilgamesh tablet", "Palestine book"]',
            '"found": ["White obelisk", "Gilgamesh tablet", "Palestine book"]',
        ),
        "action 14 (dig Mesopotamia 9 +legend): impossible draw: token",
    ),
    (
        "impossible card",
        replacing('"action": "take 3", "cards": [64]', '"action": "take 3", "cards": [36]'),
        "action 1 (take 3): impossible draw: card 36 cannot be drawn",
    ),
    (
        # ImpossibleDraw is a ValueError: it once reached the handler of refused player
        # names, and the file was said to be wrong in its "players".
        "setup card too many",
        replacing('"setup": [36, 50, 25, 56]', '"setup": [36, 50, 25, 56, 5]'),
        "setup: the file records 1 card draw(s) more than the action made",
    ),
    (
        "no such card",
        replacing('"action": "take 3", "cards": [64]', '"action": "take 3", "cards": [96]'),
        "action 1 > cards > 0: should be at most 95, not 96",
    ),
    (
        "too many debris",
        replacing('"action": "dig Egypt 9", "debris": 1', '"action": "dig Egypt 9", "debris": 3'),
        "action 3 (dig Egypt 9): impossible draw: the dig at Egypt draws 1 token, not 3",
    ),
    (
        "wrong player",
        replacing(
            '{"player": "P2", "action": "take 3", "cards": [69]}',
            '{"player": "P1", "action": "take 3", "cards": [69]}',
        ),
        "action 2 (take 3): it was P2's turn, not P1's",
    ),
    (
        "no debris count",
        replacing(', "found": ["White obelisk"], "debris": 0', ', "found": ["White obelisk"]'),
        "action 10 (dig Mesopotamia 9): impossible draw: the file records no debris count",
    ),
    (
        "digest",
        replacing(GOLDEN_2P_DIGEST, "sha256:00000000000000000000000000000000"),
        "the digest sha256:00000000000000000000000000000000 does not match the replayed game",
    ),
]


@pytest.mark.parametrize(("case", "damage", "message"), BAD_FILES, ids=[c[0] for c in BAD_FILES])
def test_bad_file_gives_one_clear_message_exit_2_and_stays_unchanged(
    case: str, damage: object, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = damage(_golden_text())  # type: ignore[operator]
    assert text != _golden_text()
    path = _bad(tmp_path, text)
    before = path.read_bytes()
    code = main(["replay", str(path), "--summary"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith(f"thebes: {path}: ")
    assert message in err, err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert path.read_bytes() == before


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "nope.json"), "--json"]) == 2
    assert "cannot read the game file (No such file or directory)" in capsys.readouterr().err


# ---------------------------------------------------------------- resume, autosave


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
