"""Game files: round trips, golden games, bad files, undo, autosave and resume."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from helpers import CAT
from thebes.bots import make_bot
from thebes.catalog import default_data_dir
from thebes.cli import main
from thebes.record import dump_record, read_record, state_digest
from thebes.rules import IllegalAction, legal_actions, scores
from thebes.session import Session, default_seats
from thebes.simulate import bot_session, play_out, play_random_game, result_json

GOLDEN = Path(__file__).parent / "golden"


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
    text = (GOLDEN / "game-2p.json").read_text(encoding="utf-8")
    assert '    {"player": "P2", "action": "dig Palestine 8 +assistant", "found": ' in text
    data = json.loads(text)
    assert data["format"] == "thebes-game" and data["format_version"] == 1
    assert dump_record(read_record(GOLDEN / "game-2p.json")) == text


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


GOLDEN_SCORES = {
    "game-2p.json": (
        {"P1": (26, 0, 1, 0, 27), "P2": (24, 0, 0, 15, 39)},
        "sha256:1fddaa2eca86c3066452437b5841ea0f",
    ),
    "game-3p.json": (
        {"P1": (8, 0, 3, 3, 14), "P2": (26, 4, 6, 8, 44), "P3": (33, 0, 0, 15, 48)},
        "sha256:a955e2a088c903e706ed83165c264e31",
    ),
    "game-4p.json": (
        {
            "P1": (3, 0, 0, 5, 8),
            "P2": (8, 4, 6, 5, 23),
            "P3": (27, 0, 3, 5, 35),
            "P4": (13, 0, 1, 10, 24),
        },
        "sha256:289f5d6e89cb30ffd8e44ac9f8648e28",
    ),
}


@pytest.mark.parametrize("name", sorted(GOLDEN_SCORES))
def test_golden_games_replay_to_their_pinned_scores_and_digest(name: str) -> None:
    expected, digest = GOLDEN_SCORES[name]
    session = Session.load(GOLDEN / name, CAT)
    assert session.is_over
    assert state_digest(session.state) == digest
    result = {
        p.name: (s.artifacts, s.exhibitions, s.congresses, s.majorities, s.total)
        for p, s in zip(session.state.players, scores(session.state), strict=True)
    }
    assert result == expected
    assert {n: v[0] for n, v in expected.items()} == _artifact_vp_by_hand(GOLDEN / name)


# ---------------------------------------------------------------- bad files


def _bad(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    return path


def _golden_text() -> str:
    return (GOLDEN / "game-2p.json").read_text(encoding="utf-8")


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
        replacing('"format_version": 1', '"format_version": 7'),
        "format version 7 is not supported (this thebes reads version 1)",
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
        replacing('"action": "take 3", "cards": [64]', '"action": "take 3", "cards": [96]'),
        "action 1 (take 3): impossible draw: card 96 cannot be drawn",
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
        replacing(
            "sha256:1fddaa2eca86c3066452437b5841ea0f", "sha256:00000000000000000000000000000000"
        ),
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
    assert "cannot read the file (No such file or directory)" in capsys.readouterr().err


# ---------------------------------------------------------------- undo


def test_undo_takes_back_only_actions_that_revealed_nothing(tmp_path: Path) -> None:
    session = Session(CAT, default_seats(["Ann", "Bob"]), 5, autosave=tmp_path / "a.json")
    assert session.undo_blocker() == "there is no action to take back"
    take = next(a for a in session.legal_actions() if type(a).__name__ == "TakeCard")
    session.play(take)
    assert "revealed new cards" in (session.undo_blocker() or "")
    with pytest.raises(IllegalAction, match="cannot undo"):
        session.undo()
    # An action that reveals nothing (retiring in the last year) can be taken back.
    from dataclasses import replace

    last_year = [replace(p, time=104 + i) for i, p in enumerate(session.state.players)]
    session._state = replace(session.state, players=tuple(last_year))
    before = session.state
    session.play(session.parse("retire"))
    assert session.undo_blocker() is None
    session.undo()
    assert session.state == before and len(session.steps) == 1
    assert len(read_record(tmp_path / "a.json").actions) == 1  # the autosave followed


def test_undo_can_be_turned_off() -> None:
    session = Session(CAT, default_seats(["Ann", "Bob"]), 5, undo=False)
    assert session.undo_blocker() == "undo is turned off for this game"


def test_a_dig_cannot_be_undone() -> None:
    session = bot_session(CAT, 2, 2026)
    while session.steps and not session.steps[-1].record.action.startswith("dig"):
        session.steps.pop()
    session.undo_enabled = True
    assert "revealed tokens" in (session.undo_blocker() or "")


# ---------------------------------------------------------------- resume, autosave


def test_resumed_game_goes_on_exactly_as_the_uninterrupted_one(tmp_path: Path) -> None:
    whole = bot_session(CAT, 4, 77)
    record = whole.to_record()
    for cut in (0, 1, 20, len(record.actions) - 1):
        partial = record.model_copy(update={"actions": record.actions[:cut]})
        path = tmp_path / f"cut{cut}.json"
        # A file saved mid-game carries the digest of the state at that point.
        session = Session.from_record(
            partial.model_copy(update={"digest": state_digest(whole.steps[cut].before)}), CAT
        )
        session.save(path)
        resumed = Session.load(path, CAT)
        play_out(resumed, [make_bot("random", 77, seat) for seat in range(4)])
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


KILLED_GAME = """
import sys, time
from pathlib import Path
from thebes.catalog import default_catalog
from thebes.bots import make_bot
from thebes.session import Session, default_seats

names = ["P1", "P2", "P3"]
session = Session(
    default_catalog(),
    default_seats(names, {n: "random" for n in names}),
    31,
    undo=False,
    autosave=Path(sys.argv[1]),
)
players = [make_bot("random", 31, s) for s in range(3)]
while not session.is_over:
    time.sleep(0.003)
    seat = session.active_seat
    session.play(players[seat].choose(session.state, session.legal_actions()))
"""


def test_killed_game_resumes_from_its_autosave_without_loss(tmp_path: Path) -> None:
    whole = bot_session(CAT, 3, 31)
    cuts = set()
    for delay in (0.0, 0.05, 0.1, 0.15):
        path = tmp_path / "game.json"
        path.unlink(missing_ok=True)
        process = subprocess.Popen([sys.executable, "-c", KILLED_GAME, str(path)])
        deadline = time.monotonic() + 30
        while not path.exists() and time.monotonic() < deadline:
            time.sleep(0.005)
        time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        process.wait()
        session = Session.load(path, CAT)
        cuts.add(len(session.steps))
        assert session.to_record().actions == whole.to_record().actions[: len(session.steps)]
        play_out(session, [make_bot("random", 31, s) for s in range(3)])
        assert session.state == whole.state
    assert len(cuts) > 1  # the kills landed at different points of the game


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
    assert result_json(eighth.state, 8, printed[1]["bots"]) == printed[1]
