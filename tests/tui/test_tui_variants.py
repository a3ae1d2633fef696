"""The screen with the variants of 2004 (V1-V5): the title names them, the face-up cards of
card-preview are shown with the display, renew has its menu entry, help and narration, the
bags and the planner count steady-digs' debris; a game without variants looks as before."""

from __future__ import annotations

import io
import json
import re
from dataclasses import replace
from math import comb
from pathlib import Path

import pytest
from rich.cells import cell_len

from helpers import CAT, region, setup, start, tokens_of
from terminal import game, text_terminal
from thebes.bots import make_bot
from thebes.cli.main import main
from thebes.records.library import game_files, read_games
from thebes.records.narration import card_name, narrate
from thebes.records.session import Session, default_seats
from thebes.rules import (
    NO_VARIANTS,
    VARIANT_NAMES,
    Dig,
    Dug,
    Renew,
    Variants,
    bag_contents,
    legal_actions,
)
from thebes.tournament.bot_games import play_random_game
from thebes.tui.final import final_view
from thebes.tui.gamelist import DASH, game_line
from thebes.tui.keyshelp import keys_view
from thebes.tui.menu import build_menu, menu_rows, menu_view
from thebes.tui.panels import bags, short_card_name
from thebes.tui.planner import option_sets, site_dig_options
from thebes.tui.replay import ReplayViewer
from thebes.tui.screen import ScreenInfo, game_screen, is_wide, render_text
from thebes.tui.story import Told, face_up_sentence, story, story_panel
from thebes.tui.table import TerminalGame, game_title
from thebes.tui.talk import TableTalk

ALL = Variants.from_names(VARIANT_NAMES)
COLOURS = ("red", "blue")


def new_session(tmp_path: Path, variants: Variants = ALL) -> Session:
    seats = default_seats(["Ann", "Bob"])
    return Session(CAT, seats, 7, variants=variants, autosave=tmp_path / "g.json")


def whole_screen(session: Session, width: int, height: int) -> list[str]:
    """The screen and the menu as the game draws them (menu under the screen); the screen
    keeps to the rows it is given."""
    menu = build_menu(session.state, session.legal_actions())
    below = render_text(menu_view(menu, width), width).splitlines()
    talk = TableTalk(session, colour=False)
    info = ScreenInfo(game_title(session), COLOURS, *talk.events())
    room = height - len(below) - 2  # the prompt and a message
    wide = is_wide(width, height)
    screen = render_text(game_screen(session.state, info, width, room, wide=wide), width)
    assert len(screen.splitlines()) <= room
    return screen.splitlines() + below


@pytest.mark.parametrize(("width", "height"), [(80, 24), (120, 40)])
def test_all_variants_are_named_with_the_face_up_cards_and_entry_15(
    tmp_path: Path, width: int, height: int
) -> None:
    session = new_session(tmp_path)
    lines = whole_screen(session, width, height)
    assert len(lines) <= height - 2 and max(cell_len(line) for line in lines) <= width
    assert lines[0].startswith("Thebes — seeded game, seed 7   to play: Ann   year 1901")
    assert "variants: all" in lines[0]
    # The two cards face up on the draw pile, the next to be drawn first.
    first, second = session.state.deck.face_up
    names = [short_card_name(session.state.catalog, c) for c in (first, second)]
    assert names == ["Gre book 3", "general 1"]
    next_line = "next: Gre book 3 (London 4 wk), then general 1 (Vienna 3 wk)"
    assert sum(next_line in line for line in lines) == 1
    assert any("15 renew display: 2 wk" in line for line in lines)


@pytest.mark.parametrize(("width", "height"), [(80, 24), (120, 40)])
def test_many_events_and_exhibitions_keep_the_screen_in_its_rows(
    tmp_path: Path, width: int, height: int
) -> None:
    # Bots play on until three exhibitions are on show (the face-up line and the
    # exhibitions take the most rows): the events fill the rest, and no more.
    session = new_session(tmp_path)
    bots = [make_bot("greedy", 7, seat) for seat in (0, 1)]
    while len(session.state.exhibitions) < 3 or len(session.steps) < 20:
        seat = session.active_seat
        assert seat is not None
        session.play(bots[seat].choose(session.state, session.legal_actions()))
    lines = whole_screen(session, width, height)  # within its rows, or it fails there
    assert max(cell_len(line) for line in lines) <= width
    # Wide, one to a row; compact, two to a row in short words ("b 5 VP Paris 4 wk: ...").
    wide = r"(^|  )(?P<slot>[abc]) (large|small) exhib\. [45] VP: "
    shown = wide if width > 80 else r"\b(?P<slot>[abc]) [45] VP "
    shows = [m for line in lines for m in re.finditer(shown, line)]
    assert [m.group("slot") for m in shows] == ["a", "b", "c"]


def test_a_few_variants_by_name_when_they_fit_else_by_rule_id(tmp_path: Path) -> None:
    session = new_session(tmp_path, Variants(steady_digs=True, card_preview=True))
    wide = whole_screen(session, 120, 40)[0]
    assert wide.endswith("year 1901   variants: steady-digs, card-preview   · help keys")
    narrow = whole_screen(session, 80, 24)[0]
    # No room for the names and the hint at 80 columns: the rule ids, and the hint goes.
    assert narrow == "Thebes — seeded game, seed 7   to play: Ann   year 1901   variants: V1 V5"
    assert not any("15 renew" in line for line in whole_screen(session, 80, 24))


@pytest.mark.parametrize(("width", "height"), [(80, 24), (120, 40)])
def test_without_variants_the_screen_is_as_it_was(tmp_path: Path, width: int, height: int) -> None:
    lines = whole_screen(new_session(tmp_path, NO_VARIANTS), width, height)
    head = "Thebes — seeded game, seed 7   to play: Ann   year 1901   · help keys"
    assert lines[0].rstrip() == head
    assert not any(line.startswith("next:") for line in lines)
    assert not any("renew" in line or "variants" in line for line in lines)
    # The same display as with the variants (the setup deals it first), in the same rows.
    with_variants = whole_screen(new_session(tmp_path), width, height)
    cards = next(n for n, line in enumerate(lines) if "Cards   draw pile" in line)
    rows = slice(cards, cards + 3)
    for plain, varied in zip(lines[rows], with_variants[rows], strict=True):
        assert plain.rstrip() == varied.rstrip()


def test_renew_from_the_menu_and_typed_told_and_not_undone(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    # Two people: Ann renews by menu number (Enter confirms); Bob tries to undo it, asks
    # for help, and types the action.
    with game(session, "15\n\nundo\nhelp\nrenew\n") as (ui, out):
        ui.run()
    assert [(s.record.player, s.action) for s in session.steps] == [
        ("Ann", Renew()),
        ("Bob", Renew()),
    ]
    text = out.getvalue()
    assert "Cannot undo: Ann's 'renew' revealed new cards from the deck" in text
    assert "exhibit a, retire, renew); 'dig Egypt' opens the planner." in " ".join(text.split())
    assert "renew (menu 15): discard the four display cards and draw four new ones" in text
    assert re.search(r"\n  V3 renew-anywhere +an action anywhere: replace the four display", text)
    # Told in one paragraph: the four new cards at once, then the cards face up after it.
    step = session.steps[0]
    told = story(session)[0].text
    shown = "; ".join(
        f"slot {n + 1} the {card_name(CAT, c)}"
        for n, c in enumerate(session.steps[1].before.display)
    )
    face_up = session.steps[1].before.deck.face_up
    assert told == (
        "Ann renews the display where they stand (2 weeks). "
        f"The display now shows: {shown}. "
        f"Turned up on the draw pile: the {card_name(CAT, face_up[0])}, "
        f"then the {card_name(CAT, face_up[1])}."
    )
    assert step.before.display != session.steps[1].before.display


def test_renew_is_refused_without_its_variant_and_unlisted_when_illegal(tmp_path: Path) -> None:
    session = new_session(tmp_path, Variants(card_preview=True))
    with game(session, "renew\nhelp\n") as (ui, out):
        ui.run()
    text = " ".join(out.getvalue().split())
    assert "Not allowed: renewing the display is the variant renew-anywhere, not played" in text
    assert "exhibit a, retire); 'dig Egypt'" in text and "menu 15" not in text
    # With the variant but a week left before the end: no entry 15.
    state = replace(start(2), variants=ALL)
    for seat in (0, 1):
        state = setup(state, seat, year=1903, week=52)
    numbers = [e.number for e in build_menu(state, legal_actions(state))]
    assert Renew() not in legal_actions(state) and 15 not in numbers


def test_steady_digs_shows_the_debris_aside_and_the_planners_odds_count_the_bag_of_20() -> None:
    egypt = region("Egypt")
    base = start(2)
    kept = tokens_of("Egypt", value=6) + tokens_of("Egypt", value=5) + tokens_of("Egypt", "book")
    base = setup(base, 0, tokens=[*kept, base.site_bonus[egypt]], location="Egypt")
    base = setup(base, 0, cards=[c for c in range(1, 86) if _is_egypt_book(c)][:2])
    steady = replace(base, variants=Variants(steady_digs=True))
    assert bag_contents(base, egypt).debris == 16
    # V1: 6 debris at the start and one from the 10 aside for each token kept.
    assert len(kept) == 3
    assert bag_contents(steady, egypt).debris == 6 + 3
    row = next(line for line in render_text(bags(steady), 100).splitlines() if "Egypt" in line)
    assert row.split()[-3:-1] == ["9", "7"]  # debris, aside
    header = next(line for line in render_text(bags(steady), 100).splitlines() if "site" in line)
    assert header.split()[-4:] == ["debris", "aside", "on", "site"]
    assert "aside" not in render_text(bags(base), 100)
    digs = tuple(a for a in legal_actions(steady) if isinstance(a, Dig) and a.region == egypt)
    assert digs
    for state in (base, steady):
        bag = bag_contents(state, egypt)
        blanks = bag.knowledge + bag.debris
        total = blanks + sum(bag.artifacts_by_value)
        for plan_row in site_dig_options(state, digs, option_sets(digs)[0]).rows:
            expected = 1 - comb(blanks, plan_row.tokens) / comb(total, plan_row.tokens)
            assert plan_row.chance == pytest.approx(expected)
    plain = site_dig_options(base, digs, option_sets(digs)[0]).rows
    fewer_debris = site_dig_options(steady, digs, option_sets(digs)[0]).rows
    assert all(s.chance > b.chance for s, b in zip(fewer_debris, plain, strict=True))


def _is_egypt_book(card_id: int) -> bool:
    card = CAT.card(card_id)
    return card is not None and card.region == region("Egypt") and "book" in card_name(CAT, card_id)


def test_help_keys_follow_the_variants() -> None:
    plain = render_text(keys_view(NO_VARIANTS), 120)
    assert "its debris (always 16: it goes back)" in plain
    assert "next:" not in plain and "V1" not in plain
    text = render_text(keys_view(ALL), 120)
    assert "always 16" not in text
    assert "its debris (6 at first, more as 'aside' empties)" in text
    assert "debris set aside to replace the tokens kept (V1); when none is left, the bag" in text
    assert "next:" in text and "the cards face up on the draw pile" in text
    for number, name in enumerate(VARIANT_NAMES, 1):
        assert f"V{number}" in text and f"the variant {name}" in text


def test_the_games_list_and_the_summary_name_the_variants(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    played = {"all.json": ALL, "two.json": Variants(steady_digs=True, card_preview=True)}
    for name, variants in {**played, "none.json": NO_VARIANTS}.items():
        session = new_session(tmp_path, variants)
        session.play(session.legal_actions()[0])
        session.save(folder / name)
    lines = {
        game.file.path.name: game_line(1, game) for game in read_games(game_files(folder), CAT)
    }
    assert f"  seed 7  V1-V5  1901·1, Ann leads 5{DASH}0" in lines["all.json"]
    assert f"  seed 7  V1 V5  1901·1, Ann leads 5{DASH}0" in lines["two.json"]
    assert f"  seed 7  1901·1, Ann leads 5{DASH}0" in lines["none.json"]
    assert all(len(line) <= 80 for line in lines.values())
    assert main(["games", "--dir", str(folder), "--json"]) == 0
    listed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    by_file = {Path(g["path"]).name: g["variants"] for g in listed}
    assert by_file == {
        "all.json": list(VARIANT_NAMES),
        "two.json": ["steady-digs", "card-preview"],
        "none.json": [],
    }
    assert main(["replay", str(folder / "two.json"), "--summary"]) == 0
    summary = capsys.readouterr().out.splitlines()
    assert summary[1] == "variants: steady-digs, card-preview"
    assert main(["replay", str(folder / "all.json"), "--summary"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "variants: all"
    assert main(["replay", str(folder / "none.json"), "--summary"]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("player ")


def test_a_take_tells_the_card_turned_up_after_the_new_display_card(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    session.play(session.parse("take 2"))
    # The Greece book (3) lay face up first: it fills slot 2, the congress is turned up.
    assert story(session)[0].text.endswith(
        "Slot 2 now shows the Greece book (3). Turned up on the draw pile: the congress."
    )
    congress, car = 77, 71
    assert card_name(CAT, congress) == "congress" and card_name(CAT, car) == "car"
    # The last face-up card drawn with none left face down; a draw that turned none up.
    assert face_up_sentence(CAT, (congress,), (), ()) == [
        "No card is left face up on the draw pile."
    ]
    assert face_up_sentence(CAT, (congress, car), (), (car,)) == []
    assert face_up_sentence(CAT, (congress, car), (congress, car), (congress, car)) == [
        "Turned up on the draw pile: the congress, then the car."
    ]


def test_an_entry_too_long_for_the_panel_is_cut_short_not_left_out() -> None:
    long = Told("1903·44", 0, " ".join(f"word{n}" for n in range(80)))
    short = Told("1903·45", 1, "Bob retires.")
    # The newest does not fit whole: it is shown in a line, cut, and the older one whole.
    text = render_text(story_panel("Since", [short, long], COLOURS, 60, 4), 60).splitlines()
    assert text[0].rstrip() == "Since  (in short: type log)"
    assert len(text) == 3 and text[1].strip() == "1903·45 Bob retires."
    assert text[2].startswith("  1903·44 word0 ") and text[2].rstrip().endswith("…")
    assert "word79" not in "".join(text)
    # The newest fits whole: it is, and the older one has a line of its own, cut.
    text = render_text(story_panel("Since", [long, short], COLOURS, 60, 4), 60).splitlines()
    assert text[0].rstrip() == "Since  (in short: type log)"
    assert text[1].startswith("  1903·44 word0 ") and text[1].rstrip().endswith("…")
    assert text[2].strip() == "1903·45 Bob retires." and len(text) == 3


def test_one_debris_goes_into_the_bag_in_its_place() -> None:
    greek = tokens_of("Greece")
    one = narrate(CAT, ["Ann"], Dug(0, 0, 3, 8, 8, (greek[0],), 7, 1, aside=9))
    two = narrate(CAT, ["Ann"], Dug(0, 0, 3, 8, 8, tuple(greek[:2]), 6, 2, aside=1))
    assert one.endswith(" 1 debris goes into the bag in its place (9 still aside).")
    assert two.endswith(" 2 debris go into the bag in their place (1 still aside).")
    last = narrate(CAT, ["Ann"], Dug(0, 0, 3, 8, 8, (greek[0],), 7, 0, aside=0))
    assert last.endswith(" No debris is left aside to replace it: the bag is 1 token smaller.")


def test_at_80x24_the_screen_menu_message_and_a_two_line_prompt_fit(tmp_path: Path) -> None:
    # Two people, both played by greedy here; before each of Ann's turns the game draws its
    # screen. With renew in the menu it often takes four rows, and a renewal's paragraph
    # fills the events: the prompt that wraps ("again: still furthest back in time") and
    # a message line must still fit under the screen.
    session = new_session(tmp_path)
    bots = [make_bot("greedy", 7, seat) for seat in (0, 1)]
    out = io.StringIO()
    ui = TerminalGame.at_keyboard(session, text_terminal(out, (80, 24)))
    full = 0
    while (seat := session.active_seat) is not None:
        if seat == 0:
            menu = build_menu(session.state, session.legal_actions())
            ui._refresh()  # the game was played on the session: the table's view of it
            ui.talk.say("A message under the menu.")
            out.seek(0)
            out.truncate()
            ui._draw(menu)
            drawn = out.getvalue().splitlines()
            assert len(drawn) + 2 <= 24, "\n".join(drawn)
            full += menu_rows(menu, 80) >= 4 and "type log)" in out.getvalue()
        session.play(bots[seat].choose(session.state, session.legal_actions()))
    assert full  # the case that overflowed happened


@pytest.mark.parametrize(("width", "height"), [(80, 24), (120, 40)])
def test_the_replay_names_the_variants_and_offers_no_command_it_lacks(
    tmp_path: Path, width: int, height: int
) -> None:
    session = new_session(tmp_path)
    bots = [make_bot("greedy", 7, seat) for seat in (0, 1)]
    for _ in range(30):
        seat = session.active_seat
        assert seat is not None
        session.play(bots[seat].choose(session.state, session.legal_actions()))
    session.save(tmp_path / "g.json")
    out = io.StringIO()
    viewer = ReplayViewer(
        Session.load(tmp_path / "g.json", CAT), text_terminal(out, (width, height))
    )
    viewer.position = 30
    viewer._draw()
    lines = out.getvalue().splitlines()
    assert len(lines) <= height - 1 and max(cell_len(line) for line in lines) <= width
    assert lines[0].startswith("Replay — action 30 of 30 — seed 7   to play: ")
    assert lines[0].endswith("variants: all")  # no 'help keys': the replay has no such command
    events = next(line for line in lines if line.startswith("Last events"))
    assert re.fullmatch(r"Last events  \(\d+ earlier(, in short)?\) *", events)  # no log command
    assert any("next: " in line for line in lines)


@pytest.mark.parametrize("variants", [ALL, Variants(steady_digs=True), NO_VARIANTS])
def test_the_final_table_names_the_variants_played(variants: Variants) -> None:
    state = play_random_game(CAT, 2, 3, variants)
    text = render_text(final_view(state, COLOURS, 80), 80)
    lines = [line for line in text.splitlines() if line.startswith("Variants")]
    if not variants:
        assert lines == []
    elif variants == ALL:
        assert lines == ["Variants: all"]
    else:
        assert lines == ["Variants: steady-digs"]
