"""Steady digs (V1) as the 2004 rules print them, checked with game files written by hand.

The files use only the public format (docs/game-files.md, docs/notation.md; card ids of
data/cards.yaml, token names of data/tokens.yaml) and no seed, so the replay takes exactly
the draws they record and checks that the bags could have given them. What the bags hold
after each dig is worked out below from the 2004 text ("Fouilles alternatives": 12
artifacts, 2 knowledge tokens and 6 debris in each bag, the other 10 debris set aside, each
token kept replaced by one of them while any is left), never read off the program first.
Beside them: files of the old reading (thebes-2007.1, bags of 30) are refused, not replayed
under the new rule.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from helpers import CAT, GOLDEN, LEGACY, region
from terminal import text_terminal
from thebes.cli.main import main
from thebes.records.gamefile import RecordError
from thebes.records.narration import narrate
from thebes.records.session import Session
from thebes.rules import Dug, FirstDigBonus, bag_contents, debris_aside, dig_odds
from thebes.tui.panels import bags
from thebes.tui.screen import render_text

ANN, BOB = "Ann", "Bob"
GREECE = region("Greece")
NO_DIGEST = "sha256:" + "0" * 32


def take(player: str, slot: int, refill: int) -> dict[str, Any]:
    """A player takes display card ``slot`` (1-4); ``refill`` comes off the draw pile."""
    return {"player": player, "action": f"take {slot}", "cards": [refill]}


def dig(player: str, what: str, found: list[str], debris: int) -> dict[str, Any]:
    """A dig (``what``: site, weeks and options) that kept ``found`` and drew ``debris``."""
    return {"player": player, "action": f"dig {what}", "found": found, "debris": debris}


# A 2-player game (S7: the first 40 cards of the draw pile are researcher cards, so every
# refill below is a plausible draw of any researcher card not seen yet). The display dealt:
# card 9 (Greece book 3, Berlin, 4 weeks), 8 (Greece book 3, London, 4 weeks), 6 and 7
# (Greece book 2, Rome, 2 weeks each). Both markers start in week 1 of 1901 in Warsaw,
# Ann's on top (S2, S4); the player furthest back in time moves (T1, T2). Knowledge at
# Greece and the tokens each dig draws come from the time wheel (data/board.yaml).
SETUP = [9, 8, 6, 7]
ACTIONS = [
    # 1. Ann: Warsaw-Berlin 1 week, card 9, 4 weeks: week 6. Refill: 75 (special permit,
    #    London, 3 weeks).
    take(ANN, 1, refill=75),
    # 2. Bob (week 1): Warsaw-Rome 2 weeks, card 6, 2 weeks: week 5. Refill: 4 (Greece
    #    book 1, Rome, 1 week).
    take(BOB, 3, refill=4),
    # 3. Bob (5): card 4 where he stands, 1 week: week 6, on top of Ann's marker. Refill:
    #    76 (special permit, Moscow, 3 weeks).
    take(BOB, 3, refill=76),
    # 4. Bob (6, on top): card 7, 2 weeks: week 8. Refill: 80 (a congress, never taken).
    take(BOB, 4, refill=80),
    # 5. Ann (6): Berlin-London 1 week, card 8, 4 weeks: week 11. Refill: 81 (a congress).
    take(ANN, 2, refill=81),
    # 6. Bob (8), the first dig at Greece: books 2+1+2 = 5, 11 weeks: the wheel gives 7
    #    tokens. Rome-Greece 1 + 11 weeks: week 20. He keeps 2 artifacts and the general
    #    knowledge token, draws 4 debris (of the 6 a fresh bag holds), and takes the
    #    Olympia helmet lying on the site.
    dig(BOB, "Greece 11", ["Seal of Troy", "Attic cup", "General book"], debris=4),
    # 7. Ann (11): card 75 in London, 3 weeks: week 14. Refill: 82 (a congress).
    take(ANN, 1, refill=82),
    # 8. Ann (14): books 3+3 = 6, 12 weeks: 8 tokens. London-Greece 3 + 12 weeks: week 29.
    #    She keeps 4 artifacts and the Crete book token, and draws 3 debris.
    dig(
        ANN,
        "Greece 12",
        ["Artemision Zeus", "Parthenon frieze", "Priam's treasure", "Bronze horse", "Crete book"],
        debris=3,
    ),
    # 9. Bob (20): Greece-Moscow 2 weeks, card 76, 3 weeks: week 25. Refill: 83 (congress).
    take(BOB, 3, refill=83),
    # 10. Bob (25): his Greece permit is used this year, so the special permit pays. Books
    #     5, and his general token counts 1 (no more than the books): 6, 12 weeks: 8
    #     tokens. Moscow-Greece 2 + 12 weeks: week 39. He keeps 4 artifacts, 4 debris.
    dig(
        BOB,
        "Greece 12 +permit",
        ["Mask of Agamemnon", "Charioteer of Delphi", "Venus de Milo", "Omphalos of Delphi"],
        debris=4,
    ),
    # 11. Ann (29): at Greece, special permit 75, books 6 (the Crete book does not count
    #     here), 12 weeks: 8 tokens, week 41. She keeps 1 artifact and draws 7 debris.
    dig(ANN, "Greece 12 +permit", ["Marble statue of Pallas"], debris=7),
]

# The Greece bag, by hand. At setup: 12 artifacts (the 13th, the Olympia helmet, lies on
# the site), the Crete book and the General book tokens and 6 debris: 20 tokens; 16 - 6 =
# 10 debris aside. Each row: the action, tokens kept from the bag, debris put back from
# aside, debris still aside, then the bag's size and its debris after the dig.
#   6: 3 kept, 3 put back: 7 aside; 11 others + 9 debris = 20 (the helmet is not replaced)
#   8: 5 kept, 5 put back: 2 aside; 6 + 14 = 20
#  10: 4 kept, only 2 aside: both put back, 0 aside; 2 + 16 = 18, 4 - 2 = 2 tokens fewer
#  11: 1 kept, nothing aside: 1 + 16 = 17, one token fewer
GREECE_DIGS = [
    (6, 3, 3, 7, 20, 9),
    (8, 5, 5, 2, 20, 14),
    (10, 4, 2, 0, 18, 16),
    (11, 1, 0, 0, 17, 16),
]


def game_record(
    actions: list[dict[str, Any]], *, steady: bool = True, version: str | None = None
) -> dict[str, Any]:
    """The file's JSON: Ann and Bob at one table, no seed, with steady-digs or without."""
    record: dict[str, Any] = {
        "format": "thebes-game",
        "format_version": 2,
        "rules_version": version or ("thebes-2007.2" if steady else "thebes-2007.1"),
        "seed": None,
        "players": [
            {"name": ANN, "colour": "red", "kind": "human"},
            {"name": BOB, "colour": "blue", "kind": "human"},
        ],
        "options": {"undo": True},
    }
    if steady:
        record["variants"] = ["steady-digs"]
    return {**record, "setup": SETUP, "actions": actions, "digest": NO_DIGEST}


def write(path: Path, record: dict[str, Any]) -> Path:
    path.write_text(json.dumps(record, indent=1), encoding="utf-8")
    return path


def refusal(path: Path) -> str:
    """Session.load's message for ``path``: one line, the path written as F."""
    with pytest.raises(RecordError) as info:
        Session.load(path, CAT)
    message = str(info.value)
    assert "\n" not in message and message.startswith(f"{path}: "), message
    return message.replace(str(path), "F")


def sealed_file(path: Path, record: dict[str, Any]) -> Path:
    """``record`` written with the digest the loader expects. The digest is a seal over the
    record and the replayed state, not what these tests check; the public way a person
    learns it is the loader's refusal of a wrong one, so that is how it is filled in here.
    A refusal for any other reason (a draw or an action the rules refuse) fails the test."""
    found = re.fullmatch(
        r"F: the digest \S+ does not match the replayed game \((sha256:[0-9a-f]{32})\): .*",
        refusal(write(path, record)),
    )
    assert found is not None
    return write(path, {**record, "digest": found.group(1)})


@pytest.fixture
def crafted(tmp_path: Path) -> Path:
    return sealed_file(tmp_path / "steady.json", game_record(ACTIONS))


def test_every_bag_starts_with_20_tokens_and_10_debris_aside(crafted: Path, tmp_path: Path) -> None:
    start = Session.load(crafted, CAT).start
    for r in range(len(CAT.regions)):
        bag = bag_contents(start, r)
        # 12 artifacts, a book token and a general token, 6 debris; 16 - 6 debris aside.
        assert (bag.artifacts, bag.knowledge, bag.debris, bag.size) == (12, 2, 6, 20)
        assert debris_aside(start, r) == 10
    plain_file = sealed_file(tmp_path / "plain.json", game_record(ACTIONS[:5], steady=False))
    plain = Session.load(plain_file, CAT)
    # Without the variant: the 2007 bag of S5, all 16 debris in it, none aside.
    assert bag_contents(plain.start, GREECE).size == 30
    assert debris_aside(plain.start, GREECE) == 0


def test_each_token_kept_is_replaced_from_the_debris_aside_until_none_is_left(
    crafted: Path,
) -> None:
    session = Session.load(crafted, CAT)
    for number, kept, replaced, aside, size, debris in GREECE_DIGS:
        step = session.steps[number - 1]
        after = session.steps[number].before if number < len(session.steps) else session.state
        dug = next(e for e in step.events if isinstance(e, Dug))
        assert (len(dug.found), dug.replaced, dug.aside) == (kept, replaced, aside), number
        assert debris_aside(after, GREECE) == aside
        bag = bag_contents(after, GREECE)
        assert (bag.size, bag.debris) == (size, debris), number
    # The Olympia helmet on the site went to the first digger and was never in the bag.
    bonus = [e.token for e in session.steps[5].events if isinstance(e, FirstDigBonus)]
    assert [CAT.token(t).name for t in bonus] == ["Olympia helmet"]
    # No other bag was touched: 20 tokens each, 10 debris aside.
    for r in range(len(CAT.regions)):
        if r != GREECE:
            assert (bag_contents(session.state, r).size, debris_aside(session.state, r)) == (20, 10)


def test_the_narration_says_what_went_back_into_the_bag(crafted: Path) -> None:
    session = Session.load(crafted, CAT)
    endings = {
        6: "3 debris go into the bag in their place (7 still aside).",
        8: "5 debris go into the bag in their place (2 still aside).",
        10: "2 debris go into the bag, the last set aside: the bag is 2 tokens smaller.",
        11: "No debris is left aside to replace it: the bag is 1 token smaller.",
    }
    for number, ending in endings.items():
        dug = next(e for e in session.steps[number - 1].events if isinstance(e, Dug))
        assert narrate(CAT, [ANN, BOB], dug).endswith(" " + ending)


def test_a_dig_after_the_debris_aside_ran_out_draws_from_the_smaller_bag(crafted: Path) -> None:
    before = Session.load(crafted, CAT).steps[10].before
    bag = bag_contents(before, GREECE)
    # Left: the Attic owl coin (1 VP), the Marble statue of Pallas (2 VP), 16 debris.
    assert bag.artifacts_by_value[:3] == (0, 1, 1) and (bag.knowledge, bag.size) == (0, 18)
    odds = dig_odds(before, GREECE, 8)
    # 8 of 18: 8 x 2/18 artifacts, 8 x 3/18 VP; none found with C(16, 8) / C(18, 8) =
    # (10 x 9) / (18 x 17) = 5/17. From a bag still of 20 it would be 8 x 2/20.
    assert (odds.tokens, odds.bonus) == (8, False)
    assert odds.artifacts == pytest.approx(8 / 9)
    assert odds.vp == pytest.approx(4 / 3)
    assert odds.at_least_one == pytest.approx(12 / 17)


def test_the_replayed_game_scores_the_tokens_the_file_records(crafted: Path) -> None:
    out, errors = io.StringIO(), io.StringIO()
    code = main(["replay", str(crafted), "--summary"], text_terminal(out, errors=errors))
    assert (code, errors.getvalue()) == (0, "")
    rows = {line.split()[0]: line.split()[1:] for line in out.getvalue().splitlines()}
    # Ann: Artemision Zeus 5, Parthenon frieze 5, Priam's treasure 4, Bronze horse 1,
    # Pallas 2 = 17; majorities: Greece books 6 against Bob's 5, and the only Crete book.
    # Bob: Olympia helmet 1, Seal of Troy 6, Attic cup 1, Agamemnon 3, Charioteer 3,
    # Venus 2, Omphalos 2 = 18; his general token counts for no majority.
    assert rows[ANN] == ["17", "0", "0", "10", "27"]
    assert rows[BOB] == ["18", "0", "0", "0", "18"]
    assert "variants: steady-digs" in out.getvalue()


def test_the_bags_panel_shows_the_debris_aside(crafted: Path) -> None:
    lines = render_text(bags(Session.load(crafted, CAT).state), 100).splitlines()
    header = next(line for line in lines if "site" in line)
    assert header.split()[-4:] == ["debris", "aside", "on", "site"]
    # Greece: the Attic owl coin, no knowledge token, 16 debris, none aside, site dug.
    greece = next(line for line in lines if "Greece" in line).split()
    assert greece[1:] == ["1", "0", "0", "0", "0", "0", "0", "1", "0", "16", "0", "-"]
    # Crete untouched: artifacts by value 2 2 4 3 1 (35 VP), 2 books, 6 debris, 10 aside.
    crete = next(line for line in lines if "Crete" in line).split()
    assert crete[1:] == ["2", "2", "4", "3", "1", "0", "0", "35", "2", "6", "10", "1", "VP"]


def first_dig_of_seven_debris(steady: bool) -> dict[str, Any]:
    """The game to its first dig, which drew 7 tokens and records all 7 as debris."""
    return game_record([*ACTIONS[:5], dig(BOB, "Greece 11", [], debris=7)], steady=steady)


def test_a_first_dig_of_more_debris_than_a_fresh_bag_holds_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path / "seven.json", first_dig_of_seven_debris(steady=True))
    before = path.read_bytes()
    assert refusal(path) == (
        "F: action 6 (dig Greece 11): impossible draw: the Greece bag holds 6 debris, not 7"
    )
    out, errors = io.StringIO(), io.StringIO()
    assert main(["replay", str(path), "--summary"], text_terminal(out, errors=errors)) == 2
    assert out.getvalue() == ""
    assert errors.getvalue().splitlines() == [
        f"thebes: {path}: action 6 (dig Greece 11): impossible draw: "
        "the Greece bag holds 6 debris, not 7"
    ]
    assert path.read_bytes() == before
    # The same draw from the 2007 bag of 16 debris is possible.
    plain = sealed_file(tmp_path / "plain.json", first_dig_of_seven_debris(steady=False))
    dug = next(e for e in Session.load(plain, CAT).steps[5].events if isinstance(e, Dug))
    assert (dug.found, dug.debris, dug.aside) == ((), 7, None)


# Files saved with steady-digs under the old reading (bags of 30 tokens, an unlimited
# supply of debris): each must be refused, never replayed under the new rule.
OLD_STEADY = [
    LEGACY / "game-2p-steady-digs-rules-2007.1.json",
    LEGACY / "game-4p-all-variants-rules-2007.1.json",
]


def says_why_old_steady_digs(message: str) -> bool:
    return (
        "rules version 'thebes-2007.1'" in message
        and "steady-digs changed since it was played" in message
        and "('thebes-2007.2': steady-digs as the 2004 rules print it" in message
        and "would not replay as it was played" in message
    )


@pytest.mark.parametrize("path", OLD_STEADY, ids=lambda p: p.name)
def test_a_steady_digs_file_of_the_old_rules_version_is_refused(path: Path) -> None:
    before = path.read_bytes()
    assert json.loads(before)["rules_version"] == "thebes-2007.1"
    assert "steady-digs" in json.loads(before)["variants"]
    assert says_why_old_steady_digs(refusal(path))
    assert path.read_bytes() == before


def test_a_crafted_steady_digs_file_labelled_with_the_old_version_is_refused(
    crafted: Path, tmp_path: Path
) -> None:
    record = json.loads(crafted.read_text(encoding="utf-8"))
    old = write(tmp_path / "old.json", {**record, "rules_version": "thebes-2007.1"})
    assert says_why_old_steady_digs(refusal(old))


@pytest.mark.parametrize(
    "name", ["game-3p.json", "game-3p-card-preview.json", "game-3p-renew-after-exhibition.json"]
)
def test_a_file_of_the_old_rules_version_without_steady_digs_still_loads(name: str) -> None:
    header = json.loads((GOLDEN / name).read_text(encoding="utf-8"))
    assert header["rules_version"] == "thebes-2007.1"
    assert "steady-digs" not in header.get("variants", [])
    assert len(Session.load(GOLDEN / name, CAT).steps) == len(header["actions"])


def relabelled(path: Path, tmp_path: Path, old: str, new: str) -> Path:
    text = path.read_text(encoding="utf-8")
    assert f'"rules_version": "{old}"' in text
    edited = tmp_path / path.name
    edited.write_text(text.replace(f'"rules_version": "{old}"', f'"rules_version": "{new}"'))
    return edited


def test_an_old_steady_digs_file_relabelled_by_hand_is_refused(tmp_path: Path) -> None:
    two, four = (relabelled(p, tmp_path, "thebes-2007.1", "thebes-2007.2") for p in OLD_STEADY)
    # The 2-player game's first dig at Crete, action 32, drew 7 debris: the old bag held
    # 16, a bag of the 2004 rule holds 6.
    actions = json.loads(two.read_text(encoding="utf-8"))["actions"]
    crete = [n for n, a in enumerate(actions, 1) if a["action"].startswith("dig Crete")]
    assert crete[0] == 32 and actions[31]["debris"] == 7
    assert refusal(two) == (
        "F: action 32 (dig Crete 10): impossible draw: the Crete bag holds 6 debris, not 7"
    )
    # The 4-player game's draws are all possible under the new rule; the digest, which
    # covers the header and the state, refuses it.
    assert " does not match the replayed game " in refusal(four)


def test_a_game_without_steady_digs_relabelled_with_the_new_version_is_refused(
    tmp_path: Path,
) -> None:
    # Nothing but the header changed: the replay goes through, and the digest covers it.
    edited = relabelled(GOLDEN / "game-3p.json", tmp_path, "thebes-2007.1", "thebes-2007.2")
    assert " does not match the replayed game " in refusal(edited)
