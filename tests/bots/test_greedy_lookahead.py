"""Greedy's look-ahead against the engine: in positions of seeded random games, under every
variant, the acting player greedy values after each legal action is the one ``apply``
produces; for a dig, once the tokens it drew (unknown to greedy, valued by expectation) are
added."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from helpers import CAT
from thebes.bots.greedy import ActionJudge
from thebes.bots.outlook import DigPlan
from thebes.rules import (
    NO_VARIANTS,
    VARIANT_NAMES,
    Action,
    Dig,
    Dug,
    Event,
    FirstDigBonus,
    GameState,
    PlayerState,
    SeededChance,
    TakeCard,
    Variants,
    active_seat,
    apply,
    cards_spent,
    changed_player,
    is_over,
    legal_actions,
    new_game,
    year_of,
)

JUDGE = ActionJudge(CAT)
VARIANT_SETS = [(), *((name,) for name in VARIANT_NAMES), VARIANT_NAMES]
EVERY = 2  # positions compared: every other one of a game, a few thousand actions in all


def varied_action(rng: random.Random, legal: tuple[Action, ...]) -> Action:
    """A random kind of action, then one of that kind: uniformly among all of them, digs would
    crowd out the cards that fill a tableau (and the single-use cards greedy must spend)."""
    kinds: dict[str, list[Action]] = {}
    for action in legal:
        kinds.setdefault(type(action).__name__, []).append(action)
    return rng.choice(kinds[rng.choice(sorted(kinds))])


def positions(players: int, seed: int, variants: Variants) -> Iterator[GameState]:
    """Every other position of a random game."""
    chance = SeededChance(seed)
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(players)]
    state, _ = new_game(CAT, names, chance, variants)
    while not is_over(state):
        if state.actions_taken % EVERY == seed % EVERY:
            yield state
        state, _ = apply(state, varied_action(rng, legal_actions(state)), chance)


def with_finds(player: PlayerState, events: tuple[Event, ...]) -> PlayerState:
    """``player`` holding the tokens a dig drew, and the artifact lying on the site."""
    found = [t for e in events if isinstance(e, Dug) for t in e.found]
    found += [e.token for e in events if isinstance(e, FirstDigBonus)]
    return changed_player(
        CAT,
        player,
        location=player.location,
        time=player.time,
        arrival=player.arrival,
        permits_used=player.permits_used,
        gained_tokens=tuple(found),
    )


@pytest.mark.parametrize("names", VARIANT_SETS, ids=lambda n: "+".join(n) or "none")
def test_greedy_foresees_the_player_apply_makes(names: tuple[str, ...]) -> None:
    variants = Variants.from_names(names) if names else NO_VARIANTS
    seen: Counter[str] = Counter()
    for players in (2, 3, 4):
        seed = 100 * players + len(names)
        for state in positions(players, seed, variants):
            seat = active_seat(state)
            assert seat is not None
            legal = legal_actions(state)
            for action, foreseen in zip(legal, JUDGE.foreseen(state, legal), strict=True):
                after, events = apply(state, action, SeededChance(len(seen)))
                actual = after.players[seat]
                if isinstance(action, Dig):
                    foreseen = with_finds(foreseen, events)
                    if year_of(actual.time) > year_of(state.players[seat].time):
                        seen["dig into a new year"] += 1
                if cards_spent(CAT, state.players[seat], action):
                    seen["single-use cards spent"] += 1
                assert foreseen == actual, (state.actions_taken, action)
                seen[type(action).__name__] += 1
    # Each kind of action was compared (a renewal is the variant renew-anywhere, V3), and
    # digs long enough to pass into a new year, whose permits are valid again.
    kinds = {"TakeCard", "Exchange", "Dig", "Exhibit", "Retire", "dig into a new year"}
    kinds.add("single-use cards spent")
    if "renew-anywhere" in names:
        kinds.add("Renew")
    assert kinds <= set(seen), seen


@pytest.mark.parametrize("names", VARIANT_SETS, ids=lambda n: "+".join(n) or "none")
def test_greedy_values_a_card_taken_as_the_player_it_foresees(names: tuple[str, ...]) -> None:
    # values() works out a card taken without making the player foreseen() makes (it is
    # made for every card at every turn of a search): the two must agree to the last bit,
    # or greedy's choices would change.
    variants = Variants.from_names(names) if names else NO_VARIANTS
    seen: Counter[str] = Counter()
    for players in (2, 4):
        for state in positions(players, 10 * players + len(names), variants):
            if state.deck.face_up:  # V5: the card revealed adds to it (valued apart)
                continue
            legal = legal_actions(state)
            values = JUDGE.values(state, legal)
            for action, value, foreseen in zip(
                legal, values, JUDGE.foreseen(state, legal), strict=True
            ):
                if isinstance(action, TakeCard):
                    assert value == JUDGE.value_of(state, foreseen), (state.actions_taken, action)
                    seen["zeppelin" if action.zeppelin else "journey"] += 1
    if "card-preview" not in names:
        assert seen["journey"] > 100, seen


def test_the_exchange_share_scales_what_a_new_display_promises_and_nothing_else() -> None:
    # What an exchange or a renewal promises beyond the player it foresees is the share of
    # the best new card's expected gain: half the share, half the promise; every other
    # action is valued as before (without V2 and V5, whose new cards the share prices too).
    low = ActionJudge(CAT, exchange_share=JUDGE.exchange_share / 2)
    compared = 0
    for state in positions(3, 11, Variants.from_names(["renew-anywhere", "steady-digs"])):
        legal = legal_actions(state)
        seat = active_seat(state)
        assert seat is not None
        full, half = JUDGE.values(state, legal), low.values(state, legal)
        for action, before, after in zip(legal, full, half, strict=True):
            if type(action).__name__ in ("Exchange", "Renew"):
                foreseen = JUDGE.foreseen(state, [action])[0]
                base = JUDGE.value_of(state, foreseen)
                assert after - base == pytest.approx((before - base) / 2)
                compared += before > base
            else:
                assert after == before
    assert compared > 10


def test_a_dig_plans_value_depends_on_the_permits_of_its_own_sites_only() -> None:
    # Two digs: 6 VP in 3 weeks at site 0, 2 VP in 2 weeks at site 2; 1.5 VP of single-use
    # cards and 0.5 of zeppelins. At week 150, 6 weeks are left, all in this year.
    plan = DigPlan(((2.0, 6.0, 3.0, 0), (1.0, 2.0, 2.0, 2)), 1.5, 0.5)
    # Site 0's permit used: only the 2-VP dig, then 4 weeks at the fallback 0.3 VP a week.
    assert plan.value(150, 0b001) == pytest.approx(2 + 0.3 * 4 + 0.5 + 1.5)
    # Both digs (6 + 2 VP in 5 weeks), then 1 week at 0.3; asked after the other, as a
    # search does, each answer is still its own.
    assert plan.value(150, 0b000) == pytest.approx(8 + 0.3 + 0.5 + 1.5)
    assert plan.value(150, 0b010) == plan.value(150, 0b000)  # no dig at site 1
    assert plan.value(150, 0b101) == pytest.approx(0.3 * 6 + 0.5 + 1.5)
    assert plan.value(150, 0b001) == pytest.approx(2 + 0.3 * 4 + 0.5 + 1.5)
    assert plan.value(156, 0) == 0.0
