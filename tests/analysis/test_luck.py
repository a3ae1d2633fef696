"""Luck per player per game (thebes.analysis.luck): digs against their bag worked out by
hand, a card draw whose values follow from the outlook's rules by hand, a draw's expected
value equal to the mean of what every draw it could have been brings, and a whole seeded
game whose per-seat figures are the sums of its events."""

from __future__ import annotations

from dataclasses import replace

import pytest

from helpers import CAT, dig_chance, game, region, setup, start, tokens_of
from thebes.analysis.luck import DRAWER, PICKER, Luck, LuckEvent, game_luck, luck_of
from thebes.bots.greedy import GreedyPlayer
from thebes.bots.outlook import expected_find_vp
from thebes.records.draws import Recorder
from thebes.records.notation import parse_action
from thebes.records.played import action_record
from thebes.records.session import Session, Step, default_seats
from thebes.rules import (
    END_TIME,
    VARIANT_NAMES,
    Chance,
    Deck,
    GameState,
    Pile,
    ScriptedChance,
    TakeCard,
    Variants,
    active_seat,
    apply,
    dig_odds,
)
from thebes.tournament.bot_games import seated_session

JUDGE = GreedyPlayer().judge(CAT)
GREECE = "Greece"


def step_of(state: GameState, text: str, chance: Chance) -> Step:
    """The action ``text`` played in ``state`` with ``chance``'s draws, as a session keeps it."""
    action = parse_action(text, CAT.regions)
    recorder = Recorder(chance)
    _, events = apply(state, action, recorder)
    seat = active_seat(state)
    assert seat is not None
    record = action_record(CAT, state.players[seat].name, action, recorder)
    return Step(state, action, events, record)


def greece_digger(state: GameState, left_in_bag: list[int]) -> GameState:
    """Ann in Greece with 3 Greece book points (a 3 and nothing else); Bob holding every
    token of the Greece bag but ``left_in_bag``."""
    book = next(c for c in CAT.researcher_ids if _is_book(c, GREECE, 3))
    taken = [t for t in CAT.bag_tokens[region(GREECE)] if t not in left_in_bag]
    state = setup(state, 1, tokens=taken)
    return setup(state, 0, cards=[book], location=GREECE)


def _is_book(card: int, region_name: str, value: int) -> bool:
    c = CAT.card(card)
    return c.kind.name == "BOOK" and c.region == region(region_name) and c.value == value


# ---------------------------------------------------------------- digs


def test_a_dig_is_set_against_its_bag_worked_out_by_hand() -> None:
    # Left in the Greece bag: the 4 and a 2 among the artifacts, the book token, and the 16
    # debris: 19 tokens holding 6 VP. At 3 points of knowledge, 12 weeks draw 4 tokens (the
    # wheel's row for 3: 4 at 12 weeks), so 4 * 6/19 = 24/19 VP are expected; the find is
    # the 4 and 3 debris. The first dig also takes the 1 lying on the site, in both figures.
    four = tokens_of(GREECE, value=4)[0]
    two = tokens_of(GREECE, value=2)[0]
    book_token = tokens_of(GREECE, "book")[0]
    state = greece_digger(start(), [four, two, book_token])
    step = step_of(state, "dig Greece 12", dig_chance([four], 3))
    luck = luck_of([step], 2, judge=JUDGE)
    [event] = luck.events
    assert (event.action, event.seat, event.kind, event.item) == (1, 0, "dig", region(GREECE))
    assert event.got == 5
    assert event.expected == pytest.approx(1 + 24 / 19)
    assert event.luck == pytest.approx(4 - 24 / 19)
    assert luck.digs[0] == pytest.approx(52 / 19)
    assert luck.digs[1] == 0.0
    assert luck.cards == (0.0, 0.0)


def test_a_dig_that_finds_its_expectation_has_no_luck() -> None:
    # Left: a 1, a 3, a 5 and the 6 (15 VP) with 16 debris, 20 tokens: 4 tokens drawn are
    # worth 4 * 15/20 = 3 VP on average, and the find is the 3 with 3 debris.
    one, three = tokens_of(GREECE, value=1)[0], tokens_of(GREECE, value=3)[0]
    five, six = tokens_of(GREECE, value=5)[0], tokens_of(GREECE, value=6)[0]
    state = greece_digger(start(), [one, three, five, six])
    luck = luck_of([step_of(state, "dig Greece 12", dig_chance([three], 3))], 2, judge=JUDGE)
    [event] = luck.events
    assert (event.got, event.expected, event.luck) == (4, 4.0, 0.0)
    assert luck.total == (0.0, 0.0)


def test_a_dig_that_finds_only_debris_loses_all_it_expected() -> None:
    state = greece_digger(start(), list(CAT.bag_tokens[region(GREECE)]))  # the whole bag
    # Greece's 12 artifacts hold 35 VP among 30 tokens: 4 drawn are worth 4 * 35/30.
    luck = luck_of([step_of(state, "dig Greece 12", dig_chance([], 4))], 2, judge=JUDGE)
    assert luck.digs[0] == pytest.approx(-4 * 35 / 30)


def test_a_steady_dig_is_set_against_a_bag_of_20() -> None:
    # V1: the Greece bag starts with its 14 artifacts and knowledge tokens and 6 debris, 20
    # tokens holding 35 VP (docs/variants.md: 35/20 = 1.75 VP a token at the start).
    state = greece_digger(game("steady-digs"), list(CAT.bag_tokens[region(GREECE)]))
    six = tokens_of(GREECE, value=6)[0]
    luck = luck_of([step_of(state, "dig Greece 12", dig_chance([six], 3))], 2, judge=JUDGE)
    [event] = luck.events
    assert event.expected == pytest.approx(1 + 4 * 1.75)
    assert event.luck == pytest.approx(6 - 7)


def test_the_expected_find_is_the_planners_odds_without_the_bonus() -> None:
    # Two ways of working out one figure: the planner's odds (a share of the bag's VP) and
    # count times the bag's mean.
    state = start()
    for r in range(len(CAT.regions)):
        for count in (1, 4, 9):
            odds = dig_odds(state, r, count)
            bonus = CAT.token(state.site_bonus[r]).value
            found = expected_find_vp(JUDGE.outlook.token_vp, state.bags[r], CAT.debris[r], count)
            assert found == pytest.approx(odds.vp - bonus)


# ---------------------------------------------------------------- cards


def last_weeks_in_london(pile: tuple[int, ...]) -> GameState:
    """Ann in London 5 weeks before the end, with nothing but the display to play for; Bob
    on the end square. The display: a London congress (2 weeks), and three cards of Moscow,
    3 weeks away, which nobody reaches in time any more. The draw pile: ``pile``, known
    cards (as after a reshuffle)."""
    london_congress, moscow_congresses = 77, (84, 85)
    moscow_permit = 76
    state = start(display=(london_congress, *moscow_congresses, moscow_permit))
    state = setup(state, 1, year=1904, week=1)
    state = setup(state, 0, location="London", year=1903, week=52 - 4)
    assert END_TIME - state.players[0].time == 5
    deck = Deck(unseen=(), piles=(Pile(0, pile),), reserve=None, discard=(), reshuffles=0)
    return replace(state, deck=deck)


def test_a_card_drawn_is_valued_by_hand_against_the_pile() -> None:
    # Ann takes the London congress: 3 weeks left in London, 1 congress (1 VP). Her outlook
    # is then 1 VP and 0.3 VP a week left with no dig to make (the outlook's rate for a week
    # of no dig): 1.9. The refill comes from a pile of two known cards, each drawn with
    # chance 1/2: the Paris congress (1 week away, 2 weeks: a second congress, 3 VP, and no
    # week left: 3 - 1.9 = 1.1 gained) and the Moscow general knowledge (3 weeks away, 6
    # weeks: too late, 0). Nothing else she could do gains anything (no books, no dig; an
    # exchange or retiring only spends the weeks), and the Moscow cards on display are out
    # of reach. So the Paris congress brings 1.1 against a mean of 0.55.
    paris_congress, moscow_general = 78, 58
    state = last_weeks_in_london((paris_congress, moscow_general))
    step = step_of(state, "take 1", ScriptedChance(cards=[paris_congress]))
    luck = luck_of([step], 2, judge=JUDGE)
    [event] = luck.events
    assert (event.seat, event.kind, event.item) == (0, "card", paris_congress)
    assert event.got == pytest.approx(1.1)
    assert event.expected == pytest.approx(0.55)
    assert luck.cards[0] == pytest.approx(0.55)
    assert luck.cards[1] == 0.0
    other = step_of(state, "take 1", ScriptedChance(cards=[moscow_general]))
    [event] = luck_of([other], 2, judge=JUDGE).events
    assert event.got == 0.0
    assert event.expected == pytest.approx(0.55)


def test_a_card_goes_to_the_first_to_pick_it_or_to_whoever_drew_it() -> None:
    # Greedy's first action of a seeded 2-player game takes a card: the refill is drawn by
    # the first seat, and the second seat, behind in time now, picks first.
    session = seated_session(CAT, 5, [("Ann", "greedy"), ("Bob", "greedy")])
    first = session.steps[0]
    assert type(first.action) is TakeCard
    after = session.steps[1].before
    assert active_seat(first.before) == 0 and active_seat(after) == 1
    [picked] = luck_of(session.steps[:1], 2, credit=PICKER, judge=JUDGE).events
    [drew] = luck_of(session.steps[:1], 2, credit=DRAWER, judge=JUDGE).events
    assert (picked.seat, drew.seat) == (1, 0)
    assert picked.item == drew.item == first.record.cards[0]


def alternatives(step: Step) -> list[tuple[Step, float]]:
    """``step`` played again with every card its one draw could have been, each with its
    chance: a hidden slot of the pile is any unseen card alike, a known card itself."""
    pile = next(p for p in step.before.deck.piles if p.size)
    unseen = step.before.deck.unseen
    draws = [(card, pile.hidden / pile.size / len(unseen)) for card in unseen]
    draws += [(card, 1 / pile.size) for card in pile.known]
    text = f"take {step.action.slot + 1}" if type(step.action) is TakeCard else "exchange"
    return [(step_of(step.before, text, ScriptedChance(cards=[c])), p) for c, p in draws]


def test_a_draws_expected_value_is_the_mean_of_every_draw_it_could_have_been() -> None:
    # In a seeded game, every card taken in the first pile (40 unseen cards, no exhibition:
    # one draw) is played again with each card it could have drawn: the mean of what they
    # bring is the expected value of the draw that came, to the float's rounding. Were a
    # value to depend on the card drawn (the unseen cards an exchange is valued by, say),
    # the mean would be off.
    session = seated_session(CAT, 3, [("Ann", "greedy"), ("Bob", "greedy")])
    checked = 0
    for step in session.steps:
        piles = step.before.deck.piles
        if type(step.action) is not TakeCard or piles[0].size == 0 or piles[0].known:
            continue
        [event] = luck_of([step], 2, judge=JUDGE).events
        mean = 0.0
        for other, chance in alternatives(step):
            [drawn] = luck_of([other], 2, judge=JUDGE).events
            mean += chance * drawn.got
        assert mean == pytest.approx(event.expected, abs=1e-9)
        checked += 1
    assert checked >= 5


def test_a_card_v4_discards_is_worth_nothing_but_an_exhibition() -> None:
    # more-exhibitions (V4): after an exhibition held, one card is drawn; a researcher card
    # is discarded. Ann holds the London exhibition (a Greece and two Egypt artifacts) with
    # Bob already done; the draw pile holds a congress and the Berlin exhibition (two Greece
    # and a Crete) as known cards, each drawn with chance 1/2. The congress is worth nothing
    # (discarded); the Berlin exhibition, 2 artifacts short for Ann, is worth the share of
    # its 4 VP that the outlook counts for an exhibition on offer 2 artifacts short, 0.1:
    # 0.4 VP. The mean is 0.2.
    london, berlin, congress = 86, 88, 80
    assert CAT.card(london).requires == (1, 0, 2, 0, 0)
    assert CAT.card(berlin).requires == (2, 1, 0, 0, 0)
    held = [tokens_of(GREECE)[0], *tokens_of("Egypt")[:2]]
    state = setup(game("more-exhibitions"), 1, year=1904, week=1)
    state = setup(state, 0, tokens=held, location="London")
    pile = Pile(0, (congress, berlin))
    deck = Deck(unseen=(), piles=(pile,), reserve=None, discard=(), reshuffles=0)
    state = replace(state, exhibitions=(london,), deck=deck)
    discarded = step_of(state, "exhibit a", ScriptedChance(cards=[congress]))
    shown = step_of(state, "exhibit a", ScriptedChance(cards=[berlin]))
    [nothing] = luck_of([discarded], 2, judge=JUDGE).events
    [exhibition] = luck_of([shown], 2, judge=JUDGE).events
    assert (nothing.seat, nothing.got) == (0, 0.0)
    assert nothing.expected == pytest.approx(0.2)
    assert exhibition.got == pytest.approx(0.4)
    assert exhibition.expected == pytest.approx(0.2)


# ---------------------------------------------------------------- whole games


@pytest.mark.parametrize("players", [2, 4])
def test_a_seeded_games_luck_is_the_sum_of_its_events(players: int) -> None:
    names = ["Ann", "Bob", "Cleo", "Dan"][:players]
    session = seated_session(CAT, 11, [(n, "greedy") for n in names])
    luck = game_luck(session)
    assert isinstance(luck, Luck)
    for seat in range(players):
        digs = [e.luck for e in luck.events if e.seat == seat and e.kind == "dig"]
        cards = [e.luck for e in luck.events if e.seat == seat and e.kind == "card"]
        assert luck.digs[seat] == pytest.approx(sum(digs))
        assert luck.cards[seat] == pytest.approx(sum(cards))
        assert luck.total[seat] == pytest.approx(sum(digs) + sum(cards))
    # Every dig of the game is an event of its digger, and what it found is the artifact VP
    # the digger's tokens grew by in that action, counted from the catalog.
    digs_played = 0
    for number, step in enumerate(session.steps, 1):
        digger = active_seat(step.before)
        assert digger is not None
        after = session.steps[number].before if number < len(session.steps) else session.state
        new = [
            t for t in after.players[digger].tokens if t not in step.before.players[digger].tokens
        ]
        vp = sum(CAT.token(t).value for t in new if CAT.token(t).kind.name == "ARTIFACT")
        events = [e for e in luck.events if e.action == number and e.kind == "dig"]
        if step.record.debris is None:
            assert events == []
            continue
        digs_played += 1
        assert [(e.seat, e.got) for e in events] == [(digger, vp)]
    assert digs_played > 5
    # Each action's card draws are its events, in order (the last action's are nobody's).
    for number, step in enumerate(session.steps[:-1], 1):
        drawn = [e.item for e in luck.events if e.action == number and e.kind == "card"]
        assert drawn == step.record.cards


def test_a_game_with_every_variant_is_measured_too() -> None:
    session = seated_session(
        CAT, 2, [("Ann", "greedy"), ("Bob", "greedy")], variants=Variants.from_names(VARIANT_NAMES)
    )
    luck = game_luck(session)
    assert luck.events
    assert all(isinstance(e, LuckEvent) and e.got >= 0 and e.expected >= 0 for e in luck.events)


def test_no_action_no_luck() -> None:
    session = Session(CAT, default_seats(["Ann", "Bob"]), 1)
    assert game_luck(session) == Luck((0.0, 0.0), (0.0, 0.0), ())
