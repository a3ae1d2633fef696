"""Hints: the ranking, its reasons, and the marks they leave in a game
file (an action taken after a hint, a game played with --no-hints)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from helpers import CAT
from regen_golden import golden_files
from thebes.analysis.hints import Hinter, reason, signed
from thebes.analysis.judge import Judge, position_seed, without_weeks
from thebes.analysis.playouts import Evaluator
from thebes.bots.greedy import GreedyPlayer
from thebes.records.blockers import Blocked, Blocker, SessionRefused
from thebes.records.gamefile import RecordError, dump_record, read_record, sealed
from thebes.records.session import Session, default_seats
from thebes.rules import Dig, Exchange, Exhibit, Retire, TakeCard, legal_actions
from thebes.tournament.bot_games import bot_session
from thebes.tui.planner import site_dig_options

NB = "\u00a0"  # between a number and its unit
FAST = Judge(playouts=3)  # enough to rank; the tests check what is done, not its quality


def opening(tmp_path: Path | None = None, seed: int | None = 7, hints: bool = True) -> Session:
    """Ann and Bob, seed 7: the display deals 1 Palestine book (3), 2 Egypt book (2),
    3 general knowledge (2), 4 congress."""
    autosave = None if tmp_path is None else tmp_path / "g.json"
    return Session(CAT, default_seats(["Ann", "Bob"]), seed, hints=hints, autosave=autosave)


def human_replay(seed: int, actions: int) -> Session:
    """The first ``actions`` actions of a random bots' game (seed ``seed``), played again
    by two people at the keyboard."""
    reference = bot_session(CAT, 2, seed)
    session = Session(CAT, default_seats([p.name for p in reference.state.players]), seed)
    for step in reference.steps[:actions]:
        session.play(step.action)
    return session


# ---------------------------------------------------------------- the ranking


def test_a_hint_is_the_same_for_the_same_position_best_lead_first() -> None:
    state = opening().state
    first = Hinter(FAST).hints(state)
    again = Hinter(FAST).hints(state)
    assert first == again
    assert len(first) == 3
    values = [h.value for h in first]
    assert values == sorted(values, reverse=True)
    assert first[0].loss == 0 and first[0].label == ""
    assert [h.loss for h in first[1:]] == [round(values[0] - v, 2) for v in values[1:]]
    legal = legal_actions(state)
    for hint in first:
        assert hint.action in legal
        assert hint.notation == opening().notation(hint.action)
        assert opening().parse(hint.notation) == hint.action  # the player can type it
        assert 0 < hint.error < 100


def test_a_hint_depends_on_the_position_alone_not_on_the_game_seed() -> None:
    seeded = opening(seed=7)
    for text in ("take 2", "take 1", "take 3"):
        seeded.play(seeded.parse(text))
    # The same game without a seed: the file's draws replay it to the same position.
    record = seeded.to_record().model_copy(update={"seed": None})
    unseeded = Session.from_record(sealed(record, seeded.state), CAT)
    assert unseeded.seed is None and unseeded.state == seeded.state
    assert position_seed(unseeded.state) == position_seed(seeded.state)
    assert Hinter(FAST).hints(unseeded.state) == Hinter(FAST).hints(seeded.state)
    # Another position gets another seed for its playouts.
    assert position_seed(seeded.steps[-1].before) != position_seed(seeded.state)


def test_a_hint_changes_nothing_in_the_game() -> None:
    # That it draws nothing from the game's chance: the Hinter is given the state alone,
    # and the test above finds the same hint in a seeded and an unseeded game.
    session = opening()
    session.play(session.parse("take 2"))
    state = session.state
    Hinter(FAST).hints(session.state)
    session.note_hint()
    assert session.state is state and len(session.steps) == 1
    assert session.to_record().actions[-1].hinted is False  # the mark waits for the action


def test_the_candidates_keep_one_dig_of_each_plan() -> None:
    session = human_replay(8, 42)
    state = session.state
    legal = legal_actions(state)
    assert sum(isinstance(a, Dig) for a in legal) > 12  # many lengths of the same digs
    chosen = Evaluator(1).candidates(state, legal, len(legal), same=without_weeks)
    plans = [replace(a, weeks=0) for a in chosen if isinstance(a, Dig)]
    assert plans and len(plans) == len(set(plans))


# ---------------------------------------------------------------- the reasons


def test_a_digs_reason_gives_the_planners_odds() -> None:
    session = opening()
    for text in ("take 2", "take 1"):  # Ann: the Egypt book (2); Bob: the Palestine book
        session.play(session.parse(text))
    state = session.state
    dig = session.parse("dig Egypt 8")
    assert isinstance(dig, Dig)
    row = site_dig_options(state, (dig,), replace(dig, weeks=0)).rows[0]
    judge = GreedyPlayer().judge(CAT)
    expected = (
        f"{row.tokens}{NB}token: {row.artifacts:.2f}{NB}artifacts, {row.vp:.2f}{NB}VP expected"
    )
    assert reason(state, dig, judge) == expected + " (the site's artifact included)"
    # As the planner test reads them: 1 token of 30 plus the site's artifact.
    assert reason(state, dig, judge).startswith(f"1{NB}token: 1.40{NB}artifacts, 2.17{NB}VP")


def test_a_digs_reason_gives_the_chance_of_an_artifact_once_the_site_is_dug() -> None:
    session = human_replay(8, 42)
    state = session.state
    digs = [
        a for a in legal_actions(state) if isinstance(a, Dig) and not state.site_bonus[a.region]
    ]
    dig = max(digs, key=lambda d: d.weeks)
    row = site_dig_options(state, (dig,), replace(dig, weeks=0)).rows[0]
    text = reason(state, dig, GreedyPlayer().judge(CAT))
    assert text.endswith(f"VP expected; {row.chance:.0%} for at least one")
    assert f"{row.artifacts:.2f}{NB}artifacts, {row.vp:.2f}{NB}VP" in text


def test_a_takes_reason_is_what_the_card_adds_to_the_outlook() -> None:
    state = opening().state
    judge = GreedyPlayer().judge(CAT)

    def gain(action: TakeCard) -> str:
        return signed(judge.values(state, [action])[0] - judge.outlook.of(state, 0))

    egypt, congress = TakeCard(1), TakeCard(3)
    assert reason(state, egypt, judge) == (
        f"Egypt book (2): knowledge 0 -> 2, takes the majority; outlook {gain(egypt)}{NB}VP"
    )
    assert reason(state, congress, judge) == (
        f"congress: your 1st, 0 -> 1{NB}VP; outlook {gain(congress)}{NB}VP"
    )
    assert reason(state, TakeCard(2), judge).startswith("general knowledge (2): general 0 -> 2")


def test_the_reasons_of_an_exchange_an_exhibition_and_retiring() -> None:
    judge = GreedyPlayer().judge(CAT)
    state = opening().state
    # What an exchange adds to the outlook, signed: at the opening it is less than nothing
    # (the display as dealt promises more than a new one, and the exchange costs weeks).
    change = judge.values(state, [Exchange()])[0] - judge.outlook.of(state, 0)
    assert change < 0
    assert reason(state, Exchange(), judge) == (
        f"four new display cards in Warsaw; outlook {signed(change)}{NB}VP with the best of them"
    )
    exhibiting = human_replay(8, 40).state
    exhibit = next(a for a in legal_actions(exhibiting) if isinstance(a, Exhibit))
    card = CAT.card(exhibiting.exhibitions[exhibit.slot])
    assert f", {card.value}{NB}VP: in reach, you hold the artifacts it needs" in reason(
        exhibiting, exhibit, judge
    )
    late = human_replay(8, 43).state
    assert Retire() in legal_actions(late)
    assert reason(late, Retire(), judge).startswith("no more turns: ")


def test_signed_figures_never_read_minus_zero() -> None:
    assert [signed(v) for v in (-0.04, 0.0, 0.04, -0.05001, 2.35, -12.0)] == [
        "+0.0",
        "+0.0",
        "+0.0",
        "-0.1",
        "+2.4",
        "-12.0",
    ]


# ---------------------------------------------------------------- the record


def test_a_hinted_action_is_marked_in_the_file_and_the_mark_survives_resume(
    tmp_path: Path,
) -> None:
    session = opening(tmp_path)
    session.note_hint()
    session.play(session.parse("take 2"))
    session.play(session.parse("take 1"))  # Bob asked for nothing
    text = (tmp_path / "g.json").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if '"player"' in line]
    assert lines[0].endswith('"cards": [77], "hinted": true},')
    assert "hinted" not in lines[1]
    resumed = Session.load(tmp_path / "g.json", CAT)
    assert [s.record.hinted for s in resumed.steps] == [True, False]
    assert resumed.hints_used() == {"Ann": 1}
    assert dump_record(resumed.to_record()) == text  # saved again exactly as it was
    # The mark is part of the record: taking it out by hand is refused like any edit.
    (tmp_path / "edited.json").write_text(text.replace(', "hinted": true', ""), "utf-8")
    with pytest.raises(RecordError, match="does not match the replayed game"):
        Session.load(tmp_path / "edited.json", CAT)


def test_files_without_hints_are_written_and_digested_as_before() -> None:
    for path in golden_files():
        text = path.read_text(encoding="utf-8")
        assert "hint" not in text
        record = read_record(path)
        assert "hinted" not in json.dumps(record.model_dump(mode="json"))
        session = Session.from_record(record, CAT)  # the digest is checked here
        assert session.hints_enabled and session.hints_used() == {}
        if record.format_version == 2:
            assert dump_record(session.to_record()) == text


def test_no_hints_is_kept_in_the_header_and_refuses_a_hint(tmp_path: Path) -> None:
    session = opening(tmp_path, hints=False)
    session.play(session.parse("take 2"))
    text = (tmp_path / "g.json").read_text(encoding="utf-8")
    assert '  "options": {"undo": true, "hints": false},' in text
    resumed = Session.load(tmp_path / "g.json", CAT)
    assert resumed.hints_enabled is False
    assert resumed.hint_blocker() == Blocker(Blocked.HINTS_OFF)
    with pytest.raises(SessionRefused) as refused:
        resumed.note_hint()
    assert refused.value.blocker == Blocker(Blocked.HINTS_OFF)
    allowed = opening(tmp_path / "other", hints=True)
    assert allowed.hint_blocker() is None
    assert '"options": {"undo": true},' in dump_record(allowed.to_record())


@pytest.mark.parametrize(
    ("bots", "hints", "message"),
    [
        ({}, False, "action 1 is marked hinted, but hints are off"),
        ({"Ann": "greedy"}, True, "action 1 is marked hinted, but a bot took it"),
    ],
)
def test_a_mark_no_game_could_have_written_is_refused(
    tmp_path: Path, bots: dict[str, str], hints: bool, message: str
) -> None:
    session = Session(CAT, default_seats(["Ann", "Bob"], bots), 7, hints=hints)
    session.play(session.parse("take 2"))
    record = session.to_record()
    marked = record.model_copy(
        update={"actions": [record.actions[0].model_copy(update={"hinted": True})]}
    )
    path = tmp_path / "marked.json"
    path.write_text(dump_record(sealed(marked, session.state)), encoding="utf-8")
    with pytest.raises(RecordError, match=message):
        Session.load(path, CAT)


def test_undo_drops_the_mark_with_the_action() -> None:
    session = human_replay(8, 40)
    exhibit = next(a for a in session.legal_actions() if isinstance(a, Exhibit))
    session.note_hint()
    session.play(exhibit)
    assert session.steps[-1].record.hinted and session.hints_used() == {"P2": 1}
    session.undo()
    assert len(session.steps) == 40 and session.hints_used() == {}
    assert not session.hint_seen  # the hint was for the position undone
    session.play(exhibit)
    assert not session.steps[-1].record.hinted


def test_bots_never_get_a_hint_and_a_bots_game_records_none() -> None:
    session = Session(CAT, default_seats(["A", "B"], {"A": "greedy", "B": "random"}), 3)
    assert session.hint_blocker() == Blocker(Blocked.BOTS_TURN, 0)
    with pytest.raises(SessionRefused):
        session.note_hint()
    whole = bot_session(CAT, 3, 4, level="greedy")
    assert whole.hints_used() == {}
    assert "hinted" not in dump_record(whole.to_record())


def test_no_hint_once_the_game_is_over() -> None:
    session = human_replay(8, 10_000)
    assert session.is_over
    assert session.hint_blocker() == Blocker(Blocked.GAME_OVER)
    with pytest.raises(ValueError, match="the game is over"):
        Hinter(FAST).hints(session.state)
