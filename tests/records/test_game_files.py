"""Game files: round trips, golden games and bad files (saving and resuming:
test_autosave_and_resume.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from helpers import CAT, GOLDEN, score_by_hand
from regen_golden import difference, golden_files
from regen_golden import main as regen_main
from thebes.catalog.loading import default_data_dir
from thebes.cli.main import main
from thebes.records.gamefile import dump_record, read_record
from thebes.records.session import Session
from thebes.rules import VARIANT_NAMES
from thebes.tournament.bot_games import (
    GameResult,
    bot_session,
    play_random_game,
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
