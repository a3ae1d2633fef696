"""`thebes hint FILE [--at N] [--json]`: the table's hint for a position of a saved game,
the same as the analysis of that position gives, and refusals for positions with nobody to
move."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import ANALYSIS_GAMES
from thebes.analysis.game_review import analyze, open_game
from thebes.analysis.hints import CANDIDATES, Hinter
from thebes.cli.main import main
from thebes.rules import active_seat

GAME = ANALYSIS_GAMES / "game-2p-301.json"


def test_hint_json_lists_the_judges_candidates_as_the_analysis_values_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["hint", str(GAME), "--at", "20", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    game = open_game(GAME)
    state = game.session.steps[20].before
    seat = active_seat(state)
    assert seat is not None
    assert (data["at"], data["player"]) == (20, game.names[seat])
    hints = Hinter().hints(state, CANDIDATES)
    assert [c["action"] for c in data["candidates"]] == [h.notation for h in hints]
    values = [c["value"] for c in data["candidates"]]
    assert values == sorted(values, reverse=True)
    assert data["candidates"][0]["loss"] == 0 and data["candidates"][0]["label"] == ""
    # The analysis of the action played there gives every candidate the same verdict.
    (move,) = analyze(game, numbers=[21], jobs=1).moves
    analysed = {c.action: (round(c.value, 2), round(c.loss, 2), c.label) for c in move.candidates}
    for candidate in data["candidates"]:
        verdict = (candidate["value"], candidate["loss"], candidate["label"])
        assert analysed[candidate["action"]] == verdict


def test_hint_text_names_the_player_and_says_the_measure(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["hint", str(GAME), "--at", "0"]) == 0
    out = capsys.readouterr().out
    first = out.splitlines()[0]
    assert first.startswith("Hint for ") and "after 0 actions" in first
    assert "margin " in out and " VP" in out
    assert "final margin over your best rival you can expect" in out.replace("\n", " ")


def test_a_position_with_nobody_to_move_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    actions = open_game(GAME).actions
    assert main(["hint", str(GAME)]) == 2  # a finished game: nobody is to move at its end
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nobody is to move" in err and f"0 to {actions - 1}" in err
    assert main(["hint", str(GAME), "--at", str(actions + 5)]) == 2
    err = capsys.readouterr().err
    assert f"the game has {actions} actions" in err
    with pytest.raises(SystemExit) as exit_:
        main(["hint", str(GAME), "--at", "-1"])
    assert exit_.value.code == 2
