"""Games played with variants (V1-V5) in game files and on the command line: the header's
``variants``, what a file without it is, what is refused, replay, resume and simulate."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from helpers import CAT, GOLDEN, edit_text, setup, tokens_of
from terminal import run_with_keys
from thebes.bots import make_bot
from thebes.cli.main import main
from thebes.records.blockers import Blocked, Blocker
from thebes.records.gamefile import RecordError, dump_record, read_record, sealed
from thebes.records.session import Session, default_seats
from thebes.rules import (
    NO_VARIANTS,
    VARIANT_NAMES,
    CardDrawnAndDiscarded,
    CardTurnedUp,
    DisplayRenewed,
    Dug,
    Renew,
    Variants,
    debris_in_bag,
)
from thebes.tournament.bot_games import GameResult, bot_session, play_to_the_end

BASE_HEADER = ["format", "format_version", "rules_version", "seed", "players", "options"]
VARIANT_SETS = [(name,) for name in VARIANT_NAMES] + [VARIANT_NAMES]


def set_id(names: tuple[str, ...]) -> str:
    return "all" if len(names) == len(VARIANT_NAMES) else "+".join(names)


def saved(session: Session, path: Path) -> Path:
    session.save(path)
    return path


# ---------------------------------------------------------------- the header


@pytest.mark.parametrize("names", VARIANT_SETS, ids=set_id)
def test_a_game_with_variants_round_trips_through_its_file(
    names: tuple[str, ...], tmp_path: Path
) -> None:
    variants = Variants.from_names(names)
    for players in (2, 3, 4):
        original = bot_session(CAT, players, 40 + players, "random", variants)
        path = saved(original, tmp_path / f"{players}.json")
        data = json.loads(path.read_text(encoding="utf-8"))
        assert list(data) == [*BASE_HEADER, "variants", "setup", "actions", "digest"]
        assert data["variants"] == list(names)
        copy = Session.load(path, CAT)
        assert copy.variants == variants and copy.state.variants == variants
        for ours, theirs in zip(original.steps, copy.steps, strict=True):
            assert ours.before == theirs.before
            assert ours.events == theirs.events
        assert copy.state == original.state
        assert copy.to_record() == original.to_record()
        assert dump_record(copy.to_record()) == path.read_text(encoding="utf-8")


def test_the_variants_are_one_line_of_the_header_in_the_rulebooks_order(tmp_path: Path) -> None:
    variants = Variants.from_names(["card-preview", "steady-digs"])
    session = Session(CAT, default_seats(["Ann", "Bob"]), 3, variants=variants)
    text = saved(session, tmp_path / "g.json").read_text(encoding="utf-8")
    assert (
        '\n  "options": {"undo": true},\n  "variants": ["steady-digs", "card-preview"],\n' in text
    )
    # V5: the setup holds the four display cards, then the two cards turned up.
    setup = read_record(tmp_path / "g.json").setup
    assert len(setup) == 6
    assert tuple(setup[:4]) == session.state.display
    assert tuple(setup[4:]) == session.state.deck.face_up


def test_a_game_without_variants_is_written_as_before_variants_existed(tmp_path: Path) -> None:
    session = bot_session(CAT, 2, 5)
    text = saved(session, tmp_path / "g.json").read_text(encoding="utf-8")
    assert "variants" not in text
    assert list(json.loads(text)) == [*BASE_HEADER, "setup", "actions", "digest"]
    assert len(read_record(tmp_path / "g.json").setup) == 4
    # The golden games were written before variants existed: they are still what the code
    # writes (test_game_files.py checks it; tests/regen_golden.py regenerates them), and
    # have no variants.
    for name in ("game-2p-v2.json", "game-3p.json", "game-4p.json"):
        golden = (GOLDEN / name).read_text(encoding="utf-8")
        assert "variants" not in golden
        assert Session.load(GOLDEN / name, CAT).variants == NO_VARIANTS


def test_an_empty_variants_list_is_a_game_without_variants(tmp_path: Path) -> None:
    # Left out or empty, it is the same record, with the same digest.
    path = saved(bot_session(CAT, 2, 5), tmp_path / "g.json")
    edit_text(tmp_path, "g.json", '  "setup":', '  "variants": [],\n  "setup":')
    session = Session.load(path, CAT)
    assert session.variants == NO_VARIANTS
    assert "variants" not in dump_record(session.to_record())


# ---------------------------------------------------------------- golden games


def _signs(session: Session) -> set[str]:
    """Each variant's rule checked on every action of a replayed game; what came up."""
    seen: set[str] = set()
    for number, step in enumerate(session.steps):
        before = step.before
        after = session.steps[number + 1].before if number + 1 < len(session.steps) else None
        after = after or session.state
        kinds = [type(e).__name__ for e in step.events]
        seat = next(i for i, p in enumerate(before.players) if p.name == step.record.player)
        if isinstance(step.action, Renew):  # V3, P11: 2 weeks where the player stands
            assert kinds[0] == "DisplayRenewed" and "Travelled" not in kinds
            assert after.players[seat].location == before.players[seat].location
            assert after.players[seat].time == before.players[seat].time + 2
            seen.add("renew-anywhere")
        for event in step.events:
            if isinstance(event, Dug) and before.variants.steady_digs:  # V1, P12
                region = event.region
                for state in (before, after):
                    # 20 tokens while the 10 debris aside last, then one fewer a token kept.
                    kept = len(CAT.bag_tokens[region]) - len(state.bags[region])
                    in_bag = len(state.bags[region]) + debris_in_bag(state, region)
                    assert in_bag == (20 if kept <= 10 else 30 - kept)
                aside = max(0, 10 - (len(CAT.bag_tokens[region]) - len(before.bags[region])))
                assert event.replaced == min(len(event.found), aside)
                seen.add("steady-digs")
            if isinstance(event, DisplayRenewed) and event.player == -1:  # V2
                assert kinds[kinds.index("ExhibitionHeld") + 1] == "DisplayRenewed"
                assert event.discarded == tuple(c for c in before.display if c)
                seen.add("renew-after-exhibition")
            if isinstance(event, CardDrawnAndDiscarded):  # V4 (and P10: after V2's renewal)
                assert kinds[-1] == "CardDrawnAndDiscarded" and event.card in after.deck.discard
                seen.add("more-exhibitions")
        if before.variants.card_preview:  # V5, P13
            turned = [e.card for e in step.events if isinstance(e, CardTurnedUp)]
            if "DeckReshuffled" not in kinds:  # else the new pile's top card is drawn unseen
                assert turned == step.record.cards  # every card is turned up before it is drawn
                order = [*before.deck.face_up, *turned]  # taken from the front
                assert list(after.deck.face_up) == order[len(order) - len(after.deck.face_up) :]
            face_down = sum(p.size for p in after.deck.piles)
            assert len(after.deck.face_up) == 2 or face_down == 0
            seen.add("card-preview")
    return seen


@pytest.mark.parametrize(
    "path",
    [p for p in sorted(GOLDEN.glob("*.json")) if read_record(p).variants],
    ids=lambda p: p.name,
)
def test_the_golden_games_with_variants_show_each_variant_at_work(path: Path) -> None:
    session = Session.load(path, CAT)
    names = read_record(path).variants
    assert session.variants.names == tuple(names) and session.is_over
    assert _signs(session) == set(names)
    assert len(read_record(path).setup) == (6 if "card-preview" in names else 4)


def test_the_golden_card_preview_game_starts_as_worked_out_by_hand() -> None:
    # Dealt 36, 50, 25, 56, then 39 and 21 turned up. P1 takes card 36: the slot gets 39,
    # the first face-up card, and the one drawn (64) is turned up behind 21.
    session = Session.load(GOLDEN / "game-3p-card-preview.json", CAT)
    assert session.setup == [36, 50, 25, 56, 39, 21]
    assert session.start.display == (36, 50, 25, 56) and session.start.deck.face_up == (39, 21)
    first = session.steps[0]
    assert (first.record.action, first.record.cards) == ("take 1", [64])
    after = session.steps[1].before
    assert after.display == (39, 50, 25, 56) and after.deck.face_up == (21, 64)
    assert 36 in after.players[0].cards


# ---------------------------------------------------------------- refused files


def _variant_file(tmp_path: Path, names: tuple[str, ...], seed: int = 8) -> Path:
    session = bot_session(CAT, 2, seed, "random", Variants.from_names(names))
    return saved(session, tmp_path / "g.json")


@pytest.mark.parametrize(
    ("variants", "message"),
    [
        ('["steady-digs", "nope"]', "the variant 'nope' is not one of steady-digs, "),
        ('["Steady-Digs"]', "the variant 'Steady-Digs' is not one of"),
        ('["all"]', "the variant 'all' is not one of"),
        ('["steady-digs", "steady-digs"]', "a variant is named twice"),
        ('"steady-digs"', 'variants: should be a list, not "steady-digs"'),
    ],
)
def test_an_unknown_or_repeated_variant_in_a_file_is_refused_by_name(
    variants: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _variant_file(tmp_path, ("steady-digs",))
    edit_text(tmp_path, "g.json", '"variants": ["steady-digs"]', f'"variants": {variants}')
    with pytest.raises(RecordError) as refused:
        read_record(path)
    assert str(refused.value).startswith(f"{path}: ") and message in str(refused.value)
    assert main(["replay", str(path), "--summary"]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize(
    ("names", "edited"),
    [
        (("steady-digs",), ["steady-digs", "renew-anywhere"]),  # a variant added
        (("steady-digs",), ["steady-digs", "more-exhibitions"]),
        (("steady-digs", "renew-after-exhibition"), ["steady-digs"]),  # one taken away
    ],
)
def test_editing_the_variants_of_a_saved_game_breaks_its_digest(
    names: tuple[str, ...], edited: list[str], tmp_path: Path
) -> None:
    # Without a renewal or an exhibition in the game it replays the same either way: only
    # the digest can tell that the file was changed.
    path = _variant_file(tmp_path, names, seed=9)
    actions = read_record(path).actions
    assert not any(a.action.split()[0] in ("renew", "exhibit") for a in actions)
    edit_text(tmp_path, "g.json", json.dumps(list(names)), json.dumps(edited))
    assert read_record(path).variants == edited
    with pytest.raises(RecordError, match=r"the digest .* does not match the replayed game"):
        Session.load(path, CAT)


def test_variants_added_to_a_game_without_them_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "game-2p.json"
    path.write_bytes((GOLDEN / "game-2p-v2.json").read_bytes())
    edit_text(
        tmp_path, "game-2p.json", '  "setup":', '  "variants": ["renew-anywhere"],\n  "setup":'
    )
    with pytest.raises(RecordError, match="does not match the replayed game"):
        Session.load(path, CAT)


@pytest.mark.parametrize(
    ("removed", "message"),
    [
        # The two cards turned up at setup are two draws too many.
        ("card-preview", "setup: the file records 2 card draw(s) more than the action made"),
        ("renew-anywhere", "action 1 (renew): not a legal action there: renewing the display"),
        ("steady-digs", "does not match the replayed game"),
    ],
)
def test_a_game_replayed_without_a_variant_it_was_played_with_is_refused(
    removed: str, message: str, tmp_path: Path
) -> None:
    path = _variant_file(tmp_path, VARIANT_NAMES, seed=12)
    rest = [n for n in VARIANT_NAMES if n != removed]
    edit_text(tmp_path, "g.json", json.dumps(list(VARIANT_NAMES)), json.dumps(rest))
    with pytest.raises(RecordError) as refused:
        Session.load(path, CAT)
    assert message in str(refused.value)


# ---------------------------------------------------------------- replay and resume


def test_replay_plays_a_file_under_its_own_variants(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = bot_session(CAT, 3, 21, "random", Variants.from_names(VARIANT_NAMES))
    path = saved(session, tmp_path / "g.json")
    assert main(["replay", str(path), "--summary", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["variants"] == list(VARIANT_NAMES)
    bots = {s.name: s.bot for s in session.seats if s.bot is not None}
    assert printed == GameResult.of(session.state, 21, bots).as_json()


@pytest.mark.parametrize("names", [("card-preview",), VARIANT_NAMES], ids=set_id)
def test_a_resumed_game_goes_on_under_its_variants_exactly_as_the_whole_one(
    names: tuple[str, ...], tmp_path: Path
) -> None:
    whole = bot_session(CAT, 3, 77, "random", Variants.from_names(names))
    record = whole.to_record()
    for cut in (0, 1, 25, len(record.actions) - 1):
        partial = record.model_copy(update={"actions": record.actions[:cut]})
        path = tmp_path / f"cut{cut}.json"
        Session.from_record(sealed(partial, whole.steps[cut].before), CAT).save(path)
        resumed = Session.load(path, CAT)
        assert resumed.variants == whole.variants
        play_to_the_end(resumed, [make_bot("random", 77, seat) for seat in range(3)])
        assert resumed.state == whole.state
        assert resumed.to_record() == record


def test_an_exhibition_that_renews_the_display_cannot_be_undone() -> None:
    # In the 2007 game an exhibition reveals nothing and can be taken back; under V2 it
    # deals four new cards, which the table has then seen.
    for names, blocked in ((), False), (("renew-after-exhibition",), True):
        session = Session(
            CAT, default_seats(["Ann", "Bob"]), 1, variants=Variants.from_names(names)
        )
        state = replace(session.state, exhibitions=(86,))
        state = setup(state, 0, tokens=tokens_of("Greece")[:1] + tokens_of("Egypt")[:2])
        session._state = state
        session.play(session.parse("exhibit a"))
        reason = session.undo_blocker()
        assert (reason is not None) == blocked, reason
        if blocked:
            exhibit = session.parse("exhibit a")
            assert reason == Blocker(Blocked.CARDS_REVEALED, 0, exhibit)  # Ann's 'exhibit a'


# ---------------------------------------------------------------- the command line


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_an_unknown_variant_on_the_command_line_exits_2_naming_it(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([command, "--variant", "nope", "--save" if command == "play" else "--games", "1"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "argument --variant: no variant 'nope' (variants: steady-digs, " in err
    assert "card-preview, or all)" in err and "Traceback" not in err


def test_simulate_with_all_variants_reports_them_and_saves_files_that_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "--variant", "all", "--games", "2", "--players", "2", "--bots", "greedy"]
    code = main([*args, "--json", "--save-dir", str(tmp_path)])
    *games, summary = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0 and len(games) == 2 and summary["summary"]["games"] == 2
    for game in games:
        assert game["variants"] == list(VARIANT_NAMES)
        path = tmp_path / f"game-2p-{game['seed']}.json"
        assert read_record(path).variants == list(VARIANT_NAMES)
        assert main(["replay", str(path), "--summary", "--json"]) == 0
        assert json.loads(capsys.readouterr().out) == game


def test_simulate_in_parallel_plays_the_same_variant_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The variants travel to the worker processes with each game.
    args = ["simulate", "--variant", "all", "--games", "3", "--players", "3", "--json"]
    assert main([*args, "--jobs", "2"]) == 0
    parallel = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == parallel
    *games, _ = parallel.splitlines()
    assert [json.loads(game)["variants"] for game in games] == [list(VARIANT_NAMES)] * 3


@pytest.mark.parametrize(
    ("given", "played"),
    [
        (["card-preview", " Steady-Digs "], ["steady-digs", "card-preview"]),
        (["renew-anywhere", "renew-anywhere"], ["renew-anywhere"]),
        (["steady-digs", "all"], list(VARIANT_NAMES)),
        ([], []),
    ],
)
def test_simulate_plays_the_variants_named_each_once_in_the_rulebooks_order(
    given: list[str], played: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    variant_args = [arg for name in given for arg in ("--variant", name)]
    assert main(["simulate", "--players", "2", "--seed", "3", "--json", *variant_args]) == 0
    game = json.loads(capsys.readouterr().out.splitlines()[0])
    assert game["variants"] == played


def test_play_with_variants_saves_them_and_resume_plays_on_under_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Ten moves with `play`, ten more after `resume`: both are the reference game's, which
    # was played with these variants (it renews the display and previews cards).
    variants = Variants.from_names(["renew-anywhere", "card-preview"])
    reference = bot_session(CAT, 2, 11, "random", variants).to_record().actions[:20]
    moves = [entry.action for entry in reference]
    assert "renew" in moves
    path = tmp_path / "game.json"
    args = ["play", "--players", "P1,P2", "--seed", "11", "--save", str(path)]
    args += ["--variant", "card-preview", "--variant", "renew-anywhere"]
    assert run_with_keys(args, "\n".join(moves[:10]) + "\n") == 0
    assert read_record(path).variants == ["renew-anywhere", "card-preview"]
    assert read_record(path).actions == reference[:10]
    assert run_with_keys(["resume", str(path), "--no-color"], "\n".join(moves[10:]) + "\n") == 0
    capsys.readouterr()
    assert read_record(path).actions == reference
    assert Session.load(path, CAT).variants == variants
